// SimulationResult.pdbHistory: each PodDisruptionBudget as the disruption controller computes it
// (upstream pkg/controller/disruption/disruption.go) before the first cycle, after each cycle and
// after each instant's timeline steps, recorded only when it changes; absent without a budget.

import { describe, expect, it } from 'vitest';
import type { PdbChange } from '../api';
import { simulate } from '../index';

const node = (name: string) => `apiVersion: v1\nkind: Node\nmetadata: {name: ${name}}\nstatus: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}`;
const replicaSet = (replicas: number) => `apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web, namespace: default}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m}}}]}`;
const other = 'apiVersion: v1\nkind: Pod\nmetadata: {name: other, namespace: default, labels: {app: other}}\nspec: {containers: [{name: c, image: nginx}]}';
const pdb = 'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: web-pdb, namespace: default}\nspec: {minAvailable: 1, selector: {matchLabels: {app: web}}}';
const evictAt10 = (pod: string) => `apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: t}\nspec:\n  timeline:\n  - {at: 10, action: evict, pod: default/${pod}}`;

function history(...docs: string[]): PdbChange[] | undefined {
  const out = simulate(docs.join('\n---\n'), { seed: 1 });
  if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('; '));
  return out.result.pdbHistory;
}

const brief = (c: PdbChange) => `${c.cycle}@${c.time}: ${c.pods.length} pods, ${c.currentHealthy}/${c.desiredHealthy} healthy, ${c.disruptionsAllowed} allowed`;

describe('pdbHistory', () => {
  it('absent when the scenario has no PodDisruptionBudget', () => {
    expect(history(node('n1'), replicaSet(2))).toBeUndefined();
  });

  it('follows a budget from its pods created to each bound, then an eviction it allows', () => {
    const first = history(node('n1'), replicaSet(2), other, pdb)![0]!;
    // the ReplicaSet's pods, not the other pod; generated names
    expect(first.pods).toHaveLength(2);
    expect(first.pods.every((p) => p.startsWith('default/web-'))).toBe(true);
    expect(first).toMatchObject({ pdb: 'default/web-pdb', minAvailable: 1 });
    const victim = first.pods[0]!.split('/')[1]!;
    const changes = history(node('n1'), replicaSet(2), pdb, evictAt10(victim))!;
    expect(changes.map(brief)).toEqual([
      '0@0: 2 pods, 0/1 healthy, 0 allowed',
      '1@0: 2 pods, 1/1 healthy, 0 allowed',
      '2@0: 2 pods, 2/1 healthy, 1 allowed',
      // evicted at 10 s (its deletion started): the ReplicaSet's replacement is created at once
      '2@10: 3 pods, 1/1 healthy, 0 allowed',
      '3@10: 3 pods, 2/1 healthy, 1 allowed',
      // the evicted pod gone after its grace period
      '3@40: 2 pods, 2/1 healthy, 1 allowed',
    ]);
  });
});
