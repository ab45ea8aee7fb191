// LimitRange and ResourceQuota end to end: admission at load, in the workload controllers and on
// the timeline; the quota controller on the simulated clock; the example scenarios.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { loadExpandedScenario, simulate } from './index';

const scenarioDir = join(__dirname, '../../scenarios');

function run(yaml: string, until?: number): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml', ...(until !== undefined ? { until } : {}) });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}
const readScenario = (name: string) => readFileSync(join(scenarioDir, name), 'utf8');
const quotaStatus = (r: SimulationResult, name: string) => r.objects?.resourceQuotas?.find((q) => q.metadata['name'] === name)?.['status'];
const failedCreates = (r: SimulationResult) => r.events.filter((e) => e.reason === 'FailedCreate').map((e) => `${e.time}s ${e.message}`);

describe('quota-deployment.yaml: a Deployment that stops at its quota', () => {
  const r = run(readScenario('quota-deployment.yaml'));
  const web = r.pods.filter((p) => p.pod.startsWith('shop/web-'));
  // the ReplicaSet's k-th rate-limited retry after its refusal at 0 s: 5 ms × (2^k − 1)
  const retry = (k: number) => Math.round(5 * (2 ** k - 1)) / 1000;
  it('creates what the quota allows and reports FailedCreate for the rest: at 0 s, at the first retry after "report" is deleted (81.915 s: a terminating pod still counts) and at the next (163.835 s)', () => {
    const refused = /^pods "web-[a-z0-9]+-[a-z0-9]{5}" is forbidden: exceeded quota: compute, requested: pods=1,requests\.cpu=500m, used: pods=4,requests\.cpu=2, limited: pods=4,requests\.cpu=2$/;
    const events = r.events.filter((e) => e.reason === 'FailedCreate');
    expect(events.map((e) => e.time)).toEqual([0, retry(14), retry(15)]);
    for (const e of events) {
      expect(e.object).toMatch(/^ReplicaSet\/shop\/web-/);
      expect(e.message.replace(/^Error creating: /, '')).toMatch(refused);
    }
  });
  it('the replacement is created at the first retry after the deleted pod is gone (at 90 s; the retry at 163.835 s), and the refused pod never existed', () => {
    expect(web).toHaveLength(4);
    expect(web.every((p) => p.phase === 'Running')).toBe(true);
    expect(r.events.filter((e) => e.reason === 'SuccessfulCreate').map((e) => e.time)).toEqual([0, 0, 0, retry(15)]);
  });
  it('the quota status is kept by the controller', () => {
    expect(quotaStatus(r, 'compute')).toEqual({ hard: { pods: '4', 'requests.cpu': '2' }, used: { pods: '4', 'requests.cpu': '2' } });
  });
});

describe('limitrange-defaults.yaml: a pod defaulted by a LimitRange that fits nowhere', () => {
  it('the scheduler sees the defaulted requests; the pod over the max (applied at 10s) is refused', () => {
    const text = readScenario('limitrange-defaults.yaml');
    const loaded = loadExpandedScenario(text, 'test.yaml');
    if (!loaded.ok) throw new Error('load failed');
    const notebook = loaded.scenario.pods.find((p) => p.metadata.name === 'notebook')!;
    expect(notebook.spec.containers[0]!.resources).toEqual({ requests: { cpu: '2', memory: '1Gi' }, limits: { cpu: '2', memory: '1Gi' } });
    expect(notebook.metadata.annotations?.['kubernetes.io/limit-ranger']).toBe('LimitRanger plugin set: cpu, memory request for container notebook; cpu, memory limit for container notebook');
    const r = run(text);
    expect(failedCreates(r)).toEqual(['10s pods "tool" is forbidden: maximum cpu usage per Container is 2, but limit is 3.']);
    expect(r.pods.map((p) => p.pod)).toEqual(['dev/notebook']);
    expect(r.pods[0]).toMatchObject({ phase: 'Pending' });
    expect(r.pods[0]!.message).toMatch(/^0\/2 nodes are available: 2 Insufficient cpu\./);
  });

  it('a pod in the file that a LimitRange refuses: a warning at its line, and a FailedCreate event', () => {
    const text = base([
      'apiVersion: v1', 'kind: LimitRange', 'metadata: {name: lr}', 'spec: {limits: [{type: Container, max: {cpu: "2"}}]}',
      '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: tool}', 'spec: {containers: [{name: c, image: i, resources: {limits: {cpu: "3"}}}]}',
    ].join('\n'));
    const loaded = loadExpandedScenario(text, 'test.yaml');
    if (!loaded.ok) throw new Error('load failed');
    const line = text.split('\n').findIndex((l) => l === 'kind: Pod');
    expect(loaded.scenario.warnings.map((w) => `${w.line}:${w.column}: ${w.message}`)).toEqual([`${line}:1: Pod default/tool: not created: pods "tool" is forbidden: maximum cpu usage per Container is 2, but limit is 3.`]);
  });
});

