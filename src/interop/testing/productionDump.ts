// A production-like dump for the fix search: what `kubectl get nodes,pods,deployments,replicasets,
// statefulsets,daemonsets,jobs,priorityclasses,pdb,deviceclasses,resourceslices,resourceclaims -A
// -o yaml` prints for a 4-zone cluster with four node pools (general; high-mem; a GPU pool tainted
// nvidia.com/gpu with DRA ResourceSlices; edge), zone us-east-1d under an incident (its nodes
// cordoned and annotated "do not uncordon"), and Pending pods of ten causes. Each Pending pod
// carries the fix its author (a reviewer) would approve: `pendingCauses` below; the test beside
// this file checks that the fix search ranks it first.
// Deterministic; the committed fixture (src/interop/fixtures/kubectl-production-pending.yaml) is
// this function's output (scripts/write-production-dump.ts rewrites it).

import { stringify } from 'yaml';
import { ago, nodeAddresses, nodeSpec, podMetadata, suffix, uid, type Owner } from './pendingClusterDump';

type Obj = Record<string, unknown>;

const ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c', 'us-east-1d'] as const;
const INCIDENT_ZONE = 'us-east-1d';
export const DO_NOT_UNCORDON = 'ops.example.com/do-not-uncordon';
const GPU_DRIVER = 'gpu.example.com';

/** What the fixture's author marks as the fix a reviewer would approve, per Pending pod. */
export interface MarkedFix {
  /** the pod's namespace/name prefix */
  pod: string;
  cause: string;
  /** the ScenarioEdit kind of the top-ranked fix, and fields it must have; 'placed': the simulation schedules the pod as it is */
  fix: { kind: string; [field: string]: unknown } | 'placed';
}

type Pool = 'general' | 'high-mem' | 'gpu' | 'edge';
interface NodeShape { name: string; zone: string; pool: Pool; cpu: string; memory: string; instance: string; cordoned?: boolean; ageMinutes: number }

const nodes: NodeShape[] = [];
let ip = 0;
const nodeName = (zone: number) => `ip-10-${20 + zone}-${(ip * 37) % 200 + 10}-${(ip++ * 53) % 240 + 5}.ec2.internal`;
ZONES.forEach((zone, z) => {
  for (let k = 0; k < 3; k++) nodes.push({ name: nodeName(z), zone, pool: 'general', cpu: '7910m', memory: '31792816Ki', instance: 'm6i.2xlarge', cordoned: zone === INCIDENT_ZONE, ageMinutes: 30_000 - z * 100 - k });
});
for (const z of [0, 1]) nodes.push({ name: nodeName(z), zone: ZONES[z]!, pool: 'high-mem', cpu: '15890m', memory: '128645440Ki', instance: 'r6i.4xlarge', ageMinutes: 29_000 - z });
for (const z of [0, 1]) nodes.push({ name: nodeName(z), zone: ZONES[z]!, pool: 'gpu', cpu: '95690m', memory: '1056640196Ki', instance: 'p4d.24xlarge', ageMinutes: 28_000 - z });
for (const z of [0, 1]) nodes.push({ name: nodeName(z), zone: ZONES[z]!, pool: 'edge', cpu: '3920m', memory: '15225656Ki', instance: 'c6i.xlarge', ageMinutes: 27_000 - z });
/** the node the autoscaler added two minutes ago: the stale message's count predates it */
nodes.push({ name: nodeName(2), zone: ZONES[2], pool: 'high-mem', cpu: '15890m', memory: '128645440Ki', instance: 'r6i.4xlarge', ageMinutes: 2 });
/** that node's name and age in seconds when the dump was taken */
export const joinedNode = { node: nodes[nodes.length - 1]!.name, age: 2 * 60 };

const poolNodes = (pool: Pool, zone?: string) => nodes.filter((n) => n.pool === pool && !n.cordoned && (zone === undefined || n.zone === zone) && n.ageMinutes > 2);
/** kafka-0 and kafka-1 run on the first general node of zones a and b */
const kafkaHosts = [poolNodes('general', ZONES[0])[0]!, poolNodes('general', ZONES[1])[0]!];

