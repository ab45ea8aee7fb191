// The resource.k8s.io side of the API server and its controller: DeviceClasses, ResourceSlices,
// ResourceClaims and ResourceClaimTemplates as kubectl applies them, the resourceclaim controller
// (controllers/resourceClaim.ts) turning a pod's template claims into ResourceClaims and
// deallocating claims no pod reserves, and the claim status writes of DynamicResources' PreBind.
// Every change reaches the scheduling queue as the informer event the plugin registers for.

import { createPodClaims, createPodGroupClaims, releasePodClaims, releasePodGroupClaims, type PodClaimsResult } from '../controllers/resourceClaim';
import type { DeviceTaint, ResourceClaim, ResourceObject } from '../model/resource';
import type { DeviceConditionStep } from '../model/scenario';
import type { DeviceTaintSpan, NodeDevice, PodClaimOutcome } from '../api';
import { podClaimName } from '../model/resource';
import { podKey, type Pod, type PodGroup, type PodResourceClaim } from '../model/types';
import { deviceID } from '../dra/allocator';
import { applyDeviceTaintRules } from '../dra/deviceTaintRules';
import type { ManagerHost } from './managerHost';

/** PodClaimOutcome.name of the claim the scheduler made for extended resources backed by DRA */
const EXTENDED_RESOURCES_CLAIM = 'extended-resources';

/** upstream: SetDefaults_DeviceTaint — a device taint without timeAdded gets the time of the create or update */
function defaultTaintTimes(obj: ResourceObject, now: number): void {
  if (obj.kind === 'DeviceTaintRule') obj.spec.taint.timeAdded ??= now;
  if (obj.kind === 'ResourceSlice') for (const device of obj.spec.devices ?? []) for (const taint of device.taints ?? []) taint.timeAdded ??= now;
}

export class ResourceClaimManager {
  /** pod key → the devices its claims held when it was bound */
  private readonly bound = new Map<string, { claim: string; request: string; id: string }[]>();

  /** device id → when a timeline step first published it (devices there from the start have none) */
  private readonly publishedAt = new Map<string, number>();
  /** device id → its taints over time (DRADeviceTaints), for the view */
  private readonly taintSpans = new Map<string, DeviceTaintSpan[]>();

  constructor(private readonly sim: ManagerHost) {
    for (const slice of this.store.slices.values()) defaultTaintTimes(slice, sim.now);
    for (const rule of this.store.taintRules.values()) defaultTaintTimes(rule, sim.now);
    this.recordTaints();
  }

  /** Opens a span for each taint a device has now and had not, and closes those it lost. */
  private recordTaints(): void {
    const gates = this.sim.gates;
    if (!gates.DRADeviceTaints) return;
    const slices = gates.DRADeviceTaintRules ? applyDeviceTaintRules(this.store.resourceSlices(), this.store.deviceTaintRules()) : this.store.resourceSlices();
    const now = new Map<string, DeviceTaint[]>();
    for (const slice of slices) {
      for (const d of slice.spec.devices ?? []) if (d.taints?.length) now.set(deviceID(slice.spec.driver, slice.spec.pool.name, d.name), d.taints);
    }
    const same = (span: DeviceTaintSpan, t: DeviceTaint) => span.key === t.key && (span.value ?? '') === (t.value ?? '') && span.effect === t.effect;
    for (const [id, spans] of this.taintSpans) {
      const taints = now.get(id) ?? [];
      for (const span of spans) if (span.until === undefined && !taints.some((t) => same(span, t))) span.until = this.sim.now;
    }
    for (const [id, taints] of now) {
      const spans = this.taintSpans.get(id) ?? [];
      for (const t of taints) {
        if (spans.some((span) => span.until === undefined && same(span, t))) continue;
        spans.push({ key: t.key, ...(t.value ? { value: t.value } : {}), effect: t.effect, from: t.timeAdded ?? this.sim.now });
      }
      this.taintSpans.set(id, spans);
    }
  }

  private get store() { return this.sim.cluster.resources; }

  /** upstream: resourceclaim.Name, given the pod's PodGroup when DRAWorkloadResourceClaims is on */
  private claimName(pod: Pod, podClaim: PodResourceClaim) {
    const group = pod.spec.schedulingGroup?.podGroupName;
    const podGroup = this.sim.gates.DRAWorkloadResourceClaims && group !== undefined ? this.sim.cluster.podGroup(pod.metadata.namespace ?? 'default', group) : undefined;
    return podClaimName(pod, podClaim, podGroup);
  }

