// HighNodeUtilization (Balance): bin packing — evict pods from nodes at or below `thresholds` so
// the scheduler (with a MostAllocated scoring) packs them onto the other nodes.
// upstream: sigs.k8s.io/descheduler pkg/framework/plugins/nodeutilization/{highnodeutilization,
// types,validation}.go.

import { argsObject, decodeNamespaces } from '../args';
import type { Reader } from '../decode';
import type { BalancePlugin, Handle, PluginDescriptor } from '../framework';
import { isNodeUnschedulable } from '../nodeutil';
import { buildPodFilter, wrapFilters } from '../podutil';
import type { Namespaces, ResourceThresholds } from '../types';
import { decodeThresholds } from './LowNodeUtilization';
import {
  capNodeCapacitiesToThreshold, evictPodsFromSourceNodes, formatPercentages, isNodeBelowThreshold, MAX_RESOURCE_PERCENTAGE,
  nodeCapacity, nodeUsage, sortNodesByUsage, usageToPercentages, validateThresholds, withBasicResources, withResourceRequestForAny,
  type NodeUsage,
} from './nodeutilization';

export const Name = 'HighNodeUtilization';
/** upstream: EvictionModeOnlyThresholdingResources */
export const ONLY_THRESHOLDING_RESOURCES = 'OnlyThresholdingResources';

export interface HighNodeUtilizationArgs {
  thresholds: ResourceThresholds;
  numberOfNodes: number;
  evictionModes?: string[];
  evictableNamespaces?: Namespaces;
}

function decodeArgs(r: Reader, raw: unknown): HighNodeUtilizationArgs {
  const obj = argsObject(r, raw, 'HighNodeUtilizationArgs', ['thresholds', 'numberOfNodes', 'evictionModes', 'evictableNamespaces']);
  const args: HighNodeUtilizationArgs = {
    thresholds: decodeThresholds(r, obj['thresholds'], 'thresholds') ?? {},
    numberOfNodes: r.int(obj['numberOfNodes'], ['numberOfNodes'], 'int') ?? 0,
  };
  const modes = r.strList(obj['evictionModes'], ['evictionModes'], '[]nodeutilization.EvictionMode');
  if (modes) args.evictionModes = modes;
  const namespaces = decodeNamespaces(r, obj['evictableNamespaces'], ['evictableNamespaces']);
  if (namespaces) args.evictableNamespaces = namespaces;
  return args;
}

/** upstream: ValidateHighNodeUtilizationArgs (stops at the first error) */
export function validateHighNodeUtilizationArgs(args: HighNodeUtilizationArgs): string[] {
  if ((args.evictableNamespaces?.include?.length ?? 0) > 0) return ['only Exclude namespaces can be set, inclusion is not supported'];
  const err = validateThresholds(args.thresholds);
  if (err) return [err];
  const invalid = (args.evictionModes ?? []).find((m) => m !== ONLY_THRESHOLDING_RESOURCES);
  if (invalid !== undefined) return [`invalid eviction mode ${invalid}`];
  return [];
}

function build(args: HighNodeUtilizationArgs, handle: Handle): BalancePlugin {
  const { cluster, evictor } = handle;
  // Only the low threshold matters; the "high" one is 100% of every thresholded resource.
  const highThresholds: ResourceThresholds = Object.fromEntries(Object.keys(args.thresholds).map((k) => [k, MAX_RESOURCE_PERCENTAGE]));
  const thresholdResources = Object.keys(args.thresholds);
  const onlyThresholding = (args.evictionModes ?? []).includes(ONLY_THRESHOLDING_RESOURCES);
  const podFilter = buildPodFilter({
    filter: wrapFilters(evictor.filter, onlyThresholding ? withResourceRequestForAny(thresholdResources) : undefined),
  });
  const resourceNames = withBasicResources(thresholdResources);

  return {
    name: Name,
    balance(nodes) {
      const lowNodes: NodeUsage[] = [];
      const schedulableNodes: NodeUsage[] = [];
      for (const node of nodes) {
        const { usage, pods } = nodeUsage(cluster, node, resourceNames);
        const pct = usageToPercentages(usage, nodeCapacity(node));
        const entry: NodeUsage = { node, usage, allPods: pods, available: capNodeCapacitiesToThreshold(node, highThresholds, resourceNames) };
        if (isNodeBelowThreshold(pct, args.thresholds)) {
          handle.log(`Node ${node.metadata.name} has been classified as underutilized (${formatPercentages(pct)})`);
          lowNodes.push(entry);
        } else if (isNodeUnschedulable(node)) {
          handle.log(`Node ${node.metadata.name} is unschedulable`);
        } else {
          handle.log(`Node ${node.metadata.name} has been classified as a destination (${formatPercentages(pct)})`);
          schedulableNodes.push(entry);
        }
      }

      handle.log(`Criteria for a node below target utilization: ${formatPercentages(args.thresholds)}`);
      handle.log(`Number of underutilized nodes: ${lowNodes.length}`);
      if (lowNodes.length === 0) {
        handle.log('No node is underutilized, nothing to do here, you might tune your thresholds further');
        return undefined;
      }
      if (lowNodes.length <= args.numberOfNodes) {
        handle.log(`Number of nodes underutilized (${lowNodes.length}) is less or equal than NumberOfNodes (${args.numberOfNodes}), nothing to do here`);
        return undefined;
      }
      if (lowNodes.length === nodes.length) {
        handle.log('All nodes are underutilized, nothing to do here');
        return undefined;
      }
      if (schedulableNodes.length === 0) {
        handle.log('No node is available to schedule the pods, nothing to do here');
        return undefined;
      }

      sortNodesByUsage(lowNodes, true);
      evictPodsFromSourceNodes({
        evictableNamespaces: args.evictableNamespaces,
        sourceNodes: lowNodes,
        destinationNodes: schedulableNodes,
        evictor,
        podFilter,
        resourceNames,
        // stop as soon as any resource of the destination nodes runs out
        continueEviction: (_node, available) => [...available.values()].every((v) => v > 0),
        reason: (node) => `node ${node.node.metadata.name} is underutilized (usage at or below thresholds ${formatPercentages(args.thresholds)}); its pods can be packed onto other nodes`,
        log: handle.log,
      });
      return undefined;
    },
  };
}

export const HighNodeUtilization: PluginDescriptor<HighNodeUtilizationArgs, 'balance'> = {
  name: Name,
  kind: 'balance',
  decodeArgs,
  validate: validateHighNodeUtilizationArgs,
  build,
};
