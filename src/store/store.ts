// The one Podplay store: a vanilla zustand store (testable without React) made of four slices —
// scenario text, simulation results, playback position and view options. Actions live here;
// components select narrow slices through ./hooks.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { StoreDeps } from './deps';
import { createPlayback, latestCyclePosition } from './playback';
import { createSession } from './session';
import { createSimulation } from './simulation';
import { NOTHING_HIDDEN, type PodplayState, type RecentSlice, type ViewSlice } from './types';

export { browserTimers, type StoreDeps, type Timers } from './deps';

export type PodplayStore = StoreApi<PodplayState> & { dispose(): void };

export function createPodplayStore(deps: StoreDeps): PodplayStore {
  const initial = deps.initial ?? deps.defaultScenario;
  let unsubscribe = () => {};
  const store = createStore<PodplayState>()((set, get, api) => {
    const simulation = createSimulation(set, get, deps, initial);
    unsubscribe = deps.client.subscribe(simulation.applyReplies);
    const view: ViewSlice = {
      showNodeDetails: false,
      detailTab: 'events',
      compareOpen: false,
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
      setCompareOpen: (compareOpen) => set({ compareOpen }),
      setCompareConfig: (compareConfig) => set({ compareConfig }),
      setCompareVersions: (compareVersions) => set({ compareVersions }),
      setHelpOpen: (helpOpen) => set({ helpOpen }),
      setReducedMotion: (reducedMotion) => set({ reducedMotion }),
      setStageHidden: (stageHidden) => set({ stageHidden }),
    };
    const recent: RecentSlice = {
      recent: deps.recent.list(),
      refreshRecent: () => set({ recent: deps.recent.list() }),
      removeRecent: (id) => set({ recent: deps.recent.remove(id) }),
      async reopenRecent(id) {
        const scenario = await deps.recent.read(id);
        if (scenario === undefined) {
          set({ recent: deps.recent.list() });
          get().notify({ kind: 'error', title: 'Not found', text: 'That scenario is no longer stored in this browser.' });
          return false;
        }
        get().openScenario(scenario.fileName, scenario.text);
        set({ loadCount: get().loadCount + 1 });
        return true;
      },
    };
    return {
      ...simulation.slice,
      ...createPlayback(set, get, deps, simulation.ensureFrames),
      ...view,
      ...createSession(set, get, api),
      ...recent,
    };
  });
  for (const record of deps.unreadable ?? []) {
    store.getState().notify({
      kind: 'error', title: 'A saved scenario could not be read',
      text: `A scenario saved in this browser is in a form this version of Podplay does not read (another version saved it, or it is damaged). It is kept, untouched, in the browser's storage as "${record.key}".`,
      action: { label: 'Download it', run: () => deps.download('unreadable-scenario.json', record.raw), keep: true },
    });
  }
  if (!deps.linkFirst) store.getState().simulateUnlessInterrupted();
  return Object.assign(store, {
    dispose() {
      store.getState().pause();
      unsubscribe();
      deps.client.dispose();
    },
  });
}
