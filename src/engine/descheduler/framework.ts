// The descheduling framework: plugin kinds, the handle a plugin gets, and building and running a
// profile (deschedule plugins of every profile first, then balance plugins).
// upstream: sigs.k8s.io/descheduler pkg/framework/types/types.go, pkg/framework/profile/profile.go,
// pkg/descheduler/descheduler.go (runProfiles).

import type { Node } from '../model/types';
import type { Cluster } from './cluster';
import type { Reader } from './decode';
import type { EvictError, PodEvictor } from './evictor';
import { wrapFilters, type PodFilter } from './podutil';
import type { DeschedulerLogEntry, DeschedulerPod, DeschedulerProfile } from './types';
import { quote } from '../model/quote';

/** upstream: frameworktypes.Evictor — the profile's filters and the evictor, for one plugin */
export interface Evictor {
  filter: PodFilter;
  preEvictionFilter: PodFilter;
  /** undefined when the pod was evicted */
  evict(pod: DeschedulerPod, reason: string): EvictError | undefined;
}

export interface Handle {
  cluster: Cluster;
  evictor: Evictor;
  log(message: string): void;
}

export interface DeschedulePlugin {
  name: string;
  /** an error message when the plugin failed */
  deschedule(nodes: Node[]): string | undefined;
}

export interface BalancePlugin {
  name: string;
  balance(nodes: Node[]): string | undefined;
}

export interface EvictorPlugin {
  name: string;
  filter: PodFilter;
  preEvictionFilter: PodFilter;
}

export type PluginKind = 'deschedule' | 'balance' | 'evictor';

type PluginOf<K extends PluginKind> = K extends 'deschedule' ? DeschedulePlugin : K extends 'balance' ? BalancePlugin : EvictorPlugin;

/** One registered plugin: its args (decoding, defaulting, validation) and its factory. */
export interface PluginDescriptor<A = unknown, K extends PluginKind = PluginKind> {
  name: string;
  kind: K;
  /** strict decoding of the raw args (undefined: none given) into defaulted args */
  decodeArgs(r: Reader, raw: unknown): A;
  /** upstream: the plugin's Validate<Name>Args, one message per error */
  validate(args: A): string[];
  /** upstream: the errors New returns whatever the cluster (checked when the policy loads) */
  initError?(args: A): string | undefined;
  /** upstream: the plugin's New; a string is the error it returned */
  build(args: A, handle: Handle): PluginOf<K> | string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyPluginDescriptor = PluginDescriptor<any, PluginKind>;
export type Registry = ReadonlyMap<string, AnyPluginDescriptor>;

export interface ProfileRunner {
  name: string;
  deschedule: DeschedulePlugin[];
  balance: BalancePlugin[];
}

/**
 * upstream: NewProfile — one instance per plugin (with its pluginConfig), the filters of the
 * enabled evictor plugins combined. Returns the error NewProfile would.
 */
export function buildProfile(
  profile: DeschedulerProfile,
  registry: Registry,
  cluster: Cluster,
  podEvictor: PodEvictor,
  log: (entry: DeschedulerLogEntry) => void,
): ProfileRunner | string {
  const filters: PodFilter[] = [];
  const preEvictionFilters: PodFilter[] = [];
  const filter: PodFilter = (pod) => wrapFilters(...filters)(pod);
  const preEvictionFilter: PodFilter = (pod) => wrapFilters(...preEvictionFilters)(pod);

  const names = [...new Set([
    ...profile.plugins.deschedule.enabled, ...profile.plugins.balance.enabled,
    ...profile.plugins.filter.enabled, ...profile.plugins.preEvictionFilter.enabled,
  ])];
  const instances = new Map<string, DeschedulePlugin | BalancePlugin | EvictorPlugin>();
  for (const name of names) {
    const config = profile.pluginConfigs.find((c) => c.name === name);
    if (!config) return `unable to build ${name} plugin: unable to find ${quote(name)} plugin config`;
    const descriptor = registry.get(name);
    if (!descriptor) return `unable to build ${name} plugin: unable to find ${quote(name)} plugin in the pluginsMap`;
    const handle: Handle = {
      cluster,
      evictor: {
        filter,
        preEvictionFilter,
        evict: (pod, reason) => podEvictor.evictPod(pod, { profile: profile.name, strategy: name, reason }),
      },
      log: (message) => log({ plugin: name, message }),
    };
    const plugin = descriptor.build(config.args, handle);
    if (typeof plugin === 'string') return `unable to build ${name} plugin: unable to initialize ${quote(name)} plugin: ${plugin}`;
    instances.set(name, plugin);
  }
  for (const name of profile.plugins.filter.enabled) filters.push((instances.get(name) as EvictorPlugin).filter);
  for (const name of profile.plugins.preEvictionFilter.enabled) {
    preEvictionFilters.push((instances.get(name) as EvictorPlugin).preEvictionFilter);
  }
  return {
    name: profile.name,
    deschedule: profile.plugins.deschedule.enabled.map((n) => instances.get(n) as DeschedulePlugin),
    balance: profile.plugins.balance.enabled.map((n) => instances.get(n) as BalancePlugin),
  };
}

/** upstream: runProfiles — every profile's Deschedule plugins, then every profile's Balance plugins. */
export function runProfiles(runners: ProfileRunner[], nodes: Node[], log: (entry: DeschedulerLogEntry) => void): void {
  for (const runner of runners) {
    for (const plugin of runner.deschedule) {
      const err = plugin.deschedule(nodes);
      if (err) log({ plugin: plugin.name, message: `plugin ${quote(plugin.name)} finished with error: ${err}` });
    }
  }
  for (const runner of runners) {
    for (const plugin of runner.balance) {
      const err = plugin.balance(nodes);
      if (err) log({ plugin: plugin.name, message: `plugin ${quote(plugin.name)} finished with error: ${err}` });
    }
  }
}
