// The Kubernetes versions Podplay simulates, and every upstream change that makes one behave
// differently from another, as data. One engine: a behaviour that differs reads a named switch
// (`versionSwitches(...)[id]`), never the version string; a feature gate whose default flipped is a
// change carrying the new defaults. The upgrade preview (./compare/versions.ts) quotes these
// entries as the causes of a difference, and toggles them one at a time to find which one it is.

import { FEATURE_GATES, resolveFeatureGates, type FeatureGateName, type FeatureGates } from './features';

export type KubernetesVersion = '1.35' | '1.36' | '1.37';

/** oldest first */
export const KUBERNETES_VERSIONS: readonly KubernetesVersion[] = ['1.35', '1.36', '1.37'];

/** a scenario that does not say its version runs as the newest */
export const DEFAULT_KUBERNETES_VERSION: KubernetesVersion = '1.37';

export function isKubernetesVersion(s: unknown): s is KubernetesVersion {
  return typeof s === 'string' && (KUBERNETES_VERSIONS as readonly string[]).includes(s);
}

/** -1, 0 or 1 as a is older than, the same as or newer than b */
export function compareKubernetesVersions(a: KubernetesVersion, b: KubernetesVersion): number {
  return Math.sign(KUBERNETES_VERSIONS.indexOf(a) - KUBERNETES_VERSIONS.indexOf(b));
}

export interface VersionChange {
  id: VersionChangeId;
  /** the first version with the change */
  since: KubernetesVersion;
  title: string;
  /** the kubernetes/kubernetes pull request */
  pr: number;
  upstreamFile: string;
  note: string;
  /** for a change of feature-gate defaults: the defaults from `since` on */
  gates?: Partial<Record<FeatureGateName, boolean>>;
}

export type VersionChangeId =
  | 'balancedAllocationDelta' | 'draPartitionableDevicesBeta' | 'draDeviceTaintsBeta' | 'draConsumableCapacityOn'
  | 'draExtendedResourceBeta' | 'draDeviceBindingConditionsBeta' | 'restartAllContainersBeta' | 'nodeDeclaredFeaturesBeta'
  | 'podGroupApi' | 'podGroupSchedulingCycle' | 'workloadApiBeta' | 'draNameOrder' | 'draDeviceTaintRulesGA'
  | 'draFilterTimeoutError' | 'permitPreemptToBackoff' | 'preBindPreemptToBackoff'
  | 'interPodAffinityHintExistingAntiAffinity' | 'interPodAffinityHintTargetPodLabels' | 'storageCapacityScoringBeta'
  | 'interPodAffinityHintAnyAntiAffinityTerm' | 'volumeLimitScalingBeta' | 'queueingHintNominatedPods'
  | 'nodeDeclaredFeaturesReason137' | 'imageLocalityImageVolumes' | 'imageLocalityImageVolumeThreshold'
  | 'nominatedGatedPodOnAdd' | 'draCelNoSuchKeyHint' | 'draPostFilterQuietNoOp' | 'workloadGatesMerged'
  | 'podGroupValidatesScheduledPods' | 'podGroupValidatesPriority' | 'podGroupReprieveByFilter';

/**
 * Every change, oldest version first. `pr: 0`: the change is listed in upstream's CHANGELOG but
 * its pull request is not pinned here yet.
 */
