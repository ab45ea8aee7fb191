// A random small cluster as its manifests and controllers wrote it (before an API server stored
// it), for the stored-object property test (../storedObjects.test.ts): nodes with taints and
// cordons, a Deployment with its ReplicaSet and pods (limits-only requests, probes, volumes,
// matchLabelKeys spread and anti-affinity), a StatefulSet with claims, a Job, a DaemonSet, a
// static PV, DRA slices and a claim, a PDB, host-network pods.

import fc from 'fast-check';

type Obj = Record<string, unknown>;

interface NodeShape { cpu: number; memoryGi: number; zone: number; tainted: boolean; cordoned: boolean; slice: boolean }
interface PodTemplateShape {
  limitsOnly: boolean;
  cpuMilli: number;
  port: boolean;
  probes: boolean;
  volumes: boolean;
  spread: boolean;
  antiAffinity: boolean;
  priority: boolean;
  tolerateTaint: boolean;
}
export interface ClusterShape {
  nodes: NodeShape[];
  web: { replicas: number; bound: number[]; template: PodTemplateShape };
  db: { replicas: number; template: PodTemplateShape };
  job: boolean;
  daemonSet: boolean;
  hostNetworkPod: { bound: number | undefined };
  claimPod: boolean;
  staticVolume: boolean;
  /** a LimitRange whose container defaults LimitRanger writes into pods without resources */
  limitRange: boolean;
  /** a pod with pod-level limits only (requests default from its containers) and a sidecar */
  podLevel: { bound: number | undefined };
  /** a pod with a generic ephemeral volume (its PVC made by the ephemeral-volume controller) */
  ephemeral: boolean;
  /** a pod on node-0 whose claim (from a ResourceClaimTemplate) the scheduler allocated there */
  allocatedClaim: boolean;
  waitForFirstConsumer: boolean;
}

export const templateShape: fc.Arbitrary<PodTemplateShape> = fc.record({
  limitsOnly: fc.boolean(), cpuMilli: fc.integer({ min: 100, max: 3000 }), port: fc.boolean(), probes: fc.boolean(), volumes: fc.boolean(),
  spread: fc.boolean(), antiAffinity: fc.boolean(), priority: fc.boolean(), tolerateTaint: fc.boolean(),
});

export const clusterShape: fc.Arbitrary<ClusterShape> = fc.record({
  nodes: fc.array(fc.record({
    cpu: fc.integer({ min: 2, max: 8 }), memoryGi: fc.integer({ min: 4, max: 32 }), zone: fc.integer({ min: 0, max: 2 }),
    tainted: fc.boolean(), cordoned: fc.boolean(), slice: fc.boolean(),
  }), { minLength: 1, maxLength: 4 }),
  web: fc.record({ replicas: fc.integer({ min: 1, max: 4 }), bound: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 4 }), template: templateShape }),
  db: fc.record({ replicas: fc.integer({ min: 0, max: 2 }), template: templateShape }),
  job: fc.boolean(), daemonSet: fc.boolean(),
  hostNetworkPod: fc.record({ bound: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }) }),
  claimPod: fc.boolean(), staticVolume: fc.boolean(), waitForFirstConsumer: fc.boolean(),
  limitRange: fc.boolean(), podLevel: fc.record({ bound: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }) }), ephemeral: fc.boolean(), allocatedClaim: fc.boolean(),
});

const NS = 'team';
const nodeName = (i: number) => `node-${i}`;

function podSpecOf(t: PodTemplateShape, labels: Record<string, string>): Obj {
  const resources = t.limitsOnly
    ? { limits: { cpu: `${t.cpuMilli}m`, memory: '256Mi' } }
    : { requests: { cpu: `${t.cpuMilli}m`, memory: '128Mi' }, limits: { memory: '256Mi' } };
  const container: Obj = {
    name: 'main', image: t.probes ? 'nginx' : 'nginx:1.27', resources,
    ...(t.port ? { ports: [{ containerPort: 8080, name: 'http' }] } : {}),
    ...(t.probes ? { readinessProbe: { httpGet: { port: 8080 } }, livenessProbe: { tcpSocket: { port: 8080 } } } : {}),
    env: [{ name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } }],
  };
  const matchLabels = { app: labels.app! };
  return {
    containers: [container],
    ...(t.volumes ? { volumes: [{ name: 'config', configMap: { name: 'web-config' } }, { name: 'tmp', emptyDir: {} }, { name: 'certs', secret: { secretName: 'tls' } }] } : {}),
    ...(t.spread ? { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels }, matchLabelKeys: ['pod-template-hash'] }] } : {}),
    ...(t.antiAffinity ? { affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels }, matchLabelKeys: ['pod-template-hash'] } }] } } } : {}),
    ...(t.priority ? { priorityClassName: 'high' } : {}),
    ...(t.tolerateTaint ? { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'infra', effect: 'NoSchedule' }] } : {}),
  };
}

