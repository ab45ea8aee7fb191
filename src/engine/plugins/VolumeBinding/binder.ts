// upstream: pkg/scheduler/framework/plugins/volumebinding/binder.go (volumeBinder) and
// assume_cache.go — a pod's claims split into bound, unbound with delayed binding and unbound
// immediate; per node, which PVs the unbound claims would bind to or which would be provisioned;
// the assumed PV/PVC versions between Reserve and PreBind. In-tree to CSI translation
// (tryTranslatePVToCSI) is not modelled: scenario PVs are taken as written.

import type { StorageLister } from '../../framework/interfaces';
import {
  AnnBindCompleted, AnnSelectedNode, checkNodeAffinity, findMatchingVolume, getPersistentVolumeClaimClass, getPersistentVolumeClass,
  isVolumeBoundToClaim, matchTopologySelectorTerms, NotSupportedProvisioner, claimRequestBytes, AnnBoundByController,
} from '../../model/pvHelpers';
import { resourceAmount } from '../../model/quantity';
import { compileLabelSelector } from '../../model/selectors';
import { volumeClaimName, type CSIStorageCapacity, type PersistentVolume, type PersistentVolumeClaim, type StorageClass } from '../../model/storage';
import type { Node, Pod } from '../../model/types';
import { carryIndex, volumesForNode } from './nodeVolumes';

/** upstream: ErrReasonBindConflict */
export const ErrReasonBindConflict = "node(s) didn't find available persistent volumes to bind";
/** upstream: ErrReasonNodeConflict (since kubernetes#129887, v1.33; was "node(s) had volume node affinity conflict") */
export const ErrReasonNodeConflict = "node(s) didn't match PersistentVolume's node affinity";
/** upstream: ErrReasonNotEnoughSpace */
export const ErrReasonNotEnoughSpace = 'node(s) did not have enough free storage';
/** upstream: ErrReasonPVNotExist */
export const ErrReasonPVNotExist = 'node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)';

/** upstream: BindingInfo — a claim and the PV it would bind to */
export interface BindingInfo { pvc: PersistentVolumeClaim; pv: PersistentVolume }

/** upstream: PodVolumes — the decisions for one node */
export interface PodVolumes {
  staticBindings: BindingInfo[];
  dynamicProvisions: PersistentVolumeClaim[];
  /**
   * upstream: DynamicProvision.NodeCapacity — per dynamic provision (same index), the
   * CSIStorageCapacity that hasEnoughCapacity found for it; undefined when none was checked
   */
  provisionCapacities: (CSIStorageCapacity | undefined)[];
}

/** upstream: PodVolumeClaims */
export interface PodVolumeClaims {
  boundClaims: PersistentVolumeClaim[];
  unboundClaimsDelayBinding: PersistentVolumeClaim[];
  unboundClaimsImmediate: PersistentVolumeClaim[];
  /** class name → the PVs of that class (from the assume cache) */
  unboundVolumesDelayBinding: Map<string, readonly PersistentVolume[]>;
}

/** A failure that is an error of the binder (upstream returns err: the status is Error). */
export class BinderError extends Error {}

const nsOf = (o: { metadata: { namespace?: string } }) => o.metadata.namespace ?? 'default';
const claimKey = (c: PersistentVolumeClaim) => `${nsOf(c)}/${c.metadata.name}`;

/** upstream: ephemeral.VolumeIsForPod — the claim's controller owner must be the pod */
export function volumeIsForPod(pod: Pod, pvc: PersistentVolumeClaim): string | undefined {
  const owner = pvc.metadata.ownerReferences?.find((r) => r.controller);
  const podUid = pod.metadata.uid;
  if (owner && owner.kind === 'Pod' && owner.name === pod.metadata.name && (!podUid || !owner.uid || owner.uid === podUid)) return undefined;
  return `PVC ${claimKey(pvc)} was not created for pod ${nsOf(pod)}/${pod.metadata.name} (pod is not owner)`;
}

/**
 * upstream: AssumeCache for PVs and PVCs — the scheduler's own newer versions of objects, kept
 * from Reserve until the API objects catch up (PreBind) or the reservation is undone.
 */
export class VolumeAssumeCache {
  private readonly pvs = new Map<string, PersistentVolume>();
  private readonly pvcs = new Map<string, PersistentVolumeClaim>();

