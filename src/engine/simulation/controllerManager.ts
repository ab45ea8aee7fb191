// kube-controller-manager, as far as the simulation needs it: the workload controllers
// reconcile when their pods go away or the cluster changes (a preempted ReplicaSet pod is
// replaced by a new pending pod; a DaemonSet follows new nodes; kubectl scale takes effect).

import { controllerOf, namespaceOf } from '../controllers/common';
import { expandWorkload } from '../controllers';
import type { Pod, Workload } from '../model/types';
import type { Simulation } from './simulation';
import { admitPodGroupPriority } from '../model/admission/podGroupPriority';

/**
 * upstream: client-go workqueue DefaultTypedControllerRateLimiter's per-item part,
 * ItemExponentialFailureRateLimiter(5ms, 1000s): the n-th retry of a failing key waits 5 ms × 2ⁿ,
 * at most 1000 s (the 10 qps bucket only matters for hundreds of keys at once).
 */
export const RETRY_BASE_SECONDS = 0.005;
export const RETRY_MAX_SECONDS = 1000;
export const retryDelay = (failures: number): number => Math.min(RETRY_BASE_SECONDS * 2 ** Math.min(failures, 40), RETRY_MAX_SECONDS);
/** `at` + the delay, to the millisecond (5 ms steps add up without binary fractions) */
const after = (at: number, failures: number): number => Math.round((at + retryDelay(failures)) * 1000) / 1000;

/** A workload whose last sync could not create a pod: its workqueue backoff. */
interface Backoff {
  /** failed syncs since the last one that succeeded (upstream: Forget resets it) */
  failures: number;
  /** when the rate-limited requeue runs the sync again */
  next: number;
  /** the timer of that retry, when one is set */
  timer?: number;
}

export class ControllerManager {
  /**
   * Workloads whose last sync could not create a pod (kind/namespace/name), with their backoff.
   * upstream: pkg/controller/replicaset/replica_set.go processNextWorkItem — a sync that fails
   * (manageReplicas returns the create error) is requeued with AddRateLimited; one that succeeds
   * is forgotten. The same for the Job, StatefulSet and DaemonSet controllers.
   */
  private readonly failedCreate = new Map<string, Backoff>();

