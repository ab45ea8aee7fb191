// The resource quota controller (kube-controller-manager): each quota's status.hard follows
// spec.hard and status.used is recounted from the objects in its namespace — on the simulated
// clock, whenever a pod goes away (the replenishment controller) or a quota changes.
// upstream: pkg/controller/resourcequota/resource_quota_controller.go (syncResourceQuota),
// staging/src/k8s.io/apiserver/pkg/quota/v1/generic/evaluator.go (CalculateUsageStats).

import type { ResourceQuota } from '../model/policy';
import type { Pod } from '../model/types';
import type { PersistentVolumeClaim } from '../model/storage';
import { podMatchingResources, podUsage, quotaScopeSelectors, podMatchesScope } from '../model/quota/pods';
import { claimUsage } from '../model/quota/persistentVolumeClaims';
import { addLists, fromResourceList, maskList, toResourceList, type QuotaList } from '../model/quota/resourceList';
import { zeroUsage } from '../model/quota/status';

/** upstream: syncResourceQuota — the quota's status from the namespace's pods and claims now */
export function quotaStatus(q: ResourceQuota, pods: readonly Pod[], claims: readonly PersistentVolumeClaim[], now: number): ResourceQuota['status'] {
  const hard = fromResourceList(q.spec.hard);
  const ns = q.metadata.namespace ?? 'default';
  let used: QuotaList = zeroUsage(hard);
  const scopes = quotaScopeSelectors(q);
  if (podMatchingResources(hard.keys()).length) {
    for (const p of pods) {
      if ((p.metadata.namespace ?? 'default') !== ns || !scopes.every((s) => podMatchesScope(s, p))) continue;
      used = addLists(used, maskList(podUsage(p, now), hard.keys()));
    }
  }
  // claims have no scopes a quota selects on (VolumeAttributesClass is not simulated)
  if (scopes.length === 0) {
    for (const c of claims) {
      if ((c.metadata.namespace ?? 'default') !== ns) continue;
      used = addLists(used, maskList(claimUsage(c), hard.keys()));
    }
  }
  return { hard: toResourceList(hard), used: toResourceList(used) };
}