  /**
   * class name → its list (and each volume's place in it), kept from cycle to cycle: only the
   * volumes replaced since (in the store or by assuming) are replaced in a copy, so what
   * nodeVolumes.ts indexes by the list is carried over rather than built again over every volume
   * each cycle (issue 23: 4,000 local PVs, one bound per cycle). A creation or deletion rebuilds.
   */
  private readonly lists = new Map<string, { volumes: readonly PersistentVolume[]; position: ReadonlyMap<string, number> }>();
  private listsStored: number | undefined;
  /** the names assumed or restored since the lists were brought up to date */
  private readonly assumedNames: string[] = [];
  constructor(private readonly lister: StorageLister) {}

  getPV(name: string): PersistentVolume | undefined { return this.pvs.get(name) ?? this.lister.persistentVolume(name); }
  getPVC(namespace: string, name: string): PersistentVolumeClaim | undefined { return this.pvcs.get(`${namespace}/${name}`) ?? this.lister.persistentVolumeClaim(namespace, name); }
  /** upstream: ListPVs(storageClassName) */
  listPVs(className: string): readonly PersistentVolume[] {
    const stored = this.lister.persistentVolumesVersion?.();
    if (stored === undefined) return this.classVolumes(className);
    if (stored !== this.listsStored || this.assumedNames.length > 0) {
      const replaced = this.listsStored === undefined ? undefined : this.lister.persistentVolumesReplacedSince?.(this.listsStored);
      if (replaced) this.replaceInLists(new Set([...replaced, ...this.assumedNames]));
      else this.lists.clear();
      this.listsStored = stored;
      this.assumedNames.length = 0;
    }
    let list = this.lists.get(className);
    if (!list) {
      const volumes = this.classVolumes(className);
      list = { volumes, position: new Map(volumes.map((v, i) => [v.metadata.name, i])) };
      this.lists.set(className, list);
    }
    return list.volumes;
  }

  private classVolumes(className: string): PersistentVolume[] {
    return this.lister.persistentVolumes().map((v) => this.pvs.get(v.metadata.name) ?? v).filter((v) => getPersistentVolumeClass(v) === className);
  }

  /** each kept list with the current version of the named volumes; a list whose members change is dropped */
  private replaceInLists(names: ReadonlySet<string>): void {
    if (names.size === 0) return;
    for (const [className, list] of this.lists) {
      let volumes: PersistentVolume[] | undefined;
      const replaced: number[] = [];
      let members = true;
      for (const name of names) {
        const now = this.getPV(name);
        const at = list.position.get(name);
        const inClass = now !== undefined && getPersistentVolumeClass(now) === className;
        if (at === undefined || !inClass) { members = at === undefined && !inClass; if (members) continue; break; }
        if (list.volumes[at] === now) continue;
        volumes ??= [...list.volumes];
        volumes[at] = now;
        replaced.push(at);
      }
      if (!members) { this.lists.delete(className); continue; }
      if (!volumes) continue;
      carryIndex(list.volumes, volumes, replaced);
      this.lists.set(className, { volumes, position: list.position });
    }
  }

  assumePV(pv: PersistentVolume): void { this.pvs.set(pv.metadata.name, pv); this.assumedNames.push(pv.metadata.name); }
  assumePVC(pvc: PersistentVolumeClaim): void { this.pvcs.set(claimKey(pvc), pvc); }
  restorePV(name: string): void { if (this.pvs.delete(name)) this.assumedNames.push(name); }
  restorePVC(pvc: PersistentVolumeClaim): void { this.pvcs.delete(claimKey(pvc)); }
}

const noneChosen: ReadonlySet<string> = new Set<string>();

export class VolumeBinder {
  readonly cache: VolumeAssumeCache;
  constructor(private readonly lister: StorageLister) {
    this.cache = new VolumeAssumeCache(lister);
  }

  /** upstream: isPVCFullyBound */
  static isPVCFullyBound(pvc: PersistentVolumeClaim): boolean {
    return !!pvc.spec.volumeName && pvc.metadata.annotations?.[AnnBindCompleted] !== undefined;
  }

  /** upstream: isVolumeBound — [bound, claim] for a PVC or ephemeral volume; [true] for other sources */
  private isVolumeBound(pod: Pod, volume: NonNullable<Pod['spec']['volumes']>[number]): { bound: boolean; pvc?: PersistentVolumeClaim } {
    const ref = volumeClaimName(pod, volume);
    if (!ref) return { bound: true };
    const pvc = this.cache.getPVC(nsOf(pod), ref.name);
    if (!pvc) throw new BinderError(`error getting PVC "${nsOf(pod)}/${ref.name}": could not find v1.PersistentVolumeClaim "${nsOf(pod)}/${ref.name}"`);
    if (ref.ephemeral) {
      const err = volumeIsForPod(pod, pvc);
      if (err) throw new BinderError(err);
    }
    return { bound: VolumeBinder.isPVCFullyBound(pvc), pvc };
  }

