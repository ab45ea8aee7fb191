// The resource store's index of taken devices against the list it replaces (allocatedDevices of
// every claim): puts, replacements, removals, admin access and shares, and claims in flight.
import { describe, expect, it } from 'vitest';
import { allocatedDevices } from '../plugins/DynamicResources/index';
import type { DeviceRequestAllocationResult, ResourceClaim } from '../model/resource';
import { ResourceStore } from '../simulation/resources';
import { TakenDevicesView } from './takenDevices';

const claim = (name: string, devices: string[], extra: Partial<DeviceRequestAllocationResult> = {}): ResourceClaim => ({
  apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim', metadata: { name, namespace: 'ns', uid: `uid-${name}` },
  spec: { devices: { requests: [{ name: 'req-0', exactly: { deviceClassName: 'c' } }] } },
  status: devices.length ? { allocation: { devices: { results: devices.map((d) => ({ request: 'req-0', driver: 'drv', pool: 'p', device: d, ...extra })) } } } : {},
} as ResourceClaim);

const ids = (...devices: string[]) => devices.map((d) => `drv/p/${d}`);
const probe = ids('d1', 'd2', 'd3', 'd4');
const viewOf = (store: ResourceStore, replaced: ResourceClaim[] = [], added: ResourceClaim[] = []) => new TakenDevicesView(store.takenDevices(), replaced, added);
const takenBy = (set: { has(id: string): boolean }) => probe.filter((id) => set.has(id));

describe('taken devices kept by the resource store', () => {
  it('follows puts, replacements and removals as listing every claim would', () => {
    const store = new ResourceStore([claim('a', ['d1']), claim('b', ['d2', 'd3']), claim('c', [])]);
    expect(takenBy(viewOf(store))).toEqual(ids('d1', 'd2', 'd3'));
    store.put(claim('b', ['d3'])); // reallocated: d2 free again
    store.put(claim('c', ['d3'])); // a second claim on d3 (the API would refuse it; counted twice)
    store.remove('ResourceClaim', 'ns', 'b');
    expect(takenBy(viewOf(store))).toEqual(ids('d1', 'd3'));
    expect(takenBy(viewOf(store))).toEqual(takenBy(allocatedDevices(store.resourceClaims())));
    store.remove('ResourceClaim', 'ns', 'c');
    expect(takenBy(viewOf(store))).toEqual(ids('d1'));
  });

  it('leaves out admin access and shares, and keeps the sharing claims apart', () => {
    const shared = claim('s', ['d2'], { shareID: 'x' });
    const store = new ResourceStore([claim('admin', ['d1'], { adminAccess: true }), shared]);
    expect(takenBy(viewOf(store))).toEqual([]);
    expect([...store.takenDevices().sharing]).toEqual([shared]);
  });

  it('takes claims in flight as the scheduler assumes them, not as stored', () => {
    const stored = claim('a', ['d1']);
    const store = new ResourceStore([stored, claim('b', ['d2'])]);
    expect(takenBy(viewOf(store, [stored], [claim('a', ['d4'])]))).toEqual(ids('d2', 'd4'));
    expect(takenBy(viewOf(store, [], [claim('n', ['d3'])]))).toEqual(ids('d1', 'd2', 'd3'));
  });

  it('hands out one slice list until a slice changes', () => {
    const store = new ResourceStore();
    const before = store.resourceSlices();
    expect(store.resourceSlices()).toBe(before);
    store.put(claim('a', ['d1']));
    expect(store.resourceSlices()).toBe(before);
    store.put({ apiVersion: 'resource.k8s.io/v1', kind: 'ResourceSlice', metadata: { name: 's' }, spec: { driver: 'drv', nodeName: 'n', pool: { name: 'p', generation: 1, resourceSliceCount: 1 }, devices: [] } } as never);
    expect(store.resourceSlices()).not.toBe(before);
    expect(store.resourceSlices().map((s) => s.metadata.name)).toEqual(['s']);
  });
});
