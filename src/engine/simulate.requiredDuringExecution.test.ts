// nodeAffinity.requiredDuringSchedulingRequiredDuringExecution (Podplay-only feature gate): refused
// as an unknown field without the gate; with it, a filter like the required term and an eviction
// when the node's labels stop matching. The lesson required-during-execution runs the full story.
import { describe, expect, it } from 'vitest';
import { simulate } from './index';

const scenario = (gate: boolean) => `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: rde}
spec:
${gate ? '  featureGates: {RequiredDuringSchedulingRequiredDuringExecution: true}\n' : ''}  timeline:
  - {at: 10, action: label, node: node-1, labels: {disktype: hdd}}
---
apiVersion: v1
kind: Node
metadata: {name: node-1, labels: {disktype: ssd}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: pinned, namespace: default}
spec:
  affinity:
    nodeAffinity:
      requiredDuringSchedulingRequiredDuringExecution:
        nodeSelectorTerms: [{matchExpressions: [{key: disktype, operator: In, values: [ssd]}]}]
  containers: [{name: c, image: x}]`;

describe('requiredDuringSchedulingRequiredDuringExecution', () => {
  it('without the gate is an unknown field, refused at its line', () => {
    const outcome = simulate(scenario(false), { fileName: 'rde.yaml' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors).toEqual([expect.objectContaining({
      line: 19, path: 'spec.affinity.nodeAffinity.requiredDuringSchedulingRequiredDuringExecution',
      message: expect.stringContaining('strict decoding error: unknown field'),
    })]);
  });

  it('with the gate, binds the pod where it matches and evicts it when the node stops matching (a bare pod is not replaced)', () => {
    const outcome = simulate(scenario(true), { fileName: 'rde.yaml' });
    if (!outcome.ok) throw new Error(outcome.errors[0]!.message);
    const r = outcome.result;
    expect(r.cycles.map((c) => [c.time, c.result, c.selected])).toEqual([[0, 'Scheduled', 'node-1']]);
    expect(r.events.find((e) => e.reason === 'RequiredDuringExecutionEviction')).toMatchObject({ time: 10, object: 'Pod/default/pinned' });
    expect(r.pods[0]).toMatchObject({ reason: 'RequiredDuringExecutionEviction', deletedAt: 40 });
  });
});
