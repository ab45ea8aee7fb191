// descheduler/v1alpha1 (`strategies:`, the format of the OpenShift 3.11 descheduler chapter and of
// descheduler releases before v0.26), converted to a v1alpha2 policy the way the last release that
// read it (v0.30) did; v0.31 removed it. One profile per enabled strategy, named
// "strategy-<Name>-profile", with the policy-wide eviction switches as its DefaultEvictor args.
// upstream (tag v0.30.0): pkg/api/v1alpha1/{types,conversion,strategymigration}.go
// (V1alpha1ToInternal, StrategyParamsToPluginArgs); the policy itself decodes leniently.

import type { FieldPath } from '../framework/config/fieldErrors';
import type { ConfigError } from '../framework/config/types';
import { Reader, type RawObject } from './decode';
import type { Registry } from './framework';
import { quote } from '../model/quote';

export const V1ALPHA1_API_VERSION = 'descheduler/v1alpha1';

const POLICY_FIELDS = [
  'apiVersion', 'kind', 'strategies', 'nodeSelector', 'evictFailedBarePods', 'evictLocalStoragePods', 'evictSystemCriticalPods',
  'evictDaemonSetPods', 'ignorePvcPods', 'maxNoOfPodsToEvictPerNode', 'maxNoOfPodsToEvictPerNamespace',
];
const PARAM_FIELDS = [
  'nodeResourceUtilizationThresholds', 'nodeAffinityType', 'podsHavingTooManyRestarts', 'podLifeTime', 'removeDuplicates', 'failedPods',
  'includeSoftConstraints', 'namespaces', 'thresholdPriority', 'thresholdPriorityClassName', 'labelSelector', 'nodeFit',
  'includePreferNoSchedule', 'excludedTaints', 'includedTaints',
];

export interface ConvertedV1alpha1 {
  /** the policy as descheduler/v1alpha2 (unset on errors) */
  policy?: RawObject;
  /** where each converted profile came from: ['strategies', name] */
  profilePaths: FieldPath[];
  errors: ConfigError[];
  warnings: ConfigError[];
}

/** A strategy's plugin args, and where each args field sits in the v1alpha1 params. */
interface StrategyArgs {
  args: RawObject;
  from: Record<string, FieldPath>;
}

type Params = RawObject;

const sub = (r: Reader, params: Params, key: string, base: FieldPath, goType: string, fields: readonly string[]): RawObject => {
  const obj = r.object(params[key], [...base, key], goType) ?? {};
  r.strict(obj, fields, [...base, key]);
  return obj;
};

/** Copies the fields that are set; `from` records their v1alpha1 place. */
function pick(target: StrategyArgs, src: RawObject, srcPath: FieldPath, fields: [string, string?][]): void {
  for (const [from, to = from] of fields) {
    if (src[from] === undefined || src[from] === null) continue;
    target.args[to] = src[from];
    target.from[to] = [...srcPath, from];
  }
}

const nsAndSelector = (params: Params, p: FieldPath, withSelector = true): StrategyArgs => {
  const a: StrategyArgs = { args: {}, from: {} };
  pick(a, params, p, withSelector ? [['namespaces'], ['labelSelector']] : [['namespaces']]);
  return a;
};

