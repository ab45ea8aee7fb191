// The storage objects as the API server holds them (what the scheduler's informers and the PV
// controller see): StorageClasses, PersistentVolumes, PersistentVolumeClaims, CSINodes, CSIDrivers
// and CSIStorageCapacities. Implements the listers the volume plugins read through the Handle.

import type { StorageLister } from '../framework/interfaces';
import type {
  CSIDriver, CSINode, CSIStorageCapacity, PersistentVolume, PersistentVolumeClaim, StorageClass, StorageObject,
} from '../model/storage';

const nsName = (o: { metadata: { namespace?: string; name: string } }) => `${o.metadata.namespace ?? 'default'}/${o.metadata.name}`;

export class StorageStore implements StorageLister {
  readonly classes = new Map<string, StorageClass>();
  /** by name, in creation order */
  readonly volumes = new Map<string, PersistentVolume>();
  /** namespace/name, in creation order */
  readonly claims = new Map<string, PersistentVolumeClaim>();
  readonly csiNodes = new Map<string, CSINode>();
  readonly csiDrivers = new Map<string, CSIDriver>();
  readonly capacities: CSIStorageCapacity[] = [];

  constructor(objects: readonly StorageObject[] = []) {
    for (const o of objects) this.put(o);
  }

  /** creates or replaces an object; returns the one it replaced */
  put(o: StorageObject): StorageObject | undefined {
    switch (o.kind) {
      case 'StorageClass': return replace(this.classes, o.metadata.name, o);
      case 'PersistentVolume': return replace(this.volumes, o.metadata.name, o);
      case 'PersistentVolumeClaim': return replace(this.claims, nsName(o), o);
      case 'CSINode': return replace(this.csiNodes, o.metadata.name, o);
      case 'CSIDriver': return replace(this.csiDrivers, o.metadata.name, o);
      case 'CSIStorageCapacity': {
        const i = this.capacities.findIndex((c) => nsName(c) === nsName(o));
        const old = i >= 0 ? this.capacities[i] : undefined;
        if (i >= 0) this.capacities[i] = o; else this.capacities.push(o);
        return old;
      }
    }
  }

  /** deletes an object by kind and name; returns it */
  remove(kind: StorageObject['kind'], namespace: string | undefined, name: string): StorageObject | undefined {
    const take = <T>(m: Map<string, T>, key: string): T | undefined => { const v = m.get(key); m.delete(key); return v; };
    switch (kind) {
      case 'StorageClass': return take(this.classes, name);
      case 'PersistentVolume': return take(this.volumes, name);
      case 'PersistentVolumeClaim': return take(this.claims, `${namespace ?? 'default'}/${name}`);
      case 'CSINode': return take(this.csiNodes, name);
      case 'CSIDriver': return take(this.csiDrivers, name);
      case 'CSIStorageCapacity': {
        const i = this.capacities.findIndex((c) => nsName(c) === `${namespace ?? 'default'}/${name}`);
        return i >= 0 ? this.capacities.splice(i, 1)[0] : undefined;
      }
    }
  }

  // ---- StorageLister ----

  storageClass(name: string): StorageClass | undefined { return this.classes.get(name); }
  storageClasses(): StorageClass[] { return [...this.classes.values()]; }
  persistentVolume(name: string): PersistentVolume | undefined { return this.volumes.get(name); }
  persistentVolumes(): PersistentVolume[] { return [...this.volumes.values()]; }
  persistentVolumeClaim(namespace: string, name: string): PersistentVolumeClaim | undefined { return this.claims.get(`${namespace}/${name}`); }
  persistentVolumeClaims(): PersistentVolumeClaim[] { return [...this.claims.values()]; }
  csiNode(name: string): CSINode | undefined { return this.csiNodes.get(name); }
  csiDriver(name: string): CSIDriver | undefined { return this.csiDrivers.get(name); }
  csiStorageCapacities(): CSIStorageCapacity[] { return this.capacities; }
}

function replace<T>(m: Map<string, T>, key: string, v: T): T | undefined {
  const old = m.get(key);
  m.set(key, v);
  return old;
}
