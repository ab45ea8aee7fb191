// The LimitRanger admission plugin: a namespace's LimitRanges default the containers' requests
// and limits, then bound them (min, max, maxLimitRequestRatio per Container and per Pod) and a
// claim's storage request (per PersistentVolumeClaim).
// upstream: plugin/pkg/admission/limitranger/admission.go (PodMutateLimitFunc,
// PodValidateLimitFunc, PersistentVolumeClaimValidateLimitFunc, minConstraint, maxConstraint,
// limitRequestRatioConstraint, sum).

import type { Container, Pod, ResourceList } from '../types';
import type { LimitRange, LimitType } from '../policy';
import type { PersistentVolumeClaim } from '../storage';
import { containerRequests } from '../containerRequests';
import { compareQuantity, formatQuantity, parseQuantity, quantityFormat, type Quantity } from '../quantity';

/** upstream: limitRangerAnnotation */
export const ANNOTATION_LIMIT_RANGER = 'kubernetes.io/limit-ranger';

/** A quantity as the API server keeps it: its value and the format it prints in. */
interface Written { q: Quantity; text: string }

const written = (text: string): Written | undefined => {
  const q = parseQuantity(text);
  return q ? { q, text: formatQuantity(q, quantityFormat(text)) } : undefined;
};

const get = (list: ResourceList | undefined, name: string): Written | undefined =>
  list && Object.prototype.hasOwnProperty.call(list, name) ? written(list[name]!) : undefined;

const sortedKeys = (list: ResourceList | undefined): string[] => Object.keys(list ?? {}).sort();

// upstream: resource.MaxMilliValue = math.MaxInt64 / 1000
const MAX_MILLI_VALUE = 9223372036854775807n / 1000n;
const ceilDiv = (a: bigint, b: bigint): bigint => (a % b !== 0n && a > 0n ? a / b + 1n : a / b);
const value = (q: Quantity): bigint => ceilDiv(q.numerator, q.denominator);
const milli = (q: Quantity): bigint => ceilDiv(q.numerator * 1000n, q.denominator);

/** upstream: requestLimitEnforcedValues — all three at milli precision unless one would overflow it */
function enforcedValues(req: Quantity | undefined, lim: Quantity | undefined, enforced: Quantity): [bigint, bigint, bigint] {
  const zero: Quantity = { numerator: 0n, denominator: 1n };
  const r = req ?? zero;
  const l = lim ?? zero;
  if (value(r) <= MAX_MILLI_VALUE && value(l) <= MAX_MILLI_VALUE && value(enforced) <= MAX_MILLI_VALUE) return [milli(r), milli(l), milli(enforced)];
  return [value(r), value(l), value(enforced)];
}

/** upstream: minConstraint */
function minConstraint(type: LimitType, name: string, enforced: Written, requests: ResourceList | undefined, limits: ResourceList | undefined): string | undefined {
  const req = get(requests, name);
  const lim = get(limits, name);
  const [r, l, e] = enforcedValues(req?.q, lim?.q, enforced.q);
  if (!req) return `minimum ${name} usage per ${type} is ${enforced.text}.  No request is specified.`;
  if (r < e) return `minimum ${name} usage per ${type} is ${enforced.text}, but request is ${req.text}.`;
  if (lim && l < e) return `minimum ${name} usage per ${type} is ${enforced.text}, but limit is ${lim.text}.`;
  return undefined;
}

/** upstream: maxConstraint */
function maxConstraint(type: LimitType, name: string, enforced: Written, requests: ResourceList | undefined, limits: ResourceList | undefined): string | undefined {
  const req = get(requests, name);
  const lim = get(limits, name);
  const [r, l, e] = enforcedValues(req?.q, lim?.q, enforced.q);
  if (!lim) return `maximum ${name} usage per ${type} is ${enforced.text}.  No limit is specified.`;
  if (l > e) return `maximum ${name} usage per ${type} is ${enforced.text}, but limit is ${lim.text}.`;
  if (req && r > e) return `maximum ${name} usage per ${type} is ${enforced.text}, but request is ${req.text}.`;
  return undefined;
}

