// The supervised worker client against fake workers: a dead worker is replaced and its load sent
// again (once), a load stuck in its synchronous part is replaced by a newer one or a cancel.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWorkerClient, HEAR_WITHIN_MS, MAX_RETRIES, STEP_BUDGET_MS, SUPERSEDE_AFTER_MS } from './client';
import type { WorkerReply, WorkerRequest } from './protocol';
import { FakeWorker } from './testing/fakeWorker';

function harness() {
  const workers: FakeWorker[] = [];
  let clock = 0;
  const client = createWorkerClient(() => { const w = new FakeWorker(); workers.push(w); return w; }, (flush) => flush(), () => clock);
  const replies: WorkerReply[] = [];
  client.subscribe((batch) => replies.push(...batch));
  return { client, workers, replies, current: () => workers.at(-1)!, advance: (ms: number) => { clock += ms; } };
}

const load = (runId: number): WorkerRequest => ({ type: 'load', runId, text: `t${runId}`, options: {} });

describe('supervised worker client', () => {
  it(`replaces a worker that dies mid-load and sends the load again, at most ${MAX_RETRIES} time(s)`, () => {
    const h = harness();
    h.current().reply({ type: 'ready' });
    h.client.send(load(1));
    h.current().crash('out of memory');
    expect(h.workers).toHaveLength(2);
    expect(h.workers[0]!.terminated).toBe(true);
    expect(h.current().received).toEqual([load(1)]);
    expect(h.replies.at(-1)).toEqual({ type: 'failed', runId: 1, cause: 'crash', message: 'out of memory', retrying: true });
    // the new worker fails before its module has loaded: it could not start
    for (let i = 0; i < MAX_RETRIES; i++) h.current().crash('');
    expect(h.replies.at(-1)).toEqual({ type: 'failed', runId: 1, cause: 'start', message: '', retrying: false });
    expect(h.current().received).toEqual([]);
  });

  it('a worker that dies with nothing loaded is replaced and reported', () => {
    const h = harness();
    h.current().reply({ type: 'ready' });
    h.client.crashWorker();
    expect(h.replies.at(-1)).toEqual({ type: 'failed', runId: -1, cause: 'crash', message: 'it was terminated', retrying: false });
    h.client.send(load(2));
    expect(h.current().received).toEqual([load(2)]);
  });

  it('a worker that dies holding a loaded run loads it again in the new one, within the same retry budget', () => {
    const h = harness();
    h.current().reply({ type: 'ready' });
    h.client.send(load(1));
    h.current().reply({ type: 'started', runId: 1 });
    h.current().reply({ type: 'loaded', runId: 1, summary: {} as never });
    h.client.crashWorker();
    expect(h.replies.at(-1)).toEqual({ type: 'failed', runId: 1, cause: 'crash', message: 'it was terminated', retrying: true });
    expect(h.current().received).toEqual([load(1)]);
    // it keeps dying while its run streams: after MAX_RETRIES it is given up
    for (let i = 1; i <= MAX_RETRIES; i++) {
      h.current().reply({ type: 'ready' });
      h.current().reply({ type: 'loaded', runId: 1, summary: {} as never });
      h.client.crashWorker();
    }
    expect(h.replies.at(-1)).toEqual({ type: 'failed', runId: 1, cause: 'crash', message: 'it was terminated', retrying: false });
    expect(h.current().received).toEqual([]);
  });

  it('replaces a worker stuck in a load\'s synchronous part when a newer load comes, not one that can hear it', () => {
    const h = harness();
    h.current().reply({ type: 'ready' });
    h.client.send(load(1));
    h.advance(SUPERSEDE_AFTER_MS / 2);
    h.client.send(load(2));
    expect(h.workers).toHaveLength(1);
    h.advance(SUPERSEDE_AFTER_MS + 1);
    h.client.send(load(3));
    expect(h.workers).toHaveLength(2);
    expect(h.current().received).toEqual([load(3)]);
    expect(h.replies).toContainEqual({ type: 'replaced' });
    // started: the worker stops it between slices by itself
    h.current().reply({ type: 'ready' });
    h.current().reply({ type: 'started', runId: 3 });
    h.advance(SUPERSEDE_AFTER_MS * 10);
    h.client.send(load(4));
    expect(h.workers).toHaveLength(2);
  });

  it('a cancel ends a stuck load at once; a worker still starting up is never replaced', () => {
    const h = harness();
    h.client.send(load(1));
    h.advance(SUPERSEDE_AFTER_MS * 10);
    h.client.send(load(2));
    expect(h.workers).toHaveLength(1);
    h.current().reply({ type: 'ready' });
    h.client.send({ type: 'cancel', runId: 2 });
    expect(h.workers).toHaveLength(2);
    expect(h.current().received).toEqual([]);
  });
});

