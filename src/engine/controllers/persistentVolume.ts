// upstream: pkg/controller/volume/persistentvolume/pv_controller.go (syncClaim, syncUnboundClaim,
// syncVolume, bind) and index.go (findBestMatchForClaim), with the external provisioner's part
// (sigs.k8s.io/sig-storage-lib-external-provisioner: a PV named pvc-<claim uid>, topology from the
// selected node) folded in. It runs on the simulated clock and takes no time: a claim is bound or
// provisioned in the same instant the controller sees it.

import type { ClusterEvent } from '../api';
import type { NameGenerator } from '../model/names';
import {
  AnnBindCompleted, AnnBoundByController, AnnDynamicallyProvisioned, AnnSelectedNode, AnnStorageProvisioner, checkAccessModes,
  claimRequestBytes, findMatchingVolume, getPersistentVolumeClaimClass, getPersistentVolumeClass, NotSupportedProvisioner,
  volumeCapacityBytes,
} from '../model/pvHelpers';
import type { PersistentVolume, PersistentVolumeClaim, StorageClass, StorageObject } from '../model/storage';
import type { Node, NodeSelectorTerm } from '../model/types';
import type { StorageLister } from '../framework/interfaces';

/** An object the controller created or changed: the informer event the scheduler's queue sees. */
export type StorageChange =
  | { kind: 'PersistentVolumeClaim'; action: 'Add' | 'Update'; old?: PersistentVolumeClaim; obj: PersistentVolumeClaim }
  | { kind: 'PersistentVolume'; action: 'Add' | 'Update'; old?: PersistentVolume; obj: PersistentVolume }
  | { kind: 'PersistentVolume'; action: 'Delete'; old: PersistentVolume; obj?: undefined };

/** The storage objects as the PV controller reads and writes them (the simulation's store implements it). */
export interface StorageStore extends StorageLister {
  /** creates or replaces an object; returns the one it replaced */
  put(o: StorageObject): StorageObject | undefined;
  remove(kind: StorageObject['kind'], namespace: string | undefined, name: string): StorageObject | undefined;
  /** the volumes whose claimRef names namespace/name, in store order, if the store keeps that index */
  volumesClaimedBy?(namespace: string, name: string): PersistentVolume[];
}

export interface PVControllerContext {
  store: StorageStore;
  nodes: ReadonlyMap<string, Node>;
  names: NameGenerator;
  now: number;
}

export interface PVControllerResult {
  changes: StorageChange[];
  events: Omit<ClusterEvent, 'time'>[];
}

const nsOf = (o: { metadata: { namespace?: string } }) => o.metadata.namespace ?? 'default';
const claimKey = (c: PersistentVolumeClaim) => `${nsOf(c)}/${c.metadata.name}`;

/** upstream: IsDelayBindingMode — the claim's class exists and waits for the first consumer */
export function isDelayBindingMode(claim: PersistentVolumeClaim, store: StorageStore): boolean {
  const name = getPersistentVolumeClaimClass(claim);
  return name !== '' && store.storageClass(name)?.volumeBindingMode === 'WaitForFirstConsumer';
}

/** upstream: isPVCFullyBound (the scheduler's binder) — volumeName set and bind-completed */
export function isClaimFullyBound(claim: PersistentVolumeClaim): boolean {
  return !!claim.spec.volumeName && claim.metadata.annotations?.[AnnBindCompleted] !== undefined;
}

class Controller {
  readonly result: PVControllerResult = { changes: [], events: [] };
  constructor(private readonly ctx: PVControllerContext) {}

  private update<T extends PersistentVolume | PersistentVolumeClaim>(obj: T, change: (o: T) => void): T {
    const next = structuredClone(obj);
    change(next);
    this.ctx.store.put(next);
    this.result.changes.push({ kind: obj.kind, action: 'Update', old: obj, obj: next } as StorageChange);
    return next;
  }

