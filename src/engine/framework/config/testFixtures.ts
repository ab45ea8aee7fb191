// Small fake plugin descriptors for the config tests, shaped like the fakes in upstream's
// framework_test.go and profile_test.go: a plugin is the set of extension-point methods it has.

import type { Plugin, PluginDescriptor } from '../interfaces';
import { Status } from '../status';
import type { ExtensionPoint, PluginRef } from './types';

const METHODS: Record<ExtensionPoint | 'unreserve' | 'normalizeScore', Partial<Plugin>> = {
  preEnqueue: { preEnqueue: () => Status.success() },
  queueSort: { less: () => false },
  preFilter: { preFilter: () => ({ status: Status.success() }) },
  filter: { filter: () => Status.success() },
  postFilter: { postFilter: () => ({ status: Status.success() }) },
  preScore: { preScore: () => Status.success() },
  score: { score: () => 0 },
  normalizeScore: { normalizeScore: () => Status.success() },
  reserve: { reserve: () => Status.success() },
  unreserve: { unreserve: () => undefined },
  permit: { permit: () => ({ status: Status.success() }) },
  preBind: { preBind: () => Status.success() },
  bind: { bind: () => Status.success() },
  postBind: { postBind: () => undefined },
};

export function fakePlugin<Args = unknown>(
  name: string,
  points: (keyof typeof METHODS)[],
  extra: Partial<PluginDescriptor<Args>> = {},
): PluginDescriptor<unknown> {
  const descriptor: PluginDescriptor<Args> = {
    name,
    factory: () => Object.assign({ name }, ...points.map((p) => METHODS[p])) as Plugin,
    ...extra,
  };
  return descriptor as PluginDescriptor<unknown>;
}

export function fakeRegistry(...descriptors: PluginDescriptor<unknown>[]): Map<string, PluginDescriptor<unknown>> {
  return new Map(descriptors.map((d) => [d.name, d]));
}

/** upstream framework_test.go: TestPlugin implements every point but PreEnqueue. */
export const ALL_BUT_PRE_ENQUEUE: (keyof typeof METHODS)[] = [
  'queueSort', 'preFilter', 'filter', 'postFilter', 'preScore', 'score', 'reserve', 'unreserve',
  'permit', 'preBind', 'bind', 'postBind',
];

/**
 * Fakes for the default plugins with upstream's default args (defaults_test.go pluginConfigs),
 * implementing the points the real plugins implement in v1.35.
 */
export function defaultPluginFakes(): Map<string, PluginDescriptor<unknown>> {
  return fakeRegistry(
    fakePlugin('SchedulingGates', ['preEnqueue']),
    fakePlugin('PrioritySort', ['queueSort']),
    fakePlugin('NodeUnschedulable', ['filter']),
    fakePlugin('NodeName', ['filter']),
    fakePlugin('TaintToleration', ['filter', 'preScore', 'score', 'normalizeScore']),
    fakePlugin('NodeAffinity', ['preFilter', 'filter', 'preScore', 'score', 'normalizeScore'], { defaultArgs: () => ({}) }),
    fakePlugin('NodePorts', ['preFilter', 'filter']),
    fakePlugin('NodeResourcesFit', ['preFilter', 'filter', 'preScore', 'score'], {
      defaultArgs: () => ({ scoringStrategy: { type: 'LeastAllocated', resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] } }),
    }),
    fakePlugin('VolumeRestrictions', ['preFilter', 'filter']),
    fakePlugin('NodeVolumeLimits', ['preFilter', 'filter']),
    fakePlugin('VolumeBinding', ['preFilter', 'filter', 'reserve', 'unreserve', 'preBind', 'preScore', 'score'], {
      defaultArgs: () => ({ bindTimeoutSeconds: 600 }),
    }),
    fakePlugin('VolumeZone', ['preFilter', 'filter']),
    fakePlugin('PodTopologySpread', ['preFilter', 'filter', 'preScore', 'score', 'normalizeScore'], {
      defaultArgs: () => ({ defaultingType: 'System' }),
    }),
    fakePlugin('InterPodAffinity', ['preFilter', 'filter', 'preScore', 'score', 'normalizeScore'], {
      defaultArgs: () => ({ hardPodAffinityWeight: 1 }),
    }),
    fakePlugin('DynamicResources', ['preEnqueue', 'preFilter', 'filter', 'postFilter', 'reserve', 'unreserve', 'preBind', 'preScore', 'score'], {
      defaultArgs: () => ({ filterTimeout: '10s', bindingTimeout: '10m0s' }),
    }),
    fakePlugin('DefaultPreemption', ['postFilter'], {
      defaultArgs: () => ({ minCandidateNodesPercentage: 10, minCandidateNodesAbsolute: 100 }),
      validateArgs: (args) => {
        const a = args as { minCandidateNodesPercentage: number };
        return a.minCandidateNodesPercentage < 0 || a.minCandidateNodesPercentage > 100
          ? [{ path: 'minCandidateNodesPercentage', message: `Invalid value: ${a.minCandidateNodesPercentage}: not in valid range [0, 100]` }]
          : [];
      },
    }),
    fakePlugin('NodeResourcesBalancedAllocation', ['preScore', 'score'], {
      defaultArgs: () => ({ resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] }),
    }),
    fakePlugin('ImageLocality', ['score', 'normalizeScore']),
    fakePlugin('DefaultBinder', ['bind']),
  );
}

/**
 * upstream default_plugins_test.go / defaults_test.go: the expected v1.35 default multiPoint list,
 * written out independently of DEFAULT_MULTI_POINT.
 */
export function wantDefaultMultiPoint(): PluginRef[] {
  const n = (name: string, weight?: number): PluginRef => (weight === undefined ? { name } : { name, weight });
  return [
    n('SchedulingGates'), n('PrioritySort'), n('NodeUnschedulable'), n('NodeName'),
    n('TaintToleration', 3), n('NodeAffinity', 2), n('NodePorts'), n('NodeResourcesFit', 1),
    n('VolumeRestrictions'), n('NodeVolumeLimits'), n('VolumeBinding'), n('VolumeZone'),
    n('PodTopologySpread', 2), n('InterPodAffinity', 2), n('DynamicResources', 2),
    n('DefaultPreemption'), n('NodeResourcesBalancedAllocation', 1), n('ImageLocality', 1),
    n('DefaultBinder'),
  ];
}
