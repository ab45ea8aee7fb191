import type { CycleState, StateData } from '../../framework/cycleState';
import { MAX_NODE_SCORE, type NodeScoreEntry } from '../../framework/interfaces';
import { Status } from '../../framework/status';
import { toleratesAny } from '../../model/taints';
import type { Node, Pod, Toleration } from '../../model/types';
import { defaultNormalizeScore } from '../helper/normalizeScore';
import { enableTaintTolerationComparisonOperators } from './filtering';

/** upstream: preScoreStateKey */
export const preScoreStateKey = 'PreScoreTaintToleration';

class PreScoreState implements StateData {
  constructor(readonly tolerationsPreferNoSchedule: readonly Toleration[]) {}
  clone(): StateData { return this; }
}

/** upstream: getAllTolerationPreferNoSchedule — an empty effect means every effect. */
export function tolerationsPreferNoSchedule(tolerations: readonly Toleration[] | undefined): Toleration[] {
  return (tolerations ?? []).filter((t) => !t.effect || t.effect === 'PreferNoSchedule');
}

export function preScoreTaintToleration(state: CycleState, pod: Pod): Status {
  state.write(preScoreStateKey, new PreScoreState(tolerationsPreferNoSchedule(pod.spec.tolerations)));
  return Status.success();
}

/** upstream: countIntolerableTaintsPreferNoSchedule */
export function countIntolerableTaintsPreferNoSchedule(node: Node, tolerations: readonly Toleration[]): number {
  return (node.spec.taints ?? []).filter((taint) =>
    taint.effect === 'PreferNoSchedule' && !toleratesAny(tolerations, taint, enableTaintTolerationComparisonOperators)).length;
}

/** The raw score is the number of PreferNoSchedule taints not tolerated; NormalizeScore reverses it. */
export function scoreTaintToleration(state: CycleState, node: Node): number | Status {
  const s = state.read<PreScoreState>(preScoreStateKey);
  if (!s) return Status.error(`failed to read "${preScoreStateKey}" from cycleState: not found`);
  return countIntolerableTaintsPreferNoSchedule(node, s.tolerationsPreferNoSchedule);
}

export function normalizeTaintTolerationScore(scores: NodeScoreEntry[]): Status {
  return defaultNormalizeScore(MAX_NODE_SCORE, true, scores);
}
