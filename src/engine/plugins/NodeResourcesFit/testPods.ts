// Test fixtures shared by the NodeResourcesFit tests, after upstream fit_test.go's helpers.

import type { StatusCode } from '../../api';
import { CycleState } from '../../framework/cycleState';
import type { Plugin } from '../../framework/interfaces';
import { newPodInfo } from '../../framework/podInfo';
import type { Node, Pod, ResourceList } from '../../model/types';
import { makeNode, makePod, type PodWrapper } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';

/** upstream: framework.Resource literals in the test tables */
export interface Usage {
  milliCPU?: number;
  memory?: number;
  ephemeralStorage?: number;
  scalar?: Record<string, number>;
}

export const extendedResourceA = 'example.com/aaa';
export const extendedResourceB = 'example.com/bbb';
export const kubernetesIOResourceA = 'kubernetes.io/something';
export const kubernetesIOResourceB = 'subdomain.kubernetes.io/something';
export const hugePageResourceA = 'hugepages-2Mi';

/** upstream: newResourcePod's per-container ResourceList — cpu, memory and ephemeral-storage always set, even to 0. */
export function usageRequests(u: Usage): ResourceList {
  const rl: ResourceList = { cpu: `${u.milliCPU ?? 0}m`, memory: String(u.memory ?? 0), pods: '0', 'ephemeral-storage': String(u.ephemeralStorage ?? 0) };
  for (const [name, q] of Object.entries(u.scalar ?? {})) rl[name] = String(q);
  return rl;
}

/** upstream: newResourcePod — one container per usage */
export function resourcePod(...usage: Usage[]): PodWrapper {
  const w = makePod().name('p');
  for (const u of usage) w.req(usageRequests(u));
  return w;
}

/** upstream: newResourceInitPod — one init container per usage */
export function withInit(w: PodWrapper, ...usage: Usage[]): PodWrapper {
  for (const u of usage) w.initReq(usageRequests(u));
  return w;
}

/** upstream: makeAllocatableResources(milliCPU, memory, pods, extendedA, storage, hugePageA) */
export function allocatable(milliCPU: number, memory: number, pods: number, extendedA: number, storage: number, hugePageA: number): ResourceList {
  return {
    cpu: `${milliCPU}m`, memory: String(memory), pods: String(pods), [extendedResourceA]: String(extendedA),
    'ephemeral-storage': String(storage), [hugePageResourceA]: String(hugePageA),
  };
}

/** upstream test_util.go: defaultResources, extendedRes, extendedResourceSet */
export const defaultResources = [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }];
export const extendedRes = 'abc.com/xyz';
export const extendedResourceSet = [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }, { name: extendedRes, weight: 1 }];

/** upstream: st.MakeNode().Name(name).Capacity(...) */
export function capacityNode(name: string, capacity: ResourceList = {}): Node {
  return makeNode().name(name).capacity(capacity).obj();
}

/** upstream test_util.go makeNode(name, milliCPU, memory, extendedResource) */
export function sizedNode(name: string, milliCPU: number, memory: number, extended: Record<string, number> = {}): Node {
  const rl: ResourceList = { cpu: `${milliCPU}m`, memory: String(memory) };
  for (const [k, v] of Object.entries(extended)) rl[k] = String(v);
  return makeNode().name(name).capacity(rl).obj();
}

/**
 * Scores the pod on every node the way upstream's score tests do: PreScore once (unless
 * runPreScore is false), then Score per node. A non-success Score yields its status code.
 */
export function scoreOnNodes(
  plugin: Plugin, nodes: Node[], existing: PodWrapper[], pod: Pod, runPreScore = true,
): { preScore: StatusCode; scores: { name: string; score: number | StatusCode }[] } {
  const env = newTestEnv({ nodes, pods: existing.map((w, i) => w.name(`existing-${i}`).obj()) });
  const state = new CycleState();
  const podInfo = newPodInfo(pod);
  const preScore = runPreScore && plugin.preScore ? plugin.preScore(state, podInfo, env.snapshot.nodeInfoList).code : 'Success';
  const scores = preScore === 'Skip' ? [] : nodes.map((n) => {
    const s = plugin.score!(state, podInfo, env.snapshot.get(n.metadata.name)!);
    return { name: n.metadata.name, score: typeof s === 'number' ? s : s.code };
  });
  return { preScore, scores };
}
