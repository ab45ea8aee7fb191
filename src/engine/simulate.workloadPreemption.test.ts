// Workload-aware preemption wired into the pod-group cycle, end to end (KEP-5710;
// WorkloadAwarePreemption alpha in v1.36, in GenericWorkload from v1.37, kubernetes PR #139520),
// and the example scenario scenarios/workload-preemption.yaml.
// upstream: pkg/scheduler/schedule_one_podgroup.go (podGroupCycle, runWorkloadAwarePreemption,
// submitPodGroupAlgorithmResult), plugins/defaultpreemption/default_preemption.go (PostFilter
// refuses a pod of a PodGroup; PodGroupPostFilter), test/integration/scheduler/preemption
// (victims carry "Preempted by podgroup …" events).
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { simulate } from './index';
import example from '../../scenarios/workload-preemption.yaml?raw';

function run(yaml: string): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml' });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}
const pod = (r: SimulationResult, name: string) => r.pods.find((p) => p.pod === `default/${name}`)!;
const groupCycle = (r: SimulationResult, group: string) => r.cycles.find((c) => c.podGroup?.name === `default/${group}`)?.podGroup;
/** the 1.36 scenario at 1.37: GenericWorkload carries the preemption; the API is v1beta1 (v1alpha2 dropped, PR #138572) */
const at137 = (yaml: string) => yaml.replace('kubernetesVersion: "1.36"', 'kubernetesVersion: "1.37"').replace(', WorkloadAwarePreemption: true', '')
  .replaceAll('apiVersion: scheduling.k8s.io/v1alpha2', 'apiVersion: scheduling.k8s.io/v1beta1').replace('disruptionMode: PodGroup', 'disruptionMode: {all: {}}');

/** three 2-cpu nodes, each running one 1500m pod of priority 10; a PodGroup of two 1500m pods arrives at t=30 */
function loosePods(opts: { victimPriority?: number; topology?: boolean } = {}): string {
  const victimPriority = opts.victimPriority ?? 10;
  const node = (n: string) => `apiVersion: v1\nkind: Node\nmetadata: {name: ${n}, labels: {kubernetes.io/hostname: ${n}, rack: r1}}\nstatus: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}`;
  const low = (n: string) => `apiVersion: v1\nkind: Pod\nmetadata: {name: low-${n}}\nspec:\n  nodeName: ${n}\n  priorityClassName: low\n  containers: [{name: c, image: i, resources: {requests: {cpu: 1500m}}}]`;
  const member = (i: number) => `  - at: 30\n    action: apply\n    object:\n      apiVersion: v1\n      kind: Pod\n      metadata: {name: trainer-${i}}\n      spec:\n        priorityClassName: high\n        schedulingGroup: {podGroupName: training}\n        containers: [{name: c, image: i, resources: {requests: {cpu: 1500m}}}]`;
  const constraints = opts.topology ? '\n        schedulingConstraints: {topology: [{key: rack}]}' : '';
  return [
    `apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: t}\nspec:\n  kubernetesVersion: "1.36"\n  featureGates: {GenericWorkload: true, GangScheduling: true, WorkloadAwarePreemption: true${opts.topology ? ', TopologyAwareWorkloadScheduling: true' : ''}}\n  timeline:\n  - at: 30\n    action: apply\n    object:\n      apiVersion: scheduling.k8s.io/v1alpha2\n      kind: PodGroup\n      metadata: {name: training}\n      spec:\n        schedulingPolicy: {gang: {minCount: 2}}${constraints}\n        priorityClassName: high\n        priority: 1000\n${member(0)}\n${member(1)}`,
    `apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: low}\nvalue: ${victimPriority}`,
    'apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000',
    ...['n1', 'n2', 'n3'].map(node),
    ...['n1', 'n2', 'n3'].map(low),
  ].join('\n---\n');
}

