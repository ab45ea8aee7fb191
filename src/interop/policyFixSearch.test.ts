// Policy fixes verified through the text: each row a scenario, the target (a refused workload or a
// Pending pod), and the fixes that the reloaded, re-simulated text confirms or refutes.
import { describe, expect, it } from 'vitest';
import { runFixSearch, type FixSearchReply } from './fixSearch';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyTextChanges, fixTitle } from './fixText';
import { rankFixes } from '../engine/whatIf/rank';
import { admissionRefusals, refusalsFor } from '../engine/readers';
import { simulate } from '../engine/index';

const node = (name: string, cpu: string) => `apiVersion: v1
kind: Node
metadata: {name: ${name}, labels: {kubernetes.io/hostname: ${name}}}
status: {allocatable: {cpu: "${cpu}", memory: 32Gi, pods: "110"}}
`;
const quota = (hard: string) => `apiVersion: v1
kind: ResourceQuota
metadata: {name: compute, namespace: shop}
spec:
  hard: {${hard}}
`;
const deployment = (replicas: number, cpu: string) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
        - name: app
          image: nginx
          resources: {requests: {cpu: ${cpu}}}
`;
const limitRange = (item: string) => `apiVersion: v1
kind: LimitRange
metadata: {name: defaults, namespace: dev}
spec:
  limits:
    - type: Container
      ${item}
`;
const bare = (ns: string) => `apiVersion: v1
kind: Pod
metadata: {name: notebook, namespace: ${ns}}
spec:
  containers: [{name: notebook, image: jupyter}]
`;
const docs = (...d: string[]) => d.join('---\n');
/** the API server's ResourceQuota configuration: pods need a covering quota for `limited` */
const limitedResources = (limited: string) => `apiVersion: apiserver.config.k8s.io/v1
kind: AdmissionConfiguration
plugins:
  - name: ResourceQuota
    configuration:
      apiVersion: apiserver.config.k8s.io/v1
      kind: ResourceQuotaConfiguration
      limitedResources:
        - {resource: pods, ${limited}}
`;
const priorityClass = (name: string, value: number) => `apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: ${name}}\nvalue: ${value}\n`;
/** Deployment shop/agent, 2 replicas of PriorityClass cluster-services */
const agents = deployment(2, '100m').replaceAll('web', 'agent').replace('      containers:', '      priorityClassName: cluster-services\n      containers:');
const clusterServices = "matchScopes: [{scopeName: PriorityClass, operator: In, values: [cluster-services]}]";
const shop = 'apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n';
/** a ClusterAutoscaler with one node group "pool" (max 3) and `spec` under its template */
const groupTemplate = (spec: string, max = 3) => `apiVersion: podplay/v1alpha1
kind: ClusterAutoscaler
metadata: {name: ca}
spec:
  templates:
    - apiVersion: v1
      kind: Node
      metadata:
        name: pool-template
        labels: {kwok-nodegroup: pool}
        annotations: {cluster-autoscaler.kwok.nodegroup/max-count: "${max}"}
