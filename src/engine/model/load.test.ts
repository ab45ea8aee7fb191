// Valid scenarios: every kind the simulator reads, `kubectl get -o yaml` dumps, the Scenario
// document and its timeline, and every example in scenarios/ (copies of ../shared/scenarios).
import { describe, expect, it } from 'vitest';
import { formatScenarioError, loadScenario, type LoadedScenario } from './load';
import type { KubernetesVersion } from '../versions';

function load(text: string, kubernetesVersion?: KubernetesVersion): LoadedScenario {
  const r = loadScenario(text, 'ok.yaml', kubernetesVersion);
  if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
  return r.scenario;
}

const lines = (...l: string[]) => l.join('\n');

// Read through Vite (the engine's lint keeps Node built-ins out, tests included).
const examples = import.meta.glob('../../../scenarios/*.yaml', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

describe('the shared example scenarios', () => {
  const files = Object.keys(examples);
  it('finds them', () => expect(files.length).toBeGreaterThanOrEqual(6));
  it.each(files)('%s loads without errors or warnings', (path) => {
    const file = path.split('/').at(-1)!;
    const r = loadScenario(examples[path]!, file);
    expect(r.ok ? [] : r.errors.map(formatScenarioError)).toEqual([]);
    if (r.ok) expect(r.scenario.warnings.map(formatScenarioError)).toEqual([]);
  });
});

describe('kinds', () => {
  const s = load(lines(
    'apiVersion: v1', 'kind: Namespace', 'metadata: {name: team-a, labels: {tier: gold}}',
    '---', 'apiVersion: v1', 'kind: Node',
    'metadata: {name: n1, labels: {zone: a}}',
    'spec: {unschedulable: true, taints: [{key: dedicated, value: db, effect: NoSchedule}]}',
    'status:', '  capacity: {cpu: "4", memory: 8Gi}', '  images: [{names: [nginx], sizeBytes: 1000}]',
    '  conditions: [{type: Ready, status: "True"}]',
    '---', 'apiVersion: scheduling.k8s.io/v1', 'kind: PriorityClass', 'metadata: {name: high}', 'value: 1000', 'preemptionPolicy: Never',
    '---', 'apiVersion: node.k8s.io/v1', 'kind: RuntimeClass', 'metadata: {name: gvisor}', 'handler: runsc',
    'scheduling: {nodeSelector: {sandbox: "true"}}',
    '---', 'apiVersion: v1', 'kind: Service', 'metadata: {name: web, namespace: team-a}', 'spec: {selector: {app: web}, ports: [{port: 80}]}',
    '---', 'apiVersion: policy/v1', 'kind: PodDisruptionBudget', 'metadata: {name: web}', 'spec: {maxUnavailable: "50%", selector: {matchLabels: {app: web}}}',
    '---', 'apiVersion: scheduling.k8s.io/v1alpha1', 'kind: Workload', 'metadata: {name: train}',
    'spec: {podGroups: [{name: workers, policy: {gang: {minCount: 4}}}, {name: ps, policy: {basic: {}}}]}',
    '---', 'apiVersion: kubescheduler.config.k8s.io/v1', 'kind: KubeSchedulerConfiguration',
    'profiles:', '- schedulerName: default-scheduler', '  plugins: {score: {disabled: [{name: ImageLocality}]}}',
  ), '1.35'); // the v1alpha1 Workload is served up to 1.35

  it('Namespace keeps its labels and gets kubernetes.io/metadata.name', () => {
    expect(s.namespaces.map((n) => [n.metadata.name, n.metadata.labels])).toEqual([
      ['default', { 'kubernetes.io/metadata.name': 'default' }],
      ['team-a', { tier: 'gold', 'kubernetes.io/metadata.name': 'team-a' }],
    ]);
  });
  it('Node: taints, unschedulable, allocatable defaulted from capacity (SetDefaults_NodeStatus), images, conditions', () => {
    expect(s.nodes).toEqual([{
      apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', labels: { zone: 'a' }, uid: expect.any(String) },
      spec: { unschedulable: true, taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }] },
      status: {
        capacity: { cpu: '4', memory: '8Gi' }, allocatable: { cpu: '4', memory: '8Gi' },
        images: [{ names: ['nginx'], sizeBytes: 1000 }], conditions: [{ type: 'Ready', status: 'True' }],
      },
    }]);
  });
  it('PriorityClass, after the two built-ins', () => {
    expect(s.priorityClasses.map((p) => [p.metadata.name, p.value, p.preemptionPolicy])).toEqual([
      ['system-node-critical', 2000001000, 'PreemptLowerPriority'],
      ['system-cluster-critical', 2000000000, 'PreemptLowerPriority'],
      ['high', 1000, 'Never'],
    ]);
  });
  it('RuntimeClass', () => {
    expect(s.runtimeClasses[0]).toMatchObject({ metadata: { name: 'gvisor' }, handler: 'runsc', scheduling: { nodeSelector: { sandbox: 'true' } } });
  });
  it('Service (ports are not simulated and silently kept out)', () => {
    expect(s.services[0]).toMatchObject({ metadata: { name: 'web', namespace: 'team-a' }, spec: { selector: { app: 'web' } } });
  });
  it('PodDisruptionBudget', () => {
    expect(s.pdbs[0]).toMatchObject({ metadata: { name: 'web', namespace: 'default' }, spec: { maxUnavailable: '50%', selector: { matchLabels: { app: 'web' } } } });
  });
  it('gang Workload', () => {
    expect(s.gangWorkloads[0]!.spec.podGroups).toEqual([{ name: 'workers', policy: { gang: { minCount: 4 } } }, { name: 'ps', policy: { basic: {} } }]);
  });
  it('KubeSchedulerConfiguration as a plain object that can point back into the file', () => {
    expect(s.schedulerConfig?.object).toMatchObject({ profiles: [{ schedulerName: 'default-scheduler' }] });
    expect(s.schedulerConfig?.locate(['profiles', 0, 'plugins', 'score'])).toEqual({ line: 45, column: 20 });
    // a path that does not exist points at the deepest part that does
    expect(s.schedulerConfig?.locate(['profiles', 0, 'pluginConfig'])).toEqual({ line: 44, column: 3 });
  });
  it('no warnings', () => expect(s.warnings.map(formatScenarioError)).toEqual([]));
});

