// upstream: pkg/registry/core/pod/storage/eviction.go (EvictionREST.Create, checkAndDecrement,
// addConditionAndDeletePod, getPodDisruptionBudgets) — the pods/eviction subresource: a DELETE
// that honours PodDisruptionBudgets. Pure: the result says whether the pod is deleted, which
// DisruptionTarget condition to set first, and the PDB status to write back; or the refusal with
// upstream's HTTP status. Resource-version preconditions and conflict retries have no
// counterpart in the simulator (it applies each request atomically).

import { compileLabelSelector } from '../model/selectors';
import type { Pod, PodCondition, PodDisruptionBudget } from '../model/types';
import { computePdbStatus, isPodReady, type PdbStatus, type WorkloadLookup } from './disruption';
import { quote } from '../model/quote';

/** upstream: MaxDisruptedPodSize */
export const MAX_DISRUPTED_POD_SIZE = 2000;

/** upstream: policyv1.DisruptionBudgetCause */
export const DISRUPTION_BUDGET_CAUSE = 'DisruptionBudget';

/** upstream: addConditionAndDeletePod */
export const EVICTION_BY_EVICTION_API_CONDITION: PodCondition = {
  type: 'DisruptionTarget',
  status: 'True',
  reason: 'EvictionByEvictionAPI',
  message: 'Eviction API: evicting',
};

/** A metav1.Status the API server answers a refused eviction with. */
export interface EvictionRefusal {
  code: 429 | 500 | 403;
  /** metav1.StatusReason; the 500 for several PDBs carries none */
  reason?: 'TooManyRequests' | 'Forbidden';
  message: string;
  causes?: { type: typeof DISRUPTION_BUDGET_CAUSE; message: string }[];
  retryAfterSeconds?: number;
}

/** Why the eviction went through. */
export type EvictionPath =
  /** Succeeded, Failed, Pending or already terminating: no PDB is checked (canIgnorePDB) */
  | 'IgnoredPDB'
  /** no PDB selects the pod */
  | 'NoPDB'
  /** the pod is not ready and the PDB's unhealthyPodEvictionPolicy lets it go without a budget */
  | 'UnhealthyPod'
  /** a disruption was taken from the budget */
  | 'BudgetDecremented';

export type EvictionResult =
  | {
    allowed: true;
    path: EvictionPath;
    /** set before the delete (none on a dry run) */
    condition?: PodCondition;
    /** the PDB whose status changes and its new status (path BudgetDecremented, not on a dry run) */
    pdbUpdate?: { pdb: PodDisruptionBudget; status: PdbStatus };
  }
  | { allowed: false; refusal: EvictionRefusal; pdb?: PodDisruptionBudget };

export interface EvictPodOptions {
  /**
   * With a lookup the budget is computed now by the disruption controller
   * (computePdbStatus over allPods: the controller in sync with every pod change); without one
   * the PDB's stored status is read, as the API server does.
   */
  lookupWorkload?: WorkloadLookup;
  /** DeleteOptions.dryRun: check and answer, change nothing */
  dryRun?: boolean;
}

const namespaceOf = (o: { metadata: { namespace?: string } }): string => o.metadata.namespace ?? 'default';

/** upstream: canIgnorePDB */
function canIgnorePDB(pod: Pod): boolean {
  const phase = pod.status.phase;
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || pod.metadata.deletionTimestamp !== undefined;
}

/**
 * upstream: getPodDisruptionBudgets — PDBs in the pod's namespace whose selector matches its
 * labels (policy/v1: an empty selector matches every pod, a missing one none).
 */
export function podDisruptionBudgetsFor(pod: Pod, pdbs: readonly PodDisruptionBudget[]): PodDisruptionBudget[] {
  const ns = namespaceOf(pod);
  return pdbs.filter((pdb) => namespaceOf(pdb) === ns && compileLabelSelector(pdb.spec.selector).matches(pod.metadata.labels ?? {}));
}

