// Workload expansion: the pods each controller creates, their names, labels and owners.
// DaemonSet eligibility rows from upstream daemon_controller_test.go TestNodeShouldRunDaemonPod.
import { describe, expect, it } from 'vitest';
import { makeNode } from '../testing/builders';
import { formatScenarioError, loadExpandedScenario, type ExpandedScenario } from '../index';
import type { Node, Pod, Workload } from '../model/types';
import { SAFE_ALPHABET } from '../model/names';
import { computeHash } from './common';
import { nodeShouldRunDaemonPod } from './daemonset';
import { expandWorkload } from './index';

function load(...docs: string[][]): ExpandedScenario {
  const r = loadExpandedScenario(docs.map((d) => d.join('\n')).join('\n---\n'), 'w.yaml');
  if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
  return r.scenario;
}
const nodeDoc = (name: string, extra: string[] = []) => ['apiVersion: v1', 'kind: Node', `metadata: {name: ${name}, labels: {zone: a}}`, ...extra];
const safe = `[${SAFE_ALPHABET}]`;
const ownerOf = (o: { metadata: { ownerReferences?: { kind: string; name: string; uid?: string; controller?: boolean }[] } }) => o.metadata.ownerReferences?.map((r) => `${r.kind}/${r.name}/${r.controller}`);

const deployment = [
  'apiVersion: apps/v1', 'kind: Deployment', 'metadata: {name: web}',
  'spec:', '  replicas: 3', '  selector: {matchLabels: {app: web}}',
  '  template:', '    metadata: {labels: {app: web}}', '    spec: {containers: [{name: c, image: nginx}]}',
];

describe('Deployment → ReplicaSet → pods', () => {
  const s = load(nodeDoc('n1'), deployment);
  const [d, rs] = s.workloads;

  it('makes a ReplicaSet <name>-<pod-template-hash>, owned by the Deployment', () => {
    expect(s.workloads.map((w) => w.kind)).toEqual(['Deployment', 'ReplicaSet']);
    const hash = rs!.metadata.labels!['pod-template-hash']!;
    // upstream: SafeEncodeString of a decimal uint32 uses only these ten characters
    expect(hash).toMatch(/^[456789bcdf]{1,10}$/);
    expect(rs!.metadata.name).toBe(`web-${hash}`);
    expect(rs!.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: d!.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect(rs!.spec.selector).toEqual({ matchLabels: { app: 'web', 'pod-template-hash': hash } });
    expect(rs!.spec.replicas).toBe(3);
  });
  it('makes replicas pods <rs>-<5 safe characters> with the hash label, owned by the ReplicaSet', () => {
    expect(s.pods).toHaveLength(3);
    for (const p of s.pods) {
      expect(p.metadata.name).toMatch(new RegExp(`^${rs!.metadata.name}-${safe}{5}$`));
      expect(p.metadata.labels).toEqual({ app: 'web', 'pod-template-hash': rs!.metadata.labels!['pod-template-hash'] });
      expect(p.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: rs!.metadata.name, uid: rs!.metadata.uid, controller: true, blockOwnerDeletion: true }]);
      expect(p.spec.nodeName).toBeUndefined();
    }
    expect(new Set(s.pods.map((p) => p.metadata.name)).size).toBe(3);
  });
  it('records the controllers\' events', () => {
    expect(s.admissionEvents.map((e) => [e.type, e.reason, e.object])).toEqual([
      ['Normal', 'ScalingReplicaSet', 'Deployment/default/web'],
      ...s.pods.map(() => ['Normal', 'SuccessfulCreate', `ReplicaSet/default/${rs!.metadata.name}`]),
    ]);
    expect(s.admissionEvents[0]!.message).toBe(`Scaled up replica set ${rs!.metadata.name} from 0 to 3`);
    expect(s.admissionEvents[1]!.message).toBe(`Created pod: ${s.pods[0]!.metadata.name}`);
  });
  it('the same file gives the same names', () => {
    const again = load(nodeDoc('n1'), deployment);
    expect(again.pods.map((p) => [p.metadata.name, p.metadata.uid])).toEqual(s.pods.map((p) => [p.metadata.name, p.metadata.uid]));
  });
  it('the hash follows the template', () => {
    const t = d!.spec.template;
    expect(computeHash(t)).toBe(computeHash(structuredClone(t)));
    expect(computeHash({ ...t, metadata: { labels: { app: 'web2' } } })).not.toBe(computeHash(t));
    expect(computeHash(t, 1)).not.toBe(computeHash(t));
  });
  it('replicas default to 1', () => {
    const one = load(deployment.filter((l) => !l.includes('replicas')));
    expect(one.pods).toHaveLength(1);
  });
});

