// Pod helpers the strategies share.
// upstream: sigs.k8s.io/descheduler pkg/descheduler/pod/pods.go, pkg/utils/pod.go,
// pkg/descheduler/evictions/utils/utils.go.

import { getPodQOS, type QOSClass } from '../model/qos';
import type { OwnerReference } from '../model/types';
import type { DeschedulerPod, Namespaces } from './types';
import type { Selector } from '../model/selectors';

export type PodFilter = (pod: DeschedulerPod) => boolean;

/** upstream: SystemCriticalPriority = 2 * 1e9 */
export const SYSTEM_CRITICAL_PRIORITY = 2_000_000_000;
/** upstream: evictionutils.SoftNoEvictionAnnotationKey */
export const SOFT_NO_EVICTION_ANNOTATION = 'descheduler.alpha.kubernetes.io/prefer-no-eviction';
/** upstream: v1.MirrorPodAnnotationKey */
export const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

export const podNamespace = (pod: DeschedulerPod): string => pod.metadata.namespace ?? 'default';
export const podKeyOf = (pod: DeschedulerPod): string => `${podNamespace(pod)}/${pod.metadata.name}`;
export const ownerRefs = (pod: DeschedulerPod): OwnerReference[] => pod.metadata.ownerReferences ?? [];

/**
 * upstream: OwnerRefUIDs — the owners' UIDs. Scenario owner references may lack a uid; the
 * owner's kind/name stands in then (same owner, same key).
 */
export function ownerRefKeys(pod: DeschedulerPod): string[] {
  return ownerRefs(pod).map((o) => o.uid ?? `${o.kind}/${podNamespace(pod)}/${o.name}`);
}

/** upstream: podutil.WrapFilterFuncs — every filter must pass */
export function wrapFilters(...filters: (PodFilter | undefined)[]): PodFilter {
  return (pod) => filters.every((f) => f === undefined || f(pod));
}

/** upstream: podutil.Options.BuildFilterFunc — namespaces, label selector, then the filter. */
export function buildPodFilter(opts: {
  filter?: PodFilter;
  namespaces?: Namespaces;
  labelSelector?: Selector;
}): PodFilter {
  const include = new Set(opts.namespaces?.include ?? []);
  const exclude = new Set(opts.namespaces?.exclude ?? []);
  return (pod) => {
    if (include.size > 0 && !include.has(podNamespace(pod))) return false;
    if (exclude.size > 0 && exclude.has(podNamespace(pod))) return false;
    if (opts.labelSelector && !opts.labelSelector.matches(pod.metadata.labels ?? {})) return false;
    return opts.filter === undefined || opts.filter(pod);
  };
}

export const isPodTerminating = (pod: DeschedulerPod): boolean => pod.metadata.deletionTimestamp !== undefined;
export const isMirrorPod = (pod: DeschedulerPod): boolean =>
  Object.prototype.hasOwnProperty.call(pod.metadata.annotations ?? {}, MIRROR_POD_ANNOTATION);

/** upstream: IsStaticPod — a config source other than "api" */
export function isStaticPod(pod: DeschedulerPod): boolean {
  const source = pod.metadata.annotations?.['kubernetes.io/config.source'];
  return source !== undefined && source !== 'api';
}

export const isCriticalPriorityPod = (pod: DeschedulerPod): boolean =>
  pod.spec.priority !== undefined && pod.spec.priority >= SYSTEM_CRITICAL_PRIORITY;
export const isDaemonSetPod = (refs: readonly OwnerReference[]): boolean => refs.some((r) => r.kind === 'DaemonSet');
export const isPodWithLocalStorage = (pod: DeschedulerPod): boolean =>
  (pod.spec.volumes ?? []).some((v) => v.other === 'hostPath' || v.other === 'emptyDir');
export const isPodWithPVC = (pod: DeschedulerPod): boolean =>
  (pod.spec.volumes ?? []).some((v) => v.persistentVolumeClaim != null);
export const isPodWithResourceClaims = (pod: DeschedulerPod): boolean => (pod.spec.resourceClaims ?? []).length > 0;
export const haveNoEvictionAnnotation = (pod: DeschedulerPod): boolean =>
  Object.prototype.hasOwnProperty.call(pod.metadata.annotations ?? {}, SOFT_NO_EVICTION_ANNOTATION);

const QOS_RANK: Record<QOSClass, number> = { BestEffort: 0, Burstable: 1, Guaranteed: 2 };

/**
 * upstream: SortPodsBasedOnPriorityLowToHigh — nil priority first, then lower priority; equal
 * priorities by QoS (BestEffort, Burstable, Guaranteed), and within a class pods without the
 * prefer-no-eviction annotation first. Stable where upstream's sort.Slice leaves ties unordered.
 */
export function sortPodsBasedOnPriorityLowToHigh(pods: DeschedulerPod[]): void {
  const rank = (p: DeschedulerPod): [number, number, number, number] => [
    p.spec.priority === undefined ? 0 : 1,
    p.spec.priority ?? 0,
    QOS_RANK[getPodQOS(p)],
    haveNoEvictionAnnotation(p) ? 1 : 0,
  ];
  const keyed = pods.map((p, i) => ({ p, i, r: rank(p) }));
  keyed.sort((a, b) => {
    for (let k = 0; k < 4; k++) {
      const d = a.r[k]! - b.r[k]!;
      if (d !== 0) return d;
    }
    return a.i - b.i;
  });
  keyed.forEach((k, i) => { pods[i] = k.p; });
}

/** upstream: SortPodsBasedOnAge — oldest creationTimestamp first (stable). */
export function sortPodsBasedOnAge(pods: DeschedulerPod[]): void {
  const keyed = pods.map((p, i) => ({ p, i }));
  keyed.sort((a, b) => (a.p.metadata.creationTimestamp ?? 0) - (b.p.metadata.creationTimestamp ?? 0) || a.i - b.i);
  keyed.forEach((k, i) => { pods[i] = k.p; });
}

/** upstream: GroupByNamespace / GroupByNodeName, keeping first-seen order */
export function groupBy(pods: DeschedulerPod[], key: (p: DeschedulerPod) => string): Map<string, DeschedulerPod[]> {
  const m = new Map<string, DeschedulerPod[]>();
  for (const p of pods) {
    const k = key(p);
    let list = m.get(k);
    if (!list) m.set(k, (list = []));
    list.push(p);
  }
  return m;
}
