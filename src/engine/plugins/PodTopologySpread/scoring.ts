// upstream: pkg/scheduler/framework/plugins/podtopologyspread/scoring.go
// Soft constraints (whenUnsatisfiable: ScheduleAnyway, and the system defaults): nodes in domains
// with fewer matching pods score higher.

import type { CycleState, StateData } from '../../framework/cycleState';
import { MAX_NODE_SCORE, type ClusterLister, type NodeScoreEntry } from '../../framework/interfaces';
import type { NodeInfo } from '../../framework/nodeInfo';
import { podNamespace } from '../../framework/podInfo';
import { Status } from '../../framework/status';
import type { Pod } from '../../model/types';
import {
  countPodsMatchSelector, getConstraints, LABEL_HOSTNAME, Name, nodeLabelsMatchSpreadConstraints,
  topologyValue, type SpreadConstraint, type SpreadDefaults,
} from './common';
import { DomainCounter, type SkippedNode } from './domainCounts';

export const preScoreStateKey = `PreScore${Name}`;
const INVALID_SCORE = -1;

/** upstream: preScoreState */
export class PreScoreState implements StateData {
  constructor(
    readonly constraints: readonly SpreadConstraint[],
    /** feasible nodes missing some topology key (when all keys are required); they score 0 */
    readonly ignoredNodes: ReadonlySet<string>,
    /**
     * per constraint: domain value -> matching pods, only for the values of non-ignored feasible
     * nodes. Hostname constraints have no entries: their per-node counts are taken in Score.
     */
    readonly topologyValueToPodCounts: Map<string, number>[],
    /** per constraint: ln(number of domains + 2), so small topologies are not watered down */
    readonly topologyNormalizingWeight: number[],
    /** per constraint: what its per-node count depends on besides the node (HostnameCounts' key) */
    readonly countKeys: readonly string[] = [],
  ) {}

  /** Score and NormalizeScore only read it. */
  clone(): PreScoreState {
    return this;
  }
}

export function getPreScoreState(state: CycleState): PreScoreState | undefined {
  return state.read<PreScoreState>(preScoreStateKey);
}

/** upstream: topologyNormalizingWeight */
export function topologyNormalizingWeight(size: number): number {
  return Math.log(size + 2);
}

/** upstream: scoreForCount — maxSkew-1 is added so that small differences between domains are watered down. */
function scoreForCount(count: number, maxSkew: number, tpWeight: number): number {
  return count * tpWeight + (maxSkew - 1);
}

/** upstream: initPreScoreState — undefined when the pod has no soft constraints. */
function initPreScoreState(pod: Pod, filteredNodes: readonly NodeInfo[], requireAllTopologies: boolean, defaults: SpreadDefaults, cluster: ClusterLister): PreScoreState | undefined {
  const constraints = getConstraints(pod, defaults, cluster, 'ScheduleAnyway');
  if (constraints.length === 0) return undefined;
  const ignoredNodes = new Set<string>();
  const counts = constraints.map(() => new Map<string, number>());
  const topoSize = constraints.map(() => 0);
  for (const nodeInfo of filteredNodes) {
    if (requireAllTopologies && !nodeLabelsMatchSpreadConstraints(nodeInfo.node.metadata.labels, constraints)) {
      ignoredNodes.add(nodeInfo.name);
      continue;
    }
    constraints.forEach((c, i) => {
      if (c.topologyKey === LABEL_HOSTNAME) return;
      const value = topologyValue(nodeInfo.node, c.topologyKey);
      if (!counts[i]!.has(value)) {
        counts[i]!.set(value, 0);
        topoSize[i]!++;
      }
    });
  }
  const weights = constraints.map((c, i) => topologyNormalizingWeight(c.topologyKey === LABEL_HOSTNAME ? filteredNodes.length - ignoredNodes.size : topoSize[i]!));
  const namespace = podNamespace(pod);
  return new PreScoreState(constraints, ignoredNodes, counts, weights, constraints.map((c) => JSON.stringify([namespace, c.labelSelector])));
}

/**
 * Score's per-node counts of a hostname constraint, kept per node and count key (the namespace
 * and the selector as written) while the node's generation stays: every change to a node's pods
 * (a pod added, removed or terminating) moves it, as DomainCounter relies on too. upstream counts
 * the node's pods in every Score call; a storm of replacement pods (3,000 evicted StatefulSet pods
 * scheduled again, issue 23) recounted every node's pods in each of its 3,000 cycles.
 */
export class HostnameCounts {
  private readonly byNode = new WeakMap<NodeInfo, { generation: number; counts: Map<string, number> }>();

  count(nodeInfo: NodeInfo, key: string, selector: SpreadConstraint['selector'], namespace: string): number {
    // a copy (a dry run's) changes under the same generation numbers: counted afresh
    if (nodeInfo.isCopy) return countPodsMatchSelector(nodeInfo.pods, selector, namespace);
    let kept = this.byNode.get(nodeInfo);
    if (!kept || kept.generation !== nodeInfo.generation) this.byNode.set(nodeInfo, (kept = { generation: nodeInfo.generation, counts: new Map() }));
    let n = kept.counts.get(key);
    if (n === undefined) kept.counts.set(key, (n = countPodsMatchSelector(nodeInfo.pods, selector, namespace)));
    return n;
  }
}

/**
 * upstream: PodTopologySpread.PreScore — Skip when the snapshot has no nodes or the pod has no
 * soft constraints. Counts come from every node in the snapshot (the plugin's DomainCounter,
 * which recounts only changed nodes), but only into domains that some feasible node is in.
 */
