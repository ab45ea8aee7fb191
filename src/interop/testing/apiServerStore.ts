// Objects as a v1.34–v1.37 API server stores them: what `kubectl get -o yaml` prints after an
// object was created from a manifest. Defaulting, the admission plugins that write into the object
// and the bookkeeping fields, applied to a copy of the object as written; for the property test
// that a stored object loads and means what the manifest meant (storedObjects.test.ts).
//
// upstream (defaulting): pkg/apis/core/v1/defaults.go (SetDefaults_Pod, _PodSpec, _Container,
// _Probe, _PersistentVolume, _PersistentVolumeClaimSpec, _Namespace, volume sources),
// pkg/apis/apps/v1/defaults.go, pkg/apis/batch/v1/defaults.go, pkg/apis/storage/v1/defaults.go,
// pkg/apis/scheduling/v1/defaults.go, pkg/apis/resource/v1/defaults.go;
// (admission and strategy) plugin/pkg/admission/{defaulttolerationseconds,serviceaccount,priority,
// storage/storageclass/setdefault}, pkg/registry/core/pod/strategy.go (applyMatchLabelKeys for
// topology spread since 1.34, applyMatchLabelKeysAndMismatchLabelKeys for pod affinity since 1.33),
// pkg/registry/batch/job/strategy.go (generateSelector), pkg/controller/* (status, annotations).

type Obj = Record<string, unknown>;

export type StoredMinor = 34 | 35 | 36 | 37;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const objs = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const clone = <T>(v: T): T => structuredClone(v);

/** the time every object is stored at (a generator restamps it: storedDump.ts) */
export const STORE_TIME = '2026-03-02T08:15:30Z';
const TIME = STORE_TIME;

/** The API server's clock and counters while it stores one dump. */
export class ApiServer {
  private resourceVersion = 4_200_000;
  /** namespace → container defaults of the LimitRanges stored so far (LimitRanger admission) */
  private readonly limitDefaults = new Map<string, { default: Obj; defaultRequest: Obj }>();

  constructor(readonly minor: StoredMinor) {}

  /** `created` as the server stores it; `bound`: the node a scheduler bound a pod to (with its status). */
  store(created: Obj, opts: { node?: string; pending?: string; defaultStorageClass?: string; priority?: Record<string, number> } = {}): Obj {
    const o = clone(created);
    const kind = o.kind as string;
    const meta = (o.metadata ??= {}) as Obj;
    meta.creationTimestamp = TIME;
    meta.resourceVersion = String(this.resourceVersion++);
    if (meta.uid === undefined) meta.uid = `0000${this.resourceVersion.toString(16)}-0000-4000-8000-000000000000`;
    if (o.spec !== undefined && (kind !== 'Pod' || this.minor >= 34)) meta.generation = 1;
    meta.managedFields = [
      { apiVersion: o.apiVersion, fieldsType: 'FieldsV1', fieldsV1: { 'f:metadata': { 'f:labels': { '.': {} } }, 'f:spec': {} }, manager: 'kubectl-client-side-apply', operation: 'Update', time: TIME },
      { apiVersion: o.apiVersion, fieldsType: 'FieldsV1', fieldsV1: { 'f:status': {} }, manager: 'kube-controller-manager', operation: 'Update', subresource: 'status', time: TIME },
    ];
    switch (kind) {
      case 'Namespace': storeNamespace(o); break;
      case 'Node': storeNode(o, this.minor); break;
      case 'Pod': storePod(o, this.minor, { ...opts, limits: this.limitDefaults.get(String(meta.namespace ?? 'default')) }); break;
      case 'Deployment': case 'ReplicaSet': case 'StatefulSet': case 'DaemonSet': case 'Job': storeWorkload(o, kind); break;
      case 'PriorityClass': o.preemptionPolicy ??= 'PreemptLowerPriority'; break;
      case 'PodDisruptionBudget': storePdb(o); break;
      case 'StorageClass': o.reclaimPolicy ??= 'Delete'; o.volumeBindingMode ??= 'Immediate'; break;
      case 'CSIDriver': storeCsiDriver(o); break;
      case 'PersistentVolume': storePv(o); break;
      case 'PersistentVolumeClaim': storePvc(o, opts.defaultStorageClass); break;
      case 'ResourceClaim': storeClaim(o, this.minor); break;
      case 'Service': storeService(o); break;
      case 'LimitRange': {
        const item = storeLimitRange(o);
        if (item) this.limitDefaults.set(String(meta.namespace ?? 'default'), item);
        break;
      }
      case 'ResourceQuota': o.status = { hard: (o.spec as Obj).hard, used: { pods: '3', 'requests.cpu': '1200m' } }; break;
      case 'ResourceClaimTemplate': defaultDeviceRequests((((o.spec as Obj).spec as Obj).devices as Obj | undefined)); break;
      default: break;
    }
    return o;
  }
}