/** upstream: StrategyParamsToPluginArgs */
const STRATEGY_ARGS: Readonly<Record<string, (r: Reader, params: Params, p: FieldPath) => StrategyArgs>> = {
  RemovePodsViolatingNodeTaints: (r, params, p) => {
    const a = nsAndSelector(params, p);
    pick(a, params, p, [['includePreferNoSchedule'], ['excludedTaints']]);
    if (params['includedTaints'] !== undefined && params['includedTaints'] !== null) {
      r.warnings.push({ path: [...p, 'includedTaints'], message: 'includedTaints is not converted (v0.30 left it out); use descheduler/v1alpha2 to set it' });
    }
    return a;
  },
  RemoveFailedPods: (r, params, p) => {
    const a = nsAndSelector(params, p);
    const failed = sub(r, params, 'failedPods', p, 'v1alpha1.FailedPods', ['excludeOwnerKinds', 'minPodLifetimeSeconds', 'reasons', 'includingInitContainers']);
    pick(a, failed, [...p, 'failedPods'], [['includingInitContainers'], ['minPodLifetimeSeconds'], ['excludeOwnerKinds'], ['reasons']]);
    return a;
  },
  RemovePodsViolatingNodeAffinity: (_r, params, p) => {
    const a = nsAndSelector(params, p);
    pick(a, params, p, [['nodeAffinityType']]);
    return a;
  },
  RemovePodsViolatingInterPodAntiAffinity: (_r, params, p) => nsAndSelector(params, p),
  RemovePodsHavingTooManyRestarts: (r, params, p) => {
    const a = nsAndSelector(params, p);
    const restarts = sub(r, params, 'podsHavingTooManyRestarts', p, 'v1alpha1.PodsHavingTooManyRestarts', ['podRestartThreshold', 'includingInitContainers']);
    pick(a, restarts, [...p, 'podsHavingTooManyRestarts'], [['podRestartThreshold'], ['includingInitContainers']]);
    return a;
  },
  PodLifeTime: (r, params, p) => {
    const a = nsAndSelector(params, p);
    const lifeTime = sub(r, params, 'podLifeTime', p, 'v1alpha1.PodLifeTime', ['maxPodLifeTimeSeconds', 'states', 'podStatusPhases']);
    const lp: FieldPath = [...p, 'podLifeTime'];
    pick(a, lifeTime, lp, [['maxPodLifeTimeSeconds']]);
    // states: the deprecated podStatusPhases first, then states
    const phases = r.strList(lifeTime['podStatusPhases'], [...lp, 'podStatusPhases']);
    const states = r.strList(lifeTime['states'], [...lp, 'states']);
    if (phases || states) {
      a.args['states'] = [...(phases ?? []), ...(states ?? [])];
      a.from['states'] = [...lp, states ? 'states' : 'podStatusPhases'];
    }
    return a;
  },
  RemoveDuplicates: (r, params, p) => {
    const a = nsAndSelector(params, p, false);
    const dup = sub(r, params, 'removeDuplicates', p, 'v1alpha1.RemoveDuplicates', ['excludeOwnerKinds']);
    pick(a, dup, [...p, 'removeDuplicates'], [['excludeOwnerKinds']]);
    return a;
  },
  RemovePodsViolatingTopologySpreadConstraint: (r, params, p) => {
    const a = nsAndSelector(params, p);
    const soft = r.bool(params['includeSoftConstraints'], [...p, 'includeSoftConstraints']) ?? false;
    a.args['constraints'] = soft ? ['DoNotSchedule', 'ScheduleAnyway'] : ['DoNotSchedule'];
    a.from['constraints'] = [...p, 'includeSoftConstraints'];
    a.args['topologyBalanceNodeFit'] = true;
    return a;
  },
  HighNodeUtilization: (r, params, p) => {
    const a: StrategyArgs = { args: {}, from: {} };
    pick(a, params, p, [['namespaces', 'evictableNamespaces']]);
    const t = sub(r, params, 'nodeResourceUtilizationThresholds', p, 'v1alpha1.NodeResourceUtilizationThresholds', ['useDeviationThresholds', 'thresholds', 'targetThresholds', 'numberOfNodes']);
    pick(a, t, [...p, 'nodeResourceUtilizationThresholds'], [['thresholds'], ['numberOfNodes']]);
    return a;
  },
  LowNodeUtilization: (r, params, p) => {
    const a: StrategyArgs = { args: {}, from: {} };
    pick(a, params, p, [['namespaces', 'evictableNamespaces']]);
    const t = sub(r, params, 'nodeResourceUtilizationThresholds', p, 'v1alpha1.NodeResourceUtilizationThresholds', ['useDeviationThresholds', 'thresholds', 'targetThresholds', 'numberOfNodes']);
    pick(a, t, [...p, 'nodeResourceUtilizationThresholds'], [['thresholds'], ['targetThresholds'], ['useDeviationThresholds'], ['numberOfNodes']]);
    return a;
  },
};

/** A converted args error's path, back in the v1alpha1 document. */
function relocate(path: FieldPath, from: Record<string, FieldPath>, fallback: FieldPath): FieldPath {
  const [head, ...rest] = path;
  const at = typeof head === 'string' ? from[head] : undefined;
  return at ? [...at, ...rest] : fallback;
}

