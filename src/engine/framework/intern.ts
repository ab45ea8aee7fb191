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
 * Equal lists share one frozen copy, remembering the last few distinct lists: cheaper than a
 * full index where most nodes repeat one of a handful of lists (per zone, say) and the rest
 * are unique (a hostname in every verdict).
 */
export class RecentLists<T> {
  private readonly recent: (readonly T[])[] = [];
  constructor(private readonly size = 16) {}

  share(list: readonly T[]): T[] {
    for (const r of this.recent) if (sameElements(r, list)) return r as T[];
    const copy = Object.freeze(list.slice());
    if (this.recent.unshift(copy) > this.size) this.recent.pop();
    return copy as T[];
  }
}

function sameElements<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
