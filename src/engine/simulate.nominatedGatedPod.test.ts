// A gated pod whose status.nominatedNodeName another component set (e.g. a queueing controller
// reserving a place before it removes the gate): from 1.37 (kubernetes PR #139057,
// PriorityQueue.Add stores the nomination before queueing the pod) it holds its space against pods
// of lower or equal priority; before, the nomination reached the nominator only with the pod in
// activeQ, so a gated pod reserved nothing.
import { describe, expect, it } from 'vitest';
import { compareVersions } from './compare/versions';
import { simulate } from './index';

// n1 has 4 cpu. `reserved` (3 cpu) is gated and nominated to n1; `low` (2 cpu, the same
// priority) fits n1 only if the nomination is not counted.
const scenario = (version: string) => `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: nominated-gated-pod}
spec:
  kubernetesVersion: "${version}"
  seed: 1
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: reserved, creationTimestamp: 0}
spec:
  schedulingGates: [{name: example.com/admission}]
  containers: [{name: c, image: x, resources: {requests: {cpu: "3"}}}]
status: {nominatedNodeName: n1}
---
apiVersion: v1
kind: Pod
metadata: {name: low, creationTimestamp: 1}
spec:
  containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]
`;

describe('a gated pod with a nominated node', () => {
  it.each([
    { version: '1.35', lowNode: 'n1' },
    { version: '1.36', lowNode: 'n1' },
    { version: '1.37', lowNode: undefined },
  ])('v$version: the pod of equal priority is placed on $lowNode', ({ version, lowNode }) => {
    const out = simulate(scenario(version), { fileName: 'g.yaml' });
    if (!out.ok) throw new Error(out.errors.map((e) => `${e.line}: ${e.message}`).join('\n'));
    const low = out.result.pods.find((p) => p.pod === 'default/low')!;
    expect(low.node).toBe(lowNode);
    if (!lowNode) expect(low.message).toContain('Insufficient cpu');
    expect(out.result.pods.find((p) => p.pod === 'default/reserved')!.node).toBeUndefined();
  });

  it('the upgrade preview names PR #139057', () => {
    const out = compareVersions(scenario('1.36'), '1.36', '1.37');
    if (!out.ok) throw new Error('failed');
    expect(out.comparison.differences.map((d) => [d.pod, d.kind, d.causes.map((c) => [c.id, c.pr])])).toEqual([['default/low', 'became-pending', [['nominatedGatedPodOnAdd', 139057]]]]);
  });
});
