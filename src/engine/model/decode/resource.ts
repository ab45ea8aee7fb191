// Dynamic Resource Allocation objects (resource.k8s.io/v1) and the pod's claims.
// upstream: pkg/apis/resource/validation/validation.go (ValidateDeviceClass,
// ValidateResourceSlice, ValidateResourceClaim, ValidateResourceClaimTemplate),
// pkg/apis/resource/v1/defaults.go (allocationMode ExactCount, count 1, toleration operator
// Equal), pkg/apis/core/validation/validation.go (validatePodResourceClaims,
// validateResourceClaimNames).

import { defined, type Path, type Reader } from '../decoder';
import { compileDeviceSelector } from '../deviceSelector';
import type {
  Device, DeviceAttribute, DeviceClaimConfiguration, DeviceClass, DeviceConfiguration, DeviceConstraint,
  DeviceRequest, DeviceSelector, DeviceSubRequest, DeviceTaint, DeviceTaintRule, DeviceToleration,
  ExactDeviceRequest, PodResourceClaim, ResourceClaim, ResourceClaimSpec, ResourceClaimTemplate, ResourceSlice,
} from '../resource';
import { DEVICE_TAINT_RULE_API_VERSION, DEVICE_TAINT_RULE_SERVED_SINCE, FIRST_AVAILABLE_DEVICE_REQUEST_MAX_SIZE } from '../resource';
import { versionsSince } from '../../versions';
import { toPlain, type SrcMap, type SrcNode } from '../source';
import { duplicate, invalid, isDNS1123Label, isDNS1123Subdomain, isQualifiedName, required, forbidden } from '../validation';
import { decodeMetadata, timestamp } from './metadata';
import { checkQuantity } from './resources';
import { consumesCounters as consumesCountersOf, deviceCapacity, sharedCounters as sharedCountersOf } from './resourceCounters';
import { decodeNodeSelector } from './scheduling';

const topLevel = (...extra: string[]) => new Set(['apiVersion', 'kind', 'metadata', ...extra]);
const API_VERSION = 'resource.k8s.io/v1';

// upstream limits (staging/src/k8s.io/api/resource/v1/types.go)
const DeviceSelectorsMaxSize = 32;
const DeviceRequestsMaxSize = 32;
const DeviceConstraintsMaxSize = 32;
const ResourceSliceMaxDevices = 128;
const ResourceSliceMaxDevicesWithTaintsOrConsumesCounters = 64;
const ResourceSliceMaxAttributesAndCapacitiesPerDevice = 32;
const DeviceTaintsMaxLength = 4;
const DeviceTolerationsMaxLength = 16;
const BindingConditionsMaxSize = 4;

function dnsLabel(r: Reader, m: SrcMap, path: Path, key: string): string | undefined {
  const v = r.reqStr(m, path, key);
  if (v !== undefined) for (const msg of isDNS1123Label(v)) r.error(r.child(m, key)!.pos, [...path, key], invalid(v, msg));
  return v;
}

function driverName(r: Reader, m: SrcMap, path: Path, key: string): string | undefined {
  const v = r.reqStr(m, path, key);
  if (v === undefined) return undefined;
  if (v.length > 63) r.error(r.child(m, key)!.pos, [...path, key], `Too long: may not be more than 63 bytes`);
  for (const msg of isDNS1123Subdomain(v.toLowerCase())) r.error(r.child(m, key)!.pos, [...path, key], invalid(v, msg));
  return v;
}

function tooMany(r: Reader, node: SrcNode | undefined, path: Path, items: unknown[] | undefined, max: number): void {
  if (items && items.length > max && node) r.error(node.pos, path, `Too many: ${items.length}: must have at most ${max} items`);
}

function selectors(r: Reader, m: SrcMap, path: Path): DeviceSelector[] | undefined {
  const sp = [...path, 'selectors'];
  const node = r.child(m, 'selectors');
  const list = r.list(node, sp)?.flatMap((s, i): DeviceSelector[] => {
    const ip = [...sp, i];
    const sm = r.map(s, ip);
    if (!sm) return [];
    r.knownFields(sm, ip, new Set(['cel']));
    const cp = [...ip, 'cel'];
    const cel = r.map(r.child(sm, 'cel'), cp);
    if (!cel) { r.error(sm.pos, cp, required()); return []; }
    r.knownFields(cel, cp, new Set(['expression']));
    const expression = r.reqStr(cel, cp, 'expression');
    if (expression === undefined) return [];
    const compiled = compileDeviceSelector(expression);
    if (!compiled.ok) r.error(r.child(cel, 'expression')!.pos, [...cp, 'expression'], invalid(expression, compiled.error));
    return [{ cel: { expression } }];
  });
  tooMany(r, node, sp, list, DeviceSelectorsMaxSize);
  return list;
}

