import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import dump from './fixtures/kubectl-get-nodes-pods.yaml?raw';
import { objectKinds } from '../engine/model/decode/kinds';
import { normalizeKubectlDump } from './kubectl';
import { VERSIONED_API_VERSIONS } from './objects';
import { generateClusterDump } from './testing/clusterDump';
import { loadOk, podNames } from './testing/load';
import { parseText } from './yaml';
import { slowParseYaml } from './yaml';

const docsOf = (text: string): Record<string, unknown>[] => parseText(text).documents as Record<string, unknown>[];

describe('normalizeKubectlDump on `kubectl get nodes,pods -A -o yaml`', () => {
  const out = normalizeKubectlDump(dump);

  it('counts what it kept and what it dropped', () => {
    expect(out.errors).toEqual([]);
    expect(out.stats).toMatchObject({
      objectsRead: 12, nodes: 3, pods: { bound: 4, pending: 2 },
      droppedPods: { succeeded: 1, failed: 1, onMissingNodes: 1 },
      workloads: 0, droppedWorkloads: 0, reconstructed: 1, droppedKinds: {}, reader: 'yaml',
    });
    expect(out.warnings).toContain('1 Succeeded and 1 Failed pod(s) dropped: finished pods hold no resources');
    expect(out.warnings.some((w) => w.includes('default/orphan-on-gone-node (on kind-worker3)'))).toBe(true);
    expect(out.warnings.some((w) => w.startsWith('1 PriorityClass(es) rebuilt from the pods that use them: high-priority'))).toBe(true);
  });

  it('loads through the engine: bound pods stay bound, pending pods queue in creation order', () => {
    const s = loadOk(out.yaml);
    expect(s.nodes.map((n) => n.metadata.name)).toEqual(['kind-control-plane', 'kind-worker', 'kind-worker2']);
    expect(podNames(s)).toEqual([
      'kube-system/etcd-kind-control-plane', 'kube-system/coredns-668d6bf9bc-7xkqm', 'kube-system/kube-proxy-9wz5d', 'default/web-0',
      'shop/api-7d9f8c6b54-b7c4v', 'shop/api-7d9f8c6b54-q8n2x',
    ]);
    expect(s.pods.map((p) => p.spec.nodeName)).toEqual(['kind-control-plane', 'kind-control-plane', 'kind-worker', 'kind-worker', undefined, undefined]);
    expect(s.pods.map((p) => p.spec.priority)).toEqual([2000001000, 2000000000, 2000001000, 0, 1000000, 1000000]);
    expect(s.priorityClasses.find((c) => c.metadata.name === 'high-priority')).toMatchObject({ value: 1000000, preemptionPolicy: 'PreemptLowerPriority' });
  });

  it('keeps what the scheduler reads', () => {
    const s = loadOk(out.yaml);
    const [controlPlane, , cordoned] = s.nodes;
    expect(controlPlane!.spec.taints).toEqual([{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }]);
    expect(controlPlane!.status.allocatable).toMatchObject({ cpu: '8', memory: '32521620Ki', pods: '110' });
    expect(controlPlane!.status.images?.[1]?.names).toContain('docker.io/library/nginx:1.27');
    expect(controlPlane!.status.conditions?.map((c) => [c.type, c.status])).toEqual([['MemoryPressure', 'False'], ['Ready', 'True']]);
    expect(cordoned!.spec.unschedulable).toBe(true);
    const coredns = s.pods[1]!;
    expect(coredns.metadata.uid).toBe('2b3c4d5e-6f70-4819-a2b3-c4d5e6f7a8b9');
    expect(coredns.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'coredns-668d6bf9bc', uid: '6c5b4a39-2817-4e6f-9d5c-4b3a29180f7e', controller: true, blockOwnerDeletion: true }]);
    expect(coredns.spec.affinity?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution?.[0]?.weight).toBe(100);
    expect(coredns.spec.containers[0]!.ports?.map((p) => p.containerPort)).toEqual([53, 53]);
    expect(coredns.spec.containers[0]!.resources?.requests).toEqual({ cpu: '100m', memory: '70Mi' });
    expect(coredns.spec.nodeSelector).toEqual({ 'kubernetes.io/os': 'linux' });
    expect(s.pods[0]!.spec.hostNetwork).toBe(true);
  });

  it('drops the API server\'s bookkeeping and the kubelet\'s fields', () => {
    for (const noise of ['managedFields', 'resourceVersion', 'last-applied-configuration', 'containerStatuses', 'podIP', 'nodeInfo',
      'daemonEndpoints', 'providerID', 'podCIDR', 'terminationMessagePath', 'livenessProbe', 'serviceAccountName', 'kube-api-access', 'configMap', 'hostPath',
      'lastHeartbeatTime', 'lastTransitionTime', 'timeAdded', 'generateName', 'qosClass', 'dnsPolicy']) {
      expect(out.yaml, noise).not.toContain(noise);
    }
    const pending = docsOf(out.yaml).find((d) => (d.metadata as { name?: string }).name === 'api-7d9f8c6b54-q8n2x')!;
    expect(pending.status).toEqual({
      phase: 'Pending',
      conditions: [{
        type: 'PodScheduled', status: 'False', reason: 'Unschedulable',
        message: '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) were unschedulable, 1 Insufficient cpu. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.',
      }],
    });
  });

  it('keeps the creationTimestamp of nodes and pods only (their age is read), as seconds before the dump in the engine', () => {
    const created = docsOf(out.yaml).filter((d) => (d.metadata as { creationTimestamp?: string } | undefined)?.creationTimestamp !== undefined).map((d) => d.kind);
    expect([...new Set(created)]).toEqual(['Node', 'Pod']);
    expect(created).toHaveLength(3 + 6);
    const s = loadOk(out.yaml);
    // t=0 is the latest timestamp the scenario keeps: the pending api pod's, created at 10:30:00
    expect(s.nodes[0]!.metadata.creationTimestamp).toBe(-(18 * 60 + 48));
    expect(s.pods.find((p) => p.metadata.name === 'api-7d9f8c6b54-q8n2x')!.metadata.creationTimestamp).toBe(0);
  });

  it('is a fraction of the dump and starts with a summary', () => {
    // the nodes' and pods' creationTimestamps stay (about 5% of this small dump)
    expect(out.stats.bytesOut).toBeLessThan(out.stats.bytesIn * 0.55);
    expect(out.yaml.split('\n').slice(0, 2)).toEqual([
      '# Imported from kubectl output by Podplay.',
      '# 3 nodes, 6 pods (4 running, 2 pending), 0 workloads.',
    ]);
  });

  it('is deterministic and idempotent', () => {
    expect(normalizeKubectlDump(dump).yaml).toBe(out.yaml);
    expect(normalizeKubectlDump(out.yaml).yaml).toBe(out.yaml.replace('# Left out: 3 pods (finished or on missing nodes), 0 workloads their pods stand for.\n', ''));
  });

  it('reads `-o json` to the same scenario', () => {
    const list = slowParseYaml(dump).documents[0];
    const json = normalizeKubectlDump(JSON.stringify(list, null, 4));
    expect(json.stats.reader).toBe('json');
    expect(json.yaml).toBe(out.yaml);
  });

  it('reads raw API lists whose items carry no kind', () => {
    const r = normalizeKubectlDump(JSON.stringify({
      kind: 'NodeList', apiVersion: 'v1', items: [{ metadata: { name: 'n1' }, status: { allocatable: { cpu: '2', memory: '4Gi', pods: '110' } } }],
    }));
    expect(loadOk(r.yaml).nodes.map((n) => n.metadata.name)).toEqual(['n1']);
  });

  it('reports YAML syntax errors instead of throwing', () => {
    const r = normalizeKubectlDump('items: [a, b\nkind: List\n');
    expect(r.yaml).toBe('');
    expect(r.errors.length).toBeGreaterThan(0);
  });
});

