// Cases from upstream noderesources/requested_to_capacity_ratio_test.go
// (TestRequestedToCapacityRatioScoringStrategy, TestResourceBinPackingSingleExtended, TestResourceBinPackingMultipleExtended).
import { describe, expect, it } from 'vitest';
import type { Node } from '../../model/types';
import { makePod, type PodWrapper } from '../../testing/builders';
import type { NodeResourcesFitArgs, ResourceSpec, UtilizationShapePoint } from './args';
import { NodeResourcesFit } from './index';
import { capacityNode as node, defaultResources, scoreOnNodes, sizedNode } from './testPods';

interface Row {
  name: string;
  pod: PodWrapper;
  nodes: Node[];
  existing?: PodWrapper[];
  expected: number[];
}

function rtcrArgs(resources: ResourceSpec[], shape: UtilizationShapePoint[]): NodeResourcesFitArgs {
  return { scoringStrategy: { type: 'RequestedToCapacityRatio', resources, requestedToCapacityRatio: { shape } } };
}

function scores(args: NodeResourcesFitArgs, row: Row): number[] {
  const plugin = NodeResourcesFit.factory(args, undefined as never);
  return scoreOnNodes(plugin, row.nodes, row.existing ?? [], row.pod.name('p').obj()).scores.map((s) => s.score as number);
}

describe('RequestedToCapacityRatio, shape {0,10} {100,0} (TestRequestedToCapacityRatioScoringStrategy)', () => {
  const rows: Row[] = [
    {
      name: 'nothing scheduled, nothing requested (default - least requested nodes have priority)', pod: makePod(),
      nodes: [node('node1', { cpu: '4000', memory: '10000' }), node('node2', { cpu: '4000', memory: '10000' })],
      existing: [makePod().node('node1'), makePod().node('node1')], expected: [100, 100],
    },
    {
      name: 'nothing scheduled, resources requested, differently sized nodes (default - least requested nodes have priority)',
      pod: makePod().req({ cpu: '1000', memory: '2000' }).req({ cpu: '2000', memory: '3000' }),
      nodes: [node('node1', { cpu: '4000', memory: '10000' }), node('node2', { cpu: '6000', memory: '10000' })],
      existing: [makePod().node('node1'), makePod().node('node1')], expected: [38, 50],
    },
    {
      name: 'no resources requested, pods scheduled with resources (default - least requested nodes have priority)', pod: makePod(),
      nodes: [node('node1', { cpu: '4000', memory: '10000' }), node('node2', { cpu: '6000', memory: '10000' })],
      existing: [makePod().node('node1').req({ cpu: '3000', memory: '5000' }), makePod().node('node2').req({ cpu: '3000', memory: '5000' })],
      expected: [38, 50],
    },
  ];
  const args = rtcrArgs(defaultResources, [{ utilization: 0, score: 10 }, { utilization: 100, score: 0 }]);
  it.each(rows)('$name', (row) => expect(scores(args, row)).toEqual(row.expected));
});

describe('RequestedToCapacityRatio on one extended resource (TestResourceBinPackingSingleExtended)', () => {
  const nodes = () => [sizedNode('node1', 4000, 10000 * 1024 * 1024, { 'intel.com/foo': 8 }), sizedNode('node2', 4000, 10000 * 1024 * 1024, { 'intel.com/foo': 4 })];
  const rows: Row[] = [
    { name: 'nothing scheduled, nothing requested', pod: makePod(), nodes: nodes(), expected: [0, 0] },
    {
      name: 'resources requested, pods scheduled with less resources', pod: makePod().req({ 'intel.com/foo': '2' }), nodes: nodes(),
      existing: [makePod()], expected: [2, 5],
    },
    {
      name: 'resources requested, pods scheduled with resources, on node with existing pod running', pod: makePod().req({ 'intel.com/foo': '2' }),
      nodes: nodes(), existing: [makePod().req({ 'intel.com/foo': '2' }).node('node2')], expected: [2, 10],
    },
    {
      name: 'resources requested, pods scheduled with more resources', pod: makePod().req({ 'intel.com/foo': '4' }), nodes: nodes(),
      existing: [makePod()], expected: [5, 10],
    },
  ];
  const args = rtcrArgs([{ name: 'intel.com/foo', weight: 1 }], [{ utilization: 0, score: 0 }, { utilization: 100, score: 1 }]);
  it.each(rows)('$name', (row) => expect(scores(args, row)).toEqual(row.expected));
});

describe('RequestedToCapacityRatio on two weighted extended resources (TestResourceBinPackingMultipleExtended)', () => {
  const nodes = () => [
    sizedNode('node1', 4000, 10000 * 1024 * 1024, { 'intel.com/foo': 8, 'intel.com/bar': 4 }),
    sizedNode('node2', 4000, 10000 * 1024 * 1024, { 'intel.com/foo': 4, 'intel.com/bar': 8 }),
  ];
  const rows: Row[] = [
    { name: 'nothing scheduled, nothing requested', pod: makePod(), nodes: nodes(), expected: [0, 0] },
    {
      name: 'resources requested, pods scheduled with less resources', pod: makePod().req({ 'intel.com/foo': '2', 'intel.com/bar': '2' }),
      nodes: nodes(), existing: [makePod()], expected: [4, 3],
    },
    {
      name: 'resources requested, pods scheduled with resources, on node with existing pod running',
      pod: makePod().req({ 'intel.com/foo': '2', 'intel.com/bar': '2' }), nodes: nodes(),
      existing: [makePod().req({ 'intel.com/foo': '4', 'intel.com/bar': '2' }).node('node2')], expected: [4, 7],
    },
    {
      name: 'resources requested, pods scheduled with more resources', pod: makePod().req({ 'intel.com/foo': '4', 'intel.com/bar': '2' }),
      nodes: nodes(), existing: [makePod()], expected: [5, 5],
    },
  ];
  const args = rtcrArgs([{ name: 'intel.com/foo', weight: 3 }, { name: 'intel.com/bar', weight: 5 }], [{ utilization: 0, score: 0 }, { utilization: 100, score: 1 }]);
  it.each(rows)('$name', (row) => expect(scores(args, row)).toEqual(row.expected));
});
