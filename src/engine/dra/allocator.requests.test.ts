// The structured allocator's request kinds: allocationMode All, admin access, prioritized lists
// (firstAvailable), the 32-device limit, configs, taints and malformed requests. Rows ported from
// upstream's shared table (staging/src/k8s.io/dynamic-resource-allocation/structured/internal/
// allocatortesting/allocator_testing.go, TestAllocator), named as upstream names them, with
// upstream's features: the ones a row does not list are off.
import { describe, it } from 'vitest';
import type { DeviceClass, DeviceRequest, DeviceTaint, DeviceToleration, ResourceClaim } from '../model/resource';
import {
  allocation, allRequest, claim, claimWithRequest, classA, classB, cls, device, device1, device2, device3, driverA, driverB, firstAvailable,
  labelSelector, localNodeSelector, memory, node, node1, node2, only, pool1, pool2, region1, region2, req0, req1, req2, request, result,
  slice, sliceWithDevices, sliceWithOneDevice, subRequest, withTolerations, expectRow, type Row,
} from './allocatorTesting';

const n1 = node(node1, region1);
const local1 = localNodeSelector(node1);
const [sub0, sub1] = ['subReq-0', 'subReq-1'];
const AA = only({ adminAccess: true });
const PL = only({ prioritizedList: true });
const DT = only({ deviceTaints: true });
const admin = (r: DeviceRequest, mode: 'ExactCount' | 'All' = 'ExactCount', count?: number): DeviceRequest => ({
  ...r, exactly: { ...r.exactly!, adminAccess: true, allocationMode: mode, ...(mode === 'All' ? { count: undefined } : count ? { count } : {}) },
});
const allSub = (name: string, className: string, ...selectors: string[]) => ({ ...subRequest(name, className, 0, ...selectors), allocationMode: 'All' as const, count: undefined });
const twoDevices = () => slice('slice-1', node1, pool1, driverA, [device(device1), device(device2)]);
const allocatedId = (dev: string, pool = pool1) => `${driverA}/${pool}/${dev}`;
const generation = (v: string) => `device.attributes["${driverA}"].generation == "${v}"`;
const config = (driver: string, attribute: string) => ({ opaque: { driver, parameters: { [attribute]: `${attribute}Value` } } });
const withConfig = (c: ResourceClaim, ...configs: { requests?: string[]; opaque: { driver: string; parameters: unknown } }[]): ResourceClaim => ({ ...c, spec: { devices: { ...c.spec.devices, config: configs } } });
const taintNoSchedule: DeviceTaint = { key: 'taint-key', value: 'taint-value', effect: 'NoSchedule' };
const taintNoExecute: DeviceTaint = { key: 'taint-key', value: 'taint-value-2', effect: 'NoExecute' };
const tolerationNoExecute: DeviceToleration = { operator: 'Equal', key: 'taint-key', value: 'taint-value-2', effect: 'NoExecute' };

