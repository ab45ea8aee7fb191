// The structured allocator with partitionable devices (DRAPartitionableDevices: shared counters)
// and consumable capacity (DRAConsumableCapacity: shared devices, capacity requests, request
// policies, distinctAttribute). Rows ported from upstream's shared table
// (staging/src/k8s.io/dynamic-resource-allocation/structured/internal/allocatortesting/
// allocator_testing.go, TestAllocator), named as upstream names them, with upstream's features:
// the ones a row does not list are off.
import { describe, it } from 'vitest';
import type { Device } from '../model/resource';
import {
  allocation, allRequest, capacity0, capacity1, claim, classA, classB, cls, consumes, consumption, counterSet, counterSet1, counterSet2,
  counterSlice, device, device1, device2, device3, device4, driverA, driverB, firstAvailable, labelSelector, localNodeSelector, memory,
  node, node1, node2, only, pool1, pool2, region1, req0, req1, req2, req3, request, result, shared, sharedCls, sharedResult, slice,
  subRequest, withCapacity, withNode, withRangePolicy, withValidValues, expectRow, type Row,
} from './allocatorTesting';

const PD = only({ partitionableDevices: true });
const PD_PL = only({ partitionableDevices: true, prioritizedList: true });
const CC = only({ consumableCapacity: true });
const CC_PL = only({ consumableCapacity: true, prioritizedList: true });
const ALL3 = only({ partitionableDevices: true, prioritizedList: true, consumableCapacity: true });

const n1 = node(node1, region1);
const local1 = localNodeSelector(node1);
const [sub0, sub1] = ['subReq-0', 'subReq-1'];
/** a device consuming `counters` from one counter set; `fromCounters` also publishes them as its capacity */
const part = (name: string, set: string, counters: Record<string, string>, fromCounters = true): Device => consumes(device(name), fromCounters, consumption(set, counters));
const mem = (name: string, size: string, fromCounters = true) => part(name, counterSet1, { memory: size }, fromCounters);
const counters8Gi = (name = 'slice-2', on: Parameters<typeof counterSlice>[1] = node1) => counterSlice(name, on, pool1, driverA, [counterSet(counterSet1, { memory: '8Gi' })], 2);
const sharedCap = (name: string, capacity: Record<string, string>, attributes?: Device['attributes']) => shared(device(name, capacity, attributes));
const rangeDevice = (name: string, cap: string, attributes?: Device['attributes']) => withRangePolicy(shared(device(name, undefined, attributes)), { [capacity0]: cap });
const c0 = (q: string) => ({ [capacity0]: q });
const two = (r: ReturnType<typeof request>) => [claim('claim-0', undefined, r), claim('claim-1', undefined, r)];
const prioritized = (req: string, ...sizes: string[]) => firstAvailable(req, ...sizes.map((size, i) => subRequest(`subReq-${i}`, classA, 1, memory(size))));
const capSelector = (q: string) => `device.capacity["${driverA}"]["${capacity0}"].compareTo(quantity("${q}")) >= 0`;

