// The scenario editor: Monaco with monaco-yaml (schema completion, hover, validation) and a second
// marker set for the engine's own errors, placed on the lines the engine names.

import { useEffect, useRef, useState } from 'react';
import type { ScenarioError } from '../../engine/api';
import { usePodplay, usePodplayStore } from '../../store/hooks';
import { setEditorApplyChanges, setEditorReveal } from './bridge';
import { hintsOff, type HintsOff } from './hintBudget';
import { escapeThenTab } from './leaveEditor';
import { lineCount } from './lines';
import { monaco, PLAIN_YAML, restartYamlService, SCENARIO_MODEL_URI } from './monaco';
import { shownProblems } from './problems';

const ENGINE_MARKERS = 'podplay-engine';
/** Above this many lines, folding (thousands of ranges back from the YAML worker) costs the main thread too much. */
const FOLDING_MAX_LINES = 1500;

function toMarker(model: monaco.editor.ITextModel, e: ScenarioError, severity: monaco.MarkerSeverity): monaco.editor.IMarkerData {
  const line = Math.min(Math.max(1, e.line), model.getLineCount());
  const column = Math.max(1, e.column);
  return {
    // the engine's message already names the object and the field path
    severity, message: e.message, source: 'podplay',
    startLineNumber: line, startColumn: column, endLineNumber: line, endColumn: Math.max(column + 1, model.getLineMaxColumn(line)),
  };
}

/**
 * Gives the text to monaco-yaml only while it is within the hint budget; returns why not otherwise.
 * Called with the new text before it goes into the model when the text comes from outside (a link,
 * a file), so no request for it reaches the YAML worker; after the edit when the user types.
 */
function applyHintBudget(model: monaco.editor.ITextModel, text = model.getValue()): HintsOff {
  const off = hintsOff(text);
  const language = off === undefined ? 'yaml' : PLAIN_YAML;
  if (model.getLanguageId() === language) return off;
  monaco.editor.setModelLanguage(model, language);
  // a request for the text before it went over the budget may still reach the worker with this one
  if (off !== undefined) restartYamlService();
  return off;
}

