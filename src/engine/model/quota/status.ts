// A quota's status before anything is charged to it: status.hard from spec.hard, every tracked
// resource used 0 (upstream: syncResourceQuota on a namespace with nothing in it).

import type { ResourceQuota } from '../policy';
import { fromResourceList, toResourceList, zeroAmount, type QuotaList } from './resourceList';

export function initialQuotaStatus(q: ResourceQuota): ResourceQuota['status'] {
  const hard = fromResourceList(q.spec.hard);
  return { hard: toResourceList(hard), used: toResourceList(zeroUsage(hard)) };
}

/** upstream: UsageStats starts every tracked resource at 0 */
export function zeroUsage(hard: QuotaList): QuotaList {
  return new Map([...hard.keys()].map((k) => [k, zeroAmount()]));
}
