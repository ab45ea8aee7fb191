// The ResourceQuota admission plugin (the last validating plugin): a pod whose usage would take
// a matching quota over its hard limits is refused; an admitted pod is charged to every quota it
// matches (status.used), until the quota controller recounts.
// upstream: staging/src/k8s.io/apiserver/pkg/admission/plugin/resourcequota/controller.go
// (CheckRequest), plugin/pkg/admission/resourcequota/admission.go. With the plugin's
// configuration (an AdmissionConfiguration's `limitedResources`), a resource or a scope listed
// there needs a quota that covers it, even in a namespace with no quota at all.

import type { Pod } from '../types';
import type { PersistentVolumeClaim } from '../storage';
import { claimMatchingResources, claimUsage } from '../quota/persistentVolumeClaims';
import type { LimitedResource, ResourceQuota, ScopedResourceSelectorRequirement } from '../policy';
import { podConstraints, podMatchesScope, podMatchingResources, podUsage, quotaMatchesPod, quotaScopeSelectors } from '../quota/pods';
import { addLists, exceeded, fromResourceList, maskList, prettyPrint, toResourceList, type QuotaList } from '../quota/resourceList';

export type QuotaCheck =
  | { ok: true; charge(): void }
  /**
   * the error without the `pods "x" is forbidden: ` prefix; `forbidden: false` for the one error
   * upstream returns unwrapped (uncovered scopes), which the API server prints as it is
   */
  | {
    ok: false; error: string; forbidden: boolean; quota?: ResourceQuota; exceeded?: { requested: QuotaList; used: QuotaList; hard: QuotaList };
    /** limitedResources: the resource names or the scopes no quota covers */
    uncovered?: { resources: string[] } | { scopes: ScopedResourceSelectorRequirement[] };
  };

const byName = (a: ResourceQuota, b: ResourceQuota) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0);

/** upstream: CheckRequest for a pod being created (`limited`: the plugin's limitedResources) */
export function checkResourceQuotas(pod: Pod, quotas: readonly ResourceQuota[], now: number, limited: readonly LimitedResource[] = []): QuotaCheck {
  const usage = podUsage(pod, now);
  // upstream: getMatchedLimitedScopes reads every LimitedResource's matchScopes, whatever its resource
  const limitedScopes = limited.flatMap((l) => (l.matchScopes ?? []).filter((sel) => podMatchesScope(sel, pod)));
  const limitedNames = limitedByDefault(usage, limitedFor(limited, 'pods'));
  const interesting: ResourceQuota[] = [];
  const restrictedResources = new Set<string>();
  const restrictedScopes: ScopedResourceSelectorRequirement[] = [];
  for (const q of [...quotas].sort(byName)) {
    // upstream: MatchingScopes runs before Matches — a quota whose scopes match the pod covers
    // them even when it limits nothing the pod uses
    restrictedScopes.push(...quotaScopeSelectors(q).filter((sel) => podMatchesScope(sel, pod)));
    if (!quotaMatchesPod(q, pod)) continue;
    interesting.push(q);
    const restricted = podMatchingResources(Object.keys(q.status.hard ?? q.spec.hard ?? {}));
    const missing = podConstraints(restricted, pod);
    if (missing) return { ok: false, forbidden: true, error: `failed quota: ${q.metadata.name}: ${missing}`, quota: q };
    for (const r of restricted) restrictedResources.add(r);
  }
  return uncoveredCheck(limitedNames, restrictedResources, limitedScopes, restrictedScopes) ?? chargeIfWithin(interesting, usage);
}

/** upstream: filterLimitedResourcesByGroupResource (the core group: apiGroup "") */
const limitedFor = (limited: readonly LimitedResource[], resource: string): LimitedResource[] =>
  limited.filter((l) => (l.apiGroup ?? '') === '' && l.resource === resource);

/** upstream: limitedByDefault — the used resources (above zero) whose name contains a matchContains entry */
function limitedByDefault(usage: QuotaList, limited: readonly LimitedResource[]): Set<string> {
  const out = new Set<string>();
  for (const l of limited) {
    for (const [name, amount] of usage) {
      if (amount.q.numerator > 0n && (l.matchContains ?? []).some((m) => name.includes(m))) out.add(name);
    }
  }
  return out;
}

/** Go's %v of a []ScopedResourceSelectorRequirement: `[{PriorityClass In [a b]}]` */
const goScopes = (scopes: readonly ScopedResourceSelectorRequirement[]): string =>
  `[${scopes.map((sel) => `{${sel.scopeName} ${sel.operator} [${(sel.values ?? []).join(' ')}]}`).join(' ')}]`;

/**
 * upstream: CheckRequest's checks of the limited resources — each limited resource the object
 * uses is limited by a quota that matches it, and each limited scope it matches is a scope of some
 * quota that matches it (by scope name: podEvaluator.UncoveredQuotaScopes).
 */
function uncoveredCheck(limitedNames: ReadonlySet<string>, restricted: ReadonlySet<string>, limitedScopes: readonly ScopedResourceSelectorRequirement[], restrictedScopes: readonly ScopedResourceSelectorRequirement[]): QuotaCheck | undefined {
  const resources = [...limitedNames].filter((n) => !restricted.has(n)).sort();
  if (resources.length) return { ok: false, forbidden: true, error: `insufficient quota to consume: ${resources.join(',')}`, uncovered: { resources } };
  const scopes = limitedScopes.filter((sel) => !restrictedScopes.some((r) => r.scopeName === sel.scopeName));
  if (scopes.length) return { ok: false, forbidden: false, error: `insufficient quota to match these scopes: ${goScopes(scopes)}`, uncovered: { scopes } };
  return undefined;
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
        ok: false, forbidden: true, quota: q, exceeded: failed,
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
export function checkClaimQuotas(pvc: PersistentVolumeClaim, quotas: readonly ResourceQuota[], limited: readonly LimitedResource[] = []): QuotaCheck {
  const interesting = [...quotas].sort(byName).filter((q) => quotaScopeSelectors(q).length === 0 && claimMatchingResources(Object.keys(q.status.hard ?? q.spec.hard ?? {})).length > 0);
  const usage = claimUsage(pvc);
  const restricted = new Set(interesting.flatMap((q) => claimMatchingResources(Object.keys(q.status.hard ?? q.spec.hard ?? {}))));
  // a claim matches no pod scope (the claim evaluator's only scope, VolumeAttributesClass, is not simulated)
  return uncoveredCheck(limitedByDefault(usage, limitedFor(limited, 'persistentvolumeclaims')), restricted, [], []) ?? chargeIfWithin(interesting, usage);
}
