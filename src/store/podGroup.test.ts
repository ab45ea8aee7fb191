import { describe, expect, it } from 'vitest';
import type { CycleTrace, PodGroupCycleTrace } from '../engine/api';
import { cycle } from '../worker/testing/results';
import { assumedMembers, groupConditionText, groupProgress, placementMarks, quorumText } from './podGroup';

// a gang of four tried in cycles 5–8: three placed, the fourth found no node
const group: PodGroupCycleTrace = {
  name: 'default/training', firstCycle: 5, members: ['default/w0', 'default/w1', 'default/w2', 'default/w3'], minCount: 4, bound: 0, placed: 3,
  attempts: [{ pod: 'default/w0', node: 'n1' }, { pod: 'default/w1', node: 'n2' }, { pod: 'default/w2', node: 'n3' }, { pod: 'default/w3', message: '0/3 nodes are available: 3 Insufficient cpu.' }],
  result: 'Unschedulable',
  placements: [
    { name: 'rack-a', nodes: ['n1', 'n2'], feasible: false, assignments: [], message: 'no' },
    { name: 'rack-b', nodes: ['n3', 'n4'], feasible: true, assignments: [], scores: [{ plugin: 'NodeResourcesFit', score: 80 }], totalScore: 80, chosen: true },
  ],
};
const member = (n: number): CycleTrace => cycle(n, group.members[n - 5]!, { podGroup: group });

describe('groupProgress: the quorum as far as the stepper has got', () => {
  const rows = [
    { name: 'at PlacementGenerate of the first member nothing is placed yet', trace: member(5), phase: 'PlacementGenerate' as const, last: false, text: '0 of 4 placed · needs 4', unplaced: undefined, result: undefined },
    { name: 'at the first member\'s PreFilter and Filter its attempt is not on screen yet', trace: member(5), phase: 'Filter' as const, last: false, text: '0 of 4 placed · needs 4', unplaced: undefined, result: undefined },
    { name: 'from Select its node is: it counts', trace: member(5), phase: 'Select' as const, last: false, text: '1 of 4 placed · needs 4', unplaced: undefined, result: undefined },
    { name: 'after the first member its attempt counts', trace: member(5), phase: 'Permit' as const, last: true, text: '1 of 4 placed · needs 4', unplaced: undefined, result: undefined },
    { name: 'the third member: 3 of 4', trace: member(7), phase: 'Permit' as const, last: true, text: '3 of 4 placed · needs 4', unplaced: undefined, result: undefined },
    { name: 'the fourth member found no node: named from its Filter, before the verdict', trace: member(8), phase: 'Filter' as const, last: false, text: '3 of 4 placed · needs 4', unplaced: 'default/w3', result: undefined },
    { name: 'the fourth member found no node: named with its reason, and the verdict at its last step', trace: member(8), phase: 'Filter' as const, last: true, text: '3 of 4 placed · needs 4', unplaced: 'default/w3', result: 'Unschedulable' },
  ];
  it.each(rows)('$name', ({ trace, phase, last, text, unplaced, result }) => {
    const p = groupProgress(trace, phase, last)!;
    expect(quorumText(p)).toBe(text);
    expect(p.unplaced?.pod).toBe(unplaced);
    expect(p.result).toBe(result);
  });

  it('a cycle of a pod without a group has none', () => {
    expect(groupProgress(cycle(1, 'default/p'), 'Filter', true)).toBeUndefined();
  });
});

describe("groupConditionText: the PodGroup's condition once the verdict is on screen", () => {
  const failed = { ...group, condition: { type: 'PodGroupInitiallyScheduled', status: 'False' as const, reason: 'Unschedulable', message: 'pod group is unschedulable' } };
  const done = { ...group, result: 'Scheduled' as const, condition: { type: 'PodGroupInitiallyScheduled', status: 'True' as const, reason: 'Scheduled', message: '' } };
  it.each([
    { name: 'before the last member: no verdict, no condition', g: failed, n: 7, last: true, want: undefined },
    { name: 'unschedulable: False with its reason', g: failed, n: 8, last: true, want: 'PodGroupInitiallyScheduled False (Unschedulable)' },
    { name: 'scheduled: True', g: done, n: 8, last: true, want: 'PodGroupInitiallyScheduled True' },
    { name: 'a trace without a condition (older results): none', g: group, n: 8, last: true, want: undefined },
  ])('$name', ({ g, n, last, want }) => {
    const p = groupProgress(cycle(n, g.members[n - 5]!, { podGroup: g }), 'Filter', last)!;
    expect(groupConditionText(p)).toBe(want);
  });
});

describe('placementMarks: candidate placements on the nodes they cover', () => {
  it('PlacementGenerate outlines every candidate, unscored and none chosen', () => {
    const marks = placementMarks(member(5), 'PlacementGenerate');
    expect([...marks.keys()]).toEqual(['n1', 'n2', 'n3', 'n4']);
    expect(marks.get('n3')).toEqual({ name: 'rack-b', feasible: true, chosen: false });
  });
  it('PlacementScore adds the verdict, the score and the chosen one', () => {
    const marks = placementMarks(member(5), 'PlacementScore');
    expect(marks.get('n1')).toEqual({ name: 'rack-a', feasible: false, chosen: false });
    expect(marks.get('n4')).toEqual({ name: 'rack-b', feasible: true, chosen: true, score: 80 });
  });
  it('other points draw no placement', () => {
    expect(placementMarks(member(5), 'Filter').size).toBe(0);
  });
});

describe('assumedMembers: members placed earlier in the group cycle are drawn on their nodes', () => {
  const scheduled: PodGroupCycleTrace = { ...group, minCount: 3, result: 'Scheduled' };
  const of = (g: PodGroupCycleTrace, n: number): CycleTrace => cycle(n, g.members[n - 5]!, { podGroup: g });
  it.each([
    { name: 'the first member: nobody placed before it', trace: of(group, 5), phase: 'Permit' as const, last: true, members: [], bound: false },
    { name: 'the third member: the two before it wait on their nodes', trace: of(group, 7), phase: 'Filter' as const, last: false, members: [['default/w0', 'n1'], ['default/w1', 'n2']], bound: false },
    { name: 'the last member before the verdict: three wait on their nodes', trace: of(group, 8), phase: 'Filter' as const, last: false, members: [['default/w0', 'n1'], ['default/w1', 'n2'], ['default/w2', 'n3']], bound: false },
    { name: 'an unschedulable group\'s verdict: all go back to the queue', trace: of(group, 8), phase: 'Filter' as const, last: true, members: [], bound: false },
    { name: 'a scheduled group\'s verdict: they bind together', trace: of(scheduled, 8), phase: 'Filter' as const, last: true, members: [['default/w0', 'n1'], ['default/w1', 'n2'], ['default/w2', 'n3']], bound: true },
  ])('$name', ({ trace, phase, last, members, bound }) => {
    const a = assumedMembers(trace, phase, last);
    expect([...a.members]).toEqual(members);
    expect(a.bound).toBe(bound);
  });
});
