// PreFilter state and the PreFilter extensions, from upstream podtopologyspread/filtering_test.go
// (TestPreFilterState, TestPreFilterStateAddPod, TestPreFilterStateRemovePod). Rows that only
// exist to test a disabled feature gate (NodeInclusionPolicyInPodTopologySpread,
// MatchLabelKeysInPodTopologySpread — both on in v1.35) are left out.

import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { newPodInfo } from '../../framework/podInfo';
import type { LabelSelector, Node, Pod, Service, TopologySpreadConstraint } from '../../model/types';
import { makePod } from '../../testing/builders';
import { getPreFilterState, type PreFilterState } from './filtering';
import { barSelector, canonicalSelector, fooSelector, node, pod, spreadEnv, taints, zoneNode, spreadPod } from './testing';

const MAX_INT32 = 2147483647;
const foo = { foo: '' };
const fooBar = { foo: '', bar: '' };

type Path = [string, number];
interface WantConstraint {
  maxSkew: number;
  topologyKey: string;
  selector: LabelSelector | null;
  minDomains?: number;
  nodeAffinityPolicy?: 'Honor' | 'Ignore';
  nodeTaintsPolicy?: 'Honor' | 'Ignore';
}
interface WantState {
  constraints: WantConstraint[];
  paths: [Path, Path][];
  counts: Record<string, number>[];
}

const c = (maxSkew: number, topologyKey: string, selector: LabelSelector | null, extra: Partial<WantConstraint> = {}): WantConstraint => ({ maxSkew, topologyKey, selector, ...extra });
const zoneFoo = c(1, 'zone', fooSelector);
const nodeFoo = c(1, 'node', fooSelector);
const newPaths: [Path, Path] = [['', MAX_INT32], ['', MAX_INT32]];

/** upstream's criticalPaths.sort(): with equal MatchNum, order the two values alphabetically. */
function sortPaths(p: [Path, Path]): [Path, Path] {
  return p[0][1] === p[1][1] && p[0][0] > p[1][0] ? [p[1], p[0]] : p;
}

function project(s: PreFilterState): WantState {
  return {
    constraints: s.constraints.map((k) => ({
      maxSkew: k.maxSkew, topologyKey: k.topologyKey, selector: k.labelSelector,
      minDomains: k.minDomains, nodeAffinityPolicy: k.nodeAffinityPolicy, nodeTaintsPolicy: k.nodeTaintsPolicy,
    })),
    paths: s.criticalPaths.map((p) => sortPaths([[p[0].topologyValue, p[0].matchNum], [p[1].topologyValue, p[1].matchNum]])),
    counts: s.tpValueToMatchNum.map((m) => Object.fromEntries(m)),
  };
}

function expectState(got: PreFilterState | undefined, want: WantState): void {
  expect(got).toBeDefined();
  const g = project(got!);
  expect(g.constraints.map((k) => ({ ...k, selector: canonicalSelector(k.selector) }))).toEqual(
    want.constraints.map((k) => ({ minDomains: 1, nodeAffinityPolicy: 'Honor', nodeTaintsPolicy: 'Ignore', ...k, selector: canonicalSelector(k.selector) })),
  );
  expect(g.paths).toEqual(want.paths.map(sortPaths));
  expect(g.counts).toEqual(want.counts);
}

const fourNodes = (): Node[] => [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1'), zoneNode('node-x', 'zone2'), zoneNode('node-y', 'zone2')];
const threeNodes = (): Node[] => [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1'), zoneNode('node-y', 'zone2')];
const fivePods = (labels: Record<string, string> = foo): Pod[] => [
  pod('p-a1', 'node-a', labels), pod('p-a2', 'node-a', labels), pod('p-b1', 'node-b', labels), pod('p-y1', 'node-y', labels), pod('p-y2', 'node-y', labels),
];
const sevenPods = (): Pod[] => [...fivePods(), pod('p-y3', 'node-y', foo), pod('p-y4', 'node-y', foo)];
const service = (selector: Record<string, string>): Service => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'svc' }, spec: { selector } });
const policyNodes = (): Node[] => [node('node-a', { node: 'node-a', foo: '' }), node('node-b', { node: 'node-b', foo: '' }), node('node-c', { node: 'node-c', bar: '' })];
const taintNodes = (): Node[] => [node('node-a', { node: 'node-a' }), node('node-b', { node: 'node-b' }), node('node-c', { node: 'node-c', bar: '' }, taints)];
const barPods = (): Pod[] => [pod('p-a', 'node-a', { bar: '' }), pod('p-b', 'node-b', { bar: '' }), pod('p-c', 'node-b', { bar: '' }), pod('p-d', 'node-c')];

interface StateRow {
  name: string;
  pod: Pod;
  nodes?: Node[];
  pods?: Pod[];
  services?: Service[];
  defaultConstraints?: TopologySpreadConstraint[];
  want?: WantState;
  wantSkip?: true;
}

