// Rows from upstream sigs.k8s.io/descheduler pkg/framework/plugins: podlifetime/pod_lifetime_test.go,
// removefailedpods/failedpods_test.go (TestRemoveFailedPods),
// removepodshavingtoomanyrestarts/toomanyrestarts_test.go (TestRemovePodsHavingTooManyRestarts).

import { describe, expect, it } from 'vitest';
import type { Node } from '../../model/types';
import {
  buildTestNode, buildTestPod, mirrorPodAnnotations, runStrategy, setDSOwnerRef, setHostPathEmptyDirVolumeSource, setNormalOwnerRef,
  setRSOwnerRef,
} from '../testing';
import type { ContainerStatus, DeschedulerPod, DeschedulerPolicy } from '../types';

type Limits = Pick<DeschedulerPolicy, 'maxNoOfPodsToEvictPerNode' | 'maxNoOfPodsToEvictPerNamespace' | 'maxNoOfPodsToEvictTotal'>;

/** simulated now; upstream's "older" pods were created in 2009, "newer" ones now */
const NOW = 1_000_000;
const OLDER = 0;
const NEWER = NOW;

describe('PodLifeTime (pod_lifetime_test.go)', () => {
  const node1 = (): Node => buildTestNode('n1', 2000, 3000, 10);
  const rsPod = (name: string, created: number, apply?: (p: DeschedulerPod) => void): DeschedulerPod =>
    buildTestPod(name, 100, 0, 'n1', (p) => { p.metadata.creationTimestamp = created; setRSOwnerRef(p); apply?.(p); });
  const pending = (name: string, apply?: (p: DeschedulerPod) => void): DeschedulerPod => rsPod(name, OLDER, (p) => { p.status.phase = 'Pending'; apply?.(p); });
  const waiting = (reason: string, field: 'containerStatuses' | 'initContainerStatuses' | 'ephemeralContainerStatuses' = 'containerStatuses') =>
    (p: DeschedulerPod): void => { p.status[field] = [{ name: '', state: { waiting: { reason } } }]; };
  const pvc = (p: DeschedulerPod): void => { p.spec.volumes = [{ name: 'pvc', persistentVolumeClaim: { claimName: 'foo' } }]; };

  const cases: { name: string; args: Record<string, unknown>; pods: DeschedulerPod[]; expected: number; evicted?: string[]; limits?: Limits; evictor?: Record<string, unknown> }[] = [
    {
      name: 'No pod should be evicted since pod terminating (TestPodLifeTime)',
      args: { maxPodLifeTimeSeconds: 600, labelSelector: { matchLabels: { foo: 'bar' } } },
      pods: ['p14', 'p15'].map((n) => rsPod(n, OLDER, (p) => { p.metadata.deletionTimestamp = 0; })),
      expected: 0,
    },
    { name: 'Does not evict pvc pods with ignorePvcPods set to true', args: { maxPodLifeTimeSeconds: 600 }, pods: [rsPod('p11', OLDER, pvc)], expected: 0, evictor: { ignorePvcPods: true } },
    { name: 'Evicts pvc pods with ignorePvcPods set to false (or unset)', args: { maxPodLifeTimeSeconds: 600 }, pods: [rsPod('p11', OLDER, pvc)], expected: 1 },
    {
      name: '1 pod matching label selector should be evicted',
      args: { maxPodLifeTimeSeconds: 600, labelSelector: { matchLabels: { foo: 'bar' } } },
      pods: [rsPod('p12', OLDER, (p) => { p.metadata.labels = { foo: 'bar' }; }), rsPod('p13', OLDER, (p) => { p.metadata.labels = { foo: 'bar1' }; })],
      expected: 1, evicted: ['p12'],
    },
    {
      name: '2 Oldest pods should be evicted when maxPodsToEvictPerNode and maxPodsToEvictPerNamespace are not set',
      args: { maxPodLifeTimeSeconds: 600 }, pods: [rsPod('p1', NEWER), rsPod('p2', OLDER), pending('p9')], expected: 2, evicted: ['p2', 'p9'],
    },
    {
      name: '1 Oldest pod should be evicted when maxPodsToEvictPerNamespace is set to 1',
      args: { maxPodLifeTimeSeconds: 600 }, pods: [rsPod('p1', NEWER), rsPod('p2', OLDER)], expected: 1, evicted: ['p2'], limits: { maxNoOfPodsToEvictPerNamespace: 1 },
    },
    {
      name: '1 Oldest pod should be evicted when maxPodsToEvictTotal is set to 1',
      args: { maxPodLifeTimeSeconds: 600 }, pods: [rsPod('p1', NEWER), rsPod('p2', OLDER)], expected: 1, evicted: ['p2'], limits: { maxNoOfPodsToEvictPerNamespace: 2, maxNoOfPodsToEvictTotal: 1 },
    },
    {
      name: '1 Oldest pod should be evicted when maxPodsToEvictPerNode is set to 1',
      args: { maxPodLifeTimeSeconds: 600 }, pods: [rsPod('p1', NEWER), rsPod('p2', OLDER)], expected: 1, evicted: ['p2'], limits: { maxNoOfPodsToEvictPerNode: 1 },
    },
    {
      name: 'Two pods, one with ContainerCreating state. 1 should be evicted.',
      args: { maxPodLifeTimeSeconds: 600, states: ['ContainerCreating'] },
      pods: [pending('p9'), buildTestPod('container-creating-stuck', 0, 0, 'n1', (p) => { waiting('ContainerCreating')(p); setRSOwnerRef(p); p.metadata.creationTimestamp = OLDER; })],
      expected: 1, evicted: ['container-creating-stuck'],
    },
    ...['ImagePullBackOff', 'CrashLoopBackOff', 'CreateContainerConfigError', 'ErrImagePull', 'CreateContainerError', 'InvalidImageName'].map((reason) => ({
      name: `1 pod with container status ${reason} should be evicted`, args: { maxPodLifeTimeSeconds: 600, states: [reason] }, pods: [pending('p9', waiting(reason))], expected: 1,
    })),
    {
      name: '1 pod with init container status CreateContainerError should not be evicted without includingInitContainers',
      args: { maxPodLifeTimeSeconds: 600, states: ['CreateContainerError'] }, pods: [pending('p9', waiting('CreateContainerError', 'initContainerStatuses'))], expected: 0,
    },
    {
      name: '1 pod with init container status CreateContainerError should be evicted with includingInitContainers',
      args: { maxPodLifeTimeSeconds: 600, states: ['CreateContainerError'], includingInitContainers: true }, pods: [pending('p9', waiting('CreateContainerError', 'initContainerStatuses'))], expected: 1,
    },
    {
      name: '1 pod with ephemeral container status CreateContainerError should not be evicted without includingEphemeralContainers',
      args: { maxPodLifeTimeSeconds: 600, states: ['CreateContainerError'] }, pods: [pending('p9', waiting('CreateContainerError', 'ephemeralContainerStatuses'))], expected: 0,
    },
    {
      name: '1 pod with ephemeral container status CreateContainerError should be evicted with includingEphemeralContainers',
      args: { maxPodLifeTimeSeconds: 600, states: ['CreateContainerError'], includingEphemeralContainers: true }, pods: [pending('p9', waiting('CreateContainerError', 'ephemeralContainerStatuses'))], expected: 1,
    },
    {
      name: '1 pod with ImagePullBackOff status should be ignored when States filter is ContainerCreating',
      args: { maxPodLifeTimeSeconds: 600, states: ['ContainerCreating'] }, pods: [pending('p9', waiting('ImagePullBackOff'))], expected: 0,
    },
    ...['NodeLost', 'NodeAffinity', 'Shutdown', 'UnexpectedAdmissionError'].map((reason) => ({
      name: `1 pod with pod status reason ${reason} should be evicted`, args: { maxPodLifeTimeSeconds: 600, states: [reason] },
      pods: [pending('p9', (p) => { p.status.reason = reason; })], expected: 1,
    })),
    {
      name: 'Two pods in the default namespace, 1 is new and 1 very is old. 1 should be evicted.',
      args: { maxPodLifeTimeSeconds: 600 }, pods: [rsPod('p1', NEWER), rsPod('p2', OLDER)], expected: 1, evicted: ['p2'],
    },
  ];
  it.each(cases)('$name', (c) => {
    const { evicted } = runStrategy({ plugin: 'PodLifeTime', args: c.args, evictorArgs: c.evictor, nodes: [node1()], pods: c.pods, limits: c.limits, view: { now: NOW } });
    expect(evicted).toHaveLength(c.expected);
    if (c.evicted) expect(evicted).toEqual(c.evicted);
  });
});