function nodeObject(n: NodeShape, i: number): Obj {
  const taints: Obj[] = [];
  if (n.pool === 'gpu') taints.push({ effect: 'NoSchedule', key: 'nvidia.com/gpu', value: 'present' });
  if (n.cordoned) taints.push({ effect: 'NoSchedule', key: 'node.kubernetes.io/unschedulable', timeAdded: ago(340) });
  return {
    apiVersion: 'v1', kind: 'Node',
    metadata: {
      annotations: {
        'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
        ...(n.cordoned ? { [DO_NOT_UNCORDON]: 'incident INC-123: EBS volumes degraded in us-east-1d, cordoned by the on-call' } : {}),
      },
      creationTimestamp: ago(n.ageMinutes),
      labels: {
        'kubernetes.io/arch': 'amd64', 'kubernetes.io/hostname': n.name, 'kubernetes.io/os': 'linux',
        'node.kubernetes.io/instance-type': n.instance, 'node-pool': n.pool, 'karpenter.sh/nodepool': n.pool,
        'topology.kubernetes.io/region': 'us-east-1', 'topology.kubernetes.io/zone': n.zone,
      },
      name: n.name, resourceVersion: String(510_000 + i), uid: uid(11, i),
    },
    spec: nodeSpec(n, i * 104729 + 7919, taints),
    status: {
      addresses: nodeAddresses(n.name),
      allocatable: { cpu: n.cpu, 'ephemeral-storage': '95551679124', memory: n.memory, pods: '110' },
      capacity: { cpu: String(Math.ceil(parseInt(n.cpu, 10) / 1000)), 'ephemeral-storage': '104845292Ki', memory: n.memory, pods: '110' },
      conditions: [{ lastHeartbeatTime: ago(1), lastTransitionTime: ago(n.ageMinutes), message: 'kubelet is posting ready status', reason: 'KubeletReady', status: 'True', type: 'Ready' }],
      images: [{ names: [`registry.example.com/base@sha256:${uid(12, i).replace(/-/g, '')}`], sizeBytes: 73_400_000 + i }],
      nodeInfo: { architecture: 'amd64', containerRuntimeVersion: 'containerd://1.7.27', kubeletVersion: 'v1.35.1', operatingSystem: 'linux', osImage: 'Bottlerocket OS 1.32.0' },
    },
  };
}

interface PodSpecShape {
  cpu: string;
  memory: string;
  image: string;
  nodeSelector?: Record<string, string>;
  tolerations?: Obj[];
  affinity?: Obj;
  topologySpreadConstraints?: Obj[];
  priorityClassName?: string;
  priority?: number;
  /** as the Priority admission plugin copies it from the PriorityClass (default PreemptLowerPriority) */
  preemptionPolicy?: 'Never' | 'PreemptLowerPriority';
  schedulerName?: string;
  hostPort?: number;
  resourceClaims?: Obj[];
  restartPolicy?: string;
}

interface PodShape extends PodSpecShape {
  namespace: string;
  name: string;
  labels: Record<string, string>;
  owner?: Owner;
  node?: string;
  /** minutes before the dump */
  age: number;
  /** the FailedScheduling message the cluster recorded, for a Pending pod; undefined for a pod no scheduler took */
  unschedulable?: string;
}

function containerOf(p: PodSpecShape): Obj {
  return {
    image: p.image, name: 'main',
    ...(p.hostPort ? { ports: [{ containerPort: p.hostPort, hostPort: p.hostPort, name: 'https', protocol: 'TCP' }] } : {}),
    resources: { limits: { memory: p.memory }, requests: { cpu: p.cpu, memory: p.memory }, ...(p.resourceClaims ? { claims: p.resourceClaims.map((c) => ({ name: c.name })) } : {}) },
  };
}

function specOf(p: PodSpecShape): Obj {
  return {
    ...(p.affinity ? { affinity: p.affinity } : {}),
    containers: [containerOf(p)],
    ...(p.nodeSelector ? { nodeSelector: p.nodeSelector } : {}),
    ...(p.priorityClassName ? { priorityClassName: p.priorityClassName } : {}),
    ...(p.resourceClaims ? { resourceClaims: p.resourceClaims } : {}),
    ...(p.restartPolicy ? { restartPolicy: p.restartPolicy } : {}),
    ...(p.schedulerName ? { schedulerName: p.schedulerName } : {}),
    ...(p.tolerations ? { tolerations: p.tolerations } : {}),
    ...(p.topologySpreadConstraints ? { topologySpreadConstraints: p.topologySpreadConstraints } : {}),
  };
}

let podSeq = 0;
/**
 * A pod's spread constraints as the API server stores them: each matchLabelKeys key's value from
 * the pod's labels merged into labelSelector as `key In [value]` (the Pod strategy's
 * applyMatchLabelKeysAndMismatchLabelKeys, gate MatchLabelKeysInPodTopologySpreadSelectorMerge,
 * on since 1.34); the templates keep matchLabelKeys alone
 */