const partitionable: Record<string, Row> = {
  'partitionable-devices-single-device': {
    features: PD, claims: [claim('claim-0', undefined, request(req0, classA))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [mem(device1, '4Gi', false)], 1, 2), counters8Gi()],
    expect: [allocation(local1, result(req0, driverA, pool1, device1))],
  },
  'partitionable-devices-prioritized-list': {
    features: PD_PL, claims: [claim('claim-0', undefined, request(req0, classA), prioritized(req1, '6Gi', '4Gi'))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [mem(device1, '4Gi'), mem(device2, '6Gi'), mem(device3, '4Gi')], 1, 2), counters8Gi()],
    expect: [allocation(local1, result(req0, driverA, pool1, device1), result(`${req1}/${sub1}`, driverA, pool1, device3))],
  },
  'partitionable-devices-multiple-devices': {
    features: PD, claims: [claim('claim-0', undefined, request(req0, classA), request(req1, classA))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [mem(device1, '4Gi'), mem(device2, '6Gi'), mem(device3, '4Gi')], 1, 2), counters8Gi()],
    expect: [allocation(local1, result(req0, driverA, pool1, device1), result(req1, driverA, pool1, device3))],
  },
  'partitionable-devices-multiple-capacity-pools': {
    features: PD_PL, claims: [claim('claim-0', undefined, request(req0, classA), prioritized(req1, '6Gi', '4Gi'))], classes: [cls(classA, driverA)], node: n1,
    slices: [
      slice('slice-1', node1, pool1, driverA, [
        consumes(device(device1), true, consumption(counterSet1, { memory: '4Gi' }), consumption(counterSet2, { cpus: '4' })),
        consumes(device(device2), true, consumption(counterSet1, { memory: '6Gi' }), consumption(counterSet2, { cpus: '6' })),
        consumes(device(device3), true, consumption(counterSet1, { memory: '4Gi' }), consumption(counterSet2, { cpus: '4' })),
      ], 1, 2),
      counterSlice('slice-2', node1, pool1, driverA, [counterSet(counterSet1, { memory: '18Gi' }), counterSet(counterSet2, { cpus: '8' })], 2),
    ],
    expect: [allocation(local1, result(req0, driverA, pool1, device1), result(`${req1}/${sub1}`, driverA, pool1, device3))],
  },
  'partitionable-devices-multiple-counters': {
    features: PD, claims: [claim('claim-0', undefined, request(req0, classA), request(req1, classA))], classes: [cls(classA, driverA)], node: n1,
    slices: [
      slice('slice-1', node1, pool1, driverA, [
        consumes(device(device1), true, consumption(counterSet1, { memory: '4Gi', cpus: '6' }), consumption(counterSet2, { cpus: '4', memory: '2Gi' })),
        consumes(device(device2), true, consumption(counterSet1, { memory: '6Gi', cpus: '4' }), consumption(counterSet2, { cpus: '6', memory: '6Gi' })),
        consumes(device(device3), true, consumption(counterSet1, { memory: '4Gi', cpus: '4' }), consumption(counterSet2, { cpus: '4', memory: '4Gi' })),
      ], 1, 2),
      counterSlice('slice-2', node1, pool1, driverA, [counterSet(counterSet1, { cpus: '8', memory: '18Gi' }), counterSet(counterSet2, { cpus: '12', memory: '18Gi' })], 2),
    ],
    expect: [allocation(local1, result(req0, driverA, pool1, device2), result(req1, driverA, pool1, device3))],
  },
  'partitionable-devices-multiple-pools': {
    features: PD, claims: [claim('claim-0', undefined, request(req0, classA), request(req1, classA))], classes: [cls(classA, driverA)], node: n1,
    slices: [
      slice('slice-1', node1, pool1, driverA, [part(device1, counterSet1, { cpus: '6', memory: '4Gi' }), part(device2, counterSet1, { cpus: '4', memory: '6Gi' }), part(device3, counterSet1, { cpus: '4', memory: '4Gi' })], 1, 2),
      counterSlice('slice-2', node1, pool1, driverA, [counterSet(counterSet1, { cpus: '8', memory: '18Gi' })], 2),
      slice('slice-3', node1, pool2, driverA, [part(device1, counterSet1, { cpus: '6', memory: '4Gi' }), part(device2, counterSet1, { cpus: '1', memory: '7Gi' }), part(device3, counterSet1, { cpus: '1', memory: '7Gi' })], 1, 2),
      counterSlice('slice-4', node1, pool2, driverA, [counterSet(counterSet1, { cpus: '8', memory: '18Gi' })], 2),
    ],
    allocated: [`${driverA}/${pool1}/${device2}`, `${driverA}/${pool1}/${device3}`, `${driverA}/${pool2}/${device1}`],
    expect: [allocation(local1, result(req0, driverA, pool2, device2), result(req1, driverA, pool2, device3))],
  },
  'partitionable-devices-unused-counters-in-counter-set': {
    features: PD, claims: [claim('claim-0', undefined, request(req0, classA, 2))], classes: [cls(classA, driverA)], node: n1,
    slices: [
      slice('slice-1', node1, pool1, driverA, [mem(device1, '5Gi', false), mem(device2, '4Gi', false), mem(device3, '4Gi', false)], 1, 2),
      counterSlice('slice-2', node1, pool1, driverA, [counterSet(counterSet1, { memory: '8Gi', unused: '1Gi' })], 2),
    ],
    expect: [allocation(local1, result(req0, driverA, pool1, device2), result(req0, driverA, pool1, device3))],
  },
  'partitionable-devices-no-capacity-available': {
    features: PD, claims: [claim('claim-0', undefined, request(req0, classA))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [mem(device1, '4Gi'), mem(device2, '16Gi')]), counterSlice('slice-2', node1, pool1, driverA, [counterSet(counterSet1, { memory: '18Gi' })])],
    allocated: [`${driverA}/${pool1}/${device2}`],
  },
  'partitionable-devices-overallocated-capacity-pool': {
    features: PD, claims: [claim('claim-0', undefined, request(req0, classA))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [mem(device1, '4Gi'), mem(device2, '20Gi')]), counterSlice('slice-2', node1, pool1, driverA, [counterSet(counterSet1, { memory: '18Gi' })])],
    allocated: [`${driverA}/${pool1}/${device2}`],
  },
  'partitionable-devices-disabled-device-consumes-counters': {
    features: only({}), claims: [claim('claim-0', undefined, request(req0, classA))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [mem(device1, '4Gi', false)]), counterSlice('slice-2', node1, pool1, driverA, [counterSet(counterSet1, { memory: '18Gi' })])],
  },
  'partitionable-devices-disabled-other-device-do-not-consume-counters': {
    features: only({}), claims: [claim('claim-0', undefined, request(req0, classA))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [mem(device1, '4Gi', false), device(device2)], 1, 2), counterSlice('slice-2', node1, pool1, driverA, [counterSet(counterSet1, { memory: '18Gi' })], 2)],
    expect: [allocation(local1, result(req0, driverA, pool1, device2))],
  },
  'partitionable-devices-disabled-per-device-node-selection': {
    features: only({}), claims: [claim('claim-0', undefined, request(req0, classA))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', 'perDevice', pool1, driverA, [withNode(device(device2), node1)])],
  },
  'partitionable-devices-per-device-node-selection-nodename': {
    features: PD_PL, claims: [claim('claim-0', undefined, prioritized(req0, '6Gi', '4Gi'))], classes: [cls(classA, driverA)], node: n1,
    slices: [
      slice('slice-1', 'perDevice', pool1, driverA, [withNode(mem(device1, '4Gi'), node1), withNode(mem(device2, '6Gi'), node2)], 1, 2),
      counterSlice('slice-2', 'perDevice', pool1, driverA, [counterSet(counterSet1, { memory: '18Gi' })], 2),
    ],
    expect: [allocation(local1, result(`${req0}/${sub1}`, driverA, pool1, device1))],
  },
  'partitionable-devices-per-device-node-selection-node-selector': {
    features: PD_PL, claims: [claim('claim-0', undefined, request(req0, classA))], classes: [cls(classA, driverA)], node: n1,
    slices: [
      slice('slice-1', 'perDevice', pool1, driverA, [withNode(mem(device1, '4Gi'), labelSelector('region', region1))], 1, 2),
      counterSlice('slice-2', 'perDevice', pool1, driverA, [counterSet(counterSet1, { memory: '18Gi' })], 2),
    ],
    expect: [allocation(labelSelector('region', region1), result(req0, driverA, pool1, device1))],
  },
  'partitionable-devices-per-device-node-selection-node-selector-multiple-devices': {
    features: PD_PL, claims: [claim('claim-0', undefined, request(req0, classA, 3), request(req1, classB, 3))], classes: [cls(classA, driverA), cls(classB, driverB)], node: n1,
    slices: [
      slice('slice-1', 'perDevice', pool1, driverA, [withNode(mem(device1, '4Gi'), labelSelector('region', region1)), withNode(mem(device2, '4Gi'), node1), withNode(mem(device3, '4Gi'), 'all')], 1, 2),
      counterSlice('slice-2', 'perDevice', pool1, driverA, [counterSet(counterSet1, { memory: '18Gi' })], 2),
      slice('slice-3', node1, pool2, driverB, [device1, device2, device3].map((d) => part(d, counterSet2, { memory: '4Gi' })), 1, 2),
      counterSlice('slice-4', node1, pool2, driverB, [counterSet(counterSet2, { memory: '12Gi' })], 2),
    ],
    expect: [allocation(local1,
      result(req0, driverA, pool1, device1), result(req0, driverA, pool1, device2), result(req0, driverA, pool1, device3),
      result(req1, driverB, pool2, device1), result(req1, driverB, pool2, device2), result(req1, driverB, pool2, device3))],
  },
  'partitionable-devices-with-attribute-selector': {
    features: PD, claims: [claim('claim-0', undefined, request(req0, classA, 2), request(req1, classA, 1, `device.attributes["${driverA}"].special`))], classes: [cls(classA, driverA)], node: n1,
    slices: [
      slice('slice-1', node1, pool1, driverA, [1, 2, 3].map((i) => consumes(device(`device-${i}`, undefined, { special: { bool: i === 1 } }), false,
        consumption(counterSet1, { [`cpu${i}`]: '1' }), consumption(counterSet2, { mem: '10Gi' }))), 1, 2),
      counterSlice('slice-2', node1, pool1, driverA, [counterSet(counterSet1, { cpu1: '1', cpu2: '1', cpu3: '1' }), counterSet(counterSet2, { mem: '30Gi' })], 2),
    ],
    expect: [allocation(local1, result(req0, driverA, pool1, device2), result(req0, driverA, pool1, device3), result(req1, driverA, pool1, device1))],
  },
};

