// Generated scenarios for benchmarks and large-scale tests: N nodes over Z zones, running
// pods, and pending workloads that exercise spreading, affinity and resource fit.

import { evictionStorm, hostileClaim, localVolumes, scaleToZero } from './storms';

/** The cases of `npm run bench` (bench/run.ts); `objects` is the number of top-level objects, for ms/object. */
export interface BenchCase { name: string; objects: number; scenario: () => string }

export const benchCases: BenchCase[] = [
  { name: 'warm-up', objects: 101, scenario: () => largeScenario({ nodes: 50, boundPods: 50, pendingReplicas: 10 }) },
  { name: '100 nodes, 50 pending', objects: 301, scenario: () => largeScenario({ nodes: 100, boundPods: 200, pendingReplicas: 50 }) },
  { name: '1,000 nodes, 100 pending', objects: 4001, scenario: () => largeScenario({ nodes: 1000, boundPods: 3000, pendingReplicas: 100 }) },
  { name: '1,000 nodes spread+anti-affinity', objects: 4001, scenario: () => spreadScenario({ nodes: 1000, boundPods: 3000, pendingReplicas: 100 }) },
  { name: '5,000 nodes, 100 pending', objects: 10001, scenario: () => largeScenario({ nodes: 5000, boundPods: 5000, pendingReplicas: 100 }) },
  { name: 'kubectl dump 300 nodes/5,000 pods', objects: 5300, scenario: () => kubectlDump({ nodes: 300, pods: 5000, pending: 100 }) },
  // issue 23's storms: each simulates (load and schedule) in under 5 s
  { name: 'storm: 3,000 evictions at one instant', objects: 6102, scenario: () => evictionStorm({ nodes: 100, evictions: 3000 }) },
  { name: 'storm: 4,000 local PVs', objects: 13001, scenario: () => localVolumes({ nodes: 1000, pvs: 4000 }) },
  { name: 'storm: scale 10,000 replicas to 0', objects: 3, scenario: () => scaleToZero({ replicas: 10000 }) },
  // a DRA claim no allocator can satisfy, at v1.36: its timeout is an Error retried after backoff for the whole run
  { name: 'storm: hostile DRA claim retried at 1.36', objects: 204, scenario: () => hostileClaim({ nodes: 100 }) },
];

export interface LargeScenarioOptions {
  nodes: number;
  zones?: number;
  /** pods already bound, spread round-robin */
  boundPods?: number;
  /** replicas of the pending Deployment (with a zone spread constraint) */
  pendingReplicas?: number;
}

export function largeScenario({ nodes, zones = 3, boundPods = 0, pendingReplicas = 50 }: LargeScenarioOptions): string {
  const docs: string[] = [`apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: large-${nodes}}\nspec: {seed: 7, kubernetesVersion: "1.35"}`];
  for (let i = 0; i < nodes; i++) {
    const zone = `zone-${String.fromCharCode(97 + (i % zones))}`;
    docs.push(`apiVersion: v1
kind: Node
metadata:
  name: node-${i}
  labels: {kubernetes.io/hostname: node-${i}, topology.kubernetes.io/zone: ${zone}, tier: ${i % 2 ? 'general' : 'compute'}}
status: {allocatable: {cpu: "${8 + (i % 4) * 4}", memory: ${16 + (i % 4) * 16}Gi, pods: "110"}}`);
  }
  for (let i = 0; i < boundPods; i++) {
    docs.push(`apiVersion: v1
kind: Pod
metadata: {name: running-${i}, namespace: default, labels: {app: batch-${i % 7}}}
spec: {nodeName: node-${i % nodes}, containers: [{name: c, image: busybox, resources: {requests: {cpu: 250m, memory: 256Mi}}}]}`);
  }
  docs.push(`apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: ${pendingReplicas}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      topologySpreadConstraints:
      - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}}
      affinity:
        nodeAffinity:
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 10
            preference: {matchExpressions: [{key: tier, operator: In, values: [general]}]}
      containers:
      - {name: web, image: nginx, resources: {requests: {cpu: 500m, memory: 512Mi}}}`);
  return `${docs.join('\n---\n')}\n`;
}

