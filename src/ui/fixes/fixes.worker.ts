// Verifies candidate fixes off the main thread, one search at a time: the page cancels a search by
// terminating the worker, so a long variant never holds anything up. A worker whose search ended
// is given the next one (./useFixSearch.ts), and keeps the scenario it loaded and simulated for it.
// A new worker's first search starts from the engine worker's run when it lends it (./fixRequest.ts).
/// <reference lib="webworker" />

import { FixSearchSession } from '../../interop/fixSearch';
import { handleFixRequest, type FixWorkerRequest } from './fixRequest';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const session = new FixSearchSession();

scope.onmessage = (event: MessageEvent<FixWorkerRequest>) => {
  handleFixRequest(session, event.data, (reply) => scope.postMessage(reply));
};
