// The engine's thread: everything that schedules runs here, never on the main thread.
/// <reference lib="webworker" />

import { prepareEngineFeatures } from '../engine';
import { startEngineRun } from './engineStart';
import { createWorkerHost } from './host';
import type { WorkerRequest } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

const host = createWorkerHost({
  start: startEngineRun,
  // this worker is built without the CEL evaluator and the descheduler (vite.config.ts: lazyEngineFeatures)
  prepare: prepareEngineFeatures,
  post: (reply, transfer) => scope.postMessage(reply, transfer ?? []),
  now: () => performance.now(),
  defer: (fn) => setTimeout(fn, 0),
});

scope.onmessage = (event: MessageEvent<WorkerRequest>) => host.handle(event.data);
// the module loaded: from now on an error is a crash, not a failure to start
scope.postMessage({ type: 'ready' });
