// descheduler/v1alpha1 policies, converted as descheduler v0.30 did. Rows from upstream (tag v0.30.0)
// pkg/descheduler/policyconfig_test.go (TestV1alpha1ToV1alpha2, TestDecodeVersionedPolicy) and
// pkg/api/v1alpha1/strategymigration_test.go; validation messages are today's plugins' (where
// they changed since v0.30 the row says so). The sample policy is the seed's OpenShift 3.11 one.

import { describe, expect, it } from 'vitest';
import type { NodeAffinity } from '../model/types';
import { deschedule } from './index';
import { decodeDeschedulerPolicy } from './policy';
import { buildTestNode, buildTestPod, setRSOwnerRef } from './testing';
import type { DeschedulerPolicy } from './types';

const v1alpha1 = (strategies: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> =>
  ({ apiVersion: 'descheduler/v1alpha1', kind: 'DeschedulerPolicy', strategies, ...extra });
const decoded = (raw: unknown): DeschedulerPolicy => {
  const d = decodeDeschedulerPolicy(raw);
  expect(d.errors).toEqual([]);
  return d.policy!;
};
const messages = (raw: unknown): string[] => decodeDeschedulerPolicy(raw).errors.map((e) => e.message);
const failed = (strategy: string, message: string): string =>
  `failed to get plugin config for strategy ${strategy}: strategy "${strategy}" param validation failed: ${message}`;

const evictorDefaults = { evictLocalStoragePods: false, evictDaemonSetPods: false, evictSystemCriticalPods: false, ignorePvcPods: false, evictFailedBarePods: false, nodeFit: false };

describe('TestDecodeVersionedPolicy', () => {
  it('v1alpha1 to internal', () => {
    const p = decoded(v1alpha1({ PodLifeTime: { enabled: true, params: { podLifeTime: { maxPodLifeTimeSeconds: 5 }, namespaces: { include: ['testleaderelection-a'] } } } }));
    expect(p.profiles).toHaveLength(1);
    const profile = p.profiles[0]!;
    expect(profile.name).toBe('strategy-PodLifeTime-profile');
    expect(profile.pluginConfigs.map((c) => c.name)).toEqual(['DefaultEvictor', 'PodLifeTime']);
    expect(profile.pluginConfigs[0]!.args).toMatchObject({ ...evictorDefaults, priorityThreshold: {} });
    expect(profile.pluginConfigs[1]!.args).toMatchObject({ namespaces: { include: ['testleaderelection-a'] }, maxPodLifeTimeSeconds: 5 });
    expect(profile.plugins.deschedule.enabled).toEqual(['PodLifeTime']);
    expect(profile.plugins.balance.enabled).toEqual([]);
    expect(profile.plugins.filter.enabled).toEqual(['DefaultEvictor']);
    expect(profile.plugins.preEvictionFilter.enabled).toEqual(['DefaultEvictor']);
  });

  it('v1alpha1 to internal with priorityThreshold (the class name is looked up when the descheduler runs)', () => {
    const p = decoded(v1alpha1({
      PodLifeTime: {
        enabled: true,
        params: { podLifeTime: { maxPodLifeTimeSeconds: 5 }, namespaces: { include: ['testleaderelection-a'] }, thresholdPriority: null, thresholdPriorityClassName: 'prioritym' },
      },
    }));
    expect(p.profiles[0]!.pluginConfigs[0]!.args).toMatchObject({ priorityThreshold: { name: 'prioritym' } });
  });

  it('v1alpha1 to internal with priorityThreshold value and name should return error', () => {
    const r = decodeDeschedulerPolicy(v1alpha1({
      PodLifeTime: {
        enabled: true,
        params: { podLifeTime: { maxPodLifeTimeSeconds: 5 }, namespaces: { include: ['testleaderelection-a'] }, thresholdPriority: 222, thresholdPriorityClassName: 'prioritym' },
      },
    }));
    expect(r.errors).toEqual([{ path: ['strategies', 'PodLifeTime', 'params'], message: 'priority threshold misconfigured for plugin PodLifeTime' }]);
  });
});

describe('TestV1alpha1ToV1alpha2', () => {
  it('RemoveFailedPods enabled, LowNodeUtilization disabled strategies to profile (RemoveDuplicates, in fact)', () => {
    const p = decoded(v1alpha1({
      RemoveDuplicates: { enabled: true, params: { namespaces: { exclude: ['test2'] } } },
      LowNodeUtilization: {
        enabled: false,
        params: { nodeResourceUtilizationThresholds: { thresholds: { cpu: 20, memory: 20, pods: 20 }, targetThresholds: { cpu: 50, memory: 50, pods: 50 } } },
      },
    }));
    expect(p.profiles.map((x) => x.name)).toEqual(['strategy-RemoveDuplicates-profile']);
    const profile = p.profiles[0]!;
    expect(profile.pluginConfigs[1]!.args).toMatchObject({ namespaces: { exclude: ['test2'] } });
    expect(profile.plugins.balance.enabled).toEqual(['RemoveDuplicates']);
    expect(profile.plugins.deschedule.enabled).toEqual([]);
  });

  it('convert global policy fields to defaultevictor', () => {
    const p = decoded(v1alpha1(
      { RemoveDuplicates: { enabled: true, params: { namespaces: { exclude: ['test2'] } } } },
      { evictFailedBarePods: true, evictLocalStoragePods: true, evictSystemCriticalPods: true, evictDaemonSetPods: true, ignorePvcPods: true },
    ));
    expect(p.profiles[0]!.pluginConfigs[0]!.args).toMatchObject({
      evictLocalStoragePods: true, evictDaemonSetPods: true, evictSystemCriticalPods: true, ignorePvcPods: true, evictFailedBarePods: true, priorityThreshold: {},
    });
  });

  it('pass in all params to check args', () => {
    const p = decoded(v1alpha1({
      RemoveDuplicates: { enabled: true, params: { removeDuplicates: { excludeOwnerKinds: ['ReplicaSet'] } } },
      LowNodeUtilization: {
        enabled: true,
        params: {
          nodeResourceUtilizationThresholds: {
            thresholds: { cpu: 20, memory: 20, pods: 20 }, targetThresholds: { cpu: 50, memory: 50, pods: 50 }, useDeviationThresholds: true, numberOfNodes: 3,
          },
        },
      },
      HighNodeUtilization: { enabled: true, params: { nodeResourceUtilizationThresholds: { thresholds: { cpu: 20, memory: 20, pods: 20 } } } },
      RemoveFailedPods: { enabled: true, params: { failedPods: { minPodLifetimeSeconds: 3600, excludeOwnerKinds: ['Job'], reasons: ['NodeAffinity'], includingInitContainers: true } } },
      RemovePodsHavingTooManyRestarts: { enabled: true, params: { podsHavingTooManyRestarts: { podRestartThreshold: 100, includingInitContainers: true } } },
      RemovePodsViolatingInterPodAntiAffinity: { enabled: true, params: {} },
      RemovePodsViolatingNodeAffinity: { enabled: true, params: { nodeAffinityType: ['requiredDuringSchedulingIgnoredDuringExecution'] } },
      RemovePodsViolatingNodeTaints: { enabled: true, params: { excludedTaints: ['dedicated=special-user', 'reserved'] } },
      RemovePodsViolatingTopologySpreadConstraint: { enabled: true, params: { includeSoftConstraints: true } },
      PodLifeTime: { enabled: true, params: { podLifeTime: { maxPodLifeTimeSeconds: 86400, podStatusPhases: ['Pending'], states: ['ContainerCreating'] }, nodeFit: true } },
    }));
    const args = (name: string): unknown => p.profiles.find((x) => x.name === `strategy-${name}-profile`)?.pluginConfigs[1]?.args;
    expect(p.profiles.map((x) => x.name)).toEqual([
      'strategy-RemoveDuplicates-profile', 'strategy-LowNodeUtilization-profile', 'strategy-HighNodeUtilization-profile', 'strategy-RemoveFailedPods-profile',
      'strategy-RemovePodsHavingTooManyRestarts-profile', 'strategy-RemovePodsViolatingInterPodAntiAffinity-profile', 'strategy-RemovePodsViolatingNodeAffinity-profile',
      'strategy-RemovePodsViolatingNodeTaints-profile', 'strategy-RemovePodsViolatingTopologySpreadConstraint-profile', 'strategy-PodLifeTime-profile',
    ]);
    expect(args('RemoveDuplicates')).toMatchObject({ excludeOwnerKinds: ['ReplicaSet'] });
    expect(args('LowNodeUtilization')).toMatchObject({
      thresholds: { cpu: 20, memory: 20, pods: 20 }, targetThresholds: { cpu: 50, memory: 50, pods: 50 }, useDeviationThresholds: true, numberOfNodes: 3,
    });
    expect(args('HighNodeUtilization')).toMatchObject({ thresholds: { cpu: 20, memory: 20, pods: 20 } });
    expect(args('RemoveFailedPods')).toMatchObject({ minPodLifetimeSeconds: 3600, excludeOwnerKinds: ['Job'], reasons: ['NodeAffinity'], includingInitContainers: true });
    expect(args('RemovePodsHavingTooManyRestarts')).toMatchObject({ podRestartThreshold: 100, includingInitContainers: true });
    expect(args('RemovePodsViolatingNodeAffinity')).toMatchObject({ nodeAffinityType: ['requiredDuringSchedulingIgnoredDuringExecution'] });
    expect(args('RemovePodsViolatingNodeTaints')).toMatchObject({ excludedTaints: ['dedicated=special-user', 'reserved'] });
    expect(args('RemovePodsViolatingTopologySpreadConstraint')).toMatchObject({ constraints: ['DoNotSchedule', 'ScheduleAnyway'], topologyBalanceNodeFit: true });
    expect(args('PodLifeTime')).toMatchObject({ maxPodLifeTimeSeconds: 86400, states: ['Pending', 'ContainerCreating'] });
    // PodLifeTime never gets nodeFit
    const evictor = (name: string): unknown => p.profiles.find((x) => x.name === `strategy-${name}-profile`)?.pluginConfigs[0]?.args;
    expect(evictor('PodLifeTime')).toMatchObject({ nodeFit: false });
    for (const name of ['LowNodeUtilization', 'HighNodeUtilization', 'RemoveDuplicates', 'RemovePodsViolatingTopologySpreadConstraint']) {
      expect(p.profiles.find((x) => x.name === `strategy-${name}-profile`)!.plugins.balance.enabled).toEqual([name]);
    }
  });

  it('invalid strategy name', () => {
    expect(messages(v1alpha1({ InvalidName: { enabled: true, params: {} } }))).toEqual(['unknown strategy name: InvalidName']);
    // even when disabled
    expect(messages(v1alpha1({ InvalidName: { enabled: false } }))).toEqual(['unknown strategy name: InvalidName']);
  });

  it('invalid threshold priority', () => {
    expect(messages(v1alpha1({
      LowNodeUtilization: {
        enabled: true,
        params: {
          thresholdPriority: 100, thresholdPriorityClassName: 'name',
          nodeResourceUtilizationThresholds: { thresholds: { cpu: 20, memory: 20, pods: 20 }, targetThresholds: { cpu: 50, memory: 50, pods: 50 } },
        },
      },
    }))).toEqual(['priority threshold misconfigured for plugin LowNodeUtilization']);
  });

  it('a strategy without params: no priorityThreshold in the DefaultEvictor args', () => {
    const p = decoded(v1alpha1({ RemovePodsViolatingInterPodAntiAffinity: { enabled: true } }));
    expect(p.profiles[0]!.pluginConfigs[0]!.args).not.toHaveProperty('priorityThreshold');
  });
});

describe('strategymigration_test.go: param validation', () => {
  const rows: { name: string; strategy: string; params: Record<string, unknown>; message: string }[] = [
    { name: 'RemovePodsViolatingNodeTaints: invalid params namespaces', strategy: 'RemovePodsViolatingNodeTaints', params: { namespaces: { include: ['a'], exclude: ['b'] } }, message: 'only one of Include/Exclude namespaces can be set' },
    { name: 'RemoveFailedPods: invalid params namespaces', strategy: 'RemoveFailedPods', params: { namespaces: { include: ['a'], exclude: ['b'] } }, message: 'only one of Include/Exclude namespaces can be set' },
    { name: 'RemovePodsViolatingNodeAffinity: not setting nodeaffinity type', strategy: 'RemovePodsViolatingNodeAffinity', params: {}, message: 'nodeAffinityType needs to be set' },
    { name: 'RemovePodsViolatingInterPodAntiAffinity: invalid params namespaces', strategy: 'RemovePodsViolatingInterPodAntiAffinity', params: { namespaces: { include: ['a'], exclude: ['b'] } }, message: 'only one of Include/Exclude namespaces can be set' },
    { name: 'RemovePodsHavingTooManyRestarts: invalid params restart threshold', strategy: 'RemovePodsHavingTooManyRestarts', params: { podsHavingTooManyRestarts: { podRestartThreshold: 0 } }, message: 'invalid PodsHavingTooManyRestarts threshold' },
    // v0.30: "MaxPodLifeTimeSeconds not set"; today any one filtering criterion will do
    {
      name: 'PodLifeTime: MaxPodLifeTimeSeconds not set', strategy: 'PodLifeTime', params: { podLifeTime: {} },
      message: 'at least one filtering criterion must be specified (maxPodLifeTimeSeconds, states, conditions, or exitCodes)',
    },
    { name: 'RemoveDuplicates: invalid params namespaces', strategy: 'RemoveDuplicates', params: { namespaces: { include: ['a'], exclude: ['b'] } }, message: 'only one of Include/Exclude namespaces can be set' },
    {
      name: 'HighNodeUtilization: invalid params namespaces', strategy: 'HighNodeUtilization',
      params: { nodeResourceUtilizationThresholds: { numberOfNodes: 3, thresholds: { cpu: 20, memory: 20, pods: 20 } }, namespaces: { include: ['test2'] } },
      message: 'only Exclude namespaces can be set, inclusion is not supported',
    },
    { name: 'HighNodeUtilization: nil ResourceThresholds', strategy: 'HighNodeUtilization', params: { nodeResourceUtilizationThresholds: { numberOfNodes: 3 } }, message: 'no resource threshold is configured' },
    { name: 'HighNodeUtilization: out of bounds threshold', strategy: 'HighNodeUtilization', params: { nodeResourceUtilizationThresholds: { numberOfNodes: 3, thresholds: { cpu: 150 } } }, message: 'cpu threshold not in [0, 100] range' },
    {
      name: 'LowNodeUtilization: invalid params namespaces', strategy: 'LowNodeUtilization',
      params: {
        nodeResourceUtilizationThresholds: { numberOfNodes: 3, thresholds: { cpu: 20, memory: 20, pods: 20 }, targetThresholds: { cpu: 50, memory: 50, pods: 50 }, useDeviationThresholds: true },
        namespaces: { include: ['test2'] },
      },
      message: 'only Exclude namespaces can be set, inclusion is not supported',
    },
  ];
  it.each(rows)('$name', ({ strategy, params, message }) => {
    const r = decodeDeschedulerPolicy(v1alpha1({ [strategy]: { enabled: true, params } }));
    expect(r.errors.map((e) => e.message)).toContain(failed(strategy, message));
    expect(r.errors[0]!.path).toEqual(['strategies', strategy, 'params']);
  });

  it('LowNodeUtilization: invalid params nil ResourceThresholds / out of bounds threshold', () => {
    expect(messages(v1alpha1({ LowNodeUtilization: { enabled: true, params: { nodeResourceUtilizationThresholds: { numberOfNodes: 3 } } } })))
      .toEqual([failed('LowNodeUtilization', 'thresholds config is not valid: no resource threshold is configured')]);
    expect(messages(v1alpha1({ LowNodeUtilization: { enabled: true, params: { nodeResourceUtilizationThresholds: { numberOfNodes: 3, thresholds: { cpu: 150 } } } } })))
      .toEqual([failed('LowNodeUtilization', 'thresholds config is not valid: cpu threshold not in [0, 100] range')]);
  });
});

describe('decoding', () => {
  it('type errors in params point into the v1alpha1 document', () => {
    const r = decodeDeschedulerPolicy(v1alpha1({ LowNodeUtilization: { enabled: true, params: { nodeResourceUtilizationThresholds: { thresholds: { cpu: 'twenty' } } } } }));
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.path).toEqual(['strategies', 'LowNodeUtilization', 'params', 'nodeResourceUtilizationThresholds', 'thresholds', 'cpu']);
  });

  it('unknown fields are ignored with a warning (the policy codec is lenient), includedTaints is not converted', () => {
    const r = decodeDeschedulerPolicy(v1alpha1({ RemovePodsViolatingNodeTaints: { enabled: true, params: { includedTaints: ['a'], nodeAffinity: true } } }, { extra: 1 }));
    expect(r.errors).toEqual([]);
    const warnings = r.warnings.map((w) => w.message);
    expect(warnings[0]).toMatch(/^descheduler\/v1alpha1 is deprecated/);
    expect(warnings).toEqual(expect.arrayContaining(['unknown field "extra" (ignored)', expect.stringMatching(/^includedTaints is not converted/)]));
    expect(r.warnings.find((w) => /nodeAffinity/.test(w.message))?.path).toEqual(['strategies', 'RemovePodsViolatingNodeTaints', 'params', 'nodeAffinity']);
  });

  it('policy-wide fields carry over', () => {
    const p = decoded(v1alpha1({}, { nodeSelector: 'zone=a', maxNoOfPodsToEvictPerNode: 2, maxNoOfPodsToEvictPerNamespace: 3 }));
    expect(p).toMatchObject({ nodeSelector: 'zone=a', maxNoOfPodsToEvictPerNode: 2, maxNoOfPodsToEvictPerNamespace: 3, profiles: [] });
  });
});

