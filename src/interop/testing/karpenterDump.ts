// A third production-like dump, unlike the other two: an EKS cluster of 14 nodes in 3 zones
// (us-west-2a–c) whose nodes Karpenter provisions from NodePools (labelled karpenter.sh/nodepool:
// `general` on amd64 on-demand instances, `graviton` on arm64, `batch` on amd64 with room to
// spare, `system` tainted CriticalAddonsOnly),
// read as node groups by a ClusterAutoscaler document whose limits are the NodePools' (each at
// its limit: Karpenter would launch no more); the NodePool objects themselves are in the dump
// and are not simulated. A hostPort DaemonSet (node-exporter on 9100) on every node, a
// PDB-protected Redis whose preemption a priority fix would need, a namespace ResourceQuota, an
// arm64-only image chosen by node affinity on kubernetes.io/arch, priority classes.
//
// Every object is what `kubectl get -o yaml` prints after the API server stored it (apiServerStore.ts),
// written with YAML 1.1's quoting. `karpenterCauses` says, per Pending pod (or refused workload),
// the fix a reviewer would approve; karpenterDump.test.ts checks the page's and the CLI's fix
// search rank it first. Deterministic; the committed fixture
// (src/interop/fixtures/kubectl-karpenter-pending.yaml) is this function's output with the
// FailedScheduling messages a v1.35 scheduler writes for its cluster
// (scripts/write-karpenter-dump.ts fills them in from a simulation of the dump).

import { stringify } from 'yaml';
import { ago, suffix, uid, type Owner } from './pendingClusterDump';
import { StoredDump } from './storedDump';

type Obj = Record<string, unknown>;

const ZONES = ['us-west-2a', 'us-west-2b', 'us-west-2c'] as const;
const POOL_KEY = 'karpenter.sh/nodepool';

/** What the fixture's author (a reviewer) marks as the right outcome, per Pending pod or refused workload. */
export interface KarpenterCause {
  /** the pod's namespace/name prefix, or `namespace/Deployment/name` for a workload whose pods admission refused */
  pod: string;
  cause: string;
  state: 'pending' | 'not-created';
  /** the ScenarioEdit kind of the top-ranked fix and fields its first edit must have; undefined: no fix should be offered */
  fix?: { kind: string; [field: string]: unknown };
}

type Pool = 'general' | 'graviton' | 'batch' | 'system';
interface NodeShape { name: string; zone: string; pool: Pool; arch: 'amd64' | 'arm64'; cpu: string; memory: string; instance: string; ageMinutes: number }

const SHAPES: Record<Pool, Pick<NodeShape, 'arch' | 'cpu' | 'memory' | 'instance'>> = {
  general: { arch: 'amd64', cpu: '7910m', memory: '31792816Ki', instance: 'm7i.2xlarge' },
  graviton: { arch: 'arm64', cpu: '7910m', memory: '15371048Ki', instance: 'c7g.2xlarge' },
  batch: { arch: 'amd64', cpu: '7910m', memory: '31792816Ki', instance: 'm7i.2xlarge' },
  system: { arch: 'amd64', cpu: '1930m', memory: '7291440Ki', instance: 'm7i.large' },
};
/** the NodePools' limits, in nodes of their one instance type (spec.limits.cpu / the type's cpu) */
const LIMITS: Record<Pool, number> = { general: 6, graviton: 3, batch: 2, system: 3 };
const POOLS = ['general', 'graviton', 'batch', 'system'] as const;

const nodes: NodeShape[] = [];
POOLS.forEach((pool) => {
  for (let k = 0; k < LIMITS[pool]; k++) {
    const n = nodes.length;
    const zone = ZONES[k % 3]!;
    nodes.push({ name: `ip-10-60-${(n * 37) % 200 + 20}-${(n * 53) % 230 + 12}.us-west-2.compute.internal`, zone, pool, ...SHAPES[pool], ageMinutes: 9_000 - n * 211 });
  }
});
const pool = (p: Pool) => nodes.filter((n) => n.pool === p);

