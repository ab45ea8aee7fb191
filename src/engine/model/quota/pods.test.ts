// The pod evaluator: rows from upstream pkg/quota/v1/evaluator/core/pods_test.go
// (TestPodEvaluatorUsage, TestPodConstraintsFunc, TestPodEvaluatorMatchingScopes), named as there.
import { describe, expect, it } from 'vitest';
import type { Container, Pod, ResourceList } from '../types';
import type { ResourceQuota, ScopedResourceSelectorRequirement } from '../policy';
import { podConstraints, podMatchesScope, podUsage, quotaMatchesPod } from './pods';
import { toResourceList } from './resourceList';

function pod(spec: Partial<Pod['spec']> = {}, status: Pod['status'] = {}): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'test' }, spec: { containers: [], ...spec }, status };
}
const ctr = (requests?: ResourceList, limits?: ResourceList, extra: Partial<Container> = {}): Container =>
  ({ name: 'c', resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) }, ...extra });

describe('pod usage (upstream TestPodEvaluatorUsage)', () => {
  it.each([
    { name: 'init container CPU', p: pod({ initContainers: [ctr({ cpu: '1m' }, { cpu: '2m' })] }),
      usage: { 'requests.cpu': '1m', 'limits.cpu': '2m', pods: '1', cpu: '1m', 'count/pods': '1' } },
    { name: 'init container MEM', p: pod({ initContainers: [ctr({ memory: '1m' }, { memory: '2m' })] }),
      usage: { 'requests.memory': '1m', 'limits.memory': '2m', pods: '1', memory: '1m', 'count/pods': '1' } },
    { name: 'init container local ephemeral storage', p: pod({ initContainers: [ctr({ 'ephemeral-storage': '32Mi' }, { 'ephemeral-storage': '64Mi' })] }),
      usage: { 'ephemeral-storage': '32Mi', 'requests.ephemeral-storage': '32Mi', 'limits.ephemeral-storage': '64Mi', pods: '1', 'count/pods': '1' } },
    { name: 'init container hugepages', p: pod({ initContainers: [ctr({ 'hugepages-2Mi': '100Mi' })] }),
      usage: { 'hugepages-2Mi': '100Mi', 'requests.hugepages-2Mi': '100Mi', pods: '1', 'count/pods': '1' } },
    { name: 'init container extended resources', p: pod({ initContainers: [ctr({ 'example.com/dongle': '3' }, { 'example.com/dongle': '3' })] }),
      usage: { 'requests.example.com/dongle': '3', pods: '1', 'count/pods': '1' } },
    { name: 'container CPU', p: pod({ containers: [ctr({ cpu: '1m' }, { cpu: '2m' })] }),
      usage: { 'requests.cpu': '1m', 'limits.cpu': '2m', pods: '1', cpu: '1m', 'count/pods': '1' } },
    { name: 'container hugepages', p: pod({ containers: [ctr({ 'hugepages-2Mi': '100Mi' })] }),
      usage: { 'hugepages-2Mi': '100Mi', 'requests.hugepages-2Mi': '100Mi', pods: '1', 'count/pods': '1' } },
    { name: 'container extended resources', p: pod({ containers: [ctr({ 'example.com/dongle': '3' }, { 'example.com/dongle': '3' })] }),
      usage: { 'requests.example.com/dongle': '3', pods: '1', 'count/pods': '1' } },
    { name: 'terminated generic count still appears', p: pod({ containers: [ctr({ 'example.com/dongle': '3' }, { 'example.com/dongle': '3' })] }, { phase: 'Succeeded' }),
      usage: { 'count/pods': '1' } },
    { name: 'init container maximums override sum of containers',
      p: pod({
        initContainers: [ctr({ cpu: '4', memory: '100M', 'example.com/dongle': '4' }, { cpu: '8', memory: '200M', 'example.com/dongle': '4' }), ctr({ cpu: '1', memory: '50M', 'example.com/dongle': '2' }, { cpu: '2', memory: '100M', 'example.com/dongle': '2' })],
        containers: [ctr({ cpu: '1', memory: '50M', 'example.com/dongle': '1' }, { cpu: '2', memory: '100M', 'example.com/dongle': '1' }), ctr({ cpu: '2', memory: '25M', 'example.com/dongle': '2' }, { cpu: '5', memory: '50M', 'example.com/dongle': '2' })],
      }),
      usage: { 'requests.cpu': '4', 'requests.memory': '100M', 'requests.example.com/dongle': '4', 'limits.cpu': '8', 'limits.memory': '200M', pods: '1', cpu: '4', memory: '100M', 'count/pods': '1' } },
    { name: 'pod deletion timestamp exceeded', p: { ...pod({ containers: [ctr({ cpu: '1' }, { cpu: '2' })], terminationGracePeriodSeconds: 30 }), metadata: { name: 'p', namespace: 'test', deletionTimestamp: 40 } },
      usage: { 'count/pods': '1' } },
    { name: 'pod deletion timestamp not exceeded', p: { ...pod({ containers: [ctr({ cpu: '1' }, { cpu: '2' })], terminationGracePeriodSeconds: 30 }), metadata: { name: 'p', namespace: 'test', deletionTimestamp: 100 } },
      usage: { 'requests.cpu': '1', 'limits.cpu': '2', pods: '1', cpu: '1', 'count/pods': '1' } },
    { name: 'count pod overhead as usage', p: pod({ overhead: { cpu: '1' }, containers: [ctr({ cpu: '1' }, { cpu: '2' })] }),
      usage: { 'requests.cpu': '2', 'limits.cpu': '3', pods: '1', cpu: '2', 'count/pods': '1' } },
    { name: 'sidecar container (restartable init containers run alongside)', p: pod({ initContainers: [ctr({ cpu: '1' }, { cpu: '1' }, { restartPolicy: 'Always' })], containers: [ctr({ cpu: '1' }, { cpu: '1' })] }),
      usage: { 'requests.cpu': '2', 'limits.cpu': '2', pods: '1', cpu: '2', 'count/pods': '1' } },
  ])('$name', ({ p, usage }) => {
    // the clock is at 100s: a deletion at 40s with 30s of grace has run out
    expect(toResourceList(podUsage(p, 100))).toEqual(Object.fromEntries(Object.entries(usage).sort(([a], [b]) => (a < b ? -1 : 1))));
  });
});

