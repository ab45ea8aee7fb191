// The Scenario document (podplay/v1alpha1): title, description, seed and the timeline.
// Steps are checked here with positions; apply objects are decoded like top-level documents.

import type { PodRef, ScenarioObject, StepSource, TimelineStep } from '../scenario';
import type { Taint, TaintEffect, WorkloadKind } from '../types';
import { defined, isNull, userMap, type Path, type Reader } from '../decoder';
import { describe, toPlain, type SrcMap, type SrcNode } from '../source';
import { parseRfc3339 } from '../timeOrigin';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue, invalid, notSupported, required } from '../validation';
import { decodeDocument, objectKinds } from './kinds';
import { FEATURE_GATES, isFeatureGateName, type FeatureGateName } from '../../features';
import { KUBERNETES_VERSIONS, isKubernetesVersion, type InferredKubernetesVersion, type KubernetesVersion } from '../../versions';
import { quote } from '../quote';
import { indexLocator, pathLocator } from '../locator';

export interface ScenarioMeta {
  name?: string; title?: string; description?: string; seed?: number; featureGates?: Partial<Record<FeatureGateName, boolean>>;
  /** spec.kubernetesVersion: the Kubernetes minor version the scenario simulates (../../versions.ts) */
  kubernetesVersion?: KubernetesVersion;
  /**
   * metadata.annotations["podplay.dev/inferred-version"]: "<version>; <why>", written by
   * the dump importer (src/interop/dumpVersion.ts); the run says source 'dump' while
   * spec.kubernetesVersion is still that version
   */
  inferredKubernetesVersion?: InferredKubernetesVersion;
}

const actions = ['apply', 'delete', 'taint', 'untaint', 'evict', 'condition', 'deviceCondition', 'label', 'cordon', 'uncordon', 'deschedule', 'ungate', 'scale'] as const;
const taintEffects: readonly TaintEffect[] = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const scalableKinds: readonly Exclude<WorkloadKind, 'DaemonSet'>[] = ['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController', 'Job'];

const stepFields: Record<(typeof actions)[number], readonly string[]> = {
  apply: ['object', 'objects'],
  delete: ['kind', 'name', 'namespace'],
  taint: ['node', 'taint'],
  untaint: ['node', 'taint'],
  evict: ['pod', 'namespace'],
  condition: ['node', 'type', 'status'],
  deviceCondition: ['claim', 'pod', 'namespace', 'device', 'driver', 'pool', 'type', 'status', 'reason', 'message'],
  label: ['node', 'labels'],
  cordon: ['node'],
  uncordon: ['node'],
  deschedule: ['policy'],
  ungate: ['pod', 'namespace', 'gate'],
  scale: ['kind', 'name', 'namespace', 'replicas'],
};

export interface TimelineContext {
  /** nodes declared in the scenario; apply steps add theirs */
  nodes: Set<string>;
  /** "Kind/namespace/name" of the namespaced objects declared in the scenario; apply steps add theirs, delete steps remove */
  objects: Set<string>;
  /** every object an apply step carries, for the loader's namespace bookkeeping */
  applied: ScenarioObject[];
}

