// WorkloadWithJob (KEP-5547): the Job controller makes a Workload and a PodGroup for a new Job
// and names the PodGroup in its pods, by version and gate; the example scenario
// scenarios/job-gang-workload.yaml. upstream: pkg/controller/job/job_scheduling_manager.go
// (v1.36: shouldManageWorkloadForJob with jobutil.IsGangSchedulingCandidate; v1.37: spec.scheduling
// compiled by workloadbuilder, Basic by default).
import { describe, expect, it } from 'vitest';
import { loadExpandedScenario, simulate } from './index';
import type { KubernetesVersion } from './versions';
import { jobPodGroupName, jobWorkloadName } from './controllers/jobWorkload';
import example from '../../scenarios/job-gang-workload.yaml?raw';

interface JobSpec { parallelism?: number; completions?: number; completionMode?: string; scheduling?: string; schedulingGroup?: boolean; owner?: boolean }

function scenario(version: KubernetesVersion, gates: string, job: JobSpec): string {
  const lines = [
    'apiVersion: podplay/v1alpha1', 'kind: Scenario', 'metadata: {name: t}', 'spec:',
    `  kubernetesVersion: "${version}"`, `  featureGates: {${gates}}`, '---',
    'apiVersion: v1', 'kind: Node', 'metadata: {name: n1}', 'status: {allocatable: {cpu: "8", memory: 8Gi, pods: "110"}}', '---',
    ...(job.schedulingGroup ? [`apiVersion: scheduling.k8s.io/${version === '1.36' ? 'v1alpha2' : 'v1beta1'}`, 'kind: PodGroup', 'metadata: {name: mine}', 'spec: {schedulingPolicy: {gang: {minCount: 2}}}', '---'] : []),
    'apiVersion: batch/v1', 'kind: Job',
    job.owner ? 'metadata: {name: train, ownerReferences: [{apiVersion: jobset.x-k8s.io/v1alpha2, kind: JobSet, name: js, uid: u1, controller: true}]}' : 'metadata: {name: train}',
    'spec:',
    ...(job.parallelism !== undefined ? [`  parallelism: ${job.parallelism}`] : []),
    ...(job.completions !== undefined ? [`  completions: ${job.completions}`] : []),
    ...(job.completionMode ? [`  completionMode: ${job.completionMode}`] : []),
    ...(job.scheduling ? [`  scheduling: ${job.scheduling}`] : []),
    '  template:', '    spec:', '      restartPolicy: Never',
    ...(job.schedulingGroup ? ['      schedulingGroup: {podGroupName: mine}'] : []),
    '      containers: [{name: c, image: i, resources: {requests: {cpu: 100m}}}]',
  ];
  return lines.join('\n');
}

