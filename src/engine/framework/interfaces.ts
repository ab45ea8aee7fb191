// upstream: pkg/scheduler/framework/interface.go (plugin interfaces, Handle) and
// staging/src/k8s.io/kube-scheduler/framework (fwk). A plugin is an object with a name and the
// methods of the extension points it implements; the runtime finds them by presence.

import type { FeatureGates } from '../features';
import type { VersionSwitches } from '../versions';
import type { DeviceClass, DeviceTaintRule, ResourceClaim, ResourceSlice } from '../model/resource';
import type { CSIDriver, CSINode, CSIStorageCapacity, PersistentVolume, PersistentVolumeClaim, StorageClass } from '../model/storage';
import type { PreemptionTrace } from '../api';
import type { CompositePodGroup, Labels, Pod, PodDisruptionBudget, PodGroup, Service, Workload, GangWorkload } from '../model/types';
import type { CycleState } from './cycleState';
import type { NodeInfo } from './nodeInfo';
import type { PodInfo } from './podInfo';
import type { Rng } from './rng';
import type { Snapshot } from './snapshot';
import type { Status } from './status';

export const MAX_NODE_SCORE = 100;
export const MIN_NODE_SCORE = 0;
/** upstream: MaxCustomPriorityScore (RequestedToCapacityRatio shape scores are 0..10) */
export const MAX_CUSTOM_PRIORITY_SCORE = 10;

/** upstream: framework.QueuedPodInfo */
export interface QueuedPodInfo {
  podInfo: PodInfo;
  /** simulated time the pod was added (refreshed on every requeue) */
  timestamp: number;
  /**
   * order of (re)adds within one simulated instant: upstream's timestamps have nanosecond
   * resolution, so pods added one after another are never equal
   */
  sequence?: number;
  /** simulated time the pod was first added */
  initialAttemptTimestamp?: number;
  attempts: number;
  unschedulableCount: number;
  consecutiveErrorsCount: number;
  unschedulablePlugins: Set<string>;
  pendingPlugins: Set<string>;
  gatingPlugin?: string;
}

/** upstream: PreFilterResult — nil NodeNames means all nodes */
export interface PreFilterResult {
  nodeNames?: Set<string>;
}

/** upstream: NodeToStatus — explicit statuses per node, and the one for nodes not listed */
export class NodeToStatus {
  private readonly map = new Map<string, Status>();
  /**
   * The failing nodes of a Filter walk and their statuses (by position), put in the map when it
   * is first read: a cycle that finds a node never reads them, and a walk over 5,000 nodes would
   * fill the map with thousands of entries per cycle for nothing. Each node at most once, none
   * of them in the map (see addWalk).
   */
  private walkNames: readonly string[] | undefined;
  private walkStatuses: readonly Status[] | undefined;
  constructor(public absentNodesStatus: Status) {}

  /** node name -> its status (the map, complete) */
  get statuses(): Map<string, Status> {
    if (this.walkNames !== undefined) {
      const names = this.walkNames, statuses = this.walkStatuses!;
      this.walkNames = this.walkStatuses = undefined;
      for (let i = 0; i < names.length; i++) this.map.set(names[i]!, statuses[i]!);
    }
    return this.map;
  }

  /** how many nodes have a status of their own (upstream: NodeToStatus.Len) */
  get size(): number {
    return this.map.size + (this.walkNames?.length ?? 0);
  }

  set(nodeName: string, status: Status): void { this.statuses.set(nodeName, status); }
  get(nodeName: string): Status { return this.statuses.get(nodeName) ?? this.absentNodesStatus; }

  /**
   * A Filter walk's failing nodes, each named once, and their statuses (by position); kept as
   * they are until read, when no node has a status yet (else set one by one).
   */
  addWalk(names: readonly string[], statuses: readonly Status[]): void {
    if (names.length === 0) return;
    if (this.size === 0) {
      this.walkNames = names;
      this.walkStatuses = statuses;
      return;
    }
    for (let i = 0; i < names.length; i++) this.set(names[i]!, statuses[i]!);
  }
}

export interface NodeScoreEntry {
  name: string;
  score: number;
}

export interface PostFilterResult {
  nominatedNodeName?: string;
  /** the explanation the UI draws (candidates, victims, criteria) */
  trace?: PreemptionTrace;
}

export interface PermitResult {
  status: Status;
  /** seconds to wait when status.code is Wait */
  timeout?: number;
}

