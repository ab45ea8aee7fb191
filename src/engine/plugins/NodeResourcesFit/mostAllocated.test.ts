// Cases from upstream noderesources/most_allocated_test.go (TestMostAllocatedScoringStrategy).
import { describe, expect, it } from 'vitest';
import type { Node } from '../../model/types';
import { makePod, type PodWrapper } from '../../testing/builders';
import type { ResourceSpec } from './args';
import { NodeResourcesFit } from './index';
import { capacityNode as node, defaultResources, extendedRes, extendedResourceSet, scoreOnNodes } from './testPods';

interface Row {
  name: string;
  pod: PodWrapper;
  nodes: Node[];
  existing?: PodWrapper[];
  resources: ResourceSpec[];
  expected?: (number | 'Error')[];
  wantErrPath?: string;
}

const twoContainers = () => makePod().req({ cpu: '1000', memory: '2000' }).req({ cpu: '2000', memory: '3000' });
const onNode = (n: string) => makePod().node(n);

const rows: Row[] = [
  {
    name: 'nothing scheduled, nothing requested', pod: makePod(),
    nodes: [node('node1', { cpu: '4000', memory: '10000' }), node('node2', { cpu: '4000', memory: '10000' })],
    resources: defaultResources, expected: [0, 0],
  },
  {
    name: 'nothing scheduled, resources requested, differently sized nodes', pod: twoContainers(),
    nodes: [node('node1', { cpu: '4000', memory: '10000' }), node('node2', { cpu: '6000', memory: '10000' })],
    resources: defaultResources, expected: [62, 50],
  },
  {
    name: 'Resources not set, pods scheduled with error', pod: twoContainers(),
    nodes: [node('node1', { cpu: '4000', memory: '10000' }), node('node2', { cpu: '6000', memory: '10000' })],
    resources: [], expected: ['Error', 'Error'],
  },
  {
    name: 'no resources requested, pods scheduled with resources', pod: makePod(),
    nodes: [node('node1', { cpu: '10000', memory: '20000' }), node('node2', { cpu: '10000', memory: '20000' })],
    existing: [
      onNode('node1').req({ cpu: '3000', memory: '0' }), onNode('node1').req({ cpu: '3000', memory: '0' }),
      onNode('node2').req({ cpu: '3000', memory: '0' }), onNode('node2').req({ cpu: '3000', memory: '5000' }),
    ],
    resources: defaultResources, expected: [30, 42],
  },
  {
    name: 'resources requested, pods scheduled with resources', pod: twoContainers(),
    nodes: [node('node1', { cpu: '10000', memory: '20000' }), node('node2', { cpu: '10000', memory: '20000' })],
    existing: [onNode('node1').req({ cpu: '3000', memory: '0' }), onNode('node2').req({ cpu: '3000', memory: '5000' })],
    resources: defaultResources, expected: [42, 55],
  },
  {
    name: 'resources requested equal node capacity', pod: makePod().req({ cpu: '2000', memory: '4000' }).req({ cpu: '3000', memory: '5000' }),
    nodes: [node('node1', { cpu: '5000', memory: '10000' }), node('node2', { cpu: '10000', memory: '9000' })],
    resources: defaultResources, expected: [95, 75],
  },
  {
    name: 'nothing scheduled, resources requested, differently sized nodes (memory weight 2)', pod: twoContainers(),
    nodes: [node('node1', { cpu: '4000', memory: '10000' }), node('node2', { cpu: '6000', memory: '10000' })],
    resources: [{ name: 'memory', weight: 2 }, { name: 'cpu', weight: 1 }], expected: [58, 50],
  },
  {
    name: 'no resources requested, pods scheduled, nonzero request for resource', pod: makePod().container({ name: 'container' }),
    nodes: [node('node1', { cpu: '250m', memory: '1000Mi' }), node('node2', { cpu: '250m', memory: '1000Mi' })],
    existing: [onNode('node1').container({ name: 'container' }), onNode('node1').container({ name: 'container' })],
    resources: defaultResources, expected: [80, 30],
  },
  {
    name: 'resource with negative weight', pod: twoContainers(), nodes: [node('node2', { cpu: '4000', memory: '10000' })],
    resources: [{ name: 'memory', weight: -1 }, { name: 'cpu', weight: 1 }], wantErrPath: 'scoringStrategy.resources[0].weight',
  },
  {
    name: 'resource with zero weight', pod: twoContainers(), nodes: [node('node2', { cpu: '4000', memory: '10000' })],
    resources: [{ name: 'memory', weight: 1 }, { name: 'cpu', weight: 0 }], wantErrPath: 'scoringStrategy.resources[1].weight',
  },
  {
    name: 'resource weight larger than MaxNodeScore', pod: twoContainers(), nodes: [node('node2', { cpu: '4000', memory: '10000' })],
    resources: [{ name: 'memory', weight: 101 }], wantErrPath: 'scoringStrategy.resources[0].weight',
  },
  {
    name: 'bypass extended resource if the pod does not request', pod: twoContainers(),
    nodes: [node('node1', { cpu: '6000', memory: '10000' }), node('node2', { cpu: '6000', memory: '10000', [extendedRes]: '4' })],
    resources: extendedResourceSet, expected: [50, 50],
  },
  {
    name: 'honor extended resource if the pod request', pod: makePod().node('node1').req({ cpu: '3000', memory: '5000', [extendedRes]: '2' }),
    nodes: [node('node1', { cpu: '6000', memory: '10000', [extendedRes]: '4' }), node('node2', { cpu: '6000', memory: '10000', [extendedRes]: '10' })],
    resources: extendedResourceSet, expected: [50, 40],
  },
  {
    name: "if the node doesn't have a resource", pod: makePod().node('node1').req({ cpu: '3000', memory: '4000' }),
    nodes: [node('node1', { cpu: '6000', memory: '10000' }), node('node2', { cpu: '6000', memory: '10000', [extendedRes]: '4' })],
    resources: [{ name: extendedRes, weight: 2 }, { name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }], expected: [45, 45],
  },
];

describe('NodeResourcesFit Score, MostAllocated (TestMostAllocatedScoringStrategy)', () => {
  it.each(rows)('$name', (row) => {
    const args = { scoringStrategy: { type: 'MostAllocated' as const, resources: row.resources } };
    if (row.wantErrPath) {
      expect(NodeResourcesFit.validateArgs!(args).map((e) => e.path)).toEqual([row.wantErrPath]);
      expect(() => NodeResourcesFit.factory(args, undefined as never)).toThrow(row.wantErrPath);
      return;
    }
    const plugin = NodeResourcesFit.factory(args, undefined as never);
    const { scores } = scoreOnNodes(plugin, row.nodes, row.existing ?? [], row.pod.name('p').obj());
    expect(scores.map((s) => s.score)).toEqual(row.expected);
  });
});
