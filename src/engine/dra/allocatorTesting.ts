// Fixtures of the structured allocator's tests, as upstream's shared table builds them
// (staging/src/k8s.io/dynamic-resource-allocation/structured/internal/allocatortesting/
// allocator_testing.go): nodes, classes, claims, slices, devices and expected results.
// Claims here have the namespace "default", so upstream's "claim claim-0" reads
// "claim default/claim-0".
import type {
  AllocationResult, CounterSet, Device, DeviceAttribute, DeviceClass, DeviceConstraint, DeviceCounterConsumption, DeviceRequest,
  DeviceRequestAllocationResult, DeviceSubRequest, DeviceTaint, DeviceToleration, ResourceClaim, ResourceSlice,
} from '../model/resource';
import type { Node, NodeSelector } from '../model/types';
import { expect } from 'vitest';
import { allocate, type DeviceID, type Features } from './allocator';
import { shareFromResult } from './consumableCapacity';

export const [node1, node2, region1, region2] = ['node-1', 'node-2', 'region-1', 'region-2'];
export const [classA, classB, driverA, driverB] = ['class-a', 'class-b', 'driver-a', 'driver-b'];
export const [pool1, pool2] = ['pool-1', 'pool-2'];
export const [req0, req1, req2, req3] = ['req-0', 'req-1', 'req-2', 'req-3'];
export const [device1, device2, device3, device4] = ['device-1', 'device-2', 'device-3', 'device-4'];
export const [counterSet1, counterSet2, capacity0, capacity1] = ['counter-set-1', 'counter-set-2', 'capacity-0', 'capacity-1'];
/** stands for any share ID in expected results (upstream: fixedShareID) */
export const SHARE_ID = 'share-id';

export const allFeatures: Features = { adminAccess: true, prioritizedList: true, partitionableDevices: true, deviceTaints: true, consumableCapacity: true };

/** upstream's Features{...}: the features a row names on, the others off */
export const only = (f: Partial<Features>): Partial<Features> => ({ adminAccess: false, prioritizedList: false, partitionableDevices: false, deviceTaints: false, consumableCapacity: false, ...f });

export const node = (name: string, region: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { region, planet: 'earth' } }, spec: {}, status: {} } as unknown as Node);
export const cls = (name: string, driver: string, config?: string): DeviceClass => ({
  apiVersion: 'resource.k8s.io/v1', kind: 'DeviceClass', metadata: { name },
  spec: { selectors: [{ cel: { expression: `device.driver == "${driver}"` } }], ...(config ? { config: [{ opaque: { driver, parameters: { [config]: `${config}Value` } } }] } : {}) },
});
/** upstream: classWithAllowMultipleAllocations */
export const sharedCls = (name: string, driver: string, multi: boolean): DeviceClass => ({
  apiVersion: 'resource.k8s.io/v1', kind: 'DeviceClass', metadata: { name },
  spec: { selectors: [{ cel: { expression: `device.driver == "${driver}" && device.allowMultipleAllocations == ${multi}` } }] },
});
const celSelectors = (selectors: string[]) => (selectors.length ? { selectors: selectors.map((expression) => ({ cel: { expression } })) } : {});
export const request = (name: string, className: string, count = 1, ...selectors: string[]): DeviceRequest => ({
  name, exactly: { deviceClassName: className, allocationMode: 'ExactCount', count, ...celSelectors(selectors) },
});
export const allRequest = (name: string, className: string): DeviceRequest => ({ name, exactly: { deviceClassName: className, allocationMode: 'All' } });
export const subRequest = (name: string, className: string, count: number, ...selectors: string[]): DeviceSubRequest => ({
  name, deviceClassName: className, allocationMode: 'ExactCount', count, ...celSelectors(selectors),
});
/** upstream: withCapacityRequest — asks for `q` of capacity-0 */
export function withCapacity<T extends DeviceRequest | DeviceSubRequest>(r: T, q: string): T {
  const capacity = { requests: { [capacity0]: q } };
  return 'deviceClassName' in r ? { ...r, capacity } : { ...r, exactly: { ...(r as DeviceRequest).exactly!, capacity } };
}
export const firstAvailable = (name: string, ...subs: DeviceSubRequest[]): DeviceRequest => ({ name, firstAvailable: subs });
export const claim = (name: string, constraints: DeviceConstraint[] | undefined, ...requests: DeviceRequest[]): ResourceClaim => ({
  apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim', metadata: { name, namespace: 'default' },
  spec: { devices: { requests, ...(constraints ? { constraints } : {}) } }, status: {},
});
export const claimWithRequest = (name: string, req: string, className: string, ...constraints: DeviceConstraint[]) => claim(name, constraints.length ? constraints : undefined, request(req, className));
export const withTolerations = (c: ResourceClaim, ...t: DeviceToleration[]): ResourceClaim => ({
  ...c, spec: { devices: { ...c.spec.devices, requests: c.spec.devices!.requests!.map((r) => ({ ...r, exactly: { ...r.exactly!, tolerations: t } })) } },
});

