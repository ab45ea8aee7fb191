// The admission plugins that change or reject pods before the scheduler sees them, in the
// kube-apiserver's order (pkg/kubeapiserver/options/plugins.go AllOrderedPlugins):
// PodNodeSelector, Priority, DefaultTolerationSeconds, PodTolerationRestriction, RuntimeClass.
// OpenShift's project node selector (scheduling.openshift.io/OriginPodNodeEnvironment) runs first.

import type { Namespace, Node, Pod, PriorityClass, ResourceList, RuntimeClass, Toleration } from '../types';
import { parseQuantity } from '../quantity';
import { compileMapSelector } from '../selectors';
import { TAINT_NODE_NOT_READY, TAINT_NODE_UNREACHABLE } from '../taints';
import { Diagnostics, Reader } from '../decoder';
import { jsonToSrc } from '../source';
import { decodeTolerations } from '../decode/scheduling';
import {
  ANNOTATION_DEFAULT_TOLERATIONS, ANNOTATION_NODE_SELECTOR, ANNOTATION_OPENSHIFT_NODE_SELECTOR, labelsConflict, mergeLabels,
  parseNodeSelectorAnnotation, type Parsed,
} from './namespaceAnnotations';
import { mergeTolerations } from './tolerations';
import { quote } from '../quote';

/** A plugin's verdict: the changed pod, or the error the API server returns. */
export type PluginResult = { pod: Pod; warning?: string } | { rejected: string };

export interface PluginContext {
  namespace: Namespace | undefined;
  node(name: string): Node | undefined;
  priorityClasses: ReadonlyMap<string, PriorityClass>;
  runtimeClasses: ReadonlyMap<string, RuntimeClass>;
}

/** upstream: apierrors.NewForbidden — `pods "<name>" is forbidden: ...`, `pods is forbidden: ...` without a name. */
export function forbidden(name: string, reason: string): string {
  return name ? `pods ${quote(name)} is forbidden: ${reason}` : `pods is forbidden: ${reason}`;
}

/** upstream: admission.NewForbidden names the pod by name, else by generateName. */
const admissionName = (pod: Pod): string => pod.metadata.name || pod.metadata.generateName || 'Unknown';

/** scheduling.openshift.io/OriginPodNodeEnvironment (openshift.io/node-selector). */
export function originPodNodeEnvironment(pod: Pod, ctx: PluginContext): PluginResult {
  const annotations = ctx.namespace?.metadata.annotations ?? {};
  const has = (k: string) => Object.prototype.hasOwnProperty.call(annotations, k);
  if (has(ANNOTATION_NODE_SELECTOR) || !has(ANNOTATION_OPENSHIFT_NODE_SELECTOR)) return { pod };
  const parsed = parseNodeSelectorAnnotation(annotations[ANNOTATION_OPENSHIFT_NODE_SELECTOR]!);
  if (!parsed.ok) return { rejected: parsed.error };
  const projectSelector = parsed.value;
  if (labelsConflict(projectSelector, pod.spec.nodeSelector)) {
    return { rejected: forbidden(pod.metadata.name, 'pod node label selector conflicts with its project node label selector') };
  }
  if (pod.spec.nodeName && Object.keys(projectSelector).length > 0) {
    const node = ctx.node(pod.spec.nodeName);
    if (!node) return { rejected: forbidden(pod.metadata.name, `cannot validate project node label selector: node "${pod.spec.nodeName}" not found`) };
    if (!compileMapSelector(projectSelector).matches(node.metadata.labels)) {
      return { rejected: forbidden(pod.metadata.name, 'pod node name conflicts with project node label selector') };
    }
  }
  return { pod: { ...pod, spec: { ...pod.spec, nodeSelector: mergeLabels(projectSelector, pod.spec.nodeSelector) } } };
}

