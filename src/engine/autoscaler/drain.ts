// Which pods keep cluster-autoscaler from removing their node, and which it moves.
// upstream: cluster-autoscaler/simulator/drainability/rules/* (the default rule list: mirror,
// long-terminating, safe-to-evict, terminal, daemonset, replicated, system, not-safe-to-evict,
// local storage, PDB) and utils/drain/drain.go (BlockingPodReason).

import type { Pod, PodDisruptionBudget } from '../model/types';
import { compileLabelSelector } from '../model/selectors';
import { controllerOf } from '../controllers/common';
import { isMirrorPod, isPodWithLocalStorage } from '../descheduler/podutil';

/** upstream: drain.PodSafeToEvictKey */
export const POD_SAFE_TO_EVICT_KEY = 'cluster-autoscaler.kubernetes.io/safe-to-evict';
/** upstream: eligibility.ScaleDownDisabledKey (on the Node) */
export const SCALE_DOWN_DISABLED_KEY = 'cluster-autoscaler.kubernetes.io/scale-down-disabled';
/** upstream: drain.SafeToEvictLocalVolumesKey — the local volumes the pod's owner allows to lose */
export const SAFE_TO_EVICT_LOCAL_VOLUMES_KEY = 'cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes';

/** upstream: drain.BlockingPodReason */
export type BlockingPodReason = 'NotReplicated' | 'UnmovableKubeSystemPod' | 'NotSafeToEvictAnnotation' | 'LocalStorageRequested' | 'NotEnoughPdb';

export type Drainability =
  /** moved elsewhere (evicted, its controller makes it again) */
  | { kind: 'drain' }
  /** left where it is and not counted (mirror, terminal, DaemonSet pods) */
  | { kind: 'skip' }
  | { kind: 'block'; reason: BlockingPodReason; message: string };

export interface DrainContext {
  /** PDBs with the disruptions they allow now (status.disruptionsAllowed) */
  pdbs: readonly PodDisruptionBudget[];
  skipNodesWithLocalStorage: boolean;
  skipNodesWithSystemPods: boolean;
  /** PDB name -> disruptions already spent by this scale-down simulation */
  spent?: Map<PodDisruptionBudget, number>;
}

const nsOf = (pod: Pod): string => pod.metadata.namespace ?? 'default';

function matchingPdbs(pod: Pod, pdbs: readonly PodDisruptionBudget[]): PodDisruptionBudget[] {
  return pdbs.filter((pdb) => (pdb.metadata.namespace ?? 'default') === nsOf(pod) && pdb.spec.selector !== undefined && compileLabelSelector(pdb.spec.selector).matches(pod.metadata.labels ?? {}));
}

/** upstream: isLocalVolume — hostPath and emptyDir (Podplay does not read emptyDir's medium: a Memory emptyDir counts too) */
function blockingLocalVolumes(pod: Pod): string[] {
  if (!isPodWithLocalStorage(pod)) return [];
  const allowed = new Set((pod.metadata.annotations?.[SAFE_TO_EVICT_LOCAL_VOLUMES_KEY] ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  return (pod.spec.volumes ?? []).filter((v) => (v.other === 'hostPath' || v.other === 'emptyDir') && !allowed.has(v.name)).map((v) => v.name);
}

/** The rules in upstream's order; the first that decides wins. */
export function podDrainability(pod: Pod, ctx: DrainContext): Drainability {
  const name = pod.metadata.name;
  const annotation = pod.metadata.annotations?.[POD_SAFE_TO_EVICT_KEY];
  // rules/mirror: never moved (the kubelet owns it)
  if (isMirrorPod(pod)) return { kind: 'skip' };
  // rules/longterminating: a pod already being deleted is left to finish
  if (pod.metadata.deletionTimestamp !== undefined) return { kind: 'skip' };
  // rules/safetoevict: the owner says it may go
  if (annotation === 'true') return { kind: 'drain' };
  // rules/terminal
  if (pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed') return { kind: 'skip' };
  const owner = controllerOf(pod);
  // rules/daemonset: the DaemonSet controller owns it on every node
  if (owner?.kind === 'DaemonSet') return { kind: 'skip' };
  // rules/replicated: nothing would make it again
  if (!owner) return { kind: 'block', reason: 'NotReplicated', message: `${nsOf(pod)}/${name} is not replicated` };
  const pdbs = matchingPdbs(pod, ctx.pdbs);
  // rules/system
  if (ctx.skipNodesWithSystemPods && nsOf(pod) === 'kube-system' && pdbs.length === 0) {
    return { kind: 'block', reason: 'UnmovableKubeSystemPod', message: `non-daemonset, non-mirrored, non-pdb-assigned kube-system pod present: ${name}` };
  }
  // rules/notsafetoevict
  if (annotation === 'false') return { kind: 'block', reason: 'NotSafeToEvictAnnotation', message: `pod annotated as not safe to evict present: ${name}` };
  // rules/localstorage
  if (ctx.skipNodesWithLocalStorage && blockingLocalVolumes(pod).length > 0) {
    return { kind: 'block', reason: 'LocalStorageRequested', message: `pod with local storage present: ${name}` };
  }
  // rules/pdb: every budget the pod is under must allow one more disruption
  for (const pdb of pdbs) {
    const spent = ctx.spent?.get(pdb) ?? 0;
    if ((pdb.status.disruptionsAllowed ?? 0) - spent < 1) {
      return { kind: 'block', reason: 'NotEnoughPdb', message: `not enough pod disruption budget to move ${nsOf(pod)}/${name}` };
    }
  }
  for (const pdb of pdbs) ctx.spent?.set(pdb, (ctx.spent.get(pdb) ?? 0) + 1);
  return { kind: 'drain' };
}
