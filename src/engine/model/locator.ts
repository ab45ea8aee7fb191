// The functions a loaded scenario keeps to place a message at the line it is about (a field of its
// KubeSchedulerConfiguration or legacy Policy, of a timeline step's object or DeschedulerPolicy)
// are made here and remember the source nodes they read, so that the scenario can cross a thread
// boundary: postMessage copies data but refuses a function, and the page's engine worker lends the
// scenario it loaded to the fix worker (src/worker/host.ts). `postableScenario` puts each
// function's data in its place (positions only: LocNode, no reader's class), and
// `revivedLocators` builds the functions again on the other side, answering as the originals do.

import type { TimelineStep } from './scenario';
import { locate, type Pos, type SrcNode } from './sourceNodes';

/** the positions locate() reads below a node: the node's own, and each key's or item's */
export interface LocNode {
  pos: Pos;
  keys?: Map<string, LocNode>;
  items?: LocNode[];
}

/**
 * What locate() reads below an apply step's objects, packed (`packedLocations`): per node its
 * position (line, column), then its kind and number of children — a map's as (key id, offset) pairs,
 * a list's as offsets — in one Int32Array, the keys once each. A child's position is the one
 * locate() gives it (a key whose value is null: the key's). No scalar values and no reader's
 * nodes: a 55,000-object apply step kept its source tree, ~2.7 KB an object, for these positions.
 */
export interface PackedLocations {
  /** line, column, kind (SCALAR, MAP, SEQ), child count, children */
  cells: Int32Array;
  /** each object's offset in `cells`; -1 for an object with no node */
  roots: Int32Array;
  keys: string[];
}

const SCALAR = 0, MAP = 1, SEQ = 2;

/** a locator as data: one node's (`at`), or one per object of an apply step (`packed`, else `fallback`) */
type LocatorData = { at: LocNode | undefined; fallback: Pos } | { packed: PackedLocations; fallback: Pos };

/** what a posted scenario holds in a locator's place */
interface PostedLocator { postedLocator: LocatorData }

type PathLocator = (path: (string | number)[]) => Pos;
type IndexLocator = (index: number, path: (string | number)[]) => Pos;

/** the source nodes each locator made here reads, for postableScenario */
const made = new WeakMap<object, { at: SrcNode | undefined; fallback: Pos } | { packed: PackedLocations; fallback: Pos }>();

const position = (pos: Pos): Pos => ({ line: pos.line, column: pos.column });

/** Where `path` below `root` was written (the nearest enclosing field; `fallback` without root). */
export function pathLocator(root: SrcNode | undefined, fallback: Pos): PathLocator {
  const f: PathLocator = (path) => position(locate(root, path, root?.pos ?? fallback));
  made.set(f, { at: root, fallback });
  return f;
}

/** Where `path` below the `index`th of `roots` was written; `fallback` for an index with no node. */
export function indexLocator(roots: readonly (SrcNode | undefined)[], fallback: Pos): IndexLocator {
  const packed = packedLocations(roots);
  const f = packedLocator(packed, position(fallback));
  made.set(f, { packed, fallback });
  return f;
}

function packedLocator(packed: PackedLocations, fallback: Pos): IndexLocator {
  return (index, path) => {
    const root = Number.isInteger(index) && index >= 0 && index < packed.roots.length ? packed.roots[index]! : -1;
    return root < 0 ? position(fallback) : locatePacked(packed, root, path);
  };
}

/** The positions locate() reads below each of `roots`, packed (PackedLocations). */
export function packedLocations(roots: readonly (SrcNode | undefined)[]): PackedLocations {
  let cells = new Int32Array(1024);
  let used = 0;
  const keys: string[] = [];
  const keyIds = new Map<string, number>();
  const reserve = (n: number): number => {
    if (used + n > cells.length) {
      const grown = new Int32Array(Math.max(cells.length * 2, used + n));
      grown.set(cells.subarray(0, used));
      cells = grown;
    }
    const at = used;
    used += n;
    return at;
  };
  const keyId = (key: string): number => {
    let id = keyIds.get(key);
    if (id === undefined) {
      id = keys.length;
      keys.push(key);
      keyIds.set(key, id);
    }
    return id;
  };
  const pack = (node: SrcNode, pos: Pos): number => {
    const count = node.kind === 'map' ? node.entries.size : node.kind === 'seq' ? node.items.length : 0;
    const at = reserve(4 + (node.kind === 'map' ? 2 * count : count));
    cells[at] = pos.line;
    cells[at + 1] = pos.column;
    cells[at + 2] = node.kind === 'map' ? MAP : node.kind === 'seq' ? SEQ : SCALAR;
    cells[at + 3] = count;
    if (node.kind === 'map') {
      let i = 0;
      for (const [key, e] of node.entries) {
        const child = pack(e.value, e.value.kind === 'scalar' && e.value.value === null ? e.keyPos : e.value.pos);
        cells[at + 4 + 2 * i] = keyId(key);
        cells[at + 5 + 2 * i] = child;
        i++;
      }
    } else if (node.kind === 'seq') {
      node.items.forEach((item, i) => { const child = pack(item, item.pos); cells[at + 4 + i] = child; });
    }
    return at;
  };
  const rootCells = Int32Array.from(roots, (root) => (root ? pack(root, root.pos) : -1));
  return { cells: cells.slice(0, used), roots: rootCells, keys };
}