export interface Written { object: Obj; node?: string; pending?: string }

/** The cluster as its manifests and its controllers wrote it, before the API server stored it. */

export function writtenCluster(c: ClusterShape): Written[] {
  const out: Written[] = [];
  const add = (object: Obj, node?: string) => out.push({ object, node, pending: node === undefined && object.kind === 'Pod' ? '0/1 nodes are available: 1 Insufficient cpu.' : undefined });
  const nodeOf = (i: number | undefined) => (i === undefined ? undefined : nodeName(i % c.nodes.length));
  add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
  c.nodes.forEach((n, i) => add({
    apiVersion: 'v1', kind: 'Node',
    metadata: { name: nodeName(i), labels: { 'kubernetes.io/hostname': nodeName(i), 'kubernetes.io/os': 'linux', 'topology.kubernetes.io/zone': `zone-${n.zone}` } },
    spec: { ...(n.tainted ? { taints: [{ key: 'dedicated', value: 'infra', effect: 'NoSchedule' }] } : {}), ...(n.cordoned ? { unschedulable: true } : {}) },
    status: { capacity: { cpu: String(n.cpu), memory: `${n.memoryGi}Gi`, pods: '110', 'ephemeral-storage': '100Gi' } },
  }));
  add({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 });
  add({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } }, provisioner: 'ebs.csi.aws.com', ...(c.waitForFirstConsumer ? { volumeBindingMode: 'WaitForFirstConsumer' } : {}) });
  add({ apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: 'ebs.csi.aws.com' }, spec: {} });
  if (c.staticVolume) {
    add({
      apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-logs' },
      spec: {
        capacity: { storage: '10Gi' }, accessModes: ['ReadWriteOnce'], storageClassName: 'standard', hostPath: { path: '/data/logs' },
        claimRef: { name: 'logs', namespace: NS, uid: 'a0000000-0000-4000-8000-00000000aaaa' },
        nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [nodeName(0)] }] }] } },
      },
    });
    add({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'logs', namespace: NS, uid: 'a0000000-0000-4000-8000-00000000aaaa' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10Gi' } }, volumeName: 'pv-logs' } });
    add({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'log-reader', namespace: NS, labels: { app: 'log-reader' } }, spec: { containers: [{ name: 'main', image: 'busybox:1.37', resources: { requests: { cpu: '50m' } } }], volumes: [{ name: 'logs', persistentVolumeClaim: { claimName: 'logs' } }] } });
  }
  add({ apiVersion: 'resource.k8s.io/v1', kind: 'DeviceClass', metadata: { name: 'gpu.example.com' }, spec: { selectors: [{ cel: { expression: 'device.driver == "gpu.example.com"' } }] } });
  c.nodes.forEach((n, i) => {
    if (!n.slice) return;
    add({
      apiVersion: 'resource.k8s.io/v1', kind: 'ResourceSlice', metadata: { name: `${nodeName(i)}-gpu` },
      spec: { driver: 'gpu.example.com', nodeName: nodeName(i), pool: { name: nodeName(i), generation: 1, resourceSliceCount: 1 }, devices: [{ name: 'gpu-0', attributes: { model: { string: 'L4' } } }] },
    });
  });
  if (c.claimPod) {
    add({ apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim', metadata: { name: 'one-gpu', namespace: NS }, spec: { devices: { requests: [{ name: 'gpu', exactly: { deviceClassName: 'gpu.example.com' } }] } } });
    add({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'inference', namespace: NS, labels: { app: 'inference' } }, spec: { containers: [{ name: 'main', image: 'vllm:0.9', resources: { claims: [{ name: 'gpu' }] } }], resourceClaims: [{ name: 'gpu', resourceClaimName: 'one-gpu' }] } });
  }

  if (c.allocatedClaim) {
    const podUid = 'c0000000-0000-4000-8000-000000000001';
    const claimName = 'trainer-gpu-8x2kq';
    if (!c.nodes[0]!.slice) {
      add({
        apiVersion: 'resource.k8s.io/v1', kind: 'ResourceSlice', metadata: { name: `${nodeName(0)}-gpu` },
        spec: { driver: 'gpu.example.com', nodeName: nodeName(0), pool: { name: nodeName(0), generation: 1, resourceSliceCount: 1 }, devices: [{ name: 'gpu-0', attributes: { model: { string: 'L4' } } }] },
      });
    }
    add({ apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaimTemplate', metadata: { name: 'gpu', namespace: NS }, spec: { spec: { devices: { requests: [{ name: 'gpu', exactly: { deviceClassName: 'gpu.example.com' } }] } } } });
    // what the resourceclaim controller and the scheduler wrote: the claim, its allocation, the pod's claim status
    add({
      apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim',
      metadata: { name: claimName, namespace: NS, annotations: { 'resource.kubernetes.io/pod-claim-name': 'gpu' }, ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'trainer', uid: podUid, controller: true, blockOwnerDeletion: true }] },
      spec: { devices: { requests: [{ name: 'gpu', exactly: { deviceClassName: 'gpu.example.com' } }] } },
      status: {
        allocation: { devices: { results: [{ request: 'gpu', driver: 'gpu.example.com', pool: nodeName(0), device: 'gpu-0' }] }, nodeSelector: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName(0)] }] }] } },
        reservedFor: [{ resource: 'pods', name: 'trainer', uid: podUid }],
      },
    });
    add({
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'trainer', namespace: NS, uid: podUid, labels: { app: 'trainer' } },
      spec: { containers: [{ name: 'main', image: 'trainer:1', resources: { requests: { cpu: '100m' }, claims: [{ name: 'gpu' }] } }], resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'gpu' }] },
      status: { resourceClaimStatuses: [{ name: 'gpu', resourceClaimName: claimName }] },
    }, nodeName(0));
  }

  // Deployment web → ReplicaSet web-6d9f7c8b5 → pods, some bound by an earlier scheduler
  const hash = '6d9f7c8b5';
  const webLabels = { app: 'web' };
  const podLabels = { app: 'web', 'pod-template-hash': hash };
  const deployUid = 'd0000000-0000-4000-8000-000000000001';
  const rsUid = 'd0000000-0000-4000-8000-000000000002';
  add({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: NS, uid: deployUid, labels: webLabels }, spec: { replicas: c.web.replicas, selector: { matchLabels: webLabels }, template: { metadata: { labels: webLabels }, spec: podSpecOf(c.web.template, webLabels) } } });
  add({
    apiVersion: 'apps/v1', kind: 'ReplicaSet',
    metadata: { name: `web-${hash}`, namespace: NS, uid: rsUid, labels: podLabels, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: deployUid, controller: true, blockOwnerDeletion: true }] },
    spec: { replicas: c.web.replicas, selector: { matchLabels: podLabels }, template: { metadata: { labels: podLabels }, spec: podSpecOf(c.web.template, podLabels) } },
  });
  for (let k = 0; k < c.web.replicas; k++) {
    add({
      apiVersion: 'v1', kind: 'Pod',
      metadata: { name: `web-${hash}-p${k}`, namespace: NS, labels: podLabels, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `web-${hash}`, uid: rsUid, controller: true, blockOwnerDeletion: true }] },
      spec: podSpecOf(c.web.template, podLabels),
    }, nodeOf(c.web.bound[k]));
  }
  if (c.db.replicas > 0) {
    const dbLabels = { app: 'db' };
    const stsUid = 'd0000000-0000-4000-8000-000000000003';
    add({
      apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: NS, uid: stsUid },
      spec: { replicas: c.db.replicas, serviceName: 'db', selector: { matchLabels: dbLabels }, template: { metadata: { labels: dbLabels }, spec: podSpecOf(c.db.template, dbLabels) }, volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }] },
    });
    for (let k = 0; k < c.db.replicas; k++) {
      add({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: `data-db-${k}`, namespace: NS, labels: dbLabels }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } });
      const spec = podSpecOf(c.db.template, dbLabels);
      add({
        apiVersion: 'v1', kind: 'Pod',
        metadata: { name: `db-${k}`, namespace: NS, labels: { ...dbLabels, 'apps.kubernetes.io/pod-index': String(k), 'statefulset.kubernetes.io/pod-name': `db-${k}` }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', uid: stsUid, controller: true, blockOwnerDeletion: true }] },
        spec: { ...spec, hostname: `db-${k}`, subdomain: 'db', volumes: [{ name: 'data', persistentVolumeClaim: { claimName: `data-db-${k}` } }] },
      });
    }
  }
  if (c.job) {
    const jobUid = 'd0000000-0000-4000-8000-000000000004';
    const jobLabels = { 'batch.kubernetes.io/controller-uid': jobUid, 'batch.kubernetes.io/job-name': 'etl', 'controller-uid': jobUid, 'job-name': 'etl', app: 'etl' };
    add({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'etl', namespace: NS, uid: jobUid }, spec: { template: { metadata: { labels: { app: 'etl' } }, spec: { containers: [{ name: 'etl', image: 'etl:1', resources: { requests: { cpu: '200m' } } }], restartPolicy: 'Never' } } } });
    add({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'etl-x2b9q', namespace: NS, labels: jobLabels, ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: 'etl', uid: jobUid, controller: true, blockOwnerDeletion: true }] }, spec: { containers: [{ name: 'etl', image: 'etl:1', resources: { requests: { cpu: '200m' } } }], restartPolicy: 'Never' } });
  }
  if (c.daemonSet) {
    const dsUid = 'd0000000-0000-4000-8000-000000000005';
    const dsLabels = { app: 'agent' };
    const spec = { containers: [{ name: 'agent', image: 'agent:2', resources: { requests: { cpu: '10m', memory: '20Mi' } } }], tolerations: [{ operator: 'Exists' }] };
    add({ apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: NS, uid: dsUid }, spec: { selector: { matchLabels: dsLabels }, template: { metadata: { labels: dsLabels }, spec } } });
    c.nodes.forEach((_, i) => add({
      apiVersion: 'v1', kind: 'Pod',
      metadata: { name: `agent-n${i}`, namespace: NS, labels: { ...dsLabels, 'controller-revision-hash': '5b8c', 'pod-template-generation': '1' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: dsUid, controller: true, blockOwnerDeletion: true }] },
      spec: { ...spec, affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName(i)] }] }] } } } },
    }, nodeName(i)));
  }
  add({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web', namespace: NS }, spec: { minAvailable: 1, selector: { matchLabels: webLabels } } });
  add({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: NS }, spec: { selector: webLabels, ports: [{ port: 80, targetPort: 8080 }] } });
  add({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'team', namespace: NS }, spec: { hard: { pods: '50', 'requests.cpu': '100' } } });
  c.nodes.forEach((_, i) => add({ apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: nodeName(i) }, spec: { drivers: [{ name: 'ebs.csi.aws.com', nodeID: `i-0${i}`, topologyKeys: ['topology.ebs.csi.aws.com/zone'], allocatable: { count: 25 } }] } }));
  if (c.limitRange) {
    // in a namespace of its own: LimitRanger would refuse the other namespace's pods whose requests exceed the default limit
    add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'limited' } });
    add({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'defaults', namespace: 'limited' }, spec: { limits: [{ type: 'Container', default: { cpu: '300m', memory: '256Mi' } }] } });
    add({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'no-resources', namespace: 'limited', labels: { app: 'no-resources' } }, spec: { containers: [{ name: 'main', image: 'busybox:1.37' }] } });
  }
  add({
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pod-level', namespace: NS, labels: { app: 'pod-level' } },
    spec: {
      resources: { limits: { cpu: '1500m', memory: '1Gi' } },
      initContainers: [{ name: 'proxy', image: 'envoy:1.34', restartPolicy: 'Always', resources: { requests: { cpu: '200m', memory: '64Mi' } } }],
      containers: [{ name: 'main', image: 'app:7', resources: { requests: { cpu: '600m', memory: '256Mi' } } }],
    },
  }, nodeOf(c.podLevel.bound));
  if (c.ephemeral) {
    add({
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'scratch', namespace: NS, uid: 'e0000000-0000-4000-8000-000000000001', labels: { app: 'scratch' } },
      spec: { containers: [{ name: 'main', image: 'app:7', resources: { requests: { cpu: '50m' } } }], volumes: [{ name: 'work', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } }] },
    });
    add({
      apiVersion: 'v1', kind: 'PersistentVolumeClaim',
      metadata: { name: 'scratch-work', namespace: NS, ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'scratch', uid: 'e0000000-0000-4000-8000-000000000001', controller: true, blockOwnerDeletion: true }] },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, dataSource: { kind: 'VolumeSnapshot', apiGroup: 'snapshot.storage.k8s.io', name: 'golden' } },
    });
  }
  add({
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'node-probe', namespace: NS, labels: { app: 'node-probe' } },
    spec: { hostNetwork: true, containers: [{ name: 'probe', image: 'probe:3', ports: [{ containerPort: 9100 }], resources: { requests: { cpu: '20m' } } }] },
  }, nodeOf(c.hostNetworkPod.bound));
  return out;
}
