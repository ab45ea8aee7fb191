// Encodes permalinks off the main thread (permalink.worker.ts), one promise per request. Where
// workers are missing or fail to start, the codec runs on this thread.

import { encodePermalink } from '../../permalink/codec';
import type { PermalinkState } from '../../permalink/migrations';

export interface EncodeRequest {
  id: number;
  state: PermalinkState;
}

export type EncodeReply = { id: number; fragment: string } | { id: number; error: string };

export type PermalinkEncoder = (state: PermalinkState) => Promise<string>;

interface Waiting {
  state: PermalinkState;
  resolve(fragment: string): void;
  reject(error: Error): void;
}

let shared: PermalinkEncoder | undefined;

export function permalinkEncoder(): PermalinkEncoder {
  if (shared !== undefined) return shared;
  if (typeof Worker === 'undefined') return (shared = encodePermalink);
  // the worker starts with the first permalink asked for, not with the page: on a slow connection
  // its code would compete with the engine worker's (bench/browser/lessonFirstLoad.spec.ts)
  let started: PermalinkEncoder | undefined;
  return (shared = (state) => (started ??= startEncoderWorker())(state));
}

function startEncoderWorker(): PermalinkEncoder {
  const worker = new Worker(new URL('./permalink.worker.ts', import.meta.url), { type: 'module', name: 'podplay-permalink' });
  const pending = new Map<number, Waiting>();
  let nextId = 1;
  worker.onmessage = (event: MessageEvent<EncodeReply>) => {
    const reply = event.data;
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if ('fragment' in reply) waiting?.resolve(reply.fragment);
    else waiting?.reject(new Error(reply.error));
  };
  let failed = false;
  worker.onerror = () => {
    failed = true;
    for (const waiting of pending.values()) encodePermalink(waiting.state).then(waiting.resolve, waiting.reject);
    pending.clear();
  };
  return (state) => (failed ? encodePermalink(state) : new Promise<string>((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { state, resolve, reject });
    worker.postMessage({ id, state } satisfies EncodeRequest);
  }));
}
