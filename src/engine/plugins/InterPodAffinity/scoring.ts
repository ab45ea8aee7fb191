// upstream: pkg/scheduler/framework/plugins/interpodaffinity/scoring.go (v1.35)
// PreScore sums, per topology pair, the weights of the preferred terms (both directions) and of
// existing pods' required affinity terms; Score reads the node's pairs; NormalizeScore is min-max.

import type { CycleState, StateData } from '../../framework/cycleState';
import { MAX_NODE_SCORE, type ClusterLister, type NodeScoreEntry } from '../../framework/interfaces';
import type { NodeInfo } from '../../framework/nodeInfo';
import { affinityTermMatches, podNamespace, type AffinityTerm, type PodInfo, type PodLabels, type WeightedAffinityTerm } from '../../framework/podInfo';
import { lazyRecord } from '../../framework/intern';
import type { Snapshot } from '../../framework/snapshot';
import { Status } from '../../framework/status';
import type { Labels, Node } from '../../model/types';
import { mergeAllNamespaces, Name, namespaceLabelsSnapshot, topologyValue } from './common';
import { forEachContribution, KeptSums, NodeContributions, type ContributionsVersion } from './nodeContributions';

/** upstream: preScoreStateKey */
export const preScoreStateKey = `PreScore${Name}`;

/** the plugin's resolved args (upstream config.InterPodAffinityArgs) */
export interface InterPodAffinityConfig {
  hardPodAffinityWeight: number;
  ignorePreferredTermsOfExistingPods: boolean;
}

/** upstream: scoreMap — topologyKey -> topologyValue -> score */
export class ScoreMap {
  readonly scores = new Map<string, Map<string, number>>();

  /** upstream: processTerm */
  processTerm(term: AffinityTerm, weight: number, pod: PodLabels, nsLabels: Labels | undefined, node: Node, multiplier: number): void {
    if (!affinityTermMatches(term, pod, nsLabels)) return;
    const value = topologyValue(node, term.topologyKey);
    if (value === undefined) return;
    this.add(term.topologyKey, value, weight * multiplier);
  }

  add(topologyKey: string, value: string, delta: number): void {
    let byValue = this.scores.get(topologyKey);
    if (!byValue) this.scores.set(topologyKey, (byValue = new Map()));
    byValue.set(value, (byValue.get(value) ?? 0) + delta);
  }

  processTerms(terms: readonly WeightedAffinityTerm[], pod: PodLabels, nsLabels: Labels | undefined, node: Node, multiplier: number): void {
    for (const t of terms) this.processTerm(t, t.weight, pod, nsLabels, node, multiplier);
  }

  get size(): number { return this.scores.size; }

  toObject(): Record<string, Record<string, number>> {
    const out: Record<string, Record<string, number>> = {};
    for (const [key, byValue] of this.scores) out[key] = Object.fromEntries(byValue);
    return out;
  }
}

/** upstream: preScoreState — the kept scores while they are this cycle's, else the cycle's version summed afresh */
export class PreScoreState implements StateData {
  private own: ScoreMap | undefined;
  constructor(private readonly kept: KeptScores, private readonly version: ContributionsVersion<ScoreContribution>) {}

  private fresh(): ScoreMap | undefined {
    if (!this.own && !this.kept.isCurrent(this.version)) this.own = scoreMapOf(this.version);
    return this.own;
  }

  /** how many topology keys have scores */
  get size(): number {
    return this.fresh()?.size ?? this.kept.live.size;
  }

  /** upstream: Score's sum over the node's topology pairs */
  scoreOf(node: Node): number {
    let total = 0;
    const own = this.fresh();
    if (own) {
      for (const [key, byValue] of own.scores) {
        const value = topologyValue(node, key);
        if (value !== undefined) total += byValue.get(value) ?? 0;
      }
      return total;
    }
    for (const [key, { byValue }] of this.kept.live) {
      const value = topologyValue(node, key);
      if (value !== undefined) total += byValue.get(value)?.score ?? 0;
    }
    return total;
  }

  /** upstream shares the state between copies: it is not changed after PreScore */
  clone(): PreScoreState { return this; }
}

interface IncomingPod {
  pod: PodInfo;
  /** preferred terms with the namespaceSelector merged into namespaces */
  preferredAffinityTerms: readonly WeightedAffinityTerm[];
  preferredAntiAffinityTerms: readonly WeightedAffinityTerm[];
  namespaceLabels: Labels | undefined;
}

