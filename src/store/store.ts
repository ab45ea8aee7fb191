// The one Podplay store: a vanilla zustand store (testable without React) made of four slices —
// scenario text, simulation results, playback position and view options. Actions live here;
// components select narrow slices through ./hooks.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { EngineClient } from '../worker/client';
import type { ScenarioStorage } from './persistence';
import { createPlayback, latestCyclePosition } from './playback';
import { createSession } from './session';
import { createSimulation } from './simulation';
import { NOTHING_HIDDEN, type PodplayState, type ViewSlice } from './types';

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
  timers: Timers;
  /** the scenario shown on a first visit */
  defaultScenario: { fileName: string; text: string };
  /** quiet time after the last keystroke before the text is simulated */
  debounceMs: number;
}

export type PodplayStore = StoreApi<PodplayState> & { dispose(): void };

export function createPodplayStore(deps: StoreDeps): PodplayStore {
  const initial = deps.storage.load() ?? deps.defaultScenario;
  let unsubscribe = () => {};
  const store = createStore<PodplayState>()((set, get, api) => {
    const simulation = createSimulation(set, get, deps, initial);
    unsubscribe = deps.client.subscribe(simulation.applyReplies);
    const view: ViewSlice = {
      showNodeDetails: false,
      detailTab: 'events',
      helpOpen: false,
      reducedMotion: false,
      stageHidden: NOTHING_HIDDEN,
      setTopologyKey: (topologyKey) => set({ topologyKey }),
      toggleNodeDetails: () => set({ showNodeDetails: !get().showNodeDetails }),
      inspectPod: (inspectedPod) => set(inspectedPod === undefined ? { inspectedPod } : { inspectedPod, detailTab: 'pod' }),
      selectPod(pod) {
        get().pause();
        set({ inspectedPod: pod, detailTab: 'pod' });
        const at = latestCyclePosition(get(), pod);
        if (at !== undefined) get().seekPosition(at);
      },
      setDetailTab: (detailTab) => set({ detailTab }),
      setHelpOpen: (helpOpen) => set({ helpOpen }),
      setReducedMotion: (reducedMotion) => set({ reducedMotion }),
      setStageHidden: (stageHidden) => set({ stageHidden }),
    };
    return {
      ...simulation.slice,
      ...createPlayback(set, get, deps, simulation.ensureFrames),
      ...view,
      ...createSession(set, get, api),
    };
  });
  store.getState().simulateNow();
  return Object.assign(store, {
    dispose() {
      store.getState().pause();
      unsubscribe();
      deps.client.dispose();
    },
  });
}
