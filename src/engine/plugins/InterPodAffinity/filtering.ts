// upstream: pkg/scheduler/framework/plugins/interpodaffinity/filtering.go (v1.35)
// PreFilter counts, per topology pair (key, value), the existing pods that matter to the incoming
// pod; Filter then only looks the node's pairs up. AddPod/RemovePod keep the counts right while
// preemption dry-runs remove victims and add nominated pods.

import type { CycleState, StateData } from '../../framework/cycleState';
import type { ClusterLister, PreFilterResult } from '../../framework/interfaces';
import type { NodeInfo } from '../../framework/nodeInfo';
import { affinityTermMatches, podNamespace, type AffinityTerm, type PodInfo, type PodLabels } from '../../framework/podInfo';
import { Status } from '../../framework/status';
import type { Labels, Node } from '../../model/types';
import { mergeAllNamespaces, Name, namespaceLabelsSnapshot, podMatchesAllAffinityTerms, topologyValue } from './common';

/** upstream: preFilterStateKey */
export const preFilterStateKey = `PreFilter${Name}`;

/** upstream: ErrReasonExistingAntiAffinityRulesNotMatch */
export const ErrReasonExistingAntiAffinityRulesNotMatch = "node(s) didn't satisfy existing pods anti-affinity rules";
/** upstream: ErrReasonAffinityRulesNotMatch */
export const ErrReasonAffinityRulesNotMatch = "node(s) didn't match pod affinity rules";
/** upstream: ErrReasonAntiAffinityRulesNotMatch */
export const ErrReasonAntiAffinityRulesNotMatch = "node(s) didn't match pod anti-affinity rules";

export interface TopologyPairCount {
  topologyKey: string;
  topologyValue: string;
  count: number;
  /** keys of the pods counted here (one entry per counted term), for explanations */
  pods: string[];
}

/** Existing pods that matter to the incoming pod in one topology domain (PreFilter details). */
export interface MatchedPods {
  topologyKey: string;
  topologyValue: string;
  pods: string[];
}

/** Pods listed per relation in PreFilter's details: enough to draw, bounded on big clusters. */
export const MATCHED_PODS_LISTED = 50;

/**
 * upstream: topologyToMatchedTermCount — map[topologyPair]int64. Entries that drop to zero are
 * deleted, so `size` is upstream's len(). We also remember which pods were counted.
 */
export class TopologyToMatchedTermCount {
  private readonly pairs = new Map<string, TopologyPairCount>();
  /**
   * A pair's pods each listed once, for the Filter verdicts that name them: computed when a
   * verdict first asks and shared by every node of the domain until the counts change (a domain
   * of 5,000 nodes would otherwise de-duplicate its pods 5,000 times a cycle).
   */
  private readonly unique = new Map<string, readonly string[]>();

  private static pairKey(topologyKey: string, value: string): string {
    return `${topologyKey}\u0000${value}`;
  }

  get size(): number { return this.pairs.size; }

  get(topologyKey: string, value: string): number {
    return this.pairs.get(TopologyToMatchedTermCount.pairKey(topologyKey, value))?.count ?? 0;
  }

  pair(topologyKey: string, value: string): TopologyPairCount | undefined {
    return this.pairs.get(TopologyToMatchedTermCount.pairKey(topologyKey, value));
  }

  /** upstream: update — adds delta at (topologyKey, node's value) when the node has the label. */
  update(node: Node, topologyKey: string, delta: number, podKey: string): void {
    const value = topologyValue(node, topologyKey);
    if (value === undefined) return;
    const k = TopologyToMatchedTermCount.pairKey(topologyKey, value);
    this.unique.delete(k);
    let entry = this.pairs.get(k);
    if (!entry) this.pairs.set(k, (entry = { topologyKey, topologyValue: value, count: 0, pods: [] }));
    entry.count += delta;
    if (delta > 0) entry.pods.push(podKey);
    else {
      const i = entry.pods.lastIndexOf(podKey);
      if (i >= 0) entry.pods.splice(i, 1);
    }
    if (entry.count === 0) this.pairs.delete(k);
  }

