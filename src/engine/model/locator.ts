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

/** a locator as data: one node's (`at`), or one per object of an apply step (`in`, else `fallback`) */
type LocatorData = { at: LocNode | undefined; fallback: Pos } | { in: (LocNode | undefined)[]; fallback: Pos };

/** what a posted scenario holds in a locator's place */
interface PostedLocator { postedLocator: LocatorData }

type PathLocator = (path: (string | number)[]) => Pos;
type IndexLocator = (index: number, path: (string | number)[]) => Pos;

/** the source nodes each locator made here reads, for postableScenario */
const made = new WeakMap<object, { at: SrcNode | undefined; fallback: Pos } | { in: readonly (SrcNode | undefined)[]; fallback: Pos }>();

const position = (pos: Pos): Pos => ({ line: pos.line, column: pos.column });

/** Where `path` below `root` was written (the nearest enclosing field; `fallback` without root). */
export function pathLocator(root: SrcNode | undefined, fallback: Pos): PathLocator {
  const f: PathLocator = (path) => position(locate(root, path, root?.pos ?? fallback));
  made.set(f, { at: root, fallback });
  return f;
}

/** Where `path` below the `index`th of `roots` was written; `fallback` for an index with no node. */
export function indexLocator(roots: readonly (SrcNode | undefined)[], fallback: Pos): IndexLocator {
  const f: IndexLocator = (index, path) => {
    const root = roots[index];
    return root ? position(locate(root, path, root.pos)) : position(fallback);
  };
  made.set(f, { in: roots, fallback });
  return f;
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
    : { in: source.in.map((root) => root && toLoc(root)), fallback: position(source.fallback) };
  return { postedLocator: data } satisfies PostedLocator as unknown as F;
}

function revived<F extends object>(f: F): F {
  if (typeof f === 'function' || !('postedLocator' in f)) return f;
  const data = (f as unknown as PostedLocator).postedLocator;
  if ('at' in data) {
    const at = data.at;
    return ((path: (string | number)[]) => locateLoc(at, path, at?.pos ?? data.fallback)) as unknown as F;
  }
  const roots = data.in;
  return ((index: number, path: (string | number)[]) => {
    const root = roots[index];
    return root ? locateLoc(root, path, root.pos) : position(data.fallback);
  }) as unknown as F;
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
