// Node order: upstream pkg/scheduler/backend/cache/node_tree.go (nodeTree.list) and node_tree_test.go.
import { describe, expect, it } from 'vitest';
import { makeNode } from '../testing/builders';
import { SchedulerCache } from './cache';
import { NodeTree, zoneKey } from './snapshot';

const zoned = (name: string, region: string, zone: string) =>
  makeNode().name(name).label('topology.kubernetes.io/region', region).label('topology.kubernetes.io/zone', zone).obj();

describe('zoneKey', () => {
  it.each([
    { name: 'region and zone', labels: { 'topology.kubernetes.io/region': 'r1', 'topology.kubernetes.io/zone': 'z1' }, want: 'r1:\x00:z1' },
    { name: 'legacy labels', labels: { 'failure-domain.beta.kubernetes.io/region': 'r', 'failure-domain.beta.kubernetes.io/zone': 'z' }, want: 'r:\x00:z' },
    { name: 'zone only', labels: { 'topology.kubernetes.io/zone': 'z1' }, want: ':\x00:z1' },
    // component-helpers/node/topology helpers_test.go Test_GetZoneKey
    {
      name: 'has both beta and GA zone and region keys, beta labels take precedent',
      labels: {
        'failure-domain.beta.kubernetes.io/region': 'beta-r', 'failure-domain.beta.kubernetes.io/zone': 'beta-z',
        'topology.kubernetes.io/region': 'ga-r', 'topology.kubernetes.io/zone': 'ga-z',
      },
      want: 'beta-r:\x00:beta-z',
    },
    { name: 'an empty beta zone label still wins', labels: { 'failure-domain.beta.kubernetes.io/zone': '', 'topology.kubernetes.io/zone': 'z1' }, want: '' },
    { name: 'no topology labels', labels: {}, want: '' },
  ])('$name', ({ labels, want }) => {
    expect(zoneKey(makeNode().name('n').labels(labels as Record<string, string>).obj())).toBe(want);
  });
});

describe('NodeTree', () => {
  it('lists nodes round-robin across zones in first-insertion order', () => {
    const tree = new NodeTree();
    for (const n of ['a1', 'b1', 'a2', 'c1', 'a3', 'c2']) tree.addNode(zoned(n, 'r', n[0]!));
    expect(tree.list()).toEqual(['a1', 'b1', 'c1', 'a2', 'c2', 'a3']);
  });
  it('keeps insertion order when no node has topology labels', () => {
    const tree = new NodeTree();
    for (const n of ['x', 'y', 'z']) tree.addNode(makeNode().name(n).obj());
    expect(tree.list()).toEqual(['x', 'y', 'z']);
  });
  it('drops an emptied zone and re-adds it at the end (TestNodeTree_RemoveNode)', () => {
    const tree = new NodeTree();
    tree.addNode(zoned('a1', 'r', 'a'));
    tree.addNode(zoned('b1', 'r', 'b'));
    tree.removeNode('a1');
    tree.addNode(zoned('a2', 'r', 'a'));
    tree.addNode(zoned('b2', 'r', 'b'));
    expect(tree.list()).toEqual(['b1', 'a2', 'b2']);
  });
});

describe('SchedulerCache snapshot', () => {
  it('interleaves zones and follows zone changes (node_tree_test.go TestNodeTree_UpdateNode)', () => {
    const cache = new SchedulerCache();
    cache.addNode(zoned('node-0', 'region-1', 'zone-1'));
    cache.addNode(zoned('node-1', 'region-1', 'zone-1'));
    cache.addNode(zoned('node-2', 'region-1', 'zone-2'));
    expect(cache.snapshot().nodeInfoList.map((n) => n.name)).toEqual(['node-0', 'node-2', 'node-1']);
    cache.updateNode(zoned('node-1', 'region-1', 'zone-2'));
    expect(cache.snapshot().nodeInfoList.map((n) => n.name)).toEqual(['node-0', 'node-2', 'node-1']);
    cache.removeNode('node-0');
    expect(cache.snapshot().nodeInfoList.map((n) => n.name)).toEqual(['node-2', 'node-1']);
  });

  it('counts the nodes that hold each image', () => {
    const cache = new SchedulerCache();
    cache.addNode(makeNode().name('a').images({ 'nginx:1': 100 }).obj());
    cache.addNode(makeNode().name('b').images({ 'nginx:1': 100, 'redis:7': 50 }).obj());
    const snap = cache.snapshot();
    expect(snap.get('a')!.imageStates.get('nginx:1')).toEqual({ size: 100, numNodes: 2 });
    expect(snap.get('b')!.imageStates.get('redis:7')).toEqual({ size: 50, numNodes: 1 });
  });
});
