// The Kubernetes objects the simulator honours: the subset of the upstream API types
// (k8s.io/api core/v1, apps/v1, batch/v1, policy/v1, scheduling/v1, node/v1) that
// scheduling reads. Field names and shapes are upstream's, so a scenario is plain YAML.
// Quantities stay strings here (as written); they are parsed once into branded units
// when the scheduler builds its PodInfo/NodeInfo (see ./quantity.ts, ../framework/resources.ts).

export type Labels = Record<string, string>;

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid?: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ObjectMeta {
  name: string;
  namespace?: string;
  generateName?: string;
  uid?: string;
  labels?: Labels;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  /** simulated seconds (the loader converts RFC 3339 timestamps to 0) */
  creationTimestamp?: number;
  /** simulated seconds at which graceful deletion started */
  deletionTimestamp?: number;
  generation?: number;
}

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
}

// ---- selectors (apimachinery/pkg/apis/meta/v1 LabelSelector, core/v1 NodeSelector) ----

export type LabelSelectorOperator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';

export interface LabelSelectorRequirement {
  key: string;
  operator: LabelSelectorOperator;
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Labels;
  matchExpressions?: LabelSelectorRequirement[];
}

export type NodeSelectorOperator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt';

export interface NodeSelectorRequirement {
  key: string;
  operator: NodeSelectorOperator;
  values?: string[];
}

export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[];
  matchFields?: NodeSelectorRequirement[];
}

export interface NodeSelector {
  nodeSelectorTerms: NodeSelectorTerm[];
}

export interface PreferredSchedulingTerm {
  weight: number;
  preference: NodeSelectorTerm;
}

export interface NodeAffinity {
  /** Podplay-only (feature gate RequiredDuringSchedulingRequiredDuringExecution): the design that never shipped */
  requiredDuringSchedulingRequiredDuringExecution?: NodeSelector;
  requiredDuringSchedulingIgnoredDuringExecution?: NodeSelector;
  preferredDuringSchedulingIgnoredDuringExecution?: PreferredSchedulingTerm[];
}

export interface PodAffinityTerm {
  labelSelector?: LabelSelector;
  namespaces?: string[];
  namespaceSelector?: LabelSelector;
  topologyKey: string;
  matchLabelKeys?: string[];
  mismatchLabelKeys?: string[];
}

export interface WeightedPodAffinityTerm {
  weight: number;
  podAffinityTerm: PodAffinityTerm;
}

export interface PodAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[];
  preferredDuringSchedulingIgnoredDuringExecution?: WeightedPodAffinityTerm[];
}

export interface Affinity {
  nodeAffinity?: NodeAffinity;
  podAffinity?: PodAffinity;
  podAntiAffinity?: PodAffinity;
}

// ---- taints and tolerations ----

export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';

export interface Taint {
  key: string;
  value?: string;
  effect: TaintEffect;
  /** simulated seconds at which a NoExecute taint was added */
  timeAdded?: number;
}

export interface Toleration {
  key?: string;
  operator?: 'Exists' | 'Equal' | 'Gt' | 'Lt';
  value?: string;
  effect?: TaintEffect | '';
  tolerationSeconds?: number;
}

// ---- pods ----

/** resource name -> quantity string, e.g. {cpu: "500m", memory: "1Gi"} */
export type ResourceList = Record<string, string>;

export interface ResourceRequirements {
  requests?: ResourceList;
  limits?: ResourceList;
  /** names of the pod's spec.resourceClaims this container uses (DRA) */
  claims?: { name: string; request?: string }[];
}

export interface ContainerPort {
  containerPort: number;
  hostPort?: number;
  hostIP?: string;
  protocol?: 'TCP' | 'UDP' | 'SCTP';
  name?: string;
}

export interface Container {
  name: string;
  image?: string;
  resources?: ResourceRequirements;
  ports?: ContainerPort[];
  /** only on init containers: "Always" makes it a sidecar (restartable init container) */
  restartPolicy?: 'Always';
  /** upstream: ContainerRestartRule (ContainerRestartRules); the scheduler reads only the actions (./nodeDeclaredFeatures.ts) */
  restartPolicyRules?: ContainerRestartRule[];
}

