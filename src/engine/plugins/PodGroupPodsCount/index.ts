// upstream: pkg/scheduler/framework/plugins/podgrouppodscount/podgroup_pods_count.go (v1.36 alpha,
// TopologyAwareWorkloadScheduling; KEP-5732). A PlacementScore plugin that prefers the placement
// holding more of the group's pods: the scheduled (assumed or bound) pods plus the ones the group
// cycle placed there, normalized against the best placement (not against minCount, so that a small
// difference in count makes a small difference in score).

import { MAX_PLACEMENT_SCORE, MIN_PLACEMENT_SCORE, type PlacementScore, type PodGroupAssignments } from '../../framework/placement';
import { Status } from '../../framework/status';

export const Name = 'PodGroupPodsCount';

export const ErrNoPodsInPlacements = 'no pods from pod group are assigned to any of the candidate placements';

/** upstream: PodGroupPodsCount.ScorePlacement */
export function scorePlacement(scheduledPodsCount: number, assignments: PodGroupAssignments): number {
  return scheduledPodsCount + assignments.proposedAssignments.length;
}

/** upstream: PodGroupPodsCount.NormalizePlacementScore — in place, integer division as Go's int64 */
export function normalizePlacementScore(scores: PlacementScore[]): Status {
  let maxCount = 0;
  for (const s of scores) maxCount = Math.max(maxCount, s.score);
  if (maxCount === 0) return Status.error(ErrNoPodsInPlacements);
  for (const s of scores) s.score = MIN_PLACEMENT_SCORE + Math.trunc((s.score * (MAX_PLACEMENT_SCORE - MIN_PLACEMENT_SCORE)) / maxCount);
  return Status.success();
}
