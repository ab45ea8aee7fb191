// Resource lists and requirements, quantities kept exact (./quantity.ts).
// upstream: pkg/apis/core/validation/validation.go (ValidateResourceRequirements,
// ValidateContainerResourceName, validateResourceName, ValidateResourceQuantityValue),
// pkg/apis/core/helper/helpers.go (IsExtendedResourceName, IsNativeResource).

import type { ResourceList, ResourceRequirements } from '../types';
import { integerValue, isNegative, milliValue, parseQuantity, type Quantity } from '../quantity';
import { defined, isNull, userMap, type Path, type Reader } from '../decoder';
import type { SrcMap, SrcNode } from '../source';
import { isQualifiedName, invalid, required } from '../validation';
import { quote } from '../quote';

/** where a resource list appears: the names allowed differ */
export type ResourceListKind = 'container' | 'node' | 'quota';

const standardContainerResources = new Set(['cpu', 'memory', 'ephemeral-storage']);
const standardNodeResources = new Set(['cpu', 'memory', 'ephemeral-storage', 'pods', 'storage']);
// upstream: IsStandardQuotaResourceName
const standardQuotaResources = new Set([
  'pods', 'services', 'replicationcontrollers', 'resourcequotas', 'secrets', 'configmaps', 'persistentvolumeclaims',
  'services.nodeports', 'services.loadbalancers', 'cpu', 'memory', 'ephemeral-storage', 'storage', 'requests.cpu', 'requests.memory',
  'requests.storage', 'requests.ephemeral-storage', 'limits.cpu', 'limits.memory', 'limits.ephemeral-storage',
]);

/**
 * upstream: helper.IsNativeResource — no "/", or IsPrefixedNativeResource: the name contains
 * "kubernetes.io/" (pkg/apis/core/v1/helper/helpers.go). A substring test, as upstream's: a domain
 * such as "xkubernetes.io" counts as native too.
 */
export function isNativeResource(name: string): boolean {
  return !name.includes('/') || name.includes('kubernetes.io/');
}

/** upstream: IsExtendedResourceName */
export function isExtendedResourceName(name: string): boolean {
  if (isNativeResource(name) || name.startsWith('requests.')) return false;
  return isQualifiedName(`requests.${name}`).length === 0;
}

function resourceNameErrors(name: string, kind: ResourceListKind): string[] {
  const errs = isQualifiedName(name);
  if (errs.length) return errs;
  if (kind === 'quota') {
    // upstream: ValidateResourceQuotaResourceName
    const ok = name.includes('/') || standardQuotaResources.has(name) || name.startsWith('hugepages-') || name.startsWith('requests.hugepages-');
    return ok ? [] : ['must be a standard resource for quota'];
  }
  if (!name.includes('/')) {
    const standard = kind === 'container' ? standardContainerResources : standardNodeResources;
    const ok = standard.has(name) || name.startsWith('hugepages-') || (kind === 'node' && name.startsWith('attachable-volumes-'));
    if (!ok) return [kind === 'container' ? 'must be a standard resource for containers' : 'must be a standard resource type or fully qualified'];
  } else if (!isNativeResource(name) && !isExtendedResourceName(name)) {
    return ["doesn't follow extended resource name standard"];
  }
  return [];
}

/** The quantity as written: a string, or a YAML number in its exact source form. */
function quantityText(r: Reader, node: SrcNode, path: Path): string | undefined {
  if (node.kind === 'scalar' && typeof node.value === 'number') {
    if (Number.isSafeInteger(node.value)) return String(node.value);
    return parseQuantity(node.raw) ? node.raw : String(node.value);
  }
  return r.string(node, path);
}

const unitOf = (name: string): string => (name === 'cpu' ? 'millicores' : name === 'memory' || name === 'ephemeral-storage' || name.startsWith('hugepages-') ? 'bytes' : 'units');

