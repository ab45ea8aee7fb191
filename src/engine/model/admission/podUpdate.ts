// Updating a pod that already exists (a timeline `apply` naming a live pod, as `kubectl apply`
// does): the update's admission, then the API server's update validation. While a pod has
// scheduling gates its scheduling directives may be tightened, never loosened.
// upstream: pkg/apis/core/validation/validation.go (ValidatePodUpdate, validateOnlyAddedTolerations,
// validateOnlyDeletedSchedulingGates, validateNodeSelectorMutation, validateNodeAffinityMutation,
// validateNodeSelectorTermHasOnlyAdditions); plugin/pkg/admission/priority (Update keeps the
// priority); docs: concepts/scheduling-eviction/pod-scheduling-readiness ("Mutable Pod scheduling
// directives").

import { applyMatchLabelKeys } from './matchLabelKeys';
import { parseQuantity } from '../quantity';
import type { NodeAffinity, NodeSelectorRequirement, NodeSelectorTerm, Pod, PodSpec, Toleration } from '../types';
import { applyPodDefaults } from './defaults';
import { pluginContext, type AdmissionContext } from './index';
import { defaultTolerationSeconds, podNodeSelector } from './plugins';
import { quote } from '../quote';

export type FieldPath = (string | number)[];

/** One field.Error: `<path>: <body>`, as the API server words it. */
export interface FieldError {
  path: FieldPath;
  /** e.g. `Forbidden: only deletion is allowed, but found new scheduling gate 'b'` */
  body: string;
}

export function formatFieldPath(path: FieldPath): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? p : `.${p}`;
  return out;
}

export const formatFieldError = (e: FieldError): string => `${formatFieldPath(e.path)}: ${e.body}`;

/**
 * The API server's answer to an invalid update, as kubectl prints it:
 * `The Pod "web" is invalid: <error>` or, for several, `... is invalid: [<error>, <error>]`.
 */
export function invalidPodMessage(name: string, errors: readonly FieldError[]): string {
  const list = errors.map(formatFieldError);
  return `The Pod ${quote(name)} is invalid: ${list.length === 1 ? list[0] : `[${list.join(', ')}]`}`;
}

const forbidden = (path: FieldPath, detail: string): FieldError => ({ path, body: `Forbidden: ${detail}` });
const invalid = (path: FieldPath, value: string, detail: string): FieldError => ({ path, body: `Invalid value: ${value}: ${detail}` });

// ---- semantic equality (apiequality.Semantic.DeepEqual) ----

const RESOURCE_LISTS = new Set(['requests', 'limits', 'overhead']);

function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  return typeof v === 'object' && Object.keys(v).length === 0;
}

/**
 * Like upstream's semantic DeepEqual: an absent, empty or null list or map are the same, and
 * resource quantities compare by value ("1" equals "1000m").
 */
