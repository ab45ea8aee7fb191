// Rows from upstream sigs.k8s.io/descheduler pkg/framework/plugins/defaultevictor/
// defaultevictor_test.go (TestDefaultEvictorPreEvictionFilter, TestDefaultEvictorFilter,
// TestGetEffectivePodProtections_TableDriven) and validation_test.go (TestValidateDefaultEvictorArgs).

import { describe, expect, it } from 'vitest';
import type { Namespace, Node, PodDisruptionBudget } from '../../model/types';
import { Cluster } from '../cluster';
import { Reader } from '../decode';
import { SYSTEM_CRITICAL_PRIORITY } from '../podutil';
import {
  buildTestNode, buildTestPod, mirrorPodAnnotations, setDSOwnerRef, setHostPathEmptyDirVolumeSource, setNormalOwnerRef, setPodPriority,
  setRSOwnerRef, setSSOwnerRef,
} from '../testing';
import type { DeschedulerPod, PersistentVolumeClaimRef } from '../types';
import { DefaultEvictor, effectivePodProtections, validateDefaultEvictorArgs, type DefaultEvictorInstance } from './DefaultEvictor';

const NOW = 100_000;

interface Setup {
  pods: DeschedulerPod[];
  nodes?: Node[];
  namespaces?: Namespace[];
  pdbs?: PodDisruptionBudget[];
  pvcs?: PersistentVolumeClaimRef[];
  args?: Record<string, unknown>;
}

function evictor(s: Setup): DefaultEvictorInstance {
  const cluster = new Cluster({
    nodes: s.nodes ?? [], pods: s.pods, now: NOW, namespaces: s.namespaces, podDisruptionBudgets: s.pdbs, persistentVolumeClaims: s.pvcs,
  });
  const r = new Reader('DefaultEvictorArgs');
  const args = DefaultEvictor.decodeArgs(r, s.args);
  expect(r.errors).toEqual([]);
  const plugin = DefaultEvictor.build(args, { cluster, evictor: { filter: () => true, preEvictionFilter: () => true, evict: () => undefined }, log: () => undefined });
  if (typeof plugin === 'string') throw new Error(plugin);
  return plugin as DefaultEvictorInstance;
}

const node = (name: string, apply?: (n: Node) => void): Node => buildTestNode(name, 1000, 2000, 13, apply);
const pod = (name: string, apply?: (p: DeschedulerPod) => void): DeschedulerPod => buildTestPod(name, 400, 0, 'node1', apply);
const both = (...fs: ((p: DeschedulerPod) => void)[]) => (p: DeschedulerPod): void => { for (const f of fs) f(p); };
const gpuTaint = (n: Node): void => { n.spec.taints = [{ key: 'hardware', value: 'gpu', effect: 'NoSchedule' }]; };
const eastLabel = (n: Node): void => { n.metadata.labels = { datacenter: 'east' }; };
const namespace = (name: string): Namespace => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { 'kubernetes.io/metadata.name': name } } });