// --- ownership: no double expansion -------------------------------------------------------

const node = (name: string) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, uid: `uid-${name}` }, status: { allocatable: { cpu: '8', memory: '16Gi', pods: '110' } } });
const template = (labels: Record<string, string>) => ({ metadata: { labels }, spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '100m' } } }] } });
const owner = (kind: string, name: string, apiVersion = 'apps/v1') => ({ apiVersion, kind, name, uid: `uid-${kind}-${name}`, controller: true, blockOwnerDeletion: true });
const pod = (name: string, labels: Record<string, string>, ownerRef?: object, nodeName?: string, phase = 'Running') => ({
  apiVersion: 'v1', kind: 'Pod',
  metadata: { name, namespace: 'default', uid: `uid-pod-${name}`, labels, ...(ownerRef ? { ownerReferences: [ownerRef] } : {}) },
  spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '100m' } } }] },
  status: { phase: nodeName ? phase : 'Pending' },
});
const web = { app: 'web' };
const webHashed = { app: 'web', 'pod-template-hash': '5d8f7' };
const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default', uid: 'uid-Deployment-web' }, spec: { replicas: 2, selector: { matchLabels: web }, template: template(web) } };
const replicaSet = (replicas: number) => ({
  apiVersion: 'apps/v1', kind: 'ReplicaSet',
  metadata: { name: 'web-5d8f7', namespace: 'default', uid: 'uid-ReplicaSet-web-5d8f7', labels: webHashed, ownerReferences: [owner('Deployment', 'web')] },
  spec: { replicas, selector: { matchLabels: webHashed }, template: template(webHashed) },
});
const rsPod = (name: string, n = 'node-1') => pod(name, webHashed, owner('ReplicaSet', 'web-5d8f7'), n);
/** the Deployment's previous revision: another image */
const oldHashed = { app: 'web', 'pod-template-hash': '6c9e1' };
const oldReplicaSet = {
  apiVersion: 'apps/v1', kind: 'ReplicaSet',
  metadata: { name: 'web-6c9e1', namespace: 'default', uid: 'uid-ReplicaSet-web-6c9e1', labels: oldHashed, ownerReferences: [owner('Deployment', 'web')] },
  spec: { replicas: 2, selector: { matchLabels: oldHashed }, template: { metadata: { labels: oldHashed }, spec: { containers: [{ name: 'c', image: 'nginx:1.26', resources: { requests: { cpu: '100m' } } }] } } },
};
const oldPod = (name: string, n = 'node-1') => pod(name, oldHashed, owner('ReplicaSet', 'web-6c9e1'), n);
const jobLabels = { 'batch.kubernetes.io/controller-uid': 'uid-Job-report', 'batch.kubernetes.io/job-name': 'report', 'controller-uid': 'uid-Job-report', 'job-name': 'report' };
const job = (status?: object) => ({
  apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'report', namespace: 'default', uid: 'uid-Job-report' },
  spec: { parallelism: 1, completions: 1, selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': 'uid-Job-report' } }, template: { ...template(jobLabels), spec: { ...template(jobLabels).spec, restartPolicy: 'Never' } } },
  ...(status ? { status } : {}),
});
const daemonSet = { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'default', uid: 'uid-DaemonSet-agent' }, spec: { selector: { matchLabels: { app: 'agent' } }, template: template({ app: 'agent' }) } };
const statefulSet = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'default', uid: 'uid-StatefulSet-db' }, spec: { replicas: 2, serviceName: 'db', selector: { matchLabels: { app: 'db' } }, template: template({ app: 'db' }) } };

