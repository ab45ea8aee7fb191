// A copy of a paused simulation's state into a fresh one (issue 23: the fix search re-runs a variant
// from the target pod's first cycle instead of from simulated time 0).
//
// A Simulation cannot simply be deep-copied: its parts talk through closures (the framework's
// Handle, the queue's callbacks, the controllers' listeners, timers), and a closure copied from the
// paused run would still act on the paused run's objects. So the fresh simulation is built the
// ordinary way (startLoadedSimulation: its closures act on its own objects), and the paused one's
// data is written into it: objects the two have at the same place (a field, a Map key, an array
// index) are paired, and each fresh object takes its paired object's fields, in place; everything
// the paused run made since (pods, traces, queue entries) is copied. The fresh run's functions are
// kept where the paused run has a function at the same place; a function of the paused run with no
// fresh counterpart (a timer pending at the pause, a listener registered during the run) cannot be
// carried over, and the copy is refused: the caller runs from time 0 instead.
//
// Shared rather than copied: frozen objects (the engine freezes what it shares across cycles, and
// the fix search freezes the traces so far) and functions marked stateless (../model/shareable.ts:
// compiled selectors). A WeakMap or WeakSet starts empty in the copy: the engine keeps only memos
// in them (derived data, built again on a miss). An accessor's value is copied as data.
//
// What this cannot see: state a closure keeps in its own variables (not in an object's field),
// objects only a closure reaches, and side tables keyed by an object the copy replaces. Such state
// would be left as the fresh run built it. The engine keeps its state in fields (the random
// generator is a class for this reason, timers are method calls: Simulation.schedule) and its parts
// reachable from the Simulation (Simulation.parts); the fix search checks a resumed copy of the
// unchanged run against the run itself before any variant uses it (whatIf/variantSnapshot.ts).

import { isStateless } from '../model/shareable';

export type TransplantOutcome = { ok: true } | { ok: false; reason: string };

type Obj = object;

const isObject = (v: unknown): v is Obj => (typeof v === 'object' && v !== null) || typeof v === 'function';

/** objects copied as opaque values: no closure can hide in them */
const isLeaf = (v: Obj): boolean => v instanceof RegExp || ArrayBuffer.isView(v) || v instanceof ArrayBuffer;

class Unclonable extends Error {
  constructor(message: string, readonly value?: Obj) {
    super(message);
  }
}

/**
 * Writes `from`'s state into `into` (see above). `from` is left unchanged; `into` shares nothing
 * with it afterwards but frozen objects and stateless functions. Refused (with where) when `from` holds a function `into` has no
 * counterpart for, or when the two are shaped differently at a place both have.
 */
export function transplant(from: Obj, into: Obj): TransplantOutcome {
  const pairs = new Map<Obj, Obj>();
  try {
    pair(from, into, pairs);
    const copied = new Map<Obj, Obj>(pairs);
    for (const [a, b] of pairs) if (a !== b && typeof a !== 'function') fill(a, b, copied);
    return { ok: true };
  } catch (e) {
    if (!(e instanceof Unclonable)) throw e;
    return { ok: false, reason: e.value === undefined ? e.message : `${e.message} at ${pathTo(from, e.value) ?? 'an unknown place'}` };
  }
}

/** Where `target` sits below `root` (breadth first, for a refusal's message). */
function pathTo(root: Obj, target: Obj): string | undefined {
  const seen = new Set<Obj>([root]);
  let level: [Obj, string][] = [[root, 'simulation']];
  while (level.length > 0) {
    const next: [Obj, string][] = [];
    for (const [o, path] of level) {
      const entries: [string, unknown][] = o instanceof Map ? [...o].map(([k, v]) => [`.get(${String(k)})`, v])
        : o instanceof Set ? [...o].map((v, i) => [`{${i}}`, v]) : Object.keys(o).map((k) => [Array.isArray(o) ? `[${k}]` : `.${k}`, (o as Record<string, unknown>)[k]]);
      for (const [step, v] of entries) {
        if (v === target) return path + step;
        if (isObject(v) && typeof v !== 'function' && !seen.has(v)) { seen.add(v); next.push([v, path + step]); }
      }
    }
    level = next;
  }
  return undefined;
}

