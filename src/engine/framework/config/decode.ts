// upstream: k8s.io/kube-scheduler/config/v1/types.go (the v1 wire format), decoded the way
// kube-scheduler loads its config file: strictly (pkg/scheduler/apis/config/scheme uses
// serializer.EnableStrict, so unknown fields are errors), then plugin args by kind
// (KubeSchedulerConfiguration.DecodeNestedObjects). The YAML is already parsed; this checks
// types against the Go fields and keeps "unset" apart from zero, as the v1 pointers do.

import type { PluginDescriptor } from '../interfaces';
import { EXTENSION_POINTS, KIND, SCHEME_GROUP_VERSION, emptyPlugins } from './defaults';
import { formatFieldPath, type FieldPath } from './fieldErrors';
import type { ConfigError, PluginRef, PluginSet, Plugins } from './types';
import { quote } from '../../model/quote';

export interface V1PluginConfig {
  name: string;
  args: unknown;
  /** args were decoded as the plugin's <Name>Args kind (so defaulting applies) */
  typed: boolean;
}

export interface V1Profile {
  schedulerName?: string;
  percentageOfNodesToScore?: number;
  /** unset when the profile has no `plugins` */
  plugins?: Plugins;
  pluginConfig: V1PluginConfig[];
}

export interface V1Configuration {
  parallelism?: number;
  percentageOfNodesToScore?: number;
  podInitialBackoffSeconds?: number;
  podMaxBackoffSeconds?: number;
  profiles: V1Profile[];
  extenders: unknown[];
}

type Registry = Map<string, PluginDescriptor<unknown>>;
type RawObject = Record<string, unknown>;

// componentbaseconfigv1alpha1 types kube-scheduler embeds; accepted and not simulated
const LEADER_ELECTION_FIELDS = ['leaderElect', 'leaseDuration', 'renewDeadline', 'retryPeriod', 'resourceLock', 'resourceName', 'resourceNamespace'];
const CLIENT_CONNECTION_FIELDS = ['kubeconfig', 'acceptContentTypes', 'contentType', 'qps', 'burst'];

const CONFIGURATION_FIELDS = [
  'apiVersion', 'kind', 'parallelism', 'leaderElection', 'clientConnection', 'enableProfiling',
  'enableContentionProfiling', 'percentageOfNodesToScore', 'podInitialBackoffSeconds',
  'podMaxBackoffSeconds', 'profiles', 'extenders', 'delayCacheUntilActive',
];
const PROFILE_FIELDS = ['schedulerName', 'percentageOfNodesToScore', 'plugins', 'pluginConfig'];
const PLUGINS_FIELDS = [...EXTENSION_POINTS, 'multiPoint'];

export function isPlainObject(v: unknown): v is RawObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** encoding/json's name for the JSON value that did not fit */
function jsonKind(v: unknown): string {
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

class Decoder {
  readonly errors: ConfigError[] = [];

  private typeError(path: FieldPath, value: string, target: string): undefined {
    this.errors.push({ path, message: `json: cannot unmarshal ${value} into ${target}` });
    return undefined;
  }

  private fieldTarget(struct: string, key: string, goType: string): string {
    return `Go struct field ${struct}.${key} of type ${goType}`;
  }

  /** upstream strict decoding: `unknown field "profiles[0].foo"` */
  strict(obj: RawObject, known: readonly string[], path: FieldPath): void {
    for (const key of Object.keys(obj)) {
      if (!known.includes(key)) {
        this.errors.push({ path: [...path, key], message: `unknown field ${quote(formatFieldPath([...path, key]))}` });
      }
    }
  }

  object(raw: unknown, path: FieldPath, goType: string): RawObject | undefined {
    if (isPlainObject(raw)) return raw;
    return this.typeError(path, jsonKind(raw), `Go value of type ${goType}`);
  }

  objectField(obj: RawObject, key: string, path: FieldPath, struct: string, goType: string): RawObject | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (isPlainObject(v)) return v;
    return this.typeError([...path, key], jsonKind(v), this.fieldTarget(struct, key, goType));
  }

  listField(obj: RawObject, key: string, path: FieldPath, struct: string, goType: string): unknown[] | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (Array.isArray(v)) return v;
    return this.typeError([...path, key], jsonKind(v), this.fieldTarget(struct, key, goType));
  }

  stringField(obj: RawObject, key: string, path: FieldPath, struct: string): string | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return v;
    return this.typeError([...path, key], jsonKind(v), this.fieldTarget(struct, key, 'string'));
  }

  boolField(obj: RawObject, key: string, path: FieldPath, struct: string): boolean | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'boolean') return v;
    return this.typeError([...path, key], jsonKind(v), this.fieldTarget(struct, key, 'bool'));
  }

  intField(obj: RawObject, key: string, path: FieldPath, struct: string, bits: 32 | 64): number | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    const goType = `int${bits}`;
    if (typeof v !== 'number') return this.typeError([...path, key], jsonKind(v), this.fieldTarget(struct, key, goType));
    const fits = bits === 32 ? Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31 : Number.isSafeInteger(v);
    if (!fits) return this.typeError([...path, key], `number ${v}`, this.fieldTarget(struct, key, goType));
    return v;
  }
}