  /** upstream: arePodVolumesBound */
  arePodVolumesBound(pod: Pod): boolean {
    try {
      return (pod.spec.volumes ?? []).every((v) => this.isVolumeBound(pod, v).bound);
    } catch {
      return false;
    }
  }

  /** upstream: IsDelayBindingMode */
  private isDelayBindingMode(pvc: PersistentVolumeClaim): boolean {
    const name = getPersistentVolumeClaimClass(pvc);
    return name !== '' && this.lister.storageClass(name)?.volumeBindingMode === 'WaitForFirstConsumer';
  }

  /** upstream: GetPodVolumeClaims */
  getPodVolumeClaims(pod: Pod): PodVolumeClaims {
    const out: PodVolumeClaims = { boundClaims: [], unboundClaimsDelayBinding: [], unboundClaimsImmediate: [], unboundVolumesDelayBinding: new Map() };
    for (const volume of pod.spec.volumes ?? []) {
      const { bound, pvc } = this.isVolumeBound(pod, volume);
      if (!pvc) continue;
      if (bound) out.boundClaims.push(pvc);
      else if (this.isDelayBindingMode(pvc) && !pvc.spec.volumeName) out.unboundClaimsDelayBinding.push(pvc);
      // prebound claims are treated as unbound immediate claims: the PV controller binds them
      else out.unboundClaimsImmediate.push(pvc);
    }
    for (const pvc of out.unboundClaimsDelayBinding) {
      const className = getPersistentVolumeClaimClass(pvc);
      out.unboundVolumesDelayBinding.set(className, this.cache.listPVs(className));
    }
    return out;
  }

  /** upstream: FindPodVolumes — the node's decisions, or its conflict reasons (in upstream's order) */
  findPodVolumes(pod: Pod, claims: PodVolumeClaims, node: Node): { podVolumes: PodVolumes; reasons: readonly string[] } {
    const podVolumes: PodVolumes = { staticBindings: [], dynamicProvisions: [], provisionCapacities: [] };
    let boundVolumesSatisfied = true, unboundVolumesSatisfied = true, sufficientStorage = true, boundPVsFound = true;
    if (claims.boundClaims.length > 0) ({ boundVolumesSatisfied, boundPVsFound } = this.checkBoundClaims(claims.boundClaims, node));
    const claimsToBind = claims.unboundClaimsDelayBinding;
    if (claimsToBind.length > 0) {
      const claimsToFindMatching: PersistentVolumeClaim[] = [];
      let claimsToProvision: PersistentVolumeClaim[] = [];
      for (const claim of claimsToBind) {
        const selectedNode = claim.metadata.annotations?.[AnnSelectedNode];
        if (selectedNode !== undefined) {
          // fast path: a claim already being provisioned for another node
          if (selectedNode !== node.metadata.name) return { podVolumes, reasons: conflictReasons(boundVolumesSatisfied, false, sufficientStorage, boundPVsFound) };
          claimsToProvision.push(claim);
        } else {
          claimsToFindMatching.push(claim);
        }
      }
      if (claimsToFindMatching.length > 0) {
        const found = this.findMatchingVolumes(claimsToFindMatching, claims.unboundVolumesDelayBinding, node);
        unboundVolumesSatisfied = found.foundMatches;
        podVolumes.staticBindings = found.bindings;
        claimsToProvision = [...claimsToProvision, ...found.unboundClaims];
      }
      if (claimsToProvision.length > 0) {
        const provisions = this.checkVolumeProvisions(claimsToProvision, node);
        unboundVolumesSatisfied = provisions.provisionSatisfied;
        sufficientStorage = provisions.sufficientStorage;
        podVolumes.dynamicProvisions = provisions.dynamicProvisions;
        podVolumes.provisionCapacities = provisions.capacities;
      }
    }
    return { podVolumes, reasons: conflictReasons(boundVolumesSatisfied, unboundVolumesSatisfied, sufficientStorage, boundPVsFound) };
  }

  /** upstream: checkBoundClaims — each bound PV's node affinity against the node */
  private checkBoundClaims(claims: readonly PersistentVolumeClaim[], node: Node): { boundVolumesSatisfied: boolean; boundPVsFound: boolean } {
    for (const pvc of claims) {
      const pv = this.cache.getPV(pvc.spec.volumeName!);
      if (!pv) return { boundVolumesSatisfied: true, boundPVsFound: false };
      if (checkNodeAffinity(pv, node.metadata.labels) !== undefined) return { boundVolumesSatisfied: false, boundPVsFound: true };
    }
    return { boundVolumesSatisfied: true, boundPVsFound: true };
  }