export function semanticEqual(a: unknown, b: unknown, kind: 'value' | 'resourceList' | 'quantity' = 'value'): boolean {
  if (a === b) return true;
  if (isEmpty(a) && isEmpty(b)) return true;
  if (kind === 'quantity' && typeof a === 'string' && typeof b === 'string') {
    const qa = parseQuantity(a);
    const qb = parseQuantity(b);
    return qa !== undefined && qb !== undefined && qa.numerator * qb.denominator === qb.numerator * qa.denominator;
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => semanticEqual(x, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) {
    if (!semanticEqual(ao[k], bo[k], kind === 'resourceList' ? 'quantity' : RESOURCE_LISTS.has(k) ? 'resourceList' : 'value')) return false;
  }
  return true;
}

// ---- values as the error message shows them (Go JSON of the internal types) ----

const goStrings = (values: string[] | undefined): unknown => values ?? null;
const goRequirement = (r: NodeSelectorRequirement) => ({ Key: r.key, Operator: r.operator, Values: goStrings(r.values) });
const goRequirements = (rs: NodeSelectorRequirement[] | undefined) => (rs === undefined ? null : rs.map(goRequirement));
const goTerm = (t: NodeSelectorTerm) => ({ MatchExpressions: goRequirements(t.matchExpressions), MatchFields: goRequirements(t.matchFields) });

function goMap(map: Record<string, string> | undefined): string {
  if (map === undefined) return 'null';
  return JSON.stringify(Object.fromEntries(Object.keys(map).sort().map((k) => [k, map[k]])));
}

// ---- the rules ----

/** upstream: validateOnlyAddedTolerations — every existing toleration stays (tolerationSeconds may change). */
function onlyAddedTolerations(next: Toleration[] = [], old: Toleration[] = []): FieldError[] {
  const bare = (t: Toleration) => ({ key: t.key ?? '', operator: t.operator ?? '', value: t.value ?? '', effect: t.effect ?? '' });
  for (const o of old) {
    if (!next.some((n) => semanticEqual(bare(n), bare(o)))) {
      return [forbidden(['spec', 'tolerations'], 'existing toleration can not be modified except its tolerationSeconds')];
    }
  }
  return [];
}

/** upstream: validateOnlyDeletedSchedulingGates — gates can only be removed. */
function onlyDeletedSchedulingGates(spec: PodSpec, old: PodSpec): FieldError[] {
  const before = new Set((old.schedulingGates ?? []).map((g) => g.name));
  return (spec.schedulingGates ?? []).flatMap((g, i) => (before.has(g.name) ? []
    : [forbidden(['spec', 'schedulingGates', i, 'name'], `only deletion is allowed, but found new scheduling gate '${g.name}'`)]));
}

/** upstream: validateNodeSelectorMutation — keys may be added, never changed or removed. */
function nodeSelectorMutation(next: Record<string, string> | undefined, old: Record<string, string> | undefined): FieldError[] {
  for (const [k, v] of Object.entries(old ?? {})) {
    if (next?.[k] !== v) return [invalid(['spec', 'nodeSelector'], goMap(next), 'only additions to spec.nodeSelector are allowed (no mutations or deletions)')];
  }
  return [];
}

/** upstream: validateNodeSelectorTermHasOnlyAdditions */
function termHasOnlyAdditions(next: NodeSelectorTerm, old: NodeSelectorTerm): boolean {
  const oldExpr = old.matchExpressions ?? [];
  const oldFields = old.matchFields ?? [];
  const newExpr = next.matchExpressions ?? [];
  const newFields = next.matchFields ?? [];
  // an empty term matches nothing; it cannot grow into one that matches something
  if (oldExpr.length === 0 && oldFields.length === 0 && (newExpr.length > 0 || newFields.length > 0)) return false;
  if (oldExpr.length > 0 && (newExpr.length < oldExpr.length || !semanticEqual(newExpr.slice(0, oldExpr.length), oldExpr))) return false;
  if (oldFields.length > 0 && (newFields.length < oldFields.length || !semanticEqual(newFields.slice(0, oldFields.length), oldFields))) return false;
  return true;
}

/** upstream: validateNodeAffinityMutation — required terms may only be narrowed; preferred terms are free. */
function nodeAffinityMutation(next: NodeAffinity | undefined, old: NodeAffinity | undefined): FieldError[] {
  const oldRequired = old?.requiredDuringSchedulingIgnoredDuringExecution;
  if (oldRequired === undefined) return [];
  const path: FieldPath = ['spec', 'affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution', 'nodeSelectorTerms'];
  const oldTerms = oldRequired.nodeSelectorTerms;
  const newTerms = next?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  if (oldTerms.length > 0 && oldTerms.length !== newTerms.length) {
    const shown = next?.requiredDuringSchedulingIgnoredDuringExecution === undefined ? 'null' : JSON.stringify(newTerms.map(goTerm));
    return [invalid(path, shown, 'no additions/deletions to non-empty NodeSelectorTerms list are allowed')];
  }
  return oldTerms.flatMap((term, i) => (termHasOnlyAdditions(newTerms[i]!, term) ? []
    : [invalid([...path, i], JSON.stringify(goTerm(newTerms[i]!)), 'only additions are allowed (no mutations or deletions)')]));
}

/** upstream: updatablePodSpecFields, listed in the error for any other change */
const UPDATABLE_POD_SPEC_FIELDS = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];

/** The spec fields that differ, for the error (upstream prints a cmp.Diff of the two specs). */
function changedFields(spec: PodSpec, old: PodSpec): string[] {
  const keys = [...new Set([...Object.keys(old), ...Object.keys(spec)])] as (keyof PodSpec)[];
  return keys.filter((k) => !semanticEqual(spec[k], old[k])).sort().map((k) => `spec.${k}`);
}

/**
 * upstream: ValidatePodUpdate, for the fields this model has. Metadata labels and annotations may
 * change freely; the name and namespace are the pod's identity here.
 */
