// What a v1.36+ pod-group cycle (./podGroupCycle.ts) reads of a PodGroup for topology-aware
// placement and workload-aware preemption, and the gates that turn each on.
// upstream: pkg/scheduler/schedule_one_podgroup.go (podGroupSchedulingAlgorithm picks the
// placement algorithm when TopologyAwareWorkloadScheduling is on; runWorkloadAwarePreemption).

import type { PodGroup, Pod } from '../model/types';
import { topologyAwareWorkloadSchedulingEnabled, type FeatureGates } from '../features';
import type { PreemptionPodGroup, PodGroupPreemptor } from '../plugins/DefaultPreemption/podGroupPreemption';
import type { PlacementPodGroup } from './placementPlugins';
import { podKey } from '../model/types';
import { podGroupPriority } from '../model/admission/podGroupPriority';

/** upstream: runWorkloadAwarePreemption refuses a PodGroup with scheduling constraints (alpha) */
export const ErrPreemptionWithConstraints = 'workload aware preemption is not supported for pod groups with scheduling constraints';

export function podGroupKey(pg: PodGroup): string {
  return `${pg.metadata.namespace ?? 'default'}/${pg.metadata.name}`;
}

/** spec.schedulingConstraints.topology[0].key (upstream: getTopologyKey — only the first is used) */
export function topologyKeyOf(pg: PodGroup): string | undefined {
  return pg.spec.schedulingConstraints?.topology?.[0]?.key;
}

/** the placement algorithm runs for every pod group when the gate is on (upstream: podGroupSchedulingAlgorithm) */
export function usesPlacementAlgorithm(gates: FeatureGates): boolean {
  return topologyAwareWorkloadSchedulingEnabled(gates);
}

export function placementPodGroup(pg: PodGroup, scheduledPods: readonly Pod[]): PlacementPodGroup {
  return { topologyKey: topologyKeyOf(pg), scheduledPods: scheduledPods.map((p) => ({ pod: podKey(p), nodeName: p.spec.nodeName! })) };
}

/** upstream: util.PodGroupPriority — spec.priority, else 0 (podGroupCycle.ts podGroupPriority) */
export function preemptionPodGroup(pg: PodGroup): PreemptionPodGroup {
  return { key: podGroupKey(pg), priority: podGroupPriority(pg), disruptionMode: pg.spec.disruptionMode ?? 'Single' };
}

export function podGroupPreemptor(pg: PodGroup, members: readonly Pod[]): PodGroupPreemptor {
  const policy = (pg.spec as { preemptionPolicy?: 'PreemptLowerPriority' | 'Never' }).preemptionPolicy ?? members[0]?.spec.preemptionPolicy ?? 'PreemptLowerPriority';
  return { key: podGroupKey(pg), priority: podGroupPriority(pg), preemptionPolicy: policy, members };
}
