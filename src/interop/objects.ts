// Plain Kubernetes objects as read from foreign text: type guards, the kinds the simulator
// reads (../shared/contracts/scenario-and-trace.md, section 1), and the noise every
// `kubectl get -o yaml` carries that no scheduler reads.

export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export const obj = (v: unknown): Obj | undefined => (isObj(v) ? v : undefined);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Sets an own property, `__proto__` included (foreign text may use any key). */
export function put(o: Obj, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  else o[key] = value;
}

const own = (o: Obj, k: string): unknown => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined);

/** A copy of `o` with only `keys` (in that order) that are present. */
export function pick(o: Obj | undefined, keys: readonly string[]): Obj {
  const out: Obj = {};
  if (!o) return out;
  for (const k of keys) if (own(o, k) !== undefined) out[k] = o[k];
  return out;
}

/** A copy of `o` without `keys`. */
export function omit(o: Obj, keys: ReadonlySet<string>): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) if (!keys.has(k)) put(out, k, v);
  return out;
}

/** Drops keys whose value is undefined, an empty object or an empty list. */
export function compact(o: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    if (isObj(v) && Object.keys(v).length === 0) continue;
    put(out, k, v);
  }
  return out;
}

export interface ObjectRef { kind: string; namespace?: string; name: string }

export const kindOf = (o: Obj): string => str(o.kind) ?? '';
export const apiVersionOf = (o: Obj): string => str(o.apiVersion) ?? '';
export const metaOf = (o: Obj): Obj => obj(o.metadata) ?? {};
export const nameOf = (o: Obj): string => str(metaOf(o).name) ?? '';
export const namespaceOf = (o: Obj): string => str(metaOf(o).namespace) || 'default';
export const uidOf = (o: Obj): string | undefined => str(metaOf(o).uid);
export const labelsOf = (o: Obj): Record<string, string> => (obj(metaOf(o).labels) as Record<string, string> | undefined) ?? {};

/** The owner reference with `controller: true`, if any. */
export function controllerRefOf(o: Obj): Obj | undefined {
  return list(metaOf(o).ownerReferences).map(obj).find((r) => r?.controller === true);
}

/** Whether `ref` (an owner reference) points at `owner`: kind and name, and uid when both have one. */
export function refersTo(ref: Obj | undefined, owner: Obj): boolean {
  if (!ref || ref.kind !== owner.kind || ref.name !== nameOf(owner)) return false;
  const uid = uidOf(owner);
  return !str(ref.uid) || !uid || ref.uid === uid;
}

/** apiVersion + kind of every document the simulator reads; the rest are "not simulated". */
export const SIMULATED_KINDS: Readonly<Record<string, string>> = {
  Node: 'v1',
  Pod: 'v1',
  Namespace: 'v1',
  Service: 'v1',
  ReplicationController: 'v1',
  PriorityClass: 'scheduling.k8s.io/v1',
  RuntimeClass: 'node.k8s.io/v1',
  PodDisruptionBudget: 'policy/v1',
  Workload: 'scheduling.k8s.io/v1alpha1',
  PodGroup: 'scheduling.k8s.io/v1beta1',
  Deployment: 'apps/v1',
  ReplicaSet: 'apps/v1',
  StatefulSet: 'apps/v1',
  DaemonSet: 'apps/v1',
  Job: 'batch/v1',
  KubeSchedulerConfiguration: 'kubescheduler.config.k8s.io/v1',
  Scenario: 'podplay/v1alpha1',
  // written beside a dump: the node autoscaler's groups (docs/autoscaler.md) and the API server's
  // admission configuration (limitedResources) are not objects kubectl can dump
  ClusterAutoscaler: 'podplay/v1alpha1',
  AdmissionConfiguration: 'apiserver.config.k8s.io/v1',
  PersistentVolumeClaim: 'v1',
  PersistentVolume: 'v1',
  StorageClass: 'storage.k8s.io/v1',
  CSINode: 'storage.k8s.io/v1',
  CSIDriver: 'storage.k8s.io/v1',
  CSIStorageCapacity: 'storage.k8s.io/v1',
  LimitRange: 'v1',
  ResourceQuota: 'v1',
  DeviceClass: 'resource.k8s.io/v1',
  ResourceSlice: 'resource.k8s.io/v1',
  ResourceClaim: 'resource.k8s.io/v1',
  ResourceClaimTemplate: 'resource.k8s.io/v1',
  DeviceTaintRule: 'resource.k8s.io/v1alpha3',
};

