// NodeResourcesFit PreScore/Score: LeastAllocated, MostAllocated and RequestedToCapacityRatio.
// upstream: noderesources/fit.go (PreScore, Score), least_allocated.go, most_allocated.go,
// requested_to_capacity_ratio.go

import type { CycleState, StateData } from '../../framework/cycleState';
import { MAX_CUSTOM_PRIORITY_SCORE, MAX_NODE_SCORE, type Handle } from '../../framework/interfaces';
import { draScoring, type DraScoring } from './draScoring';
import type { NodeInfo } from '../../framework/nodeInfo';
import { Status } from '../../framework/status';
import type { Pod } from '../../model/types';
import { buildBrokenLinearFunction } from '../helper/shapeScore';
import type { ResourceSpec, ScoringStrategy, UtilizationShapePoint } from './args';
import { Name } from './filtering';
import { mulDiv, newResourceAllocationScorer, podResourceRequestList, scoreNode, type ResourceAllocationScorer } from './resourceAllocation';

const preScoreStateKey = `PreScore${Name}`;

class PreScoreState implements StateData {
  /** podRequests: in the order of scoringStrategy.resources; dra: the DRA devices' view (DRAExtendedResource) */
  constructor(readonly podRequests: number[], readonly dra: DraScoring | undefined) {}
  clone(): StateData { return this; }
}

/** upstream: leastRequestedScore — the free share of the node after the pod, 0..100. */
function leastRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0 || requested > capacity) return 0;
  return mulDiv(capacity - requested, MAX_NODE_SCORE, capacity);
}

/** upstream: mostRequestedScore — the used share of the node after the pod, 0..100. */
function mostRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0) return 0;
  return mulDiv(Math.min(requested, capacity), MAX_NODE_SCORE, capacity);
}

/** upstream: leastResourceScorer / mostResourceScorer — weighted integer mean over resources the node has. */
function weightedScorer(resources: readonly ResourceSpec[], resourceScore: (requested: number, capacity: number) => number) {
  return (requested: readonly number[], allocatable: readonly number[]): number => {
    let nodeScore = 0;
    let weightSum = 0;
    for (let i = 0; i < requested.length; i++) {
      const alloc = allocatable[i]!;
      if (alloc === 0) continue;
      const weight = resources[i]!.weight;
      nodeScore += resourceScore(requested[i]!, alloc) * weight;
      weightSum += weight;
    }
    return weightSum === 0 ? 0 : Math.trunc(nodeScore / weightSum);
  };
}

const maxUtilization = 100;

/**
 * upstream: requestedToCapacityRatioScorer — shape scores scaled from 0..10 to 0..100; only
 * resources scoring above 0 count, in the sum and in the weights; the mean is rounded.
 */
function requestedToCapacityRatioScorer(resources: readonly ResourceSpec[], shape: readonly UtilizationShapePoint[]) {
  const scale = MAX_NODE_SCORE / MAX_CUSTOM_PRIORITY_SCORE;
  const rawScoringFunction = buildBrokenLinearFunction(shape.map((p) => ({ utilization: p.utilization, score: p.score * scale })));
  const resourceScoringFunction = (requested: number, capacity: number): number =>
    rawScoringFunction(capacity === 0 || requested > capacity ? maxUtilization : mulDiv(requested, maxUtilization, capacity));
  return (requested: readonly number[], allocatable: readonly number[]): number => {
    let nodeScore = 0;
    let weightSum = 0;
    for (let i = 0; i < requested.length; i++) {
      const alloc = allocatable[i]!;
      if (alloc === 0) continue;
      const weight = resources[i]!.weight;
      const resourceScore = resourceScoringFunction(requested[i]!, alloc);
      if (resourceScore > 0) {
        nodeScore += resourceScore * weight;
        weightSum += weight;
      }
    }
    return weightSum === 0 ? 0 : Math.round(nodeScore / weightSum);
  };
}

/** upstream: nodeResourceStrategyTypeMap */
export function newFitScorer(strategy: ScoringStrategy): ResourceAllocationScorer {
  const resources = strategy.resources;
  switch (strategy.type) {
    case 'LeastAllocated':
      return newResourceAllocationScorer('LeastAllocated', false, resources, weightedScorer(resources, leastRequestedScore));
    case 'MostAllocated':
      return newResourceAllocationScorer('MostAllocated', false, resources, weightedScorer(resources, mostRequestedScore));
    case 'RequestedToCapacityRatio':
      return newResourceAllocationScorer(
        'RequestedToCapacityRatio', false, resources, requestedToCapacityRatioScorer(resources, strategy.requestedToCapacityRatio?.shape ?? []),
      );
    default:
      throw new Error(`scoring strategy ${String(strategy.type)} is not supported`);
  }
}

/** upstream: Fit.PreScore — the pod's requests, and with DRAExtendedResource the DRA devices' view (draScoring.ts) */
export function preScore(scorer: ResourceAllocationScorer, state: CycleState, pod: Pod, handle?: Handle): Status {
  state.write(preScoreStateKey, new PreScoreState(podResourceRequestList(scorer, pod), draScoring(handle, scorer.resources)));
  return Status.success();
}

/** upstream: Fit.Score — falls back to computing the requests (and no DRA view) when PreScore did not run. */
export function score(scorer: ResourceAllocationScorer, state: CycleState, pod: Pod, nodeInfo: NodeInfo): number | Status {
  const pre = state.read<PreScoreState>(preScoreStateKey);
  return scoreNode(scorer, nodeInfo, pre?.podRequests ?? podResourceRequestList(scorer, pod), pre?.dra);
}
