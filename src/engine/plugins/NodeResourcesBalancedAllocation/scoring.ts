// NodeResourcesBalancedAllocation PreScore/Score: prefer nodes whose resource fractions stay close.
// upstream: pkg/scheduler/framework/plugins/noderesources/balanced_allocation.go (v1.33-v1.35 formula)

import type { CycleState, StateData } from '../../framework/cycleState';
import { MAX_NODE_SCORE } from '../../framework/interfaces';
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
  constructor(readonly podRequests: number[]) {}
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
export function preScore(scorer: ResourceAllocationScorer, state: CycleState, pod: Pod): Status {
  const podRequests = podResourceRequestList(scorer, pod);
  if (isBestEffortPod(podRequests)) return Status.skip();
  state.write(preScoreStateKey, new PreScoreState(podRequests));
  return Status.success();
}

/** upstream: Score — without PreScore state, a best-effort pod scores 0. */
export function score(scorer: ResourceAllocationScorer, state: CycleState, pod: Pod, nodeInfo: NodeInfo): number | Status {
  let podRequests = state.read<PreScoreState>(preScoreStateKey)?.podRequests;
  if (!podRequests) {
    podRequests = podResourceRequestList(scorer, pod);
    if (isBestEffortPod(podRequests)) return 0;
  }
  return scoreNode(scorer, nodeInfo, podRequests);
}
