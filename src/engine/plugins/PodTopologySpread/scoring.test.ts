// PreScore/Score/NormalizeScore, from upstream podtopologyspread/scoring_test.go (TestPreScoreSkip,
// TestPreScoreStateEmptyNodes, TestPodTopologySpreadScore). TestPodTopologySpreadScore runs with
// defaultingType System, as upstream's does. The gate-disabled matchLabelKeys row is left out.

import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { newPodInfo } from '../../framework/podInfo';
import type { LabelSelector, Node, Pod, Service, Workload } from '../../model/types';
import { makePod } from '../../testing/builders';
import { runScore } from '../../testing/framework';
import type { PodTopologySpreadArgs } from './args';
import { getPreScoreState, HostnameCounts, topologyNormalizingWeight } from './scoring';
import { countPodsMatchSelector } from './common';
import { NodeInfo } from '../../framework/nodeInfo';
import { compileLabelSelector } from '../../model/selectors';
import { barSelector, canonicalSelector, fooSelector, node, pod, spreadEnv, taints, spreadPod } from './testing';

const HOSTNAME = 'kubernetes.io/hostname';
const ZONE = 'topology.kubernetes.io/zone';
const foo = { foo: '' };
const fooBar = { foo: '', bar: '' };

const hostNode = (name: string, labels: Record<string, string> = {}, nodeTaints?: typeof taints): Node => node(name, { [HOSTNAME]: name, ...labels }, nodeTaints);
const replicaSet = (name: string, selector: LabelSelector): Workload =>
  ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name, namespace: 'default' }, spec: { selector, template: { spec: { containers: [] } } } });
const service = (selector: Record<string, string>): Service => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'svc' }, spec: { selector } });
const list: PodTopologySpreadArgs = { defaultingType: 'List' };

describe('PodTopologySpread PreScore Skip (TestPreScoreSkip)', () => {
  const rows: { name: string; pod: Pod; nodes: Node[]; workloads?: Workload[]; args: PodTopologySpreadArgs }[] = [
    {
      name: "the pod doesn't have soft topology spread Constraints",
      pod: makePod().name('p').obj(), args: list,
      nodes: [hostNode('node-a'), hostNode('node-b')],
    },
    {
      name: "default constraints and a replicaset that doesn't match",
      pod: makePod().name('p').labels({ foo: 'bar', baz: 'sup' }).ownerReference('ReplicaSet', 'rs2').obj(),
      args: { defaultingType: 'List', defaultConstraints: [{ maxSkew: 2, topologyKey: 'planet', whenUnsatisfiable: 'ScheduleAnyway' }] },
      nodes: [node('node-a', { planet: 'mars' })],
      workloads: [replicaSet('rs1', { matchExpressions: [{ key: 'tar', operator: 'Exists' }] })],
    },
  ];
  it.each(rows)('$name', (row) => {
    const { env, plugin } = spreadEnv({ nodes: row.nodes, workloads: row.workloads }, row.args);
    const status = plugin.preScore!(new CycleState(), newPodInfo(row.pod), env.snapshot.nodeInfoList);
    expect(status.code).toBe('Skip');
  });
});

interface WantPreScore {
  constraints: { maxSkew: number; topologyKey: string; selector: LabelSelector | null; nodeAffinityPolicy?: 'Honor' | 'Ignore'; nodeTaintsPolicy?: 'Honor' | 'Ignore' }[];
  ignoredNodes: string[];
  /** v1.35 keeps no per-value entries for kubernetes.io/hostname (counted in Score) */
  counts: Record<string, number>[];
  weights: number[];
}

const zoneNodes = (xLabels: Record<string, string> = {}, xTaints?: typeof taints): Node[] => [
  hostNode('node-a', { zone: 'zone1', foo: '' }), hostNode('node-b', { zone: 'zone1', foo: '' }), hostNode('node-x', { zone: 'zone2', ...xLabels }, xTaints),
];
const zoneBar = { maxSkew: 1, topologyKey: 'zone', selector: barSelector };

