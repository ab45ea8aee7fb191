// Cases from upstream pkg/scheduler/framework/runtime/framework_test.go
// (TestNewFrameworkMultiPointExpansion, TestInitFrameworkWithScorePlugins, TestNewFrameworkErrors)
// and pkg/scheduler/profile/profile_test.go (TestNewMap), with fake plugins like upstream's.
import { describe, expect, it } from 'vitest';
import { newTestEnv } from '../../testing/framework';
import { emptyPlugins } from './defaults';
import { instantiateProfile, listPlugins } from './framework';
import { resolveSchedulerConfig } from './index';
import { instantiateProfiles } from './profileMap';
import { ALL_BUT_PRE_ENQUEUE, defaultPluginFakes, fakePlugin, fakeRegistry } from './testFixtures';
import type { ExtensionPoint, PluginConfig, PluginRef, PluginSet, Profile } from './types';

const handle = newTestEnv({ nodes: [] }).handle;

const queueSortPlugin = 'no-op-queue-sort-plugin';
const bindPlugin = 'bind-plugin';
const scoreWithNormalizePlugin1 = 'score-with-normalize-plugin-1';
const scoreWithNormalizePlugin2 = 'score-with-normalize-plugin-2';
const scorePlugin1 = 'score-plugin-1';
const scorePlugin2 = 'score-plugin-2';
const pluginNotImplementingScore = 'plugin-not-implementing-score';
const duplicatePluginName = 'duplicate-plugin';
const testPlugin = 'test-plugin';

const registry = fakeRegistry(
  fakePlugin(scoreWithNormalizePlugin1, ['score', 'normalizeScore']),
  fakePlugin(scoreWithNormalizePlugin2, ['score', 'normalizeScore']),
  fakePlugin(scorePlugin1, ['preScore', 'score']),
  fakePlugin(scorePlugin2, ['preScore', 'score']),
  fakePlugin(pluginNotImplementingScore, []),
  fakePlugin(duplicatePluginName, ['preFilter']),
  fakePlugin(testPlugin, ALL_BUT_PRE_ENQUEUE),
  fakePlugin(queueSortPlugin, ['queueSort']),
  fakePlugin(bindPlugin, ['bind']),
);

type Sets = Partial<Record<ExtensionPoint | 'multiPoint', Partial<PluginSet>>>;
const p = (name: string, weight?: number): PluginRef => (weight === undefined ? { name } : { name, weight });

function profile(sets: Sets, pluginConfig: PluginConfig[] = [], schedulerName = ''): Profile {
  const plugins = emptyPlugins();
  for (const [point, set] of Object.entries(sets) as [keyof typeof plugins, Partial<PluginSet>][]) {
    plugins[point] = { enabled: set.enabled ?? [], disabled: set.disabled ?? [] };
  }
  return { schedulerName, plugins, pluginConfig };
}

function want(lists: Partial<Record<ExtensionPoint, PluginRef[]>>): Record<ExtensionPoint, PluginRef[]> {
  const all = {} as Record<ExtensionPoint, PluginRef[]>;
  for (const point of Object.keys(emptyPlugins()) as (ExtensionPoint | 'multiPoint')[]) {
    if (point !== 'multiPoint') all[point] = lists[point] ?? [];
  }
  return all;
}

/** what test-plugin expands to at every point but Score (and PreEnqueue, which it lacks) */
const testPluginEverywhere = {
  queueSort: [p(testPlugin)], preFilter: [p(testPlugin)], filter: [p(testPlugin)], postFilter: [p(testPlugin)],
  reserve: [p(testPlugin)], permit: [p(testPlugin)], preBind: [p(testPlugin)], bind: [p(testPlugin)], postBind: [p(testPlugin)],
};

