// The objects of a Scenario file and the steps of its timeline (../shared/contracts/scenario-and-trace.md, section 3):
// one kubectl-like action at a simulated time. The loader validates every step; the objects an
// `apply` carries are already decoded and validated (admission and controllers run when the
// step runs, against the cluster as it is then).

import type {
  CompositePodGroup, GangWorkload, Namespace, PodGroup, SchedulingWorkload, Node, Pod, PodDisruptionBudget, PriorityClass, RuntimeClass, Service, Taint, TaintEffect,
  Workload, WorkloadKind,
} from './types';
import { SCHEDULING_V1ALPHA1 } from './types';
import type { StorageObject } from './storage';
import type { ResourceObject } from './resource';
import type { PolicyObject } from './policy';

/** Where the step was written, for runtime messages. */
export interface StepSource { line: number; column: number }

/** Every kind an `apply` (or the scenario file) can create. */
export type ScenarioObject = Pod | Node | Namespace | PriorityClass | RuntimeClass | Service | PodDisruptionBudget | Workload | GangWorkload | SchedulingWorkload | PodGroup | CompositePodGroup | StorageObject | ResourceObject | PolicyObject;

export interface PodRef { namespace: string; name: string }

interface StepBase {
  /** simulated seconds, non-decreasing along the timeline */
  at: number;
  source: StepSource;
}

/**
 * kubectl apply: creates the objects (pods go through admission, workloads through their
 * controller); a pod that already exists is updated instead (see model/admission/podUpdate.ts).
 */
export interface ApplyStep extends StepBase {
  action: 'apply';
  objects: ScenarioObject[];
  /** where a field of objects[index] was written (the nearest enclosing field when absent) */
  locate(index: number, path: (string | number)[]): StepSource;
}

/** kubectl delete <kind> <name> */
export interface DeleteStep extends StepBase { action: 'delete'; kind: string; name: string; namespace?: string }

/** kubectl taint nodes <node> key=value:Effect */
export interface TaintStep extends StepBase { action: 'taint'; node: string; taint: Taint }

/** kubectl taint nodes <node> key[:Effect]- (no effect: every taint with the key) */
export interface UntaintStep extends StepBase { action: 'untaint'; node: string; key: string; value?: string; effect?: TaintEffect }

/** API-initiated eviction (pods/eviction), honouring PodDisruptionBudgets */
export interface EvictStep extends StepBase { action: 'evict'; pod: PodRef }

/** sets a node condition (what the kubelet would report); the node lifecycle controller taints from it */
export interface ConditionStep extends StepBase { action: 'condition'; node: string; type: string; status: 'True' | 'False' | 'Unknown' }

/**
 * a DRA driver reporting a condition of an allocated device in status.devices
 * (DRAResourceClaimDeviceStatus) of a ResourceClaim, or of every claim of a pod that holds the device
 */
export interface DeviceConditionStep extends StepBase {
  action: 'deviceCondition';
  claim?: PodRef;
  pod?: PodRef;
  device: string;
  driver?: string;
  pool?: string;
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
}

/** kubectl label nodes <node> k=v (null value: k-) */
export interface LabelStep extends StepBase { action: 'label'; node: string; labels: Record<string, string | null> }

export interface CordonStep extends StepBase { action: 'cordon'; node: string }
export interface UncordonStep extends StepBase { action: 'uncordon'; node: string }

/** one descheduler run with this DeschedulerPolicy (validated by the descheduler) */
export interface DescheduleStep extends StepBase {
  action: 'deschedule';
  policy: Record<string, unknown>;
  locate(path: (string | number)[]): StepSource;
}

/** removes a scheduling gate from a pod (every gate when none is named) */
export interface UngateStep extends StepBase { action: 'ungate'; pod: PodRef; gate?: string }

/** kubectl scale (Job: sets parallelism) */
export interface ScaleStep extends StepBase {
  action: 'scale';
  kind: Exclude<WorkloadKind, 'DaemonSet'>;
  name: string;
  namespace: string;
  replicas: number;
}

export type TimelineStep =
  | ApplyStep | DeleteStep | TaintStep | UntaintStep | EvictStep | ConditionStep | DeviceConditionStep | LabelStep
  | CordonStep | UncordonStep | DescheduleStep | UngateStep | ScaleStep;

export type TimelineAction = TimelineStep['action'];

// ---- telling scenario objects apart (Workload.kind is a plain string) ----

export const WORKLOAD_KINDS: readonly WorkloadKind[] = ['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicationController'];

export const isPod = (o: ScenarioObject): o is Pod => o.kind === 'Pod';
export const isNode = (o: ScenarioObject): o is Node => o.kind === 'Node';
export const isNamespace = (o: ScenarioObject): o is Namespace => o.kind === 'Namespace';
export const isPriorityClass = (o: ScenarioObject): o is PriorityClass => o.kind === 'PriorityClass';
export const isRuntimeClass = (o: ScenarioObject): o is RuntimeClass => o.kind === 'RuntimeClass';
export const isService = (o: ScenarioObject): o is Service => o.kind === 'Service';
export const isPodDisruptionBudget = (o: ScenarioObject): o is PodDisruptionBudget => o.kind === 'PodDisruptionBudget';
/** scheduling.k8s.io/v1alpha1 Workload (v1.35) */
export const isGangWorkload = (o: ScenarioObject): o is GangWorkload => o.kind === 'Workload' && o.apiVersion === SCHEDULING_V1ALPHA1;
/** scheduling.k8s.io/v1alpha2 or v1beta1 Workload (v1.36+) */
export const isSchedulingWorkload = (o: ScenarioObject): o is SchedulingWorkload => o.kind === 'Workload' && o.apiVersion !== SCHEDULING_V1ALPHA1;
export const isPodGroup = (o: ScenarioObject): o is PodGroup => o.kind === 'PodGroup';
export const isCompositePodGroup = (o: ScenarioObject): o is CompositePodGroup => o.kind === 'CompositePodGroup';
export const isWorkload = (o: ScenarioObject): o is Workload => (WORKLOAD_KINDS as readonly string[]).includes(o.kind);
/** Node, Namespace, PriorityClass and RuntimeClass have no namespace. */
export const isNamespaced = (o: ScenarioObject): boolean => !['Node', 'Namespace', 'PriorityClass', 'RuntimeClass', 'PersistentVolume', 'StorageClass', 'CSINode', 'CSIDriver'].includes(o.kind);
