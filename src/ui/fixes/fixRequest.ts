// One request as the fix worker (./fixes.worker.ts) takes it: when the page's engine worker was asked
// to lend its run of the same scenario (src/worker/host.ts, lendBaseline), the search waits for that
// answer and starts from the lent load and run instead of loading and simulating the scenario
// again (on the 17 MB, 5,000-pod dump: ~3 s of load and ~1.7 s of run, against ~0.3 s to receive
// them). Kept apart from the Worker so that tests run it with real MessageChannels.

import { FixSearchSession, lentBaseline, type FixSearchReply, type FixSearchRequest } from '../../interop/fixSearch';
import { indexFixText } from '../../interop/fixText';
import type { LentBaseline } from '../../worker/protocol';

/** The fix worker's end of a lendBaseline channel. */
export interface LentPort {
  onmessage: ((event: MessageEvent<LentBaseline>) => void) | null;
  close(): void;
}

export interface FixWorkerRequest extends FixSearchRequest {
  /** where the engine worker answers, when the page asked it to lend its run */
  lent?: LentPort;
}

/**
 * Prepares an idle fix worker while a large scenario's run is on screen (./useFixSearch.ts
 * prepareFixWorker): it takes the engine's lent run and indexes the text, so that the first search
 * of a Pending pod starts at its first variant. Answered with FixWorkerPrepared.
 */
export interface FixWorkerPrepare {
  type: 'prepare';
  text: string;
  fileName: string;
  seed?: number;
  lent: LentPort;
}

/** `held`: the worker holds the scenario's load and run now (the engine lent them) */
export interface FixWorkerPrepared {
  type: 'prepared';
  held: boolean;
}

export type FixWorkerMessage = FixWorkerRequest | FixWorkerPrepare;

/**
 * How long the search waits for the engine worker's answer before it loads the scenario itself:
 * the worker answers between slices of its run (8 ms), or after a synchronous load of another
 * scenario, or never when it died meanwhile.
 */
export const LEND_WAIT_MS = 2_000;

export interface FixRequestTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: FixRequestTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Calls `then` once with the engine's answer on `lent`, or with none after LEND_WAIT_MS; closes the port. */
function whenLent(lent: LentPort, timers: FixRequestTimers, then: (answer: LentBaseline | undefined) => void): void {
  let settled = false;
  const settle = (answer?: LentBaseline) => {
    if (settled) return;
    settled = true;
    timers.clearTimeout(timer);
    lent.onmessage = null;
    lent.close();
    then(answer);
  };
  const timer = timers.setTimeout(() => settle(), LEND_WAIT_MS);
  lent.onmessage = (event) => settle(event.data);
}

/** Runs the request's search in `session`, after the lent baseline (if any) has arrived or was given up on. */
export function handleFixRequest(session: FixSearchSession, message: FixWorkerRequest, post: (reply: FixSearchReply) => void, timers: FixRequestTimers = globalTimers): void {
  const { lent, ...request } = message;
  const run = () => {
    try {
      session.run(request, post);
    } catch (e) {
      post({ type: 'error', id: request.id, message: e instanceof Error ? e.message : String(e) });
    }
  };
  // this worker's previous search (or its preparation) kept the same scenario: nothing to wait for
  if (lent === undefined || session.has(request)) {
    lent?.close();
    run();
    return;
  }
  // the text's index, which the first fix is written with, while the engine worker copies its run on
  // its own core (0.3-0.7 s on the 5,000-pod dump); the lent run waits in the port until whenLent
  // listens, so the wait for it starts after the index
  indexFixText(request.text);
  whenLent(lent, timers, (answer) => {
    if (answer?.type === 'baseline') session.adopt(request, lentBaseline(answer));
    run();
  });
}

/**
 * Takes the lent run into `session` and indexes the text, ahead of any search. Without a lent run
 * it does nothing more: a scenario nobody searched yet is not loaded and simulated on speculation.
 */
export function prepareFixSearch(session: FixSearchSession, message: FixWorkerPrepare, post: (reply: FixWorkerPrepared) => void, timers: FixRequestTimers = globalTimers): void {
  const { lent, text, fileName, seed } = message;
  whenLent(lent, timers, (answer) => {
    if (answer?.type !== 'baseline') return post({ type: 'prepared', held: false });
    session.adopt({ id: 0, pod: '', text, fileName, ...(seed === undefined ? {} : { seed }) }, lentBaseline(answer));
    indexFixText(text);
    post({ type: 'prepared', held: true });
  });
}

/**
 * The fix worker's messages, one after another: a search sent while the worker is being prepared
 * (or waits for a lent run) starts once that is over, so it finds the scenario held.
 */
export function createFixWorkerHandler(post: (reply: FixSearchReply | FixWorkerPrepared) => void, timers: FixRequestTimers = globalTimers): (message: FixWorkerMessage) => void {
  const session = new FixSearchSession();
  const queue: FixWorkerMessage[] = [];
  let busy = false;
  const next = () => {
    const message = queue.shift();
    if (message === undefined) return;
    busy = true;
    const done = () => {
      busy = false;
      next();
    };
    if ('type' in message) {
      prepareFixSearch(session, message, (reply) => { post(reply); done(); }, timers);
    } else {
      // a search posts done or error last (a cancelled one is ended by terminating the worker)
      handleFixRequest(session, message, (reply) => {
        post(reply);
        if (reply.type === 'done' || reply.type === 'error') done();
      }, timers);
    }
  };
  return (message) => {
    queue.push(message);
    if (!busy) next();
  };
}
