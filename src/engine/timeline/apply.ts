// Carries out one timeline step (../shared/contracts/scenario-and-trace.md, section 3) the way
// kubectl and the controllers would: objects go through admission and their controllers,
// node changes reach the scheduling queue as cluster events.

import { admitPod } from '../model/admission';
import { admitPodUpdate } from '../model/admission/podUpdate';
import { admitPodGroupPriority } from '../model/admission/podGroupPriority';
import { SCHEDULING_V1ALPHA1, SCHEDULING_V1ALPHA2 } from '../model/types';
import type { CompositePodGroup, GangWorkload, PodGroup, SchedulingWorkload, Namespace, Node, Pod, PodDisruptionBudget, PriorityClass, RuntimeClass, Service, Taint, Workload } from '../model/types';
import { podKey } from '../model/types';
import { isStorageObject, STORAGE_KINDS, type PersistentVolumeClaim, type StorageObject } from '../model/storage';
import { admitClaim } from '../model/admission/storage';
import { admitClaimPolicies } from '../model/admission/claimPolicies';
import { isResourceObject, RESOURCE_KINDS, type ResourceObject } from '../model/resource';
import type { ControllerManager } from '../simulation/controllerManager';
import type { QuotaManager } from '../simulation/quotaManager';
import { initialQuotaStatus } from '../model/quota/status';
import type { LimitRange, ResourceQuota } from '../model/policy';
import type { Simulation } from '../simulation/simulation';
import type { ApplyStep, ScenarioObject, TimelineStep } from '../model/scenario';

const WORKLOAD_KINDS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicationController']);

export interface TimelineDeps {
  controllers: ControllerManager;
  /** the resource quota controller (recounts a quota applied at run time) */
  quotas?: QuotaManager;
  /** optional machinery that lands separately (eviction, descheduler); a step needing a missing one is reported */
  evict?: (sim: Simulation, podKey: string) => void;
  deschedule?: (sim: Simulation, policy: Record<string, unknown>) => void;
  /** node lifecycle: re-derive condition taints and run taint-based eviction for a node */
  nodeChanged?: (sim: Simulation, node: Node) => void;
}

function stepFailed(sim: Simulation, step: TimelineStep, message: string): void {
  sim.recordEvent('Warning', 'TimelineStepFailed', `Scenario/${step.action}`, `line ${step.source.line}: ${message}`);
}

/**
 * kubectl apply of a pod that exists: an update. The API server refuses what its update
 * validation forbids (a gated pod's scheduling directives may only be tightened); the refusal is
 * an event and a warning on the applied object's line, and the pod stays as it was.
 */
function updatePod(sim: Simulation, step: ApplyStep, index: number, applied: Pod, live: Pod): void {
  const result = admitPodUpdate(applied, live, sim.admissionContext());
  if (!result.ok) {
    const where = step.locate(index, result.errors[0]?.path ?? []);
    sim.recordEvent('Warning', 'FailedUpdate', `Pod/${podKey(live)}`, result.message);
    sim.warnings.push({ file: sim.scenario.fileName, line: where.line, column: where.column, message: `at ${step.at}s: ${result.message}` });
    return;
  }
  sim.updatePod(live, result.pod);
}

function withNode(sim: Simulation, step: TimelineStep & { node: string }, deps: TimelineDeps, change: (node: Node) => Node): void {
  const node = sim.cluster.nodes.get(step.node);
  if (!node) { stepFailed(sim, step, `node "${step.node}" does not exist at ${step.at}s`); return; }
  const updated = change(structuredClone(node));
  sim.upsertNode(updated);
  deps.nodeChanged?.(sim, updated);
  deps.controllers.nodesChanged();
}

