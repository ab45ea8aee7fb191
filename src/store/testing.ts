// Test doubles for the store: a client whose replies the test hands over itself, and a memory storage.

import type { EngineClient } from '../worker/client';
import type { WorkerReply, WorkerRequest } from '../worker/protocol';
import { createScenarioStorage, STORAGE_KEY, type KeyValueStorage, type StorageDeps } from './persistence';
import { createRecentScenarios } from './recent';
import { createRunMarks } from './runMarks';
import type { TextStore } from './textStore';
import { browserTimers, createPodplayStore, type PodplayStore, type StoreDeps } from './store';

export interface ScriptedClient extends EngineClient {
  sent: WorkerRequest[];
  reply(...replies: WorkerReply[]): void;
  /** the run id of the last load request */
  lastLoad(): number;
}

export function scriptedClient(): ScriptedClient {
  const listeners = new Set<(replies: WorkerReply[]) => void>();
  const sent: WorkerRequest[] = [];
  return {
    sent,
    send: (request) => { sent.push(request); },
    subscribe(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    dispose() {},
    reply: (...replies) => { for (const l of listeners) l(replies); },
    lastLoad() {
      const loads = sent.filter((r) => r.type === 'load');
      return loads[loads.length - 1]?.runId ?? -1;
    },
  };
}

/** A Storage in memory; with `quota` (characters over all keys) it refuses writes the way a full one does. */
export function memoryStorage(initial: Record<string, string> = {}, quota = Infinity): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  const used = (except: string) => Object.entries(data).reduce((n, [k, v]) => n + (k === except ? 0 : k.length + v.length), 0);
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem(key, value) {
      if (used(key) + key.length + value.length > quota) throw new DOMException('quota', 'QuotaExceededError');
      data[key] = value;
    },
    removeItem: (key) => { delete data[key]; },
  };
}

/** Scenario storage over memory storages: this tab's, every tab's, and IndexedDB's. */
export function memoryScenarioStorage(parts: Partial<StorageDeps> = {}) {
  const deps: StorageDeps = { tab: memoryStorage(), shared: memoryStorage(), texts: memoryTextStore(), tabId: 'test', now: () => 1000, ...parts };
  return { deps, storage: createScenarioStorage(deps) };
}

export function testStore(client: EngineClient, overrides: Partial<StoreDeps> = {}): PodplayStore {
  const texts = memoryTextStore();
  return createPodplayStore({
    client,
    storage: memoryScenarioStorage({ texts }).storage,
    recent: createRecentScenarios({ index: memoryStorage(), texts, now: () => 1000 }),
    runMarks: createRunMarks(memoryStorage(), 'this-page'),
    timers: browserTimers,
    defaultScenario: { fileName: 'default.yaml', text: 'kind: Node' },
    debounceMs: 300,
    download: () => {},
    ...overrides,
  });
}
/** A TextStore in memory (tests), optionally refusing writes the way a full disk does. */
export function memoryTextStore(options: { refuse?: boolean } = {}): TextStore & { data: Map<string, string>; refuse: boolean } {
  const data = new Map<string, string>();
  const store = {
    data,
    refuse: options.refuse ?? false,
    get: (key: string) => Promise.resolve(data.get(key)),
    put(key: string, text: string) {
      if (store.refuse) return Promise.reject(new Error('QuotaExceededError'));
      data.set(key, text);
      return Promise.resolve();
    },
    delete(key: string) {
      data.delete(key);
      return Promise.resolve();
    },
  };
  return store;
}

/** Store options for a browser that has `text` saved (as the page reads it at start), and its shared storage. */
export function savedScenario(text?: string, fileName = 'mine.yaml') {
  const shared = memoryStorage(text === undefined ? {} : { [STORAGE_KEY]: JSON.stringify({ version: 1, fileName, text }) });
  const texts = memoryTextStore();
  const { storage } = memoryScenarioStorage({ shared, texts });
  return { shared, texts, overrides: { storage, ...(text === undefined ? {} : { initial: { fileName, text } }) } satisfies Partial<StoreDeps> };
}
