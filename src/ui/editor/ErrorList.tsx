// The engine's errors as a list under the editor (each one also a marker on its line). While there
// are errors, the cluster shows the last scenario that simulated, marked stale.

import { usePodplay } from '../../store/hooks';
import { revealInEditor } from './bridge';

export function ErrorList() {
  const errors = usePodplay((s) => s.errors);
  const hasRun = usePodplay((s) => s.run !== undefined);
  const warnings = usePodplay((s) => (s.run !== undefined && s.run.text === s.text ? s.run.summary.warnings : undefined));
  if (errors.length === 0 && (warnings === undefined || warnings.length === 0)) return null;
  return (
    <div className="problems" role="region" aria-label="Problems in the scenario">
      {errors.length > 0 && (
        <p className="problems-note">
          {errors.length === 1 ? 'One error' : `${errors.length} errors`}
          {hasRun ? ': the cluster still shows the last scenario that simulated.' : '.'}
        </p>
      )}
      <ul>
        {errors.map((e, i) => (
          <li key={`e${i}`} className="problem problem-error" data-testid="editor-error" data-line={e.line}>
            <button type="button" onClick={() => revealInEditor(e.line, e.column)}>
              <span className="problem-where">line {e.line}:{e.column}</span>
              <span className="problem-message">{e.message}</span>
            </button>
          </li>
        ))}
        {(warnings ?? []).map((w, i) => (
          <li key={`w${i}`} className="problem problem-warning" data-line={w.line}>
            <button type="button" onClick={() => revealInEditor(w.line, w.column)}>
              <span className="problem-where">line {w.line}:{w.column}</span>
              <span className="problem-message">{w.message}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
