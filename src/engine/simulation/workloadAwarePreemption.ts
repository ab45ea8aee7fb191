// Workload-aware preemption as the simulation runs it after an Unschedulable pod-group cycle.
// upstream: pkg/scheduler/schedule_one_podgroup.go (podGroupCycle → runWorkloadAwarePreemption:
// back up the snapshot, run DefaultPreemption's PodGroupPostFilter with the group's algorithm run
// without post filters, restore the snapshot) and
// pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go (PodGroupPostFilter:
// "pod group preemption: " before the evaluator's message). The evaluator itself is
// ../plugins/DefaultPreemption/podGroupPreemption.ts; this file gives it the scheduler's cache as
// its snapshot (pods taken out and put back, each change undone before it returns).

import type { PodGroupPreemptionTrace } from '../api';
import type { SchedulerCache } from '../framework/cache';
import type { QueuedPodInfo } from '../framework/interfaces';
import type { PodInfo } from '../framework/podInfo';
import type { Framework } from '../framework/runtime';
import { Status } from '../framework/status';
import type { Pod, PodDisruptionBudget, PodGroup } from '../model/types';
import { podKey } from '../model/types';
import { Name as DefaultPreemptionName } from '../plugins/DefaultPreemption';
import { selectWorkloadVictims, type PreemptionPodGroup, type WorkloadPreemptionEnv, type WorkloadPreemptionResult } from '../plugins/DefaultPreemption/podGroupPreemption';
import { podGroupPreemptor, ErrPreemptionWithConstraints } from '../scheduler/podGroupWorkloadAware';

/** upstream: runWorkloadAwarePreemption without a PodGroupPostFilter plugin */
export const ErrNoDefaultPreemption = 'default preemption plugin is not registered, workload aware preemption is disabled';

export interface WorkloadPreemptionDeps {
  fwk: Framework;
  cache: SchedulerCache;
  now: number;
  pdbs: readonly PodDisruptionBudget[];
  /** the PodGroup a running pod belongs to, as preemption weighs it */
  podGroupOf(pod: Pod): PreemptionPodGroup | undefined;
  /**
   * the group's algorithm on the cache as it is (upstream: podGroupSchedulingAlgorithm with
   * runWithoutPostFilters): every trial undone and its traces dropped
   */
  trySchedule(): { scheduled: boolean; message: string; assignments: { pod: Pod; nodeName: string }[] };
  /** evicts one victim pod for the group (upstream: Executor.PreemptPod with a pod-group preemptor) */
  preemptPod(victim: PodInfo): void;
  /** how a victim is reprieved (WorkloadPreemptionEnv.reprieve): 'reschedule' at v1.36 */
  reprieve: 'filter' | 'reschedule';
}

/**
 * Runs workload-aware preemption for a group whose cycle was Unschedulable; evicts the victims it
 * chooses. The trace says what happened; the caller nominates the members and appends a failure's
 * message to the group's.
 */
