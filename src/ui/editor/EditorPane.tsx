// The left pane: the scenario editor (Monaco, loaded after first paint) and the engine's errors.

import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { OpenButton } from '../components/OpenButton';
import { RecentMenu } from '../components/RecentMenu';
import { ScenarioFileButtons } from '../importExport/ScenarioFileButtons';
import { usePodplay } from '../../store/hooks';
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

/** True one frame after the first paint, so the page shows before Monaco's chunk is fetched. */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => { timeout = setTimeout(() => setPainted(true), 0); });
    return () => {
      cancelAnimationFrame(frame);
      if (timeout !== undefined) clearTimeout(timeout);
    };
  }, []);
  return painted;
}

export function EditorPane() {
  const loadEditor = useAfterFirstPaint();
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
