// DynamicResources, rows ported from upstream's TestPlugin
// (pkg/scheduler/framework/plugins/dynamicresources/dynamicresources_test.go): PreEnqueue,
// PreFilter, Filter, PostFilter, Reserve and PreBind with their codes and reasons.
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { defaultFeatureGates } from '../../features';
import { NodeToStatus } from '../../framework/interfaces';
import { newPodInfo } from '../../framework/podInfo';
import { Status } from '../../framework/status';
import { plainResults } from '../../framework/labelledResults';
import type { DeviceClass, DeviceTaintRule, ResourceClaim, ResourceObject, ResourceSlice } from '../../model/resource';
import type { Pod } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import { versionSwitches, type KubernetesVersion } from '../../versions';
import { DynamicResources, ErrReasonNoNewClaimsToDeallocate, ErrReasonStillNotSchedulable } from './index';

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

function setup(objects: ResourceObject[], pod: Pod, version?: KubernetesVersion) {
  const env = newTestEnv({ nodes, resources: objects, ...(version ? { versionSwitches: versionSwitches(version) } : {}) });
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

  // versions.ts draPostFilterQuietNoOp (kubernetes PR #140222, 1.37): the no-op outcomes stay
  // Unschedulable (the next PostFilter plugin, DefaultPreemption, still runs) but carry no reason
  it.each([
    { version: '1.35' as const, noClaims: [ErrReasonNoNewClaimsToDeallocate], kept: [ErrReasonStillNotSchedulable] },
    { version: '1.36' as const, noClaims: [ErrReasonNoNewClaimsToDeallocate], kept: [ErrReasonStillNotSchedulable] },
    { version: '1.37' as const, noClaims: [], kept: [] },
  ])('PostFilter\'s no-op outcomes at v$version: reasons $noClaims and $kept', ({ version, noClaims, kept }) => {
    const empty = setup([], makePod().name('foo').obj(), version);
    filterAll(empty);
    expect(empty.plugin.postFilter!(empty.state, empty.podInfo, new NodeToStatus(Status.unresolvable('x'))).status).toMatchObject({ code: 'Unschedulable', reasons: noClaims });
    // a claim that cannot be allocated anywhere and is not allocated: nothing to deallocate
    const unallocatable = setup([deviceClass, claim()], podWithClaimName(), version);
    filterAll(unallocatable);
    expect(unallocatable.plugin.postFilter!(unallocatable.state, unallocatable.podInfo, new NodeToStatus(Status.unresolvable('x'))).status).toMatchObject({ code: 'Unschedulable', reasons: kept });
    // deallocating a claim still says so
    const inUse = setup([deviceClass, claim({ allocation }), workerSlice], podWithClaimName(), version);
    const { filter } = filterAll(inUse);
    expect(filter['worker-2']).toMatchObject({ reasons: ['resourceclaim not available on the node'] });
    expect(inUse.plugin.postFilter!(inUse.state, inUse.podInfo, new NodeToStatus(Status.unresolvable('x'))).status).toMatchObject({ code: 'Unschedulable', reasons: ['deallocation of ResourceClaim completed'] });
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

  // v1.37+ (PR #136709, dynamic-resource-allocation/cel/errors.go EnhanceRuntimeError): the same error with the hint
  it.each([
    { version: '1.36' as const, tail: 'no such key: healthy' },
    { version: '1.37' as const, tail: 'no such key: healthy. Consider using CEL optional chaining (?), has() macro, or orValue() for optional fields' },
  ])('claim-parameters-CEL-runtime-error at v$version', ({ version, tail }) => {
    const broken: ResourceClaim = { ...claim(), spec: { devices: { requests: [{ name: 'req-1', exactly: { deviceClassName: 'my-resource-class', allocationMode: 'ExactCount', count: 1, selectors: [{ cel: { expression: `device.attributes["${driver}"].healthy` } }] } }] } } };
    const env = newTestEnv({ nodes, resources: [deviceClass, broken, workerSlice], versionSwitches: versionSwitches(version) });
    const plugin = DynamicResources.factory(undefined, env.handle);
    const state = new CycleState();
    const podInfo = newPodInfo(podWithClaimName());
    plugin.preFilter!(state, podInfo, env.snapshot.nodeInfoList);
    const r = plugin.filter!(state, podInfo, env.snapshot.get('worker')!);
    expect(r.reasons[0]).toBe(`claim default/my-pod-my-resource: selector #0 on device some-driver/worker/instance-1: CEL runtime error: ${tail}`);
  });

  it('claim reserved by 256 other pods: "resourceclaim in use"', () => {
    const reservedFor = Array.from({ length: 256 }, (_, i) => ({ resource: 'pods', name: `p${i}`, uid: `u${i}` }));
    const s = setup([deviceClass, claim({ allocation, reservedFor }), workerSlice], podWithClaimName());
    expect(filterAll(s).pre).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['resourceclaim in use'] });
  });

  it('Score is 0 on every node for a pod without claims and stays 0 after NormalizeScore', () => {
    const s = setup([], makePod().name('foo').obj());
    s.plugin.preFilter!(s.state, s.podInfo, s.env.snapshot.nodeInfoList);
    const scores = s.env.snapshot.nodeInfoList.map((n) => ({ name: n.name, score: s.plugin.score!(s.state, s.podInfo, n) as number }));
    expect(s.plugin.normalizeScore!(s.state, s.podInfo, scores).code).toBe('Success');
    expect(scores.map((x) => x.score)).toEqual([0, 0]);
  });
});

