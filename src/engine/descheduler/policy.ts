// DeschedulerPolicy (descheduler/v1alpha2, or v1alpha1 converted) from an already-parsed object: decoding, validation,
// defaulting and the checks the descheduler makes when it builds its profiles — every error the
// descheduler would stop with at startup.
// upstream: sigs.k8s.io/descheduler pkg/descheduler/policyconfig.go (decode,
// validateDeschedulerConfiguration, setDefaults, setDefaultEvictor), pkg/api/v1alpha2/
// {types,conversion}.go, pkg/descheduler/scheme/scheme.go (the policy decodes leniently; plugin
// args decode strictly), pkg/framework/profile/profile.go (NewProfile's checks).

import type { FieldPath } from '../framework/config/fieldErrors';
import type { ConfigError } from '../framework/config/types';
import { Reader } from './decode';
import type { Registry } from './framework';
import { parseSelector } from './labels';
import { DefaultEvictor, defaultEvictorArgs, priorityThresholdValue, type DefaultEvictorArgs } from './plugins/DefaultEvictor';
import { DESCHEDULER_REGISTRY } from './registry';
import { convertV1alpha1, V1ALPHA1_API_VERSION } from './v1alpha1';
import type { DeschedulerPolicy, DeschedulerProfile, MetricsProvider, PluginSet, Plugins } from './types';
import { quote } from '../model/quote';

export const API_VERSION = 'descheduler/v1alpha2';
export const KIND = 'DeschedulerPolicy';

const POLICY_FIELDS = [
  'apiVersion', 'kind', 'profiles', 'nodeSelector', 'maxNoOfPodsToEvictPerNode', 'maxNoOfPodsToEvictPerNamespace',
  'maxNoOfPodsToEvictTotal', 'evictionFailureEventNotification', 'metricsCollector', 'metricsProviders', 'gracePeriodSeconds',
];
/** v1alpha2.Plugins JSON names — note `preevictionfilter`, all lower case */
const PLUGIN_POINTS: readonly [keyof Plugins, string][] = [
  ['presort', 'presort'], ['sort', 'sort'], ['deschedule', 'deschedule'], ['balance', 'balance'],
  ['filter', 'filter'], ['preEvictionFilter', 'preevictionfilter'],
];

export interface DecodedPolicy {
  /** unset when there are errors */
  policy?: DeschedulerPolicy;
  errors: ConfigError[];
  /** fields the lenient policy codec ignores */
  warnings: ConfigError[];
}

const emptySet = (): PluginSet => ({ enabled: [], disabled: [] });

function decodePluginSet(r: Reader, v: unknown, rel: FieldPath): PluginSet {
  const obj = r.object(v, rel, 'v1alpha2.PluginSet');
  if (!obj) return emptySet();
  r.strict(obj, ['enabled', 'disabled'], rel);
  return {
    enabled: r.strList(obj['enabled'], [...rel, 'enabled']) ?? [],
    disabled: r.strList(obj['disabled'], [...rel, 'disabled']) ?? [],
  };
}

function decodeMetricsProviders(r: Reader, v: unknown): MetricsProvider[] | undefined {
  const list = r.list(v, ['metricsProviders'], '[]v1alpha2.MetricsProvider');
  if (!list) return undefined;
  return list.map((raw, i) => {
    const p = ['metricsProviders', i];
    const obj = r.object(raw, p, 'v1alpha2.MetricsProvider') ?? {};
    r.strict(obj, ['source', 'prometheus'], p);
    const provider: MetricsProvider = {};
    const source = r.str(obj['source'], [...p, 'source']);
    if (source !== undefined) provider.source = source;
    const prom = r.object(obj['prometheus'], [...p, 'prometheus'], 'v1alpha2.Prometheus');
    if (prom) {
      r.strict(prom, ['url', 'authToken'], [...p, 'prometheus']);
      provider.prometheus = {};
      const url = r.str(prom['url'], [...p, 'prometheus', 'url']);
      if (url !== undefined) provider.prometheus.url = url;
      const token = r.object(prom['authToken'], [...p, 'prometheus', 'authToken'], 'v1alpha2.AuthToken');
      if (token) {
        provider.prometheus.authToken = {};
        const ref = r.object(token['secretReference'], [...p, 'prometheus', 'authToken', 'secretReference'], 'v1alpha2.SecretReference');
        if (ref) {
          provider.prometheus.authToken.secretReference = {
            namespace: r.str(ref['namespace'], [...p, 'prometheus', 'authToken', 'secretReference', 'namespace']) ?? '',
            name: r.str(ref['name'], [...p, 'prometheus', 'authToken', 'secretReference', 'name']) ?? '',
          };
        }
      }
    }
    return provider;
  });
}

