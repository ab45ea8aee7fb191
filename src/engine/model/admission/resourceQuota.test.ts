// The ResourceQuota admission plugin through admitPod: rows from upstream
// plugin/pkg/admission/resourcequota/admission_test.go, named after its tests.
import { describe, expect, it } from 'vitest';
import type { Namespace, Pod, ResourceList } from '../types';
import { PolicyStore, type LimitRange, type ResourceQuota } from '../policy';
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
