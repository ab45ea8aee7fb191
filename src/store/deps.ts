// What the store is built from (./store.ts): the engine's client, storage, timers and the first
// scenario, injected so that tests control them. The slices read it from here.

import type { EngineClient } from '../worker/client';
import type { SavedScenario, ScenarioStorage, UnreadableRecord } from './persistence';
import type { RecentScenarios } from './recent';
import type { RunMarks } from './runMarks';

/** Timers as the store uses them (injected so tests control time). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The browser's timers, called on their own object (window.setTimeout rejects another `this`). */
export const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface StoreDeps {
  client: EngineClient;
  storage: ScenarioStorage;
  recent: RecentScenarios;
  runMarks: RunMarks;
  timers: Timers;
  /** the scenario the page starts with (read from storage); undefined: defaultScenario */
  initial?: SavedScenario;
  /** saved records that could not be read, copied aside: the user is told where */
  unreadable?: readonly UnreadableRecord[];
  /** the scenario shown on a first visit */
  defaultScenario: { fileName: string; text: string };
  /** hands a text to the browser's downloads (a save that failed offers this) */
  download(fileName: string, text: string): void;
  /** quiet time after the last keystroke before the text is simulated */
  debounceMs: number;
  /**
   * the page opens on a link: the first run is the link's (src/ui/share/urlSync.ts starts it),
   * not the saved scenario's, which a slow first load would otherwise simulate and then throw away
   */
  linkFirst?: boolean;
}