/** upstream: maxRequestConstraint (claims: only the request is the user's) */
function maxRequestConstraint(type: LimitType, name: string, enforced: Written, requests: ResourceList | undefined): string | undefined {
  const req = get(requests, name);
  const [r, , e] = enforcedValues(req?.q, undefined, enforced.q);
  if (!req) return `maximum ${name} usage per ${type} is ${enforced.text}.  No request is specified.`;
  if (r > e) return `maximum ${name} usage per ${type} is ${enforced.text}, but request is ${req.text}.`;
  return undefined;
}

/** upstream: limitRequestRatioConstraint; the observed ratio printed as Go's %f */
function ratioConstraint(type: LimitType, name: string, enforced: Written, requests: ResourceList | undefined, limits: ResourceList | undefined): string | undefined {
  const req = get(requests, name);
  const lim = get(limits, name);
  const [r, l] = enforcedValues(req?.q, lim?.q, enforced.q);
  if (!req || r === 0n) return `${name} max limit to request ratio per ${type} is ${enforced.text}, but no request is specified or request is 0.`;
  if (!lim || l === 0n) return `${name} max limit to request ratio per ${type} is ${enforced.text}, but no limit is specified or limit is 0.`;
  const observed = Number(l) / Number(r);
  let compared = observed;
  let max = Number(value(enforced.q));
  if (value(enforced.q) <= MAX_MILLI_VALUE) {
    compared = observed * 1000;
    max = Number(milli(enforced.q));
  }
  if (compared > max) return `${name} max limit to request ratio per ${type} is ${enforced.text}, but provided ratio is ${observed.toFixed(6)}.`;
  return undefined;
}

