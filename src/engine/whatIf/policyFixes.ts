// Fixes for what admission refused or defaulted, computed rather than searched: the quota a
// refused pod needed (raise spec.hard to used + requested), and the largest LimitRange default
// request any node could still take. Both are edits of the namespace's policy objects; a reviewer
// would check them against the team's budget, so they are offered with their numbers, not applied.

import type { NodeOutcome, PodOutcome } from '../api';
import type { AdmissionRefusal } from '../diagnosis/admission';
import { addQuantity, formatQuantity, parseQuantity, quantityFormat } from '../model/quantity';
import { formatResource } from '../model/quantity';

export interface RaiseQuotaFix {
  kind: 'raiseQuota';
  /** namespace/name of the ResourceQuota */
  quota: string;
  /** per exceeded resource: spec.hard now and the least that admits the refused pod */
  hard: { resource: string; from: string; to: string }[];
}

export interface LowerDefaultFix {
  kind: 'lowerLimitRangeDefault';
  /** per resource the defaults set and no node had: the most any node has free */
  resources: { resource: string; mostFree: string }[];
}

/** The quota that would have admitted the refused pod: hard ≥ used + requested for each exceeded resource. */
export function raiseQuotaFix(r: AdmissionRefusal): RaiseQuotaFix | undefined {
  if (r.plugin !== 'ResourceQuota' || !r.quota || !r.numbers) return undefined;
  const ns = r.object.split('/')[1] ?? 'default';
  const hard: RaiseQuotaFix['hard'] = [];
  for (const [resource, limited] of Object.entries(r.numbers.limited)) {
    const used = parseQuantity(r.numbers.used[resource] ?? '0');
    const requested = parseQuantity(r.numbers.requested[resource] ?? '0');
    if (!used || !requested) continue;
    hard.push({ resource, from: limited, to: formatQuantity(addQuantity(used, requested), quantityFormat(r.numbers.requested[resource] ?? limited)) });
  }
  return hard.length ? { kind: 'raiseQuota', quota: `${ns}/${r.quota}`, hard } : undefined;
}

/** The most of each resource that a node has free at the end of the run (allocatable − requested). */
export function lowerDefaultFix(resources: readonly string[], nodes: readonly NodeOutcome[]): LowerDefaultFix | undefined {
  if (resources.length === 0 || nodes.length === 0) return undefined;
  return {
    kind: 'lowerLimitRangeDefault',
    resources: resources.map((resource) => {
      const most = Math.max(0, ...nodes.map((n) => (n.allocatable[resource] ?? 0) - (n.requested[resource] ?? 0)));
      return { resource, mostFree: formatResource(resource, most) };
    }),
  };
}

export type PolicyFix = RaiseQuotaFix | LowerDefaultFix;

/** For a Pending pod: the policy fixes that apply (LimitRange defaults that no node can take). */
export function podPolicyFixes(pod: PodOutcome, defaultsNotFitting: readonly string[], nodes: readonly NodeOutcome[]): PolicyFix[] {
  const fix = pod.node === undefined ? lowerDefaultFix(defaultsNotFitting, nodes) : undefined;
  return fix ? [fix] : [];
}
