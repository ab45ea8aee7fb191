// Fixes for a member of a PodGroup that did not schedule: more nodes of the pool the group needs,
// a smaller gang minCount (v1.37+, where the API server lets it change), a wider topology level —
// each verified by re-simulating the group, ranked capacity first (./rank.ts).
// upstream: pkg/scheduler/schedule_one_podgroup.go (all-or-nothing), staging/src/k8s.io/api/scheduling/v1beta1 (minCount mutable).
import { describe, expect, it } from 'vitest';
import { loadExpandedScenario, simulate } from '../index';
import gang from '../../../scenarios/gang-podgroup.yaml?raw';
import rack from '../../../scenarios/topology-training-rack.yaml?raw';
import type { Node } from '../model/types';
import type { ScenarioEdit } from './edits';
import { widerTopologyKeys } from './podGroupFixes';
import { schedulingApiFor } from '../testing/schedulingApi';
import { rankFixes, searchFixes, type VerifiedFix } from './verify';

function search(text: string, pod: string) {
  const loaded = loadExpandedScenario(text);
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => `${e.line}: ${e.message}`).join('\n'));
  const baseline = simulate(text);
  if (!baseline.ok) throw new Error('baseline');
  expect(baseline.result.pods.find((p) => p.pod === pod)?.node).toBeUndefined();
  const s = searchFixes(loaded.scenario, baseline.result, pod);
  const fixes: VerifiedFix[] = [];
  for (let f = s.next(); f !== undefined; f = s.next()) if (f) fixes.push(f);
  return { fixes: rankFixes(fixes), failures: s.failures };
}

// the gang of four without node-4 joining at t=60: three nodes hold three workers for good
const gangStuck = gang.replace(/ {2}timeline:[\s\S]*?(?=---)/, '');
const gang136 = schedulingApiFor(gangStuck.replace('kubernetesVersion: "1.37"', 'kubernetesVersion: "1.36"'), '1.36');
// no rack holds four 2500m workers (one per 4-cpu node, two nodes a rack); racks a and b make zone z1, which holds four
const racksInZones = rack.replaceAll('cpu: 1500m', 'cpu: 2500m').replace('cpu: "3"', 'cpu: "1"')
  .replace(/rack: rack-([ab])}/g, 'rack: rack-$1, topology.kubernetes.io/zone: z1}').replace(/rack: rack-c}/g, 'rack: rack-c, topology.kubernetes.io/zone: z2}');

// a topology key no node carries: TopologyPlacement generates no placement at all
const rackTypo = rack.replaceAll('key: topology.kubernetes.io/rack', 'key: topology.kubernetes.io/rak');
// an unrelated key no node carries, nodes in two pools (racks a and b: pool p1; rack c: pool p2)
const superpodPools = rack.replaceAll('key: topology.kubernetes.io/rack', 'key: example.com/superpod')
  .replace(/rack: rack-([ab])}/g, 'rack: rack-$1, pool: p1}').replace(/rack: rack-c}/g, 'rack: rack-c, pool: p2}');
const label = (nodes: string[], key: string, value: string): ScenarioEdit[] => nodes.map((node) => ({ kind: 'node-label', node, key, value }));

const GROUP = 'default/training-workers-0';
const addNodes = (like: string, names: string[]): ScenarioEdit[] => names.map((name) => ({ kind: 'add-node', like, name, pool: {} }));