describe('scenarios/workload-preemption.yaml: a PodGroup preempts a lower one across two nodes', () => {
  const rows = [
    { name: 'v1.36 with WorkloadAwarePreemption on', version: '1.36', yaml: example },
    { name: 'v1.37: GenericWorkload alone turns it on', version: '1.37', yaml: at137(example) },
  ];
  it.each(rows)('$name', ({ version, yaml }) => {
    const r = run(yaml);
    expect(r.kubernetesVersion.version).toBe(version);
    const preemption = groupCycle(r, 'training')!.preemption!;
    expect(preemption).toMatchObject({
      result: 'Success', priority: 1000, podGroupDisruptions: 1, pdbViolations: 0,
      // disruptionMode All: the batch group is one victim across both nodes
      victims: [{ unit: 'PodGroup/default/batch', priority: 10, podGroup: 'default/batch', pods: [{ pod: 'default/batch-0', node: 'n1' }, { pod: 'default/batch-1', node: 'n2' }] }],
    });
    expect(preemption.nominated.map((n) => n.node).sort()).toEqual(['n1', 'n2']);
    for (const b of ['batch-0', 'batch-1']) {
      expect(pod(r, b).reason).toBe('Preempted');
      expect(r.events.find((e) => e.object === `Pod/default/${b}` && e.reason === 'Preempted')!.message).toMatch(/^Preempted by podgroup default\/training on node cluster$/);
    }
    // the members went back to the queue nominated, then bound once the batch pods were gone
    expect([pod(r, 'trainer-0').node, pod(r, 'trainer-1').node].sort()).toEqual(['n1', 'n2']);
    const failed = r.events.filter((e) => e.reason === 'FailedScheduling' && e.object.startsWith('Pod/default/trainer-'));
    expect(failed.map((e) => e.time)).toEqual([30, 30]);
    for (const e of failed) expect(e.message).toContain('preemption: not eligible due to workload aware preemption enabled');
    expect(groupCycle(r, 'training')!.result).toBe('Unschedulable');
  });

  it('v1.36 with the gate off: no group preemption; each member preempts alone in its own cycle', () => {
    const r = run(example.replace(', WorkloadAwarePreemption: true', ''));
    expect(r.cycles.some((c) => c.podGroup?.preemption)).toBe(false);
    expect(r.events.some((e) => e.message.startsWith('Preempted by podgroup'))).toBe(false);
    expect(r.events.some((e) => e.reason === 'Preempted' && e.message.startsWith('Preempted by pod '))).toBe(true);
  });
});

describe('workload-aware preemption in the pod-group cycle', () => {
  it('v1.36 disruptionMode Single: lone pods are victims one by one, and only as many as the group needs', () => {
    const r = run(loosePods());
    const preemption = groupCycle(r, 'training')!.preemption!;
    expect(preemption.result).toBe('Success');
    expect(preemption.victims).toHaveLength(2);
    expect(preemption.podGroupDisruptions).toBe(0);
    const victimNodes = preemption.victims.map((v) => v.pods[0]!.node).sort();
    expect(preemption.nominated.map((n) => n.node).sort()).toEqual(victimNodes);
    const kept = ['n1', 'n2', 'n3'].find((n) => !victimNodes.includes(n))!;
    expect(pod(r, `low-${kept}`).node).toBe(kept);
    expect(pod(r, `low-${kept}`).reason).not.toBe('Preempted');
  });

  it('v1.36 victims of the same priority: none, the group message says why', () => {
    const r = run(loosePods({ victimPriority: 1000 }));
    const group = groupCycle(r, 'training')!;
    expect(group.preemption).toMatchObject({ result: 'Unschedulable', message: 'pod group preemption: No preemption victims found for incoming preemptor', victims: [] });
    expect(group.message).toBe('pod group is unschedulable, pod group preemption: No preemption victims found for incoming preemptor');
    expect(r.events.some((e) => e.reason === 'Preempted')).toBe(false);
  });

  it('v1.36 a PodGroup with topology constraints does not preempt (alpha limitation)', () => {
    const r = run(loosePods({ topology: true }));
    const group = groupCycle(r, 'training')!;
    expect(group.preemption).toMatchObject({ result: 'Unschedulable', message: 'workload aware preemption is not supported for pod groups with scheduling constraints' });
    expect(group.message).toMatch(/, workload aware preemption is not supported for pod groups with scheduling constraints$/);
    expect(r.events.some((e) => e.reason === 'Preempted')).toBe(false);
  });
});

// upstream: schedule_one_podgroup_test.go TestPodGroupCycle_PodGroupPostFilter — whether the
// pod-group cycle calls the group's PostFilter (workload-aware preemption)
describe('TestPodGroupCycle_PodGroupPostFilter', () => {
  const noDefaultPreemption = `---
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  plugins:
    postFilter:
      disabled: [{name: DefaultPreemption}]`;
  const rows = [
    { name: 'runs pod group post filter when WAP is enabled and DefaultPreemption is registered', since: '1.36', yaml: example, preemption: 'Success' },
    { name: 'disables pod group post filter when WAP feature gate is disabled', since: '1.36', yaml: example.replace(', WorkloadAwarePreemption: true', ''), preemption: undefined },
    { name: 'disables pod group post filter when DefaultPreemption is not registered', since: '1.36', yaml: example + noDefaultPreemption, preemption: 'Unschedulable' },
  ];
  it.each(rows)('$name ($since)', ({ yaml, preemption }) => {
    const r = run(yaml);
    const trace = groupCycle(r, 'training')!.preemption;
    expect(trace?.result).toBe(preemption);
    if (preemption === 'Unschedulable') expect(trace!.message).toBe('default preemption plugin is not registered, workload aware preemption is disabled');
    expect(r.events.some((e) => e.message.startsWith('Preempted by podgroup'))).toBe(preemption === 'Success');
  });
});
