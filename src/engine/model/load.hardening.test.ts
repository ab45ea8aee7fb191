// Hostile or careless input gets a clear, positioned error instead of an internal one.
import { describe, expect, it } from 'vitest';
import { simulate } from '../index';
import { loadScenario } from './load';

const messagesOf = (text: string): string[] => {
  const r = loadScenario(text, 's.yaml');
  return r.ok ? [] : r.errors.map((e) => `${e.line}: ${e.message}`);
};

describe('loader hardening', () => {
  it.each([
    { name: '.nan', at: '.nan', message: 'expected a number, got .nan (NaN is not allowed)' },
    { name: '.inf', at: '.inf', message: 'expected a number, got .inf (infinity is not allowed)' },
  ])('a timeline `at: $name` says why it is refused', ({ at, message }) => {
    const text = `apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: s}\nspec:\n  timeline:\n  - {at: ${at}, action: cordon, node: n1}\n---\n{apiVersion: v1, kind: Node, metadata: {name: n1}}\n`;
    expect(messagesOf(text)).toEqual([`6: Scenario s: spec.timeline[0].at: ${message}`]);
  });

  it('errors inside an anchored template point at each use of the alias', () => {
    const text = `apiVersion: v1
kind: List
items:
- &pod {apiVersion: v1, kind: Pod, metadata: {name: a}, spec: {containers: [{name: c, image: x, resources: {requests: {cpu: lots}}}]}}
- {<<: *pod, metadata: {name: b}}
- {<<: *pod, metadata: {name: c}}
`;
    expect(messagesOf(text).map((m) => m.replace(/:.*/, ''))).toEqual(['4', '5', '6']);
  });
});

describe('scheduler names and selector terms', () => {
  it('a pod for a scheduler no profile is named after: a warning at the field; the pod stays Pending', () => {
    const text = `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
- schedulerName: batch
---
{apiVersion: v1, kind: Node, metadata: {name: n1}, status: {allocatable: {cpu: '4', memory: 8Gi, pods: '110'}}}
---
{apiVersion: v1, kind: Pod, metadata: {name: typo}, spec: {schedulerName: bacth, containers: [{name: c, image: x}]}}
---
{apiVersion: v1, kind: Pod, metadata: {name: ok}, spec: {schedulerName: batch, containers: [{name: c, image: x}]}}
`;
    const r = simulate(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.result.warnings.map((w) => `${w.line}:${w.column}: ${w.message}`)).toEqual([
      '9:75: Pod default/typo: spec.schedulerName: no scheduler profile is named "bacth" (profiles: "default-scheduler", "batch"): the pod stays Pending, waiting for a scheduler that is not simulated',
    ]);
    expect(r.result.pods.map((p) => [p.pod, p.phase])).toEqual([['default/typo', 'Pending'], ['default/ok', 'Running']]);
  });

  it('more than 1,000 node selector terms: refused at the list', () => {
    const termList = (n: number) => Array.from({ length: n }, (_, i) => `{matchExpressions: [{key: k, operator: In, values: [v${i}]}]}`).join(', ');
    const pod = (terms: string) => `apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: c, image: x}]
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms: [${terms}]
`;
    expect(messagesOf(pod(termList(10_000)))).toEqual([
      "9: Pod default/p: spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms: 10,000 terms; Podplay's limit is 1,000 terms in one selector",
    ]);
    expect(messagesOf(pod(termList(1000)))).toEqual([]);
  });

  // issue 23: 5,001 terms with 500 pods took 25–30 s (each term matched against each node per pod)
  it('more than 1,000 allowedTopologies terms of a StorageClass: refused at the list', () => {
    const terms = (n: number) => Array.from({ length: n }, (_, i) => `{matchLabelExpressions: [{key: topology.kubernetes.io/zone, values: [z${i}]}]}`).join(', ');
    const storageClass = (list: string) => `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: fast}
provisioner: ebs.csi.aws.com
volumeBindingMode: WaitForFirstConsumer
allowedTopologies: [${list}]
`;
    expect(messagesOf(storageClass(terms(5001)))).toEqual([
      "6: StorageClass fast: allowedTopologies: 5,001 terms; Podplay's limit is 1,000 terms in one selector",
    ]);
    expect(messagesOf(storageClass(terms(1000)))).toEqual([]);
  });
});

describe('plugin args of the wrong type', () => {
  const scenario = (args: string, plugin = 'NodeResourcesFit') => `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- pluginConfig:
  - name: ${plugin}
    args: ${args}
---
{apiVersion: v1, kind: Node, metadata: {name: n1}, status: {allocatable: {cpu: '4', memory: 8Gi, pods: '110', example.com/gpu: '1'}}}
---
{apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {containers: [{name: c, image: x, resources: {requests: {cpu: 1, example.com/gpu: 1}, limits: {example.com/gpu: 1}}}]}}
`;
  it.each([
    { name: 'a number as a resource name', args: '{scoringStrategy: {type: LeastAllocated, resources: [{name: 2147483647, weight: 1}]}}', error: 'args.scoringStrategy.resources[0].name: json: cannot unmarshal number into Go struct field ResourceSpec.name of type string' },
    { name: 'a string as the resources', args: '{scoringStrategy: {type: MostAllocated, resources: abc}}', error: 'args.scoringStrategy.resources: json: cannot unmarshal string into Go struct field resources of type []v1.ResourceSpec' },
    { name: 'a string as a weight', args: '{scoringStrategy: {type: LeastAllocated, resources: [{name: cpu, weight: x}]}}', error: 'args.scoringStrategy.resources[0].weight: json: cannot unmarshal string into Go struct field ResourceSpec.weight of type int64' },
    { name: 'BalancedAllocation: a number as a resource name', args: '{resources: [{name: 5, weight: 1}]}', plugin: 'NodeResourcesBalancedAllocation', error: 'args.resources[0].name: json: cannot unmarshal number into Go struct field ResourceSpec.name of type string' },
  ])('$name', ({ args, plugin, error }) => {
    const r = simulate(scenario(args, plugin));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.map((e) => e.message)).toEqual([`KubeSchedulerConfiguration: profiles[0].pluginConfig[0].${error}`]);
  });

  it('a null resource name is Go\'s empty string, not a crash', () => {
    const r = simulate(scenario('{scoringStrategy: {type: LeastAllocated, resources: [{name: null, weight: 1}, {name: cpu, weight: 1}]}}'));
    expect(r.ok && r.result.pods.map((p) => p.node)).toEqual(['n1']);
  });
});