/** kubectl's taint syntax: key[=value]:Effect (the effect optional when removing). */
function parseTaint(r: Reader, node: SrcNode, path: Path, effectRequired: boolean): { key: string; value?: string; effect?: TaintEffect } | undefined {
  let key: string | undefined;
  let value: string | undefined;
  let effect: string | undefined;
  if (node.kind === 'map') {
    r.knownFields(node, path, new Set(['key', 'value', 'effect']));
    key = r.str(node, path, 'key');
    value = r.str(node, path, 'value');
    effect = r.str(node, path, 'effect');
  } else {
    const spec = r.string(node, path);
    if (spec === undefined) return undefined;
    const colon = spec.lastIndexOf(':');
    const kv = colon >= 0 ? spec.slice(0, colon) : spec;
    effect = colon >= 0 ? spec.slice(colon + 1) : undefined;
    const eq = kv.indexOf('=');
    key = eq >= 0 ? kv.slice(0, eq) : kv;
    value = eq >= 0 ? kv.slice(eq + 1) : undefined;
  }
  let ok = true;
  if (!key) {
    r.error(node.pos, [...path, 'key'], required());
    ok = false;
  } else {
    ok = r.labelName(key, node.pos, [...path, 'key']) && ok;
  }
  for (const msg of isValidLabelValue(value ?? '')) {
    r.error(node.pos, [...path, 'value'], invalid(value, msg));
    ok = false;
  }
  if (effect === undefined || effect === '') {
    if (effectRequired) {
      r.error(node.pos, [...path, 'effect'], required('a taint is written key=value:Effect'));
      ok = false;
    }
    effect = undefined;
  } else if (!(taintEffects as readonly string[]).includes(effect)) {
    r.error(node.pos, [...path, 'effect'], notSupported(effect, taintEffects));
    ok = false;
  }
  return ok ? defined({ key: key!, value, effect: effect as TaintEffect | undefined }) : undefined;
}

/** a Pod or a ResourceClaim named by `field`: namespace/name, or name with an optional `namespace` */
function objectRef(r: Reader, m: SrcMap, path: Path, field: 'pod' | 'claim'): PodRef | undefined {
  const text = r.reqStr(m, path, field, 'namespace/name or name');
  if (!text) return undefined;
  const slash = text.indexOf('/');
  const namespace = slash >= 0 ? text.slice(0, slash) : (r.str(m, path, 'namespace') || 'default');
  const name = slash >= 0 ? text.slice(slash + 1) : text;
  let ok = true;
  for (const msg of isDNS1123Label(namespace)) { r.error(r.child(m, field)!.pos, [...path, field], invalid(namespace, msg)); ok = false; }
  for (const msg of isDNS1123Subdomain(name)) { r.error(r.child(m, field)!.pos, [...path, field], invalid(name, msg)); ok = false; }
  return ok ? { namespace, name } : undefined;
}

const podRef = (r: Reader, m: SrcMap, path: Path) => objectRef(r, m, path, 'pod');

export const objectKey = (kind: string, namespace: string, name: string): string => `${kind}/${namespace}/${name}`;

/**
 * A name and namespace a step refers to, validated as the API server validates the object's
 * (upstream: apimachinery/pkg/api/validation/objectmeta.go, NameIsDNSSubdomain and
 * ValidateNamespaceName; every kind a step names uses a subdomain or a stricter rule).
 */
function objectName(r: Reader, m: SrcMap, path: Path, key: string, name: string, namespace: string | undefined): boolean {
  let ok = true;
  for (const msg of isDNS1123Subdomain(name)) { r.error(r.child(m, key)!.pos, [...path, key], invalid(name, msg)); ok = false; }
  if (namespace === undefined) return ok;
  const nsPos = (r.child(m, 'namespace') ?? r.child(m, key))!.pos;
  for (const msg of isDNS1123Label(namespace)) { r.error(nsPos, [...path, 'namespace'], invalid(namespace, msg)); ok = false; }
  return ok;
}

/**
 * Whether the pod an `ungate` or `evict` names can exist: declared or applied by an earlier step, or made
 * by a workload's controller (every controller names its pods `<workload name>-<suffix>`), or
 * by a pod's generateName that ends in '-'.
 */
function podMayExist(ctx: TimelineContext, pod: PodRef): boolean {
  if (ctx.objects.has(objectKey('Pod', pod.namespace, pod.name))) return true;
  for (let dash = pod.name.indexOf('-'); dash > 0; dash = pod.name.indexOf('-', dash + 1)) {
    const owner = pod.name.slice(0, dash);
    if (ctx.objects.has(objectKey(GENERATE_NAME, pod.namespace, `${owner}-`))) return true;
    for (const kind of workloadKinds) if (ctx.objects.has(objectKey(kind, pod.namespace, owner))) return true;
  }
  return false;
}
const workloadKinds = ['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicationController'];
/** the kind under which a pod's generateName is kept in TimelineContext.objects */
export const GENERATE_NAME = 'Pod.generateName';