describe('normalizeKubectlDump: workloads and their pods are not expanded twice', () => {
  const nodes = [node('node-1'), node('node-2')];
  it.each([
    ['a Deployment with its ReplicaSet (its own template) and pods: both kept, no new pods', [deployment, replicaSet(2), rsPod('web-5d8f7-aaaaa'), rsPod('web-5d8f7-bbbbb', 'node-2')],
      ['Deployment', 'ReplicaSet'], ['default/web-5d8f7-aaaaa', 'default/web-5d8f7-bbbbb']],
    ['a Deployment mid-rollout (3 replicas; the old ReplicaSet holds 2, the new one 1): both kept, no pod added', [{ ...deployment, spec: { ...deployment.spec, replicas: 3 } }, oldReplicaSet, replicaSet(1), rsPod('web-5d8f7-aaaaa'), oldPod('web-6c9e1-aaaaa'), oldPod('web-6c9e1-bbbbb', 'node-2')],
      ['Deployment', 'ReplicaSet', 'ReplicaSet'], ['default/web-5d8f7-aaaaa', 'default/web-6c9e1-aaaaa', 'default/web-6c9e1-bbbbb']],
    ['a Deployment whose template no ReplicaSet of the dump has: the Deployment goes (kept, it would start another)', [deployment, oldReplicaSet, oldPod('web-6c9e1-aaaaa'), oldPod('web-6c9e1-bbbbb', 'node-2')],
      ['ReplicaSet'], ['default/web-6c9e1-aaaaa', 'default/web-6c9e1-bbbbb']],
    ['a Deployment with its pods but not its ReplicaSet: the Deployment goes', [deployment, rsPod('web-5d8f7-aaaaa'), rsPod('web-5d8f7-bbbbb', 'node-2')],
      [], ['default/web-5d8f7-aaaaa', 'default/web-5d8f7-bbbbb']],
    ['a Deployment alone: kept, the simulator creates its pods', [deployment], ['Deployment'], 2],
    ['a ReplicaSet short of a pod: kept, the simulator creates the missing one', [replicaSet(2), rsPod('web-5d8f7-aaaaa')], ['ReplicaSet'], 2],
    ['a ReplicaSet scaled to 0 without pods: dropped', [replicaSet(0)], [], []],
    ['a Job stored without status, with its finished pod: kept, the pod dropped and counted, nothing restarted', [job(), pod('report-xxxxx', jobLabels, owner('Job', 'report', 'batch/v1'), 'node-1', 'Succeeded')], ['Job'], []],
    ['a finished Job without pods: dropped', [job({ conditions: [{ type: 'Complete', status: 'True' }] })], [], []],
    ['a running Job with its running pod: kept, the controller claims the pod and creates none', [job({ active: 1 }), pod('report-xxxxx', jobLabels, owner('Job', 'report', 'batch/v1'), 'node-1')], ['Job'], ['default/report-xxxxx']],
    // 3 completions, 2 at a time: 1 counted in status, 1 Succeeded pod not yet counted (it still has the
    // tracking finalizer), 1 running: upstream getStatus counts 2 done, so 1 is left and it runs
    ['a Job of 3 completions with 1 counted, 1 finished but not yet counted and 1 running: kept, no pod added', [
      { ...job({ active: 1, succeeded: 1 }), spec: { ...job().spec, completions: 3, parallelism: 2 } },
      { ...pod('report-aaaaa', jobLabels, owner('Job', 'report', 'batch/v1'), 'node-1', 'Succeeded'), metadata: { ...pod('report-aaaaa', jobLabels, owner('Job', 'report', 'batch/v1')).metadata, finalizers: ['batch.kubernetes.io/job-tracking'] } },
      pod('report-bbbbb', jobLabels, owner('Job', 'report', 'batch/v1'), 'node-2'),
    ], ['Job'], ['default/report-bbbbb']],
    ['the same Job whose finished pod was counted (no finalizer): the second completion starts', [
      { ...job({ active: 1, succeeded: 1 }), spec: { ...job().spec, completions: 3, parallelism: 2 } },
      pod('report-aaaaa', jobLabels, owner('Job', 'report', 'batch/v1'), 'node-1', 'Succeeded'),
      pod('report-bbbbb', jobLabels, owner('Job', 'report', 'batch/v1'), 'node-2'),
    ], ['Job'], 2],
    ['a Job alone: kept, the simulator starts it', [job()], ['Job'], 1],
    ['a DaemonSet with a pod on every node: kept, no new pods', [daemonSet, pod('agent-aaaaa', { app: 'agent' }, owner('DaemonSet', 'agent'), 'node-1'), pod('agent-bbbbb', { app: 'agent' }, owner('DaemonSet', 'agent'), 'node-2')],
      ['DaemonSet'], ['default/agent-aaaaa', 'default/agent-bbbbb']],
    ['a StatefulSet with its pods: kept, no new pods', [statefulSet, pod('db-0', { app: 'db' }, owner('StatefulSet', 'db'), 'node-1'), pod('db-1', { app: 'db' }, owner('StatefulSet', 'db'), 'node-2')],
      ['StatefulSet'], ['default/db-0', 'default/db-1']],
  ] as const)('%s', (_name, objects, keptKinds, pods) => {
    const r = normalizeKubectlDump(stringify({ apiVersion: 'v1', kind: 'List', items: [...nodes, ...objects] }));
    const kinds = docsOf(r.yaml).map((d) => d.kind).filter((k) => k !== 'Node' && k !== 'Pod');
    expect(kinds).toEqual(keptKinds);
    const s = loadOk(r.yaml);
    if (typeof pods === 'number') expect(s.pods).toHaveLength(pods);
    else expect(podNames(s)).toEqual(pods);
  });

  it('keeps owner references, so the simulator\'s ReplicaSet claims the dump\'s pods', () => {
    const s = loadOk(normalizeKubectlDump(stringify({ apiVersion: 'v1', kind: 'List', items: [...nodes, replicaSet(2), rsPod('web-5d8f7-aaaaa'), rsPod('web-5d8f7-bbbbb', 'node-2')] })).yaml);
    expect(s.pods.map((p) => p.metadata.ownerReferences?.[0]?.uid)).toEqual(['uid-ReplicaSet-web-5d8f7', 'uid-ReplicaSet-web-5d8f7']);
  });
});

