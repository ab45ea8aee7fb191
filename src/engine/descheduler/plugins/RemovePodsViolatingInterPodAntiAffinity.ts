// RemovePodsViolatingInterPodAntiAffinity (Deschedule): a pod whose required anti-affinity
// matches another pod in the same topology domain is evicted (lowest priority first); once it is
// gone, the pods it conflicted with stay.
// upstream: sigs.k8s.io/descheduler pkg/framework/plugins/removepodsviolatinginterpodantiaffinity/
// {types,validation,pod_antiaffinity}.go, pkg/utils/predicates.go (CheckPodsWithAntiAffinityExist).

import { compileLabelSelector } from '../../model/selectors';
import type { Node } from '../../model/types';
import { argsObject, decodeNamespaces, defined, namespacesError, strategyLabelSelectorError } from '../args';
import type { Reader } from '../decode';
import type { DeschedulePlugin, Handle, PluginDescriptor } from '../framework';
import { labelSelectorAsSelector } from '../labels';
import { podAntiAffinityTerms, termNamespaces } from '../nodeutil';
import { buildPodFilter, groupBy, podKeyOf, podNamespace, sortPodsBasedOnPriorityLowToHigh } from '../podutil';
import type { DeschedulerPod, LabelSelector, Namespaces } from '../types';

export const Name = 'RemovePodsViolatingInterPodAntiAffinity';

export interface RemovePodsViolatingInterPodAntiAffinityArgs {
  namespaces?: Namespaces;
  labelSelector?: LabelSelector;
}

function decodeArgs(r: Reader, raw: unknown): RemovePodsViolatingInterPodAntiAffinityArgs {
  const obj = argsObject(r, raw, 'RemovePodsViolatingInterPodAntiAffinityArgs', ['namespaces', 'labelSelector']);
  const args: RemovePodsViolatingInterPodAntiAffinityArgs = {};
  const namespaces = decodeNamespaces(r, obj['namespaces'], ['namespaces']);
  if (namespaces) args.namespaces = namespaces;
  const selector = r.labelSelector(obj['labelSelector'], ['labelSelector']);
  if (selector) args.labelSelector = selector;
  return args;
}

/** upstream: hasSameLabelValue — same node, or both nodes carry the key with the same value */
function hasSameLabelValue(a: Node, b: Node, key: string): boolean {
  if (a.metadata.name === b.metadata.name) return true;
  const va = a.metadata.labels?.[key];
  const vb = b.metadata.labels?.[key];
  return va !== undefined && vb !== undefined && va === vb;
}

/**
 * upstream: CheckPodsWithAntiAffinityExist — the pod's own required anti-affinity terms against
 * the other pods of the term's namespaces; returns the conflicting pod, if any.
 */
export function podWithAntiAffinityConflict(
  candidate: DeschedulerPod,
  podsByNamespace: Map<string, DeschedulerPod[]>,
  nodeMap: Map<string, Node>,
): DeschedulerPod | undefined {
  const candidateNode = nodeMap.get(candidate.spec.nodeName ?? '');
  if (!candidateNode || !candidate.spec.affinity?.podAntiAffinity) return undefined;
  for (const term of podAntiAffinityTerms(candidate)) {
    const namespaces = termNamespaces(candidate, term);
    const selector = compileLabelSelector(term.labelSelector);
    for (const ns of namespaces) {
      for (const assigned of podsByNamespace.get(ns) ?? []) {
        if (assigned.metadata.name === candidate.metadata.name) continue;
        if (!namespaces.has(podNamespace(assigned)) || !selector.matches(assigned.metadata.labels ?? {})) continue;
        const assignedNode = nodeMap.get(assigned.spec.nodeName ?? '');
        if (assignedNode && hasSameLabelValue(candidateNode, assignedNode, term.topologyKey)) return assigned;
      }
    }
  }
  return undefined;
}

function build(args: RemovePodsViolatingInterPodAntiAffinityArgs, handle: Handle): DeschedulePlugin {
  const { cluster, evictor } = handle;
  const podFilter = buildPodFilter({
    namespaces: args.namespaces,
    labelSelector: args.labelSelector ? labelSelectorAsSelector(args.labelSelector) : undefined,
  });
  return {
    name: Name,
    deschedule(nodes) {
      const pods = cluster.listPodsOnNodes(nodes, podFilter);
      const podsByNamespace = groupBy(pods, podNamespace);
      const podsByNode = groupBy(pods, (p) => p.spec.nodeName ?? '');
      const nodeMap = new Map(nodes.map((n) => [n.metadata.name, n]));
      nodeLoop: for (const node of nodes) {
        const onNode = [...(podsByNode.get(node.metadata.name) ?? [])];
        sortPodsBasedOnPriorityLowToHigh(onNode);
        for (const pod of onNode) {
          const conflict = podWithAntiAffinityConflict(pod, podsByNamespace, nodeMap);
          if (!conflict || !evictor.filter(pod) || !evictor.preEvictionFilter(pod)) continue;
          const err = evictor.evict(pod, `its required pod anti-affinity matches ${podKeyOf(conflict)} on node ${conflict.spec.nodeName}`);
          if (!err) {
            // Evicted: the pods it conflicted with need not go.
            const list = podsByNamespace.get(podNamespace(pod)) ?? [];
            const i = list.findIndex((p) => p.metadata.name === pod.metadata.name);
            if (i >= 0) list.splice(i, 1);
            continue;
          }
          if (err.kind === 'nodeLimit') continue nodeLoop;
          if (err.kind === 'totalLimit') return undefined;
        }
      }
      return undefined;
    },
  };
}

export const RemovePodsViolatingInterPodAntiAffinity: PluginDescriptor<RemovePodsViolatingInterPodAntiAffinityArgs, 'deschedule'> = {
  name: Name,
  kind: 'deschedule',
  decodeArgs,
  validate: (args) => defined([namespacesError(args.namespaces), strategyLabelSelectorError(args.labelSelector)]),
  build,
};
