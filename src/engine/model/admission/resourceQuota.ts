// The ResourceQuota admission plugin (the last validating plugin): a pod whose usage would take
// a matching quota over its hard limits is refused; an admitted pod is charged to every quota it
// matches (status.used), until the quota controller recounts.
// upstream: staging/src/k8s.io/apiserver/pkg/admission/plugin/resourcequota/controller.go
// (CheckRequest), plugin/pkg/admission/resourcequota/admission.go.

import type { Pod } from '../types';
import type { PersistentVolumeClaim } from '../storage';
import { claimMatchingResources, claimUsage } from '../quota/persistentVolumeClaims';
import type { ResourceQuota } from '../policy';
import { podConstraints, podMatchingResources, podUsage, quotaMatchesPod, quotaScopeSelectors } from '../quota/pods';
import { addLists, exceeded, fromResourceList, maskList, prettyPrint, toResourceList, type QuotaList } from '../quota/resourceList';

export type QuotaCheck =
  | { ok: true; charge(): void }
  /** the error without the `pods "x" is forbidden: ` prefix */
  | { ok: false; error: string; quota: ResourceQuota; exceeded?: { requested: QuotaList; used: QuotaList; hard: QuotaList } };

const byName = (a: ResourceQuota, b: ResourceQuota) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0);

/** upstream: CheckRequest for a pod being created */
export function checkResourceQuotas(pod: Pod, quotas: readonly ResourceQuota[], now: number): QuotaCheck {
  const interesting: ResourceQuota[] = [];
  for (const q of [...quotas].sort(byName)) {
    if (!quotaMatchesPod(q, pod)) continue;
    interesting.push(q);
    const restricted = podMatchingResources(Object.keys(q.status.hard ?? q.spec.hard ?? {}));
    const missing = podConstraints(restricted, pod);
    if (missing) return { ok: false, error: `failed quota: ${q.metadata.name}: ${missing}`, quota: q };
  }
  return chargeIfWithin(interesting, podUsage(pod, now));
}

/** upstream: CheckRequest's last part — each interesting quota's used + the request ≤ hard, or the first that is exceeded */
function chargeIfWithin(interesting: readonly ResourceQuota[], delta: QuotaList): QuotaCheck {
  if (interesting.length === 0) return { ok: true, charge: () => {} };
  const updates: [ResourceQuota, QuotaList][] = [];
  for (const q of interesting) {
    const hard = fromResourceList(q.status.hard ?? q.spec.hard);
    const used = fromResourceList(q.status.used);
    const requested = maskList(delta, hard.keys());
    const newUsage = addLists(used, requested);
    const over = exceeded(maskList(newUsage, requested.keys()), hard);
    if (over.length) {
      const failed = { requested: maskList(requested, over), used: maskList(used, over), hard: maskList(hard, over) };
      return {
        ok: false, quota: q, exceeded: failed,
        error: `exceeded quota: ${q.metadata.name}, requested: ${prettyPrint(failed.requested)}, used: ${prettyPrint(failed.used)}, limited: ${prettyPrint(failed.hard)}`,
      };
    }
    updates.push([q, newUsage]);
  }
  return { ok: true, charge: () => { for (const [q, u] of updates) q.status = { ...q.status, used: toResourceList(u) }; } };
}

/** A pod that exists already (bound in a dump) is charged to the quotas it matches, unchecked. */
export function chargeResourceQuotas(pod: Pod, quotas: readonly ResourceQuota[], now: number): void {
  for (const q of quotas) {
    if (!quotaMatchesPod(q, pod)) continue;
    const hard = fromResourceList(q.status.hard ?? q.spec.hard);
    q.status = { ...q.status, used: toResourceList(addLists(fromResourceList(q.status.used), maskList(podUsage(pod, now), hard.keys()))) };
  }
}

/**
 * CheckRequest for a claim being created: the quotas without scopes that limit something a claim
 * uses (upstream: pvcEvaluator.Matches; VolumeAttributesClass scopes are not simulated).
 */
export function checkClaimQuotas(pvc: PersistentVolumeClaim, quotas: readonly ResourceQuota[]): QuotaCheck {
  const interesting = [...quotas].sort(byName).filter((q) => quotaScopeSelectors(q).length === 0 && claimMatchingResources(Object.keys(q.status.hard ?? q.spec.hard ?? {})).length > 0);
  return chargeIfWithin(interesting, claimUsage(pvc));
}
