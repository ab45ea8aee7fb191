// One descheduler run (kubernetes-sigs/descheduler) against the simulated cluster, for the
// timeline's `deschedule` step: its strategies decide, evictions go through the eviction API
// (PodDisruptionBudgets apply), and the replaced pods come back through the scheduler.

import { deschedule } from '../descheduler';
import { formatFieldPath } from '../framework/config';
import type { DeschedulerPod } from '../descheduler/types';
import { podKey } from '../model/types';
import { getPersistentVolumeClaimClass } from '../model/pvHelpers';
import type { EvictionManager } from './evictionManager';
import type { Simulation } from './simulation';

export function runDeschedulerStep(sim: Simulation, evictions: EvictionManager, policy: Record<string, unknown>): void {
  const c = sim.cluster;
  const outcome = deschedule(policy, {
    nodes: [...c.nodes.values()],
    pods: c.livePods() as DeschedulerPod[],
    podDisruptionBudgets: c.pdbs(),
    namespaces: [...c.namespaceObjects.values()],
    priorityClasses: [...c.priorityClasses.values()],
    // the DefaultEvictor's PodsWithPVC protection reads the claims' classes
    persistentVolumeClaims: c.storage.persistentVolumeClaims().map((pvc) => ({
      namespace: pvc.metadata.namespace ?? 'default', name: pvc.metadata.name,
      ...(getPersistentVolumeClaimClass(pvc) ? { storageClassName: getPersistentVolumeClaimClass(pvc) } : {}),
    })),
    now: sim.now,
    evict: (pod) => evictions.tryEvict(podKey(pod), 'descheduler'),
  });
  for (const e of outcome.errors) {
    sim.recordEvent('Warning', 'DeschedulerPolicyInvalid', 'Scenario/deschedule', `${formatFieldPath(e.path)}: ${e.message}`);
  }
  if (!outcome.result) return;
  for (const line of outcome.result.log) sim.recordEvent('Normal', 'Descheduler', `Scenario/deschedule`, `${line.plugin}: ${line.message}`);
  for (const e of outcome.result.evictions) {
    sim.recordEvent('Normal', 'Descheduled', `Pod/${e.pod}`, `${e.plugin} (profile ${e.profile}) evicted the pod from ${e.node}: ${e.reason}`);
  }
}
