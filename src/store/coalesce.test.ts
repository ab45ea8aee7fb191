import { describe, expect, it } from 'vitest';
import type { CycleSummary, TimedEvent, WorkerReply } from '../worker/protocol';
import { coalesceEvents } from './simulation';

const cycle = (n: number) => ({ cycle: n }) as unknown as CycleSummary;
const event = (n: number) => ({ cycle: n, reason: `e${n}` }) as unknown as TimedEvent;
const events = (runId: number, ...ns: number[]): WorkerReply => ({ type: 'events', runId, cycles: ns.map(cycle), events: ns.map(event) });

describe('coalesceEvents', () => {
  it('joins consecutive batches of one run in order, and leaves everything else where it was', () => {
    const first = events(1, 1, 2);
    const replies: WorkerReply[] = [first, events(1, 3), events(1, 4, 5), { type: 'done', runId: 1 }, events(2, 1), events(1, 6)];
    const out = coalesceEvents(replies);
    expect(out.map((r) => r.type)).toEqual(['events', 'done', 'events', 'events']);
    expect(out[0]).toEqual(events(1, 1, 2, 3, 4, 5));
    expect(out[2]).toEqual(events(2, 1));
    expect(out[3]).toEqual(events(1, 6));
    // the worker's reply is not changed in place
    expect(first).toEqual(events(1, 1, 2));
  });
});
