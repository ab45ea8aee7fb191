// The namespace policies the API server enforces when a pod is created: LimitRange (admission
// plugin LimitRanger) and ResourceQuota (admission plugin ResourceQuota and the quota controller).
// upstream: k8s.io/api/core/v1 types.go (LimitRange, ResourceQuota).

import type { KubeObject, ResourceList } from './types';

export type LimitType = 'Container' | 'Pod' | 'PersistentVolumeClaim';

/** upstream: LimitRangeItem (after SetDefaults_LimitRangeItem for Container items) */
export interface LimitRangeItem {
  type: LimitType;
  max?: ResourceList;
  min?: ResourceList;
  default?: ResourceList;
  defaultRequest?: ResourceList;
  maxLimitRequestRatio?: ResourceList;
}

export interface LimitRange extends KubeObject {
  kind: 'LimitRange';
  spec: { limits: LimitRangeItem[] };
}

export type ResourceQuotaScope = 'Terminating' | 'NotTerminating' | 'BestEffort' | 'NotBestEffort' | 'PriorityClass' | 'CrossNamespacePodAffinity' | 'VolumeAttributesClass';

/** upstream: ScopedResourceSelectorRequirement */
export interface ScopedResourceSelectorRequirement {
  scopeName: ResourceQuotaScope;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}

export interface ResourceQuota extends KubeObject {
  kind: 'ResourceQuota';
  spec: {
    hard?: ResourceList;
    scopes?: ResourceQuotaScope[];
    scopeSelector?: { matchExpressions: ScopedResourceSelectorRequirement[] };
  };
  /** kept by the quota controller and the admission plugin (a declared status is recomputed) */
  status: { hard?: ResourceList; used?: ResourceList };
}

/**
 * upstream: resourcequota/apis/resourcequota/v1 LimitedResource — a resource whose consumption
 * needs a covering quota (the AdmissionConfiguration's ResourceQuota plugin configuration).
 */
export interface LimitedResource {
  apiGroup?: string;
  /** "pods", "persistentvolumeclaims", … */
  resource: string;
  /** a usage name containing one of these needs a quota that limits it */
  matchContains?: string[];
  /** an object matching one of these scopes needs a quota whose scopes match it too */
  matchScopes?: ScopedResourceSelectorRequirement[];
}

export type PolicyObject = LimitRange | ResourceQuota;
export const POLICY_KINDS: readonly PolicyObject['kind'][] = ['LimitRange', 'ResourceQuota'];
export const isPolicyObject = (o: { kind: string }): o is PolicyObject => o.kind === 'LimitRange' || o.kind === 'ResourceQuota';

/** The policies of a cluster, by namespace, as admission reads them. */
export interface NamespacePolicies {
  limitRanges(namespace: string): readonly LimitRange[];
  /** the live objects: admission charges a created pod to their status.used */
  resourceQuotas(namespace: string): readonly ResourceQuota[];
  /** the API server's ResourceQuota configuration (limitedResources), the same in every namespace */
  readonly limitedResources: readonly LimitedResource[];
}

// admission asks for every pod; most namespaces have no policies
const NONE: readonly never[] = Object.freeze([]);

/** A store of policies; `set` replaces an object of the same kind, namespace and name. */
export class PolicyStore implements NamespacePolicies {
  private readonly byNamespace = new Map<string, PolicyObject[]>();

  constructor(objects: readonly PolicyObject[] = [], readonly limitedResources: readonly LimitedResource[] = []) {
    for (const o of objects) this.set(o);
  }

  set(o: PolicyObject): void {
    const ns = o.metadata.namespace ?? 'default';
    const list = this.byNamespace.get(ns) ?? [];
    const i = list.findIndex((x) => x.kind === o.kind && x.metadata.name === o.metadata.name);
    if (i >= 0) list[i] = o; else list.push(o);
    this.byNamespace.set(ns, list);
  }

  delete(kind: PolicyObject['kind'], namespace: string, name: string): boolean {
    const list = this.byNamespace.get(namespace);
    const i = list?.findIndex((x) => x.kind === kind && x.metadata.name === name) ?? -1;
    if (i < 0) return false;
    list!.splice(i, 1);
    return true;
  }

  limitRanges(namespace: string): readonly LimitRange[] {
    const list = this.byNamespace.get(namespace);
    return list ? list.filter((o): o is LimitRange => o.kind === 'LimitRange') : NONE;
  }

  resourceQuotas(namespace: string): readonly ResourceQuota[] {
    const list = this.byNamespace.get(namespace);
    return list ? list.filter((o): o is ResourceQuota => o.kind === 'ResourceQuota') : NONE;
  }

  /** every object, namespaces in the order they were first seen */
  all(): PolicyObject[] {
    return [...this.byNamespace.values()].flat();
  }
}

