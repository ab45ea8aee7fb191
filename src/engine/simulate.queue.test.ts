// Queue, gates, gangs and preemption rules end to end: the behaviours issue 3 names, each from
// a small scenario written for it.
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { simulate } from './index';

function run(yaml: string, until?: number): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml', ...(until !== undefined ? { until } : {}) });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}
const pod = (r: SimulationResult, name: string) => r.pods.find((p) => p.pod === `default/${name}`)!;

const node = (name: string, cpu: string) => `apiVersion: v1
kind: Node
metadata: {name: ${name}}
status: {allocatable: {cpu: "${cpu}", memory: 8Gi, pods: "110"}}`;

const gang = (minCount: number, nodes: string[]) => [
  `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: gang}
spec: {featureGates: {GenericWorkload: true, GangScheduling: true}}`,
  ...nodes,
  `apiVersion: scheduling.k8s.io/v1alpha1
kind: Workload
metadata: {name: training, namespace: default}
spec: {podGroups: [{name: workers, policy: {gang: {minCount: ${minCount}}}}]}`,
  ...[1, 2, 3, 4].map((i) => `apiVersion: v1
kind: Pod
metadata: {name: worker-${i}, namespace: default}
spec:
  workloadRef: {name: training, podGroup: workers}
  containers: [{name: w, image: trainer, resources: {requests: {cpu: "1"}}}]`),
].join('\n---\n');

describe('gang scheduling (GangScheduling, v1.35 alpha)', () => {
  it('a gang of 4 with room for 3 binds none, and the waiting pods are rejected after 5 minutes', () => {
    const r = run(gang(4, [node('n1', '2'), node('n2', '1')]), 400);
    for (const i of [1, 2, 3, 4]) expect(pod(r, `worker-${i}`)).toMatchObject({ phase: 'Pending' });
    const waits = r.cycles.filter((c) => c.result === 'Waiting' || c.permit?.some((p) => p.code === 'Wait'));
    expect(waits.length).toBeGreaterThanOrEqual(3);
    const timeouts = r.events.filter((e) => e.message.includes('rejected due to timeout after waiting 5m0s at plugin GangScheduling'));
    expect(timeouts.length).toBe(3);
    expect(timeouts.every((e) => e.time === 300)).toBe(true);
    expect(r.events.some((e) => e.reason === 'Scheduled')).toBe(false);
  });

  it('a gang with room binds all four together', () => {
    const r = run(gang(4, [node('n1', '2'), node('n2', '2')]));
    for (const i of [1, 2, 3, 4]) expect(pod(r, `worker-${i}`)).toMatchObject({ phase: 'Running' });
    expect(r.queue.filter((m) => m.to === 'waitingOnPermit')).toHaveLength(3);
  });

  it('pods wait at PreEnqueue until minCount pods of the gang exist', () => {
    const r = run(gang(5, [node('n1', '8')]));
    expect(pod(r, 'worker-1')).toMatchObject({ phase: 'Pending' });
    expect(r.cycles).toHaveLength(0);
    expect(r.queue.find((m) => m.to === 'gated')?.reason).toContain('waiting for minCount pods from a gang to appear in scheduling queue');
  });
});

describe('scheduling gates', () => {
  const yaml = `${node('n1', '4')}
---
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: gates}
spec:
  timeline:
  - {at: 60, action: ungate, pod: default/gated, gate: example.com/quota}
---
apiVersion: v1
kind: Pod
metadata: {name: gated, namespace: default}
spec:
  schedulingGates: [{name: example.com/quota}]
  containers: [{name: c, image: nginx}]`;

  it('keeps a gated pod out of activeQ (SchedulingGated) until a timeline step removes the gate', () => {
    const gated = run(yaml, 30);
    expect(pod(gated, 'gated')).toMatchObject({ phase: 'Pending', reason: 'SchedulingGated' });
    expect(gated.cycles).toHaveLength(0);
    const r = run(yaml);
    expect(pod(r, 'gated')).toMatchObject({ phase: 'Running', node: 'n1' });
    expect(r.cycles[0]).toMatchObject({ time: 60, result: 'Scheduled' });
  });
});

describe('preemption rules', () => {
  const classes = `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high-never}
value: 1000
preemptionPolicy: Never
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: highest}
value: 5000`;
  const low = `apiVersion: v1
kind: Pod
metadata: {name: low, namespace: default}
spec: {nodeName: n1, containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]}`;

  it('a preemptionPolicy: Never pod waits instead of preempting', () => {
    const r = run([classes, node('n1', '2'), low, `apiVersion: v1
kind: Pod
metadata: {name: polite, namespace: default}
spec: {priorityClassName: high-never, containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]}`].join('\n---\n'));
    expect(pod(r, 'polite')).toMatchObject({ phase: 'Pending', reason: 'Unschedulable' });
    expect(pod(r, 'polite').message).toContain('preemption: not eligible due to preemptionPolicy=Never.');
    expect(pod(r, 'low')).toMatchObject({ phase: 'Running' });
  });

  it('a higher-priority arrival takes the nominated node and the first preemptor loses its nomination', () => {
    const r = run([classes, node('n1', '2'), low, `apiVersion: v1
kind: Pod
metadata: {name: first, namespace: default}
spec: {priorityClassName: high, containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]}
---
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: steal}
spec:
  timeline:
  - at: 10
    action: apply
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: vip, namespace: default}
      spec: {priorityClassName: highest, containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]}`].join('\n---\n'));
    const firstCycle = r.cycles.find((c) => c.pod === 'default/first')!;
    expect(firstCycle.postFilter?.chosen?.node).toBe('n1');
    expect(pod(r, 'vip')).toMatchObject({ phase: 'Running', node: 'n1' });
    expect(pod(r, 'first')).toMatchObject({ phase: 'Pending' });
    expect(pod(r, 'first').nominatedNode).toBeUndefined();
  });
});