/** upstream: podnodeselector.Plugin.Admit */
export function podNodeSelector(pod: Pod, ctx: PluginContext): PluginResult {
  const annotations = ctx.namespace?.metadata.annotations ?? {};
  if (!Object.prototype.hasOwnProperty.call(annotations, ANNOTATION_NODE_SELECTOR)) return { pod };
  const parsed = parseNodeSelectorAnnotation(annotations[ANNOTATION_NODE_SELECTOR]!);
  if (!parsed.ok) return { rejected: parsed.error };
  if (labelsConflict(parsed.value, pod.spec.nodeSelector)) {
    return { rejected: forbidden(pod.metadata.name, 'pod node label selector conflicts with its namespace node label selector') };
  }
  return { pod: { ...pod, spec: { ...pod.spec, nodeSelector: mergeLabels(parsed.value, pod.spec.nodeSelector) } } };
}

/** upstream: priority.Plugin.getDefaultPriorityClass — the lowest-valued globalDefault class. */
export function defaultPriorityClass(classes: ReadonlyMap<string, PriorityClass>): PriorityClass | undefined {
  let best: PriorityClass | undefined;
  for (const pc of classes.values()) if (pc.globalDefault && (!best || pc.value < best.value)) best = pc;
  return best;
}

/**
 * upstream: priority.Plugin.admitPod (create). A pod that is already bound and carries its
 * priority (a `kubectl get -o yaml` dump without its PriorityClasses) keeps that priority.
 */
export function priority(pod: Pod, ctx: PluginContext): PluginResult {
  let className = pod.spec.priorityClassName ?? '';
  let value: number;
  let policy: Pod['spec']['preemptionPolicy'];
  if (className === '') {
    const dpc = defaultPriorityClass(ctx.priorityClasses);
    className = dpc?.metadata.name ?? '';
    value = dpc?.value ?? 0;
    policy = dpc ? dpc.preemptionPolicy : 'PreemptLowerPriority';
  } else {
    const pc = ctx.priorityClasses.get(className);
    if (!pc) {
      if (pod.spec.nodeName && pod.spec.priority !== undefined) {
        return { pod, warning: `PriorityClass ${quote(className)} is not in the scenario; the bound pod keeps spec.priority ${pod.spec.priority}` };
      }
      return { rejected: forbidden(admissionName(pod), `no PriorityClass with name ${className} was found`) };
    }
    value = pc.value;
    policy = pc.preemptionPolicy;
  }
  if (pod.spec.priority !== undefined && pod.spec.priority !== value) {
    return { rejected: forbidden(admissionName(pod), `the integer value of priority (${pod.spec.priority}) must not be provided in pod spec; priority admission controller computed ${value} from the given PriorityClass name`) };
  }
  const spec = { ...pod.spec, priority: value };
  if (className) spec.priorityClassName = className;
  if (policy !== undefined) {
    if (pod.spec.preemptionPolicy !== undefined && pod.spec.preemptionPolicy !== policy) {
      return { rejected: forbidden(admissionName(pod), `the string value of PreemptionPolicy (${pod.spec.preemptionPolicy}) must not be provided in pod spec; priority admission controller computed ${policy} from the given PriorityClass name`) };
    }
    spec.preemptionPolicy = policy;
  }
  return { pod: { ...pod, spec } };
}

/** upstream: --default-not-ready-toleration-seconds / --default-unreachable-toleration-seconds */
export const DEFAULT_TOLERATION_SECONDS = 300;

/** upstream: defaulttolerationseconds.Plugin.Admit */
export function defaultTolerationSeconds(pod: Pod): PluginResult {
  const tolerations = pod.spec.tolerations ?? [];
  const tolerates = (key: string) => tolerations.some((t) => (t.key === key || !t.key) && (t.effect === 'NoExecute' || !t.effect));
  const add: Toleration[] = [];
  if (!tolerates(TAINT_NODE_NOT_READY)) add.push({ key: TAINT_NODE_NOT_READY, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: DEFAULT_TOLERATION_SECONDS });
  if (!tolerates(TAINT_NODE_UNREACHABLE)) add.push({ key: TAINT_NODE_UNREACHABLE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: DEFAULT_TOLERATION_SECONDS });
  if (add.length === 0) return { pod };
  return { pod: { ...pod, spec: { ...pod.spec, tolerations: [...tolerations, ...add] } } };
}