describe('running a controller again only adds what is missing', () => {
  it('a Deployment finds its ReplicaSet and its pods (FindNewReplicaSet, ClaimPods)', () => {
    const s = load(nodeDoc('n1'), deployment);
    const ctx = { nodes: new Map(s.nodes.map((n) => [n.metadata.name, n])), namespaces: new Map(s.namespaces.map((n) => [n.metadata.name, n])), priorityClasses: new Map(s.priorityClasses.map((p) => [p.metadata.name, p])), runtimeClasses: new Map(), names: s.names, now: 10, pods: s.pods, workloads: s.workloads };
    const again = expandWorkload(s.workloads[0]!, ctx);
    expect(again.workloads).toEqual([]);
    expect(again.pods).toEqual([]);
    s.workloads[0]!.spec.replicas = 5;
    const scaled = expandWorkload(s.workloads[0]!, ctx);
    expect(scaled.pods).toHaveLength(2);
    expect(scaled.events[0]!.message).toBe(`Scaled up replica set ${s.workloads[1]!.metadata.name} from 3 to 5`);
    s.workloads[0]!.spec.replicas = 1;
    expect(expandWorkload(s.workloads[0]!, ctx).excess).toHaveLength(2);
  });
  it('a ReplicaSet adopts an orphan pod its selector matches', () => {
    const s = load(nodeDoc('n1'),
      ['apiVersion: v1', 'kind: Pod', 'metadata: {name: stray, labels: {app: api}}', 'spec: {containers: [{name: c, image: x}]}'],
      ['apiVersion: apps/v1', 'kind: ReplicaSet', 'metadata: {name: api}', 'spec:', '  replicas: 2', '  selector: {matchLabels: {app: api}}',
        '  template:', '    metadata: {labels: {app: api}}', '    spec: {containers: [{name: c, image: x}]}']);
    expect(s.pods.map((p) => p.metadata.name)[0]).toBe('stray');
    expect(s.pods).toHaveLength(2);
    expect(ownerOf(s.pods[0]!)).toEqual(['ReplicaSet/api/true']);
    expect(s.pods[1]!.metadata.name).toMatch(new RegExp(`^api-${safe}{5}$`));
  });
});

describe('ReplicationController', () => {
  it('selector defaults to the template labels; pods <rc>-<5>', () => {
    const s = load(['apiVersion: v1', 'kind: ReplicationController', 'metadata: {name: legacy}', 'spec:', '  replicas: 2',
      '  template:', '    metadata: {labels: {app: legacy}}', '    spec: {containers: [{name: c, image: x}]}']);
    expect(s.workloads[0]!.spec.selector).toEqual({ matchLabels: { app: 'legacy' } });
    expect(s.pods.map((p) => ownerOf(p))).toEqual([['ReplicationController/legacy/true'], ['ReplicationController/legacy/true']]);
    expect(s.pods[0]!.metadata.name).toMatch(new RegExp(`^legacy-${safe}{5}$`));
  });
});