/** The TimelineContext.objects key of a declared or applied object. */
export function declaredKey(o: ScenarioObject): string | undefined {
  const namespace = o.metadata.namespace ?? 'default';
  if (o.metadata.name) return objectKey(o.kind, namespace, o.metadata.name);
  return o.kind === 'Pod' && o.metadata.generateName ? objectKey(GENERATE_NAME, namespace, o.metadata.generateName) : undefined;
}

const notFound = (what: string): string => `${what} not found (not declared in the scenario nor applied by an earlier step)`;

function nodeRef(r: Reader, m: SrcMap, path: Path, ctx: TimelineContext): string | undefined {
  const node = r.reqStr(m, path, 'node');
  if (!node) return undefined;
  if (!ctx.nodes.has(node)) {
    r.error(r.child(m, 'node')!.pos, [...path, 'node'], notFound(`node ${quote(node)}`));
    return undefined;
  }
  return node;
}

function step(r: Reader, item: SrcNode, path: Path, ctx: TimelineContext, lastAt: number): TimelineStep | undefined {
  const m = r.map(item, path);
  if (!m) return undefined;
  const source: StepSource = { line: m.pos.line, column: m.pos.column };
  const action = r.str(m, path, 'action');
  if (action === undefined) {
    if (!r.has(m, 'action')) r.requiredMissing(m, path, 'action');
    return undefined;
  }
  if (!(actions as readonly string[]).includes(action)) {
    r.error(r.child(m, 'action')!.pos, [...path, 'action'], notSupported(action, actions));
    return undefined;
  }
  const a = action as (typeof actions)[number];
  r.knownFields(m, path, new Set(['at', 'action', ...stepFields[a]]));
  const atNode = r.child(m, 'at');
  const at = r.number(atNode, [...path, 'at']);
  if (at === undefined) {
    if (!atNode) r.requiredMissing(m, path, 'at', 'simulated seconds');
    return undefined;
  }
  if (at < 0) {
    r.error(atNode!.pos, [...path, 'at'], invalid(at, 'must be greater than or equal to 0'));
    return undefined;
  }
  if (at < lastAt) {
    r.error(atNode!.pos, [...path, 'at'], invalid(at, `steps must be in time order: the step before is at ${lastAt}`));
    return undefined;
  }
  const base = { at, source };
  switch (a) {
    case 'apply': {
      const single = r.child(m, 'object');
      const many = r.list(r.child(m, 'objects'), [...path, 'objects']);
      const sources = [...(single ? [{ node: single, p: [...path, 'object'] }] : []), ...(many ?? []).map((node, i) => ({ node, p: [...path, 'objects', i] }))];
      if (sources.length === 0) {
        r.requiredMissing(m, path, 'object');
        return undefined;
      }
      const objects: ScenarioObject[] = [];
      const objectNodes: SrcMap[] = [];
      for (const s of sources) {
        const om = r.map(s.node, s.p);
        if (!om) continue;
        const rec = decodeDocument(r.diag, om, r.subject.document, { defaultApiVersion: true });
        if (rec.type === 'object') {
          objects.push(rec.object);
          objectNodes.push(om);
          const { kind, metadata } = rec.object;
          if (kind === 'Node') ctx.nodes.add(metadata.name);
          const key = declaredKey(rec.object);
          if (key !== undefined) ctx.objects.add(key);
        } else if (rec.type !== 'invalid') {
          r.error(om.pos, s.p, `cannot apply ${rec.type === 'unknown' ? `kind ${quote(rec.kind)} (not simulated)` : 'this document here'}`);
        }
      }
      ctx.applied.push(...objects);
      // a locator that can be posted to another thread as data (../locator.ts)
      return { ...base, action: 'apply', objects, locate: indexLocator(objectNodes, source) };
    }
    case 'delete': {
      const kind = r.reqStr(m, path, 'kind');
      const name = r.reqStr(m, path, 'name');
      if (!kind || !name) return undefined;
      const info = objectKinds[kind];
      if (!info) {
        r.error(r.child(m, 'kind')!.pos, [...path, 'kind'], notSupported(kind, Object.keys(objectKinds)));
        return undefined;
      }
      const namespace = info.namespaced ? (r.str(m, path, 'namespace') || 'default') : undefined;
      if (!objectName(r, m, path, 'name', name, namespace)) return undefined;
      if (kind === 'Node') ctx.nodes.delete(name);
      if (namespace !== undefined) ctx.objects.delete(objectKey(kind, namespace, name));
      return defined({ ...base, action: 'delete' as const, kind, name, namespace });
    }
    case 'taint': case 'untaint': {
      const node = nodeRef(r, m, path, ctx);
      const tn = r.child(m, 'taint');
      if (!tn) {
        r.requiredMissing(m, path, 'taint', 'key=value:Effect');
        return undefined;
      }
      const t = parseTaint(r, tn, [...path, 'taint'], a === 'taint');
      if (!node || !t) return undefined;
      if (a === 'taint') {
        const taint: Taint = defined({ key: t.key, value: t.value, effect: t.effect!, timeAdded: t.effect === 'NoExecute' ? at : undefined });
        return { ...base, action: 'taint', node, taint };
      }
      return defined({ ...base, action: 'untaint' as const, node, key: t.key, value: t.value, effect: t.effect });
    }
    case 'evict': {
      const pod = podRef(r, m, path);
      // kubectl's eviction of a pod that does not exist: Error from server (NotFound)
      if (pod && !podMayExist(ctx, pod)) {
        r.error(r.child(m, 'pod')!.pos, [...path, 'pod'], notFound(`pod "${pod.namespace}/${pod.name}"`));
        return undefined;
      }
      return pod && { ...base, action: 'evict', pod };
    }
    case 'condition': {
      const node = nodeRef(r, m, path, ctx);
      const type = r.reqStr(m, path, 'type');
      const status = r.enumValue(m, path, 'status', ['True', 'False', 'Unknown'] as const);
      if (!status && !r.has(m, 'status')) r.requiredMissing(m, path, 'status');
      return node && type && status ? { ...base, action: 'condition', node, type, status } : undefined;
    }
    case 'label': {
      const node = nodeRef(r, m, path, ctx);
      const lm = r.map(r.child(m, 'labels'), [...path, 'labels']);
      if (!lm) {
        if (!r.has(m, 'labels')) r.requiredMissing(m, path, 'labels');
        return undefined;
      }
      const labels = userMap<string | null>();
      let ok = true;
      for (const [k, e] of lm.entries) {
        ok = r.labelName(k, e.keyPos, [...path, 'labels']) && ok;
        if (e.value.kind === 'scalar' && e.value.value === null) {
          labels[k] = null;
          continue;
        }
        const v = r.string(e.value, [...path, 'labels', k]);
        if (v === undefined) { ok = false; continue; }
        for (const msg of isValidLabelValue(v)) { r.error(e.value.pos, [...path, 'labels'], invalid(v, msg)); ok = false; }
        labels[k] = v;
      }
      return node && ok ? { ...base, action: 'label', node, labels } : undefined;
    }
    case 'cordon': case 'uncordon': {
      const node = nodeRef(r, m, path, ctx);
      return node ? { ...base, action: a, node } : undefined;
    }
    case 'deschedule': {
      const pn = r.map(r.child(m, 'policy'), [...path, 'policy']);
      if (!pn) {
        if (!r.has(m, 'policy')) r.requiredMissing(m, path, 'policy', 'a DeschedulerPolicy');
        return undefined;
      }
      const policy = toPlain(pn) as Record<string, unknown>;
      return {
        ...base, action: 'deschedule', policy,
        locate: pathLocator(pn, pn.pos),
      };
    }
    case 'deviceCondition': {
      const has = (['claim', 'pod'] as const).filter((k) => r.has(m, k));
      if (has.length !== 1) {
        r.error(m.pos, path, has.length === 0 ? required('one of `claim` or `pod`') : invalid('claim and pod', 'only one of `claim` or `pod` may be set'));
        return undefined;
      }
      const ref = objectRef(r, m, path, has[0] === 'pod' ? 'pod' : 'claim');
      const device = r.reqStr(m, path, 'device');
      const type = r.reqStr(m, path, 'type');
      if (type !== undefined) for (const msg of isQualifiedName(type)) r.error(r.child(m, 'type')!.pos, [...path, 'type'], invalid(type, msg));
      const status = r.enumValue(m, path, 'status', ['True', 'False', 'Unknown'] as const);
      if (!status && !r.has(m, 'status')) r.requiredMissing(m, path, 'status');
      if (!ref || !device || !type || !status) return undefined;
      return defined({
        ...base, action: 'deviceCondition' as const, [has[0]!]: ref, device, driver: r.str(m, path, 'driver'), pool: r.str(m, path, 'pool'),
        type, status, reason: r.str(m, path, 'reason'), message: r.str(m, path, 'message'),
      });
    }
    case 'ungate': {
      const pod = podRef(r, m, path);
      const gate = r.str(m, path, 'gate');
      // upstream: validateSchedulingGates (pkg/apis/core/validation) — gate names are qualified names
      let ok = true;
      if (gate !== undefined) for (const msg of isQualifiedName(gate)) { r.error(r.child(m, 'gate')!.pos, [...path, 'gate'], invalid(gate, msg)); ok = false; }
      if (pod && !podMayExist(ctx, pod)) {
        r.error(r.child(m, 'pod')!.pos, [...path, 'pod'], notFound(`pod "${pod.namespace}/${pod.name}"`));
        return undefined;
      }
      return pod && ok ? defined({ ...base, action: 'ungate' as const, pod, gate }) : undefined;
    }
    case 'scale': {
      const kind = r.enumValue(m, path, 'kind', scalableKinds);
      if (!kind && !r.has(m, 'kind')) r.requiredMissing(m, path, 'kind');
      const name = r.reqStr(m, path, 'name');
      const namespace = r.str(m, path, 'namespace') || 'default';
      const replicas = r.nonNegInt(m, path, 'replicas');
      if (replicas === undefined && !r.has(m, 'replicas')) r.requiredMissing(m, path, 'replicas');
      if (!kind || !name || !objectName(r, m, path, 'name', name, namespace)) return undefined;
      // kubectl scale of an object that does not exist: Error from server (NotFound)
      if (!ctx.objects.has(objectKey(kind, namespace, name))) {
        r.error(r.child(m, 'name')!.pos, [...path, 'name'], notFound(`${kind} "${namespace}/${name}"`));
        return undefined;
      }
      return replicas !== undefined ? { ...base, action: 'scale', kind, name, namespace, replicas } : undefined;
    }
  }
}

