// upstream schedule_one_podgroup_test.go's TestFrameworkForPodGroup and TestSkipPodGroupPodSchedule
// end to end (the pure rows are in scheduler/podGroupCycle.test.ts).
// A PodGroup whose pods name different schedulers. upstream:
// pkg/scheduler/schedule_one_podgroup.go — frameworkForPodGroup (v1.36: the pods popped for the
// cycle) and validatePodGroup (v1.37: their scheduled pods too, PR #140356; the PodGroup's
// SchedulerError condition, handlePodGroupFailureBeforeScheduling): the group fails before any
// member is tried, each member with a SchedulerError back in the backoff queue.
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { simulate } from './index';
import type { KubernetesVersion } from './versions';

const MIXED = 'all pods in a single pod group should have the same .spec.schedulerName set, got: "batch" and "default-scheduler"';

type TestPod = { name: string; scheduler?: string; node?: string; deleting?: boolean };

function scenario(version: KubernetesVersion, pods: TestPod[], gang?: number): string {
  const api = version === '1.36' ? 'v1alpha2' : 'v1beta1';
  return [
    `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: mixed}
spec: {featureGates: {GenericWorkload: true${version === '1.36' ? ', GangScheduling: true' : ''}}}`,
    `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
- schedulerName: batch`,
    ...['n1', 'n2'].map((n) => `apiVersion: v1
kind: Node
metadata: {name: ${n}}
status: {allocatable: {cpu: "1", memory: 8Gi, pods: "110"}}`),
    `apiVersion: scheduling.k8s.io/${api}
kind: PodGroup
metadata: {name: pg}
spec: {schedulingPolicy: {${gang ? `gang: {minCount: ${gang}}` : 'basic: {}'}}}`,
    ...pods.map((p) => `apiVersion: v1
kind: Pod
metadata: {name: ${p.name}${p.deleting ? ', deletionTimestamp: "2026-01-01T00:00:00Z", finalizers: [example.com/keep]' : ''}}
spec:
  schedulingGroup: {podGroupName: pg}${p.scheduler ? `\n  schedulerName: ${p.scheduler}` : ''}${p.node ? `\n  nodeName: ${p.node}` : ''}
  containers: [{name: c, image: i, resources: {requests: {cpu: "1"}}}]`),
  ].join('\n---\n');
}

function run(version: KubernetesVersion, pods: TestPod[], gang?: number): SimulationResult {
  const outcome = simulate(scenario(version, pods, gang), { fileName: 'mixed.yaml', kubernetesVersion: version, until: 30 });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}

describe('a PodGroup whose pods name different schedulers', () => {
  it.each(['1.36', '1.37'] as const)('at %s: refused before any member is tried, each member a SchedulerError retried with backoff', (version) => {
    const r = run(version, [{ name: 'p1' }, { name: 'p2', scheduler: 'batch' }]);
    for (const p of r.pods) expect(p).toMatchObject({ phase: 'Pending', reason: 'SchedulerError', message: MIXED });
    const first = r.cycles.filter((c) => c.time === 0);
    expect(first.map((c) => [c.pod, c.profile, c.result, c.message, c.nodesEvaluated.length])).toEqual([
      ['default/p1', 'default-scheduler', 'Error', MIXED, 0],
      ['default/p2', 'batch', 'Error', MIXED, 0],
    ]);
    expect(first[0]!.podGroup).toMatchObject({ name: 'default/pg', members: ['default/p1', 'default/p2'], placed: 0, result: 'Error', message: MIXED });
    // the PodGroup's condition: left alone at 1.36, SchedulerError from 1.37
    expect(first[0]!.podGroup?.condition).toEqual(version === '1.36' ? undefined : { type: 'PodGroupInitiallyScheduled', status: 'False', reason: 'SchedulerError', message: MIXED });
    // an Error goes to the backoff queue (1 s, then 2 s, 4 s …), not to the unschedulable pool
    expect([...new Set(r.cycles.map((c) => c.time))].slice(0, 4)).toEqual([0, 1, 3, 7]);
    expect(r.events.filter((e) => e.reason === 'Scheduled')).toEqual([]);
  });

  it('its retries are unchanged retries: the run stops at the limit, not at the horizon, each retry keeping its own group cycle', () => {
    const outcome = simulate(scenario('1.37', [{ name: 'p1' }, { name: 'p2', scheduler: 'batch' }]), { fileName: 'mixed.yaml', kubernetesVersion: '1.37' });
    if (!outcome.ok) throw new Error('not loaded');
    const r = outcome.result;
    expect(r.stopped).toMatch(/pod "default\/p1" was retried 1,000 times in a row with the same result/);
    expect(r.cycles.length).toBeLessThan(2_100);
    // a shared retry still names the group cycle it was in
    const last = r.cycles.filter((c) => c.pod === 'default/p2').at(-1)!;
    expect(last.podGroup?.firstCycle).toBe(last.cycle - 1);
    expect(last.podGroup?.members).toEqual(['default/p1', 'default/p2']);
  });

  it('the pods of one scheduler are scheduled together at both versions', () => {
    for (const version of ['1.36', '1.37'] as const) {
      const r = run(version, [{ name: 'p1', scheduler: 'batch' }, { name: 'p2', scheduler: 'batch' }]);
      expect(r.pods.map((p) => [p.pod, p.phase])).toEqual([['default/p1', 'Running'], ['default/p2', 'Running']]);
    }
  });

  it('a scheduled member naming another scheduler refuses the group from 1.37 only (PR #140356)', () => {
    const pods = [{ name: 'p1', node: 'n1' }, { name: 'p2', scheduler: 'batch' }];
    const v136 = run('1.36', pods);
    expect(v136.pods.find((p) => p.pod === 'default/p2')).toMatchObject({ phase: 'Running', node: 'n2' });
    const v137 = run('1.37', pods);
    expect(v137.pods.find((p) => p.pod === 'default/p2')).toMatchObject({
      phase: 'Pending', reason: 'SchedulerError',
      message: 'all pods in a single pod group should have the same .spec.schedulerName set, got: "default-scheduler" and "batch"',
    });
  });
});

describe('TestSkipPodGroupPodSchedule: a member being deleted is not scheduled with its group', () => {
  const rows = (['1.36', '1.37'] as const).flatMap((version) => [0, 1].map((deleting) => ({ version, deleting })));
  it.each(rows)('at $version, member $deleting terminating: dropped, the other two bind as a gang of 2', ({ version, deleting }) => {
    const names = ['p1', 'p2', 'p3'];
    const r = run(version, names.map((name, i) => ({ name, deleting: i === deleting })), 2);
    const kept = names.filter((_, i) => i !== deleting).map((n) => `default/${n}`);
    const first = r.cycles.filter((c) => c.time === 0);
    expect(first.map((c) => c.pod)).toEqual(kept);
    expect(first[0]!.podGroup).toMatchObject({ members: kept, placed: 2, result: 'Scheduled' });
    expect(r.events.filter((e) => e.reason === 'FailedScheduling').map((e) => e.message)).toEqual([`skip schedule deleting pod: default/${names[deleting]}`]);
    expect(r.pods.filter((p) => p.phase === 'Running').map((p) => p.pod)).toEqual(kept);
  });
});