export const karpenterCauses: KarpenterCause[] = [
  // the general pool is at its NodePool limit; the only room a higher priority would make is on
  // nodes whose Redis replicas a PDB protects (0 disruptions allowed): a reviewer raises the limit
  { pod: 'shop/checkout-api-', cause: 'the general NodePool is at its limit; preempting for it would violate the Redis PodDisruptionBudget', state: 'pending', fix: { kind: 'node-group', group: 'general' } },
  // built for arm64 only: the graviton pool is at its limit. Dropping or changing the arch
  // requirement would start it on amd64 nodes, where the image does not run
  { pod: 'ml/embedder-', cause: 'an arm64-only image (node affinity kubernetes.io/arch In [arm64]) and the graviton NodePool at its limit', state: 'pending', fix: { kind: 'node-group', group: 'graviton' } },
  { pod: 'analytics/Deployment/ingest', cause: 'the namespace\'s ResourceQuota (requests.memory 12Gi) has room for two replicas, not three', state: 'not-created', fix: { kind: 'quota' } },
  // node-exporter holds host port 9100 on every node, and its DaemonSet follows any new node: no
  // node added helps; the exporter's port must change, which no candidate writes
  { pod: 'observability/otel-agent-', cause: 'a second DaemonSet asking for host port 9100, which node-exporter holds on every node', state: 'pending' },
];

const PRIORITY: Record<string, number> = { 'platform-critical': 1_000_000, 'tier-1': 100_000, 'tier-2': 1_000, 'system-cluster-critical': 2_000_000_000, 'system-node-critical': 2_000_001_000 };

interface Spec {
  cpu: string; memory: string; image: string;
  nodeSelector?: Record<string, string>; tolerations?: Obj[]; affinity?: Obj; priorityClassName?: string;
  ports?: Obj[]; hostNetwork?: boolean;
}

function podSpec(s: Spec): Obj {
  return {
    ...(s.affinity ? { affinity: s.affinity } : {}),
    containers: [{ image: s.image, name: 'main', ...(s.ports ? { ports: s.ports } : {}), resources: { requests: { cpu: s.cpu, memory: s.memory } } }],
    ...(s.hostNetwork ? { hostNetwork: true } : {}),
    ...(s.nodeSelector ? { nodeSelector: s.nodeSelector } : {}),
    ...(s.priorityClassName ? { priorityClassName: s.priorityClassName } : {}),
    ...(s.tolerations ? { tolerations: s.tolerations } : {}),
  };
}

const hashSeed = (name: string) => [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 100_003, 11);
const hash = (name: string) => `${(hashSeed(name) * 7919 + 0x5b7c3d2a).toString(16).slice(-6)}${suffix(hashSeed(name) + 977).slice(0, 4)}`;

class Dump extends StoredDump {
  constructor(messages: Record<string, string>) {
    super(messages, 41, { priority: PRIORITY });
  }

  pod(namespace: string, name: string, labels: Record<string, string>, spec: Spec, minutes: number, place: { node?: string; owner: Owner }): Obj {
    const meta: Obj = { generateName: name.slice(0, name.lastIndexOf('-') + 1), labels, name, namespace, ownerReferences: [{ ...place.owner, blockOwnerDeletion: true, controller: true }] };
    const pod = this.store({ apiVersion: 'v1', kind: 'Pod', metadata: meta, spec: podSpec(spec) }, minutes, { node: place.node, pending: !place.node }, this.pods);
    if (place.node) {
      const hostIP = place.node.slice(3, place.node.indexOf('.')).replace(/-/g, '.');
      const podIP = spec.hostNetwork ? hostIP : `10.60.${(this.seq * 7) % 250}.${(this.seq * 13) % 250}`;
      Object.assign(pod.status as Obj, { hostIP, hostIPs: [{ ip: hostIP }], podIP, podIPs: [{ ip: podIP }] });
    }
    return pod;
  }
}

