// What a PersistentVolumeClaim charges to a ResourceQuota.
// upstream: pkg/quota/v1/evaluator/core/persistent_volume_claims.go (Usage).

import type { PersistentVolumeClaim } from '../storage';
import type { QuotaList } from './resourceList';
import { amountOf } from './resourceList';

/** upstream: V1ResourceByStorageClass — <class>.storageclass.storage.k8s.io/<resource> */
export const byStorageClass = (storageClass: string, resource: string): string => `${storageClass}.storageclass.storage.k8s.io/${resource}`;

/** upstream: pvcEvaluator.MatchingResources — the quota's resources a claim can use */
export function claimMatchingResources(names: Iterable<string>): string[] {
  return [...names].filter((n) => n === 'persistentvolumeclaims' || n === 'count/persistentvolumeclaims' || n === 'requests.storage'
    || /\.storageclass\.storage\.k8s\.io\/(requests\.storage|persistentvolumeclaims)$/.test(n));
}

/** upstream: pvcEvaluator.Usage — the count, and requests.storage (also per storage class) */
export function claimUsage(pvc: PersistentVolumeClaim): QuotaList {
  const one = amountOf('1')!;
  const out: QuotaList = new Map([['count/persistentvolumeclaims', one], ['persistentvolumeclaims', one]]);
  const cls = pvc.spec.storageClassName ?? '';
  if (cls) out.set(byStorageClass(cls, 'persistentvolumeclaims'), one);
  const text = pvc.spec.resources?.requests?.['storage'];
  const storage = text !== undefined ? amountOf(text) : undefined;
  if (storage) {
    out.set('requests.storage', storage);
    if (cls) out.set(byStorageClass(cls, 'requests.storage'), storage);
  }
  return out;
}
