// upstream: pkg/scheduler/framework/plugins/nodename/node_name.go

import type { Plugin, PluginDescriptor } from '../../framework/interfaces';
import { filterNodeName } from './filtering';

export const Name = 'NodeName';

export const NodeName: PluginDescriptor = {
  name: Name,
  factory: (): Plugin => ({
    name: Name,
    filter: (_state, pod, nodeInfo) => filterNodeName(pod.pod, nodeInfo.node),
    // upstream registers Node/Add without a queueing hint (QueueingHints on: no Update needed)
    eventsToRegister: () => [{ event: { resource: 'Node', actionType: ['Add'] } }],
  }),
};
