// The structured allocator, rows ported from upstream's shared table
// (staging/src/k8s.io/dynamic-resource-allocation/structured/internal/allocatortesting/
// allocator_testing.go, TestAllocator), named as upstream names them; fixtures in
// allocatorTesting.ts. Partitionable devices and consumable capacity: allocator.capacity.test.ts.
import { describe, expect, it } from 'vitest';
import type { DeviceAttribute, DeviceTaint, DeviceToleration } from '../model/resource';
import { deviceID } from './allocator';
import {
  allocation, allRequest, claim, claimWithRequest, classA, classB, cls, device, device1, device2, device3, driverA, driverB,
  localNodeSelector, memory, node, node1, node2, pool1, pool2, region1, region2, req0, req1, request, result, run, slice,
  sliceWithOneDevice, subRequest, withTolerations, expectRow, type Row,
} from './allocatorTesting';

const attrs = (a: Record<string, DeviceAttribute>) => a;
const taintNoSchedule: DeviceTaint = { key: 'taint-key', value: 'taint-value', effect: 'NoSchedule' };
const taintNoExecute: DeviceTaint = { key: 'taint-key', value: 'taint-value-2', effect: 'NoExecute' };
const taintNone: DeviceTaint = { key: 'taint-key', value: 'taint-value', effect: 'None' };
const tolerationNoSchedule: DeviceToleration = { operator: 'Exists', key: 'taint-key', effect: 'NoSchedule' };
const tolerationNoExecute: DeviceToleration = { operator: 'Equal', key: 'taint-key', value: 'taint-value-2', effect: 'NoExecute' };

const gen = (name: string, on: string, dev: string, generation: number) => slice(name, on, pool1, driverA, [device(dev)], generation, 2);
const typed = (t: string) => ({ type: { string: t } });
const typeX = `device.attributes["${driverA}"].type == "X"`;

