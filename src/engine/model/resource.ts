// Dynamic Resource Allocation objects, resource.k8s.io/v1 (GA in v1.34): DeviceClass,
// ResourceSlice, ResourceClaim, ResourceClaimTemplate. Field names and shapes are upstream's
// (staging/src/k8s.io/api/resource/v1/types.go); quantities stay strings as written.

import type { KubeObject, NodeSelector, Pod, PodGroup, PodResourceClaim, PodResourceClaimStatus } from './types';

// the pod's side is part of the Pod (core/v1): it lives in ./types.ts, exported here too
export type { PodResourceClaim, PodResourceClaimStatus };

/** upstream: DeviceAttribute — exactly one of the values is set */
export interface DeviceAttribute {
  int?: number;
  bool?: boolean;
  string?: string;
  /** a semantic version 2.0.0 */
  version?: string;
}

/** upstream: CapacityRequestPolicyRange (DRAConsumableCapacity) */
export interface CapacityRequestPolicyRange {
  min: string;
  max?: string;
  step?: string;
}

/** upstream: CapacityRequestPolicy — how a request for a shared device's capacity is rounded */
export interface CapacityRequestPolicy {
  default?: string;
  validValues?: string[];
  validRange?: CapacityRequestPolicyRange;
}

/** upstream: DeviceCapacity */
export interface DeviceCapacity {
  value: string;
  /** DRAConsumableCapacity: only on devices with allowMultipleAllocations */
  requestPolicy?: CapacityRequestPolicy;
}

export type DeviceTaintEffect = 'NoSchedule' | 'NoExecute' | 'None';

/** upstream: DeviceTaint */
export interface DeviceTaint {
  key: string;
  value?: string;
  effect: DeviceTaintEffect;
  /**
   * simulated seconds; the API server defaults it to the time of the create or update
   * (upstream: SetDefaults_DeviceTaint). The device taint eviction controller counts a
   * toleration's seconds from it.
   */
  timeAdded?: number;
}

/** upstream: DeviceToleration */
export interface DeviceToleration {
  key?: string;
  operator: 'Exists' | 'Equal';
  value?: string;
  effect?: DeviceTaintEffect;
  tolerationSeconds?: number;
}

/** upstream: DeviceCounterConsumption (DRAPartitionableDevices) */
export interface DeviceCounterConsumption {
  counterSet: string;
  counters: Record<string, { value: string }>;
}

/** upstream: Device (in a ResourceSlice) */
export interface Device {
  name: string;
  /** keys are qualified names: "model" (the driver's domain) or "domain/name" */
  attributes?: Record<string, DeviceAttribute>;
  capacity?: Record<string, DeviceCapacity>;
  consumesCounters?: DeviceCounterConsumption[];
  nodeName?: string;
  nodeSelector?: NodeSelector;
  allNodes?: boolean;
  taints?: DeviceTaint[];
  allowMultipleAllocations?: boolean;
  /** DRADeviceBindingConditions: the allocation is limited to the node it was made for */
  bindsToNode?: boolean;
  /** DRADeviceBindingConditions: condition types that must be True in the claim's status.devices before the pod binds */
  bindingConditions?: string[];
  /** DRADeviceBindingConditions: condition types that, True, make the binding fail */
  bindingFailureConditions?: string[];
}

/** upstream: CounterSet (DRAPartitionableDevices) */
export interface CounterSet {
  name: string;
  counters: Record<string, { value: string }>;
}

export interface ResourceSlice extends KubeObject {
  kind: 'ResourceSlice';
  spec: {
    driver: string;
    pool: { name: string; generation: number; resourceSliceCount: number };
    nodeName?: string;
    nodeSelector?: NodeSelector;
    allNodes?: boolean;
    perDeviceNodeSelection?: boolean;
    devices?: Device[];
    sharedCounters?: CounterSet[];
  };
}

/** upstream: DeviceSelector (only CEL today) */
export interface DeviceSelector {
  cel: { expression: string };
}

/** upstream: DeviceConfiguration / DeviceClassConfiguration — kept as written, handed to drivers */
export interface DeviceConfiguration {
  opaque?: { driver: string; parameters: unknown };
}

