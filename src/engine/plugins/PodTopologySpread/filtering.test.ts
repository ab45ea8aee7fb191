// Filter verdicts, from upstream podtopologyspread/filtering_test.go (TestSingleConstraint,
// TestMultipleConstraints, TestPreFilterDisabled), plus the Filter details and explainSpread that
// the topology-spread panel reads, and the shared zone-spread / two-constraints scenarios.

import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { plainResults } from '../../framework/labelledResults';
import { newPodInfo } from '../../framework/podInfo';
import type { Status } from '../../framework/status';
import type { StatusCode } from '../../api';
import type { LabelSelector, Node, Pod, TopologySpreadConstraint } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { runPreFilterAndFilter } from '../../testing/framework';
import { ErrReasonConstraintsNotMatch, ErrReasonNodeLabelNotMatch, explainSpread, type ConstraintVerdict } from './filtering';
import { Name } from './common';
import { barSelector, fooSelector, node, pod, spreadEnv, taints, zoneNode } from './testing';

/** the node's verdicts as the trace reads them (shared statuses are built per node when read: ./traceFacts.ts) */
const constraintsOn = (filter: ReadonlyMap<string, Status>, node: string) =>
  plainResults([filter.get(node)!.toResult(Name)], undefined, node)[0]!.details!.constraints as ConstraintVerdict[];

