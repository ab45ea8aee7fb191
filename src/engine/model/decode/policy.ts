// LimitRange and ResourceQuota (v1): decoded and validated as the API server does.
// upstream: pkg/apis/core/validation/validation.go (ValidateLimitRange, ValidateResourceQuota),
// pkg/apis/core/v1/defaults.go (SetDefaults_LimitRangeItem).

import type { LimitRange, LimitRangeItem, LimitType, ResourceQuota, ResourceQuotaScope, ScopedResourceSelectorRequirement } from '../policy';
import type { ResourceList } from '../types';
import { compareQuantity, parseQuantity } from '../quantity';
import { defined, type Path, type Reader } from '../decoder';
import type { SrcMap, SrcNode } from '../source';
import { decodeMetadata } from './metadata';
import { decodeResourceList } from './resources';
import { isDNS1123Subdomain, invalid, notSupported, required } from '../validation';

const LIMIT_TYPES = ['Container', 'Pod', 'PersistentVolumeClaim'] as const;
const SCOPES = ['Terminating', 'NotTerminating', 'BestEffort', 'NotBestEffort', 'PriorityClass', 'CrossNamespacePodAffinity', 'VolumeAttributesClass'] as const;

/** upstream: SetDefaults_LimitRangeItem — a Container item's default from max, defaultRequest from default, then min. */
export function defaultLimitRangeItem(item: LimitRangeItem): LimitRangeItem {
  if (item.type !== 'Container') return item;
  const dflt: ResourceList = { ...(item.default ?? {}) };
  for (const [k, v] of Object.entries(item.max ?? {})) dflt[k] ??= v;
  const defaultRequest: ResourceList = { ...(item.defaultRequest ?? {}) };
  for (const [k, v] of Object.entries(dflt)) defaultRequest[k] ??= v;
  for (const [k, v] of Object.entries(item.min ?? {})) defaultRequest[k] ??= v;
  return defined({ ...item, default: Object.keys(dflt).length ? dflt : undefined, defaultRequest: Object.keys(defaultRequest).length ? defaultRequest : undefined });
}

export function decodeLimitRange(r: Reader, root: SrcMap): LimitRange {
  r.knownFields(root, [], new Set(['apiVersion', 'kind', 'metadata', 'spec']));
  const metadata = decodeMetadata(r, root, { namespaced: true, validateName: isDNS1123Subdomain });
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  if (!spec) r.error(root.pos, sp, required());
  if (spec) r.knownFields(spec, sp, new Set(['limits']));
  const limits: LimitRangeItem[] = [];
  (r.list(r.child(spec, 'limits'), [...sp, 'limits']) ?? []).forEach((node, i) => {
    const ip: Path = [...sp, 'limits', i];
    const m = r.map(node, ip);
    if (!m) return;
    r.knownFields(m, ip, new Set(['type', 'max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio']));
    const typeText = r.str(m, ip, 'type');
    if (typeText === undefined) { r.error(m.pos, [...ip, 'type'], required()); return; }
    if (!(LIMIT_TYPES as readonly string[]).includes(typeText)) {
      r.error(r.child(m, 'type')!.pos, [...ip, 'type'], notSupported(typeText, LIMIT_TYPES));
      return;
    }
    const type = typeText as LimitType;
    // upstream: validateLimitRangeResourceName — claims limit storage, containers and pods compute
    const names = type === 'PersistentVolumeClaim' ? 'node' : 'container';
    const lists = {
      max: decodeResourceList(r, m, ip, 'max', names),
      min: decodeResourceList(r, m, ip, 'min', names),
      default: decodeResourceList(r, m, ip, 'default', names),
      defaultRequest: decodeResourceList(r, m, ip, 'defaultRequest', names),
      maxLimitRequestRatio: decodeResourceList(r, m, ip, 'maxLimitRequestRatio', names),
    };
    // upstream: ValidateLimitRange — defaults only on Container items; min ≤ defaultRequest ≤ default ≤ max
    if (type !== 'Container') {
      for (const key of ['default', 'defaultRequest'] as const) {
        const l = lists[key];
        if (l && Object.keys(l.list).length) r.error(l.node.pos, [...ip, key], `Forbidden: may not be specified when \`type\` is '${type}'`);
      }
    }
    const q = (list: ResourceList | undefined, k: string) => (list?.[k] !== undefined ? parseQuantity(list[k]!) : undefined);
    for (const k of new Set([...Object.keys(lists.min?.list ?? {}), ...Object.keys(lists.max?.list ?? {}), ...Object.keys(lists.default?.list ?? {}), ...Object.keys(lists.defaultRequest?.list ?? {})])) {
      const min = q(lists.min?.list, k);
      const max = q(lists.max?.list, k);
      const dflt = q(lists.default?.list, k);
      const dreq = q(lists.defaultRequest?.list, k);
      const at = (key: 'min' | 'max' | 'default' | 'defaultRequest') => lists[key]!.node.entries.get(k)!.value.pos;
      if (min && max && compareQuantity(min, max) > 0) r.error(at('min'), [...ip, 'min', k], invalid(lists.min!.list[k], `min value ${lists.min!.list[k]} is greater than max value ${lists.max!.list[k]}`));
      if (dreq && min && compareQuantity(min, dreq) > 0) r.error(at('defaultRequest'), [...ip, 'defaultRequest', k], invalid(lists.defaultRequest!.list[k], `min value ${lists.min!.list[k]} is greater than default request value ${lists.defaultRequest!.list[k]}`));
      if (dreq && max && compareQuantity(dreq, max) > 0) r.error(at('defaultRequest'), [...ip, 'defaultRequest', k], invalid(lists.defaultRequest!.list[k], `default request value ${lists.defaultRequest!.list[k]} is greater than max value ${lists.max!.list[k]}`));
      if (dreq && dflt && compareQuantity(dreq, dflt) > 0) r.error(at('defaultRequest'), [...ip, 'defaultRequest', k], invalid(lists.defaultRequest!.list[k], `default request value ${lists.defaultRequest!.list[k]} is greater than default limit value ${lists.default!.list[k]}`));
      if (dflt && min && compareQuantity(min, dflt) > 0) r.error(at('default'), [...ip, 'default', k], invalid(lists.default!.list[k], `min value ${lists.min!.list[k]} is greater than default value ${lists.default!.list[k]}`));
      if (dflt && max && compareQuantity(dflt, max) > 0) r.error(at('default'), [...ip, 'default', k], invalid(lists.default!.list[k], `default value ${lists.default!.list[k]} is greater than max value ${lists.max!.list[k]}`));
    }
    limits.push(defaultLimitRangeItem(defined({
      type, max: lists.max?.list, min: lists.min?.list, default: lists.default?.list, defaultRequest: lists.defaultRequest?.list, maxLimitRequestRatio: lists.maxLimitRequestRatio?.list,
    })));
  });
  return { apiVersion: 'v1', kind: 'LimitRange', metadata, spec: { limits } };
}

