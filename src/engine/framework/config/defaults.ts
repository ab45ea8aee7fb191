// upstream: pkg/scheduler/apis/config/v1/default_plugins.go and defaults.go (v1.35; the list,
// order and weights are the same at 1.36 and 1.37: only gate defaults add plugins, see
// docs/fidelity.md "Default profile and KubeSchedulerConfiguration defaults per version").
// The default profile as data, in one place: the multiPoint list is also the per-extension-point
// order of the default plugins.

import { defaultFeatureGates, gangSchedulingEnabled, type FeatureGates } from '../../features';
import type { ExtensionPoint, PluginRef, PluginSet, Plugins } from './types';

/** upstream: k8s.io/kube-scheduler/config/v1 SchemeGroupVersion */
export const SCHEME_GROUP_VERSION = 'kubescheduler.config.k8s.io/v1';
export const KIND = 'KubeSchedulerConfiguration';
/** upstream: v1.DefaultSchedulerName */
export const DEFAULT_SCHEDULER_NAME = 'default-scheduler';
export const DEFAULT_PARALLELISM = 16;
/** upstream: config.DefaultPercentageOfNodesToScore — 0 means adaptive (5%..50%) */
export const DEFAULT_PERCENTAGE_OF_NODES_TO_SCORE = 0;
export const DEFAULT_POD_INITIAL_BACKOFF_SECONDS = 1;
export const DEFAULT_POD_MAX_BACKOFF_SECONDS = 10;

/**
 * upstream: getDefaultPlugins() with the v1.35 default feature gates applied (applyFeatureGates):
 * DynamicResourceAllocation is GA, so DynamicResources (weight 2) sits right before
 * DefaultPreemption; NodeDeclaredFeatures and GangScheduling are alpha (off) and not listed.
 */
export const DEFAULT_MULTI_POINT: readonly Readonly<PluginRef>[] = [
  { name: 'SchedulingGates' },
  { name: 'PrioritySort' },
  { name: 'NodeUnschedulable' },
  { name: 'NodeName' },
  { name: 'TaintToleration', weight: 3 },
  { name: 'NodeAffinity', weight: 2 },
  { name: 'NodePorts' },
  { name: 'NodeResourcesFit', weight: 1 },
  { name: 'VolumeRestrictions' },
  { name: 'NodeVolumeLimits' },
  { name: 'VolumeBinding' },
  { name: 'VolumeZone' },
  { name: 'PodTopologySpread', weight: 2 },
  { name: 'InterPodAffinity', weight: 2 },
  { name: 'DynamicResources', weight: 2 },
  { name: 'DefaultPreemption' },
  { name: 'NodeResourcesBalancedAllocation', weight: 1 },
  { name: 'ImageLocality', weight: 1 },
  { name: 'DefaultBinder' },
];

export const DEFAULT_PLUGIN_NAMES: ReadonlySet<string> = new Set(DEFAULT_MULTI_POINT.map((p) => p.name));

/** The extension points in the order of the v1 Plugins type. */
export const EXTENSION_POINTS: readonly ExtensionPoint[] = [
  'preEnqueue', 'queueSort', 'preFilter', 'filter', 'postFilter', 'preScore',
  'score', 'reserve', 'permit', 'preBind', 'bind', 'postBind',
];

/** Go interface name of each extension point, as upstream's error messages spell it. */
export const PLUGIN_INTERFACE: Readonly<Record<ExtensionPoint, string>> = {
  preEnqueue: 'PreEnqueuePlugin', queueSort: 'QueueSortPlugin', preFilter: 'PreFilterPlugin',
  filter: 'FilterPlugin', postFilter: 'PostFilterPlugin', preScore: 'PreScorePlugin',
  score: 'ScorePlugin', reserve: 'ReservePlugin', permit: 'PermitPlugin', preBind: 'PreBindPlugin',
  bind: 'BindPlugin', postBind: 'PostBindPlugin',
};

export function emptyPluginSet(): PluginSet {
  return { enabled: [], disabled: [] };
}

export function emptyPlugins(): Plugins {
  const plugins = { multiPoint: emptyPluginSet() } as Plugins;
  for (const point of EXTENSION_POINTS) plugins[point] = emptyPluginSet();
  return plugins;
}

/** upstream: getDefaultPlugins — a fresh copy each call (merging edits it) — then applyFeatureGates. */
export function getDefaultPlugins(gates: FeatureGates = defaultFeatureGates()): Plugins {
  const plugins = emptyPlugins();
  plugins.multiPoint.enabled = DEFAULT_MULTI_POINT.map((p) => ({ ...p }));
  // upstream: applyFeatureGates appends NodeDeclaredFeatures to multiPoint
  if (gates.NodeDeclaredFeatures) plugins.multiPoint.enabled.push({ name: 'NodeDeclaredFeatures' });
  // upstream: applyGangScheduling appends GangScheduling to multiPoint
  if (gangSchedulingEnabled(gates)) plugins.multiPoint.enabled.push({ name: 'GangScheduling' });
  return plugins;
}

/**
 * upstream: frameworkImpl.getExtensionPoints — the order NewFramework fills (and checks) the
 * extension points in, which is also the order its errors come in.
 */
export const FRAMEWORK_EXTENSION_POINTS: readonly ExtensionPoint[] = [
  'preFilter', 'filter', 'postFilter', 'reserve', 'preScore', 'score',
  'preBind', 'bind', 'postBind', 'permit', 'preEnqueue', 'queueSort',
];
