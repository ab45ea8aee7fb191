// The controllers around volumes, as far as scheduling needs them: the PV controller (binding and
// provisioning, controllers/persistentVolume.ts), the ephemeral volume controller
// (controllers/ephemeral.ts: a pod's generic ephemeral volume becomes a PVC owned by the pod) and
// the garbage collector deleting those PVCs with their pod. The controllers decide; this carries it out.
// Every change reaches the scheduling queue as the informer event upstream's plugins register for.

import { syncPersistentVolumes, type StorageChange } from '../controllers/persistentVolume';
import { admitClaim } from '../model/admission/storage';
import type { PersistentVolume, PersistentVolumeClaim, StorageObject } from '../model/storage';
import { ephemeralVolumeClaims } from '../controllers/ephemeral';
import { statefulSetClaims } from '../controllers/statefulset';
import type { Pod } from '../model/types';
import type { ManagerHost } from './managerHost';

const nsOf = (o: { metadata: { namespace?: string } }) => o.metadata.namespace ?? 'default';

export class VolumeManager {
  /** events already recorded for a claim (the event recorder aggregates repeats) */
  private readonly reported = new Set<string>();

  constructor(private readonly sim: ManagerHost) {}

  private get store() { return this.sim.cluster.storage; }

  /** Tells the queue about each change (upstream: the informers' event handlers). */
  private publish(changes: readonly StorageChange[]): void {
    for (const c of changes) {
      this.sim.queue.moveAllToActiveOrBackoffQueue({ resource: c.kind, actionType: c.action, label: `${c.kind}${c.action}` }, c.old, c.obj);
    }
  }

  /** One pass of the PV controller over every claim and volume, or over those that changed. */
  sync(changed?: { claims: readonly PersistentVolumeClaim[]; volumes: readonly PersistentVolume[] }): void {
    const result = syncPersistentVolumes({ store: this.store, nodes: this.sim.cluster.nodes, names: this.sim.scenario.names, now: this.sim.now }, changed);
    for (const e of result.events) {
      const key = `${e.object}/${e.reason}/${e.message}`;
      if (this.reported.has(key)) continue;
      this.reported.add(key);
      this.sim.recordEvent(e.type, e.reason, e.object, e.message);
    }
    this.publish(result.changes);
  }

  /** kubectl apply of a storage object (claims through DefaultStorageClass admission). */
  apply(obj: StorageObject): void {
    const admitted = obj.kind === 'PersistentVolumeClaim' ? admitClaim(obj, this.store.storageClasses()) : obj;
    if (admitted.kind === 'PersistentVolumeClaim' || admitted.kind === 'PersistentVolume') {
      if (admitted.metadata.uid === undefined) admitted.metadata.uid = this.sim.scenario.names.uid(admitted.kind, admitted.kind === 'PersistentVolumeClaim' ? nsOf(admitted) : undefined, admitted.metadata.name);
    }
    admitted.metadata.creationTimestamp ??= this.sim.now;
    const old = this.store.put(admitted);
    this.sim.queue.moveAllToActiveOrBackoffQueue({ resource: admitted.kind, actionType: old ? 'Update' : 'Add', label: `${admitted.kind}${old ? 'Update' : 'Add'}` }, old, admitted);
    this.sync();
  }

  /** kubectl delete of a storage object; false when it does not exist. */
  delete(kind: StorageObject['kind'], namespace: string, name: string): boolean {
    const removed = this.store.remove(kind, namespace, name);
    if (!removed) return false;
    this.sim.queue.moveAllToActiveOrBackoffQueue({ resource: kind, actionType: 'Delete', label: `${kind}Delete` }, removed, undefined);
    this.sync();
    return true;
  }

  /** A pod was created: the ephemeral volume controller (controllers/ephemeral.ts) makes its claims. */
  podCreated(pod: Pod): void {
    const store = this.store;
    const ctx = {
      names: this.sim.scenario.names, now: this.sim.now, storageClasses: store.storageClasses(),
      claimExists: (namespace: string, name: string) => store.persistentVolumeClaim(namespace, name) !== undefined,
    };
    // a StatefulSet's pod: the set's controller creates the claims of its templates first
    const owner = pod.metadata.ownerReferences?.find((o) => o.controller && o.kind === 'StatefulSet');
    const sts = owner && this.sim.cluster.workload('StatefulSet', nsOf(pod), owner.name);
    const setClaims = sts ? statefulSetClaims(sts, pod, ctx) : [];
    for (const claim of setClaims) {
      this.addClaim(claim, `StatefulSet/${nsOf(pod)}/${sts!.metadata.name}`, `create Claim ${claim.metadata.name} Pod ${pod.metadata.name} in StatefulSet ${sts!.metadata.name} success`);
    }
    const claims = ephemeralVolumeClaims(pod, ctx);
    for (const claim of claims) this.addClaim(claim, `Pod/${nsOf(pod)}/${pod.metadata.name}`, `Created PersistentVolumeClaim ${claim.metadata.name}`);
    if (claims.length + setClaims.length > 0) this.sync();
  }

  private addClaim(claim: PersistentVolumeClaim, object: string, message: string): void {
    this.store.put(claim);
    this.sim.recordEvent('Normal', 'SuccessfulCreate', object, message);
    this.sim.queue.moveAllToActiveOrBackoffQueue({ resource: 'PersistentVolumeClaim', actionType: 'Add', label: 'PersistentVolumeClaimAdd' }, undefined, claim);
  }

  /** The garbage collector: a deleted pod's ephemeral PVCs go with it. */
  podDeleted(pod: Pod): void {
    let deleted = false;
    for (const claim of this.store.persistentVolumeClaims()) {
      if (nsOf(claim) !== nsOf(pod)) continue;
      const owner = claim.metadata.ownerReferences?.find((r) => r.controller && r.kind === 'Pod');
      if (!owner || owner.name !== pod.metadata.name || (owner.uid && pod.metadata.uid && owner.uid !== pod.metadata.uid)) continue;
      this.store.remove('PersistentVolumeClaim', nsOf(claim), claim.metadata.name);
      this.sim.queue.moveAllToActiveOrBackoffQueue({ resource: 'PersistentVolumeClaim', actionType: 'Delete', label: 'PersistentVolumeClaimDelete' }, claim, undefined);
      deleted = true;
    }
    if (deleted) this.sync();
  }

  /** upstream: volumeBinder.bindAPIUpdate — the scheduler's PreBind writes; the PV controller finishes the binding. */
  bindPodVolumes(volumes: readonly PersistentVolume[], claims: readonly PersistentVolumeClaim[]): void {
    const changes: StorageChange[] = [];
    for (const pv of volumes) {
      const old = this.store.put(structuredClone(pv)) as PersistentVolume | undefined;
      changes.push({ kind: 'PersistentVolume', action: 'Update', ...(old ? { old } : {}), obj: pv });
    }
    for (const pvc of claims) {
      const old = this.store.put(structuredClone(pvc)) as PersistentVolumeClaim | undefined;
      changes.push({ kind: 'PersistentVolumeClaim', action: 'Update', ...(old ? { old } : {}), obj: pvc });
    }
    this.publish(changes);
    this.sync({ claims, volumes });
  }
}