/** upstream: processExistingPod (its check that the node has labels is made once per node, by the caller) */
function processExistingPod(incoming: IncomingPod, existing: PodInfo, node: Node, args: InterPodAffinityConfig, topoScore: ScoreMap): void {
  // The incoming pod's preferred terms against the existing pod (namespaces already merged).
  topoScore.processTerms(incoming.preferredAffinityTerms, existing, undefined, node, 1);
  topoScore.processTerms(incoming.preferredAntiAffinityTerms, existing, undefined, node, -1);
  // The existing pod's terms against the incoming pod, with the incoming pod's namespace labels.
  if (args.hardPodAffinityWeight > 0) {
    for (const t of existing.requiredAffinityTerms) topoScore.processTerm(t, args.hardPodAffinityWeight, incoming.pod, incoming.namespaceLabels, node, 1);
  }
  topoScore.processTerms(existing.preferredAffinityTerms, incoming.pod, incoming.namespaceLabels, node, 1);
  topoScore.processTerms(existing.preferredAntiAffinityTerms, incoming.pod, incoming.namespaceLabels, node, -1);
}

/** one existing pod's term scored at a topology pair of its node */
interface ScoreContribution {
  readonly topologyKey: string;
  readonly topologyValue: string;
  readonly delta: number;
}

/** What a node adds to the scores, in the order upstream's processExistingPod meets it. */
function scoreContributionsOf(incoming: IncomingPod, info: NodeInfo, args: InterPodAffinityConfig, allPods: boolean): readonly ScoreContribution[] {
  // upstream: processExistingPod returns at once for a node without labels
  if (Object.keys(info.node.metadata.labels ?? {}).length === 0) return NO_CONTRIBUTIONS;
  const recorder = new ContributionRecorder();
  for (const existing of allPods ? info.pods : info.podsWithAffinity) processExistingPod(incoming, existing, info.node, args, recorder);
  return recorder.out.length ? Object.freeze(recorder.out) : NO_CONTRIBUTIONS;
}

/** A ScoreMap that lists what is added instead of summing it. */
class ContributionRecorder extends ScoreMap {
  readonly out: ScoreContribution[] = [];
  override add(topologyKey: string, value: string, delta: number): void {
    this.out.push({ topologyKey, topologyValue: value, delta });
  }
}

const NO_CONTRIBUTIONS: readonly ScoreContribution[] = Object.freeze([]);

/** a pair's live score and how many contributions make it (an entry stays while any does, even at 0) */
interface PairScore { score: number; contributions: number }

/** The scores of one incoming pod shape over one node list, brought up to date each cycle (nodeContributions.ts). */
class KeptScores {
  /** topologyKey -> value -> score, with the number of contributions per key */
  readonly live = new Map<string, { contributions: number; byValue: Map<string, PairScore> }>();
  private readonly store: NodeContributions<ScoreContribution>;

  constructor(readonly nodes: readonly NodeInfo[], private incoming: IncomingPod, args: InterPodAffinityConfig, allPods: boolean) {
    this.store = new NodeContributions(nodes, {
      of: (info) => scoreContributionsOf(this.incoming, info, args, allPods),
      same: (a, b) => a.topologyKey === b.topologyKey && a.topologyValue === b.topologyValue && a.delta === b.delta,
      changed: (_j, before, now) => {
        for (const c of before) this.add(c, -1);
        for (const c of now) this.add(c, 1);
      },
    });
  }

  refresh(incoming: IncomingPod): ContributionsVersion<ScoreContribution> {
    this.incoming = incoming;
    return this.store.refresh();
  }

  isCurrent(version: ContributionsVersion<ScoreContribution>): boolean {
    return this.store.isCurrent(version);
  }

  private add(c: ScoreContribution, sign: 1 | -1): void {
    let key = this.live.get(c.topologyKey);
    if (!key) this.live.set(c.topologyKey, (key = { contributions: 0, byValue: new Map() }));
    let pair = key.byValue.get(c.topologyValue);
    if (!pair) key.byValue.set(c.topologyValue, (pair = { score: 0, contributions: 0 }));
    pair.score += sign * c.delta;
    pair.contributions += sign;
    key.contributions += sign;
    if (pair.contributions === 0) key.byValue.delete(c.topologyValue);
    if (key.contributions === 0) this.live.delete(c.topologyKey);
  }
}