describe('DefaultEvictor PreEvictionFilter (TestDefaultEvictorPreEvictionFilter)', () => {
  const cases: (Setup & { name: string; expected: boolean })[] = [
    { name: 'Pod with no tolerations running on normal node, all other nodes tainted', pods: [pod('p1', setNormalOwnerRef)], nodes: [node('node2', gpuTaint), node('node3', gpuTaint)], args: { nodeFit: true }, expected: false },
    {
      name: 'Pod with correct tolerations running on normal node, all other nodes tainted',
      pods: [pod('p1', both(setNormalOwnerRef, (p) => { p.spec.tolerations = [{ key: 'hardware', value: 'gpu', effect: 'NoSchedule' }]; }))],
      nodes: [node('node2', gpuTaint), node('node3', gpuTaint)], args: { nodeFit: true }, expected: true,
    },
    {
      name: 'Pod with incorrect node selector', pods: [pod('p1', both(setNormalOwnerRef, (p) => { p.spec.nodeSelector = { datacenter: 'fail' }; }))],
      nodes: [node('node2', eastLabel), node('node3', eastLabel)], args: { nodeFit: true }, expected: false,
    },
    {
      name: 'Pod with correct node selector', pods: [pod('p1', both(setNormalOwnerRef, (p) => { p.spec.nodeSelector = { datacenter: 'east' }; }))],
      nodes: [node('node2', eastLabel), node('node3', eastLabel)], args: { nodeFit: true }, expected: true,
    },
    {
      name: "Pod with correct node selector, but only available node doesn't have enough CPU",
      pods: [buildTestPod('p1', 12, 8, 'node1', both(setNormalOwnerRef, (p) => { p.spec.nodeSelector = { datacenter: 'east' }; }))],
      nodes: [buildTestNode('node2-TEST', 10, 16, 10, eastLabel), buildTestNode('node3-TEST', 10, 16, 10, eastLabel)], args: { nodeFit: true }, expected: false,
    },
    {
      name: 'Pod with correct node selector, and one node has enough memory',
      pods: [
        buildTestPod('p1', 12, 8, 'node1', both(setNormalOwnerRef, (p) => { p.spec.nodeSelector = { datacenter: 'east' }; })),
        buildTestPod('node2-pod-10GB-mem', 20, 10, 'node2', (p) => { p.metadata.labels = { test: 'true' }; }),
        buildTestPod('node3-pod-10GB-mem', 20, 10, 'node3', (p) => { p.metadata.labels = { test: 'true' }; }),
      ],
      nodes: [buildTestNode('node2', 100, 16, 10, eastLabel), buildTestNode('node3', 100, 20, 10, eastLabel)], args: { nodeFit: true }, expected: true,
    },
    {
      name: "Pod with correct node selector, but both nodes don't have enough memory",
      pods: [
        buildTestPod('p1', 12, 8, 'node1', both(setNormalOwnerRef, (p) => { p.spec.nodeSelector = { datacenter: 'east' }; })),
        buildTestPod('node2-pod-10GB-mem', 10, 10, 'node2', (p) => { p.metadata.labels = { test: 'true' }; }),
        buildTestPod('node3-pod-10GB-mem', 10, 10, 'node3', (p) => { p.metadata.labels = { test: 'true' }; }),
      ],
      nodes: [buildTestNode('node2', 100, 16, 10, eastLabel), buildTestNode('node3', 100, 16, 10, eastLabel)], args: { nodeFit: true }, expected: false,
    },
    {
      name: 'Pod with incorrect node selector, but nodefit false, should still be evicted', pods: [pod('p1', both(setNormalOwnerRef, (p) => { p.spec.nodeSelector = { datacenter: 'fail' }; }))],
      nodes: [node('node2', eastLabel), node('node3', eastLabel)], expected: true,
    },
    {
      name: 'Pod with namespace matched namespace selector, should be evicted',
      pods: [pod('p1', both(setNormalOwnerRef, (p) => { p.metadata.namespace = 'test'; p.spec.nodeSelector = { datacenter: 'east' }; }))],
      nodes: [node('node2', eastLabel), node('node3', eastLabel)], namespaces: [namespace('default'), namespace('test')],
      args: { nodeFit: true, namespaceLabelSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'test' } } }, expected: true,
    },
    {
      name: 'Pod with namespace does not matched namespace selector, should not be evicted',
      pods: [pod('p1', both(setNormalOwnerRef, (p) => { p.spec.nodeSelector = { datacenter: 'fail' }; }))],
      nodes: [node('node2', eastLabel), node('node3', eastLabel)], namespaces: [namespace('default'), namespace('test')],
      args: { nodeFit: true, namespaceLabelSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'test' } } }, expected: false,
    },
  ];
  it.each(cases)('$name', (c) => {
    expect(evictor(c).preEvictionFilter(c.pods[0]!)).toBe(c.expected);
  });
});