/** Parses and range-checks one quantity; reports errors at the value. */
export function checkQuantity(r: Reader, node: SrcNode, path: Path, resourceName: string, text: string): Quantity | undefined {
  const q = parseQuantity(text);
  if (!q) {
    r.error(node.pos, path, `${quote(text)} is not a quantity`);
    return undefined;
  }
  if (isNegative(q)) {
    r.error(node.pos, path, invalid(text, 'must be greater than or equal to 0'));
    return undefined;
  }
  const amount = resourceName === 'cpu' ? milliValue(q) : integerValue(q);
  if (amount === undefined) {
    r.error(node.pos, path, `${quote(text)} is too large: the simulator counts at most ${Number.MAX_SAFE_INTEGER} ${unitOf(resourceName)}`);
    return undefined;
  }
  if ((resourceName === 'pods' || isExtendedResourceName(resourceName)) && q.numerator % q.denominator !== 0n) {
    r.error(node.pos, path, invalid(text, 'must be an integer'));
    return undefined;
  }
  return q;
}

export interface DecodedResourceList {
  list: ResourceList;
  quantities: Map<string, Quantity>;
  node: SrcMap;
}

export function decodeResourceList(r: Reader, m: SrcMap | undefined, path: Path, key: string, kind: ResourceListKind): DecodedResourceList | undefined {
  const lp = [...path, key];
  const node = r.map(r.child(m, key), lp);
  if (!node) return undefined;
  const list = userMap<string>();
  const quantities = new Map<string, Quantity>();
  for (const [name, e] of node.entries) {
    const ep = [...lp, name];
    let nameOk = true;
    for (const msg of resourceNameErrors(name, kind)) {
      r.error(e.keyPos, ep, invalid(name, msg));
      nameOk = false;
    }
    if (isNull(e.value)) continue;
    const text = quantityText(r, e.value, ep);
    if (text === undefined) continue;
    const q = checkQuantity(r, e.value, ep, name, text);
    if (q && nameOk) {
      list[name] = text;
      quantities.set(name, q);
    }
  }
  return { list, quantities, node };
}

const cmp = (a: Quantity, b: Quantity): number => {
  const d = a.numerator * b.denominator - b.numerator * a.denominator;
  return d > 0n ? 1 : d < 0n ? -1 : 0;
};

/**
 * upstream: ValidateResourceRequirements — requests ≤ limits; extended resources need a limit equal
 * to the request. Requests default from limits (SetDefaults_Pod) before this check, so only
 * explicit requests are compared.
 */
export function decodeResourceRequirements(r: Reader, m: SrcMap | undefined, path: Path, key = 'resources'): ResourceRequirements | undefined {
  const rp = [...path, key];
  const rm = r.map(r.child(m, key), rp);
  if (!rm) return undefined;
  r.knownFields(rm, rp, new Set(['requests', 'limits', 'claims']));
  const requests = decodeResourceList(r, rm, rp, 'requests', 'container');
  const limits = decodeResourceList(r, rm, rp, 'limits', 'container');
  for (const [name, q] of requests?.quantities ?? []) {
    const pos = requests!.node.entries.get(name)!.value.pos;
    const limit = limits?.quantities.get(name);
    const text = requests!.list[name]!;
    if (isExtendedResourceName(name)) {
      if (!limit) {
        r.error(pos, [...rp, 'limits'], required('Limit must be set for non overcommitable resources'));
        continue;
      }
      if (cmp(q, limit) !== 0) {
        r.error(pos, [...rp, 'requests', name], invalid(text, `must be equal to ${name} limit of ${limits!.list[name]}`));
        continue;
      }
    }
    if (limit && cmp(q, limit) > 0) {
      r.error(pos, [...rp, 'requests', name], invalid(text, `must be less than or equal to ${name} limit of ${limits!.list[name]}`));
    }
  }
  return defined({ requests: requests?.list, limits: limits?.list, claims: decodeContainerClaims(r, rm, rp) });
}

/** A container's resources.claims: each names one of the pod's resourceClaims. */
function decodeContainerClaims(r: Reader, resources: SrcMap | undefined, path: Path): { name: string; request?: string }[] | undefined {
  const cp = [...path, 'claims'];
  return r.list(r.child(resources, 'claims'), cp)?.flatMap((c, i) => {
    const m = r.map(c, [...cp, i]);
    if (!m) return [];
    r.knownFields(m, [...cp, i], new Set(['name', 'request']));
    const name = r.reqStr(m, [...cp, i], 'name');
    return name ? [defined({ name, request: r.str(m, [...cp, i], 'request') || undefined })] : [];
  });
}
