// Cases from upstream queuesort/priority_sort_test.go (TestLess).
import { describe, expect, it } from 'vitest';
import type { QueuedPodInfo } from '../../framework/interfaces';
import { newPodInfo } from '../../framework/podInfo';
import { makePod } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import { PrioritySort } from './index';

const lowPriority = 10;
const highPriority = 100;
const t1 = 100;
const t2 = 101;

function queued(name: string, priority: number, timestamp: number): QueuedPodInfo {
  return {
    podInfo: newPodInfo(makePod().name(name).priority(priority).obj()),
    timestamp, attempts: 0, unschedulableCount: 0, consecutiveErrorsCount: 0,
    unschedulablePlugins: new Set(), pendingPlugins: new Set(),
  };
}

describe('PrioritySort Less (TestLess)', () => {
  it.each([
    { name: 'p1.priority less than p2.priority', p1: queued('p1', lowPriority, t1), p2: queued('p2', highPriority, t1), want: false },
    { name: 'p1.priority greater than p2.priority', p1: queued('p1', highPriority, t1), p2: queued('p2', lowPriority, t1), want: true },
    { name: 'equal priority. p1 is added to schedulingQ earlier than p2', p1: queued('p1', highPriority, t1), p2: queued('p2', highPriority, t2), want: true },
    { name: 'equal priority. p2 is added to schedulingQ earlier than p1', p1: queued('p1', highPriority, t2), p2: queued('p2', highPriority, t1), want: false },
    { name: 'Podplay: same simulated instant, p1 added first (stands in for nanosecond timestamps)', p1: { ...queued('p1', highPriority, t1), sequence: 1 }, p2: { ...queued('p2', highPriority, t1), sequence: 2 }, want: true },
    { name: 'Podplay: same simulated instant, p2 added first', p1: { ...queued('p1', highPriority, t1), sequence: 2 }, p2: { ...queued('p2', highPriority, t1), sequence: 1 }, want: false },
  ])('$name', ({ p1, p2, want }) => {
    const plugin = PrioritySort.factory(undefined, newTestEnv({ nodes: [] }).handle);
    expect(plugin.less!(p1, p2)).toBe(want);
  });
});
