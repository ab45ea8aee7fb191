// A fix search's variants of one pod re-run from a snapshot of the unchanged run taken just before
// the pod's first scheduling cycle, instead of from simulated time 0 (issue 23: on the 5,000-pod
// dump the pod's first cycle is the 100th of 102, and the 99 before it were most of a variant).
//
// Only a change that no earlier cycle could have read may start there: the decision
// (variantStart) is conservative and reads what the change touches. Each snapshot is checked once
// before any variant uses it: the unchanged run resumed from a copy of it must end exactly as the
// run itself did (every pod's end state); otherwise, and whenever the copy is refused
// (../simulation/fork.ts), the variants run from time 0 as before.

import type { SimulateOptions, SimulationResult } from '../api';
import type { ExpandedScenario } from '../controllers/expand';
import { canonicalJson } from '../controllers/common';
import { POD_TEMPLATE_HASH_LABEL } from '../controllers/deployment';
import { startLoadedSimulation } from '../index';
import { podKey, type Workload } from '../model/types';
import { transplant } from '../simulation/fork';
import type { PodEndState, Simulation } from '../simulation/simulation';
import { applyEdits, copyScenario, templateOwnersOf, type ScenarioEdit } from './edits';

/**
 * Whether the search runs variants from snapshots at all, and how many variants ran from one in
 * this process. Off by default: safe (the tests compare whole results) but not yet faster. Paired
 * whole-process runs of `npm run bench -- --only fixes` put it at 1.05× the CPU of running every
 * variant from time 0: a snapshot costs one prefix run, its check and a copy (~0.25 s CPU on the
 * 5,000-pod dump against ~0.95 s for the 99 cycles it saves), and the dumps' pods have one to four
 * changes a snapshot may serve, so it pays back only from the third. The tests switch it on.
 */
export const VARIANT_SNAPSHOTS = { enabled: false, resumed: 0 };

/** edits that change only the pod's own scheduling constraints, which its own cycles alone read */
const POD_ONLY_EDITS: ReadonlySet<ScenarioEdit['kind']> = new Set(['toleration', 'selector', 'affinity-value', 'spread', 'anti-affinity']);

export type VariantStart = { from: 'snapshot'; cycle: number } | { from: 'start'; reason: string };

/**
 * Where a variant of `pod` with `edits` may start: at its first cycle (`cycle`, the cycle number in
 * the unchanged run) when nothing before it could have read what the edits change, else at time 0.
 * Before its first cycle a pending pod is read by its queue's sort (priority) and PreEnqueue
 * (scheduling gates, claims, its pod group), by admission and quota (requests), by the profile
 * lookup (schedulerName), by the nominator when it comes nominated, by its controller (its
 * template), by timeline steps naming it and by cluster-autoscaler once it is marked Unschedulable:
 * never by its node selector, affinity, tolerations or spread constraints, which other pods' cycles
 * read only of pods bound to nodes (upstream: the scheduler's cache holds assigned pods; pending
 * ones are in the queue).
 */