  private publish(kind: ResourceObject['kind'], action: 'Add' | 'Update' | 'Delete', old: ResourceObject | undefined, obj: ResourceObject | undefined): void {
    if (kind === 'ResourceSlice' || kind === 'DeviceTaintRule') this.recordTaints();
    for (const listener of this.sim.resourceListeners) listener(kind, old, obj);
    if (kind === 'ResourceClaimTemplate') return; // the scheduler does not watch templates
    // upstream: the ResourceSlice tracker reports a changed DeviceTaintRule as updates of the slices it taints
    if (kind === 'DeviceTaintRule') {
      this.sim.queue.moveAllToActiveOrBackoffQueue({ resource: 'ResourceSlice', actionType: 'Update', label: 'ResourceSliceUpdate' }, undefined, undefined);
      return;
    }
    this.sim.queue.moveAllToActiveOrBackoffQueue({ resource: kind, actionType: action, label: `${kind}${action}` }, old, obj);
  }

  /** kubectl apply */
  apply(obj: ResourceObject): void {
    if (obj.kind === 'ResourceClaim' && obj.metadata.uid === undefined) obj.metadata.uid = this.sim.scenario.names.uid(obj.kind, obj.metadata.namespace ?? 'default', obj.metadata.name);
    obj.metadata.creationTimestamp ??= this.sim.now;
    defaultTaintTimes(obj, this.sim.now);
    if (obj.kind === 'ResourceSlice') {
      for (const d of obj.spec.devices ?? []) {
        const id = deviceID(obj.spec.driver, obj.spec.pool.name, d.name);
        if (!this.publishedAt.has(id)) this.publishedAt.set(id, this.sim.now);
      }
    }
    const old = this.store.put(obj);
    this.publish(obj.kind, old ? 'Update' : 'Add', old, obj);
    // a template that appears lets the controller create the claims pods wait for
    if (obj.kind === 'ResourceClaimTemplate') {
      for (const group of this.sim.cluster.podGroups.values()) this.podGroupCreated(group);
      for (const pod of this.sim.cluster.livePods()) this.podCreated(pod, true);
    }
  }

  /** kubectl delete; false when it does not exist */
  delete(kind: ResourceObject['kind'], namespace: string, name: string): boolean {
    const removed = this.store.remove(kind, namespace, name);
    if (!removed) return false;
    this.publish(kind, 'Delete', removed, undefined);
    return true;
  }

  /** the PodGroup whose claims the pod may name: GenericWorkload and DRAWorkloadResourceClaims on */
  private workloadClaimsGroup(pod: Pod): PodGroup | undefined {
    const group = pod.spec.schedulingGroup?.podGroupName;
    if (!this.sim.gates.GenericWorkload || !this.sim.gates.DRAWorkloadResourceClaims || group === undefined) return undefined;
    return this.sim.cluster.podGroup(pod.metadata.namespace ?? 'default', group);
  }

  private controllerContext(podGroup?: PodGroup) {
    return {
      template: (ns: string, name: string) => this.store.resourceClaimTemplate(ns, name),
      claims: () => this.store.resourceClaims(),
      names: this.sim.scenario.names,
      now: this.sim.now,
      ...(podGroup ? { podGroup } : {}),
    };
  }

  private created(result: PodClaimsResult): void {
    for (const e of result.events) this.sim.recordEvent(e.type, e.reason, e.object, e.message);
    for (const claim of result.created) {
      this.store.put(claim);
      this.publish('ResourceClaim', 'Add', undefined, claim);
    }
  }

  /** upstream: Controller.syncPod — the pod's template claims become ResourceClaims */
  podCreated(pod: Pod, existing = false): void {
    if (!pod.spec.resourceClaims?.some((c) => c.resourceClaimTemplateName !== undefined || c.podGroupResourceClaim !== undefined)) return;
    const result = createPodClaims(pod, this.controllerContext(this.workloadClaimsGroup(pod)));
    this.created(result);
    if (result.statuses) {
      const old = existing ? structuredClone(pod) : undefined;
      pod.status.resourceClaimStatuses = result.statuses;
      if (existing) this.sim.queue.moveAllToActiveOrBackoffQueue({ resource: 'UnscheduledPod', actionType: 'UpdatePodGeneratedResourceClaim', label: 'UnscheduledPodUpdatePodGeneratedResourceClaim' }, old, pod);
    }
  }

  /**
   * upstream: Controller.syncPodGroup (GenericWorkload and DRAWorkloadResourceClaims on) — the
   * PodGroup's template claims become ResourceClaims recorded in its status, and its pods that
   * name them get them in theirs
   */
  podGroupCreated(group: PodGroup): void {
    if (!this.sim.gates.GenericWorkload || !this.sim.gates.DRAWorkloadResourceClaims) return;
    if (!group.spec.resourceClaims?.some((c) => c.resourceClaimTemplateName !== undefined)) return;
    const result = createPodGroupClaims(group, this.controllerContext());
    this.created(result);
    if (!result.statuses) return;
    group.status = { ...group.status, resourceClaimStatuses: result.statuses };
    const ns = group.metadata.namespace ?? 'default';
    for (const pod of this.sim.cluster.livePods()) {
      if ((pod.metadata.namespace ?? 'default') === ns && pod.spec.schedulingGroup?.podGroupName === group.metadata.name) this.podCreated(pod, true);
    }
  }

