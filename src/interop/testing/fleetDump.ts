// A second production-like dump, unlike kubectl-production-pending.yaml: an EKS cluster of 58
// nodes in 3 zones (eu-west-1a–c) with one on-demand managed node group per zone (the layout
// cluster-autoscaler's FAQ asks for with zonal EBS volumes), a spot pool tainted `spot=true`,
// a pool dedicated to the search team (`dedicated=search`), a system pool (`CriticalAddonsOnly`),
// a ClusterAutoscaler document whose general-eu-west-1b group is at its max, namespaces with a
// ResourceQuota and a LimitRange, a PDB-protected PostgreSQL StatefulSet on zonal EBS volumes,
// Deployments mid-rollout, two DaemonSets, priority classes, and Pending pods of ten causes.
//
// Every object is what `kubectl get -o yaml` prints after the API server stored it: written as a
// manifest, then defaulted, admitted and given its bookkeeping and status by apiServerStore.ts
// (managedFields, uid, resourceVersion, ownerReferences, the merged matchLabelKeys selector, ...),
// written with YAML 1.1's quoting as kubectl's sigs.k8s.io/yaml does ("yes", not yes).
// `fleetCauses` says, per Pending pod (or refused workload), the fix a reviewer would approve;
// fleetDump.test.ts checks the fix search ranks it first.
// Deterministic; the committed fixture (src/interop/fixtures/kubectl-fleet-pending.yaml) is this
// function's output with the FailedScheduling messages a v1.35 scheduler writes for its cluster
// (scripts/write-fleet-dump.ts fills them in from a simulation of the dump).

import { stringify } from 'yaml';
import { ago, suffix, uid, type Owner } from './pendingClusterDump';
import { StoredDump } from './storedDump';

type Obj = Record<string, unknown>;

const ZONES = ['eu-west-1a', 'eu-west-1b', 'eu-west-1c'] as const;
const GROUP_KEY = 'eks.amazonaws.com/nodegroup';
export const MAINTENANCE = 'ops.example.com/maintenance';

/** What the fixture's author (a reviewer) marks as the right outcome, per Pending pod or refused workload. */
export interface FleetCause {
  /** the pod's namespace/name prefix, or `namespace/Deployment name` for a workload whose pods admission refused */
  pod: string;
  cause: string;
  /** the verdict: Pending, placed by the simulation, never created (admission), gated */
  state: 'pending' | 'placed' | 'not-created' | 'gated';
  /** the ScenarioEdit kind of the top-ranked fix and fields it must have; undefined: no fix should be offered */
  fix?: { kind: string; [field: string]: unknown };
}

type Pool = 'general' | 'spot' | 'search' | 'system';
interface NodeShape { name: string; zone: string; pool: Pool; group: string; cpu: string; memory: string; pods: string; instance: string; cordoned?: boolean; ageMinutes: number }

const SHAPES: Record<Pool, Pick<NodeShape, 'cpu' | 'memory' | 'pods' | 'instance'>> = {
  general: { cpu: '7910m', memory: '31792816Ki', pods: '58', instance: 'm6i.2xlarge' },
  spot: { cpu: '7910m', memory: '31792816Ki', pods: '58', instance: 'm6a.2xlarge' },
  search: { cpu: '7910m', memory: '64366892Ki', pods: '58', instance: 'r6i.2xlarge' },
  system: { cpu: '1930m', memory: '7291440Ki', pods: '29', instance: 'm6i.large' },
};

const nodes: NodeShape[] = [];
ZONES.forEach((zone, z) => {
  const add = (pool: Pool, count: number, group: string, age: number) => {
    for (let k = 0; k < count; k++) {
      const n = nodes.length;
      nodes.push({ name: `ip-10-${40 + z}-${(n * 41) % 200 + 16}-${(n * 67) % 230 + 11}.eu-west-1.compute.internal`, zone, pool, group, ...SHAPES[pool], ageMinutes: age - n * 3 });
    }
  };
  add('general', zone === 'eu-west-1c' ? 9 : 8, `general-${zone}`, 40_000);
  add('spot', 5, `spot-${zone}`, 6_000);
  add('search', 3, 'search', 30_000);
  add('system', 3, 'system', 50_000);
});
/** a general node of eu-west-1c cordoned for a kernel patch; its drain is under way */
const cordoned = nodes.filter((n) => n.pool === 'general' && n.zone === 'eu-west-1c').at(-1)!;
cordoned.cordoned = true;

const pool = (p: Pool, zone?: string) => nodes.filter((n) => n.pool === p && !n.cordoned && (zone === undefined || n.zone === zone));

