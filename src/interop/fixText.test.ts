// A verified fix written into the scenario's YAML: the edited text simulates to the same outcome
// the fix promised (the pod schedules), other documents are untouched, and the diff shows it.
import { describe, expect, it } from 'vitest';
import { loadExpandedScenario, simulate } from '../engine/index';
import { rankFixes, searchFixes, type VerifiedFix } from '../engine/whatIf/verify';
import fixture from './fixtures/kubectl-20-nodes-pending.yaml?raw';
import { applyTextChanges, diffLines, fixText, fixTitle } from './fixText';
import type { ScenarioEdit } from '../engine/readers';
import { importAny } from './index';
import { parseDocument } from 'yaml';
import { STORED_CORDONED_NODE } from '../engine/testing/storedNode';

const yaml = importAny(fixture, { source: 'fixture' }).yaml;
const loaded = loadExpandedScenario(yaml);
const baseline = simulate(yaml);
if (!loaded.ok || !baseline.ok) throw new Error('fixture does not load');
const pendingPod = (prefix: string) => baseline.result.pods.find((p) => p.pod.startsWith(prefix) && p.recorded?.phase === 'Pending')!;

function verified(pod: string): VerifiedFix[] {
  if (!loaded.ok || !baseline.ok) throw new Error('unreachable');
  const search = searchFixes(loaded.scenario, baseline.result, pod);
  const out: VerifiedFix[] = [];
  for (let f = search.next(); f !== undefined; f = search.next()) if (f) out.push(f);
  return rankFixes(out);
}

describe('fixText on the 20-node dump', () => {
  it.each([
    ['ml/trainer-', 'toleration'],
    ['shop/search-', 'node-label'],
    ['shop/search-', 'selector'],
    ['batch/report-', 'request'],
    ['batch/report-', 'priority'],
    ['payments/payments-', 'spread'],
    ['payments/payments-', 'scale'],
    ['db/postgres-2', 'add-node'],
    ['ops/debug-shell', 'uncordon'],
  ])('%s: the %s fix, written into the YAML, schedules the pod where the fix said', (prefix, kind) => {
    const outcome = pendingPod(prefix);
    const fix = verified(outcome.pod).find((f) => f.candidate.kind === kind)!;
    expect(fix).toBeDefined();
    const change = fixText(yaml, fix.candidate.edits, outcome.owner)!;
    expect(change.diff.flat().some((l) => l.op !== ' ')).toBe(true);
    // written in the file's own style: nothing removed but what the fix removes
    if (kind === 'toleration' || kind === 'add-node' || kind === 'scale') expect(change.diff.flat().filter((l) => l.op === '-')).toEqual([]);
    const after = simulate(applyTextChanges(yaml, change.changes));
    if (!after.ok) throw new Error(after.errors.map((e) => `${e.line}: ${e.message}`).join('\n'));
    expect(after.result.pods.find((p) => p.pod === outcome.pod)?.node).toBe(fix.node);
  });
});

describe('fixText', () => {
  const text = `# my cluster
apiVersion: v1
kind: Node
metadata: {name: n1}
spec:
  unschedulable: true   # cordoned for the upgrade
  taints:
  - {key: node.kubernetes.io/unschedulable, effect: NoSchedule}
  - {key: team, value: a, effect: NoSchedule}
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: default}
spec:
  containers: [{name: c, image: nginx}]
`;
  it('uncordons a node: drops unschedulable and its taint, keeps the rest and the comments', () => {
    const change = fixText(text, [{ kind: 'uncordon', node: 'n1' }])!;
    const after = applyTextChanges(text, change.changes);
    expect(after).toContain('# my cluster');
    expect(after).not.toContain('unschedulable: true');
    expect(after).not.toContain('node.kubernetes.io/unschedulable');
    expect(after).toContain('  - {key: team, value: a, effect: NoSchedule}');
    expect(after.slice(after.indexOf('---'))).toBe(text.slice(text.indexOf('---')));
  });
  it('adds a toleration to a pod without any', () => {
    const change = fixText(text, [{ kind: 'toleration', pod: 'default/p', toleration: { key: 'team', operator: 'Equal', value: 'a', effect: 'NoSchedule' } }])!;
    const after = applyTextChanges(text, change.changes);
    const r = simulate(after);
    expect(r.ok).toBe(true);
    expect(after).toMatch(/tolerations:\n\s+- key: team\n\s+operator: Equal\n\s+value: a\n\s+effect: NoSchedule/);
  });
  it('gives up on a pod that is not a document of its own', () => {
    expect(fixText(text, [{ kind: 'toleration', pod: 'default/other', toleration: { key: 'x', operator: 'Exists' } }])).toBeUndefined();
  });
  it('diffs lines', () => {
    expect(diffLines('a\nb\nc', 'a\nB\nc\nd')).toEqual([{ op: ' ', text: 'a' }, { op: '-', text: 'b' }, { op: '+', text: 'B' }, { op: ' ', text: 'c' }, { op: '+', text: 'd' }]);
  });
});

