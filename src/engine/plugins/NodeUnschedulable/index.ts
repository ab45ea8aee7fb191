// upstream: pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go

import type { Plugin, PluginDescriptor } from '../../framework/interfaces';
import { filterUnschedulableNode } from './filtering';

export const Name = 'NodeUnschedulable';

export const NodeUnschedulable: PluginDescriptor = {
  name: Name,
  factory: (): Plugin => ({
    name: Name,
    filter: (_state, pod, nodeInfo) => filterUnschedulableNode(pod.pod, nodeInfo.node),
    eventsToRegister: () => [
      { event: { resource: 'Node', actionType: ['Add', 'UpdateNodeTaint'] } },
      { event: { resource: 'UnscheduledPod', actionType: ['UpdatePodToleration'] } },
    ],
  }),
};
