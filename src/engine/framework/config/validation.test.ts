// Cases from upstream pkg/scheduler/apis/config/validation/validation_test.go
// (TestValidateKubeSchedulerConfigurationV1), written as the v1 YAML a user would give. Like
// upstream (ignoreBadValueDetail) each row checks the error type and field path. The
// leaderElection and extender rows are left out: those parts are not simulated.
import { describe, expect, it } from 'vitest';
import { formatFieldPath } from './fieldErrors';
import { resolveSchedulerConfig } from './index';
import { defaultPluginFakes, fakePlugin } from './testFixtures';
import type { ConfigError } from './types';

const registry = defaultPluginFakes();
registry.set('CustomSort', fakePlugin('CustomSort', ['queueSort']));
registry.set('CustomBind', fakePlugin('CustomBind', ['bind']));

interface RawProfile {
  schedulerName?: string;
  percentageOfNodesToScore?: number;
  plugins?: Record<string, unknown>;
  pluginConfig?: { name: string; args?: unknown }[];
}
interface RawConfig {
  apiVersion: string;
  kind: string;
  parallelism: number;
  percentageOfNodesToScore?: number;
  podInitialBackoffSeconds: number;
  podMaxBackoffSeconds: number;
  profiles: RawProfile[];
}

function validConfig(): RawConfig {
  return {
    apiVersion: 'kubescheduler.config.k8s.io/v1',
    kind: 'KubeSchedulerConfiguration',
    parallelism: 8,
    podInitialBackoffSeconds: 1,
    podMaxBackoffSeconds: 1,
    profiles: [
      {
        schedulerName: 'me',
        percentageOfNodesToScore: 35,
        plugins: { queueSort: { enabled: [{ name: 'CustomSort' }] }, score: { disabled: [{ name: '*' }] } },
        pluginConfig: [{ name: 'DefaultPreemption', args: { minCandidateNodesPercentage: 10, minCandidateNodesAbsolute: 100 } }],
      },
      {
        schedulerName: 'other',
        percentageOfNodesToScore: 35,
        plugins: { queueSort: { enabled: [{ name: 'CustomSort' }] }, bind: { enabled: [{ name: 'CustomBind' }] } },
      },
    ],
  };
}

function withChange(change: (c: RawConfig) => void): RawConfig {
  const c = validConfig();
  change(c);
  return c;
}

/** "<field>: <type>" like upstream's field.Error without the bad value */
const summary = (errors: ConfigError[]) => errors.map((e) => `${formatFieldPath(e.path)}: ${e.message.split(':')[0]}`);

const scenarios: { name: string; config: RawConfig; wantErrs: string[] }[] = [
  { name: 'good', config: validConfig(), wantErrs: [] },
  { name: 'bad-parallelism-invalid-value', config: withChange((c) => { c.parallelism = 0; }), wantErrs: ['parallelism: Invalid value'] },
  { name: 'bad-percentage-of-nodes-to-score', config: withChange((c) => { c.percentageOfNodesToScore = 101; }), wantErrs: ['percentageOfNodesToScore: Invalid value'] },
  { name: 'negative-percentage-of-nodes-to-score', config: withChange((c) => { c.percentageOfNodesToScore = -1; }), wantErrs: ['percentageOfNodesToScore: Invalid value'] },
  { name: 'scheduler-name-not-set', config: withChange((c) => { c.profiles[1]!.schedulerName = ''; }), wantErrs: ['profiles[1].schedulerName: Required value'] },
  { name: 'repeated-scheduler-name', config: withChange((c) => { c.profiles[0]!.schedulerName = 'other'; }), wantErrs: ['profiles[1].schedulerName: Duplicate value'] },
  {
    name: 'greater-than-100-profile-percentage-of-nodes-to-score',
    config: withChange((c) => { c.profiles[1]!.percentageOfNodesToScore = 101; }),
    wantErrs: ['profiles[1].percentageOfNodesToScore: Invalid value'],
  },
  {
    name: 'negative-profile-percentage-of-nodes-to-score',
    config: withChange((c) => { c.profiles[1]!.percentageOfNodesToScore = -1; }),
    wantErrs: ['profiles[1].percentageOfNodesToScore: Invalid value'],
  },
  {
    name: 'different-queue-sort',
    config: withChange((c) => { c.profiles[1]!.plugins!['queueSort'] = { enabled: [{ name: 'AnotherSort' }] }; }),
    wantErrs: ['profiles[1].plugins.queueSort: Invalid value'],
  },
  { name: 'one-empty-queue-sort', config: withChange((c) => { delete c.profiles[0]!.plugins; }), wantErrs: ['profiles[1].plugins.queueSort: Invalid value'] },
  {
    name: 'invalid-node-percentage',
    config: withChange((c) => { c.profiles[0]!.pluginConfig = [{ name: 'DefaultPreemption', args: { minCandidateNodesPercentage: 200, minCandidateNodesAbsolute: 100 } }]; }),
    wantErrs: ['profiles[0].pluginConfig[0].args.minCandidateNodesPercentage: Invalid value'],
  },
  {
    name: 'duplicated-plugin-config',
    config: withChange((c) => { c.profiles[0]!.pluginConfig = [{ name: 'config' }, { name: 'config' }]; }),
    wantErrs: ['profiles[0].pluginConfig[1]: Duplicate value'],
  },
  {
    name: 'mismatch-queue-sort',
    config: withChange((c) => {
      c.profiles = [
        { schedulerName: 'me', plugins: { queueSort: { enabled: [{ name: 'PrioritySort' }] } }, pluginConfig: [{ name: 'PrioritySort' }] },
        { schedulerName: 'other', plugins: { queueSort: { enabled: [{ name: 'CustomSort' }] } }, pluginConfig: [{ name: 'CustomSort' }] },
      ];
    }),
    wantErrs: ['profiles[1].plugins.queueSort: Invalid value'],
  },
  {
    name: 'valid-plugins',
    config: withChange((c) => { c.profiles[0]!.plugins!['score'] = { disabled: [{ name: '*' }], enabled: [{ name: 'PodTopologySpread', weight: 2 }] }; }),
    wantErrs: [],
  },
  // v1's invalidPluginsByVersion
  {
    name: 'plugin removed in v1 (bad-removed-plugins)',
    config: withChange((c) => { c.profiles[0]!.plugins!['score'] = { disabled: [{ name: '*' }], enabled: [{ name: 'EBSLimits', weight: 2 }] }; }),
    wantErrs: ['profiles[0].plugins.score.enabled[0]: Invalid value'],
  },
  {
    name: 'pluginConfig of a plugin removed in v1 (bad-plugins-config)',
    config: withChange((c) => { c.profiles[0]!.pluginConfig!.push({ name: 'GCEPDLimits' }); }),
    wantErrs: ['profiles[0].pluginConfig[1]: Invalid value'],
  },
  {
    name: 'podMaxBackoffSeconds below podInitialBackoffSeconds',
    config: withChange((c) => { c.podInitialBackoffSeconds = 5; }),
    wantErrs: ['podMaxBackoffSeconds: Invalid value'],
  },
  { name: 'podInitialBackoffSeconds of 0', config: withChange((c) => { c.podInitialBackoffSeconds = 0; }), wantErrs: ['podInitialBackoffSeconds: Invalid value'] },
];

