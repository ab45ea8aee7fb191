import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StoreContext } from './store/hooks';
import { createScenarioStorage } from './store/persistence';
import { browserTimers, createPodplayStore } from './store/store';
import { App } from './ui/App';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StoreContext.Provider value={store}>
      <App />
    </StoreContext.Provider>
  </StrictMode>,
);