/** A Deployment and its one ReplicaSet: `placed` pods on their nodes, `pending` more waiting, `refused` more admission refused. */
function deployment(d: Dump, namespace: string, name: string, spec: Spec, placed: string[], minutes: number, opts: { pending?: number; refused?: string } = {}): void {
  const labels = { 'app.kubernetes.io/name': name };
  const replicas = placed.length + (opts.pending ?? 0) + (opts.refused ? 1 : 0);
  const deploy = d.store({
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { annotations: { 'deployment.kubernetes.io/revision': '1' }, labels, name, namespace },
    spec: { replicas, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: podSpec(spec) } },
  }, minutes + 5);
  const ready = placed.length;
  deploy.status = {
    availableReplicas: ready, observedGeneration: 1, readyReplicas: ready, replicas: placed.length + (opts.pending ?? 0), updatedReplicas: placed.length + (opts.pending ?? 0),
    ...(ready < replicas ? { unavailableReplicas: replicas - ready } : {}),
    conditions: [
      { lastTransitionTime: ago(minutes), lastUpdateTime: ago(minutes), message: ready >= replicas ? 'Deployment has minimum availability.' : 'Deployment does not have minimum availability.', reason: ready >= replicas ? 'MinimumReplicasAvailable' : 'MinimumReplicasUnavailable', status: ready >= replicas ? 'True' : 'False', type: 'Available' },
      ...(opts.refused ? [{ lastTransitionTime: ago(minutes), lastUpdateTime: ago(minutes), message: opts.refused, reason: 'FailedCreate', status: 'True', type: 'ReplicaFailure' }] : []),
      { lastTransitionTime: ago(minutes + 5), lastUpdateTime: ago(minutes), message: `ReplicaSet "${name}-${hash(name)}" has successfully progressed.`, reason: 'NewReplicaSetAvailable', status: 'True', type: 'Progressing' },
    ],
  };
  const h = hash(name);
  const rsLabels = { ...labels, 'pod-template-hash': h };
  const rs = d.store({
    apiVersion: 'apps/v1', kind: 'ReplicaSet',
    metadata: { annotations: { 'deployment.kubernetes.io/desired-replicas': String(replicas), 'deployment.kubernetes.io/max-replicas': String(replicas + 1), 'deployment.kubernetes.io/revision': '1' }, labels: rsLabels, name: `${name}-${h}`, namespace, ownerReferences: [{ apiVersion: 'apps/v1', blockOwnerDeletion: true, controller: true, kind: 'Deployment', name, uid: (deploy.metadata as Obj).uid }] },
    spec: { replicas, selector: { matchLabels: rsLabels }, template: { metadata: { labels: rsLabels }, spec: podSpec(spec) } },
  }, minutes);
  const made = placed.length + (opts.pending ?? 0);
  rs.status = {
    availableReplicas: ready, fullyLabeledReplicas: made, observedGeneration: 1, readyReplicas: ready, replicas: made,
    ...(opts.refused ? { conditions: [{ lastTransitionTime: ago(minutes), message: opts.refused, reason: 'FailedCreate', status: 'True', type: 'ReplicaFailure' }] } : {}),
  };
  const owner: Owner = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${name}-${h}`, uid: (rs.metadata as Obj).uid as string };
  placed.forEach((node, k) => d.pod(namespace, `${name}-${h}-${suffix(hashSeed(name) + k * 41)}`, rsLabels, spec, minutes - 1, { node, owner }));
  for (let k = 0; k < (opts.pending ?? 0); k++) d.pod(namespace, `${name}-${h}-${suffix(hashSeed(name) + 700 + k)}`, rsLabels, spec, Math.max(1, minutes - 2), { owner });
}

/** A DaemonSet with a pod on each of `on` (placed) and `waiting` (Pending, pinned to its node as the controller pins it). */
function daemonSet(d: Dump, namespace: string, name: string, spec: Spec, minutes: number, waiting: readonly NodeShape[] = []): void {
  const labels = { 'app.kubernetes.io/name': name };
  const ds = d.store({ apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { labels, name, namespace }, spec: { selector: { matchLabels: labels }, template: { metadata: { labels }, spec: podSpec(spec) } } }, minutes);
  const placed = nodes.filter((n) => !waiting.includes(n));
  ds.status = { currentNumberScheduled: nodes.length, desiredNumberScheduled: nodes.length, numberAvailable: placed.length, numberMisscheduled: 0, numberReady: placed.length, ...(waiting.length ? { numberUnavailable: waiting.length } : {}), observedGeneration: 1, updatedNumberScheduled: nodes.length };
  const owner: Owner = { apiVersion: 'apps/v1', kind: 'DaemonSet', name, uid: (ds.metadata as Obj).uid as string };
  nodes.forEach((n, k) => {
    const pinned: Spec = { ...spec, affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [n.name] }] }] } } } };
    const podLabels = { ...labels, 'controller-revision-hash': '7d9c8b6f4f', 'pod-template-generation': '1' };
    d.pod(namespace, `${name}-${suffix(hashSeed(name) + k * 59)}`, podLabels, pinned, Math.min(n.ageMinutes, minutes) - 1, waiting.includes(n) ? { owner } : { node: n.name, owner });
  });
}

function nodeObject(d: Dump, n: NodeShape, i: number): void {
  const taints: Obj[] = n.pool === 'system' ? [{ effect: 'NoSchedule', key: 'CriticalAddonsOnly', value: 'true' }] : [];
  const ip = n.name.slice(3, n.name.indexOf('.')).replace(/-/g, '.');
  const node = d.store({
    apiVersion: 'v1', kind: 'Node',
    metadata: {
      annotations: { 'alpha.kubernetes.io/provided-node-ip': ip, 'karpenter.k8s.aws/ec2nodeclass-hash': '4127316427581234567', 'karpenter.sh/nodepool-hash': '13201290437412954732', 'karpenter.sh/nodepool-hash-version': 'v3' },
      finalizers: ['karpenter.sh/termination'],
      labels: {
        'beta.kubernetes.io/arch': n.arch, 'beta.kubernetes.io/instance-type': n.instance, 'beta.kubernetes.io/os': 'linux', 'failure-domain.beta.kubernetes.io/region': 'us-west-2', 'failure-domain.beta.kubernetes.io/zone': n.zone,
        'k8s.io/cloud-provider-aws': '5e2f3a0c9d8b7a6f5e4d3c2b1a0f9e8d', 'karpenter.k8s.aws/ec2nodeclass': 'default', 'karpenter.k8s.aws/instance-category': n.instance[0]!, 'karpenter.k8s.aws/instance-family': n.instance.split('.')[0]!,
        'karpenter.sh/capacity-type': 'on-demand', 'karpenter.sh/initialized': 'true', [POOL_KEY]: n.pool, 'karpenter.sh/registered': 'true',
        'kubernetes.io/arch': n.arch, 'kubernetes.io/hostname': n.name, 'kubernetes.io/os': 'linux', 'node.kubernetes.io/instance-type': n.instance,
        'topology.k8s.aws/zone-id': `usw2-az${ZONES.indexOf(n.zone as never) + 1}`, 'topology.kubernetes.io/region': 'us-west-2', 'topology.kubernetes.io/zone': n.zone,
      },
      name: n.name, uid: uid(42, i),
    },
    spec: { ...(taints.length ? { taints } : {}) },
    status: { capacity: { cpu: n.pool === 'system' ? '2' : '8', 'ephemeral-storage': '83873772Ki', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory: n.memory, pods: n.pool === 'system' ? '29' : '58' } },
  }, n.ageMinutes);
  const spec = node.spec as Obj;
  spec.providerID = `aws:///${n.zone}/i-0${(i * 104729 + 15485863).toString(16).padStart(16, '0')}`;
  delete spec.podCIDR; delete spec.podCIDRs;
  const status = node.status as Obj;
  status.allocatable = { cpu: n.cpu, 'ephemeral-storage': '76224326324', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory: n.memory, pods: n.pool === 'system' ? '29' : '58' };
  status.addresses = [{ address: ip, type: 'InternalIP' }, { address: n.name, type: 'InternalDNS' }, { address: n.name, type: 'Hostname' }];
  status.nodeInfo = { ...(status.nodeInfo as Obj), architecture: n.arch, containerRuntimeVersion: 'containerd://2.0.5', kubeletVersion: 'v1.35.1-eks-3025e55', osImage: 'Bottlerocket OS 1.40.0 (aws-k8s-1.35)' };
}