export const VERSION_CHANGES: readonly VersionChange[] = [
  {
    id: 'balancedAllocationDelta',
    since: '1.36',
    title: 'NodeResourcesBalancedAllocation scores the change in balance',
    pr: 135573,
    upstreamFile: 'pkg/scheduler/framework/plugins/noderesources/balanced_allocation.go',
    note: 'a node scores 50 + (50 + balance with the pod - balance without it) / 2, so a node the pod makes more balanced is preferred (issue #129733); before, only the balance with the pod counted',
  },
  {
    id: 'draPartitionableDevicesBeta',
    since: '1.36',
    title: 'DRAPartitionableDevices beta, on by default',
    pr: 137350,
    upstreamFile: 'pkg/features/kube_features.go',
    note: "ResourceSlices' shared counters limit the devices that consume them, and devices may select their own nodes",
    gates: { DRAPartitionableDevices: true },
  },
  {
    id: 'draDeviceTaintsBeta',
    since: '1.36',
    title: 'DRADeviceTaints beta, on by default',
    pr: 137170,
    upstreamFile: 'pkg/features/kube_features.go',
    note: "device taints in ResourceSlices keep a device from being allocated unless the request tolerates them (KEP-5055); DeviceTaintRules still need DRADeviceTaintRules and resource.k8s.io/v1beta2 turned on. Before, the allocator ignored device taints",
    gates: { DRADeviceTaints: true },
  },
  {
    id: 'draConsumableCapacityOn',
    since: '1.36',
    title: 'DRAConsumableCapacity on by default',
    pr: 136611,
    upstreamFile: 'pkg/features/kube_features.go',
    note: 'a device with allowMultipleAllocations is shared by several claims while its capacity lasts (capacity requests, requestPolicy rounding), and the distinctAttribute constraint applies (KEP-5075). Before, such a device was allocated once',
    gates: { DRAConsumableCapacity: true },
  },
  {
    id: 'draExtendedResourceBeta',
    since: '1.36',
    title: 'DRAExtendedResource beta, on by default',
    pr: 135048,
    upstreamFile: 'pkg/features/kube_features.go',
    note: "a container's extended resource request (a DeviceClass's extendedResourceName, or deviceclass.resource.kubernetes.io/<class>) can be allocated from DRA devices on a node that does not advertise the resource (KEP-5004). Before, only a node advertising it in status.allocatable fitted",
    gates: { DRAExtendedResource: true },
  },
  {
    id: 'draDeviceBindingConditionsBeta',
    since: '1.36',
    title: 'DRADeviceBindingConditions beta, on by default',
    pr: 137795,
    upstreamFile: 'pkg/features/kube_features.go',
    note: "a device with bindingConditions keeps the pod in PreBind until the claim's device status says they are met, or fails it on a bindingFailureCondition or the binding timeout (KEP-5007). Before, the gate was off (alpha) and binding conditions were not acted on",
    gates: { DRADeviceBindingConditions: true },
  },
  {
    id: 'restartAllContainersBeta',
    since: '1.36',
    title: 'RestartAllContainersOnContainerExits beta, on by default',
    pr: 136681,
    upstreamFile: 'pkg/features/kube_features.go',
    note: 'the RestartAllContainers action of restartPolicyRules is served by default',
    gates: { RestartAllContainersOnContainerExits: true },
  },
  {
    id: 'nodeDeclaredFeaturesBeta',
    since: '1.36',
    title: 'NodeDeclaredFeatures on by default',
    pr: 136042,
    upstreamFile: 'pkg/features/kube_features.go',
    note: 'NodeDeclaredFeatures became beta and on (GA in 1.37): the NodeDeclaredFeatures plugin joins the default profile and nodes keep status.declaredFeatures',
    gates: { NodeDeclaredFeatures: true },
  },
  {
    id: 'draNameOrder',
    since: '1.36',
    title: 'The DRA allocator walks pools and slices in name order',
    pr: 136641,
    upstreamFile: 'staging/src/k8s.io/dynamic-resource-allocation/structured/internal/*/pools_*.go',
    note: "GatherPools sorts pools and each pool's slices by name, so the first-fit search takes devices from the pool whose name sorts first (drivers name slices to set a priority); pools without binding conditions still come first. Before, the order was the informer's (Podplay: creation order)",
  },
  {
    id: 'draFilterTimeoutError',
    since: '1.36',
    title: 'A DRA allocation that times out is an error, retried after backoff',
    pr: 137607,
    upstreamFile: 'pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go',
    note: 'DynamicResources\' Filter returns Error ("node <name>: timed out trying to allocate devices") when the allocator runs past filterTimeout: the scheduling attempt stops there and the pod goes to the backoff queue to retry by itself. Before, the node was UnschedulableAndUnresolvable and the pod waited in the unschedulable pool for a cluster event (up to 5 minutes)',
  },
  {
    id: 'permitPreemptToBackoff',
    since: '1.36',
    title: 'A pod preempted while waiting at Permit backs off instead of waiting for a cluster event',
    pr: 135719,
    upstreamFile: 'pkg/scheduler/framework/preemption/executor.go',
    note: 'DefaultPreemption preempts a victim waiting at Permit with WaitingPod.Preempt, an Error ("waiting on permit for pod: preempted"): the victim goes to the backoff queue and retries by itself, without an API delete, and the Preempted event says "(in kube-scheduler memory)". Before, WaitingPod.Reject made it Unschedulable: it waited in the unschedulable pool for a cluster event (up to 5 minutes)',
  },
  {
    id: 'preBindPreemptToBackoff',
    since: '1.36',
    title: 'A pod preempted in PreBind goes back to the queue instead of being deleted',
    pr: 135502,
    upstreamFile: 'pkg/scheduler/framework/preemption/executor.go',
    note: 'DefaultPreemption cancels the PreBind of a victim still in it (here: DynamicResources waiting for device binding conditions) instead of deleting the pod: its binding cycle fails with an error, the pod is unreserved and backs off, and stays in the cluster. Before, the victim was deleted through the API server like any other',
  },
  {
    id: 'interPodAffinityHintExistingAntiAffinity',
    since: '1.36',
    title: "InterPodAffinity retries a pending pod when an assigned pod whose anti-affinity repelled it is deleted",
    pr: 135325,
    upstreamFile: 'pkg/scheduler/framework/plugins/interpodaffinity/plugin.go',
    note: "isSchedulableAfterPodChange returns Queue for a deleted assigned pod whose required anti-affinity terms all match the pending pod (issue #134393). Before, only a deleted pod matching the pending pod's own anti-affinity counted: a pod kept out by an existing pod's anti-affinity waited for another event or the 5-minute flush",
  },
  {
    id: 'interPodAffinityHintTargetPodLabels',
    since: '1.36',
    title: 'InterPodAffinity retries a pending pod whose own labels changed',
    pr: 135394,
    upstreamFile: 'pkg/scheduler/framework/plugins/interpodaffinity/plugin.go',
    note: "isSchedulableAfterPodChange returns Queue when the updated pod is the pending pod itself and its labels changed (an existing pod's anti-affinity may no longer match it, or its own affinity may now match itself). Before, the update was skipped as one of an unscheduled pod",
  },
  {
    id: 'queueingHintNominatedPods',
    since: '1.36',
    title: 'InterPodAffinity and PodTopologySpread retry a pending pod when a pod nominated to a node changes',
    pr: 135392,
    upstreamFile: 'pkg/scheduler/framework/plugins/interpodaffinity/plugin.go',
    note: "the queueing hints count a pod with status.nominatedNodeName like an assigned one (lower or equal priority pods already make room for it in Filter): deleting a nominated pod that the pending pod's anti-affinity or topology spread counted retries the pending pod. Before, the hints skipped any pod without spec.nodeName, and the pod waited for another event or the 5-minute flush",
  },
  {
    id: 'imageLocalityImageVolumes',
    since: '1.36',
    title: "ImageLocality scores the images of a pod's image volumes",
    pr: 130231,
    upstreamFile: 'pkg/scheduler/framework/plugins/imagelocality/image_locality.go',
    note: "sumImageScores adds, for each volume with spec.volumes[].image, the scaled score of that image when the node holds it (status.images), as for a container's image; the maximum threshold still counts only the containers and init containers (fixed in 1.37, PR #138951), so a pod with image volumes can reach a higher score than the same images as containers. Before, image volumes did not count",
  },
  {
    id: 'podGroupApi',
    since: '1.36',
    title: 'Workload v1alpha2 and PodGroup replace Workload v1alpha1 and pod.spec.workloadRef',
    // "Create Workload API v1alpha2" (release note: "Introduced scheduling.k8s.io/v1alpha2 Workload
    // and PodGroup API … Removed scheduling.k8s.io/v1alpha1 Workload API"), CHANGELOG-1.36
    pr: 136976,
    upstreamFile: 'staging/src/k8s.io/api/scheduling/v1alpha2/types.go',
    note: 'scheduling.k8s.io/v1alpha1 Workload and spec.workloadRef are gone (KEP-5832): a v1alpha2 Workload holds podGroupTemplates, a PodGroup object is one runtime group, and a pod names its PodGroup with spec.schedulingGroup.podGroupName',
  },
  {
    id: 'podGroupSchedulingCycle',
    since: '1.36',
    title: 'A PodGroup is scheduled in one pod-group cycle',
    pr: 136618,
    upstreamFile: 'pkg/scheduler/schedule_one_podgroup.go',
    note: "the scheduler pops a gang's unscheduled pods together and tries them in one snapshot, each assumed for the next; the group binds only if GangScheduling's Permit reaches minCount, otherwise every pod goes back to the queue at once (no pods wait at Permit holding resources)",
  },
  {
    id: 'draDeviceTaintRulesGA',
    since: '1.37',
    title: 'DRADeviceTaintRules GA, on by default',
    // "DRA: Device Taints and Tolerations GA graduation" (reviewed June-July 2026; issue #140179:
    // "DRADeviceTaintRules was off by default in 1.36 (beta API) and thus was kept not-locked with
    // default true in 1.37"); KEP-5055 marked "Graduated to stable in 1.37" (enhancements #6299)
    pr: 138676,
    upstreamFile: 'pkg/features/kube_features.go',
    note: 'DeviceTaintRule objects taint the devices they select without the gate being turned on (beta and off in 1.36, GA and on in 1.37); DRADeviceTaints, DRAExtendedResource, DRAResourceClaimDeviceStatus and NodeDeclaredFeatures are GA in 1.37, on as in 1.36',
    gates: { DRADeviceTaintRules: true },
  },
  {
    id: 'interPodAffinityHintAnyAntiAffinityTerm',
    since: '1.37',
    title: 'InterPodAffinity retries a pending pod when a deleted pod matched any one of the anti-affinity terms',
    pr: 139161,
    upstreamFile: 'pkg/scheduler/framework/plugins/interpodaffinity/plugin.go',
    note: "isSchedulableAfterPodChange returns Queue for a deleted assigned pod that matches any term of the pending pod's required anti-affinity, or whose own required anti-affinity has any term matching the pending pod, and for an updated one that matched some term before and none after (merged May 2026, so in 1.37). Before, every term had to match: with several terms the pod waited for another event or the 5-minute flush",
  },
  {
    id: 'storageCapacityScoringBeta',
    since: '1.37',
    title: 'StorageCapacityScoring beta, on by default: VolumeBinding scores nodes by storage capacity',
    // "KEP-4049: Update tests for the StorageCapacityScoring feature for beta" (merged for v1.37;
    // the KEP's one k/k pull request for beta that the stored index has)
    pr: 138497,
    upstreamFile: 'pkg/scheduler/framework/plugins/volumebinding/volume_binding.go',
    note: "VolumeBinding's Score runs (KEP-4049, the scoring from PR #128184): a claim to be provisioned scores a node by the share of the CSIStorageCapacity it fits in that it would use, a statically bound PV by its request over the PV's size; VolumeBindingArgs' default shape (utilization 0 -> 10, 100 -> 0) prefers the node with the most free capacity. Every other pod gets 0 from VolumeBinding on every node. Before, VolumeBinding did not score",
    gates: { StorageCapacityScoring: true },
  },
  {
    id: 'volumeLimitScalingBeta',
    since: '1.37',
    title: 'VolumeLimitScaling beta, on by default: a CSIDriver may keep pods off nodes without the driver',
    pr: 140612,
    upstreamFile: 'pkg/scheduler/framework/plugins/nodevolumelimits/csi.go',
    note: 'NodeVolumeLimits\' Filter runs checkCSIDriverOnNode (KEP-5030; alpha since v1.35, PR #135012): a pod needing a new volume of a driver whose CSIDriver sets spec.preventPodSchedulingIfMissing is Unschedulable on a node whose CSINode does not list the driver, or that has no CSINode ("<driver> CSI driver is not installed on the node"). Before, the API server dropped the field and such a node took the pod with no limit',
    gates: { VolumeLimitScaling: true },
  },
  {
    id: 'nodeDeclaredFeaturesReason137',
    since: '1.37',
    title: "NodeDeclaredFeatures' Filter reason no longer lists the missing features",
    pr: 0,
    upstreamFile: 'pkg/scheduler/framework/plugins/nodedeclaredfeatures/nodedeclaredfeatures.go',
    note: "a node without a feature the pod needs fails Filter with \"node(s) didn't match Pod's required features\" (errReasonUnsatisfiedRequirements), so a FailedScheduling message counts such nodes (\"2 node(s) didn't match Pod's required features\"). Before, the reason was \"node declared features check failed - unsatisfied requirements: <features>\", one per set of missing features",
  },
  {
    id: 'imageLocalityImageVolumeThreshold',
    since: '1.37',
    title: "ImageLocality's threshold counts a pod's image volumes",
    pr: 138951,
    upstreamFile: 'pkg/scheduler/framework/plugins/imagelocality/image_locality.go',
    note: "sumImageScores also returns the number of image sources (containers, init containers and image volumes) and calculatePriority scales its maximum threshold (1000 MiB each) by it (issue #138952). Before (1.36), image volumes raised the sum but not the threshold, so an image volume could score higher than the same image in a container",
  },
  {
    id: 'nominatedGatedPodOnAdd',
    since: '1.37',
    title: 'A gated pod with a nominated node holds its space',
    pr: 139057,
    upstreamFile: 'pkg/scheduler/backend/queue/scheduling_queue.go',
    note: "PriorityQueue.Add stores the pod's status.nominatedNodeName in the nominator before queueing it, so a pod added while gated (schedulingGates, or another PreEnqueue plugin) whose nomination another component set keeps lower or equal priority pods off that space. Before, the nomination was stored only when the pod reached activeQ, so a gated pod's nomination reserved nothing until its gates were removed",
  },
  {
    id: 'draCelNoSuchKeyHint',
    since: '1.37',
    title: 'A DRA selector reading a missing attribute says how to guard it',
    pr: 136709,
    upstreamFile: 'staging/src/k8s.io/dynamic-resource-allocation/cel/errors.go',
    note: "the allocator's \"CEL runtime error: no such key: <name>\" (a selector reading an attribute or capacity the device does not have) goes on \". Consider using CEL optional chaining (?), has() macro, or orValue() for optional fields\" (EnhanceRuntimeError), so the FailedScheduling message changes. Before, the error ended at the key",
  },
  {
    id: 'draPostFilterQuietNoOp',
    since: '1.37',
    title: 'DynamicResources\' PostFilter no longer adds "no new claims to deallocate" to a FailedScheduling message',
    // "scheduler: reduce scheduler PostFilter event noise" (opened 4 July 2026, merged): the no-op
    // outcomes stay Unschedulable but carry no reason; 1.37 clusters' messages quoted in public
    // pages lack the clause (docs/fidelity.md)
    pr: 140222,
    upstreamFile: 'pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go',
    note: "PostFilter's no-op outcomes (a pod without claims: \"no new claims to deallocate\"; claims none of which could be deallocated: \"still not schedulable\") are still Unschedulable, so DefaultPreemption runs after them, but without a reason, so the FailedScheduling message goes from the Filter reasons straight to \"preemption: …\". Deallocating or deleting a claim still says so. Before, every unschedulable pod's message carried \"no new claims to deallocate, \" (or \"still not schedulable, \")",
  },
  {
    id: 'workloadApiBeta',
    since: '1.37',
    title: 'Workload and PodGroup beta (scheduling.k8s.io/v1beta1), gang minCount mutable',
    // "KEP-4671: Promote WAS APIs to beta" (merged July 2026: "Workload and PodGroup are promoted
    // to scheduling.k8s.io/v1beta1"); minCount became mutable in PR #139279 ("Make minCount
    // mutable in Workload and PodGroup APIs", merged May 2026, with GangScheduling's
    // isSchedulableAfterPodGroupUpdated)
    pr: 140184,
    upstreamFile: 'staging/src/k8s.io/api/scheduling/v1beta1/types.go',
    note: "the API is served as v1beta1 under GenericWorkload (beta, still off by default); a PodGroup's gang minCount may be changed (PR #139279), and lowering it requeues the group (GangScheduling isSchedulableAfterPodGroupUpdated)",
  },
  {
    id: 'workloadGatesMerged',
    since: '1.37',
    title: 'GangScheduling and WorkloadAwarePreemption folded into GenericWorkload',
    // "Merge GangScheduling and WorkloadAwarePreemption feature gates into GenericWorkload"
    // (merged June 2026; release note: "The GangScheduling and WorkloadAwarePreemption feature
    // gates were removed, and GenericWorkload is used instead to enable all core workload-aware
    // scheduling functionalities altogether")
    pr: 139520,
    upstreamFile: 'pkg/features/kube_features.go',
    note: "GenericWorkload alone turns on the Workload and PodGroup APIs, gang scheduling and workload-aware preemption; the GangScheduling and WorkloadAwarePreemption gates no longer exist, so Podplay's switches of those names follow GenericWorkload and a value a scenario gives them that disagrees with GenericWorkload is not used, and a warning at its line says so (upstream's kube-scheduler refuses to start on an unrecognized gate)",
  },
  {
    id: 'podGroupValidatesScheduledPods',
    since: '1.37',
    title: "A pod group's scheduler name is checked against its scheduled pods too",
    // "Consider scheduled pod group pods when validating scheduler name and priority" (merged
    // July 2026, before the v1.37 code freeze); the check of the queued pods came with the
    // pod-group cycle (PR #136618, frameworkForPodGroup)
    pr: 140356,
    upstreamFile: 'pkg/scheduler/schedule_one_podgroup.go',
    note: "a PodGroup whose pods name different schedulers is refused before any member is tried (\"all pods in a single pod group should have the same .spec.schedulerName set\"), each member back in the backoff queue with that SchedulerError; from 1.37 the group's already scheduled pods count too and the PodGroup gets a SchedulerError condition with the message. Before, only the pods popped for the cycle were compared and the condition was left alone",
  },
  {
    id: 'podGroupValidatesPriority',
    since: '1.37',
    title: "A pod group's pods must have the PodGroup's priority",
    // "Validate that all pods in a pod group have the same priority as the pod group" (merged
    // June 2026); validatePodGroup compares each pod's priority with util.PodGroupPriority
    // (spec.priority, which the priority admission plugin resolves from priorityClassName, else 0)
    pr: 139920,
    upstreamFile: 'pkg/scheduler/schedule_one_podgroup.go',
    note: "a PodGroup whose pods' priority differs from its own (its priorityClassName's value, else the global default class's, else 0) is refused before any member is tried (\"all pods in a single pod group should have the same priority as the pod group's priority, got 1000 and 0\"), a SchedulerError for each member and on the PodGroup's condition. Before, the pods' priorities were not compared with the group's",
  },
  {
    id: 'podGroupReprieveByFilter',
    since: '1.37',
    title: "Workload-aware preemption reprieves a victim by Filter on the group's proposed nodes, not by scheduling the group again",
    // v1.36 (scheduling/v1alpha2 podgrouppreemption.go): reprieveVictim puts the victim back and
    // runs podGroupSchedulingFunc again, keeping it only when the run succeeds and places at least
    // maxScheduledCount pods (PRs #138757, #138886). The scheduling/v1alpha3 and v1beta1 lines run
    // Filter for each proposed assignment of the first run instead (with PreFilter's AddPod and
    // the earlier members assumed). The pull request of the switch is not pinned, nor whether the
    // v1.37.0 tag has it (the index has no v1.37 tag; docs/fidelity.md)
    pr: 0,
    upstreamFile: 'pkg/scheduler/framework/preemption/podgrouppreemption.go',
    note: "a victim put back is kept (reprieved) when every member the group's first run placed still passes Filter on its proposed node. Before, the group's whole algorithm ran again with the victim back, and the victim was kept when that run succeeded and placed as many pods as the most any run had placed, wherever it put them",
  },
];

