// upstream: pkg/controller/disruption/disruption.go — the PodDisruptionBudget status the
// disruption controller writes: how many selected pods are expected, how many must stay
// healthy, how many are healthy, and so how many may be disrupted (evicted or preempted) now.
// component-helpers/apps/poddisruptionbudget (conditions) is not modelled: the simulator's PDB
// status has no conditions or observedGeneration.

import type { ClusterEvent } from '../api';
import { compileLabelSelector } from '../model/selectors';
import type { LabelSelector, OwnerReference, Pod, PodDisruptionBudget, Workload } from '../model/types';
import { quote } from '../model/quote';

/** upstream: DeletionTimeout — how long a disrupted pod may take to show its deletion. */
export const DELETION_TIMEOUT_SECONDS = 2 * 60;

export type WorkloadLookup = (kind: string, namespace: string, name: string) => Workload | undefined;

export type PdbStatus = PodDisruptionBudget['status'];

export interface PdbStatusResult {
  status: PdbStatus;
  /** the error that made the controller fall back to disruptionsAllowed = 0 (upstream failSafe) */
  syncError?: string;
  /** selected pods without a controller (they do not count for percentages or maxUnavailable) */
  unmanagedPods: string[];
  /** when a disruptedPods entry expires and the status must be computed again (upstream recheckQueue) */
  recheckAt?: number;
  /** the events the controller records on this sync, without their time */
  events: Omit<ClusterEvent, 'time'>[];
}

const namespaceOf = (obj: { metadata: { namespace?: string } }): string => obj.metadata.namespace ?? 'default';

/** upstream: metav1.GetControllerOf */
function controllerOf(obj: { metadata: { ownerReferences?: OwnerReference[] } }): OwnerReference | undefined {
  return obj.metadata.ownerReferences?.find((r) => r.controller === true);
}

/** upstream: schema.ParseGroupVersion — "apps/v1" → apps, "v1" → core (""). */
function groupOf(apiVersion: string): string | Error {
  const parts = apiVersion.split('/');
  if (parts.length === 1) return '';
  if (parts.length === 2) return parts[0]!;
  return new Error(`unexpected GroupVersion string: ${apiVersion}`);
}

/** upstream: verifyGroupKind */
function verifyGroupKind(ref: OwnerReference, kind: string, groups: readonly string[]): boolean | Error {
  const group = groupOf(ref.apiVersion);
  if (group instanceof Error) return group;
  return ref.kind === kind && groups.includes(group);
}

/** UIDs are optional in scenarios: compare them only when both sides have one. */
function sameObject(obj: Workload, ref: OwnerReference): boolean {
  return obj.metadata.uid === undefined || ref.uid === undefined || obj.metadata.uid === ref.uid;
}

/** spec.replicas, which the API server defaults to 1 */
const replicasOf = (w: Workload): number => w.spec.replicas ?? 1;

export interface ControllerAndScale {
  /** identifies the controller (upstream: its UID) */
  key: string;
  scale: number;
}

type Finder = (ref: OwnerReference, namespace: string) => ControllerAndScale | undefined | Error;

const scaled = (w: Workload, namespace: string): ControllerAndScale => ({ key: `${w.kind}/${namespace}/${w.metadata.name}`, scale: replicasOf(w) });

/** The resources that have a scale subresource, by kind, with their API group and resource name. */
const SCALABLE: Record<string, { group: string; resource: string }> = {
  Deployment: { group: 'apps', resource: 'deployments.apps' },
  ReplicaSet: { group: 'apps', resource: 'replicasets.apps' },
  StatefulSet: { group: 'apps', resource: 'statefulsets.apps' },
  ReplicationController: { group: '', resource: 'replicationcontrollers' },
};
/** Built-in workloads without a scale subresource. */
const NOT_SCALABLE: Record<string, { group: string; resource: string }> = {
  Job: { group: 'batch', resource: 'jobs.batch' },
  CronJob: { group: 'batch', resource: 'cronjobs.batch' },
  DaemonSet: { group: 'apps', resource: 'daemonsets.apps' },
};

