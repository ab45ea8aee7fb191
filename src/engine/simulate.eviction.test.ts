// Eviction around the scheduler, end to end: NoExecute taints with tolerationSeconds, node
// conditions becoming taints, and API-initiated eviction against a PodDisruptionBudget.
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { simulate } from './index';

function run(yaml: string, until?: number): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml', ...(until !== undefined ? { until } : {}) });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}
const pod = (r: SimulationResult, name: string) => r.pods.find((p) => p.pod === `default/${name}`)!;

const nodes = ['n1', 'n2'].map((n) => `apiVersion: v1
kind: Node
metadata: {name: ${n}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}`).join('\n---\n');

describe('taint-based eviction (NoExecute)', () => {
  const yaml = `${nodes}
---
apiVersion: v1
kind: Pod
metadata: {name: stays, namespace: default}
spec:
  nodeName: n1
  tolerations: [{key: maintenance, operator: Exists, effect: NoExecute}]
  containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Pod
metadata: {name: lingers, namespace: default}
spec:
  nodeName: n1
  tolerations: [{key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 60}]
  containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Pod
metadata: {name: leaves, namespace: default}
spec: {nodeName: n1, terminationGracePeriodSeconds: 0, containers: [{name: c, image: x}]}
---
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: noexecute}
spec:
  timeline:
  - {at: 10, action: taint, node: n1, taint: "maintenance=true:NoExecute"}`;

  it('evicts at once a pod that does not tolerate the taint, after tolerationSeconds one that does for a while, never one that tolerates it forever', () => {
    const r = run(yaml, 200);
    expect(pod(r, 'leaves')).toMatchObject({ reason: 'TaintManagerEviction', deletedAt: 10 });
    expect(pod(r, 'lingers').deletedAt).toBe(70 + 30);
    expect(pod(r, 'stays')).toMatchObject({ phase: 'Running', node: 'n1' });
    const marks = r.events.filter((e) => e.reason === 'TaintManagerEviction').map((e) => [e.time, e.message]);
    expect(marks).toEqual([[10, 'Marking for deletion Pod default/leaves'], [70, 'Marking for deletion Pod default/lingers']]);
  });

  // extension (issue 19): the tolerationSeconds wait, for the stage's countdown
  it.each([
    ['the wait runs from the taint to the deletion', '', [{ pod: 'default/lingers', node: 'n1', from: 10, fireAt: 70 }]],
    ['the taint removed at 40 s cancels it', '\n  - {at: 40, action: untaint, node: n1, taint: "maintenance:NoExecute"}', [{ pod: 'default/lingers', node: 'n1', from: 10, fireAt: 70, cancelledAt: 40 }]],
  ])('taintEvictionCountdowns: %s', (_, steps, countdowns) => {
    expect(run(`${yaml}${steps}`, 200).taintEvictionCountdowns).toEqual(countdowns);
  });
});

describe('node conditions become taints (node lifecycle controller)', () => {
  it('a Ready=False node gets the not-ready taints, so new pods go elsewhere', () => {
    const r = run(`${nodes}
---
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: notready}
spec:
  timeline:
  - {at: 5, action: condition, node: n1, type: Ready, status: "False"}
  - at: 6
    action: apply
    object: {apiVersion: v1, kind: Pod, metadata: {name: late, namespace: default}, spec: {tolerations: [], containers: [{name: c, image: x}]}}`);
    expect(r.nodes.find((n) => n.name === 'n1')!.taints.map((t) => `${t.key}:${t.effect}`)).toEqual(
      expect.arrayContaining(['node.kubernetes.io/not-ready:NoSchedule', 'node.kubernetes.io/not-ready:NoExecute']),
    );
    expect(pod(r, 'late').node).toBe('n2');
  });
});

describe('API-initiated eviction with a PodDisruptionBudget', () => {
  const yaml = (minAvailable: number) => `${nodes}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web, namespace: default}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web-pdb, namespace: default}
spec: {minAvailable: ${minAvailable}, selector: {matchLabels: {app: web}}}
---
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: evict}
spec:
  timeline:
  - {at: 10, action: evict, pod: default/PLACEHOLDER}`;

  function withFirstPod(minAvailable: number): SimulationResult {
    const first = run(yaml(minAvailable).replace(/\n  timeline:[\s\S]*$/, '\n  timeline: []')).pods[0]!.pod.split('/')[1]!;
    return run(yaml(minAvailable).replace('PLACEHOLDER', first));
  }

  it('refuses when the budget has no disruption to spare', () => {
    const r = withFirstPod(2);
    const refused = r.events.find((e) => e.reason === 'EvictionRefused')!;
    expect(refused.message).toContain("429 Cannot evict pod as it would violate the pod's disruption budget.");
    expect(refused.message).toContain('The disruption budget web-pdb needs 2 healthy pods and has 2 currently');
    expect(r.pods.filter((p) => p.phase === 'Running')).toHaveLength(2);
  });

  it('evicts when the budget allows it, and the ReplicaSet replaces the pod', () => {
    const r = withFirstPod(1);
    expect(r.pods[0]).toMatchObject({ reason: 'Evicted', deletedAt: 40 });
    expect(r.pods).toHaveLength(3);
    expect(r.pods[2]).toMatchObject({ phase: 'Running' });
  });
});

describe('node-pressure eviction (kubelet)', () => {
  it('evicts one pod per housekeeping round while the node reports MemoryPressure, lowest priority first, and stops when the pressure is gone', () => {
    const r = run(`${nodes}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: important}
value: 1000
---
apiVersion: v1
kind: Pod
metadata: {name: cheap, namespace: default}
spec: {nodeName: n1, containers: [{name: c, image: x, resources: {requests: {memory: 1Gi}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: precious, namespace: default}
spec: {nodeName: n1, priorityClassName: important, containers: [{name: c, image: x, resources: {requests: {memory: 1Gi}}}]}
---
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: pressure}
spec:
  timeline:
  - {at: 10, action: condition, node: n1, type: MemoryPressure, status: "True"}
  - {at: 11, action: condition, node: n1, type: MemoryPressure, status: "False"}`);
    expect(pod(r, 'cheap')).toMatchObject({ reason: 'Evicted', deletedAt: 11 });
    expect(pod(r, 'precious')).toMatchObject({ phase: 'Running' });
    expect(r.events.find((e) => e.reason === 'Evicted')!.message).toMatch(/^The node was low on resource: memory\./);
    // extension (issue 19): the eviction and the ranking that chose it, with each pod's QoS class
    expect(r.kubeletEvictions).toEqual([{
      time: 10, node: 'n1', resource: 'memory', pod: 'default/cheap',
      ranked: [{ pod: 'default/cheap', priority: 0, qosClass: 'Burstable' }, { pod: 'default/precious', priority: 1000, qosClass: 'Burstable' }],
    }]);
  });

  // upstream pkg/apis/core/v1/helper/qos GetPodQOS: requests equal to limits for cpu and memory in
  // every container (a limit alone sets the request) → Guaranteed; none → BestEffort; else Burstable
  it.each([
    ['Guaranteed: limits only', '{limits: {cpu: "1", memory: 1Gi}}', 'Guaranteed'],
    ['Burstable: requests below limits', '{requests: {cpu: 500m}, limits: {cpu: "1", memory: 1Gi}}', 'Burstable'],
    ['BestEffort: neither', '{}', 'BestEffort'],
  ])('PodOutcome.qosClass — %s', (_, resources, qos) => {
    const r = run(`${nodes}
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: default}
spec: {containers: [{name: c, image: x, resources: ${resources}}]}`);
    expect(pod(r, 'p').qosClass).toBe(qos);
  });
});