  /** upstream: the garbage collector deletes the claims generated for a PodGroup that is gone */
  podGroupDeleted(group: PodGroup): void {
    if (!group.spec.resourceClaims?.length) return;
    const { updated, deleted } = releasePodGroupClaims(group, this.store.resourceClaims());
    for (const claim of updated) this.updateStatus(claim);
    for (const claim of deleted) {
      const removed = this.store.remove('ResourceClaim', claim.metadata.namespace, claim.metadata.name);
      this.publish('ResourceClaim', 'Delete', removed, undefined);
    }
  }

  /** upstream: syncClaim for the claims a deleted pod used; the garbage collector for its own */
  podDeleted(pod: Pod): void {
    if (!pod.spec.resourceClaims?.length && !pod.status.extendedResourceClaimStatus) return;
    const { updated, deleted } = releasePodClaims(pod, this.store.resourceClaims());
    for (const claim of updated) this.updateStatus(claim);
    for (const claim of deleted) {
      const removed = this.store.remove('ResourceClaim', claim.metadata.namespace, claim.metadata.name);
      this.publish('ResourceClaim', 'Delete', removed, undefined);
    }
  }

  /** Remembers the devices the pod's claims hold now that it is bound (for the result and the view). */
  podBound(pod: Pod): void {
    const extended = pod.status.extendedResourceClaimStatus;
    if (!pod.spec.resourceClaims?.length && !extended) return;
    const devices: { claim: string; request: string; id: string }[] = [];
    const held = (podClaim: string, claimName: string) => {
      const claim = this.store.resourceClaim(pod.metadata.namespace ?? 'default', claimName);
      for (const r of claim?.status.allocation?.devices.results ?? []) devices.push({ claim: podClaim, request: r.request, id: deviceID(r.driver, r.pool, r.device) });
    };
    for (const podClaim of pod.spec.resourceClaims ?? []) {
      const ref = this.claimName(pod, podClaim);
      if (!('error' in ref) && ref.name !== undefined) held(podClaim.name, ref.name);
    }
    if (extended) held(EXTENDED_RESOURCES_CLAIM, extended.resourceClaimName);
    this.bound.set(podKey(pod), devices);
  }

  /** the pod's claims for SimulationResult (PodOutcome.resourceClaims) */
  podClaims(pod: Pod): PodClaimOutcome[] | undefined {
    const extended = pod.status.extendedResourceClaimStatus;
    if (!pod.spec.resourceClaims?.length && !extended) return undefined;
    const held = this.bound.get(podKey(pod)) ?? [];
    const devicesOf = (name: string) => held.filter((d) => d.claim === name).map(({ request, id }) => ({ request, id }));
    const out: PodClaimOutcome[] = (pod.spec.resourceClaims ?? []).map((podClaim) => {
      const ref = this.claimName(pod, podClaim);
      const devices = devicesOf(podClaim.name);
      const groupTemplate = podClaim.podGroupResourceClaim !== undefined
        ? this.workloadClaimsGroup(pod)?.spec.resourceClaims?.find((c) => c.name === podClaim.podGroupResourceClaim)?.resourceClaimTemplateName : undefined;
      const template = podClaim.resourceClaimTemplateName ?? groupTemplate;
      return {
        name: podClaim.name,
        ...(!('error' in ref) && ref.name !== undefined ? { claimName: ref.name } : {}),
        ...(template !== undefined ? { template } : {}),
        ...(podClaim.podGroupResourceClaim !== undefined ? { podGroupClaim: podClaim.podGroupResourceClaim } : {}),
        ...(devices.length ? { devices } : {}),
      };
    });
    if (extended) {
      const devices = devicesOf(EXTENDED_RESOURCES_CLAIM);
      const resources = [...new Set(extended.requestMappings.map((m) => m.resourceName))];
      out.push({ name: EXTENDED_RESOURCES_CLAIM, claimName: extended.resourceClaimName, extendedResources: resources, ...(devices.length ? { devices } : {}) });
    }
    return out;
  }

