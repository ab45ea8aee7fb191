// Field errors in the wording of apimachinery's field.Error (ErrorBody), and
// metav1validation.ValidateLabelName, for plugin args validation.
// upstream: staging/src/k8s.io/apimachinery/pkg/util/validation/field/errors.go,
// staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation.go

import type { ArgsError } from '../../framework/interfaces';
import { isQualifiedName } from '../../model/selectors';
import { quote } from '../../model/quote';

/** Go's %v of a bad value in field errors: strings quoted, numbers plain. */
function goValue(value: unknown): string {
  return typeof value === 'string' ? quote(value) : String(value);
}

export function fieldInvalid(path: string, value: unknown, detail: string): ArgsError {
  return { path, message: `Invalid value: ${goValue(value)}: ${detail}` };
}

export function fieldRequired(path: string, detail: string): ArgsError {
  return { path, message: `Required value: ${detail}` };
}

export function fieldDuplicate(path: string, value: unknown): ArgsError {
  return { path, message: `Duplicate value: ${goValue(value)}` };
}

export function fieldNotSupported(path: string, value: unknown, supported: readonly string[]): ArgsError {
  return { path, message: `Unsupported value: ${goValue(value)}: supported values: ${supported.map(quote).join(', ')}` };
}

/** The text of an aggregate error, as NewFit returns it: one error plain, several in brackets. */
export function aggregateMessage(errors: readonly ArgsError[]): string {
  const parts = errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message));
  return parts.length === 1 ? parts[0]! : `[${parts.join(', ')}]`;
}

/** upstream: metav1validation.ValidateLabelName */
export function validateLabelName(name: string, path: string): ArgsError[] {
  return isQualifiedName(name).map((msg) => fieldInvalid(path, name, msg));
}

/** How Go's encoding/json names a JSON value's type in "cannot unmarshal" errors. */
function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'object' : typeof value;
}

/**
 * Type errors of a []ResourceSpec as decoding the args would find them (upstream: the strict JSON
 * decoder fails on a number where a string belongs); null fields are Go's zero values.
 */
export function resourceSpecTypeErrors(resources: unknown, path: string): ArgsError[] {
  if (resources === undefined || resources === null) return [];
  const unmarshal = (p: string, value: unknown, field: string, type: string): ArgsError =>
    ({ path: p, message: `json: cannot unmarshal ${jsonType(value)} into Go struct field ${field} of type ${type}` });
  if (!Array.isArray(resources)) return [unmarshal(path, resources, 'resources', '[]v1.ResourceSpec')];
  return resources.flatMap((r: unknown, i): ArgsError[] => {
    if (r === null) return [];
    if (typeof r !== 'object' || Array.isArray(r)) return [unmarshal(`${path}[${i}]`, r, 'resources', 'v1.ResourceSpec')];
    const { name, weight } = r as Record<string, unknown>;
    const errs: ArgsError[] = [];
    if (name !== undefined && name !== null && typeof name !== 'string') errs.push(unmarshal(`${path}[${i}].name`, name, 'ResourceSpec.name', 'string'));
    if (weight !== undefined && weight !== null && !Number.isInteger(weight)) errs.push(unmarshal(`${path}[${i}].weight`, weight, 'ResourceSpec.weight', 'int64'));
    return errs;
  });
}

/**
 * A []ResourceSpec with Go's zero values for null or missing fields (anything not a list: empty).
 * Values of the wrong type are kept for resourceSpecTypeErrors to report.
 */
export function resourceSpecs(resources: unknown): { name: string; weight: number }[] {
  if (!Array.isArray(resources)) return [];
  return resources.map((r: unknown) => {
    if (r !== null && typeof r !== 'object') return r as { name: string; weight: number };
    const o = (r ?? {}) as Record<string, unknown>;
    return { ...o, name: (o.name ?? '') as string, weight: (o.weight ?? 0) as number };
  });
}