  /** upstream: updateWithAffinityTerms — every term counts, but only if the pod matches all of them. */
  updateWithAffinityTerms(terms: readonly AffinityTerm[], pod: PodLabels, podKey: string, node: Node, delta: number): void {
    if (!podMatchesAllAffinityTerms(terms, pod)) return;
    for (const t of terms) this.update(node, t.topologyKey, delta, podKey);
  }

  /** upstream: updateWithAntiAffinityTerms — each term the pod matches counts on its own. */
  updateWithAntiAffinityTerms(terms: readonly AffinityTerm[], pod: PodLabels, nsLabels: Labels | undefined, podKey: string, node: Node, delta: number): void {
    for (const t of terms) if (affinityTermMatches(t, pod, nsLabels)) this.update(node, t.topologyKey, delta, podKey);
  }

  /** the pods counted at (topologyKey, value), each once, in the order they were first counted */
  uniquePods(topologyKey: string, value: string): readonly string[] {
    const k = TopologyToMatchedTermCount.pairKey(topologyKey, value);
    let pods = this.unique.get(k);
    if (!pods) this.unique.set(k, (pods = uniquePods(this.pairs.get(k)?.pods ?? [])));
    return pods;
  }

  entries(): TopologyPairCount[] {
    return [...this.pairs.values()];
  }

  /** the pods counted per topology pair, each pod once and at most `limit` in all, for explanations */
  podsByPair(limit: number): MatchedPods[] {
    const out: MatchedPods[] = [];
    let left = limit;
    for (const e of this.pairs.values()) {
      if (left <= 0) break;
      const pods = uniquePods(e.pods).slice(0, left);
      left -= pods.length;
      out.push({ topologyKey: e.topologyKey, topologyValue: e.topologyValue, pods });
    }
    return out;
  }

  /** as a plain object {key: {value: count}}, for explanations and tests */
  toObject(): Record<string, Record<string, number>> {
    const out: Record<string, Record<string, number>> = {};
    for (const e of this.pairs.values()) (out[e.topologyKey] ??= {})[e.topologyValue] = e.count;
    return out;
  }

  clone(): TopologyToMatchedTermCount {
    const c = new TopologyToMatchedTermCount();
    for (const [k, e] of this.pairs) c.pairs.set(k, { ...e, pods: [...e.pods] });
    return c;
  }
}

/** upstream: preFilterState */
export class PreFilterState implements StateData {
  constructor(
    /** existing pods' required anti-affinity terms that match the incoming pod */
    readonly existingAntiAffinityCounts: TopologyToMatchedTermCount,
    /** existing pods that match all of the incoming pod's required affinity terms */
    readonly affinityCounts: TopologyToMatchedTermCount,
    /** existing pods that match the incoming pod's required anti-affinity terms */
    readonly antiAffinityCounts: TopologyToMatchedTermCount,
    readonly pod: PodInfo,
    /** the incoming pod's required terms, namespaceSelector merged into namespaces */
    readonly requiredAffinityTerms: readonly AffinityTerm[],
    readonly requiredAntiAffinityTerms: readonly AffinityTerm[],
    /** a copy of the incoming pod's namespace labels */
    readonly namespaceLabels: Labels | undefined,
  ) {}

  clone(): PreFilterState {
    return new PreFilterState(
      this.existingAntiAffinityCounts.clone(), this.affinityCounts.clone(), this.antiAffinityCounts.clone(),
      this.pod, this.requiredAffinityTerms, this.requiredAntiAffinityTerms, this.namespaceLabels,
    );
  }

  /** upstream: updateWithPod — multiplier +1 for AddPod, -1 for RemovePod. */
  updateWithPod(p: PodInfo, node: Node, multiplier: number): void {
    this.existingAntiAffinityCounts.updateWithAntiAffinityTerms(p.requiredAntiAffinityTerms, this.pod, this.namespaceLabels, p.key, node, multiplier);
    this.affinityCounts.updateWithAffinityTerms(this.requiredAffinityTerms, p, p.key, node, multiplier);
    // The incoming pod's terms have the namespaceSelector merged: no namespace labels needed.
    this.antiAffinityCounts.updateWithAntiAffinityTerms(this.requiredAntiAffinityTerms, p, undefined, p.key, node, multiplier);
  }
}

