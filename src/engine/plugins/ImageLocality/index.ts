// upstream: pkg/scheduler/framework/plugins/imagelocality/image_locality.go (New)

import type { Plugin, PluginDescriptor } from '../../framework/interfaces';
import { score } from './scoring';

export const Name = 'ImageLocality';

/** Score only, no args; no EnqueueExtensions upstream, so no events to register. */
export const ImageLocality: PluginDescriptor = {
  name: Name,
  factory: (_args, handle): Plugin => ({
    name: Name,
    score: (_state, pod, nodeInfo) => score(pod.pod, nodeInfo, handle.snapshot().numNodes),
  }),
};
