// The ResourceQuota admission plugin through admitPod: rows from upstream
// plugin/pkg/admission/resourcequota/admission_test.go, named after its tests.
import { describe, expect, it } from 'vitest';
import type { Namespace, Pod, PriorityClass, ResourceList } from '../types';
import { PolicyStore, type LimitedResource, type LimitRange, type ResourceQuota, type ScopedResourceSelectorRequirement } from '../policy';
import type { PersistentVolumeClaim } from '../storage';
import { admitClaimPolicies } from './claimPolicies';
import { builtinPriorityClasses } from '../load';
import { NameGenerator } from '../names';
import { admitPod, type AdmissionContext } from './index';

const ns = (name: string): Namespace => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
function quota(name: string, hard: ResourceList, used: ResourceList = {}, spec: Partial<ResourceQuota['spec']> = {}): ResourceQuota {
  return { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name, namespace: 'test' }, spec: { hard, ...spec }, status: { hard, used } };
}
function ctx(...policies: (ResourceQuota | LimitRange)[]): AdmissionContext {
  return {
    nodes: new Map(), namespaces: new Map([ns('test'), ns('other')].map((n) => [n.metadata.name, n])),
    priorityClasses: new Map(builtinPriorityClasses().map((c) => [c.metadata.name, c])), runtimeClasses: new Map(),
    names: new NameGenerator(), now: 0, policies: new PolicyStore(policies),
  };
}
/** upstream: validPod(name, numContainers, resources) */
function validPod(name: string, n: number, requests: ResourceList = {}, limits: ResourceList = {}, namespace = 'test'): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace },
    spec: { containers: Array.from({ length: n }, (_, i) => ({ name: `foo-${i}`, image: `foo:V${i}`, resources: { requests: { ...requests }, limits: { ...limits } } })) },
    status: {},
  };
}
const usedOf = (q: ResourceQuota) => q.status.used;

