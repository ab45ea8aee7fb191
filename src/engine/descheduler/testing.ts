// Test fixtures after the descheduler's own (test/test_utils.go: BuildTestPod, BuildTestNode,
// SetRSOwnerRef, ...; pkg/framework/testing/utils.go: InitFrameworkHandle), and a runner that
// calls one strategy on the given nodes as upstream's plugin tests do.

import type { Node, OwnerReference } from '../model/types';
import { Cluster } from './cluster';
import { Reader } from './decode';
import { PodEvictor } from './evictor';
import { buildProfile, runProfiles } from './framework';
import { DESCHEDULER_REGISTRY } from './registry';
import type { DeschedulerPod, DeschedulerPolicy, DeschedulerProfile, DeschedulerView } from './types';

/** upstream: test.BuildTestPod — one container requesting cpu (millicores) and memory (bytes); -1 leaves it out */
export function buildTestPod(name: string, cpu: number, memory: number, nodeName: string, apply?: (pod: DeschedulerPod) => void): DeschedulerPod {
  const requests: Record<string, string> = {};
  if (cpu >= 0) requests.cpu = `${cpu}m`;
  if (memory >= 0) requests.memory = `${memory}`;
  const pod: DeschedulerPod = {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { containers: [{ name: '', resources: { requests, limits: {} } }], ...(nodeName ? { nodeName } : {}) },
    status: {},
  };
  apply?.(pod);
  return pod;
}

/** upstream: test.BuildTestNode — capacity = allocatable, Ready */
export function buildTestNode(name: string, millicpu: number, memory: number, pods: number, apply?: (node: Node) => void): Node {
  const resources = { pods: `${pods}`, cpu: `${millicpu}m`, memory: `${memory}` };
  const node: Node = {
    apiVersion: 'v1', kind: 'Node',
    metadata: { name, labels: {} },
    spec: {},
    status: { capacity: { ...resources }, allocatable: { ...resources }, conditions: [{ type: 'Ready', status: 'True' }] },
  };
  apply?.(node);
  return node;
}

const owner = (kind: string, name = ''): OwnerReference => ({ kind, apiVersion: 'v1', name });

/** upstream: test.SetRSOwnerRef and friends */
export const setRSOwnerRef = (pod: DeschedulerPod): void => { pod.metadata.ownerReferences = [owner('ReplicaSet', 'replicaset-1')]; };
export const setSSOwnerRef = (pod: DeschedulerPod): void => { pod.metadata.ownerReferences = [owner('StatefulSet', 'statefulset-1')]; };
export const setDSOwnerRef = (pod: DeschedulerPod): void => { pod.metadata.ownerReferences = [owner('DaemonSet')]; };
export const setNormalOwnerRef = (pod: DeschedulerPod): void => { pod.metadata.ownerReferences = [owner('Pod')]; };
/** upstream: test.GetMirrorPodAnnotation */
export const mirrorPodAnnotations = (): Record<string, string> => ({
  'kubernetes.io/created-by': '{"kind":"SerializedReference","apiVersion":"v1","reference":{"kind":"Pod"}}',
  'kubernetes.io/config.source': 'api',
  'kubernetes.io/config.mirror': 'mirror',
});
export const setHostPathEmptyDirVolumeSource = (pod: DeschedulerPod): void => {
  pod.spec.volumes = [{ name: 'sample', other: 'hostPath' }];
};
export const setPodPriority = (pod: DeschedulerPod, priority: number): void => { pod.spec.priority = priority; };
export const makeBestEffortPod = (pod: DeschedulerPod): void => { pod.spec.containers[0]!.resources = {}; };
export const makeBurstablePod = (pod: DeschedulerPod): void => { delete pod.spec.containers[0]!.resources!.limits; };
export const makeGuaranteedPod = (pod: DeschedulerPod): void => {
  const r = pod.spec.containers[0]!.resources!;
  r.limits = { cpu: r.requests!.cpu!, memory: r.requests!.memory! };
};

export interface StrategyTest {
  plugin: string;
  /** the plugin's args as written in a policy (decoded and defaulted here) */
  args?: unknown;
  /** DefaultEvictor args as written in a policy */
  evictorArgs?: unknown;
  nodes: Node[];
  pods: DeschedulerPod[];
  limits?: Pick<DeschedulerPolicy, 'maxNoOfPodsToEvictPerNode' | 'maxNoOfPodsToEvictPerNamespace' | 'maxNoOfPodsToEvictTotal'>;
  view?: Partial<DeschedulerView>;
}

function decodeArgs(name: string, raw: unknown): unknown {
  const descriptor = DESCHEDULER_REGISTRY.get(name)!;
  const r = new Reader(`${name}Args`);
  const args = descriptor.decodeArgs(r, raw);
  if (r.errors.length > 0) throw new Error(`${name} args: ${r.errors.map((e) => e.message).join('; ')}`);
  return args;
}

/**
 * Runs one strategy on exactly the given nodes (no readiness or two-node check), with the
 * DefaultEvictor as filter, the way upstream's plugin tests call Deschedule/Balance. Returns the
 * evicted pods' names in eviction order, and the log.
 */
export function runStrategy(t: StrategyTest): { evicted: string[]; log: string[] } {
  const view: DeschedulerView = { nodes: t.nodes, pods: t.pods, now: 0, ...t.view };
  const log: string[] = [];
  const cluster = new Cluster(view);
  const evictor = new PodEvictor(cluster, t.limits ?? {}, (e) => log.push(`${e.plugin}: ${e.message}`));
  const kind = DESCHEDULER_REGISTRY.get(t.plugin)!.kind;
  const profile: DeschedulerProfile = {
    name: 'test',
    pluginConfigs: [
      { name: 'DefaultEvictor', args: decodeArgs('DefaultEvictor', t.evictorArgs) },
      { name: t.plugin, args: decodeArgs(t.plugin, t.args) },
    ],
    plugins: {
      presort: { enabled: [], disabled: [] }, sort: { enabled: [], disabled: [] },
      deschedule: { enabled: kind === 'deschedule' ? [t.plugin] : [], disabled: [] },
      balance: { enabled: kind === 'balance' ? [t.plugin] : [], disabled: [] },
      filter: { enabled: ['DefaultEvictor'], disabled: [] },
      preEvictionFilter: { enabled: ['DefaultEvictor'], disabled: [] },
    },
  };
  const runner = buildProfile(profile, DESCHEDULER_REGISTRY, cluster, evictor, (e) => log.push(`${e.plugin}: ${e.message}`));
  if (typeof runner === 'string') throw new Error(runner);
  runProfiles([runner], t.nodes, (e) => log.push(`${e.plugin}: ${e.message}`));
  return { evicted: evictor.evictions.map((e) => e.pod.split('/')[1]!), log };
}
