// The pod-group cycle when a member preempts in its own cycle (v1.36 with WorkloadAwarePreemption
// off: DefaultPreemption's PostFilter runs for each member). upstream:
// pkg/scheduler/schedule_one_podgroup.go — podGroupPodSchedulingAlgorithm assumes and reserves a
// member whose PostFilter nominated a node there (requiresPreemption), so the next members see it
// placed; podGroupSchedulingDefaultAlgorithm then makes a feasible group wait ("pod group is
// waiting for preemption to complete", waitingOnPreemption); submitPodGroupAlgorithmResult sends
// every member back to the queue nominated: a placed member to its node, a preempting one to the
// node its preemption chose. A group that stays unschedulable clears a preempting member's
// nomination.
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { simulate } from './index';

function run(yaml: string): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml' });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}
const pod = (r: SimulationResult, name: string) => r.pods.find((p) => p.pod === `default/${name}`)!;

/**
 * nodes n1..nN of 2 cpu, each running a 1500m pod of priority 10 (grace 30 s); at t=30 a PodGroup
 * of `members` 1500m pods of priority 1000, gang minCount `minCount`
 */
function scenario(o: { nodes: number; members: number; minCount: number; freeNode?: boolean }): string {
  const names = Array.from({ length: o.nodes }, (_, i) => `n${i + 1}`);
  const node = (n: string) => `apiVersion: v1\nkind: Node\nmetadata: {name: ${n}, labels: {kubernetes.io/hostname: ${n}}}\nstatus: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}`;
  const low = (n: string) => `apiVersion: v1\nkind: Pod\nmetadata: {name: low-${n}}\nspec:\n  nodeName: ${n}\n  priorityClassName: low\n  containers: [{name: c, image: i, resources: {requests: {cpu: 1500m}}}]`;
  const member = (i: number) => `  - at: 30\n    action: apply\n    object:\n      apiVersion: v1\n      kind: Pod\n      metadata: {name: trainer-${i}}\n      spec:\n        priorityClassName: high\n        schedulingGroup: {podGroupName: training}\n        containers: [{name: c, image: i, resources: {requests: {cpu: 1500m}}}]`;
  return [
    `apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: t}\nspec:\n  kubernetesVersion: "1.36"\n  featureGates: {GenericWorkload: true, GangScheduling: true}\n  timeline:\n  - at: 30\n    action: apply\n    object:\n      apiVersion: scheduling.k8s.io/v1alpha2\n      kind: PodGroup\n      metadata: {name: training}\n      spec:\n        schedulingPolicy: {gang: {minCount: ${o.minCount}}}\n        priority: 1000\n${Array.from({ length: o.members }, (_, i) => member(i)).join('\n')}`,
    'apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: low}\nvalue: 10',
    'apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000',
    ...names.map(node),
    ...(o.freeNode ? [node('free')] : []),
    ...names.map(low),
  ].join('\n---\n');
}

const failures = (r: SimulationResult, name: string) => r.events.filter((e) => e.object === `Pod/default/${name}` && e.reason === 'FailedScheduling');

describe('v1.36, WorkloadAwarePreemption off: members preempting in the pod-group cycle', () => {
  it('each preempting member is assumed on its nominated node, so the next one preempts elsewhere; the group waits, then binds there', () => {
    const r = run(scenario({ nodes: 2, members: 2, minCount: 2 }));
    const first = r.cycles.filter((c) => c.time === 30 && c.podGroup?.name === 'default/training');
    expect(first).toHaveLength(2);
    const chosen = first.map((c) => c.postFilter?.chosen?.node);
    // the second member saw the first one on its node: two different nodes, one victim each
    expect(new Set(chosen).size).toBe(2);
    expect(first[0]!.podGroup).toMatchObject({ result: 'Unschedulable', message: 'pod group is unschedulable, pod group is waiting for preemption to complete' });
    expect(first[0]!.podGroup!.condition).toMatchObject({ status: 'False', reason: 'Unschedulable', message: 'pod group is unschedulable, pod group is waiting for preemption to complete' });
    // both victims preempted
    expect(['low-n1', 'low-n2'].map((n) => pod(r, n).reason)).toEqual(['Preempted', 'Preempted']);
    // each member back in the queue with its own preemption message, then bound on its nominated node
    for (const [i, c] of first.entries()) {
      expect(failures(r, `trainer-${i}`)[0]!.message).toBe('0/2 nodes are available: 2 Insufficient cpu.');
      expect(pod(r, `trainer-${i}`).node).toBe(c.postFilter!.chosen!.node);
    }
  });

  it('a placed member is nominated to its node and carries the group\'s status while the other preempts', () => {
    // n1, n2 full with low pods; a free node: the first member fits there, the second preempts
    const r = run(scenario({ nodes: 1, members: 2, minCount: 2, freeNode: true }));
    const first = r.cycles.filter((c) => c.time === 30 && c.podGroup?.name === 'default/training');
    const placed = first.find((c) => !c.postFilter)!;
    const preempting = first.find((c) => c.postFilter)!;
    expect(placed.selected).toBe('free');
    expect(preempting.postFilter!.chosen!.node).toBe('n1');
    const placedName = placed.pod.split('/')[1]!;
    expect(failures(r, placedName)[0]!.message).toBe('pod group is unschedulable, pod group is waiting for preemption to complete');
    expect(pod(r, placedName).node).toBe('free');
    expect(pod(r, preempting.pod.split('/')[1]!).node).toBe('n1');
  });

  it('a group that stays unschedulable: the preempting member loses its nomination and gets the group\'s message', () => {
    // three members, minCount 3, two nodes: Permit never reaches 3
    const r = run(scenario({ nodes: 2, members: 3, minCount: 3 }));
    const first = r.cycles.filter((c) => c.time === 30 && c.podGroup?.name === 'default/training');
    expect(first[0]!.podGroup!.result).toBe('Unschedulable');
    expect(first[0]!.podGroup!.message).toBe('pod group is unschedulable');
    const preempted = first.filter((c) => c.postFilter?.chosen);
    expect(preempted.length).toBeGreaterThan(0);
    for (const c of preempted) {
      const name = c.pod.split('/')[1]!;
      expect(failures(r, name)[0]!.message).toBe('pod group is unschedulable');
      expect(pod(r, name).node).toBeUndefined();
    }
  });
});
