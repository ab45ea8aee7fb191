// Matching pods per topology domain over every node, kept from one cycle to the next.
// upstream: calPreFilterState (filtering.go) and PreScore (scoring.go) count them afresh in every
// cycle, over every node; with 5,000 nodes that walk was most of a spreading pod's cycle. The
// counts only change where a node changed (a pod bound, deleted or terminating, new labels), and
// every change moves the node's generation, so a cycle recounts just those nodes (found in the
// cache's change log, framework/nodeChanges.ts, where the node list has one). The domains and
// their order (the first counted node's) are rebuilt only when the node list or a node object
// changes, so the result is the one a fresh count gives, entry for entry.

import { nodeChangeLog } from '../../framework/nodeChanges';
import type { NodeInfo } from '../../framework/nodeInfo';
import { podNamespace } from '../../framework/podInfo';
import { getRequiredNodeAffinity } from '../../model/selectors';
import type { Node, Pod } from '../../model/types';
import {
  countPodsMatchSelector, missingTopologyKeys, NodeInclusion, nodeLabelsMatchSpreadConstraints, topologyValue,
  type NodeExclusion, type SpreadConstraint,
} from './common';

/** A node that contributes no domain to a constraint, and why (explanations only). */
export interface SkippedNode {
  node: string;
  reason: 'MissingTopologyKey' | NodeExclusion;
  /** for MissingTopologyKey: the keys of the pod's hard constraints the node lacks */
  missingKeys?: string[];
}

export interface DomainCounts {
  /** per constraint: domain -> matching pods, in the order of the first counted node; read only */
  readonly counts: readonly ReadonlyMap<string, number>[];
  /** per constraint: the nodes not counted */
  readonly skipped: readonly (readonly SkippedNode[])[];
  /** per constraint: domain -> its counted nodes (live NodeInfos: their pods are this cycle's); read only */
  readonly domainNodes: readonly Map<string, NodeInfo[]>[];
}

export interface CountRule {
  /** a node lacking any constraint's topology key counts for none (upstream: nodeLabelsMatchSpreadConstraints) */
  requireAllKeys: boolean;
  /** constraints whose counts are not wanted here (PreScore takes hostname counts in Score) */
  uncounted?: (c: SpreadConstraint) => boolean;
}

interface Entry {
  nodes: readonly NodeInfo[];
  generations: number[];
  nodeObjects: Node[];
  /** per constraint, per node index: the node's matching pods, or -1 when it is not counted */
  perNode: number[][];
  counts: Map<string, number>[];
  skipped: SkippedNode[][];
  domainNodes: Map<string, NodeInfo[]>[];
  /** the change log's mark when last counted (undefined: the node list has no log) */
  mark?: number;
  /** node -> its index in `nodes`, made when the change log is first read */
  index?: Map<NodeInfo, number>;
}

/** signatures kept (one per distinct spreading pod shape at a time is the common case) */
const MAX_ENTRIES = 16;

export class DomainCounter {
  private readonly entries = new Map<string, Entry>();

  count(pod: Pod, constraints: readonly SpreadConstraint[], nodes: readonly NodeInfo[], rule: CountRule): DomainCounts {
    const key = signature(pod, constraints, rule);
    let e = this.entries.get(key);
    if (!e || !this.refresh(e, pod, constraints, nodes)) {
      e = build(pod, constraints, nodes, rule);
      this.entries.delete(key);
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, e);
    }
    return e;
  }

  /**
   * Recounts the nodes whose pods changed (those the cache's change log names, or else every node
   * whose generation moved); false when the domains may differ (rebuild instead).
   */
  private refresh(e: Entry, pod: Pod, constraints: readonly SpreadConstraint[], nodes: readonly NodeInfo[]): boolean {
    if (e.nodes !== nodes) return false;
    const namespace = podNamespace(pod);
    const log = nodeChangeLog(nodes);
    const changed = log && e.mark !== undefined ? log.since(e.mark) : undefined;
    e.mark = log?.mark();
    if (changed !== undefined) {
      const index = (e.index ??= new Map(nodes.map((n, j) => [n, j])));
      for (const info of changed) {
        const j = index.get(info);
        if (j !== undefined && !recount(e, j, constraints, namespace)) return false;
      }
      return true;
    }
    for (let j = 0; j < nodes.length; j++) {
      if (!recount(e, j, constraints, namespace)) return false;
    }
    return true;
  }
}

