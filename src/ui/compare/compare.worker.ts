// Runs the Compare view's two simulations off the main thread. One comparison per worker: the
// page cancels one by terminating the worker.
/// <reference lib="webworker" />

import { runCompare, type CompareRequest } from './runCompare';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<CompareRequest>) => {
  try {
    runCompare(event.data, (reply) => scope.postMessage(reply));
  } catch (e) {
    scope.postMessage({ type: 'error', id: event.data.id, which: 'a', errors: [{ file: '', line: 1, column: 1, message: `internal error in the simulator (please report it): ${e instanceof Error ? e.message : String(e)}` }], more: 0 });
  }
};
