// The controller manager's work queue (issue 23): a sync that a sync causes runs after it, not
// inside it, so a scale-down of many replicas neither overflows the stack nor costs n² syncs.
import { describe, expect, it } from 'vitest';
import { simulate } from '../index';

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
    const outcome = simulate(scaledToZero(kind, 1000));
    if (!outcome.ok) throw new Error(outcome.errors.map((e) => e.message).join('\n'));
    const pods = outcome.result.pods;
    expect(pods).toHaveLength(1000);
    expect(pods.filter((p) => p.deletedAt !== 10).map((p) => p.pod)).toEqual([]);
  });
});
