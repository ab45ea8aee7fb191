// The device taint eviction controller's decision for one pod (upstream:
// pkg/controller/devicetainteviction/device_taint_eviction.go, podEvictionTime and
// claimEvictionTime): which NoExecute taints count, how tolerations delay the deletion, and which
// claims are the pod's.
import { describe, expect, it } from 'vitest';
import type { DeviceTaint, DeviceTaintRule, DeviceToleration, ResourceClaim, ResourceSlice } from '../model/resource';
import type { Pod } from '../model/types';
import { countTaintedDevices, deviceTaintEvictions, ruleCondition } from './deviceTaintEviction';

const driver = 'gpu.example.com';
const taint = (key: string, timeAdded: number, effect: DeviceTaint['effect'] = 'NoExecute'): DeviceTaint => ({ key, effect, timeAdded });

const slice = (name: string, pool: string, devices: { name: string; taints?: DeviceTaint[] }[], generation = 1): ResourceSlice => ({
  apiVersion: 'resource.k8s.io/v1', kind: 'ResourceSlice', metadata: { name },
  spec: { driver, nodeName: pool, pool: { name: pool, generation, resourceSliceCount: 1 }, devices },
});

const rule = (name: string, selector: DeviceTaintRule['spec']['deviceSelector'], t: DeviceTaint): DeviceTaintRule => ({
  apiVersion: 'resource.k8s.io/v1alpha3', kind: 'DeviceTaintRule', metadata: { name }, spec: { ...(selector ? { deviceSelector: selector } : {}), taint: t },
});

const pod = (name: string, claims: string[], node = 'node-1'): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid: `uid-${name}` },
  spec: { ...(node ? { nodeName: node } : {}), containers: [{ name: 'c', image: 'i' }], resourceClaims: claims.map((c) => ({ name: c, resourceClaimName: c })) },
  status: {},
});

/** A claim allocated the named devices of pool node-1, reserved for `reservedFor`. */
const claim = (name: string, devices: string[], tolerations: DeviceToleration[] = [], reservedFor = 'p'): ResourceClaim => ({
  apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim', metadata: { name, namespace: 'default' },
  spec: { devices: { requests: [{ name: 'gpu', exactly: { deviceClassName: 'gpu', allocationMode: 'ExactCount', count: devices.length } }] } },
  status: {
    allocation: { devices: { results: devices.map((device) => ({ request: 'gpu', driver, pool: 'node-1', device, ...(tolerations.length ? { tolerations } : {}) })) } },
    reservedFor: [{ resource: 'pods', name: reservedFor, uid: `uid-${reservedFor}` }],
  },
});

function evictionOf(p: Pod, claims: ResourceClaim[], slices: ResourceSlice[], rules: DeviceTaintRule[] = []) {
  const byName = new Map(claims.map((c) => [c.metadata.name, c]));
  return deviceTaintEvictions({ slices, rules, claim: (_ns, name) => byName.get(name) }).podEvictionTime(p);
}

const tainted = [slice('s1', 'node-1', [{ name: 'gpu-0', taints: [taint('broken', 10)] }, { name: 'gpu-1' }])];