function expand(version: KubernetesVersion, gates: string, job: JobSpec) {
  const out = loadExpandedScenario(scenario(version, gates, job), 't.yaml');
  if (!out.ok) throw new Error(out.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return out.scenario;
}

const ON = 'GenericWorkload: true, GangScheduling: true, WorkloadWithJob: true';
const INDEXED_4 = { parallelism: 4, completions: 4, completionMode: 'Indexed' };

describe('WorkloadWithJob: which Jobs get a Workload and a PodGroup', () => {
  const rows: { name: string; version: KubernetesVersion; gates?: string; job: JobSpec; policy?: object; events?: string[] }[] = [
    // v1.36: the gang is inferred from the Job's shape
    { name: '1.36: Indexed, completions = parallelism > 1: gang of parallelism', version: '1.36', job: INDEXED_4, policy: { gang: { minCount: 4 } }, events: ['WorkloadCreated'] },
    { name: '1.36: NonIndexed: not a gang candidate', version: '1.36', job: { parallelism: 4, completions: 4 } },
    { name: '1.36: completions ≠ parallelism: not a gang candidate', version: '1.36', job: { parallelism: 4, completions: 8, completionMode: 'Indexed' } },
    { name: '1.36: parallelism 1: not a gang candidate', version: '1.36', job: { parallelism: 1, completions: 1, completionMode: 'Indexed' } },
    { name: '1.36: the template names a PodGroup already (BYO): nothing made', version: '1.36', job: { ...INDEXED_4, schedulingGroup: true } },
    { name: '1.36: gate off', version: '1.36', gates: 'GenericWorkload: true, GangScheduling: true', job: INDEXED_4 },
    { name: '1.36: GenericWorkload off', version: '1.36', gates: 'WorkloadWithJob: true', job: INDEXED_4 },
    // v1.37: spec.scheduling decides, Basic when left out
    { name: '1.37: spec.scheduling gang without minCount: minCount = parallelism', version: '1.37', job: { ...INDEXED_4, scheduling: '{schedulingPolicy: {gang: {}}}' }, policy: { gang: { minCount: 4 } }, events: ['WorkloadCreated', 'PodGroupCreated'] },
    { name: '1.37: spec.scheduling gang minCount 2', version: '1.37', job: { parallelism: 4, completions: 8, scheduling: '{schedulingPolicy: {gang: {minCount: 2}}}' }, policy: { gang: { minCount: 2 } }, events: ['WorkloadCreated', 'PodGroupCreated'] },
    { name: '1.37: no spec.scheduling: Basic, even for an Indexed Job', version: '1.37', job: INDEXED_4, policy: { basic: {} }, events: ['WorkloadCreated', 'PodGroupCreated'] },
    { name: '1.37: a non-parallel Job gets a Basic group too', version: '1.37', job: {}, policy: { basic: {} }, events: ['WorkloadCreated', 'PodGroupCreated'] },
    { name: '1.37: a Job with a controller owner (JobSet): its parent makes the objects', version: '1.37', job: { ...INDEXED_4, owner: true } },
    { name: '1.37: the template names a PodGroup already (BYO): nothing made', version: '1.37', job: { ...INDEXED_4, schedulingGroup: true } },
    { name: '1.37: gate off', version: '1.37', gates: 'GenericWorkload: true', job: INDEXED_4 },
    { name: '1.35: no PodGroup API', version: '1.35', job: INDEXED_4 },
  ];
  it.each(rows)('$name', ({ version, gates, job, policy, events }) => {
    const s = expand(version, gates ?? ON, job);
    const made = (s.podGroups ?? []).filter((g) => g.metadata.name !== 'mine');
    const pods = s.pods.filter((p) => p.metadata.name.startsWith('train-'));
    expect(pods.length).toBeGreaterThan(0);
    if (!policy) {
      expect(s.schedulingWorkloads ?? []).toEqual([]);
      expect(made).toEqual([]);
      for (const p of pods) expect(p.spec.schedulingGroup?.podGroupName).toBe(job.schedulingGroup ? 'mine' : undefined);
      return;
    }
    const [workload] = s.schedulingWorkloads!;
    expect(s.schedulingWorkloads).toHaveLength(1);
    expect(made).toHaveLength(1);
    const group = made[0]!;
    const apiVersion = version === '1.36' ? 'scheduling.k8s.io/v1alpha2' : 'scheduling.k8s.io/v1beta1';
    expect(workload).toMatchObject({
      apiVersion, kind: 'Workload',
      metadata: { ownerReferences: [{ kind: 'Job', name: 'train', controller: true }] },
      spec: { controllerRef: { apiGroup: 'batch', kind: 'Job', name: 'train' }, podGroupTemplates: [{ name: 'train-pgt-0', schedulingPolicy: policy }] },
    });
    expect(workload!.metadata.name).toMatch(/^train-[bcdfghjklmnpqrstvwxz2456789]{1,10}$/);
    expect(group.metadata.name.startsWith(`${workload!.metadata.name}-train-pgt-0-`)).toBe(true);
    expect(group).toMatchObject({
      apiVersion, kind: 'PodGroup',
      spec: { schedulingPolicy: policy, workloadRef: { workloadName: workload!.metadata.name, templateName: 'train-pgt-0' } },
    });
    expect(group.metadata.ownerReferences).toEqual([
      expect.objectContaining({ kind: 'Job', name: 'train', controller: true }),
      { apiVersion, kind: 'Workload', name: workload!.metadata.name, uid: workload!.metadata.uid },
    ]);
    for (const p of pods) expect(p.spec.schedulingGroup).toEqual({ podGroupName: group.metadata.name });
    const jobEvents = s.admissionEvents.filter((e) => e.reason !== 'SuccessfulCreate').map((e) => e.reason);
    expect(jobEvents).toEqual(events);
    expect(s.admissionEvents[0]!.message).toBe(`Created Workload ${workload!.metadata.name} for Job train`);
  });

  it('1.37: spec.scheduling constraints, disruptionMode and claims go into the Workload template and the PodGroup', () => {
    const s = expand('1.37', `${ON}, TopologyAwareWorkloadScheduling: true, DRAWorkloadResourceClaims: true`, {
      ...INDEXED_4, scheduling: '{schedulingPolicy: {gang: {}}, schedulingConstraints: {topology: [{key: rack}]}, disruptionMode: {all: {}}, resourceClaims: [{name: gpus, resourceClaimTemplateName: gpu-t}]}',
    });
    const fields = { schedulingConstraints: { topology: [{ key: 'rack' }] }, disruptionMode: 'All', resourceClaims: [{ name: 'gpus', resourceClaimTemplateName: 'gpu-t' }] };
    expect(s.schedulingWorkloads![0]!.spec.podGroupTemplates[0]).toMatchObject(fields);
    expect(s.podGroups![0]!.spec).toMatchObject(fields);
  });

  // the controller creates them through the API server, whose strategies drop a gated field as a
  // manifest's (pkg/registry/scheduling/podgroup/strategy.go dropDisabledPodGroupSpecFields)
  // (a Job's spec.scheduling.resourceClaims is refused at its line without DRAWorkloadResourceClaims)
  it('1.37 without TopologyAwareWorkloadScheduling: the compiled Workload and PodGroup leave schedulingConstraints out', () => {
    const s = expand('1.37', ON, { ...INDEXED_4, scheduling: '{schedulingPolicy: {gang: {}}, schedulingConstraints: {topology: [{key: rack}]}, disruptionMode: {all: {}}}' });
    const template = s.schedulingWorkloads![0]!.spec.podGroupTemplates[0]!;
    const group = s.podGroups![0]!.spec;
    for (const spec of [template, group]) {
      expect(spec).toMatchObject({ schedulingPolicy: { gang: { minCount: 4 } }, disruptionMode: 'All' });
      expect(spec).not.toHaveProperty('schedulingConstraints');
      expect(spec).not.toHaveProperty('resourceClaims');
    }
  });
});

describe("a Job's spec.scheduling is checked at its line", () => {
  const rows = [
    { name: 'served from 1.37 only', version: '1.36' as const, gates: ON, scheduling: '{schedulingPolicy: {gang: {}}}', want: /a Job's spec.scheduling is served from Kubernetes 1.37 on/ },
    { name: 'needs the gate (the API server drops it)', version: '1.37' as const, gates: 'GenericWorkload: true', scheduling: '{schedulingPolicy: {gang: {}}}', want: /needs the feature gate WorkloadWithJob/ },
    { name: 'both basic and gang', version: '1.37' as const, gates: ON, scheduling: '{schedulingPolicy: {gang: {}, basic: {}}}', want: /exactly one of `basic`, `gang` is required/ },
    { name: 'gang minCount 0', version: '1.37' as const, gates: ON, scheduling: '{schedulingPolicy: {gang: {minCount: 0}}}', want: /minCount: Invalid value: 0: must be greater than zero/ },
  ];
  it.each(rows)('$name', ({ version, gates, scheduling, want }) => {
    const out = loadExpandedScenario(scenario(version, gates, { ...INDEXED_4, scheduling }), 't.yaml');
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.errors.map((e) => e.message).join('\n')).toMatch(want);
    // the error is at the Job's spec.scheduling line (line 1 of the file is the Scenario's apiVersion)
    expect(out.errors[0]!.line).toBe(scenario(version, gates, { ...INDEXED_4, scheduling }).split('\n').findIndex((l) => l.startsWith('  scheduling:')) + 1);
  });
});

describe('names (upstream computeWorkloadName, computePodGroupName)', () => {
  // FNV-1a 32 test vector: "foobar" → 0xbf9cf968 = 3214735720; SafeEncodeString maps each digit
  // to "bcdfghjklmnpqrstvwxz2456789"[charCode % 27]: 3→7 2→6 1→5 4→8 7→c 5→9 0→4
  it('the PodGroup hash is FNV-1a of workload name then template name', () => {
    expect(jobPodGroupName('foo', 'bar')).toBe('foo-bar-7658c79c64');
  });
  // room: 253 less the hash and two dashes; each part gets half unless the other is shorter
  const long = [
    { name: 'a long workload name gives way', wl: 200, tpl: 100, keep: (room: number) => [room - 100, 100] },
    { name: 'a long template name gives way', wl: 100, tpl: 200, keep: (room: number) => [100, room - 100] },
    { name: 'both long: split evenly, the workload gets the odd one', wl: 200, tpl: 200, keep: (room: number) => [room - Math.floor(room / 2), Math.floor(room / 2)] },
  ];
  it.each(long)('$name', ({ wl, tpl, keep }) => {
    const name = jobPodGroupName('w'.repeat(wl), 't'.repeat(tpl));
    const hash = name.split('-').at(-1)!;
    const [w, t] = keep(253 - hash.length - 2);
    expect(name).toBe(`${'w'.repeat(w!)}-${'t'.repeat(t!)}-${hash}`);
    expect(name).toHaveLength(253);
  });
  it('the Workload name keeps the Job name and differs by Job uid', () => {
    const job = (uid: string) => ({ apiVersion: 'batch/v1', kind: 'Job' as const, metadata: { name: 'train', uid }, spec: { template: { spec: { containers: [] } } } });
    expect(jobWorkloadName(job('a'))).toMatch(/^train-/);
    expect(jobWorkloadName(job('a'))).not.toBe(jobWorkloadName(job('b')));
  });
});

describe('scenarios/job-gang-workload.yaml: a plain Indexed Job is gang-scheduled', () => {
  it('1.37: nothing binds at t=0 (three of four placed), all four bind when node-4 joins', () => {
    const out = simulate(example, { fileName: 'job-gang-workload.yaml' });
    if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('\n'));
    const pods = out.result.pods.filter((p) => p.pod.startsWith('default/train-'));
    expect(pods).toHaveLength(4);
    expect(new Set(pods.map((p) => p.node))).toEqual(new Set(['node-1', 'node-2', 'node-3', 'node-4']));
    const scheduled = out.result.events.filter((e) => e.reason === 'Scheduled');
    expect(scheduled.map((e) => e.time)).toEqual([60, 60, 60, 60]);
    expect(out.result.cycles.filter((c) => c.time === 0).map((c) => c.podGroup?.placed)).toEqual([3, 3, 3, 3]);
    // the PodGroup's condition after each group cycle (v1beta1: PodGroupInitiallyScheduled, PR #139743)
    const groupCycles = out.result.cycles.filter((c) => c.podGroup?.firstCycle === c.cycle);
    expect(groupCycles.map((c) => [c.time, c.podGroup?.condition?.type, c.podGroup?.condition?.status, c.podGroup?.condition?.reason])).toEqual([
      [0, 'PodGroupInitiallyScheduled', 'False', 'Unschedulable'],
      [60, 'PodGroupInitiallyScheduled', 'True', 'Scheduled'],
    ]);
  });
  it('1.37 without spec.scheduling: a Basic group, three workers bind at t=0 one by one', () => {
    const basic = simulate(example.replace('    schedulingPolicy: {gang: {}}\n', '').replace('  scheduling:\n', ''), { fileName: 'x.yaml', until: 30 });
    if (!basic.ok) throw new Error(basic.errors.map((e) => e.message).join('\n'));
    expect(basic.result.events.filter((e) => e.reason === 'Scheduled').map((e) => e.time)).toEqual([0, 0, 0]);
  });
  it("1.37: a Job whose pods have a PriorityClass gives it to its PodGroup, whose priority admission resolves, so validatePodGroup passes", () => {
    const yaml = example.replace('      restartPolicy: Never', '      restartPolicy: Never\n      priorityClassName: train')
      + '\n---\napiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: train}\nvalue: 500\n';
    const out = simulate(yaml, { fileName: 'x.yaml' });
    if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('\n'));
    expect(out.result.events.filter((e) => e.reason === 'Scheduled').map((e) => e.time)).toEqual([60, 60, 60, 60]);
    expect(out.result.pods.filter((p) => p.pod.startsWith('default/train-')).every((p) => p.reason !== 'SchedulerError')).toBe(true);
  });
  it('without the gate spec.scheduling is refused; at 1.36 the same Indexed Job is a gang without it', () => {
    const off = simulate(example.replace(', WorkloadWithJob: true', ''), { fileName: 'x.yaml' });
    expect(off.ok).toBe(false);
    const v136 = simulate(example.replace('    schedulingPolicy: {gang: {}}\n', '').replace('  scheduling:\n', ''), { fileName: 'x.yaml', kubernetesVersion: '1.36' });
    if (!v136.ok) throw new Error(v136.errors.map((e) => e.message).join('\n'));
    expect(v136.result.events.filter((e) => e.reason === 'Scheduled').map((e) => e.time)).toEqual([60, 60, 60, 60]);
    // v1alpha2's condition is PodGroupScheduled
    expect(v136.result.cycles.find((c) => c.podGroup)?.podGroup?.condition?.type).toBe('PodGroupScheduled');
  });
});
