// upstream: pkg/scheduler/framework/plugins/nodevolumelimits/csi.go (CSILimits, registered as
// NodeVolumeLimits)
//
// Volumes are not simulated: scenario pods have no PVC, ephemeral or migratable in-tree volume,
// for which upstream's PreFilter returns Skip and Filter never runs. Kept so the default
// profile, its plugin list and its traces match upstream.

import type { Plugin, PluginDescriptor } from '../../framework/interfaces';
import { Status } from '../../framework/status';

export const Name = 'NodeVolumeLimits';

/** upstream: ErrReasonMaxVolumeCountExceeded */
export const ErrReasonMaxVolumeCountExceeded = 'node(s) exceed max volume count';

export const NodeVolumeLimits: PluginDescriptor = {
  name: Name,
  factory: (): Plugin => ({
    name: Name,
    preFilter: () => ({ status: Status.skip() }),
    preFilterExtensions: () => undefined,
    filter: () => Status.success(),
    eventsToRegister: () => [
      // upstream's hint queues only when the deleted pod used a CSI volume: never here
      { event: { resource: 'Pod', actionType: ['Delete'] }, hint: () => 'QueueSkip' },
      // CSINode, PersistentVolumeClaim and VolumeAttachment events are not simulated
    ],
  }),
};