describe('normalizeKubectlDump: priorities the API server would recompute', () => {
  const nodes = [node('node-1')];
  it('gives pods without a class the global default\'s priority when theirs differs', () => {
    const dflt = { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'default-low' }, value: 100, globalDefault: true };
    const old = { ...pod('old', {}, undefined, 'node-1'), spec: { ...pod('old', {}, undefined, 'node-1').spec, priority: 0 } };
    const r = normalizeKubectlDump(stringify({ apiVersion: 'v1', kind: 'List', items: [...nodes, dflt, old] }));
    expect(r.warnings.some((w) => w.includes('default/old'))).toBe(true);
    expect(loadOk(r.yaml).pods[0]!.spec.priority).toBe(100);
  });
});

describe('normalizeKubectlDump: other input', () => {
  it('drops kinds the simulator does not read, and converts older versions of the ones it does', () => {
    const r = normalizeKubectlDump([
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: b}',
      'apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: nightly}\nspec: {schedule: "@daily"}',
      'apiVersion: kueue.x-k8s.io/v1beta1\nkind: Workload\nmetadata: {name: w}',
      'apiVersion: policy/v1beta1\nkind: PodDisruptionBudget\nmetadata: {name: pdb}\nspec: {minAvailable: 1, selector: {matchLabels: {app: web}}}\nstatus: {currentHealthy: 1}',
    ].join('\n---\n'));
    expect(r.stats.droppedKinds).toEqual({ ConfigMap: 1, CronJob: 1, Workload: 1 });
    expect(r.warnings).toContain('PodDisruptionBudget pdb: policy/v1beta1 read as policy/v1');
    expect(loadOk(r.yaml).pdbs[0]!.spec.minAvailable).toBe(1);
  });

  it('keeps a 1.37 dump\'s Workload, PodGroup and DeviceTaintRule at their own API versions, and the scenario loads as 1.37', () => {
    const r = normalizeKubectlDump(JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [
      { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' }, nodeInfo: { kubeletVersion: 'v1.37.1' } } },
      { apiVersion: 'scheduling.k8s.io/v1beta1', kind: 'Workload', metadata: { name: 'train', namespace: 'default' }, spec: { podGroupTemplates: [{ name: 'workers', schedulingPolicy: { gang: { minCount: 2 } } }] } },
      { apiVersion: 'scheduling.k8s.io/v1beta1', kind: 'PodGroup', metadata: { name: 'train-workers', namespace: 'default' }, spec: { schedulingPolicy: { gang: { minCount: 2 } } } },
      { apiVersion: 'resource.k8s.io/v1', kind: 'DeviceTaintRule', metadata: { name: 'drain-gpu-0' }, spec: { taint: { key: 'maintenance', effect: 'NoSchedule' } } },
    ] }));
    expect(r.stats.droppedKinds).toEqual({});
    expect(r.warnings.filter((w) => / read as /.test(w))).toEqual([]);
    expect(docsOf(r.yaml).filter((d) => d.kind !== 'Node' && d.kind !== 'Scenario').map((d) => `${String(d.kind)} ${String(d.apiVersion)}`)).toEqual([
      'DeviceTaintRule resource.k8s.io/v1', 'Workload scheduling.k8s.io/v1beta1', 'PodGroup scheduling.k8s.io/v1beta1',
    ]);
    const loaded = loadOk(r.yaml);
    expect(loaded.meta.kubernetesVersion).toBe('1.37');
    expect(loaded.podGroups?.map((g) => g.metadata.name)).toEqual(['train-workers']);
    expect(loaded.resources.filter((o) => o.kind === 'DeviceTaintRule').map((t) => t.metadata.name)).toEqual(['drain-gpu-0']);
  });

  it('keeps the API versions the loader reads for every kind whose API differs between versions', () => {
    for (const [kind, versions] of Object.entries(VERSIONED_API_VERSIONS)) expect(objectKinds[kind]?.apiVersions).toEqual(versions);
  });

  it('adds a Scenario document when given a title', () => {
    const r = normalizeKubectlDump(stringify(node('n1')), { title: 'Prod snapshot', seed: 3 });
    expect(loadOk(r.yaml).meta).toEqual({ name: 'prod-snapshot', title: 'Prod snapshot', seed: 3 });
  });
});

