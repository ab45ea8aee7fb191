// A CompositePodGroup hierarchy scheduled in one cycle (v1.37 alpha, gate CompositePodGroup;
// KEP-6012), end to end, and the example scenarios/composite-pod-group.yaml.
// upstream: pkg/scheduler/algorithm_podgroup.go (RunRootSchedulingAlgorithm,
// compositePodGroupSchedulingPlacementAlgorithm / DefaultAlgorithm, successfulLeafResults),
// GangScheduling PreEnqueue (checkCPGHierarchyReadiness) and PlacementFeasible (its messages).
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { simulate } from './index';
import example from '../../scenarios/composite-pod-group.yaml?raw';

function run(yaml: string, until?: number): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml', ...(until !== undefined ? { until } : {}) });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}
const nodeOf = (r: SimulationResult, pod: string) => r.pods.find((p) => p.pod === `default/${pod}`)?.node;
const blockOf = (node: string | undefined) => (node === undefined ? undefined : node < 'r3' ? 'block-1' : 'block-2');
const rackOf = (node: string | undefined) => node?.slice(0, 2);

describe('scenarios/composite-pod-group.yaml: two replicas in one block, each in one rack', () => {
  it('all four pods bind in block-2 at once, each replica in a rack of its own', () => {
    const r = run(example);
    const pods = ['lws-0-leader', 'lws-0-worker', 'lws-1-leader', 'lws-1-worker'];
    expect(pods.map((p) => blockOf(nodeOf(r, p)))).toEqual(['block-2', 'block-2', 'block-2', 'block-2']);
    expect(rackOf(nodeOf(r, 'lws-0-leader'))).toBe(rackOf(nodeOf(r, 'lws-0-worker')));
    expect(rackOf(nodeOf(r, 'lws-1-leader'))).toBe(rackOf(nodeOf(r, 'lws-1-worker')));
    expect(rackOf(nodeOf(r, 'lws-0-leader'))).not.toBe(rackOf(nodeOf(r, 'lws-1-leader')));
    const group = r.cycles.find((c) => c.pod === 'default/lws-0-leader')!.podGroup!;
    expect(group.result).toBe('Scheduled');
    const root = group.compositePodGroups![0]!;
    expect(root).toMatchObject({ name: 'default/lws', minGroupCount: 2, scheduledChildren: 2, result: 'Scheduled', children: ['PodGroup default/lws-replica-0', 'PodGroup default/lws-replica-1'] });
    expect(root.condition).toEqual({ type: 'CompositePodGroupInitiallyScheduled', status: 'True', reason: 'Scheduled', message: '' });
    // block-1 holds only one replica (r1-n1 is busy): infeasible for a gang of 2 replicas
    const byName = Object.fromEntries(root.placements!.map((p) => [p.name, p]));
    expect(byName['block-1']).toMatchObject({ feasible: false, message: 'minCount (2) cannot be satisfied: 1 scheduled, 0 remaining' });
    expect(byName['block-2']).toMatchObject({ feasible: true, chosen: true });
    // one cycle bound all four
    expect(new Set(r.cycles.filter((c) => c.podGroup).map((c) => c.time))).toEqual(new Set([0]));
  });

  it('with the parent placement too small everywhere, nothing binds and every group says why', () => {
    // a second busy pod takes r3-n1: block-2 holds one replica too
    const busy = '---\napiVersion: v1\nkind: Pod\nmetadata: {name: busy-r3}\nspec:\n  nodeName: r3-n1\n  containers: [{name: app, image: app, resources: {requests: {cpu: "2"}}}]\n';
    const r = run(example + busy);
    for (const p of ['lws-0-leader', 'lws-0-worker', 'lws-1-leader', 'lws-1-worker']) expect(nodeOf(r, p)).toBeUndefined();
    const root = r.cycles.find((c) => c.podGroup?.compositePodGroups)!.podGroup!.compositePodGroups![0]!;
    expect(root.result).toBe('Unschedulable');
    expect(root.message).toBe('0/2 placements are available, first placement status: minCount (2) cannot be satisfied: 1 scheduled, 0 remaining');
    expect(root.condition).toMatchObject({ status: 'False', reason: 'Unschedulable' });
  });
});

const hierarchy = (rootPolicy: string, opts: { withRoot?: boolean; replicas?: number; cpu?: string } = {}) => {
  const docs = [
    'apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: h}\nspec:\n  kubernetesVersion: "1.37"\n  featureGates: {GenericWorkload: true, CompositePodGroup: true}',
    'apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {allocatable: {cpu: "4", memory: 16Gi, pods: "110"}}',
  ];
  if (opts.withRoot !== false) docs.push(`apiVersion: scheduling.k8s.io/v1alpha3\nkind: CompositePodGroup\nmetadata: {name: root}\nspec: {workloadRef: {workloadName: w, templateName: root}, schedulingPolicy: ${rootPolicy}}`);
  for (let i = 0; i < (opts.replicas ?? 2); i++) {
    docs.push(`apiVersion: scheduling.k8s.io/v1beta1\nkind: PodGroup\nmetadata: {name: g${i}}\nspec: {parentCompositePodGroupName: root, workloadRef: {workloadName: w, templateName: g}, schedulingPolicy: {gang: {minCount: 2}}}`);
    for (const m of ['a', 'b']) docs.push(`apiVersion: v1\nkind: Pod\nmetadata: {name: g${i}-${m}}\nspec:\n  schedulingGroup: {podGroupName: g${i}}\n  containers: [{name: c, image: i, resources: {requests: {cpu: "${opts.cpu ?? '1'}"}}}]`);
  }
  return docs.join('\n---\n');
};

