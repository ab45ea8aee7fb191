// Cases from upstream noderesources/fit_test.go: TestEnoughRequests, TestPreFilterDisabled,
// TestNotEnoughRequests, TestStorageRequests, TestRestartableInitContainers (SidecarContainers on).
// Node allocatable is upstream's makeAllocatableResources(10, 20, 32, 5, 20, 5) unless a row says otherwise.
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { newPodInfo } from '../../framework/podInfo';
import type { StatusCode } from '../../api';
import type { Pod, ResourceList } from '../../model/types';
import { makeNode, makePod, type PodWrapper } from '../../testing/builders';
import { newTestEnv, runPreFilterAndFilter } from '../../testing/framework';
import type { NodeResourcesFitArgs } from './args';
import { defaultFitArgs } from './args';
import type { InsufficientResource } from './verdicts';
import { NodeResourcesFit } from './index';
import {
  allocatable, extendedResourceA, extendedResourceB, hugePageResourceA, kubernetesIOResourceA, kubernetesIOResourceB,
  resourcePod, withInit, type Usage,
} from './testPods';

const reason = (name: string) => `Insufficient ${name}`;
const ir = (resourceName: string, requested: number, used: number, capacity: number, unresolvable = false): InsufficientResource =>
  ({ resourceName, reason: reason(resourceName), requested, used, capacity, unresolvable });

interface Row {
  name: string;
  pod: PodWrapper;
  /** usage of the one pod already on the node (upstream: framework.NewNodeInfo(newResourcePod(...))); none when undefined */
  existing?: Usage;
  args?: NodeResourcesFitArgs;
  code: StatusCode;
  insufficient?: InsufficientResource[];
}