const expansionCases: { name: string; plugins: Sets; wantPlugins?: Record<ExtensionPoint, PluginRef[]>; wantErr?: string }[] = [
  {
    name: 'plugin expansion',
    plugins: { multiPoint: { enabled: [p(testPlugin, 5)] } },
    wantPlugins: want({ ...testPluginEverywhere, preScore: [p(testPlugin)], score: [p(testPlugin, 5)] }),
  },
  {
    name: 'disable MultiPoint plugin at some extension points',
    plugins: { multiPoint: { enabled: [p(testPlugin)] }, preScore: { disabled: [p(testPlugin)] }, score: { disabled: [p(testPlugin)] } },
    wantPlugins: want(testPluginEverywhere),
  },
  {
    name: 'Multiple MultiPoint plugins',
    plugins: { multiPoint: { enabled: [p(testPlugin), p(scorePlugin1)] } },
    wantPlugins: want({ ...testPluginEverywhere, preScore: [p(testPlugin), p(scorePlugin1)], score: [p(testPlugin, 1), p(scorePlugin1, 1)] }),
  },
  {
    name: 'disable MultiPoint extension',
    plugins: { multiPoint: { enabled: [p(testPlugin), p(scorePlugin1)] }, preScore: { disabled: [p('*')] } },
    wantPlugins: want({ ...testPluginEverywhere, score: [p(testPlugin, 1), p(scorePlugin1, 1)] }),
  },
  {
    name: 'Reorder MultiPoint plugins (specified extension takes precedence)',
    plugins: {
      multiPoint: { enabled: [p(scoreWithNormalizePlugin1), p(testPlugin), p(scorePlugin1)] },
      score: { enabled: [p(scorePlugin1), p(testPlugin)] },
    },
    wantPlugins: want({
      ...testPluginEverywhere,
      preScore: [p(testPlugin), p(scorePlugin1)],
      score: [p(scorePlugin1, 1), p(testPlugin, 1), p(scoreWithNormalizePlugin1, 1)],
    }),
  },
  {
    name: 'Reorder MultiPoint plugins (specified extension only takes precedence when it exists in MultiPoint)',
    plugins: {
      multiPoint: { enabled: [p(testPlugin), p(scorePlugin1)] },
      score: { enabled: [p(scoreWithNormalizePlugin1), p(scorePlugin1), p(testPlugin)] },
    },
    wantPlugins: want({
      ...testPluginEverywhere,
      preScore: [p(testPlugin), p(scorePlugin1)],
      score: [p(scorePlugin1, 1), p(testPlugin, 1), p(scoreWithNormalizePlugin1, 1)],
    }),
  },
  {
    name: 'Override MultiPoint plugins weights',
    plugins: { multiPoint: { enabled: [p(testPlugin), p(scorePlugin1)] }, score: { enabled: [p(scorePlugin1, 5), p(testPlugin, 3)] } },
    wantPlugins: want({ ...testPluginEverywhere, preScore: [p(testPlugin), p(scorePlugin1)], score: [p(scorePlugin1, 5), p(testPlugin, 3)] }),
  },
  {
    name: "disable and enable MultiPoint plugins with '*'",
    plugins: { multiPoint: { enabled: [p(queueSortPlugin), p(bindPlugin), p(scorePlugin1)], disabled: [p('*')] } },
    wantPlugins: want({ queueSort: [p(queueSortPlugin)], preScore: [p(scorePlugin1)], score: [p(scorePlugin1, 1)], bind: [p(bindPlugin)] }),
  },
  {
    name: 'disable and enable MultiPoint plugin by name',
    plugins: { multiPoint: { enabled: [p(bindPlugin), p(queueSortPlugin), p(scorePlugin1)], disabled: [p(scorePlugin1)] } },
    wantPlugins: want({ queueSort: [p(queueSortPlugin)], preScore: [p(scorePlugin1)], score: [p(scorePlugin1, 1)], bind: [p(bindPlugin)] }),
  },
  {
    name: "Expect 'already registered' error",
    plugins: { multiPoint: { enabled: [p(testPlugin), p(testPlugin)] } },
    wantErr: 'already registered',
  },
  {
    name: 'Override MultiPoint plugins weights and avoid a plugin being loaded multiple times',
    plugins: {
      multiPoint: { enabled: [p(testPlugin), p(scorePlugin1)] },
      score: { enabled: [p(scorePlugin1, 5), p(scorePlugin2, 5), p(testPlugin, 3)] },
    },
    wantPlugins: want({
      ...testPluginEverywhere,
      preScore: [p(testPlugin), p(scorePlugin1)],
      score: [p(scorePlugin1, 5), p(testPlugin, 3), p(scorePlugin2, 5)],
    }),
  },
];

describe('TestNewFrameworkMultiPointExpansion', () => {
  it.each(expansionCases)('$name', ({ plugins, wantPlugins, wantErr }) => {
    const built = instantiateProfile(profile(plugins), registry, handle);
    if (wantErr) {
      expect(built.plugins).toBeUndefined();
      expect(built.errors.map((e) => e.message).join('\n')).toContain(wantErr);
    } else {
      expect(built.errors).toEqual([]);
      expect(listPlugins(built.plugins!)).toEqual(wantPlugins);
    }
  });

  it('one instance per plugin, shared by every point', () => {
    const built = instantiateProfile(profile({ multiPoint: { enabled: [p(testPlugin)] } }), registry, handle);
    expect(built.plugins!.instances.size).toBe(1);
    expect(built.plugins!.points.filter[0]).toBe(built.plugins!.points.bind[0]);
  });
});

/** upstream: newFrameworkWithQueueSortAndBind + buildScoreConfigDefaultWeights */
const defaultWeights: Record<string, number> = { [scoreWithNormalizePlugin1]: 1, [scoreWithNormalizePlugin2]: 2, [scorePlugin1]: 1 };
function scoreProfile(...names: string[]): Profile {
  return profile({
    score: { enabled: names.map((n) => p(n, defaultWeights[n] ?? 0)) },
    queueSort: { enabled: [p(queueSortPlugin)] },
    bind: { enabled: [p(bindPlugin)] },
  });
}

