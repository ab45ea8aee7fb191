// upstream: pkg/scheduler/framework/plugins/topologyaware/topology_placement_test.go
// TestGeneratePlacements (v1.36+, gates GenericWorkload + TopologyAwareWorkloadScheduling), the rows
// without CompositePodGroups. Upstream's "initial placement" is the parent placement itself.

import { describe, expect, it } from 'vitest';
import { NodeInfo } from '../../framework/nodeInfo';
import { Status } from '../../framework/status';
import { makeNode } from '../../testing/builders';
import { generatePlacements } from './index';

const n = (name: string, labels: Record<string, string> = {}) => new NodeInfo(makeNode().name(name).labels(labels).obj());

interface Row {
  name: string;
  /** since: the first Kubernetes version with the behaviour */
  since: '1.36';
  topologyKey: string | undefined;
  scheduledOn?: string[];
  placementNodes: NodeInfo[];
  otherNodes?: NodeInfo[];
  want?: Record<string, string[]>;
  wantCode?: 'Error';
}

const rows: Row[] = [
  {
    name: 'without constraint returns placement matching all nodes', since: '1.36', topologyKey: undefined,
    placementNodes: [n('node1'), n('node2', { foo: 'bar' })], otherNodes: [n('node3')],
    want: { 'test-placement': ['node1', 'node2'] },
  },
  {
    name: 'with topology key constraint, returns placement for each topology domain', since: '1.36', topologyKey: 'topology1',
    placementNodes: [
      n('node0', { topology2: 'd1' }), n('node1', { topology2: 'd4' }), n('node2', { topology1: 'd1' }),
      n('node3', { topology1: 'd2' }), n('node4', { topology1: 'd1' }), n('node5', { topology1: 'd3' }),
    ],
    want: { d1: ['node2', 'node4'], d2: ['node3'], d3: ['node5'] },
  },
  {
    name: 'without matching topology label, returns empty', since: '1.36', topologyKey: 'topology3',
    placementNodes: [n('node0', { topology2: 'd1' }), n('node2', { topology1: 'd1' })],
    want: {},
  },
  {
    name: 'with pods already scheduled in a single domain, returns that domain', since: '1.36', topologyKey: 'topology',
    scheduledOn: ['node2', 'node3'],
    placementNodes: [n('node0', { topology: 'd2' }), n('node1', { topology: 'd1' })],
    otherNodes: [n('node2', { topology: 'd1' }), n('node3', { topology: 'd1' })],
    want: { d1: ['node1'] },
  },
  {
    name: 'with pods already scheduled in a single domain not present in current placement, returns empty', since: '1.36', topologyKey: 'topology',
    scheduledOn: ['node2', 'node3'],
    placementNodes: [n('node0', { topology: 'd2' })],
    otherNodes: [n('node2', { topology: 'd1' }), n('node3', { topology: 'd1' })],
    want: {},
  },
  {
    name: 'with pods already scheduled in conflicting domains, returns error', since: '1.36', topologyKey: 'topology',
    scheduledOn: ['node2', 'node3'],
    placementNodes: [n('node0', { topology: 'd2' }), n('node1', { topology: 'd1' })],
    otherNodes: [n('node2', { topology: 'd0' }), n('node3', { topology: 'd1' })],
    wantCode: 'Error',
  },
  {
    name: 'with pods already scheduled in the empty string domain, returns that domain', since: '1.36', topologyKey: 'topology',
    scheduledOn: ['node2', 'node3'],
    placementNodes: [n('node0', { topology: 'd1' }), n('node1', { topology: '' })],
    otherNodes: [n('node2', { topology: '' }), n('node3', { topology: '' })],
    want: { '': ['node1'] },
  },
  {
    name: 'with already scheduled pod on node outside of snapshot, returns error', since: '1.36', topologyKey: 'topology',
    scheduledOn: ['node2', 'node4'],
    placementNodes: [n('node0', { topology: 'd2' }), n('node1', { topology: 'd1' })],
    otherNodes: [n('node2', { topology: 'd1' }), n('node3', { topology: 'd1' })],
    wantCode: 'Error',
  },
  {
    name: 'with already scheduled pod on node without topology label, returns error', since: '1.36', topologyKey: 'topology',
    scheduledOn: ['node2'],
    placementNodes: [n('node1', { topology: 'd2' })],
    otherNodes: [n('node2', { foo: 'bar' })],
    wantCode: 'Error',
  },
];

describe('TopologyPlacement GeneratePlacements (upstream TestGeneratePlacements)', () => {
  it.each(rows)('$name (since v$since)', (row) => {
    const all = new Map([...row.placementNodes, ...(row.otherNodes ?? [])].map((ni) => [ni.name, ni]));
    const got = generatePlacements({
      topologyKey: row.topologyKey,
      parent: { name: 'test-placement', nodes: row.placementNodes },
      scheduledPodNodes: (row.scheduledOn ?? []).map((nodeName, i) => ({ pod: `default/pod${i}`, nodeName })),
      nodeInfo: (name) => all.get(name),
    });
    if (row.wantCode) {
      expect(got).toBeInstanceOf(Status);
      expect((got as Status).code).toBe(row.wantCode);
      return;
    }
    expect(got).not.toBeInstanceOf(Status);
    const byName = Object.fromEntries((got as { name: string; nodes: NodeInfo[] }[]).map((p) => [p.name, p.nodes.map((ni) => ni.name)]));
    expect(byName).toEqual(row.want);
  });

  it('orders the placements by domain value, so a run repeats (upstream: map order)', () => {
    const got = generatePlacements({
      topologyKey: 'rack', parent: { name: 'root', nodes: [n('a', { rack: 'r3' }), n('b', { rack: 'r1' }), n('c', { rack: 'r2' })] },
      scheduledPodNodes: [], nodeInfo: () => undefined,
    });
    expect((got as { name: string }[]).map((p) => p.name)).toEqual(['r1', 'r2', 'r3']);
  });
});
