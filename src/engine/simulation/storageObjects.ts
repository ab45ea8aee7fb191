// The storage objects at the end of a run as `kubectl get -o json` prints them
// (SimulationResult.objects, ../shared/contracts/scenario-and-trace.md section 5). Simulated
// timestamps have no wall-clock counterpart and are left out.

import type { KubeJsonObject, SimulationResult } from '../api';
import type { KubeObject } from '../model/types';
import type { ResourceStore } from './resources';
import type { StorageStore } from './storage';
import type { PolicyStore } from '../model/policy';

function metadataJson(o: KubeObject): Record<string, unknown> {
  const m = o.metadata;
  const out: Record<string, unknown> = { name: m.name };
  if (m.namespace !== undefined) out['namespace'] = m.namespace;
  if (m.uid !== undefined) out['uid'] = m.uid;
  if (m.labels && Object.keys(m.labels).length) out['labels'] = { ...m.labels };
  if (m.annotations && Object.keys(m.annotations).length) out['annotations'] = { ...m.annotations };
  if (m.ownerReferences?.length) out['ownerReferences'] = m.ownerReferences.map((r) => ({ ...r }));
  if (m.finalizers?.length) out['finalizers'] = [...m.finalizers];
  return out;
}

function toJson(o: KubeObject & { spec: unknown; status: unknown }): KubeJsonObject {
  return { apiVersion: o.apiVersion, kind: o.kind, metadata: metadataJson(o), spec: structuredClone(o.spec), status: structuredClone(o.status) };
}

/** undefined when the cluster has no volume claims, volumes, resource claims or DeviceTaintRules */
export function storageObjects(store: StorageStore, resources: ResourceStore, policies?: PolicyStore): SimulationResult['objects'] {
  const claims = store.persistentVolumeClaims();
  const volumes = store.persistentVolumes();
  const resourceClaims = resources.resourceClaims();
  const rules = resources.deviceTaintRules();
  const quotas = policies?.all().filter((p) => p.kind === 'ResourceQuota') ?? [];
  if (claims.length === 0 && volumes.length === 0 && resourceClaims.length === 0 && rules.length === 0 && quotas.length === 0) return undefined;
  return {
    ...(claims.length || volumes.length ? {
      persistentVolumeClaims: claims.map((c) => toJson(c)),
      persistentVolumes: volumes.map((v) => toJson(v)),
    } : {}),
    ...(resourceClaims.length ? { resourceClaims: resourceClaims.map((c) => toJson(c)) } : {}),
    ...(rules.length ? { deviceTaintRules: rules.map((r) => toJson({ ...r, status: r.status ?? {} })) } : {}),
    ...(quotas.length ? { resourceQuotas: quotas.map((q) => toJson(q)) } : {}),
  };
}
