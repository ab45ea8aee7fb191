// upstream: pkg/scheduler/framework/types.go (PodInfo, AffinityTerm, WeightedAffinityTerm)
// Everything the plugins need about a pod, computed once when the pod enters the cache or queue.

import { compileLabelSelector, type Selector } from '../model/selectors';
import type { Labels, Pod, PodAffinityTerm, WeightedPodAffinityTerm } from '../model/types';
import { podKey } from '../model/types';
import { computePodRequests, finishedRequest, type Resource } from './resources';

export interface AffinityTerm {
  namespaces: ReadonlySet<string>;
  selector: Selector;
  topologyKey: string;
  namespaceSelector: Selector;
}

export interface WeightedAffinityTerm extends AffinityTerm {
  weight: number;
}

/** What selector and affinity-term matching read of a pod. */
export interface PodLabels {
  /** metadata.namespace, "default" when unset */
  readonly namespace: string;
  /** metadata.labels ({} when unset) */
  readonly labels: Labels;
}

export interface PodInfo extends PodLabels {
  readonly pod: Pod;
  readonly key: string;
  readonly requests: Resource;
  readonly nonZeroRequests: Resource;
  readonly requiredAffinityTerms: AffinityTerm[];
  readonly requiredAntiAffinityTerms: AffinityTerm[];
  readonly preferredAffinityTerms: WeightedAffinityTerm[];
  readonly preferredAntiAffinityTerms: WeightedAffinityTerm[];
}

export function podNamespace(pod: Pod): string {
  return pod.metadata.namespace ?? 'default';
}

/**
 * upstream: getNamespacesFromPodAffinityTerm — no namespaces and a nil namespaceSelector mean the
 * owning pod's namespace; otherwise the listed names (the selector is matched separately).
 */
function termNamespaces(pod: Pod, term: PodAffinityTerm): Set<string> {
  if ((term.namespaces ?? []).length === 0 && term.namespaceSelector == null) return new Set([podNamespace(pod)]);
  return new Set(term.namespaces ?? []);
}

export function newAffinityTerm(pod: Pod, term: PodAffinityTerm): AffinityTerm {
  return {
    namespaces: termNamespaces(pod, term),
    selector: compileLabelSelector(term.labelSelector),
    topologyKey: term.topologyKey,
    namespaceSelector: compileLabelSelector(term.namespaceSelector),
  };
}

function weightedTerms(pod: Pod, terms: WeightedPodAffinityTerm[] | undefined): WeightedAffinityTerm[] {
  // upstream: getWeightedAffinityTerms skips nothing; weight 0 terms are rejected by API validation.
  return (terms ?? []).map((t) => ({ ...newAffinityTerm(pod, t.podAffinityTerm), weight: t.weight }));
}

/** upstream: AffinityTerm.Matches — namespace (by name or selector) and label selector. */
export function affinityTermMatches(term: AffinityTerm, pod: PodLabels, namespaceLabels: Labels | undefined): boolean {
  if (term.namespaces.has(pod.namespace) || term.namespaceSelector.matches(namespaceLabels ?? {})) {
    return term.selector.matches(pod.labels);
  }
  return false;
}

/** The namespace and labels of a pod that has no PodInfo at hand. */
export function podLabels(pod: Pod): PodLabels {
  return { namespace: podNamespace(pod), labels: pod.metadata.labels ?? {} };
}

const NO_LABELS: Labels = Object.freeze({});
/** one frozen list for a pod without terms of a kind (most pods: four lists each) */
const NO_TERMS = Object.freeze([]) as unknown as WeightedAffinityTerm[];

function terms<T>(list: T[]): T[] {
  return list.length === 0 ? (NO_TERMS as unknown as T[]) : list;
}

export function newPodInfo(pod: Pod): PodInfo {
  const a = pod.spec.affinity;
  // namespace and labels are read for every pod in every cycle (PreFilter, PreScore): kept here, beside the pod
  return {
    namespace: podNamespace(pod),
    labels: pod.metadata.labels ?? NO_LABELS,
    pod,
    key: podKey(pod),
    requests: finishedRequest(computePodRequests(pod, false)),
    nonZeroRequests: finishedRequest(computePodRequests(pod, true)),
    requiredAffinityTerms: terms((a?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).map((t) => newAffinityTerm(pod, t))),
    requiredAntiAffinityTerms: terms((a?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).map((t) => newAffinityTerm(pod, t))),
    preferredAffinityTerms: terms(weightedTerms(pod, a?.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution)),
    preferredAntiAffinityTerms: terms(weightedTerms(pod, a?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution)),
  };
}

/**
 * upstream: podWithAffinity (framework/types.go) — the pod has a podAffinity or podAntiAffinity
 * stanza, even an empty one. NodeInfo.podsWithAffinity and the snapshot's havePodsWithAffinityList
 * follow it.
 */
export function podHasAffinity(p: PodInfo): boolean {
  const a = p.pod.spec.affinity;
  return a != null && (a.podAffinity != null || a.podAntiAffinity != null);
}

/** upstream: corev1 helper PodPriority — nil priority is 0. */
export function podPriority(pod: Pod): number {
  return pod.spec.priority ?? 0;
}
