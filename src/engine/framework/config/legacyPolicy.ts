// The legacy scheduler Policy file (`kind: Policy`, apiVersion v1 — predicates and priorities),
// removed from kube-scheduler in v1.23, translated the way v1.22 turned it into a profile
// (createFromPolicy + the legacy registry), in today's plugins. Podplay shows it as history.
// upstream: pkg/scheduler/factory.go (createFromPolicy, dedupPluginConfigs, defaultPluginConfigArgs),
// pkg/scheduler/framework/plugins/legacy_registry.go (ProcessPredicatePolicy, ProcessPriorityPolicy,
// AppendPredicateConfigs, AppendPriorityConfigs, appendToPluginSet, validatePredicate/Priority),
// pkg/scheduler/apis/config/validation/validation.go (ValidatePolicy, validateCustomPriorities),
// staging/src/k8s.io/kube-scheduler/config/v1/types.go (Policy).

import type { PluginDescriptor } from '../interfaces';
import { hasArgsKind, isPlainObject } from './decode';
import { DEFAULT_SCHEDULER_NAME, emptyPlugins } from './defaults';
import { invalid, type FieldPath } from './fieldErrors';
import {
  CHECK_NODE_LABEL_PRESENCE_PRED, CHECK_SERVICE_AFFINITY_PRED, DEFAULT_PREDICATES, DEFAULT_PRIORITIES, EQUAL_PRIORITY, FILTER_POINTS,
  MANDATORY_PREDICATES, NODE_LABEL_PRIORITY, OPENSHIFT_PREDICATES, POD_FITS_HOST_PORTS_PRED, PREDICATE_ORDERING, PREDICATES, PRIORITIES,
  REQUESTED_TO_CAPACITY_RATIO_PRIORITY, SCORE_POINTS, SELECTOR_SPREAD_PRIORITY, SERVICE_AFFINITY_PRIORITY,
} from './legacyPolicyRegistry';
import { applyArgsDefaults, pluginsNames } from './setDefaults';
import type { ConfigError, ExtensionPoint, PluginConfig, PluginRef, Plugins, Profile } from './types';
import { quote } from '../../model/quote';

type Registry = Map<string, PluginDescriptor<unknown>>;
type RawObject = Record<string, unknown>;

export const LEGACY_POLICY_KIND = 'Policy';
/** the apiVersions a Policy file was written in */
export const LEGACY_POLICY_API_VERSIONS: readonly string[] = ['v1', 'kubescheduler.config.k8s.io/v1'];

/** upstream: v1.PredicatePolicy */
export interface PredicatePolicy {
  name: string;
  argument?: { serviceAffinity?: { labels: string[] }; labelsPresence?: { labels: string[]; presence: boolean } };
}

/** upstream: v1.PriorityPolicy */
export interface PriorityPolicy {
  name: string;
  weight: number;
  argument?: {
    serviceAntiAffinity?: { label: string };
    labelPreference?: { label: string; presence: boolean };
    requestedToCapacityRatioArguments?: { shape: { utilization: number; score: number }[]; resources: { name: string; weight: number }[] };
  };
}

/** upstream: v1.Policy (nil and empty lists differ: nil predicates/priorities mean the defaults) */
export interface LegacyPolicy {
  predicates?: PredicatePolicy[];
  priorities?: PriorityPolicy[];
  extenders?: unknown[];
  hardPodAffinitySymmetricWeight: number;
  alwaysCheckAllPredicates: boolean;
}

export interface LegacyPolicyResult {
  /** the profile kube-scheduler v1.22 would have run, in today's plugins (unset on errors) */
  profile?: Profile;
  errors: ConfigError[];
  warnings: string[];
}

// ---- decoding (encoding/json into v1.Policy; unknown fields were ignored) ---------------------------

function jsonKind(v: unknown): string {
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return 'array';
  return v === null ? 'null' : typeof v;
}

class PolicyReader {
  readonly errors: ConfigError[] = [];
  readonly warnings: string[] = [];

  private typeError(path: FieldPath, v: unknown, struct: string, goType: string): undefined {
    const field = path.filter((p): p is string => typeof p === 'string').at(-1) ?? '';
    this.errors.push({ path, message: `json: cannot unmarshal ${jsonKind(v)} into Go struct field ${struct}.${field} of type ${goType}` });
    return undefined;
  }

  /** Unknown fields are ignored by the Policy decoder; say so. */
  known(obj: RawObject, known: readonly string[], path: FieldPath): void {
    for (const key of Object.keys(obj)) {
      if (!known.includes(key)) this.warnings.push(`unknown field "${[...path, key].join('.')}" is ignored`);
    }
  }

