// upstream: pkg/scheduler/framework/plugins/nodevolumelimits/csi.go (CSILimits, registered as
// NodeVolumeLimits) and utils.go
//
// Counts the unique CSI volumes (driver/volumeHandle) of the pods on a node plus the new pod's,
// per driver, against the driver's attach limit: the node's CSINode allocatable.count (or an
// `attachable-volumes-csi-<driver>` allocatable on the Node). A claim not yet bound counts as a
// new volume of its StorageClass's provisioner. In-tree volumes migrated to CSI and
// VolumeAttachment objects are not modelled (see docs/fidelity.md).
//
// VolumeLimitScaling (KEP-5030; alpha in v1.35 and v1.36, PR #135012; beta and on in v1.37, PR
// #140612): a CSIDriver with spec.preventPodSchedulingIfMissing keeps the pods that need a new
// volume of it off the nodes whose CSINode does not list it (checkCSIDriverOnNode).

import type { CycleState } from '../../framework/cycleState';
import type { Plugin, PluginDescriptor, StorageLister } from '../../framework/interfaces';
import type { NodeInfo } from '../../framework/nodeInfo';
import { Status } from '../../framework/status';
import { getPersistentVolumeClaimClass } from '../../model/pvHelpers';
import { volumeClaimName, type CSINode, type PersistentVolumeClaim } from '../../model/storage';
import type { Pod } from '../../model/types';
import { volumeIsForPod } from '../VolumeBinding/binder';

export const Name = 'NodeVolumeLimits';

/** upstream: ErrReasonMaxVolumeCountExceeded */
export const ErrReasonMaxVolumeCountExceeded = 'node(s) exceed max volume count';

/** upstream: Filter's driverNotInstalledMsg (VolumeLimitScaling) — also when the node has no CSINode at all */
export const driverNotInstalledReason = (driverName: string): string => `${driverName} CSI driver is not installed on the node`;

/** upstream: v1.CSIAttachLimitPrefix */
const CSIAttachLimitPrefix = 'attachable-volumes-csi-';
/** upstream: rand.String(32) — a prefix keeping unbound claims' made-up handles apart from real ones */
const randomVolumeIDPrefix = 'podplay-unbound';

/** upstream: volumeutil.GetCSIAttachLimitKey (driver names past 63 characters, hashed upstream, are used whole) */
export function getCSIAttachLimitKey(driverName: string): string {
  return CSIAttachLimitPrefix + driverName;
}

const nsOf = (o: { metadata: { namespace?: string } }) => o.metadata.namespace ?? 'default';

class NotFoundError extends Error {}

/** upstream: getCSIDriverInfoFromSC — an unbound claim counts as a volume of its class's provisioner */
function driverInfoFromSC(pvc: PersistentVolumeClaim, lister: StorageLister): { driver: string; handle: string } | undefined {
  const scName = getPersistentVolumeClaimClass(pvc);
  if (scName === '') return undefined;
  const cls = lister.storageClass(scName);
  if (!cls) return undefined;
  // in-tree provisioners would need CSI migration (not modelled): not counted
  if (cls.provisioner.startsWith('kubernetes.io/')) return undefined;
  return { driver: cls.provisioner, handle: `${randomVolumeIDPrefix}-${nsOf(pvc)}/${pvc.metadata.name}` };
}

/** upstream: getCSIDriverInfo */
function driverInfo(pvc: PersistentVolumeClaim, lister: StorageLister): { driver: string; handle: string } | undefined {
  const pvName = pvc.spec.volumeName ?? '';
  if (pvName === '') return driverInfoFromSC(pvc, lister);
  const pv = lister.persistentVolume(pvName);
  if (!pv) return driverInfoFromSC(pvc, lister);
  const csi = pv.spec.csi;
  if (!csi) return undefined;
  return { driver: csi.driver, handle: csi.volumeHandle };
}

