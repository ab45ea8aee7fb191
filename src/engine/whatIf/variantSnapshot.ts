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
 * Whether the search runs variants from snapshots at all, from how many of a pod's changes that may
 * start there (snapshotChanges), and how many variants ran from one in this process. On by default
 * since a fork shares the paused run's placed pods instead of copying them (sharePlacedPods) and the
 * snapshot is the first such variant's own prefix (VariantSnapshots): README's round 11 has the
 * paired runs. With one such change a pod's variants all run from time 0, as before.
 */
export const VARIANT_SNAPSHOTS = { enabled: true, fromChanges: 2, resumed: 0 };

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
  const other = otherEdit(pod, edits);
  if (other) return { from: 'start', reason: `the change (${other.kind}) touches more than the pod's own scheduling constraints` };
  return podStart(s, baseline, pod);
}

/** the first edit that changes more than `pod`'s own scheduling constraints, or undefined */
const otherEdit = (pod: string, edits: readonly ScenarioEdit[]): ScenarioEdit | undefined =>
  edits.find((e) => !POD_ONLY_EDITS.has(e.kind) || !('pod' in e) || e.pod !== pod);

/** variantStart for a change of the pod's own scheduling constraints: what depends on the pod alone */
function podStart(s: ExpandedScenario, baseline: Pick<SimulationResult, 'cycles' | 'pods'>, pod: string): VariantStart {
  const start = (reason: string): VariantStart => ({ from: 'start', reason });
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

/**
 * How many of a pod's changes may run from a snapshot (variantStart) before a search takes one
 * (VARIANT_SNAPSHOTS.fromChanges). A snapshot is the prefix of the first such change's own run
 * (nothing before the pod's first cycle differs), frozen in part and checked; that costs its first
 * variant a check and a copy (~0.1 s on the 5,000-pod dump) more than a run from time 0, and saves
 * each later one its prefix (~0.5-1 s there).
 */
export function snapshotChanges(s: ExpandedScenario, baseline: Pick<SimulationResult, 'cycles' | 'pods'>, pod: string, changes: readonly (readonly ScenarioEdit[])[]): number {
  const own = changes.filter((edits) => otherEdit(pod, edits) === undefined).length;
  return own === 0 || podStart(s, baseline, pod).from !== 'snapshot' ? 0 : own;
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

/** A copy of the unchanged run paused before a pod's first cycle; checked before a variant forks it. */
interface Snapshot {
  paused: Simulation;
  checked: boolean;
}

/**
 * The snapshots of one search (one per target pod), built on first use. A snapshot that cannot be
 * copied or fails its check is remembered as such: its variants run from time 0.
 *
 * No prefix is paid twice: the first variant that may start from the snapshot runs from time 0 (the
 * unchanged scenario, as nothing before the pod's first cycle reads the change), pauses there,
 * leaves a copy of itself as the snapshot and goes on with its change. Its result is its own run's,
 * so the snapshot's check (the unchanged run resumed from a copy must end as the run itself did)
 * waits for the second variant, the first to start from the copy: the first fix comes no later than
 * without snapshots but for the freeze and the copy.
 */
export class VariantSnapshots {
  private readonly snapshots = new Map<number, Snapshot | string>();

  /**
   * `changes`: the edits of every change the search will verify for its pod, when it knows them:
   * with fewer than VARIANT_SNAPSHOTS.fromChanges that may start from a snapshot, none is taken
   * (its copy and check would cost more than the prefixes it saves).
   */
  constructor(private readonly s: ExpandedScenario, private readonly baseline: SimulationResult, private readonly options: SimulateOptions, private readonly changes?: { pod: string; edits: readonly (readonly ScenarioEdit[])[] }) {}

  private pays: boolean | undefined;

  /**
   * The variant's run read by `read`, from the snapshot before the pod's first cycle; undefined
   * when it must run from time 0 (the decision, or a snapshot refused or failing its check).
   */
  run<T>(pod: string, edits: readonly ScenarioEdit[], read: (simulation: Simulation) => T): T | undefined {
    if (!VARIANT_SNAPSHOTS.enabled) return undefined;
    if (this.changes && this.changes.pod === pod) {
      this.pays ??= snapshotChanges(this.s, this.baseline, pod, this.changes.edits) >= VARIANT_SNAPSHOTS.fromChanges;
      if (!this.pays) return undefined;
    }
    const start = variantStart(this.s, this.baseline, pod, edits);
    if (start.from !== 'snapshot') return undefined;
    const known = this.snapshots.get(start.cycle);
    if (typeof known === 'string') return undefined;
    if (known === undefined) {
      const taken = this.take(start.cycle);
      this.snapshots.set(start.cycle, typeof taken === 'string' ? taken : taken.snapshot);
      // the run paused to take it goes on with the change: a run from time 0 in all but name
      return typeof taken === 'string' ? undefined : resumedWith(taken.run, pod, edits, read);
    }
    if (!this.checked(start.cycle, known)) return undefined;
    const fork = this.fork(known.paused);
    return fork && resumedWith(fork, pod, edits, read);
  }

  /** why variants before `cycle` cannot start from a snapshot, or undefined when they can (tests, the CLI's --explain) */
  refusal(cycle: number): string | undefined {
    let known = this.snapshots.get(cycle);
    if (known === undefined) {
      const taken = this.take(cycle);
      this.snapshots.set(cycle, (known = typeof taken === 'string' ? taken : taken.snapshot));
    }
    if (typeof known === 'string') return known;
    return this.checked(cycle, known) ? undefined : this.snapshots.get(cycle) as string;
  }

  /**
   * The unchanged run paused before cycle `cycle`, and a copy of it as the snapshot (or why there
   * is none). The pause's traces and placed pods are frozen first, so that the copy shares them.
   */
  private take(cycle: number): { run: Simulation; snapshot: Snapshot } | string {
    const started = startLoadedSimulation(copyScenario(this.s), this.options);
    if (!started.ok) return 'the scenario does not start';
    if (!started.simulation.runUntilCycle(cycle - 1)) return `the run does not pause cleanly before cycle ${cycle}`;
    // the traces so far are shared with every fork, not copied (a trace keeps its per-node lists in
    // side tables a copy would not reach, and copying 99 cycles' worth was most of a fork): frozen,
    // so that a fork that would change one fails (and its variant runs from time 0) instead
    for (const trace of started.simulation.cycles) freezeData(trace);
    sharePlacedPods(started.simulation);
    const copy = this.fork(started.simulation);
    if (!copy) return this.refused ?? 'the paused run cannot be copied';
    return { run: started.simulation, snapshot: { paused: copy, checked: false } };
  }

  /** the check, once: the unchanged run resumed from a copy of the snapshot ends as the run itself did; a failure is remembered */
  private checked(cycle: number, snapshot: Snapshot): boolean {
    if (snapshot.checked) return true;
    const refuse = (why: string) => { this.snapshots.set(cycle, why); return false; };
    const fork = this.fork(snapshot.paused);
    if (!fork) return refuse(this.refused ?? 'the paused run cannot be copied');
    try {
      for (const _cycle of fork.resume()) { /* to the end */ }
    } catch (e) {
      return refuse(`resumed from a copy, the unchanged run fails: ${e instanceof Error ? e.message : String(e)}`);
    }
    const mismatch = firstDifference(fork.podEndStates(), this.baseline);
    if (mismatch !== undefined) return refuse(`resumed from a copy, the unchanged run ends otherwise: ${mismatch}`);
    snapshot.checked = true;
    return true;
  }

  private refused: string | undefined;

  /** a fresh run with the paused run's state, ready to resume; undefined when the copy is refused */
  private fork(paused: Simulation): Simulation | undefined {
    // built without the scenario's pods: the paused run's are copied in anyway (a copy of 5,000 pods
    // that the copy would overwrite was a third of a fork)
    const fresh = startLoadedSimulation(copyScenario({ ...this.s, pods: [] }), this.options);
    if (!fresh.ok) return undefined;
    const copied = transplant(paused, fresh.simulation);
    if (!copied.ok) { this.refused = `the paused run cannot be copied: ${copied.reason}`; return undefined; }
    return fresh.simulation;
  }
}

/** `simulation`, paused before the pod's first cycle, resumed with the edits and read; undefined when that fails */
function resumedWith<T>(simulation: Simulation, pod: string, edits: readonly ScenarioEdit[], read: (simulation: Simulation) => T): T | undefined {
  try {
    // the edits, on the run's own scenario objects: its pod (live, not yet tried) and its
    // controller's template (read when the controller makes the next pod)
    applyEdits(simulation.scenario, edits);
    if (!simulation.reviseUnscheduledPod(pod)) return undefined;
    for (const _cycle of simulation.resume()) { /* to the end */ }
  } catch {
    // the run wrote to what it shares with the snapshot (a trace or a placed pod frozen at the
    // pause) or failed otherwise: from time 0, where the same failure, if it is one, shows as the
    // variant's own
    return undefined;
  }
  VARIANT_SNAPSHOTS.resumed++;
  return read(simulation);
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

/**
 * Freezes the paused run's pods that are placed and not being deleted, as far as they are plain data
 * (as the scenario's reader makes them): every fork then shares them instead of copying them
 * (../simulation/fork.ts shares frozen objects), which was most of a fork: on the 5,000-pod dump
 * 130,000 of the 166,000 objects a fork copied. A placed pod changes again only when it is deleted, evicted or
 * preempted; a run that would change one throws (modules are strict), and its variant runs from
 * time 0 instead (resumedWith), as does the snapshot's check if the unchanged run would.
 */
function sharePlacedPods(simulation: Simulation): void {
  for (const [key, pod] of simulation.cluster.allPods) {
    if (pod.spec.nodeName && pod.metadata.deletionTimestamp === undefined && simulation.cluster.livePod(key) === pod) freezePlain(pod);
  }
}

/**
 * Freezes `value` bottom up where it is plain data: an object or array is frozen when all it holds
 * is plain (objects, arrays, primitives), so that no Map or class instance, whose contents a freeze
 * does not protect, is ever shared; the rest stays as it is and is copied. Whether `value` was frozen.
 */
function freezePlain(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return typeof value !== 'function';
  if (Object.isFrozen(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return false;
  let plain = true;
  for (const key of Object.keys(value)) if (!freezePlain((value as Record<string, unknown>)[key])) plain = false;
  if (plain) Object.freeze(value);
  return plain;
}
