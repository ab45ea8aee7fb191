// upstream: pkg/scheduler/framework/plugins/podgrouppodscount/podgroup_pods_count_test.go
// (v1.36+, gates GenericWorkload + TopologyAwareWorkloadScheduling): TestScorePlacement and
// TestNormalizePlacementScore.

import { describe, expect, it } from 'vitest';
import type { PlacementScore } from '../../framework/placement';
import { makePod } from '../../testing/builders';
import { ErrNoPodsInPlacements, normalizePlacementScore, scorePlacement } from './index';

const placement = { name: 'p', nodes: [] };
const proposed = [
  { pod: makePod().name('proposed-pod-1').obj(), nodeName: 'node1' },
  { pod: makePod().name('proposed-pod-2').obj(), nodeName: 'node2' },
];

describe('PodGroupPodsCount ScorePlacement (upstream TestScorePlacement, since v1.36)', () => {
  it.each([
    { name: 'existing assigned and assumed pods', assigned: 2, assumed: 1, expected: 5 },
    { name: 'no assumed pods', assigned: 1, assumed: 0, expected: 3 },
    { name: 'no assigned pods', assigned: 0, assumed: 1, expected: 3 },
    { name: 'no assigned pods, no assumed pods', assigned: 0, assumed: 0, expected: 2 },
  ])('$name', ({ assigned, assumed, expected }) => {
    expect(scorePlacement(assigned + assumed, { placement, proposedAssignments: proposed })).toBe(expected);
  });
});

describe('PodGroupPodsCount NormalizePlacementScore (upstream TestNormalizePlacementScore, since v1.36)', () => {
  const scores = (...s: number[]): PlacementScore[] => s.map((score) => ({ placement, score }));
  it.each([
    { name: 'distinct scores', in: [10, 50, 110], out: [9, 45, 100] },
    { name: 'equal scores', in: [50, 50], out: [100, 100] },
    { name: 'single score', in: [50], out: [100] },
    { name: 'some minimal score that is far from a group of scores located closely', in: [11, 100, 101, 102], out: [10, 98, 99, 100] },
  ])('$name', (row) => {
    const s = scores(...row.in);
    expect(normalizePlacementScore(s).isSuccess()).toBe(true);
    expect(s.map((x) => x.score)).toEqual(row.out);
  });

  it('zero scores', () => {
    const st = normalizePlacementScore(scores(0, 0));
    expect(st.code).toBe('Error');
    expect(st.message()).toBe(ErrNoPodsInPlacements);
  });
});