const enoughRequests: Row[] = [
  { name: 'no resources requested always fits', pod: makePod().name('p'), existing: { milliCPU: 10, memory: 20 }, code: 'Success' },
  {
    name: 'too many resources fails', pod: resourcePod({ milliCPU: 1, memory: 1 }), existing: { milliCPU: 10, memory: 20 }, code: 'Unschedulable',
    insufficient: [ir('cpu', 1, 10, 10), ir('memory', 1, 20, 20)],
  },
  {
    name: 'too many resources fails due to init container cpu', pod: withInit(resourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 3, memory: 1 }),
    existing: { milliCPU: 8, memory: 19 }, code: 'Unschedulable', insufficient: [ir('cpu', 3, 8, 10)],
  },
  {
    name: 'too many resources fails due to highest init container cpu',
    pod: withInit(resourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 3, memory: 1 }, { milliCPU: 2, memory: 1 }),
    existing: { milliCPU: 8, memory: 19 }, code: 'Unschedulable', insufficient: [ir('cpu', 3, 8, 10)],
  },
  {
    name: 'too many resources fails due to init container memory', pod: withInit(resourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 1, memory: 3 }),
    existing: { milliCPU: 9, memory: 19 }, code: 'Unschedulable', insufficient: [ir('memory', 3, 19, 20)],
  },
  {
    name: 'too many resources fails due to highest init container memory',
    pod: withInit(resourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 1, memory: 3 }, { milliCPU: 1, memory: 2 }),
    existing: { milliCPU: 9, memory: 19 }, code: 'Unschedulable', insufficient: [ir('memory', 3, 19, 20)],
  },
  {
    name: "init container fits because it's the max, not sum, of containers and init containers",
    pod: withInit(resourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 1, memory: 1 }), existing: { milliCPU: 9, memory: 19 }, code: 'Success',
  },
  {
    name: "multiple init containers fit because it's the max, not sum, of containers and init containers",
    pod: withInit(resourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 1, memory: 1 }, { milliCPU: 1, memory: 1 }),
    existing: { milliCPU: 9, memory: 19 }, code: 'Success',
  },
  { name: 'both resources fit', pod: resourcePod({ milliCPU: 1, memory: 1 }), existing: { milliCPU: 5, memory: 5 }, code: 'Success' },
  {
    name: 'one resource memory fits', pod: resourcePod({ milliCPU: 2, memory: 1 }), existing: { milliCPU: 9, memory: 5 }, code: 'Unschedulable',
    insufficient: [ir('cpu', 2, 9, 10)],
  },
  {
    name: 'one resource cpu fits', pod: resourcePod({ milliCPU: 1, memory: 2 }), existing: { milliCPU: 5, memory: 19 }, code: 'Unschedulable',
    insufficient: [ir('memory', 2, 19, 20)],
  },
  { name: 'equal edge case', pod: resourcePod({ milliCPU: 5, memory: 1 }), existing: { milliCPU: 5, memory: 19 }, code: 'Success' },
  {
    name: 'equal edge case for init container', pod: withInit(resourcePod({ milliCPU: 4, memory: 1 }), { milliCPU: 5, memory: 1 }),
    existing: { milliCPU: 5, memory: 19 }, code: 'Success',
  },
  { name: 'extended resource fits', pod: resourcePod({ scalar: { [extendedResourceA]: 1 } }), existing: {}, code: 'Success' },
  { name: 'extended resource fits for init container', pod: withInit(resourcePod({}), { scalar: { [extendedResourceA]: 1 } }), existing: {}, code: 'Success' },
  {
    name: 'extended resource capacity enforced', pod: resourcePod({ milliCPU: 1, memory: 1, scalar: { [extendedResourceA]: 10 } }),
    existing: { scalar: { [extendedResourceA]: 0 } }, code: 'UnschedulableAndUnresolvable', insufficient: [ir(extendedResourceA, 10, 0, 5, true)],
  },
  {
    name: 'extended resource capacity enforced for init container',
    pod: withInit(resourcePod({}), { milliCPU: 1, memory: 1, scalar: { [extendedResourceA]: 10 } }),
    existing: { scalar: { [extendedResourceA]: 0 } }, code: 'UnschedulableAndUnresolvable', insufficient: [ir(extendedResourceA, 10, 0, 5, true)],
  },
  {
    name: 'extended resource allocatable enforced', pod: resourcePod({ milliCPU: 1, memory: 1, scalar: { [extendedResourceA]: 1 } }),
    existing: { scalar: { [extendedResourceA]: 5 } }, code: 'Unschedulable', insufficient: [ir(extendedResourceA, 1, 5, 5)],
  },
  {
    name: 'extended resource allocatable enforced for init container',
    pod: withInit(resourcePod({}), { milliCPU: 1, memory: 1, scalar: { [extendedResourceA]: 1 } }),
    existing: { scalar: { [extendedResourceA]: 5 } }, code: 'Unschedulable', insufficient: [ir(extendedResourceA, 1, 5, 5)],
  },
  {
    name: 'extended resource allocatable enforced for multiple containers',
    pod: resourcePod({ milliCPU: 1, memory: 1, scalar: { [extendedResourceA]: 3 } }, { milliCPU: 1, memory: 1, scalar: { [extendedResourceA]: 3 } }),
    existing: { scalar: { [extendedResourceA]: 2 } }, code: 'UnschedulableAndUnresolvable', insufficient: [ir(extendedResourceA, 6, 2, 5, true)],
  },
  {
    name: 'extended resource allocatable admits multiple init containers',
    pod: withInit(resourcePod({}), { milliCPU: 1, memory: 1, scalar: { [extendedResourceA]: 3 } }, { milliCPU: 1, memory: 1, scalar: { [extendedResourceA]: 3 } }),
    existing: { scalar: { [extendedResourceA]: 2 } }, code: 'Success',
  },
  {
    name: 'extended resource allocatable enforced for multiple init containers',
    pod: withInit(resourcePod({}), { milliCPU: 1, memory: 1, scalar: { [extendedResourceA]: 6 } }, { milliCPU: 1, memory: 1, scalar: { [extendedResourceA]: 3 } }),
    existing: { scalar: { [extendedResourceA]: 2 } }, code: 'UnschedulableAndUnresolvable', insufficient: [ir(extendedResourceA, 6, 2, 5, true)],
  },
  {
    name: 'extended resource allocatable enforced for unknown resource', pod: resourcePod({ milliCPU: 1, memory: 1, scalar: { [extendedResourceB]: 1 } }),
    existing: {}, code: 'UnschedulableAndUnresolvable', insufficient: [ir(extendedResourceB, 1, 0, 0, true)],
  },
  {
    name: 'extended resource allocatable enforced for unknown resource for init container',
    pod: withInit(resourcePod({}), { milliCPU: 1, memory: 1, scalar: { [extendedResourceB]: 1 } }),
    existing: {}, code: 'UnschedulableAndUnresolvable', insufficient: [ir(extendedResourceB, 1, 0, 0, true)],
  },
  {
    name: 'kubernetes.io resource capacity enforced', pod: resourcePod({ milliCPU: 1, memory: 1, scalar: { [kubernetesIOResourceA]: 10 } }),
    existing: {}, code: 'UnschedulableAndUnresolvable', insufficient: [ir(kubernetesIOResourceA, 10, 0, 0, true)],
  },
  {
    name: 'kubernetes.io resource capacity enforced for init container',
    pod: withInit(resourcePod({}), { milliCPU: 1, memory: 1, scalar: { [kubernetesIOResourceB]: 10 } }),
    existing: {}, code: 'UnschedulableAndUnresolvable', insufficient: [ir(kubernetesIOResourceB, 10, 0, 0, true)],
  },
  {
    name: 'hugepages resource capacity enforced', pod: resourcePod({ milliCPU: 1, memory: 1, scalar: { [hugePageResourceA]: 10 } }),
    existing: { scalar: { [hugePageResourceA]: 0 } }, code: 'UnschedulableAndUnresolvable', insufficient: [ir(hugePageResourceA, 10, 0, 5, true)],
  },
  {
    name: 'hugepages resource capacity enforced for init container',
    pod: withInit(resourcePod({}), { milliCPU: 1, memory: 1, scalar: { [hugePageResourceA]: 10 } }),
    existing: { scalar: { [hugePageResourceA]: 0 } }, code: 'UnschedulableAndUnresolvable', insufficient: [ir(hugePageResourceA, 10, 0, 5, true)],
  },
  {
    name: 'hugepages resource allocatable enforced for multiple containers',
    pod: resourcePod({ milliCPU: 1, memory: 1, scalar: { [hugePageResourceA]: 3 } }, { milliCPU: 1, memory: 1, scalar: { [hugePageResourceA]: 3 } }),
    existing: { scalar: { [hugePageResourceA]: 2 } }, code: 'UnschedulableAndUnresolvable', insufficient: [ir(hugePageResourceA, 6, 2, 5, true)],
  },
  {
    name: 'skip checking ignored extended resource', pod: resourcePod({ milliCPU: 1, memory: 1, scalar: { [extendedResourceB]: 1 } }),
    existing: {}, args: { ignoredResources: ['example.com/bbb'] }, code: 'Success',
  },
  {
    name: 'resources + pod overhead fits', pod: resourcePod({ milliCPU: 1, memory: 1 }).overhead({ cpu: '3m', memory: '13' }),
    existing: { milliCPU: 5, memory: 5 }, code: 'Success',
  },
  {
    name: 'requests + overhead does not fit for memory', pod: resourcePod({ milliCPU: 1, memory: 1 }).overhead({ cpu: '1m', memory: '15' }),
    existing: { milliCPU: 5, memory: 5 }, code: 'Unschedulable', insufficient: [ir('memory', 16, 5, 20)],
  },
  {
    name: 'skip checking ignored extended resource via resource groups',
    pod: resourcePod({ milliCPU: 1, memory: 1, scalar: { [extendedResourceB]: 1, [kubernetesIOResourceA]: 1 } }),
    existing: {}, args: { ignoredResourceGroups: ['example.com'] }, code: 'UnschedulableAndUnresolvable',
    insufficient: [ir(kubernetesIOResourceA, 1, 0, 0, true)],
  },
  {
    name: 'skip checking extended resource request with quantity zero via resource groups',
    pod: resourcePod({ milliCPU: 1, memory: 1, scalar: { [extendedResourceA]: 0 } }), existing: { scalar: { [extendedResourceA]: 6 } }, code: 'Success',
  },
  {
    name: 'skip checking resource request with quantity zero', pod: resourcePod({ scalar: { [extendedResourceA]: 1 } }),
    existing: { milliCPU: 20, memory: 30, scalar: { [extendedResourceA]: 1 } }, code: 'Success',
  },
  {
    name: 'both pod-level and container-level resources fit', pod: resourcePod({ milliCPU: 1, memory: 1 }).podLevelRequests({ cpu: '1m', memory: '2' }),
    existing: { milliCPU: 5, memory: 5 }, code: 'Success',
  },
  {
    name: 'pod-level cpu resource not fit', pod: resourcePod({ milliCPU: 1, memory: 1 }).podLevelRequests({ cpu: '7m', memory: '2' }),
    existing: { milliCPU: 5, memory: 5 }, code: 'Unschedulable', insufficient: [ir('cpu', 7, 5, 10)],
  },
  {
    name: 'pod-level memory resource not fit', pod: resourcePod({ milliCPU: 1, memory: 1 }).podLevelRequests({ cpu: '3m', memory: '2' }),
    existing: { milliCPU: 5, memory: 19 }, code: 'Unschedulable', insufficient: [ir('memory', 2, 19, 20)],
  },
  {
    name: 'pod-level hugepages resource fit', pod: resourcePod().podLevelRequests({ cpu: '3m', memory: '2', [hugePageResourceA]: '5' }), code: 'Success',
  },
  {
    name: 'both pod-level and container-level hugepages resource fit',
    pod: resourcePod({ milliCPU: 1, memory: 1, scalar: { [hugePageResourceA]: 3 } }).podLevelRequests({ cpu: '3m', memory: '2', [hugePageResourceA]: '5' }),
    code: 'Success',
  },
  {
    name: 'pod-level hugepages resource not fit', pod: resourcePod().podLevelRequests({ cpu: '3m', memory: '2', [hugePageResourceA]: '10' }),
    code: 'UnschedulableAndUnresolvable', insufficient: [ir(hugePageResourceA, 10, 0, 5, true)],
  },
  {
    name: 'one pod-level cpu resource fits and all init and non-init containers resources fit',
    pod: withInit(resourcePod({ milliCPU: 1, memory: 1 }).podLevelRequests({ cpu: '3m', memory: '2' }), { milliCPU: 1, memory: 1 }),
    existing: { milliCPU: 5, memory: 19 }, code: 'Unschedulable', insufficient: [ir('memory', 2, 19, 20)],
  },
];

