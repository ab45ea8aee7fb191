// One descheduling cycle end to end: node selection, profile order (every Deschedule plugin, then
// every Balance plugin), the shared eviction limits and the eviction API's answers.
// upstream: sigs.k8s.io/descheduler pkg/descheduler/descheduler.go (runProfiles), evictions.go.

import { describe, expect, it } from 'vitest';
import type { Node, PriorityClass } from '../model/types';
import { deschedule, runDescheduler } from './index';
import { decodeDeschedulerPolicy } from './policy';
import { buildTestNode, buildTestPod, setRSOwnerRef } from './testing';
import type { DeschedulerPod, DeschedulerView } from './types';

const NOW = 10_000;
const node = (name: string, apply?: (n: Node) => void): Node => buildTestNode(name, 2000, 3000, 10, apply);
const oldPod = (name: string, nodeName: string, apply?: (p: DeschedulerPod) => void): DeschedulerPod =>
  buildTestPod(name, 100, 0, nodeName, (p) => { setRSOwnerRef(p); p.metadata.creationTimestamp = 0; apply?.(p); });
const taintNoSchedule = (n: Node): void => { n.spec.taints = [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }]; };

function decode(raw: Record<string, unknown>) {
  const d = decodeDeschedulerPolicy({ apiVersion: 'descheduler/v1alpha2', kind: 'DeschedulerPolicy', ...raw });
  expect(d.errors).toEqual([]);
  return d.policy!;
}
const lifetimeProfile = (name = 'lifetime') => ({
  name, pluginConfig: [{ name: 'PodLifeTime', args: { maxPodLifeTimeSeconds: 60 } }], plugins: { deschedule: { enabled: ['PodLifeTime'] } },
});
const taintsProfile = (name = 'taints') => ({
  name, pluginConfig: [{ name: 'RemovePodsViolatingNodeTaints' }], plugins: { deschedule: { enabled: ['RemovePodsViolatingNodeTaints'] } },
});
const duplicatesProfile = (name = 'duplicates') => ({
  name, pluginConfig: [{ name: 'RemoveDuplicates' }], plugins: { balance: { enabled: ['RemoveDuplicates'] } },
});
const view = (nodes: Node[], pods: DeschedulerPod[], extra: Partial<DeschedulerView> = {}): DeschedulerView => ({ nodes, pods, now: NOW, ...extra });

