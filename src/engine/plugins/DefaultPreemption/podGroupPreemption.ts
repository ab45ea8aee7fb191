// upstream: pkg/scheduler/framework/preemption/podgrouppreemption.go (PodGroupEvaluator) and
// types.go (victims), v1.36 alpha / v1.37 beta, feature gate WorkloadAwarePreemption (KEP-5710).
// Step 3's check differs by line: v1.36 (scheduling/v1alpha2) runs the group's algorithm again
// for each victim put back (env.reprieve 'reschedule'); the later lines test the first run's
// proposed nodes with Filter ('filter').
// A whole pod group is the preemptor and the domain is the whole cluster:
//   1. every running unit of lower priority is a potential victim — a pod, or all the scheduled
//      pods of a PodGroup whose disruptionMode is All (one unit, across nodes); a member of a
//      PodGroup counts at the PodGroup's priority;
//   2. all of them are removed and the group's algorithm runs once; if the group still does not
//      fit, preemption cannot help;
//   3. victims are put back one unit at a time, most important first (PDB-violating units before
//      the others), keeping each one whose return leaves every preemptor pod's proposed node
//      feasible; the rest are the victims, and each preemptor pod is nominated to its node.
// The snapshot moves (remove, add back, re-filter) are the caller's, behind
// WorkloadPreemptionEnv, so the same algorithm runs on the engine's snapshot and on test tables.

import type { Pod, PodDisruptionBudget } from '../../model/types';
import { podKey } from '../../model/types';
import { newPodInfo } from '../../framework/podInfo';
import { Status } from '../../framework/status';
import { filterPodsWithPDBViolation } from './victims';
import { podStartTime } from '../../preemption/importance';

export const ErrNoWorkloadVictims = 'No preemption victims found for incoming preemptor';
export const ErrPreemptNever = 'not eligible due to preemptionPolicy=Never.';
export const ErrTerminatingOnNominated = 'not eligible due to a terminating pod on the nominated node.';

/** a PodGroup as preemption sees it */
export interface PreemptionPodGroup {
  /** "namespace/name" */
  key: string;
  priority: number;
  /** upstream: PodGroupSpec.disruptionMode — Single (default): each pod alone; All: the group together */
  disruptionMode: 'Single' | 'All';
}

/** upstream: victim — one preemption unit */
export interface PreemptionVictim {
  /** the pod's or the PodGroup's key */
  key: string;
  pods: Pod[];
  priority: number;
  /** upstream: IsPodGroup — a pod of a PodGroup (either mode) or a whole All-mode group */
  isPodGroup: boolean;
  earliestStart: number;
  /** the nodes its pods run on (upstream: DomainVictim.AffectedNodes) */
  nodes: string[];
}

export interface PodGroupPreemptor {
  key: string;
  priority: number;
  preemptionPolicy: 'PreemptLowerPriority' | 'Never';
  members: readonly Pod[];
}

export interface WorkloadPreemptionEnv {
  now: number;
  /** bound pods in the snapshot, in node order */
  runningPods(): readonly Pod[];
  podGroupOf(pod: Pod): PreemptionPodGroup | undefined;
  pdbs: readonly PodDisruptionBudget[];
  /** take the pod out of / put it back into the snapshot */
  removePod(pod: Pod): void;
  addPod(pod: Pod): void;
  /** the group's algorithm on the current snapshot: where each pod would go */
  scheduleGroup(): { status: Status; assignments: { pod: Pod; nodeName: string }[] };
  /**
   * upstream: reprieveVictim's filter loop — with the victim back, do the preemptor's pods still
   * pass Filter on their proposed nodes, each with the ones before it assumed?
   */
  assignmentsStillFit(assignments: readonly { pod: Pod; nodeName: string }[]): boolean;
  /**
   * How a victim is reprieved. 'filter' (default; the scheduling/v1alpha3 and v1beta1 lines, v1.37
   * on): the proposed assignments must still pass Filter (assignmentsStillFit). 'reschedule' (the
   * v1.36 line, scheduling/v1alpha2): the group's algorithm runs again with the victim back, and the
   * victim stays only if it succeeds and places at least as many pods as the most any run placed
   * so far (maxScheduledCount, kubernetes PRs #138757 and #138886).
   */
  reprieve?: 'filter' | 'reschedule';
}

