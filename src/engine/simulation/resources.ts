// The resource.k8s.io objects as the API server holds them (what the scheduler's informers and
// the resourceclaim controller see): DeviceClasses, ResourceSlices, ResourceClaims and
// ResourceClaimTemplates. Implements the listers the DynamicResources plugin reads.

import type { ResourceLister } from '../framework/interfaces';
import { TakenDevices } from '../dra/takenDevices';
import type { DeviceClass, DeviceTaintRule, ResourceClaim, ResourceClaimTemplate, ResourceObject, ResourceSlice } from '../model/resource';

const nsName = (o: { metadata: { namespace?: string; name: string } }) => `${o.metadata.namespace ?? 'default'}/${o.metadata.name}`;

export class ResourceStore implements ResourceLister {
  readonly classes = new Map<string, DeviceClass>();
  /** by name, in creation order */
  readonly slices = new Map<string, ResourceSlice>();
  /** namespace/name, in creation order */
  readonly claims = new Map<string, ResourceClaim>();
  readonly templates = new Map<string, ResourceClaimTemplate>();
  /** by name, in creation order */
  readonly taintRules = new Map<string, DeviceTaintRule>();
  /** moves on every put and remove (see ResourceLister.version) */
  private changes = 0;
  /** the devices the stored claims' allocations take (see ResourceLister.takenDevices) */
  private readonly taken = new TakenDevices();
  /** resourceSlices()'s list while no slice changed (the allocator keeps its per-node set-up by it) */
  private sliceList: ResourceSlice[] | undefined;
  /**
   * claims by the uid of each owner reference, in creation order: DynamicResources looks up a
   * pod's claim for extended resources every cycle, and a run holds a claim per scheduled pod
   */
  private readonly byOwner = new Map<string, Map<string, ResourceClaim>>();
  /** deviceClasses()'s list while no class changed (NodeResourcesFit and DynamicResources read it per node) */
  private classList: DeviceClass[] | undefined;

  constructor(objects: readonly ResourceObject[] = []) {
    for (const o of objects) this.put(o);
  }

  get empty(): boolean {
    return this.classes.size + this.slices.size + this.claims.size + this.templates.size + this.taintRules.size === 0;
  }

  /** creates or replaces an object; returns the one it replaced */
  put(o: ResourceObject): ResourceObject | undefined {
    this.changes++;
    if (o.kind === 'ResourceSlice') this.sliceList = undefined;
    if (o.kind === 'DeviceClass') this.classList = undefined;
    switch (o.kind) {
      case 'DeviceClass': return replace(this.classes, o.metadata.name, o);
      case 'ResourceSlice': return replace(this.slices, o.metadata.name, o);
      case 'ResourceClaim': {
        const key = nsName(o);
        const old = replace(this.claims, key, o);
        if (old) { this.taken.remove(old); this.unindexOwners(key, old, o); }
        this.taken.add(o);
        for (const ref of o.metadata.ownerReferences ?? []) {
          if (ref.uid === undefined) continue;
          let owned = this.byOwner.get(ref.uid);
          if (!owned) this.byOwner.set(ref.uid, (owned = new Map()));
          owned.set(key, o);
        }
        return old;
      }
      case 'ResourceClaimTemplate': return replace(this.templates, nsName(o), o);
      case 'DeviceTaintRule': return replace(this.taintRules, o.metadata.name, o);
    }
  }

  /** deletes an object by kind and name; returns it */
  remove(kind: ResourceObject['kind'], namespace: string | undefined, name: string): ResourceObject | undefined {
    this.changes++;
    if (kind === 'ResourceSlice') this.sliceList = undefined;
    if (kind === 'DeviceClass') this.classList = undefined;
    const key = `${namespace ?? 'default'}/${name}`;
    const take = <T>(m: Map<string, T>, k: string): T | undefined => { const v = m.get(k); m.delete(k); return v; };
    switch (kind) {
      case 'DeviceClass': return take(this.classes, name);
      case 'ResourceSlice': return take(this.slices, name);
      case 'ResourceClaim': {
        const old = take(this.claims, key);
        if (old) { this.taken.remove(old); this.unindexOwners(key, old, undefined); }
        return old;
      }
      case 'ResourceClaimTemplate': return take(this.templates, key);
      case 'DeviceTaintRule': return take(this.taintRules, name);
    }
  }

  // ---- ResourceLister ----

  deviceClass(name: string): DeviceClass | undefined { return this.classes.get(name); }
  /** the same list (not to be modified) until a class is put or removed */
  deviceClasses(): readonly DeviceClass[] { return (this.classList ??= [...this.classes.values()]); }
  /** the same list (not to be modified) until a slice is put or removed */
  resourceSlices(): readonly ResourceSlice[] { return (this.sliceList ??= [...this.slices.values()]); }
  deviceTaintRules(): DeviceTaintRule[] { return [...this.taintRules.values()]; }
  resourceClaim(namespace: string, name: string): ResourceClaim | undefined { return this.claims.get(`${namespace}/${name}`); }
  resourceClaims(): ResourceClaim[] { return [...this.claims.values()]; }
  resourceClaimsOwnedBy(uid: string): readonly ResourceClaim[] {
    const owned = this.byOwner.get(uid);
    return owned ? [...owned.values()] : [];
  }

  /** drops `old`'s owners that `now` (its replacement, if any) does not name */
  private unindexOwners(key: string, old: ResourceClaim, now: ResourceClaim | undefined): void {
    for (const ref of old.metadata.ownerReferences ?? []) {
      if (ref.uid === undefined) continue;
      if (now?.metadata.ownerReferences?.some((r) => r.uid === ref.uid)) continue;
      const owned = this.byOwner.get(ref.uid);
      owned?.delete(key);
      if (owned?.size === 0) this.byOwner.delete(ref.uid);
    }
  }
  version(): number { return this.changes; }
  takenDevices(): TakenDevices { return this.taken; }
  resourceClaimTemplate(namespace: string, name: string): ResourceClaimTemplate | undefined { return this.templates.get(`${namespace}/${name}`); }
}

function replace<T>(m: Map<string, T>, key: string, v: T): T | undefined {
  const old = m.get(key);
  m.set(key, v);
  return old;
}
