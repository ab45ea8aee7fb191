// Pieces several plugins' args share: namespaces, label selectors, and their validation messages.
// upstream: sigs.k8s.io/descheduler pkg/api/types.go (Namespaces), each plugin's validation.go.

import type { FieldPath } from '../framework/config/fieldErrors';
import type { Reader } from './decode';
import { labelSelectorError } from './labels';
import type { LabelSelector, Namespaces } from './types';

/** TypeMeta is inlined in every args type: apiVersion and kind are accepted. */
export const TYPE_META = ['apiVersion', 'kind'] as const;

export function decodeNamespaces(r: Reader, v: unknown, rel: FieldPath): Namespaces | undefined {
  const obj = r.object(v, rel, 'api.Namespaces');
  if (!obj) return undefined;
  r.strict(obj, ['include', 'exclude'], rel);
  const ns: Namespaces = {};
  const include = r.strList(obj['include'], [...rel, 'include']);
  const exclude = r.strList(obj['exclude'], [...rel, 'exclude']);
  if (include) ns.include = include;
  if (exclude) ns.exclude = exclude;
  return ns;
}

/** "At most one of include/exclude can be set" */
export function namespacesError(ns: Namespaces | undefined): string | undefined {
  if (ns && (ns.include?.length ?? 0) > 0 && (ns.exclude?.length ?? 0) > 0) return 'only one of Include/Exclude namespaces can be set';
  return undefined;
}

export function strategyLabelSelectorError(selector: LabelSelector | undefined): string | undefined {
  const err = labelSelectorError(selector);
  return err === undefined ? undefined : `failed to get label selectors from strategy's params: ${err}`;
}

/** Reads an args object: absent args decode as the empty struct. */
export function argsObject(r: Reader, raw: unknown, goType: string, known: readonly string[]): Record<string, unknown> {
  const obj = r.object(raw, [], goType) ?? {};
  r.strict(obj, [...TYPE_META, ...known], []);
  return obj;
}

export const defined = <T>(errs: (T | undefined)[]): T[] => errs.filter((e): e is T => e !== undefined);