  object(obj: RawObject, key: string, path: FieldPath, struct: string, goType: string): RawObject | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    return isPlainObject(v) ? v : this.typeError([...path, key], v, struct, goType);
  }

  list(obj: RawObject, key: string, path: FieldPath, struct: string, goType: string): unknown[] | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    return Array.isArray(v) ? v : this.typeError([...path, key], v, struct, goType);
  }

  str(obj: RawObject, key: string, path: FieldPath, struct: string): string {
    const v = obj[key];
    if (v === undefined || v === null) return '';
    return typeof v === 'string' ? v : (this.typeError([...path, key], v, struct, 'string') ?? '');
  }

  bool(obj: RawObject, key: string, path: FieldPath, struct: string): boolean {
    const v = obj[key];
    if (v === undefined || v === null) return false;
    return typeof v === 'boolean' ? v : (this.typeError([...path, key], v, struct, 'bool') ?? false);
  }

  int(obj: RawObject, key: string, path: FieldPath, struct: string, goType: string): number {
    const v = obj[key];
    if (v === undefined || v === null) return 0;
    return typeof v === 'number' && Number.isSafeInteger(v) ? v : (this.typeError([...path, key], v, struct, goType) ?? 0);
  }

  strings(obj: RawObject, key: string, path: FieldPath, struct: string): string[] {
    const items = this.list(obj, key, path, struct, '[]string') ?? [];
    return items.flatMap((item, i) => {
      if (typeof item === 'string') return [item];
      this.errors.push({ path: [...path, key, i], message: `json: cannot unmarshal ${jsonKind(item)} into Go struct field ${struct}.${key} of type string` });
      return [];
    });
  }
}

function decodePredicate(r: PolicyReader, raw: unknown, path: FieldPath): PredicatePolicy | undefined {
  if (!isPlainObject(raw)) {
    r.errors.push({ path, message: `json: cannot unmarshal ${jsonKind(raw)} into Go struct field Policy.predicates of type v1.PredicatePolicy` });
    return undefined;
  }
  r.known(raw, ['name', 'argument'], path);
  const p: PredicatePolicy = { name: r.str(raw, 'name', path, 'PredicatePolicy') };
  const arg = r.object(raw, 'argument', path, 'PredicatePolicy', 'v1.PredicateArgument');
  if (arg) {
    const ap = [...path, 'argument'];
    r.known(arg, ['serviceAffinity', 'labelsPresence'], ap);
    p.argument = {};
    const sa = r.object(arg, 'serviceAffinity', ap, 'PredicateArgument', 'v1.ServiceAffinity');
    if (sa) p.argument.serviceAffinity = { labels: r.strings(sa, 'labels', [...ap, 'serviceAffinity'], 'ServiceAffinity') };
    const lp = r.object(arg, 'labelsPresence', ap, 'PredicateArgument', 'v1.LabelsPresence');
    if (lp) {
      p.argument.labelsPresence = {
        labels: r.strings(lp, 'labels', [...ap, 'labelsPresence'], 'LabelsPresence'),
        presence: r.bool(lp, 'presence', [...ap, 'labelsPresence'], 'LabelsPresence'),
      };
    }
  }
  return p;
}

