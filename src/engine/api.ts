// The public result types of the engine: ../shared/contracts/scenario-and-trace.md, section 5.
// Extend freely; never break. Additions to the contract are marked "extension".

import type { InferredKubernetesVersion, KubernetesVersion, ResolvedKubernetesVersion, VersionChangeId } from './versions';

export type StatusCode = 'Success' | 'Unschedulable' | 'UnschedulableAndUnresolvable' | 'Skip' | 'Error' | 'Wait' | 'Pending';

export interface SimulationResult {
  version: 1;
  seed: number;
  /** extension: the Kubernetes version simulated, where it came from and why (versions.ts) */
  kubernetesVersion: ResolvedKubernetesVersion;
  /** Every pod, final state, in creation order. */
  pods: PodOutcome[];
  /** Every scheduling attempt, in order. */
  cycles: CycleTrace[];
  /** What `kubectl get events` would list, in order. */
  events: ClusterEvent[];
  /** extension: the nodes at the end of the run, in the scheduler's (zone-interleaved) order. */
  nodes: NodeOutcome[];
  /**
   * extension: nodes deleted during the run (the node autoscaler's scale-down, a timeline step), as
   * they were just before, with deletedAt; absent when none was
   */
  removedNodes?: NodeOutcome[];
  /** extension: non-fatal problems in the scenario (unknown kinds, ignored fields). */
  warnings: ScenarioError[];
  /** extension: simulated seconds at the end of the run. */
  endTime: number;
  /** extension: every move of a pod between the scheduling queue's parts, in order */
  queue: QueueMove[];
  /**
   * extension: why the run stopped before its end, when it exceeded a budget of
   * src/engine/limits.ts (the same text is the last of the warnings); absent when it ran to the end
   */
  stopped?: string;
  /**
   * Final state of the API objects the scheduler allocates or binds, each as `kubectl get -o json`
   * prints it (status included). Absent when the scenario has none.
   */
  objects?: {
    /** spec.volumeName, the volume.kubernetes.io/selected-node annotation, status.phase */
    persistentVolumeClaims?: KubeJsonObject[];
    /** spec.claimRef, spec.nodeAffinity (provisioned ones included) */
    persistentVolumes?: KubeJsonObject[];
    /** resource.k8s.io/v1 ResourceClaims: status.allocation (devices, nodeSelector) and status.reservedFor */
    resourceClaims?: KubeJsonObject[];
    /** resource.k8s.io/v1alpha3 DeviceTaintRules with the eviction controller's status.conditions (EvictionInProgress) */
    deviceTaintRules?: KubeJsonObject[];
    /** extension: v1 ResourceQuotas with status.hard and status.used as the quota controller keeps them at the end */
    resourceQuotas?: KubeJsonObject[];
  };
  /** extension: the node autoscaler's groups and what it did (a ClusterAutoscaler document; docs/autoscaler.md) */
  autoscaler?: AutoscalerOutcome;
  /**
   * extension: every PersistentVolumeClaim and PersistentVolume as it was created, bound, provisioned
   * or deleted along the run (the scenario's first, at cycle 0), so the stage can draw them at each
   * step; absent when the scenario has none
   */
  volumeHistory?: VolumeChange[];
  /**
   * extension: present in a result's JSON whose trace went past LIMITS.traceNodeOutcomesInJson node
   * outcomes: the later cycles carry nodeOutcomesSummary instead of their per-node lists
   */
  traceSummary?: TraceSummary;
  /**
   * extension: each pod the kubelet evicted for node pressure, with the node's pods as its eviction
   * manager ranked them that round (upstream pkg/kubelet/eviction rankMemoryPressure and friends),
   * first to go first; absent when no node was under pressure
   */
  kubeletEvictions?: KubeletEvictionOutcome[];
  /**
   * extension: each wait the taint eviction controller started for a pod that tolerates a NoExecute
   * taint for tolerationSeconds (upstream pkg/controller/tainteviction: the timed worker), from the
   * taint to the deletion; absent when there were none
   */
  taintEvictionCountdowns?: TaintEvictionCountdown[];
  /**
   * extension: each PodDisruptionBudget as the disruption controller computes it, recorded when its
   * selected pods or status change (simulation/pdbHistory.ts), so the stage can draw what it covers
   * and allows at each step; absent when the scenario has none (or too many pods and budgets to follow)
   */
  pdbHistory?: PdbChange[];
}