/** upstream: utilerrors.NewAggregate(errs).Error() — one message as is, several deduplicated in brackets */
export function aggregateMessage(errs: readonly string[]): string {
  const unique = [...new Set(errs)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}

function checkAll(type: LimitType, item: LimitRange['spec']['limits'][number], requests: ResourceList | undefined, limits: ResourceList | undefined): string[] {
  const errs: string[] = [];
  // Go ranges over maps in random order; Podplay sorts the resource names.
  for (const k of sortedKeys(item.min)) { const e = minConstraint(type, k, written(item.min![k]!)!, requests, limits); if (e) errs.push(e); }
  for (const k of sortedKeys(item.max)) { const e = maxConstraint(type, k, written(item.max![k]!)!, requests, limits); if (e) errs.push(e); }
  for (const k of sortedKeys(item.maxLimitRequestRatio)) { const e = ratioConstraint(type, k, written(item.maxLimitRequestRatio![k]!)!, requests, limits); if (e) errs.push(e); }
  return errs;
}

/**
 * upstream: sum — per resource over the inputs (cpu in millicores, others in units, printed as
 * DecimalSI); a resource missing from one input is left out.
 */
function sum(inputs: readonly (ResourceList | undefined)[]): ResourceList {
  const out: ResourceList = {};
  const keys = new Set(inputs.flatMap((i) => Object.keys(i ?? {})));
  for (const k of keys) {
    let total = 0n;
    let set = true;
    for (const input of inputs) {
      const w = get(input, k);
      if (!w) { set = false; break; }
      total += k === 'cpu' ? milli(w.q) : value(w.q);
    }
    if (set) out[k] = formatQuantity(k === 'cpu' ? { numerator: total, denominator: 1000n } : { numerator: total, denominator: 1n });
  }
  return out;
}

/** take max(sum of containers, any init container), keeping the larger quantity as written */
function maxInto(into: ResourceList, list: ResourceList | undefined): void {
  for (const [k, v] of Object.entries(list ?? {})) {
    const cur = get(into, k);
    const next = written(v);
    if (!next) continue;
    if (!cur || compareQuantity(next.q, cur.q) > 0) into[k] = v;
  }
}

/** upstream: defaultContainerResourceRequirements — the Container items' defaults, later items winning */
function containerDefaults(lr: LimitRange): { requests: ResourceList; limits: ResourceList } {
  const requests: ResourceList = {};
  const limits: ResourceList = {};
  for (const item of lr.spec.limits) {
    if (item.type !== 'Container') continue;
    Object.assign(requests, item.defaultRequest ?? {});
    Object.assign(limits, item.default ?? {});
  }
  return { requests, limits };
}

/** upstream: mergeContainerResources — fills what the container leaves unset; says what it set. */
function mergeContainer(c: Container, defaults: { requests: ResourceList; limits: ResourceList }, prefix: string, notes: string[]): Container {
  const limits: ResourceList = { ...(c.resources?.limits ?? {}) };
  // API defaulting (SetDefaults_Pod) has already copied limits into unset requests
  const requests: ResourceList = containerRequests(c);
  const setLimits: string[] = [];
  const setRequests: string[] = [];
  for (const [k, v] of Object.entries(defaults.limits)) if (!Object.prototype.hasOwnProperty.call(limits, k)) { limits[k] = v; setLimits.push(k); }
  for (const [k, v] of Object.entries(defaults.requests)) if (!Object.prototype.hasOwnProperty.call(requests, k)) { requests[k] = v; setRequests.push(k); }
  if (setRequests.length) notes.push(`${setRequests.sort().join(', ')} request for ${prefix} ${c.name}`);
  if (setLimits.length) notes.push(`${setLimits.sort().join(', ')} limit for ${prefix} ${c.name}`);
  if (!setLimits.length && !setRequests.length) return c;
  const resources = { ...(c.resources ?? {}) };
  if (Object.keys(requests).length) resources.requests = requests;
  if (Object.keys(limits).length) resources.limits = limits;
  return { ...c, resources };
}

/** upstream: PodMutateLimitFunc — the defaulted pod, annotated with what was set. */
export function defaultPodResources(pod: Pod, limitRanges: readonly LimitRange[]): Pod {
  let out = pod;
  for (const lr of limitRanges) {
    const defaults = containerDefaults(lr);
    if (!Object.keys(defaults.requests).length && !Object.keys(defaults.limits).length) continue;
    const notes: string[] = [];
    const containers = out.spec.containers.map((c) => mergeContainer(c, defaults, 'container', notes));
    const initContainers = out.spec.initContainers?.map((c) => mergeContainer(c, defaults, 'init container', notes));
    if (!notes.length) continue;
    out = {
      ...out,
      metadata: { ...out.metadata, annotations: { ...(out.metadata.annotations ?? {}), [ANNOTATION_LIMIT_RANGER]: `LimitRanger plugin set: ${notes.join('; ')}` } },
      spec: { ...out.spec, containers, ...(initContainers ? { initContainers } : {}) },
    };
  }
  return out;
}

/** upstream: PodValidateLimitFunc — the violations of one LimitRange, in upstream's order. */
export function podLimitViolations(pod: Pod, lr: LimitRange): string[] {
  const errs: string[] = [];
  for (const item of lr.spec.limits) {
    if (item.type === 'Container') {
      for (const c of [...pod.spec.containers, ...(pod.spec.initContainers ?? [])]) errs.push(...checkAll('Container', item, containerRequests(c), c.resources?.limits));
    } else if (item.type === 'Pod') {
      const requests = sum(pod.spec.containers.map(containerRequests));
      const limits = sum(pod.spec.containers.map((c) => c.resources?.limits));
      for (const c of pod.spec.initContainers ?? []) {
        maxInto(requests, containerRequests(c));
        maxInto(limits, c.resources?.limits);
      }
      errs.push(...checkAll('Pod', item, requests, limits));
    }
  }
  return errs;
}

/** upstream: PersistentVolumeClaimValidateLimitFunc (on create) */
export function claimLimitViolations(pvc: PersistentVolumeClaim, lr: LimitRange): string[] {
  const errs: string[] = [];
  const requests = pvc.spec.resources?.requests;
  for (const item of lr.spec.limits) {
    if (item.type !== 'PersistentVolumeClaim') continue;
    for (const k of sortedKeys(item.min)) { const e = minConstraint('PersistentVolumeClaim', k, written(item.min![k]!)!, requests, {}); if (e) errs.push(e); }
    for (const k of sortedKeys(item.max)) { const e = maxRequestConstraint('PersistentVolumeClaim', k, written(item.max![k]!)!, requests); if (e) errs.push(e); }
  }
  return errs;
}

/**
 * The plugin on pod creation: defaults from every LimitRange of the namespace, then each
 * LimitRange's constraints; the first LimitRange violated refuses the pod with all its violations.
 */
export function limitRanger(pod: Pod, limitRanges: readonly LimitRange[]): { pod: Pod } | { violations: string } {
  if (limitRanges.length === 0) return { pod };
  const defaulted = defaultPodResources(pod, limitRanges);
  for (const lr of limitRanges) {
    const errs = podLimitViolations(defaulted, lr);
    if (errs.length) return { violations: aggregateMessage(errs) };
  }
  return { pod: defaulted };
}