/** upstream: the metrics part of validateDeschedulerConfiguration */
function metricsErrors(policy: DeschedulerPolicy): string[] {
  const errs: string[] = [];
  const providers = new Map<string, MetricsProvider>();
  for (const p of policy.metricsProviders ?? []) {
    const source = p.source ?? '';
    if (providers.has(source)) errs.push(`metric provider ${quote(String(source))} is already configured, each source can be configured only once`);
    else providers.set(source, p);
  }
  if (providers.has('KubernetesMetrics') && policy.metricsCollector?.enabled) {
    errs.push('it is not allowed to combine metrics provider when metrics collector is enabled');
  }
  const prometheus = providers.get('Prometheus');
  if (prometheus) {
    if (!prometheus.prometheus) {
      errs.push('prometheus configuration is required when prometheus source is enabled');
    } else {
      if (!prometheus.prometheus.url) errs.push('prometheus URL is required when prometheus is enabled');
      const token = prometheus.prometheus.authToken;
      if (token) {
        if (!token.secretReference) errs.push('prometheus authToken secret is expected to be set when authToken field is');
        else if (!token.secretReference.name || !token.secretReference.namespace) errs.push('prometheus authToken secret reference does not set both namespace and name');
      }
    }
  }
  return errs;
}

/** Go's %v of a sets.Set[string]: map[A:{} B:{}] (keys sorted) */
const formatSet = (names: Iterable<string>): string => `map[${[...new Set(names)].sort().map((n) => `${n}:{}`).join(' ')}]`;

/**
 * Decodes and checks a DeschedulerPolicy. `apiVersion` and `kind` may be left out (a policy
 * written inline in a timeline step: v1alpha2); when given they must be descheduler/v1alpha2
 * DeschedulerPolicy, or descheduler/v1alpha1 (`strategies:`), converted as descheduler v0.30 did.
 */