/** extension: one PodDisruptionBudget after a change of the pods it selects or of its status */
export interface PdbChange {
  /** scheduling cycles started when it was computed: 0 before the first, n after cycle n or between it and the next */
  cycle: number;
  /** simulated seconds */
  time: number;
  /** "namespace/name" */
  pdb: string;
  minAvailable?: number | string;
  maxUnavailable?: number | string;
  /** the pods it selects (its namespace, its selector), "namespace/name", bound or not */
  pods: string[];
  /** status.currentHealthy: selected pods ready and not being deleted */
  currentHealthy: number;
  /** status.desiredHealthy */
  desiredHealthy: number;
  /** status.expectedPods */
  expectedPods: number;
  /** status.disruptionsAllowed: how many an eviction (or preemption) may take now */
  disruptionsAllowed: number;
}

/** extension: a pod's tolerationSeconds wait: deleted at fireAt unless cancelled before */
export interface TaintEvictionCountdown {
  pod: string;
  node: string;
  /** when the wait started (the taint was seen; upstream counts tolerationSeconds from then) */
  from: number;
  /** when the controller deletes the pod */
  fireAt: number;
  /** the wait was cancelled (the taint removed, the pod tolerating it for good or gone) */
  cancelledAt?: number;
}

/** extension: one node-pressure eviction and the ranking that chose its victim */
export interface KubeletEvictionOutcome {
  time: number;
  node: string;
  /** what the kubelet reclaims: memory, ephemeral-storage, inodes or pids */
  resource: string;
  /** the victim, "namespace/name" */
  pod: string;
  /** the node's running pods in the order the kubelet ranked them (at most 20), the victim among the first */
  ranked: RankedForEviction[];
}

/** extension: one pod in the kubelet's eviction ranking, with what ranked it */
export interface RankedForEviction {
  pod: string;
  priority: number;
  qosClass: 'BestEffort' | 'Burstable' | 'Guaranteed';
  /** its usage of the reclaimed resource is above its request (ranked first; memory and ephemeral-storage) */
  exceedsRequest?: boolean;
  /** critical (static, mirror, system-critical priority): passed over */
  critical?: boolean;
}

/** extension: one claim or volume after a change that matters to where its pod can run */
export interface VolumeChange {
  /** scheduling cycles started when it happened: 0 before the first, n during cycle n's binding or after it */
  cycle: number;
  /** simulated seconds */
  time: number;
  kind: 'PersistentVolumeClaim' | 'PersistentVolume';
  /** a claim's "namespace/name", a volume's name */
  name: string;
  deleted?: true;
  /** a claim's status.phase (Pending, Bound, Lost); a volume's (Available, Bound, Released, …) */
  phase?: string;
  /** a claim's spec.volumeName; a volume's spec.claimRef as "namespace/name" */
  boundTo?: string;
  /** a claim's volume.kubernetes.io/selected-node annotation (WaitForFirstConsumer: the scheduler's choice) */
  selectedNode?: string;
  /** a claim whose StorageClass has volumeBindingMode WaitForFirstConsumer */
  waitForFirstConsumer?: true;
  /** a volume's spec.nodeAffinity.required: the nodes it can be reached from (absent: every node) */
  nodeAffinity?: { nodeSelectorTerms: { matchExpressions?: { key: string; operator: string; values?: string[] }[]; matchFields?: { key: string; operator: string; values?: string[] }[] }[] };
}

/** extension: cluster-autoscaler's view at the end of the run and its decisions along it */
export interface AutoscalerOutcome {
  expander: string;
  nodeGroups: { name: string; minSize: number; maxSize: number; template: string; size: number; nodes: string[] }[];
  /** in order of simulated time */
  activities: AutoscalerActivity[];
  /** pod key -> the autoscaler's last word on it while it was unschedulable (the Pod tab) */
  pods: Record<string, AutoscalerPodVerdict>;
  /** node name -> why the last loop did not remove it, as cluster-autoscaler's status names it */
  unremovable: Record<string, { reason: string; message: string; time: number }>;
}

