// Verifies candidate changes by simulating the scenario with each one: a change is a fix only if
// the pod then schedules. Its side effects are the other pods it makes Pending (or preempted) or
// moves to another node. Fixes rank by fewest side effects, then by the smallest change.

import type { PodOutcome, SimulateOptions, SimulationResult } from '../api';
import { diagnoseCycle, latestCycleOf } from '../diagnosis/diagnose';
import { startLoadedSimulation } from '../index';
import type { PodEndState, Simulation } from '../simulation/simulation';
import type { ExpandedScenario } from '../controllers/expand';
import { compileLabelSelector } from '../model/selectors';
import { podKey } from '../model/types';
import { candidateFixes, poolMove, recreateCandidates, schedulerNameCandidates, type Candidate } from './candidates';
import { rankCandidates, Tier } from './rank';
import { applyEdits, copyScenario, templateOwnersOf, type ScenarioEdit } from './edits';
import { podGroupCandidates } from './podGroupFixes';
import { livePodsOf } from './policyFixes';
import { resolveKubernetesVersion } from '../versions';
import { VariantSnapshots } from './variantSnapshot';

/** how far past the unchanged run's end a variant runs (graceful deletion of victims is 30 s) */
export const VARIANT_MARGIN_SECONDS = 600;

export interface SideEffect {
  pod: string;
  /**
   * placed before, Pending, preempted or deleted (a Deployment scaled down) with the change; or on
   * another node; or replaced: an old revision's pod its rollout takes down (no harm: the rollout
   * replaces it with the new revision's)
   */
  change: 'pending' | 'preempted' | 'deleted' | 'moved' | 'replaced';
  from?: string;
  to?: string;
}

export interface VerifiedFix {
  candidate: Candidate;
  /** where the pod schedules with the change */
  node: string;
  sideEffects: SideEffect[];
  /** other Pending pods the change also places */
  alsoPlaced: string[];
  /** the tier it ranks in (./rank.ts): the candidate's, or Overrides when its preemption violates a PodDisruptionBudget */
  tier: Tier;
  /** the candidate's warning and what verification found (PodDisruptionBudgets violated) */
  warnings: string[];
  /**
   * a fix that makes the pod's workload whole rather than the pod schedule (its Deployment scaled
   * to what its anti-affinity allows: the Pending pod goes): the workload's pods at the end, how
   * many are scheduled, and where
   */
  admitted?: { workload: string; pods: number; scheduled: number; nodes: string[] };
}

/** A candidate that did not make the pod schedulable, and why. */
export interface FailedCandidate {
  candidate: Candidate;
  reason: string;
}

/** At most this many candidates are verified (the likeliest first); the rest are counted as left out. */
export const MAX_CANDIDATES = 40;

/** Runs the loaded scenario (which stays unchanged) with the edits applied. Undefined when the variant does not load. */
export function simulateWithEdits(s: ExpandedScenario, edits: readonly ScenarioEdit[], options: SimulateOptions = {}): SimulationResult | undefined {
  return runWithEdits(s, edits, options, (simulation) => simulation.result());
}

/** What a search reads of a variant's run: each pod's end state. */
interface VariantResult {
  pods: PodEndState[];
}

/**
 * The variant as searchFixes verifies it: the same run as simulateWithEdits, read for its pods'
 * end states only (Simulation.podEndStates), not the whole result: on the 5,000-pod dump result()
 * was a fifth of a variant's time, spent on a trace and nodes the search never reads.
 */
function variantWithEdits(s: ExpandedScenario, edits: readonly ScenarioEdit[], options: SimulateOptions, snapshots?: { pod: string; at: VariantSnapshots }): VariantResult | undefined {
  const read = (simulation: Simulation): VariantResult => ({ pods: simulation.podEndStates() });
  return snapshots?.at.run(snapshots.pod, edits, read) ?? runWithEdits(s, edits, options, read);
}

function runWithEdits<T>(s: ExpandedScenario, edits: readonly ScenarioEdit[], options: SimulateOptions, read: (simulation: Simulation) => T): T | undefined {
  const started = startLoadedSimulation(applyEdits(copyScenario(s), edits), options);
  if (!started.ok) return undefined;
  for (const _cycle of started.simulation.run()) { /* to the end */ }
  return read(started.simulation);
}