export function decodeDeschedulerPolicy(raw: unknown, registry: Registry = DESCHEDULER_REGISTRY): DecodedPolicy {
  const r = new Reader('DeschedulerPolicy', [], [], true);
  const obj = r.object(raw, [], 'v1alpha2.DeschedulerPolicy');
  if (!obj) return { errors: r.errors.length > 0 ? r.errors : [{ path: [], message: 'Object \'Kind\' is missing' }], warnings: [] };
  const apiVersion = r.str(obj['apiVersion'], ['apiVersion']);
  const kind = r.str(obj['kind'], ['kind']);
  if (apiVersion === V1ALPHA1_API_VERSION && (kind === undefined || kind === KIND)) return decodeV1alpha1(obj, registry);
  if ((apiVersion !== undefined && apiVersion !== API_VERSION) || (kind !== undefined && kind !== KIND)) {
    const path: FieldPath = apiVersion !== undefined && apiVersion !== API_VERSION ? ['apiVersion'] : ['kind'];
    return { errors: [{ path, message: `no kind ${quote(String(kind ?? KIND))} is registered for version ${quote(String(apiVersion ?? API_VERSION))}` }], warnings: [] };
  }
  r.strict(obj, POLICY_FIELDS, []);

  const policy: DeschedulerPolicy = { profiles: [] };
  const nodeSelector = r.str(obj['nodeSelector'], ['nodeSelector']);
  if (nodeSelector !== undefined) policy.nodeSelector = nodeSelector;
  for (const key of ['maxNoOfPodsToEvictPerNode', 'maxNoOfPodsToEvictPerNamespace', 'maxNoOfPodsToEvictTotal'] as const) {
    const v = r.int(obj[key], [key], 'uint');
    if (v !== undefined) policy[key] = v;
  }
  const notify = r.bool(obj['evictionFailureEventNotification'], ['evictionFailureEventNotification']);
  if (notify !== undefined) policy.evictionFailureEventNotification = notify;
  const collector = r.object(obj['metricsCollector'], ['metricsCollector'], 'v1alpha2.MetricsCollector');
  if (collector) {
    r.strict(collector, ['enabled'], ['metricsCollector']);
    policy.metricsCollector = { enabled: r.bool(collector['enabled'], ['metricsCollector', 'enabled']) ?? false };
  }
  const providers = decodeMetricsProviders(r, obj['metricsProviders']);
  if (providers) policy.metricsProviders = providers;
  const grace = r.int(obj['gracePeriodSeconds'], ['gracePeriodSeconds'], 'int64');
  if (grace !== undefined) policy.gracePeriodSeconds = grace;

  // Plugin args decode strictly, each on its own (upstream: Convert_v1alpha2_PluginConfig_To_api_PluginConfig).
  const argsErrors: ConfigError[] = [];
  const profilesRaw = r.list(obj['profiles'], ['profiles'], '[]v1alpha2.DeschedulerProfile') ?? [];
  profilesRaw.forEach((rawProfile, i) => {
    const p: FieldPath = ['profiles', i];
    const po = r.object(rawProfile, p, 'v1alpha2.DeschedulerProfile');
    if (!po) return;
    r.strict(po, ['name', 'pluginConfig', 'plugins'], p);
    const profile: DeschedulerProfile = {
      name: r.str(po['name'], [...p, 'name']) ?? '',
      pluginConfigs: [],
      plugins: { presort: emptySet(), sort: emptySet(), deschedule: emptySet(), balance: emptySet(), filter: emptySet(), preEvictionFilter: emptySet() },
    };
    const plugins = r.object(po['plugins'], [...p, 'plugins'], 'v1alpha2.Plugins');
    if (plugins) {
      r.strict(plugins, PLUGIN_POINTS.map(([, json]) => json), [...p, 'plugins']);
      for (const [point, json] of PLUGIN_POINTS) profile.plugins[point] = decodePluginSet(r, plugins[json], [...p, 'plugins', json]);
    }
    const configs = r.list(po['pluginConfig'], [...p, 'pluginConfig'], '[]v1alpha2.PluginConfig') ?? [];
    configs.forEach((rawConfig, j) => {
      const cp: FieldPath = [...p, 'pluginConfig', j];
      const co = r.object(rawConfig, cp, 'v1alpha2.PluginConfig');
      if (!co) return;
      r.strict(co, ['name', 'args'], cp);
      const name = r.str(co['name'], [...cp, 'name']) ?? '';
      const descriptor = registry.get(name);
      if (!descriptor) {
        profile.pluginConfigs.push({ name, args: co['args'] });
        return;
      }
      const argsReader = new Reader(`${name}Args`, [...cp, 'args']);
      const args = descriptor.decodeArgs(argsReader, co['args']);
      argsErrors.push(...argsReader.errors);
      profile.pluginConfigs.push({ name, args });
    });
    policy.profiles.push(profile);
  });
  const errors = [...r.errors, ...argsErrors];
  if (errors.length > 0) return { errors, warnings: r.warnings };

  // upstream: validateDeschedulerConfiguration
  const invalid: ConfigError[] = [];
  policy.profiles.forEach((profile, i) => {
    profile.pluginConfigs.forEach((config, j) => {
      const path: FieldPath = ['profiles', i, 'pluginConfig', j];
      const descriptor = registry.get(config.name);
      if (!descriptor) {
        invalid.push({ path: [...path, 'name'], message: `in profile ${profile.name}: plugin ${config.name} in pluginConfig not registered` });
        return;
      }
      for (const message of descriptor.validate(config.args)) invalid.push({ path: [...path, 'args'], message: `in profile ${profile.name}: ${message}` });
    });
  });
  for (const message of metricsErrors(policy)) invalid.push({ path: ['metricsProviders'], message });
  if (invalid.length > 0) return { errors: invalid, warnings: r.warnings };

  // upstream: setDefaults → setDefaultEvictor
  const defaulted: ConfigError[] = [];
  policy.profiles.forEach((profile, i) => {
    for (const point of ['filter', 'preEvictionFilter'] as const) {
      if (!profile.plugins[point].enabled.includes(DefaultEvictor.name)) profile.plugins[point].enabled.unshift(DefaultEvictor.name);
    }
    let index = profile.pluginConfigs.findIndex((c) => c.name === DefaultEvictor.name);
    if (index < 0) {
      profile.pluginConfigs.unshift({ name: DefaultEvictor.name, args: defaultEvictorArgs() });
      index = 0;
    }
    const args = profile.pluginConfigs[index]!.args as DefaultEvictorArgs;
    // A PriorityClass name is looked up when the descheduler runs (the cluster is not known here).
    if (args.priorityThreshold?.name === undefined) {
      const value = priorityThresholdValue(args.priorityThreshold);
      if (typeof value === 'string') defaulted.push({ path: ['profiles', i, 'pluginConfig', index, 'args', 'priorityThreshold'], message: value });
    }
  });
  if (defaulted.length > 0) return { errors: defaulted, warnings: r.warnings };

  const built = profileErrors(policy, registry);
  return built.length > 0 ? { errors: built, warnings: r.warnings } : { policy, errors: [], warnings: r.warnings };
}