describe('normalizeKubectlDump on a generated cluster', () => {
  it('keeps every running and pending pod of a 300-node, 5,000-pod dump and drops the finished ones', () => {
    const { text, counts } = generateClusterDump({ nodes: 300, pods: 5000, format: 'json' });
    const r = normalizeKubectlDump(text);
    expect(r.stats).toMatchObject({
      nodes: counts.nodes, pods: { bound: counts.daemonSetPods + counts.boundPods, pending: counts.pendingPods },
      droppedPods: { succeeded: counts.succeededPods, failed: counts.failedPods, onMissingNodes: 0 },
    });
    const docs = docsOf(r.yaml);
    expect(docs.filter((d) => d.kind === 'Node')).toHaveLength(300);
    expect(docs.filter((d) => d.kind === 'Pod')).toHaveLength(counts.daemonSetPods + counts.boundPods + counts.pendingPods);
    expect(r.yaml).not.toContain('managedFields');
  }, 60_000);

  it('writes a scenario the engine loads, from YAML as from JSON', () => {
    const yaml = generateClusterDump({ nodes: 12, pods: 200 });
    const json = generateClusterDump({ nodes: 12, pods: 200, format: 'json' });
    const fromYaml = normalizeKubectlDump(yaml.text);
    expect(fromYaml.stats.reader).toBe('yaml');
    expect(fromYaml.yaml).toBe(normalizeKubectlDump(json.text).yaml);
    const s = loadOk(fromYaml.yaml);
    expect(s.pods).toHaveLength(yaml.counts.daemonSetPods + yaml.counts.boundPods + yaml.counts.pendingPods);
    expect(s.pods.filter((p) => !p.spec.nodeName)).toHaveLength(yaml.counts.pendingPods);
  }, 60_000);
});