const placedOn = (r: VariantResult): Map<string, string | undefined> =>
  new Map(r.pods.map((p) => [p.pod, p.deletedAt === undefined ? p.node : undefined]));

/** "namespace/DaemonSet/name" of a pod a DaemonSet made, or undefined */
const daemonSetOf = (p: Pick<SimulationResult['pods'][number], 'pod' | 'owner'>): string | undefined => (p.owner?.startsWith('DaemonSet/') ? `${p.pod.slice(0, p.pod.indexOf('/'))}/${p.owner}` : undefined);

export function sideEffectsOf(before: SimulationResult, after: VariantResult, target: string): { sideEffects: SideEffect[]; alsoPlaced: string[] } {
  const now = placedOn(after);
  const deleted = new Map(after.pods.filter((p) => p.deletedAt !== undefined).map((p) => [p.pod, p.reason]));
  const sideEffects: SideEffect[] = [];
  const alsoPlaced: string[] = [];
  // A DaemonSet runs one pod per node, and a node added by a fix gets its own: the names the
  // controller generates then pair with other nodes than before, so a daemon pod is compared by
  // its DaemonSet and node — one that still runs there is no side effect, and none "moves"
  // (upstream: daemon/daemon_controller.go creates a pod per node that needs one).
  const daemons = new Map(before.pods.flatMap((p) => { const d = daemonSetOf(p); return d ? [[p.pod, d] as const] : []; }));
  const daemonsAfter = new Set(after.pods.flatMap((p) => { const d = daemonSetOf(p); return d && p.deletedAt === undefined && p.node !== undefined ? [`${d}@${p.node}`] : []; }));
  for (const [pod, node] of placedOn(before)) {
    if (pod === target) continue;
    const daemon = daemons.get(pod);
    if (daemon !== undefined && node !== undefined && daemonsAfter.has(`${daemon}@${node}`)) continue;
    const next = now.get(pod);
    if (node !== undefined && next === undefined) sideEffects.push({ pod, change: !deleted.has(pod) ? 'pending' : deleted.get(pod) === 'Preempted' ? 'preempted' : 'deleted', from: node });
    else if (node !== undefined && next !== undefined && next !== node && daemon === undefined) sideEffects.push({ pod, change: 'moved', from: node, to: next });
    else if (node === undefined && next !== undefined && !deleted.has(pod)) alsoPlaced.push(pod);
  }
  return { sideEffects, alsoPlaced };
}

export { rankFixes } from './rank';

export interface FixSearch {
  /** the candidates to verify, likeliest first, at most MAX_CANDIDATES */
  candidates: Candidate[];
  /** candidates generated but not verified (over the cap or the same change twice) */
  leftOut: number;
  /** candidates a reviewer refuses whatever they do (Candidate.refused), left out before simulating */
  refused: Candidate[];
  /** the candidates verified so far that did not help, with why */
  failures: FailedCandidate[];
  /** verifies the next candidate: a fix, or null when it does not help; undefined when all are done */
  next(): VerifiedFix | null | undefined;
}

/** The PodDisruptionBudgets in the pods' namespaces whose selector matches them. */
function budgetsCovering(s: ExpandedScenario, pods: readonly PodOutcome[]): string[] {
  const out = new Set<string>();
  for (const pdb of s.pdbs) {
    const namespace = pdb.metadata.namespace ?? 'default';
    const selector = compileLabelSelector(pdb.spec.selector);
    for (const p of pods) if (p.pod.startsWith(`${namespace}/`) && selector.matches(p.labels)) out.add(`${namespace}/${pdb.metadata.name}`);
  }
  return [...out];
}

/**
 * The object a reviewer edits for a pod's owner ("ReplicaSet/name"): the Deployment that controls
 * the ReplicaSet when the scenario has it (its template is what the team owns), else the owner.
 */
