// The controller manager's work queue (issue 23): a sync that a sync causes runs after it, not
// inside it, so a scale-down of many replicas neither overflows the stack nor costs n² syncs.
import { describe, expect, it } from 'vitest';
import { simulate } from '../index';
import type { SimulationResult } from '../api';
import { retryDelay } from './controllerManager';

/** the scenario's result; a scenario that does not load fails the test with its errors */
function run(yaml: string, fileName?: string): SimulationResult {
  const outcome = simulate(yaml, fileName ? { fileName } : undefined);
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => e.message).join('\n'));
  return outcome.result;
}

function scaledToZero(kind: string, replicas: number): string {
  return `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: scale-to-zero}
spec:
  timeline:
    - {at: 10, action: scale, kind: ${kind}, name: web, replicas: 0}
---
apiVersion: v1
kind: Node
metadata: {name: node-1}
status: {allocatable: {cpu: "1000", memory: 1000Gi, pods: "${replicas}"}}
---
apiVersion: apps/v1
kind: ${kind}
metadata: {name: web}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    # gated: the pods get no scheduling cycles, the test is about their controller
    spec: {schedulingGates: [{name: example.com/hold}], containers: [{name: c}]}
`;
}

describe('controller manager', () => {
  // the probe's case: 1,000 replicas scaled to 0 ended in "Maximum call stack size exceeded"
  it.each(['Deployment', 'ReplicaSet', 'StatefulSet'])('a %s of 1,000 replicas scaled to 0 deletes them all', (kind) => {
    const pods = run(scaledToZero(kind, 1000)).pods;
    expect(pods).toHaveLength(1000);
    expect(pods.filter((p) => p.deletedAt !== 10).map((p) => p.pod)).toEqual([]);
  });
});

// upstream: client-go util/workqueue/default_rate_limiters_test.go TestItemExponentialFailureRateLimiter
// (5 ms base doubling, capped at the max: 1000 s in DefaultTypedControllerRateLimiter)
describe('the rate-limited retry of a workload that could not create a pod', () => {
  it.each([
    { failures: 0, seconds: 0.005 },
    { failures: 1, seconds: 0.01 },
    { failures: 10, seconds: 5.12 },
    { failures: 17, seconds: 655.36 },
    { failures: 18, seconds: 1000 },
    { failures: 500, seconds: 1000 },
  ])('after $failures failures it waits $seconds s', ({ failures, seconds }) => {
    expect(retryDelay(failures)).toBeCloseTo(seconds, 9);
  });

  const quotaBlocked = (deleteAt: number) => `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: retry}
spec:
  timeline:
    - {at: ${deleteAt}, action: delete, kind: Pod, namespace: shop, name: other}
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "8", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Namespace
metadata: {name: shop}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: count, namespace: shop}
spec: {hard: {pods: "1"}}
---
apiVersion: v1
kind: Pod
metadata: {name: other, namespace: shop}
spec:
  terminationGracePeriodSeconds: 0
  containers: [{name: c, image: busybox}]
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web, namespace: shop}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, image: nginx}]}
`;
  // refused at 0 s; the k-th retry comes at 5 ms × (2^k − 1); the first one after the quota is freed creates the pod
  it.each([
    { name: 'freed at 1 s: the 8th retry (1.275 s) creates it', deleteAt: 1, createdAt: 1.275 },
    { name: 'freed at 100 s: the 15th retry (163.835 s) creates it', deleteAt: 100, createdAt: 163.835 },
    { name: 'freed at 3000 s: retries are 1000 s apart by then (2310.715 s, then 3310.715 s)', deleteAt: 3000, createdAt: 3310.715 },
  ])('$name', ({ deleteAt, createdAt }) => {
    const created = run(quotaBlocked(deleteAt), 'retry.yaml').events.filter((e) => e.reason === 'SuccessfulCreate' && e.object === 'ReplicaSet/shop/web');
    expect(created.map((e) => e.time)).toEqual([createdAt]);
  });
});

