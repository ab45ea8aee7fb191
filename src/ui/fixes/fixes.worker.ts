// Verifies candidate fixes off the main thread, one search at a time: the page cancels a search by
// terminating the worker, so a long variant never holds anything up. A worker whose search ended
// is given the next one (./useFixSearch.ts), and keeps the scenario it loaded and simulated for it.
/// <reference lib="webworker" />

import { FixSearchSession, type FixSearchRequest } from '../../interop/fixSearch';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const session = new FixSearchSession();

scope.onmessage = (event: MessageEvent<FixSearchRequest>) => {
  try {
    session.run(event.data, (reply) => scope.postMessage(reply));
  } catch (e) {
    scope.postMessage({ type: 'error', id: event.data.id, message: e instanceof Error ? e.message : String(e) });
  }
};
