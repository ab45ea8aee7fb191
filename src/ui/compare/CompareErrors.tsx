// The scenario errors that stopped a comparison (either kind: configurations or versions), each at
// its file:line:column, with a count of those left out.
import type { CompareState } from './useCompare';

export function CompareErrors({ error }: { error: NonNullable<CompareState['error']> }) {
  return (
    <ul className="compare-errors">
      {error.errors.map((e, i) => <li key={i} data-testid="compare-error">{e.file}:{e.line}:{e.column}: {e.message}</li>)}
      {error.more > 0 && <li>and {error.more} more</li>}
    </ul>
  );
}
