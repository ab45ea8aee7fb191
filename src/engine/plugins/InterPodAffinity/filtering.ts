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
import { lazyRecord } from '../../framework/intern';
import { mergeAllNamespaces, Name, namespaceLabelsSnapshot, podMatchesAllAffinityTerms, topologyValue } from './common';
import { CountKind, forEachCount, pairKey, TermCounter, type CountsVersion, type TermCounts } from './termCounts';

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

/** What PreFilter's state reads and changes of a count (a fresh count, or a cycle's version of the kept one). */
export interface MatchedTermCounts {
  readonly size: number;
  get(topologyKey: string, value: string): number;
  /** the pods counted at (topologyKey, value), each once, in the order they were first counted */
  uniquePods(topologyKey: string, value: string): readonly string[];
  updateWithAffinityTerms(terms: readonly AffinityTerm[], pod: PodLabels, podKey: string, node: Node, delta: number): void;
  updateWithAntiAffinityTerms(terms: readonly AffinityTerm[], pod: PodLabels, nsLabels: Labels | undefined, podKey: string, node: Node, delta: number): void;
  update(node: Node, topologyKey: string, delta: number, podKey: string): void;
  toObject(): Record<string, Record<string, number>>;
  podsByPair(limit: number): MatchedPods[];
  clone(): TopologyToMatchedTermCount;
  /** `make`'s value, which reads the counts at `pairs` only: kept while they do not change, where the counts are kept */
  memo<T>(id: string, pairs: readonly (readonly [string, string])[], make: () => T): T;
}

/**
 * upstream: topologyToMatchedTermCount — map[topologyPair]int64. Entries that drop to zero are
 * deleted, so `size` is upstream's len(). We also remember which pods were counted.
 */
export class TopologyToMatchedTermCount implements MatchedTermCounts {
  private readonly pairs = new Map<string, TopologyPairCount>();
  /**
   * A pair's pods each listed once, for the Filter verdicts that name them: computed when a
   * verdict first asks and shared by every node of the domain until the counts change (a domain
   * of 5,000 nodes would otherwise de-duplicate its pods 5,000 times a cycle).
   */
  private readonly unique = new Map<string, readonly string[]>();

  get size(): number { return this.pairs.size; }

  get(topologyKey: string, value: string): number {
    return this.pairs.get(pairKey(topologyKey, value))?.count ?? 0;
  }

  /** upstream: update — adds delta at (topologyKey, node's value) when the node has the label. */
  update(node: Node, topologyKey: string, delta: number, podKey: string): void {
    const value = topologyValue(node, topologyKey);
    if (value !== undefined) this.add(topologyKey, value, delta, podKey);
  }