export function validatePodUpdate(pod: Pod, old: Pod): FieldError[] {
  const spec = pod.spec;
  const oldSpec = old.spec;
  // upstream: ValidateContainerUpdates
  for (const [field, next, before] of [['containers', spec.containers, oldSpec.containers], ['initContainers', spec.initContainers, oldSpec.initContainers]] as const) {
    if ((next?.length ?? 0) !== (before?.length ?? 0)) return [forbidden(['spec', field], 'pod updates may not add or remove containers')];
  }
  const errors = [...onlyAddedTolerations(spec.tolerations, oldSpec.tolerations), ...onlyDeletedSchedulingGates(spec, oldSpec)];
  if (semanticEqual(spec, oldSpec)) return errors;

  // the updatable fields are taken from the old spec before the remaining comparison
  const munged: PodSpec = {
    ...spec,
    containers: spec.containers.map((c, i) => ({ ...c, image: oldSpec.containers[i]!.image })),
    ...(spec.initContainers ? { initContainers: spec.initContainers.map((c, i) => ({ ...c, image: oldSpec.initContainers![i]!.image })) } : {}),
    schedulingGates: oldSpec.schedulingGates,
    tolerations: oldSpec.tolerations,
  };
  if ((oldSpec.terminationGracePeriodSeconds ?? 0) < 0 && munged.terminationGracePeriodSeconds === 1) {
    munged.terminationGracePeriodSeconds = oldSpec.terminationGracePeriodSeconds;
  }
  if ((oldSpec.schedulingGates ?? []).length > 0) {
    if (!semanticEqual(munged.nodeSelector, oldSpec.nodeSelector)) {
      errors.push(...nodeSelectorMutation(munged.nodeSelector, oldSpec.nodeSelector));
      munged.nodeSelector = oldSpec.nodeSelector;
    }
    const oldNodeAffinity = oldSpec.affinity?.nodeAffinity;
    if (!semanticEqual(munged.affinity?.nodeAffinity, oldNodeAffinity)) {
      errors.push(...nodeAffinityMutation(munged.affinity?.nodeAffinity, oldNodeAffinity));
      // pod (anti-)affinity stays immutable: the rest of the affinity is compared with the old
      // node affinity put back
      const affinity = munged.affinity;
      if (affinity === undefined) munged.affinity = { nodeAffinity: oldNodeAffinity };
      else if (oldSpec.affinity === undefined && affinity.podAffinity === undefined && affinity.podAntiAffinity === undefined) delete munged.affinity;
      else munged.affinity = { ...affinity, nodeAffinity: oldNodeAffinity };
    }
  }
  if (!semanticEqual(munged, oldSpec)) {
    errors.push(forbidden(['spec'], `pod updates may not change fields other than ${UPDATABLE_POD_SPEC_FIELDS.join(',')} (changed: ${changedFields(munged, oldSpec).join(', ')})`));
  }
  return errors;
}

export type PodUpdateResult = { ok: true; pod: Pod } | { ok: false; errors: FieldError[]; message: string };

/**
 * Admits an update of `live` from an applied manifest. As `kubectl apply` does for fields the
 * manifest sets, they replace the live ones; fields it leaves out keep their live values
 * (what the API server and its admission set at creation: priority, default tolerations,
 * overhead, nodeName). The update is then defaulted, goes through the admission plugins that
 * act on updates, and is validated against the live pod.
 */
export function admitPodUpdate(applied: Pod, live: Pod, ctx: AdmissionContext): PodUpdateResult {
  const given = Object.fromEntries(Object.entries(applied.spec).filter(([, v]) => v !== undefined)) as Partial<PodSpec>;
  const metadata = {
    ...live.metadata,
    ...(applied.metadata.labels !== undefined ? { labels: applied.metadata.labels } : {}),
    ...(applied.metadata.annotations !== undefined ? { annotations: applied.metadata.annotations } : {}),
  };
  let pod: Pod = applyPodDefaults({ ...live, metadata, spec: { ...live.spec, ...given }, status: live.status });
  // upstream: the pod strategy folded matchLabelKeys into the selectors at creation; an
  // unchanged manifest must compare equal to what was stored
  if (given.affinity !== undefined) pod = applyMatchLabelKeys(pod);
  // upstream: PodNodeSelector and DefaultTolerationSeconds act on updates too; Priority keeps the
  // live priority (already carried over); RuntimeClass acts on creation only
  const pctx = pluginContext(ctx, ctx.namespaces.get(live.metadata.namespace ?? 'default'));
  for (const plugin of [podNodeSelector, defaultTolerationSeconds]) {
    const result = plugin(pod, pctx);
    if ('rejected' in result) return { ok: false, errors: [], message: result.rejected };
    pod = result.pod;
  }
  const errors = validatePodUpdate(pod, live);
  if (errors.length > 0) return { ok: false, errors, message: invalidPodMessage(live.metadata.name, errors) };
  return { ok: true, pod };
}