describe('fixText: a DRA claim request', () => {
  const text = `apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: a100}
spec: {selectors: [{cel: {expression: 'device.driver == "gpu.example.com" && device.attributes["gpu.example.com"].model == "A100"'}}]}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: any-gpu}
spec: {selectors: [{cel: {expression: 'device.driver == "gpu.example.com"'}}]}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: n1-gpus}
spec:
  driver: gpu.example.com
  nodeName: n1
  pool: {name: n1, generation: 1, resourceSliceCount: 1}
  devices: [{name: gpu-0, attributes: {model: {string: L4}}}]
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: gpu, namespace: default}
spec:
  devices:
    requests:
    - name: gpu
      exactly:
        deviceClassName: a100
        selectors: [{cel: {expression: 'device.attributes["gpu.example.com"].model == "A100"'}}]
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: default}
spec:
  resourceClaims: [{name: gpu, resourceClaimName: gpu}]
  containers: [{name: c, image: nginx, resources: {claims: [{name: gpu}]}}]
`;
  const claim = { kind: 'ResourceClaim' as const, namespace: 'default', name: 'gpu' };
  const placed = (after: string) => {
    const r = simulate(after);
    if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
    return r.result.pods.find((p) => p.pod === 'default/p')?.node;
  };

  it.each([
    { name: 'another DeviceClass and no selector: the pod schedules', edits: [{ kind: 'claim' as const, claim, change: 'device-class' as const, request: 0, requestName: 'gpu', from: 'a100', deviceClassName: 'any-gpu' }, { kind: 'claim' as const, claim, change: 'drop-selectors' as const, request: 0, requestName: 'gpu', selectors: 1 }], node: 'n1', has: 'deviceClassName: any-gpu', lacks: 'selectors' },
    { name: 'the selector dropped alone: still the A100 class, still Pending', edits: [{ kind: 'claim' as const, claim, change: 'drop-selectors' as const, request: 0, requestName: 'gpu', selectors: 1 }], node: undefined, has: 'deviceClassName: a100', lacks: 'selectors' },
  ])('$name', ({ edits, node, has, lacks }) => {
    const change = fixText(text, edits)!;
    const after = applyTextChanges(text, change.changes);
    const claimDoc = after.slice(after.indexOf('kind: ResourceClaim'), after.indexOf('kind: Pod'));
    expect(claimDoc).toContain(has);
    expect(claimDoc).not.toContain(lacks);
    expect(placed(after)).toBe(node);
  });
});

describe('fixText on a kubectl List, as dumped (the objects are items, not documents)', () => {
  const listLoaded = loadExpandedScenario(fixture);
  const listBaseline = simulate(fixture);
  if (!listLoaded.ok || !listBaseline.ok) throw new Error('the raw dump does not load');

  it.each([
    ['ml/trainer-', 'toleration'],
    ['ops/debug-shell', 'uncordon'],
    ['db/postgres-2', 'add-node'],
  ])('%s: the %s fix is written into the List item at its indentation and schedules the pod', (prefix, kind) => {
    if (!listLoaded.ok || !listBaseline.ok) throw new Error('unreachable');
    const outcome = listBaseline.result.pods.find((p) => p.pod.startsWith(prefix) && p.recorded?.phase === 'Pending')!;
    const search = searchFixes(listLoaded.scenario, listBaseline.result, outcome.pod);
    const fixes: VerifiedFix[] = [];
    for (let f = search.next(); f !== undefined; f = search.next()) if (f) fixes.push(f);
    const fix = fixes.find((f) => f.candidate.kind === kind)!;
    expect(fix).toBeDefined();
    const change = fixText(fixture, fix.candidate.edits, outcome.owner);
    expect(change).toBeDefined();
    // each diff is of the object it names, dedented: its kind line at column 0
    change!.diff.forEach((doc, i) => expect(doc.some((l) => l.text === `kind: ${change!.objects[i]!.replace(/^new /, '').split(' ')[0]}`)).toBe(true));
    const after = applyTextChanges(fixture, change!.changes);
    const r = simulate(after);
    if (!r.ok) throw new Error(r.errors.map((e) => `${e.line}: ${e.message}`).join('\n'));
    expect(r.result.pods.find((p) => p.pod === outcome.pod)?.node).toBe(fix.node);
  });
});

