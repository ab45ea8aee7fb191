// A deleted pod that was nominated to a node (upstream eventhandlers.go
// deletePodFromSchedulingQueue): the room it held is free again for pods of lower or equal
// priority, which get an AssignedPodDelete event (getLEPriorityPreCheck) — at every version.
import { describe, expect, it } from 'vitest';
import { simulate } from './index';

// `a` preempts `victim` (60 s grace period) and is nominated to n1; `low` and `high` do not fit
// n1 while `a` is nominated there (NodeResourcesFit counts it). `a` is deleted at 10 s.
const scenario = (version: string) => `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: nominated-deletion}
spec:
  kubernetesVersion: "${version}"
  seed: 1
  timeline:
  - {at: 10, action: delete, kind: Pod, name: a, namespace: default}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: mid}
value: 1000
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: top}
value: 2000
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: victim}
spec:
  nodeName: n1
  terminationGracePeriodSeconds: 60
  containers: [{name: c, image: x, resources: {requests: {cpu: "3"}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: a}
spec:
  priorityClassName: mid
  containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]
`;

describe('a nominated pod deleted', () => {
  it.each(['1.35', '1.36', '1.37'])('v%s: pending pods of lower or equal priority are retried at once', (version) => {
    const withPending = `${scenario(version)}---
apiVersion: v1
kind: Pod
metadata: {name: low, creationTimestamp: 1}
spec:
  containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]
`;
    const out = simulate(withPending, { fileName: 'n.yaml' });
    if (!out.ok) throw new Error(out.errors.map((e) => `${e.line}: ${e.message}`).join('\n'));
    const r = out.result;
    expect(r.cycles.find((c) => c.pod === 'default/a')).toMatchObject({ time: 0 });
    const moves = r.queue.filter((m) => m.pod === 'default/low' && m.from === 'unschedulablePods');
    expect(moves[0]).toMatchObject({ time: 10, reason: 'AssignedPodDelete' });
  });
});
