// The descheduler and the legacy Policy file, end to end.
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { simulate } from './index';

function run(yaml: string): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml' });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}

const node = (name: string) => `apiVersion: v1
kind: Node
metadata: {name: ${name}, labels: {kubernetes.io/hostname: ${name}}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}`;

describe('descheduler step (RemoveDuplicates)', () => {
  it('evicts one of two replicas that share a node once another node joins; the replacement lands on the new node', () => {
    const r = run([node('n1'), `apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web, namespace: default}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c, image: nginx, resources: {requests: {cpu: 500m}}}]`, `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: dedupe}
spec:
  timeline:
  - at: 5
    action: apply
    object:
      apiVersion: v1
      kind: Node
      metadata: {name: n2, labels: {kubernetes.io/hostname: n2}}
      status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
  - at: 10
    action: deschedule
    policy:
      apiVersion: descheduler/v1alpha2
      kind: DeschedulerPolicy
      profiles:
      - name: dedupe
        pluginConfig: [{name: RemoveDuplicates}]
        plugins: {balance: {enabled: [RemoveDuplicates]}}`].join('\n---\n'));
    const descheduled = r.events.filter((e) => e.reason === 'Descheduled');
    expect(descheduled).toHaveLength(1);
    expect(descheduled[0]!.message).toContain('RemoveDuplicates');
    const evicted = r.pods.filter((p) => p.reason === 'Evicted');
    expect(evicted).toHaveLength(1);
    const running = r.pods.filter((p) => p.phase === 'Running');
    expect(running.map((p) => p.node).sort()).toEqual(['n1', 'n2']);
    // the node the timeline added says when it joined; the scenario's own node does not
    expect(r.nodes.map((n) => [n.name, n.createdAt])).toEqual([['n1', undefined], ['n2', 5]]);
  });
});

describe('legacy scheduler Policy (kind: Policy, v1)', () => {
  it('translates predicates and priorities into a profile; without PodFitsResources an overcommitted node is still feasible', () => {
    const r = run([`apiVersion: v1
kind: Policy
predicates:
- {name: PodToleratesNodeTaints}
priorities:
- {name: MostRequestedPriority, weight: 1}`, node('small'), `apiVersion: v1
kind: Pod
metadata: {name: big, namespace: default}
spec: {containers: [{name: c, image: x, resources: {requests: {cpu: "16"}}}]}`].join('\n---\n'));
    expect(r.pods[0]).toMatchObject({ phase: 'Running', node: 'small' });
    expect(r.cycles[0]!.filter.small!.map((p) => p.plugin)).not.toContain('NodeResourcesFit');
    expect(r.warnings.some((w) => w.message.includes('kind: Policy was removed in kube-scheduler v1.23'))).toBe(true);
  });

  it('names an unknown predicate at its line', () => {
    const outcome = simulate(`apiVersion: v1
kind: Policy
predicates:
- {name: NoSuchPredicate}
---
${node('n1')}`, { fileName: 'p.yaml' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.errors[0]).toMatchObject({ line: 4, message: expect.stringContaining('predicate type not found for "NoSuchPredicate"') });
  });
});