export interface DeviceClass extends KubeObject {
  kind: 'DeviceClass';
  spec: {
    selectors?: DeviceSelector[];
    config?: DeviceConfiguration[];
    /** DRAExtendedResource (alpha) */
    extendedResourceName?: string;
  };
}

export type DeviceAllocationMode = 'ExactCount' | 'All';

/** upstream: ExactDeviceRequest (defaults: allocationMode ExactCount, count 1) */
export interface ExactDeviceRequest {
  deviceClassName: string;
  selectors?: DeviceSelector[];
  allocationMode: DeviceAllocationMode;
  count?: number;
  adminAccess?: boolean;
  tolerations?: DeviceToleration[];
  capacity?: { requests?: Record<string, string> };
}

/** upstream: DeviceSubRequest (an entry of firstAvailable) */
export interface DeviceSubRequest extends ExactDeviceRequest {
  name: string;
}

/** upstream: DeviceRequest — exactly one of exactly / firstAvailable */
/** upstream: resourceapi.FirstAvailableDeviceRequestMaxSize, the most subrequests a request may list */
export const FIRST_AVAILABLE_DEVICE_REQUEST_MAX_SIZE = 8;

export interface DeviceRequest {
  name: string;
  exactly?: ExactDeviceRequest;
  firstAvailable?: DeviceSubRequest[];
}

/** upstream: DeviceConstraint */
export interface DeviceConstraint {
  requests?: string[];
  matchAttribute?: string;
  /** DRAConsumableCapacity (alpha) */
  distinctAttribute?: string;
}

export interface DeviceClaimConfiguration extends DeviceConfiguration {
  requests?: string[];
}

export interface ResourceClaimSpec {
  devices?: {
    requests?: DeviceRequest[];
    constraints?: DeviceConstraint[];
    config?: DeviceClaimConfiguration[];
  };
}

/** upstream: DeviceRequestAllocationResult */
export interface DeviceRequestAllocationResult {
  request: string;
  driver: string;
  pool: string;
  device: string;
  adminAccess?: boolean;
  tolerations?: DeviceToleration[];
  /** copied from the device (DRADeviceBindingConditions) */
  bindingConditions?: string[];
  bindingFailureConditions?: string[];
  /** DRAConsumableCapacity: set when the device is shared (allowMultipleAllocations) */
  shareID?: string;
  /** DRAConsumableCapacity: the share of the device's capacity this result takes */
  consumedCapacity?: Record<string, string>;
}

/** upstream: AllocationResult */
export interface AllocationResult {
  /** simulated seconds; set in PreBind with DRADeviceBindingConditions (the binding timeout counts from it) */
  allocationTimestamp?: number;
  devices: {
    results: DeviceRequestAllocationResult[];
    config?: (DeviceConfiguration & { source: 'FromClass' | 'FromClaim'; requests?: string[] })[];
  };
  nodeSelector?: NodeSelector;
}

/** upstream: ResourceClaimConsumerReference */
export interface ResourceClaimConsumerReference {
  apiGroup?: string;
  resource: string;
  name: string;
  uid: string;
}

/** upstream: metav1.Condition as a driver reports it for an allocated device */
export interface DeviceCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
  /** simulated seconds */
  lastTransitionTime?: number;
}

/** upstream: AllocatedDeviceStatus (DRAResourceClaimDeviceStatus) — what the driver says about an allocated device */
export interface AllocatedDeviceStatus {
  driver: string;
  pool: string;
  device: string;
  conditions?: DeviceCondition[];
}

export interface ResourceClaim extends KubeObject {
  kind: 'ResourceClaim';
  spec: ResourceClaimSpec;
  status: {
    allocation?: AllocationResult;
    reservedFor?: ResourceClaimConsumerReference[];
    devices?: AllocatedDeviceStatus[];
  };
}

export interface ResourceClaimTemplate extends KubeObject {
  kind: 'ResourceClaimTemplate';
  spec: {
    metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
    spec: ResourceClaimSpec;
  };
}

/** upstream: DeviceTaintSelector (v1.35) — every field set must match; empty matches every device */
export interface DeviceTaintSelector {
  driver?: string;
  pool?: string;
  device?: string;
}