const foo = { foo: '' };
const fooBar = { foo: '', bar: '' };
const fourNodes = (): Node[] => [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1'), zoneNode('node-x', 'zone2'), zoneNode('node-y', 'zone2')];
const spreadPod = (labels: Record<string, string>, ...constraints: [number, string, LabelSelector | undefined, Partial<TopologySpreadConstraint>?][]) => {
  const w = makePod().name('p').labels(labels);
  for (const [maxSkew, key, selector, extra] of constraints) w.spreadConstraint(maxSkew, key, 'DoNotSchedule', selector, extra);
  return w;
};
/** pods spread across nodes as 2/1/0/3 */
const pods2103 = (): Pod[] => [
  pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', foo), pod('p-b1', 'node-b', foo),
  pod('p-y1', 'node-y', foo), pod('p-y2', 'node-y', foo), pod('p-y3', 'node-y', foo),
];
const threeHostNodes = (): Node[] => [node('node-a', { node: 'node-a' }), node('node-b', { node: 'node-b' }), node('node-c', { node: 'node-c' })];
const pods221 = (): Pod[] => [pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', foo), pod('p-b1', 'node-b', foo), pod('p-b2', 'node-b', foo), pod('p-c1', 'node-c', foo)];
const policyNodes = (yTaints?: typeof taints): Node[] => [
  node('node-a', { node: 'node-a', foo: '' }), node('node-b', { node: 'node-b', foo: '' }), node('node-x', { node: 'node-x', foo: '' }),
  node('node-y', { node: 'node-y' }, yTaints),
];
const policyPods = (): Pod[] => [pod('p-b1', 'node-a', foo), pod('p-b2', 'node-b', foo), pod('p-y1', 'node-y', foo)];
const zoneB1B2Y1 = (): Pod[] => [pod('p-b1', 'node-a', foo), pod('p-b2', 'node-b', foo), pod('p-y1', 'node-y', foo)];

const S = 'Success', U = 'Unschedulable', R = 'UnschedulableAndUnresolvable';

interface FilterRow {
  name: string;
  pod: Pod;
  nodes: Node[];
  pods?: Pod[];
  want: Record<string, StatusCode>;
}

const singleConstraintRows: FilterRow[] = [
  { name: 'no existing pods', pod: spreadPod(foo, [1, 'zone', fooSelector]).obj(), nodes: fourNodes(), want: { 'node-a': S, 'node-b': S, 'node-x': S, 'node-y': S } },
  { name: "no existing pods, incoming pod doesn't match itself", pod: spreadPod(foo, [1, 'zone', barSelector]).obj(), nodes: fourNodes(), want: { 'node-a': S, 'node-b': S, 'node-x': S, 'node-y': S } },
  {
    name: 'existing pods in a different namespace do not count',
    pod: spreadPod(foo, [1, 'zone', fooSelector]).obj(), nodes: fourNodes(),
    pods: [pod('p-a1', 'node-a', foo, 'ns1'), pod('p-b1', 'node-a', foo, 'ns2'), pod('p-x1', 'node-x', foo), pod('p-y1', 'node-y', foo)],
    want: { 'node-a': S, 'node-b': S, 'node-x': U, 'node-y': U },
  },
  {
    name: 'existing pods do not match null selector',
    pod: spreadPod(foo, [1, 'zone', undefined]).obj(), nodes: fourNodes(),
    pods: [pod('p-x1', 'node-x', foo), pod('p-y1', 'node-y', foo)],
    want: { 'node-a': S, 'node-b': S, 'node-x': S, 'node-y': S },
  },
  {
    name: 'pods spread across zones as 3/3, all nodes fit',
    pod: spreadPod(foo, [1, 'zone', fooSelector]).obj(), nodes: fourNodes(), pods: pods2103(),
    want: { 'node-a': S, 'node-b': S, 'node-x': S, 'node-y': S },
  },
  {
    name: "pods spread across zones as 1/2 due to absence of label 'zone' on node-b",
    pod: spreadPod(foo, [1, 'zone', fooSelector]).obj(),
    nodes: [zoneNode('node-a', 'zone1'), node('node-b', { zon: 'zone1', node: 'node-b' }), zoneNode('node-x', 'zone2'), zoneNode('node-y', 'zone2')],
    pods: [pod('p-a1', 'node-a', foo), pod('p-b1', 'node-b', foo), pod('p-x1', 'node-x', foo), pod('p-y1', 'node-y', foo)],
    want: { 'node-a': S, 'node-b': R, 'node-x': U, 'node-y': U },
  },
  {
    name: "pod cannot be scheduled as all nodes don't have label 'rack'",
    pod: spreadPod(foo, [1, 'rack', fooSelector]).obj(), nodes: [zoneNode('node-a', 'zone1'), zoneNode('node-x', 'zone2')],
    want: { 'node-a': R, 'node-x': R },
  },
  {
    name: 'pods spread across nodes as 2/1/0/3, only node-x fits',
    pod: spreadPod(foo, [1, 'node', fooSelector]).obj(), nodes: fourNodes(), pods: pods2103(),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
  {
    name: 'pods spread across nodes as 2/1/0/3, maxSkew is 2, node-b and node-x fit',
    pod: spreadPod(foo, [2, 'node', fooSelector]).obj(), nodes: fourNodes(), pods: pods2103(),
    want: { 'node-a': U, 'node-b': S, 'node-x': S, 'node-y': U },
  },
  {
    name: "pods spread across nodes as 2/1/0/3, but pod doesn't match itself",
    pod: spreadPod({ bar: '' }, [1, 'node', fooSelector]).obj(), nodes: fourNodes(), pods: pods2103(),
    want: { 'node-a': U, 'node-b': S, 'node-x': S, 'node-y': U },
  },
  {
    // Only node-a and node-y are counted (2/~1~/~0~/3); NodeAffinity itself is not run here.
    name: 'incoming pod has nodeAffinity, pods spread as 2/~1~/~0~/3, hence node-a fits',
    pod: spreadPod(foo, [1, 'node', fooSelector]).nodeAffinityIn('node', ['node-a', 'node-y']).obj(), nodes: fourNodes(), pods: pods2103(),
    want: { 'node-a': S, 'node-b': S, 'node-x': S, 'node-y': U },
  },
  {
    name: 'terminating Pods should be excluded',
    pod: spreadPod(foo, [1, 'node', fooSelector]).obj(),
    nodes: [node('node-a', { node: 'node-a' }), node('node-b', { node: 'node-b' })],
    pods: [makePod().name('p-a').node('node-a').label('foo', '').terminating().obj(), pod('p-b', 'node-b', foo)],
    want: { 'node-a': S, 'node-b': U },
  },
  {
    name: 'incoming pod has nodeAffinity, pods spread as 0/~2~/0/1, hence node-a fits',
    pod: spreadPod(foo, [1, 'zone', fooSelector]).nodeAffinityNotIn('node', ['node-b']).obj(), nodes: fourNodes(),
    pods: [pod('p-b1', 'node-b', foo), pod('p-b2', 'node-b', foo), pod('p-y1', 'node-y', foo)],
    want: { 'node-a': S, 'node-b': S, 'node-x': U, 'node-y': U },
  },
  {
    name: 'pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains < minDomains, then the third node fits',
    pod: spreadPod(foo, [2, 'node', fooSelector, { minDomains: 4 }]).obj(), nodes: threeHostNodes(), pods: pods221(),
    want: { 'node-a': U, 'node-b': U, 'node-c': S },
  },
  {
    name: 'pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains > minDomains, then the all nodes fit',
    pod: spreadPod(foo, [2, 'node', fooSelector, { minDomains: 2 }]).obj(), nodes: threeHostNodes(), pods: pods221(),
    want: { 'node-a': S, 'node-b': S, 'node-c': S },
  },
  {
    name: 'pods spread across zone as 2/1, maxSkew is 2 and the number of domains < minDomains, then the third and fourth nodes fit',
    pod: spreadPod(foo, [2, 'zone', fooSelector, { minDomains: 3 }]).obj(), nodes: fourNodes(), pods: zoneB1B2Y1(),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': S },
  },
  {
    name: 'pods spread across zone as 2/1, maxSkew is 2 and the number of domains > minDomains, then the all nodes fit',
    pod: spreadPod(foo, [2, 'zone', fooSelector, { minDomains: 1 }]).obj(), nodes: fourNodes(), pods: zoneB1B2Y1(),
    want: { 'node-a': S, 'node-b': S, 'node-x': S, 'node-y': S },
  },
  {
    name: 'NodeAffinityPolicy honored with labelSelectors',
    pod: spreadPod(foo, [1, 'node', fooSelector]).nodeSelector({ foo: '' }).obj(), nodes: policyNodes(), pods: policyPods(),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': S },
  },
  {
    name: 'NodeAffinityPolicy ignored with labelSelectors',
    pod: spreadPod(foo, [1, 'node', fooSelector, { nodeAffinityPolicy: 'Ignore' }]).nodeSelector({ foo: '' }).obj(), nodes: policyNodes(), pods: policyPods(),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
  {
    name: 'NodeAffinityPolicy honored with nodeAffinity',
    pod: spreadPod(foo, [1, 'node', fooSelector]).nodeAffinityIn('foo', ['']).obj(), nodes: policyNodes(), pods: policyPods(),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': S },
  },
  {
    // upstream reuses the name "NodeAffinityPolicy ignored with labelSelectors" for this nodeAffinity row
    name: 'NodeAffinityPolicy ignored with labelSelectors (nodeAffinity)',
    pod: spreadPod(foo, [1, 'node', fooSelector, { nodeAffinityPolicy: 'Ignore' }]).nodeAffinityIn('foo', ['']).obj(), nodes: policyNodes(), pods: policyPods(),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
  {
    name: 'NodeTaintsPolicy honored',
    pod: spreadPod(foo, [1, 'node', fooSelector, { nodeTaintsPolicy: 'Honor' }]).obj(), nodes: policyNodes(taints), pods: policyPods(),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': S },
  },
  {
    name: 'NodeTaintsPolicy ignored',
    pod: spreadPod(foo, [1, 'node', fooSelector]).obj(), nodes: policyNodes(taints), pods: policyPods(),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
  {
    // Upstream's row (after v1.35, kubernetes#141340) expects node-a/node-b Unschedulable. In v1.35
    // an empty selector `{}` counts no pods, so every domain has 0 and every node fits.
    name: 'empty (non-nil) label selector should count all namespace pods [v1.35: counts nothing]',
    pod: spreadPod(foo, [1, 'zone', {}]).obj(), nodes: fourNodes(), pods: [pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', foo)],
    want: { 'node-a': S, 'node-b': S, 'node-x': S, 'node-y': S },
  },
  {
    name: 'nil label selector should count no pods',
    pod: spreadPod(foo, [1, 'zone', undefined]).obj(), nodes: fourNodes(), pods: [pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', foo)],
    want: { 'node-a': S, 'node-b': S, 'node-x': S, 'node-y': S },
  },
];

const zoneNodeFoo = (labels: Record<string, string> = foo) => spreadPod(labels, [1, 'zone', fooSelector], [1, 'node', fooSelector]);
const zoneFooNodeBar = (labels: Record<string, string> = fooBar) => spreadPod(labels, [1, 'zone', fooSelector], [1, 'node', barSelector]);
const a1b1y1 = (): Pod[] => [pod('p-a1', 'node-a', foo), pod('p-b1', 'node-b', foo), pod('p-y1', 'node-y', foo)];
const zoneBarZoneFooPods = (): Pod[] => [
  pod('p-a1', 'node-a', fooBar), pod('p-a2', 'node-a', foo), pod('p-b1', 'node-b', fooBar),
  pod('p-y1', 'node-y', foo), pod('p-y2', 'node-y', fooBar), pod('p-y3', 'node-y', foo),
];

const multipleConstraintRows: FilterRow[] = [
  {
    name: 'two Constraints on zone and node, spreads = [3/3, 2/1/0/3]',
    pod: zoneNodeFoo().obj(), nodes: fourNodes(), pods: pods2103(),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
  {
    name: 'two Constraints on zone and node, spreads = [3/4, 2/1/0/4]',
    pod: zoneNodeFoo().obj(), nodes: fourNodes(), pods: [...pods2103(), pod('p-y4', 'node-y', foo)],
    want: { 'node-a': U, 'node-b': U, 'node-x': U, 'node-y': U },
  },
  {
    name: 'Constraints hold different labelSelectors, spreads = [1/0, 1/0/0/1]',
    pod: zoneFooNodeBar().obj(), nodes: fourNodes(), pods: [pod('p-a1', 'node-a', foo), pod('p-y1', 'node-y', { bar: '' })],
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
  {
    name: 'Constraints hold different labelSelectors, spreads = [1/0, 0/0/1/1]',
    pod: zoneFooNodeBar().obj(), nodes: fourNodes(), pods: [pod('p-a1', 'node-a', foo), pod('p-x1', 'node-x', { bar: '' }), pod('p-y1', 'node-y', { bar: '' })],
    want: { 'node-a': U, 'node-b': U, 'node-x': U, 'node-y': U },
  },
  {
    name: 'Constraints hold different labelSelectors, spreads = [2/3, 1/0/0/1]',
    pod: zoneFooNodeBar().obj(), nodes: fourNodes(),
    pods: [pod('p-a1', 'node-a', foo), pod('p-a2', 'node-a', fooBar), pod('p-y1', 'node-y', foo), pod('p-y2', 'node-y', fooBar), pod('p-y3', 'node-y', foo)],
    want: { 'node-a': U, 'node-b': S, 'node-x': U, 'node-y': U },
  },
  {
    name: "Constraints hold different labelSelectors but pod doesn't match itself on 'zone' constraint",
    pod: zoneFooNodeBar({ bar: '' }).obj(), nodes: fourNodes(), pods: [pod('p-a1', 'node-a', foo), pod('p-x1', 'node-x', { bar: '' }), pod('p-y1', 'node-y', { bar: '' })],
    want: { 'node-a': S, 'node-b': S, 'node-x': U, 'node-y': U },
  },
  {
    name: "two Constraints on zone and node, absence of label 'node' on node-x, spreads = [1/1, 1/0/0/1]",
    pod: zoneNodeFoo().obj(),
    nodes: [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1'), node('node-x', { zone: 'zone2' }), zoneNode('node-y', 'zone2')],
    pods: [pod('p-a1', 'node-a', foo), pod('p-y3', 'node-y', foo)],
    want: { 'node-a': U, 'node-b': S, 'node-x': R, 'node-y': U },
  },
  {
    name: 'two node inclusion Constraints, zone: honor/ignore, node: ignore/ignore',
    pod: spreadPod(foo, [1, 'zone', fooSelector], [1, 'node', fooSelector, { nodeAffinityPolicy: 'Ignore' }]).nodeSelector({ foo: '' }).obj(),
    nodes: [zoneNode('node-a', 'zone1', foo), zoneNode('node-b', 'zone1', foo), zoneNode('node-x', 'zone2', foo), zoneNode('node-y', 'zone2')],
    pods: a1b1y1(),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
  {
    name: 'two node inclusion Constraints, zone: honor/honor, node: honor/ignore',
    pod: spreadPod(foo, [1, 'zone', fooSelector, { nodeTaintsPolicy: 'Honor' }], [1, 'node', fooSelector]).obj(),
    nodes: [zoneNode('node-a', 'zone1', foo), zoneNode('node-b', 'zone1', foo), zoneNode('node-x', 'zone2', foo), zoneNode('node-y', 'zone2', {}, taints)],
    pods: a1b1y1(),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
  {
    name: 'two node inclusion Constraints, zone: honor/ignore, node: honor/ignore',
    pod: zoneNodeFoo().nodeSelector({ foo: '' }).obj(),
    nodes: [zoneNode('node-a', 'zone1', foo), zoneNode('node-b', 'zone1'), zoneNode('node-x', 'zone2', foo), zoneNode('node-y', 'zone2', foo, taints)],
    pods: a1b1y1(),
    want: { 'node-a': U, 'node-b': S, 'node-x': S, 'node-y': U },
  },
  {
    name: 'two node inclusion Constraints, zone: honor/honor, node: ignore/ignore',
    pod: spreadPod(foo, [1, 'zone', fooSelector, { nodeTaintsPolicy: 'Honor' }], [1, 'node', fooSelector, { nodeAffinityPolicy: 'Ignore' }]).nodeSelector({ foo: '' }).obj(),
    nodes: [zoneNode('node-a', 'zone1', foo), zoneNode('node-b', 'zone1'), zoneNode('node-x', 'zone2', foo), zoneNode('node-y', 'zone2', foo, taints)],
    pods: a1b1y1(),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
  {
    name: 'two Constraints on zone, spreads = [3/3, 2/1]',
    pod: spreadPod(fooBar, [1, 'zone', barSelector], [1, 'zone', fooSelector]).obj(), nodes: fourNodes(), pods: zoneBarZoneFooPods(),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': S },
  },
  {
    name: 'two Constraints on zone, spreads = [3/4, 2/1]',
    pod: spreadPod(fooBar, [1, 'zone', barSelector], [1, 'zone', fooSelector]).obj(), nodes: fourNodes(),
    pods: [...zoneBarZoneFooPods(), pod('p-y4', 'node-y', foo)],
    want: { 'node-a': U, 'node-b': U, 'node-x': U, 'node-y': U },
  },
];

const reasonFor: Record<string, string[]> = { [U]: [ErrReasonConstraintsNotMatch], [R]: [ErrReasonNodeLabelNotMatch] };

function expectVerdicts(row: FilterRow): void {
  const { env, plugin } = spreadEnv({ nodes: row.nodes, pods: row.pods });
  const { preFilter, filter } = runPreFilterAndFilter(plugin, env, row.pod);
  expect(preFilter.code).toBe('Success');
  for (const [nodeName, code] of Object.entries(row.want)) {
    const status = filter.get(nodeName)!;
    expect({ node: nodeName, code: status.code }).toEqual({ node: nodeName, code });
    expect(status.reasons).toEqual(reasonFor[code] ?? []);
  }
}

describe('PodTopologySpread Filter (TestSingleConstraint)', () => {
  it.each(singleConstraintRows)('$name', expectVerdicts);
});

describe('PodTopologySpread Filter (TestMultipleConstraints)', () => {
  it.each(multipleConstraintRows)('$name', expectVerdicts);
});

describe('PodTopologySpread Filter without PreFilter (TestPreFilterDisabled)', () => {
  it('returns an Error when the PreFilter state is missing', () => {
    const { env, plugin } = spreadEnv({ nodes: [makeNode().name('n').obj()] });
    const status = plugin.filter!(new CycleState(), newPodInfo(makePod().name('p').obj()), env.snapshot.get('n')!);
    expect(status.code).toBe('Error');
    expect(status.reasons).toEqual(['reading "PreFilterPodTopologySpread" from cycleState: not found']);
  });
});

// The Kubernetes docs' examples, as in scenarios/: four nodes in zoneA/zoneB, p1..p3
// (foo=bar) on node1..node3, and mypod (foo=bar) with maxSkew 1 constraints.
const docsNodes = (): Node[] => ['node1', 'node2', 'node3', 'node4'].map((name, i) =>
  makeNode().name(name).label('node', name).label('zone', i < 2 ? 'zoneA' : 'zoneB').allocatable({ cpu: '4', memory: '8Gi', pods: '110' }).obj());
const docsPods = (): Pod[] => [pod('p1', 'node1', { foo: 'bar' }), pod('p2', 'node2', { foo: 'bar' }), pod('p3', 'node3', { foo: 'bar' })];
const fooBarSelector: LabelSelector = { matchLabels: { foo: 'bar' } };

describe('PodTopologySpread scenarios', () => {
  it('zone-spread.yaml: node1 and node2 fail on skew, node3 and node4 pass', () => {
    const { env, plugin } = spreadEnv({ nodes: docsNodes(), pods: docsPods() });
    const mypod = spreadPod({ foo: 'bar' }, [1, 'zone', fooBarSelector]).name('mypod').obj();
    const { filter } = runPreFilterAndFilter(plugin, env, mypod);
    expect(Object.fromEntries([...filter].map(([n, s]) => [n, [s.code, ...s.reasons]]))).toEqual({
      node1: [U, ErrReasonConstraintsNotMatch],
      node2: [U, ErrReasonConstraintsNotMatch],
      node3: [S],
      node4: [S],
    });
    // zoneA would become 3 against zoneB's 1: skew 2 > maxSkew 1.
    const v = constraintsOn(filter, 'node1');
    expect(v).toEqual([{
      topologyKey: 'zone', maxSkew: 1, minDomains: 1, selfMatch: 1, minMatch: 1, eligibleDomains: 2,
      domain: 'zoneA', matchNum: 2, skew: 2, counts: { zoneA: 2, zoneB: 1 }, result: 'SkewTooHigh',
      // the pods behind matchNum, for the diagnosis
      pods: ['default/p1', 'default/p2'],
    }]);
  });

  it('two-constraints.yaml: only node4 passes both the zone and the node constraint', () => {
    const { env, plugin } = spreadEnv({ nodes: docsNodes(), pods: docsPods() });
    const mypod = spreadPod({ foo: 'bar' }, [1, 'zone', fooBarSelector], [1, 'node', fooBarSelector]).name('mypod').obj();
    const { filter } = runPreFilterAndFilter(plugin, env, mypod);
    expect(Object.fromEntries([...filter].map(([n, s]) => [n, s.code]))).toEqual({ node1: U, node2: U, node3: U, node4: S });
    // node3 passes the zone constraint but its node domain already has one pod while node4 has none.
    const v = constraintsOn(filter, 'node3');
    expect(v.map((x) => [x.topologyKey, x.domain, x.matchNum, x.minMatch, x.skew, x.result])).toEqual([
      ['zone', 'zoneB', 1, 1, 1, 'Pass'],
      ['node', 'node3', 1, 0, 2, 'SkewTooHigh'],
    ]);
  });
});

describe('PodTopologySpread Filter details', () => {
  it('carries every constraint on success and marks a missing label', () => {
    const nodes = [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1'), node('node-x', { zone: 'zone2' }), zoneNode('node-y', 'zone2')];
    const { env, plugin } = spreadEnv({ nodes, pods: [pod('p-a1', 'node-a', foo), pod('p-y3', 'node-y', foo)] });
    const { filter } = runPreFilterAndFilter(plugin, env, zoneNodeFoo().obj());
    expect(filter.get('node-b')!.code).toBe(S);
    expect((constraintsOn(filter, 'node-b')).map((x) => [x.domain, x.matchNum, x.skew, x.result])).toEqual([
      ['zone1', 1, 1, 'Pass'],
      ['node-b', 0, 1, 'Pass'],
    ]);
    const x = constraintsOn(filter, 'node-x');
    expect(x[1]).toMatchObject({ topologyKey: 'node', domain: null, skew: null, result: 'MissingLabel', counts: { 'node-a': 1, 'node-b': 0, 'node-y': 1 } });
  });
});

describe('explainSpread', () => {
  it('reports counts, eligible domains, the global minimum, violating domains and skipped nodes', () => {
    // "two node inclusion Constraints, zone: honor/ignore, node: honor/ignore" from TestMultipleConstraints,
    // plus node-z without the node label.
    const nodes = [
      zoneNode('node-a', 'zone1', foo), zoneNode('node-b', 'zone1'), zoneNode('node-x', 'zone2', foo), zoneNode('node-y', 'zone2', foo, taints),
      node('node-z', { zone: 'zone3', foo: '' }),
    ];
    const incoming = spreadPod(foo, [1, 'zone', fooSelector, { nodeTaintsPolicy: 'Honor' }], [1, 'node', fooSelector]).nodeSelector({ foo: '' }).obj();
    const { env, plugin } = spreadEnv({ nodes, pods: a1b1y1() });
    const { state } = runPreFilterAndFilter(plugin, env, incoming);
    const explained = explainSpread(state, incoming)!;
    expect(explained.map((e) => ({ key: e.topologyKey, counts: e.counts, eligible: e.eligibleDomains, min: e.minMatch, violating: e.violatingDomains }))).toEqual([
      // zone: node-b fails the nodeSelector, node-y's taint is not tolerated
      { key: 'zone', counts: { zone1: 1, zone2: 0 }, eligible: ['zone1', 'zone2'], min: 0, violating: ['zone1'] },
      // node: node-b fails the nodeSelector; node-y is counted (taints ignored)
      { key: 'node', counts: { 'node-a': 1, 'node-x': 0, 'node-y': 1 }, eligible: ['node-a', 'node-x', 'node-y'], min: 0, violating: ['node-a', 'node-y'] },
    ]);
    expect(explained[0]!.skippedNodes).toEqual([
      { node: 'node-b', reason: 'NodeAffinityPolicy' },
      { node: 'node-y', reason: 'NodeTaintsPolicy' },
      { node: 'node-z', reason: 'MissingTopologyKey', missingKeys: ['node'] },
    ]);
    expect(explained[1]!.skippedNodes).toEqual([
      { node: 'node-b', reason: 'NodeAffinityPolicy' },
      { node: 'node-z', reason: 'MissingTopologyKey', missingKeys: ['node'] },
    ]);
  });

  it('is undefined when the pod has no hard constraints (PreFilter skipped)', () => {
    const { env, plugin } = spreadEnv({ nodes: fourNodes() });
    const incoming = makePod().name('p').obj();
    const { preFilter, state } = runPreFilterAndFilter(plugin, env, incoming);
    expect(preFilter.code).toBe('Skip');
    expect(explainSpread(state, incoming)).toBeUndefined();
  });
});
