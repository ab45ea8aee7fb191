// NodeResourcesFit PreFilter/Filter: does the node have room for the pod's requests?
// upstream: pkg/scheduler/framework/plugins/noderesources/fit.go (computePodResourceRequest, fitsRequest, Filter)

import type { CycleState, StateData } from '../../framework/cycleState';
import type { NodeInfo } from '../../framework/nodeInfo';
import { computePodRequests, type Resource } from '../../framework/resources';
import { Status } from '../../framework/status';
import type { FitVerdicts, InsufficientResource } from './verdicts';
import type { Pod } from '../../model/types';
import { isExtendedResourceName as isExtendedName } from '../../model/decode/resources';
import { deviceClassForExtendedResource } from '../../model/resource';
import type { Handle } from '../../framework/interfaces';

export const Name = 'NodeResourcesFit';
const preFilterStateKey = `PreFilter${Name}`;

/** upstream: the reason of InsufficientResource for pods */
export const ErrReasonTooManyPods = 'Too many pods';
export const ErrReasonInsufficientCPU = 'Insufficient cpu';
export const ErrReasonInsufficientMemory = 'Insufficient memory';
export const ErrReasonInsufficientEphemeralStorage = 'Insufficient ephemeral-storage';
/** upstream: fmt.Sprintf("Insufficient %v", rName) for extended resources and hugepages */
export const insufficientResourceReason = (resourceName: string): string => `Insufficient ${resourceName}`;

/** Status.details of a failed Filter */
export interface FitFilterDetails {
  insufficientResources: InsufficientResource[];
}

class PreFilterState implements StateData {
  constructor(readonly podRequest: Resource) {}
  clone(): StateData { return this; }
}

/** upstream: computePodResourceRequest — resource.PodRequests (init containers, sidecars, pod level, overhead). */
export function computePodResourceRequest(pod: Pod): Resource {
  return computePodRequests(pod);
}

export function preFilter(state: CycleState, pod: Pod): Status {
  state.write(preFilterStateKey, new PreFilterState(computePodResourceRequest(pod)));
  return Status.success();
}

/** isExtendedResourceName's answers by name: Filter asks for every node, and validating the name cost more than the rest of Filter */
const extendedNames = new Map<string, boolean>();

/** upstream: v1helper.IsExtendedResourceName (the model's, remembered by name) — a domain-prefixed name outside kubernetes.io. */
export function isExtendedResourceName(name: string): boolean {
  let extended = extendedNames.get(name);
  if (extended === undefined) {
    extended = isExtendedName(name);
    // names come from scenarios: bounded, whatever a scenario holds
    if (extendedNames.size >= 4096) extendedNames.clear();
    extendedNames.set(name, extended);
  }
  return extended;
}

/** Whether an extended resource is left to DynamicResources on a node (DRAExtendedResource). */
export type DelegateToDRA = (resourceName: string, nodeInfo: NodeInfo) => boolean;

/**
 * upstream: shouldDelegateResourceToDRA — with DRAExtendedResource, a resource the node does not
 * advertise in allocatable but a DeviceClass backs is DynamicResources' to allocate, not Fit's.
 */
export function delegateToDRA(handle: Handle | undefined): DelegateToDRA | undefined {
  if (!handle?.features.DRAExtendedResource) return undefined;
  return (name, nodeInfo) => (nodeInfo.allocatable.scalar.get(name) ?? 0) <= 0
    && deviceClassForExtendedResource(handle.cluster.resources.deviceClasses(), name) !== undefined;
}

function insufficient(resourceName: string, reason: string, requested: number, used: number, capacity: number): InsufficientResource {
  return { resourceName, reason, requested, used, capacity, unresolvable: requested > capacity };
}

/** what fitsRequest returns when the node has room (most nodes, most cycles: no list made for them) */
const NOTHING_INSUFFICIENT: readonly InsufficientResource[] = Object.freeze([]);

/** fitsRequest finds nothing insufficient: room for one more pod and every request, none of them a scalar resource (those take the long way) */
function hasRoom(podRequest: Resource, nodeInfo: NodeInfo): boolean {
  const allocatable = nodeInfo.allocatable;
  const requested = nodeInfo.requested;
  return nodeInfo.pods.length + 1 <= allocatable.allowedPodNumber && podRequest.scalar.size === 0
    && !(podRequest.milliCPU > 0 && podRequest.milliCPU > allocatable.milliCPU - requested.milliCPU)
    && !(podRequest.memory > 0 && podRequest.memory > allocatable.memory - requested.memory)
    && !(podRequest.ephemeralStorage > 0 && podRequest.ephemeralStorage > allocatable.ephemeralStorage - requested.ephemeralStorage);
}