function opaqueConfig(r: Reader, m: SrcMap, path: Path): DeviceConfiguration {
  const op = [...path, 'opaque'];
  const o = r.map(r.child(m, 'opaque'), op);
  if (!o) { r.error(m.pos, op, required()); return {}; }
  r.knownFields(o, op, new Set(['driver', 'parameters']));
  const driver = driverName(r, o, op, 'driver') ?? '';
  const params = r.child(o, 'parameters');
  if (!params) r.error(o.pos, [...op, 'parameters'], required());
  return { opaque: { driver, parameters: params ? toPlain(params) : {} } };
}

function classConfig(r: Reader, m: SrcMap, path: Path): DeviceConfiguration[] | undefined {
  const cp = [...path, 'config'];
  return r.list(r.child(m, 'config'), cp)?.flatMap((c, i) => {
    const cm = r.map(c, [...cp, i]);
    if (!cm) return [];
    r.knownFields(cm, [...cp, i], new Set(['opaque']));
    return [opaqueConfig(r, cm, [...cp, i])];
  });
}

/** resource.k8s.io/v1 DeviceClass */
export function decodeDeviceClass(r: Reader, root: SrcMap): DeviceClass {
  r.knownFields(root, [], topLevel('spec'));
  const metadata = decodeMetadata(r, root, { namespaced: false, validateName: isDNS1123Subdomain });
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  if (!spec) return { apiVersion: API_VERSION, kind: 'DeviceClass', metadata, spec: {} };
  r.knownFields(spec, sp, new Set(['selectors', 'config', 'extendedResourceName']));
  return {
    apiVersion: API_VERSION, kind: 'DeviceClass', metadata,
    spec: defined({ selectors: selectors(r, spec, sp), config: classConfig(r, spec, sp), extendedResourceName: r.str(spec, sp, 'extendedResourceName') }),
  };
}

// ---- ResourceSlice ----

function attribute(r: Reader, node: SrcNode, path: Path): DeviceAttribute | undefined {
  const m = r.map(node, path);
  if (!m) return undefined;
  r.knownFields(m, path, new Set(['int', 'bool', 'string', 'version']));
  const set = ['int', 'bool', 'string', 'version'].filter((k) => r.has(m, k));
  if (set.length !== 1) {
    r.error(m.pos, path, set.length === 0 ? required('exactly one value must be specified') : invalid(toPlain(m), 'exactly one value must be specified'));
    return undefined;
  }
  const a = defined({ int: r.int(m, path, 'int', 'int64'), bool: r.bool(m, path, 'bool'), string: r.str(m, path, 'string'), version: r.str(m, path, 'version') });
  if (a.string !== undefined && a.string.length > 64) r.error(r.child(m, 'string')!.pos, [...path, 'string'], 'Too long: may not be more than 64 bytes');
  if (a.version !== undefined && !/^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/.test(a.version)) {
    r.error(r.child(m, 'version')!.pos, [...path, 'version'], invalid(a.version, 'must be a string compatible with semver.org spec 2.0.0'));
  }
  return a;
}

/** upstream: validateQualifiedName — "id" or "domain/id", id a C identifier of at most 32 characters */
function qualifiedNameErrors(name: string): string[] {
  const i = name.indexOf('/');
  const id = i < 0 ? name : name.slice(i + 1);
  const errs: string[] = [];
  if (i >= 0) errs.push(...isDNS1123Subdomain(name.slice(0, i)).map((m) => `the domain: ${m}`));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(id)) errs.push('a valid C identifier must start with alphabetic character or \'_\', followed by a string of alphanumeric characters or \'_\' (e.g. \'my_name\',  or \'MY_NAME\',  or \'MyName\', regex used for validation is \'[A-Za-z_][A-Za-z0-9_]*\')');
  else if (id.length > 32) errs.push('must be no more than 32 bytes');
  return errs;
}

