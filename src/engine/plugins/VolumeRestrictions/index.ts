// upstream: pkg/scheduler/framework/plugins/volumerestrictions/volume_restrictions.go
//
// Two checks: in-tree disks that may not be mounted twice on a node (GCE PD and iSCSI unless all
// mounts are read-only, AWS EBS always, Ceph RBD sharing a monitor, pool and image), and
// ReadWriteOncePod claims already used by a scheduled pod anywhere in the cluster. The
// PreFilter extensions keep the ReadWriteOncePod count right for preemption's what-ifs.

import type { CycleState, StateData } from '../../framework/cycleState';
import type { Plugin, PluginDescriptor } from '../../framework/interfaces';
import type { NodeInfo } from '../../framework/nodeInfo';
import type { PodInfo } from '../../framework/podInfo';
import { Status } from '../../framework/status';
import type { PersistentVolumeClaim, PodVolume } from '../../model/storage';
import type { Pod } from '../../model/types';

export const Name = 'VolumeRestrictions';
const preFilterStateKey = `PreFilter${Name}`;

/** upstream: ErrReasonDiskConflict */
export const ErrReasonDiskConflict = 'node(s) had no available disk';
/** upstream: ErrReasonReadWriteOncePodConflict */
export const ErrReasonReadWriteOncePodConflict = 'node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode';

const nsOf = (o: { metadata: { namespace?: string } }) => o.metadata.namespace ?? 'default';

/** upstream: preFilterState */
class PreFilterState implements StateData {
  constructor(readonly readWriteOncePodPVCs: ReadonlySet<string>, public conflictingPVCRefCount: number) {}
  /** upstream: conflictingPVCRefCountForPod */
  countFor(pod: Pod): number {
    return (pod.spec.volumes ?? []).filter((v) => v.persistentVolumeClaim && this.readWriteOncePodPVCs.has(v.persistentVolumeClaim.claimName)).length;
  }
  updateWithPod(pi: PodInfo, multiplier: number): void {
    this.conflictingPVCRefCount += multiplier * this.countFor(pi.pod);
  }
  clone(): StateData { return new PreFilterState(this.readWriteOncePodPVCs, this.conflictingPVCRefCount); }
}

const haveOverlap = (a: readonly string[], b: readonly string[]): boolean => a.some((x) => b.includes(x));

/** upstream: isVolumeConflict — `volume` of the incoming pod against every volume of an existing pod */
export function isVolumeConflict(volume: PodVolume, pod: Pod): boolean {
  for (const existing of pod.spec.volumes ?? []) {
    if (volume.gcePersistentDisk && existing.gcePersistentDisk) {
      const d = volume.gcePersistentDisk, e = existing.gcePersistentDisk;
      if (d.pdName === e.pdName && !(d.readOnly && e.readOnly)) return true;
    }
    if (volume.awsElasticBlockStore && existing.awsElasticBlockStore && volume.awsElasticBlockStore.volumeID === existing.awsElasticBlockStore.volumeID) return true;
    if (volume.iscsi && existing.iscsi && volume.iscsi.iqn === existing.iscsi.iqn && !(volume.iscsi.readOnly && existing.iscsi.readOnly)) return true;
    if (volume.rbd && existing.rbd) {
      const v = volume.rbd, e = existing.rbd;
      if (haveOverlap(v.monitors, e.monitors) && (v.pool ?? 'rbd') === (e.pool ?? 'rbd') && v.image === e.image && !(v.readOnly && e.readOnly)) return true;
    }
  }
  return false;
}

/** upstream: needsRestrictionsCheck */
const needsRestrictionsCheck = (v: PodVolume): boolean => !!(v.gcePersistentDisk || v.awsElasticBlockStore || v.rbd || v.iscsi);

/** upstream: satisfyVolumeConflicts */
function satisfyVolumeConflicts(pod: Pod, nodeInfo: NodeInfo): boolean {
  for (const v of pod.spec.volumes ?? []) {
    if (!needsRestrictionsCheck(v)) continue;
    for (const ev of nodeInfo.pods) if (isVolumeConflict(v, ev.pod)) return false;
  }
  return true;
}

