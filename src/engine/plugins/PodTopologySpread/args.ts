// PodTopologySpreadArgs: defaults and validation.
// upstream: pkg/scheduler/apis/config/v1/defaults.go (SetDefaults_PodTopologySpreadArgs),
// pkg/scheduler/apis/config/validation/validation_pluginargs.go (ValidatePodTopologySpreadArgs),
// apimachinery/pkg/util/validation (IsQualifiedName, IsDNS1123Subdomain) and field.Error's ErrorBody.

import type { ArgsError } from '../../framework/interfaces';
import type { TopologySpreadConstraint } from '../../model/types';

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
  return { ...args, defaultConstraints: args.defaultConstraints ?? [], defaultingType: args.defaultingType || 'System' };
}

// ---- field.Error bodies, as Go prints them ----

function quote(v: string): string {
  return JSON.stringify(v);
}
const invalid = (path: string, value: number | string, detail: string): ArgsError =>
  ({ path, message: `Invalid value: ${typeof value === 'string' ? quote(value) : value}: ${detail}` });
const required = (path: string, detail: string): ArgsError => ({ path, message: `Required value: ${detail}` });
const forbidden = (path: string, detail: string): ArgsError => ({ path, message: `Forbidden: ${detail}` });
const duplicate = (path: string, value: string): ArgsError => ({ path, message: `Duplicate value: ${quote(value)}` });
const notSupported = (path: string, value: string, supported: readonly string[]): ArgsError =>
  ({ path, message: `Unsupported value: ${quote(value)}: supported values: ${supported.map(quote).join(', ')}` });

// ---- label names (metav1validation.ValidateLabelName) ----

const QUALIFIED_NAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const QUALIFIED_NAME_ERR = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*';
const DNS1123_SUBDOMAIN_ERR = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";

/** upstream: validation.RegexError */
function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join('or ')}regex used for validation is '${fmt}')`;
}

/** upstream: validation.IsDNS1123Subdomain */
function dns1123SubdomainErrors(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 253) errs.push('must be no more than 253 characters');
  if (!new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`).test(value)) errs.push(regexError(DNS1123_SUBDOMAIN_ERR, DNS1123_SUBDOMAIN_FMT, 'example.com'));
  return errs;
}

/** upstream: validation.IsQualifiedName */
export function qualifiedNameErrors(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0]!;
  } else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else errs.push(...dns1123SubdomainErrors(prefix).map((m) => `prefix part ${m}`));
  } else {
    return [`a qualified name ${regexError(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (name.length > 63) errs.push('name part must be no more than 63 characters');
  if (!new RegExp(`^${QUALIFIED_NAME_FMT}$`).test(name)) errs.push(`name part ${regexError(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

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
    else errs.push(...qualifiedNameErrors(key).map((m) => invalid(`${p}.topologyKey`, key, m)));
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