describe('StatefulSet', () => {
  const sts = ['apiVersion: apps/v1', 'kind: StatefulSet', 'metadata: {name: db}', 'spec:', '  replicas: 3', '  serviceName: db',
    '  selector: {matchLabels: {app: db}}', '  template:', '    metadata: {labels: {app: db}}', '    spec: {containers: [{name: c, image: postgres}]}'];
  const s = load(sts);
  it('makes <name>-0..N-1 with the identity labels', () => {
    expect(s.pods.map((p) => p.metadata.name)).toEqual(['db-0', 'db-1', 'db-2']);
    const rev = s.pods[0]!.metadata.labels!['controller-revision-hash']!;
    expect(rev).toMatch(/^db-[456789bcdf]+$/);
    expect(s.pods[2]!.metadata.labels).toEqual({ app: 'db', 'controller-revision-hash': rev, 'statefulset.kubernetes.io/pod-name': 'db-2', 'apps.kubernetes.io/pod-index': '2' });
    expect(ownerOf(s.pods[1]!)).toEqual(['StatefulSet/db/true']);
    expect(s.admissionEvents[0]).toEqual({ time: 0, type: 'Normal', reason: 'SuccessfulCreate', object: 'StatefulSet/default/db', message: 'create Pod db-0 in StatefulSet db successful' });
  });
  it('scaling down removes the highest ordinals first', () => {
    const w = s.workloads[0]!;
    const ctx = { nodes: new Map(), namespaces: new Map(s.namespaces.map((n) => [n.metadata.name, n])), priorityClasses: new Map(s.priorityClasses.map((p) => [p.metadata.name, p])), runtimeClasses: new Map(), names: s.names, now: 5, pods: s.pods, workloads: s.workloads };
    const down = expandWorkload({ ...w, spec: { ...w.spec, replicas: 1 } }, ctx);
    expect(down.excess.map((p) => p.metadata.name)).toEqual(['db-2', 'db-1']);
  });
  it('an admission failure stops an OrderedReady set at the first pod', () => {
    const bad = load(sts.map((l) => l.replace('{containers: [{name: c, image: postgres}]}', '{priorityClassName: gold, containers: [{name: c, image: postgres}]}')));
    expect(bad.pods).toEqual([]);
    expect(bad.admissionEvents).toEqual([{ time: 0, type: 'Warning', reason: 'FailedCreate', object: 'StatefulSet/default/db', message: 'create Pod db-0 in StatefulSet db failed error: pods "db-0" is forbidden: no PriorityClass with name gold was found' }]);
  });
});

describe('Job', () => {
  const job = (spec: string[]) => ['apiVersion: batch/v1', 'kind: Job', 'metadata: {name: pi}', 'spec:', ...spec,
    '  template:', '    spec: {restartPolicy: Never, containers: [{name: c, image: perl}]}'];
  it('parallelism pods, labelled with the controller uid and job name', () => {
    const s = load(job(['  parallelism: 3', '  completions: 10']));
    expect(s.pods).toHaveLength(3);
    const uid = s.workloads[0]!.metadata.uid!;
    expect(s.pods[0]!.metadata.labels).toEqual({ 'batch.kubernetes.io/controller-uid': uid, 'batch.kubernetes.io/job-name': 'pi', 'controller-uid': uid, 'job-name': 'pi' });
    expect(s.workloads[0]!.spec.selector).toEqual({ matchLabels: { 'batch.kubernetes.io/controller-uid': uid } });
    expect(s.pods[0]!.metadata.name).toMatch(new RegExp(`^pi-${safe}{5}$`));
  });
  it('a Job created later (a timeline apply) gets its uid and generated selector from expandWorkload', () => {
    const s = load(nodeDoc('n1'));
    const job: Workload = { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'late' }, spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c' }] } } } };
    const ctx = { nodes: new Map(), namespaces: new Map(s.namespaces.map((n) => [n.metadata.name, n])), priorityClasses: new Map(s.priorityClasses.map((p) => [p.metadata.name, p])), runtimeClasses: new Map(), names: s.names, now: 42, pods: s.pods, workloads: s.workloads };
    const r = expandWorkload(job, ctx);
    expect(job.metadata.uid).toEqual(expect.any(String));
    expect(job.metadata.creationTimestamp).toBe(42);
    expect(job.spec.selector).toEqual({ matchLabels: { 'batch.kubernetes.io/controller-uid': job.metadata.uid } });
    expect(r.pods[0]!.metadata.labels?.['job-name']).toBe('late');
    expect(r.pods[0]!.metadata.creationTimestamp).toBe(42);
  });
  it('capped by completions', () => expect(load(job(['  parallelism: 5', '  completions: 2'])).pods).toHaveLength(2));
  it('one pod when neither is set (SetDefaults_Job)', () => expect(load(job([])).pods).toHaveLength(1));
  // upstream job_controller.go getStatus: a stored Job's status.succeeded counts the completions done
  // (their pods may be gone from a dump); the controller starts only what is left
  it('a stored Job counts status.succeeded: 10 completions, 8 done, parallelism 3 → 2 pods; all done → none', () => {
    expect(load([...job(['  parallelism: 3', '  completions: 10']), 'status: {succeeded: 8, active: 0}']).pods).toHaveLength(2);
    expect(load([...job(['  completions: 2']), 'status: {succeeded: 2}']).pods).toHaveLength(0);
    expect(load([...job([]), 'status: {succeeded: 1}']).pods).toHaveLength(0);
  });
  it('Indexed: one pod per index, named <job>-<index>-<5>', () => {
    const s = load(job(['  parallelism: 2', '  completions: 4', '  completionMode: Indexed']));
    expect(s.pods.map((p) => p.metadata.annotations?.['batch.kubernetes.io/job-completion-index'])).toEqual(['0', '1']);
    expect(s.pods[1]!.metadata.name).toMatch(new RegExp(`^pi-1-${safe}{5}$`));
  });
});

