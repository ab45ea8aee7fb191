// Which Pending pods cluster-autoscaler acts on, and why it passes over the others.
// upstream: cluster-autoscaler/utils/kubernetes/listers.go — isUnschedulable takes a pod only when
// its PodScheduled condition is False with reason Unschedulable (a scheduler tried it and found no
// node); core/static_autoscaler.go listPods counts every other unscheduled pod as "ignored (most
// likely using custom scheduler)", and writes no event for it. Two such pods look Pending to a
// user who then waits for a node that never comes:
// - a pod with scheduling gates: the API server sets PodScheduled False with reason
//   SchedulingGated when it creates it (pkg/registry/core/pod/strategy.go), and no scheduler
//   tries it until the gates are gone;
// - a pod whose schedulerName no scheduler serves: nothing ever sets its PodScheduled condition.
// (--bypassed-scheduler-names, which lets cluster-autoscaler act on pods a named scheduler has not
// processed yet, is not modelled: its default, empty, is.)

import type { AutoscalerPodVerdict } from '../api';
import type { Pod } from '../model/types';

export type IgnoredVerdict = Extract<AutoscalerPodVerdict, { kind: 'ignored' }>;

/**
 * Why cluster-autoscaler ignores an unbound pod, or undefined when it does not (`served`: a
 * scheduler profile serves the pod's schedulerName). `time`: since when (the pod's creation: gates
 * are only ever removed, and schedulerName never changes).
 */
export function ignoredPodVerdict(pod: Pod, served: boolean, time: number): IgnoredVerdict | undefined {
  if (pod.spec.nodeName || pod.metadata.deletionTimestamp !== undefined) return undefined;
  const gates = (pod.spec.schedulingGates ?? []).map((g) => g.name);
  if (gates.length > 0) return { time, kind: 'ignored', reason: 'schedulingGates', gates };
  if (!served) return { time, kind: 'ignored', reason: 'schedulerName', schedulerName: pod.spec.schedulerName ?? 'default-scheduler' };
  return undefined;
}
