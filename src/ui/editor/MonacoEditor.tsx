// The scenario editor: Monaco with monaco-yaml (schema completion, hover, validation) and a second
// marker set for the engine's own errors, placed on the lines the engine names.

import { useEffect, useRef } from 'react';
import type { ScenarioError } from '../../engine/api';
import { usePodplay, usePodplayStore } from '../../store/hooks';
import { setEditorReveal } from './bridge';
import { monaco, SCENARIO_MODEL_URI } from './monaco';

const ENGINE_MARKERS = 'podplay-engine';

function toMarker(model: monaco.editor.ITextModel, e: ScenarioError, severity: monaco.MarkerSeverity): monaco.editor.IMarkerData {
  const line = Math.min(Math.max(1, e.line), model.getLineCount());
  const column = Math.max(1, e.column);
  return {
    // the engine's message already names the object and the field path
    severity, message: e.message, source: 'podplay',
    startLineNumber: line, startColumn: column, endLineNumber: line, endColumn: Math.max(column + 1, model.getLineMaxColumn(line)),
  };
}

export default function MonacoEditor() {
  const store = usePodplayStore();
  const host = useRef<HTMLDivElement>(null);
  const modelRef = useRef<monaco.editor.ITextModel | null>(null);
  const errors = usePodplay((s) => s.errors);
  const warnings = usePodplay((s) => (s.run !== undefined && s.run.text === s.text ? s.run.summary.warnings : undefined));

  useEffect(() => {
    const uri = monaco.Uri.parse(SCENARIO_MODEL_URI);
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(store.getState().text, 'yaml', uri);
    if (model.getValue() !== store.getState().text) model.setValue(store.getState().text);
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
    });
    const typed = model.onDidChangeContent(() => store.getState().setText(model.getValue()));
    // the problems list below grows and shrinks the editor: keep the line being typed in view
    const resized = editor.onDidLayoutChange(() => {
      const position = editor.getPosition();
      if (position !== null && editor.hasTextFocus()) editor.revealPositionInCenterIfOutsideViewport(position);
    });
    // a scenario opened from a file replaces the text from outside the editor
    const opened = store.subscribe((state, previous) => {
      if (state.text !== previous.text && state.text !== model.getValue()) model.setValue(state.text);
    });
    setEditorReveal((line, column) => {
      editor.revealLineInCenter(line);
      editor.setPosition({ lineNumber: line, column });
      editor.focus();
    });
    return () => {
      setEditorReveal(undefined);
      opened();
      typed.dispose();
      resized.dispose();
      editor.dispose();
      modelRef.current = null;
    };
  }, [store]);

  useEffect(() => {
    const model = modelRef.current;
    if (model === null) return;
    monaco.editor.setModelMarkers(model, ENGINE_MARKERS, [
      ...errors.map((e) => toMarker(model, e, monaco.MarkerSeverity.Error)),
      ...(warnings ?? []).map((w) => toMarker(model, w, monaco.MarkerSeverity.Warning)),
    ]);
  }, [errors, warnings]);

  return <div ref={host} className="monaco-host" />;
}
