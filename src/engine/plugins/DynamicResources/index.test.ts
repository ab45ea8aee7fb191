// DynamicResources, rows ported from upstream's TestPlugin
// (pkg/scheduler/framework/plugins/dynamicresources/dynamicresources_test.go): PreEnqueue,
// PreFilter, Filter, PostFilter, Reserve and PreBind with their codes and reasons.
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { defaultFeatureGates } from '../../features';
import { NodeToStatus } from '../../framework/interfaces';
import { newPodInfo } from '../../framework/podInfo';
import { Status } from '../../framework/status';
import type { DeviceClass, ResourceClaim, ResourceObject, ResourceSlice } from '../../model/resource';
import type { Pod } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import { DynamicResources, ErrReasonNoNewClaimsToDeallocate } from './index';

const driver = 'some-driver';
const nodes = [makeNode().name('worker').label('kubernetes.io/hostname', 'worker').obj(), makeNode().name('worker-2').obj()];
const deviceClass: DeviceClass = { apiVersion: 'resource.k8s.io/v1', kind: 'DeviceClass', metadata: { name: 'my-resource-class' }, spec: { selectors: [{ cel: { expression: `device.driver == "${driver}"` } }] } };
const workerSlice: ResourceSlice = {
  apiVersion: 'resource.k8s.io/v1', kind: 'ResourceSlice', metadata: { name: 'worker-slice' },
  spec: { driver, nodeName: 'worker', pool: { name: 'worker', generation: 1, resourceSliceCount: 1 }, devices: [{ name: 'instance-1' }] },
};
const claim = (extra: Partial<ResourceClaim['status']> = {}): ResourceClaim => ({
  apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim', metadata: { name: 'my-pod-my-resource', namespace: 'default', uid: 'claim-uid' },
  spec: { devices: { requests: [{ name: 'req-1', exactly: { deviceClassName: 'my-resource-class', allocationMode: 'ExactCount', count: 1 } }] } },
  status: { ...extra },
});
const allocation = { devices: { results: [{ request: 'req-1', driver, pool: 'worker', device: 'instance-1' }] }, nodeSelector: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In' as const, values: ['worker'] }] }] } };
const podWithClaimName = () => makePod().name('my-pod').uid('1234').resourceClaim('my-resource', 'my-pod-my-resource').obj();

function setup(objects: ResourceObject[], pod: Pod) {
  const env = newTestEnv({ nodes, resources: objects });
  const plugin = DynamicResources.factory(undefined, env.handle);
  const state = new CycleState();
  const podInfo = newPodInfo(pod);
  return { env, plugin, state, podInfo };
}

function filterAll(s: ReturnType<typeof setup>) {
  const pre = s.plugin.preFilter!(s.state, s.podInfo, s.env.snapshot.nodeInfoList).status;
  const filter = Object.fromEntries(s.env.snapshot.nodeInfoList.map((n) => [n.name, pre.isSuccess() ? s.plugin.filter!(s.state, s.podInfo, n) : undefined]));
  return { pre, filter };
}

describe('DynamicResources (upstream TestPlugin rows)', () => {
  it('empty: PreEnqueue passes, PreFilter Skips, PostFilter has no new claims to deallocate', () => {
    const s = setup([], makePod().name('foo').obj());
    expect(s.plugin.preEnqueue!(s.podInfo).code).toBe('Success');
    expect(filterAll(s).pre.code).toBe('Skip');
    const { status } = s.plugin.postFilter!(s.state, s.podInfo, new NodeToStatus(Status.unresolvable('x')));
    expect(status.code).toBe('Unschedulable');
    expect(status.reasons).toEqual([ErrReasonNoNewClaimsToDeallocate]);
  });

  it('PostFilter without its PreFilter state (an earlier PreFilter failed) is an Error', () => {
    const s = setup([], makePod().name('foo').obj());
    const { status } = s.plugin.postFilter!(new CycleState(), s.podInfo, new NodeToStatus(Status.unresolvable('x')));
    expect(status).toMatchObject({ code: 'Error', reasons: ['not found'] });
  });

  it('claim-reference / not-found: the pod waits at PreEnqueue and PreFilter with the lister\'s error', () => {
    const s = setup([deviceClass], podWithClaimName());
    expect(s.plugin.preEnqueue!(s.podInfo)).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['resourceclaim.resource.k8s.io "my-pod-my-resource" not found'] });
    expect(filterAll(s).pre).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['resourceclaim.resource.k8s.io "my-pod-my-resource" not found'] });
  });

  it('claim-template without a generated claim yet: "ResourceClaim not created yet"', () => {
    const s = setup([deviceClass], makePod().name('my-pod').uid('1234').resourceClaimTemplate('my-resource', 'template').obj());
    expect(s.plugin.preEnqueue!(s.podInfo).reasons).toEqual(['pod "default/my-pod": ResourceClaim not created yet']);
  });

  it('claim-template owned by another pod: "pod is not owner"', () => {
    const generated = { ...claim(), metadata: { ...claim().metadata, ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'other', uid: '999', controller: true }] } };
    const s = setup([deviceClass, generated], makePod().name('my-pod').uid('1234').resourceClaimTemplate('my-resource', 'template', 'my-pod-my-resource').obj());
    expect(s.plugin.preEnqueue!(s.podInfo).reasons).toEqual(['ResourceClaim default/my-pod-my-resource was not created for pod default/my-pod (pod is not owner)']);
  });

  it('missing-class: "request req-1: device class my-resource-class does not exist"', () => {
    const s = setup([claim(), workerSlice], podWithClaimName());
    expect(filterAll(s).pre).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['request req-1: device class my-resource-class does not exist'] });
  });

  it('structured-no-resources: "cannot allocate all claims" on every node; PostFilter "still not schedulable"', () => {
    const s = setup([deviceClass, claim()], podWithClaimName());
    const { pre, filter } = filterAll(s);
    expect(pre.code).toBe('Success');
    expect(filter['worker']).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['cannot allocate all claims'] });
    expect(filter['worker-2']).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['cannot allocate all claims'] });
    expect(s.plugin.postFilter!(s.state, s.podInfo, new NodeToStatus(Status.unresolvable('x'))).status.reasons).toEqual(['still not schedulable']);
  });

  it('structured-allocation: Filter passes on the node with the device, Reserve and PreBind write allocation and reservation', () => {
    const s = setup([deviceClass, claim(), workerSlice], podWithClaimName());
    const { filter } = filterAll(s);
    expect(filter['worker']!.code).toBe('Success');
    expect(filter['worker-2']!.reasons).toEqual(['cannot allocate all claims']);
    expect(s.plugin.reserve!(s.state, s.podInfo, 'worker').code).toBe('Success');
    expect(s.plugin.preBind!(s.state, s.podInfo, 'worker').code).toBe('Success');
    const written = s.env.apiCalls.filter((c) => c.call === 'updateResourceClaimStatus').map((c) => c.claim!);
    expect(written).toHaveLength(1);
    expect(written[0]!.status).toEqual({ allocation, reservedFor: [{ resource: 'pods', name: 'my-pod', uid: '1234' }] });
    expect(written[0]!.metadata.finalizers).toEqual(['resource.kubernetes.io/delete-protection']);
  });

  it('a reserved allocation is in flight: another pod\'s PreFilter sees its devices as taken', () => {
    const other: ResourceClaim = { ...claim(), metadata: { name: 'other-claim', namespace: 'default', uid: 'other-uid' } };
    const s = setup([deviceClass, claim(), other, workerSlice], podWithClaimName());
    filterAll(s);
    s.plugin.reserve!(s.state, s.podInfo, 'worker');
    const second = newPodInfo(makePod().name('other').uid('5678').resourceClaim('c', 'other-claim').obj());
    const state2 = new CycleState();
    s.plugin.preFilter!(state2, second, s.env.snapshot.nodeInfoList);
    expect(s.plugin.filter!(state2, second, s.env.snapshot.nodeInfoList[0]!).reasons).toEqual(['cannot allocate all claims']);
    // Unreserve gives the devices back
    s.plugin.unreserve!(s.state, s.podInfo, 'worker');
    const state3 = new CycleState();
    s.plugin.preFilter!(state3, second, s.env.snapshot.nodeInfoList);
    expect(s.plugin.filter!(state3, second, s.env.snapshot.nodeInfoList[0]!).code).toBe('Success');
  });

  it('structured-allocation-in-use-elsewhere: an allocated claim is only available on its node', () => {
    const s = setup([deviceClass, claim({ allocation }), workerSlice], podWithClaimName());
    const { filter } = filterAll(s);
    expect(filter['worker']!.code).toBe('Success');
    expect(filter['worker-2']).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['resourceclaim not available on the node'] });
    // PostFilter deallocates it: nobody else reserves it
    expect(s.plugin.postFilter!(s.state, s.podInfo, new NodeToStatus(Status.unresolvable('x'))).status.reasons).toEqual(['deallocation of ResourceClaim completed']);
    expect(s.env.apiCalls.at(-1)!.claim!.status).toEqual({});
  });

  it('exhausted-resources: the only device is allocated to another claim', () => {
    const other: ResourceClaim = { ...claim({ allocation, reservedFor: [{ resource: 'pods', name: 'other', uid: 'o' }] }), metadata: { name: 'other-claim', namespace: 'default', uid: 'other-uid' } };
    const s = setup([deviceClass, claim(), other, workerSlice], podWithClaimName());
    expect(filterAll(s).filter['worker']).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['cannot allocate all claims'] });
    expect(s.plugin.postFilter!(s.state, s.podInfo, new NodeToStatus(Status.unresolvable('x'))).status).toMatchObject({ code: 'Unschedulable', reasons: ['still not schedulable'] });
  });

  it('request-admin-access-without-DRAAdminAccess-featuregate: UnschedulableAndUnresolvable with the allocator\'s message', () => {
    const admin: ResourceClaim = { ...claim(), spec: { devices: { requests: [{ name: 'req-1', exactly: { deviceClassName: 'my-resource-class', allocationMode: 'ExactCount', count: 1, adminAccess: true } }] } } };
    const env = newTestEnv({ nodes, resources: [deviceClass, admin, workerSlice] });
    const plugin = DynamicResources.factory(undefined, { ...env.handle, features: { ...defaultFeatureGates(), DRAAdminAccess: false } });
    const state = new CycleState();
    const podInfo = newPodInfo(podWithClaimName());
    plugin.preFilter!(state, podInfo, env.snapshot.nodeInfoList);
    expect(plugin.filter!(state, podInfo, env.snapshot.nodeInfoList[0]!)).toMatchObject({
      code: 'UnschedulableAndUnresolvable', reasons: ['claim default/my-pod-my-resource, request req-1: admin access is requested, but the feature is disabled'],
    });
  });

  it('claim-parameters-CEL-runtime-error: an Error that aborts the cycle', () => {
    const broken: ResourceClaim = { ...claim(), spec: { devices: { requests: [{ name: 'req-1', exactly: { deviceClassName: 'my-resource-class', allocationMode: 'ExactCount', count: 1, selectors: [{ cel: { expression: `device.attributes["${driver}"].healthy` } }] } }] } } };
    const s = setup([deviceClass, broken, workerSlice], podWithClaimName());
    const r = filterAll(s).filter['worker']!;
    expect(r.code).toBe('Error');
    expect(r.reasons[0]).toMatch(/^claim default\/my-pod-my-resource: selector #0 on device some-driver\/worker\/instance-1: CEL runtime error: no such key: healthy$/);
  });

  it('claim reserved by 256 other pods: "resourceclaim in use"', () => {
    const reservedFor = Array.from({ length: 256 }, (_, i) => ({ resource: 'pods', name: `p${i}`, uid: `u${i}` }));
    const s = setup([deviceClass, claim({ allocation, reservedFor }), workerSlice], podWithClaimName());
    expect(filterAll(s).pre).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['resourceclaim in use'] });
  });

  it('Score is 0 on every node and stays 0 after NormalizeScore', () => {
    const s = setup([], makePod().name('foo').obj());
    s.plugin.preFilter!(s.state, s.podInfo, s.env.snapshot.nodeInfoList);
    const scores = s.env.snapshot.nodeInfoList.map((n) => ({ name: n.name, score: s.plugin.score!(s.state, s.podInfo, n) as number }));
    expect(s.plugin.normalizeScore!(s.state, s.podInfo, scores).code).toBe('Success');
    expect(scores.map((x) => x.score)).toEqual([0, 0]);
  });
});
