// upstream: pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go
// (SelectVictimsOnNode, filterPodsWithPDBViolation). Finds the fewest, least important pods to
// evict from one node so the preemptor fits, sparing PDB-protected pods where it can.

import type { CycleState } from '../../framework/cycleState';
import type { Handle } from '../../framework/interfaces';
import type { NodeInfo } from '../../framework/nodeInfo';
import { podNamespace, podPriority, type PodInfo } from '../../framework/podInfo';
import { Status } from '../../framework/status';
import { compileLabelSelector } from '../../model/selectors';
import type { PodDisruptionBudget } from '../../model/types';
import { sortByImportance } from '../../preemption/importance';

export const ErrReasonNoVictims = 'No preemption victims found for incoming pod';

/** upstream: isPreemptionAllowed — only lower-priority pods may be evicted. */
export function isPreemptionAllowed(victim: PodInfo, preemptor: PodInfo): boolean {
  return podPriority(victim.pod) < podPriority(preemptor.pod);
}

/**
 * upstream: filterPodsWithPDBViolation. Walks the pods in the given order, spending a copy of
 * each matching PDB's disruptionsAllowed; a pod that overdraws one is "violating". Stable: both
 * lists keep the input order. Unlike the disruption controller, a PDB whose selector is empty (or
 * missing) matches nothing here, and a pod without labels matches no PDB.
 */
export function filterPodsWithPDBViolation(pods: readonly PodInfo[], pdbs: readonly PodDisruptionBudget[]): { violating: PodInfo[]; nonViolating: PodInfo[] } {
  // every preemption dry run comes here, most often in a cluster without PDBs
  if (pdbs.length === 0) return { violating: [], nonViolating: [...pods] };
  const allowed = pdbs.map((pdb) => pdb.status?.disruptionsAllowed ?? 0);
  const selectors = pdbs.map((pdb) => compileLabelSelector(pdb.spec.selector));
  const violating: PodInfo[] = [];
  const nonViolating: PodInfo[] = [];
  for (const pi of pods) {
    const labels = pi.pod.metadata.labels ?? {};
    let violated = false;
    if (Object.keys(labels).length > 0) {
      pdbs.forEach((pdb, i) => {
        if ((pdb.metadata.namespace ?? 'default') !== podNamespace(pi.pod)) return;
        const selector = selectors[i]!;
        if (selector.empty || !selector.matches(labels)) return;
        // Already counted by the API server when it evicted the pod: do not spend the budget twice.
        if (Object.prototype.hasOwnProperty.call(pdb.status?.disruptedPods ?? {}, pi.pod.metadata.name)) return;
        allowed[i]!--;
        if (allowed[i]! < 0) violated = true;
      });
    }
    (violated ? violating : nonViolating).push(pi);
  }
  return { violating, nonViolating };
}

export interface VictimSelection {
  victims: PodInfo[];
  numViolatingVictim: number;
  status: Status;
}

/** upstream turns a failed extension into an error (fwk.AsStatus(status.AsError())). */
function asError(s: Status): Status {
  return s.code === 'Error' ? s : Status.error(s.message());
}

function failed(status: Status): VictimSelection {
  return { victims: [], numViolatingVictim: 0, status };
}

function removePod(handle: Handle, state: CycleState, pod: PodInfo, victim: PodInfo, nodeInfo: NodeInfo): Status {
  nodeInfo.removePod(victim.key);
  return handle.runPreFilterExtensionRemovePod(state, pod, victim, nodeInfo);
}

/**
 * Adds the victim back and keeps it when the preemptor still fits: true when it stays, false
 * when it is a victim (removed again), an Error status when an extension failed.
 */
function reprieve(handle: Handle, state: CycleState, pod: PodInfo, victim: PodInfo, nodeInfo: NodeInfo): boolean | Status {
  nodeInfo.addPod(victim);
  const added = handle.runPreFilterExtensionAddPod(state, pod, victim, nodeInfo);
  if (!added.isSuccess()) return asError(added);
  if (handle.runFilterPluginsWithNominatedPods(state, pod, nodeInfo).isSuccess()) return true;
  const removed = removePod(handle, state, pod, victim, nodeInfo);
  return removed.isSuccess() ? false : asError(removed);
}

/**
 * upstream: SelectVictimsOnNode, on copies of the node and the cycle state: remove every
 * lower-priority pod; if the preemptor still does not fit, the node is no candidate. Otherwise
 * add the pods back one by one, most important first and PDB-violating ones before the others,
 * keeping each that still lets the preemptor fit; the rest are the victims. (Every dry-run node
 * comes here: plain loops, no closures per call.)
 */
export function selectVictimsOnNode(handle: Handle, state: CycleState, pod: PodInfo, nodeInfo: NodeInfo, pdbs: readonly PodDisruptionBudget[]): VictimSelection {
  const potentialVictims: PodInfo[] = [];
  for (const p of nodeInfo.pods) if (isPreemptionAllowed(p, pod)) potentialVictims.push(p);
  for (const victim of potentialVictims) {
    const s = removePod(handle, state, pod, victim, nodeInfo);
    if (!s.isSuccess()) return failed(asError(s));
  }
  if (potentialVictims.length === 0) return failed(Status.unresolvable(ErrReasonNoVictims));

  // Pod affinity to a lower-priority pod is not considered: upstream decided against it.
  const fits = handle.runFilterPluginsWithNominatedPods(state, pod, nodeInfo);
  if (!fits.isSuccess()) return failed(fits);

  const now = handle.now();
  sortByImportance(potentialVictims, (p) => p.pod, now);
  const { violating, nonViolating } = filterPodsWithPDBViolation(potentialVictims, pdbs);
  const victims: PodInfo[] = [];
  let numViolatingVictim = 0;
  for (const victim of violating) {
    const r = reprieve(handle, state, pod, victim, nodeInfo);
    if (r instanceof Status) return failed(r);
    if (!r) { victims.push(victim); numViolatingVictim++; }
  }
  for (const victim of nonViolating) {
    const r = reprieve(handle, state, pod, victim, nodeInfo);
    if (r instanceof Status) return failed(r);
    if (!r) victims.push(victim);
  }
  // Keep victims most important first when both groups contributed.
  if (violating.length > 0 && nonViolating.length > 0) sortByImportance(victims, (p) => p.pod, now);
  return { victims, numViolatingVictim, status: Status.success() };
}