/** locate() over packed positions, from the node at `at` */
function locatePacked(packed: PackedLocations, at: number, path: readonly (string | number)[]): Pos {
  const { cells, keys } = packed;
  let node = at;
  for (const seg of path) {
    const kind = cells[node + 2]!;
    const count = cells[node + 3]!;
    let next = -1;
    if (kind === MAP && typeof seg === 'string') {
      for (let i = 0; i < count; i++) {
        if (keys[cells[node + 4 + 2 * i]!] === seg) { next = cells[node + 5 + 2 * i]!; break; }
      }
    } else if (kind === SEQ && typeof seg === 'number' && Number.isInteger(seg) && seg >= 0 && seg < count) {
      next = cells[node + 4 + seg]!;
    }
    if (next < 0) break;
    node = next;
  }
  return { line: cells[node]!, column: cells[node + 1]! };
}

/** the positions below `node` (what locate reads: a key whose value is null is placed at the key) */
function toLoc(node: SrcNode, pos: Pos = node.pos): LocNode {
  if (node.kind === 'map') {
    const keys = new Map<string, LocNode>();
    for (const [key, e] of node.entries) keys.set(key, toLoc(e.value, e.value.kind === 'scalar' && e.value.value === null ? e.keyPos : e.value.pos));
    return { pos: position(pos), keys };
  }
  if (node.kind === 'seq') return { pos: position(pos), items: node.items.map((item) => toLoc(item)) };
  return { pos: position(pos) };
}

/** locate() over positions */
function locateLoc(node: LocNode | undefined, path: readonly (string | number)[], fallback: Pos): Pos {
  let current = node;
  let pos = node?.pos ?? fallback;
  for (const seg of path) {
    const next = typeof seg === 'string' ? current?.keys?.get(seg) : current?.items?.[seg];
    if (!next) break;
    current = next;
    pos = next.pos;
  }
  return position(pos);
}

function posted<F extends object>(f: F): F {
  const source = made.get(f);
  if (source === undefined) return f;
  const data: LocatorData = 'at' in source
    ? { at: source.at && toLoc(source.at), fallback: position(source.fallback) }
    : { packed: source.packed, fallback: position(source.fallback) };
  return { postedLocator: data } satisfies PostedLocator as unknown as F;
}

function revived<F extends object>(f: F): F {
  if (typeof f === 'function' || !('postedLocator' in f)) return f;
  const data = (f as unknown as PostedLocator).postedLocator;
  if ('at' in data) {
    const at = data.at;
    return ((path: (string | number)[]) => locateLoc(at, path, at?.pos ?? data.fallback)) as unknown as F;
  }
  return packedLocator(data.packed, data.fallback) as unknown as F;
}

/** where a loaded scenario keeps locators (model/load.ts LoadedScenario) */
interface Locating {
  schedulerConfig?: { locate: PathLocator };
  legacyPolicy?: { locate: PathLocator };
  timeline: TimelineStep[];
}

/** `s` with each locator's function replaced by its data (shallow: everything else is shared). */
export function postableScenario<S extends Locating>(s: S): S {
  return mapLocators(s, posted);
}

/** A posted scenario's locators built again (the inverse of postableScenario; anything else is left). */
export function revivedLocators<S extends Locating>(s: S): S {
  return mapLocators(s, revived);
}

function mapLocators<S extends Locating>(s: S, f: <F extends object>(locator: F) => F): S {
  return {
    ...s,
    ...(s.schedulerConfig ? { schedulerConfig: { ...s.schedulerConfig, locate: f(s.schedulerConfig.locate) } } : {}),
    ...(s.legacyPolicy ? { legacyPolicy: { ...s.legacyPolicy, locate: f(s.legacyPolicy.locate) } } : {}),
    timeline: s.timeline.map((step) => ('locate' in step ? { ...step, locate: f(step.locate) } : step) as typeof step),
  };
}