export interface ContainerRestartRule {
  action: 'Restart' | 'RestartAllContainers';
  exitCodes?: { operator: 'In' | 'NotIn'; values?: number[] };
}

export interface TopologySpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway';
  labelSelector?: LabelSelector;
  minDomains?: number;
  nodeAffinityPolicy?: 'Honor' | 'Ignore';
  nodeTaintsPolicy?: 'Honor' | 'Ignore';
  matchLabelKeys?: string[];
}

export interface PodSchedulingGate {
  name: string;
}

/** scheduling.k8s.io/v1alpha1 (v1.35 only) gang scheduling reference; removed in v1.36 */
export interface WorkloadReference {
  name: string;
  podGroup: string;
  podGroupReplicaKey?: string;
}

/** upstream: core/v1 PodSchedulingGroup (v1.36+) — exactly one field: the PodGroup's name */
export interface PodSchedulingGroup {
  podGroupName: string;
}

// ---- a pod's volumes (core/v1 Volume: the sources scheduling reads; the storage objects are in ./storage.ts) ----

export type PersistentVolumeAccessMode = 'ReadWriteOnce' | 'ReadOnlyMany' | 'ReadWriteMany' | 'ReadWriteOncePod';
export type PersistentVolumeMode = 'Filesystem' | 'Block';

export interface PersistentVolumeClaimSpec {
  accessModes?: PersistentVolumeAccessMode[];
  selector?: LabelSelector;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  volumeName?: string;
  /** null (absent) and "" differ: "" asks for a volume without a class */
  storageClassName?: string;
  volumeMode?: PersistentVolumeMode;
}

export interface PodVolume {
  name: string;
  persistentVolumeClaim?: { claimName: string; readOnly?: boolean };
  /** a generic ephemeral volume: the ephemeral volume controller makes its PVC */
  ephemeral?: { volumeClaimTemplate: { metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec: PersistentVolumeClaimSpec } };
  // in-tree sources VolumeRestrictions compares (disk conflicts)
  gcePersistentDisk?: { pdName: string; readOnly?: boolean };
  awsElasticBlockStore?: { volumeID: string; readOnly?: boolean };
  iscsi?: { iqn: string; readOnly?: boolean };
  rbd?: { monitors: string[]; pool?: string; image: string; readOnly?: boolean };
  /** an OCI image as a volume (ImageVolume, GA in v1.36): ImageLocality scores its image from v1.36 */
  image?: { reference?: string; pullPolicy?: string };
  /** other sources (emptyDir, configMap, secret, hostPath, csi, ...): valid, not simulated */
  other?: string;
}

// ---- a pod's ResourceClaims (core/v1; the resource.k8s.io objects are in ./resource.ts) ----

/** upstream: core/v1 PodResourceClaim — exactly one of the sources */
export interface PodResourceClaim {
  name: string;
  resourceClaimName?: string;
  resourceClaimTemplateName?: string;
  /** v1.36+ (DRAWorkloadResourceClaims): the name of a claim in the pod's PodGroup's spec.resourceClaims */
  podGroupResourceClaim?: string;
}

/** upstream: scheduling/v1alpha2 PodGroupResourceClaim — a claim the group's pods share; exactly one source */
export interface PodGroupResourceClaim {
  name: string;
  resourceClaimName?: string;
  resourceClaimTemplateName?: string;
}

/** upstream: core/v1 PodResourceClaimStatus (pod.status.resourceClaimStatuses) */
export interface PodResourceClaimStatus {
  name: string;
  /** unset: no claim was needed */
  resourceClaimName?: string;
}