describe('supervised worker client: a run stuck in a step', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  /** A worker that has started run 1 and is simulating it. */
  function started() {
    const h = harness();
    h.current().reply({ type: 'ready' });
    h.client.send(load(1));
    h.current().reply({ type: 'heard', runId: 1 });
    h.current().reply({ type: 'started', runId: 1 });
    return h;
  }

  it.each([
    ['a cancel', { type: 'cancel', runId: 1 } as WorkerRequest, []],
    ['a newer load', load(2), [load(2)]],
  ])('%s the worker does not acknowledge: the worker is replaced and the run named as hung', (_name, request, resent) => {
    const h = started();
    h.client.send(request);
    vi.advanceTimersByTime(HEAR_WITHIN_MS - 1);
    expect(h.workers).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(h.workers).toHaveLength(2);
    expect(h.workers[0]!.terminated).toBe(true);
    expect(h.replies.at(-1)).toEqual({ type: 'replaced', unanswered: 1 });
    expect(h.current().received).toEqual(resent);
  });

  it('a cancel the worker acknowledges keeps the worker', () => {
    const h = started();
    h.client.send({ type: 'cancel', runId: 1 });
    h.current().reply({ type: 'heard', runId: 1 });
    vi.advanceTimersByTime(STEP_BUDGET_MS * 2);
    expect(h.workers).toHaveLength(1);
    expect(h.replies.filter((r) => r.type === 'replaced' || r.type === 'failed')).toEqual([]);
  });

  it(`a run silent for ${STEP_BUDGET_MS} ms is stopped as hung, naming where it was; progress keeps it alive`, () => {
    const h = started();
    for (let i = 1; i <= 3; i++) {
      vi.advanceTimersByTime(STEP_BUDGET_MS - 1);
      h.current().reply({ type: 'progress', runId: 1, position: { cycles: i * 10, time: i * 5, pod: 'default/web-0' } });
    }
    expect(h.workers).toHaveLength(1);
    vi.advanceTimersByTime(STEP_BUDGET_MS);
    expect(h.workers).toHaveLength(2);
    expect(h.replies.at(-1)).toEqual({
      type: 'failed', runId: 1, cause: 'stuck', retrying: false, position: { cycles: 30, time: 15, pod: 'default/web-0' },
      message: 'one step ran for more than 10 s after 30 scheduling cycles (the last of pod default/web-0, at 15 s simulated)',
    });
    // not sent again: it would hang the new worker too
    expect(h.current().received).toEqual([]);
  });

  it('a run that answered loaded is not watched any more, nor is a worker still loading its module', () => {
    const h = started();
    h.current().reply({ type: 'loaded', runId: 1, summary: {} as never });
    vi.advanceTimersByTime(STEP_BUDGET_MS * 2);
    expect(h.workers).toHaveLength(1);
    h.client.crashWorker();
    // the new worker has not said ready: its queued messages wait for it
    h.client.send(load(2));
    vi.advanceTimersByTime(HEAR_WITHIN_MS * 5);
    expect(h.workers).toHaveLength(2);
  });
});
