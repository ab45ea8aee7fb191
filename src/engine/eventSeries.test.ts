import { describe, expect, it } from 'vitest';
import { foldEvents, foldedAge, SERIES_FINISH_SECONDS } from './eventSeries';

const ev = (time: number, reason: string, object: string, message: string, type = 'Warning') => ({ time, type, reason, object, message });
const age = (s: number) => `${s}s`;

describe('foldEvents', () => {
  // client-go tools/events (kube-scheduler): the note is not in the key; the series keeps the first note
  it('folds a pod\'s FailedScheduling events into one series, keeping the first message, the count and both times', () => {
    const rows = foldEvents([
      ev(0, 'FailedScheduling', 'Pod/default/a', '0/3 nodes are available: 3 Insufficient cpu.'),
      ev(10, 'FailedScheduling', 'Pod/default/a', '0/4 nodes are available: 4 Insufficient cpu.'),
      ev(30, 'FailedScheduling', 'Pod/default/a', '0/4 nodes are available: 4 Insufficient cpu.'),
    ]);
    expect(rows).toEqual([{ event: ev(0, 'FailedScheduling', 'Pod/default/a', '0/3 nodes are available: 3 Insufficient cpu.'), count: 3, firstTime: 0, lastTime: 30 }]);
    expect(foldedAge(rows[0]!, age, 100)).toBe('70s (x3 over 100s)');
  });
  it('starts a new series after 6 minutes without one (finishTime), and keeps other pods and reasons apart', () => {
    const rows = foldEvents([
      ev(0, 'FailedScheduling', 'Pod/default/a', 'm'),
      ev(5, 'FailedScheduling', 'Pod/default/b', 'm'),
      ev(SERIES_FINISH_SECONDS, 'FailedScheduling', 'Pod/default/a', 'm'),
      ev(2 * SERIES_FINISH_SECONDS + 1, 'FailedScheduling', 'Pod/default/a', 'm'),
      ev(2 * SERIES_FINISH_SECONDS + 2, 'Scheduled', 'Pod/default/a', 'Successfully assigned default/a to n1', 'Normal'),
    ]);
    expect(rows.map((r) => [r.event.object, r.event.reason, r.count, r.firstTime, r.lastTime])).toEqual([
      ['Pod/default/b', 'FailedScheduling', 1, 5, 5],
      ['Pod/default/a', 'FailedScheduling', 2, 0, SERIES_FINISH_SECONDS],
      ['Pod/default/a', 'FailedScheduling', 1, 2 * SERIES_FINISH_SECONDS + 1, 2 * SERIES_FINISH_SECONDS + 1],
      ['Pod/default/a', 'Scheduled', 1, 2 * SERIES_FINISH_SECONDS + 2, 2 * SERIES_FINISH_SECONDS + 2],
    ]);
    expect(foldedAge(rows[0]!, age, 10)).toBe('5s');
  });
  // client-go tools/record (controllers): only identical events are counted, whenever they come
  it('counts a controller\'s identical events, and keeps events with other messages apart', () => {
    const rows = foldEvents([
      ev(0, 'FailedCreate', 'ReplicaSet/r/web-1', 'Error creating: exceeded quota'),
      ev(1, 'SuccessfulCreate', 'ReplicaSet/r/web-1', 'Created pod: web-1-a', 'Normal'),
      ev(1000, 'FailedCreate', 'ReplicaSet/r/web-1', 'Error creating: exceeded quota'),
      ev(1001, 'SuccessfulCreate', 'ReplicaSet/r/web-1', 'Created pod: web-1-b', 'Normal'),
    ]);
    expect(rows.map((r) => [r.event.reason, r.event.message, r.count, r.firstTime, r.lastTime])).toEqual([
      ['SuccessfulCreate', 'Created pod: web-1-a', 1, 1, 1],
      ['FailedCreate', 'Error creating: exceeded quota', 2, 0, 1000],
      ['SuccessfulCreate', 'Created pod: web-1-b', 1, 1001, 1001],
    ]);
  });
  it('keeps Preempted events of different preemptors apart (the related object)', () => {
    const rows = foldEvents([
      ev(0, 'Preempted', 'Pod/default/v', 'Preempted by pod x on node n1', 'Normal'),
      ev(1, 'Preempted', 'Pod/default/v', 'Preempted by pod y on node n1', 'Normal'),
    ]);
    expect(rows.map((r) => r.count)).toEqual([1, 1]);
  });
});