/** upstream: getExistingAntiAffinityCounts — over the nodes that host pods with required anti-affinity. */
function existingAntiAffinityCounts(pod: PodInfo, nsLabels: Labels | undefined, nodes: readonly NodeInfo[]): TopologyToMatchedTermCount {
  const counts = new TopologyToMatchedTermCount();
  for (const nodeInfo of nodes) {
    for (const existing of nodeInfo.podsWithRequiredAntiAffinity) {
      counts.updateWithAntiAffinityTerms(existing.requiredAntiAffinityTerms, pod, nsLabels, existing.key, nodeInfo.node, 1);
    }
  }
  return counts;
}

/** upstream: getIncomingAffinityAntiAffinityCounts — over every node given to PreFilter. */
function incomingAffinityAntiAffinityCounts(
  affinityTerms: readonly AffinityTerm[], antiAffinityTerms: readonly AffinityTerm[], nodes: readonly NodeInfo[],
): [TopologyToMatchedTermCount, TopologyToMatchedTermCount] {
  const affinity = new TopologyToMatchedTermCount();
  const antiAffinity = new TopologyToMatchedTermCount();
  if (affinityTerms.length === 0 && antiAffinityTerms.length === 0) return [affinity, antiAffinity];
  for (const nodeInfo of nodes) {
    for (const existing of nodeInfo.pods) {
      affinity.updateWithAffinityTerms(affinityTerms, existing, existing.key, nodeInfo.node, 1);
      antiAffinity.updateWithAntiAffinityTerms(antiAffinityTerms, existing, undefined, existing.key, nodeInfo.node, 1);
    }
  }
  return [affinity, antiAffinity];
}

/**
 * upstream: PreFilter. Skip when no existing pod's anti-affinity matches the incoming pod and the
 * incoming pod has no required (anti-)affinity terms.
 */
export function preFilter(
  state: CycleState, pod: PodInfo, allNodes: readonly NodeInfo[],
  nodesWithRequiredAntiAffinityPods: readonly NodeInfo[], cluster: ClusterLister,
): { result?: PreFilterResult; status: Status } {
  const affinityTerms = mergeAllNamespaces(pod.requiredAffinityTerms, cluster);
  const antiAffinityTerms = mergeAllNamespaces(pod.requiredAntiAffinityTerms, cluster);
  const nsLabels = namespaceLabelsSnapshot(podNamespace(pod.pod), cluster);
  const existingAnti = existingAntiAffinityCounts(pod, nsLabels, nodesWithRequiredAntiAffinityPods);
  const [affinity, antiAffinity] = incomingAffinityAntiAffinityCounts(affinityTerms, antiAffinityTerms, allNodes);
  if (existingAnti.size === 0 && affinityTerms.length === 0 && antiAffinityTerms.length === 0) return { status: Status.skip() };
  state.write(preFilterStateKey, new PreFilterState(existingAnti, affinity, antiAffinity, pod, affinityTerms, antiAffinityTerms, nsLabels));
  return {
    status: Status.success().withDetails({
      existingAntiAffinity: existingAnti.toObject(),
      affinity: affinity.toObject(),
      antiAffinity: antiAffinity.toObject(),
      // which pods: existing pods whose required anti-affinity matches the incoming pod, and
      // existing pods matching the incoming pod's required affinity / anti-affinity terms
      pods: {
        existingAntiAffinity: existingAnti.podsByPair(MATCHED_PODS_LISTED),
        affinity: affinity.podsByPair(MATCHED_PODS_LISTED),
        antiAffinity: antiAffinity.podsByPair(MATCHED_PODS_LISTED),
      },
    }),
  };
}

export function getPreFilterState(state: CycleState): PreFilterState | Status {
  const s = state.read<PreFilterState>(preFilterStateKey);
  // upstream: fmt.Errorf("error reading %q from cycleState: %w", preFilterStateKey, ErrNotFound)
  return s ?? Status.error(`error reading "${preFilterStateKey}" from cycleState: not found`);
}

/** upstream: AddPod / RemovePod */
export function updateStateWithPod(state: CycleState, p: PodInfo, nodeInfo: NodeInfo, multiplier: 1 | -1): Status {
  const s = getPreFilterState(state);
  if (s instanceof Status) return s;
  s.updateWithPod(p, nodeInfo.node, multiplier);
  return Status.success();
}

