// upstream: pkg/scheduler/framework/runtime/framework.go — NewFramework (one instance per plugin,
// updatePluginList, expandMultiPointPlugins, the queue sort / bind checks, getScoreWeights) and
// ListPlugins. A plugin implements an extension point when it has that point's method.

import type { Handle, Plugin, PluginDescriptor } from '../interfaces';
import { DEFAULT_PLUGIN_NAMES, FRAMEWORK_EXTENSION_POINTS, PLUGIN_INTERFACE } from './defaults';
import type { FieldPath } from './fieldErrors';
import type { ConfigError, ExtensionPoint, PluginRef, Profile, ProfilePlugins } from './types';

type Registry = Map<string, PluginDescriptor<unknown>>;

/** Which extension points a plugin object implements (upstream: reflect Implements). */
export const IMPLEMENTS: Readonly<Record<ExtensionPoint, (p: Plugin) => boolean>> = {
  preEnqueue: (p) => p.preEnqueue !== undefined,
  queueSort: (p) => p.less !== undefined,
  preFilter: (p) => p.preFilter !== undefined,
  filter: (p) => p.filter !== undefined,
  postFilter: (p) => p.postFilter !== undefined,
  preScore: (p) => p.preScore !== undefined,
  score: (p) => p.score !== undefined,
  reserve: (p) => p.reserve !== undefined || p.unreserve !== undefined,
  permit: (p) => p.permit !== undefined,
  preBind: (p) => p.preBind !== undefined,
  bind: (p) => p.bind !== undefined,
  postBind: (p) => p.postBind !== undefined,
};

export interface InstantiatedProfile {
  /** unset when there are errors */
  plugins?: ProfilePlugins;
  errors: ConfigError[];
  /** default plugins the registry does not have (yet): skipped */
  warnings: ConfigError[];
}

/**
 * Builds a profile's plugins the way NewFramework does. Error paths are relative to the profile
 * unless `options.path` (e.g. ['profiles', 0]) is given.
 */
export function instantiateProfile(
  profile: Profile,
  registry: Registry,
  handle: Handle,
  options: { path?: FieldPath } = {},
): InstantiatedProfile {
  const base = options.path ?? [];
  const errors: ConfigError[] = [];
  const warnings: ConfigError[] = [];
  const fail = (path: FieldPath, message: string): InstantiatedProfile => {
    errors.push({ path: [...base, ...path], message });
    return { errors, warnings };
  };

  const configs = new Map<string, { args: unknown; index: number }>();
  for (const [index, c] of profile.pluginConfig.entries()) {
    if (configs.has(c.name)) return fail(['pluginConfig', index], `repeated config for plugin ${c.name}`);
    configs.set(c.name, { args: c.args, index });
  }

  // One instance per needed plugin, whatever the number of points it runs at.
  const instances = new Map<string, Plugin>();
  const skipped = new Set<string>();
  for (const name of pluginsNeeded(profile)) {
    const descriptor = registry.get(name);
    if (!descriptor) {
      if (DEFAULT_PLUGIN_NAMES.has(name)) {
        skipped.add(name);
        warnings.push({ path: [...base, 'plugins'], message: `default plugin "${name}" is not in the registry yet; skipped` });
      }
      continue; // anything else is reported where it is enabled
    }
    const config = configs.get(name);
    try {
      instances.set(name, descriptor.factory(config ? config.args : descriptor.defaultArgs?.(), handle));
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      return fail(config ? ['pluginConfig', config.index, 'args'] : ['plugins'], `initializing plugin "${name}": ${message}`);
    }
  }

  const points = {} as Record<ExtensionPoint, Plugin[]>;
  for (const point of FRAMEWORK_EXTENSION_POINTS) {
    // upstream: updatePluginList
    const list: Plugin[] = [];
    const seen = new Set<string>();
    for (const [i, ref] of profile.plugins[point].enabled.entries()) {
      const path = ['plugins', point, 'enabled', i];
      const plugin = instances.get(ref.name);
      if (!plugin) {
        if (skipped.has(ref.name)) continue;
        return fail(path, `${PLUGIN_INTERFACE[point]} "${ref.name}" does not exist`);
      }
      if (!IMPLEMENTS[point](plugin)) return fail(path, `plugin "${ref.name}" does not extend ${PLUGIN_INTERFACE[point]} plugin`);
      if (seen.has(ref.name)) return fail(path, `plugin "${ref.name}" already registered as "${PLUGIN_INTERFACE[point]}"`);
      seen.add(ref.name);
      list.push(plugin);
    }
    points[point] = list;
  }

  if (profile.plugins.multiPoint.enabled.length > 0) {
    for (const point of FRAMEWORK_EXTENSION_POINTS) {
      const expanded = expandMultiPoint(profile, point, instances, skipped);
      if ('error' in expanded) return fail(['plugins', 'multiPoint'], expanded.error);
      points[point] = expanded.plugins;
    }
  }

  const name = profile.schedulerName;
  // While the default queue sort or binder is missing from the registry (development), its absence
  // is the warning above, not an error.
  const queueSortPending = points.queueSort.length === 0 && skipped.has('PrioritySort');
  if (points.queueSort.length !== 1 && !queueSortPending) {
    return fail(['plugins'], `only one queue sort plugin required for profile with scheduler name "${name}", but got ${points.queueSort.length}`);
  }
  const bindPending = skipped.has('DefaultBinder');
  if (points.bind.length === 0 && !bindPending) {
    return fail(['plugins'], `at least one bind plugin is needed for profile with scheduler name "${name}"`);
  }

  const weights = scoreWeights([...profile.plugins.score.enabled, ...profile.plugins.multiPoint.enabled], instances);
  const weightOfScorePlugin = new Map<string, number>();
  for (const p of points.score) {
    const weight = weights.get(p.name);
    if (weight === undefined) return fail(['plugins', 'score'], `score plugin "${p.name}" is not configured with weight`);
    weightOfScorePlugin.set(p.name, weight);
  }
  return { plugins: { points, scoreWeights: weightOfScorePlugin, instances }, errors, warnings };
}

