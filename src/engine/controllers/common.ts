// What every workload controller shares: the context, owner references, making a pod from the
// template, claiming existing pods, creating through admission, and the template hash.
// upstream: pkg/controller/controller_utils.go (ComputeHash, GetPodFromTemplate, SlowStartBatch),
// pkg/controller/controller_ref_manager.go (ClaimPods).

import type { ClusterEvent } from '../api';
import { admitPod, type AdmissionContext } from '../model/admission';
import { compileLabelSelector } from '../model/selectors';
import { fnv32a, safeEncodeString } from '../model/names';
import type { Labels, OwnerReference, Pod, PodGroup, PodTemplateSpec, SchedulingWorkload, Workload } from '../model/types';
import type { FeatureGates } from '../features';
import type { VersionSwitches } from '../versions';

export interface ControllerContext extends AdmissionContext {
  /** pods that exist now: the controller counts and adopts them instead of creating more */
  pods: readonly Pod[];
  /** workloads that exist now (a Deployment looks for its ReplicaSets) */
  workloads: readonly Workload[];
  /** the run's feature gates and version (controllers that behave per version: WorkloadWithJob); absent in unit harnesses: all off */
  gates?: FeatureGates;
  switches?: VersionSwitches;
  /** v1.36+ scheduling.k8s.io Workloads and PodGroups that exist now, by namespace/name (the Job controller finds its own) */
  schedulingWorkloads?: ReadonlyMap<string, SchedulingWorkload>;
  podGroups?: ReadonlyMap<string, PodGroup>;
}

export interface ExpansionResult {
  /** workloads the controller created (a Deployment's ReplicaSet) */
  workloads: Workload[];
  /** admitted pods, in creation order */
  pods: Pod[];
  /** existing orphan pods the controller adopted (their ownerReferences were set) */
  adopted: Pod[];
  /** existing pods the controller wants deleted (scaled down, node no longer eligible), first to go first */
  excess: Pod[];
  /** what `kubectl get events` shows: SuccessfulCreate, FailedCreate, ScalingReplicaSet */
  events: ClusterEvent[];
  /** admission warnings */
  warnings: string[];
  /** v1.36+ (WorkloadWithJob): the scheduling.k8s.io Workload and PodGroup a Job controller created */
  schedulingWorkloads?: SchedulingWorkload[];
  podGroups?: PodGroup[];
  /** why the excess pods go: 'ScaledDown' when unset; 'Deleted' for a suspended Job's */
  excessReason?: 'ScaledDown' | 'Deleted';
  /** the synced workload's new status, when its controller changed it (a Job's Suspended condition) */
  status?: Workload['status'];
}

export const emptyResult = (): ExpansionResult => ({ workloads: [], pods: [], adopted: [], excess: [], events: [], warnings: [] });

export const namespaceOf = (o: { metadata: { namespace?: string } }): string => o.metadata.namespace ?? 'default';

export function objectRef(w: Workload): string {
  return `${w.kind}/${namespaceOf(w)}/${w.metadata.name}`;
}

/** upstream: metav1.NewControllerRef */
export function controllerRef(owner: Workload): OwnerReference {
  const ref: OwnerReference = { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name, controller: true, blockOwnerDeletion: true };
  if (owner.metadata.uid) ref.uid = owner.metadata.uid;
  return ref;
}

export function controllerOf(o: { metadata: { ownerReferences?: OwnerReference[] } }): OwnerReference | undefined {
  return o.metadata.ownerReferences?.find((r) => r.controller === true);
}

function ownedBy(pod: Pod, owner: Workload): boolean {
  const ref = controllerOf(pod);
  if (!ref || ref.kind !== owner.kind || ref.name !== owner.metadata.name) return false;
  return !ref.uid || !owner.metadata.uid || ref.uid === owner.metadata.uid;
}

const isActive = (p: Pod): boolean => p.metadata.deletionTimestamp === undefined && p.status.phase !== 'Succeeded' && p.status.phase !== 'Failed';

/**
 * upstream: PodControllerRefManager.ClaimPods — pods this controller owns, plus orphans in its
 * namespace that its selector matches (adopted: their controller reference is set).
 */
