// Starts a fix search in a worker for the pod on screen and collects the verified fixes; a new
// pod, a new text or leaving the panel terminates the old search while it runs. A worker that does
// not hold the scenario yet is lent the engine worker's run of it (./fixRequest.ts).

import { useEffect, useState } from 'react';
import { rankFixes, type FailedCandidate } from '../../engine/readers';
import type { BaselineSource, FixSearchReply, FixView } from '../../interop/fixSearch';
import type { LendPort } from '../../worker/protocol';
import type { FixWorkerPrepare, FixWorkerPrepared, FixWorkerRequest } from './fixRequest';

export interface FixSearchState {
  fixes: FixView[];
  /** candidates being verified; undefined until the worker has simulated the scenario */
  candidates?: number;
  /** candidates generated but not verified (over the search's cap) */
  leftOut?: number;
  /** changes a reviewer refuses whatever they do, not simulated (a toleration of a pool tainted for other workloads) */
  refused?: number;
  /** the kind of each refused change (a toleration; a selector or value that gives up the pod's platform), for why */
  refusedKinds?: string[];
  /** changes tried that did not help, with why */
  failures: FailedCandidate[];
  tried: number;
  done: boolean;
  error?: string;
  /** where the search's load and run of the scenario came from (lent by the engine worker, kept, or its own) */
  baseline?: BaselineSource;
}

/** Asks the engine worker to answer on `port` with its run of the scenario (the store's lendBaseline). */
export type LendBaseline = (port: LendPort, inputs: { text: string; fileName: string; seed?: number }) => void;

let nextId = 1;

/**
 * A worker whose search ended, kept for the next search: it holds the scenario it loaded and
 * simulated, so a search for another pod of the same scenario starts at its first variant. It is
 * let go after a while unused (it holds a whole dump).
 */
let idle: { worker: Worker; timer: ReturnType<typeof setTimeout>; scenario: string } | undefined;
const IDLE_WORKER_MS = 120_000;

const newFixWorker = () => new Worker(new URL('./fixes.worker.ts', import.meta.url), { type: 'module' });
const scenarioKey = (text: string, fileName: string, seed: number | undefined) => `${fileName}\u0000${seed ?? ''}\u0000${text}`;

/**
 * From this many characters (a kubectl dump of a few hundred objects: loading and simulating it
 * again takes seconds), a run on screen with a Pending pod gets an idle fix worker prepared with
 * it (./fixRequest.ts prepareFixSearch), so that the first search starts at its first variant.
 */
export const PREPARE_FIX_CHARS = 1_000_000;

/**
 * Prepares the idle fix worker with the engine worker's run of this scenario (lent, not loaded
 * again), unless the idle worker holds it already. A search sent meanwhile waits for it in the worker.
 */
export function prepareFixWorker(text: string, fileName: string, seed: number | undefined, lend: LendBaseline): void {
  const scenario = scenarioKey(text, fileName, seed);
  if (idle?.scenario === scenario) return;
  const worker = newFixWorker();
  const inputs = { text, fileName, ...(seed !== undefined ? { seed } : {}) };
  const channel = new MessageChannel();
  lend(channel.port1 as LendPort, inputs);
  keepWorker(worker, scenario);
  worker.onmessage = (event: MessageEvent<FixWorkerPrepared>) => {
    if (event.data.type !== 'prepared') return;
    worker.onmessage = null;
    // the engine had no such run (or could not copy it): the worker holds nothing
    if (!event.data.held && idle?.worker === worker) {
      clearTimeout(idle.timer);
      idle = undefined;
      worker.terminate();
    }
  };
  const message: FixWorkerPrepare = { type: 'prepare', ...inputs, lent: channel.port2 };
  worker.postMessage(message, [channel.port2]);
}

/** A worker, and whether it holds `scenario` (text, file name and seed) already: the kept one when it does. */
function takeWorker(scenario: string): { worker: Worker; holds: boolean } {
  if (!idle) return { worker: newFixWorker(), holds: false };
  const { worker, timer } = idle;
  clearTimeout(timer);
  const holds = idle.scenario === scenario;
  idle = undefined;
  return { worker, holds };
}

function keepWorker(worker: Worker, scenario: string): void {
  worker.onmessage = null;
  worker.onerror = null;
  if (idle) {
    clearTimeout(idle.timer);
    idle.worker.terminate();
  }
  idle = { worker, scenario, timer: setTimeout(() => { if (idle?.worker === worker) idle = undefined; worker.terminate(); }, IDLE_WORKER_MS) };
}

export function useFixSearch(text: string, fileName: string, seed: number | undefined, pod: string | undefined, lend?: LendBaseline): FixSearchState {
  const [state, setState] = useState<FixSearchState & { key?: string }>({ fixes: [], failures: [], tried: 0, done: false });
  const key = pod === undefined ? undefined : `${pod}\u0000${seed ?? ''}\u0000${text}`;
  useEffect(() => {
    if (pod === undefined) return;
    const id = nextId++;
    const scenario = scenarioKey(text, fileName, seed);
    const { worker, holds } = takeWorker(scenario);
    let finished = false;
    // this search's state, replaced whole on every reply (the hook shows it only while `key` is current)
    let current: FixSearchState & { key?: string } = { key, fixes: [], failures: [], tried: 0, done: false };
    const update = (next: Partial<FixSearchState>) => {
      current = { ...current, ...next };
      setState(current);
    };
    worker.onmessage = (event: MessageEvent<FixSearchReply>) => {
      const reply = event.data;
      if (reply.id !== id) return;
      if (reply.type === 'started') update({ candidates: reply.candidates, leftOut: reply.leftOut, refused: reply.refused.length, refusedKinds: reply.refused.map((r) => r.candidate.kind), ...(reply.baseline ? { baseline: reply.baseline } : {}) });
      else if (reply.type === 'fix') update({ fixes: rankFixes([...current.fixes, reply.fix]), tried: current.tried + 1 });
      else if (reply.type === 'failed') update({ failures: [...current.failures, reply.failed], tried: current.tried + 1 });
      else if (reply.type === 'done') {
        update({ tried: reply.tried, done: true });
        finished = true;
        keepWorker(worker, scenario);
      } else {
        update({ done: true, error: reply.message });
        finished = true;
        keepWorker(worker, scenario);
      }
    };
    worker.onerror = (e) => {
      update({ done: true, error: e.message || 'the fix search stopped' });
      finished = true;
      worker.terminate();
    };
    const request: FixWorkerRequest = { id, text, fileName, ...(seed !== undefined ? { seed } : {}), pod };
    if (lend !== undefined && !holds) {
      // the engine worker answers the fix worker directly: the scenario and run never pass this thread
      const channel = new MessageChannel();
      lend(channel.port1 as LendPort, { text, fileName, ...(seed !== undefined ? { seed } : {}) });
      worker.postMessage({ ...request, lent: channel.port2 }, [channel.port2]);
    } else {
      worker.postMessage(request);
    }
    // a search still running is cancelled by terminating its worker; one that ended left it for the next
    return () => { if (!finished) worker.terminate(); };
    // key covers text, seed and pod
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? state : { fixes: [], failures: [], tried: 0, done: false };
}
