// The client that answers a lesson link's first load from the run the build shipped
// (./shipped.ts): exactly that load is answered in this thread, the same summary and frames the
// engine worker would send for a fresh run; anything else reaches the engine worker, which starts
// once the shipped run has answered.

import { describe, expect, it } from 'vitest';
import { simulate } from '../engine';
import { bakeLesson } from '../lessons/bake';
import { lessonById } from '../lessons';
import type { SupervisedClient } from './client';
import type { WorkerReply, WorkerRequest } from './protocol';
import { RunSession } from './session';
import { createShippedClient, type ShippedRun } from './shipped';

const lesson = lessonById('node-selector')!;
const shippedRun = bakeLesson(lesson)!;
const lessonLoad = (runId: number, text = lesson.scenario): WorkerRequest => ({ type: 'load', runId, text, options: { fileName: shippedRun.fileName } });

/** The engine worker's client, as a record of what reached it. */
function fakeEngine() {
  const received: WorkerRequest[] = [];
  let listener: ((replies: WorkerReply[]) => void) | undefined;
  const client: SupervisedClient = {
    send: (request) => void received.push(request),
    subscribe: (l) => { listener = l; return () => { listener = undefined; }; },
    dispose: () => undefined,
    crashWorker: () => undefined,
    hangNextRun: () => undefined,
    loadState: () => 'simulating',
  };
  return { client, received, reply: (...replies: WorkerReply[]) => listener?.(replies) };
}

function harness(shipped: Promise<ShippedRun | undefined> | undefined) {
  const engine = fakeEngine();
  let started = 0;
  const later: (() => void)[] = [];
  const client = createShippedClient(shipped, () => { started++; return engine.client; }, (fn) => void later.push(fn));
  const replies: WorkerReply[] = [];
  client.subscribe((batch) => replies.push(...batch));
  return { client, engine, replies, started: () => started, runLater: () => later.splice(0).forEach((fn) => fn()) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the shipped-run client', () => {
  it("answers the lesson's load from its shipped run as the worker would a fresh run, then starts the engine worker", async () => {
    const h = harness(Promise.resolve(shippedRun));
    h.client.send(lessonLoad(1));
    await settle();
    const fresh = simulate(lesson.scenario, { fileName: shippedRun.fileName });
    if (!fresh.ok) throw new Error('node-selector did not simulate');
    const worker = new RunSession(fresh.result);
    expect(h.replies.filter((r) => r.type !== 'started')).toEqual([{ type: 'loaded', runId: 1, summary: worker.summary() }]);
    // stepping and seeking stay with the shipped run
    h.client.send({ type: 'step', runId: 1 });
    h.client.send({ type: 'seek', runId: 1, cycle: 2 });
    await settle();
    expect(h.replies.find((r) => r.type === 'events')).toEqual({ type: 'events', runId: 1, ...worker.nextBatch(Infinity, () => 0, 1) });
    expect(h.replies.find((r) => r.type === 'snapshot')).toEqual({ type: 'snapshot', runId: 1, frame: worker.frame(2) });
    // the engine worker is started once the shipped run has answered, and was sent nothing
    expect(h.started()).toBe(0);
    h.runLater();
    expect(h.started()).toBe(1);
    expect(h.engine.received).toEqual([]);
    expect(h.client.loadState()).toBe('none');
  });

  it('sends an edited text, another seed or a run with an end time to the engine worker, never the shipped run', async () => {
    const h = harness(Promise.resolve(shippedRun));
    const edited = lessonLoad(1, `${lesson.scenario}\n# an edit`);
    const seeded: WorkerRequest = { type: 'load', runId: 2, text: lesson.scenario, options: { fileName: shippedRun.fileName, seed: 3 } };
    const until: WorkerRequest = { type: 'load', runId: 3, text: lesson.scenario, options: { fileName: shippedRun.fileName, until: 30 } };
    for (const request of [edited, seeded, until]) h.client.send(request);
    h.client.send({ type: 'step', runId: 3 });
    await settle();
    expect(h.engine.received).toEqual([edited, seeded, until, { type: 'step', runId: 3 }]);
    expect(h.replies).toEqual([]);
    // the engine's replies reach the store; its bookkeeping does not
    h.engine.reply({ type: 'heard', runId: 3 }, { type: 'done', runId: 3 });
    expect(h.replies).toEqual([{ type: 'done', runId: 3 }]);
    expect(h.client.loadState()).toBe('simulating');
  });

  it('holds requests, in order, until it knows whether a run was shipped', async () => {
    let resolve: (run: ShippedRun | undefined) => void = () => undefined;
    const h = harness(new Promise((r) => { resolve = r; }));
    h.client.send(lessonLoad(1));
    h.client.send({ type: 'cancel', runId: 1 });
    h.client.send(lessonLoad(2, 'kind: Node'));
    await settle();
    expect(h.started()).toBe(0);
    resolve(shippedRun);
    await settle();
    expect(h.engine.received).toEqual([lessonLoad(2, 'kind: Node')]);
  });

  it('without a shipped run (or when its chunk could not be fetched) everything goes to the engine worker, started at once', async () => {
    const cases = [() => undefined, () => Promise.resolve(undefined), () => Promise.reject(new Error('offline'))];
    for (const shipped of cases) {
      const h = harness(shipped());
      if (shipped === cases[0]) expect(h.started()).toBe(1);
      h.client.send(lessonLoad(1));
      await settle();
      expect(h.engine.received).toEqual([lessonLoad(1)]);
      expect(h.replies).toEqual([]);
    }
  });
});
