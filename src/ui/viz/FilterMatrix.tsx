// Node × plugin verdicts of the Filter pass. Every plugin was evaluated for explanation; the first
// one that did not pass is the node's verdict (upstream stops there), later ones are shown faded.

import type { CycleTrace, PluginResult } from '../../engine/api';
import { explainVerdict } from '../narration/explain';

/** rows drawn: every cell is a table cell to lay out, and a big cluster's matrix is read by its first rows */
const ROWS_SHOWN = 24;

const CELL: Record<PluginResult['code'], { symbol: string; word: string }> = {
  Success: { symbol: '✓', word: 'pass' },
  Skip: { symbol: '–', word: 'skipped' },
  Unschedulable: { symbol: '✗', word: 'Unschedulable' },
  UnschedulableAndUnresolvable: { symbol: '⊘', word: 'UnschedulableAndUnresolvable' },
  Error: { symbol: '!', word: 'Error' },
  Wait: { symbol: '…', word: 'Wait' },
  Pending: { symbol: '…', word: 'Pending' },
};

/** Plugins in configured order, as the first node lists them (every node lists the same ones). */
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
  // filtered nodes first, so the interesting rows survive the cut on big clusters
  const rows = [...trace.nodesEvaluated].sort((a, b) => Number(feasible.has(a)) - Number(feasible.has(b)));
  const shown = rows.slice(0, ROWS_SHOWN);
  return (
    <div className="matrix-wrap">
      <table className="filter-matrix" data-testid="filter-matrix">
        <caption>
          Filter verdicts: {trace.feasible.length} of {trace.nodesEvaluated.length} evaluated nodes feasible
          {trace.numAllNodes !== undefined && trace.numAllNodes > trace.nodesEvaluated.length
            ? ` (the search stopped after finding ${trace.numFeasibleNodesToFind ?? trace.feasible.length} of ${trace.numAllNodes})` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">node</th>
            {plugins.map((p) => <th key={p} scope="col" className="plugin-head"><span>{p}</span></th>)}
          </tr>
        </thead>
        <tbody>
          {shown.map((node) => {
            const results = trace.filter[node] ?? [];
            const first = results.findIndex((r) => r.code !== 'Success' && r.code !== 'Skip');
            return (
              <tr key={node} className={feasible.has(node) ? 'row-feasible' : 'row-filtered'}>
                <th scope="row">{node}</th>
                {plugins.map((plugin) => {
                  const i = results.findIndex((r) => r.plugin === plugin);
                  const r = results[i];
                  if (r === undefined) return <td key={plugin} className="cell-none">·</td>;
                  const cell = CELL[r.code];
                  const role = i === first ? ' cell-verdict' : first >= 0 && i > first ? ' cell-after' : '';
                  return (
                    <td key={plugin} className={`cell-${r.code}${role}`} title={`${node} · ${plugin}: ${r.code === 'Success' ? 'pass' : explainVerdict(r)}`}>
                      <span aria-hidden="true">{cell.symbol}</span><span className="visually-hidden">{cell.word}</span>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length > shown.length && <p className="more">{rows.length - shown.length} more nodes not shown.</p>}
    </div>
  );
}
