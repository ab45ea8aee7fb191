// upstream: staging/src/k8s.io/kube-scheduler/framework/interface.go (v1.36, KEP-5732
// topology-aware workload scheduling): Placement, GeneratePlacementsResult, PodGroupAssignments,
// PlacementScore — the data the PlacementGenerate and PlacementScore extension points exchange.

import type { Pod } from '../model/types';
import type { NodeInfo } from './nodeInfo';

/** upstream: fwk.Placement — a candidate set of nodes a pod group's cycle may use */
export interface Placement {
  /** upstream: Name — chosen by the PlacementGenerate plugin (TopologyPlacement: the domain value) */
  name: string;
  nodes: readonly NodeInfo[];
}

/** upstream: fwk.ProposedAssignment — one pod of the group and the node the group cycle put it on */
export interface ProposedAssignment {
  pod: Pod;
  nodeName: string;
}

/** upstream: fwk.PodGroupAssignments — a feasible placement with the group cycle's assignments in it */
export interface PodGroupAssignments {
  placement: Placement;
  proposedAssignments: readonly ProposedAssignment[];
}

/** upstream: fwk.PlacementScore — one plugin's score of one placement (normalized in place) */
export interface PlacementScore {
  placement: Placement;
  score: number;
}

/** upstream: fwk.MinScore / fwk.MaxScore (the same bounds as node scores) */
export const MIN_PLACEMENT_SCORE = 0;
export const MAX_PLACEMENT_SCORE = 100;

/**
 * The parent placement the framework hands the first PlacementGenerate plugin: every node of the
 * snapshot (upstream: podGroupSchedulingPlacementAlgorithm lists all node infos).
 */
export const ROOT_PLACEMENT_NAME = 'cluster';