/**
 * upstream: resource.k8s.io/v1alpha3 DeviceTaintRule (DRADeviceTaintRules, alpha in v1.35; also
 * v1beta2 from 1.36 and v1 from 1.37, the same fields: DEVICE_TAINT_RULE_SERVED_SINCE) — one
 * taint for the devices its selector picks; without a selector no device is picked.
 */
export interface DeviceTaintRule extends KubeObject {
  kind: 'DeviceTaintRule';
  spec: {
    deviceSelector?: DeviceTaintSelector;
    taint: DeviceTaint;
  };
  /** written by the device taint eviction controller */
  status?: { conditions?: DeviceTaintRuleCondition[] };
}

/** upstream: metav1.Condition of type EvictionInProgress on a DeviceTaintRule */
export interface DeviceTaintRuleCondition {
  type: 'EvictionInProgress';
  status: 'True' | 'False';
  reason: string;
  message: string;
  /** simulated seconds */
  lastTransitionTime: number;
}
export const DEVICE_TAINT_RULE_API_VERSION = 'resource.k8s.io/v1alpha3';
/**
 * The resource.k8s.io versions of DeviceTaintRule and the Kubernetes versions whose API servers
 * have them: v1alpha3 (alpha since 1.33, still in the tree at 1.37), v1beta2 from 1.36
 * (DRADeviceTaintRules beta: kube-scheduler's resource slice tracker watches
 * Resource().V1beta2().DeviceTaintRules() at 1.36) and v1 from 1.37 (GA: the tracker watches
 * Resource().V1().DeviceTaintRules()). upstream: pkg/scheduler/scheduler.go (the DRA block) at each
 * version, staging/src/k8s.io/api/resource/{v1alpha3,v1beta2,v1}.
 */
export const DEVICE_TAINT_RULE_SERVED_SINCE: Readonly<Record<string, '1.35' | '1.36' | '1.37'>> = {
  'resource.k8s.io/v1alpha3': '1.35',
  'resource.k8s.io/v1beta2': '1.36',
  'resource.k8s.io/v1': '1.37',
};

export type ResourceObject = DeviceClass | ResourceSlice | ResourceClaim | ResourceClaimTemplate | DeviceTaintRule;
export const RESOURCE_KINDS: readonly ResourceObject['kind'][] = ['DeviceClass', 'ResourceSlice', 'ResourceClaim', 'ResourceClaimTemplate', 'DeviceTaintRule'];
export const RESOURCE_API_VERSION = 'resource.k8s.io/v1';

export function isResourceObject(o: { kind: string }): o is ResourceObject {
  return (RESOURCE_KINDS as readonly string[]).includes(o.kind);
}

// ---- the pod's side (core/v1) ----

/** upstream: ResourceClaimReservedForMaxSize */
export const RESERVED_FOR_MAX_SIZE = 256;
/** upstream: AllocationResultsMaxSize */
export const ALLOCATION_RESULTS_MAX_SIZE = 32;
/** upstream: resource.Finalizer */
export const RESOURCE_CLAIM_FINALIZER = 'resource.kubernetes.io/delete-protection';
/** upstream: ExtendedResourceClaimAnnotation — on the claim the scheduler creates for a pod's extended resources */
export const EXTENDED_RESOURCE_CLAIM_ANNOTATION = 'resource.kubernetes.io/extended-resource-claim';
/** upstream: ResourceDeviceClassPrefix — every DeviceClass is also the extended resource "<prefix><class name>" */
export const RESOURCE_DEVICE_CLASS_PREFIX = 'deviceclass.resource.kubernetes.io/';

/**
 * upstream: k8s.io/dynamic-resource-allocation/deviceclass/extendedresourcecache GetDeviceClass —
 * the DeviceClass backing an extended resource name (DRAExtendedResource): the implicit
 * "deviceclass.resource.kubernetes.io/<class>", or a class's spec.extendedResourceName, the newest
 * class winning when several name it (the lower name on a tie).
 */
