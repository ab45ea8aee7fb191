// Queue behaviour after upstream pkg/scheduler/backend/queue/scheduling_queue_test.go and
// backoff_queue_test.go (TestBackoffQueue_calculateBackoffDuration, activeQ ordering, gating,
// moving on cluster events).
import { describe, expect, it } from 'vitest';
import type { QueueMove } from '../api';
import type { ClusterEventWithHint, QueuedPodInfo } from '../framework/interfaces';
import { newPodInfo } from '../framework/podInfo';
import { Status } from '../framework/status';
import { makePod } from '../testing/builders';
import { SchedulingQueue } from './schedulingQueue';

function newQueue(opts: { gated?: (name: string) => boolean; events?: Record<string, ClusterEventWithHint[]> } = {}) {
  let now = 0;
  const moves: QueueMove[] = [];
  const q = new SchedulingQueue({
    less: (a: QueuedPodInfo, b: QueuedPodInfo) => {
      const pa = a.podInfo.pod.spec.priority ?? 0, pb = b.podInfo.pod.spec.priority ?? 0;
      return pa > pb || (pa === pb && a.timestamp < b.timestamp);
    },
    preEnqueue: (pi) => (opts.gated?.(pi.pod.metadata.name) ? Status.unresolvable('waiting for scheduling gates: [g]').withPlugin('SchedulingGates') : Status.success()),
    pluginEvents: (_pi, name) => opts.events?.[name] ?? [],
    initialBackoff: 1,
    maxBackoff: 10,
    now: () => now,
    record: (m) => moves.push(m),
  });
  return { q, moves, setNow: (t: number) => { now = t; } };
}

const pod = (name: string, priority = 0) => newPodInfo(makePod().name(name).priority(priority).obj());

describe('backoff duration (TestBackoffQueue_calculateBackoffDuration)', () => {
  it.each([
    { count: 0, want: 0 }, { count: 1, want: 1 }, { count: 2, want: 2 }, { count: 3, want: 4 },
    { count: 4, want: 8 }, { count: 5, want: 10 }, { count: 30, want: 10 },
  ])('unschedulable count $count → $want s', ({ count, want }) => {
    const { q } = newQueue();
    const info = { podInfo: pod('p'), timestamp: 0, attempts: count, unschedulableCount: count, consecutiveErrorsCount: 0, unschedulablePlugins: new Set<string>(), pendingPlugins: new Set<string>() };
    expect(q.backoffDuration(info)).toBe(want);
  });
  it('uses the consecutive errors count after an error', () => {
    const { q } = newQueue();
    const info = { podInfo: pod('p'), timestamp: 0, attempts: 5, unschedulableCount: 4, consecutiveErrorsCount: 1, unschedulablePlugins: new Set<string>(), pendingPlugins: new Set<string>() };
    expect(q.backoffDuration(info)).toBe(1);
  });
});

describe('activeQ order (PrioritySort)', () => {
  it('pops higher priority first, then earlier arrival', () => {
    const { q, setNow } = newQueue();
    q.add(pod('low', 1));
    setNow(1);
    q.add(pod('high', 10));
    q.add(pod('low-later', 1));
    expect([q.pop(), q.pop(), q.pop()].map((x) => x?.podInfo.pod.metadata.name)).toEqual(['high', 'low', 'low-later']);
    expect(q.pop()).toBeUndefined();
  });
});

describe('gated pods (PreEnqueue)', () => {
  it('keeps a gated pod out of activeQ until its update passes PreEnqueue', () => {
    let gated = true;
    const { q, moves } = newQueue({ gated: () => gated });
    q.add(pod('g'));
    expect(q.pop()).toBeUndefined();
    expect(q.gatingStatus('default/g')?.gatingPlugin).toBe('SchedulingGates');
    gated = false;
    q.update(pod('g'), 'PodUpdate: scheduling gates removed');
    expect(q.pop()?.podInfo.key).toBe('default/g');
    expect(moves.map((m) => m.to)).toEqual(['gated', 'activeQ', 'scheduling']);
  });
});

