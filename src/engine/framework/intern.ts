// Sharing equal trace pieces within a cycle: a list of objects (verdicts of one node, say) maps to
// one value however many nodes produce the same list, so big traces hold each piece once. Lists
// are compared by identity, element by element.

interface TrieNode<K, V> {
  next?: Map<K, TrieNode<K, V>>;
  value?: V;
}

export class ListInterner<K, V> {
  private readonly root: TrieNode<K, V> = {};

  /** the value stored for this exact list of keys, or the one `make` returns, stored */
  get(keys: readonly K[], make: () => V): V {
    let node = this.root;
    for (const k of keys) {
      const next = (node.next ??= new Map());
      let child = next.get(k);
      if (!child) next.set(k, (child = {}));
      node = child;
    }
    if (node.value === undefined) node.value = make();
    return node.value;
  }
}

/**
 * An empty record for keys that vary from cycle to cycle (node names), in V8's dictionary mode
 * from the start: adding hundreds of new keys to an ordinary object creates a hidden class per
 * key, every cycle. Keys keep their insertion order, as in any object.
 */
export function nodeRecord<T>(): Record<string, T> {
  const o: Record<string, unknown> = { a: 0, b: 0 };
  delete o.a;
  delete o.b;
  return o as Record<string, T>;
}

/**
 * Equal lists share one frozen copy across cycles. A list is looked up among the last few lists
 * that hold the element `keyOf` picks (a failing verdict, which a plugin shares while what it
 * names does not change): the next cycle's list of the same node finds the one it had.
 */
export class KeyedLists<T extends object> {
  private readonly byKey = new WeakMap<T, (readonly T[])[]>();
  constructor(private readonly keyOf: (list: readonly T[]) => T | undefined, private readonly size = 8) {}

  share(list: readonly T[]): T[] {
    const key = this.keyOf(list);
    if (key === undefined) return Object.freeze(list.slice()) as T[];
    let bucket = this.byKey.get(key);
    if (!bucket) this.byKey.set(key, (bucket = []));
    for (const r of bucket) if (sameElements(r, list)) return r as T[];
    const copy = Object.freeze(list.slice());
    if (bucket.unshift(copy) > this.size) bucket.pop();
    return copy as T[];
  }
}

/** the same elements, by identity, in the same order */
export function sameElements<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** the last record a lazyRecord built, so reading its keys one by one builds it once */
let lastBuilt: { owner: object; value: Record<string, unknown> } | undefined;

/**
 * A record whose values are built when first read (a view, JSON.stringify, postMessage), all at
 * once by `build`, and not kept: a trace holds thousands of explanations nobody reads. `keys`
 * are `build`'s keys in its order, so the record reads and serialises as the built one would.
 */
export function lazyRecord(keys: readonly string[], build: () => Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const value = () => {
    if (lastBuilt?.owner !== out) lastBuilt = { owner: out, value: build() };
    return lastBuilt.value;
  };
  for (const key of keys) {
    Object.defineProperty(out, key, {
      enumerable: true,
      configurable: true,
      get: () => value()[key],
      set: (v: unknown) => Object.defineProperty(out, key, { value: v, enumerable: true, configurable: true, writable: true }),
    });
  }
  return out;
}

/**
 * One empty Set for every holder of "none" (a queued pod's rejecting plugins before any rejected
 * it, say): it throws when written to, since a write would change them all. `what` names it in
 * the error.
 */
export function sharedEmptySet<T>(what: string): Set<T> {
  const refuse = () => { throw new TypeError(`${what} is shared and read-only`); };
  return new (class extends Set<T> {
    override add(): this { return refuse(); }
    override delete(): boolean { return refuse(); }
    override clear(): void { refuse(); }
  })();
}

/** One empty Map for every holder of "none", refusing writes likewise. */
export function sharedEmptyMap<K, V>(what: string): Map<K, V> {
  const refuse = () => { throw new TypeError(`${what} is shared and read-only`); };
  return new (class extends Map<K, V> {
    override set(): this { return refuse(); }
    override delete(): boolean { return refuse(); }
    override clear(): void { refuse(); }
  })();
}
