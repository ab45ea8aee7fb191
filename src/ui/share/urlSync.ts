// The address bar follows the playground: the state that matters is kept in the URL fragment as a
// permalink (src/permalink). A change that opens something (a lesson, a link, another scenario)
// gets its own history entry; stepping and editing replace the current one, so Back and Forward
// move between scenarios and lessons, not between single steps. Opening the page with a link, or
// moving through history, restores the state the fragment holds.

import { loadLesson } from '../../lessons/lazy';
import { decodePermalink } from '../../permalink/codec';
import type { PermalinkState } from '../../permalink/migrations';
import { fingerprint } from '../../store/fingerprint';
import { toPermalinkState } from '../../store/permalinkState';
import type { PodplayStore, Timers } from '../../store/store';
import type { PodplayState } from '../../store/types';
import { permalinkEncoder } from './permalinkEncoder';

/** Scenarios longer than this are not kept in the address bar (the Share button offers a file). */
export const URL_SYNC_MAX_TEXT = 256 * 1024;
/** Quiet time before the address bar catches up with stepping or typing (longer for long texts). */
const WRITE_DELAY_MS = 150;
const WRITE_DELAY_PER_KB_MS = 1;

export interface UrlSyncEnv {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'pushState' | 'replaceState' | 'state'>;
  listen(type: 'popstate' | 'hashchange', listener: () => void): () => void;
  timers: Timers;
  /** the permalink codec's encoder (in the browser: on a worker, so stepping never waits for it) */
  encode(state: PermalinkState): Promise<string>;
  /**
   * This tab's memory of the fragments it wrote and when (survives a reload, not a new tab).
   * Several, not just the last: a reload can start just before the address bar catches up.
   */
  tab: { wrote(fragment: string): number | undefined; remember(fragment: string): void };
  /** when the scenario the page started with was saved (ms since the epoch), if known */
  savedAt?: number;
}

interface EntryState {
  /** the scenario's file name, which links do not carry */
  fileName: string;
}

export const CORRUPT_LINK_TITLE = 'This link could not be opened';

/** Fields whose change is written to the address bar. */
function linked(s: PodplayState): unknown[] {
  return [s.text, s.seed, s.position, s.pendingPosition, s.inspectedPod, s.topologyKey, s.showNodeDetails, s.presenter, s.lessonId, s.lessonIntro, s.compareOpen ? s.compareConfig : undefined, s.compareOpen ? s.compareVersions : undefined];
}

/** Changes that deserve a history entry of their own. */
function opensSomething(s: PodplayState, previous: PodplayState): boolean {
  return s.loadCount !== previous.loadCount || s.lessonId !== previous.lessonId || s.fileName !== previous.fileName;
}

