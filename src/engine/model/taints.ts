// Taint/toleration matching.
// upstream: staging/src/k8s.io/api/core/v1/toleration.go (ToleratesTaint),
// staging/src/k8s.io/component-helpers/scheduling/corev1/helpers.go (FindMatchingUntoleratedTaint).

import type { Taint, TaintEffect, Toleration } from './types';

/** upstream: Toleration.ToleratesTaint */
export function toleratesTaint(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key !== undefined && t.key !== '' && t.key !== taint.key) return false;
  switch (t.operator ?? 'Equal') {
    case 'Exists': return true;
    case 'Equal': return (t.value ?? '') === (taint.value ?? '');
    // v1.35 alpha TaintTolerationComparisonOperators: numeric compare of taint value vs toleration value
    case 'Gt':
    case 'Lt': {
      const tv = Number(taint.value);
      const v = Number(t.value);
      if (!/^-?\d+$/.test(taint.value ?? '') || !/^-?\d+$/.test(t.value ?? '')) return false;
      return t.operator === 'Gt' ? tv > v : tv < v;
    }
    default: return false;
  }
}

export function toleratesAny(tolerations: readonly Toleration[] | undefined, taint: Taint): boolean {
  return (tolerations ?? []).some((t) => toleratesTaint(t, taint));
}

/**
 * upstream: FindMatchingUntoleratedTaint — the first taint (in node order) that passes the
 * filter and is not tolerated.
 */
export function findMatchingUntoleratedTaint(taints: readonly Taint[] | undefined, tolerations: readonly Toleration[] | undefined, inclusionFilter: (t: Taint) => boolean): Taint | undefined {
  for (const taint of taints ?? []) {
    if (!inclusionFilter(taint)) continue;
    if (!toleratesAny(tolerations, taint)) return taint;
  }
  return undefined;
}

export const doNotScheduleTaintsFilter = (t: Taint): boolean => t.effect === 'NoSchedule' || t.effect === 'NoExecute';

export function taintToString(t: Taint): string {
  return `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`;
}

export const TAINT_NODE_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';
export const TAINT_NODE_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_NODE_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_NODE_MEMORY_PRESSURE = 'node.kubernetes.io/memory-pressure';
export const TAINT_NODE_DISK_PRESSURE = 'node.kubernetes.io/disk-pressure';
export const TAINT_NODE_PID_PRESSURE = 'node.kubernetes.io/pid-pressure';
export const TAINT_NODE_NETWORK_UNAVAILABLE = 'node.kubernetes.io/network-unavailable';

export type { TaintEffect };
