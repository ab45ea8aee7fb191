// Cases from upstream noderesources/least_allocated_test.go (TestLeastAllocatedScoringStrategy).
import { describe, expect, it } from 'vitest';
import type { Node } from '../../model/types';
import { makePod, type PodWrapper } from '../../testing/builders';
import type { ResourceSpec } from './args';
import { NodeResourcesFit } from './index';
import { capacityNode, defaultResources, extendedRes, extendedResourceSet, scoreOnNodes } from './testPods';

interface Row {
  name: string;
  pod: PodWrapper;
  nodes: Node[];
  existing?: PodWrapper[];
  resources: ResourceSpec[];
  expected?: (number | 'Error')[];
  /** upstream wantErrs: the invalid field */
  wantErrPath?: string;
}

const node = capacityNode;
const twoContainers = () => makePod().req({ cpu: '1000', memory: '2000' }).req({ cpu: '2000', memory: '3000' });
const onNode = (n: string) => makePod().node(n);

const rows: Row[] = [
  {
    name: 'nothing scheduled, nothing requested', pod: makePod(),
    nodes: [node('node1', { cpu: '4000', memory: '10000' }), node('node2', { cpu: '4000', memory: '10000' })],
    resources: defaultResources, expected: [100, 100],
  },
  {
    name: 'nothing scheduled, resources requested, differently sized nodes', pod: twoContainers(),
    nodes: [node('node1', { cpu: '4000', memory: '10000' }), node('node2', { cpu: '6000', memory: '10000' })],
    resources: defaultResources, expected: [37, 50],
  },
  {
    name: 'Resources not set, pods scheduled with error', pod: twoContainers(),
    nodes: [node('node1', { cpu: '4000', memory: '10000' }), node('node2', { cpu: '6000', memory: '10000' })],
    resources: [], expected: ['Error', 'Error'],
  },
  {
    name: 'no resources requested, pods scheduled', pod: makePod(),
    nodes: [node('node1', { cpu: '4000', memory: '10000' }), node('node2', { cpu: '4000', memory: '10000' })],
    existing: [onNode('node1'), onNode('node1'), onNode('node2'), onNode('node2')],
    resources: defaultResources, expected: [100, 100],
  },
  {
    name: 'no resources requested, pods scheduled with resources', pod: makePod(),
    nodes: [node('node1', { cpu: '10000', memory: '20000' }), node('node2', { cpu: '10000', memory: '20000' })],
    existing: [
      onNode('node1').req({ cpu: '3000', memory: '0' }), onNode('node1').req({ cpu: '3000', memory: '0' }),
      onNode('node2').req({ cpu: '3000', memory: '0' }), onNode('node2').req({ cpu: '3000', memory: '5000' }),
    ],
    resources: defaultResources, expected: [70, 57],
  },
  {
    name: 'resources requested, pods scheduled with resources', pod: twoContainers(),
    nodes: [node('node1', { cpu: '10000', memory: '20000' }), node('node2', { cpu: '10000', memory: '20000' })],
    existing: [onNode('node1').req({ cpu: '3000', memory: '0' }), onNode('node2').req({ cpu: '3000', memory: '5000' })],
    resources: defaultResources, expected: [57, 45],
  },
  {
    name: 'resources requested, pods scheduled with resources, differently sized nodes', pod: twoContainers(),
    nodes: [node('node1', { cpu: '10000', memory: '20000' }), node('node2', { cpu: '10000', memory: '50000' })],
    existing: [onNode('node1').req({ cpu: '3000', memory: '0' }), onNode('node2').req({ cpu: '3000', memory: '5000' })],
    resources: defaultResources, expected: [57, 60],
  },
  {
    name: 'requested resources exceed node capacity', pod: makePod().req({ cpu: '3000', memory: '0' }),
    nodes: [node('node1', { cpu: '4000', memory: '10000' }), node('node2', { cpu: '4000', memory: '10000' })],
    existing: [onNode('node1').req({ cpu: '3000', memory: '0' }), onNode('node2').req({ cpu: '3000', memory: '5000' })],
    resources: defaultResources, expected: [50, 25],
  },
  {
    name: 'zero node resources, pods scheduled with resources', pod: makePod(),
    nodes: [node('node1'), node('node2')],
    existing: [onNode('node1').req({ cpu: '3000', memory: '0' }), onNode('node2').req({ cpu: '3000', memory: '5000' })],
    resources: defaultResources, expected: [0, 0],
  },
  {
    name: 'nothing scheduled, resources requested with different weight on CPU and memory, differently sized nodes', pod: twoContainers().node('node1'),
    nodes: [node('node1', { cpu: '4000', memory: '10000' }), node('node2', { cpu: '6000', memory: '10000' })],
    resources: [{ name: 'memory', weight: 2 }, { name: 'cpu', weight: 1 }], expected: [41, 50],
  },
  {
    name: 'resource with negative weight', pod: twoContainers(), nodes: [node('node1', { cpu: '4000', memory: '10000' })],
    resources: [{ name: 'memory', weight: -1 }, { name: 'cpu', weight: 1 }], wantErrPath: 'scoringStrategy.resources[0].weight',
  },
  {
    name: 'resource with zero weight', pod: twoContainers(), nodes: [node('node1', { cpu: '4000', memory: '10000' })],
    resources: [{ name: 'memory', weight: 1 }, { name: 'cpu', weight: 0 }], wantErrPath: 'scoringStrategy.resources[1].weight',
  },
  {
    name: 'resource weight larger than MaxNodeScore', pod: twoContainers(), nodes: [node('node1', { cpu: '4000', memory: '10000' })],
    resources: [{ name: 'memory', weight: 1 }, { name: 'cpu', weight: 101 }], wantErrPath: 'scoringStrategy.resources[1].weight',
  },
  {
    name: 'bypass extended resource if the pod does not request', pod: twoContainers(),
    nodes: [node('node1', { cpu: '6000', memory: '10000' }), node('node2', { cpu: '6000', memory: '10000', [extendedRes]: '4' })],
    resources: extendedResourceSet, expected: [50, 50],
  },
  {
    name: 'honor extended resource if the pod requests', pod: makePod().req({ cpu: '3000', memory: '5000', [extendedRes]: '2' }),
    nodes: [node('node1', { cpu: '6000', memory: '10000', [extendedRes]: '4' }), node('node2', { cpu: '6000', memory: '10000', [extendedRes]: '10' })],
    resources: extendedResourceSet, expected: [50, 60],
  },
  {
    name: "if the node doesn't have a resource", pod: makePod().req({ cpu: '3000', memory: '4000' }),
    nodes: [node('node1', { cpu: '6000', memory: '10000' }), node('node2', { cpu: '6000', memory: '10000', [extendedRes]: '4' })],
    resources: [{ name: extendedRes, weight: 2 }, { name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }], expected: [55, 55],
  },
];

describe('NodeResourcesFit Score, LeastAllocated (TestLeastAllocatedScoringStrategy)', () => {
  it.each(rows)('$name', (row) => {
    const args = { scoringStrategy: { type: 'LeastAllocated' as const, resources: row.resources } };
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
