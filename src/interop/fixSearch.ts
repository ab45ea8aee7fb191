// The fix search as the page's fix worker and the command line's --explain run it: load the
// scenario once, simulate it, then verify the candidate changes one by one, reporting each
// verified fix with its YAML change as it is found. Kept apart from the worker's message plumbing.

import type { SimulationResult } from '../engine/api';
import type { FailedCandidate, InferredKubernetesVersion, KubernetesVersion } from '../engine/readers';
import { loadExpandedScenario, startLoadedSimulation } from '../engine/index';
import { copyScenario, searchFixes } from '../engine/experiments';
import { fixText } from './fixText';
import type { FixView } from './fixView';
import { policyFixSearch } from './policyFixSearch';

export type { FixView } from './fixView';

export interface FixSearchRequest {
  id: number;
  text: string;
  fileName: string;
  seed?: number;
  /** the CLI's --kubernetes-version: the version the search simulates instead of the scenario's */
  kubernetesVersion?: KubernetesVersion;
  /** the version the CLI inferred from the dump it reads (../cli/dumpVersion.ts), as the run used */
  inferredKubernetesVersion?: InferredKubernetesVersion;
  pod: string;
}

export type FixSearchReply =
  /** `leftOut`: candidates generated but not verified (over the cap, or the same change twice) */
  | { type: 'started'; id: number; candidates: number; leftOut: number }
  | { type: 'fix'; id: number; fix: FixView }
  /** a candidate that did not help, and why */
  | { type: 'failed'; id: number; failed: FailedCandidate }
  | { type: 'done'; id: number; tried: number }
  | { type: 'error'; id: number; message: string };

/** Runs a search, calling `post` for each reply; `cancelled` is checked between variants. */
export function runFixSearch(request: FixSearchRequest, post: (reply: FixSearchReply) => void, cancelled: () => boolean = () => false): void {
  const { id, text, fileName, seed, pod, kubernetesVersion, inferredKubernetesVersion } = request;
  const loaded = loadExpandedScenario(text, fileName, kubernetesVersion, inferredKubernetesVersion);
  if (!loaded.ok) return post({ type: 'error', id, message: 'the scenario has errors' });
  const options = { ...(seed === undefined ? {} : { seed }), ...(kubernetesVersion ? { kubernetesVersion } : {}) };
  const started = startLoadedSimulation(copyScenario(loaded.scenario), options);
  if (!started.ok) return post({ type: 'error', id, message: 'the scenario has errors' });
  for (const _cycle of started.simulation.run()) { /* to the end */ }
  const baseline: SimulationResult = started.simulation.result();
  const owner = baseline.pods.find((p) => p.pod === pod)?.owner;
  // the quota, LimitRange and template fixes, verified through the text (admission runs at loading)
  const policy = policyFixSearch({ text, fileName, options, scenario: loaded.scenario, baseline }, pod);
  const search = policy.workload ? undefined : searchFixes(loaded.scenario, baseline, pod, options);
  post({ type: 'started', id, candidates: (search?.candidates.length ?? 0) + policy.candidates.length, leftOut: search?.leftOut ?? 0 });
  let tried = 0;
  for (const candidate of policy.candidates) {
    tried++;
    if (cancelled()) return;
    const verified = policy.verify(candidate);
    post('fix' in verified ? { type: 'fix', id, fix: verified.fix } : { type: 'failed', id, failed: verified.failed });
  }
  if (!search) return post({ type: 'done', id, tried });
  for (let fix = search.next(); fix !== undefined; fix = search.next()) {
    tried++;
    if (cancelled()) return;
    if (fix === null) {
      const failed = search.failures.at(-1);
      if (failed) post({ type: 'failed', id, failed });
      continue;
    }
    const written = fixText(text, fix.candidate.edits, owner);
    post({ type: 'fix', id, fix: { ...fix, ...(written ? { text: written } : {}) } });
  }
  post({ type: 'done', id, tried });
}
