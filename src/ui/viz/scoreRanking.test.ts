import { describe, expect, it } from 'vitest';
import type { NodeScore } from '../../engine/api';
import { cycle } from '../../worker/testing/results';
import { scoreRanking } from './scoreRanking';

/** A node's scores from [plugin, normalized, weight] rows; weighted and total as the framework adds them. */
function scored(...rows: [string, number, number][]): NodeScore {
  const plugins = Object.fromEntries(rows.map(([p, normalized, weight]) => [p, { raw: normalized, normalized, weight, weighted: normalized * weight }]));
  return { plugins, total: rows.reduce((sum, [, n, w]) => sum + n * w, 0) };
}

describe('scoreRanking', () => {
  // zone-spread.yaml's Score: node4 97 × … ahead of node3 on PodTopologySpread only
  const trace = cycle(1, 'default/mypod', {
    nodesEvaluated: ['node3', 'node4', 'node5'],
    selected: 'node4',
    score: {
      node3: scored(['NodeResourcesFit', 90, 1], ['PodTopologySpread', 50, 2], ['ImageLocality', 0, 1]),
      node4: scored(['NodeResourcesFit', 90, 1], ['PodTopologySpread', 100, 2], ['ImageLocality', 0, 1]),
      node5: scored(['NodeResourcesFit', 95, 1], ['PodTopologySpread', 0, 2], ['ImageLocality', 0, 1]),
    },
  });

  it('ranks nodes by total with each plugin\'s normalized × weight', () => {
    const r = scoreRanking(trace)!;
    expect(r.nodes.map((n) => [n.node, n.total, n.rank])).toEqual([['node4', 290], ['node3', 190], ['node5', 95]].map(([n, t], i) => [n, t, i + 1]));
    expect(r.nodes[0]!.segments.find((s) => s.plugin === 'PodTopologySpread')).toEqual({ plugin: 'PodTopologySpread', raw: 100, normalized: 100, weight: 2, weighted: 200 });
    expect(r.maxTotal).toBe(290);
  });

  it('names the plugin that puts the first ahead of the second, and the ones equal on every node', () => {
    const r = scoreRanking(trace)!;
    expect(r.separating).toBe('PodTopologySpread');
    expect(r.uniform).toEqual(['ImageLocality']);
  });

  it('on a tie for first: shared rank, the picked node first, no separating plugin', () => {
    const tie = cycle(1, 'p', {
      nodesEvaluated: ['a', 'b', 'c'], selected: 'b', tiedNodes: ['a', 'b'],
      score: { a: scored(['NodeResourcesFit', 50, 1]), b: scored(['NodeResourcesFit', 50, 1]), c: scored(['NodeResourcesFit', 10, 1]) },
    });
    const r = scoreRanking(tie)!;
    expect(r.nodes.map((n) => [n.node, n.rank])).toEqual([['b', 1], ['a', 1], ['c', 3]]);
    expect(r.separating).toBeUndefined();
    expect(r.uniform).toEqual([]);
  });

  // node-affinity-preferred: the sums of matching weights (1, 50, 51) are NormalizeScore'd to 1, 98, 100;
  // the stage quotes both, as the lesson does
  it('keeps each plugin\'s score before NormalizeScore beside the normalized one', () => {
    const affinity = (raw: number, normalized: number): NodeScore => ({ plugins: { NodeAffinity: { raw, normalized, weight: 2, weighted: normalized * 2 } }, total: normalized * 2 });
    const preferred = cycle(1, 'p', { nodesEvaluated: ['node-1', 'node-2', 'node-4'], selected: 'node-4', score: { 'node-1': affinity(1, 1), 'node-2': affinity(50, 98), 'node-4': affinity(51, 100) } });
    expect(scoreRanking(preferred)!.nodes.map((n) => [n.node, n.segments[0]!.raw, n.segments[0]!.normalized])).toEqual([['node-4', 51, 100], ['node-2', 50, 98], ['node-1', 1, 1]]);
  });

  it('is undefined when Score did not run', () => {
    expect(scoreRanking(cycle(1, 'p'))).toBeUndefined();
  });
});
