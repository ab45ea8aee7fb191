// upstream: pkg/scheduler/framework/plugins/nodeports/node_ports.go

import type { Plugin, PluginDescriptor } from '../../framework/interfaces';
import type { Pod } from '../../model/types';
import { filterNodePorts, isSchedulableAfterPodDeleted, Name, preFilterNodePorts } from './filtering';

export { Name };

export const NodePorts: PluginDescriptor = {
  name: Name,
  factory: (): Plugin => ({
    name: Name,
    preFilter: (state, pod) => ({ status: preFilterNodePorts(state, pod.pod) }),
    // the pre-computed state does not depend on other pods
    preFilterExtensions: () => undefined,
    filter: (state, _pod, nodeInfo) => filterNodePorts(state, nodeInfo.usedPorts),
    eventsToRegister: () => [
      // spec.containers[*].ports is immutable, so pod updates never help
      { event: { resource: 'Pod', actionType: ['Delete'] }, hint: (pod, oldObj) => isSchedulableAfterPodDeleted(pod, oldObj as Pod) },
      { event: { resource: 'Node', actionType: ['Add'] } },
    ],
  }),
};
