// Args defaults/validation (upstream apis/config/v1/defaults_test.go and
// validation/validation_pluginargs_test.go TestValidateInterPodAffinityArgs), EventsToRegister and
// the queueing hints (upstream interpodaffinity/plugin_test.go Test_isSchedulableAfterPodChange,
// Test_isSchedulableAfterNodeChange).
//
// The rows of the newer upstream plugin_test.go for the v1.36 fixes ("updated pod is the target
// pod", PR #135394; "delete a pod with anti-affinity that matches pending pod", PR #135325) are
// tagged with their version and fail at the other one; so are the rows for v1.37's "any term"
// anti-affinity fix (PR #139161), written from its description and the main-line plugin.go after
// it (deleted and updated pods; its own test table was not read).
import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import { versionSwitches, type KubernetesVersion } from '../../versions';
import { InterPodAffinity, isSchedulableAfterNodeChange, isSchedulableAfterPodChange, validateInterPodAffinityArgs } from './index';

describe('InterPodAffinity args', () => {
  it('SetDefaults_InterPodAffinityArgs: hardPodAffinityWeight 1, ignorePreferredTermsOfExistingPods false', () => {
    expect(InterPodAffinity.defaultArgs!()).toEqual({ hardPodAffinityWeight: 1, ignorePreferredTermsOfExistingPods: false });
    expect(InterPodAffinity.applyDefaults!({ ignorePreferredTermsOfExistingPods: true })).toEqual({ hardPodAffinityWeight: 1, ignorePreferredTermsOfExistingPods: true });
    expect(InterPodAffinity.applyDefaults!({ hardPodAffinityWeight: 0 })).toEqual({ hardPodAffinityWeight: 0, ignorePreferredTermsOfExistingPods: false });
  });

  it.each([
    { name: 'valid args', weight: 10, want: [] },
    { name: 'hardPodAffinityWeight less than min', weight: -1, want: [{ path: 'hardPodAffinityWeight', message: 'Invalid value: -1: not in valid range [0, 100]' }] },
    { name: 'hardPodAffinityWeight more than max', weight: 101, want: [{ path: 'hardPodAffinityWeight', message: 'Invalid value: 101: not in valid range [0, 100]' }] },
    { name: 'bounds are inclusive (0)', weight: 0, want: [] },
    { name: 'bounds are inclusive (100)', weight: 100, want: [] },
  ])('TestValidateInterPodAffinityArgs: $name', ({ weight, want }) => {
    expect(validateInterPodAffinityArgs({ hardPodAffinityWeight: weight })).toEqual(want);
  });

  it('New refuses invalid args, like upstream New', () => {
    const env = newTestEnv({ nodes: [] });
    expect(() => InterPodAffinity.factory({ hardPodAffinityWeight: 101 }, env.handle)).toThrow('hardPodAffinityWeight: Invalid value: 101: not in valid range [0, 100]');
  });
});

describe('InterPodAffinity EventsToRegister', () => {
  it('assigned pod Add/UpdatePodLabel/Delete and Node Add/UpdateNodeLabel (queueing hints on)', () => {
    const env = newTestEnv({ nodes: [] });
    const events = InterPodAffinity.factory({}, env.handle).eventsToRegister!().map((e) => e.event);
    expect(events).toEqual([
      { resource: 'Pod', actionType: ['Add', 'UpdatePodLabel', 'Delete'] },
      { resource: 'Node', actionType: ['Add', 'UpdateNodeLabel'] },
    ]);
  });
});

