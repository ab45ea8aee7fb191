// ReplicaSet and ReplicationController: keep `replicas` pods named <name>-<5 characters>.
// upstream: pkg/controller/replicaset/replica_set.go (manageReplicas, slowStartBatch),
// pkg/controller/replication (the same controller for ReplicationControllers).

import type { Workload } from '../model/types';
import { activePods, claimPods, createPods, createdPodMessages, deletionOrder, emptyResult, podFromTemplate, type ControllerContext, type ExpansionResult } from './common';

export function expandReplicaSet(rs: Workload, ctx: ControllerContext): ExpansionResult {
  const result = emptyResult();
  const replicas = rs.spec.replicas ?? 1;
  const active = activePods(claimPods(rs, ctx, result));
  const missing = replicas - active.length;
  if (missing < 0) result.excess.push(...deletionOrder(active).slice(0, -missing));
  if (missing <= 0) return result;
  const pods = Array.from({ length: missing }, () => {
    const pod = podFromTemplate(rs, rs.spec.template);
    pod.metadata.generateName = `${rs.metadata.name}-`;
    return pod;
  });
  createPods(rs, pods, ctx, result, createdPodMessages);
  return result;
}