/** upstream: filterAttachableVolumes — unique volume name (driver/handle) → driver name */
function filterAttachableVolumes(pod: Pod, lister: StorageLister, newPod: boolean, result: Map<string, string>): void {
  for (const volume of pod.spec.volumes ?? []) {
    const ref = volumeClaimName(pod, volume);
    // inline volumes count only when migrated to CSI (not modelled)
    if (!ref) continue;
    if (ref.name === '') throw new Error('PersistentVolumeClaim had no name');
    const pvc = lister.persistentVolumeClaim(nsOf(pod), ref.name);
    if (!pvc) {
      // the claim is required to schedule a new pod; an existing pod's missing claim is not counted
      if (newPod) throw new NotFoundError(`looking up PVC ${nsOf(pod)}/${ref.name}: persistentvolumeclaim "${ref.name}" not found`);
      continue;
    }
    if (ref.ephemeral) {
      const err = volumeIsForPod(pod, pvc);
      if (err) throw new Error(err);
    }
    const info = driverInfo(pvc, lister);
    if (!info || info.driver === '' || info.handle === '') continue;
    result.set(`${info.driver}/${info.handle}`, info.driver);
  }
}

/**
 * upstream: checkCSIDriverOnNode (VolumeLimitScaling). A driver without a CSIDriver object may not
 * be a CSI driver, and one that does not opt in with preventPodSchedulingIfMissing is not checked:
 * both count as installed. Otherwise the node's CSINode must list it (no CSINode: not installed).
 */
export function csiDriverInstalledOnNode(driverName: string, csiNode: CSINode | undefined, lister: StorageLister): boolean {
  if (lister.csiDriver(driverName)?.spec.preventPodSchedulingIfMissing !== true) return true;
  return csiNode?.spec.drivers.some((d) => d.name === driverName) ?? false;
}

/** upstream: isSchedulableAfterCSINodeUpdated — Queue when some driver's allocatable count went up (absent counts as 0) */
export function isSchedulableAfterCSINodeUpdated(oldObj: unknown, newObj: unknown): 'Queue' | 'QueueSkip' {
  const before = oldObj as CSINode | undefined;
  const after = newObj as CSINode | undefined;
  if (!before || !after) return 'Queue';
  const oldLimits = new Map(before.spec.drivers.map((d) => [d.name, d.allocatable?.count ?? 0]));
  return after.spec.drivers.some((d) => (d.allocatable?.count ?? 0) > (oldLimits.get(d.name) ?? 0)) ? 'Queue' : 'QueueSkip';
}

/** upstream: getVolumeLimits — the Node's attachable-volumes-* allocatable, overridden by the CSINode's counts */
function getVolumeLimits(nodeInfo: NodeInfo, csiNode: CSINode | undefined): Map<string, number> {
  const limits = new Map<string, number>();
  for (const [k, v] of nodeInfo.allocatable.scalar) if (k.startsWith('attachable-volumes-')) limits.set(k, v);
  for (const d of csiNode?.spec.drivers ?? []) {
    if (d.allocatable?.count !== undefined) limits.set(getCSIAttachLimitKey(d.name), d.allocatable.count);
  }
  return limits;
}

