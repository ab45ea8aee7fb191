// How cluster-autoscaler asks "would this pod fit there?": it runs the scheduler's own PreFilter
// and Filter plugins against a snapshot that holds the node (upstream:
// simulator/clustersnapshot/predicate/plugin_runner.go RunFiltersOnNode), and packs pending pods
// onto template nodes to estimate how many a group needs (estimator/binpacking_estimator.go).

import type { Framework } from '../framework/runtime';
import { NodeInfo } from '../framework/nodeInfo';
import type { PodInfo } from '../framework/podInfo';
import { Status } from '../framework/status';
import type { Node } from '../model/types';

/**
 * PreFilter over `nodes` (which holds `target`), then Filter on `target`. Unschedulable when a
 * PreFilter rejects the pod or leaves `target` out of its node set.
 */
export function runFiltersOnNode(fwk: Framework, pod: PodInfo, nodes: NodeInfo[], target: NodeInfo): Status {
  const state = fwk.newCycleState();
  const pre = fwk.runPreFilterPlugins(state, pod, nodes);
  if (!pre.status.isSuccess()) return pre.status;
  if (pre.result?.nodeNames !== undefined && !pre.result.nodeNames.has(target.name)) {
    return Status.unresolvable(`node(s) didn't satisfy plugin(s) ${pre.pluginsWithNodes.join(', ')}`);
  }
  return fwk.runFilterPlugins(state, pod, target);
}

/**
 * The first of `candidates` (nodes of `nodes`) that `pod` fits, or undefined: PreFilter once over
 * `nodes`, then Filter on each candidate in turn, as upstream asks it (plugin_runner.go
 * RunFiltersUntilPassingNode: one CycleState, PreFilter run once per pod). The same answer as
 * runFiltersOnNode on each candidate, since PreFilter does not read which node is the target; it
 * ran PreFilter over every node once per candidate (a pod × nodes² walk per scale-up loop).
 */
export function firstFittingNode<T extends NodeInfo>(fwk: Framework, pod: PodInfo, nodes: NodeInfo[], candidates: readonly T[]): T | undefined {
  if (candidates.length === 0) return undefined;
  const state = fwk.newCycleState();
  const pre = fwk.runPreFilterPlugins(state, pod, nodes);
  if (!pre.status.isSuccess()) return undefined;
  const names = pre.result?.nodeNames;
  return candidates.find((ni) => (names === undefined || names.has(ni.name)) && fwk.runFilterPlugins(state, pod, ni).isSuccess());
}

/** The node a group's template makes, named `name` (upstream: the cloud provider's TemplateNodeInfo, sanitized). */
export function nodeFromTemplate(template: Node, name: string): Node {
  const node = structuredClone(template);
  node.metadata = { ...node.metadata, name, labels: { ...(node.metadata.labels ?? {}), 'kubernetes.io/hostname': name } };
  return node;
}

export interface Binpacked {
  /** new nodes the pods need, each with the pods packed on it */
  nodes: NodeInfo[];
  /** the pods that found a place, in the order they were packed */
  scheduled: PodInfo[];
}

/**
 * upstream: BinpackingNodeEstimator.Estimate — pods sorted by how much of the template they take
 * (cpu share + memory share, largest first), each placed on the last node opened if it fits there,
 * else on any opened node, else on a new template node while fewer than `maxNodes` are open; a pod
 * that fits no empty template node is left out.
 */
export function binpack(fwk: (pod: PodInfo) => Framework | undefined, pods: readonly PodInfo[], template: Node, existing: NodeInfo[], maxNodes: number, nameOf: (i: number) => string): Binpacked {
  const alloc = NodeInfo.allocatableOf(template);
  const share = (p: PodInfo): number => (alloc.milliCPU > 0 ? p.requests.milliCPU / alloc.milliCPU : 0) + (alloc.memory > 0 ? p.requests.memory / alloc.memory : 0);
  const sorted = [...pods].sort((a, b) => share(b) - share(a));
  const opened: NodeInfo[] = [];
  const scheduled: PodInfo[] = [];
  for (const pod of sorted) {
    const f = fwk(pod);
    if (!f) continue;
    const all = (): NodeInfo[] => [...existing, ...opened];
    const candidates = opened.length > 0 ? [opened[opened.length - 1]!, ...opened.slice(0, -1)] : [];
    const host = firstFittingNode(f, pod, all(), candidates);
    if (host) { host.addPod(pod); scheduled.push(pod); continue; }
    if (opened.length >= maxNodes) continue;
    const fresh = new NodeInfo(nodeFromTemplate(template, nameOf(opened.length)));
    if (!runFiltersOnNode(f, pod, [...all(), fresh], fresh).isSuccess()) continue;
    fresh.addPod(pod);
    opened.push(fresh);
    scheduled.push(pod);
  }
  return { nodes: opened, scheduled };
}
