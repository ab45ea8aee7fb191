// Resource accounting.
// upstream: pkg/scheduler/framework/types.go (Resource, CalculateResource),
// staging/src/k8s.io/component-helpers/resource/helpers.go (PodRequests),
// pkg/scheduler/util/pod_resources.go (DefaultMilliCPURequest, DefaultMemoryRequest).

import { resourceAmount, type Bytes, type MilliCpu } from '../model/quantity';
import type { Container, Pod, ResourceList } from '../model/types';
import { containerRequests } from '../model/containerRequests';
import { sharedEmptyMap } from './intern';

// the framework's callers read it here with the rest of a pod's resource arithmetic
export { containerRequests };

export interface Resource {
  milliCPU: MilliCpu;
  memory: Bytes;
  ephemeralStorage: Bytes;
  allowedPodNumber: number;
  /** extended resources (nvidia.com/gpu), hugepages-*, attachable-volumes-* */
  scalar: Map<string, number>;
}

/** upstream: DefaultMilliCPURequest */
export const DEFAULT_MILLI_CPU_REQUEST = 100 as MilliCpu;
/** upstream: DefaultMemoryRequest = 200 MiB */
export const DEFAULT_MEMORY_REQUEST = (200 * 1024 * 1024) as Bytes;

export function emptyResource(): Resource {
  return { milliCPU: 0 as MilliCpu, memory: 0 as Bytes, ephemeralStorage: 0 as Bytes, allowedPodNumber: 0, scalar: new Map() };
}

export function cloneResource(r: Resource): Resource {
  // a literal in emptyResource's field order: one object shape for every Resource, so the code adding them stays fast
  return { milliCPU: r.milliCPU, memory: r.memory, ephemeralStorage: r.ephemeralStorage, allowedPodNumber: r.allowedPodNumber, scalar: new Map(r.scalar) };
}

/** upstream: v1helper.IsScalarResourceName */
export function isScalarResourceName(name: string): boolean {
  return name.startsWith('hugepages-') || name.startsWith('attachable-volumes-') || name.includes('/');
}

export function addResource(into: Resource, r: Resource, sign = 1): void {
  into.milliCPU = (into.milliCPU + sign * r.milliCPU) as MilliCpu;
  into.memory = (into.memory + sign * r.memory) as Bytes;
  into.ephemeralStorage = (into.ephemeralStorage + sign * r.ephemeralStorage) as Bytes;
  into.allowedPodNumber += sign * r.allowedPodNumber;
  // most pods request no scalar resource: no iterator for them (every bind, every preemption dry run)
  if (r.scalar.size > 0) for (const [k, v] of r.scalar) into.scalar.set(k, (into.scalar.get(k) ?? 0) + sign * v);
}

function setAmount(r: Resource, name: string, amount: number): void {
  switch (name) {
    case 'cpu': r.milliCPU = amount as MilliCpu; break;
    case 'memory': r.memory = amount as Bytes; break;
    case 'ephemeral-storage': r.ephemeralStorage = amount as Bytes; break;
    case 'pods': r.allowedPodNumber = amount; break;
    default: if (isScalarResourceName(name)) r.scalar.set(name, amount);
  }
}

/** Reads a resource by its Kubernetes name. */
export function getAmount(r: Resource, name: string): number {
  switch (name) {
    case 'cpu': return r.milliCPU;
    case 'memory': return r.memory;
    case 'ephemeral-storage': return r.ephemeralStorage;
    case 'pods': return r.allowedPodNumber;
    default: return r.scalar.get(name) ?? 0;
  }
}

/** NewResource(rl): a ResourceList in scheduler units. Unparseable quantities (rejected by the loader) count 0. */
export function resourceFromList(list: ResourceList | undefined): Resource {
  const r = emptyResource();
  if (!list) return r;
  for (const [name, quantity] of Object.entries(list)) {
    setAmount(r, name, resourceAmount(name, quantity) ?? 0);
  }
  return r;
}

/** Resource names present as keys in a Resource (for "which resources does the pod request"). */
export function resourceToList(r: Resource): Record<string, number> {
  const out: Record<string, number> = { cpu: r.milliCPU, memory: r.memory };
  if (r.ephemeralStorage) out['ephemeral-storage'] = r.ephemeralStorage;
  if (r.allowedPodNumber) out.pods = r.allowedPodNumber;
  for (const [k, v] of r.scalar) out[k] = v;
  return out;
}

function maxInto(into: Resource, r: Resource): void {
  into.milliCPU = Math.max(into.milliCPU, r.milliCPU) as MilliCpu;
  into.memory = Math.max(into.memory, r.memory) as Bytes;
  into.ephemeralStorage = Math.max(into.ephemeralStorage, r.ephemeralStorage) as Bytes;
  for (const [k, v] of r.scalar) into.scalar.set(k, Math.max(into.scalar.get(k) ?? 0, v));
}