/** One ScopedResourceSelectorRequirement (a quota's scopeSelector, a limitedResource's matchScopes). upstream: validateScopedResourceSelectorRequirement */
export function decodeScopedRequirement(r: Reader, node: SrcNode, ep: Path): ScopedResourceSelectorRequirement | undefined {
  const m = r.map(node, ep);
  if (!m) return undefined;
  r.knownFields(m, ep, new Set(['scopeName', 'operator', 'values']));
  const scopeName = r.enumValue(m, ep, 'scopeName', SCOPES);
  const operator = r.enumValue(m, ep, 'operator', ['In', 'NotIn', 'Exists', 'DoesNotExist'] as const);
  const values = r.stringList(m, ep, 'values');
  if (!scopeName) { if (!r.has(m, 'scopeName')) r.error(m.pos, [...ep, 'scopeName'], required()); return undefined; }
  if (!operator) { if (!r.has(m, 'operator')) r.error(m.pos, [...ep, 'operator'], required()); return undefined; }
  if ((operator === 'In' || operator === 'NotIn') && !values?.length) r.error(m.pos, [...ep, 'values'], required('must be at least one value when `operator` is \'In\' or \'NotIn\' for scope selector'));
  if ((operator === 'Exists' || operator === 'DoesNotExist') && values?.length) r.error(r.child(m, 'values')!.pos, [...ep, 'values'], invalid(values, 'must be no value when `operator` is \'Exist\' or \'DoesNotExist\' for scope selector'));
  if (scopeName !== 'PriorityClass' && scopeName !== 'VolumeAttributesClass' && operator !== 'Exists') {
    r.error(r.child(m, 'operator')!.pos, [...ep, 'operator'], notSupported(operator, ['Exists']));
  }
  return defined({ scopeName, operator, values });
}

export function decodeResourceQuota(r: Reader, root: SrcMap): ResourceQuota {
  r.knownFields(root, [], new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']));
  const metadata = decodeMetadata(r, root, { namespaced: true, validateName: isDNS1123Subdomain });
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  if (spec) r.knownFields(spec, sp, new Set(['hard', 'scopes', 'scopeSelector']));
  const hard = decodeResourceList(r, spec, sp, 'hard', 'quota')?.list;
  const scopes = r.stringList(spec, sp, 'scopes');
  const scopesNode = r.child(spec, 'scopes');
  scopes?.forEach((s, i) => {
    if (!(SCOPES as readonly string[]).includes(s)) r.error(scopesNode?.kind === 'seq' ? scopesNode.items[i]!.pos : root.pos, [...sp, 'scopes', i], notSupported(s, SCOPES));
  });
  let scopeSelector: ResourceQuota['spec']['scopeSelector'];
  const ssp: Path = [...sp, 'scopeSelector'];
  const ss = r.map(r.child(spec, 'scopeSelector'), ssp);
  if (ss) {
    r.knownFields(ss, ssp, new Set(['matchExpressions']));
    const matchExpressions: ScopedResourceSelectorRequirement[] = [];
    (r.list(r.child(ss, 'matchExpressions'), [...ssp, 'matchExpressions']) ?? []).forEach((node, i) => {
      const req = decodeScopedRequirement(r, node, [...ssp, 'matchExpressions', i]);
      if (req) matchExpressions.push(req);
    });
    scopeSelector = { matchExpressions };
  }
  return {
    apiVersion: 'v1', kind: 'ResourceQuota', metadata,
    spec: defined({ hard, scopes: scopes as ResourceQuotaScope[] | undefined, scopeSelector }),
    status: {},
  };
}
