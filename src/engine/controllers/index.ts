// Workload expansion: the controllers that turn a workload object into pods.

import type { Workload } from '../model/types';
import type { ControllerContext, ExpansionResult } from './common';
import { expandDaemonSet } from './daemonset';
import { expandDeployment } from './deployment';
import { expandJob } from './job';
import { admitWorkload } from '../model/admission/workloads';
import { expandReplicaSet } from './replicaset';
import { expandStatefulSet } from './statefulset';

/**
 * Runs the workload's controller once against the cluster in `ctx`: it creates (through
 * admission) the pods that are missing, adopts matching orphans and lists the pods it would
 * delete. Safe to call again after a change (scale, new node): existing pods are counted.
 */
export function expandWorkload(workload: Workload, ctx: ControllerContext): ExpansionResult {
  admitWorkload(workload, ctx);
  switch (workload.kind) {
    case 'Deployment': return expandDeployment(workload, ctx);
    case 'ReplicaSet': case 'ReplicationController': return expandReplicaSet(workload, ctx);
    case 'StatefulSet': return expandStatefulSet(workload, ctx);
    case 'DaemonSet': return expandDaemonSet(workload, ctx);
    case 'Job': return expandJob(workload, ctx);
    default: return { workloads: [], pods: [], adopted: [], excess: [], events: [], warnings: [`${workload.kind} is not a workload the simulator expands`] };
  }
}

export type { ControllerContext, ExpansionResult } from './common';
export { computeHash, controllerRef } from './common';
