// The pod-group scheduling cycle (v1.36+) end to end, and the example scenario
// scenarios/gang-podgroup.yaml at each version that has it.
// upstream: pkg/scheduler/schedule_one_podgroup.go (PR #136618), gangscheduling.go.
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { simulate } from './index';
import type { KubernetesVersion } from './versions';
import example from '../../scenarios/gang-podgroup.yaml?raw';
import { schedulingApiFor } from './testing/schedulingApi';

function run(yaml: string, kubernetesVersion: KubernetesVersion, until?: number): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml', kubernetesVersion, ...(until !== undefined ? { until } : {}) });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}

const GROUP_FAILED = 'pod group is unschedulable, waiting for minCount pods from a gang to be waiting on permit';

const NO_VICTIMS = 'pod group preemption: No preemption victims found for incoming preemptor';
const FOURTH_NO_ROOM = '0/3 nodes are available: 3 Insufficient cpu. no new claims to deallocate, ';

describe('scenarios/gang-podgroup.yaml: a 4-pod gang waits for its fourth node, then lands at once', () => {
  // 1.36: WorkloadAwarePreemption is off by default, the fourth pod tries preemption alone;
  // 1.37: GenericWorkload runs workload-aware preemption for the group, which finds no victims
  const rows = [
    {
      version: '1.36' as const, groupMessage: 'pod group is unschedulable', placedMessage: GROUP_FAILED,
      fourthMessage: `${FOURTH_NO_ROOM}preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.`,
    },
    {
      version: '1.37' as const, groupMessage: `pod group is unschedulable, ${NO_VICTIMS}`, placedMessage: `${GROUP_FAILED}, ${NO_VICTIMS}`,
      // from 1.37 DynamicResources' no-op PostFilter adds no "no new claims to deallocate, " (PR #140222)
      fourthMessage: '0/3 nodes are available: 3 Insufficient cpu. preemption: not eligible due to workload aware preemption enabled',
    },
  ];
  it.each(rows)('at $version', ({ version, groupMessage, placedMessage, fourthMessage }) => {
    const r = run(schedulingApiFor(example, version), version);
    expect(r.kubernetesVersion.version).toBe(version);
    // t=0: one group cycle, four attempts, nothing bound
    const first = r.cycles.filter((c) => c.time === 0);
    expect(first.map((c) => c.podGroup?.firstCycle)).toEqual([1, 1, 1, 1]);
    expect(first[0]!.podGroup).toMatchObject({ name: 'default/training-workers-0', minCount: 4, bound: 0, placed: 3, result: 'Unschedulable', message: groupMessage });
    expect(first.map((c) => c.result)).toEqual(['Unschedulable', 'Unschedulable', 'Unschedulable', 'Unschedulable']);
    const failures = r.events.filter((e) => e.reason === 'FailedScheduling').map((e) => [e.time, e.message]);
    expect(failures).toEqual([[0, placedMessage], [0, placedMessage], [0, placedMessage], [0, fourthMessage]]);
    // t=60: node-4 joins; one more group cycle binds all four together, one per node
    const bound = r.events.filter((e) => e.reason === 'Scheduled');
    expect(bound.map((e) => e.time)).toEqual([60, 60, 60, 60]);
    expect(new Set(r.pods.map((p) => p.node)).size).toBe(4);
    expect(r.pods.every((p) => p.phase === 'Running')).toBe(true);
    const last = r.cycles.filter((c) => c.time === 60);
    expect(last.map((c) => c.result)).toEqual(['Scheduled', 'Scheduled', 'Scheduled', 'Scheduled']);
    expect(last[0]!.podGroup).toMatchObject({ placed: 4, result: 'Scheduled' });
  });
});

const scenario = (minCount: number, nodes: number, extra = '') => [
  `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: g}
spec: {featureGates: {GenericWorkload: true, GangScheduling: true}}`,
  ...Array.from({ length: nodes }, (_, i) => `apiVersion: v1
kind: Node
metadata: {name: n${i + 1}}
status: {allocatable: {cpu: "1", memory: 8Gi, pods: "110"}}`),
  `apiVersion: scheduling.k8s.io/v1alpha2
kind: PodGroup
metadata: {name: pg}
spec: {schedulingPolicy: {gang: {minCount: ${minCount}}}}`,
  ...[1, 2, 3].map((i) => `apiVersion: v1
kind: Pod
metadata: {name: p${i}}
spec:
  schedulingGroup: {podGroupName: pg}
  containers: [{name: c, image: i, resources: {requests: {cpu: "1"}}}]`),
  extra,
].filter(Boolean).join('\n---\n');

describe('the pod-group cycle (v1.36)', () => {
  const rows: { name: string; minCount: number; nodes: number; bound: number; placed: number; result: string }[] = [
    { name: 'gang fits: all bind in one group cycle', minCount: 3, nodes: 3, bound: 3, placed: 3, result: 'Scheduled' },
    { name: 'gang does not fit: none binds, all back to the queue', minCount: 3, nodes: 2, bound: 0, placed: 2, result: 'Unschedulable' },
    { name: 'minCount below the group size: the pods that fit bind once minCount is reached', minCount: 2, nodes: 2, bound: 2, placed: 2, result: 'Scheduled' },
  ];
  it.each(rows)('$name', ({ minCount, nodes, bound, placed, result }) => {
    const r = run(scenario(minCount, nodes), '1.36', 10);
    expect(r.cycles[0]!.podGroup).toMatchObject({ members: ['default/p1', 'default/p2', 'default/p3'], minCount, placed, result });
    expect(r.pods.filter((p) => p.node).length).toBe(bound);
    // no pod ever waits at Permit in a group cycle
    expect(r.cycles.some((c) => c.permitWait)).toBe(false);
  });

  it('a pod whose PodGroup does not exist waits at PreEnqueue with upstream words', () => {
    const r = run(scenario(3, 3).replace(/kind: PodGroup\nmetadata: \{name: pg\}/, 'kind: PodGroup\nmetadata: {name: other}'), '1.36', 10);
    expect(r.queue.find((m) => m.to === 'gated')?.reason).toContain('waiting for pod\'s pod group "pg" to appear in scheduling queue');
    expect(r.cycles).toEqual([]);
  });

  it('a lower minCount (v1beta1, 1.37) requeues the gang and it binds', () => {
    const text = scenario(3, 2)
      .replace('spec: {featureGates:', 'spec: {timeline: [{at: 30, action: apply, object: {apiVersion: scheduling.k8s.io/v1beta1, kind: PodGroup, metadata: {name: pg}, spec: {schedulingPolicy: {gang: {minCount: 2}}}}}], featureGates:')
      .replace('apiVersion: scheduling.k8s.io/v1alpha2\nkind: PodGroup', 'apiVersion: scheduling.k8s.io/v1beta1\nkind: PodGroup');
    const r = run(text, '1.37', 120);
    expect(r.pods.filter((p) => p.node).length).toBe(2);
    expect(r.events.filter((e) => e.reason === 'Scheduled').every((e) => e.time === 30)).toBe(true);
  });
});
