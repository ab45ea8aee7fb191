// Cases from upstream pkg/scheduler/apis/config/v1/defaults_test.go (TestSchedulerDefaults,
// TestPluginArgsDefaults), fed as raw YAML objects through decoding and defaulting. The
// component-base fields (leader election, client connection, profiling) are not simulated.
import { describe, expect, it } from 'vitest';
import { decodeConfiguration } from './decode';
import { defaultSchedulerConfiguration } from './index';
import { applyArgsDefaults, setDefaults } from './setDefaults';
import { defaultPluginFakes, fakePlugin, wantDefaultMultiPoint } from './testFixtures';
import type { Plugins, SchedulerConfiguration } from './types';
import { emptyPlugins } from './defaults';

const registry = defaultPluginFakes();

/** upstream: getDefaultPlugins() with v1.35's default gates */
function wantDefaultPlugins(): Plugins {
  const p = emptyPlugins();
  p.multiPoint.enabled = wantDefaultMultiPoint();
  return p;
}

/** upstream: pluginConfigs — the default args of every default plugin that has an Args kind, by name */
const pluginConfigs = [
  { name: 'DefaultPreemption', args: { minCandidateNodesPercentage: 10, minCandidateNodesAbsolute: 100 } },
  { name: 'DynamicResources', args: { filterTimeout: '10s', bindingTimeout: '10m0s' } },
  { name: 'InterPodAffinity', args: { hardPodAffinityWeight: 1 } },
  { name: 'NodeAffinity', args: {} },
  { name: 'NodeResourcesBalancedAllocation', args: { resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] } },
  { name: 'NodeResourcesFit', args: { scoringStrategy: { type: 'LeastAllocated', resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] } } },
  { name: 'PodTopologySpread', args: { defaultingType: 'System' } },
  { name: 'VolumeBinding', args: { bindTimeoutSeconds: 600 } },
];

function want(overrides: Partial<SchedulerConfiguration>): SchedulerConfiguration {
  return {
    parallelism: 16,
    percentageOfNodesToScore: 0,
    podInitialBackoffSeconds: 1,
    podMaxBackoffSeconds: 10,
    profiles: [{ schedulerName: 'default-scheduler', plugins: wantDefaultPlugins(), pluginConfig: pluginConfigs }],
    ...overrides,
  };
}

const twoProfilesSecondPlugins = wantDefaultPlugins();
twoProfilesSecondPlugins.bind = { enabled: [{ name: 'BarPlugin' }], disabled: [{ name: 'DefaultBinder' }] };

const cases: { name: string; raw: unknown; want: SchedulerConfiguration }[] = [
  { name: 'empty config', raw: {}, want: want({}) },
  { name: 'no scheduler name', raw: { profiles: [{}] }, want: want({}) },
  {
    name: 'two profiles',
    raw: {
      parallelism: 16,
      profiles: [
        { pluginConfig: [{ name: 'FooPlugin' }] },
        { schedulerName: 'custom-scheduler', plugins: { bind: { enabled: [{ name: 'BarPlugin' }], disabled: [{ name: 'DefaultBinder' }] } } },
      ],
    },
    want: want({
      profiles: [
        { schedulerName: '', plugins: wantDefaultPlugins(), pluginConfig: [{ name: 'FooPlugin', args: undefined }, ...pluginConfigs] },
        { schedulerName: 'custom-scheduler', plugins: twoProfilesSecondPlugins, pluginConfig: pluginConfigs },
      ],
    }),
  },
  { name: 'Prallelism with no port', raw: { parallelism: 16 }, want: want({}) },
  { name: 'set non default parallelism', raw: { parallelism: 8 }, want: want({ parallelism: 8 }) },
  { name: 'set non default global percentageOfNodesToScore', raw: { percentageOfNodesToScore: 50 }, want: want({ percentageOfNodesToScore: 50 }) },
  {
    name: 'set non default profile percentageOfNodesToScore',
    raw: { profiles: [{ percentageOfNodesToScore: 50 }] },
    want: want({ profiles: [{ schedulerName: 'default-scheduler', percentageOfNodesToScore: 50, plugins: wantDefaultPlugins(), pluginConfig: pluginConfigs }] }),
  },
  {
    name: 'set non default global and profile percentageOfNodesToScore',
    raw: { percentageOfNodesToScore: 10, profiles: [{ percentageOfNodesToScore: 50 }] },
    want: want({
      percentageOfNodesToScore: 10,
      profiles: [{ schedulerName: 'default-scheduler', percentageOfNodesToScore: 50, plugins: wantDefaultPlugins(), pluginConfig: pluginConfigs }],
    }),
  },
];

