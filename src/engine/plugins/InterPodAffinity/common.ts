// upstream: pkg/scheduler/framework/plugins/interpodaffinity/plugin.go
// (mergeAffinityTermNamespacesIfNotEmpty, GetNamespaceLabelsSnapshot) and the term-matching
// helpers of filtering.go that Filter, Score and the queueing hints share.

import type { ClusterLister } from '../../framework/interfaces';
import { affinityTermMatches, type AffinityTerm, type PodLabels, type WeightedAffinityTerm } from '../../framework/podInfo';
import type { Labels, Node } from '../../model/types';

export const Name = 'InterPodAffinity';

/**
 * upstream: mergeAffinityTermNamespacesIfNotEmpty, for the incoming pod's own terms: the names
 * of the namespaces its namespaceSelector selects are added to the term's namespaces, so an
 * existing pod can be matched without looking up its namespace's labels.
 *
 * In v1.35 the term is passed by value (fwk.AffinityTerm): the namespace set is shared and gets
 * the names, but resetting the selector to Nothing() only touches the copy. The selector therefore
 * stays on the term, and is later matched against empty namespace labels — which only a selector
 * made of NotIn/DoesNotExist requirements matches. We keep that behaviour.
 */
export function mergeAffinityTermNamespaces<T extends AffinityTerm>(term: T, cluster: ClusterLister): T {
  if (term.namespaceSelector.empty) return term;
  const namespaces = new Set(term.namespaces);
  for (const ns of cluster.namespaces()) {
    if (term.namespaceSelector.matches(cluster.namespaceLabels(ns) ?? {})) namespaces.add(ns);
  }
  return { ...term, namespaces };
}

export function mergeAllNamespaces<T extends AffinityTerm | WeightedAffinityTerm>(terms: readonly T[], cluster: ClusterLister): T[] {
  return terms.map((t) => mergeAffinityTermNamespaces(t, cluster));
}

/** upstream: GetNamespaceLabelsSnapshot — an unknown namespace has no labels. */
export function namespaceLabelsSnapshot(namespace: string, cluster: ClusterLister): Labels | undefined {
  const labels = cluster.namespaceLabels(namespace);
  return labels === undefined ? undefined : { ...labels };
}

/**
 * upstream: podMatchesAllAffinityTerms — true iff there is at least one term and the pod matches
 * every one. The incoming pod's terms had their namespaceSelector merged, so no namespace labels.
 */
export function podMatchesAllAffinityTerms(terms: readonly AffinityTerm[], pod: PodLabels): boolean {
  if (terms.length === 0) return false;
  return terms.every((t) => affinityTermMatches(t, pod, undefined));
}

/**
 * upstream: podMatchesAnyAffinityTerms (kubernetes PR #139161, v1.37) — the pod matches at least one
 * term: enough for anti-affinity to repel it.
 */
export function podMatchesAnyAffinityTerms(terms: readonly AffinityTerm[], pod: PodLabels): boolean {
  return terms.some((t) => affinityTermMatches(t, pod, undefined));
}

/** The value of the node's label topologyKey, or undefined when the node does not have it. */
export function topologyValue(node: Node, topologyKey: string): string | undefined {
  const labels = node.metadata.labels;
  return labels !== undefined && Object.prototype.hasOwnProperty.call(labels, topologyKey) ? labels[topologyKey] : undefined;
}