export const fleetCauses: FleetCause[] = [
  // its EBS volume is in eu-west-1b, whose general group is at its max (8 of 3–8); the idle,
  // dedicated search nodes of 1b would take it with a toleration — a reviewer refuses that
  { pod: 'data/postgres-2', cause: 'a StatefulSet replica whose zonal EBS volume is in eu-west-1b, where the general nodes are full and the node group is at its max size', state: 'pending', fix: { kind: 'node-group', group: 'general-eu-west-1b' } },
  // the new revision asks for 24Gi; no general node has it free, the 1a and 1c groups can grow
  { pod: 'recs/recs-api-', cause: 'a rollout whose new pods need 24Gi; cluster-autoscaler adds a general node for it', state: 'placed' },
  { pod: 'analytics/spark-worker-', cause: 'a rollout that lost the spot toleration of the pool its nodeSelector picks', state: 'pending', fix: { kind: 'toleration' } },
  // a node group of larger instances (an administrator's change in the cloud) is right; a request cut
  // to what one node has free now (14 % of the cpu) may be offered only as an override, with its numbers
  { pod: 'batch/genome-align-', cause: 'a Job pod asking for 16 CPUs: more than any node or any node group template has', state: 'pending', fix: { kind: 'node-group', like: 'general-eu-west-1a', instanceType: 'm6i.8xlarge' } },
  { pod: 'checkout/cart-', cause: 'zone spread with minDomains 4 in a 3-zone cluster', state: 'pending', fix: { kind: 'spread', minDomains: 3 } },
  // a fourth zone is no change anyone makes for one replica, and a node more in a zone adds no domain:
  // a reviewer scales it to three, one per zone (dropping the term from the template does not help
  // while the three running replicas keep it)
  { pod: 'payments/payments-api-', cause: 'a fourth replica with required pod anti-affinity per zone in a 3-zone cluster', state: 'pending', fix: { kind: 'scale', replicas: 3, by: 1 } },
  { pod: 'dev/Deployment/jupyter', cause: 'the LimitRange of dev caps a container at 2 CPUs; the template asks for 4', state: 'not-created', fix: { kind: 'request' } },
  { pod: 'reports/Deployment/pdf-renderer', cause: 'the namespace\'s ResourceQuota (requests.cpu 8) has room for three replicas, not four', state: 'not-created', fix: { kind: 'quota' } },
  { pod: 'ml/finetune-', cause: 'held by Kueue\'s admission gate', state: 'gated' },
  { pod: 'batch/etl-driver', cause: 'schedulerName yunikorn: no profile serves it', state: 'pending', fix: { kind: 'scheduler-name', schedulerName: 'default-scheduler' } },
];

const NEVER_PREEMPT = new Set(['batch-low']);
const PRIORITY: Record<string, number> = { 'tier-1': 100_000, 'tier-2': 1_000, 'batch-low': -10, 'system-cluster-critical': 2_000_000_000, 'system-node-critical': 2_000_001_000 };

interface Spec {
  cpu: string;
  memory: string;
  image: string;
  limits?: Obj;
  nodeSelector?: Record<string, string>;
  tolerations?: Obj[];
  affinity?: Obj;
  topologySpreadConstraints?: Obj[];
  priorityClassName?: string;
  schedulerName?: string;
  schedulingGates?: Obj[];
  restartPolicy?: string;
  volumes?: Obj[];
  mounts?: Obj[];
  ports?: Obj[];
}

function podSpec(s: Spec): Obj {
  return {
    ...(s.affinity ? { affinity: s.affinity } : {}),
    containers: [{
      image: s.image, name: 'main',
      ...(s.ports ? { ports: s.ports } : {}),
      resources: { ...(s.limits ? { limits: s.limits } : {}), requests: { cpu: s.cpu, memory: s.memory } },
      ...(s.mounts ? { volumeMounts: s.mounts } : {}),
    }],
    ...(s.nodeSelector ? { nodeSelector: s.nodeSelector } : {}),
    ...(s.priorityClassName ? { priorityClassName: s.priorityClassName } : {}),
    ...(s.restartPolicy ? { restartPolicy: s.restartPolicy } : {}),
    ...(s.schedulerName ? { schedulerName: s.schedulerName } : {}),
    ...(s.schedulingGates ? { schedulingGates: s.schedulingGates } : {}),
    ...(s.tolerations ? { tolerations: s.tolerations } : {}),
    ...(s.topologySpreadConstraints ? { topologySpreadConstraints: s.topologySpreadConstraints } : {}),
    ...(s.volumes ? { volumes: s.volumes } : {}),
  };
}

/** The objects of one run of the generator: the API server, the time each object was stored, and the output. */
class Fleet extends StoredDump {
  constructor(messages: Record<string, string>) {
    super(messages, 31, { priority: PRIORITY, defaultStorageClass: 'gp3' });
  }

