// Real times from a dump reach the scheduler: preemption's last criterion (upstream
// pickOneNodeForPreemption: the node whose most important victims started latest) sees the
// distance between RFC 3339 start times, and AGE follows creationTimestamp.
import { describe, expect, it } from 'vitest';
import { simulate } from './index';

const node = (name: string) => `---
apiVersion: v1
kind: Node
metadata: {name: ${name}}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
`;
const victim = (name: string, nodeName: string, started: string) => `---
apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default, creationTimestamp: "${started}"}
spec: {nodeName: ${nodeName}, containers: [{name: c, image: nginx, resources: {requests: {cpu: "2"}}}]}
status: {phase: Running, startTime: "${started}"}
`;
const scenario = (seed: number, olderOn: string, newerOn: string) => `---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: real-times}
spec: {seed: ${seed}}
${node('n1')}${node('n2')}${victim('old', olderOn, '2025-03-14T08:00:00Z')}${victim('recent', newerOn, '2025-03-14T09:55:00Z')}---
apiVersion: v1
kind: Pod
metadata: {name: urgent, namespace: default, creationTimestamp: "2025-03-14T10:00:00Z"}
spec: {priorityClassName: high, containers: [{name: c, image: nginx, resources: {requests: {cpu: "2"}}}]}
`;

describe('RFC 3339 start times in preemption', () => {
  it.each([[0, 'n1', 'n2'], [1, 'n1', 'n2'], [2, 'n2', 'n1'], [3, 'n2', 'n1'], [7, 'n1', 'n2']])(
    'seed %d: the victim that started latest is preempted (old on %s, recent on %s)', (seed, olderOn, newerOn) => {
      const outcome = simulate(scenario(seed, olderOn, newerOn));
      if (!outcome.ok) throw new Error(outcome.errors.map((e) => e.message).join('\n'));
      const first = outcome.result.cycles.find((c) => c.pod === 'default/urgent')!;
      expect(first.postFilter?.chosen).toEqual({ node: newerOn, victims: ['default/recent'] });
      expect(first.postFilter?.selection?.at(-1)?.criterion).toBe('latestStartTime');
    });

  it('keeps creation times before t=0 in the outcome', () => {
    const outcome = simulate(scenario(0, 'n1', 'n2'));
    if (!outcome.ok) throw new Error('errors');
    const created = Object.fromEntries(outcome.result.pods.map((p) => [p.pod, p.scheduling?.createdAt]));
    expect(created).toEqual({ 'default/old': -7200, 'default/recent': -300, 'default/urgent': 0 });
  });
});
