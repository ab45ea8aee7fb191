// The scenario text survives reloads. Each tab keeps its own copy in sessionStorage (a reload of
// tab B shows B's text, never tab A's); localStorage holds the last scenario any tab saved, for a
// fresh tab. A text too large for either (or a storage that is full) goes to IndexedDB and the
// record points to it. Records have a version; one this code does not understand is copied aside,
// under a key of its own, and reported, so no edit is lost.

import type { TextStore } from './textStore';

export interface SavedScenario {
  fileName: string;
  text: string;
}

/** A scenario read back, with when it was saved (ms since the epoch; 0 when unknown). */
export interface RestoredScenario extends SavedScenario {
  savedAt: number;
}

interface StoredV1 {
  version: 1;
  fileName: string;
  savedAt?: number;
  /** the text, when the record holds it */
  text?: string;
  /** else the key of the text in the TextStore (IndexedDB) */
  textKey?: string;
}

export const STORAGE_KEY = 'podplay.scenario';
export const UNREADABLE_PREFIX = `${STORAGE_KEY}.unreadable`;
/** A text longer than this goes to IndexedDB: a synchronous write of megabytes per keystroke holds the page. */
export const INLINE_MAX_CHARS = 1_000_000;

export type SaveResult = { ok: true } | { ok: false; reason: string };

/** A saved record this code could not read, copied aside to `key`. */
export interface UnreadableRecord {
  key: string;
  raw: string;
}

export interface LoadResult {
  scenario?: RestoredScenario;
  /** where it came from: this tab's own copy, or the one any tab saved last */
  from?: 'tab' | 'shared';
  unreadable: UnreadableRecord[];
}