/** the link in an address (empty: none) */
export const fragmentOf = (location: Pick<Location, 'hash'>) => location.hash.replace(/^#/, '');

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
  /** something was opened since the last entry was added: the next write adds one */
  let pushPending = false;
  let timer: unknown;
  let writes = 0;
  /** links being opened: until they are on screen, the address bar is theirs */
  let opening = 0;

  function schedule(next: 'push' | 'replace'): void {
    if (opening > 0) return;
    if (next === 'push') pushPending = true;
    if (timer !== undefined) env.timers.clearTimeout(timer);
    const delay = WRITE_DELAY_MS + Math.round(store.getState().text.length / 1024) * WRITE_DELAY_PER_KB_MS;
    timer = env.timers.setTimeout(() => { void write(); }, delay);
  }

  function cancelWrite(): void {
    if (timer !== undefined) env.timers.clearTimeout(timer);
    timer = undefined;
    pushPending = false;
    writes++;
  }

  async function write(): Promise<void> {
    timer = undefined;
    const id = ++writes;
    const state = store.getState();
    const fragment = state.text.length > URL_SYNC_MAX_TEXT ? '' : await env.encode(toPermalinkState(state));
    // a newer write has started: it writes the newer state (and adds the entry, if one is due)
    if (id !== writes) return;
    const push = pushPending;
    pushPending = false;
    if (fragment === written) return;
    const entry: EntryState = { fileName: state.fileName };
    const url = `${env.location.pathname}${env.location.search}${fragment === '' ? '' : `#${fragment}`}`;
    if (push) env.history.pushState(entry, '', url);
    else env.history.replaceState(entry, '', url);
    written = fragment;
    env.tab.remember(fragment);
  }

  async function show(fragment: string, launch: boolean): Promise<void> {
    opening++;
    try {
      cancelWrite();
      const decoded = await decodePermalink(fragment);
      // a lesson link: its lesson's catalog file, not the whole catalog (src/lessons/lazy.ts); one
      // that cannot be fetched opens as an unknown lesson would, its scenario without narration
      if (decoded.ok && decoded.state.lesson !== undefined) await loadLesson(decoded.state.lesson).catch(() => undefined);
      if (fragmentOf(env.location) !== fragment) return; // the user moved on meanwhile
      const state = store.getState();
      if (!decoded.ok) {
        state.openEmpty(CORRUPT_LINK_TITLE, decoded.error);
        return;
      }
      const writtenAt = launch ? env.tab.wrote(fragment) : undefined;
      const reload = writtenAt !== undefined;
      // a reload: the autosave is newer when the user typed after the address bar caught up, the
      // address bar when the last saves failed (storage full): the newer copy wins
      const keepSaved = reload && (env.savedAt === undefined || env.savedAt >= writtenAt);
      const link = keepSaved ? { ...decoded.state, scenario: state.text } : decoded.state;
      const fileName = reload ? state.fileName : entryFileName(env.history.state);
      state.restore(link, fileName === undefined ? { newEntry: false, reload } : { fileName, newEntry: false, reload });
      env.tab.remember(fragment);
    } finally {
      opening--;
    }
  }

  const unsubscribe = store.subscribe((s, previous) => {
    const before = linked(previous);
    const changed = linked(s).some((v, i) => v !== before[i]);
    const opened = opensSomething(s, previous);
    // while playing, the address bar catches up once playback stops
    if (s.playing && !opened) return;
    if (!changed && !opened && !(previous.playing && !s.playing)) return;
    schedule(opened ? 'push' : 'replace');
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

  // a store made with linkFirst has not simulated yet: the link's scenario is its first run, and
  // when the link opened nothing new (the scenario on screen, or a link that could not be read),
  // the scenario on screen is simulated now
  const firstRun = () => {
    const state = store.getState();
    const simulated = state.run !== undefined || state.pendingRunId !== undefined || state.errors.length > 0 || state.interrupted !== undefined;
    if (!simulated) state.simulateUnlessInterrupted();
  };
  if (written !== '') void show(written, true).finally(firstRun);
  else firstRun();

  return () => {
    cancelWrite();
    unsubscribe();
    stopPop();
    stopHash();
  };
}

const TAB_KEY = 'podplay.links';
const TAB_MEMORY = 50;

/** The page's own address bar, history and tab memory. */
export function browserUrlEnv(timers: Timers, savedAt?: number): UrlSyncEnv {
  /** fingerprint → when this tab wrote it */
  const read = (): Map<string, number> => {
    try {
      const list: unknown = JSON.parse(window.sessionStorage.getItem(TAB_KEY) ?? '[]');
      if (!Array.isArray(list)) return new Map();
      // "print@time"; entries of an older page without the time count as written long ago
      return new Map(list.filter((x): x is string => typeof x === 'string').map((x) => {
        const at = x.lastIndexOf('@');
        return at < 0 ? [x, 0] : [x.slice(0, at), Number(x.slice(at + 1)) || 0];
      }));
    } catch {
      return new Map();
    }
  };
  return {
    location: window.location,
    history: window.history,
    listen(type, listener) {
      window.addEventListener(type, listener);
      return () => window.removeEventListener(type, listener);
    },
    timers,
    encode: permalinkEncoder(),
    tab: {
      wrote: (fragment) => read().get(fingerprint(fragment)),
      remember(fragment) {
        const print = fingerprint(fragment);
        const entries = read();
        entries.delete(print);
        entries.set(print, Date.now());
        const list = [...entries].map(([p, at]) => `${p}@${at}`).slice(-TAB_MEMORY);
        try {
          window.sessionStorage.setItem(TAB_KEY, JSON.stringify(list));
        } catch {
          // storage disabled: a reload then treats the address as a shared link
        }
      },
    },
    ...(savedAt === undefined ? {} : { savedAt }),
  };
}
