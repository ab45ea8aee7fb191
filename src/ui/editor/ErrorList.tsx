// The engine's errors as a list under the editor (each one also a marker on its line). While there
// are errors, the cluster shows the last scenario that simulated, marked stale.

import { useMemo } from 'react';
import { usePodplay } from '../../store/hooks';
import { problemCount, shownProblems } from './problems';
import { revealInEditor } from './bridge';

export function ErrorList() {
  const allErrors = usePodplay((s) => s.errors);
  const hasRun = usePodplay((s) => s.run !== undefined);
  const allWarnings = usePodplay((s) => (s.run !== undefined && s.run.text === s.text ? s.run.summary.warnings : undefined));
  const { errors, warnings, hidden } = useMemo(() => shownProblems(allErrors, allWarnings ?? []), [allErrors, allWarnings]);
  const errorCount = problemCount(allErrors);
  if (errors.length === 0 && warnings.length === 0) return null;
  return (
    <div className="problems" role="region" aria-label="Problems in the scenario">
      {allErrors.length > 0 && (
        <p className="problems-note">
          {errorCount === 1 ? 'One error' : `${errorCount.toLocaleString('en')} errors`}
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
        {warnings.map((w, i) => (
          <li key={`w${i}`} className="problem problem-warning" data-line={w.line}>
            <button type="button" onClick={() => revealInEditor(w.line, w.column)}>
              <span className="problem-where">line {w.line}:{w.column}</span>
              <span className="problem-message">{w.message}</span>
            </button>
          </li>
        ))}
        {hidden > 0 && (
          <li className="problem problem-more" data-testid="problems-more">
            and {hidden.toLocaleString('en')} more, not listed (fix the first ones: later problems often follow from them)
          </li>
        )}
      </ul>
    </div>
  );
}
