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
  const interesting = [...quotas].sort(byName).filter((q) => quotaMatchesPod(q, pod));
  for (const q of interesting) {
    const missing = podConstraints(podMatchingResources(hardNames(q)), pod);
    if (missing) return { ok: false, forbidden: true, error: `failed quota: ${q.metadata.name}: ${missing}`, quota: q };
  }
  return uncoveredCheck(uncoveredResources(pod, quotas, limited, now), uncoveredScopes(pod, quotas, limited)) ?? chargeIfWithin(interesting, podUsage(pod, now));
}

const hardNames = (q: ResourceQuota): string[] => Object.keys(q.status.hard ?? q.spec.hard ?? {});

/**
 * The resources the pod uses that limitedResources names (matchContains) and no quota matching the
 * pod limits: what `insufficient quota to consume` lists (upstream: CheckRequest, limitedByDefault
 * less the interesting quotas' MatchingResources).
 */
export function uncoveredResources(pod: Pod, quotas: readonly ResourceQuota[], limited: readonly LimitedResource[], now: number): string[] {
  if (limited.length === 0) return [];
  const restricted = new Set(quotas.filter((q) => quotaMatchesPod(q, pod)).flatMap((q) => podMatchingResources(hardNames(q))));
  return [...limitedByDefault(podUsage(pod, now), limitedFor(limited, 'pods'))].filter((n) => !restricted.has(n)).sort();
}

/** upstream: getMatchedLimitedScopes — every LimitedResource's matchScopes the pod matches, whatever its resource */
const limitedScopesOf = (pod: Pod, limited: readonly LimitedResource[]): ScopedResourceSelectorRequirement[] =>
  limited.flatMap((l) => (l.matchScopes ?? []).filter((sel) => podMatchesScope(sel, pod)));

/**
 * The limited scopes (limitedResources' matchScopes) the pod matches that no quota of its
 * namespace covers: what `insufficient quota to match these scopes` lists. A quota covers a scope
 * when one of its own scope selectors of that scope name matches the pod, whatever it limits
 * (upstream: CheckRequest runs MatchingScopes before Matches; podEvaluator.UncoveredQuotaScopes
 * compares scope names).
 */
export function uncoveredScopes(pod: Pod, quotas: readonly ResourceQuota[], limited: readonly LimitedResource[]): ScopedResourceSelectorRequirement[] {
  const restricted = new Set(quotas.flatMap((q) => quotaScopeSelectors(q).filter((sel) => podMatchesScope(sel, pod)).map((sel) => sel.scopeName)));
  return limitedScopesOf(pod, limited).filter((sel) => !restricted.has(sel.scopeName));
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
 * uses is limited by a quota that matches it, then each limited scope it matches is a scope of some
 * quota that matches it (by scope name: podEvaluator.UncoveredQuotaScopes).
 */
function uncoveredCheck(resources: readonly string[], scopes: readonly ScopedResourceSelectorRequirement[]): QuotaCheck | undefined {
  if (resources.length) return { ok: false, forbidden: true, error: `insufficient quota to consume: ${resources.join(',')}`, uncovered: { resources: [...resources] } };
  if (scopes.length) return { ok: false, forbidden: false, error: `insufficient quota to match these scopes: ${goScopes(scopes)}`, uncovered: { scopes: [...scopes] } };
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
  const interesting = [...quotas].sort(byName).filter((q) => quotaScopeSelectors(q).length === 0 && claimMatchingResources(hardNames(q)).length > 0);
  const usage = claimUsage(pvc);
  const restricted = new Set(interesting.flatMap((q) => claimMatchingResources(hardNames(q))));
  const resources = [...limitedByDefault(usage, limitedFor(limited, 'persistentvolumeclaims'))].filter((n) => !restricted.has(n)).sort();
  // a claim matches no pod scope (the claim evaluator's only scope, VolumeAttributesClass, is not simulated)
  return uncoveredCheck(resources, []) ?? chargeIfWithin(interesting, usage);
}
