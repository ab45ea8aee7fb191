// The engine's thread: everything that schedules runs here, never on the main thread.
/// <reference lib="webworker" />

import { prepareEngineFeatures, simulateCycles, startSimulation } from '../engine';
import type { SimulationResult } from '../engine/api';
import { createWorkerHost, type StartFn } from './host';
import type { RunPosition, WorkerRequest } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

/** The engine's streaming form, one cycle per `advance`. */
const start: StartFn = (text, options) => {
  const started = startSimulation(text, options);
  if (!started.ok) return { ok: false, errors: started.errors };
  const cycles = simulateCycles(started.simulation);
  let result: SimulationResult | undefined;
  const position: RunPosition = { cycles: 0, time: 0 };
  return {
    ok: true,
    run: {
      advance() {
        const next = cycles.next();
        if (next.done) {
          result = next.value;
        } else {
          position.cycles++;
          position.time = next.value.time;
          position.pod = next.value.pod;
        }
        return next.done === true;
      },
      result: () => result!,
      position: () => ({ ...position }),
    },
  };
};

const host = createWorkerHost({
  start,
  // this worker is built without the CEL evaluator and the descheduler (vite.config.ts: lazyEngineFeatures)
  prepare: prepareEngineFeatures,
  post: (reply, transfer) => scope.postMessage(reply, transfer ?? []),
  now: () => performance.now(),
  defer: (fn) => setTimeout(fn, 0),
});

scope.onmessage = (event: MessageEvent<WorkerRequest>) => host.handle(event.data);
// the module loaded: from now on an error is a crash, not a failure to start
scope.postMessage({ type: 'ready' });
