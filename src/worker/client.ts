// The main thread's end of the engine worker. Replies are collected and handed over once per
// animation frame, so a burst of batches costs the main thread one store update, not many.

import { createWorkerHost, type StartFn } from './host';
import type { WorkerReply, WorkerRequest } from './protocol';

export interface EngineClient {
  send(request: WorkerRequest): void;
  /** replies arrive in batches, in the order the worker sent them */
  subscribe(listener: (replies: WorkerReply[]) => void): () => void;
  dispose(): void;
}

/** Collects replies and delivers them together when `schedule` calls back. */
function replyBuffer(schedule: (flush: () => void) => void) {
  const listeners = new Set<(replies: WorkerReply[]) => void>();
  let pending: WorkerReply[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const replies = pending;
    pending = [];
    for (const listener of listeners) listener(replies);
  };
  return {
    push(reply: WorkerReply) {
      pending.push(reply);
      if (!scheduled) {
        scheduled = true;
        schedule(flush);
      }
    },
    subscribe(listener: (replies: WorkerReply[]) => void) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
  };
}

/** The part of a Worker the client uses (a fake one in tests). */
export interface WorkerLike {
  onmessage: ((event: MessageEvent<WorkerReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  onmessageerror: ((event: MessageEvent) => void) | null;
  postMessage(message: WorkerRequest): void;
  terminate(): void;
}

/** How long a load may stay in its synchronous part before a newer load replaces the worker. */
export const SUPERSEDE_AFTER_MS = 300;

/** Starts of the same load after its worker died; one more death and it is not run again. */
export const MAX_RETRIES = 1;

export interface SupervisedClient extends EngineClient {
  /** ends the worker as a crash would (a debugging and test hook); the client recovers the same way */
  crashWorker(): void;
}

/**
 * The engine worker, supervised. A worker that dies (crash, out of memory) or cannot start is
 * replaced and the load it was working on sent again, at most MAX_RETRIES times; the store hears of
 * it as a `failed` reply, never as an error in the user's scenario. A load still in its synchronous
 * part (parsing, expanding controllers: before `started`) cannot hear a newer load or a cancel, so
 * the worker is replaced instead of waited for.
 */
export function createWorkerClient(
  spawn: () => WorkerLike = () => new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'podplay-engine' }) as unknown as WorkerLike,
  schedule: (flush: () => void) => void = (flush) => requestAnimationFrame(flush),
  now: () => number = () => performance.now(),
): SupervisedClient {
  const buffer = replyBuffer(schedule);
  /** the load the worker is working on, until it answers loaded or error */
  let inFlight: { request: Extract<WorkerRequest, { type: 'load' }>; sentAt: number; started: boolean; retries: number } | undefined;
  /** the load whose run the worker holds (it answered loaded): steps and frames come from it, so a worker that dies takes it along */
  let held: { request: Extract<WorkerRequest, { type: 'load' }>; retries: number } | undefined;
  let worker: WorkerLike;
  let ready = false;
  let disposed = false;

  function launch(): void {
    ready = false;
    const current = spawn();
    worker = current;
    current.onmessage = (event) => {
      if (current !== worker) return;
      const reply = event.data;
      if (reply.type === 'ready') ready = true;
      if (inFlight !== undefined && 'runId' in reply && reply.runId === inFlight.request.runId) {
        if (reply.type === 'started') inFlight.started = true;
        if (reply.type === 'loaded') held = { request: inFlight.request, retries: inFlight.retries };
        if (reply.type === 'loaded' || reply.type === 'error') inFlight = undefined;
      }
      buffer.push(reply);
    };
    current.onerror = (event) => {
      // the default would log it as the page's own uncaught error
      event.preventDefault();
      if (current === worker) died(event.message ?? '');
    };
    current.onmessageerror = () => { if (current === worker) died('a message could not be read'); };
  }

  function replace(): void {
    held = undefined;
    worker.onmessage = null;
    worker.onerror = null;
    worker.onmessageerror = null;
    worker.terminate();
    launch();
  }

  function died(message: string): void {
    const cause = ready ? 'crash' : 'start';
    // a run already loaded is lost with the worker too: the user did nothing, so it is loaded again
    const failed = inFlight ?? held;
    replace();
    if (failed !== undefined && failed.retries < MAX_RETRIES) {
      inFlight = { request: failed.request, sentAt: now(), started: false, retries: failed.retries + 1 };
      worker.postMessage(failed.request);
      buffer.push({ type: 'failed', runId: failed.request.runId, cause, message, retrying: true });
    } else {
      inFlight = undefined;
      buffer.push({ type: 'failed', runId: failed?.request.runId ?? -1, cause, message, retrying: false });
    }
  }

  launch();
  return {
    send(request) {
      if (disposed) return;
      if (request.type === 'load' || (request.type === 'cancel' && request.runId === inFlight?.request.runId)) {
        // a load stuck in its synchronous part: a cancel ends it at once, a newer load after a
        // moment (the worker checks for newer loads by itself as soon as it can)
        const stuck = ready && inFlight !== undefined && !inFlight.started && (request.type === 'cancel' || now() - inFlight.sentAt > SUPERSEDE_AFTER_MS);
        if (stuck) {
          replace();
          buffer.push({ type: 'replaced' });
        }
        inFlight = request.type === 'load' ? { request, sentAt: now(), started: false, retries: 0 } : undefined;
        if (request.type === 'cancel' && stuck) return;
      }
      worker.postMessage(request);
    },
    subscribe: buffer.subscribe,
    dispose: () => {
      disposed = true;
      worker.terminate();
    },
    crashWorker() {
      worker.terminate();
      died('it was terminated');
    },
  };
}

/** The same protocol served in this thread: for unit tests and for pages without workers. */
export function createInProcessClient(start: StartFn): EngineClient {
  const buffer = replyBuffer((flush) => queueMicrotask(flush));
  let disposed = false;
  const host = createWorkerHost({
    start,
    post: (reply) => { if (!disposed) buffer.push(reply); },
    now: () => performance.now(),
    defer: (fn) => queueMicrotask(fn),
  });
  return {
    send: (request) => { if (!disposed) host.handle(request); },
    subscribe: buffer.subscribe,
    dispose: () => { disposed = true; },
  };
}