/** The scores of a version, as a fresh PreScore accumulates them (keys and values in first-met order). */
function scoreMapOf(version: ContributionsVersion<ScoreContribution>): ScoreMap {
  const m = new ScoreMap();
  forEachContribution(version, (c) => {
    let byValue = m.scores.get(c.topologyKey);
    if (!byValue) m.scores.set(c.topologyKey, (byValue = new Map()));
    byValue.set(c.topologyValue, (byValue.get(c.topologyValue) ?? 0) + c.delta);
  });
  return m;
}

/** The plugin's kept scores, one per incoming pod shape. */
export class ScoreKeeper {
  private readonly kept = new KeptSums<KeptScores>();

  scores(incoming: IncomingPod, nodes: readonly NodeInfo[], args: InterPodAffinityConfig, allPods: boolean): { scores: KeptScores; version: ContributionsVersion<ScoreContribution> } {
    const a = incoming.pod.pod.spec.affinity;
    const signature = JSON.stringify([
      allPods, incoming.pod.namespace, incoming.pod.labels, incoming.namespaceLabels ?? null,
      a?.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? null,
      a?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? null,
      incoming.preferredAffinityTerms.map((t) => [...t.namespaces]),
      incoming.preferredAntiAffinityTerms.map((t) => [...t.namespaces]),
    ]);
    const scores = this.kept.get(signature, nodes, () => new KeptScores(nodes, incoming, args, allPods));
    return { scores, version: scores.refresh(incoming) };
  }
}

/**
 * upstream: PreScore. Unless the incoming pod has preferred terms, only nodes (and pods) with
 * affinity are looked at. Skip when nothing was accumulated, or when existing pods' preferred
 * terms are ignored and the pod has none of its own. The sums come from the plugin's
 * ScoreKeeper, which recomputes only the nodes changed since its last sum.
 */
export function preScore(state: CycleState, pod: PodInfo, snapshot: Snapshot, cluster: ClusterLister, args: InterPodAffinityConfig, keeper = new ScoreKeeper()): Status {
  const hasConstraints = pod.preferredAffinityTerms.length > 0 || pod.preferredAntiAffinityTerms.length > 0;
  if (args.ignorePreferredTermsOfExistingPods && !hasConstraints) return Status.skip();
  // without preferred terms of its own only nodes with affinity pods count
  if (!hasConstraints && snapshot.havePodsWithAffinityList.length === 0) return Status.skip();
  const incoming: IncomingPod = {
    pod,
    preferredAffinityTerms: mergeAllNamespaces(pod.preferredAffinityTerms, cluster),
    preferredAntiAffinityTerms: mergeAllNamespaces(pod.preferredAntiAffinityTerms, cluster),
    namespaceLabels: namespaceLabelsSnapshot(podNamespace(pod.pod), cluster),
  };
  const { scores, version } = keeper.scores(incoming, snapshot.nodeInfoList, args, hasConstraints);
  if (scores.live.size === 0) return Status.skip();
  state.write(preScoreStateKey, new PreScoreState(scores, version));
  return Status.success().withDetails(lazyRecord(['topologyScore'], () => ({ topologyScore: scoreMapOf(version).toObject() })));
}

function getPreScoreState(state: CycleState): PreScoreState | Status {
  const s = state.read<PreScoreState>(preScoreStateKey);
  // upstream: fmt.Errorf("failed to read %q from cycleState: %w", preScoreStateKey, ErrNotFound)
  return s ?? Status.error(`failed to read "${preScoreStateKey}" from cycleState: not found`);
}

/** upstream: Score — the sum over the node's topology pairs; negative for anti-affinity. */
export function score(state: CycleState, nodeInfo: NodeInfo): number | Status {
  const s = getPreScoreState(state);
  if (s instanceof Status) return s;
  return s.scoreOf(nodeInfo.node);
}

/** upstream: NormalizeScore — min-max over the scored nodes to [0, MaxNodeScore], truncated. */
export function normalizeScore(state: CycleState, scores: NodeScoreEntry[]): Status {
  const s = getPreScoreState(state);
  if (s instanceof Status) return s;
  if (s.size === 0) return Status.success();
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const e of scores) {
    if (e.score > max) max = e.score;
    if (e.score < min) min = e.score;
  }
  const diff = max - min;
  for (const e of scores) {
    e.score = diff > 0 ? Math.trunc(MAX_NODE_SCORE * ((e.score - min) / diff)) : 0;
  }
  return Status.success();
}