export interface SpreadScenarioOptions {
  nodes: number;
  zones?: number;
  boundPods?: number;
  pendingReplicas?: number;
}

/**
 * Topology spread over hostname and zone plus pod anti-affinity: the pending Deployment spreads
 * one per host (DoNotSchedule) and evenly over zones (ScheduleAnyway), refuses to share a host
 * with another replica (required anti-affinity) and avoids zones of `cache` pods (preferred).
 * One bound pod in ten is a `cache` pod whose own required anti-affinity keeps `web` off its host,
 * so PreFilter and Score walk every bound pod's terms.
 */
export function spreadScenario({ nodes, zones = 3, boundPods = 0, pendingReplicas = 100 }: SpreadScenarioOptions): string {
  const docs: string[] = [`apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: spread-${nodes}}\nspec: {seed: 11, kubernetesVersion: "1.35"}`];
  for (let i = 0; i < nodes; i++) {
    const zone = `zone-${String.fromCharCode(97 + (i % zones))}`;
    docs.push(`apiVersion: v1
kind: Node
metadata:
  name: node-${i}
  labels: {kubernetes.io/hostname: node-${i}, topology.kubernetes.io/zone: ${zone}, tier: ${i % 2 ? 'general' : 'compute'}}
status: {allocatable: {cpu: "${8 + (i % 4) * 4}", memory: ${16 + (i % 4) * 16}Gi, pods: "110"}}`);
  }
  for (let i = 0; i < boundPods; i++) {
    const cache = i % 10 === 0;
    const affinity = cache
      ? `
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - {topologyKey: kubernetes.io/hostname, labelSelector: {matchLabels: {app: web}}}`
      : '';
    docs.push(`apiVersion: v1
kind: Pod
metadata: {name: running-${i}, namespace: default, labels: {app: ${cache ? 'cache' : `batch-${i % 7}`}, team: t${i % 5}}}
spec:
  nodeName: node-${(i * 7) % nodes}
  containers: [{name: c, image: busybox, resources: {requests: {cpu: 250m, memory: 256Mi}}}]${affinity}`);
  }
  docs.push(`apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: ${pendingReplicas}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      topologySpreadConstraints:
      - {maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}}
      - {maxSkew: 2, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: ScheduleAnyway, labelSelector: {matchLabels: {app: web}}}
      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - {topologyKey: kubernetes.io/hostname, labelSelector: {matchLabels: {app: web}}}
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 50
            podAffinityTerm: {topologyKey: topology.kubernetes.io/zone, labelSelector: {matchExpressions: [{key: app, operator: In, values: [cache]}]}}
      containers:
      - {name: web, image: nginx, resources: {requests: {cpu: 500m, memory: 512Mi}}}`);
  return `${docs.join('\n---\n')}\n`;
}

export interface DumpOptions {
  nodes: number;
  pods: number;
  /** pods without spec.nodeName (Pending in the dump), scheduled by the simulation */
  pending?: number;
}

/**
 * What `kubectl get nodes,pods -A -o yaml` prints for a real cluster: one v1 List in block
 * style with managedFields, conditions, images, container statuses and the rest of the noise
 * the loader reads past.
 */
