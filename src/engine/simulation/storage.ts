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
  /** told of every creation, replacement and deletion of a volume or claim (the run's volume history) */
  onVolumeChange?: (kind: 'PersistentVolume' | 'PersistentVolumeClaim', name: string, obj: PersistentVolume | PersistentVolumeClaim | undefined) => void;

  constructor(objects: readonly StorageObject[] = []) {
    for (const o of objects) this.put(o);
  }

  /** creates or replaces an object; returns the one it replaced */
  put(o: StorageObject): StorageObject | undefined {
    switch (o.kind) {
      case 'StorageClass': return replace(this.classes, o.metadata.name, o);
      case 'PersistentVolume': {
        if (!this.volumes.has(o.metadata.name)) this.volumeSeq.set(o.metadata.name, this.nextVolumeSeq++);
        this.volumeChanged(this.volumes.has(o.metadata.name) ? o.metadata.name : undefined);
        const old = replace(this.volumes, o.metadata.name, o);
        this.indexClaimRef(old, o);
        this.onVolumeChange?.('PersistentVolume', o.metadata.name, o);
        return old;
      }
      case 'PersistentVolumeClaim': {
        this.onVolumeChange?.('PersistentVolumeClaim', nsName(o), o);
        return replace(this.claims, nsName(o), o);
      }
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
      case 'PersistentVolume': {
        this.volumeChanged(undefined);
        const old = take(this.volumes, name);
        this.volumeSeq.delete(name);
        this.indexClaimRef(old, undefined);
        if (old) this.onVolumeChange?.('PersistentVolume', name, undefined);
        return old;
      }
      case 'PersistentVolumeClaim': {
        const old = take(this.claims, `${namespace ?? 'default'}/${name}`);
        if (old) this.onVolumeChange?.('PersistentVolumeClaim', `${namespace ?? 'default'}/${name}`, undefined);
        return old;
      }
      case 'CSINode': return take(this.csiNodes, name);
      case 'CSIDriver': return take(this.csiDrivers, name);
      case 'CSIStorageCapacity': {
        const i = this.capacities.findIndex((c) => nsName(c) === `${namespace ?? 'default'}/${name}`);
        return i >= 0 ? this.capacities.splice(i, 1)[0] : undefined;
      }
    }
  }

  /**
   * "namespace/name" of a claimRef → the names of the volumes that carry it: the PV controller
   * asks for a waiting claim's pre-bound volumes once per sync, which was a pass over every volume
   */
  private readonly claimRefs = new Map<string, Set<string>>();
  /** a volume's place in the store's order (the volumes map keeps it across replacements) */
  private readonly volumeSeq = new Map<string, number>();
  private nextVolumeSeq = 0;
  /** moves with every creation, replacement and deletion of a volume (the binder keeps its lists until then) */
  private volumesVersion = 0;
  /** the names of the volumes replaced since version `replacedFrom`, one per version; a creation or deletion empties it */
  private readonly replacedVolumes: string[] = [];
  private replacedFrom = 0;

  /** `replaced`: the name of an existing volume being replaced; undefined for a creation or deletion */
  private volumeChanged(replaced: string | undefined): void {
    this.volumesVersion++;
    // the log is kept to a few times the number of volumes: past it, readers rebuild their lists
    if (replaced === undefined || this.replacedVolumes.length > 4 * this.volumes.size + 1024) {
      this.replacedVolumes.length = 0;
      this.replacedFrom = this.volumesVersion;
    } else {
      this.replacedVolumes.push(replaced);
    }
  }

  /** the names of the volumes replaced (not created or deleted) since `version`; undefined when that is not known */
  persistentVolumesReplacedSince(version: number): readonly string[] | undefined {
    return version < this.replacedFrom || version > this.volumesVersion ? undefined : this.replacedVolumes.slice(version - this.replacedFrom);
  }

  private indexClaimRef(old: PersistentVolume | undefined, now: PersistentVolume | undefined): void {
    const keyOf = (v: PersistentVolume | undefined) => (v?.spec.claimRef ? `${v.spec.claimRef.namespace ?? 'default'}/${v.spec.claimRef.name ?? ''}` : undefined);
    const was = keyOf(old), is = keyOf(now);
    if (was === is) return;
    if (was !== undefined) {
      const names = this.claimRefs.get(was);
      names?.delete(old!.metadata.name);
      if (names?.size === 0) this.claimRefs.delete(was);
    }
    if (is !== undefined) (this.claimRefs.get(is) ?? this.claimRefs.set(is, new Set()).get(is)!).add(now!.metadata.name);
  }

  volumesClaimedBy(namespace: string, name: string): PersistentVolume[] {
    const names = this.claimRefs.get(`${namespace}/${name}`);
    if (!names) return [];
    return [...names].sort((a, b) => this.volumeSeq.get(a)! - this.volumeSeq.get(b)!).map((n) => this.volumes.get(n)!);
  }

  // ---- StorageLister ----

  storageClass(name: string): StorageClass | undefined { return this.classes.get(name); }
  storageClasses(): StorageClass[] { return [...this.classes.values()]; }
  persistentVolume(name: string): PersistentVolume | undefined { return this.volumes.get(name); }
  persistentVolumes(): PersistentVolume[] { return [...this.volumes.values()]; }
  persistentVolumesVersion(): number { return this.volumesVersion; }
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