export interface PodSpec {
  /** the sources scheduling reads: persistentVolumeClaim, generic ephemeral, in-tree disks (./storage.ts) */
  volumes?: PodVolume[];
  nodeName?: string;
  nodeSelector?: Labels;
  affinity?: Affinity;
  tolerations?: Toleration[];
  containers: Container[];
  initContainers?: Container[];
  /** pod-level resources (PodLevelResources) */
  resources?: ResourceRequirements;
  overhead?: ResourceList;
  priority?: number;
  priorityClassName?: string;
  preemptionPolicy?: 'PreemptLowerPriority' | 'Never';
  schedulerName?: string;
  schedulingGates?: PodSchedulingGate[];
  topologySpreadConstraints?: TopologySpreadConstraint[];
  runtimeClassName?: string;
  terminationGracePeriodSeconds?: number;
  hostNetwork?: boolean;
  /** v1.35 only (removed in v1.36 for schedulingGroup) */
  workloadRef?: WorkloadReference;
  /** v1.36+: the PodGroup the pod belongs to (upstream: core/v1 PodSchedulingGroup, KEP-5832) */
  schedulingGroup?: PodSchedulingGroup;
  restartPolicy?: 'Always' | 'OnFailure' | 'Never';
  /** a pod with a deadline is in ResourceQuota's Terminating scope */
  activeDeadlineSeconds?: number;
  /** DRA: the ResourceClaims the pod uses, by name or from a template */
  resourceClaims?: PodResourceClaim[];
}

export interface PodCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
}

export interface PodStatus {
  phase?: 'Pending' | 'Running' | 'Succeeded' | 'Failed';
  nominatedNodeName?: string;
  /** simulated seconds */
  startTime?: number;
  conditions?: PodCondition[];
  reason?: string;
  message?: string;
  /** the ResourceClaims the claim controller generated from templates */
  resourceClaimStatuses?: PodResourceClaimStatus[];
  /** upstream: PodExtendedResourceClaimStatus — the claim the scheduler made for extended resources backed by DRA */
  extendedResourceClaimStatus?: {
    requestMappings: { containerName: string; resourceName: string; requestName: string }[];
    resourceClaimName: string;
  };
}

export interface Pod extends KubeObject {
  kind: 'Pod';
  spec: PodSpec;
  status: PodStatus;
}

// ---- nodes ----

export interface ContainerImage {
  names: string[];
  sizeBytes: number;
}

export interface NodeCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
}

export interface Node extends KubeObject {
  kind: 'Node';
  spec: { unschedulable?: boolean; taints?: Taint[] };
  status: {
    capacity?: ResourceList;
    allocatable?: ResourceList;
    images?: ContainerImage[];
    conditions?: NodeCondition[];
    /** upstream: NodeStatus.DeclaredFeatures (NodeDeclaredFeatures, alpha in v1.35), set by the kubelet */
    declaredFeatures?: string[];
  };
}

// ---- cluster objects around the scheduler ----

export interface Namespace extends KubeObject {
  kind: 'Namespace';
}

export interface PriorityClass extends KubeObject {
  kind: 'PriorityClass';
  value: number;
  globalDefault?: boolean;
  preemptionPolicy?: 'PreemptLowerPriority' | 'Never';
  description?: string;
}

export interface RuntimeClass extends KubeObject {
  kind: 'RuntimeClass';
  handler: string;
  overhead?: { podFixed?: ResourceList };
  scheduling?: { nodeSelector?: Labels; tolerations?: Toleration[] };
}

export interface Service extends KubeObject {
  kind: 'Service';
  spec: { selector?: Labels };
}

export interface PodDisruptionBudget extends KubeObject {
  kind: 'PodDisruptionBudget';
  spec: {
    minAvailable?: number | string;
    maxUnavailable?: number | string;
    selector?: LabelSelector;
    unhealthyPodEvictionPolicy?: 'IfHealthyBudget' | 'AlwaysAllow';
  };
  status: {
    disruptionsAllowed?: number;
    currentHealthy?: number;
    desiredHealthy?: number;
    expectedPods?: number;
    /** pod name -> simulated seconds at which it was disrupted */
    disruptedPods?: Record<string, number>;
  };
}

export interface PodTemplateSpec {
  metadata?: Partial<ObjectMeta>;
  spec: PodSpec;
}

export type WorkloadKind = 'Deployment' | 'ReplicaSet' | 'StatefulSet' | 'DaemonSet' | 'Job' | 'ReplicationController';

/** kind: one of WorkloadKind */
/** a StatefulSet's PVC template (apps/v1 StatefulSetSpec.volumeClaimTemplates) */
export interface ClaimTemplate {
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: PersistentVolumeClaimSpec;
}

