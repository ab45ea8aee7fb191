// The lines `kubectl describe pod` prints for the fields that matter to scheduling
// (k8s.io/kubectl/pkg/describe: describePod, printLabelsMultiline, printPodTolerationsMultiline,
// printTopologySpreadConstraintMultiline), from a PodOutcome's scheduling spec.

import type { PodSchedulingSpec } from '../../engine/api';
import { formatQuantity } from '../format';

type Obj = Record<string, unknown>;

export function labelLines(labels: Record<string, string> | undefined): string[] {
  return Object.entries(labels ?? {}).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${v}`);
}

/** upstream: printPodTolerationsMultiline — "key=value:effect op=Exists for 300s" */
export function tolerationLines(tolerations: PodSchedulingSpec['tolerations']): string[] {
  return (tolerations ?? []).map((t) => {
    let s = t.key ?? '';
    if (t.value) s += `=${t.value}`;
    if (t.effect) s += `:${t.effect}`;
    if (t.operator === 'Exists' && !t.value) s += `${s === '' ? '' : ' '}op=Exists`;
    if (t.tolerationSeconds !== undefined) s += ` for ${t.tolerationSeconds}s`;
    return s;
  });
}

function selectorText(selector: unknown): string {
  const sel = (selector ?? {}) as { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values?: string[] }[] };
  const parts = [
    ...Object.entries(sel.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`),
    ...(sel.matchExpressions ?? []).map(requirementText),
  ];
  return parts.length === 0 ? '<none>' : parts.join(',');
}

function requirementText(r: { key: string; operator: string; values?: string[] }): string {
  switch (r.operator) {
    case 'In': return `${r.key} in (${(r.values ?? []).join(',')})`;
    case 'NotIn': return `${r.key} notin (${(r.values ?? []).join(',')})`;
    case 'Exists': return r.key;
    case 'DoesNotExist': return `!${r.key}`;
    default: return `${r.key} ${r.operator.toLowerCase()} ${(r.values ?? []).join(',')}`;
  }
}

/** upstream: printTopologySpreadConstraintMultiline */
export function spreadLines(constraints: PodSchedulingSpec['topologySpreadConstraints']): string[] {
  return (constraints ?? []).map((c) => `${String(c.topologyKey)}:${String(c.whenUnsatisfiable)} when max skew ${String(c.maxSkew)} is exceeded for selector ${selectorText(c.labelSelector)}`);
}

/** One line per required or preferred affinity term (kubectl prints no affinity; this is the summary it lacks). */
export function affinityLines(affinity: PodSchedulingSpec['affinity']): string[] {
  const out: string[] = [];
  const na = (affinity?.nodeAffinity ?? {}) as Obj;
  const required = (na.requiredDuringSchedulingIgnoredDuringExecution as { nodeSelectorTerms?: { matchExpressions?: { key: string; operator: string; values?: string[] }[]; matchFields?: { key: string; operator: string; values?: string[] }[] }[] } | undefined)?.nodeSelectorTerms ?? [];
  required.forEach((t, i) => {
    const reqs = [...(t.matchExpressions ?? []), ...(t.matchFields ?? [])].map(requirementText).join(', ');
    out.push(`node affinity (required${required.length > 1 ? `, term ${i + 1} of ${required.length}` : ''}): ${reqs || '<empty>'}`);
  });
  const preferred = (na.preferredDuringSchedulingIgnoredDuringExecution as { weight: number; preference: { matchExpressions?: { key: string; operator: string; values?: string[] }[] } }[] | undefined) ?? [];
  for (const p of preferred) out.push(`node affinity (preferred, weight ${p.weight}): ${(p.preference.matchExpressions ?? []).map(requirementText).join(', ')}`);
  for (const kind of ['podAffinity', 'podAntiAffinity'] as const) {
    const pa = (affinity?.[kind] ?? {}) as Obj;
    const name = kind === 'podAffinity' ? 'pod affinity' : 'pod anti-affinity';
    for (const t of (pa.requiredDuringSchedulingIgnoredDuringExecution as Obj[] | undefined) ?? []) {
      out.push(`${name} (required): ${selectorText(t.labelSelector)} per ${String(t.topologyKey)}`);
    }
    for (const w of (pa.preferredDuringSchedulingIgnoredDuringExecution as { weight: number; podAffinityTerm: Obj }[] | undefined) ?? []) {
      out.push(`${name} (preferred, weight ${w.weight}): ${selectorText(w.podAffinityTerm.labelSelector)} per ${String(w.podAffinityTerm.topologyKey)}`);
    }
  }
  return out;
}

/** "cpu: 500m, memory: 1Gi (overhead included: cpu 250m)" */
export function requestsLine(requests: Record<string, number> | undefined, overhead: Record<string, number> | undefined): string {
  const shown = Object.entries(requests ?? {}).filter(([k, v]) => v !== 0 || k === 'cpu' || k === 'memory');
  const text = shown.map(([k, v]) => `${k}: ${formatQuantity(k, v)}`).join(', ') || '<none>';
  const extra = Object.entries(overhead ?? {}).filter(([, v]) => v !== 0).map(([k, v]) => `${k} ${formatQuantity(k, v)}`);
  return extra.length > 0 ? `${text} (overhead included: ${extra.join(', ')})` : text;
}
