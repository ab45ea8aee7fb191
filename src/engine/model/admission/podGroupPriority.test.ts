// upstream: plugin/pkg/admission/priority/admission_test.go TestAdmitPodGroup (its v1.36 line,
// scheduling/v1alpha2; the rows with the gate on). The gate-off row ("feature gate disabled, skips
// validation") and the update row are the callers' (load.ts, timeline/apply.ts and the controller
// manager run it only on create, only with WorkloadAwarePreemption): simulate rows below.
import { describe, expect, it } from 'vitest';
import { simulate } from '../../index';
import type { PodGroup, PriorityClass } from '../types';
import type { KubernetesVersion } from '../../versions';
import { admitPodGroupPriority, podGroupPriority } from './podGroupPriority';

const pc = (name: string, value: number, globalDefault = false): PriorityClass => ({
  apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value, ...(globalDefault ? { globalDefault } : {}),
});
const defaultClass1 = pc('default1', 1000, true);
const nondefaultClass1 = pc('nondefault1', 2000);
const classes = (...cs: PriorityClass[]) => new Map(cs.map((c) => [c.metadata.name, c]));

function podGroup(priorityClassName: string, priority?: number): PodGroup {
  return {
    apiVersion: 'scheduling.k8s.io/v1alpha2', kind: 'PodGroup', metadata: { name: 'test-podgroup', namespace: 'default' },
    spec: { schedulingPolicy: { basic: {} }, ...(priorityClassName ? { priorityClassName } : {}), ...(priority !== undefined ? { priority } : {}) },
  };
}

describe('TestAdmitPodGroup', () => {
  const rows: { name: string; classes: PriorityClass[]; pg: PodGroup; className?: string; priority?: number; error?: string }[] = [
    { name: 'pod group with empty priorityClassName, accepted and set to global default', classes: [defaultClass1, nondefaultClass1], pg: podGroup(''), className: 'default1', priority: 1000 },
    { name: 'pod group with explicit priorityClassName, accepted', classes: [defaultClass1, nondefaultClass1], pg: podGroup('nondefault1'), className: 'nondefault1', priority: 2000 },
    {
      name: 'pod group with non-existent priorityClassName, rejected', classes: [defaultClass1, nondefaultClass1], pg: podGroup('non-existent'),
      error: 'podgroups.scheduling.k8s.io "test-podgroup" is forbidden: no PriorityClass with name non-existent was found',
    },
    { name: 'pod group with no priorityClassName and no global default, accepted and priority should be zero', classes: [nondefaultClass1], pg: podGroup(''), priority: 0 },
    { name: 'pod group create with pre-set Priority matching computed value, accepted', classes: [defaultClass1, nondefaultClass1], pg: podGroup('nondefault1', 2000), className: 'nondefault1', priority: 2000 },
    {
      name: 'pod group create with pre-set Priority not matching computed value, rejected', classes: [defaultClass1, nondefaultClass1], pg: podGroup('nondefault1', 9999),
      error: 'podgroups.scheduling.k8s.io "test-podgroup" is forbidden: the integer value of priority (9999) must not be provided in pod group spec; priority admission controller computed 2000 from the given PriorityClass name',
    },
  ];
  it.each(rows)('$name', ({ classes: cs, pg, className, priority, error }) => {
    const admitted = admitPodGroupPriority(pg, classes(...cs));
    if (error) {
      expect(admitted).toEqual({ refused: error });
      return;
    }
    expect(admitted).toEqual({});
    expect(pg.spec.priorityClassName).toBe(className);
    expect(pg.spec.priority).toBe(priority);
  });

  it('util.PodGroupPriority: a PodGroup without spec.priority is at 0, not at its pods\' priority', () => {
    expect(podGroupPriority(podGroup('nondefault1'))).toBe(0);
    expect(podGroupPriority(podGroup('', 7))).toBe(7);
  });
});