describe('TestSchedulerDefaults', () => {
  it.each(cases)('$name', ({ raw, want: expected }) => {
    const decoded = decodeConfiguration(raw, registry);
    expect(decoded.errors).toEqual([]);
    expect(setDefaults(decoded.value, registry)).toEqual(expected);
  });

  it('no configuration at all gives the same defaults', () => {
    expect(defaultSchedulerConfiguration(registry)).toEqual(want({}));
  });

  it('a user pluginConfig keeps its index and gets defaults under it; defaults follow by name', () => {
    const decoded = decodeConfiguration({ profiles: [{ pluginConfig: [{ name: 'VolumeBinding', args: { bindTimeoutSeconds: 30 } }] }] }, registry);
    const profile = setDefaults(decoded.value, registry).profiles[0]!;
    expect(profile.pluginConfig.map((c) => c.name)).toEqual([
      'VolumeBinding', 'DefaultPreemption', 'DynamicResources', 'InterPodAffinity', 'NodeAffinity',
      'NodeResourcesBalancedAllocation', 'NodeResourcesFit', 'PodTopologySpread',
    ]);
    expect(profile.pluginConfig[0]!.args).toEqual({ bindTimeoutSeconds: 30 });
  });

  it('default args only for enabled plugins', () => {
    const decoded = decodeConfiguration({ profiles: [{ plugins: { multiPoint: { disabled: [{ name: 'VolumeBinding' }, { name: 'DynamicResources' }] } } }] }, registry);
    const names = setDefaults(decoded.value, registry).profiles[0]!.pluginConfig.map((c) => c.name);
    expect(names).not.toContain('VolumeBinding');
    expect(names).not.toContain('DynamicResources');
    expect(names).toContain('DefaultPreemption');
  });
});

describe('TestPluginArgsDefaults (how user args meet the defaults)', () => {
  const preemption = registry.get('DefaultPreemption')!;
  const interPodAffinity = registry.get('InterPodAffinity')!;
  const rows = [
    { name: 'DefaultPreemptionArgs empty', d: preemption, in: {}, want: { minCandidateNodesPercentage: 10, minCandidateNodesAbsolute: 100 } },
    { name: 'DefaultPreemptionArgs with value', d: preemption, in: { minCandidateNodesPercentage: 50 }, want: { minCandidateNodesPercentage: 50, minCandidateNodesAbsolute: 100 } },
    { name: 'InterPodAffinityArgs empty', d: interPodAffinity, in: {}, want: { hardPodAffinityWeight: 1 } },
    { name: 'InterPodAffinityArgs explicit 0', d: interPodAffinity, in: { hardPodAffinityWeight: 0 }, want: { hardPodAffinityWeight: 0 } },
    { name: 'InterPodAffinityArgs with value', d: interPodAffinity, in: { hardPodAffinityWeight: 5 }, want: { hardPodAffinityWeight: 5 } },
    { name: 'null field counts as unset (nil pointer)', d: interPodAffinity, in: { hardPodAffinityWeight: null }, want: { hardPodAffinityWeight: 1 } },
  ];
  it.each(rows)('$name', ({ d, in: args, want: expected }) => {
    expect(applyArgsDefaults(d, args)).toEqual(expected);
  });

  it("a descriptor's own applyDefaults wins over the shallow merge", () => {
    const fit = fakePlugin<{ scoringStrategy?: { type: string; resources?: unknown[] } }>('NodeResourcesFit', ['filter'], {
      defaultArgs: () => ({ scoringStrategy: { type: 'LeastAllocated', resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] } }),
      applyDefaults: (a) => ({ scoringStrategy: { type: a.scoringStrategy?.type ?? 'LeastAllocated', resources: a.scoringStrategy?.resources ?? [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] } }),
    });
    // upstream: "NodeResourcesFitArgs Resources empty"
    expect(applyArgsDefaults(fit, { scoringStrategy: { type: 'MostAllocated' } })).toEqual({
      scoringStrategy: { type: 'MostAllocated', resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] },
    });
  });
});