/** Karpenter's NodePool objects: in the dump, not simulated (the ClusterAutoscaler document stands for them). */
function nodePool(d: Dump, p: Pool): void {
  const s = SHAPES[p];
  d.store({
    apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { annotations: { 'karpenter.sh/nodepool-hash': '13201290437412954732', 'karpenter.sh/nodepool-hash-version': 'v3' }, name: p },
    spec: {
      disruption: { budgets: [{ nodes: '10%' }], consolidateAfter: '0s', consolidationPolicy: 'WhenEmptyOrUnderutilized' },
      limits: { cpu: String(LIMITS[p] * 8) },
      template: {
        metadata: { labels: { [POOL_KEY]: p } },
        spec: {
          expireAfter: '720h', nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' },
          requirements: [
            { key: 'kubernetes.io/arch', operator: 'In', values: [s.arch] },
            { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] },
            { key: 'node.kubernetes.io/instance-type', operator: 'In', values: [s.instance] },
          ],
          ...(p === 'system' ? { taints: [{ effect: 'NoSchedule', key: 'CriticalAddonsOnly', value: 'true' }] } : {}),
        },
      },
    },
  }, 60_000).status = { conditions: [{ lastTransitionTime: ago(60_000), message: '', observedGeneration: 1, reason: 'Ready', status: 'True', type: 'Ready' }], nodeClassObservedGeneration: 1, resources: { cpu: String(LIMITS[p] * 8), nodes: String(LIMITS[p]) } };
}