export interface PreFilterExtensions {
  addPod(state: CycleState, podToSchedule: PodInfo, podInfoToAdd: PodInfo, nodeInfo: NodeInfo): Status;
  removePod(state: CycleState, podToSchedule: PodInfo, podInfoToRemove: PodInfo, nodeInfo: NodeInfo): Status;
}

/** Cluster events a plugin cares about (upstream: EventsToRegister), for the scheduling queue. */
export type ClusterEventResource = 'Pod' | 'AssignedPod' | 'UnscheduledPod' | 'Node' | 'Namespace' | 'PodDisruptionBudget' | 'Workload' | 'PodGroup' | 'CompositePodGroup'
  | 'PersistentVolumeClaim' | 'PersistentVolume' | 'StorageClass' | 'CSINode' | 'CSIDriver' | 'CSIStorageCapacity'
  | 'ResourceClaim' | 'ResourceSlice' | 'DeviceClass' | '*';
export type ActionType = 'Add' | 'Delete' | 'Update' | 'UpdateNodeLabel' | 'UpdateNodeTaint' | 'UpdateNodeAllocatable' | 'UpdateNodeCondition' | 'UpdateNodeDeclaredFeature' | 'UpdatePodLabel' | 'UpdatePodScaleDown' | 'UpdatePodToleration' | 'UpdatePodSchedulingGatesEliminated' | 'UpdatePodGeneratedResourceClaim' | 'All';
export interface ClusterEventWithHint {
  event: { resource: ClusterEventResource; actionType: ActionType[] };
  /** upstream QueueingHintFn: 'Queue' or 'QueueSkip' for this pod given the change */
  hint?: (pod: Pod, oldObj: unknown, newObj: unknown) => 'Queue' | 'QueueSkip';
}

export interface Plugin {
  readonly name: string;
  preEnqueue?(pod: PodInfo): Status;
  /** QueueSort: true when a should be popped before b */
  less?(a: QueuedPodInfo, b: QueuedPodInfo): boolean;
  preFilter?(state: CycleState, pod: PodInfo, nodes: NodeInfo[]): { result?: PreFilterResult; status: Status };
  preFilterExtensions?(): PreFilterExtensions | undefined;
  filter?(state: CycleState, pod: PodInfo, nodeInfo: NodeInfo): Status;
  postFilter?(state: CycleState, pod: PodInfo, filteredNodeStatusMap: NodeToStatus): { result?: PostFilterResult; status: Status };
  preScore?(state: CycleState, pod: PodInfo, feasibleNodes: NodeInfo[]): Status;
  /** a number on success, or a non-success Status */
  score?(state: CycleState, pod: PodInfo, nodeInfo: NodeInfo): number | Status;
  /** ScoreExtensions.NormalizeScore: rewrites scores in place */
  normalizeScore?(state: CycleState, pod: PodInfo, scores: NodeScoreEntry[]): Status;
  reserve?(state: CycleState, pod: PodInfo, nodeName: string): Status;
  unreserve?(state: CycleState, pod: PodInfo, nodeName: string): void;
  permit?(state: CycleState, pod: PodInfo, nodeName: string): PermitResult;
  preBind?(state: CycleState, pod: PodInfo, nodeName: string): Status;
  /**
   * Podplay: what a successful PreBind still waits for on the simulated clock (upstream: a PreBind
   * that polls before it returns, as DynamicResources does for device binding conditions).
   */
  preBindWait?(state: CycleState, pod: PodInfo, nodeName: string): PreBindWait | undefined;
  bind?(state: CycleState, pod: PodInfo, nodeName: string): Status;
  postBind?(state: CycleState, pod: PodInfo, nodeName: string): void;
  eventsToRegister?(): ClusterEventWithHint[];
}

/** upstream: wait.PollUntilContextTimeout inside a PreBind, on the simulated clock */
export interface PreBindWait {
  /** seconds between polls (the first poll is immediate) */
  interval: number;
  /** seconds until the wait fails with timeoutMessage */
  timeout: number;
  timeoutMessage: string;
  /** the event on the pod when the wait starts (type Normal) */
  event?: { reason: string; message: string };
  /** true: done; a string: the binding fails with this error; false: poll again */
  poll(): boolean | string;
}