// Rows of upstream's TestPlugin with enableDRAExtendedResource (extended resources backed by DRA).
describe('DynamicResources: extended resources backed by DRA (upstream TestPlugin rows)', () => {
  const gpu = 'example.com/gpu';
  const classWithExtendedName: DeviceClass = { ...deviceClass, spec: { extendedResourceName: gpu } };
  const class2: DeviceClass = { apiVersion: 'resource.k8s.io/v1', kind: 'DeviceClass', metadata: { name: 'my-resource-class2' }, spec: { extendedResourceName: 'example.com/gpu2' } };
  const worker = makeNode().name('worker').label('kubernetes.io/hostname', 'worker').obj();
  const workerWithGpu = (n: string) => makeNode().name('worker').label('kubernetes.io/hostname', 'worker').capacity({ [gpu]: n }).obj();
  const largeSlice: ResourceSlice = { ...workerSlice, spec: { ...workerSlice.spec, devices: [{ name: 'instance-1' }, { name: 'instance-2' }, { name: 'instance-3' }, { name: 'instance-4' }] } };
  const podWithGpu = (requests: Record<string, string>, ...more: Record<string, string>[]) => {
    const b = makePod().name('my-pod').uid('1234').req(requests);
    for (const r of more) b.req(r);
    return b.obj();
  };
  const extendedClaim = (requests: { name: string; className: string; count?: number }[], allocationNode?: string): ResourceClaim => ({
    apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim',
    metadata: {
      name: 'my-pod-extended-resources-0', generateName: 'my-pod-extended-resources-', namespace: 'default', uid: 'ext-uid',
      annotations: { 'resource.kubernetes.io/extended-resource-claim': 'true' },
      ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'my-pod', uid: '1234', controller: true }],
    },
    spec: { devices: { requests: requests.map((r) => ({ name: r.name, exactly: { deviceClassName: r.className, allocationMode: 'ExactCount' as const, count: r.count ?? 1 } })) } },
    status: allocationNode ? { allocation: { devices: { results: [{ request: requests[0]!.name, driver, pool: 'worker', device: 'instance-1' }] }, nodeSelector: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [allocationNode] }] }] } } } : {},
  });

  function run(nodeList: ReturnType<typeof makeNode>['obj'] extends () => infer N ? N[] : never, objects: ResourceObject[], pod: Pod, features = { DRAExtendedResource: true }) {
    const env = newTestEnv({ nodes: nodeList, resources: objects, features });
    const plugin = DynamicResources.factory(undefined, env.handle);
    const state = new CycleState();
    const podInfo = newPodInfo(pod);
    const pre = plugin.preFilter!(state, podInfo, env.snapshot.nodeInfoList).status;
    const filter = Object.fromEntries(env.snapshot.nodeInfoList.map((n) => [n.name, pre.isSuccess() ? plugin.filter!(state, podInfo, n) : undefined]));
    return { env, plugin, state, podInfo, pre, filter };
  }
  const created = (env: ReturnType<typeof newTestEnv>) => env.apiCalls.filter((c) => c.call === 'createResourceClaim').map((c) => c.claim!);
  const written = (env: ReturnType<typeof newTestEnv>) => env.apiCalls.filter((c) => c.call === 'updateResourceClaimStatus').map((c) => c.claim!);

  it('empty-with-extended-resources-enabled: PreFilter Skips', () => {
    expect(run([worker], [], makePod().name('foo').obj()).pre.code).toBe('Skip');
  });

  it('non-DRA-extended-resource-name-with-zero-allocatable: no class names the resource, PreFilter Skips', () => {
    expect(run([workerWithGpu('0')], [deviceClass, workerSlice], podWithGpu({ [gpu]: '1' })).pre.code).toBe('Skip');
  });

  it('without DRAExtendedResource the class is not consulted: PreFilter Skips', () => {
    expect(run([worker], [classWithExtendedName, workerSlice], podWithGpu({ [gpu]: '1' }), { DRAExtendedResource: false }).pre.code).toBe('Skip');
  });

  it('extended-resource-name-with-node-resource: the node advertises it, nothing to allocate or create', () => {
    const r = run([workerWithGpu('1')], [classWithExtendedName], podWithGpu({ [gpu]: '1' }));
    expect(r.pre.code).toBe('Success');
    expect(r.filter['worker']!.code).toBe('Success');
    expect(r.plugin.reserve!(r.state, r.podInfo, 'worker').code).toBe('Success');
    expect(r.plugin.preBind!(r.state, r.podInfo, 'worker').code).toBe('Success');
    expect(r.env.apiCalls).toEqual([]);
  });

  it('extended-resource-name-no-resource: no device to take, "cannot allocate all claims"; PostFilter "still not schedulable"', () => {
    const r = run([worker], [classWithExtendedName], podWithGpu({ [gpu]: '1' }));
    expect(r.filter['worker']).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['cannot allocate all claims'] });
    expect(r.plugin.postFilter!(r.state, r.podInfo, new NodeToStatus(Status.unresolvable('x'))).status).toMatchObject({ code: 'Unschedulable', reasons: ['still not schedulable'] });
    expect(created(r.env)).toEqual([]);
  });

  it('extended-resource-name-with-resources: PreBind creates the claim, allocates and reserves it, and sets the pod status', () => {
    const r = run([worker], [classWithExtendedName, workerSlice], podWithGpu({ [gpu]: '1' }));
    expect(r.filter['worker']!.code).toBe('Success');
    expect(r.plugin.reserve!(r.state, r.podInfo, 'worker').code).toBe('Success');
    expect(r.plugin.preBind!(r.state, r.podInfo, 'worker').code).toBe('Success');
    const [claim] = created(r.env);
    expect(claim!.metadata).toMatchObject({
      generateName: 'my-pod-extended-resources-', namespace: 'default',
      annotations: { 'resource.kubernetes.io/extended-resource-claim': 'true' },
      ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'my-pod', uid: '1234', controller: true }],
    });
    expect(claim!.metadata.name).toMatch(/^my-pod-extended-resources-/);
    expect(claim!.spec).toEqual({ devices: { requests: [{ name: 'container-0-request-0', exactly: { deviceClassName: 'my-resource-class', allocationMode: 'ExactCount', count: 1 } }] } });
    const [status] = written(r.env);
    expect(status!.status).toEqual({
      allocation: { devices: { results: [{ request: 'container-0-request-0', driver, pool: 'worker', device: 'instance-1' }] }, nodeSelector: allocation.nodeSelector },
      reservedFor: [{ resource: 'pods', name: 'my-pod', uid: '1234' }],
    });
    expect(r.env.apiCalls.at(-1)).toMatchObject({
      call: 'setPodExtendedResourceClaimStatus',
      extendedResourceClaimStatus: { resourceClaimName: claim!.metadata.name, requestMappings: [{ containerName: 'c0', resourceName: gpu, requestName: 'container-0-request-0' }] },
    });
  });

  it('extended-resource-name-with-zero-allocatable: allocatable 0 counts as not advertised', () => {
    const r = run([workerWithGpu('0')], [classWithExtendedName, workerSlice], podWithGpu({ [gpu]: '1' }));
    expect(r.filter['worker']!.code).toBe('Success');
    r.plugin.reserve!(r.state, r.podInfo, 'worker');
    expect(r.plugin.preBind!(r.state, r.podInfo, 'worker').code).toBe('Success');
    expect(created(r.env)).toHaveLength(1);
  });

  it('extended-resource-one-device-plugin-one-dra: only the resource the node lacks is requested ("container-0-request-1")', () => {
    const r = run([workerWithGpu('1')], [classWithExtendedName, class2, workerSlice], podWithGpu({ [gpu]: '1', 'example.com/gpu2': '1' }));
    expect(r.filter['worker']!.code).toBe('Success');
    r.plugin.reserve!(r.state, r.podInfo, 'worker');
    expect(r.plugin.preBind!(r.state, r.podInfo, 'worker').code).toBe('Success');
    expect(created(r.env)[0]!.spec.devices!.requests).toEqual([{ name: 'container-0-request-1', exactly: { deviceClassName: 'my-resource-class2', allocationMode: 'ExactCount', count: 1 } }]);
  });

  it('the Filter verdict of a node the pod gets a device on is shared from cycle to cycle and reads, built, with the claim and the node\'s device', () => {
    const twoWorkers = [worker, makeNode().name('worker-2').obj()];
    const worker2Slice: ResourceSlice = { ...workerSlice, metadata: { name: 'worker-2-slice' }, spec: { ...workerSlice.spec, nodeName: 'worker-2', pool: { name: 'worker-2', generation: 1, resourceSliceCount: 1 } } };
    const env = newTestEnv({ nodes: twoWorkers, resources: [classWithExtendedName, workerSlice, worker2Slice], features: { DRAExtendedResource: true } });
    const plugin = DynamicResources.factory(undefined, env.handle);
    const cycle = (pod: Pod) => {
      const state = new CycleState();
      const podInfo = newPodInfo(pod);
      expect(plugin.preFilter!(state, podInfo, env.snapshot.nodeInfoList).status.code).toBe('Success');
      const results = env.snapshot.nodeInfoList.map((n) => plugin.filter!(state, podInfo, n).toResult('DynamicResources'));
      const plain = results.map((r, i) => plainResults([r], state.traceLabels, env.snapshot.nodeInfoList[i]!.name)[0]);
      return { results, plain };
    };
    const first = cycle(podWithGpu({ [gpu]: '1' }));
    const second = cycle(makePod().name('other-pod').uid('5678').req({ [gpu]: '1' }).obj());
    // the nodes' devices did not change: each node keeps its verdict, and the two nodes differ
    expect(second.results[0]).toBe(first.results[0]);
    expect(second.results[1]).toBe(first.results[1]);
    expect(first.results[0]).not.toBe(first.results[1]);
    const outcome = (device: string) => ({
      claim: 'default/<extended-resources>', request: 'container-0-request-0', matching: 1, inUse: 0, tainted: 0, countersExhausted: 0, capacityExhausted: 0, needed: 1, devices: [device], exhausted: [],
    });
    expect(JSON.parse(JSON.stringify(second.plain))).toEqual([
      { plugin: 'DynamicResources', code: 'Success', details: { requests: [outcome(`${driver}/worker/instance-1`)] } },
      { plugin: 'DynamicResources', code: 'Success', details: { requests: [outcome(`${driver}/worker-2/instance-1`)] } },
    ]);
  });

  it('implicit-extended-resource-name-with-resources: deviceclass.resource.kubernetes.io/<class> and the explicit name in one container', () => {
    const r = run([worker], [classWithExtendedName, largeSlice], podWithGpu({ 'deviceclass.resource.kubernetes.io/my-resource-class': '1', [gpu]: '2' }));
    expect(r.filter['worker']!.code).toBe('Success');
    r.plugin.reserve!(r.state, r.podInfo, 'worker');
    expect(r.plugin.preBind!(r.state, r.podInfo, 'worker').code).toBe('Success');
    expect(created(r.env)[0]!.spec.devices!.requests!.map((q) => [q.name, q.exactly!.count])).toEqual([['container-0-request-0', 1], ['container-0-request-1', 2]]);
    expect(written(r.env)[0]!.status.allocation!.devices.results.map((x) => [x.request, x.device])).toEqual([
      ['container-0-request-0', 'instance-1'], ['container-0-request-1', 'instance-2'], ['container-0-request-1', 'instance-3'],
    ]);
  });

  it('implicit-extended-resource-name-two-containers-with-resources: one request per container', () => {
    const r = run([worker], [classWithExtendedName, largeSlice], podWithGpu({ 'deviceclass.resource.kubernetes.io/my-resource-class': '1' }, { [gpu]: '2' }));
    r.plugin.reserve!(r.state, r.podInfo, 'worker');
    expect(r.plugin.preBind!(r.state, r.podInfo, 'worker').code).toBe('Success');
    expect(created(r.env)[0]!.spec.devices!.requests!.map((q) => [q.name, q.exactly!.count])).toEqual([['container-0-request-0', 1], ['container-1-request-0', 2]]);
  });

  it('extended-resource-name-with-resources-has-claim: a claim from an earlier cycle is Unschedulable, PostFilter deletes it', () => {
    const old = extendedClaim([{ name: 'container-0-request-0', className: 'my-resource-class' }], 'worker');
    const r = run([worker], [classWithExtendedName, workerSlice, old], podWithGpu({ [gpu]: '1' }));
    expect(r.filter['worker']).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['cannot schedule extended resource claim'] });
    expect(r.plugin.postFilter!(r.state, r.podInfo, new NodeToStatus(Status.unresolvable('x'))).status).toMatchObject({ code: 'Unschedulable', reasons: ['deletion of ResourceClaim completed'] });
    expect(r.env.apiCalls.at(-1)).toMatchObject({ call: 'deleteResourceClaim', name: 'default/my-pod-extended-resources-0' });
  });

  it('extended-resource-name-with-resources-delete-claim: the same for a claim allocated on another node', () => {
    const old = extendedClaim([{ name: 'container-0-request-0', className: 'my-resource-class' }], 'worker-2');
    const r = run([worker], [classWithExtendedName, workerSlice, old], podWithGpu({ [gpu]: '1' }));
    expect(r.filter['worker']!.reasons).toEqual(['cannot schedule extended resource claim']);
    expect(r.plugin.postFilter!(r.state, r.podInfo, new NodeToStatus(Status.unresolvable('x'))).status.reasons).toEqual(['deletion of ResourceClaim completed']);
  });

  it('extended-resource-name-bind-failure: Unreserve after PreBind deletes the created claim', () => {
    const r = run([worker], [classWithExtendedName, workerSlice], podWithGpu({ [gpu]: '1' }));
    r.plugin.reserve!(r.state, r.podInfo, 'worker');
    r.plugin.preBind!(r.state, r.podInfo, 'worker');
    const name = created(r.env)[0]!.metadata.name;
    r.plugin.unreserve!(r.state, r.podInfo, 'worker');
    expect(r.env.apiCalls.at(-1)).toMatchObject({ call: 'deleteResourceClaim', name: `default/${name}` });
    expect(r.env.handle.cluster.resources.resourceClaims()).toEqual([]);
  });

  it('extended-resource-name-skip-bind: Unreserve before PreBind frees the in-flight devices and creates nothing', () => {
    const r = run([worker], [classWithExtendedName, workerSlice], podWithGpu({ [gpu]: '1' }));
    r.plugin.reserve!(r.state, r.podInfo, 'worker');
    // in flight: another pod asking for the resource finds the only device taken
    const other = newPodInfo(makePod().name('other').uid('5678').req({ [gpu]: '1' }).obj());
    const otherState = new CycleState();
    r.plugin.preFilter!(otherState, other, r.env.snapshot.nodeInfoList);
    expect(r.plugin.filter!(otherState, other, r.env.snapshot.nodeInfoList[0]!).reasons).toEqual(['cannot allocate all claims']);
    r.plugin.unreserve!(r.state, r.podInfo, 'worker');
    expect(r.env.apiCalls).toEqual([]);
    const again = new CycleState();
    r.plugin.preFilter!(again, other, r.env.snapshot.nodeInfoList);
    expect(r.plugin.filter!(again, other, r.env.snapshot.nodeInfoList[0]!).code).toBe('Success');
  });

  it('a resource neither advertised nor backed by a class: "cannot fit resource"', () => {
    const r = run([worker], [classWithExtendedName, workerSlice], podWithGpu({ [gpu]: '1', 'example.com/fpga': '1' }));
    expect(r.filter['worker']).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['cannot fit resource'] });
  });
});