/** Decodes a raw `kind: KubeSchedulerConfiguration` object (undefined: none given). */
export function decodeConfiguration(raw: unknown, registry: Registry): { value: V1Configuration; errors: ConfigError[] } {
  const d = new Decoder();
  const value: V1Configuration = { profiles: [], extenders: [] };
  if (raw === undefined || raw === null) return { value, errors: d.errors };
  const obj = d.object(raw, [], 'v1.KubeSchedulerConfiguration');
  if (obj === undefined) return { value, errors: d.errors };
  const S = 'KubeSchedulerConfiguration';

  const apiVersion = d.stringField(obj, 'apiVersion', [], S);
  const kind = d.stringField(obj, 'kind', [], S);
  if (apiVersion !== undefined && apiVersion !== SCHEME_GROUP_VERSION) {
    d.errors.push({ path: ['apiVersion'], message: `no kind ${quote(String(kind ?? KIND))} is registered for version ${quote(apiVersion)}` });
  } else if (kind !== undefined && kind !== KIND) {
    d.errors.push({ path: ['kind'], message: `no kind ${quote(kind)} is registered for version "${SCHEME_GROUP_VERSION}"` });
  }
  d.strict(obj, CONFIGURATION_FIELDS, []);

  value.parallelism = d.intField(obj, 'parallelism', [], S, 32);
  value.percentageOfNodesToScore = d.intField(obj, 'percentageOfNodesToScore', [], S, 32);
  value.podInitialBackoffSeconds = d.intField(obj, 'podInitialBackoffSeconds', [], S, 64);
  value.podMaxBackoffSeconds = d.intField(obj, 'podMaxBackoffSeconds', [], S, 64);
  d.boolField(obj, 'enableProfiling', [], S);
  d.boolField(obj, 'enableContentionProfiling', [], S);
  d.boolField(obj, 'delayCacheUntilActive', [], S);
  const leaderElection = d.objectField(obj, 'leaderElection', [], S, 'v1alpha1.LeaderElectionConfiguration');
  if (leaderElection) d.strict(leaderElection, LEADER_ELECTION_FIELDS, ['leaderElection']);
  const clientConnection = d.objectField(obj, 'clientConnection', [], S, 'v1alpha1.ClientConnectionConfiguration');
  if (clientConnection) d.strict(clientConnection, CLIENT_CONNECTION_FIELDS, ['clientConnection']);
  value.extenders = d.listField(obj, 'extenders', [], S, '[]v1.Extender') ?? [];

  const profiles = d.listField(obj, 'profiles', [], S, '[]v1.KubeSchedulerProfile') ?? [];
  profiles.forEach((rawProfile, i) => {
    const profile = decodeProfile(d, rawProfile, ['profiles', i], registry);
    if (profile) value.profiles.push(profile);
  });
  return { value, errors: d.errors };
}