export function variantStart(s: ExpandedScenario, baseline: Pick<SimulationResult, 'cycles' | 'pods'>, pod: string, edits: readonly ScenarioEdit[]): VariantStart {
  const start = (reason: string): VariantStart => ({ from: 'start', reason });
  const other = edits.find((e) => !POD_ONLY_EDITS.has(e.kind) || !('pod' in e) || e.pod !== pod);
  if (other) return start(`the change (${other.kind}) touches more than the pod's own scheduling constraints`);
  const spec = s.pods.find((p) => podKey(p) === pod);
  if (!spec) return start('the pod is not one of the scenario\'s own (a controller or a timeline step makes it)');
  // a template the pod's controller reads only to make pods: a ReplicaSet's (upstream
  // replica_set.go) or a Job's; or a Deployment's whose ReplicaSet is its current one (the same
  // template but the pod-template-hash label): the edit changes both alike, so the Deployment's
  // first sync finds the same ReplicaSet (upstream deployment_util.go FindNewReplicaSet,
  // EqualIgnoreHash) and rolls nothing out. A StatefulSet or a DaemonSet compares its template with
  // its pods' revision when it first syncs, at time 0; and a pod the controller made before the
  // pod's first cycle was made from the template unchanged
  const owners = templateOwnersOf(s, spec);
  const owner = owners.find((w) => w.kind !== 'ReplicaSet' && w.kind !== 'Job' && !(w.kind === 'Deployment' && currentReplicaSet(w, owners[0]!)));
  if (owner) return start(`the change is written into the template of a ${owner.kind}, which compares it with its pods from time 0`);
  const made = owners.length > 0 && madeByController(s, baseline, owners[0]!);
  if (made) return start(`${owners[0]!.kind} ${owners[0]!.metadata.name} made ${made} from its template in the run`);
  if (spec.spec.nodeName) return start('the pod is bound from the start');
  if (spec.status?.nominatedNodeName) return start('the pod comes nominated: other pods\' cycles read it on its node');
  if (spec.spec.schedulingGroup || spec.spec.workloadRef) return start('the pod belongs to a pod group, whose cycles read it with the others');
  const name = JSON.stringify(spec.metadata.name);
  if (s.timeline.some((step) => JSON.stringify(step).includes(name))) return start('a timeline step names the pod');
  const first = baseline.cycles.find((c) => c.pod === pod);
  if (!first) return start('the pod has no cycle in the unchanged run');
  if (s.clusterAutoscaler && first.time >= s.clusterAutoscaler.scanInterval) return start('cluster-autoscaler runs before the pod\'s first cycle');
  return { from: 'snapshot', cycle: first.cycle };
}

/** whether `rs` is the Deployment's current ReplicaSet: their templates equal but the pod-template-hash label (upstream EqualIgnoreHash) */
function currentReplicaSet(deployment: Workload, rs: Workload): boolean {
  const strip = (t: Workload['spec']['template']) => {
    const { [POD_TEMPLATE_HASH_LABEL]: _hash, ...labels } = t.metadata?.labels ?? {};
    return canonicalJson({ ...t, metadata: { ...t.metadata, labels } });
  };
  return rs.kind === 'ReplicaSet' && strip(rs.spec.template) === strip(deployment.spec.template);
}

/** a pod of `owner` in the run that is not one of the scenario's own (its controller made it), or undefined */
function madeByController(s: ExpandedScenario, baseline: Pick<SimulationResult, 'pods'>, owner: Workload): string | undefined {
  const namespace = owner.metadata.namespace ?? 'default';
  const own = new Set(s.pods.map(podKey));
  return baseline.pods.find((p) => p.owner === `${owner.kind}/${owner.metadata.name}` && p.pod.startsWith(`${namespace}/`) && !own.has(p.pod))?.pod;
}

/** A paused run of the unchanged scenario, checked, and what it was built with. */
interface Snapshot {
  paused: Simulation;
}

/**
 * The snapshots of one search (one per target pod), built on first use. A snapshot that cannot be
 * copied or fails its check is remembered as such: its variants run from time 0.
 */
export class VariantSnapshots {
  private readonly snapshots = new Map<number, Snapshot | string>();

  constructor(private readonly s: ExpandedScenario, private readonly baseline: SimulationResult, private readonly options: SimulateOptions) {}

  /**
   * The variant's run read by `read`, from the snapshot before the pod's first cycle; undefined
   * when it must run from time 0 (the decision, or a snapshot refused or failing its check).
   */
  run<T>(pod: string, edits: readonly ScenarioEdit[], read: (simulation: Simulation) => T): T | undefined {
    if (!VARIANT_SNAPSHOTS.enabled) return undefined;
    const start = variantStart(this.s, this.baseline, pod, edits);
    if (start.from !== 'snapshot') return undefined;
    const snapshot = this.snapshot(start.cycle);
    if (typeof snapshot === 'string') return undefined;
    const fork = this.fork(snapshot);
    if (!fork) return undefined;
    try {
      // the edits, on the fork's own scenario objects: its pod (live, not yet tried) and its
      // controller's template (read when the controller makes the next pod)
      applyEdits(fork.scenario, edits);
      if (!fork.reviseUnscheduledPod(pod)) return undefined;
      for (const _cycle of fork.resume()) { /* to the end */ }
    } catch {
      // the fork wrote to what it shares with the snapshot (a trace frozen at the pause) or failed
      // otherwise: from time 0, where the same failure, if it is one, shows as the variant's own
      return undefined;
    }
    VARIANT_SNAPSHOTS.resumed++;
    return read(fork);
  }

