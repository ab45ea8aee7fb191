// upstream: pkg/scheduler/framework/plugins/noderesources/fit.go (NewFit)

import type { Plugin, PluginDescriptor } from '../../framework/interfaces';
import { applyFitDefaults, defaultFitArgs, validateFitArgs, type NodeResourcesFitArgs } from './args';
import { fitEventsToRegister } from './events';
import { aggregateMessage } from './fieldErrors';
import { delegateToDRA, filter, Name, preFilter } from './filtering';
import { newFitScorer, preScore, score } from './scoring';
import { FitVerdicts } from './verdicts';

export type { NodeResourcesFitArgs, ResourceSpec, ScoringStrategy, ScoringStrategyType, UtilizationShapePoint } from './args';
export {
  ErrReasonInsufficientCPU, ErrReasonInsufficientEphemeralStorage, ErrReasonInsufficientMemory, ErrReasonTooManyPods,
  insufficientResourceReason, Name, type FitFilterDetails,
} from './filtering';
export type { InsufficientResource } from './verdicts';

export const NodeResourcesFit: PluginDescriptor<NodeResourcesFitArgs> = {
  name: Name,
  defaultArgs: defaultFitArgs,
  applyDefaults: applyFitDefaults,
  validateArgs: validateFitArgs,
  factory: (args, handle): Plugin => {
    const errors = validateFitArgs(args);
    if (errors.length > 0) throw new Error(aggregateMessage(errors));
    if (!args.scoringStrategy) throw new Error('scoring strategy not specified');
    const scorer = newFitScorer(args.scoringStrategy);
    const ignoredResources = new Set(args.ignoredResources ?? []);
    const ignoredResourceGroups = new Set(args.ignoredResourceGroups ?? []);
    const verdicts = new FitVerdicts();
    const delegate = delegateToDRA(handle);
    return {
      name: Name,
      preFilter: (state, pod) => ({ status: preFilter(state, pod.pod) }),
      preFilterExtensions: () => undefined,
      filter: (state, _pod, nodeInfo) => filter(state, nodeInfo, ignoredResources, ignoredResourceGroups, verdicts, delegate),
      preScore: (state, pod) => preScore(scorer, state, pod.pod, handle),
      score: (state, pod, nodeInfo) => score(scorer, state, pod.pod, nodeInfo),
      eventsToRegister: () => fitEventsToRegister(delegate),
    };
  },
};
