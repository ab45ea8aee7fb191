// RememberedSearches: a node's search is taken again only while it would find the same.
import { describe, expect, it } from 'vitest';
import type { AllocatorInput, DeviceID } from './allocator';
import {
  allFeatures, claimWithRequest, classA, cls, consumes, consumption, counterSet, counterSlice, device, driverA, node, node1, only, pool1, region1, req0, slice, sliceWithDevices,
} from './allocatorTesting';
import { RememberedSearches } from './rememberedSearch';

const n1 = node(node1, region1);
const classes = [cls(classA, driverA)];
const input = (taken: DeviceID[], slices = [sliceWithDevices('slice-1', node1, pool1, driverA, 3)], steps = { left: 100_000 }): AllocatorInput => ({
  features: only({}) as AllocatorInput['features'],
  allocatedDevices: new Set(taken),
  deviceClass: (name) => classes.find((c) => c.metadata.name === name),
  slices,
  steps,
});

describe('RememberedSearches', () => {
  it('gives the node\'s last outcome while its devices and the claims\' asks are the same, counting its steps', () => {
    const r = new RememberedSearches();
    const slices = [sliceWithDevices('slice-1', node1, pool1, driverA, 3)];
    const first = r.allocate(input([], slices), slices, n1, [claimWithRequest('claim-0', req0, classA)]);
    const steps = { left: 100_000 };
    const again = r.allocate(input([], slices, steps), slices, n1, [claimWithRequest('claim-0', req0, classA)]);
    expect(again).toBe(first);
    expect(steps.left).toBeLessThan(100_000);
  });

  it('searches again once a device of the node is taken', () => {
    const r = new RememberedSearches();
    const slices = [sliceWithDevices('slice-1', node1, pool1, driverA, 3)];
    const first = r.allocate(input([], slices), slices, n1, [claimWithRequest('claim-0', req0, classA)]);
    const taken = r.allocate(input([`${driverA}/${pool1}/device-0`], slices), slices, n1, [claimWithRequest('claim-0', req0, classA)]);
    expect(taken).not.toBe(first);
    expect(taken.ok && taken.allocations[0]!.devices.results[0]!.device).toBe('device-1');
  });

  it('names the claim of this search in the outcomes (a template\'s claims differ by name only)', () => {
    const r = new RememberedSearches();
    const slices = [sliceWithDevices('slice-1', node1, pool1, driverA, 3)];
    const first = r.allocate(input([], slices), slices, n1, [claimWithRequest('claim-0', req0, classA)]);
    const other = r.allocate(input([], slices), slices, n1, [claimWithRequest('claim-1', req0, classA)]);
    expect(other.outcomes.map((o) => o.claim)).toEqual(['default/claim-1']);
    expect(first.outcomes.map((o) => o.claim)).toEqual(['default/claim-0']);
    // remembered: the same allocations, not a search of its own
    expect(other.ok && first.ok && other.allocations).toBe(first.ok && first.allocations);
  });

  it('searches again for a claim that asks differently', () => {
    const r = new RememberedSearches();
    const slices = [sliceWithDevices('slice-1', node1, pool1, driverA, 3)];
    const one = r.allocate(input([], slices), slices, n1, [claimWithRequest('claim-0', req0, classA)]);
    const two = r.allocate(input([], slices), slices, n1, [{ ...claimWithRequest('claim-0', req0, classA), spec: { devices: { requests: [{ name: req0, exactly: { deviceClassName: classA, allocationMode: 'ExactCount', count: 2 } }] } } }]);
    expect(two).not.toBe(one);
    expect(two.ok && two.allocations[0]!.devices.results.map((d) => d.device)).toEqual(['device-0', 'device-1']);
  });

  it('does not take an outcome the cycle has not the steps left for', () => {
    const r = new RememberedSearches();
    const slices = [sliceWithDevices('slice-1', node1, pool1, driverA, 3)];
    const first = r.allocate(input([], slices), slices, n1, [claimWithRequest('claim-0', req0, classA)]);
    const short = r.allocate(input([], slices, { left: 0 }), slices, n1, [claimWithRequest('claim-0', req0, classA)]);
    expect(short).not.toBe(first);
    expect(short.ok).toBe(false);
  });

  it('remembers nothing on a node whose pool has shared counters (devices elsewhere consume them)', () => {
    const r = new RememberedSearches();
    const slices = [
      counterSlice('counters', node1, pool1, driverA, [counterSet('set-1', { memory: '4Gi' })], 2),
      slice('devices', node1, pool1, driverA, [consumes(device('device-0'), false, consumption('set-1', { memory: '1Gi' }))], 1, 2),
    ];
    const partitionable = (): AllocatorInput => ({ ...input([], slices), features: { ...allFeatures, consumableCapacity: false } });
    const first = r.allocate(partitionable(), slices, n1, [claimWithRequest('claim-0', req0, classA)]);
    expect(first.ok).toBe(true);
    expect(r.allocate(partitionable(), slices, n1, [claimWithRequest('claim-0', req0, classA)])).not.toBe(first);
  });
});