function editedOwnerOf(s: Pick<ExpandedScenario, 'workloads'>, namespace: string, owner: string): string {
  const [kind, name] = [owner.slice(0, owner.indexOf('/')), owner.slice(owner.indexOf('/') + 1)];
  if (kind !== 'ReplicaSet') return `${kind} ${namespace}/${name}`;
  const rs = s.workloads.find((w) => w.kind === 'ReplicaSet' && (w.metadata.namespace ?? 'default') === namespace && w.metadata.name === name);
  const deployment = rs?.metadata.ownerReferences?.find((r) => r.controller === true && r.kind === 'Deployment')?.name;
  return deployment !== undefined && s.workloads.some((w) => w.kind === 'Deployment' && (w.metadata.namespace ?? 'default') === namespace && w.metadata.name === deployment)
    ? `Deployment ${namespace}/${deployment}` : `${kind} ${namespace}/${name}`;
}

/** Whose pods a higher priority evicts, by workload (the object its team edits): the shortage moves to them. */
function preemptedWarning(s: Pick<ExpandedScenario, 'workloads'>, victims: readonly PodOutcome[]): string {
  const by = (p: PodOutcome) => (p.owner ? editedOwnerOf(s, p.pod.slice(0, p.pod.indexOf('/')), p.owner) : `Pod ${p.pod}`);
  const owners = [...new Set(victims.map(by))];
  const recreated = victims.every((p) => p.owner !== undefined);
  return `preempts ${victims.length === 1 ? 'a pod' : `${victims.length} pods`} of ${owners.join(', ')}: ${!recreated ? 'a bare pod is gone for good' : owners.length > 1 ? 'their controllers recreate them, and they wait for room' : 'its controller recreates it, and it waits for room'} — the shortage moves to another workload`;
}

/** What a verified change means beyond "it schedules": a tier and warnings; a reason when it is no fix at all. */
function judge(s: ExpandedScenario, baseline: SimulationResult, pod: string, candidate: Candidate, sideEffects: SideEffect[], node: string): { tier: Tier; warnings: string[] } | { reason: string } {
  const warnings = candidate.warning ? [candidate.warning] : [];
  let tier = candidate.tier;
  // a selector dropped or a taint tolerated that lets the pod leave the pool it selects: below the
  // fixes that keep it there, and last when the pool it lands in is dedicated (tainted) to others
  const spec = s.pods.find((p) => podKey(p) === pod);
  const move = (candidate.kind === 'selector' || candidate.kind === 'toleration') && spec ? poolMove(s, spec, node) : undefined;
  if (move) {
    tier = Math.max(tier, move.dedicated ? Tier.Overrides : Tier.NodeScoped) as Tier;
    // a toleration's own warning already names the tainted pool
    if (!(candidate.kind === 'toleration' && candidate.warning)) warnings.push(`moves the pod out of its pool (${move.from}) into ${move.dedicated ? 'the dedicated, tainted pool' : 'the pool'} ${move.pool}`);
  }
  const outcomeOf = (e: SideEffect) => baseline.pods.find((p) => p.pod === e.pod);
  const preempted = sideEffects.filter((e) => e.change === 'preempted').map(outcomeOf).filter((p): p is PodOutcome => p !== undefined);
  const owner = baseline.pods.find((p) => p.pod === pod)?.owner;
  // a replica of the pod's own workload preempted, deleted or made Pending in its place: net zero (its controller recreates it)
  const own = owner === undefined ? [] : sideEffects.filter((e) => e.change !== 'moved' && outcomeOf(e)?.owner === owner).map((e) => e.pod);
  if (own.length > 0) return { reason: `net zero: ${own.join(', ')}, a replica of the same ${owner}, loses its place instead` };
  // a reviewer asks whose pods pay for the room: a controller recreates them, and they wait Pending
  // (the fleet dump's postgres-2 at tier-1 preempts a reports/pdf-renderer replica its quota then keeps out)
  if (candidate.kind === 'priority' && preempted.length > 0) warnings.push(preemptedWarning(s, preempted));
  const budgets = budgetsCovering(s, preempted);
  if (budgets.length === 0) return { tier, warnings };
  return {
    tier: Tier.Overrides,
    warnings: [...warnings, `preempts pods that the PodDisruptionBudget${budgets.length > 1 ? 's' : ''} ${budgets.join(', ')} protect${budgets.length > 1 ? '' : 's'}: upstream preemption avoids violating a PDB but does so when nothing else fits`],
  };
}

