// upstream: pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go, matching in
// component-helpers/scheduling/corev1/nodeaffinity (see model/selectors.ts).

import type { Plugin, PluginDescriptor } from '../../framework/interfaces';
import { aggregateErrorString } from '../../model/selectors';
import type { Node } from '../../model/types';
import { parseAddedAffinity, validateNodeAffinityArgs, type NodeAffinityArgs } from './args';
import { filterNodeAffinity, isSchedulableAfterNodeChange, Name, preFilterNodeAffinity } from './filtering';
import { normalizeNodeAffinityScore, preScoreNodeAffinity, scoreNodeAffinity } from './scoring';

export { Name };
export type { NodeAffinityArgs };

export const NodeAffinity: PluginDescriptor<NodeAffinityArgs> = {
  name: Name,
  defaultArgs: () => ({}),
  applyDefaults: (args) => args ?? {},
  validateArgs: validateNodeAffinityArgs,
  factory: (args): Plugin => {
    const { added, errors } = parseAddedAffinity(args);
    // upstream New fails the same way; the profile validates args before building plugins
    if (errors.length > 0) throw new Error(`parsing addedAffinity: ${aggregateErrorString(errors)}`);
    return {
      name: Name,
      preFilter: (state, pod) => preFilterNodeAffinity(state, pod.pod, added),
      // the pre-computed state does not depend on other pods
      preFilterExtensions: () => undefined,
      filter: (state, pod, nodeInfo) => filterNodeAffinity(state, pod.pod, nodeInfo.node, added),
      preScore: (state, pod) => preScoreNodeAffinity(state, pod.pod, added),
      score: (state, pod, nodeInfo) => scoreNodeAffinity(state, pod.pod, nodeInfo.node, added),
      normalizeScore: (_state, _pod, scores) => normalizeNodeAffinityScore(scores),
      // QueueingHints on (the v1.35 default): Add and label updates only
      eventsToRegister: () => [
        {
          event: { resource: 'Node', actionType: ['Add', 'UpdateNodeLabel'] },
          hint: (pod, oldObj, newObj) => isSchedulableAfterNodeChange(pod, oldObj as Node | undefined, newObj as Node, added),
        },
      ],
    };
  },
};