  private event(type: 'Normal' | 'Warning', reason: string, claim: PersistentVolumeClaim, message: string): void {
    this.result.events.push({ type, reason, object: `PersistentVolumeClaim/${claimKey(claim)}`, message });
  }

  /** upstream: syncVolume's phase bookkeeping — Available without a claim, Released when the claim is gone */
  syncVolume(volume: PersistentVolume): void {
    const ref = volume.spec.claimRef;
    const phase = volume.status.phase;
    if (!ref) {
      if (phase !== 'Available' && phase !== 'Released' && phase !== 'Failed') this.update(volume, (v) => { v.status.phase = 'Available'; });
      return;
    }
    const claim = this.ctx.store.persistentVolumeClaim(ref.namespace ?? 'default', ref.name ?? '');
    if (!claim || (ref.uid && claim.metadata.uid && ref.uid !== claim.metadata.uid)) {
      // the claim is gone: upstream reclaimVolume — Delete removes the volume, Retain releases it
      if (ref.uid && phase === 'Bound') {
        if (volume.spec.persistentVolumeReclaimPolicy === 'Delete') {
          this.ctx.store.remove('PersistentVolume', undefined, volume.metadata.name);
          this.result.changes.push({ kind: 'PersistentVolume', action: 'Delete', old: volume });
        } else {
          this.update(volume, (v) => { v.status.phase = 'Released'; });
        }
      } else if (!phase) {
        this.update(volume, (v) => { v.status.phase = 'Available'; });
      }
      return;
    }
    if (phase !== 'Bound' && isClaimFullyBound(claim) && claim.spec.volumeName === volume.metadata.name) this.update(volume, (v) => { v.status.phase = 'Bound'; });
  }

  /** upstream: syncClaim — unbound claims are matched, provisioned or wait; bound ones keep their phase */
  syncClaim(claim: PersistentVolumeClaim): void {
    if (isClaimFullyBound(claim)) {
      const volume = this.ctx.store.persistentVolume(claim.spec.volumeName!);
      if (!volume && claim.status.phase !== 'Lost') {
        this.update(claim, (c) => { c.status.phase = 'Lost'; });
        this.event('Warning', 'ClaimLost', claim, 'Bound claim has lost its PersistentVolume. Data on the volume is lost!');
      }
      return;
    }
    if (claim.spec.volumeName) { this.syncPreBoundClaim(claim); return; }
    const delayBinding = isDelayBindingMode(claim, this.ctx.store);
    const volume = this.findBestMatchForClaim(claim, delayBinding);
    if (volume) { this.bind(volume, claim); return; }
    const className = getPersistentVolumeClaimClass(claim);
    if (delayBinding && claim.metadata.annotations?.[AnnSelectedNode] === undefined) {
      this.setPending(claim);
      this.eventOnce('Normal', 'WaitForFirstConsumer', claim, 'waiting for first consumer to be created before binding');
      return;
    }
    if (className !== '') { this.provision(claim, className); return; }
    this.setPending(claim);
    this.eventOnce('Normal', 'FailedBinding', claim, 'no persistent volumes available for this claim and no storage class is set');
  }

  /** repeated on every pass; the caller records each distinct event once (the event recorder aggregates) */
  private eventOnce(type: 'Normal' | 'Warning', reason: string, claim: PersistentVolumeClaim, message: string): void {
    this.event(type, reason, claim, message);
  }

  private setPending(claim: PersistentVolumeClaim): void {
    if (claim.status.phase !== 'Pending') this.update(claim, (c) => { c.status.phase = 'Pending'; });
  }

