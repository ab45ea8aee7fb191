// The left pane: the scenario editor (Monaco, loaded once the engine has answered) and the engine's errors.

import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { OpenButton } from '../components/OpenButton';
import { RecentMenu } from '../components/RecentMenu';
import { ScenarioFileButtons } from '../importExport/ScenarioFileButtons';
import { usePodplay } from '../../store/hooks';
import { engineAnswered } from '../../store/selectors';
import { ErrorList } from './ErrorList';
import { LargeScenario } from './LargeScenario';
import { ReadOnlyYaml, TextAreaEditor } from './PlainEditor';

const MonacoEditor = lazy(() => import('./MonacoEditor'));

/** If Monaco fails to load, the plain text area takes over; editing never stops. */
class EditorFallback extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <TextAreaEditor /> : this.props.children;
  }
}

/** Monaco's chunk comes anyway after this long, whatever the engine is doing. */
const EDITOR_AT_LATEST_MS = 10_000;

/**
 * True once the page has painted and the engine has answered (a run, errors or a crash), so
 * Monaco's chunk (about 900 KB compressed) never shares a slow connection with the engine worker:
 * a lesson link is interactive first, and its text shows read-only until the editor arrives.
 */
function useEditorAfterEngine(): boolean {
  const answered = usePodplay(engineAnswered);
  const [painted, setPainted] = useState(false);
  const [late, setLate] = useState(false);
  useEffect(() => {
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => { timeout = setTimeout(() => setPainted(true), 0); });
    const latest = setTimeout(() => setLate(true), EDITOR_AT_LATEST_MS);
    return () => {
      cancelAnimationFrame(frame);
      if (timeout !== undefined) clearTimeout(timeout);
      clearTimeout(latest);
    };
  }, []);
  return painted && (answered || late);
}

export function EditorPane() {
  const loadEditor = useEditorAfterEngine();
  const deferred = usePodplay((s) => s.editorDeferred);
  return (
    <section className="editor-pane" aria-label="Scenario">
      <div className="pane-head">
        <OpenButton />
        <RecentMenu />
        <ScenarioFileButtons />
      </div>
      <div className="editor-host" data-testid="scenario-editor">
        {deferred ? <LargeScenario /> : loadEditor ? (
          <EditorFallback>
            <Suspense fallback={<ReadOnlyYaml />}>
              <MonacoEditor />
            </Suspense>
          </EditorFallback>
        ) : <ReadOnlyYaml />}
      </div>
      <ErrorList />
    </section>
  );
}
