// The address bar follows the playground: the state that matters is kept in the URL fragment as a
// permalink (src/permalink). A change that opens something (a lesson, a link, another scenario)
// gets its own history entry; stepping and editing replace the current one, so Back and Forward
// move between scenarios and lessons, not between single steps. Opening the page with a link, or
// moving through history, restores the state the fragment holds.

import { decodePermalink, encodePermalink } from '../../permalink/codec';
import { toPermalinkState } from '../../store/permalinkState';
import type { PodplayStore, Timers } from '../../store/store';
import type { PodplayState } from '../../store/types';

/** Scenarios longer than this are not kept in the address bar (the Share button offers a file). */
export const URL_SYNC_MAX_TEXT = 256 * 1024;
/** Quiet time before the address bar catches up with stepping or typing. */
const WRITE_DELAY_MS = 150;

export interface UrlSyncEnv {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'pushState' | 'replaceState' | 'state'>;
  listen(type: 'popstate' | 'hashchange', listener: () => void): () => void;
  timers: Timers;
  /** this tab's memory of the fragment it last wrote (survives a reload, not a new tab) */
  tab: { get(): string | undefined; set(fragment: string): void };
}

interface EntryState {
  /** the scenario's file name, which links do not carry */
  fileName: string;
}

export const CORRUPT_LINK_TITLE = 'This link could not be opened';

/** Fields whose change is written to the address bar. */
function linked(s: PodplayState): unknown[] {
  return [s.text, s.seed, s.position, s.pendingPosition, s.inspectedPod, s.topologyKey, s.showNodeDetails, s.presenter, s.lessonId, s.lessonIntro];
}

/** Changes that deserve a history entry of their own. */
function opensSomething(s: PodplayState, previous: PodplayState): boolean {
  return s.loadCount !== previous.loadCount || s.lessonId !== previous.lessonId || s.fileName !== previous.fileName;
}

const fragmentOf = (location: Pick<Location, 'hash'>) => location.hash.replace(/^#/, '');

function entryFileName(state: unknown): string | undefined {
  const fileName = (state as Partial<EntryState> | null)?.fileName;
  return typeof fileName === 'string' ? fileName : undefined;
}

/**
 * Keeps the address bar and the store in step until the returned function is called. A link in
 * the address bar when this starts is opened first; one this tab wrote itself (a reload) keeps the
 * scenario autosaved since, which may be newer than the link.
 */
export function installUrlSync(store: PodplayStore, env: UrlSyncEnv): () => void {
  /** the fragment the address bar shows, as far as this code knows */
  let written = fragmentOf(env.location);
  let mode: 'push' | 'replace' | undefined;
  let timer: unknown;
  let writes = 0;
  /** links being opened: until they are on screen, the address bar is theirs */
  let opening = 0;

  function schedule(next: 'push' | 'replace'): void {
    if (opening > 0) return;
    mode = mode === 'push' ? 'push' : next;
    if (timer !== undefined) env.timers.clearTimeout(timer);
    timer = env.timers.setTimeout(() => { void write(); }, WRITE_DELAY_MS);
  }

  function cancelWrite(): void {
    if (timer !== undefined) env.timers.clearTimeout(timer);
    timer = undefined;
    mode = undefined;
    writes++;
  }

  async function write(): Promise<void> {
    timer = undefined;
    const how = mode ?? 'replace';
    mode = undefined;
    const id = ++writes;
    const state = store.getState();
    const fragment = state.text.length > URL_SYNC_MAX_TEXT ? '' : await encodePermalink(toPermalinkState(state));
    if (id !== writes || fragment === written) return;
    const entry: EntryState = { fileName: state.fileName };
    const url = `${env.location.pathname}${env.location.search}${fragment === '' ? '' : `#${fragment}`}`;
    if (how === 'push') env.history.pushState(entry, '', url);
    else env.history.replaceState(entry, '', url);
    written = fragment;
    env.tab.set(fragment);
  }

  async function show(fragment: string, launch: boolean): Promise<void> {
    opening++;
    try {
      cancelWrite();
      const decoded = await decodePermalink(fragment);
      if (fragmentOf(env.location) !== fragment) return; // the user moved on meanwhile
      const state = store.getState();
      if (!decoded.ok) {
        state.openEmpty(CORRUPT_LINK_TITLE, decoded.error);
        return;
      }
      const reload = launch && env.tab.get() === fragment;
      const link = reload ? { ...decoded.state, scenario: state.text } : decoded.state;
      const fileName = reload ? state.fileName : entryFileName(env.history.state);
      state.restore(link, fileName === undefined ? { newEntry: false } : { fileName, newEntry: false });
      env.tab.set(fragment);
    } finally {
      opening--;
    }
  }

  const unsubscribe = store.subscribe((s, previous) => {
    const before = linked(previous);
    const changed = linked(s).some((v, i) => v !== before[i]);
    if (!changed && !opensSomething(s, previous)) return;
    schedule(opensSomething(s, previous) ? 'push' : 'replace');
  });

  const onNavigate = () => {
    const fragment = fragmentOf(env.location);
    if (fragment === written) return;
    written = fragment;
    cancelWrite();
    // an entry without a fragment held a scenario too large for the address bar: keep the screen
    if (fragment !== '') void show(fragment, false);
  };
  const stopPop = env.listen('popstate', onNavigate);
  const stopHash = env.listen('hashchange', onNavigate);

  if (written !== '') void show(written, true);

  return () => {
    cancelWrite();
    unsubscribe();
    stopPop();
    stopHash();
  };
}

/** The page's own address bar, history and tab memory. */
export function browserUrlEnv(timers: Timers): UrlSyncEnv {
  const TAB_KEY = 'podplay.link';
  return {
    location: window.location,
    history: window.history,
    listen(type, listener) {
      window.addEventListener(type, listener);
      return () => window.removeEventListener(type, listener);
    },
    timers,
    tab: {
      get() {
        try {
          return window.sessionStorage.getItem(TAB_KEY) ?? undefined;
        } catch {
          return undefined;
        }
      },
      set(fragment) {
        try {
          window.sessionStorage.setItem(TAB_KEY, fragment);
        } catch {
          // storage full or disabled: a reload then treats the address as a shared link
        }
      },
    },
  };
}
