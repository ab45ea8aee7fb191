// upstream: pkg/scheduler/apis/config/types.go (the internal KubeSchedulerConfiguration after
// decoding kubescheduler.config.k8s.io/v1 and defaulting). Only the fields the simulation uses.

import type { Plugin } from '../interfaces';

/** The extension points a profile configures, spelled as the v1 `plugins` keys. */
export type ExtensionPoint =
  | 'preEnqueue' | 'queueSort' | 'preFilter' | 'filter' | 'postFilter' | 'preScore'
  | 'score' | 'reserve' | 'permit' | 'preBind' | 'bind' | 'postBind';

/** upstream: config.Plugin — weight is only used for Score plugins; unset means 0 (→ 1). */
export interface PluginRef {
  name: string;
  weight?: number;
}

/** upstream: config.PluginSet */
export interface PluginSet {
  enabled: PluginRef[];
  disabled: PluginRef[];
}

/** upstream: config.Plugins */
export type Plugins = { multiPoint: PluginSet } & Record<ExtensionPoint, PluginSet>;

export interface PluginConfig {
  name: string;
  /** decoded and defaulted args (plugins with an Args kind), or the raw value given */
  args: unknown;
}

/** upstream: config.KubeSchedulerProfile */
export interface Profile {
  schedulerName: string;
  /** unset: the global percentageOfNodesToScore applies */
  percentageOfNodesToScore?: number;
  plugins: Plugins;
  pluginConfig: PluginConfig[];
}

/** upstream: config.KubeSchedulerConfiguration (the fields that change scheduling) */
export interface SchedulerConfiguration {
  parallelism: number;
  percentageOfNodesToScore: number;
  podInitialBackoffSeconds: number;
  podMaxBackoffSeconds: number;
  profiles: Profile[];
}

/** A problem in the configuration: path into the raw YAML object (for line/column lookup). */
export interface ConfigError {
  path: (string | number)[];
  message: string;
}

/** upstream: frameworkImpl's per-extension-point plugin slices, score weights and plugin map. */
export interface ProfilePlugins {
  points: Record<ExtensionPoint, Plugin[]>;
  /** weight of every Score plugin, by name (0 configured → 1) */
  scoreWeights: Map<string, number>;
  /** every instantiated plugin, one per name */
  instances: Map<string, Plugin>;
}