function createObject(sim: Simulation, step: ApplyStep, index: number, obj: ScenarioObject, deps: TimelineDeps): void {
  const c = sim.cluster;
  const ns = obj.metadata.namespace ?? 'default';
  switch (obj.kind) {
    case 'Node':
      sim.upsertNode(obj as Node);
      deps.nodeChanged?.(sim, obj as Node);
      deps.controllers.nodesChanged();
      return;
    case 'Pod': {
      const live = obj.metadata.name ? c.livePod(`${ns}/${obj.metadata.name}`) : undefined;
      if (live) { updatePod(sim, step, index, obj as Pod, live); return; }
      const admitted = admitPod(obj as Pod, sim.admissionContext());
      if (!admitted.ok) { sim.recordEvent('Warning', 'FailedCreate', `Pod/${ns}/${obj.metadata.name}`, admitted.message); return; }
      sim.createPod(admitted.pod);
      return;
    }
    case 'Namespace': c.namespaceObjects.set(obj.metadata.name, obj as Namespace); return;
    case 'PriorityClass': c.priorityClasses.set(obj.metadata.name, obj as PriorityClass); return;
    case 'RuntimeClass': c.runtimeClasses.set(obj.metadata.name, obj as RuntimeClass); return;
    case 'Service': {
      const i = c.serviceObjects.findIndex((s) => s.metadata.name === obj.metadata.name && (s.metadata.namespace ?? 'default') === ns);
      if (i >= 0) c.serviceObjects[i] = obj as Service; else c.serviceObjects.push(obj as Service);
      return;
    }
    case 'PodDisruptionBudget': {
      const i = c.pdbObjects.findIndex((p) => p.metadata.name === obj.metadata.name && (p.metadata.namespace ?? 'default') === ns);
      if (i >= 0) c.pdbObjects[i] = obj as PodDisruptionBudget; else c.pdbObjects.push(obj as PodDisruptionBudget);
      return;
    }
    case 'LimitRange': c.policies.set(obj as LimitRange); return;
    case 'ResourceQuota': {
      const q = obj as ResourceQuota;
      q.status = initialQuotaStatus(q);
      if (deps.quotas) deps.quotas.apply(q); else c.policies.set(q);
      return;
    }
    case 'Workload':
      if (obj.apiVersion === SCHEDULING_V1ALPHA1) {
        c.gangWorkloads.set(`${ns}/${obj.metadata.name}`, obj as GangWorkload);
        sim.queue.moveAllToActiveOrBackoffQueue({ resource: 'Workload', actionType: 'Add', label: 'WorkloadAdd' }, undefined, obj);
      } else {
        c.schedulingWorkloads.set(`${ns}/${obj.metadata.name}`, obj as SchedulingWorkload);
      }
      return;
    case 'PodGroup': {
      const key = `${ns}/${obj.metadata.name}`;
      const old = c.podGroups.get(key);
      let updated = obj as PodGroup;
      if (old) {
        // kubectl apply's merge keeps what the API server set on create and the manifest leaves
        // out: the priority the Priority admission plugin resolved (and the default class's name)
        if (updated.spec.priority === undefined && old.spec.priority !== undefined) {
          updated = { ...updated, spec: { ...updated.spec, priority: old.spec.priority, ...(updated.spec.priorityClassName === undefined && old.spec.priorityClassName !== undefined ? { priorityClassName: old.spec.priorityClassName } : {}) } };
        }
        // upstream: PodGroup validation on update — the policy is immutable except gang.minCount
        // from v1beta1 (v1.37) on; anything else is refused
        const refused = podGroupUpdateRefusal(old, updated);
        if (refused) { sim.recordEvent('Warning', 'FailedUpdate', `PodGroup/${key}`, refused); return; }
        c.podGroups.set(key, { ...updated, status: old.status });
        sim.queue.moveAllToActiveOrBackoffQueue({ resource: 'PodGroup', actionType: 'Update', label: 'PodGroupUpdate' }, old, updated);
      } else {
        // the Priority admission plugin on create (admission/podGroupPriority.ts)
        if (sim.gates.WorkloadAwarePreemption) {
          const admitted = admitPodGroupPriority(updated, sim.admissionContext().priorityClasses);
          if ('refused' in admitted) { sim.recordEvent('Warning', 'FailedCreate', `PodGroup/${key}`, admitted.refused); return; }
        }
        c.podGroups.set(key, updated);
        sim.resourceClaims.podGroupCreated(updated);
        sim.queue.moveAllToActiveOrBackoffQueue({ resource: 'PodGroup', actionType: 'Add', label: 'PodGroupAdd' }, undefined, updated);
      }
      return;
    }
    case 'CompositePodGroup': {
      // v1.37 alpha: immutable but for its status (KEP-6012); a re-apply replaces nothing else
      const key = `${ns}/${obj.metadata.name}`;
      if (c.compositePodGroups.has(key)) return;
      c.compositePodGroups.set(key, obj as CompositePodGroup);
      sim.queue.moveAllToActiveOrBackoffQueue({ resource: 'CompositePodGroup', actionType: 'Add', label: 'CompositePodGroupAdd' }, undefined, obj);
      return;
    }
    default:
      if (obj.kind === 'PersistentVolumeClaim' && !c.storage.persistentVolumeClaim(ns, obj.metadata.name)) {
        // a new claim goes through LimitRanger and ResourceQuota (after DefaultStorageClass)
        const refused = admitClaimPolicies(admitClaim(obj as PersistentVolumeClaim, c.storage.storageClasses()), c.policies);
        if (refused) { sim.recordEvent('Warning', 'FailedCreate', `PersistentVolumeClaim/${ns}/${obj.metadata.name}`, refused); return; }
      }
      if (isStorageObject(obj)) sim.volumes.apply(obj);
      else if (isResourceObject(obj)) sim.resourceClaims.apply(obj);
      else if (WORKLOAD_KINDS.has(obj.kind)) deps.controllers.apply(obj as Workload);
  }
}