describe('runDescheduler', () => {
  it('skips the cycle with fewer than two ready nodes', () => {
    const result = runDescheduler(decode({ profiles: [lifetimeProfile()] }), view([node('n1'), node('n2', (n) => { n.status.conditions = [{ type: 'Ready', status: 'False' }]; })], [oldPod('p1', 'n1')]));
    expect(result.evictions).toEqual([]);
    expect(result.log).toContainEqual({ plugin: '', message: 'Skipping descheduling cycle: requires >=2 nodes, found 1' });
  });

  it("looks only at the nodes the policy's nodeSelector picks", () => {
    const nodes = [node('n1', (n) => { n.metadata.labels = { pool: 'a' }; }), node('n2', (n) => { n.metadata.labels = { pool: 'a' }; }), node('n3')];
    const result = runDescheduler(decode({ nodeSelector: 'pool=a', profiles: [lifetimeProfile()] }), view(nodes, [oldPod('p1', 'n1'), oldPod('p3', 'n3')]));
    expect(result.evictions.map((e) => e.pod)).toEqual(['default/p1']);
  });

  it('runs every profile\'s Deschedule plugins before any Balance plugin', () => {
    const pods = [
      oldPod('dup1', 'n1'), oldPod('dup2', 'n1'), oldPod('dup3', 'n1'),
      oldPod('tainted', 'n2', (p) => { p.metadata.ownerReferences = [{ kind: 'ReplicaSet', apiVersion: 'v1', name: 'other' }]; }),
    ];
    const policy = decode({
      profiles: [
        duplicatesProfile(),
        { ...taintsProfile(), pluginConfig: [{ name: 'RemovePodsViolatingNodeTaints' }] },
      ],
    });
    const result = runDescheduler(policy, view([node('n1'), node('n2', taintNoSchedule), node('n3')], pods));
    expect(result.evictions.map((e) => `${e.profile}/${e.plugin}: ${e.pod}`)).toEqual([
      'taints/RemovePodsViolatingNodeTaints: default/tainted',
      'duplicates/RemoveDuplicates: default/dup3',
    ]);
  });

  it('shares maxNoOfPodsToEvictTotal between plugins and profiles', () => {
    const pods = [oldPod('p1', 'n1'), oldPod('p2', 'n2', (p) => { p.metadata.creationTimestamp = 5; })];
    const result = runDescheduler(decode({ maxNoOfPodsToEvictTotal: 1, profiles: [lifetimeProfile('a'), taintsProfile('b')] }), view([node('n1'), node('n2', taintNoSchedule)], pods));
    expect(result.evictions.map((e) => e.pod)).toEqual(['default/p1']);
    expect(result.log).toContainEqual({ plugin: 'RemovePodsViolatingNodeTaints', message: 'Error evicting pod default/p2: maximum number of evicted pods per a descheduling cycle reached' });
  });

  it('an evicted pod is terminating for the plugins after it', () => {
    const pods = [oldPod('p1', 'n2')];
    const result = runDescheduler(decode({ profiles: [lifetimeProfile('a'), taintsProfile('b')] }), view([node('n1'), node('n2', taintNoSchedule)], pods));
    expect(result.evictions.map((e) => `${e.plugin}: ${e.pod}`)).toEqual(['PodLifeTime: default/p1']);
    expect(pods[0]!.metadata.deletionTimestamp).toBeUndefined(); // the caller's objects are untouched
  });

  it('asks the eviction API and counts only what it accepted (maxNoOfPodsToEvictPerNode)', () => {
    const pods = [oldPod('blocked', 'n1', (p) => { p.metadata.creationTimestamp = 0; }), oldPod('p2', 'n1', (p) => { p.metadata.creationTimestamp = 1; }), oldPod('p3', 'n1', (p) => { p.metadata.creationTimestamp = 2; })];
    const asked: string[] = [];
    const result = runDescheduler(decode({ maxNoOfPodsToEvictPerNode: 1, profiles: [lifetimeProfile()] }), view([node('n1'), node('n2')], pods, {
      evict: (pod) => {
        asked.push(pod.metadata.name);
        return pod.metadata.name === 'blocked'
          ? { ok: false, message: 'Cannot evict pod as it would violate the pod\'s disruption budget.' }
          : { ok: true };
      },
    }));
    expect(asked).toEqual(['blocked', 'p2']);
    expect(result.evictions).toEqual([{
      pod: 'default/p2', node: 'n1', plugin: 'PodLifeTime', profile: 'lifetime', reason: 'age 9999s > maxPodLifeTimeSeconds 60',
    }]);
    expect(result.log).toContainEqual({
      plugin: 'PodLifeTime',
      message: 'Error evicting pod default/blocked: error when evicting pod (ignoring) "blocked": Cannot evict pod as it would violate the pod\'s disruption budget.',
    });
  });

  it('resolves a priorityThreshold by PriorityClass name', () => {
    const high: PriorityClass = { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 };
    const policy = decode({ profiles: [{ ...lifetimeProfile(), pluginConfig: [{ name: 'DefaultEvictor', args: { priorityThreshold: { name: 'high' } } }, ...lifetimeProfile().pluginConfig] }] });
    const pods = [oldPod('low', 'n1', (p) => { p.spec.priority = 10; }), oldPod('important', 'n1', (p) => { p.spec.priority = 1000; })];
    expect(runDescheduler(policy, view([node('n1'), node('n2')], pods, { priorityClasses: [high] })).evictions.map((e) => e.pod)).toEqual(['default/low']);
    const missing = runDescheduler(policy, view([node('n1'), node('n2')], pods));
    expect(missing.evictions).toEqual([]);
    expect(missing.log[0]!.message).toBe('failed to create new descheduler: unable to create "lifetime" profile: unable to build DefaultEvictor plugin: '
      + 'unable to initialize "DefaultEvictor" plugin: failed to apply effective protected policies: unable to get priority value from the priority class: '
      + 'priorityclasses.scheduling.k8s.io "high" not found');
  });

  it('deschedule() decodes a raw policy first', () => {
    const out = deschedule({ profiles: [lifetimeProfile()] }, view([node('n1'), node('n2')], [oldPod('p1', 'n1')]));
    expect(out.errors).toEqual([]);
    expect(out.result!.evictions.map((e) => e.pod)).toEqual(['default/p1']);
    expect(deschedule({ profiles: [{ name: 'x', pluginConfig: [], plugins: { balance: { enabled: ['Nope'] } } }] }, view([], [])).result).toBeUndefined();
  });
});
