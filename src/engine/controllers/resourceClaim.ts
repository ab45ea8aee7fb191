// The resourceclaim controller, as far as scheduling needs it.
// upstream: pkg/controller/resourceclaim/controller.go (v1.35)
//   - handleClaim: a pod's spec.resourceClaims entry with resourceClaimTemplateName becomes a
//     ResourceClaim generated from the template ("<pod>-<claim>-" + 5 characters, owned by the
//     pod, annotated resource.kubernetes.io/pod-claim-name) and recorded in the pod's
//     status.resourceClaimStatuses;
//   - syncClaim: a pod that no longer exists (or is done) is removed from a claim's reservedFor;
//     a claim nobody reserves any more is deallocated (allocation cleared, finalizer removed);
//   - the garbage collector deletes a generated claim with its pod;
//   - v1.36+ (DRAWorkloadResourceClaims, read in controller_test.go TestSyncHandler at a commit after
//     v1.37): a PodGroup's template entries become claims "<podgroup>-<claim>-xxxxx" controlled
//     by the PodGroup and recorded in its status.resourceClaimStatuses; a member pod's entry that
//     names such a group claim (podGroupResourceClaim) gets that claim in its own status.

import type { ClusterEvent } from '../api';
import type { NameGenerator } from '../model/names';
import {
  generatedClaimPrefix, RESOURCE_API_VERSION, RESOURCE_CLAIM_FINALIZER, type PodResourceClaimStatus, type ResourceClaim,
  type ResourceClaimTemplate,
} from '../model/resource';
import type { Pod, PodGroup } from '../model/types';

/** upstream: resourceclaim.PodClaimNameAnnotation */
export const POD_CLAIM_NAME_ANNOTATION = 'resource.kubernetes.io/pod-claim-name';

const nsOf = (o: { metadata: { namespace?: string } }) => o.metadata.namespace ?? 'default';

export interface ClaimControllerContext {
  template(namespace: string, name: string): ResourceClaimTemplate | undefined;
  claims(): ResourceClaim[];
  names: NameGenerator;
  now: number;
  /**
   * the pod's PodGroup, given only with GenericWorkload and DRAWorkloadResourceClaims on: an entry
   * with podGroupResourceClaim then stands for the group's claim
   */
  podGroup?: PodGroup;
}

export interface PodClaimsResult {
  created: ResourceClaim[];
  /** the pod's (or PodGroup's) new status.resourceClaimStatuses, when it changed */
  statuses?: PodResourceClaimStatus[];
  events: Omit<ClusterEvent, 'time'>[];
}

/** what a generated claim is made for: a pod, or (v1.36+) a PodGroup */
interface ClaimOwner {
  ref: { apiVersion: string; kind: 'Pod' | 'PodGroup'; name: string; uid?: string };
  namespace: string;
  /** the owner's entries in spec.resourceClaims (with their source) */
  entries: readonly { name: string; resourceClaimTemplateName?: string }[];
  /** "PodResourceClaim" or "PodGroupResourceClaim", for the event */
  entryKind: string;
}

/**
 * upstream: Controller.handleClaim — each template entry without a status entry becomes a
 * ResourceClaim "<owner>-<entry>-xxxxx" controlled by the owner, or the one already made for it
 * (found by owner and annotation); `statuses` gets the entries' claims appended.
 */
