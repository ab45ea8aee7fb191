import { describe, expect, it } from 'vitest';
import type { RunView } from '../../store/types';
import { eventsSoFar, kubectlObject, podScheduledReason } from './events';

describe('eventsSoFar', () => {
  const run = {
    events: [1, 1, 2, 3].map((cycle, i) => ({ cycle, time: i, type: 'Normal', reason: 'Scheduled', object: `Pod/default/p${i}`, message: '' })),
  } as unknown as RunView;
  it('shows earlier cycles\' events, and this cycle\'s once its last step is on screen', () => {
    expect(eventsSoFar(run, 2, false).map((e) => e.object)).toEqual(['Pod/default/p0', 'Pod/default/p1']);
    expect(eventsSoFar(run, 2, true).map((e) => e.object)).toEqual(['Pod/default/p0', 'Pod/default/p1', 'Pod/default/p2']);
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
