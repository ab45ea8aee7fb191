// ObjectMeta. upstream: staging/src/k8s.io/apimachinery/pkg/api/validation/objectmeta.go
// (ValidateObjectMeta, ValidateAnnotations, ValidateOwnerReferences).
// `kubectl get -o yaml` noise (managedFields, resourceVersion, selfLink, finalizers) is dropped.

import type { ObjectMeta, OwnerReference } from '../types';
import { defined, isNull, type Path, type Reader } from '../decoder';
import type { SrcMap, SrcNode } from '../source';
import { isDNS1123Label, isQualifiedName, invalid, required } from '../validation';
import { parseRfc3339 } from '../timeOrigin';

const metadataFields = new Set([
  'name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
  'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields',
]);
const ownerReferenceFields = new Set(['apiVersion', 'kind', 'name', 'uid', 'controller', 'blockOwnerDeletion']);

export type NameValidator = (name: string) => string[];

export interface MetadataOptions {
  namespaced: boolean;
  validateName: NameValidator;
  /** objects created by a generator may use metadata.generateName instead of a name */
  allowGenerateName?: boolean;
}

/**
 * A timestamp. A number is simulated seconds. An RFC 3339 time (from `kubectl get -o yaml`) is
 * its distance in seconds from simulated t=0 (the Scenario's spec.now or the file's latest
 * timestamp, ../timeOrigin.ts): earlier times are negative, order and distances are kept.
 */
export function timestamp(r: Reader, node: SrcNode | undefined, path: Path): number | undefined {
  if (!node || isNull(node)) return undefined;
  if (node.kind === 'scalar' && typeof node.value === 'number') {
    if (Number.isFinite(node.value) && node.value >= 0) return node.value;
    r.error(node.pos, path, invalid(node.value, 'must be a non-negative number of simulated seconds or an RFC 3339 time'));
    return undefined;
  }
  const s = r.string(node, path);
  if (s === undefined) return undefined;
  const t = parseRfc3339(s);
  if (t !== undefined) return Math.round((t - (r.diag.timeOrigin ?? t)) * 1000) / 1000;
  r.error(node.pos, path, invalid(s, 'must be an RFC 3339 time (e.g. "2024-05-01T10:00:00Z") or a number of simulated seconds'));
  return undefined;
}

/** upstream: ValidateAnnotations — keys are qualified names (checked lower-cased), total size ≤ 256 KiB. */
export function decodeAnnotations(r: Reader, m: SrcMap | undefined, path: Path): Record<string, string> | undefined {
  const read = r.stringMap(m, path, 'annotations');
  if (!read) return undefined;
  let size = 0;
  for (const [k, e] of read.node.entries) {
    for (const msg of isQualifiedName(k.toLowerCase())) r.error(e.keyPos, [...path, 'annotations'], invalid(k, msg));
    size += k.length + (read.value[k]?.length ?? 0);
  }
  if (size > 256 * 1024) r.error(read.node.pos, [...path, 'annotations'], `Too long: may not be more than 262144 bytes`);
  return read.value;
}

function ownerReferences(r: Reader, m: SrcMap, path: Path): OwnerReference[] | undefined {
  const p = [...path, 'ownerReferences'];
  const items = r.list(r.child(m, 'ownerReferences'), p);
  if (!items) return undefined;
  const out: OwnerReference[] = [];
  let controllers = 0;
  items.forEach((item, i) => {
    const ip = [...p, i];
    const ref = r.map(item, ip);
    if (!ref) return;
    r.knownFields(ref, ip, ownerReferenceFields);
    const apiVersion = r.reqStr(ref, ip, 'apiVersion', 'version must not be empty');
    const kind = r.reqStr(ref, ip, 'kind', 'kind must not be empty');
    const name = r.reqStr(ref, ip, 'name', 'name must not be empty');
    const uid = r.str(ref, ip, 'uid');
    const controller = r.bool(ref, ip, 'controller');
    const blockOwnerDeletion = r.bool(ref, ip, 'blockOwnerDeletion');
    if (controller) controllers++;
    if (controllers > 1 && controller) {
      r.error(item.pos, p, invalid('', 'Only one reference can have Controller set to true'));
    }
    if (apiVersion && kind && name) out.push(defined({ apiVersion, kind, name, uid, controller, blockOwnerDeletion }));
  });
  return out;
}

/**
 * upstream: apimachinery/pkg/api/validation/generic.go maskTrailingDash — a generateName is
 * validated as a name with its trailing '-' masked (the slice dropping two characters is upstream's).
 */
function maskTrailingDash(name: string): string {
  return name.length > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name;
}

/** Reads metadata; the namespace of a namespaced object defaults to "default" (kubectl's default context). */
export function decodeMetadata(r: Reader, root: SrcMap, opts: MetadataOptions): ObjectMeta {
  const path: Path = ['metadata'];
  const m = r.map(r.child(root, 'metadata'), path);
  if (!m) {
    if (!r.has(root, 'metadata')) r.error(root.pos, [...path, 'name'], required('name or generateName is required'));
    return opts.namespaced ? { name: '', namespace: 'default' } : { name: '' };
  }
  r.knownFields(m, path, metadataFields);
  const name = r.str(m, path, 'name');
  const generateName = r.str(m, path, 'generateName');
  if (!name && !(opts.allowGenerateName && generateName)) {
    r.error(r.child(m, 'name')?.pos ?? m.pos, [...path, 'name'], required('name or generateName is required'));
  } else if (name) {
    for (const msg of opts.validateName(name)) r.error(r.child(m, 'name')!.pos, [...path, 'name'], invalid(name, msg));
  }
  if (generateName) {
    for (const msg of opts.validateName(maskTrailingDash(generateName))) r.error(r.child(m, 'generateName')!.pos, [...path, 'generateName'], invalid(generateName, msg));
  }
  let namespace: string | undefined;
  if (opts.namespaced) {
    namespace = r.str(m, path, 'namespace') || 'default';
    for (const msg of isDNS1123Label(namespace)) r.error(r.child(m, 'namespace')!.pos, [...path, 'namespace'], invalid(namespace, msg));
  } else if (r.has(m, 'namespace')) {
    r.warn(r.child(m, 'namespace')!.pos, [...path, 'namespace'], 'ignored: the object is not namespaced');
  }
  const labels = r.labels(m, path, 'labels');
  return defined({
    name: name ?? '',
    generateName,
    namespace,
    uid: r.str(m, path, 'uid'),
    labels,
    annotations: decodeAnnotations(r, m, path),
    ownerReferences: ownerReferences(r, m, path),
    creationTimestamp: timestamp(r, r.child(m, 'creationTimestamp'), [...path, 'creationTimestamp']),
    deletionTimestamp: timestamp(r, r.child(m, 'deletionTimestamp'), [...path, 'deletionTimestamp']),
    generation: r.int(m, path, 'generation', 'int64'),
  });
}

/** The name and namespace as written, before validation, to label messages. */
export function peekSubject(root: SrcMap, namespaced: boolean): { name?: string; namespace?: string } {
  const m = root.entries.get('metadata')?.value;
  if (m?.kind !== 'map') return namespaced ? { namespace: 'default' } : {};
  const str = (k: string): string | undefined => {
    const v = m.entries.get(k)?.value;
    return v?.kind === 'scalar' && typeof v.value === 'string' && v.value !== '' ? v.value : undefined;
  };
  const name = str('name') ?? (str('generateName') ? `${str('generateName')}*` : undefined);
  return defined({ name, namespace: namespaced ? (str('namespace') ?? 'default') : undefined });
}

