// Score: per node and plugin the raw score, the score after NormalizeScore (0-100) and the
// weighted score, with the ranking by total. Bar lengths come from d3 scales over this cycle.

import { max, scaleLinear } from 'd3';
import type { CSSProperties } from 'react';
import type { CycleTrace } from '../../engine/api';
import { rankNodes } from '../narration/narrate';

const ROWS_SHOWN = 20;

export function ScoreTable({ trace }: { trace: CycleTrace }) {
  const ranking = rankNodes(trace.score ?? {});
  const plugins = [...new Set(ranking.flatMap(([, s]) => Object.keys(s.plugins)))];
  // one pass for the weights and the longest raw bar of each plugin
  const weights = new Map<string, number>();
  const rawMax = new Map<string, number>();
  for (const [, s] of ranking) {
    for (const [p, v] of Object.entries(s.plugins)) {
      if (!weights.has(p)) weights.set(p, v.weight);
      rawMax.set(p, Math.max(rawMax.get(p) ?? 1, Math.abs(v.raw)));
    }
  }
  const totalScale = scaleLinear().domain([0, max(ranking, ([, s]) => s.total) || 1]).range([0, 100]).clamp(true);
  const normalizedScale = scaleLinear().domain([0, 100]).range([0, 100]).clamp(true);
  const top = ranking[0]?.[1].total;
  const skipped = (trace.preScore ?? []).filter((r) => r.code === 'Skip').map((r) => r.plugin);
  const shown = ranking.slice(0, ROWS_SHOWN);
  return (
    <div className="matrix-wrap">
      <table className="score-table" data-testid="score-table">
        <caption>
          Scores: normalized 0–100 per plugin × weight, summed; best first.
          {skipped.length > 0 && ` PreScore skipped ${skipped.join(', ')} (nothing to score).`}
        </caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">node</th>
            <th scope="col">total</th>
            {plugins.map((p) => <th key={p} scope="col" className="plugin-head"><span>{p} ×{weights.get(p)}</span></th>)}
          </tr>
        </thead>
        <tbody>
          {shown.map(([node, score], i) => (
            <tr
              key={node}
              data-testid="score-row"
              data-node={node}
              data-total={score.total}
              className={`${score.total === top ? 'row-top' : ''}${node === trace.selected ? ' row-selected' : ''}`}
            >
              <td>{i + 1}</td>
              <th scope="row">{score.total === top && (trace.tiedNodes?.length ?? 0) > 1 ? `${node} (tie)` : node}</th>
              <td className="score-total">
                <span className="hbar"><span className="hbar-fill total" style={{ width: `${totalScale(score.total)}%` }} /></span>
                <strong>{score.total}</strong>
              </td>
              {plugins.map((plugin) => {
                const p = score.plugins[plugin];
                if (p === undefined) return <td key={plugin}>–</td>;
                return (
                  <td key={plugin} className="score-cell" title={`${plugin} on ${node}: raw ${p.raw}, normalized ${p.normalized}, × weight ${p.weight} = ${p.weighted}`}>
                    {/* two bars in one element (raw above normalized): cheap to lay out in big tables */}
                    <span
                      className="mini-bars"
                      aria-hidden="true"
                      style={{ '--raw': `${(Math.abs(p.raw) / rawMax.get(plugin)!) * 100}%`, '--normalized': `${normalizedScale(p.normalized)}%` } as CSSProperties}
                    />
                    {/* one text node before the weighted score: every node more is layout work on each step */}
                    <span className="score-numbers">{`${p.raw} → ${p.normalized} → `}<strong>{p.weighted}</strong></span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {ranking.length > shown.length && <p className="more">{ranking.length - shown.length} more scored nodes not shown.</p>}
      <p className="score-key"><span className="key raw" /> raw <span className="key normalized" /> normalized (0–100); numbers: raw → normalized → weighted</p>
    </div>
  );
}
