// upstream: pkg/scheduler/framework/plugins/gangscheduling/gangscheduling.go (v1.35, alpha,
// feature gates GenericWorkload + GangScheduling): all-or-nothing scheduling for pods of a
// scheduling.k8s.io/v1alpha1 Workload pod group with a gang policy.

import type { Plugin, PluginDescriptor } from '../../framework/interfaces';
import { Status } from '../../framework/status';
import type { GangWorkload, Pod } from '../../model/types';
import { PodGroupManager, sameGang } from './podGroups';

export const Name = 'GangScheduling';

export const ErrReasonWaitingForQuorum = 'waiting for minCount pods from a gang to appear in scheduling queue';
export const ErrReasonWaitingOnPermit = 'waiting for minCount pods from a gang to be waiting on permit';

function podGroupPolicy(workload: GangWorkload, podGroup: string) {
  return workload.spec.podGroups.find((g) => g.name === podGroup)?.policy;
}

export const GangScheduling: PluginDescriptor = {
  name: Name,
  factory: (_args, handle): Plugin => {
    const groups = new PodGroupManager(handle);
    const workloadOf = (pod: Pod) => handle.cluster.gangWorkload(pod.metadata.namespace ?? 'default', pod.spec.workloadRef!.name);
    return {
      name: Name,
      eventsToRegister: () => [
        // A new pod may complete a gang (workloadRef is immutable, so no Pod/Update).
        { event: { resource: 'Pod', actionType: ['Add'] }, hint: (pod, _old, added) => (sameGang(pod, added as Pod) ? 'Queue' : 'QueueSkip') },
        { event: { resource: 'Workload', actionType: ['Add'] }, hint: (pod, _old, added) => {
          const w = added as GangWorkload;
          return pod.spec.workloadRef && (pod.metadata.namespace ?? 'default') === (w.metadata.namespace ?? 'default') && pod.spec.workloadRef.name === w.metadata.name ? 'Queue' : 'QueueSkip';
        } },
      ],
      preEnqueue(podInfo) {
        const pod = podInfo.pod;
        const ref = pod.spec.workloadRef;
        if (!ref) return Status.success();
        const workload = workloadOf(pod);
        if (!workload) return Status.unresolvable(`waiting for pods's workload "${ref.name}" to appear in scheduling queue`);
        const policy = podGroupPolicy(workload, ref.podGroup);
        if (!policy) return Status.unresolvable(`pod group "${ref.podGroup}" doesn't exist for a workload "${workload.metadata.name}"`);
        if (!policy.gang) return Status.success();
        const all = groups.allPods(pod).length;
        if (all < policy.gang.minCount) return Status.unresolvable(ErrReasonWaitingForQuorum).withDetails({ minCount: policy.gang.minCount, pods: all });
        return Status.success();
      },
      reserve(_state, podInfo) {
        if (podInfo.pod.spec.workloadRef) groups.assumePod(podInfo.pod);
        return Status.success();
      },
      unreserve(_state, podInfo) {
        if (podInfo.pod.spec.workloadRef) groups.forgetPod(podInfo.pod);
      },
      permit(_state, podInfo) {
        const pod = podInfo.pod;
        const ref = pod.spec.workloadRef;
        if (!ref) return { status: Status.success() };
        const workload = workloadOf(pod);
        if (!workload) return { status: Status.error(`failed to get workload ${pod.metadata.namespace ?? 'default'}/${ref.name}`) };
        const policy = podGroupPolicy(workload, ref.podGroup);
        if (!policy) return { status: Status.error(`pod group "${ref.podGroup}" doesn't exist for a workload "${workload.metadata.name}"`) };
        if (!policy.gang) return { status: Status.success() };
        const assumed = groups.assumedPods(pod);
        const ready = new Set([...assumed, ...groups.assignedPods(pod)]);
        if (ready.size < policy.gang.minCount) {
          // Wake the rest of the gang in case they were waiting for this pod.
          handle.waitingPods().activate(groups.unscheduledPods(pod));
          return {
            status: Status.of('Wait', ErrReasonWaitingOnPermit).withDetails({ minCount: policy.gang.minCount, assumedOrAssigned: ready.size }),
            timeout: groups.schedulingTimeout(pod),
          };
        }
        // Quorum: allow every waiting pod of the gang, then this one.
        for (const key of assumed) handle.waitingPods().get(key)?.allow(Name);
        return { status: Status.success() };
      },
    };
  },
};