  /** upstream: findMatchingVolumes — claims by increasing request, each takes the smallest fitting PV */
  private findMatchingVolumes(claimsToBind: PersistentVolumeClaim[], pvsByClass: Map<string, readonly PersistentVolume[]>, node: Node) {
    // sort.Sort is not stable; claims of equal size keep their order here
    const sorted = claimsToBind.length > 1 ? [...claimsToBind].sort((a, b) => claimRequestBytes(a) - claimRequestBytes(b)) : claimsToBind;
    // (this runs for every node of every cycle: a set of its own only once a volume is chosen)
    let chosen: ReadonlySet<string> = noneChosen;
    const bindings: BindingInfo[] = [];
    const unboundClaims: PersistentVolumeClaim[] = [];
    let foundMatches = true;
    for (const pvc of sorted) {
      const pvs = pvsByClass.get(getPersistentVolumeClaimClass(pvc)) ?? [];
      const narrowed = volumesForNode(pvs, pvc, node);
      const pv = findMatchingVolume(pvc, narrowed.volumes, node, chosen, true, narrowed.affinityMatched);
      if (!pv) { unboundClaims.push(pvc); foundMatches = false; continue; }
      chosen = new Set(chosen).add(pv.metadata.name);
      bindings.push({ pv, pvc });
    }
    return { foundMatches, bindings, unboundClaims };
  }

  /** upstream: checkVolumeProvisions — each claim's class can provision on this node, with enough capacity */
  private checkVolumeProvisions(claims: readonly PersistentVolumeClaim[], node: Node): { provisionSatisfied: boolean; sufficientStorage: boolean; dynamicProvisions: PersistentVolumeClaim[]; capacities: (CSIStorageCapacity | undefined)[] } {
    const dynamicProvisions: PersistentVolumeClaim[] = [];
    const capacities: (CSIStorageCapacity | undefined)[] = [];
    const refused = (provisionSatisfied: boolean, sufficientStorage: boolean) => ({ provisionSatisfied, sufficientStorage, dynamicProvisions: [], capacities: [] });
    for (const claim of claims) {
      const className = getPersistentVolumeClaimClass(claim);
      if (className === '') throw new BinderError(`no class for claim "${claimKey(claim)}"`);
      const cls = this.lister.storageClass(className);
      if (!cls) throw new BinderError(`failed to find storage class "${className}"`);
      if (cls.provisioner === '' || cls.provisioner === NotSupportedProvisioner) return refused(false, true);
      if (!matchTopologySelectorTerms(cls.allowedTopologies, node.metadata.labels)) return refused(false, true);
      const { sufficient, capacity } = this.hasEnoughCapacity(cls, claim, node);
      if (!sufficient) return refused(true, false);
      dynamicProvisions.push(claim);
      capacities.push(capacity);
    }
    return { provisionSatisfied: true, sufficientStorage: true, dynamicProvisions, capacities };
  }

  /**
   * upstream: hasEnoughCapacity — only for CSI drivers with storageCapacity: true; the first
   * CSIStorageCapacity of the class that is large enough and that the node can reach
   */
  private hasEnoughCapacity(cls: StorageClass, claim: PersistentVolumeClaim, node: Node): { sufficient: boolean; capacity?: CSIStorageCapacity } {
    const request = claim.spec.resources?.requests?.['storage'];
    if (request === undefined) return { sufficient: true };
    const driver = this.lister.csiDriver(cls.provisioner);
    if (!driver || !driver.spec.storageCapacity) return { sufficient: true };
    const size = resourceAmount('storage', request) ?? 0;
    const capacity = this.lister.csiStorageCapacities().find((c) => c.storageClassName === cls.metadata.name && capacitySufficient(c, size) && nodeHasAccess(node, c));
    return capacity === undefined ? { sufficient: false } : { sufficient: true, capacity };
  }

  /** upstream: AssumePodVolumes — true when every volume is already bound */
  assumePodVolumes(pod: Pod, nodeName: string, podVolumes: PodVolumes): boolean {
    if (this.arePodVolumesBound(pod)) return true;
    podVolumes.staticBindings = podVolumes.staticBindings.map((b) => {
      const pv = getBindVolumeToClaim(b.pv, b.pvc);
      this.cache.assumePV(pv);
      return { pv, pvc: b.pvc };
    });
    podVolumes.dynamicProvisions = podVolumes.dynamicProvisions.map((claim) => {
      const clone = structuredClone(claim);
      clone.metadata.annotations = { ...(clone.metadata.annotations ?? {}), [AnnSelectedNode]: nodeName };
      this.cache.assumePVC(clone);
      return clone;
    });
    return false;
  }