export function deviceClassForExtendedResource(classes: Iterable<DeviceClass>, resourceName: string): DeviceClass | undefined {
  // a lister's list is the same object while no class changes: its answers are kept with it
  // (NodeResourcesFit asks for every extended resource on every node)
  if (!Array.isArray(classes)) return findDeviceClassForExtendedResource(classes, resourceName);
  let known = classesByResource.get(classes);
  if (!known) classesByResource.set(classes, (known = new Map()));
  if (known.has(resourceName)) return known.get(resourceName);
  const found = findDeviceClassForExtendedResource(classes, resourceName);
  if (known.size < 4096) known.set(resourceName, found);
  return found;
}

const classesByResource = new WeakMap<readonly DeviceClass[], Map<string, DeviceClass | undefined>>();

function findDeviceClassForExtendedResource(classes: Iterable<DeviceClass>, resourceName: string): DeviceClass | undefined {
  let found: DeviceClass | undefined;
  for (const c of classes) {
    if (resourceName === RESOURCE_DEVICE_CLASS_PREFIX + c.metadata.name) return c;
    if (c.spec.extendedResourceName !== resourceName) continue;
    const newer = (c.metadata.creationTimestamp ?? 0) - (found?.metadata.creationTimestamp ?? 0);
    if (!found || newer > 0 || (newer === 0 && c.metadata.name < found.metadata.name)) found = c;
  }
  return found;
}

export type ClaimNameResult = { name: string | undefined; mustCheckOwner: boolean } | { error: string };

/**
 * upstream: k8s.io/dynamic-resource-allocation/resourceclaim.Name — the ResourceClaim a pod's
 * entry stands for: the named one, or the one the claim controller generated (in the pod status).
 * With `podGroup` (only when DRAWorkloadResourceClaims is on), an entry with podGroupResourceClaim
 * stands for the claim of that name in the PodGroup's spec.resourceClaims (v1.36+).
 */
export function podClaimName(pod: Pod, podClaim: PodResourceClaim, podGroup?: PodGroup): ClaimNameResult {
  const podRef = `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`;
  if (podClaim.resourceClaimName !== undefined) return { name: podClaim.resourceClaimName, mustCheckOwner: false };
  if (podClaim.resourceClaimTemplateName !== undefined) {
    const status = pod.status.resourceClaimStatuses?.find((s) => s.name === podClaim.name);
    if (status) return { name: status.resourceClaimName, mustCheckOwner: true };
    return { error: `pod "${podRef}": ResourceClaim not created yet` };
  }
  if (podGroup && podClaim.podGroupResourceClaim !== undefined) {
    const mismatch = podMatchesPodGroup(pod, podGroup);
    if (mismatch) return { error: mismatch };
    const groupRef = `${podGroup.metadata.namespace ?? 'default'}/${podGroup.metadata.name}`;
    const groupClaim = podGroup.spec.resourceClaims?.find((c) => c.name === podClaim.podGroupResourceClaim);
    if (!groupClaim) return { error: `PodGroup ${groupRef} does not have claim ${podClaim.podGroupResourceClaim} requested by Pod ${pod.metadata.name}` };
    if (groupClaim.resourceClaimName !== undefined) return { name: groupClaim.resourceClaimName, mustCheckOwner: false };
    if (groupClaim.resourceClaimTemplateName !== undefined) {
      // the claim generated for the PodGroup, which the resourceclaim controller copies into the
      // pod's own status under the pod's name for the entry (upstream TestName "podgroup-claim-template-name")
      const status = pod.status.resourceClaimStatuses?.find((s) => s.name === podClaim.name);
      if (status) return { name: status.resourceClaimName, mustCheckOwner: true };
      return { error: `PodGroup ${groupRef}: ResourceClaim not created yet` };
    }
    return { error: `PodGroup ${groupRef}, spec.resourceClaim ${groupClaim.name}: none of the supported fields are set` };
  }
  return { error: `pod "${podRef}", spec.resourceClaim ${JSON.stringify(podClaim.name)}: none of the supported fields are set` };
}

