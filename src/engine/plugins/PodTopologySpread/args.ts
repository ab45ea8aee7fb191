// PodTopologySpreadArgs: defaults and validation.
// upstream: pkg/scheduler/apis/config/v1/defaults.go (SetDefaults_PodTopologySpreadArgs),
// pkg/scheduler/apis/config/validation/validation_pluginargs.go (ValidatePodTopologySpreadArgs),
// and field.Error's ErrorBody (topology keys are checked like metav1validation.ValidateLabelName).

import type { ArgsError } from '../../framework/interfaces';
import { isQualifiedName } from '../../model/selectors';
import type { TopologySpreadConstraint } from '../../model/types';
import { quote } from '../../model/quote';

export type PodTopologySpreadConstraintsDefaulting = 'System' | 'List';

/** upstream: config.PodTopologySpreadArgs */
export interface PodTopologySpreadArgs {
  /** used when the pod has no constraints; must not set labelSelector (it is derived per pod) */
  defaultConstraints?: TopologySpreadConstraint[];
  /** System: the built-in hostname/zone constraints; List: defaultConstraints */
  defaultingType?: PodTopologySpreadConstraintsDefaulting;
}

/** upstream: SetDefaults_PodTopologySpreadArgs — defaultingType defaults to System. */
export function applyPodTopologySpreadDefaults(args: PodTopologySpreadArgs): PodTopologySpreadArgs {
  return { ...args, defaultingType: args.defaultingType || 'System' };
}

// ---- field.Error bodies, as Go prints them ----

const invalid = (path: string, value: number | string, detail: string): ArgsError =>
  ({ path, message: `Invalid value: ${typeof value === 'string' ? quote(value) : value}: ${detail}` });
const required = (path: string, detail: string): ArgsError => ({ path, message: `Required value: ${detail}` });
const forbidden = (path: string, detail: string): ArgsError => ({ path, message: `Forbidden: ${detail}` });
const duplicate = (path: string, value: string): ArgsError => ({ path, message: `Duplicate value: ${quote(value)}` });
const notSupported = (path: string, value: string, supported: readonly string[]): ArgsError =>
  ({ path, message: `Unsupported value: ${quote(value)}: supported values: ${supported.map(quote).join(', ')}` });

// ---- ValidatePodTopologySpreadArgs ----

const DEFAULTING_TYPES: readonly string[] = ['System', 'List'];
const WHEN_UNSATISFIABLE: readonly string[] = ['DoNotSchedule', 'ScheduleAnyway'];

/** upstream: validateDefaultingType */
function validateDefaultingType(value: string, constraints: readonly TopologySpreadConstraint[]): ArgsError | undefined {
  if (!DEFAULTING_TYPES.includes(value)) return notSupported('defaultingType', value, DEFAULTING_TYPES);
  if (value === 'System' && constraints.length > 0) return invalid('defaultingType', value, 'when .defaultConstraints are not empty');
  return undefined;
}

/** upstream: ValidatePodTopologySpreadArgs (args after defaulting) */
export function validatePodTopologySpreadArgs(args: PodTopologySpreadArgs): ArgsError[] {
  const errs: ArgsError[] = [];
  const constraints = args.defaultConstraints ?? [];
  const typeErr = validateDefaultingType(args.defaultingType ?? '', constraints);
  if (typeErr) errs.push(typeErr);
  constraints.forEach((c, i) => {
    const p = `defaultConstraints[${i}]`;
    if (!(c.maxSkew > 0)) errs.push(invalid(`${p}.maxSkew`, c.maxSkew, 'not in valid range (0, inf)'));
    const key = c.topologyKey ?? '';
    if (key.length === 0) errs.push(required(`${p}.topologyKey`, 'can not be empty'));
    else errs.push(...isQualifiedName(key).map((m) => invalid(`${p}.topologyKey`, key, m)));
    const when = (c.whenUnsatisfiable as string | undefined) ?? '';
    if (when.length === 0) errs.push(required(`${p}.whenUnsatisfiable`, 'can not be empty'));
    else if (!WHEN_UNSATISFIABLE.includes(when)) errs.push(notSupported(`${p}.whenUnsatisfiable`, when, WHEN_UNSATISFIABLE));
    if (c.labelSelector !== undefined && c.labelSelector !== null) errs.push(forbidden(`${p}.labelSelector`, 'constraint must not define a selector, as they deduced for each pod'));
    // upstream: validateConstraintNotRepeat — the same {topologyKey, whenUnsatisfiable} twice
    if (constraints.slice(0, i).some((o) => o.topologyKey === c.topologyKey && o.whenUnsatisfiable === c.whenUnsatisfiable)) {
      errs.push(duplicate(p, `{${c.topologyKey}, ${c.whenUnsatisfiable}}`));
    }
  });
  return errs;
}
