import { describe, expect, it } from 'vitest';
import type { SimulationResult } from '../engine/api';
import { createWorkerHost, PROGRESS_MS, runOfResult, type EngineRun, type StartFn } from './host';
import type { WorkerReply } from './protocol';
import { cycle, twoNodeRun } from './testing/results';

/** A host with a hand-cranked clock and deferred queue; acknowledgements and progress kept apart. */
function harness(start: StartFn, prepare?: (text: string) => Promise<void> | undefined) {
  const replies: { reply: WorkerReply; transfer?: ArrayBuffer[] }[] = [];
  const supervision: WorkerReply[] = [];
  const deferred: (() => void)[] = [];
  let clock = 0;
  const host = createWorkerHost({
    start,
    ...(prepare ? { prepare } : {}),
    post: (reply, transfer) => {
      if (reply.type === 'heard' || reply.type === 'progress') supervision.push(reply);
      else replies.push(transfer ? { reply, transfer } : { reply });
    },
    now: () => (clock += 3),
    defer: (fn) => deferred.push(fn),
  });
  const drain = (limit = 1000) => {
    for (let i = 0; i < limit && deferred.length > 0; i++) deferred.shift()!();
  };
  const types = () => replies.map((r) => `${r.reply.type}:${'runId' in r.reply ? r.reply.runId : ''}`);
  return { host, replies, supervision, deferred, drain, types };
}

/** An engine run of `cycles` steps, counting the ones it was asked for. */
function countingRun(cycles: number, result: SimulationResult = twoNodeRun()) {
  let advanced = 0;
  const run: EngineRun = { advance: () => ++advanced >= cycles, result: () => result };
  return { run, advanced: () => advanced };
}

