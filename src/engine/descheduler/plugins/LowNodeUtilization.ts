// LowNodeUtilization (Balance): when some nodes are underutilized (every resource at or below
// `thresholds`) and others overutilized (some resource above `targetThresholds`), evict pods from
// the overutilized ones while the underutilized ones have room below their targetThresholds.
// Usage is the sum of the pods' requests, as a percentage of allocatable.
// upstream: sigs.k8s.io/descheduler pkg/framework/plugins/nodeutilization/{lownodeutilization,
// types,validation}.go.

import { argsObject, decodeNamespaces } from '../args';
import type { Reader } from '../decode';
import type { BalancePlugin, Handle, PluginDescriptor } from '../framework';
import { isNodeUnschedulable } from '../nodeutil';
import { buildPodFilter } from '../podutil';
import type { Namespaces, ResourceThresholds } from '../types';
import {
  averageUsage, capNodeCapacitiesToThreshold, clampThresholds, evictPodsFromSourceNodes, formatPercentages,
  isNodeAboveTargetUtilization, isNodeAboveThreshold, isNodeBelowThreshold, nodeCapacity, nodeUsage, sortNodesByUsage,
  usageToPercentages, validateThresholds, withBasicResources, type NodeUsage,
} from './nodeutilization';

export const Name = 'LowNodeUtilization';
/** upstream: MetricResource — the single resource of a Prometheus-based threshold */
export const METRIC_RESOURCE = 'MetricResource';

export interface MetricsUtilization {
  metricsServer?: boolean;
  source?: string;
  prometheus?: { query?: string };
}

export interface LowNodeUtilizationArgs {
  useDeviationThresholds: boolean;
  thresholds: ResourceThresholds;
  targetThresholds: ResourceThresholds;
  numberOfNodes: number;
  metricsUtilization?: MetricsUtilization;
  evictableNamespaces?: Namespaces;
  evictionLimits?: { node?: number };
}

/** Shared with HighNodeUtilization: map[v1.ResourceName]api.Percentage */
export function decodeThresholds(r: Reader, v: unknown, field: string): ResourceThresholds | undefined {
  const obj = r.object(v, [field], 'api.ResourceThresholds');
  if (!obj) return undefined;
  const out: ResourceThresholds = {};
  for (const [name, raw] of Object.entries(obj)) {
    const n = r.float(raw, [field, name], 'api.Percentage', [field]);
    if (n !== undefined) out[name] = n;
  }
  return out;
}

export function decodeMetricsUtilization(r: Reader, v: unknown): MetricsUtilization | undefined {
  const obj = r.object(v, ['metricsUtilization'], 'nodeutilization.MetricsUtilization');
  if (!obj) return undefined;
  r.strict(obj, ['metricsServer', 'source', 'prometheus'], ['metricsUtilization']);
  const m: MetricsUtilization = {};
  const metricsServer = r.bool(obj['metricsServer'], ['metricsUtilization', 'metricsServer']);
  const source = r.str(obj['source'], ['metricsUtilization', 'source']);
  if (metricsServer !== undefined) m.metricsServer = metricsServer;
  if (source !== undefined) m.source = source;
  const prometheus = r.object(obj['prometheus'], ['metricsUtilization', 'prometheus'], 'nodeutilization.Prometheus');
  if (prometheus) {
    r.strict(prometheus, ['query'], ['metricsUtilization', 'prometheus']);
    m.prometheus = {};
    const query = r.str(prometheus['query'], ['metricsUtilization', 'prometheus', 'query']);
    if (query !== undefined) m.prometheus.query = query;
  }
  return m;
}