describe('policy edits (quota, LimitRange, a workload template)', () => {
  const policies = `apiVersion: v1
kind: ResourceQuota
metadata: {name: compute, namespace: shop}
spec:
  hard: {pods: "4", requests.cpu: "2"}
---
apiVersion: v1
kind: LimitRange
metadata: {name: defaults, namespace: shop}
spec:
  limits:
    - type: Container
      default: {cpu: "2"}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  template:
    spec:
      containers: [{name: app, image: nginx, resources: {requests: {cpu: 500m}}}]
`;
  const quota = { namespace: 'shop', name: 'compute' };
  const rows: { name: string; edits: ScenarioEdit[]; title: string; changed: RegExp }[] = [
    { name: 'two resources of one quota read as one change', edits: [{ kind: 'quota', quota, resource: 'pods', from: '4', hard: '5' }, { kind: 'quota', quota, resource: 'requests.cpu', from: '2', hard: '2500m' }], title: 'Raise ResourceQuota shop/compute: spec.hard.pods 5 (from 4), spec.hard.requests.cpu 2500m (from 2)', changed: /hard: \{ pods: "5", requests.cpu: "2500m" \}|hard: \{pods: "5", requests.cpu: "2500m"\}/ },
    { name: 'a LimitRange item gets a defaultRequest', edits: [{ kind: 'limit-range', limitRange: { namespace: 'shop', name: 'defaults' }, item: 0, resource: 'cpu', from: '2', quantity: '1500m' }], title: 'LimitRange shop/defaults: default request cpu 1500m (from 2)', changed: /defaultRequest:\n\s+cpu: 1500m/ },
    { name: 'a template container request', edits: [{ kind: 'template-request', workload: { kind: 'Deployment', namespace: 'shop', name: 'web' }, container: 0, resource: 'cpu', from: '500m', quantity: '400m' }], title: 'Deployment shop/web: container 1 requests 400m cpu (from 500m)', changed: /requests: \{ ?cpu: 400m ?\}/ },
    {
      name: 'a new ResourceQuota scoped to a PriorityClass, appended as a document of its own',
      edits: [{ kind: 'add-policy', object: { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'pods-cluster-services', namespace: 'shop' }, spec: { hard: { pods: '2' }, scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['cluster-services'] }] } }, status: {} } }],
      title: 'Add ResourceQuota shop/pods-cluster-services: spec.hard.pods 2 for scope PriorityClass In [cluster-services]',
      changed: /\n---\napiVersion: v1\nkind: ResourceQuota\nmetadata:\n {2}name: pods-cluster-services\n {2}namespace: shop\nspec:\n {2}hard:\n {4}pods: "2"\n {2}scopeSelector:\n {4}matchExpressions:\n\s+- scopeName: PriorityClass\n\s+operator: In\n\s+values:\n\s+- cluster-services\n$/,
    },
    { name: 'a template\'s PriorityClass', edits: [{ kind: 'template-priority-class', workload: { kind: 'Deployment', namespace: 'shop', name: 'web' }, from: 'cluster-services', priorityClassName: 'team-high', value: 1000 }], title: 'Deployment shop/web: priorityClassName team-high (value 1000) instead of cluster-services', changed: /template:\n {4}spec:\n {6}containers: .*\n {6}priorityClassName: team-high\n/ },
  ];
  it.each(rows)('$name', ({ edits, title, changed }) => {
    expect(fixTitle(edits, (n) => n)).toBe(title);
    const written = fixText(policies, edits);
    expect(applyTextChanges(policies, written!.changes)).toMatch(changed);
  });
});