  pod(namespace: string, name: string, labels: Record<string, string>, spec: Spec, minutes: number, place: { node?: string; owner?: Owner }): Obj {
    const meta: Obj = { labels, name, namespace };
    if (place.owner) {
      meta.generateName = name.slice(0, name.lastIndexOf('-') + 1);
      meta.ownerReferences = [{ ...place.owner, blockOwnerDeletion: true, controller: true }];
    }
    const pod = this.store({ apiVersion: 'v1', kind: 'Pod', metadata: meta, spec: podSpec(spec) }, minutes, { node: place.node, pending: !place.node && !spec.schedulingGates && !spec.schedulerName }, this.pods);
    // Priority admission copies the class's preemptionPolicy too
    if (spec.priorityClassName && NEVER_PREEMPT.has(spec.priorityClassName)) (pod.spec as Obj).preemptionPolicy = 'Never';
    const status = pod.status as Obj;
    if (place.node) {
      const n = nodes.find((x) => x.name === place.node)!;
      const hostIP = n.name.slice(3, n.name.indexOf('.')).replace(/-/g, '.');
      const podIP = `10.${40 + ZONES.indexOf(n.zone as never)}.${(this.seq * 7) % 250}.${(this.seq * 13) % 250}`;
      Object.assign(status, { hostIP, hostIPs: [{ ip: hostIP }], podIP, podIPs: [{ ip: podIP }] });
    } else if (spec.schedulingGates) {
      // upstream: pkg/registry/core/pod/strategy.go (the PodScheduled condition of a gated pod)
      status.conditions = [{ lastProbeTime: null, lastTransitionTime: ago(minutes), message: 'Scheduling is blocked due to non-empty scheduling gates', observedGeneration: 1, reason: 'SchedulingGated', status: 'False', type: 'PodScheduled' }];
    }
    return pod;
  }
}

interface Rollout { spec: Spec; placed: string[]; pending?: number; minutes: number }

/**
 * A Deployment and its ReplicaSets: `current` is the newest revision, `old` the one it replaces
 * (mid-rollout); `refused`: pods of the current ReplicaSet admission refused (FailedCreate).
 */