function runRow(row: Row, nodeAllocatable: ResourceList) {
  const node = makeNode().name('node').allocatable(nodeAllocatable).obj();
  const pods: Pod[] = row.existing ? [resourcePod(row.existing).name('existing').node('node').obj()] : [];
  const env = newTestEnv({ nodes: [node], pods });
  const args = NodeResourcesFit.applyDefaults!({ ...defaultFitArgs(), ...row.args });
  const plugin = NodeResourcesFit.factory(args, env.handle);
  return runPreFilterAndFilter(plugin, env, row.pod.obj()).filter.get('node')!;
}

function expectRow(row: Row, nodeAllocatable: ResourceList) {
  const status = runRow(row, nodeAllocatable);
  expect(status.code).toBe(row.code);
  if (row.code === 'Success') return;
  const insufficient = row.insufficient ?? [];
  expect(status.reasons).toEqual(insufficient.map((r) => r.reason));
  expect(status.details).toEqual({ insufficientResources: insufficient });
}

describe('NodeResourcesFit Filter (TestEnoughRequests)', () => {
  it.each(enoughRequests)('$name', (row) => expectRow(row, allocatable(10, 20, 32, 5, 20, 5)));
});

describe('NodeResourcesFit Filter without PreFilter (TestPreFilterDisabled)', () => {
  it('returns an Error status when the PreFilter state is missing', () => {
    const env = newTestEnv({ nodes: [makeNode().name('node').obj()] });
    const plugin = NodeResourcesFit.factory(defaultFitArgs(), env.handle);
    const status = plugin.filter!(new CycleState(), newPodInfo(makePod().name('p').obj()), env.snapshot.get('node')!);
    expect(status.code).toBe('Error');
    expect(status.message()).toContain('not found');
  });
});