describe('pod-group fixes, verified and ranked', () => {
  it.each<[string, string, string, ScenarioEdit[][]]>([
    ['1.37 gang short of one node, a placed member: a node like one it used, then minCount 3', gangStuck, 'default/worker-0', [
      addNodes('node-1', ['node-1-2']),
      [{ kind: 'pod-group', group: GROUP, change: 'min-count', from: 4, minCount: 3 }],
    ]],
    ['1.36 gang: minCount is immutable (v1alpha2), only the node', gang136, 'default/worker-0', [addNodes('node-1', ['node-1-2'])]],
    ['1.36 no rack holds the job: two nodes of the closest rack, then zone, then no constraint', racksInZones, 'default/worker-0', [
      addNodes('a2', ['a2-2', 'a2-3']),
      [{ kind: 'pod-group', group: GROUP, change: 'topology', from: 'topology.kubernetes.io/rack', key: 'topology.kubernetes.io/zone' }],
      [{ kind: 'pod-group', group: GROUP, change: 'topology', from: 'topology.kubernetes.io/rack' }],
    ]],
    ['1.36 a typo in the topology key no node has: the key the nodes have (a spec mistake), then no constraint', rackTypo, 'default/worker-0', [
      [{ kind: 'pod-group', group: GROUP, change: 'topology', from: 'topology.kubernetes.io/rak', key: 'topology.kubernetes.io/rack' }],
      [{ kind: 'pod-group', group: GROUP, change: 'topology', from: 'topology.kubernetes.io/rak' }],
    ]],
    ['1.36 a key no node has and none like it: no constraint (Relax), then the key on each pool\'s nodes (NodeScoped)', superpodPools, 'default/worker-0', [
      [{ kind: 'pod-group', group: GROUP, change: 'topology', from: 'example.com/superpod' }],
      label(['a1', 'a2', 'b1', 'b2'], 'example.com/superpod', 'p1'),
      label(['c1', 'c2'], 'example.com/superpod', 'p2'),
    ]],
  ])('%s', (_name, text, pod, expected) => {
    const { fixes } = search(text, pod);
    expect(fixes.map((f) => f.candidate.edits)).toEqual(expected);
    for (const f of fixes) expect(f.sideEffects).toEqual([]);
  });

  it('the member that found no node: a smaller minCount leaves it Pending, so it is no fix for it', () => {
    const { fixes, failures } = search(gangStuck, 'default/worker-3');
    expect(fixes.some((f) => f.candidate.kind === 'pod-group')).toBe(false);
    expect(failures.find((f) => f.candidate.kind === 'pod-group')?.reason).toMatch(/^the pod stays Pending: 0\/3 nodes are available: 3 Insufficient cpu\./);
  });

  it('ranks more nodes (Capacity) above weakening the group (Relax)', () => {
    const { fixes } = search(gangStuck, 'default/worker-0');
    expect(fixes.map((f) => f.tier)).toEqual([1, 2]);
  });
});

const n = (name: string, labels: Record<string, string>): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } }, spec: {}, status: { allocatable: {} } }) as unknown as Node;

describe('widerTopologyKeys', () => {
  it.each<[string, Node[], string, string[]]>([
    ['zone holds whole racks', [n('a', { rack: 'r1', zone: 'z1' }), n('b', { rack: 'r2', zone: 'z1' }), n('c', { rack: 'r3', zone: 'z2' })], 'rack', ['zone']],
    ['finest wider level first', [n('a', { rack: 'r1', block: 'b1', zone: 'z1' }), n('b', { rack: 'r2', block: 'b1', zone: 'z1' }), n('c', { rack: 'r3', block: 'b2', zone: 'z1' })], 'rack', ['block', 'zone']],
    ['a zone that splits a rack is no wider level', [n('a', { rack: 'r1', zone: 'z1' }), n('b', { rack: 'r1', zone: 'z2' }), n('c', { rack: 'r2', zone: 'z2' })], 'rack', []],
    ['as many domains is not wider', [n('a', { rack: 'r1', zone: 'z1' }), n('b', { rack: 'r2', zone: 'z2' })], 'rack', []],
    ['a key some rack node lacks is not a level', [n('a', { rack: 'r1', zone: 'z1' }), n('b', { rack: 'r2' })], 'rack', []],
    ['no node has the key', [n('a', { zone: 'z1' })], 'rack', []],
  ])('%s', (_name, nodes, key, expected) => {
    expect(widerTopologyKeys(nodes, key)).toEqual(expected);
  });
});