// DeviceTaintRules reach the allocator as taints on the slices' devices (upstream:
// ListWithDeviceTaintRules); like upstream's tainted-device-disabled/-enabled rows, these only check
// that the gates and rules get through — taints themselves are the allocator's (allocator.test.ts).
describe('DynamicResources: DeviceTaintRules (DRADeviceTaintRules)', () => {
  const rule = (selector: DeviceTaintRule['spec']['deviceSelector']): DeviceTaintRule => ({
    apiVersion: 'resource.k8s.io/v1alpha3', kind: 'DeviceTaintRule', metadata: { name: 'maintenance' },
    spec: { ...(selector ? { deviceSelector: selector } : {}), taint: { key: 'taint-key', value: 'taint-value', effect: 'NoSchedule' } },
  });
  const both = { DRADeviceTaints: true, DRADeviceTaintRules: true };
  function filterWorker(objects: ResourceObject[], features: Partial<Record<'DRADeviceTaints' | 'DRADeviceTaintRules', boolean>>, c: ResourceClaim = claim()) {
    const env = newTestEnv({ nodes, resources: [deviceClass, c, workerSlice, ...objects], features });
    const plugin = DynamicResources.factory(undefined, env.handle);
    const state = new CycleState();
    const podInfo = newPodInfo(podWithClaimName());
    plugin.preFilter!(state, podInfo, env.snapshot.nodeInfoList);
    return plugin.filter!(state, podInfo, env.snapshot.nodeInfoList[0]!);
  }

  it('tainted-device-rule-enabled: a rule for the device keeps it from being allocated', () => {
    expect(filterWorker([rule({ driver, pool: 'worker', device: 'instance-1' })], both)).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['cannot allocate all claims'] });
  });
  it('an empty selector picks every device; a rule without a selector picks none', () => {
    expect(filterWorker([rule({})], both).reasons).toEqual(['cannot allocate all claims']);
    expect(filterWorker([rule(undefined)], both).code).toBe('Success');
  });
  it('a selector for another driver, pool or device leaves the device alone', () => {
    expect(filterWorker([rule({ driver: 'other-driver' })], both).code).toBe('Success');
    expect(filterWorker([rule({ pool: 'worker-2' })], both).code).toBe('Success');
    expect(filterWorker([rule({ device: 'instance-2' })], both).code).toBe('Success');
  });
  it('tainted-device-rule-disabled: without either gate the rule has no effect', () => {
    expect(filterWorker([rule({})], { DRADeviceTaints: true, DRADeviceTaintRules: false }).code).toBe('Success');
    expect(filterWorker([rule({})], { DRADeviceTaints: false, DRADeviceTaintRules: true }).code).toBe('Success');
  });
  it('a request that tolerates the rule\'s taint gets the device', () => {
    const tolerant: ResourceClaim = { ...claim(), spec: { devices: { requests: [{ name: 'req-1', exactly: { deviceClassName: 'my-resource-class', allocationMode: 'ExactCount', count: 1, tolerations: [{ key: 'taint-key', operator: 'Exists' }] } }] } } };
    expect(filterWorker([rule({})], both, tolerant).code).toBe('Success');
  });
});

