// The resourceclaim controller, as far as scheduling needs it.
// upstream: pkg/controller/resourceclaim/controller.go (v1.35)
//   - handleClaim: a pod's spec.resourceClaims entry with resourceClaimTemplateName becomes a
//     ResourceClaim generated from the template ("<pod>-<claim>-" + 5 characters, owned by the
//     pod, annotated resource.kubernetes.io/pod-claim-name) and recorded in the pod's
//     status.resourceClaimStatuses;
//   - syncClaim: a pod that no longer exists (or is done) is removed from a claim's reservedFor;
//     a claim nobody reserves any more is deallocated (allocation cleared, finalizer removed);
//   - the garbage collector deletes a generated claim with its pod.

import type { ClusterEvent } from '../api';
import type { NameGenerator } from '../model/names';
import {
  generatedClaimPrefix, RESOURCE_API_VERSION, RESOURCE_CLAIM_FINALIZER, type PodResourceClaimStatus, type ResourceClaim,
  type ResourceClaimTemplate,
} from '../model/resource';
import type { Pod } from '../model/types';

/** upstream: resourceclaim.PodClaimNameAnnotation */
export const POD_CLAIM_NAME_ANNOTATION = 'resource.kubernetes.io/pod-claim-name';

const nsOf = (o: { metadata: { namespace?: string } }) => o.metadata.namespace ?? 'default';

export interface ClaimControllerContext {
  template(namespace: string, name: string): ResourceClaimTemplate | undefined;
  claims(): ResourceClaim[];
  names: NameGenerator;
  now: number;
}

export interface PodClaimsResult {
  created: ResourceClaim[];
  /** the pod's new status.resourceClaimStatuses, when it changed */
  statuses?: PodResourceClaimStatus[];
  events: Omit<ClusterEvent, 'time'>[];
}

/** upstream: Controller.syncPod → handleClaim for each template claim without a status entry */
export function createPodClaims(pod: Pod, ctx: ClaimControllerContext): PodClaimsResult {
  const result: PodClaimsResult = { created: [], events: [] };
  const ns = nsOf(pod);
  const statuses = [...(pod.status.resourceClaimStatuses ?? [])];
  for (const podClaim of pod.spec.resourceClaims ?? []) {
    if (podClaim.resourceClaimTemplateName === undefined) continue;
    if (statuses.some((s) => s.name === podClaim.name)) continue;
    // upstream: an existing claim owned by the pod for this entry is reused (found by annotation)
    const existing = ctx.claims().find((c) => nsOf(c) === ns && c.metadata.annotations?.[POD_CLAIM_NAME_ANNOTATION] === podClaim.name
      && c.metadata.ownerReferences?.some((o) => o.controller && o.kind === 'Pod' && o.name === pod.metadata.name && (o.uid === undefined || o.uid === pod.metadata.uid)));
    if (existing) {
      statuses.push({ name: podClaim.name, resourceClaimName: existing.metadata.name });
      continue;
    }
    const template = ctx.template(ns, podClaim.resourceClaimTemplateName);
    if (!template) {
      result.events.push({
        type: 'Warning', reason: 'FailedResourceClaimCreation', object: `Pod/${ns}/${pod.metadata.name}`,
        message: `PodResourceClaim ${podClaim.name}: resource claim template "${podClaim.resourceClaimTemplateName}": resourceclaimtemplate.resource.k8s.io "${podClaim.resourceClaimTemplateName}" not found`,
      });
      continue;
    }
    const name = ctx.names.generate(ns, generatedClaimPrefix(pod.metadata.name, podClaim.name));
    const claim: ResourceClaim = {
      apiVersion: RESOURCE_API_VERSION, kind: 'ResourceClaim',
      metadata: {
        name, generateName: generatedClaimPrefix(pod.metadata.name, podClaim.name), namespace: ns,
        uid: ctx.names.uid('ResourceClaim', ns, name), creationTimestamp: ctx.now,
        ...(template.spec.metadata?.labels ? { labels: { ...template.spec.metadata.labels } } : {}),
        annotations: { [POD_CLAIM_NAME_ANNOTATION]: podClaim.name, ...(template.spec.metadata?.annotations ?? {}) },
        ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name, ...(pod.metadata.uid ? { uid: pod.metadata.uid } : {}), controller: true, blockOwnerDeletion: true }],
      },
      spec: structuredClone(template.spec.spec),
      status: {},
    };
    result.created.push(claim);
    statuses.push({ name: podClaim.name, resourceClaimName: name });
  }
  if (statuses.length !== (pod.status.resourceClaimStatuses ?? []).length) result.statuses = statuses;
  return result;
}

export interface ReleasedClaims {
  /** claims to write back: the pod removed from reservedFor, deallocated when nobody is left */
  updated: ResourceClaim[];
  /** generated claims owned by the pod: the garbage collector deletes them */
  deleted: ResourceClaim[];
}

/** upstream: syncClaim after the pod is gone, and the garbage collector for its generated claims */
export function releasePodClaims(pod: Pod, claims: readonly ResourceClaim[]): ReleasedClaims {
  const out: ReleasedClaims = { updated: [], deleted: [] };
  for (const claim of claims) {
    if (nsOf(claim) !== nsOf(pod)) continue;
    const owner = claim.metadata.ownerReferences?.find((o) => o.controller && o.kind === 'Pod');
    if (owner && owner.name === pod.metadata.name && (owner.uid === undefined || pod.metadata.uid === undefined || owner.uid === pod.metadata.uid)) {
      // deallocated first (syncClaim: nobody reserves it), then deleted by the garbage collector
      if (claim.status.allocation) out.updated.push(deallocated(claim));
      out.deleted.push(claim);
      continue;
    }
    const reservedFor = claim.status.reservedFor ?? [];
    const kept = reservedFor.filter((r) => !(r.resource === 'pods' && r.name === pod.metadata.name && (r.uid === '' || pod.metadata.uid === undefined || r.uid === pod.metadata.uid)));
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