function generateClaims(owner: ClaimOwner, statuses: PodResourceClaimStatus[], ctx: ClaimControllerContext, result: PodClaimsResult): void {
  const ns = owner.namespace;
  for (const entry of owner.entries) {
    if (entry.resourceClaimTemplateName === undefined) continue;
    if (statuses.some((s) => s.name === entry.name)) continue;
    const existing = ctx.claims().find((c) => nsOf(c) === ns && c.metadata.annotations?.[POD_CLAIM_NAME_ANNOTATION] === entry.name
      && c.metadata.ownerReferences?.some((o) => o.controller && o.kind === owner.ref.kind && o.name === owner.ref.name && (o.uid === undefined || o.uid === owner.ref.uid)));
    if (existing) {
      statuses.push({ name: entry.name, resourceClaimName: existing.metadata.name });
      continue;
    }
    const template = ctx.template(ns, entry.resourceClaimTemplateName);
    if (!template) {
      result.events.push({
        type: 'Warning', reason: 'FailedResourceClaimCreation', object: `${owner.ref.kind}/${ns}/${owner.ref.name}`,
        message: `${owner.entryKind} ${entry.name}: resource claim template "${entry.resourceClaimTemplateName}": resourceclaimtemplate.resource.k8s.io "${entry.resourceClaimTemplateName}" not found`,
      });
      continue;
    }
    const generateName = generatedClaimPrefix(owner.ref.name, entry.name);
    const name = ctx.names.generate(ns, generateName);
    const claim: ResourceClaim = {
      apiVersion: RESOURCE_API_VERSION, kind: 'ResourceClaim',
      metadata: {
        name, generateName, namespace: ns,
        uid: ctx.names.uid('ResourceClaim', ns, name), creationTimestamp: ctx.now,
        ...(template.spec.metadata?.labels ? { labels: { ...template.spec.metadata.labels } } : {}),
        annotations: { [POD_CLAIM_NAME_ANNOTATION]: entry.name, ...(template.spec.metadata?.annotations ?? {}) },
        ownerReferences: [{ ...owner.ref, ...(owner.ref.uid === undefined ? {} : { uid: owner.ref.uid }), controller: true, blockOwnerDeletion: true }],
      },
      spec: structuredClone(template.spec.spec),
      status: {},
    };
    result.created.push(claim);
    statuses.push({ name: entry.name, resourceClaimName: name });
  }
}

/**
 * upstream: Controller.syncPod → handleClaim for each template claim without a status entry; with
 * DRAWorkloadResourceClaims, an entry naming a PodGroup claim made from a template gets the claim
 * generated for the group (from the group's status.resourceClaimStatuses) once it exists
 * (upstream TestSyncHandler "update Pod status with PodGroup claim").
 */
export function createPodClaims(pod: Pod, ctx: ClaimControllerContext): PodClaimsResult {
  const result: PodClaimsResult = { created: [], events: [] };
  const statuses = [...(pod.status.resourceClaimStatuses ?? [])];
  const ref = { apiVersion: 'v1', kind: 'Pod' as const, name: pod.metadata.name, ...(pod.metadata.uid ? { uid: pod.metadata.uid } : {}) };
  generateClaims({ ref, namespace: nsOf(pod), entries: pod.spec.resourceClaims ?? [], entryKind: 'PodResourceClaim' }, statuses, ctx, result);
  const group = ctx.podGroup;
  if (group && group.metadata.name === pod.spec.schedulingGroup?.podGroupName) {
    for (const podClaim of pod.spec.resourceClaims ?? []) {
      if (podClaim.podGroupResourceClaim === undefined || statuses.some((s) => s.name === podClaim.name)) continue;
      const groupClaim = group.spec.resourceClaims?.find((c) => c.name === podClaim.podGroupResourceClaim);
      if (groupClaim?.resourceClaimTemplateName === undefined) continue;
      const generated = group.status?.resourceClaimStatuses?.find((s) => s.name === groupClaim.name)?.resourceClaimName;
      if (generated !== undefined) statuses.push({ name: podClaim.name, resourceClaimName: generated });
    }
  }
  if (statuses.length !== (pod.status.resourceClaimStatuses ?? []).length) result.statuses = statuses;
  return result;
}

/**
 * upstream: Controller.syncPodGroup (DRAWorkloadResourceClaims, with GenericWorkload): each entry of
 * the PodGroup's spec.resourceClaims with resourceClaimTemplateName becomes one ResourceClaim
 * "<podgroup>-<entry>-xxxxx" controlled by the PodGroup, recorded in its
 * status.resourceClaimStatuses (upstream TestSyncHandler "create for PodGroup").
 */
