// Toleration list helpers the API server and controllers share.
// upstream: pkg/util/tolerations/tolerations.go (MergeTolerations, isSuperset),
// pkg/apis/core/v1/helper/helpers.go (AddOrUpdateTolerationInPodSpec, Toleration.MatchToleration).

import type { Toleration } from '../types';

const operatorOf = (t: Toleration): string => t.operator ?? 'Equal';

function sameToleration(a: Toleration, b: Toleration): boolean {
  return (a.key ?? '') === (b.key ?? '') && operatorOf(a) === operatorOf(b) && (a.value ?? '') === (b.value ?? '')
    && (a.effect ?? '') === (b.effect ?? '') && a.tolerationSeconds === b.tolerationSeconds;
}

/** upstream: isSuperset — whether ss tolerates everything t tolerates. */
function isSuperset(ss: Toleration, t: Toleration): boolean {
  if (sameToleration(ss, t)) return true;
  if ((t.key ?? '') !== (ss.key ?? '') && ((ss.key ?? '') !== '' || ss.operator !== 'Exists')) return false;
  if ((t.effect ?? '') !== (ss.effect ?? '') && (ss.effect ?? '') !== '') return false;
  if (ss.effect === 'NoExecute' && ss.tolerationSeconds !== undefined) {
    if (t.tolerationSeconds === undefined || t.tolerationSeconds > ss.tolerationSeconds) return false;
  }
  switch (operatorOf(ss)) {
    case 'Equal': return operatorOf(t) === 'Equal' && (t.value ?? '') === (ss.value ?? '');
    case 'Exists': return true;
    default: return false;
  }
}

/** upstream: MergeTolerations — both lists, dropping any toleration another one covers (the first of equals kept). */
export function mergeTolerations(first: readonly Toleration[] | undefined, second: readonly Toleration[] | undefined): Toleration[] {
  const all = [...(first ?? []), ...(second ?? [])];
  const merged: Toleration[] = [];
  all.forEach((t, i) => {
    if (merged.some((m) => isSuperset(m, t))) return;
    if (all.slice(i + 1).some((later) => !sameToleration(t, later) && isSuperset(later, t))) return;
    merged.push(t);
  });
  return merged;
}

/** upstream: Toleration.MatchToleration — same key, operator, value and effect (seconds ignored). */
function matchToleration(a: Toleration, b: Toleration): boolean {
  return (a.key ?? '') === (b.key ?? '') && (a.effect ?? '') === (b.effect ?? '') && operatorOf(a) === operatorOf(b) && (a.value ?? '') === (b.value ?? '');
}

/** upstream: AddOrUpdateTolerationInPodSpec — replaces a matching toleration, else appends. */
export function addOrUpdateToleration(tolerations: readonly Toleration[] | undefined, toleration: Toleration): Toleration[] {
  const list = tolerations ?? [];
  let updated = false;
  const out = list.map((t) => {
    if (!matchToleration(toleration, t)) return t;
    updated = true;
    return toleration;
  });
  if (!updated) out.push(toleration);
  return out;
}