/**
 * A started Job's pod template cannot be updated (upstream pkg/apis/batch/validation/validation.go
 * ValidateJobSpecUpdate, validatePodTemplateUpdate: only a suspended Job that never started may
 * change its scheduling directives): the change ships as a new Job.
 */
export const JOB_TEMPLATE_IMMUTABLE = "a Job's pod template cannot be changed once it has started: delete the Job and create it again with this template (its finished pods' work is not kept)";

/**
 * The candidates, those that change the pod marked with the workload whose pod template they are
 * written into. A StatefulSet's pod of an older revision is then deleted, so that the set recreates
 * it from the fixed template (its rolling update would wait on it for ever).
 */
function inTemplateOf(s: ExpandedScenario, pod: string, candidates: readonly Candidate[]): Candidate[] {
  const spec = s.pods.find((p) => podKey(p) === pod);
  const top = spec && templateOwnersOf(s, spec).at(-1);
  if (!top) return [...candidates];
  const template = { kind: top.kind, namespace: top.metadata.namespace ?? 'default', name: top.metadata.name };
  const [recreate] = recreateCandidates(s, spec, pod);
  return candidates.map((c) => {
    if (c.kind === 'recreate' || !c.edits.some((e) => 'pod' in e && e.pod === pod)) return c;
    const warning = top.kind === 'Job' ? [c.warning, JOB_TEMPLATE_IMMUTABLE].filter(Boolean).join('; ') : c.warning;
    return { ...c, template, ...(warning ? { warning } : {}), ...(recreate ? { edits: [...c.edits, ...recreate.edits] } : {}) };
  });
}

