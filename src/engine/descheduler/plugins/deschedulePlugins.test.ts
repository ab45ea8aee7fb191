// Rows from upstream sigs.k8s.io/descheduler pkg/framework/plugins:
// removepodsviolatinginterpodantiaffinity/pod_antiaffinity_test.go (TestPodAntiAffinity),
// removepodsviolatingnodeaffinity/node_affinity_test.go (TestRemovePodsViolatingNodeAffinity),
// removepodsviolatingnodetaints/node_taint_test.go (TestDeletePodsViolatingNodeTaints).

import { describe, expect, it } from 'vitest';
import type { Node, Taint } from '../../model/types';
import { SYSTEM_CRITICAL_PRIORITY } from '../podutil';
import {
  buildTestNode, buildTestPod, mirrorPodAnnotations, runStrategy, setDSOwnerRef, setHostPathEmptyDirVolumeSource, setNormalOwnerRef,
  setPodPriority,
} from '../testing';
import type { DeschedulerPod, DeschedulerPolicy } from '../types';

type Limits = Pick<DeschedulerPolicy, 'maxNoOfPodsToEvictPerNode' | 'maxNoOfPodsToEvictPerNamespace' | 'maxNoOfPodsToEvictTotal'>;

describe('RemovePodsViolatingInterPodAntiAffinity (TestPodAntiAffinity)', () => {
  const node = (name: string, apply?: (n: Node) => void): Node => buildTestNode(name, 2000, 3000, 10, apply);
  const mainRegion = (n: Node): void => { n.metadata.labels = { region: 'main-region' }; };
  const node1 = (): Node => node('n1', mainRegion);
  const pod = (name: string, nodeName: string, apply?: (p: DeschedulerPod) => void): DeschedulerPod => buildTestPod(name, 100, 0, nodeName, apply);
  const antiAffinity = (key: string, value: string) => (p: DeschedulerPod): void => {
    p.spec.affinity = { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchExpressions: [{ key, operator: 'In', values: [value] }] }, topologyKey: 'region' }] } };
  };
  const labels = (l: Record<string, string>) => (p: DeschedulerPod): void => { p.metadata.labels = l; };
  const all = (...fs: ((p: DeschedulerPod) => void)[]) => (p: DeschedulerPod): void => { for (const f of fs) f(p); };
  const withAntiAffinity = (name: string): DeschedulerPod => pod(name, 'n1', all(setNormalOwnerRef, antiAffinity('foo', 'bar')));
  const p2 = (): DeschedulerPod => pod('p2', 'n1', all(setNormalOwnerRef, labels({ foo: 'bar' })));
  const nonEvictable = (): DeschedulerPod => pod('non-evict', 'n1', all((p) => setPodPriority(p, SYSTEM_CRITICAL_PRIORITY), labels({ foo: 'bar' })));
  const four = (): DeschedulerPod[] => [withAntiAffinity('p1'), p2(), withAntiAffinity('p3'), withAntiAffinity('p4')];

  const cases: { name: string; pods: DeschedulerPod[]; nodes: Node[]; expected: number; limits?: Limits; nodeFit?: boolean }[] = [
    { name: 'Maximum pods to evict - 0', pods: four(), nodes: [node1()], expected: 3 },
    { name: 'Maximum pods to evict - 3', pods: four(), nodes: [node1()], expected: 3, limits: { maxNoOfPodsToEvictPerNode: 3 } },
    { name: 'Maximum pods to evict (maxPodsToEvictPerNamespace=3) - 3', pods: four(), nodes: [node1()], expected: 3, limits: { maxNoOfPodsToEvictPerNamespace: 3 } },
    { name: 'Maximum pods to evict (maxNoOfPodsToEvictTotal)', pods: four(), nodes: [node1()], expected: 1, limits: { maxNoOfPodsToEvictPerNamespace: 3, maxNoOfPodsToEvictTotal: 1 } },
    {
      name: 'Evict only 1 pod after sorting',
      pods: [
        pod('p5', 'n1', all(setNormalOwnerRef, labels({ foo: 'bar' }), antiAffinity('foo1', 'bar1'), (p) => setPodPriority(p, 100))),
        pod('p6', 'n1', all(setNormalOwnerRef, labels({ foo: 'bar' }), antiAffinity('foo1', 'bar1'), (p) => setPodPriority(p, 50))),
        pod('p7', 'n1', all(setNormalOwnerRef, labels({ foo1: 'bar1' }), antiAffinity('foo', 'bar'), (p) => setPodPriority(p, 0))),
      ],
      nodes: [node1()],
      expected: 1,
    },
    {
      name: 'Evicts pod that conflicts with critical pod (but does not evict critical pod)',
      pods: [withAntiAffinity('p1'), nonEvictable()], nodes: [node1()], expected: 1, limits: { maxNoOfPodsToEvictPerNode: 1 },
    },
    {
      name: "Won't evict pods because node selectors don't match available nodes",
      pods: [pod('p8', 'n1', (p) => { p.spec.nodeSelector = { datacenter: 'west' }; }), nonEvictable()],
      nodes: [node1(), node('n2', (n) => { n.metadata.labels = { datacenter: 'east' }; })],
      expected: 0, limits: { maxNoOfPodsToEvictPerNode: 1 }, nodeFit: true,
    },
    {
      name: "Won't evict pods because only other node is not schedulable",
      pods: [pod('p8', 'n1', (p) => { p.spec.nodeSelector = { datacenter: 'west' }; }), nonEvictable()],
      nodes: [node1(), node('n3', (n) => { n.spec = { unschedulable: true }; })],
      expected: 0, limits: { maxNoOfPodsToEvictPerNode: 1 }, nodeFit: true,
    },
    {
      name: 'No pod to evicted since all pod terminating',
      pods: ['p9', 'p10'].map((n) => pod(n, 'n1', all(setNormalOwnerRef, antiAffinity('foo', 'bar'), (p) => { p.metadata.deletionTimestamp = 0; }))),
      nodes: [node1()],
      expected: 0,
    },
    {
      name: "Won't evict pods because only other node doesn't have enough resources",
      pods: four(), nodes: [node1(), buildTestNode('n4', 2, 2, 1)], expected: 0, limits: { maxNoOfPodsToEvictPerNode: 3 }, nodeFit: true,
    },
    {
      name: 'Evict pod violating anti-affinity among different node (all pods have anti-affinity)',
      pods: [withAntiAffinity('p1'), pod('p11', 'n5', all(setNormalOwnerRef, labels({ foo: 'bar' })))],
      nodes: [node1(), buildTestNode('n5', 200, 3000, 10, mainRegion)],
      expected: 1,
    },
  ];
  it.each(cases)('$name', (c) => {
    const { evicted } = runStrategy({
      plugin: 'RemovePodsViolatingInterPodAntiAffinity', evictorArgs: { nodeFit: c.nodeFit ?? false }, nodes: c.nodes, pods: c.pods, limits: c.limits,
    });
    expect(evicted).toHaveLength(c.expected);
  });

  it('evicts the lowest-priority offender and keeps the pods it conflicted with (Evict only 1 pod after sorting → p7)', () => {
    const c = cases.find((x) => x.name === 'Evict only 1 pod after sorting')!;
    expect(runStrategy({ plugin: 'RemovePodsViolatingInterPodAntiAffinity', nodes: c.nodes, pods: c.pods }).evicted).toEqual(['p7']);
  });
});

