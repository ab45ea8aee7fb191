// NodeResourcesBalancedAllocation PreScore/Score: prefer nodes whose resource fractions stay close.
// upstream: pkg/scheduler/framework/plugins/noderesources/balanced_allocation.go — the v1.33-v1.35
// formula, and from v1.36 the change in balance (kubernetes PR #135573, issue #129733), behind the
// versions.ts switch balancedAllocationDelta.

import type { CycleState, StateData } from '../../framework/cycleState';
import { MAX_NODE_SCORE, type Handle } from '../../framework/interfaces';
import { draScoring, type DraScoring } from '../NodeResourcesFit/draScoring';
import type { NodeInfo } from '../../framework/nodeInfo';
import { Status } from '../../framework/status';
import type { Pod } from '../../model/types';
import type { ResourceSpec } from '../NodeResourcesFit/args';
import {
  isBestEffortPod, newResourceAllocationScorer, podResourceRequestList, scoreNode, type ResourceAllocationScorer,
} from '../NodeResourcesFit/resourceAllocation';

export const Name = 'NodeResourcesBalancedAllocation';
const preScoreStateKey = `PreScore${Name}`;

class PreScoreState implements StateData {
  /** dra: the DRA devices' view (DRAExtendedResource, NodeResourcesFit/draScoring.ts) */
  constructor(readonly podRequests: number[], readonly dra: DraScoring | undefined) {}
  clone(): StateData { return this; }
}

/** the fractions of a balancedResourceScorer call with more than two (it is not re-entered) */
const fractions: number[] = [];

/**
 * upstream: balancedResourceScorer — (1 - standard deviation of the requested/allocatable fractions,
 * each capped at 1) * 100, truncated. Two fractions: |f1 - f2| / 2; fewer than two: 0. The first
 * two fractions in locals (cpu and memory, the common case, allocate nothing).
 */
export function balancedResourceScorer(requested: readonly number[], allocatable: readonly number[]): number {
  let count = 0;
  let f0 = 0;
  let f1 = 0;
  for (let i = 0; i < requested.length; i++) {
    const alloc = allocatable[i]!;
    if (alloc === 0) continue;
    const fraction = Math.min(requested[i]! / alloc, 1);
    if (count === 0) f0 = fraction;
    else if (count === 1) f1 = fraction;
    else {
      if (count === 2) {
        fractions.length = 0;
        fractions.push(f0, f1);
      }
      fractions.push(fraction);
    }
    count++;
  }
  let std = 0;
  if (count === 2) {
    std = Math.abs((f0 - f1) / 2);
  } else if (count > 2) {
    // sums from 0 in order, as upstream's loops (floating point: the order is part of the result)
    let total = 0;
    for (const f of fractions) total += f;
    const mean = total / count;
    let sum = 0;
    for (const f of fractions) sum += (f - mean) * (f - mean);
    std = Math.sqrt(sum / count);
  }
  return Math.trunc((1 - std) * MAX_NODE_SCORE);
}

/** Actual requests (no 100m/200Mi defaults) against the node's Requested. */
export function newBalancedAllocationScorer(resources: readonly ResourceSpec[]): ResourceAllocationScorer {
  return newResourceAllocationScorer(Name, true, resources, balancedResourceScorer);
}

/** upstream: PreScore — Skip for a pod requesting none of the resources (kubernetes#129138). */
export function preScore(scorer: ResourceAllocationScorer, state: CycleState, pod: Pod, handle?: Handle): Status {
  const podRequests = podResourceRequestList(scorer, pod);
  if (isBestEffortPod(podRequests)) return Status.skip();
  state.write(preScoreStateKey, new PreScoreState(podRequests, draScoring(handle, scorer.resources)));
  return Status.success();
}

/** the node's requests without the pod's, reused (Score is not re-entered) */
const withoutPod: number[] = [];

/**
 * v1.36+ (PR #135573): how much the pod improves the node's balance. Both balances are in
 * [50, 100], so their difference is in [-50, 50]; the score is 50 + (50 + with - without) / 2
 * (Go int64 division; the sum is never negative): about 75 when the pod changes little, towards
 * 100 when it evens the node out, towards 50 when it unbalances it.
 */
export function balanceChangeScore(withPod: number, requested: readonly number[], allocatable: readonly number[], podRequests: readonly number[]): number {
  withoutPod.length = 0;
  // a resource the node does not have counts 0/0 in both (scoreNode leaves requested 0)
  for (let i = 0; i < requested.length; i++) withoutPod.push(allocatable[i] === 0 ? 0 : requested[i]! - (podRequests[i] ?? 0));
  const without = balancedResourceScorer(withoutPod, allocatable);
  const half = MAX_NODE_SCORE / 2;
  return half + Math.trunc((half + withPod - without) / 2);
}

/**
 * upstream: Score — without PreScore state, a best-effort pod scores 0. `balanceChange`: the
 * v1.36+ formula (versions.ts balancedAllocationDelta).
 */
export function score(scorer: ResourceAllocationScorer, state: CycleState, pod: Pod, nodeInfo: NodeInfo, balanceChange = false): number | Status {
  const pre = state.read<PreScoreState>(preScoreStateKey);
  let podRequests = pre?.podRequests;
  if (!podRequests) {
    podRequests = podResourceRequestList(scorer, pod);
    if (isBestEffortPod(podRequests)) return 0;
  }
  const withPod = scoreNode(scorer, nodeInfo, podRequests, pre?.dra);
  if (!balanceChange || typeof withPod !== 'number') return withPod;
  // scoreNode left the node's requests (with the pod's) and allocatable in the scorer's lists
  return balanceChangeScore(withPod, scorer.requested, scorer.allocatable, podRequests);
}