/** Node j's counts again if its generation moved; false when its node object changed (rebuild instead). */
function recount(e: Entry, j: number, constraints: readonly SpreadConstraint[], namespace: string): boolean {
  const info = e.nodes[j]!;
  if (info.generation === e.generations[j]) return true;
  if (info.node !== e.nodeObjects[j]) return false;
  e.generations[j] = info.generation;
  for (let i = 0; i < constraints.length; i++) {
    const before = e.perNode[i]![j]!;
    if (before < 0) continue;
    const now = countPodsMatchSelector(info.pods, constraints[i]!.selector, namespace);
    if (now === before) continue;
    e.perNode[i]![j] = now;
    const domain = topologyValue(info.node, constraints[i]!.topologyKey);
    e.counts[i]!.set(domain, e.counts[i]!.get(domain)! + now - before);
  }
  return true;
}

/** What the counts depend on besides the nodes: the pod's namespace, constraints and, where a policy honours them, its node affinity and tolerations. */
function signature(pod: Pod, constraints: readonly SpreadConstraint[], rule: CountRule): string {
  const affinity = constraints.some((c) => c.nodeAffinityPolicy === 'Honor') ? [pod.spec.nodeSelector, pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution] : null;
  const taints = constraints.some((c) => c.nodeTaintsPolicy === 'Honor') ? pod.spec.tolerations : null;
  return JSON.stringify([
    podNamespace(pod), rule.requireAllKeys, affinity, taints,
    constraints.map((c) => [c.topologyKey, c.labelSelector, c.nodeAffinityPolicy, c.nodeTaintsPolicy, rule.uncounted?.(c) ?? false]),
  ]);
}

/** The count of upstream's calPreFilterState: every node, in order. */
function build(pod: Pod, constraints: readonly SpreadConstraint[], nodes: readonly NodeInfo[], rule: CountRule): Entry {
  const counts = constraints.map(() => new Map<string, number>());
  const skipped: SkippedNode[][] = constraints.map(() => []);
  const domainNodes = constraints.map(() => new Map<string, NodeInfo[]>());
  const perNode = constraints.map(() => new Array<number>(nodes.length).fill(-1));
  const namespace = podNamespace(pod);
  const requiredNodeAffinity = getRequiredNodeAffinity(pod);
  nodes.forEach((nodeInfo, j) => {
    const node = nodeInfo.node;
    // Only nodes that have every topology key of the constraints count.
    if (rule.requireAllKeys && !nodeLabelsMatchSpreadConstraints(node.metadata.labels, constraints)) {
      const missingKeys = missingTopologyKeys(node.metadata.labels, constraints);
      for (const list of skipped) list.push({ node: nodeInfo.name, reason: 'MissingTopologyKey', missingKeys });
      return;
    }
    const inclusion = new NodeInclusion(pod, requiredNodeAffinity, node);
    constraints.forEach((c, i) => {
      const excluded = inclusion.exclusion(c);
      if (excluded) {
        skipped[i]!.push({ node: nodeInfo.name, reason: excluded });
        return;
      }
      if (rule.uncounted?.(c)) return;
      const value = topologyValue(node, c.topologyKey);
      const n = countPodsMatchSelector(nodeInfo.pods, c.selector, namespace);
      perNode[i]![j] = n;
      counts[i]!.set(value, (counts[i]!.get(value) ?? 0) + n);
      const inDomain = domainNodes[i]!.get(value);
      if (inDomain) inDomain.push(nodeInfo); else domainNodes[i]!.set(value, [nodeInfo]);
    });
  });
  return {
    nodes, generations: nodes.map((n) => n.generation), nodeObjects: nodes.map((n) => n.node), perNode, counts, skipped, domainNodes,
    mark: nodeChangeLog(nodes)?.mark(),
  };
}