describe('kubectl get -o yaml dumps', () => {
  const dump = lines(
    'apiVersion: v1',
    'kind: List',
    'items:',
    '- apiVersion: v1',
    '  kind: Node',
    '  metadata:',
    '    name: kind-worker',
    '    creationTimestamp: "2024-05-01T10:00:00Z"',
    '    resourceVersion: "1234"',
    '    uid: 4a8e1c52-0000-4000-8000-000000000001',
    '    managedFields:',
    '    - {manager: kubelet, operation: Update, apiVersion: v1, time: "2024-05-01T10:00:00Z"}',
    '    labels: {kubernetes.io/hostname: kind-worker}',
    '  spec: {podCIDR: 10.244.1.0/24, providerID: "kind://docker/kind/kind-worker"}',
    '  status:',
    '    addresses: [{type: InternalIP, address: 172.18.0.3}]',
    '    allocatable: {cpu: "8", memory: 16Gi, pods: "110", ephemeral-storage: 100Gi}',
    '    capacity: {cpu: "8", memory: 16Gi, pods: "110", ephemeral-storage: 100Gi}',
    '    nodeInfo: {kubeletVersion: v1.35.0}',
    '- apiVersion: v1',
    '  kind: Pod',
    '  metadata:',
    '    name: coredns-7db6d8ff4d-abcde',
    '    namespace: kube-system',
    '    uid: 0f3a0000-0000-4000-8000-000000000002',
    '    creationTimestamp: "2024-05-01T10:01:00Z"',
    '    labels: {k8s-app: kube-dns, pod-template-hash: 7db6d8ff4d}',
    '    ownerReferences:',
    '    - {apiVersion: apps/v1, kind: ReplicaSet, name: coredns-7db6d8ff4d, uid: 11110000-0000-4000-8000-000000000003, controller: true, blockOwnerDeletion: true}',
    '  spec:',
    '    nodeName: kind-worker',
    '    priority: 2000000000',
    '    priorityClassName: system-cluster-critical',
    '    preemptionPolicy: PreemptLowerPriority',
    '    schedulerName: default-scheduler',
    '    containers:',
    '    - name: coredns',
    '      image: registry.k8s.io/coredns/coredns:v1.11.1',
    '      ports: [{containerPort: 53, name: dns, protocol: UDP}]',
    '      resources: {limits: {memory: 170Mi}, requests: {cpu: 100m, memory: 70Mi}}',
    '      volumeMounts: [{name: config-volume, mountPath: /etc/coredns, readOnly: true}]',
    '    tolerations:',
    '    - {key: CriticalAddonsOnly, operator: Exists}',
    '    - {effect: NoExecute, key: node.kubernetes.io/not-ready, operator: Exists, tolerationSeconds: 300}',
    '    - {effect: NoExecute, key: node.kubernetes.io/unreachable, operator: Exists, tolerationSeconds: 300}',
    '    volumes: [{name: config-volume, configMap: {name: coredns}}]',
    '  status:',
    '    phase: Running',
    '    startTime: "2024-05-01T10:01:05Z"',
    '    conditions: [{type: Ready, status: "True", lastTransitionTime: "2024-05-01T10:01:09Z"}]',
    '    containerStatuses: [{name: coredns, ready: true, restartCount: 0}]',
    '    podIP: 10.244.1.2',
    'metadata: {resourceVersion: ""}',
  );
  const s = load(dump);

  it('reads List items; drops managedFields and status noise', () => {
    expect(s.nodes.map((n) => n.metadata)).toEqual([{ name: 'kind-worker', uid: '4a8e1c52-0000-4000-8000-000000000001', creationTimestamp: -69, labels: { 'kubernetes.io/hostname': 'kind-worker' } }]);
    expect(s.nodes[0]!.status).toEqual({ allocatable: { cpu: '8', memory: '16Gi', pods: '110', 'ephemeral-storage': '100Gi' }, capacity: { cpu: '8', memory: '16Gi', pods: '110', 'ephemeral-storage': '100Gi' } });
  });
  // t=0 is the latest timestamp of the dump, the Ready condition's lastTransitionTime 10:01:09
  it('keeps a bound pod bound, with its priority, uid and owner; RFC 3339 times become seconds before the latest one', () => {
    const pod = s.pods[0]!;
    expect(pod.spec.nodeName).toBe('kind-worker');
    expect(pod.spec.priority).toBe(2000000000);
    expect(pod.metadata).toMatchObject({ uid: '0f3a0000-0000-4000-8000-000000000002', creationTimestamp: -9, namespace: 'kube-system' });
    expect(pod.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'coredns-7db6d8ff4d', uid: '11110000-0000-4000-8000-000000000003', controller: true, blockOwnerDeletion: true }]);
    expect(pod.status).toEqual({ phase: 'Running', startTime: -4, conditions: [{ type: 'Ready', status: 'True' }] });
  });
  it('does not add default tolerations twice (DefaultTolerationSeconds finds them)', () => {
    expect(s.pods[0]!.spec.tolerations).toHaveLength(3);
  });
  it('creates the namespace the pod lives in', () => {
    expect(s.namespaces.map((n) => n.metadata.name)).toEqual(['default', 'kube-system']);
  });
  it('has no warnings: every dropped field is a real API field', () => {
    expect(s.warnings.map(formatScenarioError)).toEqual([]);
  });
  it('a pod of a dump keeps its priority when its PriorityClass was not dumped (with a warning)', () => {
    const r = load(lines(
      'apiVersion: v1', 'kind: Node', 'metadata: {name: n1}', '---',
      'apiVersion: v1', 'kind: Pod', 'metadata: {name: p}',
      'spec: {nodeName: n1, priority: 500, priorityClassName: batch-high, containers: [{name: c, image: x}]}',
    ));
    expect(r.pods[0]!.spec.priority).toBe(500);
    expect(r.warnings.map((w) => w.message)).toEqual(['Pod default/p: PriorityClass "batch-high" is not in the scenario; the bound pod keeps spec.priority 500']);
  });
});

