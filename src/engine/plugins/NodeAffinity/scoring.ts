import type { CycleState, StateData } from '../../framework/cycleState';
import { MAX_NODE_SCORE, type NodeScoreEntry } from '../../framework/interfaces';
import { Status } from '../../framework/status';
import { aggregateErrorString, newPreferredSchedulingTerms, type PreferredSchedulingTerms } from '../../model/selectors';
import type { Node, Pod } from '../../model/types';
import { defaultNormalizeScore } from '../helper/normalizeScore';
import type { AddedAffinity } from './args';
import { Name } from './filtering';

/** upstream: preScoreStateKey */
export const preScoreStateKey = `PreScore${Name}`;

class PreScoreState implements StateData {
  constructor(readonly preferredNodeAffinity: PreferredSchedulingTerms | undefined) {}
  clone(): StateData { return this; }
}

/**
 * upstream: getPodPreferredNodeAffinity — undefined when the pod has no preferred terms field;
 * an error Status when a term does not parse.
 */
function podPreferredNodeAffinity(pod: Pod): { terms?: PreferredSchedulingTerms; error?: Status } {
  const preferred = pod.spec.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution;
  if (preferred === undefined) return {};
  const parsed = newPreferredSchedulingTerms(preferred);
  if (parsed.errors.length > 0) return { error: Status.error(aggregateErrorString(parsed.errors)) };
  return { terms: parsed.terms };
}

/** upstream: PreScore — Skip when neither the pod nor addedAffinity has preferred terms. */
export function preScoreNodeAffinity(state: CycleState, pod: Pod, added: AddedAffinity): Status {
  const { terms, error } = podPreferredNodeAffinity(pod);
  if (error) return error;
  if (terms === undefined && added.preferredSchedulingTerms === undefined) return Status.skip();
  state.write(preScoreStateKey, new PreScoreState(terms));
  return Status.success();
}

/** upstream: Score — the sum of the weights of the preferred terms (pod's and added) the node matches. */
export function scoreNodeAffinity(state: CycleState, pod: Pod, node: Node, added: AddedAffinity): number | Status {
  let count = added.preferredSchedulingTerms?.score(node) ?? 0;
  const s = state.read<PreScoreState>(preScoreStateKey);
  let preferred = s?.preferredNodeAffinity;
  if (!s) {
    // without PreScore (disabled in the profile) the terms are parsed here
    const parsed = podPreferredNodeAffinity(pod);
    if (parsed.error) return parsed.error;
    preferred = parsed.terms;
  }
  if (preferred) count += preferred.score(node);
  return count;
}

export function normalizeNodeAffinityScore(scores: NodeScoreEntry[]): Status {
  return defaultNormalizeScore(MAX_NODE_SCORE, false, scores);
}
