// What a pod charges to a ResourceQuota, and which quotas it falls under.
// upstream: pkg/quota/v1/evaluator/core/pods.go (PodUsageFunc, podComputeUsageHelper,
// podMatchesScopeFunc, Constraints, QuotaV1Pod), pkg/api/v1/resource/helpers.go (PodRequests,
// PodLimits), staging/src/k8s.io/apiserver/pkg/quota/v1/generic/evaluator.go (Matches).

import type { Container, Pod, PodAffinityTerm, ResourceList } from '../types';
import type { ResourceQuota, ScopedResourceSelectorRequirement } from '../policy';
import { containerRequests } from '../containerRequests';
import { getPodQOS } from '../qos';
import { compareQuantity } from '../quantity';
import { isExtendedResourceName, isNativeResource } from '../decode/resources';
import { addAmount, addLists, amountOf, fromResourceList, type Amount, type QuotaList } from './resourceList';

const POD_RESOURCES = new Set([
  'count/pods', 'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods',
]);


/** upstream: podEvaluator.MatchingResources — the quota's resources a pod can use */
export function podMatchingResources(names: Iterable<string>): string[] {
  const out: string[] = [];
  for (const n of names) {
    if (POD_RESOURCES.has(n) || n.startsWith('hugepages-') || n.startsWith('requests.hugepages-')) out.push(n);
    else if (!isNativeResource(n) && n.startsWith('requests.')) out.push(n);
  }
  return out;
}

function addInto(into: QuotaList, list: ResourceList): void {
  for (const [k, v] of Object.entries(list)) {
    const a = amountOf(v);
    if (!a) continue;
    const cur = into.get(k);
    into.set(k, cur ? addAmount(cur, a) : a);
  }
}

function maxInto(into: QuotaList, other: QuotaList): void {
  for (const [k, v] of other) {
    const cur = into.get(k);
    if (!cur || compareQuantity(v.q, cur.q) > 0) into.set(k, v);
  }
}

/**
 * upstream: resourcehelper.PodRequests / PodLimits — containers summed, init containers walked
 * with sidecars accumulating, the larger of the two, pod-level values overriding, overhead added.
 */
function podAggregate(pod: Pod, of: (c: Container) => ResourceList, podLevel: ResourceList | undefined): QuotaList {
  const regular: QuotaList = new Map();
  for (const c of pod.spec.containers) addInto(regular, of(c));
  const sidecars: QuotaList = new Map();
  const initMax: QuotaList = new Map();
  for (const c of pod.spec.initContainers ?? []) {
    const own = fromResourceList(of(c));
    if (c.restartPolicy === 'Always') {
      addInto(regular, of(c));
      addInto(sidecars, of(c));
      maxInto(initMax, sidecars);
    } else {
      maxInto(initMax, addLists(own, sidecars));
    }
  }
  maxInto(regular, initMax);
  for (const [k, v] of Object.entries(podLevel ?? {})) {
    if (k !== 'cpu' && k !== 'memory' && !k.startsWith('hugepages-')) continue;
    const a = amountOf(v);
    if (a) regular.set(k, a);
  }
  if (pod.spec.overhead) addInto(regular, pod.spec.overhead);
  return regular;
}

export const podRequests = (pod: Pod): QuotaList => podAggregate(pod, containerRequests, pod.spec.resources?.requests);
export const podLimits = (pod: Pod): QuotaList => podAggregate(pod, (c) => c.resources?.limits ?? {}, pod.spec.resources?.limits);

const ONE: Amount = { q: { numerator: 1n, denominator: 1n }, format: 'DecimalSI' };

/** upstream: podComputeUsageHelper */
export function computeUsage(requests: QuotaList, limits: QuotaList): QuotaList {
  const out: QuotaList = new Map([['pods', ONE]]);
  for (const name of ['cpu', 'memory', 'ephemeral-storage']) {
    const req = requests.get(name);
    if (req) { out.set(name, req); out.set(`requests.${name}`, req); }
    const lim = limits.get(name);
    if (lim) out.set(`limits.${name}`, lim);
  }
  for (const [name, req] of requests) {
    if (name.startsWith('hugepages-')) { out.set(name, req); out.set(`requests.${name}`, req); }
    // upstream: helper.IsExtendedResourceName — only requests.<name> quotas an extended resource
    else if (isExtendedResourceName(name)) out.set(`requests.${name}`, req);
  }
  return out;
}

