// The fix search as the page's fix worker and the command line's --explain run it: load the
// scenario once, simulate it, then verify the candidate changes one by one, reporting each
// verified fix with its YAML change as it is found. Kept apart from the worker's message plumbing.

import type { SimulationResult } from '../engine/api';
import type { FailedCandidate, InferredKubernetesVersion, KubernetesVersion } from '../engine/readers';
import { loadExpandedScenario, startLoadedSimulation, type ExpandedScenario } from '../engine/index';
import { copyScenario, reviveScenario, searchFixes } from '../engine/experiments';
import { rankCandidates } from '../engine/readers';
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
  /**
   * `leftOut`: candidates generated but not verified (over the cap, or the same change twice);
   * `refused`: changes a reviewer refuses whatever they do, left out before simulating, with why
   */
  /**
   * `baseline`: where the scenario's load and run came from — lent by the page's engine worker,
   * kept from this worker's previous search, or loaded and simulated here for this one
   */
  | { type: 'started'; id: number; candidates: number; leftOut: number; refused: FailedCandidate[]; baseline?: BaselineSource }
  | { type: 'fix'; id: number; fix: FixView }
  /** a candidate that did not help, and why */
  | { type: 'failed'; id: number; failed: FailedCandidate }
  | { type: 'done'; id: number; tried: number }
  | { type: 'error'; id: number; message: string };

export type BaselineSource = 'lent' | 'kept' | 'loaded';

/** The loaded scenario (unchanged) and its run, which the search's variants are compared with. */
export interface FixSearchBaseline {
  scenario: ExpandedScenario;
  baseline: SimulationResult;
}

/**
 * The baseline as the page's engine worker lends it (src/worker/host.ts, lendBaseline): the
 * scenario it loaded, copied before its run, and that run's result, which are what
 * fixSearchBaseline would build from the same text, file name and seed.
 */
export function lentBaseline(lent: { scenario: ExpandedScenario; baseline: SimulationResult }): FixSearchBaseline {
  return { scenario: reviveScenario(lent.scenario), baseline: lent.baseline };
}

/** Loads and simulates the request's scenario once; undefined when it has errors. */
export function fixSearchBaseline(request: FixSearchRequest): FixSearchBaseline | undefined {
  const { text, fileName, kubernetesVersion, inferredKubernetesVersion } = request;
  const loaded = loadExpandedScenario(text, fileName, kubernetesVersion, inferredKubernetesVersion);
  if (!loaded.ok) return undefined;
  const started = startLoadedSimulation(copyScenario(loaded.scenario), searchOptions(request));
  if (!started.ok) return undefined;
  for (const _cycle of started.simulation.run()) { /* to the end */ }
  return { scenario: loaded.scenario, baseline: started.simulation.result() };
}

/**
 * The fix worker's searches, one after another: the last scenario loaded and simulated is kept for
 * the next search of the same scenario (another Pending pod of the dump, or the same pod again),
 * which then starts at its first variant instead of loading and simulating the scenario again (on
 * the 17 MB, 5,000-pod dump: 4 s of load and 1.5 s of run, before a variant's 1 s). A search
 * changes nothing of the baseline it is given: each variant runs on a copy of the scenario.
 */
export class FixSearchSession {
  private kept: { inputs: BaselineInputs; base: FixSearchBaseline | undefined; source: BaselineSource } | undefined;

  /** The request's baseline: the kept one when the request asks for the same scenario run the same way. */
  baseline(request: FixSearchRequest): { base: FixSearchBaseline | undefined; source: BaselineSource } {
    const inputs = baselineInputs(request);
    if (this.kept && sameInputs(this.kept.inputs, inputs)) {
      const { base, source } = this.kept;
      // the next search of this scenario finds it kept, whoever built it
      this.kept.source = 'kept';
      return { base, source };
    }
    // the old baseline is let go before the new one is built: two dumps of this size at once are too many
    this.kept = undefined;
    const base = fixSearchBaseline(request);
    this.kept = { inputs, base, source: 'kept' };
    return { base, source: 'loaded' };
  }