export type AutoscalerActivity =
  /** IncreaseSize: `nodes` are provisioning, Ready at `readyAt` */
  | { time: number; kind: 'scaleUp'; group: string; from: number; to: number; max: number; nodes: string[]; readyAt: number; pods: string[]; expander: { expander: string; kept: string[]; detail?: Record<string, string> }[] }
  /** a provisioned node registered, Ready */
  | { time: number; kind: 'nodeReady'; group: string; node: string }
  /** a node found unneeded since `since`, tainted and drained */
  | { time: number; kind: 'scaleDown'; group: string; node: string; empty: boolean; pods: string[]; since: number; utilization: number }
  /** the drained node deleted from the cloud provider and the API */
  | { time: number; kind: 'nodeRemoved'; group: string; node: string };

export type AutoscalerPodVerdict =
  | { time: number; kind: 'triggeredScaleUp'; group: string; nodes: string[]; readyAt: number }
  /** the pod fits a node being provisioned (an upcoming node of `group`) */
  | { time: number; kind: 'waitingForUpcomingNode'; group: string }
  | { time: number; kind: 'notTriggerScaleUp'; message: string; groups: { group: string; reason: string }[] }
  /**
   * cluster-autoscaler passes over the pod (no scheduler marked it Unschedulable): its scheduling
   * gates hold it, or no scheduler serves its schedulerName; `time` is the pod's creation
   */
  | { time: number; kind: 'ignored'; reason: 'schedulingGates'; gates: string[] }
  | { time: number; kind: 'ignored'; reason: 'schedulerName'; schedulerName: string };

/** An API object as `kubectl get -o json` prints it. */
export type KubeJsonObject = { apiVersion: string; kind: string; metadata: Record<string, unknown> } & Record<string, unknown>;

export type QueueName = 'activeQ' | 'backoffQ' | 'unschedulablePods' | 'gated' | 'scheduling' | 'waitingOnPermit' | 'waitingOnBinding' | 'bound' | 'deleted';

/** Assumed on a node, its binding cycle waiting (at Permit, or in a PreBind that polls): back to `scheduling` is not a new cycle. */
export function isWaitingToBind(q: QueueName | undefined): boolean {
  return q === 'waitingOnPermit' || q === 'waitingOnBinding';
}

/** extension: one pod moving inside the scheduling queue (upstream: pkg/scheduler/backend/queue) */
export interface QueueMove {
  time: number;
  pod: string;
  from?: QueueName;
  to: QueueName;
  /** the cluster event or rule that moved it, e.g. "NodeAdd", "AssignedPodDelete", "BackoffComplete", "UnschedulableTimeout", "PreEnqueue: SchedulingGates" */
  reason: string;
  /** for backoffQ: when the backoff expires */
  backoffUntil?: number;
}

export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed';

export interface PodOutcome {
  /** "namespace/name" */
  pod: string;
  phase: PodPhase;
  node?: string;
  nominatedNode?: string;
  /** e.g. "Unschedulable", "SchedulingGated", "Preempted", "Evicted" */
  reason?: string;
  /** last FailedScheduling / eviction message */
  message?: string;
  /** extension: spec.priority after admission */
  priority: number;
  /** extension: the QoS class (upstream v1qos.GetPodQOS: status.qosClass, else from requests and limits) */
  qosClass?: 'BestEffort' | 'Burstable' | 'Guaranteed';
  /** extension: "Kind/name" of the workload that created the pod (top-most owner), if any */
  owner?: string;
  /** extension: the scheduler profile (spec.schedulerName) */
  schedulerName: string;
  /** extension: simulated time of deletion, for pods that were deleted (preempted, evicted) */
  deletedAt?: number;
  /**
   * extension: what the pod requests of a node (upstream resource.PodRequests: containers, init
   * containers, pod-level requests, overhead), in NodeOutcome's units; lets a viewer add up a
   * node's requests at any point of the run
   */
  requests?: Record<string, number>;
  /**
   * extension: the pod's volumes that use a PersistentVolumeClaim (persistentVolumeClaim or a
   * generic ephemeral volume, whose claim is "<pod>-<volume>"), in spec order; the claims
   * themselves are in SimulationResult.objects
   */
  /** extension: the pod's DRA claims (spec.resourceClaims) and the devices they held; the claims are in SimulationResult.objects */
  resourceClaims?: PodClaimOutcome[];
  volumes?: { name: string; claimName: string; ephemeral?: true }[];
  /** extension: metadata.labels */
  labels?: Record<string, string>;
  /** extension: what `kubectl describe pod` shows that matters to scheduling */
  scheduling?: PodSchedulingSpec;
  /**
   * extension: the state the scenario file recorded for the pod (a `kubectl get -o yaml` dump's
   * status and spec.nodeName), when it recorded any; compare with the simulated outcome
   */
  recorded?: RecordedPodState;
}

