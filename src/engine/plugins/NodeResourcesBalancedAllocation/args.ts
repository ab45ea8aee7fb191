// NodeResourcesBalancedAllocationArgs: defaults and validation.
// upstream: pkg/scheduler/apis/config/v1/defaults.go (SetDefaults_NodeResourcesBalancedAllocationArgs),
// validation/validation_pluginargs.go (ValidateNodeResourcesBalancedAllocationArgs)

import type { ArgsError } from '../../framework/interfaces';
import { defaultResourceSpec, type ResourceSpec } from '../NodeResourcesFit/args';
import { fieldDuplicate, fieldInvalid, resourceSpecs, resourceSpecTypeErrors } from '../NodeResourcesFit/fieldErrors';

export interface NodeResourcesBalancedAllocationArgs {
  resources?: ResourceSpec[];
}

export function defaultBalancedAllocationArgs(): NodeResourcesBalancedAllocationArgs {
  return { resources: defaultResourceSpec() };
}

/** A missing or zero weight becomes 1; no resources means cpu and memory. */
export function applyBalancedAllocationDefaults(args: NodeResourcesBalancedAllocationArgs): NodeResourcesBalancedAllocationArgs {
  // a list of the wrong shape is kept for validateBalancedAllocationArgs to report
  if (args.resources !== undefined && args.resources !== null && !Array.isArray(args.resources)) return args;
  const resources = resourceSpecs(args.resources);
  if (resources.length === 0) return { ...args, resources: defaultResourceSpec() };
  return { ...args, resources: resources.map((r) => (typeof r === 'object' ? { ...r, weight: r.weight || 1 } : r)) };
}

/** Names must be unique and every weight 1 (the score does not use weights). */
export function validateBalancedAllocationArgs(args: NodeResourcesBalancedAllocationArgs): ArgsError[] {
  const typeErrors = resourceSpecTypeErrors(args.resources, 'resources');
  if (typeErrors.length) return typeErrors;
  const errs: ArgsError[] = [];
  const seen = new Set<string>();
  (args.resources ?? []).forEach((r, i) => {
    if (seen.has(r.name)) errs.push(fieldDuplicate(`resources[${i}].name`, r.name));
    else seen.add(r.name);
    if (r.weight !== 1) errs.push(fieldInvalid(`resources[${i}].weight`, r.weight, 'must be 1'));
  });
  return errs;
}