  /** upstream: RevertAssumedPodVolumes */
  revertAssumedPodVolumes(podVolumes: PodVolumes): void {
    for (const b of podVolumes.staticBindings) this.cache.restorePV(b.pv.metadata.name);
    for (const c of podVolumes.dynamicProvisions) this.cache.restorePVC(c);
  }

  /**
   * upstream: checkBindings, after bindAPIUpdate — every claim fully bound (and a provisioned one
   * still selecting this node). An error message otherwise.
   */
  checkBindings(nodeName: string, podVolumes: PodVolumes): string | undefined {
    for (const b of podVolumes.staticBindings) {
      const pv = this.lister.persistentVolume(b.pv.metadata.name);
      const pvc = this.lister.persistentVolumeClaim(nsOf(b.pvc), b.pvc.metadata.name);
      if (!pv || !pvc) return `binding volumes: failed to check binding: ${!pv ? `PV "${b.pv.metadata.name}"` : `PVC "${claimKey(b.pvc)}"`} not found`;
      if (!pv.spec.claimRef?.uid && !pv.spec.claimRef) return `binding volumes: ClaimRef got reset for pv "${pv.metadata.name}"`;
      if (!VolumeBinder.isPVCFullyBound(pvc)) return 'binding volumes: context deadline exceeded';
    }
    for (const claim of podVolumes.dynamicProvisions) {
      const pvc = this.lister.persistentVolumeClaim(nsOf(claim), claim.metadata.name);
      if (!pvc) return `binding volumes: failed to check provisioning pvc: PVC "${claimKey(claim)}" not found`;
      if (pvc.metadata.annotations?.[AnnSelectedNode] !== nodeName) return `binding volumes: provisioning failed for PVC "${pvc.metadata.name}"`;
      if (!VolumeBinder.isPVCFullyBound(pvc)) return 'binding volumes: context deadline exceeded';
    }
    return undefined;
  }
}

/**
 * Each of the 16 lists of FindPodVolumes' reasons once, frozen: the same list for every node that
 * fails the same way, so the plugin can answer all of them with one Status (index.ts).
 */
const reasonLists: readonly (readonly string[])[] = Array.from({ length: 16 }, (_, failed) => Object.freeze(
  [ErrReasonNodeConflict, ErrReasonBindConflict, ErrReasonNotEnoughSpace, ErrReasonPVNotExist].filter((_, bit) => failed & (1 << bit)),
));

/** FindPodVolumes' reasons, in upstream's order (a shared list: see reasonLists) */
function conflictReasons(boundVolumesSatisfied: boolean, unboundVolumesSatisfied: boolean, sufficientStorage: boolean, boundPVsFound: boolean): readonly string[] {
  return reasonLists[(boundVolumesSatisfied ? 0 : 1) | (unboundVolumesSatisfied ? 0 : 2) | (sufficientStorage ? 0 : 4) | (boundPVsFound ? 0 : 8)]!;
}

/** upstream: GetBindVolumeToClaim — the PV with its claimRef set (and bound-by-controller) */
export function getBindVolumeToClaim(volume: PersistentVolume, claim: PersistentVolumeClaim): PersistentVolume {
  const clone = structuredClone(volume);
  if (!isVolumeBoundToClaim(volume, claim)) {
    clone.metadata.annotations = { ...(clone.metadata.annotations ?? {}), [AnnBoundByController]: 'yes' };
  }
  const ref = volume.spec.claimRef;
  if (!ref || ref.name !== claim.metadata.name || (ref.namespace ?? 'default') !== nsOf(claim) || ref.uid !== claim.metadata.uid) {
    clone.spec.claimRef = { kind: 'PersistentVolumeClaim', namespace: nsOf(claim), name: claim.metadata.name, uid: claim.metadata.uid, apiVersion: 'v1' };
  }
  return clone;
}

/** upstream: volumeLimit — maximumVolumeSize when set, else capacity */
export function volumeLimit(c: CSIStorageCapacity): number | undefined {
  const q = c.maximumVolumeSize ?? c.capacity;
  return q === undefined ? undefined : resourceAmount('storage', q);
}

function capacitySufficient(c: CSIStorageCapacity, size: number): boolean {
  const limit = volumeLimit(c);
  return limit !== undefined && limit >= size;
}

/** upstream: nodeHasAccess — only a nodeTopology label selector grants access */
function nodeHasAccess(node: Node, c: CSIStorageCapacity): boolean {
  if (!c.nodeTopology) return false;
  return compileLabelSelector(c.nodeTopology).matches(node.metadata.labels ?? {});
}
