// The main thread's end of the import/export worker: one request, one promise. The worker starts
// on first use, so pages that never import or export never load the importers.

import type { ImportOptions, ScenarioFile, ScenarioFileOptions } from '../../interop';
import type { ImportResult, InteropReply, InteropRequest, InteropValue, KwokResult } from './interopWork';

type Pending = { resolve(value: InteropValue): void; reject(error: Error): void };

export interface InteropClient {
  importText(text: string, options: ImportOptions): Promise<ImportResult>;
  /** reads the file in the worker */
  importFile(file: Blob, options: ImportOptions): Promise<ImportResult>;
  /** `untitled` names a scenario that has no title of its own */
  scenarioFile(text: string, options: ScenarioFileOptions, untitled: string): Promise<ScenarioFile>;
  kwokBundle(text: string, fileName: string): Promise<KwokResult>;
}

type Body = InteropRequest extends infer R ? (R extends InteropRequest ? Omit<R, 'id'> : never) : never;

function createClient(post: (request: InteropRequest) => void, onReply: (handler: (reply: InteropReply) => void) => void): InteropClient {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  onReply((reply) => {
    if (reply.id === -1 && !reply.ok) {
      // the worker itself failed: every request waiting on it fails
      for (const waiting of pending.values()) waiting.reject(new Error(`the import worker stopped: ${reply.error}`));
      pending.clear();
      return;
    }
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) waiting?.resolve(reply.value);
    else waiting?.reject(new Error(reply.error));
  });
  function ask(body: Body): Promise<InteropValue> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      post({ ...body, id } as InteropRequest);
    });
  }
  /** asks, and checks the reply is of the kind the request expects */
  async function answer<T extends InteropValue['type']>(body: Body, type: T): Promise<Extract<InteropValue, { type: T }>> {
    const value = await ask(body);
    if (value.type !== type) throw new Error('unexpected reply');
    return value as Extract<InteropValue, { type: T }>;
  }
  return {
    importText: async (text, options) => (await answer({ type: 'import', text, options }, 'import')).result,
    importFile: async (file, options) => (await answer({ type: 'import-file', file, options }, 'import')).result,
    scenarioFile: async (text, options, untitled) => (await answer({ type: 'scenario-file', text, options, untitled }, 'scenario-file')).file,
    kwokBundle: async (text, fileName) => (await answer({ type: 'kwok', text, fileName }, 'kwok')).result,
  };
}

let shared: InteropClient | undefined;

/** The page's import/export worker (or, where workers are missing, the same work in this thread). */
export function interopClient(): InteropClient {
  if (shared !== undefined) return shared;
  if (typeof Worker === 'undefined') {
    let handler: ((reply: InteropReply) => void) | undefined;
    // loaded on first use, so the importers and the zip writer stay off the page's first load
    const work = () => import('./interopWork');
    shared = createClient((request) => { void work().then((m) => m.handleInterop(request)).then((reply) => handler?.(reply)); }, (h) => { handler = h; });
    return shared;
  }
  const worker = new Worker(new URL('./interop.worker.ts', import.meta.url), { type: 'module', name: 'podplay-interop' });
  let handler: ((reply: InteropReply) => void) | undefined;
  worker.onmessage = (event: MessageEvent<InteropReply>) => handler?.(event.data);
  worker.onerror = (event) => {
    // a worker that cannot start must not leave a dialog waiting forever
    shared = undefined;
    handler?.({ id: -1, ok: false, error: event.message });
  };
  shared = createClient((request) => worker.postMessage(request), (h) => { handler = h; });
  return shared;
}