/** spec.kubernetesVersion: "1.35", "1.36" or "1.37" (a minor version, as a string) */
function decodeKubernetesVersion(r: Reader, spec: SrcMap | undefined, sp: Path): KubernetesVersion | undefined {
  const node = r.child(spec, 'kubernetesVersion');
  if (!node || isNull(node)) return undefined;
  // an unquoted 1.36 is a YAML number: its source text is the version
  const text = node.kind !== 'scalar' ? undefined : typeof node.value === 'string' ? node.value.trim() : typeof node.value === 'number' ? node.raw : undefined;
  if (text !== undefined && isKubernetesVersion(text)) return text;
  const supported = KUBERNETES_VERSIONS.map((v) => `"${v}"`).join(', ');
  r.error(node.pos, [...sp, 'kubernetesVersion'], invalid(node.kind === 'scalar' ? node.value : describe(node), `unsupported Kubernetes version: the simulator runs ${supported} (a minor version, quoted)`));
  return undefined;
}

const INFERRED_VERSION_ANNOTATION = 'podplay.dev/inferred-version';

/** "1.36; inferred from …" → the version and why; anything else is ignored (an annotation is free text) */
function inferredVersion(value: string | undefined): ScenarioMeta['inferredKubernetesVersion'] {
  const m = /^\s*([0-9.]{1,10})\s*;\s*(.{1,2000})$/s.exec(value ?? '');
  return m && isKubernetesVersion(m[1]) ? { version: m[1], detail: m[2]!.trim() } : undefined;
}