/**
 * descheduler/v1alpha1: converted (v0.30's V1alpha1ToInternal), then read as v1alpha2. Problems in
 * a converted profile point back at its strategy.
 */
function decodeV1alpha1(obj: Record<string, unknown>, registry: Registry): DecodedPolicy {
  const converted = convertV1alpha1(obj, registry);
  if (!converted.policy) return { errors: converted.errors, warnings: converted.warnings };
  const relocate = (e: ConfigError): ConfigError => {
    const [head, index] = e.path;
    if (head !== 'profiles' || typeof index !== 'number') return e;
    return { path: converted.profilePaths[index] ?? [], message: e.message };
  };
  const decoded = decodeDeschedulerPolicy(converted.policy, registry);
  const warnings = [...converted.warnings, ...decoded.warnings.map(relocate)];
  if (!decoded.policy) return { errors: decoded.errors.map(relocate), warnings };
  return { policy: decoded.policy, errors: [], warnings };
}

/**
 * upstream: newDescheduler / NewProfile — the policy's nodeSelector must parse; every enabled
 * plugin must implement its extension point, have a pluginConfig and initialize.
 */
function profileErrors(policy: DeschedulerPolicy, registry: Registry): ConfigError[] {
  const errs: ConfigError[] = [];
  if (policy.nodeSelector !== undefined) {
    const selector = parseSelector(policy.nodeSelector);
    if ('error' in selector) errs.push({ path: ['nodeSelector'], message: selector.error });
  }
  policy.profiles.forEach((profile, i) => {
    const fail = (path: FieldPath, message: string): void => {
      errs.push({ path: ['profiles', i, ...path], message: `unable to create ${quote(String(profile.name))} profile: ${message}` });
    };
    const points = [
      ['deschedule', 'deschedule', 'deschedule'], ['balance', 'balance', 'balance'],
      ['filter', 'filter', 'evictor'], ['preEvictionFilter', 'preEvictionFilter', 'evictor'],
    ] as const;
    for (const [point, shown, kind] of points) {
      const missing = profile.plugins[point].enabled.filter((n) => registry.get(n)?.kind !== kind);
      if (missing.length > 0) {
        const json = point === 'preEvictionFilter' ? 'preevictionfilter' : point;
        fail(['plugins', json, 'enabled'], `profile ${quote(String(profile.name))} configures ${shown} extension point of non-existing plugins: ${formatSet(missing)}`);
        return;
      }
    }
    const names = new Set([
      ...profile.plugins.deschedule.enabled, ...profile.plugins.balance.enabled,
      ...profile.plugins.filter.enabled, ...profile.plugins.preEvictionFilter.enabled,
    ]);
    for (const name of names) {
      const index = profile.pluginConfigs.findIndex((c) => c.name === name);
      if (index < 0) {
        fail(['pluginConfig'], `unable to build ${name} plugin: unable to find ${quote(String(name))} plugin config`);
        continue;
      }
      const init = registry.get(name)?.initError?.(profile.pluginConfigs[index]!.args);
      if (init) fail(['pluginConfig', index, 'args'], `unable to build ${name} plugin: unable to initialize ${quote(String(name))} plugin: ${init}`);
    }
  });
  return errs;
}