describe('DaemonSet', () => {
  const ds = (extra: string[] = []) => ['apiVersion: apps/v1', 'kind: DaemonSet', 'metadata: {name: agent}', 'spec:',
    '  selector: {matchLabels: {app: agent}}', '  template:', '    metadata: {labels: {app: agent}}', '    spec:', '      containers: [{name: c, image: agent}]', ...extra];

  it('one pod per eligible node, pinned by node affinity on metadata.name, with the daemon tolerations', () => {
    const s = load(
      nodeDoc('n1'),
      nodeDoc('n2', ['spec: {taints: [{key: dedicated, value: db, effect: NoSchedule}]}']),
      nodeDoc('n3', ['spec: {unschedulable: true, taints: [{key: node.kubernetes.io/unschedulable, effect: NoSchedule}]}']),
      ds(),
    );
    expect(s.pods.map((p) => p.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution)).toEqual([
      { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] }] },
      { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n3'] }] }] },
    ]);
    expect(s.pods[0]!.spec.tolerations).toEqual([
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
    ]);
    expect(s.pods[0]!.metadata.name).toMatch(new RegExp(`^agent-${safe}{5}$`));
    expect(s.pods[0]!.metadata.labels).toMatchObject({ app: 'agent', 'pod-template-generation': '1' });
    expect(ownerOf(s.pods[0]!)).toEqual(['DaemonSet/agent/true']);
  });
  it('hostNetwork pods also tolerate network-unavailable', () => {
    const s = load(nodeDoc('n1'), ds(['      hostNetwork: true']));
    expect(s.pods[0]!.spec.tolerations?.at(-1)).toEqual({ key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' });
  });
  it('a new node gets its pod when the controller runs again; a deleted node\'s pod is excess', () => {
    const s = load(nodeDoc('n1'), ds());
    const n2 = makeNode().name('n2').obj();
    const ctx = { nodes: new Map<string, Node>([['n2', n2]]), namespaces: new Map(s.namespaces.map((n) => [n.metadata.name, n])), priorityClasses: new Map(s.priorityClasses.map((p) => [p.metadata.name, p])), runtimeClasses: new Map(), names: s.names, now: 60, pods: s.pods, workloads: s.workloads };
    const r = expandWorkload(s.workloads[0]!, ctx);
    expect(r.pods.map((p) => p.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms[0]?.matchFields?.[0]?.values)).toEqual([['n2']]);
    expect(r.excess.map((p: Pod) => p.metadata.name)).toEqual([s.pods[0]!.metadata.name]);
  });

  // upstream TestNodeShouldRunDaemonPod: node labels simpleDaemonSetLabel = {name: simple-daemon, type: production}
  const simple = { name: 'simple-daemon', type: 'production' };
  const dsWith = (spec: Partial<Workload['spec']['template']['spec']>): Workload => ({
    apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'ds', namespace: 'default' },
    spec: { selector: { matchLabels: simple }, template: { metadata: { labels: simple }, spec: { containers: [{ name: 'c' }], ...spec } } },
  });
  const testNode = (f: (n: Node) => void = () => {}) => { const n = makeNode().name('test-node').labels(simple).obj(); f(n); return n; };
  it.each([
    { name: 'ShouldRunDaemonPod', ds: dsWith({}), node: testNode(), want: [true, true] },
    { name: 'ErrPodNotMatchHostName', ds: dsWith({ nodeName: 'other-node' }), node: testNode(), want: [false, false] },
    { name: 'ErrNodeSelectorNotMatch', ds: dsWith({ nodeSelector: { name: 'simple-daemon', type: 'test' } }), node: testNode(), want: [false, false] },
    { name: 'ShouldRunDaemonPod (node selector matches)', ds: dsWith({ nodeSelector: simple }), node: testNode(), want: [true, true] },
    {
      name: 'ErrPodAffinityNotMatch',
      ds: dsWith({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'type', operator: 'In', values: ['test'] }] }] } } } }),
      node: testNode(), want: [false, false],
    },
    {
      name: 'ShouldRunDaemonPod (node affinity matches)',
      ds: dsWith({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'type', operator: 'In', values: ['production'] }] }] } } } }),
      node: testNode(), want: [true, true],
    },
    { name: 'ShouldRunDaemonPodOnUnschedulableNode', ds: dsWith({}), node: testNode((n) => { n.spec.unschedulable = true; n.spec.taints = [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }]; }), want: [true, true] },
    { name: 'untolerated NoSchedule taint: do not start, keep running', ds: dsWith({}), node: testNode((n) => { n.spec.taints = [{ key: 'k', effect: 'NoSchedule' }]; }), want: [false, true] },
    { name: 'untolerated NoExecute taint: neither', ds: dsWith({}), node: testNode((n) => { n.spec.taints = [{ key: 'k', effect: 'NoExecute' }]; }), want: [false, false] },
    { name: 'not-ready NoExecute taint is tolerated by the daemon tolerations', ds: dsWith({}), node: testNode((n) => { n.spec.taints = [{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }]; }), want: [true, true] },
    { name: 'PreferNoSchedule taint does not matter', ds: dsWith({}), node: testNode((n) => { n.spec.taints = [{ key: 'k', effect: 'PreferNoSchedule' }]; }), want: [true, true] },
  ])('NodeShouldRunDaemonPod: $name', ({ ds: d, node: n, want }) => {
    expect(nodeShouldRunDaemonPod(n, d)).toEqual(want);
  });
});