const base = (extra: string) => [
  'apiVersion: v1', 'kind: Node', 'metadata: {name: n1}', 'status: {allocatable: {cpu: "8", memory: 16Gi, pods: "110"}}',
  '---', extra,
].join('\n');

describe('quotas on the timeline and in the file', () => {
  it('a quota applied at run time refuses later pods; deleting it lets them in', () => {
    const r = run(base([
      'apiVersion: podplay/v1alpha1', 'kind: Scenario', 'metadata: {name: s}', 'spec:', '  timeline:',
      '    - {at: 10, action: apply, object: {apiVersion: v1, kind: ResourceQuota, metadata: {name: two}, spec: {hard: {pods: "2"}}}}',
      '    - {at: 20, action: apply, object: {apiVersion: v1, kind: Pod, metadata: {name: b}, spec: {containers: [{name: c, image: i}]}}}',
      '    - {at: 30, action: delete, kind: ResourceQuota, name: two}',
      '    - {at: 40, action: apply, object: {apiVersion: v1, kind: Pod, metadata: {name: c}, spec: {containers: [{name: c, image: i}]}}}',
      '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: a}', 'spec: {containers: [{name: c, image: i}]}',
      '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: a2}', 'spec: {containers: [{name: c, image: i}]}',
    ].join('\n')));
    expect(failedCreates(r)).toEqual(['20s pods "b" is forbidden: exceeded quota: two, requested: pods=1, used: pods=2, limited: pods=2']);
    expect(r.pods.map((p) => p.pod)).toEqual(['default/a', 'default/a2', 'default/c']);
  });

  it('a bound pod in a dump is counted, never refused', () => {
    const r = run(base([
      'apiVersion: v1', 'kind: ResourceQuota', 'metadata: {name: one}', 'spec: {hard: {pods: "1"}}',
      '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: running}', 'spec: {nodeName: n1, containers: [{name: c, image: i}]}',
      '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: running2}', 'spec: {nodeName: n1, containers: [{name: c, image: i}]}',
      '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: new}', 'spec: {containers: [{name: c, image: i}]}',
    ].join('\n')));
    expect(r.pods.map((p) => p.pod)).toEqual(['default/running', 'default/running2']);
    expect(quotaStatus(r, 'one')).toEqual({ hard: { pods: '1' }, used: { pods: '2' } });
  });

  it.each([
    { name: 'an unknown limit type', doc: 'spec: {limits: [{type: Node, max: {cpu: "1"}}]}', kind: 'LimitRange', want: /spec\.limits\[0\]\.type: Unsupported value: "Node"/ },
    { name: 'min above max', doc: 'spec: {limits: [{type: Container, min: {cpu: "2"}, max: {cpu: "1"}}]}', kind: 'LimitRange', want: /spec\.limits\[0\]\.min\.cpu: Invalid value: "2": min value 2 is greater than max value 1/ },
    { name: 'a default on a Pod item', doc: 'spec: {limits: [{type: Pod, default: {cpu: "1"}}]}', kind: 'LimitRange', want: /spec\.limits\[0\]\.default: Forbidden/ },
    { name: 'a quota on an unknown resource', doc: 'spec: {hard: {widgets: "1"}}', kind: 'ResourceQuota', want: /spec\.hard\.widgets: Invalid value: "widgets": must be a standard resource for quota/ },
    { name: 'an unknown scope', doc: 'spec: {hard: {pods: "1"}, scopes: [Sometimes]}', kind: 'ResourceQuota', want: /spec\.scopes\[0\]: Unsupported value: "Sometimes"/ },
    { name: 'a PriorityClass In without values', doc: 'spec: {hard: {pods: "1"}, scopeSelector: {matchExpressions: [{scopeName: PriorityClass, operator: In}]}}', kind: 'ResourceQuota', want: /spec\.scopeSelector\.matchExpressions\[0\]\.values: Required value/ },
  ])('refused at its line: $name', ({ doc, kind, want }) => {
    const outcome = simulate(base(['apiVersion: v1', `kind: ${kind}`, 'metadata: {name: x}', doc].join('\n')), { fileName: 'test.yaml' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors[0]!.line).toBe(9);
    expect(outcome.errors[0]!.message).toMatch(want);
  });
});

describe('limited-priority-class.yaml: limitedResources keeps a PriorityClass to namespaces with a matching quota', () => {
  const r = run(readScenario('limited-priority-class.yaml'));
  it('admits the pod where a quota matches its scope, and charges it there', () => {
    expect(r.pods.filter((p) => p.phase === 'Running').map((p) => p.pod).sort()).toEqual(['kube-system/agent', 'team-a/web']);
    expect(quotaStatus(r, 'pods-cluster-services')).toEqual({ hard: { pods: '10' }, used: { pods: '1' } });
  });
  it('refuses the same pod, and the Deployment\'s pods, in the namespace without one, with upstream\'s unwrapped message', () => {
    const scopes = 'insufficient quota to match these scopes: [{PriorityClass In [cluster-services]}]';
    expect(failedCreates(r)).toEqual([`0s Error creating: ${scopes}`, `5s ${scopes}`]);
    expect(r.events.find((e) => e.reason === 'FailedCreate' && e.time === 5)?.object).toBe('Pod/team-a/agent');
    expect(r.events.find((e) => e.reason === 'FailedCreate' && e.object.startsWith('ReplicaSet/'))?.object).toMatch(/^ReplicaSet\/team-a\/collector-/);
  });
});

describe('AdmissionConfiguration: mistakes at their line', () => {
  const admission = (plugin: string) => ['apiVersion: apiserver.config.k8s.io/v1', 'kind: AdmissionConfiguration', 'plugins:', plugin].join('\n');
  const rq = (config: string) => admission(`  - {name: ResourceQuota, configuration: ${config}}`);
  it.each([
    { name: 'a configuration in another file', doc: admission('  - {name: ResourceQuota, path: /etc/kubernetes/quota.yaml}'), want: /plugins\[0\]\.path: a scenario cannot read another file/ },
    { name: 'the wrong configuration kind', doc: rq('{apiVersion: apiserver.config.k8s.io/v1, kind: Configuration}'), want: /the ResourceQuota plugin reads apiserver\.config\.k8s\.io\/v1 ResourceQuotaConfiguration/ },
    { name: 'a limited resource without resource (upstream: ValidateConfiguration)', doc: rq('{apiVersion: apiserver.config.k8s.io/v1, kind: ResourceQuotaConfiguration, limitedResources: [{matchContains: [cpu]}]}'), want: /limitedResources\[0\]\.resource: Required value/ },
    { name: 'a scope In without values', doc: rq('{apiVersion: apiserver.config.k8s.io/v1, kind: ResourceQuotaConfiguration, limitedResources: [{resource: pods, matchScopes: [{scopeName: PriorityClass, operator: In}]}]}'), want: /matchScopes\[0\]\.values: Required value/ },
    { name: 'an unsupported version', doc: 'apiVersion: apiserver.config.k8s.io/v2\nkind: AdmissionConfiguration\nplugins: []', want: /no matches for kind "AdmissionConfiguration" in version "apiserver\.config\.k8s\.io\/v2"/ },
  ])('$name', ({ doc, want }) => {
    const outcome = simulate(doc, { fileName: 'test.yaml' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors.map((e) => e.message).join('\n')).toMatch(want);
  });
  it('the v1beta1 form configures the plugin too, and another plugin\'s configuration is a warning', () => {
    const doc = [
      admission('  - {name: EventRateLimit, configuration: {}}\n  - name: ResourceQuota\n    configuration: {apiVersion: resourcequota.admission.k8s.io/v1beta1, kind: Configuration, limitedResources: [{resource: pods, matchContains: [requests.cpu]}]}'),
      '---', 'apiVersion: v1', 'kind: Node', 'metadata: {name: n1}', 'status: {allocatable: {cpu: "4", memory: 4Gi, pods: "10"}}',
      '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: p}', 'spec: {containers: [{name: c, image: i, resources: {requests: {cpu: 100m}}}]}',
    ].join('\n');
    const outcome = simulate(doc, { fileName: 'test.yaml' });
    if (!outcome.ok) throw new Error(outcome.errors[0]!.message);
    expect(outcome.result.warnings.map((w) => w.message).join('\n')).toMatch(/configuration of admission plugin "EventRateLimit" is not simulated/);
    expect(failedCreates(outcome.result)).toEqual(['0s pods "p" is forbidden: insufficient quota to consume: requests.cpu']);
  });
});

describe('priority-class-quota.yaml (seed 003): pod overhead counts, high priority is kept out', () => {
  const r = run(readScenario('priority-class-quota.yaml'));
  it('refuses the pod whose overhead takes it over quota, and the high-priority pod in team-a only', () => {
    expect(failedCreates(r)).toEqual([
      '5s pods "sandboxed" is forbidden: exceeded quota: compute, requested: requests.cpu=1250m, used: requests.cpu=1, limited: requests.cpu=2',
      '5s pods "urgent" is forbidden: exceeded quota: pods-high, requested: pods=1, used: pods=0, limited: pods=0',
    ]);
    expect(r.pods.map((p) => `${p.pod} ${p.phase} ${p.priority}`).sort()).toEqual(['team-a/plain Running 0', 'team-b/urgent Running 1000000']);
  });
  it('the quotas show what was charged', () => {
    expect(quotaStatus(r, 'compute')).toEqual({ hard: { 'requests.cpu': '2', 'requests.memory': '2Gi' }, used: { 'requests.cpu': '1', 'requests.memory': '100Mi' } });
    expect(quotaStatus(r, 'pods-high')).toEqual({ hard: { pods: '0' }, used: { pods: '0' } });
  });
});

describe('claims at admission', () => {
  const claims = (...docs: string[]) => base([
    'apiVersion: storage.k8s.io/v1', 'kind: StorageClass', 'metadata: {name: gold, annotations: {storageclass.kubernetes.io/is-default-class: "true"}}', 'provisioner: example.com/csi', 'volumeBindingMode: WaitForFirstConsumer',
    '---', 'apiVersion: v1', 'kind: ResourceQuota', 'metadata: {name: storage}', 'spec: {hard: {requests.storage: 10Gi, gold.storageclass.storage.k8s.io/persistentvolumeclaims: "2"}}',
    '---', 'apiVersion: v1', 'kind: LimitRange', 'metadata: {name: claims}', 'spec: {limits: [{type: PersistentVolumeClaim, min: {storage: 1Gi}, max: {storage: 8Gi}}]}',
    ...docs.flatMap((d) => ['---', d]),
  ].join('\n'));
  const pvc = (name: string, storage: string) => `{apiVersion: v1, kind: PersistentVolumeClaim, metadata: {name: ${name}}, spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: ${storage}}}}}`;
  it('LimitRange bounds, quota on requests.storage and on claims of the default class (DefaultStorageClass runs first)', () => {
    const r = run(claims(pvc('small', '500Mi'), pvc('a', '6Gi'), pvc('b', '6Gi'), pvc('c', '2Gi'), pvc('d', '1Gi')));
    expect(failedCreates(r)).toEqual([
      '0s persistentvolumeclaims "small" is forbidden: minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 500Mi.',
      '0s persistentvolumeclaims "b" is forbidden: exceeded quota: storage, requested: requests.storage=6Gi, used: requests.storage=6Gi, limited: requests.storage=10Gi',
      '0s persistentvolumeclaims "d" is forbidden: exceeded quota: storage, requested: gold.storageclass.storage.k8s.io/persistentvolumeclaims=1, used: gold.storageclass.storage.k8s.io/persistentvolumeclaims=2, limited: gold.storageclass.storage.k8s.io/persistentvolumeclaims=2',
    ]);
    expect((r.objects?.persistentVolumeClaims ?? []).map((c) => c.metadata['name'])).toEqual(['a', 'c']);
    expect(quotaStatus(r, 'storage')).toEqual({ hard: { 'gold.storageclass.storage.k8s.io/persistentvolumeclaims': '2', 'requests.storage': '10Gi' }, used: { 'gold.storageclass.storage.k8s.io/persistentvolumeclaims': '2', 'requests.storage': '8Gi' } });
  });
});

describe('claims on the timeline', () => {
  it('an applied claim over quota is refused; deleting a claim releases its storage for the next one', () => {
    const claim = (name: string, storage: string) => `{apiVersion: v1, kind: PersistentVolumeClaim, metadata: {name: ${name}}, spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: ${storage}}}}}`;
    const r = run(base([
      'apiVersion: podplay/v1alpha1', 'kind: Scenario', 'metadata: {name: s}', 'spec:', '  timeline:',
      `    - {at: 1, action: apply, object: ${claim('a', '6Gi')}}`,
      `    - {at: 2, action: apply, object: ${claim('b', '6Gi')}}`,
      '    - {at: 3, action: delete, kind: PersistentVolumeClaim, name: a}',
      `    - {at: 4, action: apply, object: ${claim('c', '6Gi')}}`,
      '---', 'apiVersion: v1', 'kind: ResourceQuota', 'metadata: {name: storage}', 'spec: {hard: {requests.storage: 10Gi}}',
    ].join('\n')));
    expect(failedCreates(r)).toEqual(['2s persistentvolumeclaims "b" is forbidden: exceeded quota: storage, requested: requests.storage=6Gi, used: requests.storage=6Gi, limited: requests.storage=10Gi']);
    expect((r.objects?.persistentVolumeClaims ?? []).map((c) => c.metadata['name'])).toEqual(['c']);
    expect(quotaStatus(r, 'storage')).toEqual({ hard: { 'requests.storage': '10Gi' }, used: { 'requests.storage': '6Gi' } });
  });
});

describe('one loaded scenario run twice (what-if copies)', () => {
  it('a run on a copy leaves the loaded quota status as admission left it', async () => {
    const { copyScenario } = await import('./whatIf/edits');
    const { startLoadedSimulation } = await import('./index');
    const loaded = loadExpandedScenario(base([
      'apiVersion: podplay/v1alpha1', 'kind: Scenario', 'metadata: {name: s}', 'spec:', '  timeline:', '    - {at: 10, action: delete, kind: Pod, name: a}',
      '---', 'apiVersion: v1', 'kind: ResourceQuota', 'metadata: {name: two}', 'spec: {hard: {pods: "2"}}',
      '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: a}', 'spec: {containers: [{name: c, image: i}]}',
      '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: b}', 'spec: {containers: [{name: c, image: i}]}',
    ].join('\n')), 'q.yaml');
    if (!loaded.ok) throw new Error('load failed');
    const usedAtLoad = () => loaded.scenario.policies.map((p) => (p.kind === 'ResourceQuota' ? p.status.used : undefined));
    expect(usedAtLoad()).toEqual([{ pods: '2' }]);
    const started = startLoadedSimulation(copyScenario(loaded.scenario));
    if (!started.ok) throw new Error('start failed');
    for (const _ of started.simulation.run()) { /* to the end */ }
    expect(started.simulation.result().objects?.resourceQuotas?.[0]?.['status']).toEqual({ hard: { pods: '2' }, used: { pods: '1' } });
    expect(usedAtLoad()).toEqual([{ pods: '2' }]);
  });
});
