// Where the simulation and the cluster a dump came from disagree about a pod. A dump records each
// pod's phase, node, nominated node and PodScheduled condition (PodOutcome.recorded); the
// simulation replays scheduling from the dump's state and may decide otherwise (ties broken
// differently, the cluster's history, plugins or extenders the dump does not show).

import type { PodOutcome } from '../api';

export type DifferenceKind =
  /** Pending in the cluster, placed by the simulation */
  | 'placed'
  /** bound to another node in the cluster */
  | 'elsewhere'
  /** bound in the cluster, Pending in the simulation */
  | 'pending'
  /** Pending in both, for other reasons */
  | 'reason';

export interface ClusterDifference {
  kind: DifferenceKind;
  cluster: { phase?: string; node?: string; nominatedNode?: string; reason?: string; message?: string };
  simulated: { phase: string; node?: string; nominatedNode?: string; reason?: string; message?: string };
}

/**
 * The reasons of a "0/N nodes are available: 3 Insufficient cpu, 2 node(s) ... ." message,
 * without their counts (which move with the cluster's size). Preemption's part is left out.
 */
export function failedSchedulingReasons(message: string | undefined): string[] {
  if (!message) return [];
  const start = message.indexOf(': ');
  if (!message.startsWith('0/') || start < 0) return [message];
  const end = message.indexOf('. ', start);
  const histogram = message.slice(start + 2, end >= 0 ? end : message.endsWith('.') ? message.length - 1 : message.length);
  return histogram.split(/, (?=\d+ )/).map((item) => item.replace(/^\d+ /, '')).sort();
}

const sameReasons = (a: string[], b: string[]): boolean => a.length === b.length && a.every((r, i) => r === b[i]);

/** How the simulated outcome differs from the recorded one, or undefined when they agree (or nothing was recorded). */
export function clusterDifference(outcome: PodOutcome): ClusterDifference | undefined {
  const recorded = outcome.recorded;
  if (!recorded || outcome.deletedAt !== undefined) return undefined;
  const cluster: ClusterDifference['cluster'] = {
    ...(recorded.phase ? { phase: recorded.phase } : {}),
    ...(recorded.node ? { node: recorded.node } : {}),
    ...(recorded.nominatedNode ? { nominatedNode: recorded.nominatedNode } : {}),
    ...(recorded.scheduled?.reason ? { reason: recorded.scheduled.reason } : {}),
    ...(recorded.scheduled?.message ? { message: recorded.scheduled.message } : {}),
  };
  const simulated: ClusterDifference['simulated'] = {
    phase: outcome.phase,
    ...(outcome.node ? { node: outcome.node } : {}),
    ...(outcome.nominatedNode ? { nominatedNode: outcome.nominatedNode } : {}),
    ...(outcome.reason ? { reason: outcome.reason } : {}),
    ...(outcome.message ? { message: outcome.message } : {}),
  };
  const recordedPending = recorded.node === undefined && (recorded.phase === 'Pending' || recorded.scheduled?.status === 'False');
  if (recordedPending) {
    if (outcome.node !== undefined) return { kind: 'placed', cluster, simulated };
    const clusterReasons = failedSchedulingReasons(recorded.scheduled?.message);
    const simulatedReasons = failedSchedulingReasons(outcome.message);
    if (recorded.scheduled?.reason === 'Unschedulable' && outcome.reason === 'Unschedulable' && clusterReasons.length > 0 && !sameReasons(clusterReasons, simulatedReasons)) {
      return { kind: 'reason', cluster, simulated };
    }
    return undefined;
  }
  if (recorded.node !== undefined) {
    if (outcome.node === undefined) return { kind: 'pending', cluster, simulated };
    if (outcome.node !== recorded.node) return { kind: 'elsewhere', cluster, simulated };
  }
  return undefined;
}