function namedMap<T>(r: Reader, m: SrcMap, path: Path, key: string, value: (node: SrcNode, p: Path) => T | undefined): Record<string, T> | undefined {
  const mp = [...path, key];
  const node = r.map(r.child(m, key), mp);
  if (!node) return undefined;
  const out: Record<string, T> = {};
  for (const [name, e] of node.entries) {
    for (const msg of qualifiedNameErrors(name)) r.error(e.keyPos, [...mp, name], invalid(name, msg));
    const v = value(e.value, [...mp, name]);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/** upstream: validateDeviceTaint */
function deviceTaint(r: Reader, node: SrcNode | undefined, path: Path): DeviceTaint | undefined {
  const tm = r.map(node, path);
  if (!tm) return undefined;
  r.knownFields(tm, path, new Set(['key', 'value', 'effect', 'timeAdded']));
  const key = r.reqStr(tm, path, 'key');
  if (key !== undefined) for (const msg of isQualifiedName(key)) r.error(r.child(tm, 'key')!.pos, [...path, 'key'], invalid(key, msg));
  const effect = r.enumValue(tm, path, 'effect', ['NoSchedule', 'NoExecute', 'None'] as const);
  if (!effect && !r.has(tm, 'effect')) r.error(tm.pos, [...path, 'effect'], required());
  const timeAdded = timestamp(r, r.child(tm, 'timeAdded'), [...path, 'timeAdded']);
  return key && effect ? defined({ key, value: r.str(tm, path, 'value'), effect, timeAdded }) : undefined;
}

function taints(r: Reader, m: SrcMap, path: Path): DeviceTaint[] | undefined {
  const tp = [...path, 'taints'];
  const node = r.child(m, 'taints');
  const list = r.list(node, tp)?.flatMap((t, i): DeviceTaint[] => {
    const taint = deviceTaint(r, t, [...tp, i]);
    return taint ? [taint] : [];
  });
  tooMany(r, node, tp, list, DeviceTaintsMaxLength);
  return list;
}

function device(r: Reader, node: SrcNode, path: Path, perDevice: boolean): Device | undefined {
  const m = r.map(node, path);
  if (!m) return undefined;
  r.knownFields(m, path, new Set(['name', 'attributes', 'capacity', 'consumesCounters', 'nodeName', 'nodeSelector', 'allNodes', 'taints', 'bindsToNode', 'bindingConditions', 'bindingFailureConditions', 'allowMultipleAllocations']));
  const name = dnsLabel(r, m, path, 'name') ?? '';
  const attributes = namedMap(r, m, path, 'attributes', (n, p) => attribute(r, n, p));
  const allowMultipleAllocations = r.bool(m, path, 'allowMultipleAllocations');
  const capacity = namedMap(r, m, path, 'capacity', (n, p) => deviceCapacity(r, n, p, allowMultipleAllocations === true));
  const entries = Object.keys(attributes ?? {}).length + Object.keys(capacity ?? {}).length;
  if (entries > ResourceSliceMaxAttributesAndCapacitiesPerDevice) {
    r.error(m.pos, path, `Too many: ${entries}: must have at most ${ResourceSliceMaxAttributesAndCapacitiesPerDevice} attributes and capacities combined`);
  }
  const consumesCounters = consumesCountersOf(r, m, path);
  const nodeName = r.str(m, path, 'nodeName') || undefined;
  const nodeSelector = decodeNodeSelector(r, r.child(m, 'nodeSelector'), [...path, 'nodeSelector']);
  const allNodes = r.bool(m, path, 'allNodes') || undefined;
  const set = [nodeName, nodeSelector, allNodes].filter((x) => x !== undefined).length;
  if (perDevice && set !== 1) r.error(m.pos, path, required('exactly one of `nodeName`, `nodeSelector`, `allNodes` is required when `perDeviceNodeSelection` is set to true in the ResourceSlice spec'));
  if (!perDevice && set > 0) r.error(m.pos, path, forbidden('`nodeName`, `nodeSelector` and `allNodes` can only be set when `perDeviceNodeSelection` is set to true in the ResourceSlice spec'));
  const binding = bindingFields(r, m, path);
  return defined({
    name, attributes, capacity, consumesCounters, nodeName, nodeSelector, allNodes,
    taints: taints(r, m, path), allowMultipleAllocations,
    ...binding,
  });
}

/** upstream: validateDevice's binding fields — at most 4 condition types each, qualified names */
function bindingFields(r: Reader, m: SrcMap, path: Path): Pick<Device, 'bindsToNode' | 'bindingConditions' | 'bindingFailureConditions'> {
  const list = (key: 'bindingConditions' | 'bindingFailureConditions') => {
    const values = r.stringList(m, path, key);
    const node = r.child(m, key);
    tooMany(r, node, [...path, key], values, BindingConditionsMaxSize);
    for (const v of values ?? []) for (const msg of isQualifiedName(v)) r.error(node!.pos, [...path, key], invalid(v, msg));
    return values?.length ? values : undefined;
  };
  return defined({ bindsToNode: r.bool(m, path, 'bindsToNode') || undefined, bindingConditions: list('bindingConditions'), bindingFailureConditions: list('bindingFailureConditions') });
}

/** resource.k8s.io/v1 ResourceSlice */
export function decodeResourceSlice(r: Reader, root: SrcMap): ResourceSlice {
  r.knownFields(root, [], topLevel('spec'));
  const metadata = decodeMetadata(r, root, { namespaced: false, validateName: isDNS1123Subdomain, allowGenerateName: true });
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  const empty: ResourceSlice = { apiVersion: API_VERSION, kind: 'ResourceSlice', metadata, spec: { driver: '', pool: { name: '', generation: 0, resourceSliceCount: 1 } } };
  if (!spec) { r.error(root.pos, sp, required()); return empty; }
  r.knownFields(spec, sp, new Set(['driver', 'pool', 'nodeName', 'nodeSelector', 'allNodes', 'perDeviceNodeSelection', 'devices', 'sharedCounters']));
  const driver = driverName(r, spec, sp, 'driver') ?? '';
  const pp = [...sp, 'pool'];
  const pool = r.map(r.child(spec, 'pool'), pp);
  let poolValue = empty.spec.pool;
  if (!pool) r.error(spec.pos, pp, required());
  else {
    r.knownFields(pool, pp, new Set(['name', 'generation', 'resourceSliceCount']));
    const name = r.reqStr(pool, pp, 'name') ?? '';
    // upstream: validatePoolName — one or more DNS subdomains separated by slashes
    if (name) for (const part of name.split('/')) for (const msg of isDNS1123Subdomain(part)) r.error(r.child(pool, 'name')!.pos, [...pp, 'name'], invalid(name, msg));
    const generation = r.nonNegInt(pool, pp, 'generation', 'int64') ?? 0;
    const count = r.int(pool, pp, 'resourceSliceCount', 'int64');
    if (count === undefined || count <= 0) r.error(r.child(pool, 'resourceSliceCount')?.pos ?? pool.pos, [...pp, 'resourceSliceCount'], count === undefined ? required() : invalid(count, 'must be greater than zero'));
    poolValue = { name, generation, resourceSliceCount: count && count > 0 ? count : 1 };
  }
  const nodeName = r.str(spec, sp, 'nodeName') || undefined;
  if (nodeName) for (const msg of isDNS1123Subdomain(nodeName)) r.error(r.child(spec, 'nodeName')!.pos, [...sp, 'nodeName'], invalid(nodeName, msg));
  const nodeSelector = decodeNodeSelector(r, r.child(spec, 'nodeSelector'), [...sp, 'nodeSelector']);
  if (nodeSelector && nodeSelector.nodeSelectorTerms.length !== 1) r.error(r.child(spec, 'nodeSelector')!.pos, [...sp, 'nodeSelector', 'nodeSelectorTerms'], invalid(nodeSelector.nodeSelectorTerms.length, 'must have exactly one node selector term'));
  const allNodes = r.bool(spec, sp, 'allNodes') || undefined;
  const perDeviceNodeSelection = r.bool(spec, sp, 'perDeviceNodeSelection') || undefined;
  if ([nodeName, nodeSelector, allNodes, perDeviceNodeSelection].filter((x) => x !== undefined).length !== 1) {
    r.error(spec.pos, sp, required('exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required'));
  }
  const dp = [...sp, 'devices'];
  const devicesNode = r.child(spec, 'devices');
  const seen = new Set<string>();
  const devices = r.list(devicesNode, dp)?.flatMap((d, i): Device[] => {
    const dev = device(r, d, [...dp, i], perDeviceNodeSelection === true);
    if (!dev) return [];
    if (dev.name && seen.has(dev.name)) r.error(d.pos, [...dp, i, 'name'], duplicate(dev.name));
    seen.add(dev.name);
    return [dev];
  });
  // upstream: fewer devices per slice once a device has taints or consumes counters
  const maxDevices = devices?.some((d) => d.taints?.length || d.consumesCounters?.length) ? ResourceSliceMaxDevicesWithTaintsOrConsumesCounters : ResourceSliceMaxDevices;
  tooMany(r, devicesNode, dp, devices, maxDevices);
  if (r.has(spec, 'sharedCounters') && r.has(spec, 'devices')) r.error(spec.pos, sp, invalid('', 'only one of `sharedCounters` or `devices` is allowed'));
  const sharedCounters = sharedCountersOf(r, spec, sp);
  return {
    apiVersion: API_VERSION, kind: 'ResourceSlice', metadata,
    spec: defined({ driver, pool: poolValue, nodeName, nodeSelector, allNodes, perDeviceNodeSelection, devices, sharedCounters }),
  };
}

// ---- ResourceClaim ----

function tolerations(r: Reader, m: SrcMap, path: Path): DeviceToleration[] | undefined {
  const tp = [...path, 'tolerations'];
  const node = r.child(m, 'tolerations');
  const list = r.list(node, tp)?.flatMap((t, i): DeviceToleration[] => {
    const ip = [...tp, i];
    const tm = r.map(t, ip);
    if (!tm) return [];
    r.knownFields(tm, ip, new Set(['key', 'operator', 'value', 'effect', 'tolerationSeconds']));
    const key = r.str(tm, ip, 'key') || undefined;
    if (key !== undefined) for (const msg of isQualifiedName(key)) r.error(r.child(tm, 'key')!.pos, [...ip, 'key'], invalid(key, msg));
    const operator = r.enumValue(tm, ip, 'operator', ['Exists', 'Equal'] as const) ?? 'Equal';
    const value = r.str(tm, ip, 'value') || undefined;
    if (operator === 'Exists' && value !== undefined) r.error(r.child(tm, 'value')!.pos, [...ip, 'value'], invalid(value, 'must be empty when `operator` is \'Exists\''));
    if (operator === 'Equal' && key === undefined) r.error(tm.pos, [...ip, 'key'], required('must be set when `operator` is \'Equal\''));
    return [defined({ key, operator, value, effect: r.enumValue(tm, ip, 'effect', ['NoSchedule', 'NoExecute', 'None'] as const), tolerationSeconds: r.int(tm, ip, 'tolerationSeconds', 'int64') })];
  });
  tooMany(r, node, tp, list, DeviceTolerationsMaxLength);
  return list;
}

function exactRequest(r: Reader, m: SrcMap, path: Path, extraFields: string[] = []): ExactDeviceRequest {
  r.knownFields(m, path, new Set(['deviceClassName', 'selectors', 'allocationMode', 'count', 'adminAccess', 'tolerations', 'capacity', ...extraFields]));
  const deviceClassName = r.reqStr(m, path, 'deviceClassName') ?? '';
  if (deviceClassName) for (const msg of isDNS1123Subdomain(deviceClassName)) r.error(r.child(m, 'deviceClassName')!.pos, [...path, 'deviceClassName'], invalid(deviceClassName, msg));
  const allocationMode = r.enumValue(m, path, 'allocationMode', ['ExactCount', 'All'] as const) ?? 'ExactCount';
  let count = r.int(m, path, 'count', 'int64');
  if (allocationMode === 'ExactCount') {
    if (count !== undefined && count <= 0) r.error(r.child(m, 'count')!.pos, [...path, 'count'], invalid(count, 'must be greater than zero'));
    count ??= 1;
  } else if (count !== undefined) {
    r.error(r.child(m, 'count')!.pos, [...path, 'count'], invalid(count, 'must not be specified when allocationMode is \'All\''));
  }
  const cp = [...path, 'capacity'];
  const cap = r.map(r.child(m, 'capacity'), cp);
  let capacity: ExactDeviceRequest['capacity'];
  if (cap) {
    r.knownFields(cap, cp, new Set(['requests']));
    const requests = namedMap(r, cap, cp, 'requests', (n, p) => {
      const text = n.kind === 'scalar' && n.value !== null ? String(n.value) : undefined;
      if (text === undefined) { r.error(n.pos, p, invalid('', 'must be a quantity')); return undefined; }
      return checkQuantity(r, n, p, String(p[p.length - 1]), text) ? text : undefined;
    });
    capacity = defined({ requests });
  }
  return defined({
    deviceClassName, selectors: selectors(r, m, path), allocationMode, count,
    adminAccess: r.bool(m, path, 'adminAccess'), tolerations: tolerations(r, m, path), capacity,
  });
}

function request(r: Reader, node: SrcNode, path: Path): DeviceRequest | undefined {
  const m = r.map(node, path);
  if (!m) return undefined;
  r.knownFields(m, path, new Set(['name', 'exactly', 'firstAvailable']));
  const name = dnsLabel(r, m, path, 'name') ?? '';
  const hasExactly = r.has(m, 'exactly');
  const hasFirst = r.has(m, 'firstAvailable');
  if (hasExactly === hasFirst) {
    r.error(m.pos, path, hasExactly ? invalid(toPlain(m), 'exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set') : required('exactly one of `exactly` or `firstAvailable` is required'));
  }
  if (hasExactly) {
    const em = r.map(r.child(m, 'exactly'), [...path, 'exactly']);
    return em ? { name, exactly: exactRequest(r, em, [...path, 'exactly']) } : { name };
  }
  const fp = [...path, 'firstAvailable'];
  const fnode = r.child(m, 'firstAvailable');
  const names = new Set<string>();
  const firstAvailable = r.list(fnode, fp)?.flatMap((s, i): DeviceSubRequest[] => {
    const sm = r.map(s, [...fp, i]);
    if (!sm) return [];
    const subName = dnsLabel(r, sm, [...fp, i], 'name') ?? '';
    if (subName && names.has(subName)) r.error(r.child(sm, 'name')!.pos, [...fp, i, 'name'], duplicate(subName));
    names.add(subName);
    const sub = exactRequest(r, sm, [...fp, i], ['name']);
    if (sub.adminAccess !== undefined) r.error(r.child(sm, 'adminAccess')!.pos, [...fp, i, 'adminAccess'], 'field not declared in schema');
    return [{ name: subName, ...sub }];
  });
  if (hasFirst && (!firstAvailable || firstAvailable.length === 0)) r.error(fnode?.pos ?? m.pos, fp, required());
  tooMany(r, fnode, fp, firstAvailable, FIRST_AVAILABLE_DEVICE_REQUEST_MAX_SIZE);
  return defined({ name, firstAvailable });
}

/** request names a constraint or config may reference: "req" or "req/sub" */
function requestNames(requests: readonly DeviceRequest[]): Set<string> {
  const out = new Set<string>();
  for (const q of requests) {
    out.add(q.name);
    for (const s of q.firstAvailable ?? []) out.add(`${q.name}/${s.name}`);
  }
  return out;
}

function requestRefs(r: Reader, m: SrcMap, path: Path, known: Set<string>): string[] | undefined {
  const refs = r.stringList(m, path, 'requests');
  refs?.forEach((ref, i) => {
    if (!known.has(ref)) r.error(r.child(m, 'requests')!.pos, [...path, 'requests', i], invalid(ref, 'must be the name of a request in the claim or the name of a request and a subrequest separated by \'/\''));
  });
  return refs;
}

function fullyQualifiedName(r: Reader, m: SrcMap, path: Path, key: string): string | undefined {
  const v = r.str(m, path, key);
  if (v === undefined) return undefined;
  if (!v.includes('/')) r.error(r.child(m, key)!.pos, [...path, key], invalid(v, 'a fully qualified name must be a domain and a name separated by a slash'));
  else for (const msg of qualifiedNameErrors(v)) r.error(r.child(m, key)!.pos, [...path, key], invalid(v, msg));
  return v;
}

function claimSpec(r: Reader, spec: SrcMap | undefined, sp: Path): ResourceClaimSpec {
  if (!spec) return {};
  r.knownFields(spec, sp, new Set(['devices']));
  const dp = [...sp, 'devices'];
  const devices = r.map(r.child(spec, 'devices'), dp);
  if (!devices) return {};
  r.knownFields(devices, dp, new Set(['requests', 'constraints', 'config']));
  const rp = [...dp, 'requests'];
  const rnode = r.child(devices, 'requests');
  const names = new Set<string>();
  const requests = r.list(rnode, rp)?.flatMap((q, i): DeviceRequest[] => {
    const req = request(r, q, [...rp, i]);
    if (!req) return [];
    if (req.name && names.has(req.name)) r.error(q.pos, [...rp, i, 'name'], duplicate(req.name));
    names.add(req.name);
    return [req];
  }) ?? [];
  tooMany(r, rnode, rp, requests, DeviceRequestsMaxSize);
  const known = requestNames(requests);
  const cp = [...dp, 'constraints'];
  const cnode = r.child(devices, 'constraints');
  const constraints = r.list(cnode, cp)?.flatMap((c, i): DeviceConstraint[] => {
    const ip = [...cp, i];
    const cm = r.map(c, ip);
    if (!cm) return [];
    r.knownFields(cm, ip, new Set(['requests', 'matchAttribute', 'distinctAttribute']));
    const matchAttribute = fullyQualifiedName(r, cm, ip, 'matchAttribute');
    const distinctAttribute = fullyQualifiedName(r, cm, ip, 'distinctAttribute');
    if ((matchAttribute === undefined) === (distinctAttribute === undefined)) {
      r.error(cm.pos, ip, matchAttribute === undefined ? required('exactly one of `matchAttribute` or `distinctAttribute` is required') : invalid(toPlain(cm), 'exactly one of `matchAttribute` or `distinctAttribute` is required, but multiple fields are set'));
    }
    return [defined({ requests: requestRefs(r, cm, ip, known), matchAttribute, distinctAttribute })];
  });
  tooMany(r, cnode, cp, constraints, DeviceConstraintsMaxSize);
  const fp = [...dp, 'config'];
  const config = r.list(r.child(devices, 'config'), fp)?.flatMap((c, i): DeviceClaimConfiguration[] => {
    const ip = [...fp, i];
    const cm = r.map(c, ip);
    if (!cm) return [];
    r.knownFields(cm, ip, new Set(['requests', 'opaque']));
    return [defined({ requests: requestRefs(r, cm, ip, known), ...opaqueConfig(r, cm, ip) })];
  });
  return { devices: defined({ requests, constraints, config }) };
}

/** resource.k8s.io/v1 ResourceClaim (a status from a cluster dump is kept) */
export function decodeResourceClaim(r: Reader, root: SrcMap): ResourceClaim {
  r.knownFields(root, [], topLevel('spec', 'status'));
  const metadata = decodeMetadata(r, root, { namespaced: true, validateName: isDNS1123Subdomain, allowGenerateName: true });
  const spec = claimSpec(r, r.map(r.child(root, 'spec'), ['spec']), ['spec']);
  return { apiVersion: API_VERSION, kind: 'ResourceClaim', metadata, spec, status: claimStatus(r, r.child(root, 'status')) };
}

/** A claim's status from a cluster dump: the allocation and the reservations the scheduler reads. */
function claimStatus(r: Reader, node: SrcNode | undefined): ResourceClaim['status'] {
  const sp: Path = ['status'];
  const m = r.map(node, sp);
  if (!m) return {};
  const out: ResourceClaim['status'] = {};
  const ap = [...sp, 'allocation'];
  const alloc = r.map(r.child(m, 'allocation'), ap);
  if (alloc) {
    const dp = [...ap, 'devices'];
    const devices = r.map(r.child(alloc, 'devices'), dp);
    const rp = [...dp, 'results'];
    const results = (r.list(r.child(devices, 'results'), rp) ?? []).flatMap((res, i) => {
      const rm = r.map(res, [...rp, i]);
      if (!rm) return [];
      const [request, driver, pool, device] = (['request', 'driver', 'pool', 'device'] as const).map((k) => r.reqStr(rm, [...rp, i], k));
      if (request === undefined || driver === undefined || pool === undefined || device === undefined) return [];
      // DRAConsumableCapacity: a share of a shared device
      const consumed = r.map(r.child(rm, 'consumedCapacity'), [...rp, i, 'consumedCapacity']);
      const consumedCapacity = consumed && Object.fromEntries([...consumed.entries].map(([k, e]) => [k, e.value.kind === 'scalar' ? String(e.value.value) : '0']));
      return [defined({ request, driver, pool, device, adminAccess: r.bool(rm, [...rp, i], 'adminAccess') || undefined, shareID: r.str(rm, [...rp, i], 'shareID') || undefined, consumedCapacity })];
    });
    const config = r.child(devices, 'config');
    out.allocation = defined({
      devices: defined({ results, config: config ? (toPlain(config) as NonNullable<ResourceClaim['status']['allocation']>['devices']['config']) : undefined }),
      nodeSelector: decodeNodeSelector(r, r.child(alloc, 'nodeSelector'), [...ap, 'nodeSelector']),
    });
  }
  const fp = [...sp, 'reservedFor'];
  const reservedFor = r.list(r.child(m, 'reservedFor'), fp)?.flatMap((c, i) => {
    const cm = r.map(c, [...fp, i]);
    if (!cm) return [];
    const resource = r.reqStr(cm, [...fp, i], 'resource');
    const name = r.reqStr(cm, [...fp, i], 'name');
    const uid = r.reqStr(cm, [...fp, i], 'uid');
    return resource && name && uid ? [defined({ apiGroup: r.str(cm, [...fp, i], 'apiGroup') || undefined, resource, name, uid })] : [];
  });
  if (reservedFor?.length) out.reservedFor = reservedFor;
  return out;
}

/** resource.k8s.io/v1 ResourceClaimTemplate */
export function decodeResourceClaimTemplate(r: Reader, root: SrcMap): ResourceClaimTemplate {
  r.knownFields(root, [], topLevel('spec'));
  const metadata = decodeMetadata(r, root, { namespaced: true, validateName: isDNS1123Subdomain });
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  if (!spec) { r.error(root.pos, sp, required()); return { apiVersion: API_VERSION, kind: 'ResourceClaimTemplate', metadata, spec: { spec: {} } }; }
  r.knownFields(spec, sp, new Set(['metadata', 'spec']));
  const mp = [...sp, 'metadata'];
  const meta = r.map(r.child(spec, 'metadata'), mp);
  if (meta) r.knownFields(meta, mp, new Set(['labels', 'annotations']));
  const templateMeta = meta && defined({ labels: r.labels(meta, mp, 'labels'), annotations: r.stringMap(meta, mp, 'annotations')?.value });
  return {
    apiVersion: API_VERSION, kind: 'ResourceClaimTemplate', metadata,
    spec: defined({ metadata: templateMeta, spec: claimSpec(r, r.map(r.child(spec, 'spec'), [...sp, 'spec']), [...sp, 'spec']) }),
  };
}

// ---- the pod's claims (core/v1) ----

/** upstream: validatePodResourceClaims — names unique DNS labels, exactly one source */
export function decodePodResourceClaims(r: Reader, spec: SrcMap, path: Path): PodResourceClaim[] | undefined {
  return decodeClaimReferences(r, spec, path, ['resourceClaimName', 'resourceClaimTemplateName', 'podGroupResourceClaim']);
}

type ClaimSource = 'resourceClaimName' | 'resourceClaimTemplateName' | 'podGroupResourceClaim';
const quoted = (keys: readonly string[]) => keys.map((k) => `\`${k}\``);

/**
 * A list of named claim references with exactly one source each: a pod's spec.resourceClaims and
 * a PodGroup's (v1.36+, DRAWorkloadResourceClaims). upstream: validatePodResourceClaims,
 * pkg/apis/scheduling/validation validatePodGroupResourceClaims. `podGroupResourceClaim` (a
 * PodGroup claim's name, a DNS label) is behind the gate.
 */
export function decodeClaimReferences(r: Reader, spec: SrcMap, path: Path, sources: readonly ClaimSource[]): PodResourceClaim[] | undefined {
  const cp = [...path, 'resourceClaims'];
  const names = new Set<string>();
  return r.list(r.child(spec, 'resourceClaims'), cp)?.flatMap((c, i): PodResourceClaim[] => {
    const ip = [...cp, i];
    const m = r.map(c, ip);
    if (!m) return [];
    r.knownFields(m, ip, new Set(['name', ...sources]));
    const name = dnsLabel(r, m, ip, 'name');
    if (name && names.has(name)) r.error(r.child(m, 'name')!.pos, [...ip, 'name'], duplicate(name));
    if (name) names.add(name);
    const values = sources.map((key) => [key, r.str(m, ip, key) || undefined] as const);
    const set = values.filter(([, v]) => v !== undefined);
    if (set.length !== 1) {
      // the gated source is named only when used (the messages of a cluster without the gate)
      const named = quoted(sources.filter((k) => k !== 'podGroupResourceClaim' || set.some(([key]) => key === k)));
      const atMost = named.length === 2 ? named.join(' or ') : named.join(', ');
      r.error(m.pos, ip, set.length === 0 ? required(`must specify one of: ${named.join(', ')}`) : invalid(toPlain(m), `at most one of ${atMost} may be specified`));
    }
    for (const [key, v] of set) {
      if (key === 'podGroupResourceClaim') {
        r.gated('DRAWorkloadResourceClaims', r.entry(m, key)!.keyPos, [...ip, key]);
        for (const msg of isDNS1123Label(v!)) r.error(r.child(m, key)!.pos, [...ip, key], invalid(v, msg));
      } else for (const msg of isDNS1123Subdomain(v!)) r.error(r.child(m, key)!.pos, [...ip, key], invalid(v, msg));
    }
    return name ? [defined({ name, ...Object.fromEntries(values) })] : [];
  });
}

/** upstream: validateResourceClaimNames — each container claim must name one of the pod's claims. */
export function checkContainerClaims(r: Reader, spec: SrcMap, path: Path, podClaims: readonly PodResourceClaim[] | undefined): void {
  const known = new Set((podClaims ?? []).map((c) => c.name));
  for (const key of ['containers', 'initContainers']) {
    const list = r.child(spec, key);
    if (list?.kind !== 'seq') continue;
    list.items.forEach((c, i) => {
      const res = c.kind === 'map' ? c.entries.get('resources')?.value : undefined;
      const claims = res?.kind === 'map' ? res.entries.get('claims')?.value : undefined;
      if (claims?.kind !== 'seq') return;
      claims.items.forEach((claim, j) => {
        const nameNode = claim.kind === 'map' ? claim.entries.get('name')?.value : undefined;
        const name = nameNode?.kind === 'scalar' && typeof nameNode.value === 'string' ? nameNode.value : undefined;
        if (name !== undefined && !known.has(name)) {
          r.error(nameNode!.pos, [...path, key, i, 'resources', 'claims', j, 'name'], `Not found: ${JSON.stringify(name)}: must be one of the names in pod.spec.resourceClaims`);
        }
      });
    });
  }
}

// ---- DeviceTaintRule (resource.k8s.io/v1alpha3; v1beta2 from 1.36, v1 from 1.37) ----

/**
 * upstream: validateDeviceTaintRule (v1.35: the selector has driver, pool and device; the beta and
 * GA versions have the same spec). An apiVersion the scenario's Kubernetes version does not serve
 * is refused as the API server does (DEVICE_TAINT_RULE_SERVED_SINCE).
 */
export function decodeDeviceTaintRule(r: Reader, root: SrcMap): DeviceTaintRule {
  const apiNode = root.entries.get('apiVersion')?.value;
  const written = apiNode?.kind === 'scalar' && typeof apiNode.value === 'string' ? apiNode.value : DEVICE_TAINT_RULE_API_VERSION;
  const since = DEVICE_TAINT_RULE_SERVED_SINCE[written];
  const apiVersion = since !== undefined ? written : DEVICE_TAINT_RULE_API_VERSION;
  if (since !== undefined && since !== '1.35') {
    const instead = since === '1.37' ? `${DEVICE_TAINT_RULE_API_VERSION} (or resource.k8s.io/v1beta2 at 1.36)` : DEVICE_TAINT_RULE_API_VERSION;
    r.versioned(versionsSince(since), apiNode?.pos ?? root.pos, ['apiVersion'],
      `no matches for kind "DeviceTaintRule" in version "${written}": served from Kubernetes ${since} on (Scenario spec.kubernetesVersion); before, use ${instead}`);
  }
  r.knownFields(root, [], topLevel('spec', 'status'));
  const metadata = decodeMetadata(r, root, { namespaced: false, validateName: isDNS1123Subdomain });
  const empty: DeviceTaintRule = { apiVersion, kind: 'DeviceTaintRule', metadata, spec: { taint: { key: '', effect: 'None' } } };
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  if (!spec) { r.error(root.pos, sp, required()); return empty; }
  r.knownFields(spec, sp, new Set(['deviceSelector', 'taint']));
  const tp = [...sp, 'taint'];
  if (!r.has(spec, 'taint')) r.error(spec.pos, tp, required());
  const taint = deviceTaint(r, r.child(spec, 'taint'), tp);
  const dp = [...sp, 'deviceSelector'];
  const sel = r.has(spec, 'deviceSelector') ? r.map(r.child(spec, 'deviceSelector'), dp) : undefined;
  let deviceSelector: DeviceTaintRule['spec']['deviceSelector'];
  if (sel) {
    r.knownFields(sel, dp, new Set(['driver', 'pool', 'device']));
    const driver = r.has(sel, 'driver') ? driverName(r, sel, dp, 'driver') : undefined;
    const pool = r.str(sel, dp, 'pool');
    if (pool !== undefined) for (const part of pool.split('/')) for (const msg of isDNS1123Subdomain(part)) r.error(r.child(sel, 'pool')!.pos, [...dp, 'pool'], invalid(pool, msg));
    const device = r.has(sel, 'device') ? dnsLabel(r, sel, dp, 'device') : undefined;
    deviceSelector = defined({ driver, pool, device });
  }
  return { ...empty, spec: { ...(deviceSelector ? { deviceSelector } : {}), taint: taint ?? empty.spec.taint } };
}