describe('importKubectl: storage and budgets from a cluster dump', () => {
  const dump = [
    'apiVersion: v1\nkind: Node\nmetadata: {name: n1, labels: {topology.kubernetes.io/zone: a}}\nstatus: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}',
    'apiVersion: v1\nkind: Pod\nmetadata: {name: db, namespace: default}\nspec:\n  containers: [{name: c, image: x}]\n  volumes: [{name: data, persistentVolumeClaim: {claimName: data}}, {name: orphan, persistentVolumeClaim: {claimName: gone}}]',
    'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: data, namespace: default, annotations: {pv.kubernetes.io/bind-completed: "yes"}}\nspec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}, volumeName: pv-1, storageClassName: ssd}\nstatus: {phase: Bound, capacity: {storage: 1Gi}}',
    'apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: pv-1}\nspec: {capacity: {storage: 1Gi}, accessModes: [ReadWriteOnce], storageClassName: ssd, claimRef: {namespace: default, name: data}, hostPath: {path: /x}}\nstatus: {phase: Bound}',
    'apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: ssd}\nprovisioner: ebs.csi.aws.com\nvolumeBindingMode: WaitForFirstConsumer',
    'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: pdb, namespace: default}\nspec: {minAvailable: 1, selector: {matchLabels: {app: web}}}\nstatus: {disruptionsAllowed: 2, currentHealthy: 3, desiredHealthy: 1, expectedPods: 3, observedGeneration: 4}',
  ].join('\n---\n');
  const r = normalizeKubectlDump(dump);

  it('keeps claims, volumes and classes (with their phase), and the budget\'s status', () => {
    const s = loadOk(r.yaml);
    expect(s.storage.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['PersistentVolumeClaim/data', 'PersistentVolume/pv-1', 'StorageClass/ssd']);
    expect(s.storage.find((o) => o.kind === 'PersistentVolumeClaim')).toMatchObject({ spec: { volumeName: 'pv-1' }, status: { phase: 'Bound' } });
    expect(s.pdbs[0]!.status).toEqual({ disruptionsAllowed: 2, currentHealthy: 3, desiredHealthy: 1, expectedPods: 3 });
    expect(r.stats.droppedKinds).toEqual({});
  });

  it('warns about pods whose claims the dump lacks', () => {
    expect(r.warnings).toContain('1 pod(s) use PersistentVolumeClaims the input lacks: they stay Pending (include them: kubectl get nodes,pods,pvc,pv,storageclass,csinode -A -o yaml)');
  });
});