export function runWorkloadAwarePreemption(pg: PodGroup, members: readonly QueuedPodInfo[], deps: WorkloadPreemptionDeps): PodGroupPreemptionTrace {
  const preemptor = podGroupPreemptor(pg, members.map((m) => m.podInfo.pod));
  const failed = (result: 'Unschedulable' | 'Error', message: string): PodGroupPreemptionTrace => ({ result, message, priority: preemptor.priority, victims: [], nominated: [], podGroupDisruptions: 0, pdbViolations: 0 });
  if (!deps.fwk.hasPostFilterPlugin(DefaultPreemptionName)) return failed('Unschedulable', ErrNoDefaultPreemption);
  if ((pg.spec.schedulingConstraints?.topology?.length ?? 0) > 0) return failed('Unschedulable', ErrPreemptionWithConstraints);

  const running = runningPods(deps.cache, new Set(members.map((m) => m.podInfo.key)));
  const env: WorkloadPreemptionEnv = {
    now: deps.now,
    runningPods: () => [...running.values()].map((r) => r.pi.pod),
    podGroupOf: deps.podGroupOf,
    pdbs: deps.pdbs,
    removePod: (pod) => deps.cache.removePod(podKey(pod)),
    addPod: (pod) => { const r = running.get(podKey(pod))!; deps.cache.addPod(r.pi, r.node, r.assumed); },
    scheduleGroup: () => {
      const t = deps.trySchedule();
      return { status: t.scheduled ? Status.success() : Status.unschedulable(t.message), assignments: t.assignments };
    },
    assignmentsStillFit: (assignments) => assignmentsStillFit(deps, members, assignments),
    reprieve: deps.reprieve,
  };
  const result = selectWorkloadVictims(preemptor, env);
  if (!result.status.isSuccess()) {
    // upstream: PodGroupPostFilter prefixes the evaluator's message
    const message = result.status.message() ? `pod group preemption: ${result.status.message()}` : '';
    return failed(result.status.code === 'Error' ? 'Error' : 'Unschedulable', message);
  }
  for (const v of result.victims) for (const p of v.pods) deps.preemptPod(running.get(podKey(p))!.pi);
  return successTrace(preemptor.priority, result);
}

/** the pods bound (or assumed) on the nodes, other than the group's own members, in node order */
function runningPods(cache: SchedulerCache, members: ReadonlySet<string>): Map<string, { pi: PodInfo; node: string; assumed: boolean }> {
  const out = new Map<string, { pi: PodInfo; node: string; assumed: boolean }>();
  for (const n of cache.snapshot().nodeInfoList) {
    for (const pi of n.pods) {
      if (members.has(pi.key) || !pi.pod.spec.nodeName) continue;
      out.set(pi.key, { pi, node: n.name, assumed: cache.isAssumed(pi.key) });
    }
  }
  return out;
}

/**
 * upstream: PodGroupEvaluator's reprieve check — with a victim back, each member still passes
 * PreFilter and Filter on its proposed node, the members before it assumed there.
 */
function assignmentsStillFit(deps: WorkloadPreemptionDeps, members: readonly QueuedPodInfo[], assignments: readonly { pod: Pod; nodeName: string }[]): boolean {
  const byKey = new Map(members.map((m) => [m.podInfo.key, m.podInfo]));
  const assumed: string[] = [];
  let fits = true;
  for (const a of assignments) {
    const pi = byKey.get(podKey(a.pod));
    const snapshot = deps.cache.snapshot();
    const nodeInfo = snapshot.get(a.nodeName);
    if (!pi || !nodeInfo) { fits = false; break; }
    const state = deps.fwk.newCycleState();
    const pre = deps.fwk.runPreFilterPlugins(state, pi, snapshot.nodeInfoList);
    if (!pre.status.isSuccess() || (pre.result?.nodeNames && !pre.result.nodeNames.has(a.nodeName))
      || !deps.fwk.runFilterPluginsWithNominatedPods(state, pi, nodeInfo).isSuccess()) { fits = false; break; }
    deps.cache.addPod(pi, a.nodeName, true);
    assumed.push(pi.key);
  }
  for (const key of assumed) deps.cache.removePod(key);
  return fits;
}

function successTrace(priority: number, result: WorkloadPreemptionResult): PodGroupPreemptionTrace {
  return {
    result: 'Success',
    priority,
    victims: result.victims.map((v) => {
      const unit: PodGroupPreemptionTrace['victims'][number] = {
        unit: v.key, priority: v.priority,
        pods: v.pods.map((p) => ({ pod: podKey(p), node: p.spec.nodeName ?? '' })),
      };
      const group = v.pods[0]?.spec.schedulingGroup?.podGroupName;
      if (v.isPodGroup && group) unit.podGroup = `${v.pods[0]!.metadata.namespace ?? 'default'}/${group}`;
      return unit;
    }),
    nominated: result.nominated,
    podGroupDisruptions: result.numPodGroupDisruptions,
    pdbViolations: result.numPDBViolations,
  };
}
