// upstream: pkg/scheduler/schedule_one_podgroup.go (v1.36, PR #136618) — the pod-group
// scheduling cycle. The group's unscheduled pods are popped together (podGroupInfoForPod), sorted
// by priority and then by first attempt, and tried one after another in one snapshot: each pod
// that finds a node is assumed and reserved so that the next ones see it, and its Permit runs
// (podGroupPodSchedulingAlgorithm). The group is schedulable as soon as one member's Permit
// returns Success (GangScheduling: minCount reached); then every assumed member goes to its
// binding cycle. Otherwise every assumed member is unreserved and forgotten, and all go back to
// the queue (submitPodGroupAlgorithmResult). No pod waits at Permit holding resources.
// Placements (TopologyAwareWorkloadScheduling) and workload-aware preemption (WorkloadAwarePreemption)
// are run by the simulation around this (../simulation/simulation.ts schedulePodGroup).

import type { CycleTrace, PodGroupCycleTrace } from '../api';
import type { CycleState } from '../framework/cycleState';
import type { QueuedPodInfo } from '../framework/interfaces';
import { DEFAULT_SCHEDULER_NAME } from '../framework/config/defaults';
import { quote } from '../model/quote';
import type { Pod, PodGroup } from '../model/types';
import type { CycleOutcome } from './scheduleOne';

/** upstream: errPodGroupUnschedulable — the error every member's status carries when the group fails */
export const ErrPodGroupUnschedulable = 'pod group is unschedulable';
/** upstream: podGroupSchedulingDefaultAlgorithm — feasible only once some member's preemption completes */
export const ErrWaitingOnPreemption = 'pod group is waiting for preemption to complete';

/** upstream: podGroupInfoForPod's sort — higher priority first, then the earlier first attempt. */
export function podGroupOrder(a: QueuedPodInfo, b: QueuedPodInfo): number {
  const pa = a.podInfo.pod.spec.priority ?? 0, pb = b.podInfo.pod.spec.priority ?? 0;
  if (pa !== pb) return pb - pa;
  return (a.initialAttemptTimestamp ?? 0) - (b.initialAttemptTimestamp ?? 0);
}

/**
 * upstream: frameworkForPodGroup (v1.36) and validatePodGroup (v1.37) in
 * schedule_one_podgroup.go — one profile schedules the whole group, so every pod of it must name
 * the first pod's scheduler, and that scheduler must have a profile; from v1.37 (PR #139920) every
 * pod's priority must also be the PodGroup's (`groupPriority`, upstream util.PodGroupPriority:
 * spec.priority, else 0). The error fails the group before any member is tried. `pods`: the
 * members popped for the cycle, in the cycle's order (and from v1.37 the group's scheduled pods
 * after them, PR #140356); each pod is checked in turn, scheduler name first, and the profile last.
 */
export function validatePodGroup(pods: readonly Pod[], hasProfile: (schedulerName: string) => boolean, groupPriority?: number): string | undefined {
  const nameOf = (p: Pod) => p.spec.schedulerName ?? DEFAULT_SCHEDULER_NAME;
  const first = pods[0] ? nameOf(pods[0]) : '';
  for (const p of pods) {
    const name = nameOf(p);
    if (name !== first) return `all pods in a single pod group should have the same .spec.schedulerName set, got: ${quote(name)} and ${quote(first)}`;
    const priority = p.spec.priority ?? 0;
    if (groupPriority !== undefined && priority !== groupPriority) {
      return `all pods in a single pod group should have the same priority as the pod group's priority, got ${priority} and ${groupPriority}`;
    }
  }
  return hasProfile(first) ? undefined : `profile not found for scheduler name ${quote(first)}`;
}

export interface MemberAttempt {
  queued: QueuedPodInfo;
  trace: CycleTrace;
  outcome: CycleOutcome;
  /**
   * upstream: algorithmResult.requiresPreemption — the member's own PostFilter nominated a node,
   * and the member is assumed and reserved there (its Permit run) so that the next members see it
   * placed (podGroupPodSchedulingAlgorithm)
   */
  preempting?: { node: string; state: CycleState; permitSuccess: boolean };
}