function decodePriority(r: PolicyReader, raw: unknown, path: FieldPath): PriorityPolicy | undefined {
  if (!isPlainObject(raw)) {
    r.errors.push({ path, message: `json: cannot unmarshal ${jsonKind(raw)} into Go struct field Policy.priorities of type v1.PriorityPolicy` });
    return undefined;
  }
  r.known(raw, ['name', 'weight', 'argument'], path);
  const p: PriorityPolicy = { name: r.str(raw, 'name', path, 'PriorityPolicy'), weight: r.int(raw, 'weight', path, 'PriorityPolicy', 'int64') };
  const arg = r.object(raw, 'argument', path, 'PriorityPolicy', 'v1.PriorityArgument');
  if (arg) {
    const ap = [...path, 'argument'];
    r.known(arg, ['serviceAntiAffinity', 'labelPreference', 'requestedToCapacityRatioArguments'], ap);
    p.argument = {};
    const saa = r.object(arg, 'serviceAntiAffinity', ap, 'PriorityArgument', 'v1.ServiceAntiAffinity');
    if (saa) p.argument.serviceAntiAffinity = { label: r.str(saa, 'label', [...ap, 'serviceAntiAffinity'], 'ServiceAntiAffinity') };
    const lp = r.object(arg, 'labelPreference', ap, 'PriorityArgument', 'v1.LabelPreference');
    if (lp) {
      p.argument.labelPreference = {
        label: r.str(lp, 'label', [...ap, 'labelPreference'], 'LabelPreference'),
        presence: r.bool(lp, 'presence', [...ap, 'labelPreference'], 'LabelPreference'),
      };
    }
    const rtcr = r.object(arg, 'requestedToCapacityRatioArguments', ap, 'PriorityArgument', 'v1.RequestedToCapacityRatioArguments');
    if (rtcr) {
      const rp = [...ap, 'requestedToCapacityRatioArguments'];
      const shape = (r.list(rtcr, 'shape', rp, 'RequestedToCapacityRatioArguments', '[]v1.UtilizationShapePoint') ?? []).map((pt, i) => {
        const o = isPlainObject(pt) ? pt : {};
        return { utilization: r.int(o, 'utilization', [...rp, 'shape', i], 'UtilizationShapePoint', 'int32'), score: r.int(o, 'score', [...rp, 'shape', i], 'UtilizationShapePoint', 'int32') };
      });
      const resources = (r.list(rtcr, 'resources', rp, 'RequestedToCapacityRatioArguments', '[]v1.ResourceSpec') ?? []).map((res, i) => {
        const o = isPlainObject(res) ? res : {};
        return { name: r.str(o, 'name', [...rp, 'resources', i], 'ResourceSpec'), weight: r.int(o, 'weight', [...rp, 'resources', i], 'ResourceSpec', 'int64') };
      });
      p.argument.requestedToCapacityRatioArguments = { shape, resources };
    }
  }
  return p;
}

/** Decodes a raw `kind: Policy` object. */
export function decodeLegacyPolicy(raw: unknown): { policy?: LegacyPolicy; errors: ConfigError[]; warnings: string[] } {
  const r = new PolicyReader();
  if (!isPlainObject(raw)) return { errors: [{ path: [], message: `json: cannot unmarshal ${jsonKind(raw)} into Go value of type v1.Policy` }], warnings: [] };
  const kind = raw['kind'];
  const apiVersion = raw['apiVersion'];
  if (kind !== undefined && kind !== LEGACY_POLICY_KIND) {
    return { errors: [{ path: ['kind'], message: `no kind ${quote(String(kind))} is registered for version "v1"` }], warnings: [] };
  }
  if (apiVersion !== undefined && !LEGACY_POLICY_API_VERSIONS.includes(String(apiVersion))) {
    return { errors: [{ path: ['apiVersion'], message: `no kind "Policy" is registered for version ${quote(String(apiVersion))}` }], warnings: [] };
  }
  r.known(raw, ['kind', 'apiVersion', 'predicates', 'priorities', 'extenders', 'hardPodAffinitySymmetricWeight', 'alwaysCheckAllPredicates'], []);
  const policy: LegacyPolicy = {
    hardPodAffinitySymmetricWeight: r.int(raw, 'hardPodAffinitySymmetricWeight', [], 'Policy', 'int32'),
    alwaysCheckAllPredicates: r.bool(raw, 'alwaysCheckAllPredicates', [], 'Policy'),
  };
  const predicates = r.list(raw, 'predicates', [], 'Policy', '[]v1.PredicatePolicy');
  if (predicates) policy.predicates = predicates.flatMap((p, i) => decodePredicate(r, p, ['predicates', i]) ?? []);
  const priorities = r.list(raw, 'priorities', [], 'Policy', '[]v1.PriorityPolicy');
  if (priorities) policy.priorities = priorities.flatMap((p, i) => decodePriority(r, p, ['priorities', i]) ?? []);
  const extenders = r.list(raw, 'extenders', [], 'Policy', '[]v1.Extender');
  if (extenders) policy.extenders = extenders;
  return r.errors.length > 0 ? { errors: r.errors, warnings: r.warnings } : { policy, errors: [], warnings: r.warnings };
}

// ---- validation (ValidatePolicy) --------------------------------------------------------------------

/**
 * upstream: config.MaxWeight = MaxTotalScore / MaxNodeScore (math.MaxInt64 / 100). That is beyond
 * a safe JavaScript integer, which the decoder already refuses; the largest safe integer stands in.
 */
const MAX_WEIGHT = Number.MAX_SAFE_INTEGER;