describe('fixText: timeline steps (scale, a rollout strategy)', () => {
  const rs = `apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: gw-old, namespace: default, ownerReferences: [{apiVersion: apps/v1, kind: Deployment, name: gw, uid: d1, controller: true}]}
spec:
  replicas: 2
  selector: {matchLabels: {app: gw}}
  template:
    metadata: {labels: {app: gw}}
    spec: {containers: [{name: c, image: gw}]}
`;
  const rollout = { kind: 'rollout' as const, deployment: { namespace: 'default', name: 'gw' }, maxSurge: 0 as const, maxUnavailable: 1 as const, oldReplicaSet: 'gw-old', replicas: 1 };
  const scenarios = (text: string) => text.match(/^kind: Scenario$/gm)?.length ?? 0;

  it.each([
    ['a Scenario document without a name takes the step (no second Scenario)', 'apiVersion: podplay/v1alpha1\nkind: Scenario\nspec: {}\n---\n', 1],
    ['a named Scenario document takes the step', 'apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: mine}\n---\n', 1],
    ['without a Scenario document, one is added', '', 1],
  ])('%s', (_name, scenario, expected) => {
    const text = scenario + rs;
    const after = applyTextChanges(text, fixText(text, [rollout])!.changes);
    expect(scenarios(after)).toBe(expected);
    expect(after).toMatch(/# Deployment default\/gw: strategy maxSurge 0, maxUnavailable 1 — its controller scales the old ReplicaSet down first \(kubectl patch deployment gw -n default/);
    const r = simulate(after);
    if (!r.ok) throw new Error(r.errors.map((e) => `${e.line}: ${e.message}`).join('\n'));
    expect(r.result.pods.filter((p) => p.owner === 'ReplicaSet/gw-old' && p.deletedAt === undefined)).toHaveLength(1);
  });
});

describe('fixText changes only its own lines of a List item, however the dump writes long strings', () => {
  // go-yaml (kubectl) folds a long message at 80 columns in single quotes; a tool may write it on one line
  const message = "0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.";
  const folded = "'0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane:\n        }, 2 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are\n        available: 3 Preemption is not helpful for scheduling.'";
  const list = (written: string) => `apiVersion: v1
items:
- apiVersion: v1
  kind: Pod
  metadata:
    name: web
    namespace: default
  spec:
    containers:
    - image: nginx
      name: web
      resources:
        requests:
          cpu: "4"
  status:
    conditions:
    - message: ${written}
      reason: Unschedulable
      status: "False"
      type: PodScheduled
    phase: Pending
kind: List
`;
  const edit: ScenarioEdit = { kind: 'request', pod: 'default/web', container: 0, resource: 'cpu', quantity: '2' };
  it.each([
    ['folded at 80 columns in single quotes (kubectl)', folded],
    ['on one line in double quotes', JSON.stringify(message)],
  ])('a message %s stays as written', (_name, written) => {
    const text = list(written);
    const change = fixText(text, [edit])!;
    expect(change.diff[0]!.filter((l) => l.op !== ' ')).toEqual([{ op: '-', text: '        cpu: "4"' }, { op: '+', text: '        cpu: "2"' }]);
    expect(applyTextChanges(text, change.changes)).toBe(text.replace('cpu: "4"', 'cpu: "2"'));
  });
});

describe('fixText: a fix for a controller\'s pod is written into the owners\' pod templates', () => {
  // a dump as kubectl writes it: a Deployment, its ReplicaSet and its Pending pod, and a
  // StatefulSet's; each pod asks 4 cpu of a 2-cpu node
  const owned = (kind: string, name: string, uid: string, owner?: string) => `- apiVersion: apps/v1
  kind: ${kind}
  metadata:
    name: ${name}
    namespace: shop
    uid: ${uid}
${owner ? `    ownerReferences:\n    - {apiVersion: apps/v1, kind: Deployment, name: ${owner}, uid: d1, controller: true}\n` : ''}  spec:
    replicas: 1
${kind === 'StatefulSet' ? '    serviceName: db\n' : ''}    selector: {matchLabels: {app: ${name}}}
    template:
      metadata: {labels: {app: ${name}}}
      spec:
        containers:
        - name: c
          image: i
          resources: {requests: {cpu: "4"}}
`;
  const podItem = (name: string, label: string, kind: string, owner: string, uid: string) => `- apiVersion: v1
  kind: Pod
  metadata:
    name: ${name}
    namespace: shop
    labels: {app: ${label}}
    ownerReferences:
    - {apiVersion: apps/v1, kind: ${kind}, name: ${owner}, uid: ${uid}, controller: true}
  spec:
    containers:
    - name: c
      image: i
      resources: {requests: {cpu: "4"}}
  status: {phase: Pending}
`;
  const dump = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata: {name: n1, labels: {kubernetes.io/hostname: n1}}
  status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
${owned('Deployment', 'web', 'd1')}${owned('ReplicaSet', 'web-5d8f', 'r1', 'web')}${podItem('web-5d8f-abcde', 'web-5d8f', 'ReplicaSet', 'web-5d8f', 'r1')}${owned('StatefulSet', 'db', 's1')}${podItem('db-0', 'db', 'StatefulSet', 'db', 's1')}`;

  it.each([
    ['shop/web-5d8f-abcde', ['Deployment shop/web', 'ReplicaSet shop/web-5d8f', 'Pod shop/web-5d8f-abcde']],
    ['shop/db-0', ['StatefulSet shop/db', 'Pod shop/db-0']],
  ])('%s: the request cut is written into %j, and the edited dump schedules the pod', (pod, objects) => {
    const edit: ScenarioEdit = { kind: 'request', pod, container: 0, resource: 'cpu', quantity: '1' };
    const change = fixText(dump, [edit]);
    expect(change?.objects).toEqual(objects);
    // the diff's headings say which part of each object the fix changes
    expect(change?.headers).toEqual(objects.map((o) => (o.startsWith('Pod ') ? `${o}: the Pending pod, as its controller recreates it from that template` : `${o}: its pod template`)));
    for (const doc of change!.diff) expect(doc.filter((l) => l.op !== ' ').map((l) => `${l.op}${l.text.trim()}`)).toEqual(['-resources: {requests: {cpu: "4"}}', '+resources: {requests: {cpu: "1"}}']);
    const r = simulate(applyTextChanges(dump, change!.changes));
    if (!r.ok) throw new Error(r.errors.map((e) => `${e.line}: ${e.message}`).join('\n'));
    expect(r.result.pods.find((p) => p.pod === pod)?.node).toBe('n1');
  });

  it.each([
    ['shop/web-5d8f-abcde', 'Deployment shop/web'],
    ['shop/db-0', 'StatefulSet shop/db'],
  ])('%s: a request cut is titled with the workload whose template it changes (%s)', (pod, workload) => {
    const loaded = loadExpandedScenario(dump, 'dump.yaml');
    if (!loaded.ok) throw new Error(loaded.errors.map((e) => `${e.line}: ${e.message}`).join('\n'));
    const baseline = simulate(dump);
    if (!baseline.ok) throw new Error('the dump does not simulate');
    const search = searchFixes(loaded.scenario, baseline.result, pod);
    const request = search.candidates.find((c) => c.kind === 'request')!;
    expect(fixTitle(request.edits, (n) => n, request.template)).toMatch(new RegExp(`^Request \\S+ cpu for container c, in the template of ${workload}$`));
  });
});

describe('fixText: a change the owner\'s template has no place for', () => {
  it('is not written (and does not throw) when the StatefulSet\'s template lacks the affinity term its older pod has', () => {
    const dump = `apiVersion: v1
kind: List
items:
- apiVersion: apps/v1
  kind: StatefulSet
  metadata: {name: kafka, namespace: kafka, uid: s1}
  spec:
    serviceName: kafka
    selector: {matchLabels: {app: kafka}}
    template:
      metadata: {labels: {app: kafka}}
      spec:
        containers: [{name: broker, image: kafka:2}]
- apiVersion: v1
  kind: Pod
  metadata:
    name: kafka-0
    namespace: kafka
    ownerReferences: [{apiVersion: apps/v1, kind: StatefulSet, name: kafka, uid: s1, controller: true}]
  spec:
    affinity:
      nodeAffinity:
        requiredDuringSchedulingIgnoredDuringExecution:
          nodeSelectorTerms: [{matchExpressions: [{key: zone, operator: In, values: [x]}]}]
    containers: [{name: broker, image: kafka:1}]
`;
    expect(fixText(dump, [{ kind: 'selector', pod: 'kafka/kafka-0', term: 0, expression: 0 }])).toBeUndefined();
    expect(fixText(dump, [{ kind: 'anti-affinity', pod: 'kafka/kafka-0', term: 0 }])).toBeUndefined();
  });
});

describe('fixText: add a node like X writes a fresh machine of its pool', () => {
  const like = 'ip-10-0-3-17.ec2.internal';
  const change = fixText(STORED_CORDONED_NODE, [{ kind: 'add-node', like, name: 'ip-10-0-3-17-2.ec2.internal', pool: { 'node-pool': 'general' } }])!;
  const written = parseDocument(applyTextChanges(STORED_CORDONED_NODE, change.changes).split(/^---$/m)[1]!);
  it.each([
    ['metadata.uid', ['metadata', 'uid']],
    ['metadata.resourceVersion', ['metadata', 'resourceVersion']],
    ['metadata.creationTimestamp', ['metadata', 'creationTimestamp']],
    ['metadata.annotations (the "do not uncordon" note, the CSI node id)', ['metadata', 'annotations']],
    ['the instance-id label', ['metadata', 'labels', 'alpha.eksctl.io/instance-id']],
    ['spec.providerID', ['spec', 'providerID']],
    ['spec.podCIDR', ['spec', 'podCIDR']],
    ['spec.podCIDRs', ['spec', 'podCIDRs']],
    ['spec.unschedulable', ['spec', 'unschedulable']],
    ['status.conditions (heartbeats, transition times)', ['status', 'conditions']],
    ['status.addresses', ['status', 'addresses']],
    ['status.images', ['status', 'images']],
    ['status.volumesAttached', ['status', 'volumesAttached']],
    ['status.volumesInUse', ['status', 'volumesInUse']],
  ])('not copied: %s', (_name, path) => {
    expect(parseDocument(STORED_CORDONED_NODE).hasIn(path)).toBe(true);
    expect(written.hasIn(path)).toBe(false);
  });
  it('keeps the pool\'s labels, taint and allocatable; drops the state taints', () => {
    const node = written.toJS() as { metadata: { name: string; labels: Record<string, string> }; spec: { taints: { key: string }[] }; status: { allocatable: unknown } };
    expect(node.metadata.name).toBe('ip-10-0-3-17-2.ec2.internal');
    expect(node.metadata.labels).toEqual({ 'kubernetes.io/hostname': 'ip-10-0-3-17-2.ec2.internal', 'node-pool': 'general', 'topology.kubernetes.io/zone': 'us-east-1c' });
    expect(node.spec.taints.map((t) => t.key)).toEqual(['dedicated']);
    expect(node.status.allocatable).toEqual({ cpu: '4', memory: '16Gi', pods: '110' });
  });
});

describe('fixTitle: quantities a person reads', () => {
  it('a new node group\'s estimated allocatable in Gi, not the Ki an EKS node reports (4 × 31792816Ki)', () => {
    const template = { apiVersion: 'v1', kind: 'Node', metadata: { name: 't' }, spec: {}, status: { allocatable: { cpu: '31640m', memory: '127171264Ki', pods: '232' } } } as Extract<ScenarioEdit, { kind: 'node-group-add' }>['template'];
    const edit: ScenarioEdit = { kind: 'node-group-add', like: 'general-eu-west-1a', group: 'general-eu-west-1a-m6i-8xlarge', factor: 4, instanceType: 'm6i.8xlarge', template };
    expect(fixTitle([edit], (n) => n)).toBe('Add node group general-eu-west-1a-m6i-8xlarge beside general-eu-west-1a: m6i.8xlarge nodes, 4 × its allocatable (31640m cpu, 121.3Gi memory), scaled from 0 to 1');
  });
});