export interface Workload extends KubeObject {
  spec: {
    replicas?: number;
    parallelism?: number;
    completions?: number;
    /** ReplicationController's map selector is stored as {matchLabels} */
    selector?: LabelSelector;
    template: PodTemplateSpec;
    serviceName?: string;
    /** StatefulSet */
    podManagementPolicy?: 'OrderedReady' | 'Parallel';
    /** StatefulSet: each pod's claims `<template>-<set>-<ordinal>` */
    volumeClaimTemplates?: ClaimTemplate[];
    /** Job */
    completionMode?: 'NonIndexed' | 'Indexed';
    /** Job */
    manualSelector?: boolean;
    /** Job: no pods while true; setting it deletes the active ones (upstream manageJob) */
    suspend?: boolean;
    /** Job, v1.37+ (WorkloadWithJob): the scheduling the Job controller compiles into its Workload and PodGroup */
    scheduling?: JobSchedulingConfiguration;
  };
  /**
   * StatefulSet: status.updateRevision, as a dump records it (the ControllerRevision its pods are
   * made at). Job: the conditions its controller sets (Suspended), and status.succeeded as a dump
   * records it (the completions its controller counted; the pods may be gone).
   */
  status?: { updateRevision?: string; conditions?: JobCondition[]; succeeded?: number };
}

/** upstream: batch/v1 JobCondition, the Suspended one (reason JobSuspended or JobResumed) */
export interface JobCondition {
  type: 'Suspended';
  status: 'True' | 'False';
  reason: string;
  message: string;
  /** simulated seconds */
  lastTransitionTime: number;
}

/**
 * upstream: batch/v1 JobSchedulingConfiguration (v1.37, KEP-5547 v1alpha2): the PodGroup building
 * blocks a Job's pods are scheduled with. `gang.minCount` may be left out: the Job's parallelism.
 */
export interface JobSchedulingConfiguration extends Omit<PodGroupPolicyFields, 'schedulingPolicy' | 'priorityClassName' | 'priority'> {
  schedulingPolicy?: { basic?: Record<string, never>; gang?: { minCount?: number } };
}

/** scheduling.k8s.io/v1alpha1 Workload (gang scheduling, v1.35 alpha) */
export interface GangWorkload extends KubeObject {
  kind: 'Workload';
  spec: { podGroups: { name: string; policy: { basic?: Record<string, never>; gang?: { minCount: number } } }[] };
}

// ---- scheduling.k8s.io v1alpha2 (v1.36 only), v1alpha3 and v1beta1 (v1.37): Workload and PodGroup ----
// upstream: staging/src/k8s.io/api/scheduling/{v1alpha2,v1alpha3,v1beta1}/types.go (KEP-4671, KEP-5832);
// kubernetes PR #138572 (v1.37) replaced v1alpha2 by v1alpha3, and v1beta1 came beside it in v1.37.

export const SCHEDULING_V1ALPHA1 = 'scheduling.k8s.io/v1alpha1';
export const SCHEDULING_V1ALPHA2 = 'scheduling.k8s.io/v1alpha2';
export const SCHEDULING_V1ALPHA3 = 'scheduling.k8s.io/v1alpha3';
export const SCHEDULING_V1BETA1 = 'scheduling.k8s.io/v1beta1';
export type PodGroupApiVersion = typeof SCHEDULING_V1ALPHA2 | typeof SCHEDULING_V1ALPHA3 | typeof SCHEDULING_V1BETA1;

/** exactly one of basic, gang */
export interface PodGroupSchedulingPolicy {
  basic?: Record<string, never>;
  /** minCount: mutable from v1.37 (v1alpha3, v1beta1) on */
  gang?: { minCount: number };
}

export interface TopologyConstraint {
  /** a node label key: all the group's pods go to nodes with one value of it */
  key: string;
}

export interface PodGroupSchedulingConstraints {
  /** at most one (TopologyAwareWorkloadScheduling) */
  topology?: TopologyConstraint[];
}

/**
 * v1alpha3/v1beta1: exactly one of single, all (a struct since kubernetes PR #138572); v1alpha2: the
 * string Pod or PodGroup, read here as Single or All. A PodGroup without one is Single.
 */
export type DisruptionMode = 'Single' | 'All';

/** fields a PodGroupTemplate and a PodGroup share */
export interface PodGroupPolicyFields {
  schedulingPolicy: PodGroupSchedulingPolicy;
  schedulingConstraints?: PodGroupSchedulingConstraints;
  disruptionMode?: DisruptionMode;
  priorityClassName?: string;
  priority?: number;
  /** v1.36+ (DRAWorkloadResourceClaims): ResourceClaims shared by the group's pods */
  resourceClaims?: PodGroupResourceClaim[];
}