describe('InterPodAffinity queueing hint: Test_isSchedulableAfterPodChange', () => {
  const affinityPod = () => makePod().uid('p').name('p').podAffinityIn('service', 'region', ['securityscan', 'value2']).obj();
  const antiPod = () => makePod().uid('p').name('p').podAntiAffinityIn('service', 'region', ['securityscan', 'value2']).obj();
  const multiPod = () => makePod().uid('p').name('p').podAffinityExists('aaa', 'hostname').podAffinityExists('bbb', 'hostname').obj();
  const other = (labels: Record<string, string>, nodeName = 'fake-node') => {
    const w = makePod().uid('other').name('other').labels(labels);
    if (nodeName) w.node(nodeName);
    return w.obj();
  };
  const cases: { name: string; pod: Pod; oldPod?: Pod; newPod?: Pod; want: 'Queue' | 'QueueSkip' }[] = [
    { name: 'add a pod which matches the pod affinity', pod: affinityPod(), newPod: other({ service: 'securityscan' }), want: 'Queue' },
    { name: 'add an un-scheduled pod', pod: affinityPod(), newPod: other({ service: 'securityscan' }, ''), want: 'QueueSkip' },
    { name: "add a pod which doesn't match the pod affinity", pod: affinityPod(), newPod: other({ aaa: 'a' }), want: 'QueueSkip' },
    { name: 'update a pod from non-match to match pod affinity', pod: affinityPod(), oldPod: other({ aaa: 'a' }), newPod: other({ service: 'securityscan' }), want: 'Queue' },
    {
      name: "the updating pod matches target pod's affinity both before and after label changes", pod: affinityPod(),
      oldPod: other({ service: 'value2' }), newPod: other({ service: 'securityscan' }), want: 'QueueSkip',
    },
    { name: 'update an un-scheduled pod', pod: affinityPod(), oldPod: other({ aaa: 'a' }, ''), newPod: other({ service: 'securityscan' }, ''), want: 'QueueSkip' },
    { name: 'update a pod from match to non-match the pod affinity', pod: affinityPod(), oldPod: other({ service: 'securityscan' }), newPod: other({ aaa: 'a' }), want: 'QueueSkip' },
    {
      name: "update a pod from match to non-match pod's affinity - multiple terms case", pod: multiPod(),
      oldPod: other({ aaa: 'a' }), newPod: other({ service: 'securityscan' }), want: 'QueueSkip',
    },
    {
      name: "update a pod from non-match to match pod's affinity - multiple terms case", pod: multiPod(),
      oldPod: other({ aaa: 'a' }), newPod: other({ aaa: '', bbb: '' }), want: 'Queue',
    },
    {
      name: 'modify pod label to change it from satisfying pod anti-affinity to not satisfying anti-affinity', pod: antiPod(),
      oldPod: other({ service: 'securityscan' }), newPod: other({ service: 'aaaa' }), want: 'Queue',
    },
    {
      name: 'modify pod label to change it from not satisfying pod anti-affinity to satisfying anti-affinity', pod: antiPod(),
      oldPod: other({ service: 'bbb' }), newPod: other({ service: 'securityscan' }), want: 'QueueSkip',
    },
    { name: "delete a pod which doesn't match pod's anti-affinity", pod: antiPod(), oldPod: other({ aaa: 'a' }), want: 'QueueSkip' },
    { name: "delete a pod which matches pod's anti-affinity", pod: antiPod(), oldPod: other({ service: 'securityscan' }), want: 'Queue' },
    {
      name: "delete a pod with anti-affinity that doesn't match pending pod", pod: makePod().name('p').label('service', 'foo').obj(),
      oldPod: makePod().name('o').node('fake-node').podAntiAffinityIn('service', 'region', ['securityscan', 'value2']).obj(), want: 'QueueSkip',
    },
    {
      name: "delete a pod which doesn't match pending pod's anti-affinity and has anti-affinity that doesn't match pending pod",
      pod: makePod().name('p').podAntiAffinityIn('service', 'region', ['securityscan', 'value2']).label('service', 'foo').obj(),
      oldPod: makePod().name('o').node('fake-node').podAntiAffinityIn('service', 'region', ['securityscan', 'value2']).label('service', 'foo').obj(),
      want: 'QueueSkip',
    },
  ];
  it.each(cases)('$name', ({ pod, oldPod, newPod, want }) => {
    expect(isSchedulableAfterPodChange(pod, oldPod, newPod)).toBe(want);
  });
});

