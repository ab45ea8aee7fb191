// upstream: pkg/scheduler/apis/config/v1/defaults.go (SetDefaults_KubeSchedulerConfiguration,
// setDefaults_KubeSchedulerProfile), then the v1 → internal conversion (unset → zero values).

import type { FeatureGates } from '../../features';
import type { PluginDescriptor } from '../interfaces';
import { hasArgsKind, isPlainObject, type V1Configuration, type V1Profile } from './decode';
import {
  DEFAULT_PARALLELISM, DEFAULT_PERCENTAGE_OF_NODES_TO_SCORE, DEFAULT_POD_INITIAL_BACKOFF_SECONDS,
  DEFAULT_POD_MAX_BACKOFF_SECONDS, DEFAULT_SCHEDULER_NAME, EXTENSION_POINTS, getDefaultPlugins,
} from './defaults';
import { mergePlugins } from './merge';
import type { PluginConfig, Plugins, Profile, SchedulerConfiguration } from './types';

type Registry = Map<string, PluginDescriptor<unknown>>;

export function setDefaults(v1: V1Configuration, registry: Registry, gates?: FeatureGates): SchedulerConfiguration {
  const profiles: V1Profile[] = v1.profiles.length > 0 ? v1.profiles : [{ pluginConfig: [] }];
  // Only a lone profile gets the default name; validation wants every name set and unique.
  const single = profiles.length === 1;
  return {
    parallelism: v1.parallelism ?? DEFAULT_PARALLELISM,
    percentageOfNodesToScore: v1.percentageOfNodesToScore ?? DEFAULT_PERCENTAGE_OF_NODES_TO_SCORE,
    podInitialBackoffSeconds: v1.podInitialBackoffSeconds ?? DEFAULT_POD_INITIAL_BACKOFF_SECONDS,
    podMaxBackoffSeconds: v1.podMaxBackoffSeconds ?? DEFAULT_POD_MAX_BACKOFF_SECONDS,
    profiles: profiles.map((p) => setProfileDefaults(p, single, registry, gates)),
  };
}

function setProfileDefaults(v1: V1Profile, single: boolean, registry: Registry, gates?: FeatureGates): Profile {
  const plugins = mergePlugins(getDefaultPlugins(gates), v1.plugins);
  // The user's configs keep their place (and index); their args are defaulted like scheme.Default.
  const pluginConfig: PluginConfig[] = v1.pluginConfig.map((c) => {
    const descriptor = registry.get(c.name);
    return { name: c.name, args: c.typed && descriptor ? applyArgsDefaults(descriptor, c.args, gates) : c.args };
  });
  // Then default args for every enabled plugin that has an Args kind and no config, by name.
  const configured = new Set(v1.pluginConfig.map((c) => c.name));
  for (const name of pluginsNames(plugins)) {
    const descriptor = registry.get(name);
    if (configured.has(name) || !descriptor || !hasArgsKind(descriptor)) continue;
    pluginConfig.push({ name, args: descriptor.defaultArgs ? descriptor.defaultArgs(gates) : applyArgsDefaults(descriptor, {}, gates) });
  }
  const profile: Profile = {
    schedulerName: v1.schedulerName ?? (single ? DEFAULT_SCHEDULER_NAME : ''),
    plugins,
    pluginConfig,
  };
  if (v1.percentageOfNodesToScore !== undefined) profile.percentageOfNodesToScore = v1.percentageOfNodesToScore;
  return profile;
}

/** upstream: pluginsNames — every enabled name at any point, sorted */
export function pluginsNames(plugins: Plugins): string[] {
  const names = new Set<string>();
  for (const point of ['multiPoint', ...EXTENSION_POINTS] as const) {
    for (const p of plugins[point].enabled) names.add(p.name);
  }
  return [...names].sort();
}

/**
 * Args the plugin runs with: its defaults where the user left fields unset (upstream decodes into
 * the typed struct and runs SetDefaults_<Name>Args, which may read the feature gates). A descriptor
 * without applyDefaults gets the user's fields laid over defaultArgs(); a null field counts as unset,
 * like a nil pointer.
 */
export function applyArgsDefaults(descriptor: PluginDescriptor<unknown>, args: unknown, gates?: FeatureGates): unknown {
  const given = isPlainObject(args)
    ? Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined))
    : {};
  if (descriptor.applyDefaults) return descriptor.applyDefaults(given, gates);
  const defaults = descriptor.defaultArgs?.(gates);
  return isPlainObject(defaults) ? { ...defaults, ...given } : (defaults ?? given);
}