/** Pairs `a` (the paused run's) with `b` (the fresh run's) and, below them, what sits at the same places. */
function pair(a: Obj, b: Obj, pairs: Map<Obj, Obj>): void {
  const known = pairs.get(a);
  if (known !== undefined) {
    if (known !== b) throw new Unclonable('an object is reached along two paths that lead to different objects in the fresh run', a);
    return;
  }
  if (a === b) {
    // shared already (a module's constant): it must stay shared, and is never written
    pairs.set(a, b);
    return;
  }
  if (typeof a === 'function' || typeof b === 'function') {
    if (typeof a !== typeof b) throw new Unclonable('a function in one run, an object in the other', a);
    pairs.set(a, b);
    return;
  }
  // a frozen object is never written: the paused run's is shared, the fresh one's let be
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b) || isLeaf(a) || Object.isFrozen(a) || Object.isFrozen(b)) return;
  pairs.set(a, b);
  if (a instanceof Map) {
    const mb = b as Map<unknown, unknown>;
    for (const [k, va] of a) {
      if (isObject(k) || !isObject(va)) continue;
      const vb = mb.get(k);
      if (isObject(vb)) pair(va, vb, pairs);
    }
    return;
  }
  if (a instanceof Set) return;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  if (Array.isArray(a)) {
    const n = Math.min(a.length, (b as unknown[]).length);
    for (let i = 0; i < n; i++) {
      const va = ra[i];
      const vb = rb[i];
      if (isObject(va) && isObject(vb)) pair(va, vb, pairs);
    }
    return;
  }
  for (const key of Object.keys(a)) {
    const va = ra[key];
    if (!isObject(va)) continue;
    const vb = rb[key];
    if (isObject(vb)) pair(va, vb, pairs);
  }
}

/** `b` (paired with `a`) takes `a`'s contents, in place. */
function fill(a: Obj, b: Obj, copied: Map<Obj, Obj>): void {
  if (Object.isFrozen(b)) throw new Unclonable('a frozen object of the fresh run would have to change');
  if (a instanceof Map) {
    const mb = b as Map<unknown, unknown>;
    mb.clear();
    for (const [k, v] of a) mb.set(copy(k, copied), copy(v, copied));
    return;
  }
  if (a instanceof Set) {
    const sb = b as Set<unknown>;
    sb.clear();
    for (const v of a) sb.add(copy(v, copied));
    return;
  }
  const rb = b as Record<string, unknown>;
  const ra = a as Record<string, unknown>;
  if (Array.isArray(a)) {
    (b as unknown[]).length = a.length;
    for (let i = 0; i < a.length; i++) rb[i] = copy(ra[i], copied);
    return;
  }
  for (const key of Object.keys(b)) if (!Object.prototype.hasOwnProperty.call(a, key)) delete rb[key];
  for (const key of Object.keys(a)) define(rb, key, copy(ra[key], copied));
}



/** A copy of something only the paused run has (or the fresh run's counterpart of it). */
function copy(v: unknown, copied: Map<Obj, Obj>): unknown {
  if (!isObject(v)) return v;
  const done = copied.get(v);
  if (done !== undefined) return done;
  if (typeof v === 'function' && isStateless(v)) return v;
  // frozen: shared as it is (the engine freezes what it shares across cycles: interned verdicts and
  // lists, which side tables such as labelledResults' builders know by identity)
  if (Object.isFrozen(v)) return v;
  // a WeakMap or WeakSet is a memo (derived data, built again on a miss): the copy starts empty
  if (v instanceof WeakMap) return remember(v, new WeakMap(), copied);
  if (v instanceof WeakSet) return remember(v, new WeakSet(), copied);
  if (typeof v === 'function') throw new Unclonable(`a function of the paused run with no counterpart in the fresh one (${v.name || 'anonymous'}): a closure cannot be carried over`, v);
  if (v instanceof RegExp) return remember(v, new RegExp(v.source, v.flags), copied);
  if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return remember(v, structuredClone(v), copied);
  if (v instanceof Map) {
    const out = remember(v, new Map(), copied) as Map<unknown, unknown>;
    for (const [k, x] of v) out.set(copy(k, copied), copy(x, copied));
    return out;
  }
  if (v instanceof Set) {
    const out = remember(v, new Set(), copied) as Set<unknown>;
    for (const x of v) out.add(copy(x, copied));
    return out;
  }
  if (Array.isArray(v)) {
    const out = remember(v, new Array(v.length), copied) as unknown[];
    for (let i = 0; i < v.length; i++) out[i] = copy(v[i], copied);
    return out;
  }
  const proto = Object.getPrototypeOf(v) as object | null;
  if (proto !== null && proto !== Object.prototype && !Object.prototype.hasOwnProperty.call(proto, 'constructor')) {
    throw new Unclonable('an object of an unknown kind', v);
  }
  const out = remember(v, Object.create(proto) as object, copied) as Record<string, unknown>;
  const rv = v as Record<string, unknown>;
  for (const key of Object.keys(v)) define(out, key, copy(rv[key], copied));
  return out;
}

/**
 * A data property, whatever `value` was read through: a lazy record's or a trace's accessor keeps
 * its data in a side table keyed by the original object, which the copy is not, so the copy holds
 * what the accessor gave (the same JSON, key for key). `__proto__` (a key YAML may hold) is defined
 * rather than assigned, which would set the prototype.
 */
function define(o: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(o, key, { value, enumerable: true, configurable: true, writable: true });
  else o[key] = value;
}

function remember(from: Obj, to: Obj, copied: Map<Obj, Obj>): Obj {
  copied.set(from, to);
  return to;
}
