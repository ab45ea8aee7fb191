// A scenario too large for the editor to take without holding the page (a cluster dump of
// several megabytes): its size, its first lines, and a button that puts it in the editor.

import { useMemo } from 'react';
import { usePodplay } from '../../store/hooks';
import { firstLines, lineCount } from './lines';

const PREVIEW_LINES = 200;

export function LargeScenario() {
  const text = usePodplay((s) => s.text);
  const openInEditor = usePodplay((s) => s.openInEditor);
  const saveError = usePodplay((s) => s.saveError);
  const { lines, total } = useMemo(() => ({ lines: firstLines(text, PREVIEW_LINES), total: lineCount(text) }), [text]);
  const megabytes = (text.length / 1_000_000).toFixed(1);
  return (
    <div className="large-scenario" data-testid="large-scenario">
      <div className="large-scenario-head" role="status">
        <p>
          This scenario is {megabytes} MB ({total.toLocaleString('en')} lines). It is simulated as it is
          {saveError === undefined ? ' and saved in this browser' : <strong> but not saved ({saveError})</strong>}; the
          editor takes a text this size in one piece, which holds the page for a moment, so it opens when you ask.
        </p>
        <button type="button" className="button" data-testid="open-in-editor" onClick={openInEditor}>Open in the editor</button>
      </div>
      <pre className="large-scenario-preview" aria-label={`The first ${PREVIEW_LINES} lines of the scenario`}>{lines}</pre>
    </div>
  );
}