describe('pod constraints (upstream TestPodConstraintsFunc)', () => {
  it.each([
    { name: 'init container resource missing', p: pod({ initContainers: [{ ...ctr({ cpu: '1m' }, { cpu: '2m' }), name: 'dummy' }] }), required: ['memory'], err: 'must specify memory for: dummy' },
    { name: 'multiple init container resource missing', p: pod({ initContainers: [{ ...ctr({ cpu: '1m' }, { cpu: '2m' }), name: 'foo' }, { ...ctr({ cpu: '1m' }, { cpu: '2m' }), name: 'bar' }] }), required: ['memory'], err: 'must specify memory for: bar,foo' },
    { name: 'container resource missing', p: pod({ containers: [{ ...ctr({ cpu: '1m' }, { cpu: '2m' }), name: 'dummy' }] }), required: ['memory'], err: 'must specify memory for: dummy' },
    { name: 'container resource missing multiple', p: pod({ containers: [{ name: 'foo' }, { name: 'bar' }] }), required: ['memory', 'cpu'], err: 'must specify cpu for: bar,foo; memory for: bar,foo' },
    { name: 'not a validated resource (extended resources are not required)', p: pod({ containers: [{ name: 'foo' }] }), required: ['requests.example.com/dongle'], err: undefined },
  ])('$name', ({ p, required, err }) => {
    expect(podConstraints(required, p)).toBe(err);
  });
});

describe('pod scopes (upstream TestPodEvaluatorMatchingScopes)', () => {
  const sel = (scopeName: ScopedResourceSelectorRequirement['scopeName'], operator: ScopedResourceSelectorRequirement['operator'] = 'Exists', values?: string[]): ScopedResourceSelectorRequirement =>
    ({ scopeName, operator, ...(values ? { values } : {}) });
  const bestEffort = pod({ containers: [{ name: 'c' }] });
  const burstable = pod({ containers: [ctr({ cpu: '1' })] });
  const deadline = pod({ containers: [{ name: 'c' }], activeDeadlineSeconds: 60 });
  const classed = pod({ containers: [{ name: 'c' }], priorityClassName: 'class1' });
  const crossNs = pod({ containers: [{ name: 'c' }], affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'zone', namespaces: ['other'] }] } } });
  it.each([
    { name: 'EmptyPod: NotTerminating, BestEffort', p: bestEffort, s: sel('NotTerminating'), want: true },
    { name: 'EmptyPod: not Terminating', p: bestEffort, s: sel('Terminating'), want: false },
    { name: 'PodWithActiveDeadline: Terminating', p: deadline, s: sel('Terminating'), want: true },
    { name: 'BestEffort pod: BestEffort', p: bestEffort, s: sel('BestEffort'), want: true },
    { name: 'Burstable pod: NotBestEffort', p: burstable, s: sel('NotBestEffort'), want: true },
    { name: 'Burstable pod: not BestEffort', p: burstable, s: sel('BestEffort'), want: false },
    { name: 'PodWithPriorityClass: PriorityClass In [class1]', p: classed, s: sel('PriorityClass', 'In', ['class1']), want: true },
    { name: 'PodWithPriorityClass: PriorityClass In [class2]', p: classed, s: sel('PriorityClass', 'In', ['class2']), want: false },
    { name: 'PodWithPriorityClass: PriorityClass NotIn [class2]', p: classed, s: sel('PriorityClass', 'NotIn', ['class2']), want: true },
    { name: 'PodWithPriorityClass: PriorityClass Exists', p: classed, s: sel('PriorityClass'), want: true },
    { name: 'EmptyPod: PriorityClass DoesNotExist', p: bestEffort, s: sel('PriorityClass', 'DoesNotExist'), want: true },
    { name: 'EmptyPod: PriorityClass NotIn [class1] (no class matches NotIn)', p: bestEffort, s: sel('PriorityClass', 'NotIn', ['class1']), want: true },
    { name: 'PodWithCrossNamespaceAffinity: CrossNamespacePodAffinity', p: crossNs, s: sel('CrossNamespacePodAffinity'), want: true },
    { name: 'EmptyPod: not CrossNamespacePodAffinity', p: bestEffort, s: sel('CrossNamespacePodAffinity'), want: false },
  ])('$name', ({ p, s, want }) => {
    expect(podMatchesScope(s, p)).toBe(want);
  });

  it.each([
    { name: 'a quota on nothing pods use does not match', hard: { services: '3' } as ResourceList, want: false },
    { name: 'a quota on pods matches', hard: { pods: '3' } as ResourceList, want: true },
    { name: 'a quota on requests.<extended> matches', hard: { 'requests.example.com/dongle': '3' } as ResourceList, want: true },
    { name: 'a quota on <extended> without requests. does not', hard: { 'example.com/dongle': '3' } as ResourceList, want: false },
  ])('generic.Matches: $name', ({ hard, want }) => {
    const q: ResourceQuota = { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q', namespace: 'test' }, spec: { hard }, status: {} };
    expect(quotaMatchesPod(q, burstable)).toBe(want);
  });
});
