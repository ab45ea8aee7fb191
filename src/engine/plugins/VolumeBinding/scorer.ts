// VolumeBinding's Score under StorageCapacityScoring (KEP-4049; scoring added by kubernetes PR
// #128184 in v1.33, beta and on by default in v1.37).
// upstream: pkg/scheduler/framework/plugins/volumebinding/scorer.go (buildScorerFunction),
// volume_binding.go (Score: the node's volumes grouped by class), binder.go (StorageResource),
// apis/config/v1/defaults.go (SetDefaults_VolumeBindingArgs: the default shape).

import { MAX_CUSTOM_PRIORITY_SCORE, MAX_NODE_SCORE } from '../../framework/interfaces';
import { claimRequestBytes, volumeCapacityBytes } from '../../model/pvHelpers';
import { resourceAmount } from '../../model/quantity';
import { buildBrokenLinearFunction } from '../helper/shapeScore';
import type { UtilizationShapePoint } from '../NodeResourcesFit/args';
import type { PodVolumes } from './binder';

/** upstream: maxUtilization */
const MAX_UTILIZATION = 100;

/**
 * upstream: SetDefaults_VolumeBindingArgs with StorageCapacityScoring on — utilization 0 scores 10,
 * 100 scores 0: the node whose storage the volumes would fill least is preferred.
 */
export const DEFAULT_STORAGE_CAPACITY_SHAPE: readonly UtilizationShapePoint[] = [
  { utilization: 0, score: MAX_CUSTOM_PRIORITY_SCORE },
  { utilization: 100, score: 0 },
];

/** upstream: StorageResource — bytes requested of one storage class, and the capacity they come from */
export interface StorageResource {
  requested: number;
  capacity: number;
}

const bytes = (n: number) => BigInt(Math.ceil(n));

/**
 * upstream: buildScorerFunction — per class, the shape at requested × 100 / capacity (Go's integer
 * division; a class with no capacity, or asking for more than it has, is at 100 % utilization),
 * averaged over the classes and rounded; 0 without any class. Shape scores are 0..10, scaled to 0..100.
 */
export function buildVolumeCapacityScorer(shape: readonly UtilizationShapePoint[]): (classResources: ReadonlyMap<string, StorageResource>) => number {
  const scale = MAX_NODE_SCORE / MAX_CUSTOM_PRIORITY_SCORE;
  const raw = buildBrokenLinearFunction(shape.map((p) => ({ utilization: p.utilization, score: p.score * scale })));
  const classScore = ({ requested, capacity }: StorageResource) => {
    if (capacity === 0 || requested > capacity) return raw(MAX_UTILIZATION);
    return raw(Number((bytes(requested) * BigInt(MAX_UTILIZATION)) / bytes(capacity)));
  };
  return (classResources) => {
    if (classResources.size === 0) return 0;
    let sum = 0;
    for (const r of classResources.values()) sum += classScore(r);
    // math.Round: halves away from zero (scores are never negative)
    return Math.round(sum / classResources.size);
  };
}

/**
 * upstream: Score's grouping — a node with static bindings (or with the gate off) counts its
 * bound PVs: each class's requests against the PVs' sizes; otherwise each provisioned claim's
 * class, against the capacity of the CSIStorageCapacity it fits in (set, not summed: two claims
 * of one class share one capacity); a claim without one is left out.
 */
export function classResourcesOf(podVolumes: PodVolumes, storageCapacityScoring: boolean): Map<string, StorageResource> {
  const out = new Map<string, StorageResource>();
  const entry = (cls: string) => {
    let r = out.get(cls);
    if (r === undefined) out.set(cls, (r = { requested: 0, capacity: 0 }));
    return r;
  };
  if (podVolumes.staticBindings.length > 0 || !storageCapacityScoring) {
    for (const { pv, pvc } of podVolumes.staticBindings) {
      const r = entry(pv.spec.storageClassName ?? '');
      r.requested += claimRequestBytes(pvc);
      r.capacity += volumeCapacityBytes(pv);
    }
    return out;
  }
  podVolumes.dynamicProvisions.forEach((pvc, i) => {
    const capacity = podVolumes.provisionCapacities[i];
    if (capacity === undefined) return;
    const r = entry(pvc.spec.storageClassName ?? '');
    // upstream reads NodeCapacity.Capacity (not maximumVolumeSize); Podplay counts a missing one as 0
    r.capacity = capacity.capacity === undefined ? 0 : resourceAmount('storage', capacity.capacity) ?? 0;
    r.requested += claimRequestBytes(pvc);
  });
  return out;
}
