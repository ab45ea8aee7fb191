// RemovePodsViolatingNodeAffinity (Deschedule): pods whose required node affinity no longer
// matches their node (but some node would take them), or — for the preferred type — pods that
// another node would suit better by their preferred terms.
// upstream: sigs.k8s.io/descheduler pkg/framework/plugins/removepodsviolatingnodeaffinity/
// {types,validation,node_affinity}.go.

import type { Node } from '../../model/types';
import { argsObject, decodeNamespaces, defined, namespacesError, strategyLabelSelectorError } from '../args';
import type { Reader } from '../decode';
import type { DeschedulePlugin, Handle, PluginDescriptor } from '../framework';
import { labelSelectorAsSelector } from '../labels';
import {
  bestNodeWeightGivenPodPreferredAffinity, nodeWeightGivenPodPreferredAffinity, podFitsAnyNode, podMatchNodeSelector,
} from '../nodeutil';
import { buildPodFilter, wrapFilters } from '../podutil';
import type { DeschedulerPod, LabelSelector, Namespaces } from '../types';

export const Name = 'RemovePodsViolatingNodeAffinity';

export interface RemovePodsViolatingNodeAffinityArgs {
  namespaces?: Namespaces;
  labelSelector?: LabelSelector;
  nodeAffinityType?: string[];
}

function decodeArgs(r: Reader, raw: unknown): RemovePodsViolatingNodeAffinityArgs {
  const obj = argsObject(r, raw, 'RemovePodsViolatingNodeAffinityArgs', ['namespaces', 'labelSelector', 'nodeAffinityType']);
  const args: RemovePodsViolatingNodeAffinityArgs = {};
  const namespaces = decodeNamespaces(r, obj['namespaces'], ['namespaces']);
  if (namespaces) args.namespaces = namespaces;
  const selector = r.labelSelector(obj['labelSelector'], ['labelSelector']);
  if (selector) args.labelSelector = selector;
  const types = r.strList(obj['nodeAffinityType'], ['nodeAffinityType']);
  if (types) args.nodeAffinityType = types;
  return args;
}

function validate(args: RemovePodsViolatingNodeAffinityArgs): string[] {
  return defined([
    (args.nodeAffinityType ?? []).length === 0 ? 'nodeAffinityType needs to be set' : undefined,
    namespacesError(args.namespaces),
    strategyLabelSelectorError(args.labelSelector),
  ]);
}

type Violation = (pod: DeschedulerPod, node: Node, nodes: Node[]) => string | undefined;

function build(args: RemovePodsViolatingNodeAffinityArgs, handle: Handle): DeschedulePlugin {
  const { cluster, evictor } = handle;
  const podFilter = buildPodFilter({
    filter: wrapFilters(evictor.filter, evictor.preEvictionFilter),
    namespaces: args.namespaces,
    labelSelector: args.labelSelector ? labelSelectorAsSelector(args.labelSelector) : undefined,
  });

  const required: Violation = (pod, node, nodes) => {
    const has = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution !== undefined;
    if (!has || !evictor.filter(pod) || !podFitsAnyNode(cluster, pod, nodes) || podMatchNodeSelector(pod, node)) return undefined;
    return `its required node affinity no longer matches node ${node.metadata.name}, and another node fits it`;
  };
  const preferred: Violation = (pod, node, nodes) => {
    const has = (pod.spec.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []).length > 0;
    if (!has || !evictor.filter(pod) || !podFitsAnyNode(cluster, pod, nodes)) return undefined;
    const best = bestNodeWeightGivenPodPreferredAffinity(pod, nodes);
    const current = nodeWeightGivenPodPreferredAffinity(pod, node);
    return best > current ? `another node matches its preferred node affinity better (weight ${best} > ${current} on node ${node.metadata.name})` : undefined;
  };

  const processNodes = (nodes: Node[], violation: Violation): void => {
    for (const node of nodes) {
      const reasons = new Map<DeschedulerPod, string>();
      const pods = cluster.listPodsOnANode(node.metadata.name, (pod) => {
        if (!podFilter(pod)) return false;
        const reason = violation(pod, node, nodes);
        if (reason) reasons.set(pod, reason);
        return reason !== undefined;
      });
      for (const pod of pods) {
        const err = evictor.evict(pod, reasons.get(pod)!);
        if (err?.kind === 'nodeLimit') break;
        if (err?.kind === 'totalLimit') return;
      }
    }
  };

  return {
    name: Name,
    deschedule(nodes) {
      for (const type of args.nodeAffinityType ?? []) {
        if (type === 'requiredDuringSchedulingIgnoredDuringExecution') processNodes(nodes, required);
        else if (type === 'preferredDuringSchedulingIgnoredDuringExecution') processNodes(nodes, preferred);
        else handle.log(`Invalid nodeAffinityType: ${type}`);
      }
      return undefined;
    },
  };
}

export const RemovePodsViolatingNodeAffinity: PluginDescriptor<RemovePodsViolatingNodeAffinityArgs, 'deschedule'> = {
  name: Name,
  kind: 'deschedule',
  decodeArgs,
  validate,
  build,
};
