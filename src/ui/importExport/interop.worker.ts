// Imports and exports run here, never on the main thread (a 5,000-pod dump takes seconds to read).
/// <reference lib="webworker" />

import { handleInterop, type InteropRequest } from './interopWork';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<InteropRequest>) => {
  const reply = await handleInterop(event.data);
  const zipped = reply.ok && reply.value.type === 'kwok' ? reply.value.result.zip : undefined;
  scope.postMessage(reply, zipped ? [zipped.buffer as ArrayBuffer] : []);
};