/** One change per distinct edit list, the likeliest first, at most `cap`. */
function boundCandidates(all: readonly Candidate[], cap: number): { candidates: Candidate[]; leftOut: number } {
  const seen = new Set<string>();
  const distinct = all.filter((c) => {
    const id = JSON.stringify(c.edits);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  const ranked = rankCandidates(distinct);
  return { candidates: ranked.slice(0, cap), leftOut: all.length - Math.min(cap, ranked.length) };
}

/**
 * The pod's own Deployment scaled to what its anti-affinity allows: a fix when the Pending pod is
 * gone and every pod the workload keeps is scheduled, with no other pod harmed.
 */
function ownScaleVerdict(s: ExpandedScenario, baseline: SimulationResult, result: VariantResult, pod: string, candidate: Candidate, e: Extract<ScenarioEdit, { kind: 'scale' }>, fail: (reason: string) => null): VerifiedFix | null {
  const workload = s.workloads.find((w) => w.kind === e.workload.kind && (w.metadata.namespace ?? 'default') === e.workload.namespace && w.metadata.name === e.workload.name);
  if (!workload) return fail(`no ${e.workload.kind} ${e.workload.namespace}/${e.workload.name}`);
  const mine = livePodsOf(result, { owner: `${workload.kind}/${workload.metadata.name}`, namespace: e.workload.namespace, workload });
  const scheduled = mine.filter((p) => p.node !== undefined);
  if (mine.some((p) => p.pod === pod && p.node === undefined)) return fail(`the pod stays Pending: the ${e.workload.kind} kept it`);
  if (scheduled.length < e.replicas) return fail(`${e.workload.kind} ${e.workload.namespace}/${e.workload.name} has ${scheduled.length} of ${e.replicas} pods scheduled`);
  // the workload's own pods are judged by their count above: a scenario's controller names them anew in the changed run
  const before = livePodsOf(baseline, { owner: `${workload.kind}/${workload.metadata.name}`, namespace: e.workload.namespace, workload });
  const ownPods = new Set([...before, ...mine].map((p) => p.pod));
  const all = sideEffectsOf(baseline, result, pod);
  const effects = { sideEffects: all.sideEffects.filter((x) => !ownPods.has(x.pod)), alsoPlaced: all.alsoPlaced.filter((x) => !ownPods.has(x)) };
  const verdict = judge(s, baseline, pod, candidate, effects.sideEffects, scheduled[0]!.node!);
  if ('reason' in verdict) return fail(verdict.reason);
  const nodes = [...new Set(scheduled.map((p) => p.node!))];
  return { candidate, node: nodes[0]!, ...effects, ...verdict, admitted: { workload: `Deployment ${e.workload.namespace}/${e.deployment}`, pods: mine.length, scheduled: scheduled.length, nodes } };
}

/**
 * The candidate fixes for `pod` (namespace/name), verified one at a time so a caller (the worker)
 * can stop between them. `baseline` is the unchanged scenario's result. A pod no cycle ever tried
 * (a schedulerName no profile serves) gets the profiles that exist.
 */
export function searchFixes(s: ExpandedScenario, baseline: SimulationResult, pod: string, options: SimulateOptions = {}, cap = MAX_CANDIDATES): FixSearch {
  // a change that starts a loop (preempted pods recreated and preempting in turn) must not run a
  // simulated day: the pod either schedules within minutes of the unchanged run's end or not
  const variantOptions: SimulateOptions = { ...options, until: options.until ?? baseline.endTime + VARIANT_MARGIN_SECONDS };
  const cycle = latestCycleOf(baseline.cycles, pod);
  const allNodes = baseline.nodes.map((n) => n.name);
  const diagnosis = cycle && diagnoseCycle(cycle, allNodes);
  // a member of a group that did not schedule: the group's fixes too (./podGroupFixes.ts)
  const version = resolveKubernetesVersion(s.meta.kubernetesVersion, options.kubernetesVersion).version;
  const generated = diagnosis ? [...candidateFixes(s, pod, diagnosis, baseline), ...podGroupCandidates(s, cycle!, baseline.cycles, allNodes, version)]
    : cycle === undefined ? schedulerNameCandidates(s, pod) : [];
  const templated = inTemplateOf(s, pod, generated);
  const { candidates, leftOut } = boundCandidates(templated.filter((c) => c.refused === undefined), cap);
  const failures: FailedCandidate[] = [];
  // a change only the pod's own cycles read re-runs from just before its first cycle (./variantSnapshot.ts)
  const snapshots = { pod, at: new VariantSnapshots(s, baseline, variantOptions, { pod, edits: candidates.map((c) => c.edits) }) };
  let i = 0;
  return {
    candidates,
    leftOut,
    refused: templated.filter((c) => c.refused !== undefined),
    failures,
    next() {
      const candidate = candidates[i++];
      if (candidate === undefined) return undefined;
      const fail = (reason: string) => {
        failures.push({ candidate, reason });
        return null;
      };
      let result: VariantResult | undefined;
      try {
        result = variantWithEdits(s, candidate.edits, variantOptions, snapshots);
      } catch (e) {
        return fail(`the change cannot be made: ${e instanceof Error ? e.message : String(e)}`);
      }
      if (!result) return fail('the changed scenario does not load');
      // a pod deleted and recreated under its name (a StatefulSet's) has two outcomes: the one that lives counts
      const outcome = result.pods.find((p) => p.pod === pod && p.deletedAt === undefined) ?? result.pods.find((p) => p.pod === pod);
      const own = candidate.edits.find((e) => e.kind === 'scale' && e.own !== undefined);
      if (own?.kind === 'scale') return ownScaleVerdict(s, baseline, result, pod, candidate, own, fail);
      if (outcome?.node === undefined || outcome.deletedAt !== undefined) return fail(`the pod stays ${outcome?.phase ?? 'Pending'}${outcome?.message ? `: ${outcome.message}` : ''}`);
      const effects = sideEffectsOf(baseline, result, pod);
      for (const e of candidate.edits) {
        if (e.kind !== 'rollout') continue;
        const old = `ReplicaSet/${e.oldReplicaSet}`;
        for (const effect of effects.sideEffects) if (effect.change === 'deleted' && baseline.pods.find((p) => p.pod === effect.pod)?.owner === old) effect.change = 'replaced';
      }
      const verdict = judge(s, baseline, pod, candidate, effects.sideEffects, outcome.node);
      if ('reason' in verdict) return fail(verdict.reason);
      return { candidate, node: outcome.node, ...effects, ...verdict };
    },
  };
}