/** upstream: getPodPriority — a PodGroup member counts at the PodGroup's priority */
function effectivePriority(pod: Pod, env: WorkloadPreemptionEnv): number {
  return env.podGroupOf(pod)?.priority ?? pod.spec.priority ?? 0;
}

/** upstream: getCrossNodesVictims — pods, and All-mode groups as one unit across nodes */
export function workloadPreemptionVictims(env: WorkloadPreemptionEnv): PreemptionVictim[] {
  const byKey = new Map<string, PreemptionVictim>();
  const out: PreemptionVictim[] = [];
  for (const pod of env.runningPods()) {
    const group = env.podGroupOf(pod);
    const key = group?.disruptionMode === 'All' ? `PodGroup/${group.key}` : `Pod/${podKey(pod)}`;
    let v = byKey.get(key);
    if (!v) {
      v = { key, pods: [], priority: effectivePriority(pod, env), isPodGroup: group !== undefined, earliestStart: Infinity, nodes: [] };
      byKey.set(key, v);
      out.push(v);
    }
    v.pods.push(pod);
    v.earliestStart = Math.min(v.earliestStart, podStartTime(pod, env.now));
    if (pod.spec.nodeName && !v.nodes.includes(pod.spec.nodeName)) v.nodes.push(pod.spec.nodeName);
  }
  return out;
}

/**
 * upstream: moreImportantVictim — priority; at equal priority a PodGroup unit before a lone pod;
 * two pods: the earlier start; two groups: the larger, then the earlier start.
 */
export function moreImportantVictim(a: PreemptionVictim, b: PreemptionVictim): boolean {
  if (a.priority !== b.priority) return a.priority > b.priority;
  if (a.isPodGroup !== b.isPodGroup) return a.isPodGroup;
  if (!a.isPodGroup) return a.earliestStart < b.earliestStart;
  if (a.pods.length !== b.pods.length) return a.pods.length > b.pods.length;
  return a.earliestStart < b.earliestStart;
}

function sortVictims(vs: PreemptionVictim[]): PreemptionVictim[] {
  return vs.sort((a, b) => (moreImportantVictim(a, b) ? -1 : moreImportantVictim(b, a) ? 1 : 0));
}

/** upstream: filterVictimsWithPDBViolation — a unit violates when any of its pods overdraws a PDB */
function splitByPDBViolation(victims: readonly PreemptionVictim[], pdbs: readonly PodDisruptionBudget[]): { violating: PreemptionVictim[]; nonViolating: PreemptionVictim[] } {
  const infos = victims.flatMap((v) => v.pods.map((p) => ({ v, pi: newPodInfo(p) })));
  const { violating } = filterPodsWithPDBViolation(infos.map((x) => x.pi), pdbs);
  const bad = new Set(violating.map((pi) => infos.find((x) => x.pi === pi)!.v));
  return { violating: victims.filter((v) => bad.has(v)), nonViolating: victims.filter((v) => !bad.has(v)) };
}

export interface WorkloadPreemptionResult {
  status: Status;
  /** the units to evict, most important first */
  victims: PreemptionVictim[];
  /** each preemptor pod's nominated node ("namespace/name" -> node) */
  nominated: { pod: string; node: string }[];
  /** units reprieved (put back), in the order tried */
  reprieved: PreemptionVictim[];
  /** upstream: candidate.numPodGroupDisruptions — units that are (part of) a PodGroup */
  numPodGroupDisruptions: number;
  numPDBViolations: number;
}