${spec}      status: {allocatable: {cpu: "2", memory: 16Gi, pods: "110"}}
`;

function search(text: string, target: string) {
  const replies: FixSearchReply[] = [];
  runFixSearch({ id: 1, text, fileName: 'policy.yaml', pod: target }, (r) => replies.push(r));
  return {
    fixes: replies.flatMap((r) => (r.type === 'fix' ? [r.fix] : [])),
    failed: replies.flatMap((r) => (r.type === 'failed' ? [r.failed] : [])),
  };
}

describe('policy fixes, verified by reloading the changed text', () => {
  const rows: { name: string; text: string; target: string; kind: string; edits: object[]; admitted?: object; node?: string }[] = [
    {
      name: 'pods and requests.cpu both full: raise both so the missing replica is admitted',
      text: docs(node('node-1', '8'), 'apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n', quota('pods: "4", requests.cpu: "2"'), deployment(5, '500m')),
      target: 'web', kind: 'quota',
      edits: [{ kind: 'quota', resource: 'pods', from: '4', hard: '5' }, { kind: 'quota', resource: 'requests.cpu', from: '2', hard: '2500m' }],
      admitted: { workload: 'Deployment shop/web', pods: 5, scheduled: 5 },
    },
    {
      name: 'two replicas missing: the quota grows by two pods\' requests',
      text: docs(node('node-1', '8'), 'apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n', quota('requests.cpu: "1"'), deployment(4, '500m')),
      target: 'web', kind: 'quota',
      edits: [{ kind: 'quota', resource: 'requests.cpu', from: '1', hard: '2' }],
      admitted: { workload: 'Deployment shop/web', pods: 4, scheduled: 4 },
    },
    {
      name: 'only requests.cpu full: the template request that lets every replica fit the quota',
      text: docs(node('node-1', '8'), 'apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n', quota('requests.cpu: "2"'), deployment(5, '500m')),
      target: 'shop/web', kind: 'request',
      edits: [{ kind: 'template-request', workload: { kind: 'Deployment', namespace: 'shop', name: 'web' }, container: 0, resource: 'cpu', from: '500m', quantity: '400m' }],
      admitted: { workload: 'Deployment shop/web', pods: 5, scheduled: 5 },
    },
    {
      name: 'limitedResources keeps PriorityClass cluster-services to namespaces with a covering quota: a quota scoped to it, for the two pods',
      text: docs(limitedResources(clusterServices), node('node-1', '8'), shop, priorityClass('cluster-services', 1000000), agents),
      target: 'agent', kind: 'quota',
      edits: [{ kind: 'add-policy', object: { kind: 'ResourceQuota', metadata: { name: 'pods-cluster-services', namespace: 'shop' }, spec: { hard: { pods: '2' }, scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['cluster-services'] }] } } } }],
      admitted: { workload: 'Deployment shop/agent', pods: 2, scheduled: 2 },
    },
    {
      name: 'the same refusal: the template names the existing lower PriorityClass, which no limited scope names',
      text: docs(limitedResources(clusterServices), node('node-1', '8'), shop, priorityClass('cluster-services', 1000000), priorityClass('team-high', 1000), priorityClass('team-low', 10), agents),
      target: 'agent', kind: 'priority',
      edits: [{ kind: 'template-priority-class', workload: { kind: 'Deployment', namespace: 'shop', name: 'agent' }, from: 'cluster-services', priorityClassName: 'team-high', value: 1000 }],
      admitted: { workload: 'Deployment shop/agent', pods: 2, scheduled: 2 },
    },
    {
      name: 'limitedResources names requests.cpu (insufficient quota to consume): a quota limiting it at what the replicas request',
      text: docs(limitedResources('matchContains: [requests.cpu]'), node('node-1', '8'), shop, deployment(3, '500m')),
      target: 'web', kind: 'quota',
      edits: [{ kind: 'add-policy', object: { metadata: { name: 'limited-resources', namespace: 'shop' }, spec: { hard: { 'requests.cpu': '1500m' } } } }],
      admitted: { workload: 'Deployment shop/web', pods: 3, scheduled: 3 },
    },
    {
      name: 'a LimitRange default no node can take: defaultRequest lowered to the most a node has free',
      text: docs(node('node-a', '1500m'), 'apiVersion: v1\nkind: Namespace\nmetadata: {name: dev}\n', limitRange('default: {cpu: "2"}'), bare('dev')),
      target: 'dev/notebook', kind: 'limit-range',
      edits: [{ kind: 'limit-range', limitRange: { namespace: 'dev', name: 'defaults' }, item: 0, resource: 'cpu', from: '2', quantity: '1500m' }],
      node: 'node-a',
    },
    {
      name: 'a node group at its max size (NotTriggerScaleUp "max node group size reached"): its max raised by one',
      text: docs(groupTemplate('', 1), node('seed', '1'), 'apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec:\n  containers: [{name: c, image: x, resources: {requests: {cpu: 1500m}}}]\n', 'apiVersion: v1\nkind: Pod\nmetadata: {name: b}\nspec:\n  containers: [{name: c, image: x, resources: {requests: {cpu: 1500m}}}]\n'),
      target: 'default/b', kind: 'node-group',
      edits: [{ kind: 'node-group-max', group: 'pool', template: 0, from: 1, max: 2 }],
      node: 'pool-2',
    },
    {
      name: 'a pod larger than the only node group\'s template (2 cpu, m6i.large): a new group of m6i.2xlarge, 4 × its allocatable, from 0 to 1 node',
      text: docs(groupTemplate('').replace('labels: {kwok-nodegroup: pool}', 'labels: {kwok-nodegroup: pool, node.kubernetes.io/instance-type: m6i.large}'), node('seed', '1'),
        'apiVersion: v1\nkind: Pod\nmetadata: {name: big}\nspec:\n  containers: [{name: c, image: x, resources: {requests: {cpu: "6", memory: 20Gi}}}]\n'),
      target: 'default/big', kind: 'node-group',
      edits: [{ kind: 'node-group-add', like: 'pool', group: 'pool-m6i-2xlarge', factor: 4, instanceType: 'm6i.2xlarge', template: {
        metadata: { labels: { 'kwok-nodegroup': 'pool-m6i-2xlarge', 'node.kubernetes.io/instance-type': 'm6i.2xlarge' }, annotations: { 'cluster-autoscaler.kwok.nodegroup/min-count': '0', 'cluster-autoscaler.kwok.nodegroup/max-count': '1' } },
        status: { allocatable: { cpu: '8', memory: '64Gi', pods: '110' } },
      } }],
      node: 'pool-m6i-2xlarge-1',
    },
    {
      name: 'no node group\'s template has the label the pod selects: the group\'s template labelled',
      text: docs(groupTemplate(''), node('seed', '1'), 'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  nodeSelector: {disk: ssd}\n  containers: [{name: c, image: x}]\n'),
      target: 'default/p', kind: 'node-label',
      edits: [{ kind: 'node-group-label', group: 'pool', template: 0, key: 'disk', value: 'ssd' }],
      node: 'pool-1',
    },
    {
      name: 'the only node group\'s template is tainted and the pod selects it: the pod tolerates the taint',
      text: docs(groupTemplate('      spec: {taints: [{key: dedicated, value: batch, effect: NoSchedule}]}\n'), node('seed', '1'), 'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  nodeSelector: {kwok-nodegroup: pool}\n  containers: [{name: c, image: x, resources: {requests: {cpu: 1500m}}}]\n'),
      target: 'default/p', kind: 'toleration',
      edits: [{ kind: 'toleration', pod: 'default/p', toleration: { key: 'dedicated', operator: 'Equal', value: 'batch', effect: 'NoSchedule' } }],
      node: 'pool-1',
    },
  ];
  it.each(rows)('$name', ({ text, target, kind, edits, admitted, node: on }) => {
    const { fixes } = search(text, target);
    const fix = fixes.find((f) => f.candidate.kind === kind);
    expect(fix?.candidate.edits).toMatchObject(edits);
    if (admitted) expect(fix?.admitted).toMatchObject(admitted);
    if (on) expect(fix?.node).toBe(on);
    // Apply: the text with the fix's change loads, and the workload's pods are all admitted / the pod schedules
    const applied = simulate(applyTextChanges(text, fix!.text!.changes), { fileName: 'applied.yaml' });
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    if (admitted) expect(refusalsFor(admissionRefusals(applied.result), target)).toEqual([]);
    else expect(applied.result.pods.find((p) => p.pod === target)?.node).toBe(on);
  });

  // issue 18: the fleet dump's postgres-2 got "Add a node like ip-10-41-195-134 (scale general-eu-west-1b)", a group at its max
  it('a node of a group at its max size: no "add a node like it" beside the group\'s max raised', () => {
    const member = node('pool-seed', '2').replace('labels: {kubernetes.io/hostname: pool-seed}', 'labels: {kubernetes.io/hostname: pool-seed, kwok-nodegroup: pool}');
    const filler = 'apiVersion: v1\nkind: Pod\nmetadata: {name: filler}\nspec:\n  nodeName: pool-seed\n  containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]\n';
    const text = docs(groupTemplate('', 1), member, filler, 'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: x, resources: {requests: {cpu: 1500m}}}]\n');
    const { fixes, failed } = search(text, 'default/p');
    expect(fixes.map((f) => f.candidate.edits[0]?.kind)).toContain('node-group-max');
    expect([...fixes.map((f) => f.candidate), ...failed.map((f) => f.candidate)].filter((c) => c.kind === 'add-node')).toEqual([]);
  });

  // issue 18: a taint keeps a pool for its own workloads; the search no longer simulates such a change to rank it last
  it('the only node group\'s template is tainted and the pod selects nothing (an untainted node beside it): the toleration is refused unsimulated, with why', () => {
    const text = docs(groupTemplate('      spec: {taints: [{key: dedicated, value: batch, effect: NoSchedule}]}\n'), node('seed', '1'), 'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: x, resources: {requests: {cpu: 1500m}}}]\n');
    const replies: FixSearchReply[] = [];
    runFixSearch({ id: 1, text, fileName: 'policy.yaml', pod: 'default/p' }, (r) => replies.push(r));
    const started = replies.find((r) => r.type === 'started');
    expect(started?.type === 'started' ? started.refused.map((r) => [r.candidate.edits, r.reason]) : undefined).toEqual([[
      [{ kind: 'toleration', pod: 'default/p', toleration: { key: 'dedicated', operator: 'Equal', value: 'batch', effect: 'NoSchedule' } }],
      'it moves the pod into node group pool, tainted dedicated=batch:NoSchedule, which it does not select: the taint keeps that group for its own workloads',
    ]]);
    expect(replies.some((r) => (r.type === 'fix' && r.fix.candidate.kind === 'toleration') || (r.type === 'failed' && r.failed.candidate.kind === 'toleration'))).toBe(false);
  });

  it('a node group\'s template with another value for the label the pod selects: relabelling it is an override, with both values', () => {
    const text = docs(groupTemplate('').replace('labels: {kwok-nodegroup: pool}', 'labels: {kwok-nodegroup: pool, disk: hdd}'), node('seed', '1'), 'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  nodeSelector: {disk: ssd}\n  containers: [{name: c, image: x}]\n');
    const fix = search(text, 'default/p').fixes.find((f) => f.candidate.edits[0]?.kind === 'node-group-label');
    expect(fix?.tier).toBe(4);
    expect(fix?.warnings).toEqual(['overwrites a label node group pool\'s nodes have (disk=hdd → ssd): what selects them on it loses them, and the label no longer says what they are']);
  });

  it('a LimitRange whose min is above what any node has: lowering the default is refused, and says why', () => {
    const text = docs(node('node-a', '1500m'), 'apiVersion: v1\nkind: Namespace\nmetadata: {name: dev}\n', limitRange('default: {cpu: "2"}\n      min: {cpu: "2"}'), bare('dev'));
    const { fixes, failed } = search(text, 'dev/notebook');
    expect(fixes.some((f) => f.candidate.kind === 'limit-range')).toBe(false);
    expect(failed.find((f) => f.candidate.kind === 'limit-range')?.reason).toMatch(/does not load|stays Pending/);
  });

  it('limitedResources: no lower class that a limited scope also names, none above, and a taken quota name gets a suffix', () => {
    const text = docs(
      limitedResources('matchScopes: [{scopeName: PriorityClass, operator: In, values: [cluster-services, team-high]}]'), node('node-1', '8'), shop,
      priorityClass('cluster-services', 1000000), priorityClass('team-high', 1000), priorityClass('critical', 2000000), priorityClass('team-low', 10),
      'apiVersion: v1\nkind: ResourceQuota\nmetadata: {name: pods-cluster-services, namespace: shop}\nspec: {hard: {pods: "5"}, scopeSelector: {matchExpressions: [{scopeName: PriorityClass, operator: In, values: [team-high]}]}}\n',
      agents,
    );
    const { fixes, failed } = search(text, 'agent');
    const tried = [...fixes, ...failed].map((f) => f.candidate.edits[0]);
    // team-high is covered here by the quota above; team-low is lower still; critical is higher
    expect(tried.flatMap((e) => (e?.kind === 'template-priority-class' ? [e.priorityClassName] : []))).toEqual(['team-high', 'team-low']);
    expect(tried.flatMap((e) => (e?.kind === 'add-policy' ? [e.object.metadata.name] : []))).toEqual(['pods-cluster-services-2']);
  });

  it('scenarios/limited-priority-class.yaml: the two fixes its comment expects for Deployment team-a/collector, quota first', () => {
    const text = readFileSync(join(__dirname, '../../scenarios/limited-priority-class.yaml'), 'utf8');
    const { fixes } = search(text, 'collector');
    expect(rankFixes(fixes).map((f) => [fixTitle(f.candidate.edits, (n) => n), f.admitted?.pods])).toEqual([
      ['Add ResourceQuota team-a/pods-cluster-services: spec.hard.pods 2 for scope PriorityClass In [cluster-services]', 2],
      ['Deployment team-a/collector: priorityClassName team-services (value 100000) instead of cluster-services', 2],
    ]);
  });

  it('pods full but a count no request can lower: no template-request candidate', () => {
    const text = docs(node('node-1', '8'), 'apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n', quota('pods: "2"'), deployment(3, '100m'));
    const { fixes, failed } = search(text, 'web');
    expect([...fixes, ...failed].map((f) => f.candidate.kind)).toEqual(['quota']);
  });
});

describe('a refused bare Pod (nothing retries it): a fix a reviewer approves, verified by reloading the text', () => {
  const dev = 'apiVersion: v1\nkind: Namespace\nmetadata: {name: dev}\n';
  /** Pod dev/notebook with `resources` */
  const notebook = (resources: string) => bare('dev').replace('image: jupyter}', `image: jupyter, resources: ${resources}}`);
  const quotaDev = (hard: string) => quota(hard).replace('namespace: shop', 'namespace: dev');
  const used = `apiVersion: v1\nkind: Pod\nmetadata: {name: running, namespace: dev}\nspec:\n  containers: [{name: c, image: i, resources: {requests: {cpu: "1500m"}}}]\n`;
  it.each([
    ['LimitRange max: the limit lowered to the max (and the request within it) — ranked first', docs(node('node-1', '8'), dev, limitRange('max: {cpu: "2"}'), notebook('{requests: {cpu: "3"}, limits: {cpu: "4"}}')),
      'request', [{ kind: 'request', pod: 'dev/notebook', container: 0, containerName: 'notebook', resource: 'cpu', quantity: '2', limit: true }, { kind: 'request', pod: 'dev/notebook', container: 0, containerName: 'notebook', resource: 'cpu', quantity: '2' }], 'Limit 2 cpu for container notebook; Request 2 cpu for container notebook'],
    ['LimitRange min: the request raised to the min', docs(node('node-1', '8'), dev, limitRange('min: {memory: 256Mi}'), notebook('{requests: {memory: 64Mi}}')),
      'request', [{ kind: 'request', pod: 'dev/notebook', container: 0, containerName: 'notebook', resource: 'memory', quantity: '256Mi' }], 'Request 256Mi memory for container notebook'],
    ['LimitRange maxLimitRequestRatio: the request raised to limit ÷ ratio', docs(node('node-1', '8'), dev, limitRange('maxLimitRequestRatio: {cpu: "2"}'), notebook('{requests: {cpu: 500m}, limits: {cpu: "4"}}')),
      'request', [{ kind: 'request', pod: 'dev/notebook', container: 0, containerName: 'notebook', resource: 'cpu', quantity: '2' }], 'Request 2 cpu for container notebook'],
    ['ResourceQuota requests.cpu: the request cut to what the quota has left, below raising the quota', docs(node('node-1', '8'), dev, quotaDev('requests.cpu: "2"'), used, notebook('{requests: {cpu: "1"}}')),
      'quota', [{ kind: 'quota', quota: { namespace: 'dev', name: 'compute' }, resource: 'requests.cpu', from: '2', hard: '2500m' }], 'Raise ResourceQuota dev/compute: spec.hard.requests.cpu 2500m (from 2)'],
  ])('%s', (_name, text, kind, edits, title) => {
    expect(simulate(text).ok && refusalsFor(admissionRefusals((simulate(text) as { result: Parameters<typeof admissionRefusals>[0] }).result), 'dev/notebook').length).toBe(1);
    const { fixes, failed } = search(text, 'dev/notebook');
    const ranked = rankFixes(fixes);
    expect(ranked[0]?.candidate.kind, failed.map((f) => f.reason).join('; ')).toBe(kind);
    expect(ranked[0]!.candidate.edits).toEqual(edits);
    expect(fixTitle(ranked[0]!.candidate.edits, (n) => n)).toBe(title);
    // applied, the file creates the pod and it schedules
    const after = simulate(applyTextChanges(text, ranked[0]!.text!.changes));
    if (!after.ok) throw new Error('the fixed text does not load');
    expect(after.result.pods.find((p) => p.pod === 'dev/notebook')?.node).toBe('node-1');
  });

  it('the administrator\'s alternative to a LimitRange max: widen the max, ranked after the pod\'s own fix, with a warning', () => {
    const text = docs(node('node-1', '8'), dev, limitRange('max: {cpu: "2"}'), notebook('{requests: {cpu: "1"}, limits: {cpu: "4"}}'));
    const ranked = rankFixes(search(text, 'dev/notebook').fixes);
    expect(ranked.map((f) => f.candidate.kind)).toEqual(['request', 'limit-range']);
    expect(ranked[1]!.candidate.edits).toEqual([{ kind: 'limit-range', limitRange: { namespace: 'dev', name: 'defaults' }, item: 0, resource: 'cpu', from: '2', quantity: '4', bound: 'max' }]);
    expect(ranked[1]!.warnings).toEqual(['an administrator\'s change: every container in dev may then ask for as much']);
    // the Events tab searches by the creator the FailedCreate event names
    expect(rankFixes(search(text, 'Pod/dev/notebook').fixes).map((f) => f.candidate.kind)).toEqual(['request', 'limit-range']);
  });

  it('a quota with room left: after the raise, the request cut to it (500m of 1)', () => {
    const text = docs(node('node-1', '8'), dev, quotaDev('requests.cpu: "2"'), used, notebook('{requests: {cpu: "1"}}'));
    const ranked = rankFixes(search(text, 'dev/notebook').fixes);
    expect(ranked.map((f) => f.candidate.kind)).toEqual(['quota', 'request']);
    expect(ranked[1]!.candidate.edits).toEqual([{ kind: 'request', pod: 'dev/notebook', container: 0, containerName: 'notebook', resource: 'cpu', quantity: '500m' }]);
  });

  it('limitedResources: a bare Pod of a limited PriorityClass gets a quota covering it alone, then an existing lower class, each creating it', () => {
    const agent = bare('shop').replace('name: notebook', 'name: agent').replace('spec:\n', 'spec:\n  priorityClassName: cluster-services\n');
    // the Deployment's two pods are refused too: the bare Pod's quota counts the pod alone
    const text = docs(limitedResources(clusterServices), node('node-1', '8'), shop, priorityClass('cluster-services', 1000000), priorityClass('team-services', 100000), agents, agent);
    const ranked = rankFixes(search(text, 'Pod/shop/agent').fixes);
    expect(ranked.map((f) => [fixTitle(f.candidate.edits, (n) => n), f.candidate.kind])).toEqual([
      ['Add ResourceQuota shop/pods-cluster-services: spec.hard.pods 1 for scope PriorityClass In [cluster-services]', 'quota'],
      ['Pod shop/agent: priorityClassName team-services (value 100000) instead of cluster-services', 'priority'],
    ]);
    expect(ranked[1]!.warnings[0]).toMatch(/^the pod runs at priority 100000 instead of 1000000/);
    for (const fix of ranked) {
      const after = simulate(applyTextChanges(text, fix.text!.changes));
      if (!after.ok) throw new Error('the fixed text does not load');
      expect(after.result.pods.find((p) => p.pod === 'shop/agent')?.node).toBe('node-1');
    }
  });

  // a Pod a timeline step applies (kubectl apply at t=30) is refused as a declared one is: the fix
  // is written into the step's object, and the fixed file creates it at 30 s
  const steps = (object: string) => `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: late-notebook}