/** upstream: DisruptionController.finders() — tried in this order for each pod's controller. */
export function podControllerFinders(lookup: WorkloadLookup): Record<'replicationController' | 'deployment' | 'replicaSet' | 'statefulSet' | 'scale', Finder> {
  const find = (kind: string, groups: readonly string[]): Finder => (ref, ns) => {
    const ok = verifyGroupKind(ref, kind, groups);
    if (ok !== true) return ok === false ? undefined : ok;
    const w = lookup(kind, ns, ref.name);
    return w && sameObject(w, ref) ? scaled(w, ns) : undefined;
  };
  return {
    replicationController: find('ReplicationController', ['']),
    // a ReplicaSet owned by a Deployment counts through the Deployment
    deployment: (ref, ns) => {
      const ok = verifyGroupKind(ref, 'ReplicaSet', ['apps', 'extensions']);
      if (ok !== true) return ok === false ? undefined : ok;
      const rs = lookup('ReplicaSet', ns, ref.name);
      if (!rs || !sameObject(rs, ref)) return undefined;
      const owner = controllerOf(rs);
      if (!owner) return undefined;
      return find('Deployment', ['apps', 'extensions'])(owner, ns);
    },
    replicaSet: (ref, ns) => {
      const ok = verifyGroupKind(ref, 'ReplicaSet', ['apps', 'extensions']);
      if (ok !== true) return ok === false ? undefined : ok;
      const rs = lookup('ReplicaSet', ns, ref.name);
      if (!rs || !sameObject(rs, ref)) return undefined;
      return controllerOf(rs)?.kind === 'Deployment' ? undefined : scaled(rs, ns);
    },
    statefulSet: find('StatefulSet', ['apps']),
    // upstream: getScaleController — any resource with a scale subresource
    scale: (ref, ns) => {
      const group = groupOf(ref.apiVersion);
      if (group instanceof Error) return group;
      const s = SCALABLE[ref.kind];
      if (s && s.group === group) {
        const w = lookup(ref.kind, ns, ref.name);
        return w && sameObject(w, ref) ? scaled(w, ns) : undefined;
      }
      const n = NOT_SCALABLE[ref.kind];
      if (n && n.group === group) return new Error(`${n.resource} does not implement the scale subresource`);
      // The REST mapper knows no such kind (custom resources are not simulated).
      return new Error(`no matches for kind ${quote(String(ref.kind))} in version ${quote(String(ref.apiVersion))}`);
    },
  };
}

/**
 * upstream: getExpectedScale — the sum of the scales of the distinct controllers of the pods.
 * Pods without a controller are reported and skipped; a controller no finder knows is an error.
 */
function expectedScale(pods: readonly Pod[], lookup: WorkloadLookup): { expected: number; unmanaged: string[] } | Error {
  const finders = Object.values(podControllerFinders(lookup));
  const controllerScale = new Map<string, number>();
  const seenRefs = new Set<string>();
  const unmanaged: string[] = [];
  for (const pod of pods) {
    const ref = controllerOf(pod);
    if (!ref) { unmanaged.push(pod.metadata.name); continue; }
    const refKey = `${ref.kind}/${namespaceOf(pod)}/${ref.name}`;
    if (seenRefs.has(refKey)) continue;
    let found: ControllerAndScale | undefined;
    for (const finder of finders) {
      const r = finder(ref, namespaceOf(pod));
      if (r instanceof Error) return r;
      if (r) { found = r; break; }
    }
    if (!found) return new Error(`found no controllers for pod ${quote(pod.metadata.name)}`);
    seenRefs.add(refKey);
    controllerScale.set(found.key, found.scale);
  }
  let expected = 0;
  for (const n of controllerScale.values()) expected += n;
  return { expected, unmanaged };
}

/** upstream: intstr.GetScaledValueFromIntOrPercent(value, total, roundUp=true) */
export function scaledValueFromIntOrPercent(value: number | string, total: number): number | Error {
  if (typeof value === 'number') return value;
  if (!value.endsWith('%')) return new Error('invalid value for IntOrString: invalid type: string is not a percentage');
  const digits = value.slice(0, -1);
  if (!/^[+-]?\d+$/.test(digits)) return new Error(`invalid value for IntOrString: invalid value ${quote(String(value))}: strconv.Atoi: parsing ${quote(String(digits))}: invalid syntax`);
  return Math.ceil((Number(digits) * total) / 100);
}

/** upstream: getExpectedPodCount */
function expectedPodCount(pdb: PodDisruptionBudget, pods: readonly Pod[], lookup: WorkloadLookup): { expected: number; desiredHealthy: number; unmanaged: string[] } | Error {
  const { maxUnavailable, minAvailable } = pdb.spec;
  if (maxUnavailable !== undefined && maxUnavailable !== null) {
    const scale = expectedScale(pods, lookup);
    if (scale instanceof Error) return scale;
    const maxUnav = scaledValueFromIntOrPercent(maxUnavailable, scale.expected);
    if (maxUnav instanceof Error) return maxUnav;
    return { expected: scale.expected, desiredHealthy: Math.max(0, scale.expected - maxUnav), unmanaged: scale.unmanaged };
  }
  if (typeof minAvailable === 'number') return { expected: pods.length, desiredHealthy: minAvailable, unmanaged: [] };
  if (typeof minAvailable === 'string') {
    const scale = expectedScale(pods, lookup);
    if (scale instanceof Error) return scale;
    const minAv = scaledValueFromIntOrPercent(minAvailable, scale.expected);
    if (minAv instanceof Error) return minAv;
    return { expected: scale.expected, desiredHealthy: minAv, unmanaged: scale.unmanaged };
  }
  return { expected: 0, desiredHealthy: 0, unmanaged: [] };
}

/**
 * upstream: apipod.IsPodReady (condition Ready=True). The simulator runs no kubelet readiness
 * probes, so a pod without a Ready condition is ready once it is Running.
 */
