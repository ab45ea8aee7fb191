// upstream: staging/src/k8s.io/component-helpers/storage/volume/helpers.go and pv_helpers.go —
// the helpers the PV controller and the scheduler's volume binder share: a claim's class, PV node
// affinity, and FindMatchingVolume (the smallest available volume that fits a claim).

import { resourceAmount } from './quantity';
import { compileLabelSelector, LazyErrorNodeSelector } from './selectors';
import type { PersistentVolume, PersistentVolumeClaim, TopologySelectorTerm } from './storage';
import type { Labels, Node, NodeSelector } from './types';

/** upstream: AnnBindCompleted */
export const AnnBindCompleted = 'pv.kubernetes.io/bind-completed';
/** upstream: AnnBoundByController */
export const AnnBoundByController = 'pv.kubernetes.io/bound-by-controller';
/** upstream: AnnSelectedNode */
export const AnnSelectedNode = 'volume.kubernetes.io/selected-node';
/** upstream: AnnDynamicallyProvisioned */
export const AnnDynamicallyProvisioned = 'pv.kubernetes.io/provisioned-by';
/** upstream: AnnStorageProvisioner */
export const AnnStorageProvisioner = 'volume.kubernetes.io/storage-provisioner';
/** upstream: NotSupportedProvisioner */
export const NotSupportedProvisioner = 'kubernetes.io/no-provisioner';
/** upstream: v1.BetaStorageClassAnnotation (still read before spec.storageClassName) */
export const BetaStorageClassAnnotation = 'volume.beta.kubernetes.io/storage-class';
/** upstream: storageutil.IsDefaultStorageClassAnnotation */
export const IsDefaultStorageClassAnnotation = 'storageclass.kubernetes.io/is-default-class';

/** upstream: GetPersistentVolumeClaimClass — the beta annotation, then spec.storageClassName, else "". */
export function getPersistentVolumeClaimClass(claim: PersistentVolumeClaim): string {
  const beta = claim.metadata.annotations?.[BetaStorageClassAnnotation];
  if (beta !== undefined) return beta;
  return claim.spec.storageClassName ?? '';
}

/** upstream: GetPersistentVolumeClass */
export function getPersistentVolumeClass(volume: PersistentVolume): string {
  const beta = volume.metadata.annotations?.[BetaStorageClassAnnotation];
  if (beta !== undefined) return beta;
  return volume.spec.storageClassName ?? '';
}

/** spec.resources.requests.storage in bytes (Quantity.Value()); 0 when absent */
export function claimRequestBytes(claim: PersistentVolumeClaim): number {
  const q = claim.spec.resources?.requests?.['storage'];
  return q === undefined ? 0 : resourceAmount('storage', q) ?? 0;
}

/** spec.capacity.storage in bytes; 0 when absent */
export function volumeCapacityBytes(volume: PersistentVolume): number {
  const q = volume.spec.capacity?.['storage'];
  return q === undefined ? 0 : resourceAmount('storage', q) ?? 0;
}

/**
 * upstream: CheckNodeAffinity — the PV's required node affinity against the node's labels; an
 * error message when it does not match (upstream: "no matching NodeSelectorTerms").
 */
export function checkNodeAffinity(volume: PersistentVolume, nodeLabels: Labels | undefined): string | undefined {
  const required = volume.spec.nodeAffinity?.required;
  if (!required) return undefined;
  const parsed = parsedAffinity(required);
  if (parsed.only) {
    // the local-PV shape, `key In [values]`: the label's value among the values
    const value = nodeLabels !== undefined && Object.prototype.hasOwnProperty.call(nodeLabels, parsed.only.key) ? nodeLabels[parsed.only.key] : undefined;
    return value !== undefined && parsed.only.values.has(value) ? undefined : 'no matching NodeSelectorTerms';
  }
  const node: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: '', labels: nodeLabels ?? {} }, spec: {}, status: {} };
  return parsed.selector.match(node).matches ? undefined : 'no matching NodeSelectorTerms';
}
const parsedNodeAffinity = new WeakMap<NodeSelector, { selector: LazyErrorNodeSelector; only: SingleInRequirement | null }>();

/** parsed once per volume object (a change of a PV is a new object), not at every check */
function parsedAffinity(required: NodeSelector): { selector: LazyErrorNodeSelector; only: SingleInRequirement | null } {
  let parsed = parsedNodeAffinity.get(required);
  if (!parsed) {
    const selector = new LazyErrorNodeSelector(required);
    // a requirement that does not parse matches nothing: only a valid one takes the short way
    parsedNodeAffinity.set(required, parsed = { selector, only: selector.parseErrors.length === 0 ? singleInRequirement(required) : null });
  }
  return parsed;
}

/**
 * The one `key In values` requirement of a PV's node affinity that parses, if that is its shape:
 * CheckNodeAffinity then matches exactly the nodes whose label `key` has one of the values.
 */
export function localVolumeAffinity(required: NodeSelector): SingleInRequirement | null {
  return parsedAffinity(required).only;
}

/** a PV node affinity that is one `key In values` requirement (the shape of a local PV's) */
export interface SingleInRequirement { key: string; values: ReadonlySet<string> }
const singleIn = new WeakMap<NodeSelector, SingleInRequirement | null>();

