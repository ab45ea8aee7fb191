// The engine worker, started by the page's first script (src/boot.ts) before the app's own chunk
// is even fetched: on a slow connection the worker's code then downloads alongside the page's
// instead of after it (bench/browser/lessonFirstLoad.spec.ts). The supervising client
// (./client.ts) takes it over as its first worker; what the worker said before that (its `ready`)
// is kept and handed over, not lost.

import type { WorkerLike } from './protocol';

/** A new engine worker (Vite bundles ./engine.worker.ts from this one place). */
export const spawnEngineWorker = (): WorkerLike =>
  new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'podplay-engine' }) as unknown as WorkerLike;

type Kind = 'message' | 'error' | 'messageerror';
const HANDLER = { message: 'onmessage', error: 'onerror', messageerror: 'onmessageerror' } as const;

/**
 * `worker` behind its own handlers: an event that arrives while the matching handler is unset
 * waits, in order, and is delivered (after the current task) once the handler is set.
 */
export function holdEvents(worker: WorkerLike): WorkerLike {
  const waiting: { kind: Kind; event: Event }[] = [];
  const handlers: { [K in Kind]: ((event: never) => void) | null } = { message: null, error: null, messageerror: null };
  let flushing = false;
  const flush = (): void => {
    flushing = false;
    while (waiting.length > 0 && handlers[waiting[0]!.kind] !== null) {
      const { kind, event } = waiting.shift()!;
      (handlers[kind] as (event: Event) => void)(event);
    }
  };
  const arrive = (kind: Kind) => (event: Event): void => {
    if (waiting.length === 0 && handlers[kind] !== null) (handlers[kind] as (event: Event) => void)(event);
    else waiting.push({ kind, event });
  };
  worker.onmessage = arrive('message');
  worker.onerror = arrive('error');
  worker.onmessageerror = arrive('messageerror');
  const held = {
    // a lendBaseline request's port must be in the transfer list (./client.ts)
    postMessage: (message, transfer) => (transfer === undefined ? worker.postMessage(message) : worker.postMessage(message, transfer)),
    terminate: () => worker.terminate(),
  } as WorkerLike;
  for (const kind of Object.keys(HANDLER) as Kind[]) {
    Object.defineProperty(held, HANDLER[kind], {
      get: () => handlers[kind],
      set: (handler: ((event: never) => void) | null) => {
        handlers[kind] = handler;
        if (handler !== null && waiting.length > 0 && !flushing) {
          flushing = true;
          queueMicrotask(flush);
        }
      },
    });
  }
  return held;
}

let early: WorkerLike | undefined;

/** Starts the engine worker now, for the client to take over (once). */
export function startEngineWorker(spawn: () => WorkerLike = spawnEngineWorker): void {
  if (early === undefined) early = holdEvents(spawn());
}

/** The worker started early, the first time it is asked for; a new one after that. */
export function engineWorker(spawn: () => WorkerLike = spawnEngineWorker): WorkerLike {
  const taken = early;
  early = undefined;
  return taken ?? spawn();
}
