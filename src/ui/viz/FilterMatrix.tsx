// Node × plugin verdicts of the Filter pass: one row per Filter plugin (in configured order), one
// column per node (filtered ones first). Every plugin was evaluated for explanation; the first one
// that did not pass is the node's verdict (upstream stops there), later ones are shown faded.

import type { CycleTrace, PluginResult } from '../../engine/api';
import { shortNodeNames } from '../format';
import { explainVerdict } from '../narration/explain';

/** node columns drawn: every cell is a table cell to lay out, and a big cluster reads by its first columns */
const NODES_SHOWN = 24;

const CELL: Record<PluginResult['code'], { symbol: string; word: string }> = {
  Success: { symbol: '✓', word: 'pass' },
  Skip: { symbol: '–', word: 'skipped' },
  Unschedulable: { symbol: '✗', word: 'Unschedulable' },
  UnschedulableAndUnresolvable: { symbol: '⊘', word: 'UnschedulableAndUnresolvable' },
  Error: { symbol: '!', word: 'Error' },
  Wait: { symbol: '…', word: 'Wait' },
  Pending: { symbol: '…', word: 'Pending' },
};

/** Plugins in configured order, as the nodes list them (every node lists the same ones). */
function filterPlugins(trace: CycleTrace): string[] {
  const plugins: string[] = [];
  for (const results of Object.values(trace.filter)) {
    for (const r of results) if (!plugins.includes(r.plugin)) plugins.push(r.plugin);
  }
  return plugins;
}

export function FilterMatrix({ trace }: { trace: CycleTrace }) {
  const plugins = filterPlugins(trace);
  const feasible = new Set(trace.feasible);
  // filtered nodes first, so the interesting columns survive the cut on big clusters
  const nodes = [...trace.nodesEvaluated].sort((a, b) => Number(feasible.has(a)) - Number(feasible.has(b)));
  const shown = nodes.slice(0, NODES_SHOWN);
  // columns as narrow as the names allow: without the DNS suffix all nodes share (full name on hover)
  const short = shortNodeNames(trace.nodesEvaluated);
  const verdictIndex = new Map(shown.map((node) => [node, (trace.filter[node] ?? []).findIndex((r) => r.code !== 'Success' && r.code !== 'Skip')]));
  return (
    <div className="matrix-wrap">
      <table className="filter-matrix" data-testid="filter-matrix">
        <caption>
          Filter verdicts: {trace.feasible.length} of {trace.nodesEvaluated.length} evaluated nodes feasible
          {trace.numAllNodes !== undefined && trace.numAllNodes > trace.nodesEvaluated.length
            ? ` (the search stopped after finding ${trace.numFeasibleNodesToFind ?? trace.feasible.length} of ${trace.numAllNodes})` : ''}
          {nodes.length > shown.length ? `; the first ${shown.length} shown, filtered ones first` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">plugin</th>
            {shown.map((node) => <th key={node} scope="col" className={feasible.has(node) ? 'col-feasible' : 'col-filtered'} title={node}>{short.get(node) ?? node}</th>)}
          </tr>
        </thead>
        <tbody>
          {plugins.map((plugin) => (
            <tr key={plugin}>
              <th scope="row">{plugin}</th>
              {shown.map((node) => {
                const results = trace.filter[node] ?? [];
                const i = results.findIndex((r) => r.plugin === plugin);
                const r = results[i];
                if (r === undefined) return <td key={node} className="cell-none">·</td>;
                const cell = CELL[r.code];
                const first = verdictIndex.get(node)!;
                const role = i === first ? ' cell-verdict' : first >= 0 && i > first ? ' cell-after' : '';
                // one text node per cell (the word is its accessible name): a 24-node matrix is
                // hundreds of cells, and each element more is layout work on every step
                return (
                  <td key={node} className={`cell-${r.code}${role}`} aria-label={cell.word} title={`${node} · ${plugin}: ${r.code === 'Success' ? 'pass' : explainVerdict(r)}`}>
                    {cell.symbol}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