  add(topologyKey: string, value: string, delta: number, podKey: string): void {
    const k = pairKey(topologyKey, value);
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

  uniquePods(topologyKey: string, value: string): readonly string[] {
    const k = pairKey(topologyKey, value);
    let pods = this.unique.get(k);
    if (!pods) this.unique.set(k, (pods = uniquePods(this.pairs.get(k)?.pods ?? [])));
    return pods;
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

  memo<T>(_id: string, _pairs: readonly (readonly [string, string])[], make: () => T): T {
    return make();
  }

  clone(): TopologyToMatchedTermCount {
    const c = new TopologyToMatchedTermCount();
    for (const [k, e] of this.pairs) c.pairs.set(k, { ...e, pods: [...e.pods] });
    return c;
  }

  /** the count of one kind in a version of the kept counts, as a fresh count gives it */
  static of(version: CountsVersion, kind: CountKind): TopologyToMatchedTermCount {
    const c = new TopologyToMatchedTermCount();
    forEachCount(version, kind, (key, value, podKey) => c.add(key, value, 1, podKey));
    return c;
  }
}

/**
 * One count of a cycle's version of the kept counts (termCounts.ts): read from the live counts
 * while they are this cycle's, and copied into a TopologyToMatchedTermCount of its own once it is
 * changed (AddPod/RemovePod) or the live counts moved on.
 */
class VersionCounts implements MatchedTermCounts {
  private own: TopologyToMatchedTermCount | undefined;

  constructor(private readonly live: TermCounts, private readonly version: CountsVersion, private readonly kind: CountKind) {}

  private fresh(): TopologyToMatchedTermCount | undefined {
    if (!this.own && !this.live.isCurrent(this.version)) this.own = TopologyToMatchedTermCount.of(this.version, this.kind);
    return this.own;
  }

  private mine(): TopologyToMatchedTermCount {
    return (this.own ??= TopologyToMatchedTermCount.of(this.version, this.kind));
  }

  get size(): number { return this.fresh()?.size ?? this.live.size(this.kind); }
  get(topologyKey: string, value: string): number { return this.fresh()?.get(topologyKey, value) ?? this.live.get(this.kind, topologyKey, value); }
  uniquePods(topologyKey: string, value: string): readonly string[] {
    return this.fresh()?.uniquePods(topologyKey, value) ?? this.live.uniquePods(this.kind, topologyKey, value);
  }
  update(node: Node, topologyKey: string, delta: number, podKey: string): void { this.mine().update(node, topologyKey, delta, podKey); }
  updateWithAffinityTerms(terms: readonly AffinityTerm[], pod: PodLabels, podKey: string, node: Node, delta: number): void {
    this.mine().updateWithAffinityTerms(terms, pod, podKey, node, delta);
  }
  updateWithAntiAffinityTerms(terms: readonly AffinityTerm[], pod: PodLabels, nsLabels: Labels | undefined, podKey: string, node: Node, delta: number): void {
    this.mine().updateWithAntiAffinityTerms(terms, pod, nsLabels, podKey, node, delta);
  }
  toObject(): Record<string, Record<string, number>> { return (this.own ?? TopologyToMatchedTermCount.of(this.version, this.kind)).toObject(); }
  podsByPair(limit: number): MatchedPods[] { return (this.own ?? TopologyToMatchedTermCount.of(this.version, this.kind)).podsByPair(limit); }
  clone(): TopologyToMatchedTermCount { return (this.own ?? TopologyToMatchedTermCount.of(this.version, this.kind)).clone(); }
  memo<T>(id: string, pairs: readonly (readonly [string, string])[], make: () => T): T {
    return this.fresh() ? make() : this.live.memo(id, this.kind, pairs, make);
  }
}

/** upstream: preFilterState */
export class PreFilterState implements StateData {
  constructor(
    /** existing pods' required anti-affinity terms that match the incoming pod */
    readonly existingAntiAffinityCounts: MatchedTermCounts,
    /** existing pods that match all of the incoming pod's required affinity terms */
    readonly affinityCounts: MatchedTermCounts,
    /** existing pods that match the incoming pod's required anti-affinity terms */
    readonly antiAffinityCounts: MatchedTermCounts,
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

/** PreFilter's details: the counts and the pods behind them, built from the cycle's version when read. */
function preFilterDetails(version: CountsVersion): Record<string, unknown> {
  return lazyRecord(['existingAntiAffinity', 'affinity', 'antiAffinity', 'pods'], () => {
    const existingAnti = TopologyToMatchedTermCount.of(version, CountKind.ExistingAntiAffinity);
    const affinity = TopologyToMatchedTermCount.of(version, CountKind.Affinity);
    const antiAffinity = TopologyToMatchedTermCount.of(version, CountKind.AntiAffinity);
    return {
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
    };
  });
}

/**
 * upstream: PreFilter. Skip when no existing pod's anti-affinity matches the incoming pod and the
 * incoming pod has no required (anti-)affinity terms. The counts (upstream's
 * getExistingAntiAffinityCounts and getIncomingAffinityAntiAffinityCounts) come from the plugin's
 * TermCounter, which recounts only the nodes changed since its last count.
 */
export function preFilter(
  state: CycleState, pod: PodInfo, allNodes: readonly NodeInfo[],
  nodesWithRequiredAntiAffinityPods: readonly NodeInfo[], cluster: ClusterLister, counter = new TermCounter(),
): { result?: PreFilterResult; status: Status } {
  const affinityTerms = mergeAllNamespaces(pod.requiredAffinityTerms, cluster);
  const antiAffinityTerms = mergeAllNamespaces(pod.requiredAntiAffinityTerms, cluster);
  if (nodesWithRequiredAntiAffinityPods.length === 0 && affinityTerms.length === 0 && antiAffinityTerms.length === 0) return { status: Status.skip() };
  const nsLabels = namespaceLabelsSnapshot(podNamespace(pod.pod), cluster);
  const { counts, version } = counter.count({ pod, namespaceLabels: nsLabels, affinityTerms, antiAffinityTerms }, allNodes);
  const existingAnti = new VersionCounts(counts, version, CountKind.ExistingAntiAffinity);
  if (existingAnti.size === 0 && affinityTerms.length === 0 && antiAffinityTerms.length === 0) return { status: Status.skip() };
  const affinity = new VersionCounts(counts, version, CountKind.Affinity);
  const antiAffinity = new VersionCounts(counts, version, CountKind.AntiAffinity);
  state.write(preFilterStateKey, new PreFilterState(existingAnti, affinity, antiAffinity, pod, affinityTerms, antiAffinityTerms, nsLabels));
  return { status: Status.success().withDetails(preFilterDetails(version)) };
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
  const counts = s.antiAffinityCounts;
  if (counts.size === 0) return Status.success();
  let violated: { index: number; topologyKey: string; topologyValue: string }[] | undefined;
  s.requiredAntiAffinityTerms.forEach((term, index) => {
    const value = topologyValue(node, term.topologyKey);
    if (value !== undefined && counts.get(term.topologyKey, value) > 0) (violated ??= []).push({ index, topologyKey: term.topologyKey, topologyValue: value });
  });
  if (!violated) return Status.success();
  // the verdict names the pairs' counts and pods: one for every node with the same pairs
  const pairs = violated.map((v) => [v.topologyKey, v.topologyValue] as const);
  const id = violated.length === 1 ? `anti${violated[0]!.index}` : JSON.stringify(['anti', violated]);
  return counts.memo(id, pairs, () => Status.unschedulable(ErrReasonAntiAffinityRulesNotMatch).withDetails({
    rule: 'podAntiAffinity',
    terms: violated!.map(({ index, topologyKey, topologyValue: value }) => ({
      index, topologyKey, topologyValue: value, count: counts.get(topologyKey, value), pods: counts.uniquePods(topologyKey, value),
    })),
  }));
}

/** upstream: satisfyExistingPodsAntiAffinity — any label pair of the node an existing pod's anti-affinity covers. */
function checkExistingPodsAntiAffinity(s: PreFilterState, node: Node): Status {
  const counts = s.existingAntiAffinityCounts;
  if (counts.size === 0) return Status.success();
  let domains: [string, string][] | undefined;
  const labels = node.metadata.labels;
  // (for-in in the labels' own order, as Object.entries lists them, without a list of entries per node)
  for (const key in labels) {
    if (!Object.prototype.hasOwnProperty.call(labels, key)) continue;
    const value = labels[key]!;
    if (counts.get(key, value) > 0) (domains ??= []).push([key, value]);
  }
  if (!domains) return Status.success();
  return counts.memo(domains.length === 1 ? 'existing' : JSON.stringify(['existing', domains]), domains, () => Status.unschedulable(ErrReasonExistingAntiAffinityRulesNotMatch).withDetails({
    rule: 'existingPodsAntiAffinity',
    domains: domains!.map(([key, value]) => ({ topologyKey: key, topologyValue: value, count: counts.get(key, value), pods: counts.uniquePods(key, value) })),
  }));
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