describe('ResourceQuota admission (upstream admission_test.go)', () => {
  it('TestAdmitBelowQuotaLimit: admitted and charged', () => {
    const q = quota('quota', { cpu: '3', memory: '100Gi', pods: '5' }, { cpu: '1', memory: '50Gi', pods: '3' });
    const r = admitPod(validPod('allowed-pod', 1, { cpu: '100m', memory: '2Gi' }), ctx(q));
    expect(r.ok).toBe(true);
    expect(usedOf(q)).toEqual({ cpu: '1100m', memory: '52Gi', pods: '4' });
  });

  it('TestAdmitExceedQuotaLimit: refused with the numbers of what is exceeded', () => {
    const q = quota('quota', { cpu: '3', memory: '100Gi', pods: '5' }, { cpu: '1', memory: '50Gi', pods: '3' });
    const r = admitPod(validPod('not-allowed-pod', 1, { cpu: '3', memory: '2Gi' }), ctx(q));
    expect(r).toMatchObject({ ok: false, message: 'pods "not-allowed-pod" is forbidden: exceeded quota: quota, requested: cpu=3, used: cpu=1, limited: cpu=3' });
    expect(usedOf(q)).toEqual({ cpu: '1', memory: '50Gi', pods: '3' });
  });

  it('TestAdmitEnforceQuotaConstraints: a quota on limits needs every container to set them', () => {
    const q = quota('quota', { cpu: '3', memory: '100Gi', 'limits.memory': '200Gi', pods: '5' }, { cpu: '1', memory: '50Gi', 'limits.memory': '100Gi', pods: '3' });
    const r = admitPod(validPod('not-allowed-pod', 1, { cpu: '100m', memory: '2Gi' }, { memory: '' }), ctx(q));
    expect(r.ok).toBe(false);
    const r2 = admitPod(validPod('not-allowed-pod', 1, { cpu: '100m', memory: '2Gi' }), ctx(q));
    expect(r2).toMatchObject({ ok: false, message: 'pods "not-allowed-pod" is forbidden: failed quota: quota: must specify limits.memory for: foo-0' });
  });

  it('TestAdmitPodInNamespaceWithoutQuota: a quota elsewhere does not apply', () => {
    const q = { ...quota('quota', { cpu: '1' }, { cpu: '1' }), metadata: { name: 'quota', namespace: 'other' } };
    expect(admitPod(validPod('allowed-pod', 1, { cpu: '2' }), ctx(q)).ok).toBe(true);
  });

  it('TestAdmitWhenUnrelatedResourceExceedsQuota: only what the pod uses is checked', () => {
    const q = quota('quota', { services: '3', pods: '4' }, { services: '4', pods: '1' });
    expect(admitPod(validPod('allowed-pod', 1, { cpu: '100m' }), ctx(q)).ok).toBe(true);
    expect(usedOf(q)).toEqual({ pods: '2', services: '4' });
  });

  it('TestAdmitBelowTerminatingQuotaLimit: a pod with a deadline is charged to the Terminating quota only', () => {
    const notTerminating = quota('quota-not-terminating', { cpu: '3', memory: '100Gi', pods: '5' }, { cpu: '1', memory: '50Gi', pods: '3' }, { scopes: ['NotTerminating'] });
    const terminating = quota('quota-terminating', { cpu: '3', memory: '100Gi', pods: '4' }, { cpu: '1', memory: '50Gi', pods: '3' }, { scopes: ['Terminating'] });
    const pod = validPod('allowed-pod', 1, { cpu: '100m', memory: '2Gi' });
    pod.spec.activeDeadlineSeconds = 60;
    expect(admitPod(pod, ctx(notTerminating, terminating)).ok).toBe(true);
    expect(usedOf(terminating)).toEqual({ cpu: '1100m', memory: '52Gi', pods: '4' });
    expect(usedOf(notTerminating)).toEqual({ cpu: '1', memory: '50Gi', pods: '3' });
  });

  it('TestAdmitBelowBestEffortQuotaLimit: a BestEffort pod is charged to the BestEffort quota only', () => {
    const bestEffort = quota('quota-besteffort', { pods: '5' }, { pods: '3' }, { scopes: ['BestEffort'] });
    const notBestEffort = quota('quota-not-besteffort', { pods: '5' }, { pods: '3' }, { scopes: ['NotBestEffort'] });
    expect(admitPod(validPod('allowed-pod', 1), ctx(bestEffort, notBestEffort)).ok).toBe(true);
    expect(usedOf(bestEffort)).toEqual({ pods: '4' });
    expect(usedOf(notBestEffort)).toEqual({ pods: '3' });
  });

  it('TestAdmitBestEffortQuotaLimitIgnoresBurstable: a Burstable pod leaves a BestEffort quota alone', () => {
    const bestEffort = quota('quota-besteffort', { pods: '5' }, { pods: '5' }, { scopes: ['BestEffort'] });
    expect(admitPod(validPod('allowed-pod', 1, { cpu: '1' }), ctx(bestEffort)).ok).toBe(true);
    expect(usedOf(bestEffort)).toEqual({ pods: '5' });
  });

  it('seed 003: a PriorityClass quota keeps pods out of a high priority class (scopeSelector In)', () => {
    const high = quota('pods-high', { pods: '0' }, { pods: '0' }, { scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['system-cluster-critical'] }] } });
    const c = ctx(high);
    const pod = validPod('critical', 1, { cpu: '100m' });
    pod.spec.priorityClassName = 'system-cluster-critical';
    expect(admitPod(pod, c)).toMatchObject({ ok: false, message: 'pods "critical" is forbidden: exceeded quota: pods-high, requested: pods=1, used: pods=0, limited: pods=0' });
    expect(admitPod(validPod('ordinary', 1, { cpu: '100m' }), c).ok).toBe(true);
  });

  it('seed 003: pod overhead (RuntimeClass) is charged to the quota', () => {
    const q = quota('compute', { 'requests.cpu': '1' }, { 'requests.cpu': '0' });
    const pod = validPod('kata', 1, { cpu: '500m' });
    pod.spec.runtimeClassName = 'kata';
    const c = ctx(q);
    c.runtimeClasses = new Map([['kata', { apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'kata' }, handler: 'kata', overhead: { podFixed: { cpu: '250m' } } }]]);
    expect(admitPod(pod, c).ok).toBe(true);
    expect(usedOf(q)).toEqual({ 'requests.cpu': '750m' });
  });

  it('a refused pod keeps its generated name free, and the message names it as the validating phase does', () => {
    const q = quota('quota', { pods: '0' }, { pods: '0' });
    const c = ctx(q);
    const pod = validPod('', 1);
    pod.metadata.generateName = 'web-';
    const r = admitPod(pod, c);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^pods "web-[a-z0-9]{5}" is forbidden: exceeded quota: quota, requested: pods=1, used: pods=0, limited: pods=0$/);
  });

  it('LimitRanger runs first: defaults count towards the quota', () => {
    const lr: LimitRange = { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'defaults', namespace: 'test' }, spec: { limits: [{ type: 'Container', default: { cpu: '1' }, defaultRequest: { cpu: '600m' } }] } };
    const q = quota('compute', { 'requests.cpu': '1', 'limits.cpu': '2' }, { 'requests.cpu': '0', 'limits.cpu': '0' });
    const c = ctx(lr, q);
    expect(admitPod(validPod('a', 1), c).ok).toBe(true);
    expect(usedOf(q)).toEqual({ 'limits.cpu': '1', 'requests.cpu': '600m' });
    expect(admitPod(validPod('b', 1), c)).toMatchObject({ ok: false, message: 'pods "b" is forbidden: exceeded quota: compute, requested: requests.cpu=600m, used: requests.cpu=600m, limited: requests.cpu=1' });
  });
});