/** extension: the scheduling-relevant part of a pod's spec, as written (after admission). */
export interface PodSchedulingSpec {
  priorityClassName?: string;
  nodeSelector?: Record<string, string>;
  tolerations?: { key?: string; operator?: string; value?: string; effect?: string; tolerationSeconds?: number }[];
  affinity?: Record<string, unknown>;
  topologySpreadConstraints?: Record<string, unknown>[];
  /** spec.overhead (RuntimeClass), in PodOutcome.requests' units */
  overhead?: Record<string, number>;
  /** metadata.creationTimestamp, simulated seconds (negative: before the scenario's t=0) */
  createdAt?: number;
  /** the kubernetes.io/limit-ranger annotation: what a LimitRange's defaults set at admission */
  limitRanger?: string;
  /** status.startTime, simulated seconds */
  startTime?: number;
  /** extension: the host ports its containers ask for (NodePorts), as "port/protocol" */
  hostPorts?: string[];
}

/** extension: what the cluster said about a pod, as the scenario file recorded it. */
export interface RecordedPodState {
  phase?: PodPhase;
  node?: string;
  nominatedNode?: string;
  /** the PodScheduled condition */
  scheduled?: { status: string; reason?: string; message?: string };
}

export interface NodeOutcome {
  name: string;
  labels: Record<string, string>;
  /** extension: allocatable in canonical units (cpu in millicores, memory/storage in bytes, pods as count) */
  allocatable: Record<string, number>;
  /** extension: requested by the pods bound at the end, same units */
  requested: Record<string, number>;
  taints: { key: string; value?: string; effect: string }[];
  unschedulable: boolean;
  /** extension: status.declaredFeatures (NodeDeclaredFeatures), when the node declares any */
  declaredFeatures?: string[];
  /** extension: simulated seconds when a timeline step added the node; absent for nodes there from the start */
  createdAt?: number;
  /**
   * extension: metadata.creationTimestamp as the scenario wrote it, simulated seconds (a dump's
   * node: negative, its age when the dump was taken); absent when not written
   */
  creationTimestamp?: number;
  /** extension: the node autoscaler added it: its group and when the scale-up was decided (it was provisioning until createdAt) */
  provisionedBy?: { group: string; scaleUpAt: number };
  /** extension: simulated seconds when the node was deleted (in SimulationResult.removedNodes) */
  deletedAt?: number;
  /** extension: the node autoscaler's scale-down tainted and drained it from `drainAt` (cluster-autoscaler core/scaledown) */
  drainedBy?: { group: string; drainAt: number };
  /** extension: the DRA devices local to the node (ResourceSlices with its nodeName) at the end of the run */
  devices?: NodeDevice[];
}

/** A device a ResourceSlice publishes for one node. */
export interface NodeDevice {
  /** "driver/pool/device", as allocation results name it */
  id: string;
  driver: string;
  name: string;
  /** simulated seconds when a timeline step published it; absent for devices there from the start */
  since?: number;
  /**
   * with DRADeviceTaints: the device's taints (its slice's and, with DRADeviceTaintRules, those
   * DeviceTaintRules add) and when each applied, from its timeAdded until it was removed
   */
  taints?: DeviceTaintSpan[];
}

export interface DeviceTaintSpan {
  key: string;
  value?: string;
  effect: string;
  /** simulated seconds: the taint's timeAdded */
  from: number;
  /** simulated seconds when it went away; absent while it stays */
  until?: number;
}

/** extension: one of the pod's spec.resourceClaims and the devices it held while the pod was bound */
export interface PodClaimOutcome {
  /** the pod's name for the claim (spec.resourceClaims[].name) */
  name: string;
  /** the ResourceClaim: named in the pod, or generated from a template (absent until it exists) */
  claimName?: string;
  template?: string;
  /**
   * extension (v1.36+, DRAWorkloadResourceClaims): the entry names this claim of its PodGroup's
   * spec.resourceClaims (podGroupResourceClaim); `template` is then the group claim's template
   */
  podGroupClaim?: string;
  /** the claim's allocation when the pod was bound: each request ("req" or "req/subrequest") and device */
  devices?: { request: string; id: string }[];
  /** the claim the scheduler made for these extended resources backed by DRA (DRAExtendedResource; `name` is then "extended-resources") */
  extendedResources?: string[];
}