/** upstream: ValidatePolicy (extenders are not simulated and not checked) */
export function validateLegacyPolicy(policy: LegacyPolicy): ConfigError[] {
  const errs: ConfigError[] = [];
  const declared = new Map<string, PriorityPolicy>();
  (policy.priorities ?? []).forEach((priority, i) => {
    if (priority.weight <= 0 || priority.weight >= MAX_WEIGHT) {
      errs.push({ path: ['priorities', i, 'weight'], message: `priority ${priority.name} should have a positive weight applied to it or it has overflown` });
    }
    // upstream: validateCustomPriorities
    const arg = priority.argument;
    if (!arg) return;
    const type = arg.labelPreference ? 'LabelPreference' : arg.serviceAntiAffinity ? 'ServiceAntiAffinity' : arg.requestedToCapacityRatioArguments ? 'RequestedToCapacityRatio' : undefined;
    if (type === undefined) {
      errs.push({ path: ['priorities', i, 'argument'], message: `no priority arguments set for priority ${priority.name}` });
      return;
    }
    const existing = declared.get(type);
    if (existing && type === 'RequestedToCapacityRatio') {
      errs.push({ path: ['priorities', i], message: `priority ${quote(String(priority.name))} redeclares custom priority ${quote(String(type))}, from: ${quote(String(existing.name))}` });
      return;
    }
    if (existing && existing.weight !== priority.weight) {
      errs.push({ path: ['priorities', i, 'weight'], message: `${type}  priority ${quote(String(priority.name))} has a different weight with ${quote(String(existing.name))}` });
      return;
    }
    declared.set(type, priority);
  });
  if (policy.hardPodAffinitySymmetricWeight < 0 || policy.hardPodAffinitySymmetricWeight > 100) {
    errs.push(invalid(['hardPodAffinitySymmetricWeight'], policy.hardPodAffinitySymmetricWeight, 'not in valid range [0-100]'));
  }
  return errs;
}

// ---- ProcessPredicatePolicy / ProcessPriorityPolicy -------------------------------------------------

/** Go's %v of a PredicatePolicy/PriorityPolicy, approximately ({Name Argument}) */
const describe = (name: string, argument: unknown): string => `{${name} ${JSON.stringify(argument ?? null)}}`;

/** The predicate key a policy entry stands for, or the error ProcessPredicatePolicy returns. */
function predicateKey(p: PredicatePolicy, warnings: string[]): string | { error: string } {
  if (p.argument) {
    const numArgs = (p.argument.serviceAffinity ? 1 : 0) + (p.argument.labelsPresence ? 1 : 0);
    if (numArgs !== 1) return { error: `exactly 1 predicate argument is required, numArgs: ${numArgs}, predicate ${describe(p.name, p.argument)}` };
  }
  // For compatibility reasons, "PodFitsPorts" as a key is still supported.
  const name = p.name === 'PodFitsPorts' ? POD_FITS_HOST_PORTS_PRED : p.name;
  if (PREDICATES[name]) return name;
  const openshift = OPENSHIFT_PREDICATES[name];
  if (openshift && !p.argument) {
    if (openshift.as) warnings.push(`predicate ${name}: OpenShift 3.x spelling of ${openshift.as}`);
    return openshift.as ?? name;
  }
  if (!p.argument) return { error: `predicate type not found for ${quote(String(name))}` };
  // A custom predicate: one ServiceAffinity or NodeLabel plugin takes every such entry.
  return p.argument.serviceAffinity ? CHECK_SERVICE_AFFINITY_PRED : CHECK_NODE_LABEL_PRESENCE_PRED;
}

function priorityKey(p: PriorityPolicy): string | { error: string } {
  if (p.argument) {
    const a = p.argument;
    const numArgs = (a.serviceAntiAffinity ? 1 : 0) + (a.labelPreference ? 1 : 0) + (a.requestedToCapacityRatioArguments ? 1 : 0);
    if (numArgs !== 1) return { error: `exactly 1 priority argument is required, numArgs: ${numArgs}, priority ${describe(p.name, p.argument)}` };
  }
  // For compatibility reasons, "ServiceSpreadingPriority" as a key is still supported.
  const name = p.name === 'ServiceSpreadingPriority' ? SELECTOR_SPREAD_PRIORITY : p.name;
  if (PRIORITIES[name]) return name;
  if (!p.argument) return { error: `priority type not found for ${quote(String(name))}` };
  if (p.argument.serviceAntiAffinity) return SERVICE_AFFINITY_PRIORITY;
  if (p.argument.labelPreference) return NODE_LABEL_PRIORITY;
  return REQUESTED_TO_CAPACITY_RATIO_PRIORITY;
}

