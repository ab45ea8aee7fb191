// upstream: pkg/scheduler/framework/plugins/noderesources/balanced_allocation.go (NewBalancedAllocation)

import type { Plugin, PluginDescriptor } from '../../framework/interfaces';
import { aggregateMessage } from '../NodeResourcesFit/fieldErrors';
import {
  applyBalancedAllocationDefaults, defaultBalancedAllocationArgs, validateBalancedAllocationArgs,
  type NodeResourcesBalancedAllocationArgs,
} from './args';
import { Name, newBalancedAllocationScorer, preScore, score } from './scoring';

export type { NodeResourcesBalancedAllocationArgs } from './args';
export { Name } from './scoring';

/** Score only: no EnqueueExtensions upstream, so no events to register. */
export const NodeResourcesBalancedAllocation: PluginDescriptor<NodeResourcesBalancedAllocationArgs> = {
  name: Name,
  defaultArgs: defaultBalancedAllocationArgs,
  applyDefaults: applyBalancedAllocationDefaults,
  validateArgs: validateBalancedAllocationArgs,
  factory: (args, handle): Plugin => {
    const errors = validateBalancedAllocationArgs(args);
    if (errors.length > 0) throw new Error(aggregateMessage(errors));
    const scorer = newBalancedAllocationScorer(args.resources ?? []);
    // upstream v1.36+: the change in balance (PR #135573)
    const balanceChange = handle.versionSwitches.balancedAllocationDelta;
    return {
      name: Name,
      preScore: (state, pod) => preScore(scorer, state, pod.pod, handle),
      score: (state, pod, nodeInfo) => score(scorer, state, pod.pod, nodeInfo, balanceChange),
    };
  },
};
