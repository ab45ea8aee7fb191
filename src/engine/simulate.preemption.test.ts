// Preemption end to end, for the fidelity corrections of issue 12: a PodDisruptionBudget's stored
// status is what preemption reads from the first cycle, and victims deleted at once requeue the
// preemptor by their deletion event.
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { simulate } from './index';

function run(yaml: string, until?: number): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml', ...(until !== undefined ? { until } : {}) });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}

const node = (name: string) => `apiVersion: v1
kind: Node
metadata: {name: ${name}}
status: {allocatable: {cpu: "1", memory: 4Gi, pods: "110"}}`;
const priorityClasses = [['p0', 0], ['p10', 10], ['p20', 20], ['p1000', 1000]].map(([name, value]) => `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: ${name}}
value: ${value}`).join('\n---\n');
const running = (name: string, nodeName: string, priority: number, extra = '') => `apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default, labels: {app: ${name}}}
spec: {nodeName: ${nodeName}, priorityClassName: p${priority},${extra} containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]}`;
const preemptor = `${priorityClasses}
---
apiVersion: v1
kind: Pod
metadata: {name: critical, namespace: default}
spec: {priorityClassName: p1000, containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]}`;
const pdb = (name: string, app: string, status: string) => `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: ${name}, namespace: default}
spec: {minAvailable: 0, selector: {matchLabels: {app: ${app}}}}${status}`;

describe('a PodDisruptionBudget with a status (as in a cluster dump)', () => {
  // pickOneNodeForPreemption: fewest PDB violations first, then the lowest highest-priority
  // victim. node-b's victim has the lower priority; only the budgets' status tells them apart.
  const scenario = (statusA: string) => [
    node('node-a'), node('node-b'),
    running('victim-a', 'node-a', 20), running('victim-b', 'node-b', 10),
    pdb('budget-a', 'victim-a', statusA), pdb('budget-b', 'victim-b', '\nstatus: {disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1}'),
    preemptor,
  ].join('\n---\n');

  it('counts its disruptionsAllowed in the first cycle: the victim it allows is not a violation', () => {
    const r = run(scenario('\nstatus: {disruptionsAllowed: 1, currentHealthy: 1, desiredHealthy: 0, expectedPods: 1, disruptedPods: {}}'));
    const first = r.cycles.find((c) => c.pod === 'default/critical')!;
    const byNode = Object.fromEntries(first.postFilter!.candidates.map((c) => [c.node, c.pdbViolations]));
    expect(byNode).toEqual({ 'node-a': 0, 'node-b': 1 });
    expect(first.postFilter!.chosen).toEqual({ node: 'node-a', victims: ['default/victim-a'] });
  });

  it('without a status both budgets allow nothing, and the lower-priority victim decides', () => {
    const r = run(scenario(''));
    const first = r.cycles.find((c) => c.pod === 'default/critical')!;
    expect(first.postFilter!.chosen).toEqual({ node: 'node-b', victims: ['default/victim-b'] });
  });

  it('refuses a negative disruptionsAllowed at its line', () => {
    const outcome = simulate(scenario('\nstatus: {disruptionsAllowed: -1}'), { fileName: 'test.yaml' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors.map((e) => e.path)).toContain('status.disruptionsAllowed');
  });
});

describe('victims with terminationGracePeriodSeconds: 0', () => {
  it('their deletion after the cycle moves the preemptor back at once, not at the 5-minute flush', () => {
    const r = run([node('node-a'), running('victim', 'node-a', 0, ' terminationGracePeriodSeconds: 0,'), preemptor].join('\n---\n'));
    const cycles = r.cycles.filter((c) => c.pod === 'default/critical');
    // SchedulerPopFromBackoffQ: with activeQ empty the backoffQ's head is popped before its backoff ends
    expect(cycles.map((c) => [c.time, c.result, c.selected])).toEqual([[0, 'Unschedulable', 'node-a'], [0, 'Scheduled', 'node-a']]);
    expect(r.pods.find((p) => p.pod === 'default/victim')).toMatchObject({ reason: 'Preempted', deletedAt: 0 });
    const moves = r.queue.filter((m) => m.pod === 'default/critical').map((m) => [m.from, m.to, m.reason]);
    expect(moves).toContainEqual(['unschedulablePods', 'backoffQ', 'AssignedPodDelete']);
  });
});
