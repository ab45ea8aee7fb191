// DynamicResources' Score: a node is preferred by how high in each prioritized list
// (firstAvailable) the subrequest it could allocate stands.
// upstream: pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go Score and
// computeScore (kubernetes PR #134711, "DRA: Add scoring for Prioritized List feature", in v1.35;
// KEP-4816), with the fix of issue #139016 (PR #139017, v1.37, cherry-picked to the 1.35 and 1.36
// patch releases by #139362 and #139363): a claim allocated before the cycle is read from its own
// status instead of being matched against the node's new allocations by position.

import { FIRST_AVAILABLE_DEVICE_REQUEST_MAX_SIZE, type AllocationResult, type ResourceClaim } from '../../model/resource';

/**
 * upstream computeScore: for every claim, each subrequest of a firstAvailable request that the
 * claim's allocation on this node used adds FirstAvailableDeviceRequestMaxSize (8) minus its
 * position in the list, so the first alternative adds 8, the second 7, … A request with
 * `exactly` adds nothing. `allocationOf(i)` is claim i's allocation on the node: its status's if it
 * was allocated before the cycle, else the one Filter found for the node (undefined: none, adds
 * nothing). NormalizeScore then scales the sums to 0–100 by the highest (DefaultNormalizeScore).
 */
export function prioritizedListScore(claims: readonly ResourceClaim[], allocationOf: (index: number) => AllocationResult | undefined): number {
  let score = 0;
  claims.forEach((claim, index) => {
    const allocation = allocationOf(index);
    if (!allocation) return;
    // upstream: resourceclaim.IsSubRequestRef — the result names "<request>/<subrequest>"
    const allocatedSubRequests = new Set(allocation.devices.results.map((r) => r.request).filter((r) => r.includes('/')));
    for (const request of claim.spec.devices?.requests ?? []) {
      if (request.exactly) continue;
      (request.firstAvailable ?? []).forEach((sub, position) => {
        if (allocatedSubRequests.has(`${request.name}/${sub.name}`)) score += FIRST_AVAILABLE_DEVICE_REQUEST_MAX_SIZE - position;
      });
    }
  });
  return score;
}