// The PodGroup's resolved priority against its pods' at v1.37 (validatePodGroup, PR #139920), and
// the admission on create, end to end.
function scenario(version: KubernetesVersion, o: { groupClass?: string; podClass?: string; gate?: boolean; timeline?: boolean }): string {
  const api = version === '1.36' ? 'v1alpha2' : 'v1beta1';
  const gates = o.gate === false ? 'GenericWorkload: true, GangScheduling: true' : version === '1.36' ? 'GenericWorkload: true, GangScheduling: true, WorkloadAwarePreemption: true' : 'GenericWorkload: true';
  const group = `apiVersion: scheduling.k8s.io/${api}
kind: PodGroup
metadata: {name: pg}
spec: {schedulingPolicy: {gang: {minCount: 2}}${o.groupClass ? `, priorityClassName: ${o.groupClass}` : ''}}`;
  const indent = (s: string, n: number) => s.split('\n').map((l) => ' '.repeat(n) + l).join('\n').trimStart();
  return [
    `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: pg-priority}
spec:
  featureGates: {${gates}}${o.timeline ? `\n  timeline:\n  - at: 5\n    action: apply\n    object:\n      ${indent(group, 6)}` : ''}`,
    `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000`,
    `apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}`,
    ...(o.timeline ? [] : [group]),
    ...['p1', 'p2'].map((name) => `apiVersion: v1
kind: Pod
metadata: {name: ${name}}
spec:
  schedulingGroup: {podGroupName: pg}${o.podClass ? `\n  priorityClassName: ${o.podClass}` : ''}
  containers: [{name: c, image: i, resources: {requests: {cpu: "1"}}}]`),
  ].join('\n---\n');
}

function run(version: KubernetesVersion, o: Parameters<typeof scenario>[1]) {
  const outcome = simulate(scenario(version, o), { fileName: 'pg-priority.yaml', kubernetesVersion: version, until: 30 });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome;
}

const MISMATCH = "all pods in a single pod group should have the same priority as the pod group's priority, got 1000 and 0";

describe("a PodGroup's priority against its pods' (validatePodGroup, v1.37 PR #139920)", () => {
  it('at 1.37 pods of class high in a PodGroup without one are refused before any member is tried', () => {
    const r = run('1.37', { podClass: 'high' }).result;
    for (const p of r.pods) expect(p).toMatchObject({ phase: 'Pending', reason: 'SchedulerError', message: MISMATCH });
    const first = r.cycles.filter((c) => c.time === 0);
    expect(first.map((c) => [c.pod, c.result, c.nodesEvaluated.length])).toEqual([['default/p1', 'Error', 0], ['default/p2', 'Error', 0]]);
    expect(first[0]!.podGroup?.condition).toEqual({ type: 'PodGroupInitiallyScheduled', status: 'False', reason: 'SchedulerError', message: MISMATCH });
  });

  it('at 1.37 the PodGroup of the same class (priority resolved by admission) schedules', () => {
    const r = run('1.37', { podClass: 'high', groupClass: 'high' }).result;
    expect(r.pods.map((p) => [p.pod, p.phase])).toEqual([['default/p1', 'Running'], ['default/p2', 'Running']]);
  });

  it('at 1.36 the priorities are not compared: the gang schedules', () => {
    const r = run('1.36', { podClass: 'high' }).result;
    expect(r.pods.map((p) => [p.pod, p.phase])).toEqual([['default/p1', 'Running'], ['default/p2', 'Running']]);
  });
});

describe('the Priority admission plugin on a PodGroup create', () => {
  const NOT_FOUND = 'podgroups.scheduling.k8s.io "pg" is forbidden: no PriorityClass with name missing was found';

  it.each(['1.36', '1.37'] as const)('at %s a declared PodGroup naming a missing class is not created', (version) => {
    const outcome = run(version, { groupClass: 'missing' });
    expect(outcome.result.warnings.map((w) => w.message)).toContain(`PodGroup default/pg: not created: ${NOT_FOUND}`);
    expect(outcome.result.events.filter((e) => e.reason === 'FailedCreate').map((e) => [e.object, e.message])).toEqual([['PodGroup/default/pg', NOT_FOUND]]);
    // its pods wait for it at PreEnqueue
    for (const p of outcome.result.pods) expect(p.phase).toBe('Pending');
  });

  it('a PodGroup applied on the timeline naming a missing class: FailedCreate at its time', () => {
    const r = run('1.37', { groupClass: 'missing', timeline: true }).result;
    expect(r.events.filter((e) => e.reason === 'FailedCreate').map((e) => [e.time, e.object, e.message])).toEqual([[5, 'PodGroup/default/pg', NOT_FOUND]]);
  });

  it('at 1.36 without WorkloadAwarePreemption the class is dropped with the field, nothing is checked', () => {
    const outcome = run('1.36', { groupClass: 'missing', gate: false });
    expect(outcome.result.events.filter((e) => e.reason === 'FailedCreate')).toEqual([]);
    expect(outcome.result.pods.map((p) => p.phase)).toEqual(['Running', 'Running']);
  });
});