export interface CycleTrace {
  /** 1-based attempt counter across the run */
  cycle: number;
  /** simulated seconds */
  time: number;
  /** "namespace/name" */
  pod: string;
  /** schedulerName of the profile used */
  profile: string;
  preFilter: PluginResult[];
  /** nodes visited by Filter, in visit order */
  nodesEvaluated: string[];
  /** node -> every Filter plugin's verdict, in configured order */
  filter: Record<string, PluginResult[]>;
  /** nodes that passed every Filter plugin */
  feasible: string[];
  postFilter?: PreemptionTrace;
  /** node -> scores; absent when fewer than 2 feasible nodes */
  score?: Record<string, NodeScore>;
  /** extension: PreScore verdicts (a Skip here means the plugin's Score did not run) */
  preScore?: PluginResult[];
  /** node chosen (or nominated, after preemption) */
  selected?: string;
  /** extension: nodes that shared the top score (the seeded generator picked `selected` among them) */
  tiedNodes?: string[];
  /** extension: Reserve, Permit and Bind verdicts on the selected node */
  reserve?: PluginResult[];
  permit?: PluginResult[];
  bind?: PluginResult[];
  /** extension: the nominated node tried first (status.nominatedNodeName), with its verdict */
  nominatedNode?: string;
  /** extension: how many nodes the scheduler wanted to find feasible (numFeasibleNodesToFind) */
  numFeasibleNodesToFind?: number;
  /** extension: total nodes in the snapshot */
  numAllNodes?: number;
  /**
   * extension: the status of the nodes a PreFilterResult left out (never evaluated by Filter),
   * e.g. NodeAffinity's "node(s) didn't satisfy plugin(s) [NodeAffinity]"
   */
  preFilterExcluded?: PluginResult;
  /**
   * extension: with preFilterExcluded, the nodes the PreFilterResult kept (upstream
   * PreFilterResult.NodeNames: a DaemonSet pod's one node); every other node was left out
   */
  preFilterNodes?: string[];
  /**
   * result: what became of the attempt. A pod that waited at Permit ends 'Scheduled' once allowed
   * and bound, 'Unschedulable' when rejected; 'Waiting' while it still waits when the run ends.
   */
  result: 'Scheduled' | 'Unschedulable' | 'Waiting' | 'Error';
  message?: string;
  /**
   * extension: a Permit plugin answered Wait, so the binding cycle waited (upstream WaitOnPermit)
   * until `time`, when the pod was allowed or rejected; `cycle` is the scheduling cycle during
   * which that happened (another pod's Permit, a preemption), absent when it happened between
   * cycles (the Permit timeout). Absent while the pod still waits.
   */
  permitWait?: { time: number; allowed: boolean; cycle?: number };
  /** extension: a PreBind that waited (DynamicResources' binding conditions): from when, until when, and whether it ended ready */
  bindingWait?: { time: number; end?: number; ok?: boolean };
  /** extension: pods waiting at Permit that this cycle's Permit plugins allowed; they bind now */
  permitReleased?: string[];
  /**
   * extension (v1.36+): this attempt was one pod of a pod-group cycle (upstream
   * schedule_one_podgroup.go): every member's trace carries the same record.
   */
  podGroup?: PodGroupCycleTrace;
  /**
   * extension: in a result's JSON past LIMITS.traceNodeOutcomesInJson node outcomes, the cycle's
   * per-node lists counted (nodesEvaluated and feasible are then [], filter {}, score and tiedNodes
   * absent); see SimulationResult.traceSummary
   */
  nodeOutcomesSummary?: NodeOutcomesSummary;
}

/** extension: what a summarised cycle's `filter` and `score` held (simulation/traceSummary.ts) */
export interface NodeOutcomesSummary {
  /** nodes Filter evaluated, nodes feasible, nodes scored */
  evaluated: number;
  feasible: number;
  scored: number;
  /** the nodes filtered out, by the first plugin that failed them and its reasons, most nodes first */
  filtered: { plugin: string; code: StatusCode; reasons: string[]; nodes: number }[];
}

/** extension: which cycles of a result's JSON have their node outcomes summarised, and why */
export interface TraceSummary {
  /** node outcomes written in full at most (LIMITS.traceNodeOutcomesInJson) */
  cap: number;
  /** the first cycle summarised; every later one is too */
  fromCycle: number;
  summarisedCycles: number;
  /** node outcomes (Filter verdict lists and scores) not written, each counted in its cycle's summary */
  nodeOutcomesSummarised: number;
  message: string;
}

