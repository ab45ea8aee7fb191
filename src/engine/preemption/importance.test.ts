// TestGetEarliestPodStartTime from upstream pkg/scheduler/util/utils_test.go; the
// MoreImportantPod rows and the tie-break rows of pickOneNodeForPreemption are ours.
import { describe, expect, it } from 'vitest';
import { newPodInfo } from '../framework/podInfo';
import { makePod } from '../testing/builders';
import { earliestStartOfMostImportant, moreImportantPod, sortByImportance } from './importance';
import { defaultScoreFuncs, pickOneNodeForPreemption } from './pickOneNode';

const pod = (name: string, priority: number, start?: number) => {
  const w = makePod().name(name).priority(priority);
  return (start === undefined ? w : w.startTime(start)).obj();
};
const NOW = 50;

describe('earliestStartOfMostImportant (upstream TestGetEarliestPodStartTime)', () => {
  it.each([
    { name: 'the earliest start among the highest-priority victims', pods: [pod('pod1', 1, 11), pod('pod2', 2, 11), pod('pod3', 2, 10)], want: 10 },
    { name: 'all of equal priority: the earliest start', pods: [pod('pod1', 2, 10), pod('pod2', 2, 11), pod('pod3', 2, 12)], want: 10 },
    { name: 'no victims', pods: [], want: undefined },
    { name: 'a pod that has not started counts as started now', pods: [pod('pod1', 2), pod('pod2', 1, 1)], want: NOW },
  ])('$name', ({ pods, want }) => {
    expect(earliestStartOfMostImportant(pods, NOW)).toBe(want);
  });
});

describe('moreImportantPod', () => {
  it.each([
    { name: 'higher priority wins regardless of start time', a: pod('a', 100, 20), b: pod('b', 10, 1), want: true },
    { name: 'lower priority loses', a: pod('a', 10, 1), b: pod('b', 100, 20), want: false },
    { name: 'equal priority: the earlier start wins', a: pod('a', 10, 1), b: pod('b', 10, 2), want: true },
    { name: 'equal priority and start: neither wins', a: pod('a', 10, 1), b: pod('b', 10, 1), want: false },
    { name: 'not started counts as now', a: pod('a', 10), b: pod('b', 10, NOW - 1), want: false },
  ])('$name', ({ a, b, want }) => {
    expect(moreImportantPod(a, b, NOW)).toBe(want);
  });

  it('sorts stably, most important first', () => {
    const pods = [pod('x', 0, 1), pod('y', 5, 3), pod('z', 0, 1), pod('w', 5, 2)];
    expect(sortByImportance(pods, (p) => p, NOW).map((p) => p.metadata.name)).toEqual(['w', 'y', 'x', 'z']);
  });
});

describe('pickOneNodeForPreemption', () => {
  const victims = (...pods: ReturnType<typeof pod>[]) => ({ pods: pods.map(newPodInfo), numPDBViolations: 0 });

  it('records each criterion until one node is left', () => {
    const m = new Map([
      ['a', { ...victims(pod('a1', 100, 1)), numPDBViolations: 1 }],
      ['b', victims(pod('b1', 100, 1), pod('b2', 0, 1))],
      ['c', victims(pod('c1', 100, 1))],
    ]);
    const { node, steps } = pickOneNodeForPreemption([...m.keys()], defaultScoreFuncs(m, NOW), () => { throw new Error('no tie expected'); });
    expect(node).toBe('c');
    expect(steps).toEqual([
      { criterion: 'minNumPDBViolations', nodes: ['b', 'c'] },
      { criterion: 'minHighestPriority', nodes: ['b', 'c'] },
      { criterion: 'minSumPriorities', nodes: ['c'] },
    ]);
  });

  it('a tie after every criterion is broken by the generator, recorded as "random"', () => {
    const m = new Map([['a', victims(pod('a1', 100, 1))], ['b', victims(pod('b1', 100, 1))]]);
    const { node, steps } = pickOneNodeForPreemption([...m.keys()], defaultScoreFuncs(m, NOW), (tied) => tied[1]!);
    expect(node).toBe('b');
    expect(steps.map((s) => s.criterion)).toEqual(['minNumPDBViolations', 'minHighestPriority', 'minSumPriorities', 'minNumPods', 'latestStartTime', 'random']);
    expect(steps.at(-2)).toEqual({ criterion: 'latestStartTime', nodes: ['a', 'b'] });
    expect(steps.at(-1)).toEqual({ criterion: 'random', nodes: ['b'] });
  });

  it('negative priorities still sum upward (priority + 2^31 per victim)', () => {
    // Two victims at -100 must weigh more than one victim at -100.
    const m = new Map([['two', victims(pod('t1', -100, 1), pod('t2', -100, 1))], ['one', victims(pod('o1', -100, 1))]]);
    expect(pickOneNodeForPreemption([...m.keys()], defaultScoreFuncs(m, NOW), () => 'x').node).toBe('one');
  });
});
