// upstream: pkg/scheduler/framework/plugins/volumerestrictions/volume_restrictions.go
//
// Volumes are not simulated: scenario pods carry no spec.volumes, so this is upstream's behaviour
// for a pod without volumes — PreFilter returns Skip (no GCE PD/EBS/RBD/iSCSI volume and no
// ReadWriteOncePod claim), and Filter never runs. Kept so the default profile, its plugin list
// and its traces match upstream.

import type { Plugin, PluginDescriptor } from '../../framework/interfaces';
import { Status } from '../../framework/status';

export const Name = 'VolumeRestrictions';

/** upstream: ErrReasonDiskConflict */
export const ErrReasonDiskConflict = 'node(s) had no available disk';
/** upstream: ErrReasonReadWriteOncePodConflict */
export const ErrReasonReadWriteOncePodConflict = 'node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode';

export const VolumeRestrictions: PluginDescriptor = {
  name: Name,
  factory: (): Plugin => ({
    name: Name,
    preFilter: () => ({ status: Status.skip() }),
    // upstream's AddPod/RemovePod only run for pods whose PreFilter did not Skip
    preFilterExtensions: () => undefined,
    filter: () => Status.success(),
    eventsToRegister: () => [
      // upstream's hint queues only for a deleted pod with a conflicting volume or the same PVC:
      // never the case for a pod without volumes
      { event: { resource: 'Pod', actionType: ['Delete'] }, hint: () => 'QueueSkip' },
      { event: { resource: 'Node', actionType: ['Add'] } },
      // PersistentVolumeClaim/Add is not a simulated resource
    ],
  }),
};