describe('RemoveFailedPods (TestRemoveFailedPods)', () => {
  const status = (reason: string, phase: 'Failed' | undefined, init?: ContainerStatus['state'], container?: ContainerStatus['state']): DeschedulerPod['status'] => {
    const s: DeschedulerPod['status'] = { ...(reason ? { reason } : {}), ...(phase ? { phase } : {}) };
    if (init) { s.initContainerStatuses = [{ name: '', state: init }]; s.phase = 'Failed'; }
    if (container) { s.containerStatuses = [{ name: '', state: container }]; s.phase = 'Failed'; }
    return s;
  };
  /** upstream: buildTestPod — created now, owned by a ReplicaSet */
  const pod = (name: string, nodeName: string, s: DeschedulerPod['status'], terminating = false): DeschedulerPod =>
    buildTestPod(name, 1, 1, nodeName, (p) => {
      p.status = s;
      setRSOwnerRef(p);
      p.metadata.creationTimestamp = NOW;
      if (terminating) p.metadata.deletionTimestamp = 0;
    });
  const node = (name = 'node1'): Node => buildTestNode(name, 2000, 3000, 10);
  const terminated = (reason?: string, exitCode = 0): ContainerStatus['state'] => ({ terminated: { ...(reason ? { reason } : {}), exitCode } });
  /** upstream's createRemoveFailedPodsArgs leaves minPodLifetimeSeconds nil (no age check) unless given */
  const args = (includingInitContainers: boolean, reasons?: string[], exitCodes?: number[], excludeOwnerKinds?: string[], minPodLifetimeSeconds = 0): Record<string, unknown> =>
    ({ includingInitContainers, reasons, exitCodes, excludeOwnerKinds, minPodLifetimeSeconds });

  const cases: { name: string; args: Record<string, unknown>; nodes: Node[]; pods: DeschedulerPod[]; expected: number; nodeFit?: boolean }[] = [
    { name: '0 failures, 0 evictions', args: args(false), nodes: [node()], pods: [], expected: 0 },
    { name: '1 container terminated with reason NodeAffinity, 1 eviction', args: args(false), nodes: [node()], pods: [pod('p1', 'node1', status('', undefined, undefined, terminated('NodeAffinity')))], expected: 1 },
    { name: '1 container terminated with exitCode 1, 1 eviction', args: args(false, undefined, [1]), nodes: [node()], pods: [pod('p1', 'node1', status('', undefined, undefined, terminated(undefined, 1)))], expected: 1 },
    { name: '1 container terminated with exitCode 1, expected exitCode 2, 0 eviction', args: args(false, undefined, [2]), nodes: [node()], pods: [pod('p1', 'node1', status('', undefined, undefined, terminated(undefined, 1)))], expected: 0 },
    {
      name: '2 containers terminated with exitCode 1 and 2 respectively, expected exitCode 1, 1 eviction', args: args(false, undefined, [1]), nodes: [node()],
      pods: [pod('p1', 'node1', status('', undefined, undefined, terminated(undefined, 1))), pod('p2', 'node1', status('', undefined, undefined, terminated(undefined, 2)))], expected: 1,
    },
    { name: '1 init container terminated with reason NodeAffinity, 1 eviction', args: args(true), nodes: [node()], pods: [pod('p1', 'node1', status('', undefined, terminated('NodeAffinity')))], expected: 1 },
    { name: '1 init container waiting with reason CreateContainerConfigError, 1 eviction', args: args(true), nodes: [node()], pods: [pod('p1', 'node1', status('', undefined, { waiting: { reason: 'CreateContainerConfigError' } }))], expected: 1 },
    {
      name: 'include reason=CreateContainerConfigError, 1 container terminated with reason NodeAffinity, 0 eviction', args: args(false, ['CreateContainerConfigError']), nodes: [node()],
      pods: [pod('p1', 'node1', status('', undefined, undefined, terminated('NodeAffinity')))], expected: 0,
    },
    {
      name: 'include init container=false, 1 init container waiting with reason CreateContainerConfigError, 0 eviction', args: args(false, ['CreateContainerConfigError']), nodes: [node()],
      pods: [pod('p1', 'node1', status('', undefined, { waiting: { reason: 'CreateContainerConfigError' } }))], expected: 0,
    },
    {
      name: 'lifetime 1 hour, 1 container terminated with reason NodeAffinity, 0 eviction', args: args(false, undefined, undefined, undefined, 3600), nodes: [node()],
      pods: [pod('p1', 'node1', status('', undefined, undefined, terminated('NodeAffinity')))], expected: 0,
    },
    {
      name: 'nodeFit=true, 1 unschedulable node, 1 container terminated with reason NodeAffinity, 0 eviction', args: args(false),
      nodes: [node(), buildTestNode('node2', 2000, 2000, 10, (n) => { n.spec.unschedulable = true; })],
      pods: [pod('p1', 'node1', status('', undefined, undefined, terminated('NodeAffinity')))], expected: 0, nodeFit: true,
    },
    {
      name: 'excluded owner kind=ReplicaSet, 1 init container terminated with owner kind=ReplicaSet, 0 eviction', args: args(true, undefined, undefined, ['ReplicaSet']), nodes: [node()],
      pods: [pod('p1', 'node1', status('', undefined, terminated('NodeAffinity')))], expected: 0,
    },
    {
      name: 'excluded owner kind=DaemonSet, 1 init container terminated with owner kind=ReplicaSet, 1 pod in termination; nothing should be moved', args: args(true, undefined, undefined, ['DaemonSet']), nodes: [node()],
      pods: [pod('p1', 'node1', status('', undefined, terminated('NodeAffinity')), true)], expected: 0,
    },
    {
      name: 'include reason=Shutdown, 2 containers terminated with reason ShutDown, 2 evictions', args: args(false, ['Shutdown']), nodes: [node()],
      pods: [pod('p1', 'node1', status('Shutdown', 'Failed')), pod('p2', 'node1', status('Shutdown', 'Failed'))], expected: 2,
    },
  ];
  it.each(cases)('$name', (c) => {
    const { evicted } = runStrategy({ plugin: 'RemoveFailedPods', args: c.args, evictorArgs: { nodeFit: c.nodeFit ?? false }, nodes: c.nodes, pods: c.pods, view: { now: NOW } });
    expect(evicted).toHaveLength(c.expected);
  });

  it('defaults minPodLifetimeSeconds to 3600: a failed pod created now stays (SetDefaults_RemoveFailedPodsArgs)', () => {
    const { evicted } = runStrategy({ plugin: 'RemoveFailedPods', nodes: [node()], pods: [pod('p1', 'node1', status('', undefined, undefined, terminated('NodeAffinity')))], view: { now: NOW } });
    expect(evicted).toEqual([]);
  });
});