describe('TestValidateKubeSchedulerConfigurationV1', () => {
  it.each(scenarios)('$name', ({ config, wantErrs }) => {
    expect(summary(resolveSchedulerConfig(config, registry).errors)).toEqual(wantErrs);
  });

  it('invalid-plugin-args: args of another kind are a decoding error', () => {
    const config = withChange((c) => { c.profiles[0]!.pluginConfig = [{ name: 'DefaultPreemption', args: { kind: 'InterPodAffinityArgs' } }]; });
    expect(resolveSchedulerConfig(config, registry).errors).toEqual([{
      path: ['profiles', 0, 'pluginConfig', 0, 'args', 'kind'],
      message: 'args for plugin DefaultPreemption were not of type DefaultPreemptionArgs.kubescheduler.config.k8s.io, got InterPodAffinityArgs.kubescheduler.config.k8s.io',
    }]);
  });

  it('upstream wording of the messages', () => {
    const errs = resolveSchedulerConfig(withChange((c) => {
      c.parallelism = 0;
      c.percentageOfNodesToScore = 101;
      c.profiles[0]!.schedulerName = 'other';
    }), registry).errors;
    expect(errs.map((e) => e.message)).toEqual([
      'Invalid value: 0: should be an integer value greater than zero',
      'Duplicate value: "profiles[0].schedulerName"',
      'Invalid value: 101: not in valid range [0-100]',
    ]);
  });

  it('queue sort args must match across profiles', () => {
    const config = withChange((c) => {
      c.profiles[0]!.pluginConfig!.push({ name: 'CustomSort', args: { a: 1 } });
      c.profiles[1]!.pluginConfig = [{ name: 'CustomSort', args: { a: 2 } }];
    });
    expect(resolveSchedulerConfig(config, registry).errors).toEqual([
      { path: ['profiles', 1, 'pluginConfig', 0, 'args'], message: 'Invalid value: {"a":2}: queueSort must be the same for all profiles' },
    ]);
  });
});

describe('plugins the registry does not have (upstream NewFramework errors)', () => {
  it('names the user wrote are errors, with the extension point in upstream wording', () => {
    const errs = resolveSchedulerConfig({
      profiles: [{ plugins: { filter: { enabled: [{ name: 'NodeResourcesFit' }, { name: 'Nope' }] }, multiPoint: { enabled: [{ name: 'AlsoNope' }] } } }],
    }, registry).errors;
    expect(errs).toEqual([
      { path: ['profiles', 0, 'plugins', 'filter', 'enabled', 1], message: 'FilterPlugin "Nope" does not exist' },
      { path: ['profiles', 0, 'plugins', 'multiPoint', 'enabled', 0], message: 'PreFilterPlugin "AlsoNope" does not exist' },
    ]);
  });

  it('default plugins missing from the registry are not errors', () => {
    const result = resolveSchedulerConfig(undefined, new Map());
    expect(result.errors).toEqual([]);
    expect(result.config.profiles[0]!.schedulerName).toBe('default-scheduler');
  });

  it('disabling a plugin the registry does not have is fine', () => {
    expect(resolveSchedulerConfig({ profiles: [{ plugins: { score: { disabled: [{ name: 'Whatever' }] } } }] }, registry).errors).toEqual([]);
  });
});

describe('warnings', () => {
  it('pluginConfig for a plugin that is not enabled is ignored (upstream: silently)', () => {
    const result = resolveSchedulerConfig({
      profiles: [{ plugins: { multiPoint: { disabled: [{ name: 'InterPodAffinity' }] } }, pluginConfig: [{ name: 'InterPodAffinity', args: { hardPodAffinityWeight: 3 } }] }],
    }, registry);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([{
      path: ['profiles', 0, 'pluginConfig', 0],
      message: 'pluginConfig for plugin "InterPodAffinity" is ignored: the plugin is not enabled in this profile',
    }]);
  });

  it('extenders are not simulated', () => {
    expect(resolveSchedulerConfig({ extenders: [{ urlPrefix: 'http://x' }] }, registry).warnings).toEqual([
      { path: ['extenders'], message: 'extenders are not simulated' },
    ]);
  });
});