/** Which missing container requests count as 100m cpu / 200Mi memory (upstream NonMissingContainerRequests). */
interface NonMissingDefaults {
  cpu: boolean;
  memory: boolean;
}

const hasKey = (list: ResourceList | undefined, name: string): boolean =>
  list !== undefined && Object.prototype.hasOwnProperty.call(list, name);

function containerResource(c: Container, nonMissing: NonMissingDefaults | undefined): Resource {
  const requests = containerRequests(c);
  const r = resourceFromList(requests);
  // upstream: applyNonMissing — only a missing key gets the default; an explicit 0 stays 0.
  if (nonMissing?.cpu && !hasKey(requests, 'cpu')) r.milliCPU = DEFAULT_MILLI_CPU_REQUEST;
  if (nonMissing?.memory && !hasKey(requests, 'memory')) r.memory = DEFAULT_MEMORY_REQUEST;
  return r;
}

/** upstream: resource.IsSupportedPodLevelResource */
function isSupportedPodLevelResource(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name.startsWith('hugepages-');
}

/** upstream: resource.IsPodLevelRequestsSet */
export function isPodLevelRequestsSet(pod: Pod): boolean {
  return Object.keys(pod.spec.resources?.requests ?? {}).some(isSupportedPodLevelResource);
}

/** Whether the pod's aggregated requests (containers, pod level, overhead) carry the key at all. */
function podRequestsHaveKey(pod: Pod, name: string): boolean {
  const containers = [...(pod.spec.containers ?? []), ...(pod.spec.initContainers ?? [])];
  return containers.some((c) => hasKey(containerRequests(c), name))
    || hasKey(pod.spec.resources?.requests, name) || hasKey(pod.spec.overhead, name);
}

/**
 * upstream: resource.PodRequests — regular containers summed, init containers walked in order
 * with sidecars (restartPolicy: Always) accumulating, the max of the two, pod-level requests
 * overriding cpu/memory/hugepages, then spec.overhead added.
 * nonZero: the node accounting of upstream PodInfo.calculateResource (NodeInfo.NonZeroRequested):
 * every container lacking a cpu/memory request counts 100m / 200Mi, except that with pod-level
 * requests set the defaults apply only to a resource the whole pod leaves unset
 * (pkg/scheduler/framework/types.go getNonMissingContainerRequests).
 */
export function computePodRequests(pod: Pod, nonZero = false): Resource {
  let nonMissing: NonMissingDefaults | undefined;
  if (nonZero) {
    nonMissing = isPodLevelRequestsSet(pod)
      ? { cpu: !podRequestsHaveKey(pod, 'cpu'), memory: !podRequestsHaveKey(pod, 'memory') }
      : { cpu: true, memory: true };
  }
  return aggregatePodRequests(pod, nonMissing);
}

/**
 * The pod requests NodeResourcesFit scores with (upstream: resourceAllocationScorer.calculatePodResourceRequest
 * with NonMissingContainerRequests): every container lacking a cpu/memory request counts
 * 100m / 200Mi, whether or not pod-level requests are set; pod-level values still override.
 */
export function computePodRequestsWithDefaults(pod: Pod): Resource {
  return aggregatePodRequests(pod, { cpu: true, memory: true });
}

function aggregatePodRequests(pod: Pod, nonMissing: NonMissingDefaults | undefined): Resource {
  const podLevel = pod.spec.resources?.requests;
  const regular = emptyResource();
  for (const c of pod.spec.containers ?? []) addResource(regular, containerResource(c, nonMissing));

  const sidecarSum = emptyResource();
  const initMax = emptyResource();
  for (const c of pod.spec.initContainers ?? []) {
    const req = containerResource(c, nonMissing);
    if (c.restartPolicy === 'Always') {
      addResource(regular, req);
      addResource(sidecarSum, req);
      maxInto(initMax, sidecarSum);
    } else {
      const candidate = cloneResource(req);
      addResource(candidate, sidecarSum);
      maxInto(initMax, candidate);
    }
  }
  maxInto(regular, initMax);

  if (podLevel) {
    for (const [name, quantity] of Object.entries(podLevel)) {
      if (isSupportedPodLevelResource(name)) {
        setAmount(regular, name, resourceAmount(name, quantity) ?? 0);
      }
    }
  }
  if (pod.spec.overhead) addResource(regular, resourceFromList(pod.spec.overhead));
  regular.allowedPodNumber = 0;
  return regular;
}

/** The scalar map of every pod's request that names no extended resource: one, refusing changes. */
const NO_SCALARS = sharedEmptyMap<string, number>('a pod\'s empty request of extended resources');

/**
 * A pod's finished request, its scalar map shared when empty: an empty Map is about 200 bytes,
 * and a PodInfo keeps two requests for each of a scenario's tens of thousands of pods.
 */
export function finishedRequest(r: Resource): Resource {
  if (r.scalar.size === 0) r.scalar = NO_SCALARS;
  return r;
}