describe('InterPodAffinity queueing hint, per version (PRs #135325, #135394, #139161)', () => {
  const antiPod = () => makePod().uid('p').name('p').podAntiAffinityIn('service', 'region', ['securityscan', 'value2']).obj();
  const target = (labels: Record<string, string>) => makePod().uid('p').name('p').labels(labels).obj();
  const repeller = () => makePod().uid('o').name('o').node('fake-node').podAntiAffinityIn('service', 'region', ['securityscan']).obj();
  const twoTermAnti = () => makePod().uid('p').name('p').podAntiAffinityIn('service', 'region', ['securityscan']).podAntiAffinityExists('team', 'region').obj();
  const matchesFirst = () => makePod().uid('o').name('o').node('fake-node').label('service', 'securityscan').obj();
  const twoTermRepeller = () => makePod().uid('o').name('o').node('fake-node').podAntiAffinityIn('service', 'region', ['securityscan']).podAntiAffinityExists('team', 'region').obj();
  const cases: { name: string; version: KubernetesVersion; pod: Pod; oldPod?: Pod; newPod?: Pod; want: 'Queue' | 'QueueSkip' }[] = [
    { name: 'v1.35: updated pod is the target pod (an unscheduled pod: skipped)', version: '1.35', pod: target({ service: 'other' }), oldPod: target({ service: 'securityscan' }), newPod: target({ service: 'other' }), want: 'QueueSkip' },
    { name: 'v1.36: updated pod is the target pod', version: '1.36', pod: target({ service: 'other' }), oldPod: target({ service: 'securityscan' }), newPod: target({ service: 'other' }), want: 'Queue' },
    { name: "v1.36: the target pod updated without a label change", version: '1.36', pod: target({ service: 'a' }), oldPod: target({ service: 'a' }), newPod: target({ service: 'a' }), want: 'QueueSkip' },
    { name: 'v1.35: delete a pod with anti-affinity that matches pending pod (skipped)', version: '1.35', pod: target({ service: 'securityscan' }), oldPod: repeller(), want: 'QueueSkip' },
    { name: 'v1.36: delete a pod with anti-affinity that matches pending pod', version: '1.36', pod: target({ service: 'securityscan' }), oldPod: repeller(), want: 'Queue' },
    { name: "v1.37: delete a pod with anti-affinity that doesn't match pending pod", version: '1.37', pod: antiPod(), oldPod: repeller(), want: 'QueueSkip' },
    // PR #139161: one matching anti-affinity term is enough
    { name: "v1.36: delete a pod which matches one of two terms of pod's anti-affinity (skipped)", version: '1.36', pod: twoTermAnti(), oldPod: matchesFirst(), want: 'QueueSkip' },
    { name: "v1.37: delete a pod which matches one of two terms of pod's anti-affinity", version: '1.37', pod: twoTermAnti(), oldPod: matchesFirst(), want: 'Queue' },
    { name: 'v1.37: delete a pod which matches none of the terms', version: '1.37', pod: twoTermAnti(), oldPod: makePod().uid('o').name('o').node('fake-node').label('service', 'other').obj(), want: 'QueueSkip' },
    { name: 'v1.36: delete a pod with two anti-affinity terms, one matching pending pod (skipped)', version: '1.36', pod: target({ service: 'securityscan' }), oldPod: twoTermRepeller(), want: 'QueueSkip' },
    { name: 'v1.37: delete a pod with two anti-affinity terms, one matching pending pod', version: '1.37', pod: target({ service: 'securityscan' }), oldPod: twoTermRepeller(), want: 'Queue' },
    // PR #139161's update case (the main-line plugin.go after it): the pod matched one term before and none after
    { name: "v1.36: update a pod from matching one of two terms of pod's anti-affinity to none (skipped)", version: '1.36', pod: twoTermAnti(), oldPod: matchesFirst(), newPod: makePod().uid('o').name('o').node('fake-node').label('service', 'other').obj(), want: 'QueueSkip' },
    { name: "v1.37: update a pod from matching one of two terms of pod's anti-affinity to none", version: '1.37', pod: twoTermAnti(), oldPod: matchesFirst(), newPod: makePod().uid('o').name('o').node('fake-node').label('service', 'other').obj(), want: 'Queue' },
    { name: "v1.37: update a pod from matching one term to matching the other (still repelled)", version: '1.37', pod: twoTermAnti(), oldPod: matchesFirst(), newPod: makePod().uid('o').name('o').node('fake-node').label('team', 'x').obj(), want: 'QueueSkip' },
  ];
  it.each(cases)('$name', ({ version, pod, oldPod, newPod, want }) => {
    expect(isSchedulableAfterPodChange(pod, oldPod, newPod, versionSwitches(version))).toBe(want);
  });
});