/**
 * One pod-group scheduling cycle: the group's unscheduled pods tried in one snapshot, in order
 * (priority, then first attempt), each assumed for the next; all-or-nothing.
 */
export interface PodGroupCycleTrace {
  /** "namespace/name" of the PodGroup */
  name: string;
  /** the cycle number of the group's first member in this group cycle */
  firstCycle: number;
  /** the members tried, "namespace/name", in the order tried */
  members: string[];
  /** gang minCount (1 for a basic group) */
  minCount: number;
  /** the group's pods already bound before this cycle */
  bound: number;
  /** members that found a node in this cycle (assumed; they bind together if the group succeeds) */
  placed: number;
  /**
   * extension: each member's attempt in the order tried — the node it was placed on (assumed), or
   * why it found none (its own FitError message)
   */
  attempts?: { pod: string; node?: string; message?: string }[];
  result: 'Scheduled' | 'Unschedulable' | 'Error';
  /** the group's status message (the PodGroupScheduled condition's) */
  message?: string;
  /**
   * extension: the PodGroup's scheduling condition as the scheduler left it after this cycle
   * (upstream updatePodGroupCondition): PodGroupScheduled (v1alpha2) or PodGroupInitiallyScheduled
   * (v1beta1, PR #139743), which once True stays True
   */
  condition?: { type: string; status: 'True' | 'False' | 'Unknown'; reason: string; message: string };
  /**
   * extension (v1.36+, DRAWorkloadResourceClaims): the PodGroup's status.resourceClaimStatuses at
   * this cycle — the claim the resourceclaim controller generated for each template entry
   */
  resourceClaimStatuses?: { name: string; resourceClaimName?: string }[];
  /**
   * extension (v1.36+, TopologyAwareWorkloadScheduling): the candidate placements the group was
   * tried in, their scores and the chosen one; the members' traces are the chosen placement's
   */
  placements?: PlacementCandidate[];
  /**
   * extension (v1.37 alpha, CompositePodGroup): the CompositePodGroups above this PodGroup, the
   * root first, as the hierarchy's cycle left them — each scheduled all-or-nothing over
   * minGroupCount children, its children inside its chosen placement
   */
  compositePodGroups?: CompositePodGroupCycleTrace[];
  /**
   * extension (v1.36+, WorkloadAwarePreemption): after an Unschedulable group cycle, the whole
   * group as one preemptor — the victims it evicts across nodes and each member's nominated node,
   * or why it could not preempt
   */
  preemption?: PodGroupPreemptionTrace;
}

/**
 * The cycle of a pod-group cycle's last member attempt: the one that decides the group (upstream
 * schedule_one_podgroup.go submits the result after the last member). Before it a placed member is
 * only assumed, and no member's Scheduled or FailedScheduling is written.
 */
export function podGroupDecidingCycle(group: PodGroupCycleTrace): number {
  return group.firstCycle + group.members.length - 1;
}

/** The cycle that decides this member's group, when it comes after this attempt (see podGroupDecidingCycle). */
export function groupDecidesAt(trace: CycleTrace): number | undefined {
  const decides = trace.podGroup === undefined ? undefined : podGroupDecidingCycle(trace.podGroup);
  return decides !== undefined && trace.cycle < decides ? decides : undefined;
}

/** Workload-aware preemption of one pod-group cycle (upstream: runWorkloadAwarePreemption, PodGroupEvaluator) */
export interface PodGroupPreemptionTrace {
  /** Success: victims chosen, the members nominated and back in the queue until they are gone */
  result: 'Success' | 'Unschedulable' | 'Error';
  /** why not (the status appended to the group's message) */
  message?: string;
  /** the preemptor's priority (the PodGroup's spec.priority, else its members') */
  priority: number;
  /** the victims, most important first: a pod, or a whole PodGroup with disruptionMode All */
  victims: PodGroupPreemptionVictim[];
  /** each member's nominated node */
  nominated: { pod: string; node: string }[];
  /** upstream: numPodGroupDisruptions, numPDBViolations of the candidate */
  podGroupDisruptions: number;
  pdbViolations: number;
}

export interface PodGroupPreemptionVictim {
  /** "Pod/namespace/name" or "PodGroup/namespace/name" */
  unit: string;
  priority: number;
  /** the PodGroup a pod victim belongs to, "namespace/name" */
  podGroup?: string;
  pods: { pod: string; node: string }[];
}

