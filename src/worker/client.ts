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

export function createWorkerClient(): EngineClient {
  const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'podplay-engine' });
  const buffer = replyBuffer((flush) => requestAnimationFrame(flush));
  worker.onmessage = (event: MessageEvent<WorkerReply>) => buffer.push(event.data);
  worker.onerror = (event) => {
    // a worker that cannot start (or dies) must not leave the page waiting in silence
    buffer.push({ type: 'error', runId: -1, errors: [{ file: '', line: 1, column: 1, message: `the simulator stopped: ${event.message}` }] });
  };
  return {
    send: (request) => worker.postMessage(request),
    subscribe: buffer.subscribe,
    dispose: () => worker.terminate(),
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
