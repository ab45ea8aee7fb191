// upstream: pkg/scheduler/framework/plugins/imagelocality/image_locality.go (New)

import type { Plugin, PluginDescriptor } from '../../framework/interfaces';
import { score } from './scoring';

export const Name = 'ImageLocality';

/** Score only, no args; no EnqueueExtensions upstream, so no events to register. */
export const ImageLocality: PluginDescriptor = {
  name: Name,
  factory: (_args, handle): Plugin => {
    // upstream v1.36+: image volumes' images score (PR #130231); v1.37+: they count in the threshold too (PR #138951)
    const version = {
      imageVolumes: handle.versionSwitches.imageLocalityImageVolumes,
      imageVolumesInThreshold: handle.versionSwitches.imageLocalityImageVolumeThreshold,
    };
    return {
      name: Name,
      score: (_state, pod, nodeInfo) => score(pod.pod, nodeInfo, handle.snapshot().numNodes, version),
    };
  },
};
