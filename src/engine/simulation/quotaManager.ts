// The resource quota controller on the simulated clock: when a pod goes away (its graceful
// deletion over) or a quota is created or changed, the namespace's quotas are recounted from what
// exists, releasing what admission had charged (upstream: the replenishment controller enqueues
// the quota on a pod's deletion or its move to a terminal phase; syncResourceQuota recounts).

import type { ResourceQuota } from '../model/policy';
import { quotaStatus } from '../controllers/resourceQuota';
import type { Simulation } from './simulation';

export class QuotaManager {
  constructor(private readonly sim: Simulation) {
    sim.podListeners.push({ deleted: (pod) => this.recount(pod.metadata.namespace ?? 'default') });
  }

  /** Recounts every quota of the namespace. */
  recount(namespace: string): void {
    const quotas = this.sim.cluster.policies.resourceQuotas(namespace);
    if (quotas.length === 0) return;
    const pods = this.sim.cluster.livePods();
    const claims = this.sim.cluster.storage.persistentVolumeClaims();
    for (const q of quotas) q.status = quotaStatus(q, pods, claims, this.sim.now);
  }

  /** A quota created or replaced (kubectl apply): the controller fills in its status. */
  apply(q: ResourceQuota): void {
    this.sim.cluster.policies.set(q);
    this.recount(q.metadata.namespace ?? 'default');
  }
}
