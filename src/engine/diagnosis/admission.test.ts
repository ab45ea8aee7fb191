// What admission refused or defaulted, read back from a run: FailedCreate events parsed into
// their quota numbers, and the LimitRange defaults that made a pod too big; with their fixes.
import { describe, expect, it } from 'vitest';
import type { ClusterEvent, PodOutcome } from '../api';
import { admissionRefusals, defaultsThatDoNotFit, parseRefusal, refusalsFor } from './admission';
import { lowerDefaultFix, raiseQuotaFix } from '../whatIf/policyFixes';
import type { Diagnosis } from './diagnose';

const ev = (time: number, reason: string, object: string, message: string): ClusterEvent => ({ time, type: reason === 'FailedCreate' ? 'Warning' : 'Normal', reason, object, message });
const overQuota = 'Error creating: pods "web-abc-x1y2z" is forbidden: exceeded quota: compute, requested: pods=1,requests.cpu=500m, used: pods=4,requests.cpu=2, limited: pods=4,requests.cpu=2';

describe('parseRefusal', () => {
  it.each([
    { name: 'exceeded quota', message: overQuota, want: { plugin: 'ResourceQuota', quota: 'compute', pod: 'web-abc-x1y2z', numbers: { requested: { pods: '1', 'requests.cpu': '500m' }, used: { pods: '4', 'requests.cpu': '2' }, limited: { pods: '4', 'requests.cpu': '2' } } } },
    { name: 'failed quota (must specify)', message: 'Error creating: pods "web-abc-q" is forbidden: failed quota: compute: must specify limits.cpu for: app', want: { plugin: 'ResourceQuota', quota: 'compute', pod: 'web-abc-q' } },
    { name: 'LimitRange maximum', message: 'pods "tool" is forbidden: maximum cpu usage per Container is 2, but limit is 3.', want: { plugin: 'LimitRanger', pod: 'tool' } },
    { name: 'LimitRange, several violations', message: 'pods "tool" is forbidden: [minimum cpu usage per Container is 50m, but request is 10m., minimum memory usage per Container is 50Mi, but request is 1Mi.]', want: { plugin: 'LimitRanger', pod: 'tool' } },
    { name: 'limitedResources: a resource no quota limits', message: 'Error creating: pods "web-abc-q" is forbidden: insufficient quota to consume: cpu,requests.cpu', want: { plugin: 'ResourceQuota', pod: 'web-abc-q', uncovered: { resources: ['cpu', 'requests.cpu'] } } },
    { name: 'limitedResources: a scope no quota has (upstream: unwrapped, no pod name)', message: 'Error creating: insufficient quota to match these scopes: [{PriorityClass In [cluster-services]}]', want: { plugin: 'ResourceQuota', pod: '', reason: 'insufficient quota to match these scopes: [{PriorityClass In [cluster-services]}]', uncovered: { scopes: '[{PriorityClass In [cluster-services]}]' } } },
    { name: 'another plugin', message: 'pods "p" is forbidden: no PriorityClass with name high was found', want: { plugin: 'other', pod: 'p' } },
  ])('$name', ({ message, want }) => {
    expect(parseRefusal(ev(0, 'FailedCreate', 'ReplicaSet/shop/web-abc', message))).toMatchObject(want);
  });
});

describe('admissionRefusals', () => {
  it('keeps the latest refusal of each creator, and drops one that created a pod afterwards', () => {
    const events = [
      ev(0, 'FailedCreate', 'ReplicaSet/shop/web-abc', overQuota),
      ev(0, 'FailedCreate', 'ReplicaSet/shop/api-def', overQuota),
      ev(60, 'SuccessfulCreate', 'ReplicaSet/shop/api-def', 'Created pod: api-def-11111'),
      ev(90, 'FailedCreate', 'ReplicaSet/shop/web-abc', overQuota),
    ];
    const refusals = admissionRefusals({ events });
    expect(refusals.map((r) => [r.object, r.time, r.count])).toEqual([['ReplicaSet/shop/web-abc', 90, 2]]);
    expect(refusalsFor(refusals, 'web').map((r) => r.object)).toEqual(['ReplicaSet/shop/web-abc']);
    expect(refusalsFor(refusals, 'Deployment/web').map((r) => r.object)).toEqual(['ReplicaSet/shop/web-abc']);
    expect(refusalsFor(refusals, 'api')).toEqual([]);
  });
});

describe('policy fixes', () => {
  it('raise the quota: hard to used + requested for each exceeded resource', () => {
    const r = admissionRefusals({ events: [ev(0, 'FailedCreate', 'ReplicaSet/shop/web-abc', overQuota)] })[0]!;
    expect(raiseQuotaFix(r)).toEqual({ kind: 'raiseQuota', quota: 'shop/compute', hard: [{ resource: 'pods', from: '4', to: '5' }, { resource: 'requests.cpu', from: '2', to: '2500m' }] });
  });

  it('LimitRange defaults that no node can take: only the defaulted resources the nodes lack', () => {
    const pod = { pod: 'dev/notebook', phase: 'Pending', priority: 0, schedulerName: 'default-scheduler', requests: { cpu: 2000 }, scheduling: { limitRanger: 'LimitRanger plugin set: cpu, memory request for container notebook; cpu, memory limit for container notebook' } } as PodOutcome;
    const d = { groups: [{ plugin: 'NodeResourcesFit', reason: 'Insufficient cpu', code: 'Unschedulable', nodes: ['a', 'b'] }] } as unknown as Diagnosis;
    expect(defaultsThatDoNotFit(pod, d)).toEqual(['cpu']);
    expect(defaultsThatDoNotFit({ ...pod, scheduling: {} }, d)).toEqual([]);
    const nodes = [
      { name: 'a', labels: {}, allocatable: { cpu: 1500 }, requested: { cpu: 500 }, taints: [], unschedulable: false },
      { name: 'b', labels: {}, allocatable: { cpu: 1500 }, requested: { cpu: 0 }, taints: [], unschedulable: false },
    ];
    expect(lowerDefaultFix(['cpu'], nodes)).toEqual({ kind: 'lowerLimitRangeDefault', resources: [{ resource: 'cpu', mostFree: '1500m' }] });
  });
});

describe('defaultsThatDoNotFit without a diagnosis', () => {
  it('reads the Insufficient reasons of the last FailedScheduling message', () => {
    const pod = {
      pod: 'dev/notebook', phase: 'Pending', priority: 0, schedulerName: 'default-scheduler',
      message: '0/2 nodes are available: 1 Insufficient memory, 2 Insufficient cpu. preemption: …',
      scheduling: { limitRanger: 'LimitRanger plugin set: cpu request for container notebook' },
    } as PodOutcome;
    expect(defaultsThatDoNotFit(pod)).toEqual(['cpu']);
    expect(defaultsThatDoNotFit({ ...pod, message: '0/2 nodes are available: 2 node(s) had untolerated taint(s).' })).toEqual([]);
  });
});
