// Texts too large for localStorage (a cluster dump of several megabytes, the recent scenarios):
// IndexedDB, one object store of strings by key. The promise rejects when the browser refuses.

export interface TextStore {
  get(key: string): Promise<string | undefined>;
  put(key: string, text: string): Promise<void>;
  delete(key: string): Promise<void>;
}

const DB_NAME = 'podplay';
const STORE = 'texts';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** The browser's IndexedDB, or undefined where the page may not use it. */
export function indexedDbTextStore(factory: IDBFactory | undefined): TextStore | undefined {
  if (factory === undefined) return undefined;
  let db: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(DB_NAME, 1);
      req.onupgradeneeded = () => { req.result.createObjectStore(STORE); };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened'));
      req.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
    }).catch((e: unknown) => {
      db = undefined; // try again next time
      throw e;
    });
    return db;
  };
  async function transact<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const tx = (await open()).transaction(STORE, mode);
    const result = request(work(tx.objectStore(STORE)));
    result.catch(() => {}); // the transaction's own failure below reports it
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    });
    return result;
  }
  return {
    async get(key) {
      const value = await transact('readonly', (s) => s.get(key) as IDBRequest<unknown>);
      return typeof value === 'string' ? value : undefined;
    },
    async put(key, text) {
      await transact('readwrite', (s) => s.put(text, key));
    },
    async delete(key) {
      await transact('readwrite', (s) => s.delete(key));
    },
  };
}

/** Texts in a key-value storage (localStorage), where IndexedDB is unavailable: small ones fit. */
export function keyValueTextStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>, prefix: string): TextStore {
  return {
    get: (key) => Promise.resolve(storage.getItem(prefix + key) ?? undefined),
    // a full storage throws: the promise rejects, as IndexedDB's would
    put: async (key, text) => { storage.setItem(prefix + key, text); },
    delete: async (key) => { storage.removeItem(prefix + key); },
  };
}
