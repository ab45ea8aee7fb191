// The main thread's end of the engine worker. Replies are collected and handed over once per
// animation frame, so a burst of batches costs the main thread one store update, not many.

import { createWorkerHost, type StartFn } from './host';
import { engineWorker } from './earlyWorker';
import type { RunId, RunPosition, WorkerLike, WorkerReply, WorkerRequest } from './protocol';

export type { WorkerLike };

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
/** How long a load may stay in its synchronous part before a newer load replaces the worker. */
export const SUPERSEDE_AFTER_MS = 300;

/**
 * How long the worker may take to acknowledge a load or a cancel. It hears them between slices of
 * about 8 ms; one that does not answer within this is stuck in a step that never returns (a loop in
 * the engine), and is replaced so that Cancel and a newer scenario always work.
 */
export const HEAR_WITHIN_MS = 1_000;

/**
 * How long a run may go without saying how far it got (the worker says so every PROGRESS_MS):
 * one step that runs this long is stopped as hung. Ten seconds, as upstream's DRA Filter timeout
 * (DRASchedulerFilterTimeout, pkg/scheduler/framework/plugins/dynamicresources); no step of a
 * scenario within README's limits comes near it.
 */
export const STEP_BUDGET_MS = 10_000;

/** Starts of the same load after its worker died; one more death and it is not run again. */
export const MAX_RETRIES = 1;

export interface SupervisedClient extends EngineClient {
  /** ends the worker as a crash would (a debugging and test hook); the client recovers the same way */
  crashWorker(): void;
  /** the next run's first step spins for `ms` (a test hook): as a step of the engine caught in a loop */
  hangNextRun(ms: number): void;
  /** what the worker is doing with the newest load: in its synchronous part, simulating it, or neither (a test hook) */
  loadState(): 'loading' | 'simulating' | 'none';
}

export interface ClientTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

const windowTimers: ClientTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** "after 12 cycles (pod default/web, at 30 s simulated)" */
export function describePosition(position: RunPosition | undefined): string {
  if (position === undefined || position.cycles === 0) return 'before its first scheduling cycle ended';
  return `after ${position.cycles.toLocaleString('en-US')} scheduling cycle${position.cycles === 1 ? '' : 's'} (the last of pod ${position.pod ?? '?'}, at ${position.time} s simulated)`;
}

/**
 * The engine worker, supervised. A worker that dies (crash, out of memory) or cannot start is
 * replaced and the load it was working on sent again, at most MAX_RETRIES times; the store hears of
 * it as a `failed` reply, never as an error in the user's scenario. A load still in its synchronous
 * part (parsing, expanding controllers: before `started`) cannot hear a newer load or a cancel, so
 * the worker is replaced instead of waited for. Once started, the worker acknowledges every load
 * and cancel (`heard`) and reports progress: one that does not answer within HEAR_WITHIN_MS, or
 * runs one step for STEP_BUDGET_MS, is terminated and replaced.
 */
