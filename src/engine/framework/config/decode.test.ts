// Strict decoding of kubescheduler.config.k8s.io/v1 (upstream: the scheme's codecs use
// serializer.EnableStrict, and KubeSchedulerConfiguration.DecodeNestedObjects decodes args by kind).
import { describe, expect, it } from 'vitest';
import { decodeConfiguration } from './decode';
import { defaultPluginFakes } from './testFixtures';

const registry = defaultPluginFakes();

const rows: { name: string; raw: unknown; errors: { path: (string | number)[]; message: string }[] }[] = [
  {
    name: 'unknown top-level field',
    raw: { parallelism: 4, paralellism: 8 },
    errors: [{ path: ['paralellism'], message: 'unknown field "paralellism"' }],
  },
  {
    name: 'unknown field deep in a plugin set',
    raw: { profiles: [{ plugins: { filter: { enable: [] } } }] },
    errors: [{ path: ['profiles', 0, 'plugins', 'filter', 'enable'], message: 'unknown field "profiles[0].plugins.filter.enable"' }],
  },
  {
    name: 'unknown extension point',
    raw: { profiles: [{ plugins: { normalizeScore: {} } }] },
    errors: [{ path: ['profiles', 0, 'plugins', 'normalizeScore'], message: 'unknown field "profiles[0].plugins.normalizeScore"' }],
  },
  {
    name: 'string where int32 is expected',
    raw: { parallelism: '16' },
    errors: [{ path: ['parallelism'], message: 'json: cannot unmarshal string into Go struct field KubeSchedulerConfiguration.parallelism of type int32' }],
  },
  {
    name: 'fraction where int32 is expected',
    raw: { profiles: [{ percentageOfNodesToScore: 12.5 }] },
    errors: [{ path: ['profiles', 0, 'percentageOfNodesToScore'], message: 'json: cannot unmarshal number 12.5 into Go struct field KubeSchedulerProfile.percentageOfNodesToScore of type int32' }],
  },
  {
    name: 'weight out of int32 range',
    raw: { profiles: [{ plugins: { score: { enabled: [{ name: 'ImageLocality', weight: 2 ** 31 }] } } }] },
    errors: [{ path: ['profiles', 0, 'plugins', 'score', 'enabled', 0, 'weight'], message: 'json: cannot unmarshal number 2147483648 into Go struct field Plugin.weight of type int32' }],
  },
  {
    name: 'profiles not a list',
    raw: { profiles: { schedulerName: 'x' } },
    errors: [{ path: ['profiles'], message: 'json: cannot unmarshal object into Go struct field KubeSchedulerConfiguration.profiles of type []v1.KubeSchedulerProfile' }],
  },
  {
    name: 'another apiVersion',
    raw: { apiVersion: 'kubescheduler.config.k8s.io/v1beta3', kind: 'KubeSchedulerConfiguration' },
    errors: [{ path: ['apiVersion'], message: 'no kind "KubeSchedulerConfiguration" is registered for version "kubescheduler.config.k8s.io/v1beta3"' }],
  },
  {
    name: 'args that are not an object, for a plugin with an Args kind',
    raw: { profiles: [{ pluginConfig: [{ name: 'InterPodAffinity', args: 'x' }] }] },
    errors: [{ path: ['profiles', 0, 'pluginConfig', 0, 'args'], message: 'decoding args for plugin InterPodAffinity: json: cannot unmarshal string into Go value of type v1.InterPodAffinityArgs' }],
  },
  {
    name: 'leader election fields are accepted; unknown ones are not',
    raw: { leaderElection: { leaderElect: false, resourceLock: 'leases', lock: 'x' } },
    errors: [{ path: ['leaderElection', 'lock'], message: 'unknown field "leaderElection.lock"' }],
  },
  {
    name: 'a full v1 document with component-base fields decodes cleanly',
    raw: {
      apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration',
      clientConnection: { kubeconfig: '/etc/kubernetes/scheduler.conf' }, enableProfiling: true,
      profiles: [{ schedulerName: 'default-scheduler', pluginConfig: [{ name: 'InterPodAffinity', args: { apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'InterPodAffinityArgs', hardPodAffinityWeight: 2 } }] }],
    },
    errors: [],
  },
];

describe('decodeConfiguration', () => {
  it.each(rows)('$name', ({ raw, errors }) => {
    expect(decodeConfiguration(raw, registry).errors).toEqual(errors);
  });

  it('unset stays apart from zero (v1 pointers)', () => {
    const { value } = decodeConfiguration({ percentageOfNodesToScore: 0, profiles: [{ schedulerName: 'a' }] }, registry);
    expect(value.percentageOfNodesToScore).toBe(0);
    expect(value.parallelism).toBeUndefined();
    expect(value.profiles[0]!.percentageOfNodesToScore).toBeUndefined();
    expect(value.profiles[0]!.plugins).toBeUndefined();
  });

  it('apiVersion and kind inside args are checked and dropped', () => {
    const { value } = decodeConfiguration(rows[rows.length - 1]!.raw, registry);
    expect(value.profiles[0]!.pluginConfig[0]).toEqual({ name: 'InterPodAffinity', args: { hardPodAffinityWeight: 2 }, typed: true });
  });

  it('args of a plugin without an Args kind stay as given', () => {
    const { value } = decodeConfiguration({ profiles: [{ pluginConfig: [{ name: 'FooPlugin', args: { x: 1 } }] }] }, registry);
    expect(value.profiles[0]!.pluginConfig[0]).toEqual({ name: 'FooPlugin', args: { x: 1 }, typed: false });
  });
});