function deleteObject(sim: Simulation, step: Extract<TimelineStep, { action: 'delete' }>, deps: TimelineDeps): void {
  const ns = step.namespace ?? 'default';
  const c = sim.cluster;
  let found = false;
  switch (step.kind) {
    case 'Pod': found = sim.deletePodByKey(`${ns}/${step.name}`, 'Deleted'); break;
    case 'Node': found = c.nodes.has(step.name); sim.deleteNode(step.name); break;
    case 'Namespace': found = c.namespaceObjects.delete(step.name); break;
    case 'PriorityClass': found = c.priorityClasses.delete(step.name); break;
    case 'RuntimeClass': found = c.runtimeClasses.delete(step.name); break;
    case 'Workload': found = c.gangWorkloads.delete(`${ns}/${step.name}`) || c.schedulingWorkloads.delete(`${ns}/${step.name}`); break;
    case 'PodGroup': {
      const group = c.podGroups.get(`${ns}/${step.name}`);
      found = c.podGroups.delete(`${ns}/${step.name}`);
      // the garbage collector takes the claims generated for it
      if (group) sim.resourceClaims.podGroupDeleted(group);
      break;
    }
    case 'LimitRange': case 'ResourceQuota': found = c.policies.delete(step.kind, ns, step.name); break;
    case 'Service': case 'PodDisruptionBudget': {
      const list = step.kind === 'Service' ? c.serviceObjects : c.pdbObjects;
      const i = list.findIndex((o) => o.metadata.name === step.name && (o.metadata.namespace ?? 'default') === ns);
      if (i >= 0) { list.splice(i, 1); found = true; }
      break;
    }
    default:
      if ((STORAGE_KINDS as readonly string[]).includes(step.kind)) {
        found = sim.volumes.delete(step.kind as StorageObject['kind'], ns, step.name);
        // the quota controller recounts a namespace whose claim went away
        if (found && step.kind === 'PersistentVolumeClaim') deps.quotas?.recount(ns);
      }
      else if ((RESOURCE_KINDS as readonly string[]).includes(step.kind)) found = sim.resourceClaims.delete(step.kind as ResourceObject['kind'], ns, step.name);
      else found = deps.controllers.delete(step.kind, ns, step.name);
  }
  if (!found) stepFailed(sim, step, `${step.kind} "${['Node', 'Namespace', 'PriorityClass', 'RuntimeClass', 'PersistentVolume', 'StorageClass', 'CSINode', 'CSIDriver', 'DeviceClass', 'ResourceSlice', 'DeviceTaintRule'].includes(step.kind) ? step.name : `${ns}/${step.name}`}" not found at ${step.at}s`);
}

const sameTaint = (a: Taint, key: string, effect?: string, value?: string) =>
  a.key === key && (effect === undefined || a.effect === effect) && (value === undefined || (a.value ?? '') === value);

