// The 20-node, 3-zone dump behind the "why is my pod Pending" tests: what
// `kubectl get nodes,pods,deployments,replicasets,daemonsets,statefulsets,jobs -A -o yaml` prints for
// a small production cluster, with 7 Pending pods, each Pending for its own reason:
//   ml/trainer-…          nodeSelector pool=gpu, no toleration for the GPU nodes' taint
//   shop/search-…         nodeSelector disktype=ssd, which no node has
//   batch/report-…        a Job pod requesting more cpu than any node has free
//   db/postgres-2         StatefulSet, anti-affinity per hostname, only two highmem nodes
//   payments/payments-…   zone spread (maxSkew 1) while zone c is full
//   ops/debug-shell       pinned to the cordoned node
//   shop/web-…-q9x2k      Pending in the dump, but a finished Job left room: the simulation places it
// Deterministic; the committed fixture (src/interop/fixtures/kubectl-20-nodes-pending.yaml) is
// this function's output, checked by pendingClusterDump.test.ts (UPDATE_FIXTURE=1 rewrites it).

import { stringify } from 'yaml';

type Obj = Record<string, unknown>;

const ZONES = ['eu-west-1a', 'eu-west-1b', 'eu-west-1c'] as const;
/** 2025-03-14T09:26:53Z, when the dump was taken, in seconds since the epoch */
const LATEST = 1741944413;

/** Gregorian date of a day number since 1970-01-01 (H. Hinnant's civil_from_days). */
function civil(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/** an RFC 3339 time `minutes` before the dump was taken */
export function ago(minutes: number): string {
  const t = LATEST - minutes * 60;
  const [y, mo, d] = civil(Math.floor(t / 86400));
  const s = t % 86400;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${y}-${two(mo)}-${two(d)}T${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}Z`;
}

export function uid(kind: number, i: number): string {
  const hex = (n: number, w: number) => (n >>> 0).toString(16).padStart(w, '0').slice(-w);
  return `${hex(kind * 7919 + i * 104729, 8)}-${hex(i * 31 + kind, 4)}-4${hex(kind * 13 + i, 3)}-9${hex(i * 7, 3)}-${hex(i * 2654435761 + kind, 8)}${hex(kind * 977, 4)}`;
}

interface NodeShape { name: string; zone: string; pool: 'general' | 'gpu' | 'highmem'; cpu: string; memory: string; cordoned?: boolean }

const nodes: NodeShape[] = [];
for (let i = 0; i < 14; i++) nodes.push({ name: `ip-10-0-${10 + (i % 3)}-${21 + i}.eu-west-1.compute.internal`, zone: ZONES[i % 3]!, pool: 'general', cpu: '3920m', memory: '15225656Ki' });
for (let i = 0; i < 3; i++) nodes.push({ name: `ip-10-0-${10 + i}-${61 + i}.eu-west-1.compute.internal`, zone: ZONES[i]!, pool: 'gpu', cpu: '7910m', memory: '31676908Ki' });
for (let i = 0; i < 2; i++) nodes.push({ name: `ip-10-0-${10 + i}-${81 + i}.eu-west-1.compute.internal`, zone: ZONES[i]!, pool: 'highmem', cpu: '7910m', memory: '64453472Ki' });
nodes.push({ name: 'ip-10-0-12-99.eu-west-1.compute.internal', zone: ZONES[2], pool: 'general', cpu: '3920m', memory: '15225656Ki', cordoned: true });

const general = nodes.filter((n) => n.pool === 'general' && !n.cordoned);
const inZone = (zone: string) => general.filter((n) => n.zone === zone);

/** An EC2 node's spec: its provider id (from `instance`), taints, cordon. */
export function nodeSpec(n: { zone: string; cordoned?: boolean }, instance: number, taints: Obj[]): Obj {
  return {
    providerID: `aws:///${n.zone}/i-0${instance.toString(16).padStart(16, '0')}`,
    ...(taints.length ? { taints } : {}),
    ...(n.cordoned ? { unschedulable: true } : {}),
  };
}

/** An EC2 node's addresses: the IP its name spells (ip-10-0-10-21 → 10.0.10.21) and the name. */
export const nodeAddresses = (name: string): Obj[] => [{ address: name.slice(3, name.indexOf('.')).replace(/-/g, '.'), type: 'InternalIP' }, { address: name, type: 'Hostname' }];