spec:
  timeline:
    - at: 30
      action: apply
      object:
${object.replace(/^/gm, '        ').trimEnd()}
`;
  it.each([
    ['ResourceQuota requests.cpu', docs(node('node-1', '8'), dev, quotaDev('requests.cpu: "2"'), used, steps(notebook('{requests: {cpu: "1"}}'))), ['quota', 'request']],
    ['LimitRange max', docs(node('node-1', '8'), dev, limitRange('max: {cpu: "2"}'), steps(notebook('{requests: {cpu: "1"}, limits: {cpu: "4"}}'))), ['request', 'limit-range']],
  ])('a Pod a timeline step applies, refused (%s): the same fixes as a declared one, written into the step, creating it at 30 s', (_name, text, kinds) => {
    const before = simulate(text);
    if (!before.ok) throw new Error('the scenario does not load');
    expect(refusalsFor(admissionRefusals(before.result), 'Pod/dev/notebook').map((r) => r.time)).toEqual([30]);
    const ranked = rankFixes(search(text, 'Pod/dev/notebook').fixes);
    expect(ranked.map((f) => f.candidate.kind)).toEqual(kinds);
    for (const fix of ranked) {
      const fixed = applyTextChanges(text, fix.text!.changes);
      // the pod's change goes into the step; a policy's into its own document
      if (fix.candidate.kind === 'request') expect(fixed.slice(fixed.indexOf('kind: Scenario'))).not.toBe(text.slice(text.indexOf('kind: Scenario')));
      const after = simulate(fixed);
      if (!after.ok) throw new Error('the fixed text does not load');
      expect(refusalsFor(admissionRefusals(after.result), 'Pod/dev/notebook')).toEqual([]);
      expect(after.result.pods.find((p) => p.pod === 'dev/notebook')?.node).toBe('node-1');
    }
  });

  it('a quota with nothing left: no request cut, the quota raise (an administrator\'s change) is the fix', () => {
    const text = docs(node('node-1', '8'), dev, quotaDev('requests.cpu: "1500m"'), used, notebook('{requests: {cpu: "1"}}'));
    const ranked = rankFixes(search(text, 'dev/notebook').fixes);
    expect(ranked.map((f) => f.candidate.kind)).toEqual(['quota']);
    expect(ranked[0]!.warnings[0]).toContain('an administrator\'s change');
  });
});