/** the one `key In values` requirement a selector consists of, if that is its shape (kept per selector object) */
export function singleInRequirement(selector: NodeSelector): SingleInRequirement | null {
  let only = singleIn.get(selector);
  if (only !== undefined) return only;
  only = null;
  const terms = selector.nodeSelectorTerms;
  const term = terms?.length === 1 ? terms[0]! : undefined;
  const e = term && (term.matchFields ?? []).length === 0 && term.matchExpressions?.length === 1 ? term.matchExpressions[0]! : undefined;
  if (e && e.operator === 'In' && (e.values ?? []).length > 0) only = { key: e.key, values: new Set(e.values) };
  singleIn.set(selector, only);
  return only;
}

/** upstream: IsVolumeBoundToClaim — claimRef names the claim (and its uid, when the ref has one) */
export function isVolumeBoundToClaim(volume: PersistentVolume, claim: PersistentVolumeClaim): boolean {
  const ref = volume.spec.claimRef;
  if (!ref) return false;
  if (ref.name !== claim.metadata.name || (ref.namespace ?? '') !== (claim.metadata.namespace ?? 'default')) return false;
  return !ref.uid || ref.uid === claim.metadata.uid;
}

/** upstream: CheckVolumeModeMismatches (nil defaults to Filesystem) */
export function checkVolumeModeMismatches(claim: PersistentVolumeClaim, volume: PersistentVolume): boolean {
  return (claim.spec.volumeMode ?? 'Filesystem') !== (volume.spec.volumeMode ?? 'Filesystem');
}

/** upstream: CheckAccessModes — the PV has every mode the claim asks for */
export function checkAccessModes(claim: PersistentVolumeClaim, volume: PersistentVolume): boolean {
  // (a volume has one to four modes: a scan of them, not a Set per check)
  const modes = volume.spec.accessModes ?? [];
  for (const m of claim.spec.accessModes ?? []) if (!modes.includes(m)) return false;
  return true;
}

/** what FindMatchingVolume reads of a claim, once per claim object (the binder asks for every node) */
interface ClaimTerms { requested: number; requestedClass: string; selector: ReturnType<typeof compileLabelSelector> | undefined }
const claimTerms = new WeakMap<PersistentVolumeClaim, ClaimTerms>();

function termsOf(claim: PersistentVolumeClaim): ClaimTerms {
  let terms = claimTerms.get(claim);
  if (!terms) {
    terms = { requested: claimRequestBytes(claim), requestedClass: getPersistentVolumeClaimClass(claim), selector: claim.spec.selector ? compileLabelSelector(claim.spec.selector) : undefined };
    claimTerms.set(claim, terms);
  }
  return terms;
}

/**
 * upstream: FindMatchingVolume. `node` is set on the scheduler's path (PV node affinity and access
 * modes are checked); `delayBinding` on the PV controller's path for WaitForFirstConsumer claims
 * (only volumes pre-bound to the claim are returned). `excluded`: volumes already chosen for
 * other claims of the same pod. `affinityMatched`: every volume's node affinity is known to match `node`.
 */
export function findMatchingVolume(
  claim: PersistentVolumeClaim, volumes: readonly PersistentVolume[], node: Node | undefined,
  excluded: ReadonlySet<string>, delayBinding: boolean, affinityMatched = false,
): PersistentVolume | undefined {
  // most nodes have no or few volumes of the class left after narrowing (nodeVolumes.ts)
  if (volumes.length === 0) return undefined;
  const { requested, requestedClass, selector } = termsOf(claim);
  let smallest: PersistentVolume | undefined;
  let smallestQty = 0;
  for (const volume of volumes) {
    if (excluded.size > 0 && excluded.has(volume.metadata.name)) continue;
    if (volume.spec.claimRef && !isVolumeBoundToClaim(volume, claim)) continue;
    const qty = volumeCapacityBytes(volume);
    if (qty < requested) continue;
    if (checkVolumeModeMismatches(claim, volume)) continue;
    if (volume.metadata.deletionTimestamp !== undefined) continue;
    // affinityMatched: the caller picked the volumes by their node affinity (the binder's index of
    // local PVs, ../plugins/VolumeBinding/nodeVolumes.ts), so each matches the node already
    const nodeAffinityValid = node === undefined || affinityMatched || checkNodeAffinity(volume, node.metadata.labels) === undefined;
    if (isVolumeBoundToClaim(volume, claim)) {
      // a pre-bound volume whose node affinity does not match: no match for this node
      return nodeAffinityValid ? volume : undefined;
    }
    if (node === undefined && delayBinding) continue;
    if ((volume.status.phase ?? 'Available') !== 'Available') continue;
    if (selector && !selector.matches(volume.metadata.labels ?? {})) continue;
    if (getPersistentVolumeClass(volume) !== requestedClass) continue;
    if (!nodeAffinityValid) continue;
    if (node !== undefined && !checkAccessModes(claim, volume)) continue;
    if (smallest === undefined || smallestQty > qty) {
      smallest = volume;
      smallestQty = qty;
    }
  }
  return smallest;
}

/**
 * upstream: v1helper.MatchTopologySelectorTerms — no terms match every node; terms are ORed, and
 * an empty term selects nothing.
 */
export function matchTopologySelectorTerms(terms: readonly TopologySelectorTerm[] | undefined, labels: Labels | undefined): boolean {
  if (!terms || terms.length === 0) return true;
  return terms.some((term) => (term.matchLabelExpressions ?? []).length > 0 && term.matchLabelExpressions!.every((e) => {
    const v = labels?.[e.key];
    return v !== undefined && e.values.includes(v);
  }));
}
