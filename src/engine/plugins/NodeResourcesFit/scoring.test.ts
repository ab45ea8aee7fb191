// Cases from upstream noderesources/fit_test.go (TestFitScore), each strategy with and without PreScore.
import { describe, expect, it } from 'vitest';
import { makePod } from '../../testing/builders';
import type { NodeResourcesFitArgs } from './args';
import { NodeResourcesFit } from './index';
import { capacityNode as node, defaultResources, scoreOnNodes } from './testPods';

const rtcr = (shape: { utilization: number; score: number }[]): NodeResourcesFitArgs =>
  ({ scoringStrategy: { type: 'RequestedToCapacityRatio', resources: defaultResources, requestedToCapacityRatio: { shape } } });
const most: NodeResourcesFitArgs = { scoringStrategy: { type: 'MostAllocated', resources: defaultResources } };
const least: NodeResourcesFitArgs = { scoringStrategy: { type: 'LeastAllocated', resources: defaultResources } };

const nodes46 = () => [node('node1', { cpu: '4000', memory: '10000' }), node('node2', { cpu: '6000', memory: '10000' })];
const existing21 = () => [
  makePod().node('node1').req({ cpu: '2000', memory: '4000' }),
  makePod().node('node2').req({ cpu: '1000', memory: '2000' }),
];

const rows = [
  { name: 'test case for ScoringStrategy RequestedToCapacityRatio case1', args: rtcr([{ utilization: 0, score: 10 }, { utilization: 100, score: 0 }]), req: { cpu: '3000', memory: '5000' }, expected: [10, 32] },
  { name: 'test case for ScoringStrategy RequestedToCapacityRatio case2', args: rtcr([{ utilization: 0, score: 0 }, { utilization: 100, score: 10 }]), req: { cpu: '3000', memory: '5000' }, expected: [95, 68] },
  { name: 'test case for ScoringStrategy MostAllocated', args: most, req: { cpu: '1000', memory: '2000' }, expected: [67, 36] },
  { name: 'test case for ScoringStrategy LeastAllocated', args: least, req: { cpu: '1000', memory: '2000' }, expected: [32, 63] },
];

describe('NodeResourcesFit Score (TestFitScore)', () => {
  for (const runPreScore of [true, false]) {
    it.each(rows)(`$name${runPreScore ? '' : ' if PreScore is not called'}`, ({ args, req, expected }) => {
      const plugin = NodeResourcesFit.factory(args, undefined as never);
      const { scores } = scoreOnNodes(plugin, nodes46(), existing21(), makePod().name('p').req(req).obj(), runPreScore);
      expect(scores).toEqual([{ name: 'node1', score: expected[0] }, { name: 'node2', score: expected[1] }]);
    });
  }

  const sidecarRows = [
    { name: 'test case for ScoringStrategy MostAllocated with sidecar container', args: most, expected: [67, 45] },
    { name: 'test case for ScoringStrategy LeastAllocated with sidecar container', args: least, expected: [32, 55] },
  ];
  it.each(sidecarRows)('$name', ({ args, expected }) => {
    const plugin = NodeResourcesFit.factory(args, undefined as never);
    const existing = [
      makePod().node('node1').req({ cpu: '1000', memory: '2000' }).sidecarReq({ cpu: '1000', memory: '2000' }),
      makePod().node('node2').req({ cpu: '1000', memory: '2000' }),
    ];
    const nodes = [node('node1', { cpu: '4000', memory: '10000' }), node('node2', { cpu: '4000', memory: '10000' })];
    const { scores } = scoreOnNodes(plugin, nodes, existing, makePod().name('p').req({ cpu: '1000', memory: '2000' }).obj());
    expect(scores.map((s) => s.score)).toEqual(expected);
  });
});
