// upstream: pkg/scheduler/backend/workloadmanager (v1.35; the pod group states of v1.36+) — what
// the scheduler knows of each gang: every pod that references it, the ones assumed at Reserve,
// the ones bound, and a scheduling deadline shared by the gang. A v1.35 pod names its gang with
// spec.workloadRef (Workload, pod group, replica key); a v1.36+ pod with
// spec.schedulingGroup.podGroupName (a PodGroup object).

import type { Handle } from '../../framework/interfaces';
import { podNamespace } from '../../framework/podInfo';
import type { Pod, WorkloadReference } from '../../model/types';
import { podKey } from '../../model/types';

/** upstream: workloadmanager.DefaultSchedulingTimeoutDuration */
export const DEFAULT_SCHEDULING_TIMEOUT_SECONDS = 5 * 60;

/** upstream: podGroupKey — namespace, workload, pod group and replica key */
export function podGroupKey(namespace: string, ref: WorkloadReference): string {
  return [namespace, ref.name, ref.podGroup, ref.podGroupReplicaKey ?? ''].join('\x00');
}

/** The gang a pod belongs to, by either reference (undefined: none). */
export function gangKey(pod: Pod): string | undefined {
  const ns = podNamespace(pod);
  if (pod.spec.schedulingGroup) return `${ns}\x00${pod.spec.schedulingGroup.podGroupName}`;
  return pod.spec.workloadRef ? podGroupKey(ns, pod.spec.workloadRef) : undefined;
}

export function sameGang(a: Pod, b: Pod): boolean {
  const ka = gangKey(a);
  return ka !== undefined && ka === gangKey(b);
}

export class PodGroupManager {
  private readonly assumed = new Map<string, Set<string>>();
  private readonly deadlines = new Map<string, number>();

  constructor(private readonly handle: Handle) {}

  private members(pod: Pod): Pod[] {
    return this.handle.cluster.pods().filter((p) => p.metadata.deletionTimestamp === undefined && sameGang(p, pod));
  }

  /** upstream: AllPods — every pod of the gang known to the scheduler */
  allPods(pod: Pod): string[] {
    return this.members(pod).map(podKey);
  }

  assumedPods(pod: Pod): Set<string> {
    return new Set(this.assumed.get(gangKey(pod)!) ?? []);
  }

  /** upstream: AssignedPods — bound pods of the gang */
  assignedPods(pod: Pod): Set<string> {
    return new Set(this.members(pod).filter((p) => p.spec.nodeName && !this.assumedPods(pod).has(podKey(p))).map(podKey));
  }

  /** upstream: UnscheduledPods — neither assumed nor assigned */
  unscheduledPods(pod: Pod): string[] {
    const assumed = this.assumedPods(pod);
    return this.members(pod).filter((p) => !p.spec.nodeName && !assumed.has(podKey(p))).map(podKey);
  }

  assumePod(pod: Pod): void {
    const key = gangKey(pod)!;
    let set = this.assumed.get(key);
    if (!set) this.assumed.set(key, (set = new Set()));
    set.add(podKey(pod));
  }

  forgetPod(pod: Pod): void {
    this.assumed.get(gangKey(pod)!)?.delete(podKey(pod));
  }

  /**
   * upstream: SchedulingTimeout — a new deadline when none exists or the last one passed. A
   * deadline reached at this very instant has passed too: on the simulated clock a pod retried at
   * its gang's deadline would otherwise wait 0s, be rejected at once and wake its peers again, for ever.
   */
  schedulingTimeout(pod: Pod): number {
    const key = gangKey(pod)!;
    const now = this.handle.now();
    let deadline = this.deadlines.get(key);
    if (deadline === undefined || deadline <= now) {
      deadline = now + DEFAULT_SCHEDULING_TIMEOUT_SECONDS;
      this.deadlines.set(key, deadline);
    }
    return deadline - now;
  }
}