describe('OpenShift 3.11 "Sample descheduler policy file" (seed)', () => {
  const sample = {
    apiVersion: 'descheduler/v1alpha1',
    kind: 'DeschedulerPolicy',
    strategies: {
      RemoveDuplicates: { enabled: false },
      LowNodeUtilization: {
        enabled: true,
        params: { nodeResourceUtilizationThresholds: { thresholds: { cpu: 20, memory: 20, pods: 20 }, targetThresholds: { cpu: 50, memory: 50, pods: 50 }, numberOfNodes: 3 } },
      },
      RemovePodsViolatingInterPodAntiAffinity: { enabled: true },
      RemovePodsViolatingNodeAffinity: { enabled: true, params: { nodeAffinityType: ['requiredDuringSchedulingIgnoredDuringExecution'] } },
    },
  };

  it('becomes three profiles', () => {
    expect(decoded(sample).profiles.map((p) => p.name)).toEqual([
      'strategy-LowNodeUtilization-profile', 'strategy-RemovePodsViolatingInterPodAntiAffinity-profile', 'strategy-RemovePodsViolatingNodeAffinity-profile',
    ]);
  });

  it('runs: a pod whose node no longer satisfies its required node affinity is evicted', () => {
    const requireSsd: NodeAffinity = { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'disk', operator: 'In', values: ['ssd'] }] }] } };
    const pods = [
      buildTestPod('p1', 100, 0, 'n1', (p) => { setRSOwnerRef(p); p.spec.affinity = { nodeAffinity: requireSsd }; }),
      buildTestPod('p2', 100, 0, 'n2', (p) => { setRSOwnerRef(p); }),
    ];
    const nodes = [buildTestNode('n1', 2000, 3000, 10), buildTestNode('n2', 2000, 3000, 10, (n) => { n.metadata.labels = { ...n.metadata.labels, disk: 'ssd' }; })];
    const r = deschedule(sample, { nodes, pods, now: 1000 });
    expect(r.errors).toEqual([]);
    expect(r.result!.evictions.map((e) => [e.pod, e.plugin, e.profile])).toEqual([['default/p1', 'RemovePodsViolatingNodeAffinity', 'strategy-RemovePodsViolatingNodeAffinity-profile']]);
  });
});