describe('TestInitFrameworkWithScorePlugins', () => {
  const rows = [
    { name: "enabled Score plugin doesn't exist in registry", profile: scoreProfile('notExist'), initErr: 'ScorePlugin "notExist" does not exist' },
    { name: "enabled Score plugin doesn't extend the ScorePlugin interface", profile: scoreProfile(pluginNotImplementingScore), initErr: 'plugin "plugin-not-implementing-score" does not extend ScorePlugin plugin' },
    { name: 'enabled Score plugin list is empty', profile: scoreProfile(), initErr: '' },
    { name: 'enabled plugin only implements ScorePlugin interface', profile: scoreProfile(scorePlugin1), initErr: '' },
    { name: 'enabled plugin implements ScoreWithNormalizePlugin interface', profile: scoreProfile(scoreWithNormalizePlugin1), initErr: '' },
  ];
  it.each(rows)('$name', ({ profile: prof, initErr }) => {
    const built = instantiateProfile(prof, registry, handle);
    expect(built.errors.map((e) => e.message)).toEqual(initErr ? [initErr] : []);
  });

  it('weights: configured, and 0 counts as 1', () => {
    const built = instantiateProfile(scoreProfile(scoreWithNormalizePlugin2, scorePlugin2), registry, handle);
    expect([...built.plugins!.scoreWeights]).toEqual([[scoreWithNormalizePlugin2, 2], [scorePlugin2, 1]]);
  });
});

describe('TestNewFrameworkErrors', () => {
  it('duplicate plugin name', () => {
    const built = instantiateProfile(profile({ preFilter: { enabled: [p(duplicatePluginName, 1), p(duplicatePluginName, 1)] } }, [{ name: duplicatePluginName, args: undefined }]), registry, handle);
    expect(built.errors).toEqual([{ path: ['plugins', 'preFilter', 'enabled', 1], message: 'plugin "duplicate-plugin" already registered as "PreFilterPlugin"' }]);
  });
  it('duplicate plugin config', () => {
    const built = instantiateProfile(profile({ preFilter: { enabled: [p(duplicatePluginName, 1)] } }, [
      { name: duplicatePluginName, args: undefined }, { name: duplicatePluginName, args: undefined },
    ]), registry, handle, { path: ['profiles', 2] });
    expect(built.errors).toEqual([{ path: ['profiles', 2, 'pluginConfig', 1], message: 'repeated config for plugin duplicate-plugin' }]);
  });
  it('a factory that throws', () => {
    const throwing = fakeRegistry(fakePlugin('Bad', ['filter'], { factory: () => { throw new Error('bad args'); } }));
    const built = instantiateProfile(profile({ filter: { enabled: [p('Bad')] } }), throwing, handle);
    expect(built.errors.map((e) => e.message)).toEqual(['initializing plugin "Bad": bad args']);
  });
  it('no queue sort, no bind', () => {
    expect(instantiateProfile(profile({ bind: { enabled: [p(bindPlugin)] } }, [], 'x'), registry, handle).errors.map((e) => e.message))
      .toEqual(['only one queue sort plugin required for profile with scheduler name "x", but got 0']);
    expect(instantiateProfile(profile({ queueSort: { enabled: [p(queueSortPlugin)] } }, [], 'x'), registry, handle).errors.map((e) => e.message))
      .toEqual(['at least one bind plugin is needed for profile with scheduler name "x"']);
  });
});

