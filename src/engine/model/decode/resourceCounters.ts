// ResourceSlice fields of partitionable devices and consumable capacity: shared counter sets,
// the counters a device consumes, and a capacity's requestPolicy.
// upstream: pkg/apis/resource/validation/validation.go (validateCounterSet,
// validateDeviceCounterConsumption, validateMultiAllocatableDeviceCapacity,
// validateSingleAllocatableDeviceCapacity, validateRequestPolicy and its helpers), and the limits
// of staging/src/k8s.io/api/resource/v1/types.go, v1.35.

import type { Path, Reader } from '../decoder';
import { addQuantity, compareQuantity, formatQuantity, integerValue, parseQuantity, quantityFormat, type Quantity } from '../quantity';
import type { CapacityRequestPolicy, CounterSet, DeviceCapacity, DeviceCounterConsumption } from '../resource';
import type { SrcMap, SrcNode } from '../source';
import { duplicate, forbidden, invalid, isDNS1123Label, required } from '../validation';
import { checkQuantity } from './resources';

const ResourceSliceMaxCounterSets = 8;
const ResourceSliceMaxCountersPerCounterSet = 32;
const ResourceSliceMaxDeviceCounterConsumptionsPerDevice = 2;
const ResourceSliceMaxCountersPerDeviceCounterConsumption = 32;
const CapacityRequestPolicyDiscreteMaxOptions = 10;

const tooMany = (n: number, max: number) => `Too many: ${n}: must have at most ${max} items`;

function scalarText(node: SrcNode | undefined): string | undefined {
  return node?.kind === 'scalar' && node.value !== null ? String(node.value) : undefined;
}

/** a quantity field of a map: its text and value, with an error when it is not a quantity */
function quantityField(r: Reader, m: SrcMap, path: Path, key: string): { text: string; q: Quantity } | undefined {
  const node = r.child(m, key);
  if (!node) return undefined;
  const text = scalarText(node);
  if (text === undefined) { r.error(node.pos, [...path, key], invalid('', 'must be a quantity')); return undefined; }
  return checkQuantity(r, node, [...path, key], key, text) ? { text, q: parseQuantity(text)! } : undefined;
}

const show = (v: { text: string; q: Quantity }) => formatQuantity(v.q, quantityFormat(v.text));

/** counters: name (a DNS label) → { value } */
function counters(r: Reader, m: SrcMap, path: Path, max: number): Record<string, { value: string }> {
  const cp = [...path, 'counters'];
  const node = r.map(r.child(m, 'counters'), cp);
  if (!node || node.entries.size === 0) { r.error(node?.pos ?? m.pos, cp, required()); return {}; }
  if (node.entries.size > max) { r.error(node.pos, cp, tooMany(node.entries.size, max)); return {}; }
  const out: Record<string, { value: string }> = {};
  for (const [name, e] of node.entries) {
    for (const msg of isDNS1123Label(name)) r.error(e.keyPos, [...cp, name], invalid(name, msg));
    const em = r.map(e.value, [...cp, name]);
    if (!em) continue;
    r.knownFields(em, [...cp, name], new Set(['value']));
    const text = scalarText(r.child(em, 'value'));
    if (text === undefined) { r.error(em.pos, [...cp, name, 'value'], required()); continue; }
    if (checkQuantity(r, r.child(em, 'value')!, [...cp, name, 'value'], name, text)) out[name] = { value: text };
  }
  return out;
}

/** A list of named entries: at most `max`, names DNS labels and unique (upstream: validateSet). */
function namedList<T>(r: Reader, m: SrcMap, path: Path, key: string, nameKey: string, max: number, item: (im: SrcMap, ip: Path, name: string) => T): T[] | undefined {
  const lp = [...path, key];
  const node = r.child(m, key);
  const list = r.list(node, lp);
  if (!list) return undefined;
  if (list.length > max) { r.error(node!.pos, lp, tooMany(list.length, max)); return []; }
  const seen = new Set<string>();
  return list.flatMap((c, i) => {
    const ip = [...lp, i];
    const im = r.map(c, ip);
    if (!im) return [];
    r.knownFields(im, ip, new Set([nameKey, 'counters']));
    const name = r.reqStr(im, ip, nameKey);
    if (name === undefined) return [];
    for (const msg of isDNS1123Label(name)) r.error(r.child(im, nameKey)!.pos, [...ip, nameKey], invalid(name, msg));
    if (seen.has(name)) r.error(c.pos, ip, duplicate(name));
    seen.add(name);
    return [item(im, ip, name)];
  });
}

/** spec.sharedCounters */
export function sharedCounters(r: Reader, spec: SrcMap, path: Path): CounterSet[] | undefined {
  return namedList(r, spec, path, 'sharedCounters', 'name', ResourceSliceMaxCounterSets,
    (im, ip, name) => ({ name, counters: counters(r, im, ip, ResourceSliceMaxCountersPerCounterSet) }));
}

/** a device's consumesCounters */
export function consumesCounters(r: Reader, device: SrcMap, path: Path): DeviceCounterConsumption[] | undefined {
  return namedList(r, device, path, 'consumesCounters', 'counterSet', ResourceSliceMaxDeviceCounterConsumptionsPerDevice,
    (im, ip, counterSet) => ({ counterSet, counters: counters(r, im, ip, ResourceSliceMaxCountersPerDeviceCounterConsumption) }));
}

