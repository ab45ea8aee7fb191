import { describe, expect, it } from 'vitest';
import type { RunView } from '../../store/types';
import { eventsSoFar, kubectlObject, podScheduledReason } from './events';

describe('eventsSoFar', () => {
  const run = {
    cycles: [{ time: 1 }, { time: 2 }, { time: 3 }],
    events: [1, 1, 2, 3].map((cycle, i) => ({ cycle, time: i, type: 'Normal', reason: 'Scheduled', object: `Pod/default/p${i}`, message: '' })),
    complete: true,
  } as unknown as RunView;
  it('shows earlier cycles\' events, and this cycle\'s once its last step is on screen', () => {
    expect(eventsSoFar(run, 2, false).map((e) => e.object)).toEqual(['Pod/default/p0', 'Pod/default/p1']);
    expect(eventsSoFar(run, 2, true).map((e) => e.object)).toEqual(['Pod/default/p0', 'Pod/default/p1', 'Pod/default/p2']);
  });

  // issue 19: descheduler-balance's 90 s eviction (between cycle 8 at 30 s and cycle 9 at 90 s) was
  // in the log at cycle 8's last step, its clock at 30 s
  it('shows an event after its cycle\'s second with the next cycle, or at the run\'s last step', () => {
    const ev = (cycle: number, time: number, name: string) => ({ cycle, time, type: 'Normal', reason: 'Descheduled', object: `Pod/default/${name}`, message: '' });
    const timed = {
      cycles: [{ time: 0 }, { time: 30 }, { time: 90 }],
      events: [ev(1, 0, 'a'), ev(2, 30, 'b'), ev(2, 90, 'c'), ev(3, 90, 'd'), ev(3, 120, 'e')],
      complete: true,
    } as unknown as RunView;
    const names = (cycle: number, last: boolean) => eventsSoFar(timed, cycle, last).map((e) => e.object.slice(12));
    expect(names(2, true)).toEqual(['a', 'b']);
    expect(names(3, false)).toEqual(['a', 'b', 'c']);
    expect(names(3, true)).toEqual(['a', 'b', 'c', 'd', 'e']);
    // still streaming: the next cycle may come, the later event waits for it
    expect(eventsSoFar({ ...timed, complete: false }, 3, true).map((e) => e.object.slice(12))).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('kubectlObject', () => {
  it('writes objects as kubectl get events does', () => {
    expect(kubectlObject('Pod/default/web-1')).toEqual({ namespace: 'default', object: 'pod/web-1' });
    expect(kubectlObject('Node/node-1')).toEqual({ object: 'node/node-1' });
  });
});

describe('podScheduledReason', () => {
  // upstream schedule_one.go handleSchedulingFailure: reason SchedulerError unless the error is a FitError
  const run = { cycles: [{ cycle: 1, time: 0, pod: 'default/a', result: 'Unschedulable', phases: [] }, { cycle: 2, time: 10, pod: 'default/a', result: 'Error', phases: [] }] } as unknown as RunView;
  const failed = (cycle: number) => ({ cycle, time: 0, type: 'Warning' as const, reason: 'FailedScheduling', object: 'Pod/default/a', message: '' });
  it('is SchedulerError for a cycle that ended in an error, Unschedulable for one that found no node', () => {
    expect(podScheduledReason(run, failed(2))).toBe('SchedulerError');
    expect(podScheduledReason(run, failed(1))).toBe('Unschedulable');
    expect(podScheduledReason(run, { ...failed(2), object: 'Pod/default/b' })).toBe('Unschedulable');
  });
});