/** upstream: fitsRequest — every resource the node lacks, pods first, then cpu, memory, ephemeral-storage, scalars. */
export function fitsRequest(
  podRequest: Resource,
  nodeInfo: NodeInfo,
  ignoredResources: ReadonlySet<string> = new Set(),
  ignoredResourceGroups: ReadonlySet<string> = new Set(),
  delegate?: DelegateToDRA,
): readonly InsufficientResource[] {
  if (hasRoom(podRequest, nodeInfo)) return NOTHING_INSUFFICIENT;
  const allocatable = nodeInfo.allocatable;
  const requested = nodeInfo.requested;
  const podCount = nodeInfo.pods.length;
  const tooManyPods = podCount + 1 > allocatable.allowedPodNumber;
  const scalars = podRequest.scalar.size > 0;
  const out: InsufficientResource[] = [];
  if (tooManyPods) {
    out.push({ resourceName: 'pods', reason: ErrReasonTooManyPods, requested: 1, used: podCount, capacity: allocatable.allowedPodNumber, unresolvable: false });
  }
  if (podRequest.milliCPU === 0 && podRequest.memory === 0 && podRequest.ephemeralStorage === 0 && !scalars) {
    return out;
  }
  if (podRequest.milliCPU > 0 && podRequest.milliCPU > allocatable.milliCPU - requested.milliCPU) {
    out.push(insufficient('cpu', ErrReasonInsufficientCPU, podRequest.milliCPU, requested.milliCPU, allocatable.milliCPU));
  }
  if (podRequest.memory > 0 && podRequest.memory > allocatable.memory - requested.memory) {
    out.push(insufficient('memory', ErrReasonInsufficientMemory, podRequest.memory, requested.memory, allocatable.memory));
  }
  if (podRequest.ephemeralStorage > 0 && podRequest.ephemeralStorage > allocatable.ephemeralStorage - requested.ephemeralStorage) {
    out.push(insufficient('ephemeral-storage', ErrReasonInsufficientEphemeralStorage, podRequest.ephemeralStorage, requested.ephemeralStorage, allocatable.ephemeralStorage));
  }
  for (const [name, quantity] of podRequest.scalar) {
    if (quantity === 0) continue;
    // Only extended resources can be ignored; hugepages and kubernetes.io/* are always checked.
    if ((ignoredResources.size > 0 || ignoredResourceGroups.size > 0) && isExtendedResourceName(name)
      && (ignoredResources.has(name) || ignoredResourceGroups.has(name.split('/')[0]!))) continue;
    if (delegate?.(name, nodeInfo)) continue;
    const capacity = allocatable.scalar.get(name) ?? 0;
    const used = requested.scalar.get(name) ?? 0;
    if (quantity > capacity - used) out.push(insufficient(name, insufficientResourceReason(name), quantity, used, capacity));
  }
  return out;
}

/** upstream: Fits — the check without ignored resources, for callers outside the cycle (queueing hints). */
export function fits(pod: Pod, nodeInfo: NodeInfo, delegate?: DelegateToDRA): readonly InsufficientResource[] {
  return fitsRequest(computePodResourceRequest(pod), nodeInfo, undefined, undefined, delegate);
}

/**
 * upstream: Fit.Filter — all reasons together; UnschedulableAndUnresolvable if any request alone
 * exceeds allocatable. With `verdicts`, a node's failing status is kept while the node and the
 * request are unchanged (verdicts.ts): it must depend on nothing else.
 */
export function filter(
  state: CycleState,
  nodeInfo: NodeInfo,
  ignoredResources: ReadonlySet<string>,
  ignoredResourceGroups: ReadonlySet<string>,
  verdicts?: FitVerdicts,
  delegate?: DelegateToDRA,
): Status {
  const s = state.read<PreFilterState>(preFilterStateKey);
  if (!s) return Status.error(`error reading "${preFilterStateKey}" from cycleState: not found`);
  if (hasRoom(s.podRequest, nodeInfo)) return Status.success();
  // a verdict that leaves resources to DRA depends on the DeviceClasses too: not kept
  const keep = verdicts && !delegate ? verdicts : undefined;
  const kept = keep?.kept(nodeInfo, s.podRequest, ignoredResources, ignoredResourceGroups);
  if (kept) return kept;
  const insufficientResources = fitsRequest(s.podRequest, nodeInfo, ignoredResources, ignoredResourceGroups, delegate);
  if (insufficientResources.length === 0) return Status.success();
  if (!keep) return failedStatus(insufficientResources);
  const status = keep.shared(insufficientResources, failedStatus);
  keep.keep(nodeInfo, s.podRequest, ignoredResources, ignoredResourceGroups, status);
  return status;
}

/** Filter's failing status (a function of its own: a closure in Filter would cost every node a context) */
function failedStatus(insufficientResources: readonly InsufficientResource[]): Status {
  const reasons = insufficientResources.map((r) => r.reason);
  const status = insufficientResources.some((r) => r.unresolvable) ? Status.unresolvable(...reasons) : Status.unschedulable(...reasons);
  const details: FitFilterDetails = { insufficientResources: insufficientResources.slice() };
  return status.withDetails({ ...details });
}