function evictedAtOnce(kind: 'ReplicaSet' | 'StatefulSet', replicas: number): string {
  const steps = Array.from({ length: replicas }, (_, i) => `    - {at: 60, action: evict, pod: default/${kind === 'StatefulSet' ? `db-${i}` : `db-r${i}`}}`);
  const pods = kind === 'ReplicaSet'
    // a ReplicaSet's pods have generated names: declare them, owned by the set, to evict them by name
    ? Array.from({ length: replicas }, (_, i) => `---
apiVersion: v1
kind: Pod
metadata: {name: db-r${i}, namespace: default, labels: {app: db}, ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: db, uid: rs-db, controller: true}]}
spec: {nodeName: node-1, terminationGracePeriodSeconds: 0, containers: [{name: c}]}`).join('\n')
    : '';
  return `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: eviction-storm}
spec:
  timeline:
${steps.join('\n')}
---
apiVersion: v1
kind: Node
metadata: {name: node-1}
status: {allocatable: {cpu: "1000", memory: 1000Gi, pods: "${3 * replicas}"}}
---
apiVersion: apps/v1
kind: ${kind}
metadata: {name: db, uid: rs-db}
spec:
  replicas: ${replicas}
  podManagementPolicy: Parallel
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec: {terminationGracePeriodSeconds: 0, containers: [{name: c}]}
${pods}`;
}

describe('pods evicted at one instant (issue 23: 3,000 evictions took over a minute)', () => {
  const at60 = (kind: 'ReplicaSet' | 'StatefulSet') => {
    return run(evictedAtOnce(kind, 40)).events.filter((e) => e.time === 60).map((e) => e.reason);
  };
  it('a ReplicaSet syncs once after the last eviction of the instant, as upstream\'s workqueue folds the burst', () => {
    const reasons = at60('ReplicaSet');
    expect(reasons.filter((r) => r === 'Evicted')).toHaveLength(40);
    expect(reasons.filter((r) => r === 'SuccessfulCreate')).toHaveLength(40);
    // every replacement is created after every eviction: one sync, not one per evicted pod
    expect(reasons.lastIndexOf('Evicted')).toBeLessThan(reasons.indexOf('SuccessfulCreate'));
  });
  it('a Parallel StatefulSet creates each evicted pod again once, under its own name, after the burst', () => {
    const reasons = at60('StatefulSet');
    expect(reasons.filter((r) => r === 'SuccessfulCreate')).toHaveLength(40);
    expect(reasons).not.toContain('FailedCreate');
    expect(reasons.lastIndexOf('Evicted')).toBeLessThan(reasons.indexOf('SuccessfulCreate'));
  });
});

describe('a StatefulSet pod deleted with a grace period (upstream: stateful_set_control.go)', () => {
  const scenario = `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: sts-recreate}
spec:
  timeline:
    - {at: 10, action: delete, kind: Pod, namespace: default, name: db-1}
---
apiVersion: v1
kind: Node
metadata: {name: node-1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db}
spec:
  replicas: 3
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec: {terminationGracePeriodSeconds: 30, containers: [{name: c, resources: {requests: {cpu: 100m}}}]}`;
  const { events, pods } = run(scenario);
  const creates = events.filter((e) => e.object === 'StatefulSet/default/db').map((e) => [e.time, e.reason, e.message]);
  it('waits while the pod terminates, then creates it again with the same name', () => {
    expect(creates.filter(([time]) => (time as number) > 0)).toEqual([[40, 'SuccessfulCreate', 'create Pod db-1 in StatefulSet db successful']]);
  });
  it('the new db-1 is scheduled and running; the set has three pods again', () => {
    expect(pods.map((p) => [p.pod, p.phase, p.node])).toEqual([
      ['default/db-0', 'Running', 'node-1'], ['default/db-1', 'Running', 'node-1'], ['default/db-2', 'Running', 'node-1'],
    ]);
    expect(events.filter((e) => e.reason === 'Scheduled' && e.object === 'Pod/default/db-1').map((e) => e.time)).toEqual([0, 40]);
  });
});

describe('a pod created again under the name of one that is gone (upstream: the name is free once the pod is deleted)', () => {
  const step = (at: number) => `    - at: ${at}
      action: apply
      object: {apiVersion: v1, kind: Pod, metadata: {name: web, namespace: default}, spec: {containers: [{name: c, image: x}]}}`;
  const scenario = `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: reapply}
spec:
  timeline:
    - {at: 60, action: delete, kind: Pod, namespace: default, name: web}
${step(100)}
---
apiVersion: v1
kind: Node
metadata: {name: node-1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default}
spec: {containers: [{name: c, image: x}]}`;
  it('a timeline apply after the grace period creates and schedules it, with no "already exists"', () => {
    const result = run(scenario);
    expect(result.warnings.map((w) => w.message).filter((m) => m.includes('already exists'))).toEqual([]);
    expect(result.events.filter((e) => e.reason === 'Scheduled').map((e) => e.time)).toEqual([0, 100]);
    expect(result.pods.map((p) => [p.pod, p.phase, p.node])).toEqual([['default/web', 'Running', 'node-1']]);
  });
});
