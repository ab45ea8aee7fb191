// kube-controller-manager, as far as the simulation needs it: the workload controllers
// reconcile when their pods go away or the cluster changes (a preempted ReplicaSet pod is
// replaced by a new pending pod; a DaemonSet follows new nodes; kubectl scale takes effect).

import { controllerOf, namespaceOf } from '../controllers/common';
import { expandWorkload } from '../controllers';
import type { Pod, Workload } from '../model/types';
import type { Simulation } from './simulation';

export class ControllerManager {
  /** workloads whose last sync could not create a pod (kind/namespace/name), retried when quota is released */
  private readonly failedCreate = new Set<string>();

  constructor(private readonly sim: Simulation) {
    sim.podListeners.push({ deleted: (pod) => this.podDeleted(pod) });
    // the controllers' first sync ran at loading: the workloads it could not create pods for
    for (const e of sim.scenario.admissionEvents) if (e.reason === 'FailedCreate' && sim.cluster.workloads.has(e.object)) this.failedCreate.add(e.object);
    sim.instantListeners.push(() => this.drainDeferred());
  }

  /** workloads whose pods went away while the instant's steps were applied, synced after them */
  private readonly deferred = new Map<string, Workload>();

  private drainDeferred(): boolean {
    if (this.deferred.size === 0) return false;
    const workloads = [...this.deferred.values()];
    this.deferred.clear();
    for (const w of workloads) this.reconcile(w);
    return true;
  }

  /** reconciles now, or after the instant's steps when the timeline or a timer deleted the pod */
  private reconcileSoon(workload: Workload): void {
    if (!this.sim.applyingDue || this.draining) { this.reconcile(workload); return; }
    const key = `${workload.kind}/${namespaceOf(workload)}/${workload.metadata.name}`;
    // the newest object counts: delete first so the workload moves to the end, as reconcile's queue does
    this.deferred.delete(key);
    this.deferred.set(key, workload);
  }

  /** workloads waiting for their controller to sync, by key, with the newest object */
  private readonly queue = new Map<string, Workload>();
  private draining = false;

  /**
   * Runs a workload's controller and carries out what it decided. As upstream's workqueue, a sync
   * that a sync causes (its own pods deleted by a scale-down) is queued, deduplicated, and run
   * after it rather than inside it: scaling 10,000 replicas to 0 is one sync and one check, not
   * 10,000 nested syncs (which overflowed the stack and cost n²).
   */
  reconcile(workload: Workload): void {
    this.queue.set(`${workload.kind}/${namespaceOf(workload)}/${workload.metadata.name}`, workload);
    if (this.draining) return;
    this.draining = true;
    try {
      for (let next = this.queue.entries().next(); !next.done; next = this.queue.entries().next()) {
        this.queue.delete(next.value[0]);
        this.sync(next.value[1]);
      }
    } finally {
      this.draining = false;
      this.queue.clear();
    }
  }

  private sync(workload: Workload): void {
    const sim = this.sim;
    const result = expandWorkload(workload, sim.controllerContext());
    const key = `${workload.kind}/${namespaceOf(workload)}/${workload.metadata.name}`;
    if (result.events.some((e) => e.reason === 'FailedCreate')) this.failedCreate.add(key); else this.failedCreate.delete(key);
    for (const w of result.workloads) sim.cluster.workloads.set(`${w.kind}/${namespaceOf(w)}/${w.metadata.name}`, w);
    for (const e of result.events) sim.recordEvent(e.type, e.reason, e.object, e.message);
    for (const pod of result.pods) sim.createPod(pod);
    for (const pod of result.excess) sim.deletePodByKey(`${namespaceOf(pod)}/${pod.metadata.name}`, 'ScaledDown');
    // A Deployment acts through its ReplicaSets (a new one was synced inside the Deployment's sync).
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
    if (!ref) { this.retryFailedCreates(namespaceOf(pod), undefined); return; }
    const owner = this.sim.cluster.workload(ref.kind, namespaceOf(pod), ref.name);
    if (owner) this.reconcileSoon(owner);
    this.retryFailedCreates(namespaceOf(pod), owner);
  }

  /**
   * A pod went away: quota it held may be free again, so the workloads of its namespace that could
   * not create pods sync again. Upstream they retry with the workqueue's backoff (5 ms doubling
   * to 1000 s) whatever changed; Podplay retries when a pod of the namespace goes away.
   */
  private retryFailedCreates(namespace: string, except: Workload | undefined): void {
    for (const key of [...this.failedCreate]) {
      const w = this.sim.cluster.workloads.get(key);
      if (!w) { this.failedCreate.delete(key); continue; }
      if (w !== except && namespaceOf(w) === namespace) this.reconcileSoon(w);
    }
  }
}