  /** a claim that names its volume (spec.volumeName): bind when the volume is free and fits */
  private syncPreBoundClaim(claim: PersistentVolumeClaim): void {
    const volume = this.ctx.store.persistentVolume(claim.spec.volumeName!);
    if (!volume) {
      this.setPending(claim);
      this.eventOnce('Normal', 'FailedBinding', claim, `volume "${claim.spec.volumeName}" not found`);
      return;
    }
    if (volume.spec.claimRef && !isBoundTo(volume, claim)) {
      this.setPending(claim);
      this.eventOnce('Warning', 'FailedBinding', claim, 'volume already bound to a different claim.');
      return;
    }
    // upstream: checkVolumeSatisfyClaim
    const mismatch = volumeCapacityBytes(volume) < claimRequestBytes(claim) ? 'requested PV is too small'
      : getPersistentVolumeClass(volume) !== getPersistentVolumeClaimClass(claim) ? 'storageClassName does not match'
        : !checkAccessModes(claim, volume) ? 'incompatible accessMode' : undefined;
    if (mismatch) {
      this.setPending(claim);
      this.eventOnce('Warning', 'VolumeMismatch', claim, `Cannot bind to requested volume "${volume.metadata.name}": ${mismatch}`);
      return;
    }
    this.bind(volume, claim);
  }

  /**
   * upstream: index.findBestMatchForClaim — the volumes whose access modes include the claim's,
   * grouped by their set of modes, smallest sets first; in each group FindMatchingVolume.
   */
  private findBestMatchForClaim(claim: PersistentVolumeClaim, delayBinding: boolean): PersistentVolume | undefined {
    const groups = new Map<string, PersistentVolume[]>();
    for (const v of delayBinding ? this.volumesClaimedBy(claim) : this.ctx.store.persistentVolumes()) {
      if (!checkAccessModes(claim, v)) continue;
      const key = [...new Set(v.spec.accessModes ?? [])].sort().join(',');
      (groups.get(key) ?? groups.set(key, []).get(key)!).push(v);
    }
    const ordered = [...groups.entries()].sort(([a], [b]) => a.split(',').length - b.split(',').length);
    for (const [, volumes] of ordered) {
      const found = findMatchingVolume(claim, volumes, undefined, new Set(), delayBinding);
      if (found) return found;
    }
    return undefined;
  }

  /** claim key → names of the volumes whose claimRef names it, in store order; built once a pass */
  private claimRefs: Map<string, string[]> | undefined;

  /**
   * The volumes that can match a claim waiting for its first consumer: FindMatchingVolume without a
   * node and with delayBinding returns only a volume pre-bound to the claim (its claimRef). Looking
   * at those alone gives the same answer without a pass over every volume per claim (4,000 local
   * PVs cost 4,000² checks per pass: issue 23). Only the claim being synced gains a claimRef
   * during the claims' loop, so one index serves the pass.
   */
  private volumesClaimedBy(claim: PersistentVolumeClaim): PersistentVolume[] {
    if (this.ctx.store.volumesClaimedBy) return this.ctx.store.volumesClaimedBy(nsOf(claim), claim.metadata.name);
    if (!this.claimRefs) {
      this.claimRefs = new Map();
      for (const v of this.ctx.store.persistentVolumes()) {
        const ref = v.spec.claimRef;
        if (!ref) continue;
        const key = `${ref.namespace ?? 'default'}/${ref.name}`;
        (this.claimRefs.get(key) ?? this.claimRefs.set(key, []).get(key)!).push(v.metadata.name);
      }
    }
    return (this.claimRefs.get(claimKey(claim)) ?? []).flatMap((name) => this.ctx.store.persistentVolume(name) ?? []);
  }

