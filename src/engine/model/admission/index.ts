// Creating a pod through the API server: defaulting, the mutating and validating admission
// plugins, then the pod strategy (name generation, matchLabelKeys folding).
// upstream: staging/src/k8s.io/apiserver/pkg/endpoints/handlers/create.go (order),
// pkg/registry/core/pod/strategy.go (PrepareForCreate), plugin/pkg/admission/*.

import type { Namespace, Node, Pod, PriorityClass, RuntimeClass } from '../types';
import { applyMatchLabelKeys } from './matchLabelKeys';
import type { NameGenerator } from '../names';
import { applyPodDefaults } from './defaults';
import { toResourceList } from '../quota/resourceList';
import {
  defaultTolerationSeconds, originPodNodeEnvironment, podNodeSelector, podTolerationRestriction, priority, runtimeClass,
  forbidden, type PluginContext, type PluginResult,
} from './plugins';
import { quote } from '../quote';
import type { LimitedResource, LimitRange, NamespacePolicies, ResourceQuota } from '../policy';
import { aggregateMessage, defaultPodResources, podLimitViolations } from './limitRanger';
import { chargeResourceQuotas, checkResourceQuotas } from './resourceQuota';

export interface AdmissionContext {
  nodes: ReadonlyMap<string, Node>;
  namespaces: ReadonlyMap<string, Namespace>;
  /** including the built-in system-node-critical and system-cluster-critical */
  priorityClasses: ReadonlyMap<string, PriorityClass>;
  runtimeClasses: ReadonlyMap<string, RuntimeClass>;
  names: NameGenerator;
  /** simulated seconds: the pod's creationTimestamp */
  now: number;
  /** LimitRanges and ResourceQuotas by namespace; none when absent */
  policies?: NamespacePolicies;
}

export type AdmissionResult =
  | { ok: true; pod: Pod; warnings: string[] }
  /** message: the API server's error, e.g. `pods "web-1" is forbidden: no PriorityClass with name high was found` */
  | { ok: false; message: string; refusal?: AdmissionRefusal };

/** Which policy refused a pod, for the diagnosis (the message says the same in words). */
export type AdmissionRefusal =
  | { plugin: 'LimitRanger'; limitRange: string }
  | { plugin: 'ResourceQuota'; quota?: ResourceQuota; exceeded?: { requested: Record<string, string>; used: Record<string, string>; hard: Record<string, string> } };

type Plugin = (pod: Pod, ctx: PluginContext) => PluginResult;

// upstream order (mutating phase); RuntimeClass also validates the overhead it set.
const plugins: readonly Plugin[] = [
  originPodNodeEnvironment, podNodeSelector, priority, defaultTolerationSeconds, podTolerationRestriction, runtimeClass,
];

/** What the admission plugins see of the cluster, for a pod in `namespace`. */
export function pluginContext(ctx: AdmissionContext, namespace: Namespace | undefined): PluginContext {
  return {
    namespace,
    node: (name) => ctx.nodes.get(name),
    priorityClasses: ctx.priorityClasses,
    runtimeClasses: ctx.runtimeClasses,
  };
}

/**
 * Admits one pod. The input is not changed; the result is a new, defaulted pod with its name,
 * uid, priority, tolerations, overhead and node selector as the API server would store them.
 */
