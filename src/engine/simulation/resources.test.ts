// ResourceStore's lists kept between changes: the claims by owner, the classes' list.
import { describe, expect, it } from 'vitest';
import type { DeviceClass, ResourceClaim } from '../model/resource';
import { ResourceStore } from './resources';

const claim = (name: string, ...owners: string[]): ResourceClaim => ({
  apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim',
  metadata: { name, namespace: 'default', ownerReferences: owners.map((uid) => ({ apiVersion: 'v1', kind: 'Pod', name: `pod-${uid}`, uid, controller: true })) },
  spec: {}, status: {},
});
const names = (claims: readonly ResourceClaim[]) => claims.map((c) => c.metadata.name);

describe('ResourceStore', () => {
  it('lists the claims an owner uid owns, in creation order, as they are put, replaced and removed', () => {
    const store = new ResourceStore([claim('a', 'u1'), claim('b', 'u2'), claim('c', 'u1', 'u2')]);
    expect(names(store.resourceClaimsOwnedBy('u1'))).toEqual(['a', 'c']);
    expect(names(store.resourceClaimsOwnedBy('u2'))).toEqual(['b', 'c']);
    // a replacement that no longer names u1 leaves u1's list; one that still names u2 keeps its place
    store.put(claim('c', 'u2'));
    expect(names(store.resourceClaimsOwnedBy('u1'))).toEqual(['a']);
    expect(names(store.resourceClaimsOwnedBy('u2'))).toEqual(['b', 'c']);
    expect(store.resourceClaimsOwnedBy('u2')[1]).toBe(store.resourceClaim('default', 'c'));
    store.remove('ResourceClaim', 'default', 'b');
    expect(names(store.resourceClaimsOwnedBy('u2'))).toEqual(['c']);
    expect(store.resourceClaimsOwnedBy('nobody')).toEqual([]);
  });

  it('keeps the classes\' list until a class is put or removed', () => {
    const cls = (name: string): DeviceClass => ({ apiVersion: 'resource.k8s.io/v1', kind: 'DeviceClass', metadata: { name }, spec: {} });
    const store = new ResourceStore([cls('x')]);
    const list = store.deviceClasses();
    expect(store.deviceClasses()).toBe(list);
    store.put(cls('y'));
    expect(store.deviceClasses().map((c) => c.metadata.name)).toEqual(['x', 'y']);
    store.remove('DeviceClass', undefined, 'x');
    expect(store.deviceClasses().map((c) => c.metadata.name)).toEqual(['y']);
  });
});