describe('PodTopologySpread PreScore state (TestPreScoreStateEmptyNodes)', () => {
  const rows: { name: string; pod: Pod; nodes: Node[]; workloads?: Workload[]; args: PodTopologySpreadArgs; want: WantPreScore }[] = [
    {
      name: 'normal case',
      pod: spreadPod(foo, [1, 'zone', 'ScheduleAnyway', fooSelector], [1, HOSTNAME, 'ScheduleAnyway', fooSelector]).obj(),
      nodes: [hostNode('node-a', { zone: 'zone1' }), hostNode('node-b', { zone: 'zone1' }), hostNode('node-x', { zone: 'zone2' })], args: list,
      want: {
        constraints: [{ maxSkew: 1, topologyKey: 'zone', selector: fooSelector }, { maxSkew: 1, topologyKey: HOSTNAME, selector: fooSelector }],
        ignoredNodes: [], counts: [{ zone1: 0, zone2: 0 }, {}], weights: [topologyNormalizingWeight(2), topologyNormalizingWeight(3)],
      },
    },
    {
      name: 'null selector',
      pod: spreadPod(foo, [1, 'zone', 'ScheduleAnyway', undefined]).obj(),
      nodes: [hostNode('node-a', { zone: 'zone1' }), hostNode('node-b', { zone: 'zone1' }), hostNode('node-x', { zone: 'zone2' })], args: list,
      want: { constraints: [{ maxSkew: 1, topologyKey: 'zone', selector: null }], ignoredNodes: [], counts: [{ zone1: 0, zone2: 0 }], weights: [topologyNormalizingWeight(2)] },
    },
    {
      name: "node-x doesn't have label zone",
      pod: spreadPod(foo, [1, 'zone', 'ScheduleAnyway', fooSelector], [1, HOSTNAME, 'ScheduleAnyway', barSelector]).obj(),
      nodes: [hostNode('node-a', { zone: 'zone1' }), hostNode('node-b', { zone: 'zone1' }), hostNode('node-x')], args: list,
      want: {
        constraints: [{ maxSkew: 1, topologyKey: 'zone', selector: fooSelector }, { maxSkew: 1, topologyKey: HOSTNAME, selector: barSelector }],
        ignoredNodes: ['node-x'], counts: [{ zone1: 0 }, {}], weights: [topologyNormalizingWeight(1), topologyNormalizingWeight(2)],
      },
    },
    {
      name: 'system default constraints and a replicaset',
      pod: makePod().name('p').labels({ foo: 'tar', baz: 'sup' }).ownerReference('ReplicaSet', 'rs1').obj(),
      args: { defaultingType: 'System' },
      // Nodes with no zone are not excluded. They are considered a separate zone.
      nodes: [hostNode('node-a', { [ZONE]: 'mars' }), hostNode('node-b', { [ZONE]: 'mars' }), hostNode('node-c'), hostNode('node-d')],
      workloads: [replicaSet('rs1', fooSelector)],
      want: {
        constraints: [{ maxSkew: 3, topologyKey: HOSTNAME, selector: fooSelector }, { maxSkew: 5, topologyKey: ZONE, selector: fooSelector }],
        ignoredNodes: [], counts: [{}, { mars: 0, '': 0 }], weights: [topologyNormalizingWeight(4), topologyNormalizingWeight(2)],
      },
    },
    {
      name: 'default constraints and a replicaset',
      pod: makePod().name('p').labels({ foo: 'tar', baz: 'sup' }).ownerReference('ReplicaSet', 'rs1').obj(),
      args: {
        defaultingType: 'List',
        defaultConstraints: [
          { maxSkew: 1, topologyKey: HOSTNAME, whenUnsatisfiable: 'ScheduleAnyway' },
          { maxSkew: 2, topologyKey: 'rack', whenUnsatisfiable: 'DoNotSchedule' },
          { maxSkew: 2, topologyKey: 'planet', whenUnsatisfiable: 'ScheduleAnyway' },
        ],
      },
      nodes: [hostNode('node-a', { rack: 'rack1', planet: 'mars' })],
      workloads: [replicaSet('rs1', fooSelector)],
      want: {
        constraints: [{ maxSkew: 1, topologyKey: HOSTNAME, selector: fooSelector }, { maxSkew: 2, topologyKey: 'planet', selector: fooSelector }],
        ignoredNodes: [], counts: [{}, { mars: 0 }], weights: [topologyNormalizingWeight(1), topologyNormalizingWeight(1)],
      },
    },
    {
      name: 'default constraints and a replicaset, but pod has constraints',
      pod: spreadPod({ foo: 'bar', baz: 'sup' }, [1, 'zone', 'DoNotSchedule', barSelector], [2, 'planet', 'ScheduleAnyway', { matchLabels: { baz: 'sup' } }]).ownerReference('ReplicaSet', 'rs1').obj(),
      args: { defaultingType: 'List', defaultConstraints: [{ maxSkew: 2, topologyKey: 'galaxy', whenUnsatisfiable: 'ScheduleAnyway' }] },
      nodes: [node('node-a', { planet: 'mars', galaxy: 'andromeda' })],
      workloads: [replicaSet('rs1', fooSelector)],
      want: { constraints: [{ maxSkew: 2, topologyKey: 'planet', selector: { matchLabels: { baz: 'sup' } } }], ignoredNodes: [], counts: [{ mars: 0 }], weights: [topologyNormalizingWeight(1)] },
    },
    {
      name: 'NodeAffinityPolicy honored with labelSelectors',
      pod: spreadPod(foo, [1, 'zone', 'ScheduleAnyway', barSelector]).nodeSelector({ foo: '' }).obj(), nodes: zoneNodes(), args: list,
      want: { constraints: [zoneBar], ignoredNodes: [], counts: [{ zone1: 0, zone2: 0 }], weights: [topologyNormalizingWeight(2)] },
    },
    {
      name: 'NodeAffinityPolicy ignored with labelSelectors',
      pod: spreadPod(foo, [1, 'zone', 'ScheduleAnyway', barSelector, { nodeAffinityPolicy: 'Ignore' }]).nodeSelector({ foo: '' }).obj(), nodes: zoneNodes(), args: list,
      want: { constraints: [{ ...zoneBar, nodeAffinityPolicy: 'Ignore' }], ignoredNodes: [], counts: [{ zone1: 0, zone2: 0 }], weights: [topologyNormalizingWeight(2)] },
    },
    {
      name: 'NodeAffinityPolicy honored with nodeAffinity',
      pod: spreadPod(foo, [1, 'zone', 'ScheduleAnyway', barSelector]).nodeAffinityIn('foo', ['']).obj(), nodes: zoneNodes(), args: list,
      want: { constraints: [zoneBar], ignoredNodes: [], counts: [{ zone1: 0, zone2: 0 }], weights: [topologyNormalizingWeight(2)] },
    },
    {
      name: 'NodeAffinityPolicy ignored with nodeAffinity',
      pod: spreadPod(foo, [1, 'zone', 'ScheduleAnyway', barSelector, { nodeAffinityPolicy: 'Ignore' }]).nodeAffinityIn('foo', ['']).obj(), nodes: zoneNodes(), args: list,
      want: { constraints: [{ ...zoneBar, nodeAffinityPolicy: 'Ignore' }], ignoredNodes: [], counts: [{ zone1: 0, zone2: 0 }], weights: [topologyNormalizingWeight(2)] },
    },
    {
      name: 'NodeTaintsPolicy honored',
      pod: spreadPod(foo, [1, 'zone', 'ScheduleAnyway', barSelector, { nodeTaintsPolicy: 'Honor' }]).obj(), nodes: zoneNodes({}, taints), args: list,
      want: { constraints: [{ ...zoneBar, nodeTaintsPolicy: 'Honor' }], ignoredNodes: [], counts: [{ zone1: 0, zone2: 0 }], weights: [topologyNormalizingWeight(2)] },
    },
    {
      name: 'NodeTaintsPolicy ignored',
      pod: spreadPod(foo, [1, 'zone', 'ScheduleAnyway', barSelector]).obj(), nodes: zoneNodes({}, taints), args: list,
      want: { constraints: [zoneBar], ignoredNodes: [], counts: [{ zone1: 0, zone2: 0 }], weights: [topologyNormalizingWeight(2)] },
    },
  ];
  it.each(rows)('$name', (row) => {
    const { env, plugin } = spreadEnv({ nodes: row.nodes, workloads: row.workloads }, row.args);
    const state = new CycleState();
    expect(plugin.preScore!(state, newPodInfo(row.pod), env.snapshot.nodeInfoList).code).toBe('Success');
    const s = getPreScoreState(state)!;
    expect(s.constraints.map((c) => ({ maxSkew: c.maxSkew, topologyKey: c.topologyKey, selector: canonicalSelector(c.labelSelector), minDomains: c.minDomains, nodeAffinityPolicy: c.nodeAffinityPolicy, nodeTaintsPolicy: c.nodeTaintsPolicy })))
      .toEqual(row.want.constraints.map((c) => ({ minDomains: 1, nodeAffinityPolicy: 'Honor', nodeTaintsPolicy: 'Ignore', ...c, selector: canonicalSelector(c.selector) })));
    expect([...s.ignoredNodes]).toEqual(row.want.ignoredNodes);
    expect(s.topologyValueToPodCounts.map((m) => Object.fromEntries(m))).toEqual(row.want.counts);
    expect(s.topologyNormalizingWeight).toEqual(row.want.weights);
  });
});