export function kubectlDump({ nodes, pods, pending = 100 }: DumpOptions): string {
  const out: string[] = ['apiVersion: v1', 'items:'];
  const ts = '"2024-05-01T10:00:00Z"';
  const uid = (kind: number, i: number) => `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
  const images = Array.from({ length: 8 }, (_, k) => ({ name: `registry.example.com/team/app-${k}:v1.${k}.0`, size: 20_000_000 + k * 7_000_000 }));
  for (let i = 0; i < nodes; i++) {
    const zone = `eu-west-1${String.fromCharCode(97 + (i % 3))}`;
    out.push(
      '- apiVersion: v1',
      '  kind: Node',
      '  metadata:',
      '    annotations:',
      '      node.alpha.kubernetes.io/ttl: "0"',
      '      volumes.kubernetes.io/controller-managed-attach-detach: "true"',
      `    creationTimestamp: ${ts}`,
      '    labels:',
      '      beta.kubernetes.io/arch: amd64',
      '      beta.kubernetes.io/os: linux',
      `      kubernetes.io/hostname: ip-10-0-${i >> 8}-${i & 255}`,
      '      kubernetes.io/os: linux',
      `      node.kubernetes.io/instance-type: ${i % 4 ? 'm5.2xlarge' : 'c5.4xlarge'}`,
      '      topology.kubernetes.io/region: eu-west-1',
      `      topology.kubernetes.io/zone: ${zone}`,
      '    managedFields:',
      '    - apiVersion: v1',
      '      fieldsType: FieldsV1',
      '      fieldsV1:',
      '        f:metadata:',
      '          f:annotations:',
      '            .: {}',
      '            f:node.alpha.kubernetes.io/ttl: {}',
      '          f:labels:',
      '            f:kubernetes.io/hostname: {}',
      '      manager: kubelet',
      '      operation: Update',
      `      time: ${ts}`,
      `    name: ip-10-0-${i >> 8}-${i & 255}`,
      `    resourceVersion: "${100000 + i}"`,
      `    uid: ${uid(1, i)}`,
      '  spec:',
      `    podCIDR: 10.${i >> 8}.${i & 255}.0/24`,
      `    providerID: aws:///${zone}/i-${(0xabc000 + i).toString(16)}`,
      ...(i % 50 === 0 ? ['    taints:', '    - effect: NoSchedule', '      key: dedicated', '      value: gpu'] : []),
      '  status:',
      '    addresses:',
      '    - address: 10.0.0.1',
      '      type: InternalIP',
      '    allocatable:',
      `      cpu: ${i % 4 ? '7910m' : '15890m'}`,
      '      ephemeral-storage: "95491281146"',
      `      memory: ${i % 4 ? '31482Mi' : '30512Mi'}`,
      '      pods: "110"',
      '    capacity:',
      `      cpu: "${i % 4 ? 8 : 16}"`,
      '      ephemeral-storage: 104845292Ki',
      `      memory: ${i % 4 ? '32408Mi' : '31438Mi'}`,
      '      pods: "110"',
      '    conditions:',
      ...['MemoryPressure', 'DiskPressure', 'PIDPressure'].flatMap((type) => [
        `    - lastHeartbeatTime: ${ts}`, `      lastTransitionTime: ${ts}`, '      message: kubelet has sufficient resources',
        `      reason: KubeletHasNo${type}`, '      status: "False"', `      type: ${type}`,
      ]),
      `    - lastHeartbeatTime: ${ts}`, `      lastTransitionTime: ${ts}`, '      message: kubelet is posting ready status',
      '      reason: KubeletReady', '      status: "True"', '      type: Ready',
      '    daemonEndpoints:',
      '      kubeletEndpoint:',
      '        Port: 10250',
      '    images:',
      ...images.flatMap((img, k) => (k + i) % 3 === 0 ? [] : ['    - names:', `      - ${img.name}`, `      sizeBytes: ${img.size}`]),
      '    nodeInfo:',
      '      architecture: amd64',
      '      kubeletVersion: v1.35.0',
      '      operatingSystem: linux',
    );
  }
  for (let i = 0; i < pods; i++) {
    const app = `app-${i % 40}`;
    const ns = `team-${i % 6}`;
    const hash = (0x5d8f6c00 + (i % 40)).toString(16);
    const bound = i >= pending;
    const node = (i * 13) % nodes;
    const image = images[i % images.length]!.name;
    out.push(
      '- apiVersion: v1',
      '  kind: Pod',
      '  metadata:',
      '    annotations:',
      `      kubectl.kubernetes.io/restartedAt: ${ts}`,
      `    creationTimestamp: ${ts}`,
      `    generateName: ${app}-${hash}-`,
      '    labels:',
      `      app.kubernetes.io/name: ${app}`,
      `      pod-template-hash: ${hash}`,
      '    managedFields:',
      '    - apiVersion: v1',
      '      fieldsType: FieldsV1',
      '      fieldsV1:',
      '        f:metadata:',
      '          f:generateName: {}',
      '          f:labels:',
      '            .: {}',
      '            f:app.kubernetes.io/name: {}',
      '        f:spec:',
      '          f:containers:',
      '            k:{"name":"main"}:',
      '              .: {}',
      '              f:image: {}',
      '      manager: kube-controller-manager',
      '      operation: Update',
      `      time: ${ts}`,
      `    name: ${app}-${hash}-${i.toString(36).padStart(5, 'x')}`,
      `    namespace: ${ns}`,
      '    ownerReferences:',
      '    - apiVersion: apps/v1',
      '      blockOwnerDeletion: true',
      '      controller: true',
      '      kind: ReplicaSet',
      `      name: ${app}-${hash}`,
      `      uid: ${uid(2, i % 40)}`,
      `    resourceVersion: "${200000 + i}"`,
      `    uid: ${uid(3, i)}`,
      '  spec:',
      ...(i % 5 === 0 ? [
        '    affinity:',
        '      podAntiAffinity:',
        '        preferredDuringSchedulingIgnoredDuringExecution:',
        '        - podAffinityTerm:',
        '            labelSelector:',
        '              matchLabels:',
        `                app.kubernetes.io/name: ${app}`,
        '            topologyKey: kubernetes.io/hostname',
        '          weight: 100',
      ] : []),
      '    containers:',
      `    - image: ${image}`,
      '      imagePullPolicy: IfNotPresent',
      '      name: main',
      '      ports:',
      '      - containerPort: 8080',
      '        name: http',
      '        protocol: TCP',
      '      env:',
      '      - name: LOG_LEVEL',
      '        value: info',
      '      readinessProbe:',
      '        httpGet:',
      '          path: /healthz',
      '          port: http',
      '          scheme: HTTP',
      '        periodSeconds: 10',
      '      resources:',
      '        limits:',
      `          memory: ${128 * (1 + (i % 4))}Mi`,
      '        requests:',
      `          cpu: ${50 * (1 + (i % 5))}m`,
      `          memory: ${64 * (1 + (i % 4))}Mi`,
      '      terminationMessagePath: /dev/termination-log',
      '      terminationMessagePolicy: File',
      '      volumeMounts:',
      '      - mountPath: /var/run/secrets/kubernetes.io/serviceaccount',
      '        name: kube-api-access',
      '        readOnly: true',
      '    dnsPolicy: ClusterFirst',
      '    enableServiceLinks: true',
      ...(bound ? [`    nodeName: ip-10-0-${node >> 8}-${node & 255}`] : []),
      '    preemptionPolicy: PreemptLowerPriority',
      '    priority: 0',
      '    restartPolicy: Always',
      '    schedulerName: default-scheduler',
      '    securityContext: {}',
      '    serviceAccount: default',
      '    serviceAccountName: default',
      '    terminationGracePeriodSeconds: 30',
      '    tolerations:',
      '    - effect: NoExecute',
      '      key: node.kubernetes.io/not-ready',
      '      operator: Exists',
      '      tolerationSeconds: 300',
      '    - effect: NoExecute',
      '      key: node.kubernetes.io/unreachable',
      '      operator: Exists',
      '      tolerationSeconds: 300',
      '    volumes:',
      '    - name: kube-api-access',
      '      projected:',
      '        defaultMode: 420',
      '        sources:',
      '        - serviceAccountToken:',
      '            expirationSeconds: 3607',
      '            path: token',
      '  status:',
      ...(bound ? [
        '    conditions:',
        `    - lastProbeTime: null`, `      lastTransitionTime: ${ts}`, '      status: "True"', '      type: Ready',
        `    - lastProbeTime: null`, `      lastTransitionTime: ${ts}`, '      status: "True"', '      type: PodScheduled',
        '    containerStatuses:',
        `    - image: ${image}`,
        '      name: main',
        '      ready: true',
        '      restartCount: 0',
        '      started: true',
        '      state:',
        '        running:',
        `          startedAt: ${ts}`,
        '    hostIP: 10.0.0.1',
        '    phase: Running',
        `    podIP: 10.${node >> 8}.${node & 255}.${(i % 250) + 2}`,
        '    qosClass: Burstable',
        `    startTime: ${ts}`,
      ] : [
        '    phase: Pending',
        '    qosClass: Burstable',
      ]),
    );
  }
  out.push('kind: List', 'metadata:', '  resourceVersion: ""');
  return `${out.join('\n')}\n`;
}
