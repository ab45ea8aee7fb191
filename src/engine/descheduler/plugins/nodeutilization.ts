// What LowNodeUtilization and HighNodeUtilization share: node usage from pod requests, usage as
// percentages of allocatable, thresholds, classification and the eviction loop that moves pods
// off source nodes while the destination nodes have room.
// upstream: sigs.k8s.io/descheduler pkg/framework/plugins/nodeutilization/{nodeutilization,
// usageclients,validation}.go, classifier/classifier.go, normalizer/normalizer.go.

import { NodeInfo } from '../../framework/nodeInfo';
import { computePodRequests, getAmount } from '../../framework/resources';
import type { Node, Taint } from '../../model/types';
import { findMatchingUntoleratedTaint } from '../../model/taints';
import type { Cluster } from '../cluster';
import type { Evictor } from '../framework';
import { buildPodFilter, podKeyOf, sortPodsBasedOnPriorityLowToHigh, type PodFilter } from '../podutil';
import type { DeschedulerPod, Namespaces, ResourceThresholds } from '../types';

export const MIN_RESOURCE_PERCENTAGE = 0;
export const MAX_RESOURCE_PERCENTAGE = 100;
export const BASIC_RESOURCES = ['cpu', 'memory', 'pods'] as const;

/** resource name → absolute amount (cpu in millicores, memory in bytes, pods as a count) */
export type ResourceAmounts = Map<string, number>;

/** upstream: NodeInfo (the plugin's own: a node, its usage, its pods and what it can take) */
export interface NodeUsage {
  node: Node;
  usage: ResourceAmounts;
  allPods: DeschedulerPod[];
  available: ResourceAmounts;
}

/** upstream: validateThresholds */
export function validateThresholds(thresholds: ResourceThresholds | undefined): string | undefined {
  const entries = Object.entries(thresholds ?? {});
  if (entries.length === 0) return 'no resource threshold is configured';
  for (const [name, percent] of entries) {
    if (percent < MIN_RESOURCE_PERCENTAGE || percent > MAX_RESOURCE_PERCENTAGE) {
      return `${name} threshold not in [${MIN_RESOURCE_PERCENTAGE}, ${MAX_RESOURCE_PERCENTAGE}] range`;
    }
  }
  return undefined;
}

/** upstream: uniquifyResourceNames — cpu, memory, pods and the thresholds' resources */
export function withBasicResources(names: readonly string[]): string[] {
  return [...new Set([...BASIC_RESOURCES, ...names])];
}

/** upstream: requestedUsageClient.sync + NodeUtilization — requests of the node's non-terminal pods. */
export function nodeUsage(cluster: Cluster, node: Node, resourceNames: readonly string[]): { usage: ResourceAmounts; pods: DeschedulerPod[] } {
  const info: NodeInfo = cluster.nodeInfo(node);
  const usage: ResourceAmounts = new Map();
  for (const name of resourceNames) usage.set(name, name === 'pods' ? info.pods.length : getAmount(info.requested, name));
  return { usage, pods: cluster.listPodsOnANode(node.metadata.name) };
}

/** upstream: requestedUsageClient.podUsage — the pod's requests for each resource */
export function podUsage(pod: DeschedulerPod, resourceNames: readonly string[]): ResourceAmounts {
  const requests = computePodRequests(pod);
  return new Map(resourceNames.map((name) => [name, name === 'pods' ? 0 : getAmount(requests, name)]));
}

/**
 * upstream: referencedResourceListForNodeCapacity — allocatable (capacity when unset); a resource
 * the node does not report is absent.
 */
export function nodeCapacity(node: Node): ResourceAmounts {
  const info = new NodeInfo(node);
  const reported = { ...(node.status.capacity ?? {}), ...(node.status.allocatable ?? {}) };
  const capacity: ResourceAmounts = new Map();
  for (const name of new Set([...Object.keys(reported), 'pods'])) capacity.set(name, getAmount(info.allocatable, name));
  return capacity;
}

