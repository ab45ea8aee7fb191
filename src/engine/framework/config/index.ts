// KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1) and profiles: decoding, defaulting,
// validation and building each profile's plugins, the way kube-scheduler does at startup
// (cmd/kube-scheduler/app/options loadConfig → validation → profile.NewMap).

import type { FeatureGates } from '../../features';
import type { PluginDescriptor } from '../interfaces';
import { decodeConfiguration } from './decode';
import { checkUserPluginsRegistered, configWarnings } from './pluginChecks';
import { setDefaults } from './setDefaults';
import type { ConfigError, SchedulerConfiguration } from './types';
import { validateConfiguration } from './validation';

export type * from './types';
export { DEFAULT_MULTI_POINT, DEFAULT_SCHEDULER_NAME, EXTENSION_POINTS } from './defaults';
export { instantiateProfile, listPlugins, type InstantiatedProfile } from './framework';
export { instantiateProfiles, type ProfileMap } from './profileMap';
export { effectivePercentageOfNodesToScore, numFeasibleNodesToFind } from './feasibleNodes';
export { formatFieldPath } from './fieldErrors';

type Registry = Map<string, PluginDescriptor<unknown>>;

/**
 * upstream: SetDefaults_KubeSchedulerConfiguration on an empty config. Plugin args come from the
 * registry's descriptors; without one the pluginConfig list is empty.
 */
export function defaultSchedulerConfiguration(registry: Registry = new Map()): SchedulerConfiguration {
  return setDefaults({ profiles: [], extenders: [] }, registry);
}

export interface ResolvedSchedulerConfig {
  /** the defaulted configuration (best effort when there are errors) */
  config: SchedulerConfiguration;
  errors: ConfigError[];
  warnings: ConfigError[];
}

/**
 * Decodes the raw (parsed YAML) KubeSchedulerConfiguration, or the defaults when undefined.
 * Errors come in upstream's phases: strict decoding, then validation, then plugins the registry
 * does not have; a phase with errors hides the later ones, as kube-scheduler stops there.
 */
export function resolveSchedulerConfig(raw: unknown, registry: Registry, gates?: FeatureGates): ResolvedSchedulerConfig {
  const decoded = decodeConfiguration(raw, registry);
  const config = setDefaults(decoded.value, registry, gates);
  if (decoded.errors.length > 0) return { config, errors: decoded.errors, warnings: [] };
  const warnings = configWarnings(decoded.value, config);
  const invalid = validateConfiguration(config, registry, gates);
  if (invalid.length > 0) return { config, errors: invalid, warnings };
  return { config, errors: checkUserPluginsRegistered(decoded.value, registry), warnings };
}