export type PodGroupVerdict =
  | { kind: 'scheduled' }
  /** waitingOnPreemption: feasible once the members' preemptions complete (upstream: waitingOnPreemption) */
  | { kind: 'unschedulable'; message: string; waitingOnPreemption?: boolean }
  | { kind: 'error'; message: string };

/**
 * upstream: podGroupSchedulingDefaultAlgorithm's verdict — Success once a member's Permit
 * succeeded; an Error from any member stops the group; otherwise Unschedulable.
 */
export function podGroupVerdict(attempts: readonly MemberAttempt[]): PodGroupVerdict {
  const failed = attempts.find((a) => a.outcome.kind === 'error');
  if (failed && failed.outcome.kind === 'error') return { kind: 'error', message: `failed to schedule other pod from a pod group: ${failed.outcome.message}` };
  const feasible = attempts.some((a) => a.outcome.kind === 'scheduled' || a.preempting?.permitSuccess);
  // upstream: if any member requires preemption, the whole group waits for it, back in the queue
  if (feasible && attempts.some((a) => a.preempting)) return { kind: 'unschedulable', message: `${ErrPodGroupUnschedulable}, ${ErrWaitingOnPreemption}`, waitingOnPreemption: true };
  if (feasible) return { kind: 'scheduled' };
  return { kind: 'unschedulable', message: ErrPodGroupUnschedulable };
}

/**
 * The FailedScheduling message of a member when its group did not schedule. upstream:
 * submitPodGroupAlgorithmResult — an assumed member's status is Unschedulable with its Permit
 * message and errPodGroupUnschedulable (Status.Message puts the error first); a member that found
 * no node keeps its own FitError; on a group error every member gets the group's error.
 */
export function memberFailureMessage(a: MemberAttempt, verdict: PodGroupVerdict, appendedReason?: string): string {
  if (verdict.kind === 'error') return a.outcome.kind === 'error' ? a.outcome.message : verdict.message;
  if (verdict.kind === 'unschedulable' && verdict.waitingOnPreemption) {
    // upstream: a placed member gets the group's status; one that preempts keeps its own
    return a.outcome.kind === 'waiting' || a.outcome.kind === 'scheduled' ? verdict.message : a.outcome.message;
  }
  // upstream: a member that needed preemption in a group that stays unschedulable gets the group's message
  if (a.preempting && verdict.kind === 'unschedulable') return verdict.message;
  if (a.outcome.kind === 'waiting' || a.outcome.kind === 'scheduled') {
    const wait = a.trace.permit?.find((p) => p.code === 'Wait');
    // appendedReason: why workload-aware preemption did not help (upstream: AppendReason on the group's status)
    return [ErrPodGroupUnschedulable, ...(wait?.reasons ?? []), ...(appendedReason ? [appendedReason] : [])].join(', ');
  }
  return a.outcome.message;
}

/** What becomes of one member after its group's cycle (upstream: submitPodGroupAlgorithmResult). */
export type MemberSubmission =
  | { kind: 'bind'; node: string }
  | { kind: 'error'; message: string }
  /** back to the queue; nominatedNode: the node to nominate, '' to clear, absent to leave as it is */
  | { kind: 'unschedulable'; message: string; nominatedNode?: string };

/**
 * upstream: submitPodGroupAlgorithmResult, per member. A feasible group binds its placed members
 * and sends the others back with their own status; an Error fails every member (one that failed
 * with an error keeps its own); an unschedulable group sends every member back — placed members
 * with the group's message. Waiting on preemption, a member is nominated where the group's
 * preemption put it (applyPodGroupPostFilterResult's NominatingInfos, which replace the
 * algorithm's), else a placed member to its node and a member whose own PostFilter nominated a
 * node to that one; otherwise a member that needed preemption loses its nomination.
 * `preemptionNominated`: workload-aware preemption's nominations after it succeeded.
 */
