// Recent scenarios: before a link, a file, an import or a lesson replaces the text on screen, that
// text is kept here, so opening something never loses work. The list (title, file, time, size)
// is small and lives in localStorage, shared by every tab; the texts live in IndexedDB, which
// holds the large ones too. Of the scenarios merely opened (a link, a lesson), the newest RECENT_MAX
// are kept; a scenario the user edited is kept until the user removes it (issue 23: opening eleven
// lessons used to push an edit out of every storage).

import { fingerprint } from './fingerprint';
import type { KeyValueStorage, SavedScenario } from './persistence';
import type { TextStore } from './textStore';

export const RECENT_KEY = 'podplay.recent';
export const RECENT_MAX = 10;

export interface RecentEntry {
  id: string;
  /** the Scenario document's metadata.name, else the file name */
  title: string;
  fileName: string;
  /** ms since the epoch */
  savedAt: number;
  /** characters */
  size: number;
  /** tells equal texts apart without reading them back */
  fingerprint: string;
  /** the user edited this text: it is never dropped to make room, only removed by the user */
  edited?: boolean;
}

export interface RecentScenarios {
  /** newest first */
  list(): RecentEntry[];
  /** keeps a scenario; resolves with the list, or rejects when the browser refuses to store it */
  keep(scenario: SavedScenario, options?: { edited?: boolean }): Promise<RecentEntry[]>;
  /** removes an entry and its text (the user's choice) */
  remove(id: string): RecentEntry[];
  /** the text of an entry; undefined when it is gone */
  read(id: string): Promise<SavedScenario | undefined>;
}

/** `metadata.name` of a `kind: Scenario` document, if the text has one near its kind. */
export function scenarioTitle(scenario: SavedScenario): string {
  const kind = /^kind:\s*Scenario\s*$/m.exec(scenario.text);
  if (kind !== null) {
    const around = scenario.text.slice(Math.max(0, kind.index - 400), kind.index + 400);
    const name = /metadata:\s*(?:\{\s*name:\s*|\n\s+name:\s*)["']?([A-Za-z0-9][\w.-]{0,80})/.exec(around);
    if (name !== null) return name[1]!;
  }
  return scenario.fileName;
}

function isEntry(x: unknown): x is RecentEntry {
  const e = x as Partial<RecentEntry> | null;
  return typeof e?.id === 'string' && typeof e.title === 'string' && typeof e.fileName === 'string'
    && typeof e.savedAt === 'number' && typeof e.size === 'number' && typeof e.fingerprint === 'string'
    && (e.edited === undefined || typeof e.edited === 'boolean');
}

export function createRecentScenarios(deps: { index: KeyValueStorage | undefined; texts: TextStore | undefined; now(): number }): RecentScenarios {
  /** the list when localStorage is not available (or full): this page's memory */
  let fallback: RecentEntry[] | undefined = deps.index === undefined ? [] : undefined;
  let counter = 0;

  function list(): RecentEntry[] {
    if (fallback !== undefined) return fallback;
    try {
      const parsed: unknown = JSON.parse(deps.index?.getItem(RECENT_KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
    } catch {
      return [];
    }
  }

  function writeList(entries: RecentEntry[]): void {
    if (fallback === undefined) {
      try {
        deps.index!.setItem(RECENT_KEY, JSON.stringify(entries));
        return;
      } catch {
        // the index is a few KB; if even that fails the list lives in this page's memory
      }
    }
    fallback = entries;
  }

  return {
    list,
    async keep(scenario, options = {}) {
      if (deps.texts === undefined) throw new Error('this browser does not let the page store scenarios (IndexedDB is unavailable)');
      const print = fingerprint(scenario.text);
      const entries = list();
      const same = entries.find((e) => e.fingerprint === print && e.fileName === scenario.fileName);
      const id = same?.id ?? `${deps.now().toString(36)}-${(counter++).toString(36)}`;
      if (same === undefined) await deps.texts.put(`recent.${id}`, JSON.stringify(scenario));
      const edited = options.edited === true || same?.edited === true;
      const entry: RecentEntry = {
        id, title: scenarioTitle(scenario), fileName: scenario.fileName, savedAt: deps.now(), size: scenario.text.length, fingerprint: print,
        ...(edited ? { edited } : {}),
      };
      // another tab may have changed the list meanwhile: merge with what is there now
      const next = [entry, ...list().filter((e) => e.id !== id)];
      // only scenarios merely opened make room; every edited one stays
      let opened = 0;
      const kept = next.filter((e) => e.edited === true || ++opened <= RECENT_MAX);
      for (const dropped of next.filter((e) => !kept.includes(e))) void deps.texts.delete(`recent.${dropped.id}`).catch(() => {});
      writeList(kept);
      return list();
    },
    remove(id) {
      void deps.texts?.delete(`recent.${id}`).catch(() => {});
      writeList(list().filter((e) => e.id !== id));
      return list();
    },
    async read(id) {
      const raw = await deps.texts?.get(`recent.${id}`).catch(() => undefined);
      if (raw === undefined) return undefined;
      try {
        const parsed = JSON.parse(raw) as Partial<SavedScenario>;
        return typeof parsed.text === 'string' && typeof parsed.fileName === 'string' ? { fileName: parsed.fileName, text: parsed.text } : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