// ---- building the profile (AppendPredicateConfigs / AppendPriorityConfigs) ---------------------------

/** upstream: appendToPluginSet — a plugin already in the set keeps its place and its first weight. */
function append(plugins: Plugins, point: ExtensionPoint, name: string, weight?: number): void {
  if (plugins[point].enabled.some((p) => p.name === name)) return;
  const ref: PluginRef = { name };
  if (weight !== undefined) ref.weight = weight;
  plugins[point].enabled.push(ref);
}

interface Built {
  plugins: Plugins;
  pluginConfig: PluginConfig[];
  errors: ConfigError[];
  warnings: string[];
}

function setConfig(b: Built, name: string, args: unknown, override: boolean): void {
  const existing = b.pluginConfig.find((c) => c.name === name);
  if (!existing) b.pluginConfig.push({ name, args });
  else if (override) existing.args = args;
}

/**
 * Translates a decoded, valid Policy into a profile. `registry` (the in-tree plugins) fills in
 * every plugin's default args, as v1.22's defaultPluginConfigArgs did; without it only the args
 * the Policy produces are listed.
 */
export function translateLegacyPolicy(policy: LegacyPolicy, registry?: Registry): LegacyPolicyResult {
  const b: Built = { plugins: emptyPlugins(), pluginConfig: [], errors: [], warnings: [] };
  // The Policy replaces every default plugin.
  b.plugins.multiPoint.disabled = [{ name: '*' }];
  // "PrioritySort", "DefaultPreemption" and "DefaultBinder" were neither predicates nor priorities.
  append(b.plugins, 'queueSort', 'PrioritySort');
  append(b.plugins, 'postFilter', 'DefaultPreemption');
  append(b.plugins, 'bind', 'DefaultBinder');

  // predicates
  const predicateKeys = new Set<string>();
  if (policy.predicates === undefined) {
    for (const k of DEFAULT_PREDICATES) predicateKeys.add(k);
  } else {
    policy.predicates.forEach((p, i) => {
      const key = predicateKey(p, b.warnings);
      if (typeof key === 'string') predicateKeys.add(key);
      else b.errors.push({ path: ['predicates', i, 'name'], message: key.error });
    });
  }
  for (const k of MANDATORY_PREDICATES) predicateKeys.add(k);
  const ordered = [...PREDICATE_ORDERING.filter((k) => predicateKeys.has(k)), ...[...predicateKeys].filter((k) => !PREDICATE_ORDERING.includes(k)).sort()];
  for (const key of ordered) {
    const t = PREDICATES[key] ?? OPENSHIFT_PREDICATES[key]!;
    if (t.warning) b.warnings.push(`predicate ${key}: ${t.warning}`);
    for (const plugin of t.plugins) for (const point of FILTER_POINTS[plugin]!) append(b.plugins, point, plugin);
  }

  // priorities (sorted by name, as upstream does "for unit tests"; the weight of the last entry of a key wins)
  const priorityKeys = new Map<string, { weight: number; policy?: PriorityPolicy; index?: number }>();
  if (policy.priorities === undefined) {
    for (const [k, w] of Object.entries(DEFAULT_PRIORITIES)) priorityKeys.set(k, { weight: w });
  } else {
    policy.priorities.forEach((p, i) => {
      if (p.name === EQUAL_PRIORITY) {
        b.warnings.push('priority EqualPriority gives every node the same score: skipped, as v1.22 did');
        return;
      }
      const key = priorityKey(p);
      if (typeof key === 'string') priorityKeys.set(key, { weight: p.weight, policy: p, index: i });
      else b.errors.push({ path: ['priorities', i, 'name'], message: key.error });
    });
  }

  const fitStrategies: { key: string; index?: number }[] = [];
  for (const key of [...priorityKeys.keys()].sort()) {
    const { weight, policy: p, index } = priorityKeys.get(key)!;
    const t = PRIORITIES[key]!;
    if (t.warning) b.warnings.push(key === SELECTOR_SPREAD_PRIORITY || !p ? t.warning : `priority ${p.name}: ${t.warning}`);
    if (!t.plugin) continue;
    for (const point of SCORE_POINTS[t.plugin]!) append(b.plugins, point, t.plugin, point === 'score' ? weight : undefined);

    if (t.fitStrategy) {
      fitStrategies.push({ key, index });
      const strategy: Record<string, unknown> = { type: t.fitStrategy, resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] };
      const rtcr = p?.argument?.requestedToCapacityRatioArguments;
      if (t.fitStrategy === 'RequestedToCapacityRatio') {
        // v1.22 applied weight 1 to a resource given without a weight
        if (rtcr && rtcr.resources.length > 0) strategy.resources = rtcr.resources.map((r) => ({ name: r.name, weight: r.weight || 1 }));
        strategy.requestedToCapacityRatio = { shape: (rtcr?.shape ?? []).map((s) => ({ utilization: s.utilization, score: s.score })) };
      }
      setConfig(b, 'NodeResourcesFit', { scoringStrategy: strategy }, true);
    }
    if (key === 'InterPodAffinityPriority' && policy.hardPodAffinitySymmetricWeight !== 0) {
      setConfig(b, 'InterPodAffinity', { hardPodAffinityWeight: policy.hardPodAffinitySymmetricWeight }, false);
    }
    // SelectorSpreadPriority: system default constraints, overriding EvenPodsSpreadPriority's List.
    if (key === SELECTOR_SPREAD_PRIORITY) setConfig(b, 'PodTopologySpread', { defaultingType: 'System' }, true);
    if (key === 'EvenPodsSpreadPriority') setConfig(b, 'PodTopologySpread', { defaultingType: 'List' }, false);
  }
  if (fitStrategies.length > 1) {
    const names = fitStrategies.map((f) => f.key).join(' and ');
    b.errors.push({
      path: fitStrategies[1]!.index !== undefined ? ['priorities', fitStrategies[1]!.index] : ['priorities'],
      message: `priorities ${names} were separate score plugins in v1.22 but are all NodeResourcesFit's scoringStrategy today, which has one type: keep one of them`,
    });
  }

  if (policy.hardPodAffinitySymmetricWeight !== 0 && !priorityKeys.has('InterPodAffinityPriority')) {
    b.warnings.push('hardPodAffinitySymmetricWeight has no effect without InterPodAffinityPriority');
  }
  if (policy.alwaysCheckAllPredicates) {
    b.warnings.push('alwaysCheckAllPredicates is not supported: the framework stops at the first filter that rejects a node');
  }
  if ((policy.extenders ?? []).length > 0) b.warnings.push('extenders are not simulated: ignored');
  if (b.errors.length > 0) return { errors: b.errors, warnings: b.warnings };

  const profile: Profile = { schedulerName: DEFAULT_SCHEDULER_NAME, plugins: b.plugins, pluginConfig: b.pluginConfig };
  if (registry) profile.pluginConfig = defaultPluginConfigArgs(profile, registry);
  return { profile, errors: [], warnings: b.warnings };
}