describe('RemovePodsViolatingNodeAffinity (TestRemovePodsViolatingNodeAffinity)', () => {
  const KEY = 'kubernetes.io/desiredNode';
  const node = (name: string, apply?: (n: Node) => void): Node => buildTestNode(name, 2000, 3000, 10, apply);
  const desired = (n: Node): void => { n.metadata.labels![KEY] = 'yes'; };
  const withLabels = (): Node => node('nodeWithLabels', desired);
  const withoutLabels = (): Node => node('nodeWithoutLabels');
  const unschedulableWithLabels = (): Node => node('unschedulableNodeWithLabels', (n) => { desired(n); n.spec.unschedulable = true; });
  const REQ = 'requiredDuringSchedulingIgnoredDuringExecution';
  const PREF = 'preferredDuringSchedulingIgnoredDuringExecution';
  const term = { matchExpressions: [{ key: KEY, operator: 'In' as const, values: ['yes'] }] };
  const podsOn = (nodeName: string, terminating: boolean, type: string): DeschedulerPod[] => {
    const mark = (p: DeschedulerPod): void => {
      setNormalOwnerRef(p);
      if (terminating) p.metadata.deletionTimestamp = 0;
    };
    return [
      buildTestPod('podWithNodeAffinity', 100, 0, nodeName, (p) => {
        p.spec.affinity = { nodeAffinity: {} };
        if (type === REQ) p.spec.affinity.nodeAffinity!.requiredDuringSchedulingIgnoredDuringExecution = { nodeSelectorTerms: [term] };
        if (type === PREF) p.spec.affinity.nodeAffinity!.preferredDuringSchedulingIgnoredDuringExecution = [{ weight: 10, preference: term }];
        mark(p);
      }),
      buildTestPod('pod1', 100, 0, nodeName, mark),
      buildTestPod('pod2', 100, 0, nodeName, mark),
    ];
  };

  const cases: { name: string; type: string; pods: DeschedulerPod[]; nodes: Node[]; expected: number; limits?: Limits; nodeFit?: boolean }[] = [];
  const add = (name: string, type: string, expected: number, opts: { terminating?: boolean; limits?: Limits; nodes?: Node[]; on?: string; nodeFit?: boolean } = {}): void => {
    cases.push({
      name, type, expected, limits: opts.limits, nodeFit: opts.nodeFit,
      pods: podsOn(opts.on ?? 'nodeWithoutLabels', opts.terminating ?? false, type),
      nodes: opts.nodes ?? [withoutLabels(), withLabels()],
    });
  };
  add('Invalid Affinity type, should not evict any pods', 'requiredDuringSchedulingRequiredDuringExecution', 0);
  add('Pod is correctly scheduled on node, no eviction expected [required affinity]', REQ, 0, { on: 'nodeWithLabels', nodes: [withLabels()] });
  add('Pod is correctly scheduled on node, no eviction expected [preferred affinity]', PREF, 0, { on: 'nodeWithLabels', nodes: [withLabels()] });
  add('Pod is scheduled on node without matching labels, another schedulable node available, should be evicted', REQ, 1);
  add('Pod is scheduled on node without matching labels, another schedulable node available with better fit, should be evicted', PREF, 1);
  for (const [type, tag] of [[REQ, 'required affinity'], [PREF, 'preferred affinity']] as const) {
    add(`Pod is scheduled on node without matching labels, another schedulable node available, maxPodsToEvictPerNode set to 1, should be evicted [${tag}]`, type, 1, { limits: { maxNoOfPodsToEvictPerNode: 1 } });
    add(`Pod is scheduled on node without matching labels, another schedulable node available, maxPodsToEvictPerNode set to 0, should be not evicted [${tag}]`, type, 0, { limits: { maxNoOfPodsToEvictPerNode: 0 } });
    add(`Pod is scheduled on node without matching labels, another schedulable node available, maxPodsToEvictPerNode set to 1, no pod evicted since pod terminating [${tag}]`, type, 0, { terminating: true, limits: { maxNoOfPodsToEvictPerNode: 1 } });
    add(`Pod is scheduled on node without matching labels, another schedulable node available, maxNoOfPodsToEvictPerNamespace set to 1, should be evicted [${tag}]`, type, 1, { limits: { maxNoOfPodsToEvictPerNamespace: 1 } });
    add(`Pod is scheduled on node without matching labels, another schedulable node available, maxNoOfPodsToEvictPerNamespace set to 0, should not be evicted [${tag}]`, type, 0, { limits: { maxNoOfPodsToEvictPerNamespace: 0 } });
    add(`Pod is scheduled on node without matching labels, another schedulable node available, maxNoOfPodsToEvictPerNamespace set to 1, no pod evicted since pod terminting [${tag}]`, type, 0, { terminating: true, limits: { maxNoOfPodsToEvictPerNamespace: 1 } });
    add(`Pod is scheduled on node without matching labels, but no node where pod fits is available, should not evict [${tag}]`, type, 0, { nodes: [withoutLabels(), unschedulableWithLabels()], nodeFit: true });
    add(`Pod is scheduled on node without matching labels, and unschedulable node where pod could fit is available, should not evict [${tag}]`, type, 0, { nodes: [withLabels(), unschedulableWithLabels()], limits: { maxNoOfPodsToEvictPerNode: 1 }, nodeFit: true });
  }
  add('Pod is scheduled on node without matching labels, another schedulable node available, maxNoOfPodsToEvictTotal set to 0, should not be evicted [required affinity]', REQ, 0, { limits: { maxNoOfPodsToEvictPerNamespace: 1, maxNoOfPodsToEvictTotal: 0 } });

  it.each(cases)('$name', (c) => {
    const { evicted } = runStrategy({
      plugin: 'RemovePodsViolatingNodeAffinity', args: { nodeAffinityType: [c.type] }, evictorArgs: { nodeFit: c.nodeFit ?? false },
      nodes: c.nodes, pods: c.pods, limits: c.limits,
    });
    expect(evicted).toHaveLength(c.expected);
    if (c.expected > 0) expect(evicted).toEqual(['podWithNodeAffinity']);
  });
});