describe('NodeResourcesFit Filter (TestNotEnoughRequests): allocatable pods = 1, one pod already there', () => {
  const rows: Row[] = [
    { name: "even without specified resources, predicate fails when there's no space for additional pod", pod: makePod().name('p'), existing: { milliCPU: 10, memory: 20 }, code: 'Unschedulable' },
    { name: "even if both resources fit, predicate fails when there's no space for additional pod", pod: resourcePod({ milliCPU: 1, memory: 1 }), existing: { milliCPU: 5, memory: 5 }, code: 'Unschedulable' },
    { name: "even for equal edge case, predicate fails when there's no space for additional pod", pod: resourcePod({ milliCPU: 5, memory: 1 }), existing: { milliCPU: 5, memory: 19 }, code: 'Unschedulable' },
    {
      name: "even for equal edge case, predicate fails when there's no space for additional pod due to init container",
      pod: withInit(resourcePod({ milliCPU: 5, memory: 1 }), { milliCPU: 5, memory: 1 }), existing: { milliCPU: 5, memory: 19 }, code: 'Unschedulable',
    },
  ];
  it.each(rows)('$name', (row) => {
    const status = runRow(row, allocatable(10, 20, 1, 0, 0, 0));
    expect(status.code).toBe('Unschedulable');
    expect(status.reasons).toEqual(['Too many pods']);
    expect(status.details).toEqual({ insufficientResources: [{ resourceName: 'pods', reason: 'Too many pods', requested: 1, used: 1, capacity: 1, unresolvable: false }] });
  });
});