/** Read-only access to cluster objects, like the informers' listers a plugin gets from Handle. */
export interface ClusterLister {
  namespaceLabels(namespace: string): Labels | undefined;
  /** every namespace name known to the cluster */
  namespaces(): string[];
  services(namespace: string): Service[];
  /** ReplicaSet, StatefulSet, ReplicationController, Deployment, Job, DaemonSet by kind and name */
  workload(kind: string, namespace: string, name: string): Workload | undefined;
  /** scheduling.k8s.io/v1alpha1 Workload (gang scheduling) */
  gangWorkload(namespace: string, name: string): GangWorkload | undefined;
  /** scheduling.k8s.io/v1alpha2 / v1beta1 PodGroup (v1.36+: pods name it with spec.schedulingGroup) */
  podGroup(namespace: string, name: string): PodGroup | undefined;
  /** v1.37 alpha (CompositePodGroup): scheduling.k8s.io/v1alpha3 CompositePodGroup */
  compositePodGroup?(namespace: string, name: string): CompositePodGroup | undefined;
  /** v1.37 alpha (CompositePodGroup): every PodGroup and CompositePodGroup, to find a hierarchy's children */
  schedulingGroups?(): { podGroups: Iterable<PodGroup>; compositePodGroups: Iterable<CompositePodGroup> };
  pdbs(): PodDisruptionBudget[];
  /** every pod the scheduler knows, bound or not, in creation order */
  pods(): Pod[];
  /** StorageClasses, PVs, PVCs and the CSI objects (the volume plugins' listers) */
  readonly storage: StorageLister;
  /** DeviceClasses, ResourceSlices and ResourceClaims (the DynamicResources plugin's listers) */
  readonly resources: ResourceLister;
}

/** What the stored claims' allocations take (dra/takenDevices.ts): per device ("driver/pool/device") taken whole, how many claims take it; the claims holding shares of shared devices. */
export interface TakenDevicesIndex {
  readonly counts: ReadonlyMap<string, number>;
  readonly sharing: ReadonlySet<ResourceClaim>;
}

/** The resource.k8s.io informers' listers (upstream: the DRA manager's listers). */
export interface ResourceLister {
  deviceClass(name: string): DeviceClass | undefined;
  /** may be the same list while no class changed: not to be modified */
  deviceClasses(): readonly DeviceClass[];
  /** may be the same list while no slice changed: not to be modified */
  resourceSlices(): readonly ResourceSlice[];
  /** resource.k8s.io/v1alpha3 DeviceTaintRules (DRADeviceTaintRules) */
  deviceTaintRules(): DeviceTaintRule[];
  resourceClaim(namespace: string, name: string): ResourceClaim | undefined;
  resourceClaims(): ResourceClaim[];
  /** the claims with an owner reference of this uid, in creation order (absent: found among resourceClaims()) */
  resourceClaimsOwnedBy?(uid: string): readonly ResourceClaim[];
  /** the devices resourceClaims()' allocations take, kept as claims change; absent: listed from the claims each cycle */
  takenDevices?(): TakenDevicesIndex;
  /** a number that moves whenever any list above would answer differently; absent: nothing is remembered */
  version?(): number;
}

/** The storage informers' listers (upstream: SharedInformerFactory().Core()/Storage()). */
export interface StorageLister {
  storageClass(name: string): StorageClass | undefined;
  storageClasses(): StorageClass[];
  persistentVolume(name: string): PersistentVolume | undefined;
  persistentVolumes(): PersistentVolume[];
  /** a number that moves whenever persistentVolumes() would answer differently; absent: lists are never kept */
  persistentVolumesVersion?(): number;
  /** the names of the volumes replaced (not created or deleted) since `version`; undefined when not known */
  persistentVolumesReplacedSince?(version: number): readonly string[] | undefined;
  persistentVolumeClaim(namespace: string, name: string): PersistentVolumeClaim | undefined;
  persistentVolumeClaims(): PersistentVolumeClaim[];
  csiNode(name: string): CSINode | undefined;
  csiDriver(name: string): CSIDriver | undefined;
  csiStorageCapacities(): CSIStorageCapacity[];
}

