// Allocatable against requested for the bars on a node card, at the step on screen.

import type { NodeOutcome, PodOutcome } from '../../engine/api';
import type { PodView } from '../../store/selectors';

export const BAR_RESOURCES = ['cpu', 'memory', 'pods'] as const;
/** cpu, memory, pods, or an extended resource the run's pods request (intel.com/foo) */
export type BarResource = string;

export interface ResourceUse {
  requested: number;
  allocatable: number;
  /** false when the number is the end of the run rather than this step (no per-pod requests in the result) */
  atThisStep: boolean;
}


export function usageAt(node: NodeOutcome, podsOnNode: readonly PodView[], resources: readonly BarResource[] = BAR_RESOURCES): Record<BarResource, ResourceUse> {
  const use: Record<BarResource, ResourceUse> = {};
  const known = podsOnNode.every((p) => p.outcome.requests !== undefined);
  for (const resource of resources) {
    const allocatable = node.allocatable[resource] ?? 0;
    if (resource === 'pods') {
      use.pods = { requested: podsOnNode.length, allocatable, atThisStep: true };
    } else if (known) {
      const requested = podsOnNode.reduce((sum, p) => sum + (p.outcome.requests?.[resource] ?? 0), 0);
      use[resource] = { requested, allocatable, atThisStep: true };
    } else {
      use[resource] = { requested: node.requested[resource] ?? 0, allocatable, atThisStep: false };
    }
  }
  return use;
}

/** The extended resources (neither cpu, memory, pods nor ephemeral-storage) some pod of the run requests, sorted. */
export function extendedResources(pods: readonly PodOutcome[]): BarResource[] {
  const names = new Set<string>();
  for (const p of pods) {
    for (const [resource, value] of Object.entries(p.requests ?? {})) {
      if (value > 0 && !(BAR_RESOURCES as readonly string[]).includes(resource) && resource !== 'ephemeral-storage') names.add(resource);
    }
  }
  return [...names].sort();
}

/**
 * The bars worth a projector's space: cpu and memory when some pod of the run requests them, pods
 * when the run has enough pods to fill a node, and the extended resources pods request. A lesson
 * about taints or spread shows none.
 */
export function barsOnStage(nodes: readonly NodeOutcome[], pods: readonly PodOutcome[]): BarResource[] {
  const requested = (resource: BarResource) => pods.some((p) => (p.requests?.[resource] ?? 0) > 0)
    || nodes.some((n) => (n.requested[resource] ?? 0) > 0);
  // an extended resource the pods request is the lesson's resource (bin-packing-rtcr's intel.com/foo and bar)
  return [...BAR_RESOURCES.filter((resource) => (resource === 'pods'
    ? nodes.some((n) => (n.allocatable.pods ?? Infinity) <= pods.length)
    : requested(resource))), ...extendedResources(pods)];
}
