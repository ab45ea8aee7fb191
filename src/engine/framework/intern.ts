// Sharing equal trace pieces within a cycle: a list of objects (verdicts of one node, say) maps to
// one value however many nodes produce the same list, so big traces hold each piece once. Keys
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