/**
 * Kinds whose API changed between the Kubernetes versions Podplay simulates: a dump keeps its own
 * apiVersion when it is one of these (the loader refuses one the scenario's version does not
 * serve, as the API server would), instead of being read as SIMULATED_KINDS' version. The same
 * lists as the loader's (src/engine/model/decode/kinds.ts apiVersions; a test checks).
 */
export const VERSIONED_API_VERSIONS: Readonly<Record<string, readonly string[]>> = {
  // scheduling.k8s.io: 1.35 v1alpha1 Workload, 1.36 v1alpha2, 1.37 v1beta1 and v1alpha3
  // (src/engine/model/decode/podGroups.ts SCHEDULING_API_SERVED)
  Workload: ['scheduling.k8s.io/v1alpha1', 'scheduling.k8s.io/v1alpha2', 'scheduling.k8s.io/v1alpha3', 'scheduling.k8s.io/v1beta1'],
  PodGroup: ['scheduling.k8s.io/v1alpha2', 'scheduling.k8s.io/v1alpha3', 'scheduling.k8s.io/v1beta1'],
  DeviceTaintRule: ['resource.k8s.io/v1alpha3', 'resource.k8s.io/v1beta2', 'resource.k8s.io/v1'],
};

export const WORKLOAD_KINDS: ReadonlySet<string> = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicationController']);

export const NAMESPACED_KINDS: ReadonlySet<string> = new Set([
  'Pod', 'Service', 'ReplicationController', 'PodDisruptionBudget', 'Workload', 'PodGroup', 'Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job',
  'PersistentVolumeClaim', 'CSIStorageCapacity', 'ResourceClaim', 'ResourceClaimTemplate', 'LimitRange', 'ResourceQuota',
]);

// ObjectMeta fields only the API server's bookkeeping uses.
const METADATA_KEEP = ['name', 'generateName', 'namespace', 'uid', 'labels', 'annotations', 'ownerReferences', 'deletionTimestamp'];

/** Annotations that are bookkeeping or another tool's results, never read by a scheduler. */
export function isNoiseAnnotation(key: string): boolean {
  return key === 'kubectl.kubernetes.io/last-applied-configuration'
    || key.startsWith('kube-scheduler-simulator.sigs.k8s.io/')
    || key.startsWith('scheduler-simulator/');
}

function withoutNoise(annotations: Obj): Obj {
  const kept: Obj = {};
  for (const [k, v] of Object.entries(annotations)) if (!isNoiseAnnotation(k)) put(kept, k, v);
  return kept;
}

/**
 * ObjectMeta without managedFields, resourceVersion, selfLink, generation, finalizers and noise
 * annotations. uids stay: owner references are matched by them. generateName stays only for an
 * object without a name. creationTimestamp stays where asked (`created`): a node's or a pod's age
 * is read (a stale message's younger nodes, the descheduler's PodLifeTime, which replica a
 * ReplicaSet deletes first); elsewhere it is bookkeeping.
 */
export function cleanMetadata(meta: Obj, opts: { namespaced: boolean; created?: boolean }): Obj {
  const out = pick(meta, opts.created ? [...METADATA_KEEP, 'creationTimestamp'] : METADATA_KEEP);
  if (out.name) delete out.generateName;
  if (!opts.namespaced) delete out.namespace;
  const annotations = obj(out.annotations);
  if (annotations) out.annotations = withoutNoise(annotations);
  const refs = list(out.ownerReferences).map((r) => pick(obj(r), ['apiVersion', 'kind', 'name', 'uid', 'controller', 'blockOwnerDeletion']));
  if (out.ownerReferences !== undefined) out.ownerReferences = refs;
  return compact(out);
}

/** Conditions as the simulator reads them: type, status, reason, message (no timestamps). */
export function cleanConditions(v: unknown): Obj[] {
  return list(v).map((c) => compact(pick(obj(c), ['type', 'status', 'reason', 'message'])));
}