function decodeArgs(r: Reader, raw: unknown): LowNodeUtilizationArgs {
  const obj = argsObject(r, raw, 'LowNodeUtilizationArgs', [
    'useDeviationThresholds', 'thresholds', 'targetThresholds', 'numberOfNodes', 'metricsUtilization', 'evictableNamespaces', 'evictionLimits',
  ]);
  const args: LowNodeUtilizationArgs = {
    useDeviationThresholds: r.bool(obj['useDeviationThresholds'], ['useDeviationThresholds']) ?? false,
    thresholds: decodeThresholds(r, obj['thresholds'], 'thresholds') ?? {},
    targetThresholds: decodeThresholds(r, obj['targetThresholds'], 'targetThresholds') ?? {},
    numberOfNodes: r.int(obj['numberOfNodes'], ['numberOfNodes'], 'int') ?? 0,
  };
  const metrics = decodeMetricsUtilization(r, obj['metricsUtilization']);
  if (metrics) args.metricsUtilization = metrics;
  const namespaces = decodeNamespaces(r, obj['evictableNamespaces'], ['evictableNamespaces']);
  if (namespaces) args.evictableNamespaces = namespaces;
  const limits = r.object(obj['evictionLimits'], ['evictionLimits'], 'api.EvictionLimits');
  if (limits) {
    r.strict(limits, ['node'], ['evictionLimits']);
    args.evictionLimits = {};
    const node = r.int(limits['node'], ['evictionLimits', 'node'], 'uint');
    if (node !== undefined) args.evictionLimits.node = node;
  }
  return args;
}

/** upstream: validateLowNodeUtilizationThresholds */
function thresholdsError(thresholds: ResourceThresholds, targetThresholds: ResourceThresholds, useDeviation: boolean): string | undefined {
  const low = validateThresholds(thresholds);
  if (low) return `thresholds config is not valid: ${low}`;
  const high = validateThresholds(targetThresholds);
  if (high) return `targetThresholds config is not valid: ${high}`;
  if (Object.keys(thresholds).length !== Object.keys(targetThresholds).length) return 'thresholds and targetThresholds configured different resources';
  for (const [name, value] of Object.entries(thresholds)) {
    const target = targetThresholds[name];
    if (target === undefined) return 'thresholds and targetThresholds configured different resources';
    if (value > target && !useDeviation) return `thresholds' ${name} percentage is greater than targetThresholds'`;
  }
  return undefined;
}

/** upstream: ValidateLowNodeUtilizationArgs (stops at the first error) */
export function validateLowNodeUtilizationArgs(args: LowNodeUtilizationArgs): string[] {
  if ((args.evictableNamespaces?.include?.length ?? 0) > 0) return ['only Exclude namespaces can be set, inclusion is not supported'];
  const err = thresholdsError(args.thresholds, args.targetThresholds, args.useDeviationThresholds);
  if (err) return [err];
  const m = args.metricsUtilization;
  if (m) {
    if (m.source === 'KubernetesMetrics' && m.metricsServer) return ['it is not allowed to set both "KubernetesMetrics" source and metricsServer'];
    if (m.source === 'KubernetesMetrics' && m.prometheus) return ['prometheus configuration is not allowed to set when source is set to "KubernetesMetrics"'];
    if (m.source === 'Prometheus' && !m.prometheus?.query) return ['prometheus query is required when metrics source is set to "Prometheus"'];
  }
  return [];
}

/** upstream: validatePrometheusMetricsUtilization (New) */
function prometheusError(args: LowNodeUtilizationArgs): string | undefined {
  if (args.metricsUtilization?.source !== 'Prometheus') return undefined;
  if (!args.metricsUtilization.prometheus) return 'prometheus property is missing';
  if (!args.metricsUtilization.prometheus.query) return 'prometheus query is missing';
  const low = Object.keys(args.thresholds);
  const high = Object.keys(args.targetThresholds);
  if (low.length !== 1 || low[0] !== METRIC_RESOURCE) return `thresholds are expected to specify a single instance of "${METRIC_RESOURCE}" resource, got [${low.join(' ')}] instead`;
  if (high.length !== 1 || high[0] !== METRIC_RESOURCE) return `targetThresholds are expected to specify a single instance of "${METRIC_RESOURCE}" resource, got [${high.join(' ')}] instead`;
  return undefined;
}

/**
 * upstream: usageClientForMetrics — the simulator has no metrics server and no Prometheus, so a
 * metrics-based usage client never initializes (as when the policy configures no provider).
 */
export function metricsClientError(m: MetricsUtilization): string {
  if (m.metricsServer || m.source === 'KubernetesMetrics') return 'metrics client not initialized';
  if (m.source === 'Prometheus') return 'prometheus client not initialized';
  if (m.source) return 'unrecognized metrics source';
  return 'metrics source is empty';
}