export interface PodGroupTemplate extends PodGroupPolicyFields {
  name: string;
}

/** scheduling.k8s.io/v1alpha2 (v1.36) or v1alpha3 / v1beta1 (v1.37) Workload: templates for PodGroups */
export interface SchedulingWorkload extends KubeObject {
  apiVersion: PodGroupApiVersion;
  kind: 'Workload';
  spec: {
    controllerRef?: { apiGroup?: string; kind: string; name: string };
    podGroupTemplates: PodGroupTemplate[];
    /** v1.37 alpha (CompositePodGroup), v1alpha3/v1beta1: a tree of composite templates, instead of podGroupTemplates */
    compositePodGroupTemplates?: CompositePodGroupTemplate[];
  };
}

// ---- scheduling.k8s.io/v1alpha3 CompositePodGroup (v1.37 alpha, feature gate CompositePodGroup) ----
// upstream: KEP-6012 (keps/sig-scheduling/6012-*), staging/src/k8s.io/api/scheduling/v1alpha3/types.go

/** exactly one of basic, gang (upstream CompositePodGroupSchedulingPolicy) */
export interface CompositePodGroupSchedulingPolicy {
  basic?: Record<string, never>;
  /** minGroupCount: the child groups (PodGroups or CompositePodGroups) that must be schedulable together */
  gang?: { minGroupCount: number };
}

/** fields a CompositePodGroupTemplate and a CompositePodGroup share */
export interface CompositePodGroupPolicyFields {
  schedulingPolicy: CompositePodGroupSchedulingPolicy;
  /** TopologyAwareWorkloadScheduling: the whole subtree in one domain of the key */
  schedulingConstraints?: PodGroupSchedulingConstraints;
  disruptionMode?: DisruptionMode;
  priorityClassName?: string;
  priority?: number;
}

export interface CompositePodGroupTemplate extends CompositePodGroupPolicyFields {
  name: string;
  podGroupTemplates?: PodGroupTemplate[];
  compositePodGroupTemplates?: CompositePodGroupTemplate[];
}

/** scheduling.k8s.io/v1alpha3 CompositePodGroup (v1.37): a runtime group of PodGroups and CompositePodGroups */
export interface CompositePodGroup extends KubeObject {
  apiVersion: typeof SCHEDULING_V1ALPHA3;
  kind: 'CompositePodGroup';
  spec: CompositePodGroupPolicyFields & {
    /** the parent CompositePodGroup in the namespace; absent: the root of a hierarchy */
    parentCompositePodGroupName?: string;
    /** required (no standalone CompositePodGroups) */
    workloadRef?: { workloadName: string; templateName: string };
  };
  status?: { conditions?: PodGroupCondition[] };
}

export interface PodGroupCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  lastTransitionTime?: number;
}

/** scheduling.k8s.io/v1alpha2 (v1.36) or v1alpha3 / v1beta1 (v1.37) PodGroup: a runtime group of pods */
export interface PodGroup extends KubeObject {
  apiVersion: PodGroupApiVersion;
  kind: 'PodGroup';
  spec: PodGroupPolicyFields & {
    /** the Workload template it was made from (v1alpha2 podGroupTemplateRef.workload, v1alpha3/v1beta1 workloadRef) */
    workloadRef?: { workloadName: string; templateName: string };
    /** v1.37 alpha (CompositePodGroup): the parent CompositePodGroup in the namespace */
    parentCompositePodGroupName?: string;
  };
  status?: {
    conditions?: PodGroupCondition[];
    /**
     * v1.36+ (DRAWorkloadResourceClaims): the ResourceClaim the resourceclaim controller generated
     * for each spec.resourceClaims entry with resourceClaimTemplateName
     * (upstream: scheduling PodGroupResourceClaimStatus, the same shape as a pod's)
     */
    resourceClaimStatuses?: PodResourceClaimStatus[];
  };
}

export type AnyObject = KubeObject & Record<string, unknown>;

export function podKey(pod: { metadata: ObjectMeta }): string {
  return `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`;
}