const rows: Record<string, Row> = {
  'allocation-mode-all-with-multi-host-resource-pool': {
    claims: [claim('claim-0', undefined, allRequest(req0, classA))], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1)], 1, 2), slice('slice-2', node2, pool1, driverA, [device(device2)], 1, 2)],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1))],
  },
  'multi-host-resource-pool-with-stale-slice-for-current-node': {
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [gen('slice-1', node1, device1, 1), gen('slice-2', node2, device2, 2)],
  },
  'multi-host-resource-pool-complete-update-from-node-1-to-node-2': {
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [gen('slice-1', node1, device1, 1), gen('slice-1', node1, device2, 1), gen('slice-2', node2, device1, 2), gen('slice-2', node2, device2, 2)],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1))],
  },
  'multi-host-resource-pool-complete-update-from-node-2-to-node-1': {
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [gen('slice-1', node2, device1, 1), gen('slice-1', node2, device2, 1), gen('slice-2', node1, device1, 2), gen('slice-2', node1, device2, 2)],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1))],
  },
  'multi-host-resource-pool-incomplete-update-from-node-1-to-node-2': {
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [gen('slice-1', node1, device1, 1), gen('slice-1', node1, device2, 1), gen('slice-2', node2, device1, 2)],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1))],
  },
  'multi-host-resource-pool-incomplete-update-from-node-2-to-node-1': {
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [gen('slice-1', node2, device1, 1), gen('slice-1', node2, device2, 1), gen('slice-2', node1, device1, 2)],
  },
  'different-resourceslices-in-pool-can-target-different-nodes': {
    claims: [claim('claim-0', undefined, request(req0, classA))], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node2, pool1, driverA, [device(device1)], 1, 2), slice('slice-2', node1, pool1, driverA, [device(device2)], 1, 2)],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device2))],
  },
  'invalid-pool-is-ok-if-devices-can-be-allocated-from-other': {
    claims: [claim('claim-0', undefined, request(req0, classA))], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1)], 1, 2), slice('slice-2', node1, pool1, driverA, [device(device1)], 1, 2), slice('slice-3', node1, pool2, driverA, [device(device2)])],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool2, device2))],
  },
  'invalid-pool-is-error-if-no-other-device-can-be-allocated': {
    claims: [claim('claim-0', undefined, request(req0, classA))], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1)], 1, 2), slice('slice-2', node1, pool1, driverA, [device(device1)], 1, 2), slice('slice-3', node1, pool2, driverA, [device(device2)])],
    allocated: [deviceID(driverA, pool2, device2)],
    error: 'invalid resource pools were encountered',
  },
  'no-allocation-from-incomplete-pools': {
    claims: [claim('claim-0', undefined, request(req0, classA))], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1)], 1, 2)],
  },
  'check-combinations-within-single-request-single-pool-single-slice': {
    claims: [claim('claim-0', undefined, request(req0, classA, 5))], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device1, device2, device3, 'device-4'].map((d) => device(d)))],
  },
  'check-combinations-with-backtracking': {
    claims: [claim('claim-0', undefined, request(req1, classA, 2), request('req-2', classA, 1, typeX))], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, typed('X')), device(device2, undefined, typed('Y')), device(device3, undefined, typed('Y'))])],
    expect: [allocation(localNodeSelector(node1), result(req1, driverA, pool1, device2), result(req1, driverA, pool1, device3), result('req-2', driverA, pool1, device1))],
  },
  'check-combinations-with-prioritized-list': {
    claims: [claim('claim-0', undefined,
      { name: req1, firstAvailable: [subRequest('subReq-0', classA, 3, `device.attributes["${driverA}"].type == "Y"`), subRequest('subReq-1', classA, 2)] },
      { name: 'req-2', firstAvailable: [subRequest('subReq-0', classA, 2), subRequest('subReq-1', classA, 1, typeX)] })],
    classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, typed('X')), device(device2, undefined, typed('Y')), device(device3, undefined, typed('Y'))])],
    expect: [allocation(localNodeSelector(node1), result('req-1/subReq-1', driverA, pool1, device2), result('req-1/subReq-1', driverA, pool1, device3), result('req-2/subReq-1', driverA, pool1, device1))],
  },
  simple: {
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA)],
    slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: node(node1, region1),
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1))],
  },
  'other-node': {
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA)],
    slices: [sliceWithOneDevice('slice-1', node1, pool1, driverB), sliceWithOneDevice('slice-2', node2, pool2, driverA)], node: node(node2, region2),
    expect: [allocation(localNodeSelector(node2), result(req0, driverA, pool2, device1))],
  },
  'small-and-large': {
    claims: [claim('claim-0', undefined, request(req0, classA, 1, memory('1Gi')), request(req1, classA, 1, memory('2Gi')))],
    classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, { memory: '1Gi' }), device(device2, { memory: '2Gi' })])],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1), result(req1, driverA, pool1, device2))],
  },
  'small-and-large-backtrack-requests': {
    claims: [claim('claim-0', undefined, request(req0, classA, 1, memory('1Gi')), request(req1, classA, 1, memory('2Gi')))],
    classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device2, { memory: '2Gi' }), device(device1, { memory: '1Gi' })])],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1), result(req1, driverA, pool1, device2))],
  },
  'small-and-large-backtrack-claims': {
    claims: [claim('claim-0', undefined, request(req0, classA, 1, memory('1Gi'))), claim('claim-1', undefined, request(req1, classA, 1, memory('2Gi')))],
    classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device2, { memory: '2Gi' }), device(device1, { memory: '1Gi' })])],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1)), allocation(localNodeSelector(node1), result(req1, driverA, pool1, device2))],
  },
  'devices-split-across-different-slices': {
    claims: [claim('claim-0', undefined, request(req0, classA, 2))], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA), sliceWithOneDevice('slice-2', node1, pool2, driverA)],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1), result(req0, driverA, pool2, device1))],
  },
  'obsolete-slice': {
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1-obsolete', node1, pool1, driverA, [device(device1)], 1, 2), slice('slice-1-obsolete', node1, pool1, driverA, [device(device2)], 2, 2)],
    expect: undefined,
  },
  'duplicate-slice': {
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1)], 1, 2), slice('slice-1-2', node1, pool1, driverA, [device(device1)], 1, 2)],
    error: 'invalid resource pools were encountered',
  },
  'no-slices': {
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA)], slices: [], node: node(node1, region1), expect: undefined,
  },
  'not-enough-suitable-devices': {
    claims: [claimWithRequest('claim-0', req0, classA), claimWithRequest('claim-0', req1, classA)], classes: [cls(classA, driverA)],
    slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: node(node1, region1), expect: undefined,
  },
  'no-classes': {
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [], slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: node(node1, region1),
    error: 'could not retrieve device class class-a',
  },
  'all-devices-single': {
    claims: [claim('claim-0', undefined, allRequest(req0, classA))], classes: [cls(classA, driverA)],
    slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: node(node1, region1),
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1))],
  },
  'all-devices-many': {
    claims: [claim('claim-0', undefined, allRequest(req0, classA))], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA), sliceWithOneDevice('slice-1', node1, pool2, driverA)],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1), result(req0, driverA, pool2, device1))],
  },
  'all-devices-of-the-incomplete-pool': {
    claims: [claim('claim-0', undefined, allRequest(req0, classA))], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1)], 1, 2)],
    error: 'claim default/claim-0, request req-0: asks for all devices, but resource pool driver-a/pool-1 is currently being updated',
  },
  'all-devices-plus-another': {
    claims: [claim('claim-0', undefined, allRequest(req0, classA)), claim('claim-1', undefined, request(req0, classB))],
    classes: [cls(classA, driverA), cls(classB, driverB)], node: node(node1, region1),
    slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA), sliceWithOneDevice('slice-1', node1, pool1, driverB)],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1)), allocation(localNodeSelector(node1), result(req0, driverB, pool1, device1))],
  },
  'network-attached-device': {
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [sliceWithOneDevice('slice-1', { nodeSelectorTerms: [{ matchExpressions: [{ key: 'region', operator: 'In', values: [region1] }] }] }, pool1, driverA)],
    expect: [allocation({ nodeSelectorTerms: [{ matchExpressions: [{ key: 'region', operator: 'In', values: [region1] }] }] }, result(req0, driverA, pool1, device1))],
  },
  'local-and-network-attached-devices': {
    claims: [claim('claim-0', undefined, request(req0, classA, 2))], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [sliceWithOneDevice('slice-1', { nodeSelectorTerms: [{ matchExpressions: [{ key: 'region', operator: 'In', values: [region1] }] }] }, pool1, driverA), sliceWithOneDevice('slice-1', node1, pool2, driverA)],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1), result(req0, driverA, pool2, device1))],
  },
  'several-different-drivers': {
    claims: [claimWithRequest('claim-0', req0, classA), claimWithRequest('claim-0', req0, classB)], classes: [cls(classA, driverA), cls(classB, driverB)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1), device(device2)]), sliceWithOneDevice('slice-1', node1, pool1, driverB)],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1)), allocation(localNodeSelector(node1), result(req0, driverB, pool1, device1))],
  },
  'already-allocated-devices': {
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA)], node: node(node1, region1),
    allocated: [deviceID(driverA, pool1, device1), deviceID(driverA, pool1, device2)],
    slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], expect: undefined,
  },
  'admin-access-disabled': {
    features: { adminAccess: false },
    claims: [claim('claim-0', undefined, { name: req0, exactly: { deviceClassName: classA, allocationMode: 'ExactCount', count: 1, adminAccess: true } })],
    classes: [cls(classA, driverA)], slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: node(node1, region1),
    error: 'claim default/claim-0, request req-0: admin access is requested, but the feature is disabled',
  },
  'admin-access-enabled': {
    claims: [claim('claim-0', undefined, { name: req0, exactly: { deviceClassName: classA, allocationMode: 'ExactCount', count: 1, adminAccess: true } })],
    allocated: [deviceID(driverA, pool1, device1), deviceID(driverA, pool1, device2)],
    classes: [cls(classA, driverA)], slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: node(node1, region1),
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1, true))],
  },
  'with-constraint': {
    claims: [claim('claim-0', [
      { matchAttribute: `${driverA}/numa` }, { matchAttribute: `${driverA}/driverVersion` }, { matchAttribute: `${driverA}/stringAttribute` }, { matchAttribute: `${driverA}/boolAttribute` },
    ], request(req0, classA), request(req1, classA))],
    classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [1, 2].map((i) => device(`device-${i}`, undefined, attrs({ driverVersion: { version: '1.0.0' }, numa: { int: 1 }, stringAttribute: { string: 'stringAttributeValue' }, boolAttribute: { bool: true } }))))],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1), result(req1, driverA, pool1, device2))],
  },
  'with-constraint-non-existent-attribute': {
    claims: [claimWithRequest('claim-0', req0, classA, { matchAttribute: `${driverA}/NonExistentAttribute` })], classes: [cls(classA, driverA)],
    slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: node(node1, region1), expect: undefined,
  },
  'with-constraint-not-matching-int-attribute': {
    claims: [claim('claim-0', [{ matchAttribute: `${driverA}/numa` }], request(req0, classA, 2))], classes: [cls(classA, driverA), cls(classB, driverB)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, { numa: { int: 1 } }), device(device2, undefined, { numa: { int: 2 } })])],
    expect: undefined,
  },
  'with-constraint-not-matching-int-attribute-all-devices': {
    claims: [claim('claim-0', [{ matchAttribute: `${driverA}/numa` }], allRequest(req0, classA))], classes: [cls(classA, driverA), cls(classB, driverB)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, { numa: { int: 1 } }), device(device2, undefined, { numa: { int: 2 } })])],
    error: 'claim default/claim-0, request req-0: cannot add device driver-a/pool-1/device-2 because a claim constraint would not be satisfied',
  },
  'with-constraint-not-matching-version-attribute': {
    claims: [claim('claim-0', [{ matchAttribute: `${driverA}/driverVersion` }], request(req0, classA, 2))], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, { driverVersion: { version: '1.0.0' } }), device(device2, undefined, { driverVersion: { version: '2.0.0' } })])],
    expect: undefined,
  },
  'with-constraint-for-request': {
    claims: [claim('claim-0', [{ requests: [req0], matchAttribute: `${driverA}/driverVersion` }], request(req0, classA), request(req1, classA))],
    classes: [cls(classA, driverA), cls(classB, driverB)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, { driverVersion: { version: '1.0.0' } }), device(device2, undefined, { driverVersion: { version: '2.0.0' } })])],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1), result(req1, driverA, pool1, device2))],
  },
  'with-constraint-for-request-retry': {
    claims: [claim('claim-0', [{ requests: [req0], matchAttribute: `${driverA}/driverVersion` }, { matchAttribute: `${driverA}/stringAttribute` }], request(req0, classA), request(req1, classA))],
    classes: [cls(classA, driverA), cls(classB, driverB)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [
      device(device1, undefined, { driverVersion: { version: '1.0.0' }, stringAttribute: { string: 'a' } }),
      device(device2, undefined, { driverVersion: { version: '2.0.0' }, stringAttribute: { string: 'b' } }),
      device(device3, undefined, { driverVersion: { version: '3.0.0' }, stringAttribute: { string: 'b' } }),
    ])],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device2), result(req1, driverA, pool1, device3))],
  },
  'with-class-device-config': {
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA, 'classAttribute')],
    slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: node(node1, region1),
    expect: [{ ...allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1)), devices: { results: [result(req0, driverA, pool1, device1)], config: [{ source: 'FromClass', requests: [req0], opaque: { driver: driverA, parameters: { classAttribute: 'classAttributeValue' } } }] } }],
  },
  'prioritized-list-first-unavailable': {
    claims: [claim('claim-0', undefined, { name: req0, firstAvailable: [subRequest('subReq-0', classB, 1), subRequest('subReq-1', classA, 1)] })],
    classes: [cls(classA, driverA), cls(classB, driverB)], slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: node(node1, region1),
    expect: [allocation(localNodeSelector(node1), result('req-0/subReq-1', driverA, pool1, device1))],
  },
  'prioritized-list-disabled': {
    features: { prioritizedList: false },
    claims: [claim('claim-0', undefined, { name: req0, firstAvailable: [subRequest('subReq-0', classA, 1)] })],
    classes: [cls(classA, driverA)], slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: node(node1, region1),
    error: 'claim default/claim-0, request req-0: has subrequests, but the DRAPrioritizedList feature is disabled',
  },
  'prioritized-list-multi-request': {
    claims: [claim('claim-0', undefined,
      { name: req0, firstAvailable: [subRequest('subReq-0', classA, 1, memory('8Gi')), subRequest('subReq-1', classA, 1, memory('2Gi'))] },
      request(req1, classA, 1, memory('8Gi')))],
    classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, { memory: '8Gi' }), device(device2, { memory: '4Gi' })])],
    expect: [allocation(localNodeSelector(node1), result('req-0/subReq-1', driverA, pool1, device2), result(req1, driverA, pool1, device1))],
  },
  'tainted-two-devices': {
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, undefined, [taintNoSchedule]), device(device2, undefined, undefined, [taintNoExecute])])],
    expect: undefined,
  },
  'tainted-one-device-two-taints-both-tolerated': {
    claims: [withTolerations(claimWithRequest('claim-0', req0, classA), tolerationNoSchedule, tolerationNoExecute)], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, undefined, [taintNoSchedule, taintNoExecute])])],
    expect: [{ devices: { results: [{ ...result(req0, driverA, pool1, device1), tolerations: [tolerationNoSchedule, tolerationNoExecute] }] }, nodeSelector: localNodeSelector(node1) }],
  },
  'tainted-disabled': {
    features: { deviceTaints: false },
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, undefined, [taintNoSchedule, taintNoExecute])])],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1))],
  },
  'tainted-none-effect': {
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, undefined, [taintNone])])],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1))],
  },
  'distinct-attribute': {
    claims: [claim('claim-0', [{ distinctAttribute: `${driverA}/numa` }], request(req0, classA, 2))], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, { numa: { int: 1 } }), device(device2, undefined, { numa: { int: 1 } }), device(device3, undefined, { numa: { int: 2 } })])],
    expect: [allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1), result(req0, driverA, pool1, device3))],
  },
  'distinct-attribute-consumable-capacity-disabled': {
    features: { consumableCapacity: false },
    claims: [claim('claim-0', [{ distinctAttribute: `${driverA}/numa` }], request(req0, classA, 2))], classes: [cls(classA, driverA)], node: node(node1, region1),
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, { numa: { int: 1 } }), device(device3, undefined, { numa: { int: 2 } })])],
    error: 'claim default/claim-0, constraint #0: empty constraint (unsupported constraint type?)',
  },
  'invalid-CEL-one-device': {
    claims: [claim('claim-0', undefined, request(req0, classA, 1, 'device.attributes["dra.example.com"].missing == 1'))], classes: [cls(classA, driverA)],
    slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: node(node1, region1),
    error: 'claim default/claim-0: selector #0 on device driver-a/pool-1/device-1: CEL runtime error: no such key: missing',
  },
};

describe('structured allocator (upstream TestAllocator rows)', () => {
  it.each(Object.entries(rows))('%s', (_name, row) => expectRow(row));

  it('reports per request what matched on the node and what is in use', () => {
    const r = run({ ...rows['already-allocated-devices']!, slices: [slice('slice-1', node1, pool1, driverA, [device(device1), device(device2)])] });
    expect(r.outcomes).toEqual([{ claim: 'default/claim-0', request: req0, matching: 2, inUse: 2, tainted: 0, countersExhausted: 0, capacityExhausted: 0, needed: 1, devices: [], exhausted: [] }]);
    const ok = run(rows['devices-split-across-different-slices']!);
    expect(ok.outcomes).toEqual([{ claim: 'default/claim-0', request: req0, matching: 2, inUse: 0, tainted: 0, countersExhausted: 0, capacityExhausted: 0, needed: 2, devices: ['driver-a/pool-1/device-1', 'driver-a/pool-2/device-1'], exhausted: [] }]);
  });
});