/**
 * upstream: QuotaV1Pod — a pod in a terminal phase, or whose graceful deletion has run out, no
 * longer charges compute resources (count/pods still counts it while it exists).
 */
export function chargesCompute(pod: Pod, now: number): boolean {
  if (pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed') return false;
  const del = pod.metadata.deletionTimestamp;
  if (del !== undefined && now > del + (pod.spec.terminationGracePeriodSeconds ?? 30)) return false;
  return true;
}

/** upstream: PodUsageFunc */
export function podUsage(pod: Pod, now: number): QuotaList {
  const count: QuotaList = new Map([['count/pods', ONE]]);
  if (!chargesCompute(pod, now)) return count;
  return addLists(count, computeUsage(podRequests(pod), podLimits(pod)));
}

const crossNamespace = (t: PodAffinityTerm): boolean => (t.namespaces?.length ?? 0) > 0 || t.namespaceSelector !== undefined;

/** upstream: usesCrossNamespacePodAffinity */
function usesCrossNamespacePodAffinity(pod: Pod): boolean {
  const a = pod.spec.affinity;
  return [a?.podAffinity, a?.podAntiAffinity].some((p) =>
    (p?.requiredDuringSchedulingIgnoredDuringExecution ?? []).some(crossNamespace)
    || (p?.preferredDuringSchedulingIgnoredDuringExecution ?? []).some((w) => crossNamespace(w.podAffinityTerm)));
}

/** upstream: podMatchesScopeFunc */
export function podMatchesScope(s: ScopedResourceSelectorRequirement, pod: Pod): boolean {
  const terminating = pod.spec.activeDeadlineSeconds !== undefined && pod.spec.activeDeadlineSeconds >= 0;
  switch (s.scopeName) {
    case 'Terminating': return terminating;
    case 'NotTerminating': return !terminating;
    case 'BestEffort': return getPodQOS(pod) === 'BestEffort';
    case 'NotBestEffort': return getPodQOS(pod) !== 'BestEffort';
    case 'CrossNamespacePodAffinity': return usesCrossNamespacePodAffinity(pod);
    case 'PriorityClass': {
      const cls = pod.spec.priorityClassName ?? '';
      // upstream: ScopedResourceSelectorRequirementsAsSelector over the label set {PriorityClass: <class>}
      switch (s.operator) {
        case 'Exists': return cls !== '';
        case 'DoesNotExist': return cls === '';
        case 'In': return cls !== '' && (s.values ?? []).includes(cls);
        case 'NotIn': return cls === '' || !(s.values ?? []).includes(cls);
      }
    }
  }
  return false;
}

/** upstream: GetScopeSelectorsFromQuota — scopes as Exists requirements, then the scopeSelector's */
export function quotaScopeSelectors(q: ResourceQuota): ScopedResourceSelectorRequirement[] {
  return [
    ...(q.spec.scopes ?? []).map((scopeName): ScopedResourceSelectorRequirement => ({ scopeName, operator: 'Exists' })),
    ...(q.spec.scopeSelector?.matchExpressions ?? []),
  ];
}

/** upstream: generic.Matches — the quota limits something pods use, and every scope matches */
export function quotaMatchesPod(q: ResourceQuota, pod: Pod): boolean {
  if (podMatchingResources(Object.keys(q.spec.hard ?? {})).length === 0) return false;
  return quotaScopeSelectors(q).every((s) => podMatchesScope(s, pod));
}

// upstream: validationSet — quotas on cpu or memory require every container to state them
const VALIDATION_SET = ['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory'];

/** upstream: podEvaluator.Constraints — `must specify …` when a container leaves out what the quota tracks */
export function podConstraints(required: readonly string[], pod: Pod): string | undefined {
  const requiredSet = VALIDATION_SET.filter((n) => required.includes(n));
  if (requiredSet.length === 0) return undefined;
  const missing = new Map<string, Set<string>>();
  for (const c of [...pod.spec.containers, ...(pod.spec.initContainers ?? [])]) {
    const usage = computeUsage(fromResourceList(containerRequests(c)), fromResourceList(c.resources?.limits));
    for (const n of requiredSet) {
      if (usage.has(n)) continue;
      const set = missing.get(n) ?? new Set<string>();
      set.add(c.name);
      missing.set(n, set);
    }
  }
  if (missing.size === 0) return undefined;
  return `must specify ${[...missing.keys()].sort().map((n) => `${n} for: ${[...missing.get(n)!].sort().join(',')}`).join('; ')}`;
}
