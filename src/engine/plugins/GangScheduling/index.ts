// upstream: pkg/scheduler/framework/plugins/gangscheduling/gangscheduling.go (feature gates
// GenericWorkload + GangScheduling): all-or-nothing scheduling for the pods of a gang — in v1.35
// a scheduling.k8s.io/v1alpha1 Workload pod group (spec.workloadRef), from v1.36 a PodGroup
// object (spec.schedulingGroup) with a gang schedulingPolicy, scheduled in one pod-group cycle
// (../../scheduler/podGroupCycle.ts).

import type { Handle, Plugin, PluginDescriptor } from '../../framework/interfaces';
import { Status } from '../../framework/status';
import type { GangWorkload, Pod, PodGroup, PodGroupSchedulingPolicy } from '../../model/types';
import { PodGroupManager, gangKey, sameGang } from './podGroups';
import { findRoot, hierarchyPreEnqueue } from './hierarchy';

function namesPodGroup(pod: Pod, pg: PodGroup): boolean {
  return pod.spec.schedulingGroup?.podGroupName === pg.metadata.name && (pod.metadata.namespace ?? 'default') === (pg.metadata.namespace ?? 'default');
}

export const Name = 'GangScheduling';

/** The pods that name a PodGroup, pending or running (upstream: PodGroupState.AllPodsCount). */
function podGroupPodCount(handle: Handle, pg: PodGroup): number {
  return handle.cluster.pods().filter((p) => p.metadata.deletionTimestamp === undefined && namesPodGroup(p, pg)).length;
}

/**
 * The hierarchy a pod's PodGroup belongs to, by its root's key (v1.37 CompositePodGroup gate);
 * a PodGroup without a parent is its own root. upstream: areSameHierarchy / GetRootKeyForGroup.
 */
function hierarchyKey(handle: Handle, pod: Pod): string | undefined {
  const name = pod.spec.schedulingGroup?.podGroupName;
  if (!name) return undefined;
  const ns = pod.metadata.namespace ?? 'default';
  const pg = handle.cluster.podGroup(ns, name);
  if (!handle.features.CompositePodGroup || !pg?.spec.parentCompositePodGroupName) return `PodGroup/${ns}/${name}`;
  const found = findRoot(handle.cluster, pg);
  return 'root' in found ? `CompositePodGroup/${ns}/${found.root.metadata.name}` : undefined;
}

export const ErrReasonWaitingForQuorum = 'waiting for minCount pods from a gang to appear in scheduling queue';
export const ErrReasonWaitingOnPermit = 'waiting for minCount pods from a gang to be waiting on permit';

/**
 * The scheduling policy of the pod's gang, or why there is none yet (PreEnqueue's message, and
 * Permit's error): the v1alpha1 Workload's pod group, or the PodGroup object.
 */
export function gangPolicy(handle: Handle, pod: Pod): { policy: PodGroupSchedulingPolicy } | { missing: string; workloadMissing?: boolean } | undefined {
  const ns = pod.metadata.namespace ?? 'default';
  const group = pod.spec.schedulingGroup;
  if (group) {
    const pg = handle.cluster.podGroup(ns, group.podGroupName);
    return pg ? { policy: pg.spec.schedulingPolicy } : { missing: `waiting for pod's pod group "${group.podGroupName}" to appear in scheduling queue` };
  }
  const ref = pod.spec.workloadRef;
  if (!ref) return undefined;
  const workload: GangWorkload | undefined = handle.cluster.gangWorkload(ns, ref.name);
  if (!workload) return { missing: `waiting for pods's workload "${ref.name}" to appear in scheduling queue`, workloadMissing: true };
  const policy = workload.spec.podGroups.find((g) => g.name === ref.podGroup)?.policy;
  return policy ? { policy } : { missing: `pod group "${ref.podGroup}" doesn't exist for a workload "${workload.metadata.name}"` };
}

