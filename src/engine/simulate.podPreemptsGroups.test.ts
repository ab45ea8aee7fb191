// A pod outside any PodGroup preempting pods of PodGroups (v1.37, GenericWorkload on): its
// victims are units — an All-mode PodGroup's scheduled pods together, across nodes, and a
// member of any PodGroup at the PodGroup's priority.
// upstream: pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go
// (SelectVictimsOnNode with allPossibleVictims, isPreemptionAllowedAcrossAllVictimNodes) and
// pkg/scheduler/framework/preemption/types.go (getCrossNodesVictims, NewPodVictim), util.go
// (GetPodPriority, FilterVictimsWithPDBViolation); scheduler_perf
// default_preemption/performance-config.yaml PreemptionPodGroupDisruptionMode.
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { simulate } from './index';

function run(yaml: string): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml' });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}
const pod = (r: SimulationResult, name: string) => r.pods.find((p) => p.pod === `default/${name}`)!;

interface Opts {
  version: '1.36' | '1.37';
  mode: 'all' | 'single';
  /** the PodGroup's priority, through its PriorityClass (its pods' own priority is 10) */
  groupPriority?: number;
  /** a PDB over the batch pods allowing no disruption */
  pdb?: boolean;
}

/**
 * two 2-cpu nodes; a batch PodGroup of two 1500m pods of priority 10, one bound to each node; at
 * t=30 a bare 1500m pod of priority 1000 that fits only where a batch pod is
 */
function scenario(o: Opts): string {
  const api = o.version === '1.37' ? 'v1beta1' : 'v1alpha2';
  const gates = o.version === '1.37' ? '{GenericWorkload: true, GangScheduling: true}' : '{GenericWorkload: true, GangScheduling: true, WorkloadAwarePreemption: true}';
  const node = (n: string) => `apiVersion: v1\nkind: Node\nmetadata: {name: ${n}, labels: {kubernetes.io/hostname: ${n}}}\nstatus: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}`;
  const batch = (i: number) => `apiVersion: v1\nkind: Pod\nmetadata: {name: batch-${i}, labels: {app: batch}}\nspec:\n  nodeName: n${i + 1}\n  priorityClassName: low\n  schedulingGroup: {podGroupName: batch}\n  containers: [{name: c, image: i, resources: {requests: {cpu: 1500m}}}]`;
  const pdb = 'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: batch}\nspec: {maxUnavailable: 0, selector: {matchLabels: {app: batch}}}\nstatus: {disruptionsAllowed: 0}';
  return [
    `apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: t}\nspec:\n  kubernetesVersion: "${o.version}"\n  featureGates: ${gates}\n  timeline:\n  - at: 30\n    action: apply\n    object:\n      apiVersion: v1\n      kind: Pod\n      metadata: {name: urgent}\n      spec:\n        priorityClassName: high\n        containers: [{name: c, image: i, resources: {requests: {cpu: 1500m}}}]`,
    'apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: low}\nvalue: 10',
    'apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000',
    // the PodGroup's priority comes from its class (the Priority admission plugin refuses a bare one)
    `apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: top}\nvalue: ${o.groupPriority ?? 10}`,
    node('n1'), node('n2'),
    `apiVersion: scheduling.k8s.io/${api}\nkind: PodGroup\nmetadata: {name: batch}\nspec:\n  schedulingPolicy: {gang: {minCount: 2}}\n  disruptionMode: ${o.version === '1.37' ? `{${o.mode}: {}}` : (o.mode === 'all' ? 'PodGroup' : 'Pod')}\n  priorityClassName: ${(o.groupPriority ?? 10) === 10 ? 'low' : 'top'}\n  priority: ${o.groupPriority ?? 10}`,
    batch(0), batch(1),
    ...(o.pdb ? [pdb] : []),
  ].join('\n---\n');
}

const preempted = (r: SimulationResult) => ['batch-0', 'batch-1'].filter((b) => pod(r, b).reason === 'Preempted');
const urgentCycle = (r: SimulationResult) => r.cycles.find((c) => c.pod === 'default/urgent' && c.postFilter)!;

describe('v1.37: a pod preempting members of a PodGroup', () => {
  it('disruptionMode All: the whole group goes, its member on the other node too, and the preemptor lands', () => {
    const r = run(scenario({ version: '1.37', mode: 'all' }));
    expect(preempted(r).sort()).toEqual(['batch-0', 'batch-1']);
    const chosen = urgentCycle(r).postFilter!.chosen!;
    // the candidate node's victims are both pods: one on it, one on the other node
    expect(chosen.victims.sort()).toEqual(['default/batch-0', 'default/batch-1']);
    expect(pod(r, 'urgent').node).toBe(chosen.node);
    for (const b of ['batch-0', 'batch-1']) {
      expect(r.events.find((e) => e.object === `Pod/default/${b}` && e.reason === 'Preempted')!.message).toMatch(new RegExp(`^Preempted by pod \\S+ on node ${chosen.node}$`));
    }
  });

  it('disruptionMode Single: only the pod on the chosen node goes', () => {
    const r = run(scenario({ version: '1.37', mode: 'single' }));
    expect(preempted(r)).toHaveLength(1);
    const chosen = urgentCycle(r).postFilter!.chosen!;
    expect(chosen.victims).toHaveLength(1);
    expect(pod(r, 'urgent').node).toBe(chosen.node);
  });

  it("a member counts at its PodGroup's priority: a group of priority 2000 is no victim of a 1000 pod", () => {
    const r = run(scenario({ version: '1.37', mode: 'single', groupPriority: 2000 }));
    expect(preempted(r)).toEqual([]);
    expect(pod(r, 'urgent').node).toBeUndefined();
    expect(urgentCycle(r).postFilter!.chosen).toBeUndefined();
  });

  it('a PDB over an All-mode group: every member that overdraws it counts as a violation', () => {
    const r = run(scenario({ version: '1.37', mode: 'all', pdb: true }));
    const candidates = urgentCycle(r).postFilter!.candidates;
    expect(candidates.length).toBeGreaterThan(0);
    // disruptionsAllowed 0: both pods of the unit overdraw the budget
    for (const c of candidates) expect(c.pdbViolations).toBe(2);
    expect(preempted(r).sort()).toEqual(['batch-0', 'batch-1']);
  });
});

describe('v1.36: each pod is a victim alone, at its own priority', () => {
  it('disruptionMode All is not looked at by a pod preemptor', () => {
    const r = run(scenario({ version: '1.36', mode: 'all' }));
    expect(preempted(r)).toHaveLength(1);
  });

  it("the PodGroup's priority is not looked at either", () => {
    const r = run(scenario({ version: '1.36', mode: 'single', groupPriority: 2000 }));
    expect(preempted(r)).toHaveLength(1);
  });
});
