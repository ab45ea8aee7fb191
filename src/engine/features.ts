// Feature gates (upstream: pkg/features/kube_features.go) that change what the scheduler does,
// with their v1.35 defaults (the versioned specs' entries up to 1.35: DRAAdminAccess and
// DRAPrioritizedList beta since 1.34, on; DRADeviceTaints, DRAPartitionableDevices and
// DRAConsumableCapacity still alpha in 1.35, off — they go beta in 1.36). A scenario turns them
// on with the Scenario document's `spec.featureGates`, as `--feature-gates` would on
// kube-scheduler.

export interface FeatureGateSpec {
  default: boolean;
  /** Podplay: a design that never shipped upstream, simulated for teaching */
  stage: 'Alpha' | 'Beta' | 'GA' | 'Podplay';
  description: string;
}

export const FEATURE_GATES = {
  GenericWorkload: { default: false, stage: 'Alpha', description: 'the scheduling.k8s.io/v1alpha1 Workload API and spec.workloadRef on pods' },
  GangScheduling: { default: false, stage: 'Alpha', description: 'the GangScheduling plugin: all-or-nothing scheduling of a Workload pod group (needs GenericWorkload)' },
  TopologyAwareWorkloadScheduling: { default: false, stage: 'Alpha', description: "v1.36+: a PodGroup's spec.schedulingConstraints.topology — the group is tried in each domain of the topology key (TopologyPlacement), the feasible ones are scored (NodeResourcesFit, PodGroupPodsCount) and the best is chosen (needs GenericWorkload)" },
  WorkloadAwarePreemption: { default: false, stage: 'Alpha', description: 'v1.36: a PodGroup that does not fit preempts as one unit, with victims across nodes chosen by PodGroup priority and disruptionMode (needs GenericWorkload and GangScheduling; merged into GenericWorkload in v1.37)' },
  CompositePodGroup: { default: false, stage: 'Alpha', description: "v1.37+: scheduling.k8s.io/v1alpha3 CompositePodGroups and a PodGroup's spec.parentCompositePodGroupName — a hierarchy of groups scheduled in one cycle, each CompositePodGroup's children inside its placement, a gang CompositePodGroup all-or-nothing over minGroupCount children (needs GenericWorkload; a topology constraint needs TopologyAwareWorkloadScheduling)" },
  WorkloadWithJob: { default: false, stage: 'Alpha', description: "v1.36+: the Job controller makes a Workload and a PodGroup for a new Job and names the PodGroup in its pods' spec.schedulingGroup (v1.36: a gang of parallelism pods for an Indexed Job with completions = parallelism > 1; v1.37: from the Job's spec.scheduling, Basic when it is left out; needs GenericWorkload)" },
  NodeDeclaredFeatures: { default: false, stage: 'Alpha', description: "nodes' status.declaredFeatures and the NodeDeclaredFeatures plugin: a pod goes only to nodes that declare the features its spec needs" },
  RestartAllContainersOnContainerExits: { default: false, stage: 'Alpha', description: 'the RestartAllContainers action of a container restartPolicyRules entry (a pod using it needs nodes that declare the feature)' },
  DRAAdminAccess: { default: true, stage: 'Beta', description: 'DRA: requests with adminAccess get devices that are already allocated (and do not take them)' },
  DRAPrioritizedList: { default: true, stage: 'Beta', description: 'DRA: requests with firstAvailable, a prioritized list of subrequests' },
  DRADeviceTaints: { default: false, stage: 'Alpha', description: 'DRA: NoSchedule and NoExecute device taints keep devices from being allocated unless the request tolerates them' },
  DRAConsumableCapacity: { default: false, stage: 'Alpha', description: 'DRA: devices with allowMultipleAllocations are shared by several requests while their capacity lasts (capacity requests, requestPolicy rounding), and the distinctAttribute constraint' },
  DRAPartitionableDevices: { default: false, stage: 'Alpha', description: 'DRA: ResourceSlices with shared counters and devices that consume them (a device fits while its pool\'s counters last), and per-device node selection' },
  DRAExtendedResource: { default: false, stage: 'Alpha', description: "DRA: a DeviceClass's extendedResourceName (and deviceclass.resource.kubernetes.io/<class>) lets a container's extended resource request be allocated from devices on nodes that do not advertise it" },
  DRADeviceTaintRules: { default: false, stage: 'Alpha', description: 'DRA: DeviceTaintRule objects (resource.k8s.io/v1alpha3; v1beta2 from 1.36, v1 from 1.37) add taints to the devices they select (needs DRADeviceTaints)' },
  DRADeviceBindingConditions: { default: false, stage: 'Alpha', description: "DRA: devices with bindingConditions keep a pod in PreBind until the claim's device status says they are met (needs DRAResourceClaimDeviceStatus)" },
  DRAWorkloadResourceClaims: { default: false, stage: 'Alpha', description: "v1.36+ (alpha; beta but still off in v1.37): a PodGroup's spec.resourceClaims — one ResourceClaim shared by the group's pods (a pod's resourceClaims entry with podGroupResourceClaim), allocated once and reserved for the PodGroup" },
  DRAResourceClaimDeviceStatus: { default: true, stage: 'Beta', description: "DRA: a ResourceClaim's status.devices (the drivers' per-device conditions)" },
  StorageCapacityScoring: { default: false, stage: 'Alpha', description: "VolumeBinding's Score: nodes scored by the storage their volumes would use, by the CSIStorageCapacity a dynamically provisioned claim fits in (or a statically bound PV's size), on VolumeBindingArgs' shape (default: the most free capacity scores highest; beta and on in v1.37)" },
  VolumeLimitScaling: { default: false, stage: 'Alpha', description: "NodeVolumeLimits: a CSIDriver's spec.preventPodSchedulingIfMissing keeps pods that need a new volume of that driver off nodes whose CSINode does not list it (beta and on in v1.37)" },
  RequiredDuringSchedulingRequiredDuringExecution: { default: false, stage: 'Podplay', description: 'nodeAffinity.requiredDuringSchedulingRequiredDuringExecution, the node affinity of the original design that was never implemented: it filters like the required term, and a running pod whose node stops matching is evicted' },
} as const satisfies Record<string, FeatureGateSpec>;

