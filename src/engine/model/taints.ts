// Taint/toleration matching.
// upstream: staging/src/k8s.io/api/core/v1/toleration.go (ToleratesTaint),
// staging/src/k8s.io/component-helpers/scheduling/corev1/helpers.go (FindMatchingUntoleratedTaint).

import { parseInt64 } from './selectors';
import type { Taint, TaintEffect, Toleration } from './types';

/**
 * upstream: compareNumericValues — both values must be decimal integers in canonical form
 * (content.IsDecimalInteger: no sign '+', no leading zeros) within int64.
 */
export function compareNumericValues(tolerationValue: string, taintValue: string, operator: Toleration['operator']): boolean {
  const canonical = /^(0|-?[1-9][0-9]*)$/;
  if (!canonical.test(tolerationValue) || !canonical.test(taintValue)) return false;
  const tolerationNum = parseInt64(tolerationValue);
  const taintNum = parseInt64(taintValue);
  if (tolerationNum === undefined || taintNum === undefined) return false;
  if (operator === 'Lt') return taintNum < tolerationNum;
  if (operator === 'Gt') return taintNum > tolerationNum;
  return false;
}

/**
 * upstream: Toleration.ToleratesTaint (api/core/v1/toleration.go). An empty effect matches every
 * effect, an empty key (only legal with Exists) every key; an empty operator means Equal.
 * `Gt`/`Lt` belong to the v1.35 alpha gate TaintTolerationComparisonOperators, off by default:
 * with the gate off such a toleration tolerates nothing.
 */
export function toleratesTaint(t: Toleration, taint: Taint, enableComparisonOperators = false): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  switch (t.operator ?? '') {
    case '':
    case 'Equal': return (t.value ?? '') === (taint.value ?? '');
    case 'Exists': return true;
    case 'Gt':
    case 'Lt': return enableComparisonOperators && compareNumericValues(t.value ?? '', taint.value ?? '', t.operator);
    default: return false;
  }
}

/** upstream: corev1 helper TolerationsTolerateTaint */
export function toleratesAny(tolerations: readonly Toleration[] | undefined, taint: Taint, enableComparisonOperators = false): boolean {
  return (tolerations ?? []).some((t) => toleratesTaint(t, taint, enableComparisonOperators));
}

/**
 * upstream: FindMatchingUntoleratedTaint — the first taint (in node order) that passes the
 * filter (no filter: every taint) and is not tolerated.
 */
export function findMatchingUntoleratedTaint(
  taints: readonly Taint[] | undefined,
  tolerations: readonly Toleration[] | undefined,
  inclusionFilter?: (t: Taint) => boolean,
  enableComparisonOperators = false,
): Taint | undefined {
  for (const taint of taints ?? []) {
    if (inclusionFilter && !inclusionFilter(taint)) continue;
    if (!toleratesAny(tolerations, taint, enableComparisonOperators)) return taint;
  }
  return undefined;
}

export const doNotScheduleTaintsFilter = (t: Taint): boolean => t.effect === 'NoSchedule' || t.effect === 'NoExecute';

/** "key=value:Effect", as kubectl writes a taint (node or device) */
export function taintToString(t: Pick<Taint, 'key' | 'value'> & { effect: string }): string {
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