export const VolumeRestrictions: PluginDescriptor = {
  name: Name,
  factory: (_args, handle): Plugin => {
    const lister = handle.cluster.storage;
    /** upstream: sharedLister.StorageInfos().IsPVCUsedByPods — a scheduled (or assumed) pod references the claim */
    const isPVCUsedByPods = (namespace: string, claimName: string): boolean =>
      handle.snapshot().nodeInfoList.some((n) => n.pods.some((p) => nsOf(p.pod) === namespace && (p.pod.spec.volumes ?? []).some((v) => v.persistentVolumeClaim?.claimName === claimName)));
    const extensions = {
      addPod: (state: CycleState, _pod: PodInfo, add: PodInfo) => {
        const s = state.read<PreFilterState>(preFilterStateKey);
        if (!s) return Status.error(`cannot read "${preFilterStateKey}" from cycleState`);
        s.updateWithPod(add, 1);
        return Status.success();
      },
      removePod: (state: CycleState, _pod: PodInfo, remove: PodInfo) => {
        const s = state.read<PreFilterState>(preFilterStateKey);
        if (!s) return Status.error(`cannot read "${preFilterStateKey}" from cycleState`);
        s.updateWithPod(remove, -1);
        return Status.success();
      },
    };
    return {
      name: Name,
      preFilter: (state, pi) => {
        const pod = pi.pod;
        const needsCheck = (pod.spec.volumes ?? []).some(needsRestrictionsCheck);
        // upstream: readWriteOncePodPVCsForPod — a missing claim is UnschedulableAndUnresolvable
        const rwop = new Set<string>();
        for (const v of pod.spec.volumes ?? []) {
          if (!v.persistentVolumeClaim) continue;
          const pvc: PersistentVolumeClaim | undefined = lister.persistentVolumeClaim(nsOf(pod), v.persistentVolumeClaim.claimName);
          if (!pvc) return { status: Status.unresolvable(`persistentvolumeclaim "${v.persistentVolumeClaim.claimName}" not found`) };
          if ((pvc.spec.accessModes ?? []).includes('ReadWriteOncePod')) rwop.add(pvc.metadata.name);
        }
        // upstream: calPreFilterState — at most one pod can use a ReadWriteOncePod claim
        let conflicts = 0;
        for (const name of rwop) if (isPVCUsedByPods(nsOf(pod), name)) conflicts++;
        if (!needsCheck && conflicts === 0) return { status: Status.skip() };
        state.write(preFilterStateKey, new PreFilterState(rwop, conflicts));
        return { status: Status.success() };
      },
      preFilterExtensions: () => extensions,
      filter: (state, pi, nodeInfo) => {
        if (!satisfyVolumeConflicts(pi.pod, nodeInfo)) return Status.unschedulable(ErrReasonDiskConflict);
        const s = state.read<PreFilterState>(preFilterStateKey);
        if (!s) return Status.error(`cannot read "${preFilterStateKey}" from cycleState`);
        return s.conflictingPVCRefCount > 0 ? Status.unschedulable(ErrReasonReadWriteOncePodConflict) : Status.success();
      },
      eventsToRegister: () => [
        // a deleted pod may release a conflicting disk or the ReadWriteOncePod claim
        {
          event: { resource: 'Pod', actionType: ['Delete'] },
          hint: (pod, oldObj) => {
            const deleted = oldObj as Pod | undefined;
            if (!deleted || nsOf(deleted) !== nsOf(pod)) return 'QueueSkip';
            if ((pod.spec.volumes ?? []).some((v) => needsRestrictionsCheck(v) && isVolumeConflict(v, deleted))) return 'Queue';
            const claims = new Set((deleted.spec.volumes ?? []).flatMap((v) => (v.persistentVolumeClaim ? [v.persistentVolumeClaim.claimName] : [])));
            return (pod.spec.volumes ?? []).some((v) => v.persistentVolumeClaim && claims.has(v.persistentVolumeClaim.claimName)) ? 'Queue' : 'QueueSkip';
          },
        },
        { event: { resource: 'Node', actionType: ['Add'] } },
        // the claim the pod uses may not exist yet
        {
          event: { resource: 'PersistentVolumeClaim', actionType: ['Add'] },
          hint: (pod, _old, newObj) => {
            const pvc = newObj as PersistentVolumeClaim;
            return nsOf(pvc) === nsOf(pod) && (pod.spec.volumes ?? []).some((v) => v.persistentVolumeClaim?.claimName === pvc.metadata.name) ? 'Queue' : 'QueueSkip';
          },
        },
      ],
    };
  },
};
