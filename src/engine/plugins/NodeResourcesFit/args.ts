// NodeResourcesFitArgs: types, defaults and validation.
// upstream: pkg/scheduler/apis/config/types_pluginargs.go, v1/defaults.go (SetDefaults_NodeResourcesFitArgs),
// validation/validation_pluginargs.go (ValidateNodeResourcesFitArgs)

import type { ArgsError } from '../../framework/interfaces';
import { MAX_CUSTOM_PRIORITY_SCORE } from '../../framework/interfaces';
import { fieldInvalid, fieldNotSupported, fieldRequired, resourceSpecs, resourceSpecTypeErrors, validateLabelName } from './fieldErrors';

export type ScoringStrategyType = 'LeastAllocated' | 'MostAllocated' | 'RequestedToCapacityRatio';

/** upstream: config.ResourceSpec */
export interface ResourceSpec {
  name: string;
  weight: number;
}

/** upstream: config.UtilizationShapePoint — utilization 0..100, score 0..10 */
export interface UtilizationShapePoint {
  utilization: number;
  score: number;
}

export interface ScoringStrategy {
  type: ScoringStrategyType;
  resources: ResourceSpec[];
  requestedToCapacityRatio?: { shape: UtilizationShapePoint[] };
}

export interface NodeResourcesFitArgs {
  ignoredResources?: string[];
  ignoredResourceGroups?: string[];
  scoringStrategy?: ScoringStrategy;
}

export const SUPPORTED_SCORING_STRATEGY_TYPES: readonly ScoringStrategyType[] = ['LeastAllocated', 'MostAllocated', 'RequestedToCapacityRatio'];

/** upstream: v1 defaultResourceSpec */
export function defaultResourceSpec(): ResourceSpec[] {
  return [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }];
}

export function defaultFitArgs(): NodeResourcesFitArgs {
  return { scoringStrategy: { type: 'LeastAllocated', resources: defaultResourceSpec() } };
}

/** upstream: SetDefaults_NodeResourcesFitArgs — the strategy type is defaulted only with the whole strategy. */
export function applyFitDefaults(args: NodeResourcesFitArgs): NodeResourcesFitArgs {
  const strategy = args.scoringStrategy ?? { type: 'LeastAllocated', resources: [] };
  // a list of the wrong shape is kept for validateFitArgs to report
  if (strategy.resources !== undefined && strategy.resources !== null && !Array.isArray(strategy.resources)) return args;
  const given = resourceSpecs(strategy.resources);
  const resources = given.length === 0 ? defaultResourceSpec() : given;
  return {
    ...args,
    scoringStrategy: { ...strategy, resources: resources.map((r) => (typeof r === 'object' ? { ...r, weight: r.weight || 1 } : r)) },
  };
}

/** upstream: validateFunctionShape */
export function validateFunctionShape(shape: readonly UtilizationShapePoint[] | undefined, path: string): ArgsError[] {
  if (!shape || shape.length === 0) return [fieldRequired(path, 'at least one point must be specified')];
  const errs: ArgsError[] = [];
  for (let i = 1; i < shape.length; i++) {
    if (shape[i - 1]!.utilization >= shape[i]!.utilization) {
      errs.push(fieldInvalid(`${path}[${i}].utilization`, shape[i]!.utilization, 'values must be sorted in increasing order'));
      break;
    }
  }
  shape.forEach((point, i) => {
    if (point.utilization < 0 || point.utilization > 100) {
      errs.push(fieldInvalid(`${path}[${i}].utilization`, point.utilization, 'not in valid range [0, 100]'));
    }
    if (point.score < 0 || point.score > MAX_CUSTOM_PRIORITY_SCORE) {
      errs.push(fieldInvalid(`${path}[${i}].score`, point.score, `not in valid range [0, ${MAX_CUSTOM_PRIORITY_SCORE}]`));
    }
  });
  return errs;
}

/** upstream: validateResources */
function validateResources(resources: readonly ResourceSpec[], path: string): ArgsError[] {
  return resources.flatMap((r, i) => (r.weight <= 0 || r.weight > 100)
    ? [fieldInvalid(`${path}[${i}].weight`, r.weight, `resource weight of ${r.name} not in valid range (0, 100]`)]
    : []);
}

/** upstream: ValidateNodeResourcesFitArgs (with a nil path, so paths are relative to the args). */
export function validateFitArgs(args: NodeResourcesFitArgs): ArgsError[] {
  const errs: ArgsError[] = [];
  (args.ignoredResources ?? []).forEach((res, i) => errs.push(...validateLabelName(res, `ignoredResources[${i}]`)));
  (args.ignoredResourceGroups ?? []).forEach((group, i) => {
    const path = `ignoredResourceGroups[${i}]`;
    if (group.includes('/')) errs.push(fieldInvalid(path, group, "resource group name can't contain '/'"));
    errs.push(...validateLabelName(group, path));
  });
  const strategy = args.scoringStrategy;
  if (strategy) {
    if (!SUPPORTED_SCORING_STRATEGY_TYPES.includes(strategy.type)) {
      errs.push(fieldNotSupported('scoringStrategy.type', strategy.type ?? '', SUPPORTED_SCORING_STRATEGY_TYPES));
    }
    const typeErrors = resourceSpecTypeErrors(strategy.resources, 'scoringStrategy.resources');
    errs.push(...(typeErrors.length ? typeErrors : validateResources(strategy.resources ?? [], 'scoringStrategy.resources')));
    // Deviation: upstream validates the shape only when requestedToCapacityRatio is set, and NewFit
    // then dereferences a missing one (a crash); here a missing shape for that strategy is "Required".
    if (strategy.requestedToCapacityRatio || strategy.type === 'RequestedToCapacityRatio') {
      errs.push(...validateFunctionShape(strategy.requestedToCapacityRatio?.shape, 'scoringStrategy.shape'));
    }
  }
  return errs;
}
