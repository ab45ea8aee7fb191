// Field errors in the wording of apimachinery's field.Error (ErrorBody), and
// metav1validation.ValidateLabelName, for plugin args validation.
// upstream: staging/src/k8s.io/apimachinery/pkg/util/validation/field/errors.go,
// staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation.go

import type { ArgsError } from '../../framework/interfaces';
import { isQualifiedName } from '../../model/selectors';

/** Go's %v of a bad value in field errors: strings quoted, numbers plain. */
function goValue(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
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
  return { path, message: `Unsupported value: ${goValue(value)}: supported values: ${supported.map((s) => JSON.stringify(s)).join(', ')}` };
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