describe('DefaultEvictor Filter (TestDefaultEvictorFilter)', () => {
  const evictAnnotation = (p: DeschedulerPod): void => { p.metadata.annotations = { ...p.metadata.annotations, 'descheduler.alpha.kubernetes.io/evict': 'true' }; };
  const pvc = (claimName: string) => ({ name: claimName, persistentVolumeClaim: { claimName } });
  const pvcFoo = (p: DeschedulerPod): void => { p.spec.volumes = [pvc('foo')]; };
  const started = (minutesAgo: number) => (p: DeschedulerPod): void => { p.status.startTime = NOW - minutesAgo * 60; };
  const owner = (uid: string) => (p: DeschedulerPod): void => { setNormalOwnerRef(p); p.metadata.ownerReferences![0]!.uid = uid; };
  const pdb: PodDisruptionBudget = {
    apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'pdb1', namespace: 'default' },
    spec: { selector: { matchLabels: { app: 'foo' } }, maxUnavailable: 1 }, status: {},
  };
  const low = 800;
  const high = 900;
  const cases: (Setup & { name: string; expected: boolean })[] = [
    { name: 'Failed pod eviction with no ownerRefs', pods: [pod('bare_pod_failed', (p) => { p.status.phase = 'Failed'; })], expected: false },
    { name: 'Normal pod eviction with no ownerRefs and evictFailedBarePods enabled', pods: [pod('bare_pod')], args: { evictFailedBarePods: true }, expected: false },
    { name: 'Failed pod eviction with no ownerRefs (evictFailedBarePods)', pods: [pod('bare_pod_failed_but_can_be_evicted', (p) => { p.status.phase = 'Failed'; })], args: { evictFailedBarePods: true }, expected: true },
    { name: 'Normal pod eviction with normal ownerRefs', pods: [pod('p1', setNormalOwnerRef)], expected: true },
    { name: 'Normal pod eviction with normal ownerRefs and descheduler.alpha.kubernetes.io/evict annotation', pods: [pod('p2', both(evictAnnotation, setNormalOwnerRef))], expected: true },
    {
      name: 'Normal pod eviction with normal ownerRefs and descheduler.alpha.kubernetes.io/prefer-no-eviction annotation (preference)',
      pods: [pod('p2', both((p) => { p.metadata.annotations = { 'descheduler.alpha.kubernetes.io/prefer-no-eviction': '' }; }, setNormalOwnerRef))], expected: true,
    },
    {
      name: 'Normal pod eviction with normal ownerRefs and descheduler.alpha.kubernetes.io/prefer-no-eviction annotation (mandatory)',
      pods: [pod('p2', both((p) => { p.metadata.annotations = { 'descheduler.alpha.kubernetes.io/prefer-no-eviction': '' }; }, setNormalOwnerRef))],
      args: { noEvictionPolicy: 'Mandatory' }, expected: false,
    },
    { name: 'Normal pod eviction with replicaSet ownerRefs and descheduler.alpha.kubernetes.io/evict annotation', pods: [pod('p4', both(evictAnnotation, setRSOwnerRef))], expected: true },
    { name: 'Normal pod eviction with statefulSet ownerRefs and descheduler.alpha.kubernetes.io/evict annotation', pods: [pod('p19', both(evictAnnotation, setSSOwnerRef))], expected: true },
    { name: 'Pod not evicted because it is bound to a PV and evictLocalStoragePods = false', pods: [pod('p5', both(setNormalOwnerRef, setHostPathEmptyDirVolumeSource))], expected: false },
    { name: 'Pod is evicted because it is bound to a PV and evictLocalStoragePods = true', pods: [pod('p6', both(setNormalOwnerRef, setHostPathEmptyDirVolumeSource))], args: { evictLocalStoragePods: true }, expected: true },
    {
      name: 'Pod is evicted because it is bound to a PV and evictLocalStoragePods = false, but it has scheduler.alpha.kubernetes.io/evict annotation',
      pods: [pod('p7', both(evictAnnotation, setNormalOwnerRef, setHostPathEmptyDirVolumeSource))], expected: true,
    },
    { name: 'Pod not evicted because it is part of a daemonSet', pods: [pod('p8', setDSOwnerRef)], expected: false },
    { name: 'Pod is evicted because it is part of a daemonSet, but it has scheduler.alpha.kubernetes.io/evict annotation', pods: [pod('p9', both(evictAnnotation, setDSOwnerRef))], expected: true },
    { name: 'Pod not evicted because it is a mirror poddsa', pods: [pod('p10', both(setNormalOwnerRef, (p) => { p.metadata.annotations = mirrorPodAnnotations(); }))], expected: false },
    {
      name: 'Pod is evicted because it is a mirror pod, but it has scheduler.alpha.kubernetes.io/evict annotation',
      pods: [pod('p11', both(setNormalOwnerRef, (p) => { p.metadata.annotations = mirrorPodAnnotations(); }, evictAnnotation))], expected: true,
    },
    { name: 'Pod not evicted because it has system critical priority', pods: [pod('p12', both(setNormalOwnerRef, (p) => setPodPriority(p, SYSTEM_CRITICAL_PRIORITY)))], expected: false },
    {
      name: 'Pod is evicted because it has system critical priority, but it has scheduler.alpha.kubernetes.io/evict annotation',
      pods: [pod('p13', both(setNormalOwnerRef, (p) => setPodPriority(p, SYSTEM_CRITICAL_PRIORITY), evictAnnotation))], expected: true,
    },
    {
      name: 'Pod not evicted because it has a priority higher than the configured priority threshold',
      pods: [pod('p14', both(setNormalOwnerRef, (p) => setPodPriority(p, high)))], args: { priorityThreshold: { value: low } }, expected: false,
    },
    {
      name: 'Pod is evicted because it has a priority higher than the configured priority threshold, but it has scheduler.alpha.kubernetes.io/evict annotation',
      pods: [pod('p15', both(setNormalOwnerRef, evictAnnotation, (p) => setPodPriority(p, high)))], args: { priorityThreshold: { value: low } }, expected: true,
    },
    {
      name: 'Pod is evicted because it has system critical priority, but evictSystemCriticalPods = true',
      pods: [pod('p16', both(setNormalOwnerRef, (p) => setPodPriority(p, SYSTEM_CRITICAL_PRIORITY)))], args: { evictSystemCriticalPods: true }, expected: true,
    },
    {
      name: 'Pod is evicted because it has a priority higher than the configured priority threshold, but evictSystemCriticalPods = true',
      pods: [pod('p17', both(setNormalOwnerRef, (p) => setPodPriority(p, high)))], args: { evictSystemCriticalPods: true, priorityThreshold: { value: low } }, expected: true,
    },
    {
      name: 'Pod with no tolerations running on normal node, all other nodes tainted, no PreEvictionFilter, should ignore nodeFit',
      pods: [pod('p1', setNormalOwnerRef)], nodes: [node('node2', gpuTaint), node('node3', gpuTaint)], args: { nodeFit: true }, expected: true,
    },
    {
      name: 'minReplicas of 2, owner with 2 replicas, evicts',
      pods: [buildTestPod('p1', 1, 1, 'node1', owner('uid-1')), buildTestPod('p2', 1, 1, 'node1', owner('uid-1'))], args: { minReplicas: 2 }, expected: true,
    },
    {
      name: 'minReplicas of 3, owner with 2 replicas, no eviction',
      pods: [buildTestPod('p1', 1, 1, 'node1', owner('uid-1')), buildTestPod('p2', 1, 1, 'node1', owner('uid-1'))], args: { minReplicas: 3 }, expected: false,
    },
    {
      name: 'minReplicas of 2, multiple owners, no eviction',
      pods: [
        buildTestPod('p1', 1, 1, 'node1', (p) => { p.metadata.ownerReferences = [{ kind: 'Pod', apiVersion: 'v1', name: '', uid: 'uid-1' }, { kind: 'Pod', apiVersion: 'v1', name: '' }]; }),
        buildTestPod('p2', 1, 1, 'node1', setNormalOwnerRef),
      ],
      args: { minReplicas: 2 }, expected: true,
    },
    { name: 'minPodAge of 50, pod created 10 minutes ago, no eviction', pods: [buildTestPod('p1', 1, 1, 'node1', both(setNormalOwnerRef, started(10)))], args: { minPodAge: '50m' }, expected: false },
    { name: 'minPodAge of 50, pod created 60 minutes ago, evicts', pods: [buildTestPod('p1', 1, 1, 'node1', both(setNormalOwnerRef, started(60)))], args: { minPodAge: '50m' }, expected: true },
    { name: 'nil minPodAge, pod created 60 minutes ago, evicts', pods: [buildTestPod('p1', 1, 1, 'node1', both(setNormalOwnerRef, started(60)))], expected: true },
    {
      name: 'ignorePodsWithoutPDB, pod with no PDBs, no eviction',
      pods: [buildTestPod('p1', 1, 1, 'node1', both(setNormalOwnerRef, (p) => { p.metadata.labels = { app: 'foo' }; }))], args: { ignorePodsWithoutPDB: true }, expected: false,
    },
    {
      name: 'ignorePodsWithoutPDB, pod with PDBs, evicts',
      pods: [buildTestPod('p1', 1, 1, 'node1', both(setNormalOwnerRef, (p) => { p.metadata.labels = { app: 'foo' }; }))], pdbs: [pdb], args: { ignorePodsWithoutPDB: true }, expected: true,
    },
    { name: 'ignorePvcPods is set, pod with PVC, not evicts', pods: [pod('p15', both(setNormalOwnerRef, pvcFoo))], args: { ignorePvcPods: true }, expected: false },
    { name: 'ignorePvcPods is not set, pod with PVC, evicts', pods: [pod('p15', both(setNormalOwnerRef, pvcFoo))], expected: true },
    {
      name: "Pod with local storage is evicted because 'PodsWithLocalStorage' is in DefaultDisabled",
      pods: [pod('p18', both(setNormalOwnerRef, (p) => { p.spec.volumes = [{ name: 'local-storage', other: 'emptyDir' }]; }))],
      args: { podProtections: { defaultDisabled: ['PodsWithLocalStorage'] } }, expected: true,
    },
    {
      name: "DaemonSet pod is evicted because 'DaemonSetPods' is in DefaultDisabled",
      pods: [pod('p19', (p) => { p.metadata.ownerReferences = [{ kind: 'DaemonSet', name: 'daemonset-test', uid: 'daemonset-uid', apiVersion: 'apps/v1' }]; })],
      args: { podProtections: { defaultDisabled: ['DaemonSetPods'] } }, expected: true,
    },
    { name: "Pod with PVC is not evicted because 'PodsWithPVC' is in ExtraEnabled", pods: [pod('p20', both(setNormalOwnerRef, pvcFoo))], args: { podProtections: { extraEnabled: ['PodsWithPVC'] } }, expected: false },
    { name: "Pod without PDB is not evicted because 'PodsWithoutPDB' is in ExtraEnabled", pods: [pod('p21', setNormalOwnerRef)], args: { podProtections: { extraEnabled: ['PodsWithoutPDB'] } }, expected: false },
    {
      name: "Pod with ResourceClaims is not evicted because 'PodsWithResourceClaims' is in ExtraEnabled",
      pods: [pod('p20', both(setNormalOwnerRef, (p) => { p.spec.resourceClaims = [{ name: 'test-claim', resourceClaimName: 'test-resource-claim' }]; }))],
      args: { podProtections: { extraEnabled: ['PodsWithResourceClaims'] } }, expected: false,
    },
    {
      name: "Pod using StorageClass is not evicted because 'PodsWithPVC' is in ExtraEnabled",
      pods: [pod('p23', both(setNormalOwnerRef, pvcFoo))], pvcs: [{ namespace: 'default', name: 'foo', storageClassName: 'standard' }],
      args: { podProtections: { extraEnabled: ['PodsWithPVC'], config: { PodsWithPVC: { protectedStorageClasses: [{ name: 'standard' }] } } } }, expected: false,
    },
    {
      name: "Pod using unprotected StorageClass is evicted even though 'PodsWithPVC' is in ExtraEnabled",
      pods: [pod('p24', both(setNormalOwnerRef, pvcFoo))], pvcs: [{ namespace: 'default', name: 'foo', storageClassName: 'unprotected' }],
      args: { podProtections: { extraEnabled: ['PodsWithPVC'], config: { PodsWithPVC: { protectedStorageClasses: [{ name: 'protected' }] } } } }, expected: true,
    },
    {
      name: 'Pod using unexisting PVC is not evicted because we cannot determine if storage class is protected or not',
      pods: [pod('p25', both(setNormalOwnerRef, pvcFoo))], pvcs: [],
      args: { podProtections: { extraEnabled: ['PodsWithPVC'], config: { PodsWithPVC: { protectedStorageClasses: [{ name: 'protected' }] } } } }, expected: false,
    },
    {
      name: 'Pod using protected and unprotected StorageClasses is not evicted',
      pods: [pod('p26', both(setNormalOwnerRef, (p) => { p.spec.volumes = [pvc('protected'), pvc('unprotected')]; }))],
      pvcs: [{ namespace: 'default', name: 'protected', storageClassName: 'protected' }, { namespace: 'default', name: 'unprotected', storageClassName: 'unprotected' }],
      args: { podProtections: { extraEnabled: ['PodsWithPVC'], config: { PodsWithPVC: { protectedStorageClasses: [{ name: 'protected' }] } } } }, expected: false,
    },
  ];
  it.each(cases)('$name', (c) => {
    expect(evictor(c).filter(c.pods[0]!)).toBe(c.expected);
  });

  it('a terminating pod is not evictable', () => {
    const s: Setup = { pods: [pod('p1', both(setNormalOwnerRef, (p) => { p.metadata.deletionTimestamp = 0; }))] };
    expect(evictor(s).check(s.pods[0]!)).toEqual(['pod is terminating']);
  });
});