function build(args: LowNodeUtilizationArgs, handle: Handle): BalancePlugin {
  const { cluster, evictor } = handle;
  const resourceNames = Object.keys(args.thresholds);
  const extendedResourceNames = withBasicResources(resourceNames);
  const podFilter = buildPodFilter({ filter: evictor.filter });

  return {
    name: Name,
    balance(nodes) {
      if (args.metricsUtilization) return `error initializing usage client: ${metricsClientError(args.metricsUtilization)}`;

      const usages = nodes.map((node) => ({ node, ...nodeUsage(cluster, node, extendedResourceNames), capacity: nodeCapacity(node) }));
      let low: ResourceThresholds;
      let high: ResourceThresholds;
      let percentages: ResourceThresholds[];
      if (args.useDeviationThresholds) {
        // Deviations from the average, over the resources the user gave thresholds for.
        percentages = usages.map((u) => usageToPercentages(new Map([...u.usage].filter(([k]) => resourceNames.includes(k))), u.capacity));
        const average = averageUsage(percentages);
        low = clampThresholds(Object.fromEntries(Object.entries(average).map(([k, v]) => [k, v - (args.thresholds[k] ?? 0)])));
        high = clampThresholds(Object.fromEntries(Object.entries(average).map(([k, v]) => [k, v + (args.targetThresholds[k] ?? 0)])));
        handle.log(`Assessed average usage: ${formatPercentages(average)}`);
      } else {
        percentages = usages.map((u) => usageToPercentages(u.usage, u.capacity));
        low = args.thresholds;
        high = args.targetThresholds;
      }

      const lowNodes: NodeUsage[] = [];
      const highNodes: NodeUsage[] = [];
      usages.forEach((u, i) => {
        const pct = percentages[i]!;
        const name = u.node.metadata.name;
        const entry = (): NodeUsage => ({
          node: u.node, usage: u.usage, allPods: u.pods,
          available: capNodeCapacitiesToThreshold(u.node, high, extendedResourceNames),
        });
        if (isNodeUnschedulable(u.node)) {
          handle.log(`Node ${name} is unschedulable, thus not considered as underutilized`);
        } else if (isNodeBelowThreshold(pct, low)) {
          handle.log(`Node ${name} has been classified as underutilized (${formatPercentages(pct)})`);
          lowNodes.push(entry());
          return;
        }
        if (isNodeAboveThreshold(pct, high)) {
          handle.log(`Node ${name} has been classified as overutilized (${formatPercentages(pct)})`);
          highNodes.push(entry());
          return;
        }
        handle.log(`Node ${name} is appropriately utilized (${formatPercentages(pct)})`);
      });

      handle.log(`Criteria for a node under utilization: ${formatPercentages(low)}`);
      handle.log(`Number of underutilized nodes: ${lowNodes.length}`);
      handle.log(`Criteria for a node above target utilization: ${formatPercentages(high)}`);
      handle.log(`Number of overutilized nodes: ${highNodes.length}`);
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
      if (highNodes.length === 0) {
        handle.log('All nodes are under target utilization, nothing to do here');
        return undefined;
      }

      sortNodesByUsage(highNodes, false);
      evictPodsFromSourceNodes({
        evictableNamespaces: args.evictableNamespaces,
        sourceNodes: highNodes,
        destinationNodes: lowNodes,
        evictor,
        podFilter,
        resourceNames: extendedResourceNames,
        // stop once the node is no longer above its target, or nothing more fits elsewhere
        continueEviction: (node, available) =>
          isNodeAboveTargetUtilization(node) && [...available.values()].every((v) => v > 0),
        maxNoOfPodsToEvictPerNode: args.evictionLimits?.node,
        reason: (node) => `node ${node.node.metadata.name} is overutilized (usage above targetThresholds ${formatPercentages(high)}); underutilized nodes have room`,
        log: handle.log,
      });
      return undefined;
    },
  };
}

export const LowNodeUtilization: PluginDescriptor<LowNodeUtilizationArgs, 'balance'> = {
  name: Name,
  kind: 'balance',
  decodeArgs,
  validate: validateLowNodeUtilizationArgs,
  initError: prometheusError,
  build: (args, handle) => prometheusError(args) ?? build(args, handle),
};
