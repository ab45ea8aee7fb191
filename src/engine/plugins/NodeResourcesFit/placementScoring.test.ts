// upstream: pkg/scheduler/framework/plugins/noderesources/placement_bin_packing_test.go
// TestPlacementBinPackingScore and TestPlacementBinPackingScore_Strategies — the placement score
// NodeResourcesFit gives from v1.36 (TopologyAwareWorkloadScheduling).

import { describe, expect, it } from 'vitest';
import { NodeInfo } from '../../framework/nodeInfo';
import { newPodInfo } from '../../framework/podInfo';
import type { Pod, ResourceList } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import type { ScoringStrategy } from './args';
import { newPlacementScorer, scorePlacement } from './placementScoring';

const cm = (cpu: string, memory: string, gpu?: string): ResourceList => ({ cpu, memory, ...(gpu !== undefined ? { 'nvidia.com/gpu': gpu } : {}) });
const node = (name: string, cap: ResourceList) => makeNode().name(name).capacity(cap).obj();
const most = (weights: Record<string, number>): ScoringStrategy => ({ type: 'MostAllocated', resources: Object.entries(weights).map(([name, weight]) => ({ name, weight })) });

function run(nodes: ReturnType<typeof node>[], placementNodes: string[], group: [Pod, string][], existing: Pod[], strategy: ScoringStrategy): number {
  const infos = new Map(nodes.map((n) => [n.metadata.name, new NodeInfo(n)]));
  for (const p of existing) infos.get(p.spec.nodeName!)!.addPod(newPodInfo(p));
  return scorePlacement(
    newPlacementScorer(strategy),
    { placement: { name: 'p', nodes: placementNodes.map((n) => infos.get(n)!) }, proposedAssignments: group.map(([pod, nodeName]) => ({ pod, nodeName })) },
    (name) => infos.get(name),
  );
}

const two = [node('node1', cm('5000m', '5000')), node('node2', cm('5000m', '5000'))];
const foo = makePod().name('foo').uid('foo').req(cm('1000m', '0')).obj();
const bar = makePod().name('bar').uid('bar').req(cm('2000m', '2000')).obj();

describe('NodeResourcesFit ScorePlacement (upstream TestPlacementBinPackingScore, since v1.36)', () => {
  it.each([
    { name: 'Computes score based on total requests', nodes: two, placement: ['node1', 'node2'], group: [[foo, 'node1'], [bar, 'node2']] as [Pod, string][], existing: [], strategy: most({ cpu: 1, memory: 1 }), expected: 25 },
    { name: 'Computes score using weights', nodes: two, placement: ['node1', 'node2'], group: [[foo, 'node1'], [bar, 'node2']] as [Pod, string][], existing: [], strategy: most({ cpu: 4, memory: 1 }), expected: 28 },
    { name: 'Handles multiple pods per node', nodes: two, placement: ['node1', 'node2'], group: [[foo, 'node1'], [bar, 'node1']] as [Pod, string][], existing: [], strategy: most({ cpu: 4, memory: 1 }), expected: 28 },
    {
      name: 'Does not include nodes from outside of placement', nodes: [...two, node('node3', cm('5000m', '5000'))], placement: ['node1', 'node2'],
      group: [[foo, 'node1'], [bar, 'node2']] as [Pod, string][], existing: [], strategy: most({ cpu: 1, memory: 1 }), expected: 25,
    },
    {
      name: 'Includes pre-existing pods from outside of pod group', nodes: two, placement: ['node1', 'node2'], group: [[foo, 'node1'], [bar, 'node2']] as [Pod, string][],
      existing: [makePod().name('baz').node('node1').req(cm('1000m', '0')).obj()], strategy: most({ cpu: 1, memory: 1 }), expected: 30,
    },
    {
      name: 'Includes scalar resources if any pod in pod group has nonzero requests',
      nodes: [node('node1', cm('5000m', '5000', '5')), node('node2', cm('5000m', '5000', '5'))], placement: ['node1', 'node2'],
      group: [[makePod().name('foo').req(cm('1000m', '0', '0')).obj(), 'node1'], [makePod().name('bar').req(cm('1000m', '2000', '1')).obj(), 'node2']] as [Pod, string][],
      existing: [makePod().name('baz').node('node1').req(cm('1000m', '0', '0')).obj()], strategy: most({ cpu: 1, memory: 1, 'nvidia.com/gpu': 1 }), expected: 20,
    },
    {
      name: 'Does not include scalar resources if all pods in pod group have zero requests',
      nodes: [node('node1', cm('5000m', '5000', '5')), node('node2', cm('5000m', '5000', '5'))], placement: ['node1', 'node2'],
      group: [[makePod().name('foo').req(cm('1000m', '0', '0')).obj(), 'node1'], [makePod().name('bar').req(cm('1000m', '2000', '0')).obj(), 'node2']] as [Pod, string][],
      existing: [makePod().name('baz').node('node1').req(cm('1000m', '0', '1')).obj()], strategy: most({ cpu: 1, memory: 1, 'nvidia.com/gpu': 1 }), expected: 25,
    },
  ])('$name', (row) => {
    expect(run(row.nodes, row.placement, row.group, row.existing, row.strategy)).toBe(row.expected);
  });
});

describe('NodeResourcesFit ScorePlacement per strategy (upstream TestPlacementBinPackingScore_Strategies, since v1.36)', () => {
  const nodes = [node('node1', cm('100m', '100')), node('node2', cm('200m', '200')), node('node3', cm('300m', '300'))];
  const group: [Pod, string][] = [[makePod().name('foo').req(cm('100m', '0')).obj(), 'node1'], [makePod().name('bar').req(cm('200m', '60')).obj(), 'node2']];
  const resources = [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }];
  it.each([
    { name: 'LeastAllocated', strategy: { type: 'LeastAllocated', resources } as ScoringStrategy, expected: 70 },
    { name: 'MostAllocated', strategy: { type: 'MostAllocated', resources } as ScoringStrategy, expected: 30 },
    {
      name: 'RequestedToCapacityRatio with shape equivalent to LeastAllocated',
      strategy: { type: 'RequestedToCapacityRatio', resources, requestedToCapacityRatio: { shape: [{ utilization: 0, score: 10 }, { utilization: 100, score: 0 }] } } as ScoringStrategy, expected: 70,
    },
    {
      name: 'RequestedToCapacityRatio with shape equivalent to MostAllocated',
      strategy: { type: 'RequestedToCapacityRatio', resources, requestedToCapacityRatio: { shape: [{ utilization: 0, score: 0 }, { utilization: 100, score: 10 }] } } as ScoringStrategy, expected: 30,
    },
    {
      name: 'RequestedToCapacityRatio with custom shape',
      strategy: { type: 'RequestedToCapacityRatio', resources, requestedToCapacityRatio: { shape: [{ utilization: 0, score: 0 }, { utilization: 50, score: 10 }, { utilization: 100, score: 0 }] } } as ScoringStrategy, expected: 60,
    },
  ])('$name', (row) => {
    expect(run(nodes, ['node1', 'node2', 'node3'], group, [], row.strategy)).toBe(row.expected);
  });
});
