// A PersistentVolumeClaim created through the API server: DefaultStorageClass, then LimitRanger's
// PersistentVolumeClaim items and the ResourceQuota plugin (the claim evaluator).
// upstream: plugin/pkg/admission/limitranger (PersistentVolumeClaimValidateLimitFunc),
// staging/src/k8s.io/apiserver/pkg/admission/plugin/resourcequota, pkg/quota/v1/evaluator/core/persistent_volume_claims.go.

import type { NamespacePolicies } from '../policy';
import type { PersistentVolumeClaim } from '../storage';
import { quote } from '../quote';
import { aggregateMessage, claimLimitViolations } from './limitRanger';
import { checkClaimQuotas } from './resourceQuota';

const forbiddenClaim = (name: string, reason: string): string => `persistentvolumeclaims ${quote(name)} is forbidden: ${reason}`;

/** undefined when admitted (and charged to its quotas), else the API server's error. */
export function admitClaimPolicies(pvc: PersistentVolumeClaim, policies: NamespacePolicies): string | undefined {
  const ns = pvc.metadata.namespace ?? 'default';
  for (const lr of policies.limitRanges(ns)) {
    const errs = claimLimitViolations(pvc, lr);
    if (errs.length) return forbiddenClaim(pvc.metadata.name, aggregateMessage(errs));
  }
  const check = checkClaimQuotas(pvc, policies.resourceQuotas(ns), policies.limitedResources);
  if (!check.ok) return check.forbidden ? forbiddenClaim(pvc.metadata.name, check.error) : check.error;
  check.charge();
  return undefined;
}
