// The score machinery shared by NodeResourcesFit's strategies and NodeResourcesBalancedAllocation.
// upstream: pkg/scheduler/framework/plugins/noderesources/resource_allocation.go

import type { NodeInfo } from '../../framework/nodeInfo';
import { computePodRequests, computePodRequestsWithDefaults, getAmount, isScalarResourceName } from '../../framework/resources';
import { Status } from '../../framework/status';
import type { Pod } from '../../model/types';
import type { ResourceSpec } from './args';

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
  /** requested and allocatable per configured resource (0/0 for skipped ones) -> node score */
  readonly scorer: (requested: readonly number[], allocatable: readonly number[]) => number;
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

/**
 * upstream: calculateResourceAllocatableRequest — [allocatable, node requested + pod request];
 * [0, 0] for a scalar resource the pod does not request or the node does not have.
 */
export function resourceAllocatableRequest(s: ResourceAllocationScorer, nodeInfo: NodeInfo, resource: string, podRequest: number): [number, number] {
  const requested = s.useRequested ? nodeInfo.requested : nodeInfo.nonZeroRequested;
  if (podRequest === 0 && isScalarResourceName(resource)) return [0, 0];
  switch (resource) {
    case 'cpu': return [nodeInfo.allocatable.milliCPU, requested.milliCPU + podRequest];
    case 'memory': return [nodeInfo.allocatable.memory, requested.memory + podRequest];
    case 'ephemeral-storage': return [nodeInfo.allocatable.ephemeralStorage, nodeInfo.requested.ephemeralStorage + podRequest];
    default: {
      const allocatable = nodeInfo.allocatable.scalar.get(resource);
      if (allocatable !== undefined) return [allocatable, (nodeInfo.requested.scalar.get(resource) ?? 0) + podRequest];
      return [0, 0];
    }
  }
}

/** upstream: resourceAllocationScorer.score */
export function scoreNode(s: ResourceAllocationScorer, nodeInfo: NodeInfo, podRequests: readonly number[]): number | Status {
  const resources = s.resources;
  if (resources.length === 0) return Status.error('resources not found');
  // (a loop, not map/forEach: this runs for every scored node of every cycle)
  const requested: number[] = [];
  const allocatable: number[] = [];
  for (let i = 0; i < resources.length; i++) {
    const [alloc, req] = resourceAllocatableRequest(s, nodeInfo, resources[i]!.name, podRequests[i] ?? 0);
    allocatable.push(alloc);
    requested.push(alloc === 0 ? 0 : req);
  }
  return s.scorer(requested, allocatable);
}

/** Go int64 a * b / c (truncating), exact beyond 2^53 via BigInt. */
export function mulDiv(a: number, b: number, c: number): number {
  const x = a * b;
  if (Number.isSafeInteger(x)) return (x - (x % c)) / c;
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}
