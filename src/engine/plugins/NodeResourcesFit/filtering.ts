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

function insufficient(sink: FindingSink, resourceName: string, reason: string | undefined, requested: number, used: number, capacity: number): boolean {
  return sink.add(resourceName, reason, requested, used, capacity, requested > capacity);
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

/**
 * Where fitsRequest's walk puts each insufficient resource: a new list, or a comparison with a
 * finding made before (no list made when a node lacks what the last one lacked). `reason`
 * undefined: an extended resource's (or hugepages'), insufficientResourceReason(resourceName),
 * made only when a list needs it. add returns false to stop the walk.
 */
interface FindingSink {
  add(resourceName: string, reason: string | undefined, requested: number, used: number, capacity: number, unresolvable: boolean): boolean;
}

class FindingList implements FindingSink {
  readonly out: InsufficientResource[] = [];
  add(resourceName: string, reason: string | undefined, requested: number, used: number, capacity: number, unresolvable: boolean): boolean {
    this.out.push({ resourceName, reason: reason ?? insufficientResourceReason(resourceName), requested, used, capacity, unresolvable });
    return true;
  }
}

/** whether the walk finds exactly `expected`, field by field (as FitVerdicts.shared compares findings) */
class SameFinding implements FindingSink {
  private expected: readonly InsufficientResource[] = NOTHING_INSUFFICIENT;
  private at = 0;
  private same = true;

  start(expected: readonly InsufficientResource[]): this {
    this.expected = expected;
    this.at = 0;
    this.same = true;
    return this;
  }

  add(resourceName: string, reason: string | undefined, requested: number, used: number, capacity: number, unresolvable: boolean): boolean {
    const e = this.expected[this.at++];
    // (a scalar's name is never pods, cpu, memory or ephemeral-storage: the same name, the same reason)
    this.same = e !== undefined && e.resourceName === resourceName && (reason === undefined || e.reason === reason)
      && e.requested === requested && e.used === used && e.capacity === capacity && e.unresolvable === unresolvable;
    return this.same;
  }

  get result(): boolean { return this.same && this.at === this.expected.length; }
}

const sameFinding = new SameFinding();

/** upstream: fitsRequest — every resource the node lacks, pods first, then cpu, memory, ephemeral-storage, scalars. */
export function fitsRequest(
  podRequest: Resource,
  nodeInfo: NodeInfo,
  ignoredResources: ReadonlySet<string> = new Set(),
  ignoredResourceGroups: ReadonlySet<string> = new Set(),
  delegate?: DelegateToDRA,
): readonly InsufficientResource[] {
  if (hasRoom(podRequest, nodeInfo)) return NOTHING_INSUFFICIENT;
  const found = new FindingList();
  walkInsufficient(podRequest, nodeInfo, ignoredResources, ignoredResourceGroups, delegate, found);
  return found.out;
}

/** fitsRequest's walk, each finding given to `sink` in order, until it asks to stop */
function walkInsufficient(
  podRequest: Resource, nodeInfo: NodeInfo, ignoredResources: ReadonlySet<string>, ignoredResourceGroups: ReadonlySet<string>,
  delegate: DelegateToDRA | undefined, sink: FindingSink,
): void {
  const allocatable = nodeInfo.allocatable;
  const requested = nodeInfo.requested;
  const podCount = nodeInfo.pods.length;
  const tooManyPods = podCount + 1 > allocatable.allowedPodNumber;
  const scalars = podRequest.scalar.size > 0;
  if (tooManyPods && !sink.add('pods', ErrReasonTooManyPods, 1, podCount, allocatable.allowedPodNumber, false)) return;
  if (podRequest.milliCPU === 0 && podRequest.memory === 0 && podRequest.ephemeralStorage === 0 && !scalars) return;
  if (podRequest.milliCPU > 0 && podRequest.milliCPU > allocatable.milliCPU - requested.milliCPU
    && !insufficient(sink, 'cpu', ErrReasonInsufficientCPU, podRequest.milliCPU, requested.milliCPU, allocatable.milliCPU)) return;
  if (podRequest.memory > 0 && podRequest.memory > allocatable.memory - requested.memory
    && !insufficient(sink, 'memory', ErrReasonInsufficientMemory, podRequest.memory, requested.memory, allocatable.memory)) return;
  if (podRequest.ephemeralStorage > 0 && podRequest.ephemeralStorage > allocatable.ephemeralStorage - requested.ephemeralStorage
    && !insufficient(sink, 'ephemeral-storage', ErrReasonInsufficientEphemeralStorage, podRequest.ephemeralStorage, requested.ephemeralStorage, allocatable.ephemeralStorage)) return;
  for (const [name, quantity] of podRequest.scalar) {
    if (quantity === 0) continue;
    // Only extended resources can be ignored; hugepages and kubernetes.io/* are always checked.
    if ((ignoredResources.size > 0 || ignoredResourceGroups.size > 0) && isExtendedResourceName(name)
      && (ignoredResources.has(name) || ignoredResourceGroups.has(name.split('/')[0]!))) continue;
    if (delegate?.(name, nodeInfo)) continue;
    const capacity = allocatable.scalar.get(name) ?? 0;
    const used = requested.scalar.get(name) ?? 0;
    if (quantity > capacity - used && !insufficient(sink, name, undefined, quantity, used, capacity)) return;
  }
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
  // the node before lacked the same (a cycle walks many nodes of one shape): its status, no new list
  const last = keep?.lastFinding;
  if (last !== undefined) {
    walkInsufficient(s.podRequest, nodeInfo, ignoredResources, ignoredResourceGroups, undefined, sameFinding.start(last));
    if (sameFinding.result) {
      const status = keep!.shared(last, failedStatus);
      keep!.keep(nodeInfo, s.podRequest, ignoredResources, ignoredResourceGroups, status);
      return status;
    }
  }
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