const invalidPools = 'invalid resource pools were encountered';
partitionable['partitionable-devices-same-counter-set-name-in-different-resource-slices'] = {
  features: PD, claims: [claim('claim-0', undefined, request(req0, classA))], classes: [cls(classA, driverA)], node: n1,
  slices: [
    slice('slice-1', node1, pool1, driverA, [device(device1)], 1, 4), counterSlice('slice-2', node1, pool1, driverA, [counterSet(counterSet1, {})], 4),
    slice('slice-3', node1, pool1, driverA, [device(device2)], 1, 4), counterSlice('slice-4', node1, pool1, driverA, [counterSet(counterSet1, {})], 4),
  ],
  error: invalidPools,
};
partitionable['partitionable-devices-device-counter-consumption-references-unknown-counter-set'] = {
  features: PD, claims: [claim('claim-0', undefined, request(req0, classA))], classes: [cls(classA, driverA)], node: n1,
  slices: [slice('slice-1', node1, pool1, driverA, [consumes(device(device1), false, consumption(counterSet2, {}))], 1, 2), counterSlice('slice-2', node1, pool1, driverA, [counterSet(counterSet1, {})], 2)],
  error: invalidPools,
};
partitionable['partitionable-devices-device-counter-consumption-references-unknown-counter-in-counter-set'] = {
  features: PD, claims: [claim('claim-0', undefined, request(req0, classA))], classes: [cls(classA, driverA)], node: n1,
  slices: [slice('slice-1', node1, pool1, driverA, [mem(device1, '8Gi', false)], 1, 2), counterSlice('slice-2', node1, pool1, driverA, [counterSet(counterSet1, { 'other-memory': '8Gi' })], 2)],
  error: invalidPools,
};
partitionable['partitionable-devices-device-counter-consumption-references-counter-set-in-other-pool'] = {
  features: PD, claims: [claim('claim-0', undefined, request(req0, classA))], classes: [cls(classA, driverA)], node: n1,
  slices: [slice('slice-1', node1, pool1, driverA, [mem(device1, '8Gi', false)]), counterSlice('slice-2', node1, pool2, driverA, [counterSet(counterSet1, { memory: '8Gi' })])],
  error: invalidPools,
};
partitionable['partitionable-devices-devices-on-different-nodes-consume-same-counter-set'] = {
  features: PD_PL, claims: [claim('claim-0', undefined, prioritized(req0, '6Gi', '2Gi'))], classes: [cls(classA, driverA)], node: n1,
  slices: [
    counterSlice('slice-1', node1, pool1, driverA, [counterSet(counterSet1, { memory: '8Gi' })], 3),
    slice('slice-2', node1, pool1, driverA, [mem(device1, '6Gi'), mem(device2, '2Gi')], 1, 3),
    slice('slice-3', node2, pool1, driverA, [mem(device3, '6Gi', false)], 1, 3),
  ],
  allocated: [`${driverA}/${pool1}/${device3}`],
  expect: [allocation(local1, result(`${req0}/${sub1}`, driverA, pool1, device2))],
};
partitionable['partitionable-devices-validation-error-on-non-targeting-slice'] = {
  features: PD, claims: [claim('claim-0', undefined, request(req0, classA))], classes: [cls(classA, driverA)], node: n1,
  slices: [
    counterSlice('slice-1', node1, pool1, driverA, [counterSet(counterSet1, { memory: '8Gi' })], 3),
    slice('slice-2', node1, pool1, driverA, [mem(device1, '6Gi')], 1, 3),
    slice('slice-3', node2, pool1, driverA, [part(device3, counterSet2, { memory: '6Gi' }, false)], 1, 3),
  ],
  error: invalidPools,
};

