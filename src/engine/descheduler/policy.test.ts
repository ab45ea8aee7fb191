// DeschedulerPolicy decoding, validation and defaulting. Rows from upstream
// sigs.k8s.io/descheduler pkg/descheduler/policyconfig_test.go (TestDecodeVersionedPolicy,
// TestValidateDeschedulerConfiguration, TestDecodeDefaults) and the plugins' validation_test.go.

import { describe, expect, it } from 'vitest';
import { decodeDeschedulerPolicy } from './policy';
import type { DefaultEvictorArgs } from './plugins/DefaultEvictor';

const policy = (profiles: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> =>
  ({ apiVersion: 'descheduler/v1alpha2', kind: 'DeschedulerPolicy', profiles, ...extra });
/** one profile with one plugin (and its args) enabled at its extension point */
const single = (plugin: string, point: 'deschedule' | 'balance', args?: unknown): Record<string, unknown> =>
  policy([{ name: 'ProfileName', pluginConfig: [{ name: plugin, ...(args === undefined ? {} : { args }) }], plugins: { [point]: { enabled: [plugin] } } }]);
const messages = (raw: unknown): string[] => decodeDeschedulerPolicy(raw).errors.map((e) => e.message);

describe('decodeDeschedulerPolicy (TestDecodeVersionedPolicy, TestDecodeDefaults)', () => {
  it('v1alpha2 to internal', () => {
    const { policy: p, errors } = decodeDeschedulerPolicy(policy([{
      name: 'ProfileName',
      pluginConfig: [
        { name: 'DefaultEvictor', args: { evictSystemCriticalPods: true, evictFailedBarePods: true, evictLocalStoragePods: true, evictDaemonSetPods: true, nodeFit: true } },
        { name: 'RemovePodsHavingTooManyRestarts', args: { podRestartThreshold: 100, includingInitContainers: true } },
      ],
      plugins: { deschedule: { enabled: ['RemovePodsHavingTooManyRestarts'] } },
    }]));
    expect(errors).toEqual([]);
    const profile = p!.profiles[0]!;
    expect(profile.pluginConfigs.map((c) => c.name)).toEqual(['DefaultEvictor', 'RemovePodsHavingTooManyRestarts']);
    expect(profile.pluginConfigs[0]!.args).toMatchObject({ evictSystemCriticalPods: true, evictFailedBarePods: true, evictLocalStoragePods: true, evictDaemonSetPods: true, nodeFit: true });
    expect(profile.pluginConfigs[1]!.args).toMatchObject({ podRestartThreshold: 100, includingInitContainers: true });
    expect(profile.plugins.filter.enabled).toEqual(['DefaultEvictor']);
    expect(profile.plugins.preEvictionFilter.enabled).toEqual(['DefaultEvictor']);
    expect(profile.plugins.deschedule.enabled).toEqual(['RemovePodsHavingTooManyRestarts']);
  });

  it('v1alpha2 to internal, validate error handling (priorityThreshold exceeding maximum)', () => {
    expect(decodeDeschedulerPolicy(policy([{
      name: 'ProfileName',
      pluginConfig: [{ name: 'DefaultEvictor', args: { priorityThreshold: { value: 2000000001 } } }],
      plugins: { deschedule: { enabled: ['RemovePodsHavingTooManyRestarts'] } },
    }])).errors).toEqual([{ path: ['profiles', 0, 'pluginConfig', 0, 'args', 'priorityThreshold'], message: "priority threshold can't be greater than 2000000000" }]);
  });

  it('use empty RemoveFailedPods, check MinPodLifetimeSeconds default', () => {
    const { policy: p } = decodeDeschedulerPolicy(policy([{
      name: 'ProfileName',
      pluginConfig: [{ name: 'DefaultEvictor', args: { nodeFit: true } }, { name: 'RemoveFailedPods' }],
      plugins: { deschedule: { enabled: ['RemoveFailedPods'] } },
    }]));
    expect(p!.profiles[0]!.pluginConfigs[1]!.args).toMatchObject({ minPodLifetimeSeconds: 3600 });
  });

  it('omit default evictor extension point with their enablement: DefaultEvictor config and filters are added', () => {
    const { policy: p } = decodeDeschedulerPolicy(single('RemoveDuplicates', 'balance'));
    const profile = p!.profiles[0]!;
    expect(profile.pluginConfigs.map((c) => c.name)).toEqual(['DefaultEvictor', 'RemoveDuplicates']);
    expect(profile.plugins.filter.enabled).toEqual(['DefaultEvictor']);
    expect(profile.plugins.preEvictionFilter.enabled).toEqual(['DefaultEvictor']);
  });

  it('test DisabledDefaultPodProtections configuration', () => {
    const { policy: p } = decodeDeschedulerPolicy(policy([{
      name: 'ProfileName',
      pluginConfig: [{ name: 'DefaultEvictor', args: { podProtections: { defaultDisabled: ['PodsWithLocalStorage', 'DaemonSetPods'] }, priorityThreshold: { value: 2000000000 }, nodeFit: true } }],
      plugins: { filter: { enabled: ['DefaultEvictor'] } },
    }]));
    const args = p!.profiles[0]!.pluginConfigs[0]!.args as DefaultEvictorArgs;
    expect(args.podProtections.defaultDisabled).toEqual(['PodsWithLocalStorage', 'DaemonSetPods']);
    expect(args.priorityThreshold).toEqual({ value: 2000000000 });
  });

  const evictorPolicy = (args: unknown): Record<string, unknown> => policy([{ name: 'ProfileName', pluginConfig: [{ name: 'DefaultEvictor', args }], plugins: {} }]);
  it.each([
    {
      name: 'test error when using both Deprecated fields and DisabledDefaultPodProtections/ExtraPodProtections',
      args: { evictSystemCriticalPods: true, podProtections: { extraEnabled: ['PodsWithPVC', 'PodsWithoutPDB'], defaultDisabled: ['PodsWithLocalStorage', 'DaemonSetPods'] }, priorityThreshold: { value: 2000000000 }, nodeFit: true },
      err: 'in profile ProfileName: cannot use Deprecated fields alongside PodProtections.ExtraEnabled or PodProtections.DefaultDisabled',
    },
    {
      name: 'test error when Disables a default protection that does not exist',
      args: { podProtections: { defaultDisabled: ['InvalidProtection'] }, priorityThreshold: { value: 2000000000 }, nodeFit: true },
      err: 'in profile ProfileName: invalid pod protection policy in DefaultDisabled: "InvalidProtection". Valid options are: [PodsWithLocalStorage SystemCriticalPods FailedBarePods DaemonSetPods]',
    },
    {
      name: 'test error when Enables a default protection',
      args: { podProtections: { extraEnabled: ['DaemonSetPods'] }, priorityThreshold: { value: 2000000000 }, nodeFit: true },
      err: 'in profile ProfileName: invalid pod protection policy in ExtraEnabled: "DaemonSetPods". Valid options are: [PodsWithPVC PodsWithoutPDB PodsWithResourceClaims]',
    },
  ])('$name', ({ args, err }) => {
    expect(messages(evictorPolicy(args))).toEqual([err]);
  });
});

describe('validateDeschedulerConfiguration (TestValidateDeschedulerConfiguration)', () => {
  it('multiple errors', () => {
    const namespaces = { include: ['test1'], exclude: ['test1'] };
    const errors = decodeDeschedulerPolicy(policy([
      { name: 'RemoveFailedPods', plugins: { deschedule: { enabled: ['RemoveFailedPods'] } }, pluginConfig: [{ name: 'RemoveFailedPods', args: { namespaces } }] },
      {
        name: 'RemovePodsViolatingTopologySpreadConstraint', plugins: { balance: { enabled: ['RemovePodsViolatingTopologySpreadConstraint'] } },
        pluginConfig: [{ name: 'RemovePodsViolatingTopologySpreadConstraint', args: { namespaces } }],
      },
    ])).errors;
    expect(errors).toEqual([
      { path: ['profiles', 0, 'pluginConfig', 0, 'args'], message: 'in profile RemoveFailedPods: only one of Include/Exclude namespaces can be set' },
      { path: ['profiles', 1, 'pluginConfig', 0, 'args'], message: 'in profile RemovePodsViolatingTopologySpreadConstraint: only one of Include/Exclude namespaces can be set' },
    ]);
  });
  it.each([
    { name: 'Duplicit metrics providers error', extra: { metricsProviders: [{ source: 'KubernetesMetrics' }, { source: 'KubernetesMetrics' }] }, err: 'metric provider "KubernetesMetrics" is already configured, each source can be configured only once' },
    { name: 'Too many metrics providers error', extra: { metricsCollector: { enabled: true }, metricsProviders: [{ source: 'KubernetesMetrics' }] }, err: 'it is not allowed to combine metrics provider when metrics collector is enabled' },
    { name: 'missing prometheus url error', extra: { metricsProviders: [{ source: 'Prometheus', prometheus: {} }] }, err: 'prometheus URL is required when prometheus is enabled' },
    {
      name: 'prometheus authtoken with no secret reference error', extra: { metricsProviders: [{ source: 'Prometheus', prometheus: { url: 'https://example.com:9093', authToken: {} } }] },
      err: 'prometheus authToken secret is expected to be set when authToken field is',
    },
    {
      name: 'prometheus authtoken missing secret reference name error',
      extra: { metricsProviders: [{ source: 'Prometheus', prometheus: { url: 'https://example.com:9093', authToken: { secretReference: { namespace: 'secretReference-namespace' } } } }] },
      err: 'prometheus authToken secret reference does not set both namespace and name',
    },
  ])('$name', ({ extra, err }) => {
    expect(messages(policy([], extra))).toEqual([err]);
  });
  it('a pluginConfig for an unknown plugin', () => {
    expect(decodeDeschedulerPolicy(policy([{ name: 'p', pluginConfig: [{ name: 'Foo', args: { a: 1 } }], plugins: {} }])).errors)
      .toEqual([{ path: ['profiles', 0, 'pluginConfig', 0, 'name'], message: 'in profile p: plugin Foo in pluginConfig not registered' }]);
  });
});

describe("plugins' args validation (validation_test.go)", () => {
  it.each([
    // removepodsviolatingnodeaffinity
    { name: 'RemovePodsViolatingNodeAffinity: nil NodeAffinityType args, expects errors', plugin: 'RemovePodsViolatingNodeAffinity', point: 'deschedule', args: {}, errs: ['nodeAffinityType needs to be set'] },
    {
      name: 'RemovePodsViolatingNodeAffinity: nil NodeAffinityType args and invalid namespaces args, expects error', plugin: 'RemovePodsViolatingNodeAffinity', point: 'deschedule',
      args: { namespaces: { include: ['default'], exclude: ['kube-system'] } }, errs: ['nodeAffinityType needs to be set', 'only one of Include/Exclude namespaces can be set'],
    },
    // nodeutilization
    {
      name: 'LowNodeUtilization: passing invalid thresholds', plugin: 'LowNodeUtilization', point: 'balance',
      args: { thresholds: { cpu: 20, memory: 120 }, targetThresholds: { cpu: 80, memory: 80 } }, errs: ['thresholds config is not valid: memory threshold not in [0, 100] range'],
    },
    {
      name: 'LowNodeUtilization: thresholds and targetThresholds configured different num of resources', plugin: 'LowNodeUtilization', point: 'balance',
      args: { thresholds: { cpu: 20, memory: 20 }, targetThresholds: { cpu: 80, memory: 80, pods: 80 } }, errs: ['thresholds and targetThresholds configured different resources'],
    },
    {
      name: "LowNodeUtilization: thresholds' CPU config value is greater than targetThresholds'", plugin: 'LowNodeUtilization', point: 'balance',
      args: { thresholds: { cpu: 90, memory: 20 }, targetThresholds: { cpu: 80, memory: 80 } }, errs: ["thresholds' cpu percentage is greater than targetThresholds'"],
    },
    {
      name: 'LowNodeUtilization: setting both kubernetes metrics source and metricsserver', plugin: 'LowNodeUtilization', point: 'balance',
      args: { thresholds: { cpu: 20 }, targetThresholds: { cpu: 80 }, metricsUtilization: { metricsServer: true, source: 'KubernetesMetrics' } },
      errs: ['it is not allowed to set both "KubernetesMetrics" source and metricsServer'],
    },
    {
      name: 'LowNodeUtilization: missing prometheus query', plugin: 'LowNodeUtilization', point: 'balance',
      args: { thresholds: { cpu: 20 }, targetThresholds: { cpu: 80 }, metricsUtilization: { source: 'Prometheus' } }, errs: ['prometheus query is required when metrics source is set to "Prometheus"'],
    },
    { name: 'HighNodeUtilization: empty thresholds', plugin: 'HighNodeUtilization', point: 'balance', args: { thresholds: {} }, errs: ['no resource threshold is configured'] },
    { name: 'HighNodeUtilization: threshold below minimum (0%)', plugin: 'HighNodeUtilization', point: 'balance', args: { thresholds: { cpu: -1 } }, errs: ['cpu threshold not in [0, 100] range'] },
    { name: 'HighNodeUtilization: invalid eviction mode', plugin: 'HighNodeUtilization', point: 'balance', args: { thresholds: { cpu: 20 }, evictionModes: ['InvalidMode'] }, errs: ['invalid eviction mode InvalidMode'] },
    // podlifetime
    { name: 'PodLifeTime: nil MaxPodLifeTimeSeconds arg, expects errors', plugin: 'PodLifeTime', point: 'deschedule', args: {}, errs: ['at least one filtering criterion must be specified (maxPodLifeTimeSeconds, states, conditions, or exitCodes)'] },
    {
      name: 'PodLifeTime: invalid pod state arg, expects errors', plugin: 'PodLifeTime', point: 'deschedule', args: { maxPodLifeTimeSeconds: 1, states: ['Undefined'] },
      errs: ['states must be one of [Completed ContainerCannotRun ContainerCreating CrashLoopBackOff CreateContainerConfigError CreateContainerError DeadlineExceeded ErrImagePull Error Evicted Failed ImagePullBackOff InvalidImageName NodeAffinity NodeLost OOMKilled Pending PodInitializing Running Shutdown StartError Succeeded UnexpectedAdmissionError Unknown]'],
    },
    // removepodshavingtoomanyrestarts
    {
      name: 'RemovePodsHavingTooManyRestarts: invalid PodRestartThreshold arg and invalid States arg, expects errors', plugin: 'RemovePodsHavingTooManyRestarts', point: 'deschedule',
      args: { podRestartThreshold: 0, states: ['CrashLoopBackOff', 'Pending'] }, errs: ['invalid PodsHavingTooManyRestarts threshold', 'states must be one of [CrashLoopBackOff Running]'],
    },
    // removepodsviolatingtopologyspreadconstraint
    {
      name: 'RemovePodsViolatingTopologySpreadConstraint: invalid constraints args, expects errors', plugin: 'RemovePodsViolatingTopologySpreadConstraint', point: 'balance',
      args: { constraints: ['foo'] }, errs: ['constraint foo is not one of map[DoNotSchedule:{} ScheduleAnyway:{}]'],
    },
    // removepodsviolatingnodetaints
    {
      name: 'RemovePodsViolatingNodeTaints: invalid taint filters args, expects errors', plugin: 'RemovePodsViolatingNodeTaints', point: 'deschedule',
      args: { excludedTaints: ['do-not-evict'], includedTaints: ['testTaint1=test1'] }, errs: ['either includedTaints or excludedTaints can be set, but not both'],
    },
    // label selectors (upstream's row also has an empty key; this one keeps only the values error)
    {
      name: 'RemovePodsViolatingInterPodAntiAffinity: invalid label selector args, expects errors', plugin: 'RemovePodsViolatingInterPodAntiAffinity', point: 'deschedule',
      args: { labelSelector: { matchExpressions: [{ key: 'k8s-app', operator: 'In' }] } },
      errs: ["failed to get label selectors from strategy's params: values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty"],
    },
  ] as const)('$name', ({ plugin, point, args, errs }) => {
    expect(messages(single(plugin, point, args))).toEqual(errs.map((e) => `in profile ProfileName: ${e}`));
  });
});

describe('decoding: strict plugin args, lenient policy, profile checks', () => {
  it('plugin args decode strictly', () => {
    expect(decodeDeschedulerPolicy(single('RemoveDuplicates', 'balance', { excludeOwnerKind: ['ReplicaSet'] })).errors)
      .toEqual([{ path: ['profiles', 0, 'pluginConfig', 0, 'args', 'excludeOwnerKind'], message: 'strict decoding error: unknown field "excludeOwnerKind"' }]);
  });
  it('plugin args type errors name the Go field', () => {
    expect(messages(single('LowNodeUtilization', 'balance', { thresholds: { cpu: '20' }, targetThresholds: { cpu: 50 } })))
      .toEqual(['json: cannot unmarshal string into Go struct field LowNodeUtilizationArgs.thresholds of type api.Percentage']);
  });
  it('unknown policy fields are ignored (with a warning); `preEvictionFilter` is not the JSON name, `preevictionfilter` is', () => {
    const decoded = decodeDeschedulerPolicy(policy([{
      name: 'p', pluginConfig: [], plugins: { preEvictionFilter: { enabled: ['DefaultEvictor'] } },
    }], { strategies: {} }));
    expect(decoded.errors).toEqual([]);
    expect(decoded.warnings.map((w) => w.message)).toEqual(['unknown field "strategies" (ignored)', 'unknown field "profiles[0].plugins.preEvictionFilter" (ignored)']);
    expect(decoded.policy!.profiles[0]!.plugins.preEvictionFilter.enabled).toEqual(['DefaultEvictor']);
  });
  it('a plugin enabled at the wrong extension point (NewProfile)', () => {
    expect(messages(single('RemoveDuplicates', 'deschedule')))
      .toEqual(['unable to create "ProfileName" profile: profile "ProfileName" configures deschedule extension point of non-existing plugins: map[RemoveDuplicates:{}]']);
  });
  it('an enabled plugin needs a pluginConfig (NewProfile → buildPlugin)', () => {
    expect(messages(policy([{ name: 'ProfileName', pluginConfig: [], plugins: { deschedule: { enabled: ['PodLifeTime'] } } }])))
      .toEqual(['unable to create "ProfileName" profile: unable to build PodLifeTime plugin: unable to find "PodLifeTime" plugin config']);
  });
  it('another apiVersion is not registered', () => {
    expect(messages({ apiVersion: 'descheduler/v1beta1', kind: 'DeschedulerPolicy', profiles: [] }))
      .toEqual(['no kind "DeschedulerPolicy" is registered for version "descheduler/v1beta1"']);
  });
  it('limits decode as uint', () => {
    expect(messages(policy([], { maxNoOfPodsToEvictPerNode: -1 })))
      .toEqual(['json: cannot unmarshal number -1 into Go struct field DeschedulerPolicy.maxNoOfPodsToEvictPerNode of type uint']);
    expect(decodeDeschedulerPolicy(policy([], { maxNoOfPodsToEvictPerNode: 2, maxNoOfPodsToEvictTotal: 5 })).policy)
      .toMatchObject({ maxNoOfPodsToEvictPerNode: 2, maxNoOfPodsToEvictTotal: 5 });
  });
});