/** upstream: V1alpha1ToInternal (strategies in the order written; Go ranged over a map) */
export function convertV1alpha1(obj: RawObject, registry: Registry): ConvertedV1alpha1 {
  const r = new Reader('DeschedulerPolicy', [], [], true);
  r.strict(obj, POLICY_FIELDS, []);
  const flag = (key: string): boolean => r.bool(obj[key], [key]) ?? false;
  const evictor: RawObject = {
    evictLocalStoragePods: flag('evictLocalStoragePods'),
    evictDaemonSetPods: flag('evictDaemonSetPods'),
    evictSystemCriticalPods: flag('evictSystemCriticalPods'),
    ignorePvcPods: flag('ignorePvcPods'),
    evictFailedBarePods: flag('evictFailedBarePods'),
  };
  const out: RawObject = { apiVersion: 'descheduler/v1alpha2', kind: 'DeschedulerPolicy' };
  const nodeSelector = r.str(obj['nodeSelector'], ['nodeSelector']);
  if (nodeSelector !== undefined) out['nodeSelector'] = nodeSelector;
  for (const key of ['maxNoOfPodsToEvictPerNode', 'maxNoOfPodsToEvictPerNamespace']) {
    const v = r.int(obj[key], [key], 'uint');
    if (v !== undefined) out[key] = v;
  }

  const errors: ConfigError[] = [];
  const profiles: RawObject[] = [];
  const profilePaths: FieldPath[] = [];
  const strategies = r.object(obj['strategies'], ['strategies'], 'v1alpha1.StrategyList') ?? {};
  for (const [name, rawStrategy] of Object.entries(strategies)) {
    const sp: FieldPath = ['strategies', name];
    const strategy = r.object(rawStrategy, sp, 'v1alpha1.DeschedulerStrategy') ?? {};
    r.strict(strategy, ['enabled', 'weight', 'params'], sp);
    const enabled = r.bool(strategy['enabled'], [...sp, 'enabled']) ?? false;
    r.int(strategy['weight'], [...sp, 'weight'], 'int');
    const convert = STRATEGY_ARGS[name];
    const descriptor = registry.get(name);
    if (!descriptor || (!convert && enabled)) {
      errors.push({ path: sp, message: `unknown strategy name: ${name}` });
      continue;
    }
    if (!enabled || !convert) continue;

    const pp: FieldPath = [...sp, 'params'];
    const rawParams = r.object(strategy['params'], pp, 'v1alpha1.StrategyParameters');
    const params = rawParams ?? {};
    r.strict(params, PARAM_FIELDS, pp);
    const nodeFit = name !== 'PodLifeTime' && (r.bool(params['nodeFit'], [...pp, 'nodeFit']) ?? false);
    const thresholdValue = r.int(params['thresholdPriority'], [...pp, 'thresholdPriority'], 'int32');
    const thresholdName = r.str(params['thresholdPriorityClassName'], [...pp, 'thresholdPriorityClassName']) ?? '';
    if (thresholdValue !== undefined && thresholdName !== '') {
      errors.push({ path: pp, message: `priority threshold misconfigured for plugin ${name}` });
      continue;
    }
    const evictorArgs: RawObject = { ...evictor, nodeFit };
    if (rawParams) {
      const threshold: RawObject = {};
      if (thresholdValue !== undefined) threshold['value'] = thresholdValue;
      if (thresholdName !== '') threshold['name'] = thresholdName;
      evictorArgs['priorityThreshold'] = threshold;
    }

    // The plugin's args, decoded and validated as StrategyParamsToPluginArgs did.
    const { args, from } = convert(r, params, pp);
    const argsReader = new Reader(`${name}Args`);
    const decoded = descriptor.decodeArgs(argsReader, args);
    if (argsReader.errors.length > 0) {
      errors.push(...argsReader.errors.map((e) => ({ path: relocate(e.path, from, pp), message: e.message })));
      continue;
    }
    const invalid = descriptor.validate(decoded);
    if (invalid.length > 0) {
      for (const message of invalid) {
        errors.push({ path: pp, message: `failed to get plugin config for strategy ${name}: strategy ${quote(String(name))} param validation failed: ${message}` });
      }
      continue;
    }

    profiles.push({
      name: `strategy-${name}-profile`,
      pluginConfig: [{ name: 'DefaultEvictor', args: evictorArgs }, { name, args }],
      plugins: {
        filter: { enabled: ['DefaultEvictor'] },
        preevictionfilter: { enabled: ['DefaultEvictor'] },
        [descriptor.kind === 'balance' ? 'balance' : 'deschedule']: { enabled: [name] },
      },
    });
    profilePaths.push(sp);
  }
  out['profiles'] = profiles;

  const warnings: ConfigError[] = [
    { path: ['apiVersion'], message: 'descheduler/v1alpha1 is deprecated (removed in descheduler v0.31): converted to descheduler/v1alpha2 as v0.30 did, one profile per enabled strategy' },
    ...r.warnings,
  ];
  const all = [...r.errors, ...errors];
  return all.length > 0 ? { profilePaths, errors: all, warnings } : { policy: out, profilePaths, errors: [], warnings };
}