export const device = (name: string, capacity?: Record<string, string>, attributes?: Record<string, DeviceAttribute>, taints?: DeviceTaint[]): Device => ({
  name, ...(capacity ? { capacity: Object.fromEntries(Object.entries(capacity).map(([k, v]) => [k, { value: v }])) } : {}),
  ...(attributes ? { attributes } : {}), ...(taints ? { taints } : {}),
});
export const consumption = (counterSet: string, counters: Record<string, string>): DeviceCounterConsumption => ({
  counterSet, counters: Object.fromEntries(Object.entries(counters).map(([k, v]) => [k, { value: v }])),
});
/** upstream: withDeviceCounterConsumption; `fromCounters` gives the device a capacity per counter it consumes */
export function consumes(d: Device, fromCounters: boolean, ...c: DeviceCounterConsumption[]): Device {
  const out: Device = { ...d, consumesCounters: [...(d.consumesCounters ?? []), ...c] };
  if (fromCounters) out.capacity = Object.fromEntries(out.consumesCounters!.flatMap((x) => Object.entries(x.counters).map(([k, v]) => [k, { value: v.value }])));
  return out;
}
export const shared = (d: Device): Device => ({ ...d, allowMultipleAllocations: true });
/** upstream: withCapacityRequestPolicyRange — default 2, validRange min 2, step 2, max 4 */
export const withRangePolicy = (d: Device, capacity: Record<string, string>): Device => ({
  ...d, capacity: { ...d.capacity, ...Object.fromEntries(Object.entries(capacity).map(([k, v]) => [k, { value: v, requestPolicy: { default: '2', validRange: { min: '2', step: '2', max: '4' } } }])) },
});
/** upstream: withCapacityRequestPolicyValidValues — the default is the smallest valid value */
export const withValidValues = (d: Device, def: string, capacity: Record<string, string>, more: string[] = []): Device => ({
  ...d, capacity: { ...d.capacity, ...Object.fromEntries(Object.entries(capacity).map(([k, v]) => [k, { value: v, requestPolicy: { default: def, validValues: [def, ...more] } }])) },
});