describe('effectivePodProtections (TestGetEffectivePodProtections_TableDriven)', () => {
  const base = (extraEnabled: string[], defaultDisabled: string[]) => {
    const r = new Reader('DefaultEvictorArgs');
    return DefaultEvictor.decodeArgs(r, { podProtections: { extraEnabled, defaultDisabled } });
  };
  const defaults = ['PodsWithLocalStorage', 'SystemCriticalPods', 'FailedBarePods', 'DaemonSetPods'];
  it.each([
    { name: 'NewConfig_EmptyConfig_ReturnsDefault', extra: [], disabled: [], want: defaults },
    { name: 'NewConfig_DisableOneDefault_ReturnsDefaultMinusOne', extra: [], disabled: ['PodsWithLocalStorage'], want: ['DaemonSetPods', 'SystemCriticalPods', 'FailedBarePods'] },
    { name: 'NewConfig_DisableMultipleDefaults_ReturnsDefaultMinusMultiple', extra: [], disabled: ['DaemonSetPods', 'SystemCriticalPods'], want: ['PodsWithLocalStorage', 'FailedBarePods'] },
    { name: 'NewConfig_EnableMultipleExtra_ReturnsDefaultPlusMultiple', extra: ['PodsWithPVC', 'PodsWithoutPDB'], disabled: [], want: [...defaults, 'PodsWithPVC', 'PodsWithoutPDB'] },
    { name: 'NewConfig_DisableAndEnable_ReturnsModifiedSet', extra: ['PodsWithPVC', 'PodsWithResourceClaims'], disabled: ['FailedBarePods', 'DaemonSetPods'], want: ['PodsWithLocalStorage', 'SystemCriticalPods', 'PodsWithPVC', 'PodsWithResourceClaims'] },
  ])('$name', ({ extra, disabled, want }) => {
    expect([...effectivePodProtections(base(extra, disabled))].sort()).toEqual([...want].sort());
  });
});

