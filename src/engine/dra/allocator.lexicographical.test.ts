// The allocator's walk in name order (v1.36+, switch draNameOrder, kubernetes PR #136641): upstream's
// staging/src/k8s.io/dynamic-resource-allocation/structured/internal/allocatortesting/
// lexicographical_testing.go (TestLexicographicalAllocator), its four rows with their expected
// results, run through the order DynamicResources gives the allocator (allocatorSliceOrder) and
// the allocator, at 1.36 and 1.37. Before 1.36 upstream walked Go's map order (no expected result
// to port); Podplay's creation order there is the last test.
import { describe, expect, it } from 'vitest';
import type { Device, ResourceSlice } from '../model/resource';
import { allocatorSliceOrder } from '../plugins/DynamicResources/index';
import { withBindingConditions } from '../plugins/DynamicResources/bindingConditions';
import { versionSwitches, type KubernetesVersion } from '../versions';
import { allocate } from './allocator';
import {
  allFeatures, allocation, claim, classA, cls, device, device1, device2, device3, driverA, localNodeSelector, node, node1, pool1, pool2, region1, req0,
  request, result, slice, sliceWithOneDevice,
} from './allocatorTesting';

const pool3 = 'pool-3';
const [slice1, slice2, slice3] = ['slice-1', 'slice-2', 'slice-3'];
/** upstream: device(...).withBindingConditions([]string{"IsPrepare"}, []string{"BindingFailed"}) */
const withConditions = (d: Device): Device => ({ ...d, bindingConditions: ['IsPrepare'], bindingFailureConditions: ['BindingFailed'] });

interface Row { slices: ResourceSlice[]; bindingConditions?: boolean; expect: ReturnType<typeof allocation> }

const rows: Record<string, Row> = {
  'lexicographical-sorting-pools': {
    // pool-3 before pool-2 before pool-1 in input
    slices: [sliceWithOneDevice(slice1, node1, pool3, driverA), sliceWithOneDevice(slice2, node1, pool2, driverA), sliceWithOneDevice(slice3, node1, pool1, driverA)],
    expect: allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1), result(req0, driverA, pool2, device1)),
  },
  'lexicographical-sorting-pools-with-binding-conditions': {
    bindingConditions: true,
    // pools with binding conditions will be considered after pools without binding conditions
    slices: [
      slice(slice1, node1, pool1, driverA, [withConditions(device(device1))]),
      slice(slice3, node1, pool3, driverA, [device(device3)]),
      slice(slice2, node1, pool2, driverA, [device(device2)]),
    ],
    expect: allocation(localNodeSelector(node1), result(req0, driverA, pool2, device2), result(req0, driverA, pool3, device3)),
  },
  'lexicographical-sorting-slices': {
    // slice-3 before slice-2 before slice-1 in input
    slices: [slice(slice3, node1, pool1, driverA, [device(device3)], 1, 3), slice(slice2, node1, pool1, driverA, [device(device2)], 1, 3), slice(slice1, node1, pool1, driverA, [device(device1)], 1, 3)],
    expect: allocation(localNodeSelector(node1), result(req0, driverA, pool1, device1), result(req0, driverA, pool1, device2)),
  },
  'lexicographical-sorting-slices-with-binding-conditions': {
    bindingConditions: true,
    slices: [
      slice(slice1, node1, pool1, driverA, [withConditions(device(device1))], 1, 3),
      slice(slice3, node1, pool1, driverA, [device(device3)], 1, 3),
      slice(slice2, node1, pool1, driverA, [device(device2)], 1, 3),
    ],
    expect: allocation(localNodeSelector(node1),
      { ...result(req0, driverA, pool1, device1), bindingConditions: ['IsPrepare'], bindingFailureConditions: ['BindingFailed'] },
      result(req0, driverA, pool1, device2)),
  },
};

function allocateInOrder(row: Row, version: KubernetesVersion) {
  const slices = allocatorSliceOrder(row.slices, versionSwitches(version).draNameOrder, row.bindingConditions ?? false);
  const n = node(node1, region1);
  const r = allocate({ features: allFeatures, allocatedDevices: new Set(), deviceClass: (name) => (name === classA ? cls(classA, driverA) : undefined), slices, allSlices: slices }, n, [claim('claim-0', undefined, request(req0, classA, 2))]);
  return r.ok ? r.allocations.map((a) => withBindingConditions(a, slices, n)) : r;
}

describe.each(['1.36', '1.37'] as const)('TestLexicographicalAllocator at v%s', (version) => {
  it.each(Object.entries(rows))('%s', (_name, row) => {
    expect(allocateInOrder(row, version)).toEqual([row.expect]);
  });
});

describe('before v1.36 (upstream: Go map order; Podplay: creation order)', () => {
  it('lexicographical-sorting-pools takes the pools as created: pool-3, then pool-2', () => {
    expect(allocateInOrder(rows['lexicographical-sorting-pools']!, '1.35')).toEqual([
      allocation(localNodeSelector(node1), result(req0, driverA, pool3, device1), result(req0, driverA, pool2, device1)),
    ]);
  });
});