describe('RemovePodsViolatingNodeTaints (TestDeletePodsViolatingNodeTaints)', () => {
  const node = (name: string, apply?: (n: Node) => void): Node => buildTestNode(name, 2000, 3000, 10, apply);
  // upstream's createNoScheduleTaint ignores its key/value: every taint is testTaint<i>=test<i>
  const noSchedule = (i: number): Taint => ({ key: `testTaint${i}`, value: `test${i}`, effect: 'NoSchedule' });
  const testTaint1 = (n: Node): void => { n.spec.taints = [noSchedule(1)]; };
  const bothTaints1 = (n: Node): void => { n.spec.taints = [noSchedule(1), noSchedule(1)]; };
  const preferNoSchedule1 = (n: Node): void => { n.spec.taints = [{ key: 'testTaint1', value: 'test1', effect: 'PreferNoSchedule' }]; };
  const toleration = (key: string, value: string, i: number, effect: 'NoSchedule' | 'PreferNoSchedule') => (p: DeschedulerPod): void => {
    p.spec.tolerations = [{ key: `${key}${i}`, value: `${value}${i}`, effect }];
  };
  const tolerates1 = toleration('testTaint', 'test', 1, 'NoSchedule');
  const toleratesX1 = toleration('testTaintX', 'testX', 1, 'NoSchedule');
  const owned = (name: string, nodeName: string, apply?: (p: DeschedulerPod) => void): DeschedulerPod =>
    buildTestPod(name, 100, 0, nodeName, (p) => { setNormalOwnerRef(p); apply?.(p); });
  const kubeSystemCritical = (p: DeschedulerPod): void => { p.metadata.namespace = 'kube-system'; setPodPriority(p, SYSTEM_CRITICAL_PRIORITY); };
  const mirror = (p: DeschedulerPod): void => { p.metadata.annotations = mirrorPodAnnotations(); };
  const criticalSet = (): DeschedulerPod[] => [
    owned('p7', 'n2', kubeSystemCritical), buildTestPod('p8', 100, 0, 'n2', setDSOwnerRef),
    owned('p9', 'n2', setHostPathEmptyDirVolumeSource), owned('p10', 'n2', mirror),
  ];

  const cases: {
    name: string; pods: DeschedulerPod[]; nodes: Node[]; expected: number; limits?: Limits; nodeFit?: boolean;
    evictor?: Record<string, boolean>; args?: Record<string, unknown>; evicted?: string[];
  }[] = [
    { name: 'Pods not tolerating node taint should be evicted', pods: [owned('p1', 'n1', tolerates1), owned('p2', 'n1'), owned('p3', 'n1', tolerates1)], nodes: [node('n1', testTaint1)], expected: 1, evicted: ['p2'] },
    { name: 'Pods with tolerations but not tolerating node taint should be evicted', pods: [owned('p1', 'n1', tolerates1), owned('p3', 'n1', tolerates1), owned('p4', 'n1', toleratesX1)], nodes: [node('n1', testTaint1)], expected: 1, evicted: ['p4'] },
    {
      name: 'Only <maxNoOfPodsToEvictTotal> number of Pods not tolerating node taint should be evicted',
      pods: [owned('p1', 'n1', tolerates1), owned('p5', 'n1'), owned('p6', 'n1')], nodes: [node('n1', testTaint1)], expected: 1,
      limits: { maxNoOfPodsToEvictPerNode: 2, maxNoOfPodsToEvictTotal: 1 },
    },
    {
      name: 'Only <maxPodsToEvictPerNode> number of Pods not tolerating node taint should be evicted',
      pods: [owned('p1', 'n1', tolerates1), owned('p5', 'n1'), owned('p6', 'n1')], nodes: [node('n1', testTaint1)], expected: 1, limits: { maxNoOfPodsToEvictPerNode: 1 },
    },
    {
      name: 'Only <maxNoOfPodsToEvictPerNamespace> number of Pods not tolerating node taint should be evicted',
      pods: [owned('p1', 'n1', tolerates1), owned('p5', 'n1'), owned('p6', 'n1')], nodes: [node('n1', testTaint1)], expected: 1, limits: { maxNoOfPodsToEvictPerNamespace: 1 },
    },
    { name: 'Critical pods not tolerating node taint should not be evicted', pods: criticalSet(), nodes: [node('n2', testTaint1)], expected: 0 },
    {
      name: 'Critical pods except storage pods not tolerating node taint should not be evicted', pods: criticalSet(), nodes: [node('n2', testTaint1)], expected: 1,
      evictor: { evictLocalStoragePods: true }, evicted: ['p9'],
    },
    {
      name: 'Critical and non critical pods, only non critical pods not tolerating node taint should be evicted',
      pods: [owned('p7', 'n2', kubeSystemCritical), buildTestPod('p8', 100, 0, 'n2', setDSOwnerRef), owned('p10', 'n2', mirror), owned('p11', 'n2')],
      nodes: [node('n2', testTaint1)], expected: 1, evicted: ['p11'],
    },
    {
      name: 'Critical and non critical pods, pods not tolerating node taint should be evicted even if they are critical',
      pods: [owned('p2', 'n1'), owned('p7', 'n2', kubeSystemCritical), owned('p9', 'n2', setHostPathEmptyDirVolumeSource), owned('p10', 'n2', mirror)],
      nodes: [node('n1', testTaint1), node('n2', testTaint1)], expected: 2, evictor: { evictSystemCriticalPods: true }, evicted: ['p2', 'p7'],
    },
    {
      name: "Pod p2 doesn't tolerate taint on it's node, but also doesn't tolerate taints on other nodes",
      pods: [owned('p1', 'n1', tolerates1), owned('p2', 'n1'), owned('p3', 'n1', tolerates1)], nodes: [node('n1', testTaint1), node('n2', testTaint1)], expected: 0, nodeFit: true,
    },
    {
      name: "Pod p12 doesn't tolerate taint on it's node, but other nodes don't match it's selector",
      pods: [owned('p1', 'n1', tolerates1), owned('p3', 'n1', tolerates1), owned('p11', 'n2', (p) => { p.spec.nodeSelector = { datacenter: 'west' }; })],
      nodes: [node('n1', testTaint1), node('n3', (n) => { n.metadata.labels = { datacenter: 'east' }; })], expected: 0, nodeFit: true,
    },
    {
      name: "Pod p2 doesn't tolerate taint on it's node, but other nodes are unschedulable",
      pods: [owned('p1', 'n1', tolerates1), owned('p2', 'n1'), owned('p3', 'n1', tolerates1)],
      nodes: [node('n1', testTaint1), node('n4', (n) => { n.spec.unschedulable = true; })], expected: 0, nodeFit: true,
    },
    {
      name: 'Pods not tolerating PreferNoSchedule node taint should not be evicted when not enabled',
      pods: [owned('p13', 'n5', toleration('testTaint', 'test', 0, 'PreferNoSchedule'))], nodes: [node('n5', preferNoSchedule1)], expected: 0,
    },
    {
      name: 'Pods not tolerating PreferNoSchedule node taint should be evicted when enabled',
      pods: [owned('p13', 'n5', toleration('testTaint', 'test', 0, 'PreferNoSchedule'))], nodes: [node('n5', preferNoSchedule1)], expected: 1,
      args: { includePreferNoSchedule: true },
    },
    { name: 'Pods not tolerating excluded node taints (by key) should not be evicted', pods: [owned('p2', 'n1')], nodes: [node('n1', testTaint1)], expected: 0, args: { excludedTaints: ['excludedTaint1', 'testTaint1'] } },
    { name: 'Pods not tolerating excluded node taints (by key and value) should not be evicted', pods: [owned('p2', 'n1')], nodes: [node('n1', testTaint1)], expected: 0, args: { excludedTaints: ['testTaint1=test1'] } },
    { name: "The excluded taint matches the key of node1's taint, but does not match the value", pods: [owned('p2', 'n1')], nodes: [node('n1', testTaint1)], expected: 1, args: { excludedTaints: ['testTaint1=test2'] } },
    {
      name: "Critical and non critical pods, pods not tolerating node taint can't be evicted because the only available node does not have enough resources.",
      pods: [owned('p2', 'n1'), owned('p7', 'n2', kubeSystemCritical), owned('p9', 'n2', setHostPathEmptyDirVolumeSource), owned('p10', 'n2', mirror)],
      nodes: [node('n1', testTaint1), buildTestNode('n6', 1, 1, 1, preferNoSchedule1)], expected: 0, evictor: { evictSystemCriticalPods: true }, nodeFit: true,
    },
    {
      name: 'Pods tolerating included taints should not get evicted even with other taints present',
      pods: [owned('p1', 'n1', tolerates1)], nodes: [node('n7', bothTaints1)], expected: 0, args: { includedTaints: ['testTaint1=test1'] },
    },
    {
      name: 'Pods not tolerating not included taints should not get evicted',
      pods: [owned('p1', 'n1', tolerates1), owned('p2', 'n1'), owned('p4', 'n1', toleratesX1)], nodes: [node('n1', testTaint1)], expected: 0, args: { includedTaints: ['testTaint2=test2'] },
    },
    {
      name: 'Pods tolerating includedTaint should not get evicted. Pods not tolerating includedTaints should get evicted',
      pods: [owned('p1', 'n1', tolerates1), owned('p2', 'n1'), owned('p3', 'n1', tolerates1)], nodes: [node('n1', testTaint1)], expected: 1, args: { includedTaints: ['testTaint1=test1'] }, evicted: ['p2'],
    },
    {
      name: 'Pods not tolerating all taints are evicted when includedTaints is empty',
      pods: [
        owned('p14', 'n7', tolerates1),
        owned('p15', 'n7', (p) => { tolerates1(p); toleration('testingTaint', 'testing', 1, 'NoSchedule')(p); }),
      ],
      nodes: [node('n7', bothTaints1)], expected: 1,
    },
  ];
  it.each(cases)('$name', (c) => {
    const { evicted } = runStrategy({
      plugin: 'RemovePodsViolatingNodeTaints', args: c.args, evictorArgs: { ...c.evictor, nodeFit: c.nodeFit ?? false },
      nodes: c.nodes, pods: c.pods, limits: c.limits,
    });
    expect(evicted).toHaveLength(c.expected);
    if (c.evicted) expect(evicted).toEqual(c.evicted);
  });
});
