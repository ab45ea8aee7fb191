// Node × plugin verdicts of the Filter pass: one row per Filter plugin (in configured order), one
// column per node (filtered ones first). Every plugin was evaluated for explanation; the first one
// that did not pass is the node's verdict (upstream stops there), later ones are shown faded.
// Columns are narrow (abbreviated node names, written upwards) and only those in view are drawn:
// every node of a 300-node cluster is a sideways scroll away, and a step lays out a screenful.

import { useLayoutEffect, useRef, useState } from 'react';
import type { CycleTrace, PluginResult } from '../../engine/api';
import { abbreviateNodeNames } from '../format';
import { explainVerdict } from '../narration/explain';

/** a node column's width in px (the CSS sets the same) */
const COLUMN = 24;
/** columns drawn beyond each edge of the view, so a small scroll shows no gap */
const OVERSCAN = 4;

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

/** The node columns in view of the scrolling box: [first, last). */
function useVisibleColumns(count: number): { ref: React.RefObject<HTMLDivElement | null>; first: number; last: number } {
  const ref = useRef<HTMLDivElement | null>(null);
  const [view, setView] = useState({ left: 0, width: 1200 });
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setView((v) => (v.left === box.scrollLeft && v.width === box.clientWidth ? v : { left: box.scrollLeft, width: box.clientWidth }));
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(box);
    return () => {
      box.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);
  const first = Math.max(0, Math.floor(view.left / COLUMN) - OVERSCAN);
  const last = Math.min(count, Math.ceil((view.left + view.width) / COLUMN) + OVERSCAN);
  return { ref, first, last };
}

export function FilterMatrix({ trace }: { trace: CycleTrace }) {
  const plugins = filterPlugins(trace);
  const feasible = new Set(trace.feasible);
  // filtered nodes first: the interesting columns come first
  const nodes = [...trace.nodesEvaluated].sort((a, b) => Number(feasible.has(a)) - Number(feasible.has(b)));
  const { ref, first, last } = useVisibleColumns(nodes.length);
  const shown = nodes.slice(first, last);
  const before = first * COLUMN, after = (nodes.length - last) * COLUMN;
  // columns as narrow as the names allow (the full name on hover)
  const short = abbreviateNodeNames(trace.nodesEvaluated);
  const verdictIndex = new Map(shown.map((node) => [node, (trace.filter[node] ?? []).findIndex((r) => r.code !== 'Success' && r.code !== 'Skip')]));
  return (
    <div className="matrix-wrap" ref={ref}>
      <table className="filter-matrix" data-testid="filter-matrix" data-columns={nodes.length}>
        <caption>
          Filter verdicts: {trace.feasible.length} of {trace.nodesEvaluated.length} evaluated nodes feasible
          {trace.numAllNodes !== undefined && trace.numAllNodes > trace.nodesEvaluated.length
            ? ` (the search stopped after finding ${trace.numFeasibleNodesToFind ?? trace.feasible.length} of ${trace.numAllNodes})` : ''}
          {nodes.length > 12 ? ' (filtered first; scroll →)' : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="matrix-plugin">plugin</th>
            {before > 0 && <td className="matrix-gap" style={{ minWidth: before }} />}
            {shown.map((node) => <th key={node} scope="col" className={`matrix-node ${feasible.has(node) ? 'col-feasible' : 'col-filtered'}`} data-node={node} title={node}><span>{short.get(node) ?? node}</span></th>)}
            {after > 0 && <td className="matrix-gap" style={{ minWidth: after }} />}
          </tr>
        </thead>
        <tbody>
          {plugins.map((plugin) => (
            <tr key={plugin}>
              <th scope="row" className="matrix-plugin">{plugin}</th>
              {before > 0 && <td className="matrix-gap" />}
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
              {after > 0 && <td className="matrix-gap" />}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
