// The supervised worker client against fake workers: a dead worker is replaced and its load sent
// again (once), a load stuck in its synchronous part is replaced by a newer one or a cancel.

import { describe, expect, it } from 'vitest';
import { createWorkerClient, MAX_RETRIES, SUPERSEDE_AFTER_MS, type WorkerLike } from './client';
import type { WorkerReply, WorkerRequest } from './protocol';

class FakeWorker implements WorkerLike {
  onmessage: WorkerLike['onmessage'] = null;
  onerror: WorkerLike['onerror'] = null;
  onmessageerror: WorkerLike['onmessageerror'] = null;
  received: WorkerRequest[] = [];
  terminated = false;
  postMessage(message: WorkerRequest) { this.received.push(message); }
  terminate() { this.terminated = true; }
  reply(reply: WorkerReply) { this.onmessage?.({ data: reply } as MessageEvent<WorkerReply>); }
  crash(message: string) { this.onerror?.({ message, preventDefault() {} } as ErrorEvent); }
}

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