/** upstream: preemptorEligibleToPreemptOthers */
function preemptorEligible(preemptor: PodGroupPreemptor, env: WorkloadPreemptionEnv): string | undefined {
  if (preemptor.preemptionPolicy === 'Never') return ErrPreemptNever;
  const nominated = new Set(preemptor.members.map((p) => p.status.nominatedNodeName).filter((n): n is string => !!n));
  for (const pod of env.runningPods()) {
    if (!nominated.has(pod.spec.nodeName ?? '')) continue;
    // upstream: PodTerminatingByPreemption — a lower-priority pod on its way out for a preemption
    const byPreemption = pod.metadata.deletionTimestamp !== undefined
      && (pod.status.conditions ?? []).some((c) => c.type === 'DisruptionTarget' && c.status === 'True' && c.reason === 'PreemptionByScheduler');
    if (byPreemption && effectivePriority(pod, env) < preemptor.priority) return ErrTerminatingOnNominated;
  }
  return undefined;
}

/** upstream: PodGroupEvaluator.selectVictimsOnDomain, the domain being the whole cluster */
export function selectWorkloadVictims(preemptor: PodGroupPreemptor, env: WorkloadPreemptionEnv): WorkloadPreemptionResult {
  const none = (status: Status): WorkloadPreemptionResult => ({ status, victims: [], nominated: [], reprieved: [], numPodGroupDisruptions: 0, numPDBViolations: 0 });
  const ineligible = preemptorEligible(preemptor, env);
  if (ineligible) return none(Status.unschedulable(ineligible));

  const potential = workloadPreemptionVictims(env).filter((v) => v.priority < preemptor.priority);
  if (potential.length === 0) return none(Status.unresolvable(ErrNoWorkloadVictims));
  const removed: Pod[] = [];
  for (const v of potential) for (const p of v.pods) { env.removePod(p); removed.push(p); }
  const restore = (keep: Set<PreemptionVictim>) => { for (const v of potential) if (!keep.has(v)) for (const p of v.pods) env.addPod(p); };

  const scheduled = env.scheduleGroup();
  if (!scheduled.status.isSuccess()) {
    restore(new Set());
    return none(scheduled.status);
  }
  const assignments = scheduled.assignments.filter((a) => a.nodeName !== '');
  sortVictims(potential);
  const { violating, nonViolating } = splitByPDBViolation(potential, env.pdbs);

  const toPreempt: PreemptionVictim[] = [];
  const reprieved: PreemptionVictim[] = [];
  let numPDBViolations = 0;
  // upstream (v1.36): maxScheduledCount := len(assignments.ProposedAssignments), raised by any
  // later run that places more
  let maxScheduledCount = assignments.length;
  // where the members go on the snapshot as it ends: a rejected victim is taken out again, so that
  // is the last run that kept its victim (or the first)
  let placement = assignments;
  const fitsWithVictimBack = (): boolean => {
    if (env.reprieve !== 'reschedule') return env.assignmentsStillFit(assignments);
    const again = env.scheduleGroup();
    const placed = again.assignments.filter((a) => a.nodeName !== '');
    maxScheduledCount = Math.max(maxScheduledCount, placed.length);
    const fits = again.status.isSuccess() && placed.length >= maxScheduledCount;
    if (fits) placement = placed;
    return fits;
  };
  const tryReprieve = (v: PreemptionVictim, isViolating: boolean) => {
    for (const p of v.pods) env.addPod(p);
    if (fitsWithVictimBack()) { reprieved.push(v); return; }
    for (const p of v.pods) env.removePod(p);
    toPreempt.push(v);
    if (isViolating) numPDBViolations++;
  };
  for (const v of violating) tryReprieve(v, true);
  for (const v of nonViolating) tryReprieve(v, false);
  // leave the snapshot as it was: the victims' pods go back too
  for (const v of toPreempt) for (const p of v.pods) env.addPod(p);

  sortVictims(toPreempt);
  return {
    status: Status.success(),
    victims: toPreempt,
    // upstream v1.36's evaluator nominates nothing (Preempt returns a status only); Podplay
    // nominates each member where the group's run on the final snapshot put it
    nominated: placement.map((a) => ({ pod: podKey(a.pod), node: a.nodeName })),
    reprieved,
    numPodGroupDisruptions: toPreempt.filter((v) => v.isPodGroup).length,
    numPDBViolations,
  };
}
