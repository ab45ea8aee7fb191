// Permalinks are deflated here: a scenario of a few hundred KB takes tens of milliseconds to
// compress, which the main thread would spend at every step while the address bar follows.
/// <reference lib="webworker" />

import { encodePermalink } from '../../permalink/codec';
import type { EncodeReply, EncodeRequest } from './permalinkEncoder';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<EncodeRequest>) => {
  const { id, state } = event.data;
  let reply: EncodeReply;
  try {
    reply = { id, fragment: await encodePermalink(state) };
  } catch (e) {
    reply = { id, error: e instanceof Error ? e.message : String(e) };
  }
  scope.postMessage(reply);
};