interface ScoreRow {
  name: string;
  pod: Pod;
  existingPods?: Pod[];
  /** feasible nodes */
  nodes: Node[];
  /** nodes + failedNodes = all nodes */
  failedNodes?: Node[];
  services?: Service[];
  want: Record<string, number>;
}

const fourHosts = (): Node[] => ['node-a', 'node-b', 'node-c', 'node-d'].map((n) => hostNode(n));
/** matching pods spread as 2/1/0/3 */
const pods2103 = (): Pod[] => [pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', foo), pod('p-b1', 'node-b', foo), pod('p-d1', 'node-d', foo), pod('p-d2', 'node-d', foo), pod('p-d3', 'node-d', foo)];
/** matching pods spread as 4/3/2/1 */
const pods4321 = (): Pod[] => [
  pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', foo), pod('p-a3', 'node-a', foo), pod('p-a4', 'node-a', foo),
  pod('p-b1', 'node-b', foo), pod('p-b2', 'node-b', foo), pod('p-b3', 'node-b', foo), pod('p-c1', 'node-c', foo), pod('p-c2', 'node-c', foo), pod('p-d1', 'node-d', foo),
];
/** matching pods spread as 4/2/1/3 over node-a, node-b, node-x, node-y */
const pods4213 = (): Pod[] => [
  pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', foo), pod('p-a3', 'node-a', foo), pod('p-a4', 'node-a', foo), pod('p-b1', 'node-b', foo), pod('p-b2', 'node-b', foo),
  pod('p-x1', 'node-x', foo), pod('p-y1', 'node-y', foo), pod('p-y2', 'node-y', foo), pod('p-y3', 'node-y', foo),
];
const zoneHost = (name: string, zone: string): Node => hostNode(name, { zone });
const zoneHosts = (): Node[] => [zoneHost('node-a', 'zone1'), zoneHost('node-b', 'zone1'), zoneHost('node-x', 'zone2'), zoneHost('node-y', 'zone2')];
const hostFoo = (maxSkew = 1) => spreadPod(foo, [maxSkew, HOSTNAME, 'ScheduleAnyway', fooSelector]);
const zoneHostFoo = () => spreadPod(foo, [1, 'zone', 'ScheduleAnyway', fooSelector], [1, HOSTNAME, 'ScheduleAnyway', fooSelector]);
const zoneFooHostBar = () => spreadPod(fooBar, [1, 'zone', 'ScheduleAnyway', fooSelector], [1, HOSTNAME, 'ScheduleAnyway', barSelector]);
const abcNodes = (cTaints?: typeof taints): Node[] => [node('node-a', { node: 'node-a', foo: '' }), node('node-b', { node: 'node-b', foo: '' }), node('node-c', { node: 'node-c' }, cTaints)];
const abcTaintNodes = (): Node[] => [node('node-a', { node: 'node-a' }), node('node-b', { node: 'node-b' }), node('node-c', { node: 'node-c' }, taints)];
const abcPods = (): Pod[] => [pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', foo), pod('p-b1', 'node-b', foo), pod('p-c1', 'node-c', foo)];
const matchLabelKeysNodes = (): Node[] => [zoneHost('node-a', 'zone1'), zoneHost('node-b', 'zone1'), zoneHost('node-c', 'zone2'), zoneHost('node-d', 'zone2')];

const scoreRows: ScoreRow[] = [
  { name: 'one constraint on node, no existing pods', pod: hostFoo().obj(), nodes: [hostNode('node-a'), hostNode('node-b')], want: { 'node-a': 100, 'node-b': 100 } },
  {
    name: 'one constraint on node, only one node is candidate',
    pod: hostFoo().obj(), existingPods: [pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', foo), pod('p-b1', 'node-b', foo)],
    nodes: [hostNode('node-a')], failedNodes: [hostNode('node-b')], want: { 'node-a': 100 },
  },
  {
    name: 'one constraint on node, all nodes have the same number of matching pods',
    pod: hostFoo().obj(), existingPods: [pod('p-a1', 'node-a', foo), pod('p-b1', 'node-b', foo)],
    nodes: [hostNode('node-a'), hostNode('node-b')], want: { 'node-a': 100, 'node-b': 100 },
  },
  {
    name: 'one constraint on node, all 4 nodes are candidates',
    pod: hostFoo().obj(), existingPods: pods2103(), nodes: fourHosts(),
    want: { 'node-a': 20, 'node-b': 60, 'node-c': 100, 'node-d': 0 },
  },
  {
    name: 'one constraint on node, null selector',
    pod: spreadPod(foo, [1, HOSTNAME, 'ScheduleAnyway', undefined]).obj(), existingPods: pods2103(), nodes: fourHosts(),
    want: { 'node-a': 100, 'node-b': 100, 'node-c': 100, 'node-d': 100 },
  },
  {
    name: 'one constraint on node, all 4 nodes are candidates, maxSkew=2',
    pod: hostFoo(2).obj(), existingPods: pods2103(), nodes: fourHosts(),
    want: { 'node-a': 33, 'node-b': 66, 'node-c': 100, 'node-d': 16 },
  },
  {
    name: 'one constraint on node, all 4 nodes are candidates, maxSkew=3',
    pod: hostFoo(3).obj(), existingPods: pods4321(), nodes: fourHosts(),
    want: { 'node-a': 44, 'node-b': 66, 'node-c': 77, 'node-d': 100 },
  },
  {
    // Same scores as if we were using one spreading constraint.
    name: "system defaulting, nodes don't have zone, pods match service",
    pod: makePod().name('p').label('foo', '').obj(), existingPods: pods4321(), nodes: fourHosts(), services: [service({ foo: '' })],
    want: { 'node-a': 44, 'node-b': 66, 'node-c': 77, 'node-d': 100 },
  },
  {
    name: 'one constraint on node, 3 out of 4 nodes are candidates',
    pod: hostFoo().obj(), existingPods: pods4213(),
    nodes: [hostNode('node-a'), hostNode('node-b'), hostNode('node-x')], failedNodes: [hostNode('node-y')],
    want: { 'node-a': 33, 'node-b': 83, 'node-x': 100 },
  },
  {
    name: "one constraint on node, 3 out of 4 nodes are candidates, one node doesn't match topology key",
    pod: hostFoo().obj(), existingPods: pods4213(),
    nodes: [hostNode('node-a'), node('node-b', { n: 'node-b' }), hostNode('node-x')], failedNodes: [hostNode('node-y')],
    want: { 'node-a': 16, 'node-b': 0, 'node-x': 100 },
  },
  {
    name: 'one constraint on zone, 3 out of 4 nodes are candidates',
    pod: spreadPod(foo, [1, 'zone', 'ScheduleAnyway', fooSelector]).obj(), existingPods: pods4213(),
    nodes: zoneHosts().slice(0, 3), failedNodes: zoneHosts().slice(3),
    want: { 'node-a': 75, 'node-b': 75, 'node-x': 100 },
  },
  {
    name: 'two Constraints on zone and node, 2 out of 4 nodes are candidates',
    pod: zoneHostFoo().obj(),
    existingPods: [
      pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', foo), pod('p-b1', 'node-b', foo), pod('p-x1', 'node-x', foo), pod('p-x2', 'node-x', foo),
      pod('p-y1', 'node-y', foo), pod('p-y2', 'node-y', foo), pod('p-y3', 'node-y', foo), pod('p-y4', 'node-y', foo),
    ],
    nodes: [zoneHost('node-a', 'zone1'), zoneHost('node-x', 'zone2')], failedNodes: [zoneHost('node-b', 'zone1'), zoneHost('node-y', 'zone2')],
    want: { 'node-a': 100, 'node-x': 63 },
  },
  {
    name: 'two Constraints on zone and node, with different labelSelectors',
    pod: zoneFooHostBar().obj(),
    existingPods: [pod('p-a1', 'node-a', foo), pod('p-b1', 'node-b', fooBar), pod('p-y1', 'node-y', foo), pod('p-y2', 'node-y', { bar: '' })],
    nodes: zoneHosts(), want: { 'node-a': 60, 'node-b': 20, 'node-x': 100, 'node-y': 60 },
  },
  {
    name: 'two Constraints on zone and node, with different labelSelectors, some nodes have 0 pods',
    pod: zoneFooHostBar().obj(),
    existingPods: [pod('p-b1', 'node-b', { bar: '' }), pod('p-x1', 'node-x', foo), pod('p-y1', 'node-y', fooBar)],
    nodes: zoneHosts(), want: { 'node-a': 100, 'node-b': 60, 'node-x': 40, 'node-y': 0 },
  },
  {
    name: 'two Constraints on zone and node, with different labelSelectors, 3 out of 4 nodes are candidates',
    pod: zoneFooHostBar().obj(),
    existingPods: [pod('p-a1', 'node-a', foo), pod('p-b1', 'node-b', fooBar), pod('p-y1', 'node-y', foo), pod('p-y2', 'node-y', { bar: '' })],
    nodes: zoneHosts().slice(0, 3), failedNodes: zoneHosts().slice(3),
    want: { 'node-a': 50, 'node-b': 25, 'node-x': 100 },
  },
  {
    name: 'existing pods in a different namespace do not count',
    pod: hostFoo().obj(),
    existingPods: [pod('p-a1', 'node-a', foo, 'ns1'), pod('p-a2', 'node-a', foo), pod('p-b1', 'node-b', foo), pod('p-b2', 'node-b', foo)],
    nodes: [hostNode('node-a'), hostNode('node-b')], want: { 'node-a': 100, 'node-b': 33 },
  },
  {
    name: 'terminating Pods should be excluded',
    pod: hostFoo().obj(),
    existingPods: [makePod().name('p-a').node('node-a').label('foo', '').terminating().obj(), pod('p-b', 'node-b', foo)],
    nodes: [hostNode('node-a'), hostNode('node-b')], want: { 'node-a': 100, 'node-b': 0 },
  },
  {
    // Artificial: the API server rejects minDomains with ScheduleAnyway.
    name: 'minDomains has no effect when ScheduleAnyway',
    pod: spreadPod(foo, [2, 'node', 'ScheduleAnyway', fooSelector, { minDomains: 10 }]).obj(),
    existingPods: [pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', foo), pod('p-b1', 'node-b', foo), pod('p-b2', 'node-b', foo), pod('p-c1', 'node-c', foo)],
    nodes: [node('node-a', { node: 'node-a' }), node('node-b', { node: 'node-b' }), node('node-c', { node: 'node-c' })],
    want: { 'node-a': 75, 'node-b': 75, 'node-c': 100 },
  },
  {
    name: 'NodeAffinityPolicy honoed with labelSelectors',
    pod: spreadPod(foo, [1, 'node', 'ScheduleAnyway', fooSelector]).nodeSelector({ foo: '' }).obj(), existingPods: abcPods(), nodes: abcNodes(),
    want: { 'node-a': 0, 'node-b': 33, 'node-c': 100 },
  },
  {
    name: 'NodeAffinityPolicy ignored with labelSelectors',
    pod: spreadPod(foo, [1, 'node', 'ScheduleAnyway', fooSelector, { nodeAffinityPolicy: 'Ignore' }]).nodeSelector({ foo: '' }).obj(), existingPods: abcPods(), nodes: abcNodes(),
    want: { 'node-a': 66, 'node-b': 100, 'node-c': 100 },
  },
  {
    name: 'NodeAffinityPolicy honoed with nodeAffinity',
    pod: spreadPod(foo, [1, 'node', 'ScheduleAnyway', fooSelector]).nodeAffinityIn('foo', ['']).obj(), existingPods: abcPods(), nodes: abcNodes(),
    want: { 'node-a': 0, 'node-b': 33, 'node-c': 100 },
  },
  {
    name: 'NodeAffinityPolicy ignored with nodeAffinity',
    pod: spreadPod(foo, [1, 'node', 'ScheduleAnyway', fooSelector, { nodeAffinityPolicy: 'Ignore' }]).nodeAffinityIn('foo', ['']).obj(), existingPods: abcPods(), nodes: abcNodes(),
    want: { 'node-a': 66, 'node-b': 100, 'node-c': 100 },
  },
  {
    name: 'NodeTaintsPolicy honored',
    pod: spreadPod(foo, [1, 'node', 'ScheduleAnyway', fooSelector, { nodeTaintsPolicy: 'Honor' }]).obj(), existingPods: abcPods(), nodes: abcTaintNodes(),
    want: { 'node-a': 0, 'node-b': 33, 'node-c': 100 },
  },
  {
    name: 'NodeTaintsPolicy ignored',
    pod: spreadPod(foo, [1, 'node', 'ScheduleAnyway', fooSelector]).obj(), existingPods: abcPods(), nodes: abcTaintNodes(),
    want: { 'node-a': 66, 'node-b': 100, 'node-c': 100 },
  },
  {
    name: 'matchLabelKeys ANDed with LabelSelector when LabelSelector is empty',
    pod: spreadPod(fooBar, [1, 'zone', 'ScheduleAnyway', {}, { matchLabelKeys: ['foo'] }], [1, HOSTNAME, 'ScheduleAnyway', {}, { matchLabelKeys: ['bar'] }]).obj(),
    existingPods: [pod('p-a1', 'node-a', foo), pod('p-b1', 'node-b', fooBar), pod('p-y1', 'node-c', foo), pod('p-y2', 'node-c', { bar: '' })],
    nodes: matchLabelKeysNodes(), want: { 'node-a': 60, 'node-b': 20, 'node-c': 60, 'node-d': 100 },
  },
  {
    name: "matchLabelKeys ANDed with LabelSelector when LabelSelector isn't empty",
    pod: spreadPod({ foo: '', bar: '', baz: '' }, [1, 'zone', 'ScheduleAnyway', fooSelector], [1, HOSTNAME, 'ScheduleAnyway', barSelector, { matchLabelKeys: ['baz'] }]).obj(),
    existingPods: [
      pod('p-a1', 'node-a', foo), pod('p-b1', 'node-b', { foo: '', bar: '', baz: '' }), pod('p-c1', 'node-c', foo),
      pod('p-c2', 'node-c', { bar: '' }), pod('p-d3', 'node-c', { bar: '', baz: '' }),
    ],
    nodes: matchLabelKeysNodes(), want: { 'node-a': 60, 'node-b': 20, 'node-c': 60, 'node-d': 100 },
  },
];

describe('PodTopologySpread Score (TestPodTopologySpreadScore)', () => {
  it.each(scoreRows)('$name', (row) => {
    const allNodes = [...row.nodes, ...(row.failedNodes ?? [])];
    const { env, plugin } = spreadEnv({ nodes: allNodes, pods: row.existingPods, services: row.services }, { defaultingType: 'System' });
    const { preScore, normalized } = runScore(plugin, env, row.pod, row.nodes.map((n) => n.metadata.name));
    expect(preScore.code).toBe('Success');
    expect(Object.fromEntries(normalized!.map((e) => [e.name, e.score]))).toEqual(row.want);
  });
});

// extension (issue 19): PreScore's numbers kept in its status for the stage, when the pod writes
// its constraints; the defaults every other pod gets leave the trace as it was.
describe('PodTopologySpread PreScore details (extension)', () => {
  const nodes = [hostNode('node-a', { zone: 'zone1' }), hostNode('node-b', { zone: 'zone1' }), hostNode('node-x', { zone: 'zone2' }), hostNode('bare')];
  const pods = [pod('p1', 'node-a', foo), pod('p2', 'node-b', foo), pod('other', 'node-x', { bar: '' })];
  const rows: { name: string; pod: Pod; args: PodTopologySpreadArgs; want: unknown }[] = [
    {
      name: 'a zone constraint: matching pods per domain of the feasible nodes; bare lacks the key',
      pod: spreadPod(foo, [1, 'zone', 'ScheduleAnyway', fooSelector]).obj(), args: list,
      want: [{ topologyKey: 'zone', maxSkew: 1, whenUnsatisfiable: 'ScheduleAnyway', selfMatch: true, counts: { zone1: 2, zone2: 0 }, weight: topologyNormalizingWeight(2), skippedNodes: [{ node: 'bare', reason: 'MissingTopologyKey', missingKeys: ['zone'] }] }],
    },
    {
      name: 'a hostname constraint: matching pods per feasible node (upstream counts them in Score)',
      pod: spreadPod({ bar: '' }, [2, HOSTNAME, 'ScheduleAnyway', fooSelector]).obj(), args: list,
      want: [{ topologyKey: HOSTNAME, maxSkew: 2, whenUnsatisfiable: 'ScheduleAnyway', selfMatch: false, counts: { 'node-a': 1, 'node-b': 1, 'node-x': 0, bare: 0 }, weight: topologyNormalizingWeight(4), skippedNodes: [] }],
    },
    {
      name: 'system default constraints: no details',
      pod: makePod().name('p').labels(foo).obj(), args: { defaultingType: 'System' }, want: undefined,
    },
  ];
  it.each(rows)('$name', (row) => {
    const { env, plugin } = spreadEnv({ nodes, pods }, row.args);
    const status = plugin.preScore!(new CycleState(), newPodInfo(row.pod), env.snapshot.nodeInfoList);
    expect(status.details?.['constraints']).toEqual(row.want);
  });
});

describe('PodTopologySpread Score: hostname counts kept per node generation (HostnameCounts, issue 23)', () => {
  const selector = compileLabelSelector(fooSelector);
  const key = (namespace: string) => JSON.stringify([namespace, fooSelector]);
  const fresh = (info: NodeInfo, namespace = 'default') => countPodsMatchSelector(info.pods, selector, namespace);

  it('follows every change of the node: a pod added, one terminating, one removed; another namespace has its own count', () => {
    const counts = new HostnameCounts();
    const info = new NodeInfo(hostNode('node-a'));
    const steps: ((i: NodeInfo) => void)[] = [
      () => {},
      (i) => i.addPod(newPodInfo(pod('p1', 'node-a', foo))),
      (i) => i.addPod(newPodInfo(pod('p2', 'node-a', { bar: '' }))),
      (i) => i.addPod(newPodInfo(pod('p3', 'node-a', foo, 'other'))),
      (i) => i.addPod(newPodInfo(pod('p4', 'node-a', foo))),
      (i) => { i.pods.find((p) => p.key === 'default/p4')!.pod.metadata.deletionTimestamp = 5; i.podChanged(); },
      (i) => i.removePod('default/p1'),
    ];
    const seen: number[] = [];
    for (const step of steps) {
      step(info);
      for (const namespace of ['default', 'other']) expect(counts.count(info, key(namespace), selector, namespace)).toBe(fresh(info, namespace));
      seen.push(counts.count(info, key('default'), selector, 'default'));
    }
    expect(seen).toEqual([0, 1, 1, 1, 2, 1, 0]);
  });

  it('a copy (a dry run\'s) is counted afresh, and leaves the node\'s kept count alone', () => {
    const counts = new HostnameCounts();
    const info = new NodeInfo(hostNode('node-a'));
    info.addPod(newPodInfo(pod('p1', 'node-a', foo)));
    expect(counts.count(info, key('default'), selector, 'default')).toBe(1);
    const copy = info.clone();
    copy.removePod('default/p1');
    expect(counts.count(copy, key('default'), selector, 'default')).toBe(0);
    expect(counts.count(info, key('default'), selector, 'default')).toBe(1);
  });
});
