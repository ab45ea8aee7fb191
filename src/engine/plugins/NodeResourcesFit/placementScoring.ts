// NodeResourcesFit as a PlacementScore plugin (v1.36, TopologyAwareWorkloadScheduling; KEP-5732:
// "NodeResourcesFit (existing) implements PlacementScorePlugin. Scores Placements to maximize
// utilization (tightest fit)"). upstream: pkg/scheduler/framework/plugins/noderesources/
// placement_bin_packing.go ScorePlacement (the same computation, moved out of Fit into its own
// PlacementBinPacking plugin after 1.36): the placement is scored as one big node — the group's
// proposed pods' requests plus what the placement's nodes already hold, over the placement's total
// allocatable, through a scoring strategy's scorer. A scalar resource counts only when some pod of
// the group requests it.

import type { NodeInfo } from '../../framework/nodeInfo';
import type { PodGroupAssignments } from '../../framework/placement';
import type { ScoringStrategy } from './args';
import { nodeAllocatableAndAllocated, podResourceRequestList, type ResourceAllocationScorer } from './resourceAllocation';
import { newFitScorer } from './scoring';

/**
 * The strategy NodeResourcesFit scores placements with: MostAllocated over cpu and memory, weight 1
 * each (KEP-5732's "tightest fit"; Podplay's reading — the v1.36 Fit's placementScorer is not in
 * the sources we could read, see docs/fidelity.md).
 */
export const PLACEMENT_SCORING_STRATEGY: ScoringStrategy = {
  type: 'MostAllocated',
  resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }],
};

export function newPlacementScorer(strategy: ScoringStrategy = PLACEMENT_SCORING_STRATEGY): ResourceAllocationScorer {
  return newFitScorer(strategy);
}

/** upstream: PlacementBinPacking.ScorePlacement */
export function scorePlacement(scorer: ResourceAllocationScorer, assignments: PodGroupAssignments, nodeInfo: (name: string) => NodeInfo | undefined): number {
  const n = scorer.resources.length;
  const requested = new Array<number>(n).fill(0);
  for (const a of assignments.proposedAssignments) {
    // upstream logs and skips an assignment to a node the snapshot does not have
    if (!nodeInfo(a.nodeName)) continue;
    const podRequests = podResourceRequestList(scorer, a.pod);
    for (let i = 0; i < n; i++) requested[i]! += podRequests[i]!;
  }
  const groupRequested = [...requested];
  const allocatable = new Array<number>(n).fill(0);
  for (const node of assignments.placement.nodes) {
    for (let i = 0; i < n; i++) {
      const [alloc, allocated] = nodeAllocatableAndAllocated(scorer, node, i, groupRequested[i]!);
      allocatable[i]! += alloc;
      requested[i]! += allocated;
    }
  }
  return scorer.scorer(requested, allocatable);
}