function storeNamespace(o: Obj): void {
  const meta = o.metadata as Obj;
  meta.labels = { ...(meta.labels as Obj | undefined), 'kubernetes.io/metadata.name': meta.name };
  o.spec = { finalizers: ['kubernetes'] };
  o.status = { phase: 'Active' };
}

function storeNode(o: Obj, minor: StoredMinor): void {
  const meta = o.metadata as Obj;
  meta.annotations = { 'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true', ...(meta.annotations as Obj | undefined) };
  const spec = (o.spec ??= {}) as Obj;
  spec.podCIDR = '10.244.1.0/24';
  spec.podCIDRs = ['10.244.1.0/24'];
  spec.providerID = `kind://docker/kind/${String(meta.name)}`;
  // the node lifecycle controller taints a cordoned node (TaintNodesByCondition)
  if (spec.unschedulable === true && !objs(spec.taints).some((t) => t.key === 'node.kubernetes.io/unschedulable')) {
    spec.taints = [...objs(spec.taints), { effect: 'NoSchedule', key: 'node.kubernetes.io/unschedulable', timeAdded: TIME }];
  }
  const status = (o.status ??= {}) as Obj;
  status.allocatable ??= clone(status.capacity);
  status.addresses = [{ address: '172.18.0.3', type: 'InternalIP' }, { address: meta.name, type: 'Hostname' }];
  status.conditions = [
    ...['MemoryPressure', 'DiskPressure', 'PIDPressure'].map((type) => ({ lastHeartbeatTime: TIME, lastTransitionTime: TIME, message: `kubelet has no ${type}`, reason: `KubeletHasNo${type}`, status: 'False', type })),
    { lastHeartbeatTime: TIME, lastTransitionTime: TIME, message: 'kubelet is posting ready status', reason: 'KubeletReady', status: 'True', type: 'Ready' },
  ];
  status.daemonEndpoints = { kubeletEndpoint: { Port: 10250 } };
  status.images = [{ names: ['registry.k8s.io/pause@sha256:7c38', 'registry.k8s.io/pause:3.10'], sizeBytes: 320368 }];
  status.nodeInfo = {
    architecture: 'amd64', bootID: 'b6f1', containerRuntimeVersion: 'containerd://2.1.1', kernelVersion: '6.8.0', kubeProxyVersion: '', kubeletVersion: `v1.${minor}.0`,
    machineID: 'f00d', operatingSystem: 'linux', osImage: 'Debian GNU/Linux 12 (bookworm)', systemUUID: 'c0ffee',
  };
  // kubelet-reported since v1.30 (runtimeHandlers), v1.31 (features)
  status.runtimeHandlers = [{ features: { recursiveReadOnlyMounts: true, userNamespaces: true }, name: 'runc' }, { features: { recursiveReadOnlyMounts: true, userNamespaces: true }, name: '' }];
  status.features = { supplementalGroupsPolicy: true };
}

function imagePullPolicy(image: unknown): string {
  const ref = typeof image === 'string' ? image : '';
  const last = ref.slice(ref.lastIndexOf('/') + 1);
  const tag = last.includes('@') ? '' : last.includes(':') ? last.slice(last.indexOf(':') + 1) : 'latest';
  return tag === 'latest' ? 'Always' : 'IfNotPresent';
}

function defaultProbe(p: unknown): void {
  if (!isObj(p)) return;
  p.timeoutSeconds ??= 1; p.periodSeconds ??= 10; p.successThreshold ??= 1; p.failureThreshold ??= 3;
  if (isObj(p.httpGet)) { p.httpGet.path ??= '/'; p.httpGet.scheme ??= 'HTTP'; }
}