export function isPodReady(pod: Pod): boolean {
  const ready = pod.status.conditions?.find((c) => c.type === 'Ready');
  if (ready) return ready.status === 'True';
  return pod.status.phase === 'Running';
}

/** Go's %v of a *metav1.LabelSelector (its generated String()), as events print it. */
function formatSelector(s: LabelSelector | undefined): string {
  if (!s) return 'nil';
  const labels = Object.keys(s.matchLabels ?? {}).sort().map((k) => `${k}: ${s.matchLabels![k]},`).join('');
  const exprs = (s.matchExpressions ?? []).map((e) => `LabelSelectorRequirement{Key:${e.key},Operator:${e.operator},Values:[${(e.values ?? []).join(' ')}],},`).join('');
  return `&LabelSelector{MatchLabels:map[string]string{${labels}},MatchExpressions:[]LabelSelectorRequirement{${exprs}},}`;
}

/** upstream: getPodsForPdb — the pods in the budget's namespace its selector picks (an empty selector all, a missing one none). */
export function selectedPods(pdb: PodDisruptionBudget, pods: readonly Pod[]): Pod[] {
  const ns = namespaceOf(pdb);
  const selector = compileLabelSelector(pdb.spec.selector);
  return pods.filter((p) => namespaceOf(p) === ns && selector.matches(p.metadata.labels ?? {}));
}

/**
 * upstream: DisruptionController.trySync for one PDB, on the pods the cluster has now
 * (`pods` may hold every pod; the PDB's namespace and selector pick its own — an empty selector
 * picks all, a missing one none). `now` is simulated seconds.
 */
export function computePdbStatus(pdb: PodDisruptionBudget, pods: readonly Pod[], lookupWorkload: WorkloadLookup, now: number): PdbStatusResult {
  const ns = namespaceOf(pdb);
  const pdbObject = `PodDisruptionBudget/${ns}/${pdb.metadata.name}`;
  const selected = selectedPods(pdb, pods);
  const events: PdbStatusResult['events'] = [];
  if (selected.length === 0) events.push({ type: 'Normal', reason: 'NoPods', object: pdbObject, message: 'No matching pods found' });

  const counted = expectedPodCount(pdb, selected, lookupWorkload);
  if (counted instanceof Error) {
    events.push({ type: 'Warning', reason: 'CalculateExpectedPodCountFailed', object: pdbObject, message: `Failed to calculate the number of expected pods: ${counted.message}` });
    // upstream: failSafe — keep the last status but allow no disruption.
    return { status: { ...pdb.status, disruptionsAllowed: 0 }, syncError: counted.message, unmanagedPods: [], events };
  }
  if (counted.unmanaged.length > 0) {
    events.push({
      type: 'Warning', reason: 'UnmanagedPods', object: pdbObject,
      message: `Pods selected by this PodDisruptionBudget (selector: ${formatSelector(pdb.spec.selector)}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.`,
    });
  }

  // upstream: buildDisruptedPodMap — forget entries of pods that are gone, deleting, or overdue.
  const disruptedPods: Record<string, number> = {};
  let recheckAt: number | undefined;
  const previous = pdb.status?.disruptedPods;
  if (previous) {
    for (const pod of selected) {
      if (pod.metadata.deletionTimestamp !== undefined) continue;
      const at = previous[pod.metadata.name];
      if (at === undefined) continue;
      const expectedDeletion = at + DELETION_TIMEOUT_SECONDS;
      if (expectedDeletion < now) {
        // upstream prints the PDB's namespace twice.
        events.push({ type: 'Warning', reason: 'NotDeleted', object: `Pod/${namespaceOf(pod)}/${pod.metadata.name}`, message: `Pod was expected by PDB ${ns}/${ns} to be deleted but it wasn't` });
      } else {
        if (recheckAt === undefined || expectedDeletion < recheckAt) recheckAt = expectedDeletion;
        disruptedPods[pod.metadata.name] = at;
      }
    }
  }

  // upstream: countHealthyPods — ready, not deleting, not disrupted within DeletionTimeout.
  let currentHealthy = 0;
  for (const pod of selected) {
    if (pod.metadata.deletionTimestamp !== undefined) continue;
    const at = disruptedPods[pod.metadata.name];
    if (at !== undefined && at + DELETION_TIMEOUT_SECONDS > now) continue;
    if (isPodReady(pod)) currentHealthy++;
  }

  // upstream: updatePdbStatus — no disruption while no pod is expected (a PDB that just met its pods).
  let disruptionsAllowed = currentHealthy - counted.desiredHealthy;
  if (counted.expected <= 0 || disruptionsAllowed <= 0) disruptionsAllowed = 0;
  const status: PdbStatus = { currentHealthy, desiredHealthy: counted.desiredHealthy, expectedPods: counted.expected, disruptionsAllowed, disruptedPods };
  const result: PdbStatusResult = { status, unmanagedPods: counted.unmanaged, events };
  if (recheckAt !== undefined) result.recheckAt = recheckAt;
  return result;
}
