// upstream: pkg/scheduler/schedule_one.go (numFeasibleNodesToFind and its use in
// findNodesThatPassFilters) — how many feasible nodes the filter loop looks for before it stops.

/** upstream: minFeasibleNodesToFind */
export const MIN_FEASIBLE_NODES_TO_FIND = 100;
/** upstream: minFeasibleNodesPercentageToFind */
export const MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5;

/**
 * `percentageOfNodesToScore` is the profile's value when set, else the global one (see
 * effectivePercentageOfNodesToScore); 0 means adaptive: 50% minus 1% per 125 nodes, at least 5%.
 * Small clusters are searched whole; otherwise at least 100 nodes. Without score plugins (and
 * no extenders, which are not simulated) one feasible node is enough.
 */
export function numFeasibleNodesToFind(percentageOfNodesToScore: number, numAllNodes: number, hasScorePlugins: boolean): number {
  if (!hasScorePlugins) return 1;
  if (numAllNodes < MIN_FEASIBLE_NODES_TO_FIND) return numAllNodes;
  let percentage = percentageOfNodesToScore;
  if (percentage === 0) {
    percentage = Math.max(50 - Math.trunc(numAllNodes / 125), MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND);
  }
  const numNodes = Math.trunc((numAllNodes * percentage) / 100);
  return numNodes < MIN_FEASIBLE_NODES_TO_FIND ? MIN_FEASIBLE_NODES_TO_FIND : numNodes;
}

/** upstream: a profile's percentageOfNodesToScore, when set (even to 0), overrides the global one. */
export function effectivePercentageOfNodesToScore(profile: { percentageOfNodesToScore?: number }, global: number): number {
  return profile.percentageOfNodesToScore ?? global;
}