/** upstream: pluginsNeeded — every enabled name, multiPoint first. */
function pluginsNeeded(profile: Profile): string[] {
  const names = new Set<string>();
  for (const p of profile.plugins.multiPoint.enabled) names.add(p.name);
  for (const point of FRAMEWORK_EXTENSION_POINTS) for (const p of profile.plugins[point].enabled) names.add(p.name);
  return [...names];
}

/**
 * upstream: expandMultiPointPlugins for one point. Order: explicitly enabled plugins that are also
 * in multiPoint (their explicit order), then multiPoint-only plugins, then other explicit ones.
 * "*" disabled at the point stops the expansion; a plugin disabled at the point is skipped.
 */
function expandMultiPoint(
  profile: Profile,
  point: ExtensionPoint,
  instances: Map<string, Plugin>,
  skipped: Set<string>,
): { plugins: Plugin[] } | { error: string } {
  const explicit = [...new Set(profile.plugins[point].enabled.map((p) => p.name))].filter((n) => instances.has(n));
  const disabled = new Set(profile.plugins[point].disabled.map((p) => p.name));
  if (disabled.has('*')) return { plugins: explicit.map((n) => instances.get(n)!) };

  const overrides = new Set<string>();
  const fromMultiPoint: string[] = [];
  for (const ref of profile.plugins.multiPoint.enabled) {
    const plugin = instances.get(ref.name);
    if (!plugin) {
      if (skipped.has(ref.name)) continue;
      return { error: `${PLUGIN_INTERFACE[point]} "${ref.name}" does not exist` };
    }
    if (!IMPLEMENTS[point](plugin) || disabled.has(ref.name)) continue;
    if (explicit.includes(ref.name)) {
      overrides.add(ref.name);
      continue;
    }
    if (fromMultiPoint.includes(ref.name)) return { error: `plugin "${ref.name}" already registered as "${PLUGIN_INTERFACE[point]}"` };
    fromMultiPoint.push(ref.name);
  }
  const order = [
    ...explicit.filter((n) => overrides.has(n)),
    ...fromMultiPoint,
    ...explicit.filter((n) => !overrides.has(n)),
  ];
  return { plugins: order.map((n) => instances.get(n)!) };
}

/**
 * upstream: getScoreWeights — explicit score entries first, then multiPoint; the first weight
 * seen for a name wins; a weight of 0 (or none) counts as 1.
 */
function scoreWeights(refs: PluginRef[], instances: Map<string, Plugin>): Map<string, number> {
  const weights = new Map<string, number>();
  for (const ref of refs) {
    if (!instances.get(ref.name)?.score || weights.has(ref.name)) continue;
    weights.set(ref.name, ref.weight ? ref.weight : 1);
  }
  return weights;
}

/** upstream: ListPlugins — the plugins at each point, with weights at Score. */
export function listPlugins(plugins: ProfilePlugins): Record<ExtensionPoint, PluginRef[]> {
  const out = {} as Record<ExtensionPoint, PluginRef[]>;
  for (const point of FRAMEWORK_EXTENSION_POINTS) {
    out[point] = plugins.points[point].map((p) =>
      point === 'score' ? { name: p.name, weight: plugins.scoreWeights.get(p.name) ?? 0 } : { name: p.name });
  }
  return out;
}
