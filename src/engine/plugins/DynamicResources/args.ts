// DynamicResourcesArgs (kubescheduler.config.k8s.io/v1): filterTimeout and bindingTimeout.
// upstream: pkg/scheduler/apis/config/types_pluginargs.go (DynamicResourcesArgs,
// DynamicResourcesFilterTimeoutDefault = 10 s, DynamicResourcesBindingTimeoutDefault = 600 s),
// validation/validation_pluginargs.go ValidateDynamicResourcesArgs, and kubernetes PR #134905
// (bindingTimeout, v1.35: "Default value: 600 seconds (10 minutes) when both feature gates are
// active"). The defaults follow the gates, so they differ per version only through the gates'
// defaults: bindingTimeout is defaulted from 1.36, where DRADeviceBindingConditions is on.

import type { FeatureGates } from '../../features';
import type { ArgsError } from '../../framework/interfaces';
import { parseGoDuration } from '../../model/duration';
import { BINDING_TIMEOUT_SECONDS, bindingConditionsEnabled } from './bindingConditions';

export interface DynamicResourcesArgs {
  /** metav1.Duration; `0` turns the timeout off (upstream; Podplay's step budget applies anyway) */
  filterTimeout?: string;
  /** metav1.Duration; only with DRADeviceBindingConditions and DRAResourceClaimDeviceStatus */
  bindingTimeout?: string;
}

/** upstream: SetDefaults_DynamicResourcesArgs, as metav1.Duration prints them */
export function applyDynamicResourcesDefaults(args: DynamicResourcesArgs | undefined, gates: FeatureGates | undefined): DynamicResourcesArgs {
  // DRASchedulerFilterTimeout is beta and on at every version Podplay simulates (not a gate here)
  const out: DynamicResourcesArgs = { ...args, filterTimeout: args?.filterTimeout ?? '10s' };
  if (out.bindingTimeout === undefined && gates && bindingConditionsEnabled(gates)) out.bindingTimeout = '10m0s';
  return out;
}

/**
 * upstream: ValidateDynamicResourcesArgs — setting a field whose feature is off is an error. Without
 * the gates (a configuration checked on its own, e.g. in the editor) only the values are checked.
 */
export function validateDynamicResourcesArgs(args: DynamicResourcesArgs, gates: FeatureGates | undefined): ArgsError[] {
  const errs: ArgsError[] = [];
  const duration = (path: keyof DynamicResourcesArgs): number | undefined => {
    const raw = args[path];
    if (raw === undefined) return undefined;
    const seconds = typeof raw === 'string' ? parseGoDuration(raw) : undefined;
    // upstream refuses such a value while decoding (metav1.Duration's UnmarshalJSON)
    if (seconds === undefined) errs.push({ path, message: `Invalid value: ${JSON.stringify(raw)}: time: invalid duration ${JSON.stringify(String(raw))}` });
    return seconds;
  };
  const filterTimeout = duration('filterTimeout');
  if (filterTimeout !== undefined && filterTimeout < 0) errs.push({ path: 'filterTimeout', message: `Invalid value: ${args.filterTimeout}: must be zero or positive` });
  const bindingTimeout = duration('bindingTimeout');
  if (args.bindingTimeout !== undefined && gates && !bindingConditionsEnabled(gates)) {
    errs.push({ path: 'bindingTimeout', message: 'Forbidden: DRADeviceBindingConditions or DRAResourceClaimDeviceStatus feature gate is disabled' });
  } else if (bindingTimeout !== undefined && bindingTimeout < 1) {
    errs.push({ path: 'bindingTimeout', message: `Invalid value: ${args.bindingTimeout}: must be at least 1 second` });
  }
  return errs;
}

/** upstream New: ptr.Deref(args.BindingTimeout, DynamicResourcesBindingTimeoutDefault), in seconds */
export function bindingTimeoutSeconds(args: DynamicResourcesArgs | undefined): number {
  const seconds = args?.bindingTimeout === undefined ? undefined : parseGoDuration(args.bindingTimeout);
  return seconds ?? BINDING_TIMEOUT_SECONDS;
}
