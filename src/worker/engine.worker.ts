// The engine's thread: everything that schedules runs here, never on the main thread.
/// <reference lib="webworker" />

import { simulate } from '../engine';
import { createWorkerHost } from './host';
import type { WorkerRequest } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

const host = createWorkerHost({
  simulate,
  post: (reply, transfer) => scope.postMessage(reply, transfer ?? []),
  now: () => performance.now(),
  defer: (fn) => setTimeout(fn, 0),
});

scope.onmessage = (event: MessageEvent<WorkerRequest>) => host.handle(event.data);