  /** why variants before `cycle` cannot start from a snapshot, or undefined when they can (tests, the CLI's --explain) */
  refusal(cycle: number): string | undefined {
    const snapshot = this.snapshot(cycle);
    return typeof snapshot === 'string' ? snapshot : undefined;
  }

  private snapshot(cycle: number): Snapshot | string {
    let snapshot = this.snapshots.get(cycle);
    if (snapshot === undefined) this.snapshots.set(cycle, (snapshot = this.take(cycle)));
    return snapshot;
  }

  private take(cycle: number): Snapshot | string {
    const started = startLoadedSimulation(copyScenario(this.s), this.options);
    if (!started.ok) return 'the scenario does not start';
    if (!started.simulation.runUntilCycle(cycle - 1)) return `the run does not pause cleanly before cycle ${cycle}`;
    // the traces so far are shared with every fork, not copied (a trace keeps its per-node lists in
    // side tables a copy would not reach, and copying 99 cycles' worth was most of a fork): frozen,
    // so that a fork that would change one fails (and its variant runs from time 0) instead
    for (const trace of started.simulation.cycles) freezeData(trace);
    const snapshot = { paused: started.simulation };
    // the check: the unchanged run resumed from a copy ends as the run itself did
    const fork = this.fork(snapshot);
    if (!fork) return this.refused ?? 'the paused run cannot be copied';
    try {
      for (const _cycle of fork.resume()) { /* to the end */ }
    } catch (e) {
      return `resumed from a copy, the unchanged run fails: ${e instanceof Error ? e.message : String(e)}`;
    }
    const mismatch = firstDifference(fork.podEndStates(), this.baseline);
    return mismatch === undefined ? snapshot : `resumed from a copy, the unchanged run ends otherwise: ${mismatch}`;
  }

  private refused: string | undefined;

  /** a fresh run with the snapshot's state, ready to resume; undefined when the copy is refused */
  private fork(snapshot: Snapshot): Simulation | undefined {
    // built without the scenario's pods: the paused run's are copied in anyway (a copy of 5,000 pods
    // that the copy would overwrite was a third of a fork)
    const fresh = startLoadedSimulation(copyScenario({ ...this.s, pods: [] }), this.options);
    if (!fresh.ok) return undefined;
    const copied = transplant(snapshot.paused, fresh.simulation);
    if (!copied.ok) { this.refused = `the paused run cannot be copied: ${copied.reason}`; return undefined; }
    return fresh.simulation;
  }
}

/**
 * The first pod placed otherwise than in the unchanged run, or undefined. Placements, not messages:
 * the check runs, as variants do, past the unchanged run's end (VARIANT_MARGIN_SECONDS), where a
 * Pending pod's retries may change its message but nothing else.
 */
function firstDifference(ends: readonly PodEndState[], baseline: SimulationResult): string | undefined {
  if (ends.length !== baseline.pods.length) return `${ends.length} pods instead of ${baseline.pods.length}`;
  for (let i = 0; i < ends.length; i++) {
    const a = ends[i]!;
    const b = baseline.pods[i]!;
    if (a.pod !== b.pod || a.phase !== b.phase || a.node !== b.node || a.deletedAt !== b.deletedAt) return a.pod;
  }
  return undefined;
}

/** Freezes `value` and what it holds (data properties only: an accessor's value is built on reading). */
function freezeData(value: object): void {
  if (Object.isFrozen(value)) return;
  Object.freeze(value);
  if (value instanceof Map || value instanceof Set) return;
  for (const d of Object.values(Object.getOwnPropertyDescriptors(value))) {
    if ('value' in d && typeof d.value === 'object' && d.value !== null) freezeData(d.value as object);
  }
}