describe('ValidateDefaultEvictorArgs (validation_test.go)', () => {
  const decode = (raw: Record<string, unknown>) => DefaultEvictor.decodeArgs(new Reader('DefaultEvictorArgs'), raw);
  it.each([
    { name: 'passing invalid priority', args: { priorityThreshold: { value: 1, name: 'priority-name' } }, errs: ['priority threshold misconfigured, only one of priorityThreshold fields can be set'] },
    { name: 'passing invalid no eviction policy', args: { noEvictionPolicy: 'invalid-no-eviction-policy' }, errs: ['noEvictionPolicy accepts only ["Preferred" "Mandatory"] values'] },
    { name: 'Valid configuration: both Disabled and ExtraEnabled', args: { podProtections: { defaultDisabled: ['PodsWithLocalStorage', 'DaemonSetPods'], extraEnabled: ['PodsWithPVC'] } }, errs: [] },
    { name: 'Invalid configuration: Deprecated field used with Disabled', args: { evictLocalStoragePods: true, podProtections: { defaultDisabled: ['DaemonSetPods'] } }, errs: ['cannot use Deprecated fields alongside PodProtections.ExtraEnabled or PodProtections.DefaultDisabled'] },
    { name: 'MinReplicas warning logged but no error', args: { minReplicas: 1 }, errs: [] },
    { name: 'Invalid ExtraEnabled: Misspelled policy', args: { podProtections: { extraEnabled: ['PodsWithPVCC'] } }, errs: ['invalid pod protection policy in ExtraEnabled: "PodsWithPVCC". Valid options are: [PodsWithPVC PodsWithoutPDB PodsWithResourceClaims]'] },
    { name: 'Invalid DefaultDisabled: Policy from ExtraEnabled list', args: { podProtections: { defaultDisabled: ['PodsWithPVC'] } }, errs: ['invalid pod protection policy in DefaultDisabled: "PodsWithPVC". Valid options are: [PodsWithLocalStorage SystemCriticalPods FailedBarePods DaemonSetPods]'] },
    {
      name: 'Invalid DefaultDisabled duplicate and Invalid ExtraEnabled duplicate and passing invalid no eviction policy',
      args: { noEvictionPolicy: 'invalid-no-eviction-policy', podProtections: { defaultDisabled: ['PodsWithoutPDB', 'PodsWithLocalStorage', 'PodsWithLocalStorage'], extraEnabled: ['PodsWithPVC', 'PodsWithPVC'] } },
      errs: [
        'noEvictionPolicy accepts only ["Preferred" "Mandatory"] values',
        'invalid pod protection policy in DefaultDisabled: "PodsWithoutPDB". Valid options are: [PodsWithLocalStorage SystemCriticalPods FailedBarePods DaemonSetPods]',
        'PodProtections.DefaultDisabled contains duplicate entries',
        'PodProtections.ExtraEnabled contains duplicate entries',
      ],
    },
    {
      name: 'Protected storage classes without storage class name',
      args: { podProtections: { extraEnabled: ['PodsWithPVC'], config: { PodsWithPVC: { protectedStorageClasses: [{ name: '' }, { name: 'protected-storage-class-0' }, { name: '' }, { name: 'protected-storage-class-1' }] } } } },
      errs: ['PodProtections.Config.PodsWithPVC.ProtectedStorageClasses[0] name cannot be empty', 'PodProtections.Config.PodsWithPVC.ProtectedStorageClasses[2] name cannot be empty'],
    },
  ])('$name', ({ args, errs }) => {
    expect(validateDefaultEvictorArgs(decode(args))).toEqual(errs);
  });
});