export interface ScenarioStorage {
  /** this tab's scenario, else the last one any tab saved, reading large texts back from IndexedDB */
  load(): Promise<LoadResult>;
  /**
   * Saves the scenario for this tab and for fresh tabs. Resolves when it is kept (or not): at once
   * for a text the storages hold, after IndexedDB answers for a large one.
   */
  save(scenario: SavedScenario): Promise<SaveResult>;
  /** makes a scenario restored from the shared copy this tab's own, keeping when it was saved */
  adopt(scenario: RestoredScenario): void;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface StorageDeps {
  /** this tab's storage (sessionStorage) */
  tab: KeyValueStorage | undefined;
  /** every tab's (localStorage) */
  shared: KeyValueStorage | undefined;
  /** large texts (IndexedDB) */
  texts: TextStore | undefined;
  /** this tab's id, for its large text's key */
  tabId: string;
  now(): number;
}

export function createScenarioStorage(deps: StorageDeps): ScenarioStorage {
  const keys = { tab: `tab.${deps.tabId}`, shared: 'shared' };
  let writes = 0;
  /**
   * A fresh IndexedDB key for each large text written. A key reused for another text lets a record
   * name a text it was not written with: between the new text landing in IndexedDB and its record
   * landing in storage, a reload (or another tab) read the old record, with its file name, over the
   * new text (issue 23: a >1 MB link shown as the other tab's my-work.yaml). With one key per text,
   * a record and the text it names are always written together; the old text goes once no record names it.
   */
  const freshKey = (scope: string) => `${scope}.${deps.tabId}.${deps.now().toString(36)}-${(writes++).toString(36)}`;

  function read(storage: KeyValueStorage | undefined, unreadable: UnreadableRecord[]): StoredV1 | undefined {
    const raw = safely(() => storage?.getItem(STORAGE_KEY) ?? null);
    if (raw === null || raw === undefined) return undefined;
    const parsed = safely(() => JSON.parse(raw) as Partial<StoredV1> | null);
    if (parsed?.version === 1 && (typeof parsed.text === 'string' || typeof parsed.textKey === 'string')) {
      return {
        version: 1,
        fileName: typeof parsed.fileName === 'string' ? parsed.fileName : 'scenario.yaml',
        savedAt: typeof parsed.savedAt === 'number' ? parsed.savedAt : 0,
        ...(typeof parsed.text === 'string' ? { text: parsed.text } : { textKey: parsed.textKey! }),
      };
    }
    const kept = setAside(storage!, raw, deps.now());
    if (kept !== undefined) {
      unreadable.push({ key: kept, raw });
      // the copy holds it now; left in place it would be copied again on every visit
      safely(() => storage!.removeItem(STORAGE_KEY));
    }
    return undefined;
  }

  async function textOf(record: StoredV1): Promise<string | undefined> {
    if (record.text !== undefined) return record.text;
    return deps.texts?.get(record.textKey!).catch(() => undefined);
  }

  /** Writes one record; a text the storage cannot hold goes to IndexedDB first. */
  async function write(storage: KeyValueStorage | undefined, scope: string, record: StoredV1 & { text: string }): Promise<SaveResult> {
    if (storage === undefined) return { ok: false, reason: 'the browser does not allow this page to store data' };
    if (record.text.length <= INLINE_MAX_CHARS && tryWrite(storage, JSON.stringify(record))) return { ok: true };
    if (deps.texts === undefined) {
      return { ok: false, reason: `the scenario (${kilobytes(record.text.length)}) is more than this browser's storage for the page holds, and IndexedDB, which holds more, is unavailable` };
    }
    const key = freshKey(scope);
    const pointer: StoredV1 = { version: 1, fileName: record.fileName, savedAt: record.savedAt, textKey: key };
    try {
      await deps.texts.put(key, record.text);
    } catch (e) {
      return { ok: false, reason: `the browser refused to store it (${e instanceof Error ? e.message : String(e)})` };
    }
    const replaced = textKeyIn(storage);
    const written = tryWrite(storage, JSON.stringify(pointer));
    const texts = deps.texts;
    // a text no record names any more is deleted: the one replaced, or this one if its record did not fit
    for (const orphan of written ? [replaced] : [replaced, key]) {
      if (orphan !== undefined && textKeyIn(storage) !== orphan) void texts.delete(orphan).catch(() => {});
    }
    return written ? { ok: true } : { ok: false, reason: storageFullReason(record.text.length) };
  }

  return {
    async load() {
      const unreadable: UnreadableRecord[] = [];
      for (const [from, storage] of [['tab', deps.tab], ['shared', deps.shared]] as const) {
        const record = read(storage, unreadable);
        if (record === undefined) continue;
        const text = await textOf(record);
        if (text !== undefined) return { scenario: { fileName: record.fileName, text, savedAt: record.savedAt ?? 0 }, from, unreadable };
      }
      return { unreadable };
    },
    async save(scenario) {
      const record = { version: 1 as const, fileName: scenario.fileName, savedAt: deps.now(), text: scenario.text };
      const [tab, shared] = await Promise.all([write(deps.tab, keys.tab, record), write(deps.shared, keys.shared, record)]);
      // what a reload of this tab shows is what matters; a fresh tab falls back to the default
      return tab.ok ? tab : shared.ok && deps.tab === undefined ? shared : tab;
    },
    adopt(scenario) {
      void write(deps.tab, keys.tab, { version: 1, fileName: scenario.fileName, savedAt: scenario.savedAt, text: scenario.text });
    },
  };
}

/**
 * A record that cannot be written must not leave the previous one in its place: a reload would
 * show older text than the address bar holds. Removing it frees its space for the retry.
 */
function tryWrite(storage: KeyValueStorage, value: string): boolean {
  try {
    storage.setItem(STORAGE_KEY, value);
    return true;
  } catch {
    safely(() => storage.removeItem(STORAGE_KEY));
    try {
      storage.setItem(STORAGE_KEY, value);
      return true;
    } catch {
      return false;
    }
  }
}

const kilobytes = (chars: number) => `${Math.ceil(chars / 1024).toLocaleString('en')} KB`;

function storageFullReason(chars: number): string {
  return `the browser's storage for this page is full (the scenario is ${kilobytes(chars)})`;
}

/** Copies an unreadable record to a key no other copy uses; the key, or undefined when storage refuses. */
function setAside(storage: KeyValueStorage, raw: string, now: number): string | undefined {
  for (let n = 0; n < 100; n++) {
    const key = n === 0 ? `${UNREADABLE_PREFIX}.${now}` : `${UNREADABLE_PREFIX}.${now}-${n}`;
    const existing = safely(() => storage.getItem(key));
    if (existing === raw) return key;
    if (existing !== null && existing !== undefined) continue;
    try {
      storage.setItem(key, raw);
      return key;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The IndexedDB key the record in `storage` names, if it names one. */
function textKeyIn(storage: KeyValueStorage): string | undefined {
  const parsed = safely(() => JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Partial<StoredV1> | null);
  return typeof parsed?.textKey === 'string' ? parsed.textKey : undefined;
}

function safely<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
