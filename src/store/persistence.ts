// The scenario text survives reloads in localStorage. The stored record has a version; a record
// this code does not understand is copied aside before anything overwrites it, so no edit is lost.

export interface SavedScenario {
  fileName: string;
  text: string;
}

interface StoredV1 extends SavedScenario {
  version: 1;
}

export const STORAGE_KEY = 'podplay.scenario';

export interface ScenarioStorage {
  load(): SavedScenario | undefined;
  save(scenario: SavedScenario): void;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function createScenarioStorage(storage: KeyValueStorage | undefined): ScenarioStorage {
  return {
    load() {
      const raw = safely(() => storage?.getItem(STORAGE_KEY) ?? null);
      if (raw === null || raw === undefined) return undefined;
      const parsed = safely(() => JSON.parse(raw) as Partial<StoredV1>);
      if (parsed?.version === 1 && typeof parsed.text === 'string') {
        return { fileName: typeof parsed.fileName === 'string' ? parsed.fileName : 'scenario.yaml', text: parsed.text };
      }
      safely(() => storage?.setItem(`${STORAGE_KEY}.unreadable`, raw));
      return undefined;
    },
    save(scenario) {
      const record: StoredV1 = { version: 1, ...scenario };
      // a full or disabled storage must not break editing
      safely(() => storage?.setItem(STORAGE_KEY, JSON.stringify(record)));
    },
  };
}

function safely<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