describe('the default profile', () => {
  it('expands v1.35 defaults in order, with their weights', () => {
    const fakes = defaultPluginFakes();
    const { config, errors } = resolveSchedulerConfig(undefined, fakes);
    expect(errors).toEqual([]);
    const built = instantiateProfile(config.profiles[0]!, fakes, handle);
    expect(built.warnings).toEqual([]);
    const lists = listPlugins(built.plugins!);
    expect(lists.filter.map((r) => r.name)).toEqual([
      'NodeUnschedulable', 'NodeName', 'TaintToleration', 'NodeAffinity', 'NodePorts', 'NodeResourcesFit',
      'VolumeRestrictions', 'NodeVolumeLimits', 'VolumeBinding', 'VolumeZone', 'PodTopologySpread',
      'InterPodAffinity', 'DynamicResources',
    ]);
    expect(lists.score).toEqual([
      p('TaintToleration', 3), p('NodeAffinity', 2), p('NodeResourcesFit', 1), p('VolumeBinding', 1),
      p('PodTopologySpread', 2), p('InterPodAffinity', 2), p('DynamicResources', 2),
      p('NodeResourcesBalancedAllocation', 1), p('ImageLocality', 1),
    ]);
    expect(lists.postFilter.map((r) => r.name)).toEqual(['DynamicResources', 'DefaultPreemption']);
    expect(lists.queueSort.map((r) => r.name)).toEqual(['PrioritySort']);
    expect(lists.bind.map((r) => r.name)).toEqual(['DefaultBinder']);
  });

  it('default plugins missing from the registry are skipped with a warning', () => {
    const partial = defaultPluginFakes();
    partial.delete('ImageLocality');
    const { config } = resolveSchedulerConfig(undefined, partial);
    const built = instantiateProfile(config.profiles[0]!, partial, handle);
    expect(built.errors).toEqual([]);
    expect(built.warnings).toEqual([{ path: ['plugins'], message: 'default plugin "ImageLocality" is not in the registry yet; skipped' }]);
    expect(built.plugins!.points.score.map((x) => x.name)).not.toContain('ImageLocality');
  });

  it('the plugin gets its pluginConfig args', () => {
    const seen: unknown[] = [];
    const fakes = defaultPluginFakes();
    const base = fakes.get('InterPodAffinity')!;
    fakes.set('InterPodAffinity', { ...base, factory: (args, h) => { seen.push(args); return base.factory(args, h); } });
    const { config } = resolveSchedulerConfig({ profiles: [{ pluginConfig: [{ name: 'InterPodAffinity', args: { hardPodAffinityWeight: 7 } }] }] }, fakes);
    instantiateProfile(config.profiles[0]!, fakes, handle);
    expect(seen).toEqual([{ hardPodAffinityWeight: 7 }]);
  });
});

describe('TestNewMap', () => {
  const mapRegistry = fakeRegistry(
    fakePlugin('QueueSort', ['queueSort', 'bind']),
    fakePlugin('Bind1', ['queueSort', 'bind']),
    fakePlugin('Bind2', ['queueSort', 'bind']),
    fakePlugin('Another', ['queueSort', 'bind']),
  );
  const prof = (name: string, queueSort: string, bind: string | undefined, pluginConfig: PluginConfig[] = []) =>
    profile({ queueSort: { enabled: [p(queueSort)] }, ...(bind ? { bind: { enabled: [p(bind)] } } : {}) }, pluginConfig, name);
  const rows = [
    { name: 'valid', profiles: [prof('profile-1', 'QueueSort', 'Bind1'), prof('profile-2', 'QueueSort', 'Bind2', [{ name: 'Bind2', args: {} }])], wantErr: '' },
    { name: 'different queue sort', profiles: [prof('profile-1', 'QueueSort', 'Bind1'), prof('profile-2', 'Another', 'Bind2')], wantErr: 'different queue sort plugins' },
    {
      name: 'different queue sort args',
      profiles: [prof('profile-1', 'QueueSort', 'Bind1', [{ name: 'QueueSort', args: {} }]), prof('profile-2', 'QueueSort', 'Bind2')],
      wantErr: 'different queue sort plugin args',
    },
    { name: 'duplicate scheduler name', profiles: [prof('profile-1', 'QueueSort', 'Bind1'), prof('profile-1', 'QueueSort', 'Bind2')], wantErr: 'duplicate profile' },
    { name: 'scheduler name is needed', profiles: [prof('', 'QueueSort', 'Bind1')], wantErr: 'scheduler name is needed' },
    { name: 'invalid framework configuration', profiles: [prof('invalid-profile', 'QueueSort', undefined)], wantErr: 'at least one bind plugin is needed' },
  ];
  it.each(rows)('$name', ({ profiles, wantErr }) => {
    const config = { parallelism: 16, percentageOfNodesToScore: 0, podInitialBackoffSeconds: 1, podMaxBackoffSeconds: 10, profiles };
    const result = instantiateProfiles(config, mapRegistry, () => handle);
    if (wantErr) {
      expect(result.profiles).toBeUndefined();
      expect(result.errors.map((e) => e.message).join('\n')).toContain(wantErr);
    } else {
      expect(result.errors).toEqual([]);
      expect([...result.profiles!.keys()]).toEqual(profiles.map((x) => x.schedulerName));
    }
  });
});

describe('while default plugins land', () => {
  it('a missing PrioritySort or DefaultBinder is a warning, not the queue sort / bind error', () => {
    const partial = defaultPluginFakes();
    partial.delete('PrioritySort');
    partial.delete('DefaultBinder');
    const { config } = resolveSchedulerConfig(undefined, partial);
    const built = instantiateProfile(config.profiles[0]!, partial, handle);
    expect(built.errors).toEqual([]);
    expect(built.warnings.map((w) => w.message)).toEqual([
      'default plugin "PrioritySort" is not in the registry yet; skipped',
      'default plugin "DefaultBinder" is not in the registry yet; skipped',
    ]);
  });
});