// A dump's pods name their controller by kind, name and uid; the controllers claim them
// (upstream: controller_ref_manager.go ClaimPods — owned when the controller reference's uid is
// the controller's; an orphan its selector matches is adopted) and create only what is missing.
describe('controllers adopt the pods of a dump', () => {
  const set = (kind: 'ReplicaSet' | 'StatefulSet', uid: string, replicas: number) => [
    'apiVersion: apps/v1', `kind: ${kind}`, `metadata: {name: db, namespace: shop, uid: ${uid}}`,
    'spec:', `  replicas: ${replicas}`, ...(kind === 'StatefulSet' ? ['  serviceName: db'] : []), '  selector: {matchLabels: {app: db}}',
    '  template:', '    metadata: {labels: {app: db}}', '    spec: {containers: [{name: c, image: i}]}',
  ];
  const boundPod = (name: string, owner?: { kind: string; uid: string }) => [
    'apiVersion: v1', 'kind: Pod',
    `metadata: {name: ${name}, namespace: shop, labels: {app: db}${owner ? `, ownerReferences: [{apiVersion: apps/v1, kind: ${owner.kind}, name: db, uid: ${owner.uid}, controller: true}]` : ''}}`,
    'spec: {nodeName: n1, containers: [{name: c, image: i}]}', 'status: {phase: Running}',
  ];
  it.each([
    ['ReplicaSet: both pods its (uid matches) → no new pod', 'ReplicaSet', 'u1', [{ kind: 'ReplicaSet', uid: 'u1' }, { kind: 'ReplicaSet', uid: 'u1' }], ['db-a', 'db-b'], 0],
    ['StatefulSet: ordinals 0 and 1 its → no new pod', 'StatefulSet', 'u1', [{ kind: 'StatefulSet', uid: 'u1' }, { kind: 'StatefulSet', uid: 'u1' }], ['db-0', 'db-1'], 0],
    ['ReplicaSet: an orphan its selector matches is adopted → no new pod', 'ReplicaSet', 'u1', [{ kind: 'ReplicaSet', uid: 'u1' }, undefined], ['db-a', 'db-b'], 0],
    ['ReplicaSet: one pod of another object of that name (another uid) is not its → one new pod', 'ReplicaSet', 'u1', [{ kind: 'ReplicaSet', uid: 'u1' }, { kind: 'ReplicaSet', uid: 'old' }], ['db-a', 'db-b'], 1],
    ['StatefulSet: ordinal 1 missing from the dump → the controller makes db-1', 'StatefulSet', 'u1', [{ kind: 'StatefulSet', uid: 'u1' }], ['db-0'], 1],
  ] as const)('%s', (_name, kind, uid, owners, names, created) => {
    const s = load(nodeDoc('n1'), set(kind, uid, 2), ...names.map((n, i) => boundPod(n, owners[i])));
    const made = s.pods.filter((p) => !(names as readonly string[]).includes(p.metadata.name));
    expect(made).toHaveLength(created);
    // every pod it counts as its own carries its controller reference with its uid
    const own = s.pods.filter((p) => p.metadata.ownerReferences?.some((r) => r.controller && r.kind === kind && r.uid === uid));
    expect(own).toHaveLength(2);
  });
});