  /** the devices local to each node (slices with a nodeName, or per-device nodeName) */
  nodeDevices(): Map<string, NodeDevice[]> {
    const out = new Map<string, NodeDevice[]>();
    for (const slice of this.store.resourceSlices()) {
      for (const d of slice.spec.devices ?? []) {
        const node = slice.spec.perDeviceNodeSelection ? d.nodeName : slice.spec.nodeName;
        if (!node) continue;
        let list = out.get(node);
        if (!list) out.set(node, (list = []));
        const id = deviceID(slice.spec.driver, slice.spec.pool.name, d.name);
        const since = this.publishedAt.get(id);
        const taints = this.taintSpans.get(id);
        list.push({ id, driver: slice.spec.driver, name: d.name, ...(since !== undefined ? { since } : {}), ...(taints?.length ? { taints: taints.map((t) => ({ ...t })) } : {}) });
      }
    }
    return out;
  }

  /** upstream: ResourceClaims(ns).Create by the scheduler (the claim for a pod's extended resources backed by DRA) */
  create(claim: ResourceClaim): ResourceClaim {
    const ns = claim.metadata.namespace ?? 'default';
    const name = claim.metadata.name || this.sim.scenario.names.generate(ns, claim.metadata.generateName ?? '');
    const created: ResourceClaim = structuredClone({
      ...claim,
      metadata: { ...claim.metadata, name, namespace: ns, uid: this.sim.scenario.names.uid('ResourceClaim', ns, name), creationTimestamp: this.sim.now },
      status: {},
    });
    this.store.put(created);
    this.publish('ResourceClaim', 'Add', undefined, created);
    return structuredClone(created);
  }

  /** upstream: deleteClaim — drop the finalizer, then delete */
  remove(namespace: string, name: string): void {
    const removed = this.store.remove('ResourceClaim', namespace, name);
    if (removed) this.publish('ResourceClaim', 'Delete', removed, undefined);
  }

  /**
   * A driver's status.devices update (timeline `deviceCondition`): the condition on each allocated
   * device of the claim (or of the pod's claims) that the step names.
   */
  setDeviceCondition(step: DeviceConditionStep): void {
    const claims = step.claim
      ? [this.store.resourceClaim(step.claim.namespace, step.claim.name)].filter((c) => c !== undefined)
      : this.podClaimObjects(step.pod!);
    let changed = 0;
    for (const claim of claims) {
      const results = (claim.status.allocation?.devices.results ?? []).filter((r) => r.device === step.device
        && (step.driver === undefined || r.driver === step.driver) && (step.pool === undefined || r.pool === step.pool));
      if (results.length === 0) continue;
      const devices = [...(claim.status.devices ?? [])];
      for (const r of results) {
        const i = devices.findIndex((d) => d.driver === r.driver && d.pool === r.pool && d.device === r.device);
        const entry = i >= 0 ? devices[i]! : { driver: r.driver, pool: r.pool, device: r.device };
        const old = entry.conditions?.find((c) => c.type === step.type);
        const condition = {
          type: step.type, status: step.status, ...(step.reason !== undefined ? { reason: step.reason } : {}), ...(step.message !== undefined ? { message: step.message } : {}),
          lastTransitionTime: old && old.status === step.status ? (old.lastTransitionTime ?? this.sim.now) : this.sim.now,
        };
        const updated = { ...entry, conditions: [...(entry.conditions ?? []).filter((c) => c.type !== step.type), condition] };
        if (i >= 0) devices[i] = updated; else devices.push(updated);
      }
      this.updateStatus({ ...claim, status: { ...claim.status, devices } });
      changed++;
    }
    if (changed === 0) {
      const what = step.claim ? `resourceclaim "${step.claim.namespace}/${step.claim.name}"` : `the claims of pod "${step.pod!.namespace}/${step.pod!.name}"`;
      this.sim.recordEvent('Warning', 'TimelineStepFailed', 'Scenario/deviceCondition', `line ${step.source.line}: no device ${step.device} is allocated in ${what} at ${step.at}s`);
    }
  }

  /** the ResourceClaims a pod uses: its own, and the one the scheduler made for its extended resources */
  private podClaimObjects(ref: { namespace: string; name: string }): ResourceClaim[] {
    const pod = this.sim.cluster.livePod(`${ref.namespace}/${ref.name}`);
    if (!pod) return [];
    const names = (pod.spec.resourceClaims ?? []).flatMap((c) => {
      const r = this.claimName(pod, c);
      return 'error' in r || r.name === undefined ? [] : [r.name];
    });
    if (pod.status.extendedResourceClaimStatus) names.push(pod.status.extendedResourceClaimStatus.resourceClaimName);
    return names.flatMap((n) => this.store.resourceClaim(ref.namespace, n) ?? []);
  }

  /** a claim status write (DynamicResources' PreBind, PostFilter, Unreserve; the controller) */
  updateStatus(claim: ResourceClaim): void {
    const old = this.store.resourceClaim(claim.metadata.namespace ?? 'default', claim.metadata.name);
    if (!old) return;
    const updated = structuredClone(claim);
    this.store.put(updated);
    this.publish('ResourceClaim', 'Update', old, updated);
  }
}