function decodeProfile(d: Decoder, raw: unknown, path: FieldPath, registry: Registry): V1Profile | undefined {
  const obj = d.object(raw, path, 'v1.KubeSchedulerProfile');
  if (obj === undefined) return undefined;
  const S = 'KubeSchedulerProfile';
  d.strict(obj, PROFILE_FIELDS, path);
  const profile: V1Profile = { pluginConfig: [] };
  profile.schedulerName = d.stringField(obj, 'schedulerName', path, S);
  profile.percentageOfNodesToScore = d.intField(obj, 'percentageOfNodesToScore', path, S, 32);
  const plugins = d.objectField(obj, 'plugins', path, S, 'v1.Plugins');
  if (plugins) profile.plugins = decodePlugins(d, plugins, [...path, 'plugins']);
  const pluginConfig = d.listField(obj, 'pluginConfig', path, S, '[]v1.PluginConfig') ?? [];
  pluginConfig.forEach((rawConfig, j) => {
    profile.pluginConfig.push(decodePluginConfig(d, rawConfig, [...path, 'pluginConfig', j], registry));
  });
  return profile;
}

function decodePlugins(d: Decoder, obj: RawObject, path: FieldPath): Plugins {
  d.strict(obj, PLUGINS_FIELDS, path);
  const plugins = emptyPlugins();
  for (const point of [...EXTENSION_POINTS, 'multiPoint'] as const) {
    const set = d.objectField(obj, point, path, 'Plugins', 'v1.PluginSet');
    if (set) plugins[point] = decodePluginSet(d, set, [...path, point]);
  }
  return plugins;
}

function decodePluginSet(d: Decoder, obj: RawObject, path: FieldPath): PluginSet {
  d.strict(obj, ['enabled', 'disabled'], path);
  const decodeList = (key: 'enabled' | 'disabled'): PluginRef[] => {
    const list = d.listField(obj, key, path, 'PluginSet', '[]v1.Plugin') ?? [];
    const refs: PluginRef[] = [];
    list.forEach((raw, i) => {
      const p = d.object(raw, [...path, key, i], 'v1.Plugin');
      if (p === undefined) return;
      d.strict(p, ['name', 'weight'], [...path, key, i]);
      const ref: PluginRef = { name: d.stringField(p, 'name', [...path, key, i], 'Plugin') ?? '' };
      const weight = d.intField(p, 'weight', [...path, key, i], 'Plugin', 32);
      if (weight !== undefined) ref.weight = weight;
      refs.push(ref);
    });
    return refs;
  };
  return { enabled: decodeList('enabled'), disabled: decodeList('disabled') };
}

/** A plugin has an Args kind when its descriptor defaults args. */
export function hasArgsKind(descriptor: PluginDescriptor<unknown> | undefined): boolean {
  return descriptor?.defaultArgs !== undefined || descriptor?.applyDefaults !== undefined;
}

/** upstream: PluginConfig.decodeNestedObjects — args of a known plugin decode as <Name>Args. */
function decodePluginConfig(d: Decoder, raw: unknown, path: FieldPath, registry: Registry): V1PluginConfig {
  const obj = d.object(raw, path, 'v1.PluginConfig');
  if (obj === undefined) return { name: '', args: undefined, typed: false };
  d.strict(obj, ['name', 'args'], path);
  const name = d.stringField(obj, 'name', path, 'PluginConfig') ?? '';
  const args = obj['args'];
  if (!hasArgsKind(registry.get(name))) return { name, args, typed: false };

  const argsKind = `${name}Args`;
  const argsPath = [...path, 'args'];
  if (args === undefined || args === null) return { name, args: {}, typed: true };
  if (!isPlainObject(args)) {
    d.errors.push({ path: argsPath, message: `decoding args for plugin ${name}: json: cannot unmarshal ${jsonKind(args)} into Go value of type v1.${argsKind}` });
    return { name, args: undefined, typed: false };
  }
  const { apiVersion, kind, ...fields } = args;
  if (apiVersion !== undefined && apiVersion !== SCHEME_GROUP_VERSION) {
    d.errors.push({ path: [...argsPath, 'apiVersion'], message: `decoding args for plugin ${name}: no kind ${quote(String(typeof kind === 'string' ? kind : argsKind))} is registered for version ${quote(String(apiVersion))}` });
  } else if (kind !== undefined && kind !== argsKind) {
    const group = SCHEME_GROUP_VERSION.split('/')[0];
    d.errors.push({ path: [...argsPath, 'kind'], message: `args for plugin ${name} were not of type ${argsKind}.${group}, got ${String(kind)}.${group}` });
  }
  return { name, args: fields, typed: true };
}