  /** upstream: bind — volume.claimRef, then the claim's volumeName, both phases Bound */
  bind(volume: PersistentVolume, claim: PersistentVolumeClaim): void {
    if (!isBoundTo(volume, claim) || !volume.spec.claimRef?.uid || volume.status.phase !== 'Bound') {
      volume = this.update(volume, (v) => {
        if (!v.spec.claimRef) {
          v.metadata.annotations = { ...(v.metadata.annotations ?? {}), [AnnBoundByController]: 'yes' };
        }
        v.spec.claimRef = { kind: 'PersistentVolumeClaim', namespace: nsOf(claim), name: claim.metadata.name, uid: claim.metadata.uid, apiVersion: 'v1' };
        v.status.phase = 'Bound';
      });
    }
    this.update(claim, (c) => {
      const byController = !c.spec.volumeName;
      c.spec.volumeName = volume.metadata.name;
      c.metadata.annotations = {
        ...(c.metadata.annotations ?? {}), [AnnBindCompleted]: 'yes', ...(byController ? { [AnnBoundByController]: 'yes' } : {}),
      };
      c.status = { phase: 'Bound', accessModes: volume.spec.accessModes ?? [], capacity: { ...(volume.spec.capacity ?? {}) } };
    });
  }

  /**
   * upstream: provisionClaim and the external provisioner — a PV of the requested size in the
   * selected node's topology (WaitForFirstConsumer) or the class's allowed topologies (Immediate).
   */
  private provision(claim: PersistentVolumeClaim, className: string): void {
    const cls = this.ctx.store.storageClass(className);
    if (!cls) {
      this.setPending(claim);
      this.eventOnce('Warning', 'ProvisioningFailed', claim, `storageclass.storage.k8s.io "${className}" not found`);
      return;
    }
    // upstream: provisionClaimOperation hands the claim to an external provisioner
    this.eventOnce('Normal', 'ExternalProvisioning', claim, `Waiting for a volume to be created either by the external provisioner '${cls.provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`);
    if (cls.provisioner === NotSupportedProvisioner) {
      // nobody answers: the claim waits for a PV created by hand
      this.setPending(claim);
      return;
    }
    const selected = claim.metadata.annotations?.[AnnSelectedNode];
    const node = selected !== undefined ? this.ctx.nodes.get(selected) : undefined;
    if (selected !== undefined && !node) {
      this.eventOnce('Warning', 'ProvisioningFailed', claim, `failed to get target node: node "${selected}" not found`);
      return;
    }
    const name = `pvc-${claim.metadata.uid ?? this.ctx.names.uid('PersistentVolumeClaim', nsOf(claim), claim.metadata.name)}`;
    if (claim.metadata.annotations?.[AnnStorageProvisioner] === undefined) {
      claim = this.update(claim, (c) => { c.metadata.annotations = { ...(c.metadata.annotations ?? {}), [AnnStorageProvisioner]: cls.provisioner }; });
    }
    const terms = provisionedTopology(cls, node, this.ctx.store);
    const volume: PersistentVolume = {
      apiVersion: 'v1', kind: 'PersistentVolume',
      metadata: {
        name, uid: this.ctx.names.uid('PersistentVolume', undefined, name), creationTimestamp: this.ctx.now,
        annotations: { [AnnDynamicallyProvisioned]: cls.provisioner },
      },
      spec: {
        capacity: { storage: claim.spec.resources?.requests?.['storage'] ?? '0' },
        accessModes: [...(claim.spec.accessModes ?? [])],
        ...(terms ? { nodeAffinity: { required: { nodeSelectorTerms: terms } } } : {}),
        persistentVolumeReclaimPolicy: cls.reclaimPolicy ?? 'Delete',
        storageClassName: className,
        ...(claim.spec.volumeMode ? { volumeMode: claim.spec.volumeMode } : {}),
        ...(cls.provisioner.startsWith('kubernetes.io/') ? {} : { csi: { driver: cls.provisioner, volumeHandle: name } }),
        claimRef: { kind: 'PersistentVolumeClaim', namespace: nsOf(claim), name: claim.metadata.name, uid: claim.metadata.uid, apiVersion: 'v1' },
      },
      status: { phase: 'Pending' },
    };
    this.ctx.store.put(volume);
    this.result.changes.push({ kind: 'PersistentVolume', action: 'Add', obj: volume });
    // sig-storage-lib-external-provisioner's events
    this.event('Normal', 'Provisioning', claim, `External provisioner is provisioning volume for claim "${claimKey(claim)}"`);
    this.event('Normal', 'ProvisioningSucceeded', claim, `Successfully provisioned volume ${name}`);
    this.bind(volume, claim);
  }
}