/** The changes between two versions (those the newer has and the older has not), in either order. */
export function changesBetween(a: KubernetesVersion, b: KubernetesVersion): VersionChange[] {
  const [older, newer] = compareKubernetesVersions(a, b) <= 0 ? [a, b] : [b, a];
  return VERSION_CHANGES.filter((c) => compareKubernetesVersions(c.since, older) > 0 && compareKubernetesVersions(c.since, newer) <= 0);
}

/** the versions from `since` on (oldest first) */
export function versionsSince(since: KubernetesVersion): KubernetesVersion[] {
  return KUBERNETES_VERSIONS.filter((v) => compareKubernetesVersions(v, since) >= 0);
}

/** the versions before `until` */
export function versionsBefore(until: KubernetesVersion): KubernetesVersion[] {
  return KUBERNETES_VERSIONS.filter((v) => compareKubernetesVersions(v, until) < 0);
}

export type VersionSwitches = Readonly<Record<VersionChangeId, boolean>>;

/** Which changes a version has (overrides turn single ones on or off, for the upgrade preview). */
export function versionSwitches(version: KubernetesVersion, overrides?: Partial<Record<VersionChangeId, boolean>>): VersionSwitches {
  const out = {} as Record<VersionChangeId, boolean>;
  for (const c of VERSION_CHANGES) out[c.id] = overrides?.[c.id] ?? compareKubernetesVersions(version, c.since) >= 0;
  return out;
}

