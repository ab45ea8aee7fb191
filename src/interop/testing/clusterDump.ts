// A generated `kubectl get nodes,pods -A -o yaml|json` dump of a realistic cluster, with the
// noise the API server adds (managedFields, resourceVersion, status the scheduler never reads),
// for the importer's tests and benchmark. Deterministic: the same options give the same text.

import { stringify } from 'yaml';

export interface ClusterDumpOptions {
  nodes: number;
  /** total pods in the dump, every kind below included */
  pods: number;
  format?: 'yaml' | 'json';
}

/** What the dump holds, to check an import against without re-deriving it from our own output. */
export interface ClusterDumpCounts {
  nodes: number;
  /** DaemonSet pods (two per node), bound */
  daemonSetPods: number;
  /** Deployment pods (through their ReplicaSets) bound to a node */
  boundPods: number;
  /** Deployment pods the scheduler could not place */
  pendingPods: number;
  succeededPods: number;
  failedPods: number;
  namespaces: string[];
}

type Obj = Record<string, unknown>;

const ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];
const TEAMS = 10;
const TIME = '2025-03-14T09:26:53Z';

/** A fixed-width hex string made from numbers, shaped like an API server uid. */
function uid(kind: number, i: number): string {
  const hex = (n: number, w: number) => (n >>> 0).toString(16).padStart(w, '0').slice(-w);
  return `${hex(kind * 7919 + i, 8)}-${hex(i * 31, 4)}-4${hex(kind, 3)}-8${hex(i, 3)}-${hex(i * 2654435761, 8)}${hex(kind, 4)}`;
}

export function nodeName(i: number): string {
  return `ip-10-0-${Math.floor(i / 250)}-${(i % 250) + 1}.ec2.internal`;
}

