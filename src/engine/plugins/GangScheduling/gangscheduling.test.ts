// Cases from upstream gangscheduling/gangscheduling_test.go (v1.35, WorkloadRef revision).
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { newPodInfo } from '../../framework/podInfo';
import { makeGangWorkload, makeNode, makePod } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import { GangScheduling } from './index';

const workloads = [makeGangWorkload('w1', [{ name: 'pg1', minCount: 3 }, { name: 'basic' }])];
const gangPod = (name: string, node?: string) => {
  const p = makePod().name(name).uid(name).workloadRef('w1', 'pg1');
  if (node) p.node(node);
  return p.obj();
};

describe('GangScheduling PreEnqueue', () => {
  it.each([
    { name: 'pod without workloadRef passes', pod: makePod().name('p').obj(), others: [], want: 'Success', reason: undefined },
    { name: 'workload missing', pod: makePod().name('p').workloadRef('nope', 'pg1').obj(), others: [], want: 'UnschedulableAndUnresolvable', reason: 'waiting for pods\'s workload "nope" to appear in scheduling queue' },
    { name: 'pod group missing', pod: makePod().name('p').workloadRef('w1', 'pgX').obj(), others: [], want: 'UnschedulableAndUnresolvable', reason: 'pod group "pgX" doesn\'t exist for a workload "w1"' },
    { name: 'basic policy passes', pod: makePod().name('p').workloadRef('w1', 'basic').obj(), others: [], want: 'Success', reason: undefined },
    { name: 'gang pod fails PreEnqueue when quorum is not met', pod: gangPod('p1'), others: [gangPod('p2')], want: 'UnschedulableAndUnresolvable', reason: 'waiting for minCount pods from a gang to appear in scheduling queue' },
    { name: 'gang pod passes PreEnqueue when quorum is met', pod: gangPod('p1'), others: [gangPod('p2'), gangPod('p3')], want: 'Success', reason: undefined },
  ])('$name', ({ pod, others, want, reason }) => {
    const env = newTestEnv({ nodes: [makeNode().name('n').obj()], pods: [pod, ...others], gangWorkloads: workloads });
    const s = GangScheduling.factory(undefined, env.handle).preEnqueue!(newPodInfo(pod));
    expect(s.code).toBe(want);
    if (reason) expect(s.reasons).toEqual([reason]);
  });
});

describe('GangScheduling Reserve and Permit', () => {
  it('waits at Permit until minCount pods are assumed or bound, activating the rest', () => {
    const pods = [gangPod('p1'), gangPod('p2'), gangPod('p3')];
    const env = newTestEnv({ nodes: [makeNode().name('n').obj()], pods, gangWorkloads: workloads, now: 10 });
    const activated: string[][] = [];
    const waiting = env.handle.waitingPods();
    waiting.activate = (keys) => { activated.push(keys); };
    const plugin = GangScheduling.factory(undefined, env.handle);
    const state = new CycleState();
    plugin.reserve!(state, newPodInfo(pods[0]!), 'n');
    const r = plugin.permit!(state, newPodInfo(pods[0]!), 'n');
    expect(r.status.code).toBe('Wait');
    expect(r.status.reasons).toEqual(['waiting for minCount pods from a gang to be waiting on permit']);
    expect(r.timeout).toBe(300);
    expect(activated).toEqual([['default/p2', 'default/p3']]);
  });

  it('final gang pod arrives at Permit and allows all waiting pods from a gang', () => {
    const pods = [gangPod('p1'), gangPod('p2'), gangPod('p3')];
    const env = newTestEnv({ nodes: [makeNode().name('n').obj()], pods, gangWorkloads: workloads });
    const allowed: string[] = [];
    const waiting = env.handle.waitingPods();
    waiting.get = (key) => ({ pod: newPodInfo(pods[0]!), nodeName: 'n', allow: () => { allowed.push(key); }, reject: () => {} });
    const plugin = GangScheduling.factory(undefined, env.handle);
    const state = new CycleState();
    for (const p of pods) plugin.reserve!(state, newPodInfo(p), 'n');
    const r = plugin.permit!(state, newPodInfo(pods[2]!), 'n');
    expect(r.status.code).toBe('Success');
    expect(allowed.sort()).toEqual(['default/p1', 'default/p2', 'default/p3']);
  });

  it('counts bound gang pods toward the quorum; Unreserve forgets an assumed pod', () => {
    const pods = [gangPod('p1', 'n'), gangPod('p2', 'n'), gangPod('p3')];
    const env = newTestEnv({ nodes: [makeNode().name('n').obj()], pods, gangWorkloads: workloads });
    const plugin = GangScheduling.factory(undefined, env.handle);
    const state = new CycleState();
    plugin.reserve!(state, newPodInfo(pods[2]!), 'n');
    expect(plugin.permit!(state, newPodInfo(pods[2]!), 'n').status.code).toBe('Success');
    plugin.unreserve!(state, newPodInfo(pods[2]!), 'n');
    const lone = [gangPod('q1'), gangPod('q2'), gangPod('q3')];
    const env2 = newTestEnv({ nodes: [makeNode().name('n').obj()], pods: lone, gangWorkloads: workloads });
    const plugin2 = GangScheduling.factory(undefined, env2.handle);
    plugin2.reserve!(state, newPodInfo(lone[0]!), 'n');
    plugin2.unreserve!(state, newPodInfo(lone[0]!), 'n');
    plugin2.reserve!(state, newPodInfo(lone[1]!), 'n');
    expect(plugin2.permit!(state, newPodInfo(lone[1]!), 'n').status.code).toBe('Wait');
  });
});