export function createWorkerClient(
  spawn: () => WorkerLike = engineWorker,
  schedule: (flush: () => void) => void = (flush) => requestAnimationFrame(flush),
  now: () => number = () => performance.now(),
  timers: ClientTimers = windowTimers,
): SupervisedClient {
  const buffer = replyBuffer(schedule);
  /** the load the worker is working on, until it answers loaded or error */
  let inFlight: { request: Extract<WorkerRequest, { type: 'load' }>; sentAt: number; started: boolean; retries: number } | undefined;
  /** the load whose run the worker holds (it answered loaded): steps and frames come from it, so a worker that dies takes it along */
  let held: { request: Extract<WorkerRequest, { type: 'load' }>; retries: number } | undefined;
  /** the load the worker computes, as far as we know (from when it heard it): a cancel stops it only once heard */
  let busyWith: { runId: RunId; position?: RunPosition } | undefined;
  /** the newest load or cancel not acknowledged yet, and the timer that gives up on it */
  let unheard: { runId: RunId; timer: unknown } | undefined;
  /** gives up on a started run that has said nothing for STEP_BUDGET_MS */
  let watchdog: unknown;
  let worker: WorkerLike;
  let ready = false;
  let disposed = false;

  function stopTimers(): void {
    if (unheard !== undefined) timers.clearTimeout(unheard.timer);
    if (watchdog !== undefined) timers.clearTimeout(watchdog);
    unheard = undefined;
    watchdog = undefined;
  }

  function armWatchdog(): void {
    if (watchdog !== undefined) timers.clearTimeout(watchdog);
    watchdog = timers.setTimeout(hung, STEP_BUDGET_MS);
  }

  /** Bookkeeping of acknowledgements and progress; true for replies only the client reads. */
  function supervise(reply: WorkerReply): boolean {
    if (reply.type === 'heard') {
      if (unheard?.runId === reply.runId) {
        timers.clearTimeout(unheard.timer);
        unheard = undefined;
      } else if (unheard !== undefined) {
        // it answers: give the newer request its full time
        timers.clearTimeout(unheard.timer);
        unheard = { runId: unheard.runId, timer: timers.setTimeout(unanswered, HEAR_WITHIN_MS) };
      }
      // a load it heard is the one it computes next; a cancel (or a newer load) stops the one before
      // at its next slice
      if (inFlight?.request.runId === reply.runId) {
        stopWatching();
        busyWith = { runId: reply.runId };
      } else if (busyWith !== undefined && reply.runId >= busyWith.runId) {
        stopWatching();
      }
      return true;
    }
    if (!('runId' in reply) || reply.runId !== busyWith?.runId) return reply.type === 'progress';
    if (reply.type === 'progress') busyWith.position = reply.position;
    if (reply.type === 'loaded' || reply.type === 'error') stopWatching();
    else armWatchdog();
    return reply.type === 'progress';
  }

  function stopWatching(): void {
    busyWith = undefined;
    if (watchdog !== undefined) timers.clearTimeout(watchdog);
    watchdog = undefined;
  }

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
      if (!supervise(reply)) buffer.push(reply);
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
    busyWith = undefined;
    stopTimers();
    worker.onmessage = null;
    worker.onerror = null;
    worker.onmessageerror = null;
    worker.terminate();
    launch();
  }

  /** Sends the load in flight to the new worker after a replacement. */
  function resend(): void {
    if (inFlight === undefined) return;
    inFlight = { ...inFlight, sentAt: now(), started: false };
    post(inFlight.request);
  }

  function died(message: string): void {
    const cause = ready ? 'crash' : 'start';
    // a run already loaded is lost with the worker too: the user did nothing, so it is loaded again
    const failed = inFlight ?? held;
    replace();
    if (failed !== undefined && failed.retries < MAX_RETRIES) {
      inFlight = { request: failed.request, sentAt: now(), started: false, retries: failed.retries + 1 };
      post(failed.request);
      buffer.push({ type: 'failed', runId: failed.request.runId, cause, message, retrying: true });
    } else {
      inFlight = undefined;
      buffer.push({ type: 'failed', runId: failed?.request.runId ?? -1, cause, message, retrying: false });
    }
  }

  /** A load or a cancel was not acknowledged in time: the run the worker was busy with hung. */
  function unanswered(): void {
    if (!ready) {
      // still loading its module: it reads its messages once it has
      if (unheard !== undefined) unheard = { runId: unheard.runId, timer: timers.setTimeout(unanswered, HEAR_WITHIN_MS) };
      return;
    }
    const hungRun = busyWith?.runId;
    replace();
    buffer.push(hungRun === undefined ? { type: 'replaced' } : { type: 'replaced', unanswered: hungRun });
    resend();
  }

  /** A started run said nothing for STEP_BUDGET_MS: one of its steps does not return. */
  function hung(): void {
    watchdog = undefined;
    if (busyWith === undefined) return;
    const { runId, position } = busyWith;
    if (inFlight?.request.runId === runId) inFlight = undefined;
    replace();
    buffer.push({
      type: 'failed', runId, cause: 'stuck', retrying: false, ...(position === undefined ? {} : { position }),
      message: `one step ran for more than ${STEP_BUDGET_MS / 1000} s ${describePosition(position)}`,
    });
    resend();
  }

  function post(request: WorkerRequest): void {
    if (request.type === 'load' || request.type === 'cancel') {
      if (unheard === undefined) unheard = { runId: request.runId, timer: timers.setTimeout(unanswered, HEAR_WITHIN_MS) };
      else unheard.runId = request.runId;
    }
    // a lendBaseline's port goes to the worker (the fix worker holds its other end)
    if (request.type === 'lendBaseline') worker.postMessage(request, [request.port as unknown as Transferable]);
    else worker.postMessage(request);
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
      post(request);
    },
    subscribe: buffer.subscribe,
    dispose: () => {
      disposed = true;
      stopTimers();
      worker.terminate();
    },
    crashWorker() {
      worker.terminate();
      died('it was terminated');
    },
    hangNextRun(ms) {
      worker.postMessage({ type: 'hangNextRun', ms });
    },
    loadState: () => (inFlight === undefined ? 'none' : inFlight.started ? 'simulating' : 'loading'),
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