export function preScoreTopologySpread(
  state: CycleState, pod: Pod, filteredNodes: readonly NodeInfo[], allNodes: readonly NodeInfo[], defaults: SpreadDefaults, cluster: ClusterLister,
  counter = new DomainCounter(),
): Status {
  if (allNodes.length === 0) return Status.skip();
  // Only system-default spreading lets nodes without a zone label still get hostname spreading.
  const requireAllTopologies = (pod.spec.topologySpreadConstraints ?? []).length > 0 || !defaults.systemDefaulted;
  const s = initPreScoreState(pod, filteredNodes, requireAllTopologies, defaults, cluster);
  if (s === undefined) return Status.skip();
  // Domains no feasible node is in are not counted; hostname has no entries (counted in Score).
  const all = counter.count(pod, s.constraints, allNodes, { requireAllKeys: requireAllTopologies, uncounted: (c) => c.topologyKey === LABEL_HOSTNAME });
  s.topologyValueToPodCounts.forEach((m, i) => {
    for (const value of m.keys()) m.set(value, all.counts[i]!.get(value) ?? 0);
  });
  state.write(preScoreStateKey, s);
  // the numbers are kept for the stage only when the pod writes its constraints (not for the
  // cluster's defaults, which every pod without constraints has: the trace stays small)
  if ((pod.spec.topologySpreadConstraints ?? []).length === 0) return Status.success();
  return Status.success().withDetails({ constraints: explainScoreSpread(s, pod, filteredNodes, all.skipped) });
}

/**
 * extension: one ScheduleAnyway constraint as PreScore counted it, for the stage (issue 19): the
 * matching pods per domain of the feasible nodes (per feasible node for kubernetes.io/hostname,
 * which upstream counts in Score), and the nodes not counted.
 */
export interface ScoreSpreadExplanation {
  topologyKey: string;
  maxSkew: number;
  whenUnsatisfiable: 'ScheduleAnyway';
  selfMatch: boolean;
  counts: Record<string, number>;
  /** ln(domains + 2): how much one matching pod weighs in Score */
  weight: number;
  skippedNodes: readonly SkippedNode[];
}

function explainScoreSpread(s: PreScoreState, pod: Pod, filteredNodes: readonly NodeInfo[], skipped: readonly (readonly SkippedNode[])[]): ScoreSpreadExplanation[] {
  return s.constraints.map((c, i) => {
    const counts: Record<string, number> = {};
    if (c.topologyKey === LABEL_HOSTNAME) {
      for (const n of filteredNodes) if (!s.ignoredNodes.has(n.name)) counts[n.name] = countPodsMatchSelector(n.pods, c.selector, podNamespace(pod));
    } else {
      for (const [domain, count] of s.topologyValueToPodCounts[i]!) counts[domain] = count;
    }
    return {
      topologyKey: c.topologyKey, maxSkew: c.maxSkew, whenUnsatisfiable: 'ScheduleAnyway', selfMatch: c.selector.matches(pod.metadata.labels ?? {}),
      counts, weight: s.topologyNormalizingWeight[i]!, skippedNodes: skipped[i] ?? [],
    };
  });
}

/**
 * upstream: PodTopologySpread.Score — the weighted matching counts of the node's domains, rounded;
 * 0 for ignored nodes. Normalized later (fewer pods is better).
 */
export function scoreTopologySpread(state: CycleState, pod: Pod, nodeInfo: NodeInfo, hostnameCounts?: HostnameCounts): number | Status {
  const s = getPreScoreState(state);
  if (s === undefined) return Status.error(`error reading "${preScoreStateKey}" from cycleState: not found`);
  if (s.ignoredNodes.has(nodeInfo.name)) return 0;
  const labels = nodeInfo.node.metadata.labels ?? {};
  let score = 0;
  s.constraints.forEach((c, i) => {
    if (!Object.prototype.hasOwnProperty.call(labels, c.topologyKey)) return;
    const key = s.countKeys[i];
    const count = c.topologyKey !== LABEL_HOSTNAME ? s.topologyValueToPodCounts[i]!.get(labels[c.topologyKey]!) ?? 0
      : hostnameCounts && key !== undefined ? hostnameCounts.count(nodeInfo, key, c.selector, podNamespace(pod))
        : countPodsMatchSelector(nodeInfo.pods, c.selector, podNamespace(pod));
    score += scoreForCount(count, c.maxSkew, s.topologyNormalizingWeight[i]!);
  });
  // math.Round: half away from zero; scores are non-negative.
  return Math.round(score);
}

/**
 * upstream: PodTopologySpread.NormalizeScore — ignored nodes get 0; if every other score is 0 they
 * get 100, else 100 * (max + min - score) / max (integer division).
 */
export function normalizeTopologySpreadScore(state: CycleState, scores: NodeScoreEntry[]): Status {
  const s = getPreScoreState(state);
  if (s === undefined) return Status.error(`error reading "${preScoreStateKey}" from cycleState: not found`);
  let minScore = Number.MAX_SAFE_INTEGER;
  let maxScore = 0;
  for (const entry of scores) {
    if (s.ignoredNodes.has(entry.name)) {
      entry.score = INVALID_SCORE;
      continue;
    }
    minScore = Math.min(minScore, entry.score);
    maxScore = Math.max(maxScore, entry.score);
  }
  for (const entry of scores) {
    if (entry.score === INVALID_SCORE) entry.score = 0;
    else if (maxScore === 0) entry.score = MAX_NODE_SCORE;
    else entry.score = Math.trunc((MAX_NODE_SCORE * (maxScore + minScore - entry.score)) / maxScore);
  }
  return Status.success();
}
