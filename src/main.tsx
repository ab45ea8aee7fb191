import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StoreContext } from './store/hooks';
import { loadAllLessons } from './lessons/lazy';
import { createScenarioStorage, type KeyValueStorage } from './store/persistence';
import { createRecentScenarios } from './store/recent';
import { createRunMarks } from './store/runMarks';
import { engineAnswered } from './store/selectors';
import { browserTimers, createPodplayStore } from './store/store';
import { indexedDbTextStore, keyValueTextStore } from './store/textStore';
import { App } from './ui/App';
import { startServiceWorker } from './ui/offline/serviceWorker';
import { UpdateNotice } from './ui/offline/UpdateNotice';
import { saveFile } from './ui/importExport/saveFile';
import { browserUrlEnv, fragmentOf, installUrlSync } from './ui/share/urlSync';
import zoneSpread from './ui/scenarios/zone-spread.yaml?raw';
import './ui/styles.css';
import { createWorkerClient } from './worker/client';
import { createShippedClient, takeShippedRun } from './worker/shipped';
import { prepareFixesOnRuns } from './ui/fixes/prepareOnRun';

/** A storage of the page, or undefined where the browser does not allow it (nothing then survives a reload). */
function browserStorage(which: 'localStorage' | 'sessionStorage'): KeyValueStorage | undefined {
  try {
    return window[which];
  } catch {
    return undefined;
  }
}

function idb(): IDBFactory | undefined {
  try {
    return window.indexedDB ?? undefined;
  } catch {
    return undefined;
  }
}

const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** This tab's id (kept in sessionStorage, so a reload keeps it): the key of its large scenario in IndexedDB. */
function tabId(tab: KeyValueStorage | undefined): string {
  const KEY = 'podplay.tab';
  try {
    const known = tab?.getItem(KEY);
    if (known) return known;
    const id = newId();
    tab?.setItem(KEY, id);
    return id;
  } catch {
    return 'tab';
  }
}

async function start(): Promise<void> {
  const tab = browserStorage('sessionStorage');
  const shared = browserStorage('localStorage');
  const texts = indexedDbTextStore(idb());
  const storage = createScenarioStorage({ tab, shared, texts, tabId: tabId(tab), now: () => Date.now() });
  const loaded = await storage.load();
  // a fresh tab takes the last scenario any tab saved, and from now on keeps its own copy
  if (loaded.scenario !== undefined && loaded.from === 'shared') storage.adopt(loaded.scenario);
  // a lesson link's first run may come with the build (./worker/shipped.ts); the rest from the engine worker
  const client = createShippedClient(takeShippedRun(), () => createWorkerClient());
  const runMarks = createRunMarks(shared, newId());
  // a reload in the middle of a run is not a run that took the tab down
  window.addEventListener('pagehide', () => runMarks.leave());
  const store = createPodplayStore({
    client,
    storage,
    // without IndexedDB, Recent keeps what fits in localStorage
    recent: createRecentScenarios({ index: shared, texts: texts ?? (shared && keyValueTextStore(shared, 'podplay.text.')), now: () => Date.now() }),
    runMarks,
    timers: browserTimers,
    ...(loaded.scenario === undefined ? {} : { initial: loaded.scenario }),
    unreadable: loaded.unreadable,
    defaultScenario: { fileName: 'zone-spread.yaml', text: zoneSpread },
    download: (fileName, text) => saveFile(fileName, text, 'application/x-yaml'),
    debounceMs: 350,
    linkFirst: fragmentOf(window.location) !== '',
  });

  // a large scenario's Pending pods: the fix worker takes the engine worker's run before the panel asks
  prepareFixesOnRuns(store);

  // the address bar holds a permalink of what is on screen; a link in it is opened first
  // not this tab's own copy: a link this tab wrote is newer than it
  installUrlSync(store, browserUrlEnv(browserTimers, loaded.from === 'tab' ? loaded.scenario?.savedAt : -1));

  // for debugging (and the browser tests): end the engine worker as a crash would, or hang its next
  // run; the page recovers
  Object.defineProperty(window, '__podplay', { value: Object.freeze({ crashWorker: () => client.crashWorker(), hangNextRun: (ms: number) => client.hangNextRun(ms), loadState: () => client.loadState() }) });

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <StoreContext.Provider value={store}>
        <App />
        <UpdateNotice />
      </StoreContext.Provider>
    </StrictMode>,
  );
  // the offline copy downloads the whole build (about 2.7 MB compressed): only once the page is
  // interactive, so on a slow connection it never competes with the engine worker
  const offlineWhenReady = store.subscribe((state) => {
    if (!engineAnswered(state)) return;
    offlineWhenReady();
    startServiceWorker();
    // a lesson link fetched only its own lesson (src/lessons/lazy.ts): the others now, for the
    // gallery and the lesson after this one
    void loadAllLessons().catch(() => undefined);
  });
}

void start();