export type FeatureGateName = keyof typeof FEATURE_GATES;
export type FeatureGates = Readonly<Record<FeatureGateName, boolean>>;

export function defaultFeatureGates(): FeatureGates {
  return Object.fromEntries(Object.entries(FEATURE_GATES).map(([k, v]) => [k, v.default])) as Record<FeatureGateName, boolean>;
}

export function isFeatureGateName(name: string): name is FeatureGateName {
  return Object.prototype.hasOwnProperty.call(FEATURE_GATES, name);
}

/**
 * The defaults overridden by the scenario's settings. `defaults`: a version's defaults
 * (versions.ts featureGateDefaults); without them, v1.35's.
 */
export function resolveFeatureGates(overrides: Partial<Record<FeatureGateName, boolean>> | undefined, defaults: FeatureGates = defaultFeatureGates()): FeatureGates {
  return { ...defaults, ...(overrides ?? {}) };
}

/** upstream: applyFeatureGates — GangScheduling is appended to the default plugins when both gates are on. */
export function gangSchedulingEnabled(gates: FeatureGates): boolean {
  return gates.GenericWorkload && gates.GangScheduling;
}

/** upstream: applyTopologyAwareWorkloadScheduling — TopologyPlacement and PodGroupPodsCount join the profile. */
export function topologyAwareWorkloadSchedulingEnabled(gates: FeatureGates): boolean {
  return gates.GenericWorkload && gates.TopologyAwareWorkloadScheduling;
}

/**
 * Workload-aware preemption runs for a PodGroup: in v1.36 behind WorkloadAwarePreemption (which
 * needs GenericWorkload and GangScheduling); from v1.37 GangScheduling and WorkloadAwarePreemption
 * are merged into GenericWorkload (kubernetes PR #139520), so GenericWorkload alone turns it on.
 */
export function workloadAwarePreemptionEnabled(gates: FeatureGates, mergedIntoGenericWorkload: boolean): boolean {
  if (mergedIntoGenericWorkload) return gates.GenericWorkload;
  return gates.GenericWorkload && gates.GangScheduling && gates.WorkloadAwarePreemption;
}