/** upstream: framework.Handle — what a plugin may use besides its own arguments. */
export interface Handle {
  readonly profileName: string;
  /** the feature gates (upstream: the feature.Features a plugin's New gets) */
  readonly features: FeatureGates;
  /** the upstream behaviour changes of the simulated Kubernetes version (../versions.ts) */
  readonly versionSwitches: VersionSwitches;
  snapshot(): Snapshot;
  readonly cluster: ClusterLister;
  readonly rng: Rng;
  /** simulated seconds */
  now(): number;
  /** pods nominated to a node (status.nominatedNodeName), from the queue's nominator */
  nominatedPodsForNode(nodeName: string): readonly PodInfo[];
  /** whether any pod is nominated to any node (a Filter walk asks once, not once per node) */
  hasNominatedPods(): boolean;
  runPreFilterExtensionAddPod(state: CycleState, podToSchedule: PodInfo, podInfoToAdd: PodInfo, nodeInfo: NodeInfo): Status;
  runPreFilterExtensionRemovePod(state: CycleState, podToSchedule: PodInfo, podInfoToRemove: PodInfo, nodeInfo: NodeInfo): Status;
  /** upstream: RunFilterPluginsWithNominatedPods */
  runFilterPluginsWithNominatedPods(state: CycleState, pod: PodInfo, nodeInfo: NodeInfo): Status;
  /** the profile's plugins, for plugins that look at each other (e.g. PostFilter) */
  hasScorePlugins(): boolean;
  /** waiting pods (Permit), for gang scheduling and preemption */
  waitingPods(): WaitingPods;
  /** the API calls a plugin makes (upstream: Handle.ClientSet()), carried out by the simulation on its clock */
  readonly api: SchedulerApi;
}

export interface SchedulerApi {
  /**
   * upstream: preemption.Evaluator.prepareCandidate for one victim — patch DisruptionTarget
   * (reason PreemptionByScheduler), delete gracefully (terminationGracePeriodSeconds on the
   * simulated clock), event `Preempted` on the victim. A victim waiting at Permit is rejected instead.
   */
  preemptPod(victim: PodInfo, preemptor: PodInfo, nodeName: string): void;
  /** clears status.nominatedNodeName (upstream: util.ClearNominatedNodeName) */
  clearNominatedNodeName(pods: PodInfo[]): void;
  /**
   * upstream: volumeBinder.bindAPIUpdate — write the PVs' claimRefs and the claims' selected-node
   * annotations; the PV controller then binds and provisions (at once, on the simulated clock).
   */
  bindPodVolumes(pod: PodInfo, nodeName: string, volumes: PersistentVolume[], claims: PersistentVolumeClaim[]): void;
  /** upstream: ResourceClaims(ns).UpdateStatus — DynamicResources' PreBind and PostFilter write a claim's status */
  updateResourceClaimStatus(claim: ResourceClaim): void;
  /** upstream: ResourceClaims(ns).Create — a claim with metadata.generateName gets its name; returns the stored claim */
  createResourceClaim(claim: ResourceClaim): ResourceClaim;
  /** upstream: ResourceClaims(ns).Delete (after dropping the delete-protection finalizer) */
  deleteResourceClaim(namespace: string, name: string): void;
  /** upstream: PatchPodStatus with status.extendedResourceClaimStatus (DRAExtendedResource) */
  setPodExtendedResourceClaimStatus(pod: PodInfo, status: NonNullable<Pod['status']['extendedResourceClaimStatus']>): void;
}

export interface WaitingPods {
  get(podKey: string): { pod: PodInfo; nodeName: string; allow(plugin: string): void; reject(plugin: string, message: string): void } | undefined;
  all(): { pod: PodInfo; nodeName: string }[];
  /** re-activate unschedulable pods (upstream: Handle.Activate) */
  activate(podKeys: string[]): void;
}

/** A field error in plugin args: path relative to the args object, message like upstream's. */
export interface ArgsError {
  path: string;
  message: string;
}

/**
 * One plugin package: upstream's `New` factory plus its args' defaults and validation
 * (pkg/scheduler/apis/config/v1/defaults.go, validation/validation_pluginargs.go).
 */
export interface PluginDescriptor<Args = unknown> {
  readonly name: string;
  /**
   * SetDefaults_<Name>Args — the args used when pluginConfig gives none, and under user args;
   * `gates` when known (some upstream defaults read the feature gates, e.g. VolumeBindingArgs' shape)
   */
  defaultArgs?(gates?: FeatureGates): Args;
  /** fills in missing fields of user args (after decoding); `gates` as for defaultArgs */
  applyDefaults?(args: Args, gates?: FeatureGates): Args;
  /** Validate<Name>Args; `gates` when known (upstream validation reads the feature gates) */
  validateArgs?(args: Args, gates?: FeatureGates): ArgsError[];
  factory(args: Args, handle: Handle): Plugin;
}