function nodeObject(n: NodeShape, i: number): Obj {
  const taints: Obj[] = [];
  if (n.pool === 'gpu') taints.push({ effect: 'NoSchedule', key: 'nvidia.com/gpu', value: 'present' });
  if (n.cordoned) taints.push({ effect: 'NoSchedule', key: 'node.kubernetes.io/unschedulable', timeAdded: ago(95) });
  const capacityCpu = n.cpu === '3920m' ? '4' : '8';
  return {
    apiVersion: 'v1', kind: 'Node',
    metadata: {
      annotations: { 'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true' },
      creationTimestamp: ago(20_000 - i * 60),
      labels: {
        'beta.kubernetes.io/arch': 'amd64', 'beta.kubernetes.io/os': 'linux', 'eks.amazonaws.com/nodegroup': `${n.pool}-pool`,
        'kubernetes.io/arch': 'amd64', 'kubernetes.io/hostname': n.name, 'kubernetes.io/os': 'linux',
        'node.kubernetes.io/instance-type': n.pool === 'general' ? 'm6i.xlarge' : n.pool === 'gpu' ? 'g5.2xlarge' : 'r6i.2xlarge',
        pool: n.pool, 'topology.kubernetes.io/region': 'eu-west-1', 'topology.kubernetes.io/zone': n.zone,
      },
      name: n.name, resourceVersion: String(81234 + i), uid: uid(1, i),
    },
    spec: nodeSpec(n, i * 7919 + 4099, taints),
    status: {
      addresses: nodeAddresses(n.name),
      allocatable: { cpu: n.cpu, 'ephemeral-storage': '95551679124', memory: n.memory, pods: '58' },
      capacity: { cpu: capacityCpu, 'ephemeral-storage': '104845292Ki', memory: n.memory, pods: '58' },
      conditions: [
        { lastHeartbeatTime: ago(1), lastTransitionTime: ago(20_000 - i * 60), message: 'kubelet has sufficient memory available', reason: 'KubeletHasSufficientMemory', status: 'False', type: 'MemoryPressure' },
        { lastHeartbeatTime: ago(1), lastTransitionTime: ago(20_000 - i * 60), message: 'kubelet is posting ready status', reason: 'KubeletReady', status: 'True', type: 'Ready' },
      ],
      nodeInfo: { architecture: 'amd64', containerRuntimeVersion: 'containerd://1.7.25', kubeletVersion: 'v1.35.0-eks-4f4795d', operatingSystem: 'linux', osImage: 'Amazon Linux 2023.6.20250303' },
    },
  };
}

export interface Owner { apiVersion: string; kind: string; name: string; uid: string }

interface PodShape {
  namespace: string;
  name: string;
  labels: Record<string, string>;
  owner?: Owner;
  node?: string;
  cpu: string;
  memory: string;
  image: string;
  /** minutes before the dump */
  age: number;
  nodeSelector?: Record<string, string>;
  tolerations?: Obj[];
  affinity?: Obj;
  topologySpreadConstraints?: Obj[];
  priorityClassName?: string;
  priority?: number;
  phase?: 'Pending' | 'Running' | 'Succeeded';
  /** the FailedScheduling message the cluster recorded, for a Pending pod */
  unschedulable?: string;
  restartPolicy?: string;
}

/** A pod's metadata as the API server stores it: generateName and a controller reference when a workload owns it. */
export function podMetadata(p: { name: string; namespace: string; labels: Record<string, string>; owner?: Owner }, created: string, resourceVersion: string, podUid: string): Obj {
  return {
    creationTimestamp: created,
    ...(p.owner ? { generateName: `${p.name.slice(0, p.name.lastIndexOf('-') + 1)}` } : {}),
    labels: p.labels, name: p.name, namespace: p.namespace,
    ...(p.owner ? { ownerReferences: [{ ...p.owner, blockOwnerDeletion: true, controller: true }] } : {}),
    resourceVersion, uid: podUid,
  };
}