/** The switches of v1.35 (Podplay's behaviour before versions existed: unit-test harnesses use it). */
export const V1_35_SWITCHES: VersionSwitches = versionSwitches('1.35');

export function versionChange(id: VersionChangeId): VersionChange {
  return VERSION_CHANGES.find((c) => c.id === id)!;
}

/**
 * upstream: the versioned specs of pkg/features/kube_features.go — the v1.35 defaults
 * (FEATURE_GATES) with the gate changes each switched-on change brings.
 */
export function featureGateDefaults(switches: VersionSwitches): FeatureGates {
  const out = Object.fromEntries(Object.entries(FEATURE_GATES).map(([k, v]) => [k, v.default])) as Record<FeatureGateName, boolean>;
  for (const c of VERSION_CHANGES) if (c.gates && switches[c.id]) Object.assign(out, c.gates);
  return out;
}

/** The version a run uses, where it came from and why. */
export interface ResolvedKubernetesVersion {
  version: KubernetesVersion;
  source: 'scenario' | 'option' | 'dump' | 'default';
  detail: string;
}

/** A version read off a dump (the nodes' kubelets, a `kubectl version` document) and why: src/interop/dumpVersion.ts. */
export interface InferredKubernetesVersion {
  version: KubernetesVersion;
  detail: string;
}

