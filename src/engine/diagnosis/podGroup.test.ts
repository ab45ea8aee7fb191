// "Why is my training job Pending?": a member's diagnosis names its PodGroup, the quorum reached,
// the member that found no node and why, and what workload-aware preemption said.
// upstream: pkg/scheduler/schedule_one_podgroup.go (the group's status and each member's).
import { describe, expect, it } from 'vitest';
import { simulate } from '../index';
import gang from '../../../scenarios/gang-podgroup.yaml?raw';
import rack from '../../../scenarios/topology-training-rack.yaml?raw';
import { diagnoseCycle, latestCycleOf } from './diagnose';

function diagnosisOf(text: string, pod: string, until: number) {
  const outcome = simulate(text, { fileName: 'test.yaml', until });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => e.message).join('\n'));
  const cycle = latestCycleOf(outcome.result.cycles, pod)!;
  return diagnoseCycle(cycle, outcome.result.nodes.map((n) => n.name));
}

describe('diagnosis of a pod-group member', () => {
  it('1.37 gang waiting for its fourth node: a placed member names the one that found no node', () => {
    const d = diagnosisOf(gang, 'default/worker-0', 30)!;
    expect(d.podGroup).toEqual({
      name: 'default/training-workers-0', minCount: 4, members: 4, placed: 3, bound: 0,
      unplaced: { pod: 'default/worker-3', message: expect.stringMatching(/^0\/3 nodes are available: 3 Insufficient cpu\./) },
      message: 'pod group is unschedulable, pod group preemption: No preemption victims found for incoming preemptor',
      preemption: { result: 'Unschedulable', message: 'pod group preemption: No preemption victims found for incoming preemptor' },
    });
  });

  it('1.36 no rack holds the job: the placements are counted', () => {
    const d = diagnosisOf(rack.replaceAll('cpu: 1500m', 'cpu: 2500m'), 'default/worker-0', 30)!;
    expect(d.podGroup?.placements).toEqual({ feasible: 0, total: 3 });
    expect(d.podGroup?.message).toMatch(/^0\/3 placements are available, first placement status: /);
  });

  it('a member of a group that scheduled has nothing to diagnose', () => {
    expect(diagnosisOf(gang, 'default/worker-0', 120)).toBeUndefined();
  });
});