/** SetDefaults_Container (+ ports, probes, env field refs) */
function defaultContainer(c: Obj, hostNetwork: boolean): void {
  c.imagePullPolicy ??= imagePullPolicy(c.image);
  c.terminationMessagePath ??= '/dev/termination-log';
  c.terminationMessagePolicy ??= 'File';
  c.resources ??= {};
  for (const p of objs(c.ports)) {
    p.protocol ??= 'TCP';
    if (hostNetwork && !p.hostPort) p.hostPort = p.containerPort;
  }
  for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe']) defaultProbe(c[probe]);
  for (const e of objs(c.env)) {
    const ref = isObj(e.valueFrom) && isObj(e.valueFrom.fieldRef) ? e.valueFrom.fieldRef : undefined;
    if (ref) ref.apiVersion ??= 'v1';
  }
}

/** SetDefaults_PodSpec and the volume sources; `pod`: SetDefaults_Pod too (requests from limits, enableServiceLinks) */
function defaultPodSpec(spec: Obj, pod: boolean): void {
  spec.dnsPolicy ??= 'ClusterFirst';
  spec.restartPolicy ??= 'Always';
  spec.securityContext ??= {};
  spec.terminationGracePeriodSeconds ??= 30;
  spec.schedulerName ??= 'default-scheduler';
  const hostNetwork = spec.hostNetwork === true;
  for (const c of [...objs(spec.initContainers), ...objs(spec.containers)]) {
    defaultContainer(c, hostNetwork);
    if (pod) {
      const res = c.resources as Obj;
      if (isObj(res.limits)) res.requests = { ...res.limits, ...(res.requests as Obj | undefined) };
    }
  }
  for (const v of objs(spec.volumes)) {
    for (const source of ['secret', 'configMap', 'downwardAPI', 'projected'] as const) if (isObj(v[source])) (v[source] as Obj).defaultMode ??= 420;
    if (isObj(v.hostPath)) v.hostPath.type ??= '';
  }
  if (pod) spec.enableServiceLinks ??= true;
}

/**
 * pkg/registry/core/pod/strategy.go: a matchLabelKeys key the pod has a label for is merged into
 * the labelSelector as `key In [value]` (mismatchLabelKeys as NotIn); the keys stay listed.
 */
function mergeLabelKeys(spec: Obj, labels: Record<string, string>, minor: StoredMinor): void {
  const merge = (term: Obj, keys: unknown, operator: 'In' | 'NotIn') => {
    if (!isObj(term.labelSelector) || !Array.isArray(keys)) return;
    const selector = term.labelSelector;
    const extra = (keys as string[]).filter((k) => labels[k] !== undefined).map((k) => ({ key: k, operator, values: [labels[k]] }));
    if (extra.length) selector.matchExpressions = [...objs(selector.matchExpressions), ...extra];
  };
  if (minor >= 34) for (const c of objs(spec.topologySpreadConstraints)) merge(c, c.matchLabelKeys, 'In');
  const affinity = isObj(spec.affinity) ? spec.affinity : {};
  for (const kind of ['podAffinity', 'podAntiAffinity']) {
    const a = isObj(affinity[kind]) ? affinity[kind] as Obj : {};
    const terms = [...objs(a.requiredDuringSchedulingIgnoredDuringExecution), ...objs(a.preferredDuringSchedulingIgnoredDuringExecution).map((w) => (isObj(w.podAffinityTerm) ? w.podAffinityTerm : {}))];
    for (const t of terms) { merge(t, t.matchLabelKeys, 'In'); merge(t, t.mismatchLabelKeys, 'NotIn'); }
  }
}