/**
 * `fromDump`: the version a dump importer inferred and wrote as spec.kubernetesVersion (with why);
 * it is the run's source while the scenario still says that version.
 */
export function resolveKubernetesVersion(fromScenario: KubernetesVersion | undefined, fromOption: KubernetesVersion | undefined, fromDump?: InferredKubernetesVersion): ResolvedKubernetesVersion {
  if (fromOption) {
    const said = !fromScenario || fromScenario === fromOption ? '' : fromDump?.version === fromScenario ? ` (the dump shows ${fromScenario})` : ` (the scenario says ${fromScenario})`;
    return { version: fromOption, source: 'option', detail: `v${fromOption}, chosen for this run${said}` };
  }
  if (fromScenario && fromDump?.version === fromScenario) return { version: fromScenario, source: 'dump', detail: `v${fromScenario}, ${fromDump.detail}` };
  if (fromScenario) return { version: fromScenario, source: 'scenario', detail: `v${fromScenario}, from the scenario's spec.kubernetesVersion` };
  return { version: DEFAULT_KUBERNETES_VERSION, source: 'default', detail: `v${DEFAULT_KUBERNETES_VERSION}, the newest supported (the scenario does not set spec.kubernetesVersion)` };
}

/**
 * The feature gates a run uses: the version's defaults (its switches) with the scenario's
 * spec.featureGates on top, as kube-scheduler's --feature-gates over its compiled-in defaults.
 */
export function versionFeatureGates(switches: VersionSwitches, overrides: Partial<Record<FeatureGateName, boolean>> | undefined): FeatureGates {
  const gates = resolveFeatureGates(overrides, featureGateDefaults(switches));
  if (!switches.workloadGatesMerged) return gates;
  // v1.37+: the removed gates are GenericWorkload's (PR #139520)
  return { ...gates, ...Object.fromEntries(GATES_MERGED_INTO_GENERIC_WORKLOAD.map((gate) => [gate, gates.GenericWorkload])) };
}

/** the gates kubernetes PR #139520 removed in v1.37: GenericWorkload turns their features on */
export const GATES_MERGED_INTO_GENERIC_WORKLOAD: readonly FeatureGateName[] = ['GangScheduling', 'WorkloadAwarePreemption'];