/** upstream: ResourceUsageToResourceThreshold — usage as a percentage of capacity (0 when capacity is 0) */
export function usageToPercentages(usage: ResourceAmounts, capacity: ResourceAmounts): ResourceThresholds {
  const result: ResourceThresholds = {};
  for (const [name, used] of usage) {
    const total = capacity.get(name);
    if (total === undefined) continue;
    result[name] = total > 0 ? (used / total) * 100 : 0;
  }
  return result;
}

/** upstream: isNodeAboveThreshold — at least one resource strictly above */
export function isNodeAboveThreshold(usage: ResourceThresholds, threshold: ResourceThresholds): boolean {
  return Object.entries(threshold).some(([name, t]) => t < (usage[name] ?? 0));
}

/** upstream: isNodeBelowThreshold — every resource at or below */
export function isNodeBelowThreshold(usage: ResourceThresholds, threshold: ResourceThresholds): boolean {
  return Object.entries(threshold).every(([name, t]) => !(t < (usage[name] ?? 0)));
}

/** upstream: capNodeCapacitiesToThreshold — capacity × threshold% (full capacity without one) */
export function capNodeCapacitiesToThreshold(node: Node, thresholds: ResourceThresholds, resourceNames: readonly string[]): ResourceAmounts {
  const capacity = nodeCapacity(node);
  const capped: ResourceAmounts = new Map();
  for (const name of resourceNames) {
    const total = capacity.get(name);
    if (total === undefined) capped.set(name, 0);
    else if (thresholds[name] === undefined) capped.set(name, total);
    else capped.set(name, Math.trunc(thresholds[name]! * 0.01 * total));
  }
  return capped;
}

/** upstream: normalizer.Average over every node's percentages */
export function averageUsage(usages: ResourceThresholds[]): ResourceThresholds {
  const sum: ResourceThresholds = {};
  const count: Record<string, number> = {};
  for (const u of usages) {
    for (const [name, v] of Object.entries(u)) {
      sum[name] = (sum[name] ?? 0) + v;
      count[name] = (count[name] ?? 0) + 1;
    }
  }
  for (const name of Object.keys(sum)) sum[name]! /= count[name]!;
  return sum;
}

export function clampThresholds(t: ResourceThresholds): ResourceThresholds {
  return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.min(Math.max(v, 0), 100)]));
}

/**
 * upstream: sortNodesByUsage — by the plain sum of the usage amounts (cpu in millicores, the rest
 * in units), descending for LowNodeUtilization, ascending for HighNodeUtilization. Stable.
 */
export function sortNodesByUsage(nodes: NodeUsage[], ascending: boolean): void {
  const total = (n: NodeUsage): number => [...n.usage.values()].reduce((a, b) => a + b, 0);
  const keyed = nodes.map((n, i) => ({ n, i, t: total(n) }));
  keyed.sort((a, b) => (ascending ? a.t - b.t : b.t - a.t) || a.i - b.i);
  keyed.forEach((k, i) => { nodes[i] = k.n; });
}

/** upstream: isNodeAboveTargetUtilization — some resource's usage above what the node may hold */
export function isNodeAboveTargetUtilization(node: NodeUsage): boolean {
  for (const [name, used] of node.usage) if ((node.available.get(name) ?? 0) < used) return true;
  return false;
}

/** upstream: assessAvailableResourceInNodes — Σ (available − usage) over the destination nodes */
export function assessAvailableResources(nodes: readonly NodeUsage[], resourceNames: readonly string[]): ResourceAmounts {
  const available: ResourceAmounts = new Map();
  for (const node of nodes) {
    for (const name of resourceNames) {
      available.set(name, (available.get(name) ?? 0) + (node.available.get(name) ?? 0) - (node.usage.get(name) ?? 0));
    }
  }
  return available;
}