describe('RemovePodsHavingTooManyRestarts (TestRemovePodsHavingTooManyRestarts)', () => {
  /** pod-i has 5i restarts in its init container and 10i in each of two containers */
  const withRestarts = (name: string, base: number, apply: (p: DeschedulerPod) => void = setNormalOwnerRef): DeschedulerPod =>
    buildTestPod(name, 100, 0, 'node1', (p) => {
      setNormalOwnerRef(p);
      p.status = {
        initContainerStatuses: [{ name: '', restartCount: 5 * base }],
        containerStatuses: [{ name: '', restartCount: 10 * base }, { name: '', restartCount: 10 * base }],
      };
      apply(p);
    });
  const initPods = (): DeschedulerPod[] => [
    ...Array.from({ length: 10 }, (_, i) => {
      if (i === 6) return withRestarts(`pod-${i}`, i, setDSOwnerRef);
      if (i === 7) return withRestarts(`pod-${i}`, i, setHostPathEmptyDirVolumeSource);
      if (i === 8) return withRestarts(`pod-${i}`, i, (p) => { p.metadata.annotations = mirrorPodAnnotations(); });
      return withRestarts(`pod-${i}`, i);
    }),
    buildTestPod('CPU-consumer-1', 150, 100, 'node4', setNormalOwnerRef),
    buildTestPod('CPU-consumer-2', 150, 100, 'node5', setNormalOwnerRef),
  ];
  const node = (name: string, apply?: (n: Node) => void): Node => buildTestNode(name, 2000, 3000, 10, apply);
  const cases: { name: string; threshold: number; init: boolean; nodes?: Node[]; expected: number; limits?: Limits; nodeFit?: boolean }[] = [
    { name: 'All pods have total restarts under threshold, no pod evictions', threshold: 10000, init: true, expected: 0 },
    { name: 'Some pods have total restarts bigger than threshold', threshold: 1, init: true, expected: 6 },
    { name: 'Nine pods have total restarts equals threshold(includingInitContainers=true), 6 pod evictions', threshold: 25, init: true, expected: 6 },
    { name: 'Nine pods have total restarts equals threshold(includingInitContainers=false), 5 pod evictions', threshold: 25, init: false, expected: 5 },
    { name: 'All pods have total restarts equals threshold(includingInitContainers=true), 6 pod evictions', threshold: 20, init: true, expected: 6 },
    { name: 'Nine pods have total restarts equals threshold(includingInitContainers=false), 6 pod evictions', threshold: 20, init: false, expected: 6 },
    { name: 'Five pods have total restarts bigger than threshold(includingInitContainers=true), but only 1 pod eviction', threshold: 5 * 25 + 1, init: true, expected: 1 },
    { name: 'Five pods have total restarts bigger than threshold(includingInitContainers=false), but only 1 pod eviction', threshold: 5 * 20 + 1, init: false, expected: 1 },
    { name: 'All pods have total restarts equals threshold(maxPodsToEvictPerNode=3), 3 pod evictions', threshold: 1, init: true, expected: 3, limits: { maxNoOfPodsToEvictPerNode: 3 } },
    { name: 'All pods have total restarts equals threshold(maxNoOfPodsToEvictPerNamespace=3), 3 pod evictions', threshold: 1, init: true, expected: 3, limits: { maxNoOfPodsToEvictPerNamespace: 3 } },
    {
      name: 'All pods have total restarts equals threshold(maxPodsToEvictPerNode=3) but the only other node is tainted, 0 pod evictions', threshold: 1, init: true, expected: 0,
      nodes: [node('node1'), node('node2', (n) => { n.spec.taints = [{ key: 'hardware', value: 'gpu', effect: 'NoSchedule' }]; })], limits: { maxNoOfPodsToEvictPerNode: 3 }, nodeFit: true,
    },
    {
      name: 'All pods have total restarts equals threshold(maxPodsToEvictPerNode=3) but the only other node does not have enough CPU, 0 pod evictions', threshold: 1, init: true, expected: 0,
      nodes: [node('node1'), buildTestNode('node4', 200, 3000, 10)], limits: { maxNoOfPodsToEvictPerNode: 3 }, nodeFit: true,
    },
  ];
  it.each(cases)('$name', (c) => {
    const { evicted } = runStrategy({
      plugin: 'RemovePodsHavingTooManyRestarts', args: { podRestartThreshold: c.threshold, includingInitContainers: c.init }, evictorArgs: { nodeFit: c.nodeFit ?? false },
      nodes: c.nodes ?? [node('node1')], pods: initPods(), limits: c.limits,
    });
    expect(evicted).toHaveLength(c.expected);
  });

  it('evicts most restarts first (threshold 1 → pod-9 first)', () => {
    const { evicted } = runStrategy({ plugin: 'RemovePodsHavingTooManyRestarts', args: { podRestartThreshold: 1 }, nodes: [node('node1')], pods: initPods() });
    expect(evicted).toEqual(['pod-9', 'pod-5', 'pod-4', 'pod-3', 'pod-2', 'pod-1']);
  });

  it('evicts nothing from simulator pods, which carry no restart counts', () => {
    const pods = [buildTestPod('p1', 100, 0, 'node1', setNormalOwnerRef)];
    expect(runStrategy({ plugin: 'RemovePodsHavingTooManyRestarts', args: { podRestartThreshold: 1 }, nodes: [node('node1')], pods }).evicted).toEqual([]);
  });
});
