// upstream: pkg/scheduler/framework/plugins/interpodaffinity/scoring.go (v1.35)
// PreScore sums, per topology pair, the weights of the preferred terms (both directions) and of
// existing pods' required affinity terms; Score reads the node's pairs; NormalizeScore is min-max.

import type { CycleState, StateData } from '../../framework/cycleState';
import { MAX_NODE_SCORE, type ClusterLister, type NodeScoreEntry } from '../../framework/interfaces';
import type { NodeInfo } from '../../framework/nodeInfo';
import { affinityTermMatches, podNamespace, type AffinityTerm, type PodInfo, type PodLabels, type WeightedAffinityTerm } from '../../framework/podInfo';
import type { Snapshot } from '../../framework/snapshot';
import { Status } from '../../framework/status';
import type { Labels, Node } from '../../model/types';
import { mergeAllNamespaces, Name, namespaceLabelsSnapshot, topologyValue } from './common';

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
    let byValue = this.scores.get(term.topologyKey);
    if (!byValue) this.scores.set(term.topologyKey, (byValue = new Map()));
    byValue.set(value, (byValue.get(value) ?? 0) + weight * multiplier);
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

/** upstream: preScoreState */
export class PreScoreState implements StateData {
  constructor(readonly topologyScore: ScoreMap) {}
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

/**
 * upstream: PreScore. Unless the incoming pod has preferred terms, only nodes (and pods) with
 * affinity are looked at. Skip when nothing was accumulated, or when existing pods' preferred
 * terms are ignored and the pod has none of its own.
 */
export function preScore(state: CycleState, pod: PodInfo, snapshot: Snapshot, cluster: ClusterLister, args: InterPodAffinityConfig): Status {
  const hasConstraints = pod.preferredAffinityTerms.length > 0 || pod.preferredAntiAffinityTerms.length > 0;
  if (args.ignorePreferredTermsOfExistingPods && !hasConstraints) return Status.skip();
  const allNodes = hasConstraints ? snapshot.nodeInfoList : snapshot.havePodsWithAffinityList;
  const incoming: IncomingPod = {
    pod,
    preferredAffinityTerms: mergeAllNamespaces(pod.preferredAffinityTerms, cluster),
    preferredAntiAffinityTerms: mergeAllNamespaces(pod.preferredAntiAffinityTerms, cluster),
    namespaceLabels: namespaceLabelsSnapshot(podNamespace(pod.pod), cluster),
  };
  const topologyScore = new ScoreMap();
  for (const nodeInfo of allNodes) {
    // upstream: processExistingPod returns at once for a node without labels
    if (Object.keys(nodeInfo.node.metadata.labels ?? {}).length === 0) continue;
    const podsToProcess = hasConstraints ? nodeInfo.pods : nodeInfo.podsWithAffinity;
    for (const existing of podsToProcess) processExistingPod(incoming, existing, nodeInfo.node, args, topologyScore);
  }
  if (topologyScore.size === 0) return Status.skip();
  state.write(preScoreStateKey, new PreScoreState(topologyScore));
  return Status.success().withDetails({ topologyScore: topologyScore.toObject() });
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
  let total = 0;
  for (const [key, byValue] of s.topologyScore.scores) {
    const value = topologyValue(nodeInfo.node, key);
    if (value !== undefined) total += byValue.get(value) ?? 0;
  }
  return total;
}

/** upstream: NormalizeScore — min-max over the scored nodes to [0, MaxNodeScore], truncated. */
export function normalizeScore(state: CycleState, scores: NodeScoreEntry[]): Status {
  const s = getPreScoreState(state);
  if (s instanceof Status) return s;
  if (s.topologyScore.size === 0) return Status.success();
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