function isBoundTo(volume: PersistentVolume, claim: PersistentVolumeClaim): boolean {
  const ref = volume.spec.claimRef;
  return !!ref && ref.name === claim.metadata.name && (ref.namespace ?? 'default') === nsOf(claim) && (!ref.uid || ref.uid === claim.metadata.uid);
}

/**
 * The provisioned volume's node affinity. With a selected node: the node's values of the driver's
 * topology keys (its CSINode's topologyKeys), else of the keys the class's allowedTopologies name.
 * Without one (Immediate): the class's allowedTopologies. No keys: a volume reachable everywhere.
 */
export function provisionedTopology(cls: StorageClass, node: Node | undefined, store: StorageStore): NodeSelectorTerm[] | undefined {
  if (!node) {
    const terms = (cls.allowedTopologies ?? []).filter((t) => (t.matchLabelExpressions ?? []).length > 0);
    if (terms.length === 0) return undefined;
    return terms.map((t) => ({ matchExpressions: t.matchLabelExpressions!.map((e) => ({ key: e.key, operator: 'In' as const, values: [...e.values] })) }));
  }
  const driverKeys = store.csiNode(node.metadata.name)?.spec.drivers.find((d) => d.name === cls.provisioner)?.topologyKeys;
  const keys = driverKeys ?? [...new Set((cls.allowedTopologies ?? []).flatMap((t) => (t.matchLabelExpressions ?? []).map((e) => e.key)))];
  const labels = node.metadata.labels ?? {};
  const expressions = keys.filter((k) => labels[k] !== undefined).map((k) => ({ key: k, operator: 'In' as const, values: [labels[k]!] }));
  return expressions.length > 0 ? [{ matchExpressions: expressions }] : undefined;
}

/** One pass of the controller over every claim, then every volume. */
export function syncPersistentVolumes(ctx: PVControllerContext, changed?: { claims: readonly PersistentVolumeClaim[]; volumes: readonly PersistentVolume[] }): PVControllerResult {
  const c = new Controller(ctx);
  if (changed) {
    // upstream's controller syncs the objects its informers report changed. The others were synced
    // by the last pass and what they depend on did not change for them: a full pass per PreBind
    // made 4,000 local PVs cost 4,000 passes over 4,000 claims and volumes (issue 23).
    // the changed claims and the claims the changed volumes name (a static binding changes only
    // the volume's claimRef: its claim then binds)
    const claims = new Set(changed.claims.map(claimKey));
    for (const v of changed.volumes) if (v.spec.claimRef?.name) claims.add(`${v.spec.claimRef.namespace ?? 'default'}/${v.spec.claimRef.name}`);
    const volumes = new Set(changed.volumes.map((v) => v.metadata.name));
    for (const key of claims) {
      const slash = key.indexOf('/');
      const current = ctx.store.persistentVolumeClaim(key.slice(0, slash), key.slice(slash + 1));
      if (!current) continue;
      c.syncClaim(current);
      const name = ctx.store.persistentVolumeClaim(nsOf(current), current.metadata.name)?.spec.volumeName;
      if (name !== undefined) volumes.add(name);
    }
    for (const name of volumes) {
      const current = ctx.store.persistentVolume(name);
      if (current) c.syncVolume(current);
    }
    return c.result;
  }
  for (const claim of ctx.store.persistentVolumeClaims()) c.syncClaim(ctx.store.persistentVolumeClaim(nsOf(claim), claim.metadata.name)!);
  for (const volume of ctx.store.persistentVolumes()) c.syncVolume(ctx.store.persistentVolume(volume.metadata.name)!);
  return c.result;
}