describe('typed lists', () => {
  it('a PodList reads like a List', () => {
    const s = load(lines('apiVersion: v1', 'kind: PodList', 'items:', '- {apiVersion: v1, kind: Pod, metadata: {name: a}, spec: {containers: [{name: c, image: x}]}}'));
    expect(s.pods.map((p) => p.metadata.name)).toEqual(['a']);
  });
});

describe('YAML the way kubectl reads it', () => {
  it('merge keys and anchors', () => {
    // anchors live within one YAML document, so both nodes are items of one List
    const s = load(lines(
      'apiVersion: v1', 'kind: List', 'items:',
      '- {apiVersion: v1, kind: Node, metadata: {name: a, labels: &l {zone: z1, disk: ssd}}}',
      '- apiVersion: v1', '  kind: Node', '  metadata:', '    name: b', '    labels:', '      <<: *l', '      zone: z2',
    ));
    expect(s.nodes.map((n) => n.metadata.labels)).toEqual([{ zone: 'z1', disk: 'ssd' }, { zone: 'z2', disk: 'ssd' }]);
  });
  it('exact quantities from YAML numbers', () => {
    const s = load(lines('apiVersion: v1', 'kind: Node', 'metadata: {name: a}', 'status: {allocatable: {cpu: 0.1234, memory: 1e3, pods: 110}}'));
    expect(s.nodes[0]!.status.allocatable).toEqual({ cpu: '0.1234', memory: '1000', pods: '110' });
  });
  it('a `__proto__` key is just a key', () => {
    const r = loadScenario(lines('apiVersion: v1', 'kind: Node', 'metadata: {name: a, labels: {__proto__: x}}'), 'p.yaml');
    expect(r.ok).toBe(false);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('the Scenario document', () => {
  const s = load(lines(
    'apiVersion: v1', 'kind: Node', 'metadata: {name: node-1}',
    '---', 'apiVersion: podplay/v1alpha1', 'kind: Scenario',
    'metadata: {name: noexecute-eviction, annotations: {title: From annotations}}',
    'spec:',
    '  seed: 7',
    '  description: Taints over time',
    '  timeline:',
    '  - {at: 0, action: apply, object: {kind: Pod, metadata: {name: web-1}, spec: {containers: [{name: c, image: nginx}]}}}',
    '  - {at: 30, action: taint, node: node-1, taint: "dedicated=db:NoExecute"}',
    '  - {at: 90, action: untaint, node: node-1, taint: "dedicated:NoExecute"}',
    '  - {at: 100, action: delete, kind: Pod, name: web-1, namespace: default}',
    '  - {at: 120, action: evict, pod: default/web-2}',
    '  - {at: 150, action: condition, node: node-1, type: MemoryPressure, status: "True"}',
    '  - {at: 200, action: label, node: node-1, labels: {disktype: ssd, old: null}}',
    '  - {at: 210, action: cordon, node: node-1}',
    '  - {at: 220, action: uncordon, node: node-1}',
    '  - {at: 230, action: ungate, pod: gated, gate: example.com/wait}',
    '  - {at: 240, action: scale, kind: Deployment, name: web, replicas: 5}',
    '  - at: 300',
    '    action: deschedule',
    '    policy: {profiles: [{name: p, pluginConfig: [{name: RemovePodsViolatingNodeTaints}]}]}',
    // what ungate and scale name must exist
    '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: gated}', 'spec: {schedulingGates: [{name: example.com/wait}], containers: [{name: c, image: nginx}]}',
    '---', 'apiVersion: apps/v1', 'kind: Deployment', 'metadata: {name: web}',
    'spec: {replicas: 0, selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: c, image: nginx}]}}}',
  ));

  it('meta: title falls back to the annotation, seed and description from spec', () => {
    expect(s.meta).toEqual({ name: 'noexecute-eviction', title: 'From annotations', description: 'Taints over time', seed: 7 });
  });
  it('every contract action, validated and typed', () => {
    const steps = s.timeline.map(({ source: _source, ...rest }) => rest);
    expect(steps.map((t) => t.action)).toEqual(['apply', 'taint', 'untaint', 'delete', 'evict', 'condition', 'label', 'cordon', 'uncordon', 'ungate', 'scale', 'deschedule']);
    expect(steps[1]).toEqual({ at: 30, action: 'taint', node: 'node-1', taint: { key: 'dedicated', value: 'db', effect: 'NoExecute', timeAdded: 30 } });
    expect(steps[2]).toEqual({ at: 90, action: 'untaint', node: 'node-1', key: 'dedicated', effect: 'NoExecute' });
    expect(steps[3]).toEqual({ at: 100, action: 'delete', kind: 'Pod', name: 'web-1', namespace: 'default' });
    expect(steps[4]).toEqual({ at: 120, action: 'evict', pod: { namespace: 'default', name: 'web-2' } });
    expect(steps[5]).toEqual({ at: 150, action: 'condition', node: 'node-1', type: 'MemoryPressure', status: 'True' });
    expect(steps[6]).toEqual({ at: 200, action: 'label', node: 'node-1', labels: { disktype: 'ssd', old: null } });
    expect(steps[9]).toEqual({ at: 230, action: 'ungate', pod: { namespace: 'default', name: 'gated' }, gate: 'example.com/wait' });
    expect(steps[10]).toEqual({ at: 240, action: 'scale', kind: 'Deployment', name: 'web', namespace: 'default', replicas: 5 });
  });
  it('apply carries a decoded object (apiVersion may be left out in the timeline)', () => {
    const apply = s.timeline[0]!;
    expect(apply.action === 'apply' && apply.objects.map((o) => [o.kind, o.apiVersion, o.metadata.name])).toEqual([['Pod', 'v1', 'web-1']]);
    expect(s.pods.map((p) => p.metadata.name)).toEqual(['gated']);
  });
  it('steps remember where they were written; deschedule keeps a locator into its policy', () => {
    expect(s.timeline[1]!.source).toEqual({ line: 13, column: 5 });
    const d = s.timeline[11]!;
    expect(d.action === 'deschedule' && d.locate(['profiles', 0, 'name'])).toEqual({ line: 25, column: 32 });
  });
});