describe('a hierarchy on one node', () => {
  it('a gang of 2 replicas that fits binds all four pods in one cycle', () => {
    const r = run(hierarchy('{gang: {minGroupCount: 2}}'));
    expect(['g0-a', 'g0-b', 'g1-a', 'g1-b'].map((p) => nodeOf(r, p))).toEqual(['n1', 'n1', 'n1', 'n1']);
  });

  it('a gang of 2 replicas where only one fits: nothing binds (all or nothing over minGroupCount)', () => {
    // 1500m each: three fit the 4-cpu node, so replica g1 cannot complete its own gang of 2
    const r = run(hierarchy('{gang: {minGroupCount: 2}}', { cpu: '1500m' }));
    expect(['g0-a', 'g0-b', 'g1-a', 'g1-b'].map((p) => nodeOf(r, p))).toEqual([undefined, undefined, undefined, undefined]);
    const g0 = r.cycles.find((c) => c.pod === 'default/g0-a')!.podGroup!;
    // g0 fit on its own but its parent failed: its members do not bind
    expect(g0.result).toBe('Unschedulable');
    expect(g0.message).toBe('pod group is unschedulable, composite pod group "root": minCount (2) cannot be satisfied: 1 scheduled, 0 remaining');
    expect(g0.compositePodGroups![0]).toMatchObject({ result: 'Unschedulable', scheduledChildren: 1, condition: { status: 'False', reason: 'Unschedulable' } });
    // each placed member: its own status (the leader waited at Permit for the worker), then the parent's reason
    const failed = (pod: string) => r.events.find((e) => e.reason === 'FailedScheduling' && e.object === `Pod/default/${pod}`)?.message;
    expect(failed('g0-a')).toBe('pod group is unschedulable, waiting for minCount pods from a gang to be waiting on permit, composite pod group "root": minCount (2) cannot be satisfied: 1 scheduled, 0 remaining');
    expect(failed('g0-b')).toBe('pod group is unschedulable, composite pod group "root": minCount (2) cannot be satisfied: 1 scheduled, 0 remaining');
  });

  it('a basic CompositePodGroup binds the replica that fits and sends the other back', () => {
    const r = run(hierarchy('{basic: {}}', { cpu: '1500m' }));
    expect(['g0-a', 'g0-b'].map((p) => nodeOf(r, p))).toEqual(['n1', 'n1']);
    expect(['g1-a', 'g1-b'].map((p) => nodeOf(r, p))).toEqual([undefined, undefined]);
    const g1 = r.cycles.find((c) => c.pod === 'default/g1-a' && c.podGroup)!.podGroup!;
    expect(g1.result).toBe('Unschedulable');
    expect(g1.compositePodGroups![0]).toMatchObject({ result: 'Scheduled', scheduledChildren: 1, minGroupCount: 1 });
  });

  it('without its root the hierarchy waits at PreEnqueue (GangScheduling)', () => {
    const r = run(hierarchy('{basic: {}}', { withRoot: false }));
    const pod = r.pods.find((p) => p.pod === 'default/g0-a')!;
    expect(pod.node).toBeUndefined();
    expect(r.cycles.filter((c) => c.pod === 'default/g0-a')).toEqual([]);
    expect(r.queue.find((m) => m.pod === 'default/g0-a' && m.to === 'gated')?.reason).toContain('waiting for composite pod group "root" tree to meet quorum');
  });

  it('the root created later (CompositePodGroup/Add) lets the waiting hierarchy in: all bind then', () => {
    const text = hierarchy('{basic: {}}', { withRoot: false }).replace('  featureGates:', '  timeline: [{at: 30, action: apply, object: {apiVersion: scheduling.k8s.io/v1alpha3, kind: CompositePodGroup, metadata: {name: root}, spec: {workloadRef: {workloadName: w, templateName: root}, schedulingPolicy: {gang: {minGroupCount: 2}}}}}]\n  featureGates:');
    const r = run(text);
    expect(['g0-a', 'g0-b', 'g1-a', 'g1-b'].map((p) => nodeOf(r, p))).toEqual(['n1', 'n1', 'n1', 'n1']);
    expect(r.events.filter((e) => e.reason === 'Scheduled').map((e) => e.time)).toEqual([30, 30, 30, 30]);
  });

  it('a gang root waits at PreEnqueue until minGroupCount children are ready', () => {
    const r = run(hierarchy('{gang: {minGroupCount: 3}}'));
    expect(r.pods.filter((p) => p.pod.startsWith('default/g')).map((p) => p.node)).toEqual([undefined, undefined, undefined, undefined]);
    expect(r.cycles.filter((c) => c.podGroup)).toEqual([]);
  });

  it('a group at another priority than the root makes the hierarchy invalid: every member fails with the error', () => {
    const text = hierarchy('{gang: {minGroupCount: 2}}').replace('metadata: {name: root}\nspec: {', 'metadata: {name: root}\nspec: {priority: 10, ');
    // the error sends every member to backoff and back: a minute of it is enough
    const r = run(text, 60);
    const trace = r.cycles.find((c) => c.pod === 'default/g0-a')!;
    expect(trace.result).toBe('Error');
    expect(trace.message).toBe("all pod groups in a hierarchy should have the same priority as the root pod group's priority, got 0 and 10");
    expect(nodeOf(r, 'g0-a')).toBeUndefined();
  });

  it('the gate off: the same PodGroups are refused at their parent field', () => {
    const outcome = simulate(hierarchy('{basic: {}}', { withRoot: false }).replace(', CompositePodGroup: true', ''), { fileName: 'test.yaml' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.errors[0]!.message).toContain('spec.parentCompositePodGroupName: Forbidden: may not be set');
  });
});