describe('device taint eviction: when a pod is deleted', () => {
  it.each<[string, DeviceToleration[], number | undefined]>([
    ['no toleration: at the taint\'s timeAdded', [], 10],
    ['tolerationSeconds 60: timeAdded + 60', [{ key: 'broken', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }], 70],
    ['the smallest of several tolerationSeconds', [
      { key: 'broken', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 },
      { operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 5 },
    ], 15],
    ['a negative tolerationSeconds counts as 0', [{ key: 'broken', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: -30 }], 10],
    ['a NoExecute toleration without seconds: never', [{ key: 'broken', operator: 'Exists', effect: 'NoExecute' }], undefined],
    // upstream reads only tolerations that name the NoExecute effect here
    ['a toleration without an effect does not delay it', [{ key: 'broken', operator: 'Exists' }], 10],
    ['a toleration of another key does not delay it', [{ key: 'other', operator: 'Exists', effect: 'NoExecute' }], 10],
  ])('%s', (_name, tolerations, when) => {
    expect(evictionOf(pod('p', ['c']), [claim('c', ['gpu-0'], tolerations)], tainted)?.when).toBe(when);
  });

  it('only NoExecute taints evict; a device without taints keeps its pod', () => {
    const soft = [slice('s1', 'node-1', [{ name: 'gpu-0', taints: [taint('a', 1, 'NoSchedule'), taint('b', 2, 'None')] }, { name: 'gpu-1' }])];
    expect(evictionOf(pod('p', ['c']), [claim('c', ['gpu-0'])], soft)).toBeUndefined();
    expect(evictionOf(pod('p', ['c']), [claim('c', ['gpu-1'])], tainted)).toBeUndefined();
  });

  it('the earliest of the claim\'s devices and of the pod\'s claims; the reasons name each taint', () => {
    const slices = [slice('s1', 'node-1', [{ name: 'gpu-0', taints: [taint('late', 50)] }, { name: 'gpu-1', taints: [taint('early', 20)] }])];
    expect(evictionOf(pod('p', ['c']), [claim('c', ['gpu-0', 'gpu-1'])], slices)).toEqual({
      when: 20, reasons: ['ResourceSlice s1 gpu.example.com/node-1/gpu-0 taint #0', 'ResourceSlice s1 gpu.example.com/node-1/gpu-1 taint #0'], rules: [],
    });
    expect(evictionOf(pod('p', ['a', 'b']), [claim('a', ['gpu-0']), claim('b', ['gpu-1'])], slices)?.when).toBe(20);
  });

  it('a NoExecute DeviceTaintRule taints the devices its selector picks; without a selector, none', () => {
    const clean = [slice('s1', 'node-1', [{ name: 'gpu-0' }])];
    const byPool = rule('maintenance', { driver, pool: 'node-1' }, taint('maintenance', 30));
    expect(evictionOf(pod('p', ['c']), [claim('c', ['gpu-0'])], clean, [byPool])).toEqual({ when: 30, reasons: ['DeviceTaintRule maintenance'], rules: ['maintenance'] });
    expect(evictionOf(pod('p', ['c']), [claim('c', ['gpu-0'])], clean, [rule('other-pool', { pool: 'node-2' }, taint('x', 30))])).toBeUndefined();
    expect(evictionOf(pod('p', ['c']), [claim('c', ['gpu-0'])], clean, [rule('everything', undefined, taint('x', 30))])).toBeUndefined();
    expect(evictionOf(pod('p', ['c']), [claim('c', ['gpu-0'])], clean, [rule('dry-run', { driver }, taint('x', 30, 'None'))])).toBeUndefined();
  });

  it('only the pool\'s newest generation of slices counts', () => {
    const slices = [slice('old', 'node-1', [{ name: 'gpu-0', taints: [taint('stale', 5)] }], 1), slice('new', 'node-1', [{ name: 'gpu-0' }], 2)];
    expect(evictionOf(pod('p', ['c']), [claim('c', ['gpu-0'])], slices)).toBeUndefined();
  });

  it('not before the pod is scheduled, and not for a claim reserved for another pod', () => {
    expect(evictionOf(pod('p', ['c'], ''), [claim('c', ['gpu-0'])], tainted)).toBeUndefined();
    expect(evictionOf(pod('p', ['c']), [claim('c', ['gpu-0'], [], 'someone-else')], tainted)).toBeUndefined();
  });
});

describe('a DeviceTaintRule\'s EvictionInProgress condition (upstream: maybeUpdateRuleStatus)', () => {
  it.each<[string, Parameters<typeof ruleCondition>, ReturnType<typeof ruleCondition>]>([
    ['NoExecute, one pod waiting', ['NoExecute', { pendingPods: 1, pendingNamespaces: 1, evictedPods: 0 }],
      { status: 'True', reason: 'PodsPendingEviction', message: '1 pod needs to be evicted in 1 namespace.' }],
    ['NoExecute, several pods in several namespaces, some gone', ['NoExecute', { pendingPods: 2, pendingNamespaces: 2, evictedPods: 1 }],
      { status: 'True', reason: 'PodsPendingEviction', message: '2 pods need to be evicted in 2 different namespaces. 1 pod evicted since starting the controller.' }],
    ['NoExecute, all gone', ['NoExecute', { pendingPods: 0, pendingNamespaces: 0, evictedPods: 3 }],
      { status: 'False', reason: 'Completed', message: '3 pods evicted since starting the controller.' }],
    ['NoExecute, nothing to do', ['NoExecute', { pendingPods: 0, pendingNamespaces: 0, evictedPods: 0 }],
      { status: 'False', reason: 'NotStarted', message: '' }],
    ['None: the dry run', ['None', { pendingPods: 1, pendingNamespaces: 1, evictedPods: 0, sliceDevices: 3, allocatedDevices: 1 }],
      { status: 'False', reason: 'NoEffect', message: '3 published devices selected. 1 allocated device selected. 1 pod would be evicted in 1 namespace if the effect was NoExecute. This information will not be updated again. Recreate the DeviceTaintRule to trigger an update.' }],
    ['NoSchedule', ['NoSchedule', { pendingPods: 0, pendingNamespaces: 0, evictedPods: 0 }],
      { status: 'False', reason: 'OtherEffect', message: 'Eviction only happens for the NoExecute effect.' }],
  ])('%s', (_name, args, expected) => {
    expect(ruleCondition(...args)).toEqual(expected);
  });

  it('counts the devices the rule selects in the newest slices and among allocated claims', () => {
    const slices = [slice('old', 'node-1', [{ name: 'gpu-0' }, { name: 'gpu-1' }, { name: 'gpu-2' }], 1), slice('new', 'node-1', [{ name: 'gpu-0' }, { name: 'gpu-1' }], 2), slice('other', 'node-2', [{ name: 'gpu-0' }])];
    const byPool = rule('r', { driver, pool: 'node-1' }, taint('x', 0, 'None'));
    expect(countTaintedDevices(byPool, slices, [claim('a', ['gpu-0']), claim('b', ['gpu-0', 'gpu-1'])])).toEqual({ sliceDevices: 2, allocatedDevices: 3 });
  });
});