const consumable: Record<string, Row> = {
  'consumable-capacity-disabled-feature': {
    features: only({}), claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '1'))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1)])],
    error: 'claim default/claim-0, request req-0: has capacity requests, but the DRAConsumableCapacity feature is disabled',
  },
  'consumable-capacity-disabled-feature-with-prioritized-list': {
    features: only({ prioritizedList: true }), classes: [cls(classA, driverA)], node: n1,
    claims: [claim('claim-0', undefined, firstAvailable(req0, withCapacity(subRequest(sub0, classA, 1), '1'), withCapacity(subRequest(sub1, classA, 1), '1')))],
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1)])],
    error: 'claim default/claim-0, subrequest subReq-0: has capacity requests, but the DRAConsumableCapacity feature is disabled',
  },
  'consumable-capacity-multi-allocatable-device-with-missing-capacity-request': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '1'))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [sharedCap(device1, { [capacity1]: '1' })])],
  },
  'consumable-capacity-multi-allocatable-device-allocation-mode-all-with-missing-capacity-request': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(allRequest(req0, classA), '1'))], classes: [sharedCls(classA, driverA, true)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [sharedCap(device1, { [capacity1]: '1' })])],
  },
  'consumable-capacity-multi-allocatable-device-without-capacity-without-capacity-request': {
    features: CC, claims: two(request(req0, classA)), classes: [sharedCls(classA, driverA, true)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [shared(device(device1))])],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device1)), allocation(local1, sharedResult(req0, driverA, pool1, device1))],
  },
  'consumable-capacity-multi-allocatable-device-without-policy-without-capacity-request': {
    features: CC, claims: two(request(req0, classA)), classes: [sharedCls(classA, driverA, true)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [sharedCap(device1, c0('1')), sharedCap(device2, c0('1'))])],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('1'))), allocation(local1, sharedResult(req0, driverA, pool1, device2, c0('1')))],
  },
  'consumable-capacity-multi-allocatable-device-without-policy-without-capacity-request-block': {
    features: CC, claims: two(request(req0, classA)), classes: [sharedCls(classA, driverA, true)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [sharedCap(device1, c0('2'))])],
  },
  'consumable-capacity-multi-allocatable-device-without-policy-with-capacity-request': {
    features: CC, claims: two(withCapacity(request(req0, classA), '1')), classes: [sharedCls(classA, driverA, true)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [sharedCap(device1, c0('2'))])],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('1'))), allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('1')))],
  },
  'consumable-capacity-multi-allocatable-device-with-policy-without-capacity-request': {
    features: CC, claims: two(request(req0, classA)), classes: [sharedCls(classA, driverA, true)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [rangeDevice(device1, '4')])],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('2'))), allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('2')))],
  },
  'consumable-capacity-multi-allocatable-device-with-zero-request-policy': {
    features: CC, claims: two(request(req0, classA)), classes: [sharedCls(classA, driverA, true)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [withValidValues(shared(device(device1)), '0', c0('1'))])],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('0'))), allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('0')))],
  },
  'consumable-capacity-multi-allocatable-device-violates-zero-request-policy': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '1'))], classes: [sharedCls(classA, driverA, true)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [withValidValues(shared(device(device1)), '0', c0('1'))])],
  },
  'consumable-capacity-multi-allocatable-device-with-range-policy-with-capacity-request': {
    features: CC, claims: two(withCapacity(request(req0, classA), '1')), classes: [sharedCls(classA, driverA, true)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [rangeDevice(device1, '4')])],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('2'))), allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('2')))],
  },
  'consumable-capacity-multi-allocatable-device-with-range-policy-step': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '3'))], classes: [sharedCls(classA, driverA, true)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [rangeDevice(device1, '4')])],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('4')))],
  },
  'consumable-capacity-multi-allocatable-device-with-valid-values-policy': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '2'))], classes: [sharedCls(classA, driverA, true)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [withValidValues(shared(device(device1)), '1', c0('4'), ['2'])])],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('2')))],
  },
  'consumable-capacity-multi-allocatable-device-with-valid-values-policy-round-up': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '2'))], classes: [sharedCls(classA, driverA, true)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [withValidValues(shared(device(device1)), '1', c0('3'), ['3'])])],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('3')))],
  },
  'consumable-capacity-multi-allocatable-device-with-exceeded-consumable-capacity-request': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '1')), claim('claim-1', undefined, withCapacity(request(req0, classA), '2'))],
    classes: [sharedCls(classA, driverA, true)], node: n1, slices: [slice('slice-1', node1, pool1, driverA, [rangeDevice(device1, '2')])],
  },
  'consumable-capacity-multi-allocatable-device-with-request-over-max-sharing-policy': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '6'))], classes: [sharedCls(classA, driverA, true)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [rangeDevice(device1, '10')])],
  },
  'consumable-capacity-multi-allocatable-device-with-allocated-capacity-use-remaining': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '2'))], classes: [sharedCls(classA, driverA, true)], node: n1,
    allocatedCapacity: { [`${driverA}/${pool1}/${device1}`]: c0('2') },
    slices: [slice('slice-1', node1, pool1, driverA, [rangeDevice(device1, '4')])],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('2')))],
  },
  'consumable-capacity-multi-allocatable-device-with-allocated-capacity-next-device': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '2'))], classes: [sharedCls(classA, driverA, true)], node: n1,
    allocatedCapacity: { [`${driverA}/${pool1}/${device1}`]: c0('2') },
    slices: [slice('slice-1', node1, pool1, driverA, [rangeDevice(device1, '2'), rangeDevice(device2, '2')])],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device2, c0('2')))],
  },
  'consumable-capacity-with-multi-allocatable-device-backtrack': {
    features: CC, classes: [cls(classA, driverA)], node: n1,
    claims: [
      claim('claim-0', [{ matchAttribute: `${driverA}/stringAttribute` }], withCapacity(request(req0, classA), '2'), withCapacity(request(req1, classA), '2')),
      claim('claim-1', undefined, withCapacity(request(req0, classA), '2')),
    ],
    slices: [slice('slice-1', node1, pool1, driverA, [
      rangeDevice(device2, '2', { stringAttribute: { string: 'stringAttributeValue1' } }),
      rangeDevice(device1, '4', { stringAttribute: { string: 'stringAttributeValue2' } }),
    ])],
    expect: [
      allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('2')), sharedResult(req1, driverA, pool1, device1, c0('2'))),
      allocation(local1, sharedResult(req0, driverA, pool1, device2, c0('2'))),
    ],
  },
  'consumable-capacity-multi-allocatable-device-with-subrequest': {
    features: CC_PL, classes: [sharedCls(classA, driverA, true)], node: n1,
    claims: [claim('claim-0', undefined, firstAvailable(req0, withCapacity(subRequest(sub0, classA, 1), '4'), withCapacity(subRequest(sub1, classA, 1), '2'), subRequest(sub1, classA, 1)))],
    slices: [slice('slice-1', node1, pool1, driverA, [rangeDevice(device1, '2')])],
    expect: [allocation(local1, sharedResult(`${req0}/${sub1}`, driverA, pool1, device1, c0('2')))],
  },
  'consumable-capacity-multi-allocatable-device-with-no-available-consumable-capacity': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '2'))], classes: [sharedCls(classA, driverA, true)], node: n1,
    allocatedCapacity: { [`${driverA}/${pool1}/${device1}`]: c0('2') },
    slices: [slice('slice-1', node1, pool1, driverA, [rangeDevice(device1, '2')])],
  },
  'consumable-capacity-multi-allocatable-device-allocation-mode-all-filter-out-no-capacity': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(allRequest(req0, classA), '2'))], classes: [sharedCls(classA, driverA, true)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [sharedCap(device1, c0('2')), shared(device(device2))])],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('2')))],
  },
  'consumable-capacity-multi-allocatable-device-allocation-mode-all-filter-out-insufficient-capacity': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(allRequest(req0, classA), '2'))], classes: [sharedCls(classA, driverA, true)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [sharedCap(device1, c0('2')), sharedCap(device2, c0('1'))])],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('2')))],
  },
  'consumable-capacity-multi-allocatable-device-allocation-mode-all-allocating-sufficient': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '1'), withCapacity(allRequest(req1, classA), '1'))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [sharedCap(device1, c0('2')), sharedCap(device2, c0('1'))])],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('1')), sharedResult(req1, driverA, pool1, device1, c0('1')), sharedResult(req1, driverA, pool1, device2, c0('1')))],
  },
  'consumable-capacity-multi-allocatable-device-allocation-mode-all-in-use-sufficient': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(allRequest(req0, classA), '1'))], classes: [cls(classA, driverA)], node: n1,
    allocatedCapacity: { [`${driverA}/${pool1}/${device1}`]: c0('1') },
    slices: [slice('slice-1', node1, pool1, driverA, [sharedCap(device1, c0('2')), sharedCap(device2, c0('1'))])],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('1')), sharedResult(req0, driverA, pool1, device2, c0('1')))],
  },
  'consumable-capacity-multi-allocatable-device-allocation-mode-all-allocating-insufficient': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '1'), withCapacity(allRequest(req1, classA), '1'))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [sharedCap(device1, c0('1')), sharedCap(device2, c0('1'))])],
  },
  'consumable-capacity-multi-allocatable-device-allocation-mode-all-in-use-insufficient': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(allRequest(req0, classA), '1'))], classes: [cls(classA, driverA)], node: n1,
    allocatedCapacity: { [`${driverA}/${pool1}/${device1}`]: c0('1') },
    slices: [slice('slice-1', node1, pool1, driverA, [sharedCap(device1, c0('1')), sharedCap(device2, c0('1'))])],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device2, c0('1')))],
  },
  'consumable-capacity-dedicated-device-with-consumable-capacity-request': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '1'))], classes: [sharedCls(classA, driverA, false)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, c0('1'))])],
    expect: [allocation(local1, result(req0, driverA, pool1, device1))],
  },
  'consumable-capacity-dedicated-device-with-multiple-consumable-capacity-request': {
    features: CC, claims: two(withCapacity(request(req0, classA), '1')), classes: [sharedCls(classA, driverA, false)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [withRangePolicy(device(device1), c0('2'))])],
  },
  'allow-multiple-allocations-exclude-multi-allocatable-device-by-class-selector': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '1'))], classes: [sharedCls(classA, driverA, false)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [sharedCap(device1, c0('1'))])],
  },
  'allow-multiple-allocations-not-allocate-multi-allocatable-device-which-already-dedicated': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '1'))], classes: [sharedCls(classA, driverA, true)], node: n1,
    allocated: [`${driverA}/${pool1}/${device1}`],
    slices: [slice('slice-1', node1, pool1, driverA, [rangeDevice(device1, '2')])],
  },
  'allow-multiple-allocations-not-allocate-dedicated-device-which-change-from-multi-allocatable': {
    features: CC, claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '1'))], classes: [sharedCls(classA, driverA, true)], node: n1,
    allocatedCapacity: { [`${driverA}/${pool1}/${device1}`]: c0('1') },
    slices: [slice('slice-1', node1, pool1, driverA, [withRangePolicy(device(device1), c0('2'))])],
  },
  'allow-multiple-allocations-with-partitionable-device': {
    features: ALL3, claims: [claim('claim-0', undefined, request(req0, classA), prioritized(req1, '6Gi', '4Gi'))], classes: [sharedCls(classA, driverA, true)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [shared(mem(device1, '4Gi')), shared(mem(device2, '6Gi')), shared(mem(device3, '4Gi'))], 1, 2), counters8Gi()],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device1, { memory: '4Gi' }), sharedResult(`${req1}/${sub1}`, driverA, pool1, device3, { memory: '4Gi' }))],
  },
  'consumable-capacity-with-partitionable-device-multiple-capacity-pools': {
    features: ALL3, classes: [cls(classA, driverA)], node: n1,
    claims: [claim('claim-0', undefined, withCapacity(request(req0, classA), '1'), withCapacity(request(req2, classA), '2'),
      firstAvailable(req1, withCapacity(subRequest(sub0, classA, 1, capSelector('4')), '1'), withCapacity(subRequest(sub1, classA, 1, capSelector('2')), '1')))],
    slices: [
      slice('slice-1', node1, pool1, driverA, [['2', device1], ['4', device2], ['2', device3]].map(([c, name]) => withRangePolicy(shared(consumes(device(name!), true,
        consumption(counterSet1, { [capacity0]: c! }), consumption(counterSet2, { [capacity1]: '4' }))), { [capacity1]: '4' })), 1, 2),
      counterSlice('slice-2', node1, pool1, driverA, [counterSet(counterSet1, { [capacity0]: '4' }), counterSet(counterSet2, { [capacity1]: '8' })], 2),
    ],
    expect: [allocation(local1,
      sharedResult(req0, driverA, pool1, device1, { [capacity0]: '1', [capacity1]: '2' }),
      sharedResult(req2, driverA, pool1, device3, { [capacity0]: '2', [capacity1]: '2' }),
      sharedResult(`${req1}/${sub1}`, driverA, pool1, device1, { [capacity0]: '1', [capacity1]: '2' }))],
  },
  'with-distinct-constraints': {
    features: CC, classes: [cls(classA, driverA)], node: n1,
    claims: [claim('claim-0', [
      { distinctAttribute: `${driverA}/boolAttribute`, requests: [req0, req1] },
      { distinctAttribute: `${driverA}/driverVersion`, requests: [req0, req1, req2] },
      { distinctAttribute: `${driverA}/numa`, requests: [req0, req1, req2, req3] },
    ], request(req0, classA), request(req1, classA), request(req2, classA), request(req3, classA))],
    slices: [slice('slice-1', node1, pool1, driverA, ([[device1, '1.0.0', 0, true], [device2, '1.0.1', 1, false], [device3, '1.0.2', 2, true], [device4, '1.0.0', 3, true]] as const)
      .map(([name, version, numa, bool]) => shared(device(name, undefined, { driverVersion: { version }, numa: { int: numa }, boolAttribute: { bool } }))))],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device1), sharedResult(req1, driverA, pool1, device2), sharedResult(req2, driverA, pool1, device3), sharedResult(req3, driverA, pool1, device4))],
  },
  'with-distinct-constraints-attribute-not-set': {
    features: CC, claims: [claim('claim-0', [{ distinctAttribute: `${driverA}/boolAttribute`, requests: [req0] }], request(req0, classA))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [shared(device(device1))])],
  },
  'with-distinct-constraints-with-subrequests': {
    features: CC_PL, classes: [cls(classA, driverA)], node: n1,
    claims: [claim('claim-0', [{ distinctAttribute: `${driverA}/boolAttribute`, requests: [req0, req1] }],
      ...[req0, req1, req2].map((r) => firstAvailable(r, subRequest(sub0, classA, 1, `device.attributes["${driverA}"].boolAttribute`), subRequest(sub1, classA, 1))))],
    slices: [slice('slice-1', node1, pool1, driverA, [shared(device(device1, undefined, { boolAttribute: { bool: true } })), shared(device(device2, undefined, { boolAttribute: { bool: false } }))])],
    expect: [allocation(local1, sharedResult(`${req0}/${sub0}`, driverA, pool1, device1), sharedResult(`${req1}/${sub1}`, driverA, pool1, device2), sharedResult(`${req2}/${sub0}`, driverA, pool1, device1))],
  },
  'distinct-constraint-one-multi-allocatable-device-with-distinct-constraint': {
    features: CC, classes: [sharedCls(classA, driverA, true)], node: n1,
    claims: [claim('claim-0', [{ distinctAttribute: `${driverA}/stringAttribute` }], withCapacity(request(req0, classA), '1'), withCapacity(request(req1, classA), '1'))],
    slices: [slice('slice-1', node1, pool1, driverA, [rangeDevice(device1, '2', { stringAttribute: { string: 'stringAttributeValue' } })])],
  },
  'distinct-constraint-two-multi-allocatable-devices-with-distinct-constraint': {
    features: CC, classes: [sharedCls(classA, driverA, true)], node: n1,
    claims: [claim('claim-0', [{ distinctAttribute: `${driverA}/stringAttribute` }], withCapacity(request(req0, classA), '2'), withCapacity(request(req1, classA), '2'))],
    slices: [
      slice('slice-1', node1, pool1, driverA, [rangeDevice(device1, '4', { stringAttribute: { string: 'stringAttributeValue1' } })], 1, 2),
      slice('slice-1', node1, pool1, driverA, [rangeDevice(device2, '4', { stringAttribute: { string: 'stringAttributeValue2' } })], 1, 2),
    ],
    expect: [allocation(local1, sharedResult(req0, driverA, pool1, device1, c0('2')), sharedResult(req1, driverA, pool1, device2, c0('2')))],
  },
};


describe('structured allocator: partitionable devices (upstream TestAllocator rows)', () => {
  it.each(Object.entries(partitionable))('%s', (_name, row) => expectRow(row));
});

describe('structured allocator: consumable capacity (upstream TestAllocator rows)', () => {
  it.each(Object.entries(consumable))('%s', (_name, row) => expectRow(row));
});