/** The NodePools as node groups: each at its limit (min 0, max the nodes its cpu limit allows). */
function clusterAutoscaler(): string {
  const template = (p: Pool) => {
    const s = SHAPES[p];
    return {
      apiVersion: 'v1', kind: 'Node',
      metadata: {
        name: `${p}-template`,
        labels: { [POOL_KEY]: p, 'karpenter.sh/capacity-type': 'on-demand', 'kubernetes.io/arch': s.arch, 'kubernetes.io/os': 'linux', 'node.kubernetes.io/instance-type': s.instance, 'topology.kubernetes.io/region': 'us-west-2', 'topology.kubernetes.io/zone': ZONES[0] },
        annotations: { 'cluster-autoscaler.kwok.nodegroup/min-count': '0', 'cluster-autoscaler.kwok.nodegroup/max-count': String(LIMITS[p]) },
      },
      ...(p === 'system' ? { spec: { taints: [{ key: 'CriticalAddonsOnly', value: 'true', effect: 'NoSchedule' }] } } : {}),
      status: { allocatable: { cpu: s.cpu, memory: s.memory, pods: p === 'system' ? '29' : '58' } },
    };
  };
  const doc = {
    apiVersion: 'podplay/v1alpha1', kind: 'ClusterAutoscaler', metadata: { name: 'karpenter-nodepools' },
    spec: { expander: 'least-waste', nodeGroupLabelKey: POOL_KEY, provisioningDelay: '45s', scaleDownEnabled: false, templates: POOLS.map(template) },
  };
  return stringify(doc, { lineWidth: 0 });
}

