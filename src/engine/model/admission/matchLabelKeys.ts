// upstream: pkg/registry/core/pod/strategy.go (mutatePodAffinity,
// applyMatchLabelKeysAndMismatchLabelKeys, applyLabelKeysToLabelSelector).
// The API server folds matchLabelKeys / mismatchLabelKeys of pod (anti-)affinity terms into the
// term's labelSelector when the pod is created (MatchLabelKeysInPodAffinity, GA in v1.33), so the
// scheduler only ever sees the resulting selector. The scenario loader calls this at admission.

import type {
  Labels, LabelSelector, LabelSelectorOperator, Pod, PodAffinity, PodAffinityTerm, WeightedPodAffinityTerm,
} from '../types';

/** upstream: applyLabelKeysToLabelSelector — keys the pod has no label for are ignored. */
function withLabelKeys(selector: LabelSelector, keys: readonly string[] | undefined, operator: LabelSelectorOperator, podLabels: Labels): LabelSelector {
  const added = (keys ?? [])
    .filter((key) => Object.prototype.hasOwnProperty.call(podLabels, key))
    .map((key) => ({ key, operator, values: [podLabels[key]!] }));
  if (added.length === 0) return selector;
  return { ...selector, matchExpressions: [...(selector.matchExpressions ?? []), ...added] };
}

/**
 * upstream: applyMatchLabelKeysAndMismatchLabelKeys — matchLabelKeys become `key In (value)`,
 * mismatchLabelKeys `key NotIn (value)`. A nil labelSelector matches nothing and is left alone.
 * The keys stay on the term, as the API server keeps them.
 */
function applyToTerm(term: PodAffinityTerm, podLabels: Labels): PodAffinityTerm {
  if (((term.matchLabelKeys ?? []).length === 0 && (term.mismatchLabelKeys ?? []).length === 0) || term.labelSelector == null) return term;
  let selector = withLabelKeys(term.labelSelector, term.matchLabelKeys, 'In', podLabels);
  selector = withLabelKeys(selector, term.mismatchLabelKeys, 'NotIn', podLabels);
  return selector === term.labelSelector ? term : { ...term, labelSelector: selector };
}

function applyToAffinity(a: PodAffinity, podLabels: Labels): PodAffinity {
  const out: PodAffinity = { ...a };
  if (a.preferredDuringSchedulingIgnoredDuringExecution) {
    out.preferredDuringSchedulingIgnoredDuringExecution = a.preferredDuringSchedulingIgnoredDuringExecution
      .map((w): WeightedPodAffinityTerm => ({ ...w, podAffinityTerm: applyToTerm(w.podAffinityTerm, podLabels) }));
  }
  if (a.requiredDuringSchedulingIgnoredDuringExecution) {
    out.requiredDuringSchedulingIgnoredDuringExecution = a.requiredDuringSchedulingIgnoredDuringExecution.map((t) => applyToTerm(t, podLabels));
  }
  return out;
}

/** upstream: mutatePodAffinity — returns a new pod; the input is not changed. */
export function applyMatchLabelKeys(pod: Pod): Pod {
  const affinity = pod.spec.affinity;
  if (affinity == null || (affinity.podAffinity == null && affinity.podAntiAffinity == null)) return pod;
  const labels = pod.metadata.labels ?? {};
  return {
    ...pod,
    spec: {
      ...pod.spec,
      affinity: {
        ...affinity,
        ...(affinity.podAffinity != null ? { podAffinity: applyToAffinity(affinity.podAffinity, labels) } : {}),
        ...(affinity.podAntiAffinity != null ? { podAntiAffinity: applyToAffinity(affinity.podAntiAffinity, labels) } : {}),
      },
    },
  };
}
