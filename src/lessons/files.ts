// Which catalog file holds which lesson, with nothing else: the page's first script (src/boot.ts)
// starts the linked lesson's file downloading while the app's chunk is still on its way, and the
// page (./lazy.ts) reads the same import, by then in the browser's module map.

type CatalogFile = () => Promise<Record<string, unknown>>;

/** Which catalog file holds which lessons (lazy.test.ts checks it against the catalog, both ways). */
export const LESSON_FILES: readonly (readonly [CatalogFile, readonly string[]])[] = [
  [() => import('./catalog/admission'), ['limitrange-defaults', 'priority-class-quota']],
  [() => import('./catalog/autoscaling'), ['autoscaler-scale-down-pdb', 'autoscaler-scale-from-zero', 'autoscaler-scale-up']],
  [() => import('./catalog/configuration'), ['legacy-policy', 'scheduler-profiles']],
  [() => import('./catalog/daemonSet'), ['daemonset']],
  [() => import('./catalog/debugging'), ['why-pending']],
  [() => import('./catalog/deschedulerBalance'), ['descheduler-balance']],
  [() => import('./catalog/dra'), ['dra-device-taints', 'dra-gpus']],
  [() => import('./catalog/eviction'), ['descheduler', 'eviction-pdb', 'node-pressure-eviction']],
  [() => import('./catalog/nodeSelection'), ['node-affinity-preferred', 'node-affinity-required', 'node-selector', 'project-node-selector']],
  [() => import('./catalog/performance'), ['percentage-of-nodes']],
  [() => import('./catalog/podAffinity'), ['anti-affinity-zones', 'web-store']],
  [() => import('./catalog/podAffinityPreferred'), ['pod-affinity-preferred']],
  [() => import('./catalog/preemption'), ['preemption', 'preemption-pdb']],
  [() => import('./catalog/preemptionNever'), ['preemption-never']],
  [() => import('./catalog/queue'), ['gang-scheduling', 'scheduling-gates']],
  [() => import('./catalog/requestsLimits'), ['requests-limits-qos']],
  [() => import('./catalog/requiredDuringExecution'), ['required-during-execution']],
  [() => import('./catalog/resources'), ['bin-packing-most-allocated', 'pod-overhead', 'bin-packing-rtcr']],
  [() => import('./catalog/spreadDefaults'), ['spread-defaults-match-label-keys']],
  [() => import('./catalog/spreadScheduleAnyway'), ['spread-schedule-anyway']],
  [() => import('./catalog/taints'), ['taints-noexecute', 'taints-noschedule', 'taints-prefer-noschedule']],
  [() => import('./catalog/topologySpread'), ['spread-conflict', 'spread-min-domains', 'spread-two-constraints', 'spread-zone']],
  [() => import('./catalog/upgrade'), ['upgrade-balanced-allocation']],
  [() => import('./catalog/volumeLimits'), ['volume-limits-statefulset']],
  [() => import('./catalog/volumes'), ['volume-topology']],
  [() => import('./catalog/workloads'), ['gang-scheduling-podgroup', 'topology-placement-racks', 'workload-aware-preemption']],
];

/** The catalog file holding the lesson, fetched (once: the browser keeps the module); undefined for an id no file lists. */
export function lessonFile(id: string): Promise<Record<string, unknown>> | undefined {
  return LESSON_FILES.find(([, ids]) => ids.includes(id))?.[0]();
}

/** True when a catalog file lists the lesson: a link to it names a lesson this build has, even when its file could not be fetched. */
export function isListedLesson(id: string): boolean {
  return LESSON_FILES.some(([, ids]) => ids.includes(id));
}
