// upstream: pkg/scheduler/apis/config/validation/validation.go (ValidateKubeSchedulerConfiguration),
// run on the defaulted configuration. The user's per-point plugin lists and pluginConfig entries
// keep their indices through defaulting (defaults only fill multiPoint and append configs), so
// the paths point into the YAML the user wrote.

import type { FeatureGates } from '../../features';
import type { PluginDescriptor } from '../interfaces';
import { isPlainObject } from './decode';
import { EXTENSION_POINTS, SCHEME_GROUP_VERSION } from './defaults';
import { duplicate, formatFieldPath, invalid, parseFieldPath, required, type FieldPath } from './fieldErrors';
import type { ConfigError, PluginRef, PluginSet, Profile, SchedulerConfiguration } from './types';

type Registry = Map<string, PluginDescriptor<unknown>>;

/** upstream: invalidPluginsByVersion — plugins removed by kubescheduler.config.k8s.io/v1 */
const INVALID_PLUGINS_V1 = ['AzureDiskLimits', 'CinderLimits', 'EBSLimits', 'GCEPDLimits'];
const INVALID_IN_V1 = `was invalid in version "${SCHEME_GROUP_VERSION}" (KubeSchedulerConfiguration is version "${SCHEME_GROUP_VERSION}")`;

export function validateConfiguration(config: SchedulerConfiguration, registry: Registry, gates?: FeatureGates): ConfigError[] {
  const errs: ConfigError[] = [];
  if (config.parallelism <= 0) {
    errs.push(invalid(['parallelism'], config.parallelism, 'should be an integer value greater than zero'));
  }
  if (config.profiles.length === 0) {
    errs.push(required(['profiles']));
  } else {
    const existing = new Map<string, number>();
    config.profiles.forEach((profile, i) => {
      errs.push(...validateProfile(['profiles', i], profile, registry, gates));
      const first = existing.get(profile.schedulerName);
      if (first !== undefined) {
        errs.push(duplicate(['profiles', i, 'schedulerName'], formatFieldPath(['profiles', first, 'schedulerName'])));
      }
      existing.set(profile.schedulerName, i);
    });
    errs.push(...validateCommonQueueSort(config.profiles));
  }
  errs.push(...validatePercentageOfNodesToScore(['percentageOfNodesToScore'], config.percentageOfNodesToScore));
  if (config.podInitialBackoffSeconds <= 0) {
    errs.push(invalid(['podInitialBackoffSeconds'], config.podInitialBackoffSeconds, 'must be greater than 0'));
  }
  if (config.podMaxBackoffSeconds < config.podInitialBackoffSeconds) {
    errs.push(invalid(['podMaxBackoffSeconds'], config.podMaxBackoffSeconds, 'must be greater than or equal to PodInitialBackoffSeconds'));
  }
  return errs;
}

function validatePercentageOfNodesToScore(path: FieldPath, value: number | undefined): ConfigError[] {
  if (value !== undefined && (value < 0 || value > 100)) return [invalid(path, value, 'not in valid range [0-100]')];
  return [];
}

function validateProfile(path: FieldPath, profile: Profile, registry: Registry, gates: FeatureGates | undefined): ConfigError[] {
  const errs: ConfigError[] = [];
  if (profile.schedulerName === '') errs.push(required([...path, 'schedulerName']));
  errs.push(...validatePercentageOfNodesToScore([...path, 'percentageOfNodesToScore'], profile.percentageOfNodesToScore));
  // upstream checks the per-point sets only, not multiPoint
  for (const point of EXTENSION_POINTS) {
    profile.plugins[point].enabled.forEach((p, i) => {
      if (INVALID_PLUGINS_V1.includes(p.name)) errs.push(invalid([...path, 'plugins', point, 'enabled', i], p.name, INVALID_IN_V1));
    });
  }
  const seen = new Set<string>();
  profile.pluginConfig.forEach((cfg, i) => {
    const cfgPath = [...path, 'pluginConfig', i];
    if (seen.has(cfg.name)) errs.push(duplicate(cfgPath, cfg.name));
    seen.add(cfg.name);
    if (INVALID_PLUGINS_V1.includes(cfg.name)) {
      errs.push(invalid(cfgPath, cfg.name, INVALID_IN_V1));
      return;
    }
    errs.push(...validateArgs(registry.get(cfg.name), cfg.args, [...cfgPath, 'args'], gates));
  });
  return errs;
}

/** upstream: the Validate<Name>Args functions, through PluginDescriptor.validateArgs */
function validateArgs(descriptor: PluginDescriptor<unknown> | undefined, args: unknown, argsPath: FieldPath, gates: FeatureGates | undefined): ConfigError[] {
  if (!descriptor?.validateArgs || !isPlainObject(args)) return [];
  try {
    return descriptor.validateArgs(args, gates).map((e) => ({ path: [...argsPath, ...parseFieldPath(e.path)], message: e.message }));
  } catch {
    // args of the wrong shape for the plugin (upstream: a type mismatch on decoding)
    return [invalid(argsPath, args, 'has to match plugin args')];
  }
}

/** upstream: validateCommonQueueSort — every profile must sort the queue the same way. */
function validateCommonQueueSort(profiles: Profile[]): ConfigError[] {
  const errs: ConfigError[] = [];
  const canon = profiles[0]!.plugins.queueSort;
  const queueSortName = canon.enabled[0]?.name ?? '';
  if (canon.enabled.length > 1) {
    errs.push(invalid(['profiles', 0, 'plugins', 'queueSort', 'enabled'], canon.enabled.length, 'only one queue sort plugin can be enabled'));
  }
  let queueSortArgs: unknown;
  for (const cfg of profiles[0]!.pluginConfig) {
    if (queueSortName !== '' && cfg.name === queueSortName) queueSortArgs = cfg.args;
  }
  for (let i = 1; i < profiles.length; i++) {
    const curr = profiles[i]!.plugins.queueSort;
    if (!pluginSetsEqual(canon, curr)) {
      errs.push(invalid(['profiles', i, 'plugins', 'queueSort'], pluginSetValue(curr), 'must be the same for all profiles'));
    }
    profiles[i]!.pluginConfig.forEach((cfg, j) => {
      if (cfg.name === queueSortName && !semanticDeepEqual(queueSortArgs, cfg.args)) {
        errs.push(invalid(['profiles', i, 'pluginConfig', j, 'args'], cfg.args, 'queueSort must be the same for all profiles'));
      }
    });
  }
  return errs;
}

function pluginSetsEqual(a: PluginSet, b: PluginSet): boolean {
  const refs = (list: PluginRef[]) => list.map((p) => ({ name: p.name, weight: p.weight ?? 0 }));
  return semanticDeepEqual(refs(a.enabled), refs(b.enabled)) && semanticDeepEqual(refs(a.disabled), refs(b.disabled));
}

function pluginSetValue(set: PluginSet): Partial<PluginSet> {
  const value: Partial<PluginSet> = {};
  if (set.enabled.length > 0) value.enabled = set.enabled;
  if (set.disabled.length > 0) value.disabled = set.disabled;
  return value;
}

/**
 * upstream: apiequality.Semantic.DeepEqual on decoded values — unset (undefined/null) fields
 * equal missing ones.
 */
export function semanticDeepEqual(a: unknown, b: unknown): boolean {
  if (a === undefined || a === null || b === undefined || b === null) {
    return (a === undefined || a === null) && (b === undefined || b === null);
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => semanticDeepEqual(x, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) if (!semanticDeepEqual(a[k], b[k])) return false;
    return true;
  }
  return a === b;
}