export const GangScheduling: PluginDescriptor = {
  name: Name,
  factory: (_args, handle): Plugin => {
    const groups = new PodGroupManager(handle);
    return {
      name: Name,
      eventsToRegister: () => [
        // A new pod may complete a gang (workloadRef is immutable, so no Pod/Update).
        { event: { resource: 'Pod', actionType: ['Add'] }, hint: (pod, _old, added) => {
          if (sameGang(pod, added as Pod)) return 'Queue';
          // v1.37 CompositePodGroup: a pod of another group of the same hierarchy may complete its quorum
          const key = handle.features.CompositePodGroup ? hierarchyKey(handle, pod) : undefined;
          return key !== undefined && key === hierarchyKey(handle, added as Pod) ? 'Queue' : 'QueueSkip';
        } },
        // v1.37 CompositePodGroup: upstream isSchedulableAfterCompositePodGroupAdded
        { event: { resource: 'CompositePodGroup', actionType: ['Add'] }, hint: (pod) => {
          const name = pod.spec.schedulingGroup?.podGroupName;
          const pg = name ? handle.cluster.podGroup(pod.metadata.namespace ?? 'default', name) : undefined;
          return handle.features.CompositePodGroup && pg?.spec.parentCompositePodGroupName ? 'Queue' : 'QueueSkip';
        } },
        { event: { resource: 'Workload', actionType: ['Add'] }, hint: (pod, _old, added) => {
          const w = added as GangWorkload;
          return pod.spec.workloadRef && (pod.metadata.namespace ?? 'default') === (w.metadata.namespace ?? 'default') && pod.spec.workloadRef.name === w.metadata.name ? 'Queue' : 'QueueSkip';
        } },
        // v1.36+: upstream isSchedulableAfterPodGroupAdded / isSchedulableAfterPodGroupUpdated
        { event: { resource: 'PodGroup', actionType: ['Add'] }, hint: (pod, _old, added) => (namesPodGroup(pod, added as PodGroup) ? 'Queue' : 'QueueSkip') },
        { event: { resource: 'PodGroup', actionType: ['Update'] }, hint: (pod, old, updated) => {
          const was = (old as PodGroup).spec.schedulingPolicy.gang, now = (updated as PodGroup).spec.schedulingPolicy.gang;
          // only a lower minCount may make a waiting gang schedulable
          return namesPodGroup(pod, updated as PodGroup) && was && now && now.minCount < was.minCount ? 'Queue' : 'QueueSkip';
        } },
      ],
      preEnqueue(podInfo) {
        const found = gangPolicy(handle, podInfo.pod);
        if (!found) return Status.success();
        if ('missing' in found) return Status.unresolvable(found.missing);
        // upstream: preEnqueueWithHierarchies — a PodGroup with a parent waits for its tree's quorum
        const ns = podInfo.pod.metadata.namespace ?? 'default';
        const pg = podInfo.pod.spec.schedulingGroup ? handle.cluster.podGroup(ns, podInfo.pod.spec.schedulingGroup.podGroupName) : undefined;
        if (handle.features.CompositePodGroup && pg?.spec.parentCompositePodGroupName) {
          const waiting = hierarchyPreEnqueue(handle.cluster, pg, (g) => podGroupPodCount(handle, g));
          return waiting ? Status.unresolvable(waiting) : Status.success();
        }
        if (!found.policy.gang) return Status.success();
        const all = groups.allPods(podInfo.pod).length;
        if (all < found.policy.gang.minCount) return Status.unresolvable(ErrReasonWaitingForQuorum).withDetails({ minCount: found.policy.gang.minCount, pods: all });
        return Status.success();
      },
      reserve(_state, podInfo) {
        if (gangKey(podInfo.pod) !== undefined) groups.assumePod(podInfo.pod);
        return Status.success();
      },
      unreserve(_state, podInfo) {
        if (gangKey(podInfo.pod) !== undefined) groups.forgetPod(podInfo.pod);
      },
      permit(_state, podInfo) {
        const pod = podInfo.pod;
        const found = gangPolicy(handle, pod);
        if (!found) return { status: Status.success() };
        if ('missing' in found) {
          return { status: Status.error(found.workloadMissing ? `failed to get workload ${pod.metadata.namespace ?? 'default'}/${pod.spec.workloadRef!.name}` : found.missing) };
        }
        const policy = found.policy;
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