function deployment(f: Fleet, namespace: string, name: string, current: Rollout, opts: { old?: Rollout; refused?: { count: number; message: string }; strategy?: Obj; extraLabels?: Record<string, string> } = {}): void {
  const labels = { app: name, ...opts.extraLabels };
  const revision = opts.old ? 2 : 1;
  const currentCount = current.placed.length + (current.pending ?? 0) + (opts.refused?.count ?? 0);
  const desired = opts.old ? opts.old.placed.length : currentCount;
  const deploy = f.store({
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { annotations: { 'deployment.kubernetes.io/revision': String(revision) }, labels, name, namespace },
    spec: { replicas: desired, selector: { matchLabels: labels }, ...(opts.strategy ? { strategy: opts.strategy } : {}), template: { metadata: { labels }, spec: podSpec(current.spec) } },
  }, 20_000);
  const ready = current.placed.length + (opts.old?.placed.length ?? 0);
  deploy.metadata = { ...(deploy.metadata as Obj), generation: revision };
  deploy.status = {
    availableReplicas: ready,
    conditions: [
      { lastTransitionTime: ago(20_000), lastUpdateTime: ago(20_000), message: ready >= desired ? 'Deployment has minimum availability.' : 'Deployment does not have minimum availability.', reason: ready >= desired ? 'MinimumReplicasAvailable' : 'MinimumReplicasUnavailable', status: ready >= desired ? 'True' : 'False', type: 'Available' },
      ...(opts.refused ? [{ lastTransitionTime: ago(current.minutes), lastUpdateTime: ago(current.minutes), message: opts.refused.message, reason: 'FailedCreate', status: 'True', type: 'ReplicaFailure' }] : []),
      { lastTransitionTime: ago(current.minutes), lastUpdateTime: ago(current.minutes), message: `ReplicaSet "${name}-${hash(name, revision)}" is progressing.`, reason: 'ReplicaSetUpdated', status: 'True', type: 'Progressing' },
    ],
    observedGeneration: revision, readyReplicas: ready, replicas: ready + (current.pending ?? 0), unavailableReplicas: Math.max(0, desired - ready), updatedReplicas: current.placed.length + (current.pending ?? 0),
  };
  const dUid = (deploy.metadata as Obj).uid as string;
  const replicaSet = (rev: number, r: Rollout, count: number, refused?: { count: number; message: string }) => {
    const h = hash(name, rev);
    const rsLabels = { ...labels, 'pod-template-hash': h };
    const rs = f.store({
      apiVersion: 'apps/v1', kind: 'ReplicaSet',
      metadata: { annotations: { 'deployment.kubernetes.io/desired-replicas': String(desired), 'deployment.kubernetes.io/max-replicas': String(desired + 1), 'deployment.kubernetes.io/revision': String(rev) }, labels: rsLabels, name: `${name}-${h}`, namespace, ownerReferences: [{ apiVersion: 'apps/v1', blockOwnerDeletion: true, controller: true, kind: 'Deployment', name, uid: dUid }] },
      spec: { replicas: count, selector: { matchLabels: rsLabels }, template: { metadata: { labels: rsLabels }, spec: podSpec(r.spec) } },
    }, r.minutes);
    const made = r.placed.length + (r.pending ?? 0);
    rs.status = {
      availableReplicas: r.placed.length,
      ...(refused ? { conditions: [{ lastTransitionTime: ago(r.minutes), message: refused.message, reason: 'FailedCreate', status: 'True', type: 'ReplicaFailure' }] } : {}),
      fullyLabeledReplicas: made, observedGeneration: 1, readyReplicas: r.placed.length, replicas: made,
    };
    const owner: Owner = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${name}-${h}`, uid: (rs.metadata as Obj).uid as string };
    r.placed.forEach((node, k) => f.pod(namespace, `${name}-${h}-${suffix(hashSeed(name) + k * 37 + rev)}`, rsLabels, r.spec, r.minutes - 1, { node, owner }));
    for (let k = 0; k < (r.pending ?? 0); k++) f.pod(namespace, `${name}-${h}-${suffix(hashSeed(name) + 900 + k)}`, rsLabels, r.spec, r.minutes - 1, { owner });
  };
  if (opts.old) replicaSet(1, opts.old, opts.old.placed.length);
  replicaSet(revision, current, currentCount, opts.refused);
}

const hashSeed = (name: string) => [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 100_003, 7);
const hash = (name: string, rev: number) => `${(hashSeed(name) * 7919 + rev * 104729 + 0x6c8d9f5a).toString(16).slice(-6)}${suffix(hashSeed(name) + rev * 977).slice(0, 4)}`;

function daemonSet(f: Fleet, namespace: string, name: string, cpu: string, memory: string, image: string): void {
  const labels = { 'app.kubernetes.io/name': name };
  const spec: Spec = { cpu, memory, image, tolerations: [{ operator: 'Exists' }], priorityClassName: 'system-node-critical' };
  const ds = f.store({ apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { labels, name, namespace }, spec: { selector: { matchLabels: labels }, template: { metadata: { labels }, spec: podSpec(spec) } } }, 60_000);
  ds.status = { currentNumberScheduled: nodes.length, desiredNumberScheduled: nodes.length, numberAvailable: nodes.length, numberMisscheduled: 0, numberReady: nodes.length, observedGeneration: 1, updatedNumberScheduled: nodes.length };
  const owner: Owner = { apiVersion: 'apps/v1', kind: 'DaemonSet', name, uid: (ds.metadata as Obj).uid as string };
  nodes.forEach((n, k) => f.pod(namespace, `${name}-${suffix(hashSeed(name) + k * 53)}`, { ...labels, 'controller-revision-hash': '6f8b7c9d5d', 'pod-template-generation': '1' }, {
    ...spec,
    affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [n.name] }] }] } } },
  }, Math.min(n.ageMinutes, 40_000) - 1, { node: n.name, owner }));
}

function nodeObject(f: Fleet, n: NodeShape, i: number): void {
  const taints: Obj[] = [];
  if (n.pool === 'spot') taints.push({ effect: 'NoSchedule', key: 'spot', value: 'true' });
  if (n.pool === 'search') taints.push({ effect: 'NoSchedule', key: 'dedicated', value: 'search' });
  if (n.pool === 'system') taints.push({ effect: 'NoSchedule', key: 'CriticalAddonsOnly', value: 'true' });
  const capacityType = n.pool === 'spot' ? 'SPOT' : 'ON_DEMAND';
  const node = f.store({
    apiVersion: 'v1', kind: 'Node',
    metadata: {
      annotations: { 'alpha.kubernetes.io/provided-node-ip': n.name.slice(3, n.name.indexOf('.')).replace(/-/g, '.'), ...(n.cordoned ? { [MAINTENANCE]: 'CHG-4471: kernel CVE-2026-1234 patch; node is being drained, replaced by the next AMI' } : {}) },
      labels: {
        'beta.kubernetes.io/arch': 'amd64', 'beta.kubernetes.io/os': 'linux', [GROUP_KEY]: n.group, 'eks.amazonaws.com/capacityType': capacityType,
        'eks.amazonaws.com/nodegroup-image': 'ami-0a1b2c3d4e5f67890', 'failure-domain.beta.kubernetes.io/region': 'eu-west-1', 'failure-domain.beta.kubernetes.io/zone': n.zone,
        'k8s.io/cloud-provider-aws': 'a94967527effcefb5f5829f529c0a1b9', 'kubernetes.io/arch': 'amd64', 'kubernetes.io/hostname': n.name, 'kubernetes.io/os': 'linux',
        'node.kubernetes.io/instance-type': n.instance, 'topology.ebs.csi.aws.com/zone': n.zone, 'topology.k8s.aws/zone-id': `euw1-az${ZONES.indexOf(n.zone as never) + 1}`,
        'topology.kubernetes.io/region': 'eu-west-1', 'topology.kubernetes.io/zone': n.zone,
        ...(n.pool === 'search' ? { dedicated: 'search' } : {}),
      },
      name: n.name, uid: uid(32, i),
    },
    spec: { ...(taints.length ? { taints } : {}), ...(n.cordoned ? { unschedulable: true } : {}) },
    status: { capacity: { cpu: n.pool === 'system' ? '2' : '8', 'ephemeral-storage': '104845292Ki', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory: n.memory, pods: n.pods } },
  }, n.ageMinutes);
  const spec = node.spec as Obj;
  spec.providerID = `aws:///${n.zone}/i-0${(i * 104729 + 7919).toString(16).padStart(16, '0')}`;
  delete spec.podCIDR; delete spec.podCIDRs;
  const status = node.status as Obj;
  status.allocatable = { cpu: n.cpu, 'ephemeral-storage': '95551679124', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory: n.memory, pods: n.pods };
  status.addresses = [{ address: n.name.slice(3, n.name.indexOf('.')).replace(/-/g, '.'), type: 'InternalIP' }, { address: n.name, type: 'InternalDNS' }, { address: n.name, type: 'Hostname' }];
  status.nodeInfo = { ...(status.nodeInfo as Obj), containerRuntimeVersion: 'containerd://1.7.27', kubeletVersion: 'v1.35.2-eks-4096722', osImage: 'Amazon Linux 2023.7.20250512' };
  status.images = [{ names: [`602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni@sha256:${uid(33, i).replace(/-/g, '')}`, '602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:v1.19.5-eksbuild.1'], sizeBytes: 52_345_678 + i }];
}

/** The dump's ClusterAutoscaler document: the general and spot groups per zone, and the search pool. */
function clusterAutoscaler(): string {
  const template = (group: string, pool: Pool, zone: string | undefined, min: number, max: number) => {
    const s = SHAPES[pool];
    const taint = pool === 'spot' ? [{ key: 'spot', value: 'true', effect: 'NoSchedule' }] : pool === 'search' ? [{ key: 'dedicated', value: 'search', effect: 'NoSchedule' }] : [];
    return {
      apiVersion: 'v1', kind: 'Node',
      metadata: {
        name: `${group}-template`,
        labels: {
          [GROUP_KEY]: group, 'eks.amazonaws.com/capacityType': pool === 'spot' ? 'SPOT' : 'ON_DEMAND', 'kubernetes.io/arch': 'amd64', 'kubernetes.io/os': 'linux', 'node.kubernetes.io/instance-type': s.instance,
          ...(zone ? { 'topology.kubernetes.io/zone': zone, 'topology.ebs.csi.aws.com/zone': zone } : {}), 'topology.kubernetes.io/region': 'eu-west-1', ...(pool === 'search' ? { dedicated: 'search' } : {}),
        },
        annotations: { 'cluster-autoscaler.kwok.nodegroup/min-count': String(min), 'cluster-autoscaler.kwok.nodegroup/max-count': String(max) },
      },
      ...(taint.length ? { spec: { taints: taint } } : {}),
      status: { allocatable: { cpu: s.cpu, memory: s.memory, pods: s.pods } },
    };
  };
  const doc = {
    apiVersion: 'podplay/v1alpha1', kind: 'ClusterAutoscaler', metadata: { name: 'cluster-autoscaler' },
    spec: {
      expander: 'least-waste', nodeGroupLabelKey: GROUP_KEY, provisioningDelay: '90s', scaleDownEnabled: false,
      templates: [
        ...ZONES.map((z) => template(`general-${z}`, 'general', z, 3, z === 'eu-west-1b' ? 8 : 12)),
        ...ZONES.map((z) => template(`spot-${z}`, 'spot', z, 0, 5)),
        // one Auto Scaling group over the three zones: cluster-autoscaler's AWS provider builds its template in the first
        template('search', 'search', ZONES[0], 3, 12),
      ],
    },
  };
  return stringify(doc, { lineWidth: 0 });
}

/** The dump; `messages`: the FailedScheduling message of each Pending pod (namespace/name), as the cluster recorded it. */
export function fleetDump(messages: Record<string, string> = {}): string {
  const f = new Fleet(messages);
  for (const ns of ['kube-system', 'monitoring', 'shop', 'data', 'recs', 'analytics', 'search', 'batch', 'checkout', 'payments', 'dev', 'reports', 'ml']) {
    f.store({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }, 60_000);
  }
  nodes.forEach((n, i) => nodeObject(f, n, i));
  f.store({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'tier-1' }, value: PRIORITY['tier-1'], description: 'Customer-facing, revenue-critical' }, 60_000);
  f.store({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'tier-2' }, value: PRIORITY['tier-2'], globalDefault: false, description: 'Customer-facing' }, 60_000);
  f.store({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'batch-low' }, value: PRIORITY['batch-low'], preemptionPolicy: 'Never', description: 'Batch work that waits for room' }, 60_000);
  f.store({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' }, name: 'gp3' }, provisioner: 'ebs.csi.aws.com', parameters: { type: 'gp3', encrypted: 'true' }, volumeBindingMode: 'WaitForFirstConsumer', allowVolumeExpansion: true }, 60_000);
  // dev: a LimitRange caps a container at 2 CPUs and 8Gi; reports: a quota of 8 CPUs of requests
  f.store({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'container-limits', namespace: 'dev' }, spec: { limits: [{ type: 'Container', default: { cpu: '1', memory: '2Gi' }, defaultRequest: { cpu: '250m', memory: '512Mi' }, max: { cpu: '2', memory: '8Gi' } }] } }, 50_000);
  const quota = f.store({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute', namespace: 'reports' }, spec: { hard: { pods: '20', 'requests.cpu': '8', 'requests.memory': '32Gi', 'limits.memory': '48Gi' } } }, 50_000);
  quota.status = { hard: (quota.spec as Obj).hard, used: { pods: '3', 'requests.cpu': '7500m', 'requests.memory': '12Gi', 'limits.memory': '12Gi' } };

  const general = (zone: number) => pool('general', ZONES[zone]);
  const ca = (zone: number, k: number) => general(zone)[k]!.name;

  daemonSet(f, 'monitoring', 'node-exporter', '100m', '180Mi', 'quay.io/prometheus/node-exporter:v1.9.1');
  deployment(f, 'kube-system', 'coredns', { spec: { cpu: '100m', memory: '70Mi', image: '602401143452.dkr.ecr.eu-west-1.amazonaws.com/eks/coredns:v1.11.4-eksbuild.2', priorityClassName: 'system-cluster-critical', nodeSelector: { [GROUP_KEY]: 'system' }, tolerations: [{ key: 'CriticalAddonsOnly', operator: 'Exists' }] }, placed: [pool('system', ZONES[0])[0]!.name, pool('system', ZONES[1])[0]!.name], minutes: 50_000 });

  // the storefront fills the general pool: two 3-CPU replicas per node, one beside PostgreSQL or a
  // pdf-renderer; in eu-west-1b that node also runs cart and payments-api, so no 1b node has 2 CPUs free
  const hosts = new Map<string, number>();
  const take = (node: string) => hosts.set(node, (hosts.get(node) ?? 0) + 1);
  const postgresHosts = [ca(0, 0), ca(2, 0)];
  const reportHosts = [ca(0, 1), ca(1, 0), ca(2, 1)];
  const recsHosts = [ca(0, 2), ca(1, 1), ca(2, 2), ca(0, 3)];
  for (const h of [...postgresHosts, ...reportHosts]) take(h);
  const storefront = [0, 1, 2].flatMap((z) => general(z).flatMap((n) => (hosts.has(n.name) ? [n.name] : [n.name, n.name])));
  deployment(f, 'shop', 'storefront', { spec: { cpu: '3', memory: '8Gi', image: 'ghcr.io/example/storefront:12.4.1', priorityClassName: 'tier-2', nodeSelector: { 'eks.amazonaws.com/capacityType': 'ON_DEMAND' } }, placed: storefront, minutes: 7_000 });
  f.store({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'storefront', namespace: 'shop' }, spec: { minAvailable: '90%', selector: { matchLabels: { app: 'storefront' } } } }, 20_000);

  // PostgreSQL: one replica per zone on its EBS volume; postgres-2's volume is in eu-west-1b
  postgres(f, postgresHosts);

  // recs-api mid-rollout: revision 2 loads a larger model (24Gi); its first surge pod waits
  const recsSpec = (memory: string, tag: string): Spec => ({ cpu: '1', memory, image: `ghcr.io/example/recs-api:${tag}`, priorityClassName: 'tier-2', nodeSelector: { 'eks.amazonaws.com/capacityType': 'ON_DEMAND' } });
  deployment(f, 'recs', 'recs-api', { spec: recsSpec('24Gi', '5.0.0'), placed: [], pending: 1, minutes: 25 }, { old: { spec: recsSpec('2Gi', '4.9.3'), placed: recsHosts, minutes: 9_000 } });

  // spark workers on spot; revision 2's values file dropped the toleration
  const sparkSpec = (tolerate: boolean, tag: string): Spec => ({ cpu: '3', memory: '12Gi', image: `apache/spark:${tag}`, nodeSelector: { 'eks.amazonaws.com/capacityType': 'SPOT' }, ...(tolerate ? { tolerations: [{ effect: 'NoSchedule', key: 'spot', operator: 'Equal', value: 'true' }] } : {}) });
  deployment(f, 'analytics', 'spark-worker', { spec: sparkSpec(false, '3.5.5'), placed: [], pending: 1, minutes: 18 }, { old: { spec: sparkSpec(true, '3.5.4'), placed: pool('spot').map((n) => n.name), minutes: 3_000 }, strategy: { rollingUpdate: { maxSurge: 1, maxUnavailable: 0 }, type: 'RollingUpdate' } });

  // the search team's indexers on their dedicated pool, half of each node taken
  deployment(f, 'search', 'indexer', { spec: { cpu: '4', memory: '24Gi', image: 'opensearchproject/opensearch:2.19.1', priorityClassName: 'tier-2', nodeSelector: { dedicated: 'search' }, tolerations: [{ effect: 'NoSchedule', key: 'dedicated', operator: 'Equal', value: 'search' }] }, placed: pool('search').map((n) => n.name), minutes: 12_000 });

  // checkout/cart: zone spread with minDomains 4 (written for a 4-zone region); three placed, one per zone
  deployment(f, 'checkout', 'cart', {
    spec: {
      cpu: '250m', memory: '512Mi', image: 'ghcr.io/example/cart:3.8.0', priorityClassName: 'tier-1',
      topologySpreadConstraints: [{ labelSelector: { matchLabels: { app: 'cart' } }, matchLabelKeys: ['pod-template-hash'], maxSkew: 1, minDomains: 4, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule' }],
    },
    placed: [ca(0, 4), ca(1, 0), ca(2, 4)], pending: 1, minutes: 600,
  });

  // payments-api: one replica per zone by required anti-affinity; scaled to four
  deployment(f, 'payments', 'payments-api', {
    spec: {
      cpu: '500m', memory: '1Gi', image: 'ghcr.io/example/payments-api:7.2.0', priorityClassName: 'tier-1',
      affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'payments-api' } }, topologyKey: 'topology.kubernetes.io/zone' }] } },
    },
    placed: [ca(0, 5), ca(1, 0), ca(2, 5)], pending: 1, minutes: 45,
  });

  // reports: three 2.5-CPU renderers use 7.5 of the quota's 8 CPUs; the fourth is refused
  deployment(f, 'reports', 'pdf-renderer', { spec: { cpu: '2500m', memory: '4Gi', limits: { memory: '4Gi' }, image: 'ghcr.io/example/pdf-renderer:1.6.0', priorityClassName: 'tier-2', nodeSelector: { 'eks.amazonaws.com/capacityType': 'ON_DEMAND' } }, placed: reportHosts, minutes: 120 },
    { refused: { count: 1, message: 'pods "pdf-renderer-' + hash('pdf-renderer', 1) + '-x2v9q" is forbidden: exceeded quota: compute, requested: requests.cpu=2500m, used: requests.cpu=7500m, limited: requests.cpu=8' } });

  // dev/jupyter: 4 CPUs per container, over the LimitRange's max of 2
  deployment(f, 'dev', 'jupyter', { spec: { cpu: '4', memory: '6Gi', limits: { cpu: '4', memory: '6Gi' }, image: 'quay.io/jupyter/scipy-notebook:2025-05-12' }, placed: [], minutes: 300 },
    { refused: { count: 1, message: 'pods "jupyter-' + hash('jupyter', 1) + '-k7m2c" is forbidden: maximum cpu usage per Container is 2, but limit is 4' } });

  // a Job pod larger than any node
  job(f, 'batch', 'genome-align', { cpu: '16', memory: '48Gi', image: 'ghcr.io/example/bwa-mem2:2.2.1', priorityClassName: 'batch-low', restartPolicy: 'Never' }, 35);
  // a Kueue-managed plain pod, held at its admission gate
  f.pod('ml', 'finetune-llama-7b', { app: 'finetune', 'kueue.x-k8s.io/queue-name': 'ml-queue', 'kueue.x-k8s.io/managed': 'true' }, { cpu: '4', memory: '16Gi', image: 'ghcr.io/example/finetune:0.4.0', schedulingGates: [{ name: 'kueue.x-k8s.io/admission' }], restartPolicy: 'Never' }, 15, {});
  // a Spark driver submitted for YuniKorn, which this cluster does not run
  f.pod('batch', 'etl-driver', { app: 'etl', 'spark-role': 'driver' }, { cpu: '1', memory: '4Gi', image: 'apache/spark:3.5.5', schedulerName: 'yunikorn', restartPolicy: 'Never' }, 40, {});

  const list = stringify({ apiVersion: 'v1', items: [...f.items, ...f.pods], kind: 'List', metadata: { resourceVersion: '' } }, { lineWidth: 0, aliasDuplicateObjects: false, version: '1.1' });
  return `${clusterAutoscaler()}---\n${list}`;
}