export function applyTimelineStep(sim: Simulation, step: TimelineStep, deps: TimelineDeps): void {
  switch (step.action) {
    case 'apply':
      step.objects.forEach((obj, i) => createObject(sim, step, i, structuredClone(obj), deps));
      return;
    case 'delete':
      deleteObject(sim, step, deps);
      return;
    case 'taint':
      withNode(sim, step, deps, (node) => {
        const taints = (node.spec.taints ?? []).filter((t) => !(t.key === step.taint.key && t.effect === step.taint.effect));
        taints.push({ ...step.taint, ...(step.taint.effect === 'NoExecute' ? { timeAdded: sim.now } : {}) });
        node.spec.taints = taints;
        return node;
      });
      return;
    case 'untaint':
      withNode(sim, step, deps, (node) => {
        node.spec.taints = (node.spec.taints ?? []).filter((t) => !sameTaint(t, step.key, step.effect, step.value));
        return node;
      });
      return;
    case 'label':
      withNode(sim, step, deps, (node) => {
        const labels = { ...(node.metadata.labels ?? {}) };
        for (const [k, v] of Object.entries(step.labels)) { if (v === null) delete labels[k]; else labels[k] = v; }
        node.metadata.labels = labels;
        return node;
      });
      return;
    case 'cordon':
    case 'uncordon':
      withNode(sim, step, deps, (node) => {
        node.spec.unschedulable = step.action === 'cordon';
        return node;
      });
      sim.recordEvent('Normal', step.action === 'cordon' ? 'NodeNotSchedulable' : 'NodeSchedulable', `Node/${step.node}`, `Node ${step.node} status is now: ${step.action === 'cordon' ? 'NodeNotSchedulable' : 'NodeSchedulable'}`);
      return;
    case 'condition':
      withNode(sim, step, deps, (node) => {
        const conditions = (node.status.conditions ?? []).filter((c) => c.type !== step.type);
        conditions.push({ type: step.type, status: step.status });
        node.status.conditions = conditions;
        return node;
      });
      return;
    case 'ungate': {
      const key = `${step.pod.namespace}/${step.pod.name}`;
      const pod = sim.cluster.livePod(key);
      if (!pod) { stepFailed(sim, step, `pod "${key}" not found at ${step.at}s`); return; }
      const gates = pod.spec.schedulingGates ?? [];
      const remaining = step.gate === undefined ? [] : gates.filter((g) => g.name !== step.gate);
      if (remaining.length === gates.length) { stepFailed(sim, step, `pod "${key}" has no scheduling gate${step.gate ? ` "${step.gate}"` : 's'}`); return; }
      if (remaining.length) pod.spec.schedulingGates = remaining; else delete pod.spec.schedulingGates;
      sim.updatePendingPod(pod, `PodUpdate: scheduling gate${step.gate ? ` ${step.gate}` : 's'} removed`);
      return;
    }
    case 'scale': {
      const w = sim.cluster.workload(step.kind, step.namespace, step.name);
      if (!w) { stepFailed(sim, step, `${step.kind} "${step.namespace}/${step.name}" not found at ${step.at}s`); return; }
      const scaled: Workload = { ...w, spec: { ...w.spec, ...(step.kind === 'Job' ? { parallelism: step.replicas } : { replicas: step.replicas }) } };
      deps.controllers.apply(scaled);
      return;
    }
    case 'evict': {
      const key = `${step.pod.namespace}/${step.pod.name}`;
      if (!deps.evict) { stepFailed(sim, step, 'API-initiated eviction is not available in this build'); return; }
      if (!sim.cluster.livePod(key)) { stepFailed(sim, step, `pod "${key}" not found at ${step.at}s`); return; }
      deps.evict(sim, key);
      return;
    }
    case 'deviceCondition':
      sim.resourceClaims.setDeviceCondition(step);
      return;
    case 'deschedule':
      if (!deps.deschedule) { stepFailed(sim, step, 'the descheduler is not available in this build'); return; }
      deps.deschedule(sim, step.policy);
      return;
  }
}


/**
 * Why the API server refuses this PodGroup update, if it does. upstream: v1alpha2 marks the whole
 * spec immutable; v1alpha3 and v1beta1 keep gang.minCount mutable (the policy kind may not change).
 */
export function podGroupUpdateRefusal(old: PodGroup, updated: PodGroup): string | undefined {
  const name = `podgroups.scheduling.k8s.io "${old.metadata.name}"`;
  const was = old.spec.schedulingPolicy, now = updated.spec.schedulingPolicy;
  if (!!was.gang !== !!now.gang) return `${name} is invalid: spec.schedulingPolicy: Invalid value: the scheduling policy may not change between basic and gang after creation`;
  const minCountChanged = was.gang && now.gang && was.gang.minCount !== now.gang.minCount;
  const rest = (g: PodGroup) => JSON.stringify({ ...g.spec, schedulingPolicy: undefined });
  if (rest(old) !== rest(updated)) return `${name} is invalid: spec: Invalid value: field is immutable`;
  if (minCountChanged && updated.apiVersion === SCHEDULING_V1ALPHA2) return `${name} is invalid: spec.schedulingPolicy.gang.minCount: Invalid value: ${now.gang!.minCount}: field is immutable (mutable from scheduling.k8s.io/v1beta1 and v1alpha3, Kubernetes 1.37, on)`;
  return undefined;
}
