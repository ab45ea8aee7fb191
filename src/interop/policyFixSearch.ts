// Fixes to the namespace's policy objects — a ResourceQuota's spec.hard, a LimitRange's default
// request, a refused workload's template request — and to the ClusterAutoscaler's node groups
// (a group's max size), verified the way Apply makes them: the YAML
// change is written into the scenario text, the text is loaded again and simulated. Admission
// runs when a pod is created (the first sync is part of loading), so a change to an expanded copy
// would come too late for the pods the controllers made at the start.

import type { SimulateOptions, SimulationResult } from '../engine/api';
import { loadExpandedScenario, startLoadedSimulation, type ExpandedScenario } from '../engine/index';
import { admissionRefusals, defaultsThatDoNotFit, diagnoseCycle, latestCycleOf, refusalsFor, type Candidate, type FailedCandidate, type KubernetesVersion } from '../engine/readers';
import { limitRangeCandidates, livePodsOf, nodeGroupCandidates, refusalCandidates, refusedPodCandidates, refusedPodOf, refusedWorkload, sideEffectsOf, VARIANT_MARGIN_SECONDS, type RefusedWorkload } from '../engine/experiments';
import { applyTextChanges, fixText } from './fixText';
import type { FixView } from './fixView';

export interface PolicySearch {
  candidates: Candidate[];
  /** the refused workload the search is about, when it is one */
  workload?: RefusedWorkload;
  verify(candidate: Candidate): { fix: FixView } | { failed: FailedCandidate };
}

interface Input {
  text: string;
  fileName: string;
  options: SimulateOptions & { kubernetesVersion?: KubernetesVersion };
  scenario: ExpandedScenario;
  baseline: SimulationResult;
}

/** The latest refusals of the workload `target` names (its own name, kind/ns/name, or a ReplicaSet's). */
function refusalsOf(result: Pick<SimulationResult, 'events'>, target: string) {
  return refusalsFor(admissionRefusals(result), target);
}

/**
 * The policy candidates for `target`: a workload whose pods admission refused (raise the quota,
 * lower the template's request), or a Pending pod whose LimitRange defaults fit no node.
 */
export function policyFixSearch(input: Input, target: string): PolicySearch {
  const { text, fileName, options, scenario, baseline } = input;
  const pod = baseline.pods.find((p) => p.pod === target);
  const refusal = pod ? undefined : refusalsOf(baseline, target)[0];
  const workload = refusal && refusedWorkload(scenario, baseline, refusal);
  let candidates: Candidate[] = [];
  // a refused bare Pod: nothing retries it; the file creates it again when loaded with the fix
  const refusedPod = refusal && refusedPodOf(scenario, refusal);
  const podKey = refusedPod ? `${refusedPod.metadata.namespace ?? 'default'}/${refusedPod.metadata.name}` : target;
  if (refusal) candidates = [...refusalCandidates(scenario, baseline, refusal), ...refusedPodCandidates(scenario, refusal)];
  else if (pod && pod.node === undefined) {
    const cycle = latestCycleOf(baseline.cycles, pod.pod);
    const diagnosis = cycle && diagnoseCycle(cycle, baseline.nodes.map((n) => n.name));
    candidates = [...limitRangeCandidates(scenario, pod, defaultsThatDoNotFit(pod, diagnosis), baseline.nodes), ...nodeGroupCandidates(scenario, baseline, pod.pod)];
  }
  const until = options.until ?? baseline.endTime + VARIANT_MARGIN_SECONDS;
  return {
    candidates,
    ...(workload ? { workload } : {}),
    verify(candidate) {
      const fail = (reason: string) => ({ failed: { candidate, reason } });
      const written = fixText(text, candidate.edits, pod?.owner);
      if (!written) return fail('the change cannot be written into this file (an object it changes is not a document of its own)');
      const loaded = loadExpandedScenario(applyTextChanges(text, written.changes), fileName, options.kubernetesVersion);
      const started = loaded.ok && startLoadedSimulation(loaded.scenario, { ...options, until });
      if (!started || !started.ok) return fail('the changed scenario does not load');
      for (const _cycle of started.simulation.run()) { /* to the end */ }
      const result = started.simulation.result();
      const effects = sideEffectsOf(baseline, result, target);
      if (workload) {
        const admitted = admittedPods(result, workload);
        const still = refusalsOf(result, target)[0] ?? refusalsOf(result, workload.owner.slice(workload.owner.indexOf('/') + 1))[0];
        if (still) return fail(`the API server still refuses its pod: ${still.reason}`);
        if (admitted.pods < workload.replicas) return fail(`${workload.owner} has ${admitted.pods} of ${workload.replicas} pods`);
        const fix: FixView = { candidate, node: admitted.nodes[0] ?? '', ...effects, tier: candidate.tier, warnings: candidate.warning ? [candidate.warning] : [], text: written, admitted };
        return { fix };
      }
      if (refusedPod) {
        const still = refusalsFor(admissionRefusals(result), refusal!.object).find((r) => r.object === refusal!.object);
        if (still) return fail(`the API server still refuses the pod: ${still.reason}`);
      }
      const outcome = result.pods.find((p) => p.pod === podKey);
      if (outcome?.node === undefined || outcome.deletedAt !== undefined) return fail(`the pod stays ${outcome?.phase ?? 'Pending'}${outcome?.message ? `: ${outcome.message}` : ''}`);
      return { fix: { candidate, node: outcome.node, ...effects, tier: candidate.tier, warnings: candidate.warning ? [candidate.warning] : [], text: written } };
    },
  };
}

/** The workload's live pods at the end of a run, how many are scheduled, and where. */
function admittedPods(result: SimulationResult, workload: RefusedWorkload): NonNullable<FixView['admitted']> {
  const mine = livePodsOf(result, workload);
  const nodes = [...new Set(mine.flatMap((p) => (p.node === undefined ? [] : [p.node])))];
  return { workload: `${workload.owner.replace('/', ` ${workload.namespace}/`)}`, pods: mine.length, scheduled: mine.filter((p) => p.node !== undefined).length, nodes };
}