export function submitMember(a: MemberAttempt, verdict: PodGroupVerdict, preemptionNominated?: ReadonlyMap<string, string>, appendedReason?: string): MemberSubmission {
  const o = a.outcome;
  const placed = o.kind === 'scheduled' || o.kind === 'waiting' ? o : undefined;
  if (verdict.kind === 'scheduled') {
    if (placed) return { kind: 'bind', node: placed.node };
    if (o.kind === 'unschedulable') return { kind: 'unschedulable', message: o.message, ...(o.nominatedNodeName !== undefined ? { nominatedNode: o.nominatedNodeName } : {}) };
    return { kind: 'error', message: o.kind === 'error' ? o.message : '' };
  }
  const message = memberFailureMessage(a, verdict, appendedReason);
  if (verdict.kind === 'error') return { kind: 'error', message };
  const own = o.kind === 'unschedulable' ? o : undefined;
  let nominatedNode: string | undefined;
  if (preemptionNominated) nominatedNode = preemptionNominated.get(a.queued.podInfo.key) ?? (placed ? undefined : own?.nominatedNodeName);
  else if (verdict.waitingOnPreemption) nominatedNode = placed ? placed.node : a.preempting ? a.preempting.node : own?.nominatedNodeName;
  else nominatedNode = a.preempting ? '' : own ? own.nominatedNodeName : '';
  return { kind: 'unschedulable', message, ...(nominatedNode !== undefined ? { nominatedNode } : {}) };
}

/** The group's condition after the cycle. upstream: submitPodGroupAlgorithmResult, updatePodGroupCondition */
export function podGroupCondition(pg: PodGroup, verdict: PodGroupVerdict, now: number) {
  // v1beta1 renamed the condition (it turns True once and stays True)
  const type = pg.apiVersion === 'scheduling.k8s.io/v1beta1' ? 'PodGroupInitiallyScheduled' : 'PodGroupScheduled';
  if (verdict.kind === 'scheduled') return { type, status: 'True' as const, reason: 'Scheduled', message: '', lastTransitionTime: now };
  return { type, status: 'False' as const, reason: verdict.kind === 'error' ? 'SchedulerError' : 'Unschedulable', message: verdict.message, lastTransitionTime: now };
}

/**
 * Sets the condition, never turning a True one back to False (upstream: updatePodGroupCondition);
 * an unchanged status keeps its lastTransitionTime (apimeta.SetStatusCondition).
 */
export function setPodGroupCondition(pg: PodGroup, condition: ReturnType<typeof podGroupCondition>): void {
  const conditions = (pg.status ??= {}).conditions ??= [];
  const i = conditions.findIndex((c) => c.type === condition.type);
  const existing = i >= 0 ? conditions[i]! : undefined;
  if (existing?.status === 'True' && condition.status !== 'True') return;
  const next = existing?.status === condition.status && existing.lastTransitionTime !== undefined ? { ...condition, lastTransitionTime: existing.lastTransitionTime } : condition;
  if (i >= 0) conditions[i] = next; else conditions.push(next);
}

export function podGroupTrace(pg: PodGroup, attempts: readonly MemberAttempt[], bound: number, verdict: PodGroupVerdict): PodGroupCycleTrace {
  const t: PodGroupCycleTrace = {
    name: `${pg.metadata.namespace ?? 'default'}/${pg.metadata.name}`,
    firstCycle: attempts[0]?.trace.cycle ?? 0,
    members: attempts.map((a) => a.queued.podInfo.key),
    minCount: pg.spec.schedulingPolicy.gang?.minCount ?? 1,
    bound,
    placed: attempts.filter((a) => a.outcome.kind === 'scheduled' || a.outcome.kind === 'waiting').length,
    attempts: attempts.map((a) => {
      const o = a.outcome;
      if (o.kind === 'scheduled' || o.kind === 'waiting') return { pod: a.queued.podInfo.key, node: o.node };
      return { pod: a.queued.podInfo.key, message: o.kind === 'unschedulable' || o.kind === 'error' ? o.message : '' };
    }),
    result: verdict.kind === 'scheduled' ? 'Scheduled' : verdict.kind === 'error' ? 'Error' : 'Unschedulable',
  };
  if (verdict.kind !== 'scheduled') t.message = verdict.message;
  const claims = pg.status?.resourceClaimStatuses;
  if (claims?.length) t.resourceClaimStatuses = claims.map((c) => ({ ...c }));
  return t;
}
