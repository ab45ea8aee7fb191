// Node helpers: readiness, the descheduler's NodeFit (a subset of the scheduler's filters), and
// the anti-affinity and preferred-affinity checks the strategies share. Matching is the engine's
// own (node selectors, toleration matching, pod requests, NodeInfo accounting).
// upstream: sigs.k8s.io/descheduler pkg/descheduler/node/node.go, pkg/utils/predicates.go.

import { computePodRequests, containerRequests, getAmount } from '../framework/resources';
import { compileLabelSelector, getRequiredNodeAffinity, matchNodeSelectorTerm } from '../model/selectors';
import { doNotScheduleTaintsFilter, findMatchingUntoleratedTaint } from '../model/taints';
import type { Node, PodAffinityTerm } from '../model/types';
import type { Cluster } from './cluster';
import { podNamespace } from './podutil';
import type { DeschedulerPod } from './types';

/** upstream: IsReady — a NodeReady condition that is not True makes the node not ready. */
export function isReady(node: Node): boolean {
  return !(node.status.conditions ?? []).some((c) => c.type === 'Ready' && c.status !== 'True');
}

export const isNodeUnschedulable = (node: Node): boolean => node.spec.unschedulable === true;

/** upstream: utils.PodMatchNodeSelector — the pod's nodeSelector and required node affinity. */
export function podMatchNodeSelector(pod: DeschedulerPod, node: Node): boolean {
  return getRequiredNodeAffinity(pod).match(node).matches;
}

/** upstream: TolerationsTolerateTaintsWithFilter (the descheduler enables Gt/Lt tolerations). */
export function toleratesTaints(pod: DeschedulerPod, node: Node, filter?: Parameters<typeof findMatchingUntoleratedTaint>[2]): boolean {
  return findMatchingUntoleratedTaint(node.spec.taints, pod.spec.tolerations, filter, true) === undefined;
}

/** upstream: GetNamespacesFromPodAffinityTerm — the listed namespaces, or the pod's own. */
export function termNamespaces(pod: DeschedulerPod, term: PodAffinityTerm): Set<string> {
  return new Set((term.namespaces ?? []).length > 0 ? term.namespaces : [podNamespace(pod)]);
}

/** upstream: GetPodAntiAffinityTerms — the required anti-affinity terms */
export function podAntiAffinityTerms(pod: DeschedulerPod): PodAffinityTerm[] {
  return pod.spec.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? [];
}

/**
 * upstream: podMatchesInterPodAntiAffinity — the pod's own required anti-affinity terms against
 * the pods already on the node (namespaceSelector is not read; the node only needs the key).
 */
function podMatchesInterPodAntiAffinity(cluster: Cluster, pod: DeschedulerPod, node: Node): boolean {
  if (!pod.spec.affinity?.podAntiAffinity) return false;
  const podsOnNode = cluster.listPodsOnANode(node.metadata.name);
  for (const term of podAntiAffinityTerms(pod)) {
    const namespaces = termNamespaces(pod, term);
    const selector = compileLabelSelector(term.labelSelector);
    for (const assigned of podsOnNode) {
      if (assigned.metadata.name === pod.metadata.name) continue;
      if (!namespaces.has(podNamespace(assigned)) || !selector.matches(assigned.metadata.labels ?? {})) continue;
      if (Object.prototype.hasOwnProperty.call(node.metadata.labels ?? {}, term.topologyKey)) return true;
    }
  }
  return false;
}

/** The resource names a pod's requests carry (the keys of resourcehelper.PodRequests). */
function requestedResourceNames(pod: DeschedulerPod): string[] {
  const names = new Set<string>();
  for (const c of [...pod.spec.containers, ...(pod.spec.initContainers ?? [])]) {
    for (const name of Object.keys(containerRequests(c))) names.add(name);
  }
  for (const name of Object.keys(pod.spec.resources?.requests ?? {})) names.add(name);
  for (const name of Object.keys(pod.spec.overhead ?? {})) names.add(name);
  return [...names];
}

/**
 * upstream: fitsRequest — the pod's requests against the node's allocatable minus the requests of
 * its non-terminal pods, plus room for one more pod. An extended resource the node does not
 * report has nothing available.
 */
function fitsRequest(cluster: Cluster, pod: DeschedulerPod, node: Node): string | undefined {
  const podRequests = computePodRequests(pod);
  const nodeInfo = cluster.nodeInfo(node);
  const reported = { ...(node.status.capacity ?? {}), ...(node.status.allocatable ?? {}) };
  const available = (name: string): number => {
    if (name === 'pods') return nodeInfo.allocatable.allowedPodNumber - nodeInfo.pods.length;
    const basic = name === 'cpu' || name === 'memory';
    if (!basic && !Object.prototype.hasOwnProperty.call(reported, name)) return 0;
    return getAmount(nodeInfo.allocatable, name) - getAmount(nodeInfo.requested, name);
  };
  for (const name of ['pods', ...requestedResourceNames(pod)]) {
    const request = name === 'pods' ? 0 : getAmount(podRequests, name);
    if (request > available(name)) return `insufficient ${name}`;
  }
  if (available('pods') <= 0) return 'insufficient pods';
  return undefined;
}

/**
 * upstream: NodeFit — nil (undefined) when the pod could be scheduled onto the node, else why
 * not. Checks, cheapest first: unschedulable, node selector/affinity, NoSchedule/NoExecute
 * taints, the pod's anti-affinity against the node's pods, and resources (not for its own node).
 */
export function nodeFit(cluster: Cluster, pod: DeschedulerPod, node: Node): string | undefined {
  if (isNodeUnschedulable(node)) return 'node is not schedulable';
  if (!podMatchNodeSelector(pod, node)) return 'pod node selector does not match the node label';
  if (!toleratesTaints(pod, node, doNotScheduleTaintsFilter)) return 'pod does not tolerate taints on the node';
  if (podMatchesInterPodAntiAffinity(cluster, pod, node)) return 'pod matches inter-pod anti-affinity rule of other pod on node';
  if (!pod.spec.nodeName || pod.spec.nodeName !== node.metadata.name) return fitsRequest(cluster, pod, node);
  return undefined;
}

/** upstream: PodFitsAnyOtherNode — some node other than its own would take the pod. */
export function podFitsAnyOtherNode(cluster: Cluster, pod: DeschedulerPod, nodes: readonly Node[]): boolean {
  return nodes.some((n) => n.metadata.name !== pod.spec.nodeName && nodeFit(cluster, pod, n) === undefined);
}

/** upstream: PodFitsAnyNode */
export function podFitsAnyNode(cluster: Cluster, pod: DeschedulerPod, nodes: readonly Node[]): boolean {
  return nodes.some((n) => nodeFit(cluster, pod, n) === undefined);
}

/** upstream: GetNodeWeightGivenPodPreferredAffinity — sum of the matching preferred terms' weights */
export function nodeWeightGivenPodPreferredAffinity(pod: DeschedulerPod, node: Node): number {
  let sum = 0;
  for (const term of pod.spec.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []) {
    if (matchNodeSelectorTerm(term.preference, node)) sum += term.weight;
  }
  return sum;
}

/** upstream: GetBestNodeWeightGivenPodPreferredAffinity */
export function bestNodeWeightGivenPodPreferredAffinity(pod: DeschedulerPod, nodes: readonly Node[]): number {
  return nodes.reduce((best, n) => Math.max(best, nodeWeightGivenPodPreferredAffinity(pod, n)), 0);
}
