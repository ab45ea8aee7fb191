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
spec: {kubernetesVersion: "1.35", featureGates: {GenericWorkload: true, GangScheduling: true}}`,
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
    // the waits ended at the timeout, between cycles, rejected
    const ended = r.cycles.filter((c) => c.permitWait !== undefined);
    expect(ended.map((c) => c.permitWait)).toEqual(ended.map(() => ({ time: 300, allowed: false })));
  });

  it('records which cycle released the pods waiting at Permit: binding waits for the quorum', () => {
    const r = run(gang(4, [node('n1', '2'), node('n2', '2')]));
    const last = r.cycles.at(-1)!;
    const waited = r.cycles.filter((c) => c.permit?.[0]?.code === 'Wait');
    expect(waited).toHaveLength(3);
    for (const c of waited) expect(c.permitWait).toEqual({ time: 0, allowed: true, cycle: last.cycle });
    expect([...(last.permitReleased ?? [])].sort()).toEqual(waited.map((c) => c.pod).sort());
    expect(last.permitWait).toBeUndefined();
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

describe("editing a gated pod's scheduling directives (kubectl apply on the live pod)", () => {
  const labelled = (name: string, labels: string) => `apiVersion: v1
kind: Node
metadata: {name: ${name}, labels: {${labels}}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}`;
  const gatedPod = (spec: string) => `apiVersion: v1
kind: Pod
metadata: {name: batch, namespace: default}
spec:
  schedulingGates: [{name: example.com/quota}]
  containers: [{name: c, image: nginx}]
${spec}`;
  const scenario = (steps: string[]) => `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: directives}
spec:
  timeline:
${steps.map((s) => `  - ${s}`).join('\n')}
  - {at: 60, action: ungate, pod: default/batch}`;
  const apply = (at: number, spec: string) => `{at: ${at}, action: apply, object: {apiVersion: v1, kind: Pod, metadata: {name: batch}, spec: {schedulingGates: [{name: example.com/quota}], containers: [{name: c, image: nginx}], ${spec}}}}`;
  const nodes = [labelled('ssd-a', 'disktype: ssd, zone: a'), labelled('ssd-b', 'disktype: ssd, zone: b'), labelled('hdd-b', 'disktype: hdd, zone: b')];
  const runWith = (steps: string[], spec: string) => run([scenario(steps), ...nodes, gatedPod(spec)].join('\n---\n'));

  it('tightening is accepted: an added nodeSelector key and a narrowed required term decide the node once ungated', () => {
    const bySelector = runWith([apply(10, 'nodeSelector: {disktype: ssd, zone: b}')], '  nodeSelector: {disktype: ssd}');
    expect(pod(bySelector, 'batch')).toMatchObject({ phase: 'Running', node: 'ssd-b' });
    expect(bySelector.warnings).toEqual([]);

    const term = (exprs: string) => `affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [${exprs}]}]}}}`;
    const zoneB = '{key: zone, operator: In, values: [b]}';
    const byAffinity = runWith([apply(10, term(`${zoneB}, {key: disktype, operator: In, values: [hdd]}`))], `  ${term(zoneB)}`);
    expect(pod(byAffinity, 'batch')).toMatchObject({ phase: 'Running', node: 'hdd-b' });
  });

  it('loosening is refused with the API server message, on the line of the field, and the pod keeps its directives', () => {
    const r = runWith([apply(10, 'nodeSelector: {disktype: hdd}')], '  nodeSelector: {disktype: ssd, zone: a}');
    const message = 'The Pod "batch" is invalid: spec.nodeSelector: Invalid value: {"disktype":"hdd"}: only additions to spec.nodeSelector are allowed (no mutations or deletions)';
    expect(r.events).toContainEqual(expect.objectContaining({ time: 10, type: 'Warning', reason: 'FailedUpdate', object: 'Pod/default/batch', message }));
    // the scenario's timeline item is on line 6; nodeSelector is the last field of its object
    const warning = r.warnings.find((w) => w.message.includes('is invalid'))!;
    expect(warning).toMatchObject({ file: 'test.yaml', line: 6, message: `at 10s: ${message}` });
    expect(warning.column).toBe(apply(10, 'nodeSelector: {disktype: hdd}').indexOf('{disktype: hdd}') + 5);
    expect(pod(r, 'batch')).toMatchObject({ phase: 'Running', node: 'ssd-a' });
  });

  it('a gate cannot be added back, a dropped required term is refused, and a pod that is no longer gated cannot be tightened', () => {
    const addGate = run([scenario([`{at: 10, action: apply, object: {apiVersion: v1, kind: Pod, metadata: {name: batch}, spec: {schedulingGates: [{name: example.com/quota}, {name: other}], containers: [{name: c, image: nginx}]}}}`]), ...nodes, gatedPod('')].join('\n---\n'));
    expect(addGate.events.find((e) => e.reason === 'FailedUpdate')?.message).toBe("The Pod \"batch\" is invalid: spec.schedulingGates[1].name: Forbidden: only deletion is allowed, but found new scheduling gate 'other'");

    const dropTerm = runWith([apply(10, 'affinity: {nodeAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 1, preference: {matchExpressions: [{key: zone, operator: In, values: [a]}]}}]}}')],
      '  affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: zone, operator: In, values: [b]}]}]}}}');
    expect(dropTerm.events.find((e) => e.reason === 'FailedUpdate')?.message).toContain('nodeSelectorTerms: Invalid value: null: no additions/deletions to non-empty NodeSelectorTerms list are allowed');
    expect(pod(dropTerm, 'batch').node).toMatch(/-b$/);

    const afterUngate = run([`apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: late}
spec:
  timeline:
  - {at: 5, action: ungate, pod: default/batch}
  - {at: 10, action: apply, object: {apiVersion: v1, kind: Pod, metadata: {name: batch}, spec: {containers: [{name: c, image: nginx}], nodeSelector: {zone: b}}}}`, ...nodes, gatedPod('')].join('\n---\n'));
    expect(afterUngate.events.find((e) => e.reason === 'FailedUpdate')?.message).toContain('spec: Forbidden: pod updates may not change fields other than');
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