function storePod(o: Obj, minor: StoredMinor, opts: { node?: string; pending?: string; priority?: Record<string, number>; limits?: { default: Obj; defaultRequest: Obj } }): void {
  const meta = o.metadata as Obj;
  const spec = o.spec as Obj;
  defaultPodSpec(spec, true);
  defaultPodLevelRequests(spec);
  if (opts.limits) limitRanger(meta, spec, opts.limits);
  mergeLabelKeys(spec, (meta.labels ?? {}) as Record<string, string>, minor);
  // ServiceAccount admission: the account and its token volume
  spec.serviceAccountName ??= 'default';
  spec.serviceAccount = spec.serviceAccountName;
  const tokenVolume = 'kube-api-access-x7k2p';
  spec.volumes = [...objs(spec.volumes), {
    name: tokenVolume,
    projected: { defaultMode: 420, sources: [{ serviceAccountToken: { expirationSeconds: 3607, path: 'token' } }, { configMap: { items: [{ key: 'ca.crt', path: 'ca.crt' }], name: 'kube-root-ca.crt' } }, { downwardAPI: { items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' }] } }] },
  }];
  for (const c of [...objs(spec.initContainers), ...objs(spec.containers)]) {
    c.volumeMounts = [...objs(c.volumeMounts), { mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', name: tokenVolume, readOnly: true }];
  }
  // Priority admission
  const className = typeof spec.priorityClassName === 'string' ? spec.priorityClassName : undefined;
  spec.priority = className ? opts.priority?.[className] ?? 0 : 0;
  spec.preemptionPolicy ??= 'PreemptLowerPriority';
  // DefaultTolerationSeconds admission
  const tolerations = objs(spec.tolerations);
  for (const key of ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']) {
    if (!tolerations.some((t) => t.key === key || (t.operator === 'Exists' && t.key === undefined))) tolerations.push({ effect: 'NoExecute', key, operator: 'Exists', tolerationSeconds: 300 });
  }
  spec.tolerations = tolerations;
  const observed = minor >= 34 ? { observedGeneration: 1 } : {};
  // the resourceclaim controller's record of the claims it made from templates
  const claimStatuses = isObj(o.status) && Array.isArray(o.status.resourceClaimStatuses) ? { resourceClaimStatuses: o.status.resourceClaimStatuses } : {};
  const qosClass = objs(spec.containers).every((c) => !isObj((c.resources as Obj).requests) && !isObj((c.resources as Obj).limits)) ? 'BestEffort' : 'Burstable';
  if (opts.node) {
    spec.nodeName = opts.node;
    o.status = {
      conditions: ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map((type) => ({ ...observed, lastProbeTime: null, lastTransitionTime: TIME, status: 'True', type })),
      containerStatuses: objs(spec.containers).map((c, i) => ({
        allocatedResources: (c.resources as Obj).requests, containerID: `containerd://${i}abc`, image: c.image, imageID: `${String(c.image)}@sha256:0f1e`, lastState: {}, name: c.name,
        ready: true, resources: c.resources, restartCount: 0, started: true, state: { running: { startedAt: TIME } }, user: { linux: { gid: 0, supplementalGroups: [0], uid: 0 } },
        volumeMounts: [{ mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', name: tokenVolume, readOnly: true, recursiveReadOnly: 'Disabled' }],
      })),
      hostIP: '172.18.0.3', hostIPs: [{ ip: '172.18.0.3' }], ...observed, phase: 'Running', ...claimStatuses, podIP: '10.244.1.7', podIPs: [{ ip: '10.244.1.7' }], qosClass, startTime: TIME,
    };
  } else {
    o.status = {
      conditions: opts.pending === undefined ? [] : [{ ...observed, lastProbeTime: null, lastTransitionTime: TIME, message: opts.pending, reason: 'Unschedulable', status: 'False', type: 'PodScheduled' }],
      ...observed, phase: 'Pending', qosClass, ...claimStatuses,
    };
  }
}

function storeTemplate(template: Obj): void {
  template.metadata ??= {};
  (template.metadata as Obj).creationTimestamp = null;
  defaultPodSpec((template.spec ??= {}) as Obj, false);
}

function storeWorkload(o: Obj, kind: string): void {
  const spec = o.spec as Obj;
  const meta = o.metadata as Obj;
  storeTemplate(spec.template as Obj);
  const replicas = typeof spec.replicas === 'number' ? spec.replicas : 1;
  switch (kind) {
    case 'Deployment':
      spec.replicas = replicas; spec.revisionHistoryLimit ??= 10; spec.progressDeadlineSeconds ??= 600;
      spec.strategy ??= { rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' }, type: 'RollingUpdate' };
      meta.annotations = { 'deployment.kubernetes.io/revision': '1', ...(meta.annotations as Obj | undefined) };
      o.status = { availableReplicas: replicas, conditions: [{ lastTransitionTime: TIME, lastUpdateTime: TIME, message: 'Deployment has minimum availability.', reason: 'MinimumReplicasAvailable', status: 'True', type: 'Available' }], observedGeneration: 1, readyReplicas: replicas, replicas, updatedReplicas: replicas };
      break;
    case 'ReplicaSet':
      spec.replicas = replicas;
      meta.annotations = { 'deployment.kubernetes.io/desired-replicas': String(replicas), 'deployment.kubernetes.io/max-replicas': String(replicas + 1), 'deployment.kubernetes.io/revision': '1', ...(meta.annotations as Obj | undefined) };
      o.status = { availableReplicas: replicas, fullyLabeledReplicas: replicas, observedGeneration: 1, readyReplicas: replicas, replicas };
      break;
    case 'StatefulSet':
      spec.replicas = replicas; spec.podManagementPolicy ??= 'OrderedReady'; spec.revisionHistoryLimit ??= 10;
      spec.updateStrategy ??= { rollingUpdate: { partition: 0 }, type: 'RollingUpdate' };
      spec.persistentVolumeClaimRetentionPolicy ??= { whenDeleted: 'Retain', whenScaled: 'Retain' };
      for (const t of objs(spec.volumeClaimTemplates)) {
        (t.metadata as Obj).creationTimestamp = null;
        (t.spec as Obj).volumeMode ??= 'Filesystem';
        t.status = { phase: 'Pending' };
      }
      o.status = { availableReplicas: replicas, collisionCount: 0, currentReplicas: replicas, currentRevision: `${String(meta.name)}-5d4b9c6f7`, observedGeneration: 1, readyReplicas: replicas, replicas, updateRevision: `${String(meta.name)}-5d4b9c6f7`, updatedReplicas: replicas };
      break;
    case 'DaemonSet':
      spec.revisionHistoryLimit ??= 10;
      spec.updateStrategy ??= { rollingUpdate: { maxSurge: 0, maxUnavailable: 1 }, type: 'RollingUpdate' };
      meta.annotations = { 'deprecated.daemonset.template.generation': '1', ...(meta.annotations as Obj | undefined) };
      o.status = { currentNumberScheduled: 1, desiredNumberScheduled: 1, numberAvailable: 1, numberMisscheduled: 0, numberReady: 1, observedGeneration: 1, updatedNumberScheduled: 1 };
      break;
    case 'Job': {
      // the Job strategy generates the selector from the uid and labels the template with it
      const jobLabels = { 'batch.kubernetes.io/controller-uid': meta.uid, 'batch.kubernetes.io/job-name': meta.name, 'controller-uid': meta.uid, 'job-name': meta.name };
      spec.selector ??= { matchLabels: { 'batch.kubernetes.io/controller-uid': meta.uid } };
      const tmeta = (spec.template as Obj).metadata as Obj;
      tmeta.labels = { ...jobLabels, ...(tmeta.labels as Obj | undefined) };
      spec.parallelism ??= 1; spec.completions ??= 1; spec.backoffLimit ??= 6; spec.completionMode ??= 'NonIndexed';
      spec.suspend ??= false; spec.podReplacementPolicy ??= 'TerminatingOrFailed'; spec.manualSelector ??= false;
      o.status = { active: 1, ready: 0, startTime: TIME, terminating: 0, uncountedTerminatedPods: {} };
      break;
    }
    default: break;
  }
}

/** SetDefaults_Service, and the cluster IP the allocator gave it */
function storeService(o: Obj): void {
  const spec = o.spec as Obj;
  spec.type ??= 'ClusterIP';
  spec.sessionAffinity ??= 'None';
  spec.clusterIP = '10.96.12.34';
  spec.clusterIPs = ['10.96.12.34'];
  spec.ipFamilies = ['IPv4'];
  spec.ipFamilyPolicy = 'SingleStack';
  spec.internalTrafficPolicy ??= 'Cluster';
  for (const p of objs(spec.ports)) { p.protocol ??= 'TCP'; p.targetPort ??= p.port; }
  o.status = { loadBalancer: {} };
}

/** SetDefaults_LimitRangeItem: a container default limit is also the default request; the Container item's defaults */
function storeLimitRange(o: Obj): { default: Obj; defaultRequest: Obj } | undefined {
  let defaults: { default: Obj; defaultRequest: Obj } | undefined;
  for (const item of objs((o.spec as Obj).limits)) {
    if (item.type !== 'Container') continue;
    const max = isObj(item.max) ? item.max : {};
    const min = isObj(item.min) ? item.min : {};
    item.default = { ...max, ...(item.default as Obj | undefined) };
    item.defaultRequest = { ...min, ...(item.default as Obj), ...(item.defaultRequest as Obj | undefined) };
    defaults = { default: item.default as Obj, defaultRequest: item.defaultRequest as Obj };
  }
  return defaults;
}

/** plugin/pkg/admission/limitranger: unset container requests and limits from the defaults, noted in an annotation */
function limitRanger(meta: Obj, spec: Obj, defaults: { default: Obj; defaultRequest: Obj }): void {
  const notes: string[] = [];
  for (const c of [...objs(spec.initContainers), ...objs(spec.containers)]) {
    const res = c.resources as Obj;
    const requests = { ...(res.requests as Obj | undefined) };
    const limits = { ...(res.limits as Obj | undefined) };
    for (const [k, v] of Object.entries(defaults.defaultRequest)) if (requests[k] === undefined) { requests[k] = v; notes.push(`${k} request for container ${String(c.name)}`); }
    for (const [k, v] of Object.entries(defaults.default)) if (limits[k] === undefined) { limits[k] = v; notes.push(`${k} limit for container ${String(c.name)}`); }
    c.resources = { ...res, ...(Object.keys(limits).length ? { limits } : {}), ...(Object.keys(requests).length ? { requests } : {}) };
  }
  if (notes.length) meta.annotations = { ...(meta.annotations as Obj | undefined), 'kubernetes.io/limit-ranger': `LimitRanger plugin set: ${notes.join('; ')}` };
}

/** cpu in millicores or memory in Mi, for the quantities the generator writes (m, Mi, Gi, whole cores) */
function amount(q: unknown, resource: 'cpu' | 'memory'): number {
  const t = String(q);
  if (resource === 'cpu') return t.endsWith('m') ? Number(t.slice(0, -1)) : Number(t) * 1000;
  return t.endsWith('Gi') ? Number(t.slice(0, -2)) * 1024 : Number(t.slice(0, -2));
}

/**
 * defaultPodRequests (PodLevelResources, beta since 1.34): with pod-level limits set, an unset
 * pod-level cpu/memory request is the containers' aggregate request, or the limit when no
 * container requests it. The aggregate here is regular + sidecar containers (the generator
 * writes no other init containers).
 */
function defaultPodLevelRequests(spec: Obj): void {
  const resources = isObj(spec.resources) ? spec.resources : undefined;
  if (!resources || !isObj(resources.limits)) return;
  const requests = { ...(resources.requests as Obj | undefined) };
  const containers = [...objs(spec.containers), ...objs(spec.initContainers).filter((c) => c.restartPolicy === 'Always')];
  for (const resource of ['cpu', 'memory'] as const) {
    if (requests[resource] !== undefined) continue;
    const asked = containers.map((c) => ((c.resources as Obj).requests as Obj | undefined)?.[resource]).filter((q) => q !== undefined);
    if (asked.length) {
      const total = asked.reduce((sum: number, q) => sum + amount(q, resource), 0);
      requests[resource] = resource === 'cpu' ? `${total}m` : `${total}Mi`;
    } else if (resources.limits[resource] !== undefined) {
      requests[resource] = resources.limits[resource];
    }
  }
  resources.requests = requests;
}

function storePdb(o: Obj): void {
  o.status = {
    conditions: [{ lastTransitionTime: TIME, message: '', observedGeneration: 1, reason: 'SufficientPods', status: 'True', type: 'DisruptionAllowed' }],
    currentHealthy: 2, desiredHealthy: 1, disruptionsAllowed: 1, expectedPods: 2, observedGeneration: 1,
  };
}

function storeCsiDriver(o: Obj): void {
  const spec = (o.spec ??= {}) as Obj;
  spec.attachRequired ??= true; spec.podInfoOnMount ??= false; spec.storageCapacity ??= false; spec.requiresRepublish ??= false;
  spec.fsGroupPolicy ??= 'ReadWriteOnceWithFSType'; spec.volumeLifecycleModes ??= ['Persistent']; spec.seLinuxMount ??= false;
}

function storePv(o: Obj): void {
  const spec = o.spec as Obj;
  spec.persistentVolumeReclaimPolicy ??= 'Retain';
  spec.volumeMode ??= 'Filesystem';
  if (isObj(spec.hostPath)) spec.hostPath.type ??= '';
  o.metadata = { ...(o.metadata as Obj), finalizers: ['kubernetes.io/pv-protection'] };
  const claimRef = isObj(spec.claimRef) ? spec.claimRef : undefined;
  if (claimRef) {
    claimRef.apiVersion ??= 'v1'; claimRef.kind ??= 'PersistentVolumeClaim'; claimRef.resourceVersion ??= '4199990';
    const meta = o.metadata as Obj;
    meta.annotations = { 'pv.kubernetes.io/bound-by-controller': 'yes', ...(meta.annotations as Obj | undefined) };
  }
  o.status = { lastPhaseTransitionTime: TIME, phase: claimRef ? 'Bound' : 'Available' };
}

function storePvc(o: Obj, defaultStorageClass: string | undefined): void {
  const spec = o.spec as Obj;
  spec.volumeMode ??= 'Filesystem';
  if (spec.storageClassName === undefined && defaultStorageClass !== undefined) spec.storageClassName = defaultStorageClass;
  // AnyVolumeDataSource (GA 1.33): dataSource and dataSourceRef are kept equal
  if (isObj(spec.dataSource) && spec.dataSourceRef === undefined) spec.dataSourceRef = clone(spec.dataSource);
  const meta = o.metadata as Obj;
  meta.finalizers = ['kubernetes.io/pvc-protection'];
  if (typeof spec.volumeName === 'string') {
    meta.annotations = { 'pv.kubernetes.io/bind-completed': 'yes', 'pv.kubernetes.io/bound-by-controller': 'yes', ...(meta.annotations as Obj | undefined) };
    o.status = { accessModes: spec.accessModes, capacity: (spec.resources as Obj).requests, phase: 'Bound' };
  } else {
    o.status = { phase: 'Pending' };
  }
}

/** resource/v1 defaults: an exactly request is ExactCount of 1; a toleration's operator Equal */
function defaultDeviceRequests(devices: Obj | undefined): void {
  for (const request of objs(devices?.requests)) {
    const exactly = isObj(request.exactly) ? request.exactly : undefined;
    if (exactly) {
      exactly.allocationMode ??= 'ExactCount';
      if (exactly.allocationMode === 'ExactCount') exactly.count ??= 1;
      for (const t of objs(exactly.tolerations)) t.operator ??= 'Equal';
    }
    for (const sub of objs(request.firstAvailable)) {
      sub.allocationMode ??= 'ExactCount';
      if (sub.allocationMode === 'ExactCount') sub.count ??= 1;
    }
  }
}

function storeClaim(o: Obj, minor: StoredMinor): void {
  defaultDeviceRequests(((o.spec as Obj).devices as Obj | undefined));
  const status = (o.status ??= {}) as Obj;
  const allocation = isObj(status.allocation) ? status.allocation : undefined;
  if (allocation) {
    // DRAResourceClaimDeviceStatus (beta 1.35): when the devices were allocated; the driver's device status
    if (minor >= 35) allocation.allocationTimestamp = TIME;
    const results = isObj(allocation.devices) ? objs(allocation.devices.results) : [];
    status.devices = results.map((r) => ({ conditions: [{ lastTransitionTime: TIME, message: '', reason: 'Ready', status: 'True', type: 'Ready' }], device: r.device, driver: r.driver, pool: r.pool }));
  }
}
