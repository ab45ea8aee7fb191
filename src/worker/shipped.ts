// A lesson's run shipped with the build, so that a lesson link is interactive without waiting for
// the engine worker's code (about 190 KB on the wire; bench/browser/lessonFirstLoad.spec.ts). The
// build simulates every lesson with the same engine (src/lessons/bake.ts, vite.config.ts
// `shipLessonRuns`) and puts each lesson's SimulationResult in a chunk of its own; the page's first
// script (src/boot.ts) fetches the linked lesson's beside the app's chunk. The client below serves
// a load of exactly that text, seed and file name from it, through the worker's own protocol code
// (./host.ts, ./session.ts) in this thread; any other load (an edit, another scenario) goes to the
// engine worker, which starts once the shipped run is on screen. bake.test.ts checks that every
// shipped result equals a fresh run of the engine.

import type { SimulationResult } from '../engine/api';
import { createInProcessClient, type EngineClient, type SupervisedClient } from './client';
import { runOfResult } from './host';
import type { RunId, WorkerReply, WorkerRequest } from './protocol';
import type { ShippedRun } from './shippedRun';

export { expectShippedRun, takeShippedRun, type ShippedRun } from './shippedRun';

/** Whether `request` is the load the shipped run answers: the same text, file name and seed, run to the end. */
export function answersLoad(run: ShippedRun, request: Extract<WorkerRequest, { type: 'load' }>): boolean {
  const { options } = request;
  return request.text === run.text && options.fileName === run.fileName && options.seed === run.seed && options.until === undefined;
}

/** The client's own bookkeeping, never shown to the store (as the supervising client keeps them). */
const internal = (reply: WorkerReply) => reply.type === 'heard' || reply.type === 'progress' || reply.type === 'ready';

/**
 * A client that answers the shipped run's load in this thread and sends everything else to the
 * engine worker (`engine`, created on first need, and as soon as the shipped run has answered, so
 * that an edit does not wait for the worker's download). Until `shipped` settles, requests wait
 * in order; a run's later requests (step, seek, cancel) go where its load went.
 */
export function createShippedClient(
  shipped: Promise<ShippedRun | undefined> | undefined,
  engine: () => SupervisedClient,
  later: (fn: () => void) => void = (fn) => setTimeout(fn, 0),
): SupervisedClient {
  const listeners = new Set<(replies: WorkerReply[]) => void>();
  const deliver = (replies: WorkerReply[]) => {
    const shown = replies.filter((r) => !internal(r));
    if (shown.length > 0) for (const listener of listeners) listener(shown);
  };
  let run: ShippedRun | undefined;
  let decided = shipped === undefined;
  const waiting: WorkerRequest[] = [];
  /** runs answered here */
  const local = new Set<RunId>();
  let newest: RunId | undefined;
  let here: EngineClient | undefined;
  let worker: SupervisedClient | undefined;
  let disposed = false;

  function engineClient(): SupervisedClient {
    if (worker === undefined) {
      worker = engine();
      worker.subscribe(deliver);
    }
    return worker;
  }

  function inThisThread(): EngineClient {
    if (here === undefined) {
      const shippedRun = run!;
      here = createInProcessClient(() => ({ ok: true, run: runOfResult(JSON.parse(shippedRun.result) as SimulationResult) }));
      here.subscribe((replies) => {
        deliver(replies);
        // on screen: the engine worker comes now, for the edits
        if (replies.some((r) => r.type === 'loaded')) later(() => { if (!disposed) engineClient(); });
      });
    }
    return here;
  }

  function route(request: WorkerRequest): void {
    if (request.type === 'load') {
      newest = request.runId;
      if (run !== undefined && answersLoad(run, request)) {
        local.add(request.runId);
        inThisThread().send(request);
        return;
      }
    } else if ('runId' in request && local.has(request.runId)) {
      if (request.type === 'cancel') local.delete(request.runId);
      here?.send(request);
      return;
    }
    engineClient().send(request);
  }

  if (shipped !== undefined) {
    void shipped.catch(() => undefined).then((found) => {
      run = found;
      decided = true;
      for (const request of waiting.splice(0)) if (!disposed) route(request);
    });
  } else {
    engineClient();
  }

  return {
    send(request) {
      if (disposed) return;
      if (decided) route(request);
      else waiting.push(request);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    dispose() {
      disposed = true;
      here?.dispose();
      worker?.dispose();
    },
    crashWorker: () => engineClient().crashWorker(),
    hangNextRun: (ms) => engineClient().hangNextRun(ms),
    loadState: () => (newest !== undefined && local.has(newest)) || worker === undefined ? 'none' : worker.loadState(),
  };
}