// core/v1 Container and PodSpec fields no scheduler plugin reads: the kubelet's business.
const CONTAINER_NOISE = new Set([
  'command', 'args', 'workingDir', 'env', 'envFrom', 'volumeMounts', 'volumeDevices', 'livenessProbe', 'readinessProbe', 'startupProbe',
  'lifecycle', 'terminationMessagePath', 'terminationMessagePolicy', 'imagePullPolicy', 'securityContext', 'stdin', 'stdinOnce', 'tty', 'resizePolicy',
]);
const POD_SPEC_NOISE = new Set([
  'dnsPolicy', 'dnsConfig', 'serviceAccount', 'serviceAccountName', 'automountServiceAccountToken', 'securityContext', 'imagePullSecrets',
  'enableServiceLinks', 'hostAliases', 'hostname', 'subdomain', 'setHostnameAsFQDN', 'shareProcessNamespace', 'readinessGates',
  'activeDeadlineSeconds', 'ephemeralContainers', 'hostPID', 'hostIPC', 'hostnameOverride',
]);
// Volume sources the scheduler never looks at (it reads PVCs, ephemeral volumes and the
// attachable cloud disks: VolumeBinding, VolumeRestrictions, NodeVolumeLimits, VolumeZone).
const LOCAL_VOLUME_SOURCES = ['configMap', 'secret', 'projected', 'downwardAPI', 'emptyDir', 'hostPath', 'gitRepo', 'image'];

function cleanContainer(c: unknown): Obj {
  return ordered(compact(omit(obj(c) ?? {}, CONTAINER_NOISE)), ['name', 'image', 'resources', 'ports']);
}

// What the API server's defaulting and admission write into every pod: left out, they come back
// identically when the scenario loads. upstream: pkg/apis/core/v1/defaults.go (SetDefaults_PodSpec),
// plugin/pkg/admission/defaulttolerationseconds.
const DEFAULTED: Readonly<Record<string, unknown>> = { restartPolicy: 'Always', schedulerName: 'default-scheduler', terminationGracePeriodSeconds: 30 };
const DEFAULT_TOLERATION_KEYS = new Set(['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']);

function isDefaultToleration(t: unknown): boolean {
  const tol = obj(t);
  return !!tol && DEFAULT_TOLERATION_KEYS.has(str(tol.key) ?? '') && tol.operator === 'Exists' && tol.effect === 'NoExecute'
    && tol.tolerationSeconds === 300 && Object.keys(tol).length === 4;
}

/** Whether a volume is one the scheduler's volume plugins would read. */
export function isSchedulingVolume(v: unknown): boolean {
  const vol = obj(v);
  return !!vol && !LOCAL_VOLUME_SOURCES.some((s) => vol[s] !== undefined);
}

/** A PodSpec (of a pod or a template) without what only the kubelet reads. */
export function cleanPodSpec(spec: Obj): Obj {
  const out = omit(spec, POD_SPEC_NOISE);
  for (const [k, v] of Object.entries(DEFAULTED)) if (out[k] === v) delete out[k];
  if (out.tolerations !== undefined) out.tolerations = list(out.tolerations).filter((t) => !isDefaultToleration(t));
  if (out.containers !== undefined) out.containers = list(out.containers).map(cleanContainer);
  if (out.initContainers !== undefined) out.initContainers = list(out.initContainers).map(cleanContainer);
  if (out.volumes !== undefined) out.volumes = list(out.volumes).filter(isSchedulingVolume);
  return compact(out);
}

/** A pod template: labels and annotations, and the cleaned spec. */
export function cleanTemplate(t: unknown): Obj {
  const template = obj(t) ?? {};
  const meta = pick(obj(template.metadata), ['labels', 'annotations']);
  const annotations = obj(meta.annotations);
  if (annotations) meta.annotations = withoutNoise(annotations);
  return compact({ metadata: compact(meta), spec: cleanPodSpec(obj(template.spec) ?? {}) });
}

/** Top-level keys first in the order people write them. */
export function ordered(o: Obj, first: readonly string[] = ['apiVersion', 'kind', 'metadata', 'spec', 'status']): Obj {
  const out: Obj = {};
  for (const k of first) if (own(o, k) !== undefined) out[k] = o[k];
  for (const [k, v] of Object.entries(o)) if (!Object.prototype.hasOwnProperty.call(out, k) && v !== undefined) put(out, k, v);
  return out;
}