const stateRows: StateRow[] = [
  {
    name: 'clean cluster with one spreadConstraint',
    pod: spreadPod(foo, [5, 'zone', 'DoNotSchedule', { matchLabels: { foo: 'bar' } }]).obj(),
    nodes: fourNodes(),
    want: { constraints: [c(5, 'zone', { matchLabels: { foo: 'bar' } })], paths: [[['zone1', 0], ['zone2', 0]]], counts: [{ zone1: 0, zone2: 0 }] },
  },
  {
    name: 'normal case with one spreadConstraint',
    pod: spreadPod(foo, [1, 'zone', 'DoNotSchedule', fooSelector]).obj(),
    nodes: fourNodes(), pods: fivePods(),
    want: { constraints: [zoneFoo], paths: [[['zone2', 2], ['zone1', 3]]], counts: [{ zone1: 3, zone2: 2 }] },
  },
  {
    name: 'normal case with null label selector',
    pod: spreadPod(foo, [1, 'zone', 'DoNotSchedule', undefined]).obj(),
    nodes: fourNodes(), pods: fivePods(),
    want: { constraints: [c(1, 'zone', null)], paths: [[['zone2', 0], ['zone1', 0]]], counts: [{ zone1: 0, zone2: 0 }] },
  },
  {
    name: 'normal case with one spreadConstraint, on a 3-zone cluster',
    pod: spreadPod(foo, [1, 'zone', 'DoNotSchedule', fooSelector]).obj(),
    nodes: [...fourNodes(), zoneNode('node-o', 'zone3'), zoneNode('node-p', 'zone3')], pods: fivePods(),
    want: { constraints: [zoneFoo], paths: [[['zone3', 0], ['zone2', 2]]], counts: [{ zone1: 3, zone2: 2, zone3: 0 }] },
  },
  {
    name: "namespace mismatch doesn't count",
    pod: spreadPod(foo, [1, 'zone', 'DoNotSchedule', fooSelector]).obj(),
    nodes: fourNodes(),
    pods: [pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', foo, 'ns1'), pod('p-b1', 'node-b', foo), pod('p-y1', 'node-y', foo, 'ns2'), pod('p-y2', 'node-y', foo)],
    want: { constraints: [zoneFoo], paths: [[['zone2', 1], ['zone1', 2]]], counts: [{ zone1: 2, zone2: 1 }] },
  },
  {
    name: 'normal case with two spreadConstraints',
    pod: spreadPod(foo, [1, 'zone', 'DoNotSchedule', fooSelector], [1, 'node', 'DoNotSchedule', fooSelector]).obj(),
    nodes: fourNodes(), pods: sevenPods(),
    want: {
      constraints: [zoneFoo, nodeFoo],
      paths: [[['zone1', 3], ['zone2', 4]], [['node-x', 0], ['node-b', 1]]],
      counts: [{ zone1: 3, zone2: 4 }, { 'node-a': 2, 'node-b': 1, 'node-x': 0, 'node-y': 4 }],
    },
  },
  {
    name: 'soft spreadConstraints should be bypassed',
    pod: spreadPod(foo, [1, 'zone', 'ScheduleAnyway', fooSelector], [1, 'zone', 'DoNotSchedule', fooSelector], [1, 'node', 'ScheduleAnyway', fooSelector], [1, 'node', 'DoNotSchedule', fooSelector]).obj(),
    nodes: threeNodes(), pods: sevenPods(),
    want: {
      constraints: [zoneFoo, nodeFoo],
      paths: [[['zone1', 3], ['zone2', 4]], [['node-b', 1], ['node-a', 2]]],
      counts: [{ zone1: 3, zone2: 4 }, { 'node-a': 2, 'node-b': 1, 'node-y': 4 }],
    },
  },
  {
    name: 'different labelSelectors - simple version',
    pod: spreadPod(fooBar, [1, 'zone', 'DoNotSchedule', fooSelector], [1, 'node', 'DoNotSchedule', barSelector]).obj(),
    nodes: threeNodes(), pods: [pod('p-a', 'node-a', foo), pod('p-b', 'node-b', { bar: '' })],
    want: {
      constraints: [zoneFoo, c(1, 'node', barSelector)],
      paths: [[['zone2', 0], ['zone1', 1]], [['node-a', 0], ['node-y', 0]]],
      counts: [{ zone1: 1, zone2: 0 }, { 'node-a': 0, 'node-b': 1, 'node-y': 0 }],
    },
  },
  {
    name: 'different labelSelectors - complex pods',
    pod: spreadPod(fooBar, [1, 'zone', 'DoNotSchedule', fooSelector], [1, 'node', 'DoNotSchedule', barSelector]).obj(),
    nodes: threeNodes(),
    pods: [pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', fooBar), pod('p-b1', 'node-b', foo), pod('p-y1', 'node-y', foo), pod('p-y2', 'node-y', fooBar), pod('p-y3', 'node-y', foo), pod('p-y4', 'node-y', fooBar)],
    want: {
      constraints: [zoneFoo, c(1, 'node', barSelector)],
      paths: [[['zone1', 3], ['zone2', 4]], [['node-b', 0], ['node-a', 1]]],
      counts: [{ zone1: 3, zone2: 4 }, { 'node-a': 1, 'node-b': 0, 'node-y': 2 }],
    },
  },
  {
    name: 'two spreadConstraints, and with podAffinity',
    pod: spreadPod(foo, [1, 'zone', 'DoNotSchedule', fooSelector], [1, 'node', 'DoNotSchedule', fooSelector]).nodeAffinityNotIn('node', ['node-x']).obj(),
    nodes: fourNodes(), pods: sevenPods(),
    want: {
      constraints: [zoneFoo, nodeFoo],
      paths: [[['zone1', 3], ['zone2', 4]], [['node-b', 1], ['node-a', 2]]],
      counts: [{ zone1: 3, zone2: 4 }, { 'node-a': 2, 'node-b': 1, 'node-y': 4 }],
    },
  },
  {
    name: 'default constraints and a service',
    pod: makePod().name('p').label('foo', 'bar').label('baz', 'kar').obj(),
    defaultConstraints: [
      { maxSkew: 3, topologyKey: 'node', whenUnsatisfiable: 'DoNotSchedule' },
      { maxSkew: 2, topologyKey: 'node', whenUnsatisfiable: 'ScheduleAnyway' },
      { maxSkew: 5, topologyKey: 'rack', whenUnsatisfiable: 'DoNotSchedule' },
    ],
    services: [service({ foo: 'bar' })],
    want: {
      constraints: [c(3, 'node', { matchLabels: { foo: 'bar' } }), c(5, 'rack', { matchLabels: { foo: 'bar' } })],
      paths: [newPaths, newPaths], counts: [{}, {}],
    },
  },
  {
    name: "default constraints and a service that doesn't match",
    pod: makePod().name('p').label('foo', 'bar').obj(),
    defaultConstraints: [{ maxSkew: 3, topologyKey: 'node', whenUnsatisfiable: 'DoNotSchedule' }],
    services: [service({ baz: 'kep' })],
    wantSkip: true,
  },
  {
    name: 'default constraints and a service, but pod has constraints',
    pod: spreadPod({ foo: 'bar', baz: 'tar' }, [1, 'zone', 'DoNotSchedule', { matchLabels: { baz: 'tar' } }], [2, 'planet', 'ScheduleAnyway', { matchLabels: { fot: 'rok' } }]).obj(),
    defaultConstraints: [{ maxSkew: 2, topologyKey: 'node', whenUnsatisfiable: 'DoNotSchedule' }],
    services: [service({ foo: 'bar' })],
    want: { constraints: [c(1, 'zone', { matchLabels: { baz: 'tar' } })], paths: [newPaths], counts: [{}] },
  },
  {
    name: 'default soft constraints and a service',
    pod: makePod().name('p').label('foo', 'bar').obj(),
    defaultConstraints: [{ maxSkew: 2, topologyKey: 'node', whenUnsatisfiable: 'ScheduleAnyway' }],
    services: [service({ foo: 'bar' })],
    wantSkip: true,
  },
  {
    name: 'TpKeyToDomainsNum is calculated when MinDomains is enabled',
    pod: spreadPod(foo, [1, 'zone', 'DoNotSchedule', fooSelector], [1, 'node', 'DoNotSchedule', fooSelector]).obj(),
    nodes: fourNodes(), pods: sevenPods(),
    want: {
      constraints: [zoneFoo, nodeFoo],
      paths: [[['zone1', 3], ['zone2', 4]], [['node-x', 0], ['node-b', 1]]],
      counts: [{ zone1: 3, zone2: 4 }, { 'node-a': 2, 'node-b': 1, 'node-x': 0, 'node-y': 4 }],
    },
  },
  {
    name: 'NodeAffinityPolicy honored with labelSelectors',
    pod: spreadPod(foo, [1, 'node', 'DoNotSchedule', barSelector]).nodeSelector({ foo: '' }).obj(),
    nodes: policyNodes(), pods: barPods(),
    want: { constraints: [c(1, 'node', barSelector)], paths: [[['node-a', 1], ['node-b', 2]]], counts: [{ 'node-a': 1, 'node-b': 2 }] },
  },
  {
    name: 'NodeAffinityPolicy ignored with labelSelectors',
    pod: spreadPod(foo, [1, 'node', 'DoNotSchedule', barSelector, { nodeAffinityPolicy: 'Ignore' }]).nodeSelector({ foo: '' }).obj(),
    nodes: policyNodes(), pods: barPods(),
    want: { constraints: [c(1, 'node', barSelector, { nodeAffinityPolicy: 'Ignore' })], paths: [[['node-c', 0], ['node-a', 1]]], counts: [{ 'node-a': 1, 'node-b': 2, 'node-c': 0 }] },
  },
  {
    name: 'NodeAffinityPolicy honored with nodeAffinity',
    pod: spreadPod(foo, [1, 'node', 'DoNotSchedule', barSelector]).nodeAffinityIn('foo', ['']).obj(),
    nodes: policyNodes(), pods: [pod('p-a', 'node-a', { bar: '' }), pod('p-c', 'node-b', { bar: '' }), pod('p-d', 'node-b', { bar: '' }), pod('p-e', 'node-c')],
    want: { constraints: [c(1, 'node', barSelector)], paths: [[['node-a', 1], ['node-b', 2]]], counts: [{ 'node-a': 1, 'node-b': 2 }] },
  },
  {
    name: 'NodeAffinityPolicy ignored with nodeAffinity',
    pod: spreadPod(foo, [1, 'node', 'DoNotSchedule', barSelector, { nodeAffinityPolicy: 'Ignore' }]).nodeAffinityIn('foo', ['']).obj(),
    nodes: policyNodes(), pods: barPods(),
    want: { constraints: [c(1, 'node', barSelector, { nodeAffinityPolicy: 'Ignore' })], paths: [[['node-c', 0], ['node-a', 1]]], counts: [{ 'node-a': 1, 'node-b': 2, 'node-c': 0 }] },
  },
  {
    name: 'NodeTaintsPolicy ignored',
    pod: spreadPod(foo, [1, 'node', 'DoNotSchedule', barSelector]).obj(),
    nodes: taintNodes(), pods: barPods(),
    want: { constraints: [c(1, 'node', barSelector)], paths: [[['node-c', 0], ['node-a', 1]]], counts: [{ 'node-a': 1, 'node-b': 2, 'node-c': 0 }] },
  },
  {
    name: 'NodeTaintsPolicy honored',
    pod: spreadPod(foo, [1, 'node', 'DoNotSchedule', barSelector, { nodeTaintsPolicy: 'Honor' }]).obj(),
    nodes: taintNodes(), pods: barPods(),
    want: { constraints: [c(1, 'node', barSelector, { nodeTaintsPolicy: 'Honor' })], paths: [[['node-a', 1], ['node-b', 2]]], counts: [{ 'node-a': 1, 'node-b': 2 }] },
  },
  {
    name: 'NodeTaintsPolicy honored with tolerated taints',
    pod: spreadPod(foo, [1, 'node', 'DoNotSchedule', barSelector, { nodeTaintsPolicy: 'Honor' }]).toleration({ key: 'node.kubernetes.io/unschedulable', operator: 'Exists' }).obj(),
    nodes: taintNodes(), pods: barPods(),
    want: { constraints: [c(1, 'node', barSelector, { nodeTaintsPolicy: 'Honor' })], paths: [[['node-c', 0], ['node-a', 1]]], counts: [{ 'node-a': 1, 'node-b': 2, 'node-c': 0 }] },
  },
  {
    name: 'two node inclusion Constraints, zone: honor/ignore, node: ignore/ignore',
    pod: spreadPod(foo, [1, 'zone', 'DoNotSchedule', fooSelector], [1, 'node', 'DoNotSchedule', fooSelector, { nodeAffinityPolicy: 'Ignore' }]).nodeSelector({ foo: '' }).obj(),
    nodes: [zoneNode('node-a', 'zone1', foo), zoneNode('node-b', 'zone1'), zoneNode('node-x', 'zone2', foo)],
    pods: [pod('p-b1', 'node-b', foo), pod('p-b2', 'node-b', foo), pod('p-x1', 'node-x', foo)],
    want: {
      constraints: [zoneFoo, c(1, 'node', fooSelector, { nodeAffinityPolicy: 'Ignore' })],
      paths: [[['zone1', 0], ['zone2', 1]], [['node-a', 0], ['node-x', 1]]],
      counts: [{ zone1: 0, zone2: 1 }, { 'node-a': 0, 'node-b': 2, 'node-x': 1 }],
    },
  },
  {
    name: 'two node inclusion Constraints, zone: honor/honor, node: honor/ignore',
    pod: spreadPod(foo, [1, 'zone', 'DoNotSchedule', fooSelector, { nodeTaintsPolicy: 'Honor' }], [1, 'node', 'DoNotSchedule', fooSelector]).obj(),
    nodes: [zoneNode('node-a', 'zone1', foo), zoneNode('node-b', 'zone1', {}, taints), zoneNode('node-x', 'zone2', foo)],
    pods: [pod('p-b1', 'node-b', foo), pod('p-b2', 'node-b', foo), pod('p-x1', 'node-x', foo)],
    want: {
      constraints: [c(1, 'zone', fooSelector, { nodeTaintsPolicy: 'Honor' }), nodeFoo],
      paths: [[['zone1', 0], ['zone2', 1]], [['node-a', 0], ['node-x', 1]]],
      counts: [{ zone1: 0, zone2: 1 }, { 'node-a': 0, 'node-b': 2, 'node-x': 1 }],
    },
  },
  {
    name: 'two node inclusion Constraints, zone: honor/ignore, node: honor/ignore',
    pod: spreadPod(foo, [1, 'zone', 'DoNotSchedule', fooSelector], [1, 'node', 'DoNotSchedule', fooSelector]).nodeSelector({ foo: '' }).obj(),
    nodes: [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1', foo, taints), zoneNode('node-x', 'zone2', foo), zoneNode('node-y', 'zone2')],
    pods: [pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', foo), pod('p-x1', 'node-x', foo), pod('p-y1', 'node-y', foo)],
    want: {
      constraints: [zoneFoo, nodeFoo],
      paths: [[['zone1', 0], ['zone2', 1]], [['node-b', 0], ['node-x', 1]]],
      counts: [{ zone1: 0, zone2: 1 }, { 'node-b': 0, 'node-x': 1 }],
    },
  },
  {
    name: 'two node inclusion Constraints, zone: ignore/ignore, node: honor/honor',
    pod: spreadPod(foo, [1, 'zone', 'DoNotSchedule', fooSelector, { nodeAffinityPolicy: 'Ignore' }], [1, 'node', 'DoNotSchedule', fooSelector, { nodeTaintsPolicy: 'Honor' }]).nodeSelector({ foo: '' }).obj(),
    nodes: [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1', foo, taints), zoneNode('node-x', 'zone2', foo), zoneNode('node-y', 'zone2', foo)],
    pods: [pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', foo), pod('p-x1', 'node-x', foo), pod('p-x2', 'node-x', foo), pod('p-y1', 'node-y', foo)],
    want: {
      constraints: [c(1, 'zone', fooSelector, { nodeAffinityPolicy: 'Ignore' }), c(1, 'node', fooSelector, { nodeTaintsPolicy: 'Honor' })],
      paths: [[['zone1', 2], ['zone2', 3]], [['node-y', 1], ['node-x', 2]]],
      counts: [{ zone1: 2, zone2: 3 }, { 'node-x': 2, 'node-y': 1 }],
    },
  },
  {
    name: "matchLabelKeys ANDed with LabelSelector when LabelSelector isn't empty",
    pod: spreadPod({ foo: '', bar: 'a' }, [1, 'zone', 'DoNotSchedule', fooSelector, { matchLabelKeys: ['bar'] }]).obj(),
    nodes: fourNodes(),
    pods: [pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', { foo: '', bar: 'a' }), pod('p-b1', 'node-b', foo), pod('p-y1', 'node-y', { foo: '', bar: 'a' }), pod('p-y2', 'node-y', { bar: '' })],
    want: {
      constraints: [c(1, 'zone', { matchLabels: { bar: 'a' }, matchExpressions: [{ key: 'foo', operator: 'Exists' }] })],
      paths: [[['zone2', 1], ['zone1', 1]]], counts: [{ zone1: 1, zone2: 1 }],
    },
  },
  {
    name: 'matchLabelKeys ANDed with LabelSelector when LabelSelector is empty',
    pod: spreadPod({ foo: 'a' }, [1, 'zone', 'DoNotSchedule', {}, { matchLabelKeys: ['foo'] }]).obj(),
    nodes: fourNodes(), pods: fivePods({ foo: 'a' }),
    want: { constraints: [c(1, 'zone', { matchLabels: { foo: 'a' } })], paths: [[['zone2', 2], ['zone1', 3]]], counts: [{ zone1: 3, zone2: 2 }] },
  },
  {
    name: 'key in matchLabelKeys is ignored when LabelSelector is nil when feature gate enabled',
    pod: spreadPod(foo, [1, 'zone', 'DoNotSchedule', undefined, { matchLabelKeys: ['bar'] }]).obj(),
    nodes: fourNodes(), pods: fivePods({ foo: 'a' }),
    want: { constraints: [c(1, 'zone', null)], paths: [[['zone2', 0], ['zone1', 0]]], counts: [{ zone1: 0, zone2: 0 }] },
  },
  {
    name: "key in matchLabelKeys is ignored when it isn't exist in pod.labels",
    pod: spreadPod(foo, [1, 'zone', 'DoNotSchedule', fooSelector, { matchLabelKeys: ['bar'] }]).obj(),
    nodes: fourNodes(), pods: fivePods({ foo: 'a' }),
    want: { constraints: [zoneFoo], paths: [[['zone2', 2], ['zone1', 3]]], counts: [{ zone1: 3, zone2: 2 }] },
  },
  {
    name: 'two spreadConstraints with the same topologyKey',
    pod: spreadPod(fooBar, [1, 'zone', 'DoNotSchedule', fooSelector], [1, 'zone', 'DoNotSchedule', barSelector]).obj(),
    nodes: fourNodes(),
    pods: [pod('p-a1', 'node-a', fooBar), pod('p-b1', 'node-b', foo), pod('p-x1', 'node-x', { bar: '' }), pod('p-y1', 'node-y', fooBar), pod('p-y2', 'node-y', { bar: '' })],
    want: {
      constraints: [zoneFoo, c(1, 'zone', barSelector)],
      paths: [[['zone2', 1], ['zone1', 2]], [['zone1', 1], ['zone2', 3]]],
      counts: [{ zone1: 2, zone2: 1 }, { zone1: 1, zone2: 3 }],
    },
  },
  {
    name: 'skip if not specified',
    pod: makePod().name('p').label('foo', '').obj(),
    nodes: [zoneNode('node-a', 'zone1')],
    wantSkip: true,
  },
  {
    // Upstream's row (added after v1.35 with kubernetes#141340) expects zone1: 3, zone2: 2. In v1.35,
    // countPodsMatchSelector returns 0 for an Empty() selector, and `{}` is Everything, which is Empty().
    name: 'empty (non-nil) label selector counts all pods per domain [v1.35: counts nothing]',
    pod: spreadPod(foo, [1, 'zone', 'DoNotSchedule', {}]).obj(),
    nodes: fourNodes(), pods: fivePods(),
    want: { constraints: [c(1, 'zone', {})], paths: [[['zone2', 0], ['zone1', 0]]], counts: [{ zone1: 0, zone2: 0 }] },
  },
];

describe('PodTopologySpread PreFilter state (TestPreFilterState)', () => {
  it.each(stateRows)('$name', (row) => {
    const { env, plugin } = spreadEnv(
      { nodes: row.nodes ?? [], pods: row.pods, services: row.services },
      { defaultingType: 'List', defaultConstraints: row.defaultConstraints ?? [] },
    );
    const state = new CycleState();
    const { status } = plugin.preFilter!(state, newPodInfo(row.pod), env.snapshot.nodeInfoList);
    if (row.wantSkip) {
      expect(status.code).toBe('Skip');
      return;
    }
    expect(status.code).toBe('Success');
    expectState(getPreFilterState(state), row.want!);
  });
});

interface ExtensionRow {
  name: string;
  preemptor: Pod;
  nodes: Node[];
  existingPods: Pod[];
  /** the pod passed to AddPod / RemovePod */
  pod: Pod;
  /** the node it is added to / removed from */
  nodeName: string;
  want: WantState;
}

const nodeConstraint = nodeFoo;
const zoneConstraint = zoneFoo;
const zonePreemptor = () => spreadPod(foo, [1, 'zone', 'DoNotSchedule', fooSelector]);
const nodePreemptor = () => spreadPod(foo, [1, 'node', 'DoNotSchedule', fooSelector]);
const zoneNodePreemptor = () => spreadPod(foo, [1, 'zone', 'DoNotSchedule', fooSelector], [1, 'node', 'DoNotSchedule', fooSelector]);
const zoneFooNodeBarPreemptor = () => spreadPod(fooBar, [1, 'zone', 'DoNotSchedule', fooSelector], [1, 'node', 'DoNotSchedule', barSelector]);
const twoZonesFooBar = (): Node[] => [zoneNode('node-a', 'zone1', { foo: 'bar' }), zoneNode('node-b', 'zone2', { foo: '' })];

const addRows: ExtensionRow[] = [
  {
    name: 'node a and b both impact current min match',
    preemptor: nodePreemptor().obj(), existingPods: [],
    nodes: [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1')],
    pod: pod('p-a1', 'node-a', foo), nodeName: 'node-a',
    want: { constraints: [nodeConstraint], paths: [[['node-b', 0], ['node-a', 1]]], counts: [{ 'node-a': 1, 'node-b': 0 }] },
  },
  {
    name: 'only node a impacts current min match',
    preemptor: nodePreemptor().obj(), existingPods: [pod('p-b1', 'node-b', foo)],
    nodes: [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1')],
    pod: pod('p-a1', 'node-a', foo), nodeName: 'node-a',
    want: { constraints: [nodeConstraint], paths: [[['node-a', 1], ['node-b', 1]]], counts: [{ 'node-a': 1, 'node-b': 1 }] },
  },
  {
    name: "add a pod in a different namespace doesn't change topologyKeyToMinPodsMap",
    preemptor: nodePreemptor().obj(), existingPods: [pod('p-b1', 'node-b', foo)],
    nodes: [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1')],
    pod: pod('p-a1', 'node-a', foo, 'ns1'), nodeName: 'node-a',
    want: { constraints: [nodeConstraint], paths: [[['node-a', 0], ['node-b', 1]]], counts: [{ 'node-a': 0, 'node-b': 1 }] },
  },
  {
    name: "add pod on non-critical node won't trigger re-calculation",
    preemptor: nodePreemptor().obj(), existingPods: [pod('p-b1', 'node-b', foo)],
    nodes: [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1')],
    pod: pod('p-b2', 'node-b', foo), nodeName: 'node-b',
    want: { constraints: [nodeConstraint], paths: [[['node-a', 0], ['node-b', 2]]], counts: [{ 'node-a': 0, 'node-b': 2 }] },
  },
  {
    name: 'node a and x both impact topologyKeyToMinPodsMap on zone and node',
    preemptor: zoneNodePreemptor().obj(), existingPods: [],
    nodes: [zoneNode('node-a', 'zone1'), zoneNode('node-x', 'zone2')],
    pod: pod('p-a1', 'node-a', foo), nodeName: 'node-a',
    want: {
      constraints: [zoneConstraint, nodeConstraint],
      paths: [[['zone2', 0], ['zone1', 1]], [['node-x', 0], ['node-a', 1]]],
      counts: [{ zone1: 1, zone2: 0 }, { 'node-a': 1, 'node-x': 0 }],
    },
  },
  {
    name: 'only node a impacts topologyKeyToMinPodsMap on zone and node',
    preemptor: zoneNodePreemptor().obj(), existingPods: [pod('p-x1', 'node-x', foo)],
    nodes: [zoneNode('node-a', 'zone1'), zoneNode('node-x', 'zone2')],
    pod: pod('p-a1', 'node-a', foo), nodeName: 'node-a',
    want: {
      constraints: [zoneConstraint, nodeConstraint],
      paths: [[['zone1', 1], ['zone2', 1]], [['node-a', 1], ['node-x', 1]]],
      counts: [{ zone1: 1, zone2: 1 }, { 'node-a': 1, 'node-x': 1 }],
    },
  },
  {
    name: 'node a impacts topologyKeyToMinPodsMap on node, node x impacts topologyKeyToMinPodsMap on zone',
    preemptor: zoneNodePreemptor().obj(),
    existingPods: [pod('p-b1', 'node-b', foo), pod('p-b2', 'node-b', foo), pod('p-x1', 'node-x', foo)],
    nodes: [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1'), zoneNode('node-x', 'zone2')],
    pod: pod('p-a1', 'node-a', foo), nodeName: 'node-a',
    want: {
      constraints: [zoneConstraint, nodeConstraint],
      paths: [[['zone2', 1], ['zone1', 3]], [['node-a', 1], ['node-x', 1]]],
      counts: [{ zone1: 3, zone2: 1 }, { 'node-a': 1, 'node-b': 2, 'node-x': 1 }],
    },
  },
  {
    name: 'Constraints hold different labelSelectors, node a impacts topologyKeyToMinPodsMap on zone',
    preemptor: zoneFooNodeBarPreemptor().obj(),
    existingPods: [pod('p-b1', 'node-b', fooBar), pod('p-x1', 'node-x', fooBar), pod('p-x2', 'node-x', { bar: '' })],
    nodes: [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1'), zoneNode('node-x', 'zone2')],
    pod: pod('p-a1', 'node-a', foo), nodeName: 'node-a',
    want: {
      constraints: [zoneConstraint, c(1, 'node', barSelector)],
      paths: [[['zone2', 1], ['zone1', 2]], [['node-a', 0], ['node-b', 1]]],
      counts: [{ zone1: 2, zone2: 1 }, { 'node-a': 0, 'node-b': 1, 'node-x': 2 }],
    },
  },
  {
    name: 'Constraints hold different labelSelectors, node a impacts topologyKeyToMinPodsMap on both zone and node',
    preemptor: zoneFooNodeBarPreemptor().obj(),
    existingPods: [pod('p-b1', 'node-b', { bar: '' }), pod('p-x1', 'node-x', fooBar), pod('p-x2', 'node-x', { bar: '' })],
    nodes: [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1'), zoneNode('node-x', 'zone2')],
    pod: pod('p-a1', 'node-a', fooBar), nodeName: 'node-a',
    want: {
      constraints: [zoneConstraint, c(1, 'node', barSelector)],
      paths: [[['zone1', 1], ['zone2', 1]], [['node-a', 1], ['node-b', 1]]],
      counts: [{ zone1: 1, zone2: 1 }, { 'node-a': 1, 'node-b': 1, 'node-x': 2 }],
    },
  },
  {
    name: 'add a pod when scheduling node affinity unmatched pod with NodeInclusionPolicy enabled',
    preemptor: zonePreemptor().nodeAffinityNotIn('foo', ['bar']).obj(),
    existingPods: [pod('p-a2', 'node-a', { foo: '', zone: 'zone1' }), pod('p-b1', 'node-b', { foo: '', zone: 'zone2' })],
    nodes: twoZonesFooBar(),
    pod: pod('p-a1', 'node-a', { foo: '', zone: 'zone1' }), nodeName: 'node-a',
    want: { constraints: [zoneConstraint], paths: [[['zone2', 1], ['', MAX_INT32]]], counts: [{ zone2: 1 }] },
  },
  {
    name: 'add a pod when scheduling node affinity matched pod with NodeInclusionPolicy enabled',
    preemptor: zonePreemptor().obj(),
    existingPods: [pod('p-a1', 'node-a', { foo: '', zone: 'zone1' }), pod('p-b2', 'node-b', { foo: '', zone: 'zone2' })],
    nodes: twoZonesFooBar(),
    pod: pod('p-b1', 'node-b', { foo: '', zone: 'zone2' }), nodeName: 'node-b',
    want: { constraints: [zoneConstraint], paths: [[['zone1', 1], ['zone2', 2]]], counts: [{ zone1: 1, zone2: 2 }] },
  },
  {
    name: 'add a label selector not matched pod when with NodeInclusionPolicy enabled',
    preemptor: zonePreemptor().obj(),
    existingPods: [pod('p-a1', 'node-a', { foo: '', zone: 'zone1' }), pod('p-b2', 'node-b', { foo: '', zone: 'zone2' })],
    nodes: twoZonesFooBar(),
    pod: pod('p-b1', 'node-b', { zone: 'zone2' }), nodeName: 'node-b',
    want: { constraints: [zoneConstraint], paths: [[['zone1', 1], ['zone2', 1]]], counts: [{ zone1: 1, zone2: 1 }] },
  },
  {
    name: 'add a pod when scheduling taint tolerated pod with NodeInclusionPolicy enabled',
    preemptor: zonePreemptor().toleration({ key: 'node.kubernetes.io/unschedulable', operator: 'Exists' }).obj(),
    existingPods: [pod('p-a1', 'node-a', { foo: '', zone: 'zone1' }), pod('p-b2', 'node-b', { foo: '', zone: 'zone2' })],
    nodes: [zoneNode('node-a', 'zone1', {}, taints), zoneNode('node-b', 'zone2')],
    pod: pod('p-b1', 'node-b', { foo: '', zone: 'zone2' }), nodeName: 'node-b',
    want: { constraints: [zoneConstraint], paths: [[['zone1', 1], ['zone2', 2]]], counts: [{ zone2: 2, zone1: 1 }] },
  },
];

const fourPodsOneEach = (): Pod[] => [pod('p-a1', 'node-a', foo), pod('p-b1', 'node-b', foo), pod('p-x1', 'node-x', foo), pod('p-y1', 'node-y', foo)];

const removeRows: ExtensionRow[] = [
  {
    name: 'one spreadConstraint on zone, topologyKeyToMinPodsMap unchanged',
    preemptor: zonePreemptor().obj(),
    nodes: [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1'), zoneNode('node-x', 'zone2')],
    existingPods: [pod('p-a1', 'node-a', foo), pod('p-b1', 'node-b', foo), pod('p-x1', 'node-x', foo)],
    pod: pod('p-a1', 'node-a', foo), nodeName: 'node-a',
    want: { constraints: [zoneConstraint], paths: [[['zone1', 1], ['zone2', 1]]], counts: [{ zone1: 1, zone2: 1 }] },
  },
  {
    name: 'one spreadConstraint on node, topologyKeyToMinPodsMap changed',
    preemptor: zonePreemptor().obj(), nodes: fourNodes(), existingPods: fourPodsOneEach(),
    pod: pod('p-a1', 'node-a', foo), nodeName: 'node-a',
    want: { constraints: [zoneConstraint], paths: [[['zone1', 1], ['zone2', 2]]], counts: [{ zone1: 1, zone2: 2 }] },
  },
  {
    name: "delete an irrelevant pod won't help",
    preemptor: zonePreemptor().obj(), nodes: fourNodes(),
    existingPods: [pod('p-a0', 'node-a', { bar: '' }), ...fourPodsOneEach()],
    pod: pod('p-a0', 'node-a', { bar: '' }), nodeName: 'node-a',
    want: { constraints: [zoneConstraint], paths: [[['zone1', 2], ['zone2', 2]]], counts: [{ zone1: 2, zone2: 2 }] },
  },
  {
    name: "delete a non-existing pod won't help",
    preemptor: zonePreemptor().obj(), nodes: fourNodes(), existingPods: fourPodsOneEach(),
    pod: pod('p-a0', 'node-a', { bar: '' }), nodeName: 'node-a',
    want: { constraints: [zoneConstraint], paths: [[['zone1', 2], ['zone2', 2]]], counts: [{ zone1: 2, zone2: 2 }] },
  },
  {
    name: 'two spreadConstraints',
    preemptor: zoneNodePreemptor().obj(),
    nodes: [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1'), zoneNode('node-x', 'zone2')],
    existingPods: [pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', foo), pod('p-b1', 'node-b', foo), pod('p-x1', 'node-x', foo), pod('p-x2', 'node-x', foo)],
    pod: pod('p-x1', 'node-x', foo), nodeName: 'node-x',
    want: {
      constraints: [zoneConstraint, nodeConstraint],
      paths: [[['zone2', 1], ['zone1', 3]], [['node-b', 1], ['node-x', 1]]],
      counts: [{ zone1: 3, zone2: 1 }, { 'node-a': 2, 'node-b': 1, 'node-x': 1 }],
    },
  },
  {
    // upstream's row leaves deletedPodIdx at 0, so existingPods[0] (p-a2, same labels) is the one removed.
    name: 'remove a pod when scheduling node affinity unmatched pod with NodeInclusionPolicy enabled',
    preemptor: zonePreemptor().nodeAffinityNotIn('foo', ['bar']).obj(),
    existingPods: [pod('p-a2', 'node-a', { foo: '', zone: 'zone1' }), pod('p-b1', 'node-b', { foo: '', zone: 'zone2' })],
    nodes: twoZonesFooBar(),
    pod: pod('p-a2', 'node-a', { foo: '', zone: 'zone1' }), nodeName: 'node-a',
    want: { constraints: [zoneConstraint], paths: [[['zone2', 1], ['', MAX_INT32]]], counts: [{ zone2: 1 }] },
  },
  {
    // As above: upstream removes existingPods[0] (p-a1, same labels as p-b1) from node-b.
    name: 'remove a pod when scheduling node affinity matched pod with NodeInclusionPolicy enabled',
    preemptor: zonePreemptor().obj(),
    existingPods: [pod('p-a1', 'node-a', { foo: '', zone: 'zone1' }), pod('p-b2', 'node-b', { foo: '', zone: 'zone2' })],
    nodes: twoZonesFooBar(),
    pod: pod('p-a1', 'node-a', { foo: '', zone: 'zone1' }), nodeName: 'node-b',
    want: { constraints: [zoneConstraint], paths: [[['zone2', 0], ['zone1', 1]]], counts: [{ zone2: 0, zone1: 1 }] },
  },
];

function runExtension(row: ExtensionRow, op: 'addPod' | 'removePod'): PreFilterState | undefined {
  const { env, plugin } = spreadEnv({ nodes: row.nodes, pods: row.existingPods });
  const state = new CycleState();
  const preemptor = newPodInfo(row.preemptor);
  expect(plugin.preFilter!(state, preemptor, env.snapshot.nodeInfoList).status.code).toBe('Success');
  const status = plugin.preFilterExtensions!()![op](state, preemptor, newPodInfo(row.pod), env.snapshot.get(row.nodeName)!);
  expect(status.code).toBe('Success');
  return getPreFilterState(state);
}

describe('PodTopologySpread AddPod (TestPreFilterStateAddPod)', () => {
  it.each(addRows)('$name', (row) => expectState(runExtension(row, 'addPod'), row.want));
});

describe('PodTopologySpread RemovePod (TestPreFilterStateRemovePod)', () => {
  it.each(removeRows)('$name', (row) => expectState(runExtension(row, 'removePod'), row.want));
});

describe('PodTopologySpread PreFilter state clone', () => {
  it('a clone taken before RemovePod keeps the original counts (preemption evaluates each node on a copy)', () => {
    const { env, plugin } = spreadEnv({ nodes: fourNodes(), pods: fourPodsOneEach() });
    const state = new CycleState();
    const preemptor = newPodInfo(zonePreemptor().obj());
    plugin.preFilter!(state, preemptor, env.snapshot.nodeInfoList);
    const copy = state.clone();
    plugin.preFilterExtensions!()!.removePod(copy, preemptor, newPodInfo(pod('p-a1', 'node-a', foo)), env.snapshot.get('node-a')!);
    expect(Object.fromEntries(getPreFilterState(state)!.tpValueToMatchNum[0]!)).toEqual({ zone1: 2, zone2: 2 });
    expect(Object.fromEntries(getPreFilterState(copy)!.tpValueToMatchNum[0]!)).toEqual({ zone1: 1, zone2: 2 });
  });
});
