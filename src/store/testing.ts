// Test doubles for the store: a client whose replies the test hands over itself, and a memory storage.

import type { EngineClient } from '../worker/client';
import type { WorkerReply, WorkerRequest } from '../worker/protocol';
import { createScenarioStorage } from './persistence';
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

export function memoryStorage(initial: Record<string, string> = {}): Pick<Storage, 'getItem' | 'setItem'> & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => { data[key] = value; },
  };
}

export function testStore(client: EngineClient, overrides: Partial<StoreDeps> = {}): PodplayStore {
  return createPodplayStore({
    client,
    storage: createScenarioStorage(memoryStorage()),
    timers: browserTimers,
    defaultScenario: { fileName: 'default.yaml', text: 'kind: Node' },
    debounceMs: 300,
    ...overrides,
  });
}
