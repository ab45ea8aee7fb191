import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StoreContext } from './store/hooks';
import { createScenarioStorage } from './store/persistence';
import { browserTimers, createPodplayStore } from './store/store';
import { App } from './ui/App';
import { browserUrlEnv, installUrlSync } from './ui/share/urlSync';
import zoneSpread from './ui/scenarios/zone-spread.yaml?raw';
import './ui/styles.css';
import { createWorkerClient } from './worker/client';

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage disabled: the scenario just does not survive a reload
  }
}

const store = createPodplayStore({
  client: createWorkerClient(),
  storage: createScenarioStorage(browserStorage()),
  timers: browserTimers,
  defaultScenario: { fileName: 'zone-spread.yaml', text: zoneSpread },
  debounceMs: 350,
});

// the address bar holds a permalink of what is on screen; a link in it is opened first
installUrlSync(store, browserUrlEnv(browserTimers));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StoreContext.Provider value={store}>
      <App />
    </StoreContext.Provider>
  </StrictMode>,
);
