// A KubeSchedulerConfiguration from elsewhere (a kube-scheduler-simulator export, a cluster's
// config file) made into one the simulator and a v1.35 kube-scheduler both load: apiVersion
// v1, none of the process settings (leader election, client connection, bind addresses), and
// none of the plugins v1.35 no longer has or the simulator cannot run.

import { compact, isObj, list, obj, pick, str, type Obj } from './objects';

export const SCHEDULER_CONFIG_API_VERSION = 'kubescheduler.config.k8s.io/v1';

/** The in-tree plugins of kube-scheduler v1.35 that the simulator implements. upstream: pkg/scheduler/framework/plugins/registry.go */
export const IN_TREE_PLUGINS: ReadonlySet<string> = new Set([
  'PrioritySort', 'SchedulingGates', 'NodeUnschedulable', 'NodeName', 'TaintToleration', 'NodeAffinity', 'NodePorts', 'NodeResourcesFit',
  'VolumeRestrictions', 'NodeVolumeLimits', 'VolumeBinding', 'VolumeZone', 'PodTopologySpread', 'InterPodAffinity', 'DefaultPreemption',
  'NodeResourcesBalancedAllocation', 'ImageLocality', 'DefaultBinder', 'DynamicResources', 'GangScheduling',
]);

/** Plugins older kube-schedulers had, folded into others or removed (v1beta1–v1beta3 configs name them). */
const REMOVED_PLUGINS: Readonly<Record<string, string>> = {
  EBSLimits: 'NodeVolumeLimits', GCEPDLimits: 'NodeVolumeLimits', AzureDiskLimits: 'NodeVolumeLimits', CinderLimits: 'NodeVolumeLimits',
  NodeResourcesLeastAllocated: 'NodeResourcesFit', NodeResourcesMostAllocated: 'NodeResourcesFit', RequestedToCapacityRatio: 'NodeResourcesFit',
  NodeLabel: '', ServiceAffinity: '', NodePreferAvoidPods: '', SelectorSpread: 'PodTopologySpread', DefaultPodTopologySpread: 'PodTopologySpread',
};

// v1 fields that configure the simulation; the rest configure the process (and old bind addresses
// no longer exist in v1).
const SIMULATED_FIELDS = ['parallelism', 'percentageOfNodesToScore', 'podInitialBackoffSeconds', 'podMaxBackoffSeconds', 'profiles', 'extenders'];
const EXTENSION_POINTS = ['multiPoint', 'preEnqueue', 'queueSort', 'preFilter', 'filter', 'postFilter', 'preScore', 'score', 'reserve', 'permit', 'preBind', 'bind', 'postBind'];

/**
 * The configuration as a v1 document the simulator loads. Dropped plugins and settings are
 * described in `warnings`.
 */
export function cleanSchedulerConfig(raw: Obj, warnings: string[]): Obj {
  const version = str(raw.apiVersion);
  if (version && version !== SCHEDULER_CONFIG_API_VERSION) {
    warnings.push(`KubeSchedulerConfiguration ${version} read as ${SCHEDULER_CONFIG_API_VERSION} (the fields the two share)`);
  }
  const out: Obj = { apiVersion: SCHEDULER_CONFIG_API_VERSION, kind: 'KubeSchedulerConfiguration', ...pick(raw, SIMULATED_FIELDS) };
  if (list(out.extenders).length > 0) warnings.push(`KubeSchedulerConfiguration: ${list(out.extenders).length} extender(s) kept but not simulated`);
  else delete out.extenders;
  const dropped = new Map<string, string>();
  out.profiles = list(raw.profiles).filter(isObj).map((p) => cleanProfile(p, dropped));
  if (list(out.profiles).length === 0) delete out.profiles;
  for (const [name, replacement] of dropped) {
    warnings.push(`KubeSchedulerConfiguration: plugin ${name} dropped: ${REMOVED_PLUGINS[name] !== undefined
      ? `kube-scheduler v1.35 has no such plugin${replacement ? ` (${replacement} does its work)` : ''}`
      : 'not an in-tree plugin, so not simulated'}`);
  }
  return out;
}

function cleanProfile(p: Obj, dropped: Map<string, string>): Obj {
  const keep = (name: string): boolean => {
    if (name === '*' || IN_TREE_PLUGINS.has(name)) return true;
    dropped.set(name, REMOVED_PLUGINS[name] ?? '');
    return false;
  };
  const out = pick(p, ['schedulerName', 'percentageOfNodesToScore', 'plugins', 'pluginConfig']);
  const plugins = obj(p.plugins);
  if (plugins) {
    const cleaned: Obj = {};
    for (const point of EXTENSION_POINTS) {
      const set = obj(plugins[point]);
      if (!set) continue;
      const cleanList = (key: string) => list(set[key]).filter((e) => keep(str(obj(e)?.name) ?? ''));
      const s = compact({ enabled: cleanList('enabled'), disabled: cleanList('disabled') });
      if (Object.keys(s).length) cleaned[point] = s;
    }
    out.plugins = cleaned;
  }
  if (p.pluginConfig !== undefined) {
    out.pluginConfig = list(p.pluginConfig).map(obj).filter((c): c is Obj => !!c && keep(str(c.name) ?? '')).map((c) => {
      const args = obj(c.args);
      // args carry their own apiVersion; an older one decodes as v1's (the shapes are the same for these plugins)
      return args && str(args.apiVersion) && args.apiVersion !== SCHEDULER_CONFIG_API_VERSION ? { ...c, args: { ...args, apiVersion: SCHEDULER_CONFIG_API_VERSION } } : c;
    });
  }
  return compact(out);
}