export type Placement = string | NodeSelector | 'all' | 'perDevice';
function placement(on: Placement): Partial<ResourceSlice['spec']> {
  if (on === 'all') return { allNodes: true };
  if (on === 'perDevice') return { perDeviceNodeSelection: true };
  return typeof on === 'string' ? { nodeName: on } : { nodeSelector: on };
}
export const slice = (name: string, on: Placement, pool: string, driver: string, devices: Device[], gen = 1, count = 1): ResourceSlice => ({
  apiVersion: 'resource.k8s.io/v1', kind: 'ResourceSlice', metadata: { name },
  spec: { driver, pool: { name: pool, generation: gen, resourceSliceCount: count }, ...placement(on), devices },
});
/** upstream: sliceWithCounterSets */
export const counterSlice = (name: string, on: Placement, pool: string, driver: string, sets: CounterSet[], count = 1): ResourceSlice => ({
  apiVersion: 'resource.k8s.io/v1', kind: 'ResourceSlice', metadata: { name },
  spec: { driver, pool: { name: pool, generation: 1, resourceSliceCount: count }, ...placement(on), sharedCounters: sets },
});
export const counterSet = (name: string, counters: Record<string, string>): CounterSet => ({ name, counters: Object.fromEntries(Object.entries(counters).map(([k, v]) => [k, { value: v }])) });
/** upstream: sliceWithMultipleDevices — device-0 … device-(count-1) */
export const sliceWithDevices = (name: string, on: Placement, pool: string, driver: string, count: number) => slice(name, on, pool, driver, Array.from({ length: count }, (_, i) => device(`device-${i}`)));
export const sliceWithOneDevice = (name: string, on: Placement, pool: string, driver: string) => slice(name, on, pool, driver, [device(device1)]);
export const localNodeSelector = (name: string): NodeSelector => ({ nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [name] }] }] });
export const labelSelector = (key: string, ...values: string[]): NodeSelector => ({ nodeSelectorTerms: [{ matchExpressions: [{ key, operator: 'In', values }] }] });
export const withNode = (d: Device, on: Placement): Device => ({ ...d, ...(on === 'all' ? { allNodes: true } : typeof on === 'string' ? { nodeName: on } : { nodeSelector: on as NodeSelector }) });

export const result = (request: string, driver: string, pool: string, dev: string, adminAccess = false): DeviceRequestAllocationResult => ({ request, driver, pool, device: dev, ...(adminAccess ? { adminAccess: true } : {}) });
/** upstream: withConsumedCapacity(&fixedShareID, consumed) */
export const sharedResult = (request: string, driver: string, pool: string, dev: string, consumed?: Record<string, string>): DeviceRequestAllocationResult => ({
  ...result(request, driver, pool, dev), shareID: SHARE_ID, ...(consumed ? { consumedCapacity: consumed } : {}),
});
export const allocation = (nodeSelector: NodeSelector | undefined, ...results: DeviceRequestAllocationResult[]): AllocationResult => ({ devices: { results }, ...(nodeSelector ? { nodeSelector } : {}) });

export interface Row {
  claims: ResourceClaim[];
  classes: DeviceClass[];
  slices: ResourceSlice[];
  node: Node;
  allocated?: string[];
  /** upstream: allocatedCapacityDevices — what shares of allocated claims consume, by device */
  allocatedCapacity?: Record<DeviceID, Record<string, string>>;
  features?: Partial<Features>;
  /** undefined: no allocation (and no error) */
  expect?: AllocationResult[];
  error?: string;
}

export function run(row: Row) {
  return allocate({
    features: { ...allFeatures, ...row.features },
    allocatedDevices: new Set(row.allocated ?? []),
    allocatedCapacity: new Map(Object.entries(row.allocatedCapacity ?? {}).map(([id, c]) => [id, shareFromResult(c, id.split('/')[0]!)])),
    deviceClass: (name) => row.classes.find((c) => c.metadata.name === name),
    slices: row.slices,
  }, row.node, row.claims);
}

/** The allocations with every share ID replaced by SHARE_ID (upstream fixes the generator). */
export function withFixedShareIDs(allocations: AllocationResult[]): AllocationResult[] {
  return allocations.map((a) => ({ ...a, devices: { ...a.devices, results: a.devices.results.map((r) => (r.shareID ? { ...r, shareID: SHARE_ID } : r)) } }));
}

export const memory = (size: string) => `device.capacity["${driverA}"].memory.compareTo(quantity("${size}")) >= 0`;

/** Runs a row and checks it: its error, or a failure without one (`expect` unset), or its allocations. */
export function expectRow(row: Row): void {
  const r = run(row);
  if (row.error !== undefined) {
    expect(r.ok).toBe(false);
    expect(r.ok ? undefined : r.error).toContain(row.error);
    return;
  }
  if (row.expect === undefined) {
    expect(r).toMatchObject({ ok: false });
    expect(r.ok ? '' : r.error).toBeUndefined();
    return;
  }
  expect(r.ok).toBe(true);
  expect(r.ok ? withFixedShareIDs(r.allocations) : []).toEqual(row.expect);
}