function managedFields(manager: string, fields: Obj): Obj[] {
  return [
    { apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: fields, manager, operation: 'Update', time: TIME },
    { apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:status': { 'f:conditions': { '.': {}, 'k:{"type":"Ready"}': { '.': {}, 'f:lastTransitionTime': {}, 'f:status': {}, 'f:type': {} } } } }, manager: 'kubelet', operation: 'Update', subresource: 'status', time: TIME },
  ];
}

function node(i: number): Obj {
  const name = nodeName(i);
  const controlPlane = i < 3;
  const cordoned = i === 3;
  const large = i % 4 === 0;
  const taints: Obj[] = [];
  if (controlPlane) taints.push({ effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' });
  if (cordoned) taints.push({ effect: 'NoSchedule', key: 'node.kubernetes.io/unschedulable', timeAdded: TIME });
  const cpu = large ? '16' : '8';
  const memory = large ? '64453472Ki' : '32086300Ki';
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      annotations: {
        'alpha.kubernetes.io/provided-node-ip': `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
      creationTimestamp: TIME,
      labels: {
        'beta.kubernetes.io/arch': 'amd64',
        'beta.kubernetes.io/instance-type': large ? 'm6i.4xlarge' : 'm6i.2xlarge',
        'beta.kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        'node.kubernetes.io/instance-type': large ? 'm6i.4xlarge' : 'm6i.2xlarge',
        'topology.kubernetes.io/region': 'us-east-1',
        'topology.kubernetes.io/zone': ZONES[i % ZONES.length]!,
        ...(controlPlane ? { 'node-role.kubernetes.io/control-plane': '' } : {}),
      },
      managedFields: managedFields('kubelet', { 'f:metadata': { 'f:annotations': { '.': {}, 'f:node.alpha.kubernetes.io/ttl': {} }, 'f:labels': { '.': {}, 'f:kubernetes.io/hostname': {} } } }),
      name,
      resourceVersion: String(100000 + i),
      uid: uid(1, i),
    },
    spec: {
      podCIDR: `10.244.${i % 256}.0/24`,
      podCIDRs: [`10.244.${i % 256}.0/24`],
      providerID: `aws:///${ZONES[i % ZONES.length]}/i-0${(i * 977).toString(16).padStart(16, '0')}`,
      ...(taints.length ? { taints } : {}),
      ...(cordoned ? { unschedulable: true } : {}),
    },
    status: {
      addresses: [{ address: `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`, type: 'InternalIP' }, { address: name, type: 'Hostname' }],
      allocatable: { cpu: large ? '15890m' : '7910m', 'ephemeral-storage': '95500736762', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory, pods: large ? '234' : '58' },
      capacity: { cpu, 'ephemeral-storage': '104845292Ki', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory, pods: large ? '234' : '58' },
      conditions: ['MemoryPressure', 'DiskPressure', 'PIDPressure'].map((type) => ({
        lastHeartbeatTime: TIME, lastTransitionTime: TIME, message: `kubelet has no ${type.toLowerCase()}`, reason: `KubeletHasNo${type}`, status: 'False', type,
      })).concat([{ lastHeartbeatTime: TIME, lastTransitionTime: TIME, message: 'kubelet is posting ready status', reason: 'KubeletReady', status: 'True', type: 'Ready' }]),
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      images: [
        { names: ['registry.k8s.io/kube-proxy@sha256:0a7b', 'registry.k8s.io/kube-proxy:v1.35.0'], sizeBytes: 30123456 },
        { names: ['docker.io/library/nginx@sha256:2b0c', 'docker.io/library/nginx:1.27'], sizeBytes: 72099410 },
        { names: [`ghcr.io/acme/api@sha256:${(i % 5).toString(16)}f1`, 'ghcr.io/acme/api:4.2.0'], sizeBytes: 210334455 },
      ],
      nodeInfo: {
        architecture: 'amd64', bootID: uid(9, i), containerRuntimeVersion: 'containerd://1.7.27', kernelVersion: '6.1.128-136.201.amzn2023.x86_64',
        kubeProxyVersion: '', kubeletVersion: 'v1.35.0', machineID: uid(8, i).replace(/-/g, ''), operatingSystem: 'linux', osImage: 'Amazon Linux 2023.6.20250303', systemUUID: uid(7, i),
      },
    },
  };
}

interface PodShape {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  owner: { apiVersion: string; kind: string; name: string; uid: string };
  nodeName?: string;
  phase: 'Pending' | 'Running' | 'Succeeded' | 'Failed';
  image: string;
  cpu: string;
  memory: string;
  uidIndex: number;
  tolerations?: Obj[];
  priorityClassName?: string;
}

function pod(p: PodShape): Obj {
  const running = p.phase === 'Running';
  const conditions: Obj[] = p.nodeName
    ? ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map((type) => ({
      lastProbeTime: null, lastTransitionTime: TIME, status: running || type === 'PodScheduled' || type === 'Initialized' ? 'True' : 'False', type,
      ...(!running && (type === 'Ready' || type === 'ContainersReady') ? { reason: 'PodCompleted' } : {}),
    }))
    : [{ lastProbeTime: null, lastTransitionTime: TIME, message: '0/300 nodes are available: 3 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 297 Insufficient cpu. preemption: 0/300 nodes are available: 3 Preemption is not helpful for scheduling, 297 No preemption victims found for incoming pod.', reason: 'Unschedulable', status: 'False', type: 'PodScheduled' }];
  const status: Obj = { conditions, phase: p.phase, qosClass: 'Burstable' };
  if (p.nodeName) {
    Object.assign(status, {
      containerStatuses: [{
        containerID: `containerd://${uid(3, p.uidIndex).replace(/-/g, '')}`, image: p.image, imageID: `${p.image}@sha256:9c1f`, lastState: {}, name: 'main', ready: running, restartCount: 0, started: running,
        state: running ? { running: { startedAt: TIME } } : { terminated: { containerID: 'containerd://00', exitCode: p.phase === 'Failed' ? 1 : 0, finishedAt: TIME, reason: p.phase === 'Failed' ? 'Error' : 'Completed', startedAt: TIME } },
      }],
      hostIP: '10.0.0.1', hostIPs: [{ ip: '10.0.0.1' }], podIP: '10.244.0.7', podIPs: [{ ip: '10.244.0.7' }], startTime: TIME,
    });
  }
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      annotations: { 'kubectl.kubernetes.io/restartedAt': '2025-03-01T08:00:00Z' },
      creationTimestamp: TIME,
      generateName: `${p.owner.name}-`,
      labels: p.labels,
      managedFields: managedFields('kube-controller-manager', { 'f:metadata': { 'f:generateName': {}, 'f:labels': { '.': {}, 'f:app': {} }, 'f:ownerReferences': { '.': {}, [`k:{"uid":"${p.owner.uid}"}`]: {} } } }),
      name: p.name,
      namespace: p.namespace,
      ownerReferences: [{ ...p.owner, blockOwnerDeletion: true, controller: true }],
      resourceVersion: String(200000 + p.uidIndex),
      uid: uid(2, p.uidIndex),
    },
    spec: {
      containers: [{
        env: [{ name: 'LOG_LEVEL', value: 'info' }, { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } }],
        image: p.image,
        imagePullPolicy: 'IfNotPresent',
        livenessProbe: { failureThreshold: 3, httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' }, periodSeconds: 10, successThreshold: 1, timeoutSeconds: 1 },
        name: 'main',
        ports: [{ containerPort: 8080, name: 'http', protocol: 'TCP' }],
        resources: { limits: { memory: p.memory }, requests: { cpu: p.cpu, memory: p.memory } },
        terminationMessagePath: '/dev/termination-log',
        terminationMessagePolicy: 'File',
        volumeMounts: [{ mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', name: 'kube-api-access-x7k2p', readOnly: true }],
      }],
      dnsPolicy: 'ClusterFirst',
      enableServiceLinks: true,
      ...(p.nodeName ? { nodeName: p.nodeName } : {}),
      preemptionPolicy: 'PreemptLowerPriority',
      priority: p.priorityClassName === 'system-node-critical' ? 2000001000 : 0,
      ...(p.priorityClassName ? { priorityClassName: p.priorityClassName } : {}),
      restartPolicy: p.owner.kind === 'Job' ? 'Never' : 'Always',
      schedulerName: 'default-scheduler',
      securityContext: {},
      serviceAccount: 'default',
      serviceAccountName: 'default',
      terminationGracePeriodSeconds: 30,
      tolerations: [
        ...(p.tolerations ?? []),
        { effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists', tolerationSeconds: 300 },
        { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', operator: 'Exists', tolerationSeconds: 300 },
      ],
      volumes: [{
        name: 'kube-api-access-x7k2p',
        projected: {
          defaultMode: 420,
          sources: [
            { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
            { configMap: { items: [{ key: 'ca.crt', path: 'ca.crt' }], name: 'kube-root-ca.crt' } },
            { downwardAPI: { items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' }] } },
          ],
        },
      }],
    },
    status,
  };
}

/** Five characters from the pod-name alphabet, distinct for distinct inputs below 27^5. */
function suffix(n: number): string {
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  let s = '';
  for (let i = 0; i < 5; i++) {
    s += alphabet[n % alphabet.length];
    n = Math.floor(n / alphabet.length);
  }
  return s;
}

export function generateClusterDump(opts: ClusterDumpOptions): { text: string; counts: ClusterDumpCounts } {
  const items: Obj[] = [];
  for (let i = 0; i < opts.nodes; i++) items.push(node(i));
  const counts: ClusterDumpCounts = { nodes: opts.nodes, daemonSetPods: 0, boundPods: 0, pendingPods: 0, succeededPods: 0, failedPods: 0, namespaces: [] };
  const namespaces = new Set<string>();
  let podIndex = 0;
  const add = (p: Omit<PodShape, 'uidIndex'>) => {
    namespaces.add(p.namespace);
    items.push(pod({ ...p, uidIndex: podIndex++ }));
  };
  const daemonSets = [
    { name: 'kube-proxy', image: 'registry.k8s.io/kube-proxy:v1.35.0', cpu: '100m', memory: '64Mi' },
    { name: 'fluent-bit', image: 'cr.fluentbit.io/fluent/fluent-bit:3.2', cpu: '50m', memory: '96Mi' },
  ];
  const remaining = () => opts.pods - podIndex;
  daemonSets.forEach((ds, d) => {
    for (let i = 0; i < opts.nodes && remaining() > 0; i++) {
      add({
        name: `${ds.name}-${suffix(d * 100000 + i)}`, namespace: 'kube-system', labels: { 'controller-revision-hash': '6b9f7c8d44', 'k8s-app': ds.name, 'pod-template-generation': '1' },
        owner: { apiVersion: 'apps/v1', kind: 'DaemonSet', name: ds.name, uid: uid(4, d) },
        nodeName: nodeName(i), phase: 'Running', image: ds.image, cpu: ds.cpu, memory: ds.memory,
        tolerations: [{ operator: 'Exists' }], priorityClassName: 'system-node-critical',
      });
      counts.daemonSetPods++;
    }
  });
  // Finished Job pods: a nightly report job per team.
  const finished = Math.min(remaining(), Math.floor(opts.pods / 40));
  for (let i = 0; i < finished; i++) {
    const team = i % TEAMS;
    const failed = i % 6 === 5;
    add({
      name: `report-${suffix(300000 + i)}`, namespace: `team-${team}`, labels: { 'batch.kubernetes.io/job-name': `report-${team}`, 'job-name': `report-${team}` },
      owner: { apiVersion: 'batch/v1', kind: 'Job', name: `report-${team}`, uid: uid(5, team) },
      nodeName: nodeName(3 + (i % Math.max(1, opts.nodes - 3))), phase: failed ? 'Failed' : 'Succeeded', image: 'ghcr.io/acme/report:1.0', cpu: '500m', memory: '1Gi',
    });
    if (failed) counts.failedPods++;
    else counts.succeededPods++;
  }
  // Deployment pods, round-robin over the worker nodes; every 60th is still pending.
  const workers = Math.max(1, opts.nodes - 4);
  for (let i = 0; remaining() > 0; i++) {
    const team = i % TEAMS;
    const app = `api-${Math.floor(i / TEAMS) % 5}`;
    const rs = `${app}-7d9f8c6b5${team}`;
    const pending = i % 60 === 59;
    add({
      name: `${rs}-${suffix(500000 + i)}`, namespace: `team-${team}`, labels: { app, 'pod-template-hash': `7d9f8c6b5${team}` },
      owner: { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: rs, uid: uid(6, team * 5 + (Math.floor(i / TEAMS) % 5)) },
      ...(pending ? {} : { nodeName: nodeName(4 + (i % workers)) }), phase: pending ? 'Pending' : 'Running',
      image: 'ghcr.io/acme/api:4.2.0', cpu: pending ? '12' : '100m', memory: '256Mi',
    });
    if (pending) counts.pendingPods++;
    else counts.boundPods++;
  }
  counts.namespaces = [...namespaces].sort();
  const list = { apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } };
  const text = opts.format === 'json' ? `${JSON.stringify(list, null, 4)}\n` : stringify(list, { version: '1.1', lineWidth: 0, indentSeq: false });
  return { text, counts };
}
