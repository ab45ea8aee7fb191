// Test harness for plugins: a cluster in a cache, a Handle over it, and helpers that run one
// plugin's extension points the way the framework runtime does.

import { CycleState } from '../framework/cycleState';
import { defaultFeatureGates, type FeatureGates } from '../features';
import { V1_35_SWITCHES, type VersionSwitches } from '../versions';
import { SchedulerCache } from '../framework/cache';
import type { ClusterLister, Handle, NodeScoreEntry, Plugin, WaitingPods } from '../framework/interfaces';
import type { NodeInfo } from '../framework/nodeInfo';
import { newPodInfo, type PodInfo } from '../framework/podInfo';
import { seededRng } from '../framework/rng';
import type { Snapshot } from '../framework/snapshot';
import { Status } from '../framework/status';
import type { StorageObject } from '../model/storage';
import { StorageStore } from '../simulation/storage';
import { ResourceStore } from '../simulation/resources';
import type { ResourceClaim, ResourceObject } from '../model/resource';
import type { GangWorkload, PodGroup, Namespace, Node, Pod, PodDisruptionBudget, Service, Workload } from '../model/types';

export interface TestCluster {
  nodes: Node[];
  /** pods with spec.nodeName are placed on their node */
  pods?: Pod[];
  namespaces?: Namespace[];
  services?: Service[];
  workloads?: Workload[];
  gangWorkloads?: GangWorkload[];
  podGroups?: PodGroup[];
  pdbs?: PodDisruptionBudget[];
  /** StorageClasses, PVs, PVCs and CSI objects */
  storage?: StorageObject[];
  /** DeviceClasses, ResourceSlices, ResourceClaims */
  resources?: ResourceObject[];
  seed?: number;
  now?: number;
  /** gates that differ from the v1.35 defaults */
  features?: Partial<FeatureGates>;
  /** the upstream changes switched on (without it, v1.35's) */
  versionSwitches?: VersionSwitches;
}

export function testLister(c: TestCluster): ClusterLister {
  return {
    storage: new StorageStore(c.storage),
    resources: new ResourceStore(c.resources),
    namespaceLabels: (ns) => c.namespaces?.find((n) => n.metadata.name === ns)?.metadata.labels ?? (ns ? {} : undefined),
    namespaces: () => (c.namespaces ?? []).map((n) => n.metadata.name),
    services: (ns) => (c.services ?? []).filter((s) => (s.metadata.namespace ?? 'default') === ns),
    workload: (kind, ns, name) => c.workloads?.find((w) => w.kind === kind && (w.metadata.namespace ?? 'default') === ns && w.metadata.name === name),
    gangWorkload: (ns, name) => c.gangWorkloads?.find((w) => (w.metadata.namespace ?? 'default') === ns && w.metadata.name === name),
    podGroup: (ns, name) => c.podGroups?.find((g) => (g.metadata.namespace ?? 'default') === ns && g.metadata.name === name),
    pdbs: () => c.pdbs ?? [],
    pods: () => c.pods ?? [],
  };
}

export interface TestEnv {
  handle: Handle;
  cache: SchedulerCache;
  snapshot: Snapshot;
  /** plugins used by runFilterPluginsWithNominatedPods and the PreFilter extensions */
  plugins: Plugin[];
  /** API calls plugins made, in order */
  apiCalls: {
    call: 'preemptPod' | 'clearNominatedNodeName' | 'bindPodVolumes' | 'updateResourceClaimStatus' | 'createResourceClaim' | 'deleteResourceClaim' | 'setPodExtendedResourceClaimStatus';
    pod: string; preemptor?: string; node?: string; claim?: ResourceClaim; name?: string;
    extendedResourceClaimStatus?: Pod['status']['extendedResourceClaimStatus'];
  }[];
}