describe('NodeResourcesFit Filter (TestStorageRequests)', () => {
  const rows: Row[] = [
    { name: 'empty storage requested, and pod fits', pod: resourcePod({ milliCPU: 1, memory: 1 }), existing: { milliCPU: 2, memory: 10 }, code: 'Success' },
    {
      name: 'storage ephemeral local storage request exceeds allocatable', pod: resourcePod({ ephemeralStorage: 25 }), existing: { milliCPU: 2, memory: 2 },
      code: 'UnschedulableAndUnresolvable', insufficient: [ir('ephemeral-storage', 25, 0, 20, true)],
    },
    { name: 'ephemeral local storage is sufficient', pod: resourcePod({ ephemeralStorage: 5 }), existing: { milliCPU: 2, memory: 2, ephemeralStorage: 10 }, code: 'Success' },
    { name: 'pod fits', pod: resourcePod({ ephemeralStorage: 10 }), existing: { milliCPU: 2, memory: 2 }, code: 'Success' },
  ];
  it.each(rows)('$name', (row) => expectRow(row, allocatable(10, 20, 32, 5, 20, 5)));
});

describe('NodeResourcesFit Filter (TestRestartableInitContainers, SidecarContainers GA)', () => {
  const withSidecar = (request?: ResourceList, sidecarRequest?: ResourceList) => {
    const w = makePod().name('p').container({ name: 'regular', ...(request ? { resources: { requests: request } } : {}) });
    w.pod.spec.initContainers = [{ name: 'restartable-init', restartPolicy: 'Always', ...(sidecarRequest ? { resources: { requests: sidecarRequest } } : {}) }];
    return w;
  };
  const rows: Row[] = [
    { name: 'allow pod without restartable init containers if sidecar containers is enabled', pod: makePod().name('p').container({ name: 'regular' }), code: 'Success' },
    { name: 'allow pod with restartable init containers if sidecar containers is enabled', pod: withSidecar(), code: 'Success' },
    {
      name: "allow pod if the total requested resources do not exceed the node's allocatable resources",
      pod: withSidecar({ cpu: '1m' }, { cpu: '1m' }), code: 'Success',
    },
    {
      name: "not allow pod if the total requested resources do exceed the node's allocatable resources",
      pod: withSidecar({ cpu: '1m' }, { cpu: '2m' }), code: 'UnschedulableAndUnresolvable', insufficient: [ir('cpu', 3, 0, 2, true)],
    },
  ];
  it.each(rows)('$name', (row) => expectRow(row, allocatable(2, 0, 1, 0, 0, 0)));
});