/** upstream: resourceclaim podMatchesPodGroup — the reason the pod is not one of the group's, if it is not */
function podMatchesPodGroup(pod: Pod, podGroup: PodGroup): string | undefined {
  const ns = pod.metadata.namespace ?? 'default';
  const own = pod.spec.schedulingGroup?.podGroupName;
  if (own === undefined) return `Pod ${ns}/${pod.metadata.name} does not belong to a PodGroup`;
  if (own !== podGroup.metadata.name) return `Pod ${ns}/${pod.metadata.name} belongs to PodGroup ${ns}/${own}, not PodGroup ${podGroup.metadata.namespace ?? 'default'}/${podGroup.metadata.name}`;
  return undefined;
}

/**
 * upstream: resourceclaim.IsForPod — why a claim generated from a template may not be used by the
 * pod, if it may not: it must be controlled by the pod or (with `podGroup`, the pod's own group)
 * by the PodGroup the claim was generated for.
 */
export function claimNotForPod(pod: Pod, claim: ResourceClaim, podGroup?: PodGroup): string | undefined {
  const ns = pod.metadata.namespace ?? 'default';
  const controlledBy = (kind: string, o: { metadata: { name: string; uid?: string } }) => (claim.metadata.namespace ?? 'default') === ns
    && (claim.metadata.ownerReferences ?? []).some((r) => r.controller && r.kind === kind && r.name === o.metadata.name && (r.uid === undefined || o.metadata.uid === undefined || r.uid === o.metadata.uid));
  if (controlledBy('Pod', pod)) return undefined;
  const claimRef = `${claim.metadata.namespace ?? 'default'}/${claim.metadata.name}`;
  if (!podGroup) return `ResourceClaim ${claimRef} was not created for pod ${ns}/${pod.metadata.name} (pod is not owner)`;
  if (!podMatchesPodGroup(pod, podGroup) && controlledBy('PodGroup', podGroup)) return undefined;
  return `ResourceClaim ${claimRef} was not created for Pod ${ns}/${pod.metadata.name} or PodGroup ${podGroup.metadata.namespace ?? 'default'}/${podGroup.metadata.name} (neither Pod nor PodGroup is the owner)`;
}

/** upstream: resourceclaim.BindTo — the consumer a pod's claim is reserved for: the pod, or its PodGroup */
export function claimConsumer(pod: Pod, podClaim: PodResourceClaim | undefined, podGroup?: PodGroup): ResourceClaimConsumerReference {
  if (podGroup && podClaim?.podGroupResourceClaim !== undefined && !podMatchesPodGroup(pod, podGroup)) {
    return { apiGroup: SCHEDULING_GROUP, resource: 'podgroups', name: podGroup.metadata.name, uid: podGroup.metadata.uid ?? '' };
  }
  return { resource: 'pods', name: pod.metadata.name, uid: pod.metadata.uid ?? '' };
}

const SCHEDULING_GROUP = 'scheduling.k8s.io';

/**
 * upstream: pkg/controller/resourceclaim/controller.go handleClaim — generateName
 * "<pod>-<claim>-", both parts cut proportionally when longer than 57 characters.
 */
export function generatedClaimPrefix(podName: string, podClaimName: string): string {
  const base = `${podName}-${podClaimName}-`;
  const maxBaseLen = 57;
  if (base.length <= maxBaseLen) return base;
  const p = podName.slice(0, Math.floor((podName.length * maxBaseLen) / base.length));
  const c = podClaimName.slice(0, Math.floor((podClaimName.length * maxBaseLen) / base.length));
  return `${p}-${c}`;
}

/** upstream: resourceclaim.IsReservedForPod — for the pod, or (with `podGroup`) for the pod's PodGroup */
export function isReservedForPod(pod: Pod, claim: ResourceClaim, podGroup?: PodGroup): boolean {
  const group = podGroup && !podMatchesPodGroup(pod, podGroup) ? podGroup : undefined;
  return (claim.status.reservedFor ?? []).some((r) => (r.resource === 'pods' && r.uid === pod.metadata.uid && r.name === pod.metadata.name)
    || (group !== undefined && r.resource === 'podgroups' && r.name === group.metadata.name && (r.uid === '' || r.uid === (group.metadata.uid ?? ''))));
}

/** upstream: resourceclaim.CanBeReserved */
export function canBeReserved(claim: ResourceClaim): boolean {
  return (claim.status.reservedFor ?? []).length < RESERVED_FOR_MAX_SIZE;
}