export function createPodGroupClaims(group: PodGroup, ctx: ClaimControllerContext): PodClaimsResult {
  const result: PodClaimsResult = { created: [], events: [] };
  const statuses = [...(group.status?.resourceClaimStatuses ?? [])];
  const ref = { apiVersion: group.apiVersion, kind: 'PodGroup' as const, name: group.metadata.name, ...(group.metadata.uid ? { uid: group.metadata.uid } : {}) };
  generateClaims({ ref, namespace: nsOf(group), entries: group.spec.resourceClaims ?? [], entryKind: 'PodGroupResourceClaim' }, statuses, ctx, result);
  if (statuses.length !== (group.status?.resourceClaimStatuses ?? []).length) result.statuses = statuses;
  return result;
}

export interface ReleasedClaims {
  /** claims to write back: the pod removed from reservedFor, deallocated when nobody is left */
  updated: ResourceClaim[];
  /** generated claims owned by the pod: the garbage collector deletes them */
  deleted: ResourceClaim[];
}

/** upstream: syncClaim after the pod is gone, and the garbage collector for its own */
export function releasePodClaims(pod: Pod, claims: readonly ResourceClaim[]): ReleasedClaims {
  return releaseClaims({ kind: 'Pod', resource: 'pods', namespace: nsOf(pod), name: pod.metadata.name, uid: pod.metadata.uid }, claims);
}

/**
 * upstream: syncClaim after a PodGroup is gone (its reservation is stale) and the garbage collector
 * for the claims generated for it
 */
export function releasePodGroupClaims(group: PodGroup, claims: readonly ResourceClaim[]): ReleasedClaims {
  return releaseClaims({ kind: 'PodGroup', resource: 'podgroups', namespace: nsOf(group), name: group.metadata.name, uid: group.metadata.uid }, claims);
}

interface GoneConsumer { kind: 'Pod' | 'PodGroup'; resource: 'pods' | 'podgroups'; namespace: string; name: string; uid: string | undefined }

function releaseClaims(gone: GoneConsumer, claims: readonly ResourceClaim[]): ReleasedClaims {
  const out: ReleasedClaims = { updated: [], deleted: [] };
  const sameUid = (uid: string | undefined) => uid === undefined || uid === '' || gone.uid === undefined || uid === gone.uid;
  for (const claim of claims) {
    if (nsOf(claim) !== gone.namespace) continue;
    const owner = claim.metadata.ownerReferences?.find((o) => o.controller && o.kind === gone.kind);
    if (owner && owner.name === gone.name && sameUid(owner.uid)) {
      // deallocated first (syncClaim: nobody reserves it), then deleted by the garbage collector
      if (claim.status.allocation) out.updated.push(deallocated(claim));
      out.deleted.push(claim);
      continue;
    }
    const reservedFor = claim.status.reservedFor ?? [];
    const kept = reservedFor.filter((r) => !(r.resource === gone.resource && r.name === gone.name && sameUid(r.uid)));
    if (kept.length === reservedFor.length) continue;
    if (kept.length > 0) {
      out.updated.push({ ...claim, status: { ...claim.status, reservedFor: kept } });
      continue;
    }
    out.updated.push(deallocated(claim));
  }
  return out;
}

/** the claim with no allocation, no reservation and without the delete-protection finalizer */
function deallocated(claim: ResourceClaim): ResourceClaim {
  const finalizers = (claim.metadata.finalizers ?? []).filter((f) => f !== RESOURCE_CLAIM_FINALIZER);
  const metadata = { ...claim.metadata };
  if (finalizers.length) metadata.finalizers = finalizers; else delete metadata.finalizers;
  return { ...claim, metadata, status: {} };
}