// upstream: fit.go shouldDelegateResourceToDRA — with DRAExtendedResource, an extended resource the
// node does not advertise but a DeviceClass backs is left to DynamicResources.
describe('NodeResourcesFit Filter: extended resources backed by DRA', () => {
  const gpu = 'example.com/gpu';
  const cls = { apiVersion: 'resource.k8s.io/v1', kind: 'DeviceClass' as const, metadata: { name: 'gpu.example.com' }, spec: { extendedResourceName: gpu } };
  const check = (node: ReturnType<ReturnType<typeof makeNode>['obj']>, requests: ResourceList, gate: boolean, withClass = true) => {
    const env = newTestEnv({ nodes: [node], resources: withClass ? [cls] : [], features: { DRAExtendedResource: gate } });
    const plugin = NodeResourcesFit.factory(defaultFitArgs(), env.handle);
    return runPreFilterAndFilter(plugin, env, makePod().name('p').req(requests).obj()).filter.get(node.metadata.name)!;
  };
  const bare = makeNode().name('n').capacity({ cpu: '4', memory: '4Gi', pods: '10' }).obj();
  const advertised = makeNode().name('n').capacity({ cpu: '4', memory: '4Gi', pods: '10', [gpu]: '1' }).obj();
  const zero = makeNode().name('n').capacity({ cpu: '4', memory: '4Gi', pods: '10', [gpu]: '0' }).obj();

  it('gate off: Insufficient example.com/gpu', () => {
    expect(check(bare, { [gpu]: '1' }, false)).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: [`Insufficient ${gpu}`] });
  });
  it('gate on and a class names the resource: Fit skips it on a node without it', () => {
    expect(check(bare, { [gpu]: '1' }, true).code).toBe('Success');
  });
  it('gate on, allocatable 0 counts as not advertised', () => {
    expect(check(zero, { [gpu]: '1' }, true).code).toBe('Success');
  });
  it('the implicit name deviceclass.resource.kubernetes.io/<class> is backed too', () => {
    expect(check(bare, { 'deviceclass.resource.kubernetes.io/gpu.example.com': '1' }, true).code).toBe('Success');
  });
  it('gate on but no class: still Insufficient', () => {
    expect(check(bare, { [gpu]: '1' }, true, false).reasons).toEqual([`Insufficient ${gpu}`]);
  });
  it('a node that advertises the resource is checked as always (device plugin)', () => {
    expect(check(advertised, { [gpu]: '2' }, true)).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: [`Insufficient ${gpu}`] });
  });
  it('gate on registers DeviceClass Add/Update (upstream: "Register events with DRAExtendedResource feature enabled")', () => {
    const env = newTestEnv({ nodes: [bare], features: { DRAExtendedResource: true } });
    const events = NodeResourcesFit.factory(defaultFitArgs(), env.handle).eventsToRegister!().map((e) => e.event);
    expect(events).toContainEqual({ resource: 'DeviceClass', actionType: ['Add', 'Update'] });
    const off = newTestEnv({ nodes: [bare] });
    expect(NodeResourcesFit.factory(defaultFitArgs(), off.handle).eventsToRegister!().map((e) => e.event.resource)).not.toContain('DeviceClass');
  });
});

