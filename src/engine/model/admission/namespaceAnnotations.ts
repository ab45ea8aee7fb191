// Namespace annotations read by admission plugins.
// upstream: plugin/pkg/admission/podnodeselector/admission.go (scheduler.alpha.kubernetes.io/node-selector),
// plugin/pkg/admission/podtolerationrestriction/admission.go (scheduler.alpha.kubernetes.io/defaultTolerations),
// openshift/kubernetes openshift-kube-apiserver/admission/scheduler/nodeenv (openshift.io/node-selector),
// staging/src/k8s.io/apimachinery/pkg/labels/labels.go (ConvertSelectorToLabelsMap).

import type { Labels } from '../types';
import { isQualifiedName, isValidLabelValue } from '../validation';
import { quote } from '../quote';

export const ANNOTATION_NODE_SELECTOR = 'scheduler.alpha.kubernetes.io/node-selector';
export const ANNOTATION_OPENSHIFT_NODE_SELECTOR = 'openshift.io/node-selector';
export const ANNOTATION_DEFAULT_TOLERATIONS = 'scheduler.alpha.kubernetes.io/defaultTolerations';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** upstream: labels.ConvertSelectorToLabelsMap — "k1=v1,k2=v2", spaces around keys and values trimmed. */
export function parseNodeSelectorAnnotation(text: string): Parsed<Labels> {
  const out = Object.create(null) as Labels;
  if (text.length === 0) return { ok: true, value: out };
  for (const part of text.split(',')) {
    const kv = part.split('=');
    if (kv.length !== 2) return { ok: false, error: `invalid selector: [${kv.join(' ')}]` };
    const key = kv[0]!.trim();
    const value = kv[1]!.trim();
    const keyErrs = isQualifiedName(key);
    if (keyErrs.length) return { ok: false, error: `invalid label key ${quote(key)}: ${keyErrs.join('; ')}` };
    const valueErrs = isValidLabelValue(value);
    if (valueErrs.length) return { ok: false, error: `invalid label value: ${quote(value)}: at key: ${quote(key)}: ${valueErrs.join('; ')}` };
    out[key] = value;
  }
  return { ok: true, value: out };
}

/** upstream: labels.Conflicts — a key with different values in the two sets. */
export function labelsConflict(a: Labels, b: Labels | undefined): boolean {
  for (const [k, v] of Object.entries(a)) {
    if (b && Object.prototype.hasOwnProperty.call(b, k) && b[k] !== v) return true;
  }
  return false;
}

/** upstream: labels.Merge — the second set wins. */
export function mergeLabels(a: Labels, b: Labels | undefined): Labels {
  return { ...a, ...(b ?? {}) };
}
