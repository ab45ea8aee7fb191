// upstream: pkg/scheduler/framework/plugins/volumezone/volume_zone.go
//
// Volumes are not simulated: a pod without bound PersistentVolumes has no volume topology, for
// which upstream's PreFilter returns Skip and Filter never runs. Kept so the default profile,
// its plugin list and its traces match upstream.

import type { Plugin, PluginDescriptor } from '../../framework/interfaces';
import { Status } from '../../framework/status';

export const Name = 'VolumeZone';

/** upstream: ErrReasonConflict */
export const ErrReasonConflict = 'node(s) had no available volume zone';

export const VolumeZone: PluginDescriptor = {
  name: Name,
  factory: (): Plugin => ({
    name: Name,
    preFilter: () => ({ status: Status.skip() }),
    preFilterExtensions: () => undefined,
    filter: () => Status.success(),
    eventsToRegister: () => [
      // a new node or a change of its zone labels (QueueingHints on: no UpdateNodeTaint)
      { event: { resource: 'Node', actionType: ['Add', 'UpdateNodeLabel'] } },
      // StorageClass, PersistentVolumeClaim and PersistentVolume events are not simulated
    ],
  }),
};