export function claimPods(owner: Workload, ctx: ControllerContext, result: ExpansionResult): Pod[] {
  const ns = namespaceOf(owner);
  const selector = compileLabelSelector(owner.spec.selector);
  const claimed: Pod[] = [];
  for (const pod of ctx.pods) {
    if (namespaceOf(pod) !== ns) continue;
    if (ownedBy(pod, owner)) {
      claimed.push(pod);
    } else if (!controllerOf(pod) && isActive(pod) && !selector.empty && selector.matches(pod.metadata.labels)) {
      pod.metadata.ownerReferences = [...(pod.metadata.ownerReferences ?? []), controllerRef(owner)];
      result.adopted.push(pod);
      claimed.push(pod);
    }
  }
  return claimed;
}

export const activePods = (pods: readonly Pod[]): Pod[] => pods.filter(isActive);

const phaseRank: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

/**
 * upstream: controller.ActivePodsWithRanks ordering (the part the simulator can see): unassigned
 * before assigned, Pending before Running, newer before older.
 */
export function deletionOrder(pods: readonly Pod[]): Pod[] {
  return [...pods].sort((a, b) => {
    const assigned = Number(a.spec.nodeName !== undefined) - Number(b.spec.nodeName !== undefined);
    if (assigned) return assigned;
    const phase = (phaseRank[a.status.phase ?? 'Pending'] ?? 0) - (phaseRank[b.status.phase ?? 'Pending'] ?? 0);
    if (phase) return phase;
    return (b.metadata.creationTimestamp ?? 0) - (a.metadata.creationTimestamp ?? 0);
  });
}

/** upstream: GetPodFromTemplate — labels, annotations and spec from the template, the controller as owner. */
export function podFromTemplate(owner: Workload, template: PodTemplateSpec, extraLabels: Labels = {}): Pod {
  const labels: Labels = { ...(template.metadata?.labels ?? {}), ...extraLabels };
  const pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: '',
      namespace: namespaceOf(owner),
      labels,
      ownerReferences: [controllerRef(owner)],
    },
    spec: structuredClone(template.spec),
    status: {},
  };
  if (template.metadata?.annotations) pod.metadata.annotations = { ...template.metadata.annotations };
  return pod;
}

export function event(ctx: ControllerContext, type: ClusterEvent['type'], reason: string, object: string, message: string): ClusterEvent {
  return { time: ctx.now, type, reason, object, message };
}

/**
 * Creates pods through admission, in order, recording upstream's events. Like upstream's
 * slowStartBatch, creation stops at the first failure (the controller retries later).
 * `failureMessage` formats the FailedCreate event from the API server's error.
 */
export function createPods(
  owner: Workload, pods: Pod[], ctx: ControllerContext, result: ExpansionResult,
  messages: { created: (pod: Pod) => string; failed: (pod: Pod, error: string) => string },
  stopOnFailure = true,
): void {
  for (const pod of pods) {
    const admitted = admitPod(pod, ctx);
    if (!admitted.ok) {
      result.events.push(event(ctx, 'Warning', 'FailedCreate', objectRef(owner), messages.failed(pod, admitted.message)));
      if (stopOnFailure) return;
      continue;
    }
    result.pods.push(admitted.pod);
    result.warnings.push(...admitted.warnings);
    result.events.push(event(ctx, 'Normal', 'SuccessfulCreate', objectRef(owner), messages.created(admitted.pod)));
  }
}

/** The usual messages of the ReplicaSet, DaemonSet and Job controllers. */
export const createdPodMessages = {
  created: (pod: Pod): string => `Created pod: ${pod.metadata.name}`,
  failed: (_pod: Pod, error: string): string => `Error creating: ${error}`,
};

/** JSON with sorted keys: equal objects give equal text whatever the key order. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const keys = Object.keys(v as Record<string, unknown>).filter((k) => (v as Record<string, unknown>)[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/**
 * upstream: controller.ComputeHash — a 32-bit FNV-1a hash of the template, written in the safe
 * alphabet. Upstream hashes Go's printed struct, so the values differ from a real cluster's; they
 * are stable and change exactly when the template changes.
 */
export function computeHash(template: PodTemplateSpec, collisionCount = 0): string {
  let h = fnv32a(canonicalJson(template));
  if (collisionCount) h = fnv32a(String(collisionCount), h);
  return safeEncodeString(String(h >>> 0));
}