  /** Whether the request's scenario is loaded and simulated already (its search starts at its first variant). */
  has(request: FixSearchRequest): boolean {
    return this.kept !== undefined && sameInputs(this.kept.inputs, baselineInputs(request));
  }

  /** Keeps a baseline built elsewhere for the request's scenario: the one the page's engine worker lent. */
  adopt(request: FixSearchRequest, base: FixSearchBaseline): void {
    this.kept = { inputs: baselineInputs(request), base, source: 'lent' };
  }

  run(request: FixSearchRequest, post: (reply: FixSearchReply) => void, cancelled?: () => boolean): void {
    const { base, source } = this.baseline(request);
    if (!base) return post({ type: 'error', id: request.id, message: SCENARIO_ERRORS });
    runFixSearch(request, post, cancelled, base, source);
  }
}

/** what a baseline depends on: everything of a request but its id and pod */
type BaselineInputs = Omit<FixSearchRequest, 'id' | 'pod'>;

const baselineInputs = ({ text, fileName, seed, kubernetesVersion, inferredKubernetesVersion }: FixSearchRequest): BaselineInputs =>
  ({ text, fileName, seed, kubernetesVersion, inferredKubernetesVersion });

const sameInputs = (a: BaselineInputs, b: BaselineInputs): boolean =>
  a.text === b.text && a.fileName === b.fileName && a.seed === b.seed && a.kubernetesVersion === b.kubernetesVersion
  && JSON.stringify(a.inferredKubernetesVersion) === JSON.stringify(b.inferredKubernetesVersion);

const SCENARIO_ERRORS = 'the scenario has errors';

/** A candidate's change as a reviewer reads it: its edits without the recreation of the pod that follows a template edit. */
const changeId = (c: { edits: readonly { kind: string }[] }): string => JSON.stringify(c.edits.filter((e) => e.kind !== 'recreate'));

const searchOptions = ({ seed, kubernetesVersion }: FixSearchRequest) => ({ ...(seed === undefined ? {} : { seed }), ...(kubernetesVersion ? { kubernetesVersion } : {}) });

/**
 * Runs a search, calling `post` for each reply; `cancelled` is checked between variants. A caller
 * that has already loaded and simulated the scenario with the request's options (the CLI's
 * --explain) passes that `prepared` baseline instead of paying for both again.
 */
export function runFixSearch(request: FixSearchRequest, post: (reply: FixSearchReply) => void, cancelled: () => boolean = () => false, prepared?: FixSearchBaseline, source: BaselineSource = prepared ? 'kept' : 'loaded'): void {
  const { id, text, fileName, pod } = request;
  const options = searchOptions(request);
  const base = prepared ?? fixSearchBaseline(request);
  if (!base) return post({ type: 'error', id, message: SCENARIO_ERRORS });
  const { scenario, baseline } = base;
  const owner = baseline.pods.find((p) => p.pod === pod)?.owner;
  // the quota, LimitRange and template fixes, verified through the text (admission runs at loading)
  const policy = policyFixSearch({ text, fileName, options, scenario, baseline }, pod);
  const search = policy.workload ? undefined : searchFixes(scenario, baseline, pod, options);
  // a change both searches make (a toleration of a node group's taint is one of the nodes' too) is
  // verified once, by the engine's search — also where the engine's deletes a StatefulSet's pod of
  // an older revision after it (the same change to a reviewer)
  const engineEdits = new Set([...search?.candidates ?? [], ...search?.refused ?? []].map(changeId));
  const policyOwn = policy.candidates.filter((c) => !engineEdits.has(changeId(c)));
  // the likeliest to be approved first, as the engine's search orders its own: the first fix shown comes sooner
  const policyCandidates = rankCandidates(policyOwn.filter((c) => c.refused === undefined));
  const refused = [...search?.refused ?? [], ...policyOwn.filter((c) => c.refused !== undefined)].map((candidate) => ({ candidate, reason: candidate.refused! }));
  post({ type: 'started', id, candidates: (search?.candidates.length ?? 0) + policyCandidates.length, leftOut: search?.leftOut ?? 0, refused, baseline: source });
  let tried = 0;
  for (const candidate of policyCandidates) {
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