export function newTestEnv(c: TestCluster, plugins: Plugin[] = []): TestEnv {
  const cache = new SchedulerCache();
  for (const n of c.nodes) cache.addNode(n);
  for (const p of c.pods ?? []) if (p.spec.nodeName) cache.addPod(newPodInfo(p), p.spec.nodeName);
  const env: TestEnv = { cache, snapshot: cache.snapshot(), plugins, apiCalls: [], handle: undefined as unknown as Handle };
  const waiting: WaitingPods = { get: () => undefined, all: () => [], activate: () => {} };
  env.handle = {
    profileName: 'default-scheduler',
    features: { ...defaultFeatureGates(), ...c.features },
    versionSwitches: c.versionSwitches ?? V1_35_SWITCHES,
    snapshot: () => env.snapshot,
    cluster: testLister(c),
    rng: seededRng(c.seed ?? 1),
    now: () => c.now ?? 0,
    nominatedPodsForNode: () => [],
    hasNominatedPods: () => false,
    runPreFilterExtensionAddPod: (state, pod, add, node) => runExtensions(env.plugins, state, (x) => x.addPod(state, pod, add, node)),
    runPreFilterExtensionRemovePod: (state, pod, rm, node) => runExtensions(env.plugins, state, (x) => x.removePod(state, pod, rm, node)),
    runFilterPluginsWithNominatedPods: (state, pod, node) => runFilters(env.plugins, state, pod, node),
    hasScorePlugins: () => env.plugins.some((p) => p.score),
    waitingPods: () => waiting,
    api: {
      preemptPod: (victim, preemptor, node) => { env.apiCalls.push({ call: 'preemptPod', pod: victim.key, preemptor: preemptor.key, node }); },
      clearNominatedNodeName: (pods) => { for (const p of pods) env.apiCalls.push({ call: 'clearNominatedNodeName', pod: p.key }); },
      bindPodVolumes: (pod, node) => { env.apiCalls.push({ call: 'bindPodVolumes', pod: pod.key, node }); },
      updateResourceClaimStatus: (claim) => {
        env.apiCalls.push({ call: 'updateResourceClaimStatus', pod: '', claim });
        (env.handle.cluster.resources as ResourceStore).put(claim);
      },
      createResourceClaim: (claim) => {
        const name = claim.metadata.name || `${claim.metadata.generateName ?? ''}${env.apiCalls.length}`;
        const created: ResourceClaim = { ...claim, metadata: { ...claim.metadata, name, uid: `uid-${name}` }, status: {} };
        env.apiCalls.push({ call: 'createResourceClaim', pod: '', claim: created });
        (env.handle.cluster.resources as ResourceStore).put(created);
        return created;
      },
      deleteResourceClaim: (namespace, name) => {
        env.apiCalls.push({ call: 'deleteResourceClaim', pod: '', name: `${namespace}/${name}` });
        (env.handle.cluster.resources as ResourceStore).remove('ResourceClaim', namespace, name);
      },
      setPodExtendedResourceClaimStatus: (pod, status) => {
        env.apiCalls.push({ call: 'setPodExtendedResourceClaimStatus', pod: pod.key, extendedResourceClaimStatus: status });
      },
    },
  };
  return env;
}

function runExtensions(plugins: Plugin[], state: CycleState, f: (x: NonNullable<ReturnType<NonNullable<Plugin['preFilterExtensions']>>>) => Status): Status {
  for (const p of plugins) {
    if (state.skipFilterPlugins.has(p.name)) continue;
    const x = p.preFilterExtensions?.();
    if (!x) continue;
    const s = f(x);
    if (!s.isSuccess()) return s;
  }
  return Status.success();
}

function runFilters(plugins: Plugin[], state: CycleState, pod: PodInfo, node: NodeInfo): Status {
  for (const p of plugins) {
    if (!p.filter || state.skipFilterPlugins.has(p.name)) continue;
    const s = p.filter(state, pod, node);
    if (!s.isSuccess()) return s.withPlugin(p.name);
  }
  return Status.success();
}

/** Runs PreFilter then Filter on every node. A PreFilter Skip means Filter is not run (Success). */
export function runPreFilterAndFilter(plugin: Plugin, env: TestEnv, pod: Pod): { preFilter: Status; filter: Map<string, Status>; state: CycleState } {
  const state = new CycleState();
  const podInfo = newPodInfo(pod);
  let preFilter = Status.success();
  if (plugin.preFilter) preFilter = plugin.preFilter(state, podInfo, env.snapshot.nodeInfoList).status;
  const filter = new Map<string, Status>();
  for (const n of env.snapshot.nodeInfoList) {
    if (preFilter.isSkip() || !plugin.filter) filter.set(n.name, Status.success());
    else if (!preFilter.isSuccess()) filter.set(n.name, preFilter);
    else filter.set(n.name, plugin.filter(state, podInfo, n));
  }
  return { preFilter, filter, state };
}

/**
 * Runs PreScore, Score and NormalizeScore over the given feasible nodes (all nodes by default).
 * Returns undefined scores when PreScore skipped the plugin.
 */
export function runScore(plugin: Plugin, env: TestEnv, pod: Pod, feasibleNodeNames?: string[]): { preScore: Status; raw?: NodeScoreEntry[]; normalized?: NodeScoreEntry[] } {
  const state = new CycleState();
  const podInfo = newPodInfo(pod);
  const nodes = feasibleNodeNames ? feasibleNodeNames.map((n) => env.snapshot.get(n)!) : env.snapshot.nodeInfoList;
  if (plugin.preFilter) plugin.preFilter(state, podInfo, env.snapshot.nodeInfoList);
  let preScore = Status.success();
  if (plugin.preScore) preScore = plugin.preScore(state, podInfo, nodes);
  if (preScore.isSkip()) return { preScore };
  if (!preScore.isSuccess()) return { preScore };
  const raw: NodeScoreEntry[] = nodes.map((n) => {
    const s = plugin.score!(state, podInfo, n);
    if (typeof s !== 'number') throw new Error(`score failed on ${n.name}: ${s.message()}`);
    return { name: n.name, score: s };
  });
  const normalized = raw.map((e) => ({ ...e }));
  if (plugin.normalizeScore) {
    const st = plugin.normalizeScore(state, podInfo, normalized);
    if (!st.isSuccess()) throw new Error(`normalize failed: ${st.message()}`);
  }
  return { preScore, raw, normalized };
}