export const NodeVolumeLimits: PluginDescriptor = {
  name: Name,
  factory: (_args, handle): Plugin => {
    const lister = handle.cluster.storage;
    const enableVolumeLimitScaling = handle.features.VolumeLimitScaling;
    const ownVolumes = new WeakMap<CycleState, { pod: Pod; volumes: ReadonlyMap<string, string>; notFound?: boolean; error?: string }>();
    return {
      name: Name,
      // a pod without PVC or ephemeral volumes: Filter never runs
      preFilter: (_state, pi) => ({ status: (pi.pod.spec.volumes ?? []).some((v) => v.persistentVolumeClaim || v.ephemeral) ? Status.success() : Status.skip() }),
      preFilterExtensions: () => undefined,
      filter: (state, pi, nodeInfo) => {
        if ((pi.pod.spec.volumes ?? []).length === 0) return Status.success();
        const csiNode = lister.csiNode(nodeInfo.name);
        // the pod's own volumes are the same on every node of a cycle: looked up once per cycle, not per node
        let own = ownVolumes.get(state);
        if (own?.pod !== pi.pod) {
          const volumes = new Map<string, string>();
          try {
            filterAttachableVolumes(pi.pod, lister, true, volumes);
            own = { pod: pi.pod, volumes };
          } catch (e) {
            own = { pod: pi.pod, volumes, notFound: e instanceof NotFoundError, error: (e as Error).message };
          }
          ownVolumes.set(state, own);
        }
        // a missing PVC: the pod is never schedulable until it is created
        if (own.error !== undefined) return own.notFound ? Status.unresolvable(own.error) : Status.error(own.error);
        if (own.volumes.size === 0) return Status.success();
        // upstream iterates a Go map (any missing driver may be named); Podplay names the first in the pod's volume order
        if (enableVolumeLimitScaling) {
          for (const driverName of own.volumes.values()) {
            if (!csiDriverInstalledOnNode(driverName, csiNode, lister)) return Status.unschedulable(driverNotInstalledReason(driverName));
          }
        }
        const limits = getVolumeLimits(nodeInfo, csiNode);
        if (limits.size === 0) return Status.success();
        const newVolumes = new Map(own.volumes);
        const attached = new Map<string, string>();
        try {
          for (const existing of nodeInfo.pods) filterAttachableVolumes(existing.pod, lister, false, attached);
        } catch (e) {
          return Status.error((e as Error).message);
        }
        const attachedCount = new Map<string, number>();
        for (const [unique, driverName] of attached) {
          // one volume used by several pods counts once
          newVolumes.delete(unique);
          const key = getCSIAttachLimitKey(driverName);
          attachedCount.set(key, (attachedCount.get(key) ?? 0) + 1);
        }
        const newCount = new Map<string, number>();
        for (const driverName of newVolumes.values()) {
          const key = getCSIAttachLimitKey(driverName);
          newCount.set(key, (newCount.get(key) ?? 0) + 1);
        }
        for (const [key, count] of newCount) {
          const max = limits.get(key);
          if (max !== undefined && (attachedCount.get(key) ?? 0) + count > max) return Status.unschedulable(ErrReasonMaxVolumeCountExceeded);
        }
        return Status.success();
      },
      eventsToRegister: () => [
        // any new CSINode may raise a limit (or list a missing driver)
        { event: { resource: 'CSINode', actionType: ['Add'] } },
        { event: { resource: 'CSINode', actionType: ['Update'] }, hint: (_pod, oldObj, newObj) => isSchedulableAfterCSINodeUpdated(oldObj, newObj) },
        {
          event: { resource: 'Pod', actionType: ['Delete'] },
          hint: (_pod, oldObj) => {
            const deleted = oldObj as Pod | undefined;
            if (!deleted || (deleted.spec.volumes ?? []).length === 0) return 'QueueSkip';
            // a pod nominated to a node counts as if it were there (upstream isSchedulableAfterPodDeleted)
            if (!deleted.spec.nodeName && !deleted.status.nominatedNodeName) return 'QueueSkip';
            return (deleted.spec.volumes ?? []).some((v) => v.persistentVolumeClaim || v.ephemeral) ? 'Queue' : 'QueueSkip';
          },
        },
        {
          event: { resource: 'PersistentVolumeClaim', actionType: ['Add'] },
          hint: (pod, _old, newObj) => {
            const pvc = newObj as PersistentVolumeClaim;
            return nsOf(pvc) === nsOf(pod) && (pod.spec.volumes ?? []).some((v) => volumeClaimName(pod, v)?.name === pvc.metadata.name) ? 'Queue' : 'QueueSkip';
          },
        },
      ],
    };
  },
};