/** upstream: utils.PodToleratesTaints — the pod tolerates every taint of at least one destination node */
function podToleratesTaints(pod: DeschedulerPod, taintsOfNodes: Map<string, Taint[]>): boolean {
  for (const taints of taintsOfNodes.values()) {
    if ((pod.spec.tolerations ?? []).length < taints.length) continue;
    if (findMatchingUntoleratedTaint(taints, pod.spec.tolerations, undefined, true) === undefined) return true;
  }
  return false;
}

export type ContinueEviction = (node: NodeUsage, totalAvailable: ResourceAmounts) => boolean;

export interface EvictFromSourceOptions {
  evictableNamespaces?: Namespaces;
  sourceNodes: NodeUsage[];
  destinationNodes: NodeUsage[];
  evictor: Evictor;
  podFilter: PodFilter;
  resourceNames: readonly string[];
  continueEviction: ContinueEviction;
  maxNoOfPodsToEvictPerNode?: number;
  /** why a pod from this node goes, for the record */
  reason: (node: NodeUsage) => string;
  log: (message: string) => void;
}

/** upstream: evictPodsFromSourceNodes + evictPods */
export function evictPodsFromSourceNodes(o: EvictFromSourceOptions): void {
  const available = assessAvailableResources(o.destinationNodes, o.resourceNames);
  o.log(`Total capacity to be moved: ${[...available].map(([k, v]) => `${k}=${v}`).join(', ')}`);
  const destinationTaints = new Map(o.destinationNodes.map((n) => [n.node.metadata.name, n.node.spec.taints ?? []]));
  const preEviction = buildPodFilter({ filter: o.evictor.preEvictionFilter, namespaces: { exclude: o.evictableNamespaces?.exclude ?? [] } });

  for (const node of o.sourceNodes) {
    const removable = node.allPods.filter(o.podFilter);
    if (removable.length === 0) {
      o.log(`No removable pods on node ${node.node.metadata.name}, try next node`);
      continue;
    }
    sortPodsBasedOnPriorityLowToHigh(removable);
    if (!o.continueEviction(node, available)) continue;
    let evicted = 0;
    for (const pod of removable) {
      if (o.maxNoOfPodsToEvictPerNode !== undefined && evicted >= o.maxNoOfPodsToEvictPerNode) {
        o.log(`Max number of evictions per node per plugin reached (${o.maxNoOfPodsToEvictPerNode})`);
        break;
      }
      if (!podToleratesTaints(pod, destinationTaints)) {
        o.log(`Skipping eviction for pod ${podKeyOf(pod)}, doesn't tolerate node taint`);
        continue;
      }
      if (!preEviction(pod)) continue;
      const err = o.evictor.evict(pod, o.reason(node));
      if (err?.kind === 'totalLimit') return;
      if (err?.kind === 'nodeLimit') break;
      if (err) continue;
      evicted++;
      // upstream: subtractPodUsageFromNodeAvailability
      const usage = podUsage(pod, o.resourceNames);
      for (const name of available.keys()) {
        const amount = name === 'pods' ? 1 : (usage.get(name) ?? 0);
        node.usage.set(name, (node.usage.get(name) ?? 0) - amount);
        available.set(name, available.get(name)! - amount);
      }
      if (!o.continueEviction(node, available)) break;
    }
  }
}

/** upstream: withResourceRequestForAny — some container requests one of the resources */
export function withResourceRequestForAny(names: readonly string[]): PodFilter {
  return (pod) => [...pod.spec.containers, ...(pod.spec.initContainers ?? [])].some((c) =>
    names.some((n) => Object.prototype.hasOwnProperty.call(c.resources?.requests ?? {}, n)));
}

/** "cpu=50%, memory=20%" for explanations */
export function formatPercentages(t: ResourceThresholds): string {
  return Object.entries(t).map(([k, v]) => `${k}=${Math.round(v * 100) / 100}%`).join(', ');
}
