// upstream: k8s.io/apimachinery/pkg/util/validation/field (errors.go, path.go). A ConfigError's
// message is field.Error's ErrorBody ("Invalid value: 101: not in valid range [0-100]"); the path
// stays structured so the scenario loader can find the YAML line.

import type { ConfigError } from './types';
import { boundedJson } from '../../model/quote';

export type FieldPath = (string | number)[];

/** upstream: field.Path.String() — profiles[0].plugins.score.enabled[1] */
export function formatFieldPath(path: readonly (string | number)[]): string {
  let s = '';
  for (const part of path) {
    if (typeof part === 'number') s += `[${part}]`;
    else s += s === '' ? part : `.${part}`;
  }
  return s;
}

/** Parses a field path string (as plugin args validation returns it) back into parts. */
export function parseFieldPath(path: string): FieldPath {
  const parts: FieldPath = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (m[2] !== undefined) parts.push(Number(m[2]));
    else if (m[1] !== undefined) parts.push(m[1]);
  }
  return parts;
}

/**
 * The value as field.Error prints it: numbers and booleans bare, strings quoted. Go prints
 * structs with %#v; we print JSON instead, which reads better and says the same.
 */
function formatValue(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === undefined || value === null) return 'null';
  return boundedJson(value);
}

export function invalid(path: FieldPath, value: unknown, detail: string): ConfigError {
  return { path, message: `Invalid value: ${formatValue(value)}: ${detail}` };
}

export function required(path: FieldPath): ConfigError {
  return { path, message: 'Required value' };
}

export function duplicate(path: FieldPath, value: unknown): ConfigError {
  return { path, message: `Duplicate value: ${formatValue(value)}` };
}