export default function MonacoEditor() {
  const store = usePodplayStore();
  const host = useRef<HTMLDivElement>(null);
  const modelRef = useRef<monaco.editor.ITextModel | null>(null);
  const errors = usePodplay((s) => s.errors);
  const warnings = usePodplay((s) => (s.run !== undefined && s.run.text === s.text ? s.run.summary.warnings : undefined));
  const [noHints, setNoHints] = useState<HintsOff>(() => hintsOff(store.getState().text));

  useEffect(() => {
    const uri = monaco.Uri.parse(SCENARIO_MODEL_URI);
    const initial = store.getState().text;
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(initial, hintsOff(initial) === undefined ? 'yaml' : PLAIN_YAML, uri);
    if (model.getValue() !== initial) model.setValue(initial);
    // the text may have changed (a link opened) between the first render and this effect
    const initialOff = applyHintBudget(model);
    queueMicrotask(() => setNoHints(initialOff));
    // bracket pair colouring parses the whole file on the main thread: flow-style YAML is full of brackets
    model.updateOptions({ bracketColorizationOptions: { enabled: false, independentColorPoolPerBracketType: false } });
    modelRef.current = model;
    const editor = monaco.editor.create(host.current!, {
      model,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 14,
      lineHeight: 20,
      tabSize: 2,
      insertSpaces: true,
      scrollBeyondLastLine: false,
      wordWrap: 'off',
      renderWhitespace: 'none',
      fixedOverflowWidgets: true,
      ariaLabel: 'Scenario YAML',
      quickSuggestions: { other: true, comments: false, strings: true },
      // sticky scroll asks the YAML worker for every document symbol of the file; links find nothing in a scenario
      stickyScroll: { enabled: false },
      links: false,
      folding: model.getLineCount() <= FOLDING_MAX_LINES,
    });
    // Escape then Tab leaves the editor without indenting (the `?` overlay says so)
    const leaveOnTab = escapeThenTab(host.current!);
    const keys = editor.onKeyDown((e) => {
      const key = e.keyCode === monaco.KeyCode.Escape ? 'Escape' : e.keyCode === monaco.KeyCode.Tab ? 'Tab' : e.keyCode === monaco.KeyCode.Shift ? 'Shift' : 'other';
      if (leaveOnTab(key, e.shiftKey)) {
        e.preventDefault();
        e.stopPropagation();
      }
    });
    const typed = model.onDidChangeContent(() => {
      const text = model.getValue();
      store.getState().setText(text);
      setNoHints(applyHintBudget(model, text));
      const folding = model.getLineCount() <= FOLDING_MAX_LINES;
      if (editor.getOption(monaco.editor.EditorOption.folding) !== folding) editor.updateOptions({ folding });
    });
    // the problems list below grows and shrinks the editor: keep the line being typed in view
    const resized = editor.onDidLayoutChange(() => {
      const position = editor.getPosition();
      if (position !== null && editor.hasTextFocus()) editor.revealPositionInCenterIfOutsideViewport(position);
    });
    // a scenario opened from a file replaces the text from outside the editor; in a task of its
    // own, so a big file does not add Monaco's work to the store update that opened it
    // Turning folding off or on re-renders the whole editor, so when the new text crosses
    // FOLDING_MAX_LINES that happens in a task before the one that replaces the text.
    let pendingOpen: ReturnType<typeof setTimeout> | undefined;
    const replaceText = () => {
      const text = store.getState().text;
      if (text === model.getValue()) return;
      setNoHints(applyHintBudget(model, text));
      model.setValue(text);
    };
    // a paste that brings the text over the budget: off before the pasted text reaches the model
    const onPaste = (e: ClipboardEvent) => {
      const pasted = e.clipboardData?.getData('text/plain') ?? '';
      if (pasted.includes('*') && hintsOff(model.getValue() + pasted) !== undefined) setNoHints(applyHintBudget(model, model.getValue() + pasted));
    };
    const hostElement = host.current!;
    hostElement.addEventListener('paste', onPaste, true);
    const opened = store.subscribe((state, previous) => {
      if (state.text === previous.text || state.text === model.getValue()) return;
      clearTimeout(pendingOpen);
      pendingOpen = setTimeout(() => {
        const folding = lineCount(store.getState().text) <= FOLDING_MAX_LINES;
        if (editor.getOption(monaco.editor.EditorOption.folding) === folding) return replaceText();
        editor.updateOptions({ folding });
        pendingOpen = setTimeout(replaceText, 0);
      }, 0);
    });
    setEditorReveal((line, column) => {
      editor.revealLineInCenter(line);
      editor.setPosition({ lineNumber: line, column });
      editor.focus();
    });
    // a verified fix goes in as one edit, so one undo takes it back
    setEditorApplyChanges((changes) => {
      editor.pushUndoStop();
      editor.executeEdits('podplay-fix', changes.map((c) => ({
        range: monaco.Range.fromPositions(model.getPositionAt(c.from), model.getPositionAt(c.to)),
        text: c.insert,
      })));
      editor.pushUndoStop();
    });
    return () => {
      setEditorReveal(undefined);
      setEditorApplyChanges(undefined);
      clearTimeout(pendingOpen);
      hostElement.removeEventListener('paste', onPaste, true);
      opened();
      typed.dispose();
      keys.dispose();
      resized.dispose();
      editor.dispose();
      modelRef.current = null;
    };
  }, [store]);

  useEffect(() => {
    const model = modelRef.current;
    if (model === null) return;
    // a marker per problem would hold the page for a scenario with thousands: the ones listed
    const shown = shownProblems(errors, warnings ?? []);
    monaco.editor.setModelMarkers(model, ENGINE_MARKERS, [
      ...shown.errors.map((e) => toMarker(model, e, monaco.MarkerSeverity.Error)),
      ...shown.warnings.map((w) => toMarker(model, w, monaco.MarkerSeverity.Warning)),
    ]);
  }, [errors, warnings]);

  return (
    <div className="monaco-frame">
      {noHints !== undefined && (
        <p className="editor-note" role="status" data-testid="hints-off">
          Schema hints are off: with more than {noHints.limit.toLocaleString('en')} YAML aliases (<code>*name</code>) in
          {' '}{Math.ceil(noHints.characters / 1024).toLocaleString('en')} KB, this scenario is too costly for the editor to check as you type. The simulator still checks it.
        </p>
      )}
      <div ref={host} className="monaco-host" />
    </div>
  );
}
