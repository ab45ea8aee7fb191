// kube-controller-manager, as far as the simulation needs it: the workload controllers
// reconcile when their pods go away or the cluster changes (a preempted ReplicaSet pod is
// replaced by a new pending pod; a DaemonSet follows new nodes; kubectl scale takes effect).

import { controllerOf, namespaceOf } from '../controllers/common';
import { expandWorkload } from '../controllers';
import type { Pod, Workload } from '../model/types';
import type { Simulation } from './simulation';

export class ControllerManager {
  constructor(private readonly sim: Simulation) {
    sim.podListeners.push({ deleted: (pod) => this.podDeleted(pod) });
  }

  /** Runs a workload's controller once and carries out what it decided. */
  reconcile(workload: Workload): void {
    const sim = this.sim;
    const result = expandWorkload(workload, sim.controllerContext());
    for (const w of result.workloads) sim.cluster.workloads.set(`${w.kind}/${namespaceOf(w)}/${w.metadata.name}`, w);
    for (const e of result.events) sim.recordEvent(e.type, e.reason, e.object, e.message);
    for (const pod of result.pods) sim.createPod(pod);
    for (const pod of result.excess) sim.deletePodByKey(`${namespaceOf(pod)}/${pod.metadata.name}`, 'ScaledDown');
    // A Deployment acts through its ReplicaSets.
    for (const w of result.workloads) if (w.kind === 'ReplicaSet') this.reconcile(w);
  }

  /** Adds (or replaces) a workload object and reconciles it. */
  apply(workload: Workload): void {
    this.sim.cluster.workloads.set(`${workload.kind}/${namespaceOf(workload)}/${workload.metadata.name}`, workload);
    this.reconcile(workload);
  }

  /** Deletes a workload and, like the garbage collector with background propagation, its pods and ReplicaSets. */
  delete(kind: string, namespace: string, name: string): boolean {
    const sim = this.sim;
    const key = `${kind}/${namespace}/${name}`;
    const workload = sim.cluster.workloads.get(key);
    if (!workload) return false;
    sim.cluster.workloads.delete(key);
    for (const [k, w] of [...sim.cluster.workloads]) {
      const owner = controllerOf(w);
      if (owner && owner.kind === kind && owner.name === name && namespaceOf(w) === namespace) {
        sim.cluster.workloads.delete(k);
        this.deleteOwnedPods(w);
      }
    }
    this.deleteOwnedPods(workload);
    return true;
  }

  private deleteOwnedPods(owner: Workload): void {
    for (const pod of this.sim.cluster.livePods()) {
      const ref = controllerOf(pod);
      if (ref && ref.kind === owner.kind && ref.name === owner.metadata.name && namespaceOf(pod) === namespaceOf(owner)) {
        this.sim.deletePodByKey(`${namespaceOf(pod)}/${pod.metadata.name}`, 'Deleted');
      }
    }
  }

  /** A node appeared or changed: DaemonSets decide again. */
  nodesChanged(): void {
    for (const w of [...this.sim.cluster.workloads.values()]) if (w.kind === 'DaemonSet') this.reconcile(w);
  }

  private podDeleted(pod: Pod): void {
    const ref = controllerOf(pod);
    if (!ref) return;
    const owner = this.sim.cluster.workload(ref.kind, namespaceOf(pod), ref.name);
    if (owner) this.reconcile(owner);
  }
}