// Rows of upstream's TestPlugin with enableDRADeviceBindingConditions and
// enableDRAResourceClaimDeviceStatus.
describe('DynamicResources: device binding conditions (upstream TestPlugin rows)', () => {
  const gates = { DRADeviceBindingConditions: true, DRAResourceClaimDeviceStatus: true };
  const bindingAllocation = { ...allocation, devices: { results: [{ ...allocation.devices.results[0]!, bindingConditions: ['condition'], bindingFailureConditions: ['failed'] }] } };
  const withStatus = (ready: 'True' | 'False', failed: 'True' | 'False', extra: Partial<ResourceClaim['status']> = {}): ResourceClaim => claim({
    allocation: bindingAllocation,
    devices: [{ driver, pool: 'worker', device: 'instance-1', conditions: [{ type: 'condition', status: ready }, { type: 'failed', status: failed, reason: 'Broken', message: 'fabric down' }] }],
    ...extra,
  });
  function setupWith(objects: ResourceObject[], now = 0) {
    const env = newTestEnv({ nodes, resources: objects, features: gates, now });
    const plugin = DynamicResources.factory(undefined, env.handle);
    const state = new CycleState();
    const podInfo = newPodInfo(podWithClaimName());
    const pre = plugin.preFilter!(state, podInfo, env.snapshot.nodeInfoList).status;
    return { env, plugin, state, podInfo, pre, filter: (i: number) => plugin.filter!(state, podInfo, env.snapshot.nodeInfoList[i]!) };
  }
  const fabricSlice: ResourceSlice = {
    ...workerSlice,
    spec: {
      ...workerSlice.spec, nodeName: undefined, nodeSelector: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['worker'] }] }] },
      devices: [{ name: 'instance-1', bindsToNode: true, bindingConditions: ['condition'], bindingFailureConditions: ['failed'] }],
    },
  };

  it('bound-claim-with-succeeded-binding-conditions: PreBind reserves and its wait is over at the first poll', () => {
    const s = setupWith([withStatus('True', 'False')]);
    expect(s.filter(0).code).toBe('Success');
    expect(s.plugin.reserve!(s.state, s.podInfo, 'worker').code).toBe('Success');
    expect(s.plugin.preBind!(s.state, s.podInfo, 'worker').code).toBe('Success');
    const wait = s.plugin.preBindWait!(s.state, s.podInfo, 'worker')!;
    expect(wait).toMatchObject({ interval: 5, timeout: 600, event: { reason: 'BindingConditionsPending', message: 'waiting for binding conditions for device on node worker' } });
    expect(wait.poll()).toBe(true);
  });

  it('bound-claim-with-failed-binding: "resourceclaim not available on the node"; PostFilter deallocates, status.devices too', () => {
    const s = setupWith([withStatus('False', 'True'), workerSlice]);
    expect(s.filter(0)).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['resourceclaim not available on the node'] });
    expect(s.plugin.postFilter!(s.state, s.podInfo, new NodeToStatus(Status.unresolvable('x'))).status).toMatchObject({ code: 'Unschedulable', reasons: ['deallocation of ResourceClaim completed'] });
    expect(s.env.apiCalls.at(-1)!.claim!.status).toEqual({});
  });

  it('bound-claim-with-timed-out-binding: allocated 10 minutes ago and not ready, the claim is unavailable', () => {
    const timedOut = claim({ allocation: { ...bindingAllocation, allocationTimestamp: 0 }, devices: [{ driver, pool: 'worker', device: 'instance-1' }] });
    expect(setupWith([timedOut], 600).filter(0).code).toBe('Success');
    const s = setupWith([timedOut], 601);
    expect(s.filter(0)).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['resourceclaim not available on the node'] });
    expect(s.plugin.postFilter!(s.state, s.podInfo, new NodeToStatus(Status.unresolvable('x'))).status.reasons).toEqual(['deallocation of ResourceClaim completed']);
  });

  it('prebind-fail-with-binding-timeout: a poll after the claim timed out fails with "claim … binding timeout"', () => {
    const pending = claim({ allocation: { ...bindingAllocation, allocationTimestamp: 0 }, devices: [{ driver, pool: 'worker', device: 'instance-1' }] });
    let now = 590;
    const env = newTestEnv({ nodes, resources: [pending], features: gates });
    const plugin = DynamicResources.factory(undefined, { ...env.handle, now: () => now });
    const state = new CycleState();
    const podInfo = newPodInfo(podWithClaimName());
    plugin.preFilter!(state, podInfo, env.snapshot.nodeInfoList);
    expect(plugin.filter!(state, podInfo, env.snapshot.nodeInfoList[0]!).code).toBe('Success');
    expect(plugin.preBind!(state, podInfo, 'worker').code).toBe('Success');
    const wait = plugin.preBindWait!(state, podInfo, 'worker')!;
    expect(wait.poll()).toBe(false);
    now = 605;
    expect(wait.poll()).toBe('claim my-pod-my-resource binding timeout');
  });

  it('a failure condition reported while PreBind waits fails the binding with the condition\'s reason and message', () => {
    const s = setupWith([withStatus('False', 'False')]);
    s.filter(0);
    s.plugin.preBind!(s.state, s.podInfo, 'worker');
    const wait = s.plugin.preBindWait!(s.state, s.podInfo, 'worker')!;
    expect(wait.poll()).toBe(false);
    (s.env.handle.cluster.resources as unknown as { put(o: ResourceObject): void }).put(withStatus('False', 'True', { reservedFor: [{ resource: 'pods', name: 'my-pod', uid: '1234' }] }));
    expect(wait.poll()).toBe('claim my-pod-my-resource binding failed: reason=Broken, message="fabric down"');
  });

  it('allocation copies the device\'s conditions, bindsToNode pins the node, PreBind sets allocationTimestamp', () => {
    const s = setupWith([deviceClass, claim(), fabricSlice], 42);
    expect(s.filter(0).code).toBe('Success');
    s.plugin.reserve!(s.state, s.podInfo, 'worker');
    expect(s.plugin.preBind!(s.state, s.podInfo, 'worker').code).toBe('Success');
    const written = s.env.apiCalls.filter((c) => c.call === 'updateResourceClaimStatus').at(-1)!.claim!;
    expect(written.status.allocation).toEqual({ ...bindingAllocation, allocationTimestamp: 42 });
    expect(s.plugin.preBindWait!(s.state, s.podInfo, 'worker')!.poll()).toBe(false);
  });

  it('without the gates nothing waits and no allocationTimestamp is written', () => {
    const env = newTestEnv({ nodes, resources: [deviceClass, claim(), workerSlice], features: { DRADeviceBindingConditions: false } });
    const plugin = DynamicResources.factory(undefined, env.handle);
    const state = new CycleState();
    const podInfo = newPodInfo(podWithClaimName());
    plugin.preFilter!(state, podInfo, env.snapshot.nodeInfoList);
    plugin.filter!(state, podInfo, env.snapshot.nodeInfoList[0]!);
    plugin.reserve!(state, podInfo, 'worker');
    plugin.preBind!(state, podInfo, 'worker');
    expect(env.apiCalls.at(-1)!.claim!.status.allocation!.allocationTimestamp).toBeUndefined();
    expect(plugin.preBindWait!(state, podInfo, 'worker')).toBeUndefined();
  });
});