export function admitPod(input: Pod, ctx: AdmissionContext): AdmissionResult {
  let pod = applyPodDefaults(input);
  const namespace = pod.metadata.namespace!;
  const nsObject = ctx.namespaces.get(namespace);
  // upstream: NamespaceLifecycle
  if (!nsObject) return { ok: false, message: `namespaces ${quote(namespace)} not found` };
  if (pod.metadata.name && ctx.names.isTaken(namespace, pod.metadata.name)) {
    return { ok: false, message: `pods ${quote(pod.metadata.name)} already exists` };
  }
  const pctx = pluginContext(ctx, nsObject);
  const warnings: string[] = [];
  // upstream: LimitRanger (mutating) right after NamespaceLifecycle. A pod already bound in the
  // file (a dump) was admitted before: it keeps what it has and is not checked again.
  const limitRanges = ctx.policies?.limitRanges(namespace) ?? [];
  const quotas = ctx.policies?.resourceQuotas(namespace) ?? [];
  const limited = ctx.policies?.limitedResources ?? [];
  // most namespaces have neither: nothing more to do or to allocate for them (upstream: without
  // limitedResources, a namespace with no quota is not checked)
  const policed = limitRanges.length > 0 || quotas.length > 0 || limited.length > 0;
  const existing = pod.spec.nodeName !== undefined;
  if (!existing && limitRanges.length > 0) pod = defaultPodResources(pod, limitRanges);
  for (const plugin of plugins) {
    const result = plugin(pod, pctx);
    if ('rejected' in result) return { ok: false, message: result.rejected };
    pod = result.pod;
    if (result.warning) warnings.push(result.warning);
  }
  // upstream: podStrategy.PrepareForCreate — matchLabelKeys/mismatchLabelKeys of pod (anti-)affinity
  // are folded into the label selector; topology spread keeps them (PodTopologySpread merges).
  pod = applyMatchLabelKeys(pod);
  // upstream: rest.BeforeCreate — generateName, uid, creationTimestamp.
  const name = pod.metadata.name || ctx.names.generate(namespace, pod.metadata.generateName ?? '');
  if (pod.metadata.name) ctx.names.reserve(namespace, name);
  // upstream: the pod strategy's Validate (validateImageVolumeSource) — a pod needs its image
  // volumes' reference. The loader refuses such a Pod at its line; this is the pod a controller
  // makes from a template that lacks it, which API servers before 1.37 accepted (kubernetes PR #135989)
  const imageVolume = existing ? -1 : (pod.spec.volumes ?? []).findIndex((v) => v.image !== undefined && !v.image.reference);
  if (imageVolume >= 0) {
    ctx.names.release(namespace, name);
    return { ok: false, message: `Pod ${quote(name)} is invalid: spec.volumes[${imageVolume}].image.reference: Required value` };
  }
  if (policed) {
    const named = { ...pod, metadata: { ...pod.metadata, name } };
    if (existing) chargeResourceQuotas(named, quotas, ctx.now);
    const refused = existing ? undefined : validatePolicies(named, limitRanges, quotas, limited, ctx.now);
    if (refused) {
      ctx.names.release(namespace, name);
      return refused;
    }
  }
  pod = {
    ...pod,
    metadata: {
      ...pod.metadata,
      name,
      uid: pod.metadata.uid ?? ctx.names.uid('Pod', namespace, name),
      creationTimestamp: pod.metadata.creationTimestamp ?? ctx.now,
    },
  };
  return { ok: true, pod: withSharedShapes(pod), warnings };
}

/**
 * The validating phase, after the name is generated (the registry's BeforeCreate): LimitRanger's
 * constraints, then ResourceQuota, which charges the admitted pod to its quotas.
 * upstream: limitRanger.Validate, resourcequota QuotaAdmission.Validate.
 */
function validatePolicies(pod: Pod, limitRanges: readonly LimitRange[], quotas: readonly ResourceQuota[], limited: readonly LimitedResource[], now: number): Extract<AdmissionResult, { ok: false }> | undefined {
  for (const lr of limitRanges) {
    const errs = podLimitViolations(pod, lr);
    if (errs.length) return { ok: false, message: forbidden(pod.metadata.name, aggregateMessage(errs)), refusal: { plugin: 'LimitRanger', limitRange: lr.metadata.name } };
  }
  if (quotas.length === 0 && limited.length === 0) return undefined;
  const check = checkResourceQuotas(pod, quotas, now, limited);
  if (!check.ok) {
    const exceeded = check.exceeded && { requested: toResourceList(check.exceeded.requested), used: toResourceList(check.exceeded.used), hard: toResourceList(check.exceeded.hard) };
    return {
      ok: false, message: check.forbidden ? forbidden(pod.metadata.name, check.error) : check.error,
      refusal: { plugin: 'ResourceQuota', ...(check.quota ? { quota: check.quota } : {}), ...(exceeded ? { exceeded } : {}) },
    };
  }
  check.charge();
  return undefined;
}

/**
 * The same pod, its parts rebuilt property by property. Chains of object spreads give every
 * object a hidden class of its own in V8, and the scheduler reads these fields for every pod in
 * every cycle: objects with shared shapes keep those reads fast.
 */
function withSharedShapes(pod: Pod): Pod {
  return rebuilt({ ...pod, metadata: rebuilt(pod.metadata), spec: rebuilt(pod.spec), status: rebuilt(pod.status) });
}

function rebuilt<T extends object>(o: T): T {
  const out = {} as T;
  for (const k of Object.keys(o) as (keyof T)[]) out[k] = o[k];
  return out;
}

export { DEFAULT_SCHEDULER_NAME, DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS, applyPodDefaults } from './defaults';
export { DEFAULT_TOLERATION_SECONDS, defaultPriorityClass, parseDefaultTolerations } from './plugins';
export { parseNodeSelectorAnnotation, ANNOTATION_DEFAULT_TOLERATIONS, ANNOTATION_NODE_SELECTOR, ANNOTATION_OPENSHIFT_NODE_SELECTOR } from './namespaceAnnotations';
export { addOrUpdateToleration, mergeTolerations } from './tolerations';