/** The namespace's scheduler.alpha.kubernetes.io/defaultTolerations, a JSON list of tolerations. */
export function parseDefaultTolerations(text: string): Parsed<Toleration[]> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  const diag = new Diagnostics('');
  const r = new Reader(diag, { kind: 'Namespace', document: 0 });
  const node = jsonToSrc(json, { line: 1, column: 1 });
  const tolerations = decodeTolerations(r, { kind: 'map', pos: node.pos, entries: new Map([['t', { key: 't', keyPos: node.pos, value: node }]]) }, [], 't');
  if (diag.errors.length) return { ok: false, error: diag.errors.map((e) => e.message.replace(/^Namespace [^:]*: /, '')).join('; ') };
  return { ok: true, value: tolerations ?? [] };
}

/**
 * upstream: podtolerationrestriction.Plugin.Admit — the namespace default tolerations merged into the
 * pod's. The plugin is off by default; the simulator applies it when a namespace carries the annotation.
 */
export function podTolerationRestriction(pod: Pod, ctx: PluginContext): PluginResult {
  const annotations = ctx.namespace?.metadata.annotations ?? {};
  const text = Object.prototype.hasOwnProperty.call(annotations, ANNOTATION_DEFAULT_TOLERATIONS) ? annotations[ANNOTATION_DEFAULT_TOLERATIONS]! : '';
  if (text === '') return { pod };
  const parsed = parseDefaultTolerations(text);
  if (!parsed.ok) return { rejected: parsed.error };
  if (parsed.value.length === 0) return { pod };
  return { pod: { ...pod, spec: { ...pod.spec, tolerations: mergeTolerations(pod.spec.tolerations, parsed.value) } } };
}

function sameResourceList(a: ResourceList, b: ResourceList): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const qa = a[k] !== undefined ? parseQuantity(a[k]!) : undefined;
    const qb = b[k] !== undefined ? parseQuantity(b[k]!) : undefined;
    if (!qa || !qb || qa.numerator * qb.denominator !== qb.numerator * qa.denominator) return false;
  }
  return true;
}

/** upstream: runtimeclass.RuntimeClass Admit (setOverhead, setScheduling) and Validate (validateOverhead). */
export function runtimeClass(pod: Pod, ctx: PluginContext): PluginResult {
  const name = pod.spec.runtimeClassName;
  const rc = name !== undefined ? ctx.runtimeClasses.get(name) : undefined;
  if (name !== undefined && !rc) {
    if (pod.spec.nodeName) return { pod, warning: `RuntimeClass ${quote(name)} is not in the scenario; the bound pod keeps its overhead` };
    return { rejected: forbidden(admissionName(pod), `pod rejected: RuntimeClass ${quote(name)} not found`) };
  }
  const podFixed = rc?.overhead?.podFixed;
  let spec = pod.spec;
  if (podFixed) {
    if (spec.overhead && !sameResourceList(podFixed, spec.overhead)) {
      return { rejected: forbidden(admissionName(pod), "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead") };
    }
    spec = { ...spec, overhead: { ...podFixed } };
  } else if (spec.overhead) {
    return { rejected: forbidden(admissionName(pod), 'pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead') };
  }
  const scheduling = rc?.scheduling;
  if (scheduling) {
    const selector = { ...(spec.nodeSelector ?? {}) };
    for (const [k, v] of Object.entries(scheduling.nodeSelector ?? {})) {
      if (Object.prototype.hasOwnProperty.call(selector, k) && selector[k] !== v) {
        return { rejected: forbidden(admissionName(pod), `conflict: runtimeClass.scheduling.nodeSelector[${k}] = ${v}; pod.spec.nodeSelector[${k}] = ${selector[k]}`) };
      }
      selector[k] = v;
    }
    const tolerations = mergeTolerations(spec.tolerations, scheduling.tolerations);
    spec = { ...spec };
    if (tolerations.length) spec.tolerations = tolerations;
    if (spec.nodeSelector || scheduling.nodeSelector) spec.nodeSelector = selector;
  }
  return { pod: { ...pod, spec } };
}