let podSeq = 0;
function podObject(p: PodShape): Obj {
  const i = podSeq++;
  const phase = p.phase ?? (p.node ? 'Running' : 'Pending');
  const created = ago(p.age);
  const conditions: Obj[] = p.node
    ? ['Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map((type) => ({ lastProbeTime: null, lastTransitionTime: ago(p.age - 1), status: phase === 'Succeeded' && type !== 'PodScheduled' && type !== 'Initialized' ? 'False' : 'True', type }))
    : [{ lastProbeTime: null, lastTransitionTime: created, message: p.unschedulable, reason: 'Unschedulable', status: 'False', type: 'PodScheduled' }];
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: podMetadata(p, created, String(90000 + i), uid(2, i)),
    spec: {
      ...(p.affinity ? { affinity: p.affinity } : {}),
      containers: [{
        image: p.image, imagePullPolicy: 'IfNotPresent', name: 'main',
        resources: { limits: { memory: p.memory }, requests: { cpu: p.cpu, memory: p.memory } },
        terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File',
        volumeMounts: [{ mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', name: 'kube-api-access-5w8zq', readOnly: true }],
      }],
      dnsPolicy: 'ClusterFirst', enableServiceLinks: true,
      ...(p.node ? { nodeName: p.node } : {}),
      ...(p.nodeSelector ? { nodeSelector: p.nodeSelector } : {}),
      preemptionPolicy: 'PreemptLowerPriority', priority: p.priority ?? 0,
      ...(p.priorityClassName ? { priorityClassName: p.priorityClassName } : {}),
      restartPolicy: p.restartPolicy ?? 'Always', schedulerName: 'default-scheduler', securityContext: {},
      serviceAccount: 'default', serviceAccountName: 'default', terminationGracePeriodSeconds: 30,
      tolerations: [
        ...(p.tolerations ?? []),
        { effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists', tolerationSeconds: 300 },
        { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', operator: 'Exists', tolerationSeconds: 300 },
      ],
      ...(p.topologySpreadConstraints ? { topologySpreadConstraints: p.topologySpreadConstraints } : {}),
      volumes: [{ name: 'kube-api-access-5w8zq', projected: { defaultMode: 420, sources: [{ serviceAccountToken: { expirationSeconds: 3607, path: 'token' } }] } }],
    },
    status: {
      conditions, phase, qosClass: 'Burstable',
      ...(p.node ? { hostIP: '10.0.10.21', podIP: `10.0.${40 + (i % 200)}.${i % 250}`, startTime: ago(p.age - 1) } : {}),
    },
  };
}

function template(labels: Record<string, string>, spec: Omit<PodShape, 'namespace' | 'name' | 'labels' | 'age'>): Obj {
  return {
    metadata: { labels },
    spec: {
      ...(spec.affinity ? { affinity: spec.affinity } : {}),
      containers: [{ image: spec.image, name: 'main', resources: { limits: { memory: spec.memory }, requests: { cpu: spec.cpu, memory: spec.memory } } }],
      ...(spec.nodeSelector ? { nodeSelector: spec.nodeSelector } : {}),
      ...(spec.priorityClassName ? { priorityClassName: spec.priorityClassName } : {}),
      ...(spec.restartPolicy ? { restartPolicy: spec.restartPolicy } : {}),
      ...(spec.tolerations ? { tolerations: spec.tolerations } : {}),
      ...(spec.topologySpreadConstraints ? { topologySpreadConstraints: spec.topologySpreadConstraints } : {}),
    },
  };
}

const SUFFIX = 'bcdfghjklmnpqrstvwxz2456789';
export const suffix = (n: number): string => Array.from({ length: 5 }, (_, k) => SUFFIX[Math.floor(n / SUFFIX.length ** k) % SUFFIX.length]).join('');

interface Workload { items: Obj[]; pods: Obj[] }

/** A Deployment, its ReplicaSet and pods placed on the given nodes (undefined: Pending). */
function deployment(namespace: string, name: string, hash: string, wuid: number, spec: Omit<PodShape, 'namespace' | 'name' | 'labels' | 'age'>, placement: (string | undefined)[], age: number, pending: { message: string; podName?: string; phase?: 'Pending' }[] = []): Workload {
  const labels = { app: name };
  const dUid = uid(3, wuid), rsUid = uid(4, wuid);
  const replicas = placement.length + pending.length;
  const deploy = {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { annotations: { 'deployment.kubernetes.io/revision': '1' }, creationTimestamp: ago(age + 5), generation: 1, labels, name, namespace, resourceVersion: String(70000 + wuid), uid: dUid },
    spec: { progressDeadlineSeconds: 600, replicas, revisionHistoryLimit: 10, selector: { matchLabels: labels }, strategy: { rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' }, type: 'RollingUpdate' }, template: template(labels, spec) },
    status: { availableReplicas: placement.length, observedGeneration: 1, readyReplicas: placement.length, replicas, updatedReplicas: replicas },
  };
  const rsLabels = { ...labels, 'pod-template-hash': hash };
  const rs = {
    apiVersion: 'apps/v1', kind: 'ReplicaSet',
    metadata: {
      annotations: { 'deployment.kubernetes.io/desired-replicas': String(replicas), 'deployment.kubernetes.io/revision': '1' }, creationTimestamp: ago(age + 4), generation: 1, labels: rsLabels, name: `${name}-${hash}`, namespace,
      ownerReferences: [{ apiVersion: 'apps/v1', blockOwnerDeletion: true, controller: true, kind: 'Deployment', name, uid: dUid }], resourceVersion: String(71000 + wuid), uid: rsUid,
    },
    spec: { replicas, selector: { matchLabels: rsLabels }, template: template(rsLabels, spec) },
    status: { availableReplicas: placement.length, fullyLabeledReplicas: replicas, observedGeneration: 1, readyReplicas: placement.length, replicas },
  };
  const owner: Owner = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${name}-${hash}`, uid: rsUid };
  const pods = placement.map((node, k) => podObject({ ...spec, namespace, name: `${name}-${hash}-${suffix(wuid * 1000 + k * 37 + 11)}`, labels: rsLabels, owner, node, age: age - k }));
  pending.forEach((p, k) => pods.push(podObject({ ...spec, namespace, name: p.podName ?? `${name}-${hash}-${suffix(wuid * 1000 + 900 + k)}`, labels: rsLabels, owner, age: 30 - k * 7, unschedulable: p.message })));
  return { items: [deploy, rs], pods };
}

const toleratesAll: Obj[] = [{ operator: 'Exists' }];

function daemonSet(namespace: string, name: string, wuid: number, cpu: string, memory: string, image: string): Workload {
  const labels = { 'app.kubernetes.io/name': name };
  const dsUid = uid(5, wuid);
  const spec = { cpu, memory, image, tolerations: toleratesAll, priorityClassName: 'system-node-critical', priority: 2000001000 };
  const ds = {
    apiVersion: 'apps/v1', kind: 'DaemonSet',
    metadata: { annotations: { 'deprecated.daemonset.template.generation': '1' }, creationTimestamp: ago(20_100), generation: 1, labels, name, namespace, resourceVersion: String(72000 + wuid), uid: dsUid },
    spec: { revisionHistoryLimit: 10, selector: { matchLabels: labels }, template: template(labels, spec), updateStrategy: { rollingUpdate: { maxSurge: 0, maxUnavailable: 1 }, type: 'RollingUpdate' } },
    status: { currentNumberScheduled: nodes.length, desiredNumberScheduled: nodes.length, numberAvailable: nodes.length, numberMisscheduled: 0, numberReady: nodes.length, observedGeneration: 1, updatedNumberScheduled: nodes.length },
  };
  const owner: Owner = { apiVersion: 'apps/v1', kind: 'DaemonSet', name, uid: dsUid };
  const pods = nodes.map((n, k) => podObject({
    ...spec, namespace, name: `${name}-${suffix(wuid * 1000 + k * 53 + 7)}`, labels: { ...labels, 'controller-revision-hash': '6b7f9c8d5', 'pod-template-generation': '1' }, owner, node: n.name, age: 20_000 - k * 60,
    affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [n.name] }] }] } } },
  }));
  return { items: [ds], pods };
}

function statefulSet(): Workload {
  const labels = { app: 'postgres' };
  const ssUid = uid(6, 1);
  const spec = {
    cpu: '2', memory: '24Gi', image: 'postgres:16.6', nodeSelector: { pool: 'highmem' },
    affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: labels }, topologyKey: 'kubernetes.io/hostname' }] } },
  };
  const sts = {
    apiVersion: 'apps/v1', kind: 'StatefulSet',
    metadata: { creationTimestamp: ago(9000), generation: 1, labels, name: 'postgres', namespace: 'db', resourceVersion: '73001', uid: ssUid },
    spec: { persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' }, podManagementPolicy: 'OrderedReady', replicas: 3, revisionHistoryLimit: 10, selector: { matchLabels: labels }, serviceName: 'postgres', template: template(labels, spec), updateStrategy: { rollingUpdate: { partition: 0 }, type: 'RollingUpdate' } },
    status: { availableReplicas: 2, currentReplicas: 3, observedGeneration: 1, readyReplicas: 2, replicas: 3 },
  };
  const owner: Owner = { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'postgres', uid: ssUid };
  const highmem = nodes.filter((n) => n.pool === 'highmem');
  const podLabels = (k: number) => ({ ...labels, 'apps.kubernetes.io/pod-index': String(k), 'controller-revision-hash': 'postgres-7c9d8f6b4', 'statefulset.kubernetes.io/pod-name': `postgres-${k}` });
  const pods = [0, 1].map((k) => podObject({ ...spec, namespace: 'db', name: `postgres-${k}`, labels: podLabels(k), owner, node: highmem[k]!.name, age: 9000 - k * 3 }));
  pods.push(podObject({
    ...spec, namespace: 'db', name: 'postgres-2', labels: podLabels(2), owner, age: 8990,
    unschedulable: "0/20 nodes are available: 1 node(s) were unschedulable, 14 node(s) didn't match Pod's node affinity/selector, 2 node(s) didn't match pod anti-affinity rules, 3 node(s) had untolerated taint(s). preemption: 0/20 nodes are available: 2 No preemption victims found for incoming pod, 18 Preemption is not helpful for scheduling.",
  }));
  return { items: [sts], pods };
}

function job(): Workload {
  const labels = { 'batch.kubernetes.io/job-name': 'report-2025-03-14', 'job-name': 'report-2025-03-14' };
  const jobUid = uid(7, 1);
  const spec = { cpu: '6', memory: '8Gi', image: 'ghcr.io/acme/report:2.3.1', restartPolicy: 'Never' };
  const jobObj = {
    apiVersion: 'batch/v1', kind: 'Job',
    metadata: { creationTimestamp: ago(42), generation: 1, labels, name: 'report-2025-03-14', namespace: 'batch', resourceVersion: '74001', uid: jobUid },
    spec: { backoffLimit: 6, completionMode: 'NonIndexed', completions: 1, parallelism: 1, selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': jobUid } }, suspend: false, template: template({ ...labels, 'batch.kubernetes.io/controller-uid': jobUid }, spec) },
    status: { active: 1, startTime: ago(42) },
  };
  const owner: Owner = { apiVersion: 'batch/v1', kind: 'Job', name: 'report-2025-03-14', uid: jobUid };
  const pods = [podObject({
    ...spec, namespace: 'batch', name: 'report-2025-03-14-x7lqp', labels: { ...labels, 'batch.kubernetes.io/controller-uid': jobUid }, owner, age: 42,
    unschedulable: '0/20 nodes are available: 1 node(s) were unschedulable, 16 Insufficient cpu, 3 node(s) had untolerated taint(s). preemption: 0/20 nodes are available: 16 No preemption victims found for incoming pod, 4 Preemption is not helpful for scheduling.',
  })];
  // yesterday's run finished: its pod is in the dump as Succeeded (the importer drops it), and it
  // freed the cpu the cluster's web pod was waiting for when the dump was taken
  const doneUid = uid(7, 2);
  const doneLabels = { 'batch.kubernetes.io/job-name': 'cleanup-2025-03-14', 'job-name': 'cleanup-2025-03-14', 'batch.kubernetes.io/controller-uid': doneUid };
  pods.push(podObject({ cpu: '1500m', memory: '1Gi', image: 'ghcr.io/acme/cleanup:1.0.4', restartPolicy: 'Never', namespace: 'batch', name: 'cleanup-2025-03-14-m4k2d', labels: doneLabels, owner: { apiVersion: 'batch/v1', kind: 'Job', name: 'cleanup-2025-03-14', uid: doneUid }, node: inZone(ZONES[0])[0]!.name, age: 12, phase: 'Succeeded' }));
  return { items: [jobObj], pods };
}

const TAINT_MSG = '3 node(s) had untolerated taint(s)';

export function pendingClusterDump(): string {
  podSeq = 0;
  const items: Obj[] = nodes.map(nodeObject);
  const workloads: Workload[] = [
    daemonSet('kube-system', 'kube-proxy', 1, '100m', '128Mi', 'public.ecr.aws/eks-distro/kubernetes/kube-proxy:v1.35.0'),
    daemonSet('monitoring', 'node-exporter', 2, '100m', '180Mi', 'quay.io/prometheus/node-exporter:v1.9.0'),
    // zone c's general nodes are nearly full with ingest workers
    deployment('data', 'ingest', '6f9b8d7c5', 3, { cpu: '3400m', memory: '6Gi', image: 'ghcr.io/acme/ingest:7.1.0' }, inZone(ZONES[2]).map((n) => n.name), 6000),
    deployment('shop', 'web', '7d4b9c6f8', 4, { cpu: '1500m', memory: '1Gi', image: 'ghcr.io/acme/web:3.14.2' },
      [...inZone(ZONES[0]), ...inZone(ZONES[1])].flatMap((n) => [n.name, n.name]).slice(1),
      1200, [{ podName: 'web-7d4b9c6f8-q9x2k', message: `0/20 nodes are available: 1 node(s) were unschedulable, ${TAINT_MSG}, 16 Insufficient cpu. preemption: 0/20 nodes are available: 16 No preemption victims found for incoming pod, 4 Preemption is not helpful for scheduling.` }]),
    deployment('shop', 'search', '5c8f7b9d6', 5, { cpu: '500m', memory: '2Gi', image: 'docker.elastic.co/elasticsearch/elasticsearch:8.17.2', nodeSelector: { disktype: 'ssd' } }, [], 300,
      [{ message: `0/20 nodes are available: 1 node(s) were unschedulable, 16 node(s) didn't match Pod's node affinity/selector, ${TAINT_MSG}. preemption: 0/20 nodes are available: 20 Preemption is not helpful for scheduling.` }]),
    deployment('ml', 'trainer', '8b6d5f7c9', 6, { cpu: '4', memory: '16Gi', image: 'ghcr.io/acme/trainer:0.9.3', nodeSelector: { pool: 'gpu' } }, [], 180,
      [{ message: `0/20 nodes are available: 1 node(s) were unschedulable, 16 node(s) didn't match Pod's node affinity/selector, ${TAINT_MSG}. preemption: 0/20 nodes are available: 20 Preemption is not helpful for scheduling.` }]),
    deployment('payments', 'payments', '9f7c6d8b5', 7, {
      cpu: '400m', memory: '512Mi', image: 'ghcr.io/acme/payments:5.2.0',
      affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'pool', operator: 'In', values: ['general'] }] }] } } },
      topologySpreadConstraints: [{ labelSelector: { matchLabels: { app: 'payments' } }, maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule' }],
    }, [inZone(ZONES[0])[4]!.name, inZone(ZONES[1])[4]!.name], 2400,
    [{ message: "0/20 nodes are available: 1 node(s) were unschedulable, 2 node(s) didn't match Pod's node affinity/selector, 3 node(s) had untolerated taint(s), 6 Insufficient cpu, 8 node(s) didn't match pod topology spread constraints. preemption: 0/20 nodes are available: 6 No preemption victims found for incoming pod, 14 Preemption is not helpful for scheduling." }]),
    statefulSet(),
    job(),
  ];
  const pods: Obj[] = [];
  for (const w of workloads) {
    items.push(...w.items);
    pods.push(...w.pods);
  }
  const cordoned = nodes.find((n) => n.cordoned)!;
  pods.push(podObject({
    namespace: 'ops', name: 'debug-shell', labels: { run: 'debug-shell' }, cpu: '100m', memory: '64Mi', image: 'nicolaka/netshoot:v0.13', age: 20,
    nodeSelector: { 'kubernetes.io/hostname': cordoned.name }, restartPolicy: 'Never',
    unschedulable: "0/20 nodes are available: 1 node(s) were unschedulable, 16 node(s) didn't match Pod's node affinity/selector, 3 node(s) had untolerated taint(s). preemption: 0/20 nodes are available: 20 Preemption is not helpful for scheduling.",
  }));
  items.push(...pods);
  return stringify({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } }, { lineWidth: 0 });
}