describe('worker host', () => {
  it('simulates in slices and answers with the summary', () => {
    const engine = countingRun(10);
    const h = harness(() => ({ ok: true, run: engine.run }));
    h.host.handle({ type: 'load', runId: 1, text: 'x', options: {} });
    h.deferred.shift()!();
    // a slice is 8 ms and every clock read costs 3: two cycles per slice
    expect(engine.advanced()).toBe(2);
    expect(h.types()).toEqual(['started:1']);
    h.drain();
    expect(engine.advanced()).toBe(10);
    expect(h.types()).toEqual(['started:1', 'loaded:1']);
  });

  it('stops computing an older scenario once a newer one arrives', () => {
    const older = countingRun(100);
    const newer = countingRun(1);
    const runs = [older.run, newer.run];
    const h = harness(() => ({ ok: true, run: runs.shift()! }));
    h.host.handle({ type: 'load', runId: 1, text: 'old', options: {} });
    h.deferred.shift()!();
    h.host.handle({ type: 'load', runId: 2, text: 'new', options: {} });
    h.drain();
    expect(older.advanced()).toBe(2);
    expect(h.types()).toEqual(['started:1', 'started:2', 'loaded:2']);
  });

  it('reports scenario errors, and a crash of the engine as an error rather than silence', () => {
    const crashing: EngineRun = { advance: () => { throw new Error('boom'); }, result: () => twoNodeRun() };
    const starts: ReturnType<StartFn>[] = [
      { ok: false, errors: [{ file: 'a.yaml', line: 3, column: 1, message: 'bad' }] },
      { ok: true, run: crashing },
    ];
    const h = harness(() => starts.shift()!);
    h.host.handle({ type: 'load', runId: 1, text: 'a', options: { fileName: 'a.yaml' } });
    h.drain();
    h.host.handle({ type: 'load', runId: 2, text: 'b', options: { fileName: 'b.yaml' } });
    h.drain();
    const errors = h.replies.flatMap((r) => (r.reply.type === 'error' ? [r.reply.errors[0]] : []));
    // a scenario with errors never started; the crashing one had
    expect(h.types()).toEqual(['error:1', 'started:2', 'error:2']);
    expect(errors[0]).toMatchObject({ line: 3, message: 'bad' });
    expect(errors[1]).toMatchObject({ file: 'b.yaml', line: 1 });
    expect(errors[1]?.message).toContain('boom');
  });

  it('streams the index on run, one cycle on step, nothing while paused', () => {
    const result = { ...twoNodeRun(), cycles: Array.from({ length: 10 }, (_, i) => cycle(i + 1, 'default/web', { time: i })) };
    const h = harness(() => ({ ok: true, run: runOfResult(result) }));
    h.host.handle({ type: 'load', runId: 1, text: 'x', options: {} });
    h.drain();
    h.host.handle({ type: 'step', runId: 1 });
    const first = h.replies.at(-1)!.reply;
    expect(first.type === 'events' && first.cycles.map((c) => c.cycle)).toEqual([1]);
    h.host.handle({ type: 'run', runId: 1 });
    h.host.handle({ type: 'pause', runId: 1 });
    h.drain();
    const streamed = () => h.replies.flatMap((r) => (r.reply.type === 'events' ? r.reply.cycles.map((c) => c.cycle) : []));
    // one slice went out before the pause (three cycles: each clock read costs 3 of its 8 ms)
    expect(streamed()).toEqual([1, 2, 3, 4]);
    h.host.handle({ type: 'run', runId: 1 });
    h.drain();
    expect(streamed()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(h.types().at(-1)).toBe('done:1');
  });

  it('hands frame buffers over instead of copying them, and forgets cancelled runs', () => {
    const h = harness(() => ({ ok: true, run: runOfResult(twoNodeRun()) }));
    h.host.handle({ type: 'load', runId: 1, text: 'x', options: {} });
    h.drain();
    h.host.handle({ type: 'seek', runId: 1, cycle: 1 });
    const snapshot = h.replies.at(-1)!;
    expect(snapshot.reply.type).toBe('snapshot');
    expect(snapshot.transfer).toHaveLength(5);
    h.host.handle({ type: 'cancel', runId: 1 });
    h.host.handle({ type: 'seek', runId: 1, cycle: 1 });
    expect(h.replies.at(-1)).toBe(snapshot);
  });

  it('acknowledges every load and cancel at once, before any work on them', () => {
    const h = harness(() => ({ ok: true, run: countingRun(1000).run }));
    h.host.handle({ type: 'load', runId: 1, text: 'x', options: {} });
    h.host.handle({ type: 'cancel', runId: 1 });
    h.host.handle({ type: 'seek', runId: 1, cycle: 1 });
    expect(h.supervision).toEqual([{ type: 'heard', runId: 1 }, { type: 'heard', runId: 1 }]);
    expect(h.deferred).toHaveLength(1);
  });

  it(`says how far a run got every ${PROGRESS_MS} ms while it simulates`, () => {
    let cycles = 0;
    const run: EngineRun = { advance: () => ++cycles >= 400, result: () => twoNodeRun(), position: () => ({ cycles, time: cycles * 2, pod: 'default/web' }) };
    const h = harness(() => ({ ok: true, run }));
    h.host.handle({ type: 'load', runId: 1, text: 'x', options: {} });
    h.drain();
    const progress = h.supervision.filter((r) => r.type === 'progress');
    // 400 cycles, two per slice, and a slice reads the clock four times at 3 ms a read: 200 slices
    // over 2,400 ms of the clock, so a report every 250 ms makes 9
    expect(progress).toHaveLength(9);
    expect(progress[0]).toMatchObject({ runId: 1, position: { pod: 'default/web' } });
    expect(h.types()).toEqual(['started:1', 'loaded:1']);
  });

  describe('code a scenario needs fetched first (the CEL evaluator)', () => {
    /** a fetch the test settles; `needs` says which texts wait for it */
    function fetching() {
      let settle!: { resolve: () => void; reject: (e: Error) => void };
      const promise = new Promise<void>((resolve, reject) => { settle = { resolve, reject }; });
      const asked: string[] = [];
      const prepare = (text: string) => (text.includes('cel') ? (asked.push(text), promise) : undefined);
      return { prepare, asked, settle };
    }
    const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

    it.each([
      { name: 'a scenario that needs nothing starts at once', text: 'plain', startedBeforeFetch: ['started:1', 'loaded:1'] },
      { name: 'a scenario that needs the code starts once it has arrived', text: 'cel: x', startedBeforeFetch: [] },
    ])('$name', async ({ text, startedBeforeFetch }) => {
      const f = fetching();
      const h = harness(() => ({ ok: true, run: countingRun(1).run }), f.prepare);
      h.host.handle({ type: 'load', runId: 1, text, options: {} });
      h.drain();
      expect(h.types()).toEqual(startedBeforeFetch);
      f.settle.resolve();
      await settled();
      h.drain();
      expect(h.types()).toEqual(['started:1', 'loaded:1']);
    });

    it('a fetch that fails is the run\'s error with its message, not silence', async () => {
      const f = fetching();
      const h = harness(() => ({ ok: true, run: countingRun(1).run }), f.prepare);
      h.host.handle({ type: 'load', runId: 1, text: 'cel: x', options: { fileName: 'dra.yaml' } });
      h.drain();
      f.settle.reject(new Error('could not load the CEL evaluator: offline'));
      await settled();
      expect(h.replies.map((r) => r.reply)).toEqual([{ type: 'error', runId: 1, errors: [{ file: 'dra.yaml', line: 1, column: 1, message: 'could not load the CEL evaluator: offline' }] }]);
    });

    it('a newer load while the code is on its way: the older scenario never starts', async () => {
      const f = fetching();
      const started: string[] = [];
      const h = harness((text) => (started.push(text), { ok: true, run: countingRun(1).run }), f.prepare);
      h.host.handle({ type: 'load', runId: 1, text: 'cel: old', options: {} });
      h.drain();
      h.host.handle({ type: 'load', runId: 2, text: 'cel: new', options: {} });
      h.drain();
      f.settle.resolve();
      await settled();
      h.drain();
      expect(started).toEqual(['cel: new']);
      expect(h.types()).toEqual(['started:2', 'loaded:2']);
    });
  });
});