describe('normalizeKubectlDump with DRA objects', () => {
  it('keeps DeviceClasses, ResourceSlices and ResourceClaims (with their allocation and reservations)', () => {
    const list = {
      apiVersion: 'v1', kind: 'List', items: [
        { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', resourceVersion: '7' }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } },
        { apiVersion: 'resource.k8s.io/v1', kind: 'DeviceClass', metadata: { name: 'gpu', resourceVersion: '1' }, spec: { selectors: [{ cel: { expression: 'device.driver == "gpu.example.com"' } }] } },
        { apiVersion: 'resource.k8s.io/v1', kind: 'ResourceSlice', metadata: { name: 'n1-gpus' }, spec: { driver: 'gpu.example.com', nodeName: 'n1', pool: { name: 'n1', generation: 1, resourceSliceCount: 1 }, devices: [{ name: 'gpu-0' }] } },
        {
          apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim', metadata: { name: 'c', namespace: 'default', uid: 'u1', managedFields: [{}] },
          spec: { devices: { requests: [{ name: 'gpu', exactly: { deviceClassName: 'gpu' } }] } },
          status: { allocation: { devices: { results: [{ request: 'gpu', driver: 'gpu.example.com', pool: 'n1', device: 'gpu-0' }] } }, reservedFor: [{ resource: 'pods', name: 'p', uid: 'pu' }], devices: [{ driver: 'x' }] },
        },
      ],
    };
    const out = normalizeKubectlDump(stringify(list));
    expect(out.errors).toEqual([]);
    const claim = docsOf(out.yaml).find((d) => d['kind'] === 'ResourceClaim')!;
    expect(claim['metadata']).toEqual({ name: 'c', namespace: 'default', uid: 'u1' });
    expect(claim['status']).toEqual({ allocation: list.items[3]!['status']!['allocation'], reservedFor: [{ resource: 'pods', name: 'p', uid: 'pu' }] });
    const s = loadOk(out.yaml);
    expect(s.resources.map((o) => o.kind)).toEqual(['DeviceClass', 'ResourceSlice', 'ResourceClaim']);
  });
});

// issue 18: the page (the import) took the fleet dump's postgres-2 for a pod of an older revision,
// the CLI (the dump as stored) did not: the import dropped the StatefulSet's status, and the hash
// of the template as imported is not the API server's
describe('normalizeKubectlDump: a StatefulSet keeps status.updateRevision', () => {
  it('and its pod of that revision is not taken for an older one', () => {
    const sts = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'data', uid: 's1' }, spec: { replicas: 1, serviceName: 'db', selector: { matchLabels: { app: 'db' } }, template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'c', image: 'pg:17', imagePullPolicy: 'IfNotPresent', terminationMessagePath: '/dev/termination-log' }] } } }, status: { replicas: 1, currentRevision: 'db-7c9f8d6b5', updateRevision: 'db-7c9f8d6b5' } };
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'db-0', namespace: 'data', generateName: 'db-', labels: { app: 'db', 'controller-revision-hash': 'db-7c9f8d6b5' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', uid: 's1', controller: true }] }, spec: { containers: [{ name: 'c', image: 'pg:17' }] }, status: { phase: 'Pending' } };
    const out = normalizeKubectlDump(stringify({ apiVersion: 'v1', kind: 'List', items: [sts, pod] }));
    expect(docsOf(out.yaml).find((d) => d.kind === 'StatefulSet')?.status).toEqual({ updateRevision: 'db-7c9f8d6b5' });
    const s = loadOk(out.yaml);
    expect(s.workloads.find((w) => w.kind === 'StatefulSet')?.status?.updateRevision).toBe('db-7c9f8d6b5');
  });
});