  constructor(private readonly sim: Simulation) {
    sim.podListeners.push({ deleted: (pod) => this.podDeleted(pod) });
    // the controllers' first sync ran at loading: the workloads it could not create pods for
    for (const e of sim.scenario.admissionEvents) if (e.reason === 'FailedCreate' && sim.cluster.workloads.has(e.object)) this.syncFailed(e.object, 0);
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

  /** AddRateLimited: the retry waits 5 ms × 2^failures. */
  private syncFailed(key: string, now: number): void {
    const b = this.failedCreate.get(key) ?? { failures: 0, next: now };
    if (b.timer !== undefined) this.sim.cancelTimer(b.timer);
    this.failedCreate.set(key, { failures: b.failures + 1, next: after(now, b.failures) });
  }

  private syncSucceeded(key: string): void {
    const b = this.failedCreate.get(key);
    if (b?.timer !== undefined) this.sim.cancelTimer(b.timer);
    this.failedCreate.delete(key);
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

  private sync(queued: Workload): void {
    const sim = this.sim;
    const key = `${queued.kind}/${namespaceOf(queued)}/${queued.metadata.name}`;
    // the status is the controller's own: the stored object has the newest (a Job's Suspended condition)
    const live = sim.cluster.workloads.get(key);
    const workload = live?.status && live !== queued ? { ...queued, status: live.status } : queued;
    const result = expandWorkload(workload, sim.controllerContext());
    if (result.status) sim.cluster.workloads.set(key, { ...workload, status: result.status });
    if (result.events.some((e) => e.reason === 'FailedCreate')) this.syncFailed(key, sim.now); else this.syncSucceeded(key);
    for (const w of result.workloads) sim.cluster.workloads.set(`${w.kind}/${namespaceOf(w)}/${w.metadata.name}`, w);
    // WorkloadWithJob: a Job's Workload and PodGroup exist before the pods that name the group
    for (const w of result.schedulingWorkloads ?? []) sim.cluster.schedulingWorkloads.set(`${namespaceOf(w)}/${w.metadata.name}`, w);
    for (const g of result.podGroups ?? []) {
      // the Priority admission plugin on create (admission/podGroupPriority.ts)
      if (sim.gates.WorkloadAwarePreemption) {
        const admitted = admitPodGroupPriority(g, sim.admissionContext().priorityClasses);
        if ('refused' in admitted) { sim.recordEvent('Warning', 'FailedCreate', `Job/${namespaceOf(g)}/${queued.metadata.name}`, `Error creating: ${admitted.refused}`); continue; }
      }
      sim.cluster.podGroups.set(`${namespaceOf(g)}/${g.metadata.name}`, g);
      sim.resourceClaims.podGroupCreated(g);
    }
    for (const e of result.events) sim.recordEvent(e.type, e.reason, e.object, e.message);
    for (const pod of result.pods) sim.createPod(pod);
    for (const pod of result.excess) sim.deletePodByKey(`${namespaceOf(pod)}/${pod.metadata.name}`, result.excessReason ?? 'ScaledDown');
    // A Deployment acts through its ReplicaSets (a new one was synced inside the Deployment's sync).
  }

  /**
   * Adds (or replaces) a workload object and reconciles it. An update of its spec keeps the status
   * its controller wrote (the API server's status subresource), unless the new object has one, and
   * keeps the object's uid and creationTimestamp, as the API server does for any update
   * (upstream: staging/src/k8s.io/apiserver/pkg/registry/rest/update.go BeforeUpdate, "Use the
   * existing UID if none is provided", creationTimestamp kept): a Job still owns its pods (its
   * generated selector is the uid), a Deployment its ReplicaSets. (The loader gives an applied
   * object a uid of its own; that one is not the user's and is replaced.)
   */
  apply(workload: Workload): void {
    const key = `${workload.kind}/${namespaceOf(workload)}/${workload.metadata.name}`;
    const old = this.sim.cluster.workloads.get(key);
    let updated = old?.status && !workload.status ? { ...workload, status: old.status } : workload;
    if (old?.metadata.uid && workload.metadata.uid !== old.metadata.uid) {
      updated = { ...updated, metadata: { ...updated.metadata, uid: old.metadata.uid, ...(old.metadata.creationTimestamp !== undefined ? { creationTimestamp: old.metadata.creationTimestamp } : {}) } };
    }
    this.sim.cluster.workloads.set(key, updated);
    this.reconcile(updated);
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
   * A pod went away: quota it held may be free again. Upstream the workloads that could not create
   * pods are not told: their rate-limited retries (5 ms doubling to 1000 s) run whatever changed,
   * and the first one after the quota is released creates the pod. Podplay keeps the simulation
   * finite by setting a retry's timer only once something in the namespace changed: the retries
   * before it, with nothing changed, would fail the same way (their FailedCreate events are not
   * recorded; kubectl would show the count rising). The workload's own pods re-sync it at once
   * (its informer), as before.
   */
  private retryFailedCreates(namespace: string, except: Workload | undefined): void {
    const now = this.sim.now;
    for (const [key, b] of [...this.failedCreate]) {
      const w = this.sim.cluster.workloads.get(key);
      if (!w) { this.syncSucceeded(key); continue; }
      if (w === except || namespaceOf(w) !== namespace || b.timer !== undefined) continue;
      // the retries that came and went while nothing changed
      while (b.next < now) { b.next = after(b.next, b.failures); b.failures++; }
      b.timer = this.sim.schedule(b.next, () => {
        b.timer = undefined;
        const live = this.sim.cluster.workloads.get(key);
        if (live) this.reconcile(live);
      });
    }
  }
}