/**
 * upstream: defaultPluginConfigArgs — every plugin with an Args kind and no config gets its
 * defaults; the Policy's own configs are completed with defaults for the fields they leave unset
 * (v1.22 built those args whole).
 */
function defaultPluginConfigArgs(profile: Profile, registry: Registry): PluginConfig[] {
  const configs: PluginConfig[] = profile.pluginConfig.map((c) => {
    const d = registry.get(c.name);
    return { name: c.name, args: d && hasArgsKind(d) ? applyArgsDefaults(d, c.args) : c.args };
  });
  for (const name of pluginsNames(profile.plugins)) {
    const d = registry.get(name);
    if (!d || !hasArgsKind(d) || configs.some((c) => c.name === name)) continue;
    configs.push({ name, args: d.defaultArgs ? d.defaultArgs() : applyArgsDefaults(d, {}) });
  }
  return configs;
}

/**
 * A `kind: Policy` file as the profile kube-scheduler v1.22 ran for it (one profile,
 * default-scheduler), in today's plugins: decoding, ValidatePolicy, then the legacy registry.
 */
export function policyToProfile(policy: unknown, registry?: Registry): LegacyPolicyResult {
  const decoded = decodeLegacyPolicy(policy);
  const removed = 'kind: Policy was removed in kube-scheduler v1.23; translated to the profile v1.22 built from it, in today\'s plugins';
  if (!decoded.policy) return { errors: decoded.errors, warnings: [removed, ...decoded.warnings] };
  const invalidErrs = validateLegacyPolicy(decoded.policy);
  if (invalidErrs.length > 0) return { errors: invalidErrs, warnings: [removed, ...decoded.warnings] };
  const result = translateLegacyPolicy(decoded.policy, registry);
  return { ...result, warnings: [removed, ...decoded.warnings, ...result.warnings] };
}