// PR #135392's rows of upstream Test_isSchedulableAfterPodChange (the author's branch of
// interpodaffinity/plugin_test.go), each at the versions it holds for: a pod nominated to a node
// counts as placed from v1.36.
describe('InterPodAffinity queueing hint, nominated pods per version (PR #135392)', () => {
  const affinityPod = () => makePod().uid('p').name('p').podAffinityIn('service', 'region', ['securityscan', 'value2']).obj();
  const antiPod = () => makePod().uid('p').name('p').podAntiAffinityIn('service', 'region', ['securityscan', 'value2']).obj();
  const other = (labels: Record<string, string>, nominated?: string) => {
    const o = makePod().uid('other').name('other').labels(labels).obj();
    if (nominated) o.status.nominatedNodeName = nominated;
    return o;
  };
  const cases: { name: string; versions: KubernetesVersion[]; pod: Pod; oldPod?: Pod; newPod?: Pod; want: 'Queue' | 'QueueSkip' }[] = [
    { name: 'add a pod with nominated node which matches target pod affinity', versions: ['1.36', '1.37'], pod: affinityPod(), newPod: other({ service: 'securityscan' }, 'fake-node'), want: 'Queue' },
    { name: 'add a pod with nominated node which matches target pod affinity (skipped before the fix)', versions: ['1.35'], pod: affinityPod(), newPod: other({ service: 'securityscan' }, 'fake-node'), want: 'QueueSkip' },
    {
      name: 'update a pod from un-scheduled to nominated, which matches target pod affinity', versions: ['1.36', '1.37'], pod: affinityPod(),
      oldPod: other({ service: 'securityscan' }), newPod: other({ service: 'securityscan' }, 'fake-node'), want: 'Queue',
    },
    {
      name: 'update a pod from nominated to un-scheduled, which matches target pod affinity', versions: ['1.35', '1.36', '1.37'], pod: affinityPod(),
      oldPod: other({ service: 'securityscan' }, 'fake-node'), newPod: other({ service: 'securityscan' }), want: 'QueueSkip',
    },
    { name: "delete a nominated pod which matches pod's anti-affinity", versions: ['1.36', '1.37'], pod: antiPod(), oldPod: other({ service: 'securityscan' }, 'fake-node'), want: 'Queue' },
    { name: "delete a nominated pod which matches pod's anti-affinity (skipped before the fix)", versions: ['1.35'], pod: antiPod(), oldPod: other({ service: 'securityscan' }, 'fake-node'), want: 'QueueSkip' },
    { name: "delete a nominated pod which doesn't match pod's anti-affinity", versions: ['1.36', '1.37'], pod: antiPod(), oldPod: other({ aaa: 'a' }, 'fake-node'), want: 'QueueSkip' },
  ];
  it.each(cases)('$name ($versions)', ({ versions, pod, oldPod, newPod, want }) => {
    for (const v of versions) expect(isSchedulableAfterPodChange(pod, oldPod, newPod, versionSwitches(v)), `at v${v}`).toBe(want);
  });
});

describe('InterPodAffinity queueing hint: Test_isSchedulableAfterNodeChange', () => {
  const affinityPod = (topologyKey: string) => makePod().name('p').podAffinityIn('service', topologyKey, ['securityscan', 'value2']).obj();
  const antiPod = () => makePod().name('p').podAntiAffinity({ labelSelector: { matchLabels: { another: 'label' } }, topologyKey: 'zone' }).obj();
  const n = (labels: Record<string, string>) => makeNode().name('node-a').labels(labels).obj();
  const cases: { name: string; pod: Pod; oldNode?: Node; newNode: Node; want: 'Queue' | 'QueueSkip' }[] = [
    { name: 'add a new node with matched pod affinity topologyKey', pod: affinityPod('zone'), newNode: n({ zone: 'zone1' }), want: 'Queue' },
    { name: 'add a new node without matched topologyKey', pod: affinityPod('region'), newNode: n({ zone: 'zone1' }), want: 'QueueSkip' },
    { name: 'update node label but not topologyKey', pod: affinityPod('zone'), oldNode: n({ aaa: 'a' }), newNode: n({ aaa: 'b' }), want: 'QueueSkip' },
    {
      name: "update node label that isn't related to the pod affinity", pod: affinityPod('zone'),
      oldNode: n({ zone: 'zone1' }), newNode: n({ zone: 'zone1', 'unrelated-label': 'unrelated' }), want: 'QueueSkip',
    },
    { name: 'update node with different affinity topologyKey value', pod: affinityPod('zone'), oldNode: n({ zone: 'zone1' }), newNode: n({ zone: 'zone2' }), want: 'Queue' },
    { name: 'update node to have the affinity topology label', pod: affinityPod('zone'), oldNode: n({ aaa: 'a' }), newNode: n({ zone: 'zone1' }), want: 'Queue' },
    { name: 'add a new node with matched pod anti-affinity topologyKey', pod: antiPod(), newNode: n({ zone: 'zone1' }), want: 'Queue' },
    { name: 'add a new node without matched pod anti-affinity topologyKey', pod: antiPod(), newNode: n({}), want: 'Queue' },
    {
      name: "update node label that isn't related to the pod anti-affinity", pod: antiPod(),
      oldNode: n({ zone: 'zone1' }), newNode: n({ zone: 'zone1', 'unrelated-label': 'unrelated' }), want: 'QueueSkip',
    },
    { name: 'update node with different anti-affinity topologyKey value', pod: antiPod(), oldNode: n({ zone: 'zone1' }), newNode: n({ zone: 'zone2' }), want: 'Queue' },
    { name: 'update node to have the anti-affinity topology label', pod: antiPod(), oldNode: n({ aaa: 'a' }), newNode: n({ zone: 'zone1' }), want: 'QueueSkip' },
    { name: 'update node label not to have anti-affinity topology label', pod: antiPod(), oldNode: n({ zone: 'zone1' }), newNode: n({ aaa: 'a' }), want: 'Queue' },
  ];
  it.each(cases)('$name', ({ pod, oldNode, newNode, want }) => {
    expect(isSchedulableAfterNodeChange(pod, oldNode, newNode)).toBe(want);
  });
});
