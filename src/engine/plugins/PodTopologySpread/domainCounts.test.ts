// The counts kept across cycles equal a fresh count after every kind of change a cycle can see:
// a pod bound, removed or terminating, a node relabelled, the node list changed.

import { describe, expect, it } from 'vitest';
import { SchedulerCache } from '../../framework/cache';
import { NodeInfo } from '../../framework/nodeInfo';
import { newPodInfo } from '../../framework/podInfo';
import type { Pod } from '../../model/types';
import { filterTopologySpreadConstraints } from './common';
import { DomainCounter, type DomainCounts } from './domainCounts';
import { fooSelector, node, pod, spreadPod, zoneNode } from './testing';

const incoming = spreadPod({ foo: '' }, [1, 'zone', 'DoNotSchedule', fooSelector], [1, 'node', 'DoNotSchedule', fooSelector]).obj();
const constraints = filterTopologySpreadConstraints(incoming.spec.topologySpreadConstraints!, incoming.metadata.labels, 'DoNotSchedule');
const rule = { requireAllKeys: true };

const plain = (d: DomainCounts) => ({ counts: d.counts.map((m) => [...m]), skipped: d.skipped });

function cluster(): NodeInfo[] {
  const nodes = [new NodeInfo(zoneNode('a', 'z1')), new NodeInfo(zoneNode('b', 'z2')), new NodeInfo(zoneNode('c', 'z1')), new NodeInfo(node('x', { node: 'x' }))];
  nodes[0]!.addPod(newPodInfo(pod('p1', 'a', { foo: '' })));
  nodes[1]!.addPod(newPodInfo(pod('p2', 'b', { bar: '' })));
  return nodes;
}

const terminating = (p: Pod): Pod => { p.metadata.deletionTimestamp = 5; return p; };

const changes: { name: string; change: (nodes: NodeInfo[]) => NodeInfo[]; zones: [string, number][] }[] = [
  { name: 'nothing', change: (n) => n, zones: [['z1', 1], ['z2', 0]] },
  { name: 'a matching pod bound', change: (n) => { n[1]!.addPod(newPodInfo(pod('p3', 'b', { foo: '' }))); return n; }, zones: [['z1', 1], ['z2', 1]] },
  { name: 'a matching pod removed', change: (n) => { n[0]!.removePod('default/p1'); return n; }, zones: [['z1', 0], ['z2', 0]] },
  { name: 'a matching pod terminating', change: (n) => { terminating(n[0]!.pods[0]!.pod); n[0]!.podChanged(); return n; }, zones: [['z1', 0], ['z2', 0]] },
  { name: 'a node moved to another zone', change: (n) => { n[2]!.setNode(zoneNode('c', 'z3')); return n; }, zones: [['z1', 1], ['z2', 0], ['z3', 0]] },
  { name: 'a node gained the zone label', change: (n) => { n[3]!.setNode(zoneNode('x', 'z0')); return n; }, zones: [['z1', 1], ['z2', 0], ['z0', 0]] },
  { name: 'a node removed from the list', change: (n) => n.filter((i) => i.name !== 'a'), zones: [['z2', 0], ['z1', 0]] },
];

describe('DomainCounter', () => {
  it.each(changes)('after "$name" it counts what a fresh count does', ({ change, zones }) => {
    const counter = new DomainCounter();
    const nodes = cluster();
    counter.count(incoming, constraints, nodes, rule);
    const after = change(nodes);
    const kept = plain(counter.count(incoming, constraints, after, rule));
    expect(kept).toEqual(plain(new DomainCounter().count(incoming, constraints, after, rule)));
    expect(kept.counts[0]).toEqual(zones);
  });

  it('lists a node without the topology keys as skipped', () => {
    const d = new DomainCounter().count(incoming, constraints, cluster(), rule);
    expect(d.skipped[0]).toEqual([{ node: 'x', reason: 'MissingTopologyKey', missingKeys: ['zone'] }]);
  });

  // the cache's node list has a change log: the counter recounts the nodes it names
  const throughCache: { name: string; change: (cache: SchedulerCache) => void; zones: [string, number][] }[] = [
    { name: 'nothing', change: () => {}, zones: [['z1', 1], ['z2', 0]] },
    { name: 'a matching pod bound', change: (c) => { c.addPod(newPodInfo(pod('p3', 'b', { foo: '' })), 'b'); }, zones: [['z1', 1], ['z2', 1]] },
    { name: 'a matching pod bound twice over', change: (c) => { for (const n of ['p3', 'p4']) c.addPod(newPodInfo(pod(n, 'c', { foo: '' })), 'c'); }, zones: [['z1', 3], ['z2', 0]] },
    { name: 'a matching pod removed', change: (c) => { c.removePod('default/p1'); }, zones: [['z1', 0], ['z2', 0]] },
    { name: 'a matching pod terminating', change: (c) => { terminating(c.nodeInfo('a')!.pods[0]!.pod); c.podChanged('default/p1'); }, zones: [['z1', 0], ['z2', 0]] },
    { name: 'a node gained the zone label', change: (c) => { c.updateNode(zoneNode('x', 'z0')); }, zones: [['z1', 1], ['z2', 0], ['z0', 0]] },
  ];

  it.each(throughCache)('after "$name" in the cache it counts what a fresh count does', ({ change, zones }) => {
    const cache = new SchedulerCache();
    for (const n of [zoneNode('a', 'z1'), zoneNode('b', 'z2'), zoneNode('c', 'z1'), node('x', { node: 'x' })]) cache.addNode(n);
    cache.addPod(newPodInfo(pod('p1', 'a', { foo: '' })), 'a');
    cache.addPod(newPodInfo(pod('p2', 'b', { bar: '' })), 'b');
    const counter = new DomainCounter();
    counter.count(incoming, constraints, cache.snapshot().nodeInfoList, rule);
    change(cache);
    const after = cache.snapshot().nodeInfoList;
    const kept = plain(counter.count(incoming, constraints, after, rule));
    expect(kept).toEqual(plain(new DomainCounter().count(incoming, constraints, after, rule)));
    expect(kept.counts[0]).toEqual(zones);
  });
});