const scenarioFields = new Set(['apiVersion', 'kind', 'metadata', 'spec']);
const scenarioSpecFields = new Set(['seed', 'title', 'description', 'timeline', 'featureGates', 'now', 'kubernetesVersion']);

/** Reads a Scenario document: its meta and its validated timeline. */
export function decodeScenario(r: Reader, root: SrcMap, ctx: TimelineContext): { meta: ScenarioMeta; timeline: TimelineStep[] } {
  r.knownFields(root, [], scenarioFields);
  const mp: Path = ['metadata'];
  const metadata = r.map(r.child(root, 'metadata'), mp);
  const annotations = r.stringMap(metadata, mp, 'annotations')?.value;
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  if (spec) r.knownFields(spec, sp, scenarioSpecFields);
  const seed = r.int(spec, sp, 'seed', 'int64');
  if (seed !== undefined && (seed < 0 || seed > 0xffffffff)) {
    r.error(r.child(spec, 'seed')!.pos, [...sp, 'seed'], invalid(seed, 'must be between 0 and 4294967295'));
  }
  // spec.now: the instant that is simulated t=0 (read before decoding, ../timeOrigin.ts)
  const now = r.child(spec, 'now');
  if (now && !isNull(now) && (now.kind !== 'scalar' || typeof now.value !== 'string' || parseRfc3339(now.value) === undefined)) {
    r.error(now.pos, [...sp, 'now'], invalid(now.kind === 'scalar' ? now.value : describe(now), 'must be an RFC 3339 time (e.g. "2024-05-01T10:00:00Z"), the instant that is simulated t=0'));
  }
  const kubernetesVersion = decodeKubernetesVersion(r, spec, sp);
  const featureGates: Partial<Record<FeatureGateName, boolean>> = {};
  const gp: Path = [...sp, 'featureGates'];
  const gates = r.map(r.child(spec, 'featureGates'), gp);
  for (const [name, e] of gates?.entries ?? []) {
    if (!isFeatureGateName(name)) {
      r.error(e.keyPos, [...gp, name], `unrecognized feature gate: ${name} (the simulator knows ${Object.keys(FEATURE_GATES).join(', ')})`);
      continue;
    }
    const on = r.bool(gates, gp, name);
    if (on !== undefined) featureGates[name] = on;
  }
  const meta: ScenarioMeta = defined({
    featureGates: Object.keys(featureGates).length ? featureGates : undefined,
    kubernetesVersion,
    inferredKubernetesVersion: inferredVersion(annotations?.[INFERRED_VERSION_ANNOTATION]),
    name: r.str(metadata, mp, 'name'),
    title: r.str(spec, sp, 'title') ?? annotations?.title,
    description: r.str(spec, sp, 'description') ?? annotations?.description,
    seed: seed !== undefined && seed >= 0 && seed <= 0xffffffff ? seed : undefined,
  });
  const timeline: TimelineStep[] = [];
  const tp: Path = [...sp, 'timeline'];
  const items = r.list(r.child(spec, 'timeline'), tp) ?? [];
  let lastAt = 0;
  items.forEach((item, i) => {
    const s = step(r, item, [...tp, i], ctx, lastAt);
    if (s) {
      timeline.push(s);
      lastAt = s.at;
    }
  });
  return { meta, timeline };
}
