// A pod's quality-of-service class. It sits in model/ because admission (ResourceQuota's
// BestEffort and NotBestEffort scopes) and the descheduler both read it.
// upstream: sigs.k8s.io/descheduler pkg/utils/qos.go (GetPodQOS), after
// pkg/apis/core/v1/helper/qos/qos.go.

import { containerRequests } from './containerRequests';
import { resourceAmount } from './quantity';
import type { Pod, PodStatus } from './types';

/** a pod whose status may carry the class the API server computed */
export type QOSPod = Pod & { status: PodStatus & { qosClass?: QOSClass } };

export type QOSClass = 'BestEffort' | 'Burstable' | 'Guaranteed';

/**
 * upstream: utils.GetPodQOS — status.qosClass when set; otherwise from the containers' requests
 * and limits (cpu and memory only, positive values). Requests are read after API defaulting
 * (a limit without a request sets the request), as the API server stores pods.
 */
export function getPodQOS(pod: QOSPod): QOSClass {
  if (pod.status.qosClass) return pod.status.qosClass;
  const requests = new Map<string, number>();
  const limits = new Map<string, number>();
  let guaranteed = true;
  const add = (into: Map<string, number>, name: string, q: string): boolean => {
    if (name !== 'cpu' && name !== 'memory') return false;
    const amount = resourceAmount(name, q);
    if (amount === undefined || amount <= 0) return false;
    into.set(name, (into.get(name) ?? 0) + amount);
    return true;
  };
  for (const c of [...pod.spec.containers, ...(pod.spec.initContainers ?? [])]) {
    for (const [name, q] of Object.entries(containerRequests(c))) add(requests, name, q);
    const found = new Set<string>();
    for (const [name, q] of Object.entries(c.resources?.limits ?? {})) if (add(limits, name, q)) found.add(name);
    if (!found.has('cpu') || !found.has('memory')) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed) {
    for (const [name, req] of requests) {
      if (limits.get(name) !== req) {
        guaranteed = false;
        break;
      }
    }
  }
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}