function uniquePods(pods: readonly string[]): string[] {
  return [...new Set(pods)];
}

/**
 * upstream: satisfyPodAffinity. Every topology key must be on the node; a domain with no
 * matching pod fails, unless no pod anywhere matches and the pod matches its own terms (the
 * first pod of a group with affinity to itself).
 */
function checkPodAffinity(s: PreFilterState, node: Node): Status {
  let podsExist = true;
  let missingKey = false;
  for (const term of s.requiredAffinityTerms) {
    const value = topologyValue(node, term.topologyKey);
    if (value === undefined) missingKey = true;
    else if (s.affinityCounts.get(term.topologyKey, value) <= 0) podsExist = false;
  }
  const matchingPodsAnywhere = s.affinityCounts.size > 0;
  const podMatchesOwnTerms = podMatchesAllAffinityTerms(s.requiredAffinityTerms, s.pod);
  if (!missingKey && (podsExist || (!matchingPodsAnywhere && podMatchesOwnTerms))) return Status.success();
  // the explanation, built only for a node that fails
  const terms = s.requiredAffinityTerms.map((term, index) => {
    const value = topologyValue(node, term.topologyKey);
    if (value === undefined) return { index, topologyKey: term.topologyKey, topologyValue: null, count: 0 };
    const count = s.affinityCounts.get(term.topologyKey, value);
    return { index, topologyKey: term.topologyKey, topologyValue: value, count, pods: s.affinityCounts.uniquePods(term.topologyKey, value) };
  });
  return Status.unresolvable(ErrReasonAffinityRulesNotMatch).withDetails({
    rule: 'podAffinity', terms, missingTopologyKey: missingKey, matchingPodsAnywhere, podMatchesOwnTerms,
  });
}

/** upstream: satisfyPodAntiAffinity — a domain of the node already holds a pod the pod avoids. */
function checkPodAntiAffinity(s: PreFilterState, node: Node): Status {
  if (s.antiAffinityCounts.size === 0) return Status.success();
  const violated: Record<string, unknown>[] = [];
  s.requiredAntiAffinityTerms.forEach((term, index) => {
    const value = topologyValue(node, term.topologyKey);
    if (value === undefined) return;
    const pair = s.antiAffinityCounts.pair(term.topologyKey, value);
    if (pair && pair.count > 0) violated.push({ index, topologyKey: term.topologyKey, topologyValue: value, count: pair.count, pods: s.antiAffinityCounts.uniquePods(term.topologyKey, value) });
  });
  if (violated.length === 0) return Status.success();
  return Status.unschedulable(ErrReasonAntiAffinityRulesNotMatch).withDetails({ rule: 'podAntiAffinity', terms: violated });
}

/** upstream: satisfyExistingPodsAntiAffinity — any label pair of the node an existing pod's anti-affinity covers. */
function checkExistingPodsAntiAffinity(s: PreFilterState, node: Node): Status {
  if (s.existingAntiAffinityCounts.size === 0) return Status.success();
  const domains: Record<string, unknown>[] = [];
  for (const [key, value] of Object.entries(node.metadata.labels ?? {})) {
    const pair = s.existingAntiAffinityCounts.pair(key, value);
    if (pair && pair.count > 0) domains.push({ topologyKey: key, topologyValue: value, count: pair.count, pods: s.existingAntiAffinityCounts.uniquePods(key, value) });
  }
  if (domains.length === 0) return Status.success();
  return Status.unschedulable(ErrReasonExistingAntiAffinityRulesNotMatch).withDetails({ rule: 'existingPodsAntiAffinity', domains });
}

/** upstream: Filter — affinity, then anti-affinity, then existing pods' anti-affinity. */
export function filter(state: CycleState, nodeInfo: NodeInfo): Status {
  const s = getPreFilterState(state);
  if (s instanceof Status) return s;
  const affinity = checkPodAffinity(s, nodeInfo.node);
  if (!affinity.isSuccess()) return affinity;
  const anti = checkPodAntiAffinity(s, nodeInfo.node);
  if (!anti.isSuccess()) return anti;
  return checkExistingPodsAntiAffinity(s, nodeInfo.node);
}