function storedSpread(constraints: Obj[] | undefined, labels: Record<string, string>): Obj[] | undefined {
  return constraints?.map((c) => {
    const keys = (c.matchLabelKeys as string[] | undefined)?.filter((k) => labels[k] !== undefined) ?? [];
    if (keys.length === 0) return c;
    const selector = (c.labelSelector ?? {}) as { matchLabels?: Record<string, string>; matchExpressions?: Obj[] };
    return { ...c, labelSelector: { ...selector, matchExpressions: [...(selector.matchExpressions ?? []), ...keys.map((key) => ({ key, operator: 'In', values: [labels[key]!] }))] } };
  });
}

function podObject(p: PodShape): Obj {
  p = { ...p, topologySpreadConstraints: storedSpread(p.topologySpreadConstraints, p.labels) };
  const i = podSeq++;
  const created = ago(p.age);
  const conditions: Obj[] = p.node
    ? ['Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map((type) => ({ lastProbeTime: null, lastTransitionTime: ago(p.age - 1), status: 'True', type }))
    : p.unschedulable === undefined ? [] : [{ lastProbeTime: null, lastTransitionTime: created, message: p.unschedulable, reason: 'Unschedulable', status: 'False', type: 'PodScheduled' }];
  const spec = specOf(p);
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: podMetadata(p, created, String(600_000 + i), uid(13, i)),
    spec: {
      ...spec,
      containers: [{ ...containerOf(p), imagePullPolicy: 'IfNotPresent', terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' }],
      dnsPolicy: 'ClusterFirst', enableServiceLinks: true,
      ...(p.node ? { nodeName: p.node } : {}),
      preemptionPolicy: p.preemptionPolicy ?? 'PreemptLowerPriority', priority: p.priority ?? 0,
      restartPolicy: p.restartPolicy ?? 'Always', schedulerName: p.schedulerName ?? 'default-scheduler', securityContext: {},
      serviceAccount: 'default', serviceAccountName: 'default', terminationGracePeriodSeconds: 30,
      tolerations: [
        ...(p.tolerations ?? []),
        { effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists', tolerationSeconds: 300 },
        { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', operator: 'Exists', tolerationSeconds: 300 },
      ],
    },
    status: {
      conditions, phase: p.node ? 'Running' : 'Pending', qosClass: 'Burstable',
      ...(p.node ? { hostIP: '10.20.0.10', podIP: `10.30.${i % 250}.${(i * 7) % 250}`, startTime: ago(p.age - 1) } : {}),
    },
  };
}

interface Workload { items: Obj[]; pods: Obj[] }

interface Replicas {
  /** nodes of the running pods */
  placed: string[];
  /** FailedScheduling messages of the Pending pods (undefined: no scheduler took it) */
  pending?: (string | undefined)[];
}

/** A Deployment with its current ReplicaSet (and an older one holding `old` pods, mid-rollout). */
function deployment(namespace: string, name: string, n: number, spec: PodSpecShape, current: Replicas, old?: { spec: PodSpecShape; placed: string[] }, strategy: Obj = { rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' }, type: 'RollingUpdate' }): Workload {
  const labels = { app: name };
  const dUid = uid(14, n);
  const pending = current.pending ?? [];
  const replicas = current.placed.length + pending.length;
  const revision = old ? 2 : 1;
  const deploy = {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { annotations: { 'deployment.kubernetes.io/revision': String(revision) }, creationTimestamp: ago(9000 + n), generation: revision, labels, name, namespace, resourceVersion: String(520_000 + n), uid: dUid },
    spec: { progressDeadlineSeconds: 600, replicas: old ? old.placed.length : replicas, revisionHistoryLimit: 10, selector: { matchLabels: labels }, strategy, template: { metadata: { labels }, spec: specOf(spec) } },
    status: { availableReplicas: old ? old.placed.length : current.placed.length, observedGeneration: revision, readyReplicas: old ? old.placed.length : current.placed.length, replicas: replicas + (old?.placed.length ?? 0), updatedReplicas: replicas },
  };
  const items: Obj[] = [deploy];
  const pods: Obj[] = [];
  const replicaSet = (hash: string, rev: number, podSpec: PodSpecShape, count: number, k: number): Owner => {
    const rsLabels = { ...labels, 'pod-template-hash': hash };
    const rsUid = uid(15, n * 10 + k);
    items.push({
      apiVersion: 'apps/v1', kind: 'ReplicaSet',
      metadata: {
        annotations: { 'deployment.kubernetes.io/desired-replicas': String(deploy.spec.replicas), 'deployment.kubernetes.io/revision': String(rev) }, creationTimestamp: ago(rev === revision ? 40 : 9000 + n), generation: 1, labels: rsLabels, name: `${name}-${hash}`, namespace,
        ownerReferences: [{ apiVersion: 'apps/v1', blockOwnerDeletion: true, controller: true, kind: 'Deployment', name, uid: dUid }], resourceVersion: String(530_000 + n * 10 + k), uid: rsUid,
      },
      spec: { replicas: count, selector: { matchLabels: rsLabels }, template: { metadata: { labels: rsLabels }, spec: specOf(podSpec) } },
      status: { availableReplicas: count, fullyLabeledReplicas: count, observedGeneration: 1, readyReplicas: count, replicas: count },
    });
    return { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${name}-${hash}`, uid: rsUid };
  };
  const hash = (k: number) => `${(n * 7919 + k * 104729 + 0x5d4b9c6f).toString(16).slice(-6)}${suffix(n * 31 + k * 977).slice(0, 3)}`;
  if (old) {
    const oldOwner = replicaSet(hash(1), 1, old.spec, old.placed.length, 1);
    old.placed.forEach((node, k) => pods.push(podObject({ ...old.spec, namespace, name: `${name}-${hash(1)}-${suffix(n * 1000 + 500 + k)}`, labels: { ...labels, 'pod-template-hash': hash(1) }, owner: oldOwner, node, age: 9000 - k })));
  }
  const owner = replicaSet(hash(0), revision, spec, replicas, 0);
  current.placed.forEach((node, k) => pods.push(podObject({ ...spec, namespace, name: `${name}-${hash(0)}-${suffix(n * 1000 + k * 37 + 11)}`, labels: { ...labels, 'pod-template-hash': hash(0) }, owner, node, age: 3000 - k })));
  pending.forEach((message, k) => pods.push(podObject({ ...spec, namespace, name: `${name}-${hash(0)}-${suffix(n * 1000 + 900 + k)}`, labels: { ...labels, 'pod-template-hash': hash(0) }, owner, age: 30 - k, unschedulable: message })));
  return { items, pods };
}

function daemonSet(namespace: string, name: string, n: number, cpu: string, memory: string, image: string): Workload {
  const labels = { 'app.kubernetes.io/name': name };
  const dsUid = uid(16, n);
  const spec: PodSpecShape = { cpu, memory, image, tolerations: [{ operator: 'Exists' }], priorityClassName: 'system-node-critical', priority: 2000001000 };
  const ds = {
    apiVersion: 'apps/v1', kind: 'DaemonSet',
    metadata: { creationTimestamp: ago(40_000), generation: 1, labels, name, namespace, resourceVersion: String(540_000 + n), uid: dsUid },
    spec: { revisionHistoryLimit: 10, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: specOf(spec) }, updateStrategy: { rollingUpdate: { maxSurge: 0, maxUnavailable: 1 }, type: 'RollingUpdate' } },
    status: { currentNumberScheduled: nodes.length, desiredNumberScheduled: nodes.length, numberAvailable: nodes.length, numberMisscheduled: 0, numberReady: nodes.length, observedGeneration: 1, updatedNumberScheduled: nodes.length },
  };
  const owner: Owner = { apiVersion: 'apps/v1', kind: 'DaemonSet', name, uid: dsUid };
  const pods = nodes.map((node, k) => podObject({
    ...spec, namespace, name: `${name}-${suffix(n * 1000 + k * 53 + 7)}`, labels: { ...labels, 'controller-revision-hash': '7d9c5b8f6', 'pod-template-generation': '1' }, owner, node: node.name, age: Math.min(node.ageMinutes, 30_000) - 1,
    affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [node.name] }] }] } } },
  }));
  return { items: [ds], pods };
}

function kafka(): Workload {
  const labels = { app: 'kafka' };
  const ssUid = uid(17, 1);
  const spec: PodSpecShape = { cpu: '2', memory: '24Gi', image: 'confluentinc/cp-kafka:7.8.0', nodeSelector: { 'node-pool': 'general' } };
  const sts = {
    apiVersion: 'apps/v1', kind: 'StatefulSet',
    metadata: { creationTimestamp: ago(20_000), generation: 1, labels, name: 'kafka', namespace: 'kafka', resourceVersion: '550001', uid: ssUid },
    spec: { podManagementPolicy: 'Parallel', replicas: 3, revisionHistoryLimit: 10, selector: { matchLabels: labels }, serviceName: 'kafka', template: { metadata: { labels }, spec: specOf(spec) }, updateStrategy: { rollingUpdate: { partition: 0 }, type: 'RollingUpdate' } },
    // the revision its pods are at, as the controller records it: kafka-2 is of the current one
    status: { availableReplicas: 2, currentReplicas: 3, currentRevision: 'kafka-6c8d7f9b5', observedGeneration: 1, readyReplicas: 2, replicas: 3, updateRevision: 'kafka-6c8d7f9b5' },
  };
  const owner: Owner = { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'kafka', uid: ssUid };
  const podLabels = (k: number) => ({ ...labels, 'apps.kubernetes.io/pod-index': String(k), 'controller-revision-hash': 'kafka-6c8d7f9b5', 'statefulset.kubernetes.io/pod-name': `kafka-${k}` });
  const hosts = kafkaHosts;
  const pods = hosts.map((h, k) => podObject({ ...spec, namespace: 'kafka', name: `kafka-${k}`, labels: podLabels(k), owner, node: h.name, age: 20_000 - k }));
  pods.push(podObject({ ...spec, namespace: 'kafka', name: 'kafka-2', labels: podLabels(2), owner, age: 25, unschedulable: MSG.kafka }));
  return { items: [sts], pods };
}

/**
 * The trainer's claim: four GPUs on one PCIe root. Each GPU node has 8, four per root, and runs an
 * inference pod whose claim holds one GPU of each root: 6 free per node, but no root with 4 free.
 */
function gpuObjects(): Workload {
  const deviceClass = { apiVersion: 'resource.k8s.io/v1', kind: 'DeviceClass', metadata: { creationTimestamp: ago(30_000), generation: 1, name: GPU_DRIVER, resourceVersion: '560001', uid: uid(18, 1) }, spec: { selectors: [{ cel: { expression: `device.driver == "${GPU_DRIVER}"` } }] } };
  const slices = poolNodes('gpu').map((n, i) => ({
    apiVersion: 'resource.k8s.io/v1', kind: 'ResourceSlice',
    metadata: { creationTimestamp: ago(n.ageMinutes - 1), generateName: `${n.name}-${GPU_DRIVER}-`, generation: 1, name: `${n.name}-${GPU_DRIVER}-${suffix(i + 40)}`, ownerReferences: [{ apiVersion: 'v1', controller: true, kind: 'Node', name: n.name, uid: uid(11, nodes.indexOf(n)) }], resourceVersion: String(560_010 + i), uid: uid(18, 10 + i) },
    spec: {
      driver: GPU_DRIVER, nodeName: n.name, pool: { generation: 1, name: n.name, resourceSliceCount: 1 },
      devices: Array.from({ length: 8 }, (_, g) => ({ name: `gpu-${g}`, attributes: { model: { string: 'A100-SXM4-40GB' }, pcieRoot: { string: `pci0000:${(g >> 2).toString(16).padStart(2, '0')}` } }, capacity: { memory: { value: '40Gi' } } })),
    },
  }));
  // an inference server per GPU node, its claim allocated one GPU on each PCIe root (what the scheduler wrote)
  const requests = [0, 1].map((root) => ({ exactly: { allocationMode: 'ExactCount', count: 1, deviceClassName: GPU_DRIVER, selectors: [{ cel: { expression: `device.attributes["${GPU_DRIVER}"].pcieRoot == "pci0000:0${root}"` } }] }, name: `root${root}` }));
  const inference = poolNodes('gpu').flatMap((n, i) => {
    const name = `inference-${i}`;
    const pod = podObject({
      namespace: 'ml', name, labels: { app: 'inference' }, cpu: '4', memory: '32Gi', image: 'ghcr.io/example/inference:1.2.0', node: n.name, age: 5000,
      nodeSelector: { 'node-pool': 'gpu' }, tolerations: [{ effect: 'NoSchedule', key: 'nvidia.com/gpu', operator: 'Exists' }], resourceClaims: [{ name: 'gpus', resourceClaimName: `${name}-gpus` }],
    });
    const podUid = (pod.metadata as { uid: string }).uid;
    const claim = {
      apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim',
      metadata: { creationTimestamp: ago(5001), name: `${name}-gpus`, namespace: 'ml', resourceVersion: String(560_200 + i), uid: uid(18, 200 + i) },
      spec: { devices: { requests } },
      status: {
        allocation: { devices: { results: [0, 4].map((g, k) => ({ device: `gpu-${g}`, driver: GPU_DRIVER, pool: n.name, request: `root${k}` })) }, nodeSelector: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [n.name] }] }] } },
        reservedFor: [{ name, resource: 'pods', uid: podUid }],
      },
    };
    return [{ claim, pod }];
  });
  const claim = {
    apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim',
    metadata: { creationTimestamp: ago(61), name: 'trainer-gpus', namespace: 'ml', resourceVersion: '560100', uid: uid(18, 100) },
    spec: { devices: { constraints: [{ matchAttribute: `${GPU_DRIVER}/pcieRoot`, requests: ['gpus'] }], requests: [{ exactly: { allocationMode: 'ExactCount', count: 4, deviceClassName: GPU_DRIVER }, name: 'gpus' }] } },
    status: {},
  };
  return { items: [deviceClass, ...slices, ...inference.map((x) => x.claim), claim], pods: inference.map((x) => x.pod) };
}

const N = nodes.length;
// What the PostFilter plugins add before preemption's part, as a v1.35 scheduler writes it (DRA is
// on by default since 1.34): DynamicResources' PostFilter runs first and its message is joined to
// DefaultPreemption's with ", ". A pod without claims gets "no new claims to deallocate"; a pod
// whose claims none could be deallocated for "still not schedulable".
// upstream: pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go (PostFilter),
// pkg/scheduler/framework/runtime/framework.go (RunPostFilterPlugins)
const NO_CLAIMS = 'no new claims to deallocate, ';
const CLAIMS_KEPT = 'still not schedulable, ';
const MSG = {
  geo: `0/${N} nodes are available: 14 node(s) didn't match Pod's node affinity/selector, 2 node(s) had untolerated taint(s), 3 node(s) were unschedulable. ${NO_CLAIMS}preemption: 0/${N} nodes are available: ${N} Preemption is not helpful for scheduling.`,
  trainer: `0/${N} nodes are available: 14 node(s) didn't match Pod's node affinity/selector, 2 cannot allocate all claims, 3 node(s) were unschedulable. ${CLAIMS_KEPT}preemption: 0/${N} nodes are available: ${N} Preemption is not helpful for scheduling.`,
  checkout: `0/${N} nodes are available: 2 node(s) had untolerated taint(s), 3 node(s) were unschedulable, 5 node(s) didn't match Pod's node affinity/selector, 9 node(s) didn't match pod topology spread constraints. ${NO_CLAIMS}preemption: 0/${N} nodes are available: 10 Preemption is not helpful for scheduling, 9 No preemption victims found for incoming pod.`,
  kafka: `0/${N} nodes are available: 2 Insufficient cpu, 2 node(s) had untolerated taint(s), 3 node(s) were unschedulable, 5 node(s) didn't match Pod's node affinity/selector, 9 Insufficient memory. ${NO_CLAIMS}preemption: 0/${N} nodes are available: 10 Preemption is not helpful for scheduling, 9 No preemption victims found for incoming pod.`,
  ingress: `0/${N} nodes are available: 12 node(s) didn't match Pod's node affinity/selector, 2 node(s) didn't have free ports for the requested pod ports, 2 node(s) had untolerated taint(s), 3 node(s) were unschedulable. ${NO_CLAIMS}preemption: 0/${N} nodes are available: 17 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.`,
  risk: `0/${N} nodes are available: 2 node(s) had untolerated taint(s), 3 node(s) were unschedulable, 5 node(s) didn't match Pod's node affinity/selector, 9 Insufficient cpu. ${NO_CLAIMS}preemption: 0/${N} nodes are available: 10 Preemption is not helpful for scheduling, 9 No preemption victims found for incoming pod.`,
  finance: `0/${N} nodes are available: 11 node(s) didn't match Pod's node affinity/selector, 2 node(s) had untolerated taint(s), 3 Insufficient cpu, 3 node(s) were unschedulable. ${NO_CLAIMS}preemption: not eligible due to preemptionPolicy=Never.`,
  token: `0/${N} nodes are available: 12 node(s) didn't match Pod's node affinity/selector, 2 node(s) didn't match pod anti-affinity rules, 2 node(s) had untolerated taint(s), 3 node(s) were unschedulable. ${NO_CLAIMS}preemption: 0/${N} nodes are available: 17 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.`,
  /** recorded before the newest high-mem node joined: it counts one node fewer */
  stale: `0/${N - 1} nodes are available: 2 Insufficient cpu, 2 node(s) had untolerated taint(s), 3 node(s) were unschedulable, 12 node(s) didn't match Pod's node affinity/selector. ${NO_CLAIMS}preemption: 0/${N - 1} nodes are available: 2 No preemption victims found for incoming pod, 16 Preemption is not helpful for scheduling.`,
};

export const pendingCauses: MarkedFix[] = [
  { pod: 'geo/geo-api-', cause: 'required node affinity, one expression, a zone no node has (us-east-1x)', fix: { kind: 'affinity-value', value: 'us-east-1a' } },
  // was "drop matchAttribute pcieRoot": a reviewer keeps the GPU-topology constraint the job
  // declared and scales the GPU pool (a node like one with its ResourceSlice has 4 free per root);
  // dropping the constraint ranks below it (rank.ts Tier.Relax)
  { pod: 'ml/trainer', cause: 'a ResourceClaim for 4 GPUs on one PCIe root; inference pods hold one GPU of each root on every GPU node', fix: { kind: 'add-node' } },
  { pod: 'web/checkout-', cause: 'a Deployment\'s zone spread (matchLabelKeys [pod-template-hash], stored merged into the pods\' selector) where us-east-1d is cordoned (INC-123) but counts under nodeTaintsPolicy Ignore', fix: { kind: 'spread', nodeTaintsPolicy: 'Honor' } },
  { pod: 'kafka/kafka-2', cause: 'a broker needs 24Gi of the general pool; the GPU pool beside it is tainted, the high-mem pool is another pool', fix: { kind: 'add-node' } },
  // the rollout strategy, not another node: maxUnavailable 0 keeps both old pods on their ports
  { pod: 'edge/ingress-gw-', cause: 'a surge rollout: the old ReplicaSet holds hostPort 443 on both edge nodes', fix: { kind: 'rollout', maxSurge: 0, maxUnavailable: 1 } },
  { pod: 'batch/nightly-etl-', cause: 'schedulerName volcano: no profile serves it', fix: { kind: 'scheduler-name', schedulerName: 'default-scheduler' } },
  { pod: 'risk/risk-engine-', cause: 'cpu shortage; the namespace\'s other workloads use the existing PriorityClass business-critical; a PDB guards the cache', fix: { kind: 'priority', priorityClassName: 'business-critical' } },
  // the idle, tainted GPU pool has room: tolerating its taint is what a reviewer rejects; the pool the job selects is scaled
  { pod: 'finance/ledger-recon-', cause: 'a finance batch job (batch-low, preemptionPolicy Never) short of cpu in the high-mem pool it selects, beside an idle tainted GPU pool', fix: { kind: 'add-node' } },
  // one replica per node is the point of the anti-affinity: another edge node, not the term dropped
  { pod: 'auth/token-svc-', cause: 'three replicas with required pod anti-affinity per hostname in the two-node edge pool', fix: { kind: 'add-node' } },
  { pod: 'web/search-', cause: 'a stale FailedScheduling message (one node fewer) from before the newest high-mem node joined', fix: 'placed' },
];

export function productionDump(): string {
  podSeq = 0;
  ip = 0;
  const items: Obj[] = nodes.map(nodeObject);
  const general = (z: number) => poolNodes('general', ZONES[z]);
  const priorityClasses: Obj[] = [
    { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'business-critical', uid: uid(19, 1), creationTimestamp: ago(50_000) }, value: 100_000, globalDefault: false, preemptionPolicy: 'PreemptLowerPriority', description: 'Revenue-critical services' },
    { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'batch-low', uid: uid(19, 2), creationTimestamp: ago(50_000) }, value: -100, globalDefault: false, preemptionPolicy: 'Never', description: 'Batch work that may wait' },
  ];
  const pdb = { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'cache', namespace: 'cache', uid: uid(19, 3), creationTimestamp: ago(40_000), generation: 1 }, spec: { maxUnavailable: 0, selector: { matchLabels: { app: 'cache' } } }, status: { currentHealthy: 7, desiredHealthy: 7, disruptionsAllowed: 0, expectedPods: 7, observedGeneration: 1 } };
  const zonesAtoC = [0, 1, 2];
  const workloads: Workload[] = [
    daemonSet('kube-system', 'kube-proxy', 1, '100m', '128Mi', 'registry.k8s.io/kube-proxy:v1.35.1'),
    daemonSet('monitoring', 'node-exporter', 2, '100m', '180Mi', 'quay.io/prometheus/node-exporter:v1.9.1'),
    // the cache holds 16Gi on every general node of zones a–c but the brokers' (a PDB allows no disruption)
    deployment('cache', 'cache', 3, { cpu: '1', memory: '16Gi', image: 'redis:7.4.2' }, { placed: zonesAtoC.flatMap((z) => general(z).filter((n) => !kafkaHosts.includes(n)).map((n) => n.name)) }),
    // reports take most of the general pool's cpu
    deployment('batch', 'reports', 4, { cpu: '4', memory: '2Gi', image: 'ghcr.io/example/reports:4.2.0' }, { placed: zonesAtoC.flatMap((z) => general(z).map((n) => n.name)) }),
    deployment('analytics', 'spark-history', 12, { cpu: '8', memory: '64Gi', image: 'apache/spark:3.5.4', nodeSelector: { 'node-pool': 'high-mem' } }, { placed: poolNodes('high-mem').map((n) => n.name) }),
    deployment('risk', 'pricing', 5, { cpu: '500m', memory: '1Gi', image: 'ghcr.io/example/pricing:2.0.1', priorityClassName: 'business-critical', priority: 100_000 }, { placed: [general(0)[1]!.name, general(1)[1]!.name] }),
    deployment('risk', 'risk-engine', 6, { cpu: '3', memory: '4Gi', image: 'ghcr.io/example/risk-engine:1.4.0', nodeSelector: { 'node-pool': 'general' } }, { placed: [], pending: [MSG.risk] }),
    deployment('geo', 'geo-api', 7, {
      cpu: '250m', memory: '512Mi', image: 'ghcr.io/example/geo-api:3.3.0',
      affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['us-east-1x'] }] }] } } },
    }, { placed: [], pending: [MSG.geo] }),
    deployment('web', 'checkout', 8, {
      cpu: '200m', memory: '512Mi', image: 'ghcr.io/example/checkout:8.1.0', nodeSelector: { 'node-pool': 'general' },
      topologySpreadConstraints: [{ labelSelector: { matchLabels: { app: 'checkout' } }, matchLabelKeys: ['pod-template-hash'], maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule' }],
    }, { placed: zonesAtoC.map((z) => general(z)[2]!.name), pending: [MSG.checkout] }),
    // a surge rollout of a hostPort Deployment: maxUnavailable 0 keeps both old pods
    deployment('edge', 'ingress-gw', 9, { cpu: '500m', memory: '512Mi', image: 'ghcr.io/example/ingress-gw:2.1.0', nodeSelector: { 'node-pool': 'edge' }, hostPort: 443 },
      { placed: [], pending: [MSG.ingress] }, { spec: { cpu: '500m', memory: '512Mi', image: 'ghcr.io/example/ingress-gw:2.0.3', nodeSelector: { 'node-pool': 'edge' }, hostPort: 443 }, placed: poolNodes('edge').map((n) => n.name) },
      { rollingUpdate: { maxSurge: 1, maxUnavailable: 0 }, type: 'RollingUpdate' }),
    deployment('finance', 'ledger-recon', 13, { cpu: '8', memory: '16Gi', image: 'ghcr.io/example/ledger-recon:5.0.2', nodeSelector: { 'node-pool': 'high-mem' }, priorityClassName: 'batch-low', priority: -100, preemptionPolicy: 'Never' }, { placed: [], pending: [MSG.finance] }),
    deployment('auth', 'token-svc', 14, {
      cpu: '250m', memory: '256Mi', image: 'ghcr.io/example/token-svc:3.1.0', nodeSelector: { 'node-pool': 'edge' },
      affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'token-svc' } }, topologyKey: 'kubernetes.io/hostname' }] } },
    }, { placed: poolNodes('edge').map((n) => n.name), pending: [MSG.token] }),
    deployment('batch', 'nightly-etl', 10, { cpu: '500m', memory: '1Gi', image: 'ghcr.io/example/etl:0.9.2', schedulerName: 'volcano' }, { placed: [], pending: [undefined] }),
    deployment('web', 'search', 11, { cpu: '10', memory: '32Gi', image: 'docker.elastic.co/elasticsearch/elasticsearch:8.17.4', nodeSelector: { 'node-pool': 'high-mem' } }, { placed: [], pending: [MSG.stale] }),
    kafka(),
  ];
  const gpu = gpuObjects();
  for (const w of workloads) items.push(...w.items);
  items.push(...priorityClasses, pdb, ...gpu.items);
  for (const w of workloads) items.push(...w.pods);
  items.push(...gpu.pods);
  items.push(podObject({
    namespace: 'ml', name: 'trainer', labels: { app: 'trainer' }, cpu: '8', memory: '64Gi', image: 'ghcr.io/example/trainer:2.0.0', age: 60,
    nodeSelector: { 'node-pool': 'gpu' }, tolerations: [{ effect: 'NoSchedule', key: 'nvidia.com/gpu', operator: 'Exists' }],
    resourceClaims: [{ name: 'gpus', resourceClaimName: 'trainer-gpus' }], restartPolicy: 'Never', unschedulable: MSG.trainer,
  }));
  // kubectl never writes anchors and aliases: objects the generator shares are written out each time
  return stringify({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } }, { lineWidth: 0, aliasDuplicateObjects: false });
}
