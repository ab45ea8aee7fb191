// The worker's side of the protocol, without the Worker itself, so it runs in unit tests and in
// engine.worker.ts alike. Simulation happens here, off the main thread; cycle batches are cut
// into slices of about 8 ms so pause and cancel get in between them.

import type { SimulateOptions, SimulateOutcome } from '../engine/api';
import type { RunId, WorkerReply, WorkerRequest } from './protocol';
import { RunSession, frameTransfer } from './session';

export type SimulateFn = (scenarioText: string, options?: SimulateOptions) => SimulateOutcome;

export interface HostDeps {
  simulate: SimulateFn;
  post(reply: WorkerReply, transfer?: ArrayBuffer[]): void;
  now(): number;
  /** runs fn after messages already queued (setTimeout 0 in the worker) */
  defer(fn: () => void): void;
}

const SLICE_MS = 8;

export function createWorkerHost(deps: HostDeps): { handle(request: WorkerRequest): void } {
  const sessions = new Map<RunId, RunSession>();
  let latestLoad: RunId = -1;

  function load(runId: RunId, text: string, options: SimulateOptions): void {
    // a newer load that arrived meanwhile makes this one pointless
    if (runId !== latestLoad) return;
    let outcome: SimulateOutcome;
    try {
      outcome = deps.simulate(text, options);
    } catch (e) {
      const message = `the simulator failed on this scenario (a bug in Podplay): ${e instanceof Error ? e.message : String(e)}`;
      outcome = { ok: false, errors: [{ file: options.fileName ?? 'scenario.yaml', line: 1, column: 1, message }] };
    }
    if (!outcome.ok) {
      deps.post({ type: 'error', runId, errors: outcome.errors });
      return;
    }
    const session = new RunSession(outcome.result);
    // keep only the newest good run: the main thread shows it until this one arrives
    sessions.clear();
    sessions.set(runId, session);
    deps.post({ type: 'loaded', runId, summary: session.summary() });
  }

  function pump(runId: RunId, maxCycles: number, continueAfter: boolean): void {
    const session = sessions.get(runId);
    if (session === undefined) return;
    if (continueAfter && session.paused) return;
    const batch = session.nextBatch(SLICE_MS, deps.now, maxCycles);
    if (batch.cycles.length > 0 || batch.events.length > 0) deps.post({ type: 'events', runId, ...batch });
    if (session.finished) deps.post({ type: 'done', runId });
    else if (continueAfter) deps.defer(() => pump(runId, Infinity, true));
  }

  return {
    handle(request) {
      switch (request.type) {
        case 'load':
          latestLoad = request.runId;
          deps.defer(() => load(request.runId, request.text, request.options));
          return;
        case 'run': {
          const session = sessions.get(request.runId);
          if (session === undefined) return;
          session.paused = false;
          pump(request.runId, Infinity, true);
          return;
        }
        case 'pause': {
          const session = sessions.get(request.runId);
          if (session !== undefined) session.paused = true;
          return;
        }
        case 'step':
          pump(request.runId, 1, false);
          return;
        case 'cancel':
          sessions.delete(request.runId);
          if (latestLoad === request.runId) latestLoad = -1;
          return;
        case 'seek': {
          const frame = sessions.get(request.runId)?.frame(request.cycle);
          if (frame !== undefined) deps.post({ type: 'snapshot', runId: request.runId, frame }, frameTransfer(frame));
          return;
        }
      }
    },
  };
}