/** The dump; `messages`: the FailedScheduling message of each Pending pod (namespace/name), as the cluster recorded it. */
export function karpenterDump(messages: Record<string, string> = {}): string {
  const d = new Dump(messages);
  for (const ns of ['kube-system', 'monitoring', 'observability', 'shop', 'ml', 'analytics', 'batch']) d.store({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }, 60_000);
  nodes.forEach((n, i) => nodeObject(d, n, i));
  POOLS.forEach((p) => nodePool(d, p));
  for (const [name, value] of Object.entries(PRIORITY)) {
    if (name.startsWith('system-')) continue;
    d.store({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value, description: name === 'platform-critical' ? 'Platform data stores' : 'Customer-facing' }, 60_000);
  }
  // analytics: requests.memory 12Gi; two 5Gi ingest replicas use 10Gi, the third is refused
  const quota = d.store({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'team-budget', namespace: 'analytics' }, spec: { hard: { pods: '30', 'requests.cpu': '16', 'requests.memory': '12Gi' } } }, 50_000);
  quota.status = { hard: (quota.spec as Obj).hard, used: { pods: '2', 'requests.cpu': '5', 'requests.memory': '10Gi' } };

  const general = pool('general').map((n) => n.name);
  const graviton = pool('graviton').map((n) => n.name);
  const system = pool('system').map((n) => n.name);

  // node-exporter: host network, port 9100, on every node
  daemonSet(d, 'monitoring', 'node-exporter', { cpu: '100m', memory: '128Mi', image: 'quay.io/prometheus/node-exporter:v1.9.1', hostNetwork: true, ports: [{ containerPort: 9100, hostPort: 9100, name: 'metrics', protocol: 'TCP' }], tolerations: [{ operator: 'Exists' }], priorityClassName: 'system-node-critical' }, 30_000);
  // the OpenTelemetry agent, installed an hour ago with its host metrics receiver on 9100 too: its pod on each node waits
  daemonSet(d, 'observability', 'otel-agent', { cpu: '200m', memory: '256Mi', image: 'otel/opentelemetry-collector-contrib:0.127.0', ports: [{ containerPort: 9100, hostPort: 9100, name: 'hostmetrics', protocol: 'TCP' }], tolerations: [{ operator: 'Exists' }], priorityClassName: 'system-node-critical' }, 60, nodes);

  deployment(d, 'kube-system', 'coredns', { cpu: '100m', memory: '70Mi', image: '602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/coredns:v1.12.1-eksbuild.2', priorityClassName: 'system-cluster-critical', nodeSelector: { [POOL_KEY]: 'system' }, tolerations: [{ key: 'CriticalAddonsOnly', operator: 'Exists' }] }, system.slice(0, 2), 50_000);

  // Redis on the general pool, one replica per node, protected by a PDB that allows no disruption
  deployment(d, 'shop', 'redis', { cpu: '2', memory: '12Gi', image: 'redis:7.4.3', priorityClassName: 'tier-2', nodeSelector: { [POOL_KEY]: 'general' } }, general, 20_000);
  d.store({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'redis', namespace: 'shop' }, spec: { minAvailable: 6, selector: { matchLabels: { 'app.kubernetes.io/name': 'redis' } } } }, 20_000)
    .status = { conditions: [{ lastTransitionTime: ago(20_000), message: '', observedGeneration: 1, reason: 'InsufficientPods', status: 'False', type: 'DisruptionAllowed' }], currentHealthy: 6, desiredHealthy: 6, disruptionsAllowed: 0, expectedPods: 6, observedGeneration: 1 };
  // the storefront and analytics' ingest fill the rest of the general pool: two 2.5-CPU pods per node (0.81 CPU left)
  const ingestHosts = general.slice(0, 2);
  deployment(d, 'shop', 'storefront', { cpu: '2500m', memory: '6Gi', image: 'ghcr.io/example/storefront:14.2.0', priorityClassName: 'tier-1', nodeSelector: { [POOL_KEY]: 'general' } }, general.flatMap((n) => (ingestHosts.includes(n) ? [n] : [n, n])), 7_000);
  // checkout-api: a new service's third replica; tier-2 like Redis, so it preempts nothing
  deployment(d, 'shop', 'checkout-api', { cpu: '1500m', memory: '2Gi', image: 'ghcr.io/example/checkout-api:1.0.3', priorityClassName: 'tier-2', nodeSelector: { [POOL_KEY]: 'general' } }, [], 30, { pending: 1 });

  // ml: the embedder image is built for arm64 only; the graviton pool is full with its replicas
  const arm64: Spec = {
    cpu: '3500m', memory: '6Gi', image: 'ghcr.io/example/embedder:2.3.0-arm64', priorityClassName: 'tier-2',
    affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] }] }] } } },
  };
  deployment(d, 'ml', 'embedder', arm64, graviton.flatMap((n) => [n, n]), 240, { pending: 1 });

  // the batch pool runs the nightly reports, half idle by day: room an arm64-only pod must not take
  const batch = pool('batch').map((n) => n.name);
  deployment(d, 'batch', 'reports', { cpu: '2', memory: '8Gi', image: 'ghcr.io/example/reports:3.1.0', priorityClassName: 'tier-2', nodeSelector: { [POOL_KEY]: 'batch' } }, batch, 3_000);

  // analytics/ingest: 3 replicas of 2.5 CPUs and 5Gi; the quota admits two
  deployment(d, 'analytics', 'ingest', { cpu: '2500m', memory: '5Gi', image: 'ghcr.io/example/ingest:0.9.2', priorityClassName: 'tier-1', nodeSelector: { [POOL_KEY]: 'general' } }, ingestHosts, 90,
    { refused: `pods "ingest-${hash('ingest')}-q8w2n" is forbidden: exceeded quota: team-budget, requested: requests.memory=5Gi, used: requests.memory=10Gi, limited: requests.memory=12Gi` });

  const items = stringify({ apiVersion: 'v1', items: [...d.items, ...d.pods], kind: 'List', metadata: { resourceVersion: '' } }, { lineWidth: 0, aliasDuplicateObjects: false, version: '1.1' });
  return `${clusterAutoscaler()}---\n${items}`;
}