const rows: Record<string, Row> = {
  'no-claims-to-allocate': { claims: [], classes: [cls(classA, driverA)], slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: n1, expect: [] },
  'unknown-class': {
    claims: [claimWithRequest('claim-0', req0, 'unknown-class')], classes: [cls(classA, driverA)], slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: n1,
    error: 'could not retrieve device class unknown-class',
  },
  'empty-class': {
    claims: [claimWithRequest('claim-0', req0, '')], classes: [cls(classA, driverA)], slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: n1,
    error: 'claim default/claim-0, request req-0: missing device class name (unsupported request type?)',
  },
  'all-devices-plus-another-reversed': {
    claims: [claim('claim-1', undefined, request(req0, classB)), claim('claim-0', undefined, allRequest(req0, classA))],
    classes: [cls(classA, driverA), cls(classB, driverB)], node: n1,
    slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA), sliceWithOneDevice('slice-1', node1, pool1, driverB)],
    expect: [allocation(local1, result(req0, driverB, pool1, device1)), allocation(local1, result(req0, driverA, pool1, device1))],
  },
  'all-devices-many-plus-another': {
    claims: [claim('claim-0', undefined, allRequest(req0, classA)), claim('claim-1', undefined, request(req0, classB))],
    classes: [cls(classA, driverA), cls(classB, driverB)], node: n1,
    slices: [twoDevices(), sliceWithOneDevice('slice-1', node1, pool1, driverB)],
    expect: [allocation(local1, result(req0, driverA, pool1, device1), result(req0, driverA, pool1, device2)), allocation(local1, result(req0, driverB, pool1, device1))],
  },
  'all-devices-many-plus-another-reversed': {
    claims: [claim('claim-1', undefined, request(req0, classB)), claim('claim-0', undefined, allRequest(req0, classA))],
    classes: [cls(classA, driverA), cls(classB, driverB)], node: n1,
    slices: [twoDevices(), sliceWithOneDevice('slice-1', node1, pool1, driverB)],
    expect: [allocation(local1, result(req0, driverB, pool1, device1)), allocation(local1, result(req0, driverA, pool1, device1), result(req0, driverA, pool1, device2))],
  },
  'all-devices-no-solution': {
    claims: [claim('claim-1', undefined, request(req0, classA)), claim('claim-0', undefined, allRequest(req0, classA))],
    classes: [cls(classA, driverA)], slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: n1,
  },
  'all-devices-no-solution-reversed': {
    claims: [claim('claim-0', undefined, allRequest(req0, classA)), claim('claim-1', undefined, request(req0, classA))],
    classes: [cls(classA, driverA)], slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: n1,
  },
  'all-devices-slice-without-devices': {
    claims: [claim('claim-0', undefined, allRequest(req0, classA))], classes: [cls(classA, driverA)], slices: [slice('slice-1', node1, pool1, driverA, [])], node: n1,
  },
  'all-devices-no-slices': { claims: [claim('claim-0', undefined, allRequest(req0, classA))], classes: [cls(classA, driverA)], slices: [], node: n1 },
  'all-devices-some-allocated': {
    claims: [claim('claim-0', undefined, allRequest(req0, classA))], classes: [cls(classA, driverA)], slices: [twoDevices()], node: n1, allocated: [allocatedId(device1)],
  },
  'all-devices-some-allocated-admin-access': {
    features: AA, claims: [claim('claim-0', undefined, admin(request(req0, classA), 'All'))], classes: [cls(classA, driverA)], slices: [twoDevices()], node: n1,
    allocated: [allocatedId(device1)],
    expect: [allocation(local1, result(req0, driverA, pool1, device1, true), result(req0, driverA, pool1, device2, true))],
  },
  'all-devices-some-allocating-admin-access': {
    features: AA, claims: [claim('claim-0', undefined, admin(request(req0, classA)), admin(request(req1, classA), 'All'))], classes: [cls(classA, driverA)], slices: [twoDevices()], node: n1,
  },
  'count-devices-some-allocated-admin-access': {
    features: AA, claims: [claim('claim-0', undefined, admin(request(req0, classA), 'ExactCount', 2))], classes: [cls(classA, driverA)], slices: [twoDevices()], node: n1,
    allocated: [allocatedId(device1)],
    expect: [allocation(local1, result(req0, driverA, pool1, device1, true), result(req0, driverA, pool1, device2, true))],
  },
  'separate-claims-share-device-admin-access': {
    features: AA, claims: [claim('claim-0', undefined, admin(request(req0, classA))), claim('claim-1', undefined, admin(request(req0, classA)))], classes: [cls(classA, driverA)], slices: [twoDevices()], node: n1,
    expect: [allocation(local1, result(req0, driverA, pool1, device1, true)), allocation(local1, result(req0, driverA, pool1, device1, true))],
  },
  'admin-access-claims-device-allocating-for-non-admin-access': {
    features: AA, claims: [claim('claim-0', undefined, request(req0, classA)), claim('claim-1', undefined, admin(request(req0, classA)))], classes: [cls(classA, driverA)], slices: [twoDevices()], node: n1,
    expect: [allocation(local1, result(req0, driverA, pool1, device1)), allocation(local1, result(req0, driverA, pool1, device1, true))],
  },
  'all-devices-slice-without-devices-prioritized-list': {
    features: PL, claims: [claim('claim-0', undefined, firstAvailable(req0, allSub(sub0, classA), subRequest(sub1, classB, 1)))], classes: [cls(classA, driverA), cls(classB, driverB)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, []), sliceWithOneDevice('slice-2', node1, pool2, driverB)],
    expect: [allocation(local1, result(`${req0}/${sub1}`, driverB, pool2, device1))],
  },
  'all-devices-no-slices-prioritized-list': {
    features: PL, claims: [claim('claim-0', undefined, firstAvailable(req0, allSub(sub0, classA), subRequest(sub1, classB, 1)))], classes: [cls(classA, driverA), cls(classB, driverB)], node: n1,
    slices: [sliceWithOneDevice('slice-2', node1, pool2, driverB)],
    expect: [allocation(local1, result(`${req0}/${sub1}`, driverB, pool2, device1))],
  },
  'all-devices-some-allocated-prioritized-list': {
    features: PL, claims: [claim('claim-0', undefined, firstAvailable(req0, allSub(sub0, classA), subRequest(sub1, classB, 1)))], classes: [cls(classA, driverA), cls(classB, driverB)], node: n1,
    slices: [twoDevices(), sliceWithOneDevice('slice-2', node1, pool2, driverB)], allocated: [allocatedId(device1)],
    expect: [allocation(local1, result(`${req0}/${sub1}`, driverB, pool2, device1))],
  },
  'unsuccessful-allocation-network-attached-device': {
    claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA)], node: node(node2, region2),
    slices: [sliceWithOneDevice('slice-1', labelSelector('region', region1), pool1, driverA)],
  },
  'many-network-attached-devices': {
    claims: [claim('claim-0', undefined, request(req0, classA, 4))], classes: [cls(classA, driverA)], node: n1,
    slices: [
      sliceWithOneDevice('slice-1', labelSelector('region', region1), pool1, driverA), sliceWithOneDevice('slice-1', 'all', pool2, driverA),
      sliceWithOneDevice('slice-1', labelSelector('planet', 'earth'), 'pool-3', driverA), sliceWithOneDevice('slice-1', localNodeSelector(node1), 'pool-4', driverA),
    ],
    expect: [allocation({ nodeSelectorTerms: [{
      matchExpressions: [{ key: 'region', operator: 'In', values: [region1] }, { key: 'planet', operator: 'In', values: ['earth'] }],
      matchFields: [{ key: 'metadata.name', operator: 'In', values: [node1] }],
    }] }, result(req0, driverA, pool1, device1), result(req0, driverA, pool2, device1), result(req0, driverA, 'pool-3', device1), result(req0, driverA, 'pool-4', device1))],
  },
  'with-constraint-not-matching-string-attribute': {
    claims: [claim('claim-0', [{ matchAttribute: `${driverA}/stringAttribute` }], request(req0, classA, 2))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, { stringAttribute: { string: 'stringAttributeValue' } }), device(device2, undefined, { stringAttribute: { string: 'stringAttributeValue2' } })])],
  },
  'with-constraint-not-matching-bool-attribute': {
    claims: [claim('claim-0', [{ matchAttribute: `${driverA}/boolAttribute` }], request(req0, classA, 2))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, { boolAttribute: { bool: true } }), device(device2, undefined, { boolAttribute: { bool: false } })])],
  },
  'with-class-device-config-with-multiple-request-and-configs': {
    claims: [claim('claim-0', [], request(req0, classA), request(req1, classA), request(req2, classB))], node: n1,
    classes: [cls(classA, driverA, 'classAttribute-A'), cls(classB, driverB, 'classAttribute-B')],
    slices: [sliceWithDevices('slice-1', node1, pool1, driverA, 2), sliceWithOneDevice('slice-2', node1, pool1, driverB)],
    expect: [{ devices: {
      results: [result(req0, driverA, pool1, 'device-0'), result(req1, driverA, pool1, device1), result(req2, driverB, pool1, device1)],
      config: [{ source: 'FromClass', requests: [req0, req1], ...config(driverA, 'classAttribute-A') }, { source: 'FromClass', requests: [req2], ...config(driverB, 'classAttribute-B') }],
    }, nodeSelector: local1 }],
  },
  'claim-with-device-config': {
    claims: [withConfig(claimWithRequest('claim-0', req0, classA), config(driverA, 'deviceAttribute'))], classes: [cls(classA, driverA)], node: n1,
    slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)],
    expect: [{ devices: { results: [result(req0, driverA, pool1, device1)], config: [{ source: 'FromClaim', ...config(driverA, 'deviceAttribute') }] }, nodeSelector: local1 }],
  },
  'unknown-selector': {
    claims: [claim('claim-0', undefined, { name: req0, exactly: { deviceClassName: classA, allocationMode: 'ExactCount', count: 1, selectors: [{} as never] } })],
    classes: [cls(classA, driverA)], slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: n1,
    error: 'CEL expression empty (unsupported selector type?)',
  },
  'unknown-allocation-mode': {
    claims: [claim('claim-0', undefined, { name: req0, exactly: { deviceClassName: classA, allocationMode: 'future-mode' as never, count: 1 } })],
    classes: [cls(classA, driverA)], slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: n1,
    error: 'unsupported count mode future-mode',
  },
  'unknown-constraint': {
    claims: [claim('claim-0', [{}], request(req0, classA))], classes: [cls(classA, driverA)], slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: n1,
    error: 'empty constraint (unsupported constraint type?)',
  },
  'invalid-CEL-one-device-class': {
    claims: [claimWithRequest('claim-0', req0, classA)], node: n1, slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)],
    classes: [{ ...cls(classA, driverA), spec: { selectors: [{ cel: { expression: 'noSuchVar' } }] } } satisfies DeviceClass],
    error: 'undeclared reference',
  },
  'invalid-CEL-all-devices': {
    claims: [claim('claim-0', undefined, { name: req0, exactly: { deviceClassName: classA, allocationMode: 'All', selectors: [{ cel: { expression: 'noSuchVar' } }] } })],
    classes: [cls(classA, driverA)], slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)], node: n1,
    error: 'undeclared reference',
  },
  'too-many-devices-single-request': { claims: [claim('claim-0', undefined, request(req0, classA, 500))], classes: [cls(classA, driverA)], slices: [], node: n1, error: 'exceeds the claim limit' },
  'many-devices-okay': { claims: [claim('claim-0', undefined, request(req0, classA, 32))], classes: [cls(classA, driverA)], slices: [], node: n1 },
  'too-many-devices-total': {
    claims: [claim('claim-0', undefined, request(req0, classA, 32), request(req1, classA, 1))], classes: [cls(classA, driverA)], node: n1,
    slices: [sliceWithDevices('slice-1', node1, pool1, driverA, 33)], error: 'exceeds the claim limit',
  },
  'max-number-devices': {
    claims: [claim('claim-0', undefined, request(req0, classA, 32))], classes: [cls(classA, driverA)], node: n1, slices: [sliceWithDevices('slice-1', node1, pool1, driverA, 32)],
    expect: [allocation(local1, ...Array.from({ length: 32 }, (_, i) => result(req0, driverA, pool1, `device-${i}`)))],
  },
  'prioritized-list-non-available': {
    features: PL, claims: [claim('claim-0', undefined, firstAvailable(req0, subRequest(sub0, classB, 2), subRequest(sub1, classA, 2)))], classes: [cls(classA, driverA), cls(classB, driverB)], node: n1,
    slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA), sliceWithOneDevice('slice-2', node1, pool2, driverB)],
  },
  'prioritized-list-device-config': {
    features: PL, classes: [cls(classA, driverA), cls(classB, driverB)], node: n1,
    claims: [withConfig(claim('claim-0', undefined, firstAvailable(req0, subRequest(sub0, classA, 1), subRequest(sub1, classB, 2))),
      { requests: [`${req0}/${sub0}`], ...config(driverA, 'foo') }, { requests: [`${req0}/${sub1}`], ...config(driverB, 'bar') })],
    slices: [slice('slice-1', node1, pool1, driverB, [device(device1, undefined, {}), device(device2, undefined, {})])],
    expect: [{ devices: {
      results: [result(`${req0}/${sub1}`, driverB, pool1, device1), result(`${req0}/${sub1}`, driverB, pool1, device2)],
      config: [{ source: 'FromClaim', requests: [`${req0}/${sub1}`], ...config(driverB, 'bar') }],
    }, nodeSelector: local1 }],
  },
  'prioritized-list-class-config': {
    features: PL, claims: [claim('claim-0', undefined, firstAvailable(req0, subRequest(sub0, classA, 2), subRequest(sub1, classB, 2)))], node: n1,
    classes: [cls(classA, driverA, 'foo'), cls(classB, driverB, 'bar')],
    slices: [slice('slice-1', node1, pool1, driverB, [device(device1), device(device2)]), slice('slice-2', node1, pool2, driverA, [device(device3)])],
    expect: [{ devices: {
      results: [result(`${req0}/${sub1}`, driverB, pool1, device1), result(`${req0}/${sub1}`, driverB, pool1, device2)],
      config: [{ source: 'FromClass', requests: [`${req0}/${sub1}`], ...config(driverB, 'bar') }],
    }, nodeSelector: local1 }],
  },
  'prioritized-list-subrequests-with-expressions': {
    features: PL, classes: [cls(classA, driverA)], node: n1,
    claims: [claim('claim-0', undefined, request(req0, classA, 1, memory('1Gi')), firstAvailable(req1, subRequest(sub0, classA, 1, memory('4Gi')), subRequest(sub1, classA, 2, memory('2Gi'))))],
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, { memory: '2Gi' }), device(device2, { memory: '2Gi' }), device(device3, { memory: '1Gi' })])],
    expect: [allocation(local1, result(req0, driverA, pool1, device3), result(`${req1}/${sub1}`, driverA, pool1, device1), result(`${req1}/${sub1}`, driverA, pool1, device2))],
  },
  'prioritized-list-subrequests-with-constraints-ref-parent-request': {
    features: PL, classes: [cls(classA, driverA)], node: n1,
    claims: [claim('claim-0', [{ requests: [req0, req1], matchAttribute: `${driverA}/driverVersion` }],
      request(req0, classA, 1, memory('8Gi')), firstAvailable(req1, subRequest(sub0, classA, 1, memory('2Gi')), subRequest(sub1, classA, 1, memory('1Gi'))))],
    slices: [
      slice('slice-1', node1, pool1, driverA, [device(device1, { memory: '8Gi' }, { driverVersion: { version: '1.0.0' } })]),
      slice('slice-2', node1, pool2, driverA, [device(device2, { memory: '2Gi' }, { driverVersion: { version: '2.0.0' } }), device(device3, { memory: '1Gi' }, { driverVersion: { version: '1.0.0' } })]),
    ],
    expect: [allocation(local1, result(req0, driverA, pool1, device1), result(`${req1}/${sub1}`, driverA, pool2, device3))],
  },
  'prioritized-list-subrequests-with-constraints-ref-sub-request': {
    features: PL, classes: [cls(classA, driverA)], node: n1,
    claims: [claim('claim-0', [{ requests: [req0, `${req1}/${sub0}`], matchAttribute: `${driverA}/driverVersion` }],
      request(req0, classA, 1, memory('8Gi')), firstAvailable(req1, subRequest(sub0, classA, 1, memory('2Gi')), subRequest(sub1, classA, 1, memory('1Gi'))))],
    slices: [
      slice('slice-1', node1, pool1, driverA, [device(device1, { memory: '8Gi' }, { driverVersion: { version: '1.0.0' } })]),
      slice('slice-2', node1, pool2, driverA, [device(device2, { memory: '2Gi' }, { driverVersion: { version: '2.0.0' } })]),
    ],
    expect: [allocation(local1, result(req0, driverA, pool1, device1), result(`${req1}/${sub1}`, driverA, pool2, device2))],
  },
  'prioritized-list-subrequests-with-allocation-mode-all': {
    features: PL, claims: [claim('claim-0', undefined, firstAvailable(req0, allSub(sub0, classA), subRequest(sub1, classA, 1)))], classes: [cls(classA, driverA)], node: n1,
    slices: [twoDevices()], allocated: [allocatedId(device1)],
    expect: [allocation(local1, result(`${req0}/${sub1}`, driverA, pool1, device2))],
  },
  'prioritized-list-allocation-mode-all-multiple-requests': {
    features: PL, claims: [claim('claim-0', undefined, request(req0, classA), firstAvailable(req1, allSub(sub0, classA), subRequest(sub1, classA, 1)))], classes: [cls(classA, driverA)], node: n1,
    slices: [twoDevices()],
    expect: [allocation(local1, result(req0, driverA, pool1, device1), result(`${req1}/${sub1}`, driverA, pool1, device2))],
  },
  'prioritized-list-with-backtracking': {
    features: PL, classes: [cls(classA, driverA)], node: n1,
    claims: [claim('claim-0', undefined, firstAvailable(req0, subRequest(sub0, classA, 1, memory('8Gi')), subRequest(sub1, classA, 1, memory('4Gi'))), request(req1, classA, 1, memory('8Gi')))],
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, { memory: '8Gi' }, {})]), slice('slice-2', node1, pool2, driverA, [device(device2, { memory: '4Gi' }, {})])],
    expect: [allocation(local1, result(`${req0}/${sub1}`, driverA, pool2, device2), result(req1, driverA, pool1, device1))],
  },
  'prioritized-list-too-many-in-first-subrequest': {
    features: PL, claims: [claim('claim-0', undefined, firstAvailable(req0, subRequest(sub0, classB, 500), subRequest(sub1, classA, 1)))], classes: [cls(classA, driverA), cls(classB, driverB)], node: n1,
    slices: [sliceWithOneDevice('slice-1', node1, pool1, driverA)],
    expect: [allocation(local1, result(`${req0}/${sub1}`, driverA, pool1, device1))],
  },
  'prioritized-list-allocation-mode-all': {
    features: PL, claims: [claim('claim-0', undefined, firstAvailable(req0, allSub(sub0, classA), subRequest(sub1, classA, 1)))], classes: [cls(classA, driverA)], node: n1,
    slices: [twoDevices()], allocated: [allocatedId(device2)],
    expect: [allocation(local1, result(`${req0}/${sub1}`, driverA, pool1, device1))],
  },
  'prioritized-list-allocation-mode-all-with-selectors': {
    features: PL, claims: [claim('claim-0', undefined, firstAvailable(req0, allSub(sub0, classA, generation('v6')), allSub(sub1, classA, generation('v5'))))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, { generation: { string: 'v5' } })])],
    expect: [allocation(local1, result(`${req0}/${sub1}`, driverA, pool1, device1))],
  },
  'prioritized-list-allocation-mode-all-with-selectors-multiple-pools': {
    features: PL, claims: [claim('claim-0', undefined, firstAvailable(req0, allSub(sub0, classA, generation('v6')), allSub(sub1, classA, generation('v5'))))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, { generation: { string: 'v5' } })]), slice('slice-2', node1, pool2, driverA, [device(device1, undefined, { generation: { string: 'v5' } })])],
    expect: [allocation(local1, result(`${req0}/${sub1}`, driverA, pool1, device1), result(`${req0}/${sub1}`, driverA, pool2, device1))],
  },
  'prioritized-list-allocation-mode-all-with-selectors-multiple-pools-across-nodes': {
    features: PL, claims: [claim('claim-0', undefined, firstAvailable(req0, allSub(sub0, classA, generation('v6')), allSub(sub1, classA, generation('v5'))))], classes: [cls(classA, driverA)], node: n1,
    slices: [
      slice('slice-1', node1, pool1, driverA, [device(device1, undefined, { generation: { string: 'v5' } })]),
      slice('slice-2', node2, pool2, driverA, [device(device1, undefined, { generation: { string: 'v5' } }), device(device2, undefined, { generation: { string: 'v6' } })]),
    ],
    expect: [allocation(local1, result(`${req0}/${sub1}`, driverA, pool1, device1))],
  },
  'prioritized-list-allocation-mode-all-with-selectors-deviceclass-subset': {
    features: PL, claims: [claim('claim-0', undefined, firstAvailable(req0, allSub(sub0, classA, generation('v6')), allSub(sub1, classA, generation('v5'))))], node: n1,
    classes: [{ ...cls(classA, driverA), spec: { selectors: [{ cel: { expression: `device.driver == "${driverA}" && device.attributes["${driverA}"].selected` } }] } }],
    slices: [slice('slice-1', node1, pool1, driverA, [
      device(device1, undefined, { generation: { string: 'v6' }, selected: { bool: false } }),
      device(device2, undefined, { generation: { string: 'v5' }, selected: { bool: false } }),
      device(device3, undefined, { generation: { string: 'v5' }, selected: { bool: true } }),
    ])],
    expect: [allocation(local1, result(`${req0}/${sub1}`, driverA, pool1, device3))],
  },
  'prioritized-list-max-allocation-limit-request': {
    features: PL, classes: [cls(classA, driverA)], node: n1,
    claims: [claim('claim-0', undefined,
      firstAvailable(req0, subRequest(sub0, classA, 32), subRequest(sub1, classA, 16)), firstAvailable(req1, subRequest(sub0, classA, 32), subRequest(sub1, classA, 16)))],
    slices: [sliceWithDevices('slice-1', node1, pool1, driverA, 64)],
    expect: [allocation(local1, ...Array.from({ length: 32 }, (_, i) => result(`${i < 16 ? req0 : req1}/${sub1}`, driverA, pool1, `device-${i}`)))],
  },
  'prioritized-list-max-allocation-allocation-mode-all': {
    features: PL, classes: [cls(classA, driverA), cls(classB, driverB)], node: n1,
    claims: [claim('claim-0', undefined, firstAvailable(req0, allSub(sub0, classA), subRequest(sub1, classA, 2)), request(req1, classB, 2))],
    slices: [sliceWithDevices('slice-1', node1, pool1, driverA, 31), sliceWithDevices('slice-2', node1, pool2, driverB, 2)],
    expect: [allocation(local1, result(`${req0}/${sub1}`, driverA, pool1, 'device-0'), result(`${req0}/${sub1}`, driverA, pool1, 'device-1'), result(req1, driverB, pool2, 'device-0'), result(req1, driverB, pool2, 'device-1'))],
  },
  'tainted-one-device-two-taints': {
    features: DT, claims: [claimWithRequest('claim-0', req0, classA)], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, undefined, [taintNoSchedule, taintNoExecute])])],
  },
  'tainted-two-devices-tolerated': {
    features: DT, claims: [withTolerations(claimWithRequest('claim-0', req0, classA), tolerationNoExecute)], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, undefined, [taintNoSchedule]), device(device2, undefined, undefined, [taintNoExecute])])],
    expect: [allocation(local1, { ...result(req0, driverA, pool1, device2), tolerations: [tolerationNoExecute] })],
  },
  'tainted-two-devices-prioritized-list-tolerated': {
    features: only({ deviceTaints: true, prioritizedList: true }), classes: [cls(classA, driverA)], node: n1,
    claims: [claim('claim-0', undefined, firstAvailable(req0, subRequest(sub0, classA, 1), { ...subRequest(sub1, classA, 1), tolerations: [tolerationNoExecute] }))],
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, undefined, [taintNoSchedule]), device(device2, undefined, undefined, [taintNoExecute])])],
    expect: [allocation(local1, { ...result(`${req0}/${sub1}`, driverA, pool1, device2), tolerations: [tolerationNoExecute] })],
  },
  'tainted-prioritized-list': {
    features: only({ deviceTaints: true, prioritizedList: true }), claims: [claim('claim-0', undefined, firstAvailable(req0, subRequest(sub0, classB, 1), subRequest(sub1, classA, 1)))],
    classes: [cls(classA, driverA), cls(classB, driverB)], node: n1, slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, undefined, [taintNoSchedule])])],
  },
  'tainted-prioritized-list-disabled': {
    features: PL, claims: [claim('claim-0', undefined, firstAvailable(req0, subRequest(sub0, classB, 1), subRequest(sub1, classA, 1)))],
    classes: [cls(classA, driverA), cls(classB, driverB)], node: n1, slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, undefined, [taintNoSchedule])])],
    expect: [allocation(local1, result(`${req0}/${sub1}`, driverA, pool1, device1))],
  },
  'tainted-admin-access': {
    features: only({ deviceTaints: true, adminAccess: true }), claims: [claim('claim-0', undefined, admin(request(req0, classA)))], classes: [cls(classA, driverA)], node: n1,
    allocated: [allocatedId(device1), allocatedId(device2)], slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, undefined, [taintNoSchedule])])],
  },
  'tainted-admin-access-disabled': {
    features: AA, claims: [claim('claim-0', undefined, admin(request(req0, classA)))], classes: [cls(classA, driverA)], node: n1,
    allocated: [allocatedId(device1), allocatedId(device2)], slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, undefined, [taintNoSchedule])])],
    expect: [allocation(local1, result(req0, driverA, pool1, device1, true))],
  },
  'tainted-all-devices-single': {
    features: DT, claims: [claim('claim-0', undefined, allRequest(req0, classA))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, undefined, [taintNoSchedule])])],
  },
  'tainted-all-devices-single-disabled': {
    features: only({}), claims: [claim('claim-0', undefined, allRequest(req0, classA))], classes: [cls(classA, driverA)], node: n1,
    slices: [slice('slice-1', node1, pool1, driverA, [device(device1, undefined, undefined, [taintNoSchedule])])],
    expect: [allocation(local1, result(req0, driverA, pool1, device1))],
  },
};

describe('structured allocator: request kinds (upstream TestAllocator rows)', () => {
  it.each(Object.entries(rows))('%s', (_name, row) => expectRow(row));
});
