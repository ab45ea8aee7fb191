// Verifies candidate fixes off the main thread, one search at a time: the page cancels a search by
// terminating the worker, so a long variant never holds anything up. A worker whose search ended
// is given the next one (./useFixSearch.ts), and keeps the scenario it loaded and simulated for it.
// A new worker's first search starts from the engine worker's run when it lends it (./fixRequest.ts);
// while a large scenario's run is on screen, an idle worker is prepared with it before any request.
/// <reference lib="webworker" />

import { createFixWorkerHandler, type FixWorkerMessage } from './fixRequest';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const handle = createFixWorkerHandler((reply) => scope.postMessage(reply));

scope.onmessage = (event: MessageEvent<FixWorkerMessage>) => handle(event.data);