// The plugin's configuration (limitedResources): rows from upstream admission_test.go,
// TestAdmitLimitedResource* and TestAdmitLimitedScopeWithCoverQuota's table, named after them.
describe('ResourceQuota admission with limitedResources (upstream admission_test.go)', () => {
  const classes = ['fake-priority', 'cluster-services', 'another-priorityclass-name'];
  function limitedCtx(limited: LimitedResource[], ...quotas: ResourceQuota[]): AdmissionContext {
    const c = ctx();
    c.policies = new PolicyStore(quotas, limited);
    c.priorityClasses = new Map([...c.priorityClasses, ...classes.map((name): [string, PriorityClass] => [name, { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value: 1000 }])]);
    return c;
  }
  /** upstream: validPodWithPriority */
  const podWithPriority = (name: string, requests: ResourceList, priorityClassName: string): Pod => {
    const p = validPod(name, 1, requests);
    p.spec.priorityClassName = priorityClassName;
    return p;
  };
  const pc = (operator: 'Exists' | 'In', values?: string[]): ScopedResourceSelectorRequirement => ({ scopeName: 'PriorityClass', operator, ...(values ? { values } : {}) });
  const bestEffort: ScopedResourceSelectorRequirement = { scopeName: 'BestEffort', operator: 'Exists' };
  const scoped = (name: string, matchExpressions: ScopedResourceSelectorRequirement[], hard: ResourceList = {}, used: ResourceList = {}) =>
    quota(name, hard, used, { scopeSelector: { matchExpressions } });
  const bestEffortQuota = () => quota('quota-besteffort', { pods: '5' }, { pods: '3' }, { scopes: ['BestEffort'] });
  const twoScopes: LimitedResource[] = [{ resource: 'pods', matchScopes: [bestEffort] }, { resource: 'pods', matchScopes: [pc('In', ['cluster-services'])] }];
  const burstable = { cpu: '100m', memory: '1Gi' };
  const big = { cpu: '3', memory: '2Gi' };

  it.each([
    { name: 'TestAdmitLimitedResourceNoQuota', limited: [{ resource: 'pods', matchContains: ['cpu'] }], quotas: [], pod: validPod('not-allowed-pod', 1, big), want: 'pods "not-allowed-pod" is forbidden: insufficient quota to consume: cpu,requests.cpu' },
    { name: 'TestAdmitLimitedResourceNoQuotaIgnoresNonMatchingResources', limited: [{ resource: 'services', matchContains: ['services'] }], quotas: [], pod: validPod('allowed-pod', 1, big), want: '' },
    { name: 'TestAdmitLimitedResourceWithQuota', limited: [{ resource: 'pods', matchContains: ['requests.cpu'] }], quotas: [quota('quota', { 'requests.cpu': '10' }, { 'requests.cpu': '1' })], pod: validPod('allowed-pod', 1, big), want: '' },
    { name: 'TestAdmitLimitedResourceWithMultipleQuota', limited: [{ resource: 'pods', matchContains: ['requests.cpu'] }], quotas: [quota('quota1', { 'requests.cpu': '10' }, { 'requests.cpu': '1' }), quota('quota2', { memory: '10Gi' }, { memory: '1Gi' })], pod: validPod('allowed-pod', 1, big), want: '' },
    { name: 'TestAdmitLimitedResourceWithQuotaThatDoesNotCover', limited: [{ resource: 'pods', matchContains: ['cpu'] }], quotas: [quota('quota', { memory: '10Gi' }, { memory: '1Gi' })], pod: validPod('not-allowed-pod', 1, big), want: 'pods "not-allowed-pod" is forbidden: insufficient quota to consume: cpu,requests.cpu' },
    { name: 'Covering quota exists for configured limited scope PriorityClassNameExists.', limited: [{ resource: 'pods', matchScopes: [pc('Exists')] }], quotas: [scoped('quota', [pc('Exists')])], pod: podWithPriority('allowed-pod', big, 'fake-priority'), want: '' },
    { name: 'configured limited scope PriorityClassNameExists and limited cpu resource. No covering quota for cpu and pod admit fails.', limited: [{ resource: 'pods', matchScopes: [pc('Exists')], matchContains: ['requests.cpu'] }], quotas: [scoped('quota', [pc('Exists')])], pod: podWithPriority('not-allowed-pod', big, 'fake-priority'), want: 'pods "not-allowed-pod" is forbidden: insufficient quota to consume: requests.cpu' },
    { name: 'Covering quota does not exist for configured limited scope PriorityClassNameExists.', limited: [{ resource: 'pods', matchScopes: [pc('Exists')] }], quotas: [], pod: podWithPriority('not-allowed-pod', big, 'fake-priority'), want: 'insufficient quota to match these scopes: [{PriorityClass Exists []}]' },
    { name: 'Covering quota does not exist for configured limited scope resourceQuotaBestEffort', limited: [{ resource: 'pods', matchScopes: [bestEffort] }], quotas: [], pod: podWithPriority('not-allowed-pod', {}, 'fake-priority'), want: 'insufficient quota to match these scopes: [{BestEffort Exists []}]' },
    { name: 'Covering quota exist for configured limited scope resourceQuotaBestEffort', limited: [{ resource: 'pods', matchScopes: [bestEffort] }], quotas: [bestEffortQuota()], pod: podWithPriority('allowed-pod', {}, 'fake-priority'), want: '' },
    { name: 'Two scopes,BestEffort and PriorityClassIN, in two LimitedResources. Neither matches pod. Pod allowed', limited: twoScopes, quotas: [], pod: podWithPriority('allowed-pod', burstable, 'fake-priority'), want: '' },
    { name: 'Two scopes … Only BestEffort scope matches pod. Pod admit fails because covering quota is missing for BestEffort scope', limited: twoScopes, quotas: [], pod: podWithPriority('allowed-pod', {}, 'fake-priority'), want: 'insufficient quota to match these scopes: [{BestEffort Exists []}]' },
    { name: 'Two scopes … Only PriorityClass scope matches pod. Pod admit fails because covering quota is missing for PriorityClass scope', limited: twoScopes, quotas: [], pod: podWithPriority('allowed-pod', burstable, 'cluster-services'), want: 'insufficient quota to match these scopes: [{PriorityClass In [cluster-services]}]' },
    { name: 'Two scopes … Both the scopes matches pod. Pod admit fails because covering quota is missing for PriorityClass scope and BestEffort scope', limited: twoScopes, quotas: [], pod: podWithPriority('allowed-pod', {}, 'cluster-services'), want: 'insufficient quota to match these scopes: [{BestEffort Exists []} {PriorityClass In [cluster-services]}]' },
    { name: 'Two scopes … Quota available only for BestEffort scope. Pod admit fails because covering quota is missing for PriorityClass scope', limited: twoScopes, quotas: [bestEffortQuota()], pod: podWithPriority('allowed-pod', {}, 'cluster-services'), want: 'insufficient quota to match these scopes: [{PriorityClass In [cluster-services]}]' },
    { name: 'Two scopes … Quota available only for PriorityClass scope. Pod admit fails because covering quota is missing for BestEffort scope', limited: twoScopes, quotas: [scoped('quota', [pc('In', ['cluster-services'])])], pod: podWithPriority('allowed-pod', {}, 'cluster-services'), want: 'insufficient quota to match these scopes: [{BestEffort Exists []}]' },
    { name: 'Two scopes … Quota available only for both the scopes. Pod admit success. No Error', limited: twoScopes, quotas: [bestEffortQuota(), scoped('quota', [pc('In', ['cluster-services'])])], pod: podWithPriority('allowed-pod', {}, 'cluster-services'), want: '' },
    { name: 'Pod allowed with priorityclass if limited scope PriorityClassNameExists not configured.', limited: [], quotas: [], pod: podWithPriority('allowed-pod', big, 'fake-priority'), want: '' },
    { name: 'quota fails, though covering quota for configured limited scope PriorityClassNameExists exists.', limited: [{ resource: 'pods', matchScopes: [pc('Exists')] }], quotas: [scoped('quota', [pc('Exists')], { memory: '10Gi' }, { memory: '1Gi' })], pod: podWithPriority('not-allowed-pod', { cpu: '3', memory: '20Gi' }, 'fake-priority'), want: 'pods "not-allowed-pod" is forbidden: exceeded quota: quota, requested: memory=20Gi, used: memory=1Gi, limited: memory=10Gi' },
    { name: 'Pod has different priorityclass than configured limited. Covering quota exists for configured limited scope PriorityClassIn.', limited: [{ resource: 'pods', matchScopes: [pc('In', ['cluster-services'])] }], quotas: [scoped('quota', [pc('In', ['cluster-services'])])], pod: podWithPriority('allowed-pod', big, 'fake-priority'), want: '' },
    { name: 'Pod has limited priorityclass. Covering quota exists for configured limited scope PriorityClassIn.', limited: [{ resource: 'pods', matchScopes: [pc('In', ['another-priorityclass-name', 'cluster-services'])] }], quotas: [scoped('quota', [pc('In', ['cluster-services'])])], pod: podWithPriority('allowed-pod', big, 'cluster-services'), want: '' },
    { name: 'Pod has limited priorityclass. Covering quota  does not exist for configured limited scope PriorityClassIn.', limited: [{ resource: 'pods', matchScopes: [pc('In', ['another-priorityclass-name', 'cluster-services'])] }], quotas: [scoped('quota', [pc('In', ['another-priorityclass-name'])])], pod: podWithPriority('not-allowed-pod', big, 'cluster-services'), want: 'insufficient quota to match these scopes: [{PriorityClass In [another-priorityclass-name cluster-services]}]' },
    { name: 'From the above test case, just changing pod priority from cluster-services to another-priorityclass-name. expecting no error', limited: [{ resource: 'pods', matchScopes: [pc('In', ['another-priorityclass-name', 'cluster-services'])] }], quotas: [scoped('quota', [pc('In', ['another-priorityclass-name'])])], pod: podWithPriority('allowed-pod', big, 'another-priorityclass-name'), want: '' },
    { name: 'Pod has limited priorityclass. Covering quota does NOT exists for configured limited scope PriorityClassIn.', limited: [{ resource: 'pods', matchScopes: [pc('In', ['another-priorityclass-name', 'cluster-services'])] }], quotas: [], pod: podWithPriority('not-allowed-pod', big, 'cluster-services'), want: 'insufficient quota to match these scopes: [{PriorityClass In [another-priorityclass-name cluster-services]}]' },
    { name: 'Pod has limited priorityclass. Covering quota exists for configured limited scope PriorityClassIn through PriorityClassNameExists', limited: [{ resource: 'pods', matchScopes: [pc('In', ['another-priorityclass-name', 'cluster-services'])] }], quotas: [scoped('quota', [pc('Exists')])], pod: podWithPriority('allowed-pod', big, 'cluster-services'), want: '' },
    // upstream's getMatchedLimitedScopes reads the scopes of every LimitedResource, whatever its resource
    { name: 'a limited scope listed under another resource still applies to pods', limited: [{ resource: 'persistentvolumeclaims', matchScopes: [pc('Exists')] }], quotas: [], pod: podWithPriority('not-allowed-pod', big, 'fake-priority'), want: 'insufficient quota to match these scopes: [{PriorityClass Exists []}]' },
  ] as { name: string; limited: LimitedResource[]; quotas: ResourceQuota[]; pod: Pod; want: string }[])('$name', ({ limited, quotas, pod, want }) => {
    const r = admitPod(pod, limitedCtx(limited, ...quotas));
    if (want === '') expect(r).toMatchObject({ ok: true });
    else expect(r).toMatchObject({ ok: false, message: want });
  });

  it('a claim of a limited storage class needs a quota on it (the v1beta1 docs example)', () => {
    const limited: LimitedResource[] = [{ resource: 'persistentvolumeclaims', matchContains: ['.storageclass.storage.k8s.io/requests.storage'] }];
    const pvc = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'test' }, spec: { storageClassName: 'gold', resources: { requests: { storage: '1Gi' } } }, status: {} } as PersistentVolumeClaim;
    expect(admitClaimPolicies(pvc, new PolicyStore([], limited))).toBe('persistentvolumeclaims "data" is forbidden: insufficient quota to consume: gold.storageclass.storage.k8s.io/requests.storage');
    const gold = quota('gold', { 'gold.storageclass.storage.k8s.io/requests.storage': '10Gi' }, { 'gold.storageclass.storage.k8s.io/requests.storage': '0' });
    expect(admitClaimPolicies(pvc, new PolicyStore([gold], limited))).toBeUndefined();
    expect(gold.status.used).toEqual({ 'gold.storageclass.storage.k8s.io/requests.storage': '1Gi' });
  });
});
