// A Job's spec.suspend, as upstream's Job controller handles it (pkg/controller/job/job_controller.go
// syncJob, manageJob): a suspended Job creates no pods, suspending deletes its active pods, resuming
// creates them; the Suspended condition (True JobSuspended / False JobResumed) and the Suspended /
// Resumed events come when the condition's status changes. With WorkloadWithJob (1.37), a Job
// created suspended gets its Workload and PodGroup in its first sync, before any condition
// (job_scheduling_manager.go isNewJob), and its pods name the PodGroup once resumed.
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { loadExpandedScenario, simulate } from './index';

// spec.scheduling (1.37, WorkloadWithJob): a gang of the Job's parallelism
let gangJob = false;
const JOB = (suspend: boolean) => [
  'apiVersion: batch/v1', 'kind: Job', 'metadata: {name: train}', 'spec:', '  parallelism: 2', '  completions: 2', '  completionMode: Indexed', `  suspend: ${suspend}`,
  ...(gangJob ? ['  scheduling: {schedulingPolicy: {gang: {}}}'] : []),
  '  template:', '    spec:', '      restartPolicy: Never', '      terminationGracePeriodSeconds: 0', '      containers: [{name: c, image: i, resources: {requests: {cpu: "1"}}}]',
].join('\n');
const indent = (text: string, by: string) => text.split('\n').map((l) => by + l).join('\n');
const applyAt = (at: number, suspend: boolean) => `  - at: ${at}\n    action: apply\n    object:\n${indent(JOB(suspend), '      ')}`;

function scenario(opts: { created: boolean; applies: [number, boolean][]; gates?: string; version?: string }): string {
  const timeline = opts.applies.length ? `  timeline:\n${opts.applies.map(([at, s]) => applyAt(at, s)).join('\n')}\n` : '';
  return [
    `apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: t}\nspec:\n  kubernetesVersion: "${opts.version ?? '1.37'}"\n${opts.gates ? `  featureGates: {${opts.gates}}\n` : ''}${timeline}`,
    'apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}',
    JOB(opts.created),
  ].join('\n---\n');
}

function run(yaml: string): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml', until: 200 });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}
const jobEvents = (r: SimulationResult) => r.events.filter((e) => e.object === 'Job/default/train' && e.reason !== 'SuccessfulCreate').map((e) => [e.time, e.reason, e.message]);
const trainPods = (r: SimulationResult) => r.pods.filter((p) => p.pod.startsWith('default/train-'));

describe('Job spec.suspend', () => {
  it('created suspended: no pods; resumed at 30: its pods are created and bind', () => {
    const r = run(scenario({ created: true, applies: [[30, false]] }));
    expect(jobEvents(r)).toEqual([[0, 'Suspended', 'Job suspended'], [30, 'Resumed', 'Job resumed']]);
    const pods = trainPods(r);
    expect(pods).toHaveLength(2);
    expect(pods.every((p) => p.phase === 'Running' && p.node === 'n1')).toBe(true);
    expect(r.cycles.every((c) => c.time >= 30)).toBe(true);
  });

  it('suspended at 30: its running pods are deleted and none replace them; resumed at 60: created again', () => {
    const r = run(scenario({ created: false, applies: [[30, true], [60, false]] }));
    expect(jobEvents(r)).toEqual([[30, 'Suspended', 'Job suspended'], [60, 'Resumed', 'Job resumed']]);
    const pods = trainPods(r);
    const deleted = pods.filter((p) => p.deletedAt !== undefined);
    expect(deleted.map((p) => [p.deletedAt, p.reason])).toEqual([[30, 'Deleted'], [30, 'Deleted']]);
    const live = pods.filter((p) => p.deletedAt === undefined);
    expect(live).toHaveLength(2);
    expect(live.every((p) => p.phase === 'Running')).toBe(true);
    // no pod of the Job was scheduled while it was suspended
    expect(r.cycles.filter((c) => c.pod.startsWith('default/train-') && c.time > 30 && c.time < 60)).toEqual([]);
  });

  it('a Job never suspended has no Suspended condition and no Resumed event', () => {
    const s = loadExpandedScenario(scenario({ created: false, applies: [] }), 'test.yaml');
    expect(s.ok && s.scenario.workloads[0]!.status?.conditions).toBeUndefined();
    expect(jobEvents(run(scenario({ created: false, applies: [[30, false]] })))).toEqual([]);
  });

  it('the Suspended condition: True JobSuspended at creation', () => {
    const s = loadExpandedScenario(scenario({ created: true, applies: [] }), 'test.yaml');
    expect(s.ok && s.scenario.workloads[0]!.status?.conditions).toEqual([{ type: 'Suspended', status: 'True', reason: 'JobSuspended', message: 'Job suspended', lastTransitionTime: 0 }]);
    expect(s.ok && s.scenario.pods).toEqual([]);
  });

  it('1.37 WorkloadWithJob: created suspended, the Workload and PodGroup are made at once; the resumed pods name the PodGroup', () => {
    gangJob = true;
    const yaml = scenario({ created: true, applies: [[30, false]], gates: 'GenericWorkload: true, GangScheduling: true, WorkloadWithJob: true' });
    gangJob = false;
    const s = loadExpandedScenario(yaml, 'test.yaml');
    expect(s.ok && s.scenario.podGroups?.map((g) => [g.apiVersion, g.spec.schedulingPolicy])).toEqual([['scheduling.k8s.io/v1beta1', { gang: { minCount: 2 } }]]);
    const r = run(yaml);
    expect(jobEvents(r).map((e) => e[1])).toEqual(['WorkloadCreated', 'PodGroupCreated', 'Suspended', 'Resumed']);
    const group = s.ok ? s.scenario.podGroups![0]!.metadata.name : '';
    const pods = trainPods(r);
    expect(pods.map((p) => p.phase)).toEqual(['Running', 'Running']);
    const cycles = r.cycles.filter((c) => c.pod.startsWith('default/train-'));
    expect(cycles.length).toBeGreaterThan(0);
    expect(cycles.every((c) => c.time >= 30 && c.podGroup?.name === `default/${group}`)).toBe(true);
  });
});
