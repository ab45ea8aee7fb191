// Configuration B for the Compare view, made from the scenario's own configuration (A) with the
// NodeResourcesFit scoring strategy changed, so the comparison shows what the strategy does and
// nothing else (every profile, its schedulerName and its other plugins kept).

import { stringify } from 'yaml';

/** upstream: config.ScoringStrategyType (LeastAllocated is the default) */
export const STRATEGIES = ['MostAllocated', 'LeastAllocated', 'RequestedToCapacityRatio'] as const;
export type Strategy = (typeof STRATEGIES)[number];

export const STRATEGY_LABELS: Record<Strategy, string> = {
  MostAllocated: 'MostAllocated (bin packing)',
  LeastAllocated: 'LeastAllocated (spreading, the default)',
  RequestedToCapacityRatio: 'RequestedToCapacityRatio (0% → 0, 100% → 10: packing)',
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function scoringStrategy(type: Strategy, resources: unknown): Obj {
  const out: Obj = { type, resources: Array.isArray(resources) && resources.length > 0 ? resources : [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] };
  // upstream: the shape a RequestedToCapacityRatio strategy must have (validation requires it)
  if (type === 'RequestedToCapacityRatio') out.requestedToCapacityRatio = { shape: [{ utilization: 0, score: 0 }, { utilization: 100, score: 10 }] };
  return out;
}

/**
 * The YAML of configuration B: `configA` (the scenario's KubeSchedulerConfiguration object, or
 * undefined for the defaults) with every profile's NodeResourcesFit scoring strategy set to `type`.
 */
export function strategyVariant(configA: Obj | undefined, type: Strategy): string {
  const base: Obj = structuredClone(configA ?? {});
  base.apiVersion = 'kubescheduler.config.k8s.io/v1';
  base.kind = 'KubeSchedulerConfiguration';
  const profiles = Array.isArray(base.profiles) && base.profiles.length > 0 ? base.profiles.filter(isObj) : [{ schedulerName: 'default-scheduler' }];
  for (const p of profiles) {
    const pluginConfig = Array.isArray(p.pluginConfig) ? p.pluginConfig.filter(isObj) : [];
    const fit = pluginConfig.find((c) => c.name === 'NodeResourcesFit');
    const args = isObj(fit?.args) ? fit.args : {};
    const previous = isObj(args.scoringStrategy) ? args.scoringStrategy.resources : undefined;
    const next = { name: 'NodeResourcesFit', args: { ...args, scoringStrategy: scoringStrategy(type, previous) } };
    if (fit) pluginConfig[pluginConfig.indexOf(fit)] = next; else pluginConfig.push(next);
    p.pluginConfig = pluginConfig;
  }
  base.profiles = profiles;
  const { apiVersion, kind, ...rest } = base;
  return stringify({ apiVersion, kind, ...rest });
}