export interface PluginResult {
  /** upstream plugin name, e.g. "NodeResourcesFit" */
  plugin: string;
  code: StatusCode;
  /** upstream reason strings, e.g. "Insufficient cpu" */
  reasons?: string[];
  /** extension: the numbers behind the verdict (requested, free, skew, matching counts), for explanations */
  details?: Record<string, unknown>;
}

export interface NodeScore {
  plugins: Record<string, { raw: number; normalized: number; weight: number; weighted: number }>;
  /** sum of weighted */
  total: number;
}

export interface PreemptionTrace {
  candidates: { node: string; victims: string[]; pdbViolations: number }[];
  chosen?: { node: string; victims: string[] };
  message?: string;
  /** extension: why each step of pickOneNodeForPreemption kept the nodes it kept */
  selection?: { criterion: string; nodes: string[] }[];
  /** extension: nodes that were dry-run and not candidates, with the reason */
  rejected?: Record<string, PluginResult>;
}

export interface ClusterEvent {
  time: number;
  type: 'Normal' | 'Warning';
  /** Scheduled, FailedScheduling, Preempted, Evicted, TaintManagerEviction, ... */
  reason: string;
  /** "Pod/namespace/name" or "Node/name" */
  object: string;
  message: string;
}

export interface ScenarioError {
  file: string;
  line: number;
  column: number;
  /** field path inside the object, e.g. spec.containers[0].resources.requests.cpu */
  path?: string;
  message: string;
}

export interface SimulateOptions {
  seed?: number;
  /** stop the simulated clock at this time (seconds) */
  until?: number;
  fileName?: string;
  /** run as this Kubernetes version, whatever the scenario's spec.kubernetesVersion says */
  kubernetesVersion?: KubernetesVersion;
  /**
   * the version the file's reader inferred from it (the CLI reading a kubectl dump,
   * src/interop/dumpVersion.ts): run as it, source 'dump', when spec.kubernetesVersion is not set
   */
  inferredKubernetesVersion?: InferredKubernetesVersion;
  /**
   * turn single upstream changes (versions.ts VERSION_CHANGES) on or off over the version's own
   * set: the upgrade preview uses it to find which change moves a pod
   */
  versionChanges?: Partial<Record<VersionChangeId, boolean>>;
}

export type SimulateOutcome = { ok: true; result: SimulationResult } | { ok: false; errors: ScenarioError[] };

/**
 * extension (v1.36+, TopologyAwareWorkloadScheduling): one candidate placement of a pod group's
 * cycle — the nodes a PlacementGenerate plugin gave it, whether the group fit there, and the
 * PlacementScore plugins' scores. upstream: schedule_one_podgroup.go podGroupSchedulingPlacementAlgorithm.
 */
/** extension (v1.37 alpha): one CompositePodGroup in a hierarchy's cycle */
export interface CompositePodGroupCycleTrace {
  /** "namespace/name" */
  name: string;
  /** gang minGroupCount (1 for a basic group) */
  minGroupCount: number;
  /** its children ("PodGroup namespace/name", "CompositePodGroup namespace/name"), in the order tried */
  children: string[];
  /** the children that were schedulable in this cycle */
  scheduledChildren: number;
  result: 'Scheduled' | 'Unschedulable' | 'Error';
  message?: string;
  /** TopologyAwareWorkloadScheduling with a topology constraint: the candidate placements of its subtree */
  placements?: PlacementCandidate[];
  /** CompositePodGroupInitiallyScheduled as the cycle left it */
  condition?: { type: string; status: 'True' | 'False' | 'Unknown'; reason: string; message: string };
}

export interface PlacementCandidate {
  /** the placement's name (TopologyPlacement: the topology domain's value) */
  name: string;
  nodes: string[];
  /** enough of the group fit on these nodes (or would after preemption) */
  feasible: boolean;
  /** where the group's pods went in this placement ("namespace/name" -> node) */
  assignments: { pod: string; node: string }[];
  /** why the group did not fit */
  message?: string;
  /** each PlacementScore plugin's (normalized) score; absent when only one placement was feasible */
  scores?: { plugin: string; score: number }[];
  /** the weighted sum of `scores` */
  totalScore?: number;
  /** the placement the cycle chose */
  chosen?: boolean;
}