// Filter compares a node's finding with the last node's before making a list (filtering.ts
// SameFinding) and then hands out that node's status: each node here differs from the one before
// in one field of the finding (or in how many it has), and must get its own.
describe('NodeResourcesFit Filter: a node lacking what the node before lacked shares its status, no other', () => {
  const a = 'example.com/a', b = 'example.com/b';
  const node = (name: string, capacity: ResourceList) => makeNode().name(name).capacity({ memory: '4Gi', pods: '10', ...capacity }).obj();
  // n0 lacks what n8 lacks: the second pod's first node comes after the first pod's last
  const nodes = [
    node('n0', { cpu: '4' }),
    node('n1', { cpu: '1' }),
    node('n2', { cpu: '1' }),
    node('n3', { cpu: '1500m' }),
    node('n4', { cpu: '4' }),
    node('n5', { cpu: '4', [a]: '1', [b]: '1' }),
    node('n6', { cpu: '4', pods: '1' }),
    node('n7', { cpu: '4', [a]: '2', [b]: '2' }),
    node('n8', { cpu: '4' }),
  ];
  const pods = [
    makePod().name('on-n5').node('n5').req({ [a]: '1', [b]: '1' }).obj(),
    makePod().name('on-n6').node('n6').obj(),
    makePod().name('on-n7').node('n7').req({ [a]: '1', [b]: '1' }).obj(),
  ];
  const env = newTestEnv({ nodes, pods });
  // one plugin for both pods: what it keeps from the first pod's nodes must not answer for the second's
  const plugin = NodeResourcesFit.factory(NodeResourcesFit.applyDefaults!(defaultFitArgs()), env.handle);
  const findings = (requests: ResourceList) => {
    const statuses = runPreFilterAndFilter(plugin, env, makePod().name('p').req(requests).obj()).filter;
    return Object.fromEntries([...statuses].map(([name, s]) => [name, s.code === 'Success' ? 'Success' : (s.details as { insufficientResources: InsufficientResource[] }).insufficientResources]));
  };

  // what every node lacks for cpu 2 and one of `r`
  const lacking = (r: string) => ({
    n0: [ir(r, 1, 0, 0, true)],
    n1: [ir('cpu', 2000, 0, 1000, true), ir(r, 1, 0, 0, true)],
    n2: [ir('cpu', 2000, 0, 1000, true), ir(r, 1, 0, 0, true)],
    n3: [ir('cpu', 2000, 0, 1500, true), ir(r, 1, 0, 0, true)],
    n4: [ir(r, 1, 0, 0, true)],
    n5: [ir(r, 1, 1, 1)],
    n6: [{ resourceName: 'pods', reason: 'Too many pods', requested: 1, used: 1, capacity: 1, unresolvable: false }, ir(r, 1, 0, 0, true)],
    n7: 'Success',
    n8: [ir(r, 1, 0, 0, true)],
  });

  it('the first pod, cpu 2 and one example.com/a', () => {
    expect(findings({ cpu: '2', [a]: '1' })).toEqual(lacking(a));
  });

  it('the second pod, the same request of example.com/b instead: its own name everywhere', () => {
    expect(findings({ cpu: '2', [b]: '1' })).toEqual(lacking(b));
  });

  it('the first pod again (its verdicts kept from the first cycle), then two of example.com/a', () => {
    expect(findings({ cpu: '2', [a]: '1' })['n4']).toEqual([ir(a, 1, 0, 0, true)]);
    expect(findings({ cpu: '2', [a]: '2' })).toMatchObject({ n5: [ir(a, 2, 1, 1, true)], n7: [ir(a, 2, 1, 2)], n8: [ir(a, 2, 0, 0, true)] });
  });
});