describe('moving unschedulable pods on cluster events', () => {
  const fitEvents: Record<string, ClusterEventWithHint[]> = {
    NodeResourcesFit: [{ event: { resource: 'Node', actionType: ['Add', 'UpdateNodeAllocatable'] } }, { event: { resource: 'Pod', actionType: ['Delete'] } }],
  };
  it('moves a pod when a plugin that rejected it registered for the event, with backoff still running → backoffQ', () => {
    const { q, setNow } = newQueue({ events: fitEvents });
    q.add(pod('p'));
    const info = q.pop()!;
    q.addUnschedulableIfNotPresent(info, 'rejected', new Set(['NodeResourcesFit']), new Set());
    q.moveAllToActiveOrBackoffQueue({ resource: 'Node', actionType: 'UpdateNodeLabel', label: 'NodeUpdate' });
    expect(q.unschedulableLength).toBe(1);
    q.moveAllToActiveOrBackoffQueue({ resource: 'AssignedPod', actionType: 'Delete', label: 'AssignedPodDelete' });
    expect(q.unschedulableLength).toBe(0);
    expect(q.backoffLength).toBe(1);
    expect(q.nextWakeTime(false)).toBe(1);
    setNow(1);
    q.flushBackoffQCompleted();
    expect(q.activeLength).toBe(1);
  });
  it('a hint returning QueueSkip keeps the pod where it is', () => {
    const { q } = newQueue({ events: { TaintToleration: [{ event: { resource: 'Node', actionType: ['Add'] }, hint: () => 'QueueSkip' }] } });
    q.add(pod('p'));
    q.addUnschedulableIfNotPresent(q.pop()!, 'rejected', new Set(['TaintToleration']), new Set());
    q.moveAllToActiveOrBackoffQueue({ resource: 'Node', actionType: 'Add', label: 'NodeAdd' });
    expect(q.unschedulableLength).toBe(1);
  });
  it('flushes pods that stayed longer than 5 minutes (strictly), on the 30 s tick', () => {
    const { q, setNow } = newQueue();
    q.add(pod('p'));
    q.addUnschedulableIfNotPresent(q.pop()!, 'rejected', new Set(['X']), new Set());
    expect(q.nextWakeTime(true)).toBe(330);
    setNow(300);
    q.flushUnschedulablePodsLeftover();
    expect(q.unschedulableLength).toBe(1);
    setNow(330);
    q.flushUnschedulablePodsLeftover();
    expect(q.activeLength).toBe(1);
  });
  it('pops from backoffQ when activeQ is empty (SchedulerPopFromBackoffQ)', () => {
    const { q } = newQueue({ events: fitEvents });
    q.add(pod('p'));
    q.addUnschedulableIfNotPresent(q.pop()!, 'rejected', new Set(['NodeResourcesFit']), new Set());
    q.moveAllToActiveOrBackoffQueue({ resource: 'Node', actionType: 'Add', label: 'NodeAdd' });
    expect(q.pop()?.podInfo.key).toBe('default/p');
  });
});

// upstream: TestPriorityQueue_AddUnschedulableIfNotPresent with in-flight events
// (determineSchedulingHintForInFlightPod)
describe('events while a pod is in flight', () => {
  const fitEvents: Record<string, ClusterEventWithHint[]> = {
    NodeResourcesFit: [{ event: { resource: 'Node', actionType: ['Add'] } }],
  };
  const nodeAdd = { resource: 'Node', actionType: 'Add', label: 'NodeAdd' } as const;
  const labelChange = { resource: 'Node', actionType: 'UpdateNodeLabel', label: 'NodeLabelChange' } as const;

  it.each([
    { what: 'an event its rejecting plugin registered for sends it back to the queue (backoffQ while backing off)', event: nodeAdd, to: 'backoffQ' },
    { what: 'an event no rejecting plugin cares about leaves it in the unschedulable pool', event: labelChange, to: 'unschedulablePods' },
  ])('$what', ({ event, to }) => {
    const { q, moves } = newQueue({ events: fitEvents });
    q.add(pod('p'));
    const popped = q.pop()!;
    q.moveAllToActiveOrBackoffQueue(event);
    q.addUnschedulableIfNotPresent(popped, 'rejected', new Set(['NodeResourcesFit']), new Set());
    expect(moves.at(-1)).toMatchObject({ from: 'scheduling', to, reason: 'ScheduleAttemptFailure' });
  });

  it('events from before its pop are not replayed, nor events another pod saw in flight', () => {
    const { q, moves } = newQueue({ events: fitEvents });
    q.add(pod('a'));
    q.add(pod('b'));
    const a = q.pop()!;
    q.moveAllToActiveOrBackoffQueue(nodeAdd);
    q.addUnschedulableIfNotPresent(a, 'rejected', new Set(['NodeResourcesFit']), new Set());
    const b = q.pop()!;
    expect(b.podInfo.key).toBe('default/b');
    q.addUnschedulableIfNotPresent(b, 'rejected', new Set(['NodeResourcesFit']), new Set());
    expect(moves.filter((m) => m.pod === 'default/b').at(-1)).toMatchObject({ to: 'unschedulablePods' });
  });
});