const tooManyRequests = (message: string, retryAfterSeconds: number, cause: string): EvictionRefusal =>
  ({ code: 429, reason: 'TooManyRequests', message, causes: [{ type: DISRUPTION_BUDGET_CAUSE, message: cause }], retryAfterSeconds });

/** upstream: errors.NewForbidden(policy.Resource("poddisruptionbudget"), name, err) */
const forbidden = (pdbName: string, err: string): EvictionRefusal =>
  ({ code: 403, reason: 'Forbidden', message: `poddisruptionbudget.policy ${quote(pdbName)} is forbidden: ${err}` });

/** upstream: checkAndDecrement — refuse, or the status with one disruption taken. */
function checkAndDecrement(podName: string, pdb: PodDisruptionBudget, status: PdbStatus, now: number, dryRun: boolean): EvictionRefusal | PdbStatus {
  const name = pdb.metadata.name;
  // upstream first refuses while status.observedGeneration < generation ("is still being
  // processed by the server"); the simulator's PDB status is always current.
  const allowed = status.disruptionsAllowed ?? 0;
  if (allowed < 0) return forbidden(name, 'pdb disruptions allowed is negative');
  if (Object.keys(status.disruptedPods ?? {}).length > MAX_DISRUPTED_POD_SIZE) return forbidden(name, 'DisruptedPods map too big - too many evictions not confirmed by PDB controller');
  if (allowed === 0) {
    return tooManyRequests("Cannot evict pod as it would violate the pod's disruption budget.", 0,
      `The disruption budget ${name} needs ${status.desiredHealthy ?? 0} healthy pods and has ${status.currentHealthy ?? 0} currently`);
  }
  const next: PdbStatus = { ...status, disruptionsAllowed: allowed - 1 };
  if (!dryRun) next.disruptedPods = { ...(status.disruptedPods ?? {}), [podName]: now };
  return next;
}

/**
 * upstream: EvictionREST.Create for `pod`. `pdbs` may hold every PDB of the cluster; `allPods`
 * every pod (used only to compute the budget, see EvictPodOptions). `now` is simulated seconds:
 * the time recorded in status.disruptedPods.
 */
export function evictPod(pod: Pod, pdbs: readonly PodDisruptionBudget[], allPods: readonly Pod[], now: number, options: EvictPodOptions = {}): EvictionResult {
  const dryRun = options.dryRun ?? false;
  const deleted = (path: EvictionPath, pdbUpdate?: { pdb: PodDisruptionBudget; status: PdbStatus }): EvictionResult => {
    const result: EvictionResult = { allowed: true, path };
    if (!dryRun) result.condition = { ...EVICTION_BY_EVICTION_API_CONDITION };
    if (pdbUpdate && !dryRun) result.pdbUpdate = pdbUpdate;
    return result;
  };

  // Evicting a terminal or pending pod deletes it: it already is disrupted.
  if (canIgnorePDB(pod)) return deleted('IgnoredPDB');

  const matching = podDisruptionBudgetsFor(pod, pdbs);
  if (matching.length > 1) {
    return { allowed: false, refusal: { code: 500, message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.' } };
  }
  const pdb = matching[0];
  if (!pdb) return deleted('NoPDB');

  const status: PdbStatus = options.lookupWorkload ? computePdbStatus(pdb, allPods, options.lookupWorkload, now).status : (pdb.status ?? {});

  // IsPodReady is the current implementation of IsHealthy: a healthy pod is guarded by the PDB.
  if (!isPodReady(pod)) {
    if (pdb.spec.unhealthyPodEvictionPolicy === 'AlwaysAllow') return deleted('UnhealthyPod');
    // default (unset) and IfHealthyBudget: the application is not disrupted now
    const current = status.currentHealthy ?? 0, desired = status.desiredHealthy ?? 0;
    if (current >= desired && desired > 0) return deleted('UnhealthyPod');
    // else the budget decides
  }

  const checked = checkAndDecrement(pod.metadata.name, pdb, status, now, dryRun);
  if ('code' in checked) return { allowed: false, refusal: checked, pdb };
  return deleted('BudgetDecremented', { pdb, status: checked });
}
