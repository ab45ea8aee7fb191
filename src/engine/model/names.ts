// Deterministic names and uids. Upstream generates `generateName` suffixes with
// utilrand.String(5) (k8s.io/apimachinery/pkg/util/rand) and uids with uuid.NewUUID(); the
// simulator derives both from a hash and a counter, so the same scenario always gets the same
// names, independent of the scheduling seed.

/** upstream: apimachinery/pkg/util/rand (alphanums) — no vowels, no 0/1/3, to avoid words. */
export const SAFE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** 32-bit FNV-1a over the UTF-16 code units of a string. */
export function fnv32a(text: string, hash = 0x811c9dc5): number {
  let h = hash >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** upstream: rand.SafeEncodeString — every character mapped into the safe alphabet. */
export function safeEncodeString(s: string): string {
  let out = '';
  for (const ch of s) out += SAFE_ALPHABET[ch.codePointAt(0)! % SAFE_ALPHABET.length];
  return out;
}

function suffix(seed: number, length: number): string {
  let h = seed >>> 0;
  let out = '';
  for (let i = 0; i < length; i++) {
    // one multiply-xorshift round per character keeps consecutive seeds far apart
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
    h = Math.imul(h ^ (h >>> 12), 0x297a2d39) >>> 0;
    h = (h ^ (h >>> 15)) >>> 0;
    out += SAFE_ALPHABET[h % SAFE_ALPHABET.length];
  }
  return out;
}

export class NameGenerator {
  /** "namespace/name" of every pod name handed out or declared */
  private readonly taken = new Set<string>();
  /**
   * "namespace/prefix" → the first attempt of generate() that may still be free: every earlier
   * attempt's name is taken. Without it the n-th pod of a ReplicaSet would try n names.
   */
  private readonly nextAttempt = new Map<string, number>();
  /** "namespace/name" → the (namespace/prefix, attempt) pairs that produced it, to rewind on release */
  private readonly attemptsOf = new Map<string, [string, number][]>();
  private uidCounter = 0;
  /** names generate() tried, for tests: stays linear in the names handed out */
  attempts = 0;

  /** Marks a name as used (declared objects). Returns false if it already was. */
  reserve(namespace: string, name: string): boolean {
    const key = `${namespace}/${name}`;
    if (this.taken.has(key)) return false;
    this.taken.add(key);
    return true;
  }

  release(namespace: string, name: string): void {
    const key = `${namespace}/${name}`;
    this.taken.delete(key);
    // an attempt that gave this name may succeed again
    for (const [cursorKey, attempt] of this.attemptsOf.get(key) ?? []) {
      if ((this.nextAttempt.get(cursorKey) ?? 0) > attempt) this.nextAttempt.set(cursorKey, attempt);
    }
  }

  isTaken(namespace: string, name: string): boolean {
    return this.taken.has(`${namespace}/${name}`);
  }

  /** generateName: `prefix` + 5 safe characters, unique in the namespace. */
  generate(namespace: string, generateName: string): string {
    // upstream: SimpleNameGenerator — the base is cut to 58 characters so the name stays within 63.
    const prefix = generateName.length > 58 ? generateName.slice(0, 58) : generateName;
    const cursorKey = `${namespace}/${prefix}`;
    // the same sequence of attempts as always, resumed where the last call for this prefix stopped
    for (let attempt = this.nextAttempt.get(cursorKey) ?? 0; ; attempt++) {
      this.attempts++;
      const name = prefix + suffix(fnv32a(`${namespace}/${prefix}#${attempt}`), 5);
      const key = `${namespace}/${name}`;
      const seen = this.attemptsOf.get(key);
      if (seen) seen.push([cursorKey, attempt]); else this.attemptsOf.set(key, [[cursorKey, attempt]]);
      if (this.reserve(namespace, name)) {
        this.nextAttempt.set(cursorKey, attempt + 1);
        return name;
      }
    }
  }

  /** A uid shaped like a version-4 UUID, unique per call. */
  uid(kind: string, namespace: string | undefined, name: string): string {
    const n = ++this.uidCounter;
    const h1 = fnv32a(`${kind}/${namespace ?? ''}/${name}`);
    const h2 = fnv32a(String(n), h1);
    const hex = (v: number, len: number): string => (v >>> 0).toString(16).padStart(8, '0').slice(-len);
    return `${hex(h1, 8)}-${hex(h2 >>> 16, 4)}-4${hex(h2, 3)}-8${hex(h1 ^ h2, 3)}-${n.toString(16).padStart(12, '0')}`;
  }

  /**
   * A generator that crossed a thread boundary (postMessage keeps its fields, not its class): the
   * fix worker takes the scenario the page's engine worker loaded (src/worker/host.ts, lendBaseline).
   */
  static revive(data: NameGenerator): NameGenerator {
    return Object.assign(new NameGenerator(), data);
  }

  clone(): NameGenerator {
    const c = new NameGenerator();
    for (const k of this.taken) c.taken.add(k);
    for (const [k, v] of this.nextAttempt) c.nextAttempt.set(k, v);
    for (const [k, v] of this.attemptsOf) c.attemptsOf.set(k, v.slice());
    c.uidCounter = this.uidCounter;
    return c;
  }
}
