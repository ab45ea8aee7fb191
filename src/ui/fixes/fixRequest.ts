// One request as the fix worker (./fixes.worker.ts) takes it: when the page's engine worker was asked
// to lend its run of the same scenario (src/worker/host.ts, lendBaseline), the search waits for that
// answer and starts from the lent load and run instead of loading and simulating the scenario
// again (on the 17 MB, 5,000-pod dump: ~3 s of load and ~1.7 s of run, against ~0.3 s to receive
// them). Kept apart from the Worker so that tests run it with real MessageChannels.

import { FixSearchSession, lentBaseline, type FixSearchReply, type FixSearchRequest } from '../../interop/fixSearch';
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
  // this worker's previous search kept the same scenario: nothing to wait for
  if (lent === undefined || session.has(request)) {
    lent?.close();
    run();
    return;
  }
  let settled = false;
  const settle = (answer?: LentBaseline) => {
    if (settled) return;
    settled = true;
    timers.clearTimeout(timer);
    lent.onmessage = null;
    lent.close();
    if (answer?.type === 'baseline') session.adopt(request, lentBaseline(answer));
    run();
  };
  const timer = timers.setTimeout(() => settle(), LEND_WAIT_MS);
  lent.onmessage = (event) => settle(event.data);
}