function postgres(f: Fleet, hosts: string[]): void {
  const labels = { 'app.kubernetes.io/name': 'postgres', 'app.kubernetes.io/instance': 'orders-db' };
  const spec: Spec = { cpu: '2', memory: '16Gi', limits: { memory: '16Gi' }, image: 'ghcr.io/cloudnative-pg/postgresql:17.5', priorityClassName: 'tier-2', nodeSelector: { 'eks.amazonaws.com/capacityType': 'ON_DEMAND' }, mounts: [{ mountPath: '/var/lib/postgresql/data', name: 'data' }], ports: [{ containerPort: 5432, name: 'postgres' }] };
  const sts = f.store({
    apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { labels, name: 'postgres', namespace: 'data' },
    spec: {
      podManagementPolicy: 'Parallel', replicas: 3, selector: { matchLabels: labels }, serviceName: 'postgres', template: { metadata: { labels }, spec: podSpec(spec) },
      volumeClaimTemplates: [{ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '200Gi' } }, storageClassName: 'gp3' } }],
    },
  }, 30_000);
  sts.status = { availableReplicas: 2, collisionCount: 0, currentReplicas: 3, currentRevision: 'postgres-7c9f8d6b5', observedGeneration: 1, readyReplicas: 2, replicas: 3, updateRevision: 'postgres-7c9f8d6b5', updatedReplicas: 3 };
  f.store({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'postgres', namespace: 'data' }, spec: { maxUnavailable: 1, selector: { matchLabels: labels } } }, 30_000)
    .status = { conditions: [{ lastTransitionTime: ago(20), message: '', observedGeneration: 1, reason: 'InsufficientPods', status: 'False', type: 'DisruptionAllowed' }], currentHealthy: 2, desiredHealthy: 2, disruptionsAllowed: 0, expectedPods: 3, observedGeneration: 1 };
  const owner: Owner = { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'postgres', uid: (sts.metadata as Obj).uid as string };
  const volumeZones = ['eu-west-1a', 'eu-west-1c', 'eu-west-1b'];
  volumeZones.forEach((zone, k) => {
    const pvName = `pvc-${uid(34, k)}`;
    const claim = `data-postgres-${k}`;
    const pvc = f.store({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { annotations: { 'volume.beta.kubernetes.io/storage-provisioner': 'ebs.csi.aws.com', 'volume.kubernetes.io/selected-node': k < 2 ? hosts[k]! : nodes.find((n) => n.zone === zone && n.pool === 'general')!.name, 'volume.kubernetes.io/storage-provisioner': 'ebs.csi.aws.com' }, labels, name: claim, namespace: 'data', uid: uid(35, k) }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '200Gi' } }, storageClassName: 'gp3', volumeName: pvName } }, 30_000);
    f.store({
      apiVersion: 'v1', kind: 'PersistentVolume',
      metadata: { annotations: { 'pv.kubernetes.io/provisioned-by': 'ebs.csi.aws.com', 'volume.kubernetes.io/provisioner-deletion-secret-name': '', 'volume.kubernetes.io/provisioner-deletion-secret-namespace': '' }, finalizers: ['external-provisioner.volume.kubernetes.io/finalizer'], name: pvName },
      spec: {
        accessModes: ['ReadWriteOnce'], capacity: { storage: '200Gi' },
        claimRef: { name: claim, namespace: 'data', uid: (pvc.metadata as Obj).uid },
        csi: { driver: 'ebs.csi.aws.com', fsType: 'ext4', volumeAttributes: { 'storage.kubernetes.io/csiProvisionerIdentity': '1741000000000-8081-ebs.csi.aws.com' }, volumeHandle: `vol-0${(k * 7919 + 104729).toString(16).padStart(16, '0')}` },
        nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: [zone] }] }] } },
        persistentVolumeReclaimPolicy: 'Delete', storageClassName: 'gp3',
      },
    }, 30_000);
  });
  const podLabels = (k: number) => ({ ...labels, 'apps.kubernetes.io/pod-index': String(k), 'controller-revision-hash': 'postgres-7c9f8d6b5', 'statefulset.kubernetes.io/pod-name': `postgres-${k}` });
  const withClaim = (k: number): Spec => ({ ...spec, volumes: [{ name: 'data', persistentVolumeClaim: { claimName: `data-postgres-${k}` } }] });
  hosts.forEach((h, k) => f.pod('data', `postgres-${k}`, podLabels(k), withClaim(k), 29_000, { node: h, owner }));
  // postgres-2's node was replaced; the pod came back 20 minutes ago and waits
  f.pod('data', 'postgres-2', podLabels(2), withClaim(2), 20, { owner });
}

function job(f: Fleet, namespace: string, name: string, spec: Spec, minutes: number): void {
  const j = f.store({ apiVersion: 'batch/v1', kind: 'Job', metadata: { labels: { app: name }, name, namespace }, spec: { backoffLimit: 2, template: { metadata: { labels: { app: name } }, spec: podSpec(spec) } } }, minutes);
  const jUid = (j.metadata as Obj).uid as string;
  const labels = ((j.spec as Obj).template as { metadata: { labels: Record<string, string> } }).metadata.labels;
  f.pod(namespace, `${name}-${suffix(hashSeed(name))}`, labels, spec, minutes, { owner: { apiVersion: 'batch/v1', kind: 'Job', name, uid: jUid } });
}
