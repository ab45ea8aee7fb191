// Verifies candidate changes by simulating the scenario with each one: a change is a fix only if
// the pod then schedules. Its side effects are the other pods it makes Pending (or preempted) or
// moves to another node. Fixes rank by fewest side effects, then by the smallest change.

import type { SimulateOptions, SimulationResult } from '../api';
import { diagnoseCycle, latestCycleOf } from '../diagnosis/diagnose';
import { startLoadedSimulation } from '../index';
import type { ExpandedScenario } from '../controllers/expand';
import { candidateFixes, type Candidate } from './candidates';
import { applyEdits, copyScenario, type ScenarioEdit } from './edits';

/** how far past the unchanged run's end a variant runs (graceful deletion of victims is 30 s) */
const VARIANT_MARGIN_SECONDS = 600;

export interface SideEffect {
  pod: string;
  /** placed before, Pending, preempted or deleted (a Deployment scaled down) with the change; or on another node */
  change: 'pending' | 'preempted' | 'deleted' | 'moved';
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
}

/** Runs the loaded scenario (which stays unchanged) with the edits applied. Undefined when the variant does not load. */
export function simulateWithEdits(s: ExpandedScenario, edits: readonly ScenarioEdit[], options: SimulateOptions = {}): SimulationResult | undefined {
  const started = startLoadedSimulation(applyEdits(copyScenario(s), edits), options);
  if (!started.ok) return undefined;
  for (const _cycle of started.simulation.run()) { /* to the end */ }
  return started.simulation.result();
}

const placedOn = (r: SimulationResult): Map<string, string | undefined> =>
  new Map(r.pods.map((p) => [p.pod, p.deletedAt === undefined ? p.node : undefined]));

export function sideEffectsOf(before: SimulationResult, after: SimulationResult, target: string): { sideEffects: SideEffect[]; alsoPlaced: string[] } {
  const now = placedOn(after);
  const deleted = new Map(after.pods.filter((p) => p.deletedAt !== undefined).map((p) => [p.pod, p.reason]));
  const sideEffects: SideEffect[] = [];
  const alsoPlaced: string[] = [];
  for (const [pod, node] of placedOn(before)) {
    if (pod === target) continue;
    const next = now.get(pod);
    if (node !== undefined && next === undefined) sideEffects.push({ pod, change: !deleted.has(pod) ? 'pending' : deleted.get(pod) === 'Preempted' ? 'preempted' : 'deleted', from: node });
    else if (node !== undefined && next !== undefined && next !== node) sideEffects.push({ pod, change: 'moved', from: node, to: next });
    else if (node === undefined && next !== undefined && !deleted.has(pod)) alsoPlaced.push(pod);
  }
  return { sideEffects, alsoPlaced };
}

export { rankFixes } from './rank';

export interface FixSearch {
  candidates: Candidate[];
  /** verifies the next candidate: a fix, or null when it does not help; undefined when all are done */
  next(): VerifiedFix | null | undefined;
}

/**
 * The candidate fixes for `pod` (namespace/name), verified one at a time so a caller (the worker)
 * can stop between them. `baseline` is the unchanged scenario's result.
 */
export function searchFixes(s: ExpandedScenario, baseline: SimulationResult, pod: string, options: SimulateOptions = {}): FixSearch {
  // a change that starts a loop (preempted pods recreated and preempting in turn) must not run a
  // simulated day: the pod either schedules within minutes of the unchanged run's end or not
  const variantOptions: SimulateOptions = { ...options, until: options.until ?? baseline.endTime + VARIANT_MARGIN_SECONDS };
  const cycle = latestCycleOf(baseline.cycles, pod);
  const diagnosis = cycle && diagnoseCycle(cycle, baseline.nodes.map((n) => n.name));
  const candidates = diagnosis ? candidateFixes(s, pod, diagnosis, baseline) : [];
  let i = 0;
  return {
    candidates,
    next() {
      const candidate = candidates[i++];
      if (candidate === undefined) return undefined;
      let result: SimulationResult | undefined;
      try {
        result = simulateWithEdits(s, candidate.edits, variantOptions);
      } catch {
        return null;
      }
      const outcome = result?.pods.find((p) => p.pod === pod);
      if (!result || outcome?.node === undefined || outcome.deletedAt !== undefined) return null;
      return { candidate, node: outcome.node, ...sideEffectsOf(baseline, result, pod) };
    },
  };
}
