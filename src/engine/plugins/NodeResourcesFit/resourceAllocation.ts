// The score machinery shared by NodeResourcesFit's strategies and NodeResourcesBalancedAllocation.
// upstream: pkg/scheduler/framework/plugins/noderesources/resource_allocation.go

import type { NodeInfo } from '../../framework/nodeInfo';
import { computePodRequests, computePodRequestsWithDefaults, getAmount, isScalarResourceName } from '../../framework/resources';
import { Status } from '../../framework/status';
import type { Pod } from '../../model/types';
import type { ResourceSpec } from './args';
import type { DraScoring } from './draScoring';

/** upstream: resourceAllocationScorer */
export interface ResourceAllocationScorer {
  /** LeastAllocated, MostAllocated, RequestedToCapacityRatio or NodeResourcesBalancedAllocation */
  readonly name: string;
  /**
   * true (BalancedAllocation): the node's Requested and the pod's requests as written;
   * false (NodeResourcesFit): NonZeroRequested for cpu/memory and 100m/200Mi for missing container requests.
   */
  readonly useRequested: boolean;
  readonly resources: readonly ResourceSpec[];
  /** requested and allocatable per configured resource (0/0 for skipped ones) -> node score; must not keep the lists */
  readonly scorer: (requested: readonly number[], allocatable: readonly number[]) => number;
  /** per configured resource, where a NodeInfo holds it (decided once, not for every node) */
  readonly kinds: readonly ResourceKind[];
  /** the lists scoreNode hands the scorer, refilled for every node (scoring is synchronous) */
  readonly requested: number[];
  readonly allocatable: number[];
}

/** cpu, memory, ephemeral-storage, a scalar resource (extended, hugepages-*, attachable-volumes-*) or another name */
type ResourceKind = 'cpu' | 'memory' | 'ephemeral-storage' | 'scalar' | 'other';

function resourceKind(name: string): ResourceKind {
  if (name === 'cpu' || name === 'memory' || name === 'ephemeral-storage') return name;
  return isScalarResourceName(name) ? 'scalar' : 'other';
}

/** A scorer with its resources' kinds worked out. */
export function newResourceAllocationScorer(
  name: string, useRequested: boolean, resources: readonly ResourceSpec[], scorer: ResourceAllocationScorer['scorer'],
): ResourceAllocationScorer {
  return {
    name, useRequested, resources, scorer, kinds: resources.map((r) => resourceKind(r.name)),
    requested: new Array<number>(resources.length).fill(0), allocatable: new Array<number>(resources.length).fill(0),
  };
}

/** upstream: calculatePodResourceRequestList — the pod's request for each configured resource. */
export function podResourceRequestList(s: ResourceAllocationScorer, pod: Pod): number[] {
  const requests = s.useRequested ? computePodRequests(pod) : computePodRequestsWithDefaults(pod);
  return s.resources.map((r) => getAmount(requests, r.name));
}

/** upstream: isBestEffortPod — the pod requests none of the configured resources. */
export function isBestEffortPod(podRequests: readonly number[]): boolean {
  return podRequests.every((r) => r === 0);
}

// upstream: calculateResourceAllocatableRequest — [allocatable, node requested + pod request];
// [0, 0] for a scalar resource the pod does not request or the node does not have. In two
// halves, so scoreNode needs no tuple per resource.

/** calculateResourceAllocatableRequest's first value (0: the resource is not scored on this node) */
function allocatableOf(nodeInfo: NodeInfo, kind: ResourceKind, resource: string, podRequest: number): number {
  switch (kind) {
    case 'cpu': return nodeInfo.allocatable.milliCPU;
    case 'memory': return nodeInfo.allocatable.memory;
    case 'ephemeral-storage': return nodeInfo.allocatable.ephemeralStorage;
    case 'scalar': return podRequest === 0 ? 0 : nodeInfo.allocatable.scalar.get(resource) ?? 0;
    default: return nodeInfo.allocatable.scalar.get(resource) ?? 0;
  }
}

/** calculateResourceAllocatableRequest's second value, for a resource the node has */
function requestedOf(s: ResourceAllocationScorer, nodeInfo: NodeInfo, kind: ResourceKind, resource: string, podRequest: number): number {
  switch (kind) {
    case 'cpu': return (s.useRequested ? nodeInfo.requested : nodeInfo.nonZeroRequested).milliCPU + podRequest;
    case 'memory': return (s.useRequested ? nodeInfo.requested : nodeInfo.nonZeroRequested).memory + podRequest;
    case 'ephemeral-storage': return nodeInfo.requested.ephemeralStorage + podRequest;
    default: return (nodeInfo.requested.scalar.get(resource) ?? 0) + podRequest;
  }
}

/**
 * upstream: resourceAllocationScorer.score — a resource the node lacks stays 0/0, unless `dra`
 * (DRAExtendedResource, draScoring.ts) finds devices of a class that backs it on the node: then
 * their count, and how many are allocated plus the pod's request. No allocation: this runs for
 * every scored node of every cycle.
 */
export function scoreNode(s: ResourceAllocationScorer, nodeInfo: NodeInfo, podRequests: readonly number[], dra?: DraScoring): number | Status {
  const resources = s.resources;
  if (resources.length === 0) return Status.error('resources not found');
  const { requested, allocatable, kinds } = s;
  for (let i = 0; i < resources.length; i++) {
    const kind = kinds[i]!;
    const name = resources[i]!.name;
    const podRequest = podRequests[i] ?? 0;
    const alloc = allocatableOf(nodeInfo, kind, name, podRequest);
    // upstream: calculateResourceAllocatableRequest's DRA branch (a scalar resource the pod does not request is skipped before it)
    if (alloc === 0 && dra !== undefined && (kind === 'other' || (kind === 'scalar' && podRequest !== 0))) {
      const totals = dra.totals(nodeInfo.node, name);
      if (totals !== undefined && totals[0] > 0) {
        allocatable[i] = totals[0];
        requested[i] = totals[1] + podRequest;
        continue;
      }
    }
    allocatable[i] = alloc;
    requested[i] = alloc === 0 ? 0 : requestedOf(s, nodeInfo, kind, name, podRequest);
  }
  return s.scorer(requested, allocatable);
}

/** Go int64 a * b / c (truncating), exact beyond 2^53 via BigInt. */
export function mulDiv(a: number, b: number, c: number): number {
  const x = a * b;
  if (Number.isSafeInteger(x)) return (x - (x % c)) / c;
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/**
 * upstream: calculateNodeAllocatableRequest as a PlacementScore plugin calls it — the node's
 * allocatable and what its pods already request of configured resource `i`; [0, 0] for a scalar
 * resource the pod group does not request (`groupRequest` 0) or the node does not have.
 */
export function nodeAllocatableAndAllocated(s: ResourceAllocationScorer, nodeInfo: NodeInfo, i: number, groupRequest: number): [number, number] {
  const kind = s.kinds[i]!;
  const name = s.resources[i]!.name;
  const alloc = allocatableOf(nodeInfo, kind, name, groupRequest);
  return alloc === 0 ? [0, 0] : [alloc, requestedOf(s, nodeInfo, kind, name, 0)];
}
