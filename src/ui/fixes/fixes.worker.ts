// Verifies candidate fixes off the main thread. One search per worker: the page cancels a search
// by terminating the worker, so a long variant never holds anything up.
/// <reference lib="webworker" />

import { runFixSearch, type FixSearchRequest } from '../../interop/fixSearch';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<FixSearchRequest>) => {
  try {
    runFixSearch(event.data, (reply) => scope.postMessage(reply));
  } catch (e) {
    scope.postMessage({ type: 'error', id: event.data.id, message: e instanceof Error ? e.message : String(e) });
  }
};