/** one entry of a device's capacity, with its requestPolicy (only on a shared device) */
export function deviceCapacity(r: Reader, node: SrcNode, path: Path, allowMultipleAllocations: boolean): DeviceCapacity | undefined {
  const cm = r.map(node, path);
  if (!cm) return undefined;
  r.knownFields(cm, path, new Set(['value', 'requestPolicy']));
  if (!r.has(cm, 'value')) { r.error(cm.pos, [...path, 'value'], required()); return undefined; }
  const value = quantityField(r, cm, path, 'value');
  if (!value) return undefined;
  const pp = [...path, 'requestPolicy'];
  const pm = r.map(r.child(cm, 'requestPolicy'), pp);
  if (!pm) return { value: value.text };
  if (!allowMultipleAllocations) { r.error(pm.pos, pp, forbidden('allowMultipleAllocations must be true')); return { value: value.text }; }
  const requestPolicy = policy(r, pm, pp, value);
  return requestPolicy ? { value: value.text, requestPolicy } : { value: value.text };
}

/** upstream: validateRequestPolicy */
function policy(r: Reader, pm: SrcMap, pp: Path, capacity: { text: string; q: Quantity }): CapacityRequestPolicy | undefined {
  r.knownFields(pm, pp, new Set(['default', 'validValues', 'validRange']));
  const def = quantityField(r, pm, pp, 'default');
  const vp = [...pp, 'validValues'];
  const valuesNode = r.child(pm, 'validValues');
  const values = (r.list(valuesNode, vp) ?? []).flatMap((v, i) => {
    const text = scalarText(v);
    if (text === undefined) { r.error(v.pos, [...vp, i], invalid('', 'must be a quantity')); return []; }
    return checkQuantity(r, v, [...vp, i], 'validValues', text) ? [{ text, q: parseQuantity(text)!, pos: v.pos }] : [];
  });
  const rp = [...pp, 'validRange'];
  const rm = r.map(r.child(pm, 'validRange'), rp);
  if (rm) r.knownFields(rm, rp, new Set(['min', 'max', 'step']));
  const [min, max, step] = rm ? (['min', 'max', 'step'] as const).map((k) => quantityField(r, rm, rp, k)) : [];
  const out: CapacityRequestPolicy = {
    ...(def ? { default: def.text } : {}),
    ...(values.length ? { validValues: values.map((v) => v.text) } : {}),
    ...(rm && min ? { validRange: { min: min.text, ...(max ? { max: max.text } : {}), ...(step ? { step: step.text } : {}) } } : {}),
  };
  if (values.length > 0 && rm) {
    r.error(pm.pos, pp, forbidden('exactly one policy can be specified, cannot specify "validValues" and "validRange" at the same time'));
    return out;
  }
  if (values.length > 0) {
    if (!def) { r.error(pm.pos, [...pp, 'default'], required('required when validValues is defined')); return out; }
    for (let i = 0; i + 1 < values.length; i++) {
      if (compareQuantity(values[i]!.q, values[i + 1]!.q) > 0) r.error(values[i + 1]!.pos, [...vp, i + 1], invalid(show(values[i + 1]!), 'values must be sorted in ascending order'));
    }
    if (values.length > CapacityRequestPolicyDiscreteMaxOptions) { r.error(valuesNode!.pos, vp, tooMany(values.length, CapacityRequestPolicyDiscreteMaxOptions)); return out; }
    const seen = new Set<number | undefined>();
    values.forEach((v, i) => {
      if (compareQuantity(v.q, capacity.q) > 0) r.error(v.pos, [...vp, i], invalid(show(v), `option is larger than capacity value: ${show(capacity)}`));
      const key = integerValue(v.q);
      if (seen.has(key)) r.error(v.pos, [...vp, i], duplicate(String(key)));
      seen.add(key);
    });
    if (!values.some((v) => compareQuantity(v.q, def.q) === 0)) r.error(valuesNode!.pos, vp, invalid(show(def), 'default value is not valid according to the requestPolicy'));
    return out;
  }
  if (!rm) return out;
  if (!def) { r.error(pm.pos, [...pp, 'default'], required('required when validRange is defined')); return out; }
  if (!min) { r.error(rm.pos, [...rp, 'min'], required('required when validRange is defined')); return out; }
  const at = (k: 'min' | 'max' | 'step') => r.child(rm, k)!.pos;
  if (compareQuantity(min.q, capacity.q) > 0) r.error(at('min'), [...rp, 'min'], invalid(show(min), `min is larger than capacity value: ${show(capacity)}`));
  if (compareQuantity(def.q, min.q) < 0) r.error(at('min'), [...rp, 'min'], invalid(show(def), `default is less than min: ${show(min)}`));
  if (max) {
    if (compareQuantity(min.q, max.q) > 0) r.error(at('max'), [...rp, 'max'], invalid(show(min), `min is larger than max: ${show(max)}`));
    if (compareQuantity(max.q, capacity.q) > 0) r.error(at('max'), [...rp, 'max'], invalid(show(max), `max is larger than capacity value: ${show(capacity)}`));
    if (compareQuantity(def.q, max.q) > 0) r.error(at('max'), [...rp, 'max'], invalid(show(def), `default is more than max: ${show(max)}`));
  }
  if (step) {
    const oneStep = addQuantity(min.q, step.q);
    if (compareQuantity(oneStep, capacity.q) > 0) r.error(at('step'), [...rp, 'step'], invalid(show(step), `one step ${formatQuantity(oneStep, quantityFormat(min.text))} is larger than capacity value: ${show(capacity)}`));
    const [s, m] = [integerValue(step.q) ?? 1, integerValue(min.q) ?? 0];
    for (const v of max ? [def, max] : [def]) {
      if (s !== 0 && ((integerValue(v.q) ?? 0) - m) % s !== 0) r.error(at('step'), [...rp, 'step'], invalid(show(v), `value is not a multiple of a given step (${show(step)}) from (${show(min)})`));
    }
  }
  return out;
}
