// NodeResourcesBalancedAllocationArgs: defaults and validation.
// upstream: pkg/scheduler/apis/config/v1/defaults.go (SetDefaults_NodeResourcesBalancedAllocationArgs),
// validation/validation_pluginargs.go (ValidateNodeResourcesBalancedAllocationArgs)

import type { ArgsError } from '../../framework/interfaces';
import { defaultResourceSpec, type ResourceSpec } from '../NodeResourcesFit/args';
import { fieldDuplicate, fieldInvalid } from '../NodeResourcesFit/fieldErrors';

export interface NodeResourcesBalancedAllocationArgs {
  resources?: ResourceSpec[];
}

export function defaultBalancedAllocationArgs(): NodeResourcesBalancedAllocationArgs {
  return { resources: defaultResourceSpec() };
}

/** A missing or zero weight becomes 1; no resources means cpu and memory. */
export function applyBalancedAllocationDefaults(args: NodeResourcesBalancedAllocationArgs): NodeResourcesBalancedAllocationArgs {
  const resources = args.resources ?? [];
  if (resources.length === 0) return { ...args, resources: defaultResourceSpec() };
  return { ...args, resources: resources.map((r) => ({ ...r, weight: r.weight || 1 })) };
}

/** Names must be unique and every weight 1 (the score does not use weights). */
export function validateBalancedAllocationArgs(args: NodeResourcesBalancedAllocationArgs): ArgsError[] {
  const errs: ArgsError[] = [];
  const seen = new Set<string>();
  (args.resources ?? []).forEach((r, i) => {
    if (seen.has(r.name)) errs.push(fieldDuplicate(`resources[${i}].name`, r.name));
    else seen.add(r.name);
    if (r.weight !== 1) errs.push(fieldInvalid(`resources[${i}].weight`, r.weight, 'must be 1'));
  });
  return errs;
}
