// A cycle's per-node trace (the nodes visited, their Filter verdicts, the scores, the feasible and
// tied nodes) kept compactly, and built into the plain lists and records of the contract
// (api.ts CycleTrace) when read. A 5,000-node cluster visits 500 nodes a cycle: as plain lists
// and 500-key records those were most of a long run's memory and much of its garbage
// collection. The visited nodes are a window of the snapshot's node list (the rotating start
// index); verdicts and scores repeat a few distinct values, kept once with an index per node.
// Reading a property (a view, JSON.stringify, postMessage) gives what it held before, key for
// key and element for element.

import type { CycleTrace, NodeScore, PluginResult } from '../api';
import type { NodeInfo } from '../framework/nodeInfo';
import { KeyedLists, nodeRecord } from '../framework/intern';
import { hasPerNode, plainResults } from '../framework/labelledResults';

type Field = 'nodesEvaluated' | 'feasible' | 'tiedNodes' | 'filter' | 'score';

/**
 * What a trace keeps instead of its plain lists and records. One per trace, read by accessors
 * shared by every trace (a closure pair per field and trace was a quarter of a long run's heap).
 */
interface Compact {
  /** the snapshot's node list and the window of it the cycle visited (after `head`), when it was one */
  nodes: readonly NodeInfo[];
  head: string[];
  start: number;
  /** how many nodes were visited: undefined when nodesEvaluated is a plain list */
  evaluated: number | undefined;
  /** how many verdicts the Filter record lists */
  count: number;
  verdicts: Indexed<readonly PluginResult[]>;
  /** what the distinct verdict lists cost this trace, estimated when kept (see listBytes) */
  verdictListBytes: number;
  /** which visited nodes are feasible; undefined when all are */
  feasibleBits: Bits | undefined;
  scores: Indexed<NodeScore> | undefined;
  /** how many scores are kept */
  scoreCount: number;
  /** how many nodes trace.score lists: undefined once it was replaced by a plain record */
  scored: number | undefined;
  tiedFromScores: boolean;
  tiedBits: Bits | undefined;
  /** the cycle's labels for the verdicts shared across cycles that name what only it knows (framework/labelledResults.ts) */
  labels: ReadonlyMap<string, unknown> | undefined;
}

const compacts = new WeakMap<CycleTrace, Compact>();

/** per field, the last value built, so a caller reading many nodes of one trace builds it once */
const last = new Map<Field, { trace: CycleTrace; value: unknown }>();

const BUILD: Record<Field, (t: CycleTrace, c: Compact) => unknown> = {
  nodesEvaluated: (_, c) => {
    const out = c.head.slice();
    for (let i = 0; out.length < c.evaluated!; i++) out.push(c.nodes[(c.start + i) % c.nodes.length]!.name);
    return out;
  },
  feasible: (t, c) => (c.feasibleBits ? members(c.feasibleBits, t.nodesEvaluated) : t.nodesEvaluated),
  filter: (t, c) => filterRecord(t.nodesEvaluated, c.verdicts, c.count, c.labels),
  score: (t, c) => record(t.feasible, c.scores!, c.scoreCount),
  tiedNodes: (t, c) => (c.tiedFromScores
    ? topScored(t.feasible, Array.from({ length: c.scoreCount }, (_, i) => valueAt(c.scores!, i)))
    : members(c.tiedBits!, t.feasible)),
};

function accessors(field: Field): PropertyDescriptor {
  return {
    enumerable: true,
    configurable: true,
    get(this: CycleTrace) {
      const hit = last.get(field);
      if (hit?.trace === this) return hit.value;
      const value = BUILD[field](this, compacts.get(this)!);
      last.set(field, { trace: this, value });
      return value;
    },
    set(this: CycleTrace, value: unknown) {
      const c = compacts.get(this)!;
      if (field === 'score') c.scored = undefined;
      if (field === 'nodesEvaluated') c.evaluated = undefined;
      Object.defineProperty(this, field, { value, enumerable: true, configurable: true, writable: true });
    },
  };
}

const ACCESSORS = Object.fromEntries((['nodesEvaluated', 'feasible', 'tiedNodes', 'filter', 'score'] as const).map((f) => [f, accessors(f)])) as Record<Field, PropertyDescriptor>;

function define(trace: CycleTrace, field: Field): void {
  Object.defineProperty(trace, field, ACCESSORS[field]);
}

/**
 * Distinct values once, and each element's position among them packed in as few bits as their
 * number needs (1, 2, 4, 8 or 16): none when all are the same. A cycle's 500 scores take 2 or 3
 * distinct values, so 64 bytes, which V8 keeps inside its heap rather than in a buffer of its own.
 */
interface Indexed<T> { distinct: T[]; index: Bits | T[] | undefined }

/** positions of `bits` bits each, packed little-end first into bytes */
interface Bits { bits: 1 | 2 | 4 | 8 | 16; packed: Uint8Array | Uint16Array }

/** one scratch array for the positions while counting distinct values (grown, never shrunk) */
let scratch = new Uint16Array(1024);

function indexed<T>(values: readonly T[]): Indexed<T> {
  const distinct: T[] = [];
  const at = new Map<T, number>();
  if (scratch.length < values.length) scratch = new Uint16Array(Math.max(values.length, scratch.length * 2));
  for (let i = 0; i < values.length; i++) {
    // neighbouring nodes mostly share a value: no lookup for a repeat
    if (i > 0 && values[i] === values[i - 1]) { scratch[i] = scratch[i - 1]!; continue; }
    let k = at.get(values[i]!);
    if (k === undefined) {
      if (distinct.length === 0xffff) return { distinct: [], index: values.slice() };
      at.set(values[i]!, (k = distinct.push(values[i]!) - 1));
    }
    scratch[i] = k;
  }
  if (distinct.length <= 1) return { distinct, index: undefined };
  return { distinct, index: pack(scratch, values.length, distinct.length) };
}

function pack(positions: Uint16Array, n: number, distinct: number): Bits {
  if (distinct > 0x100) return { bits: 16, packed: positions.slice(0, n) };
  const bits = distinct <= 2 ? 1 : distinct <= 4 ? 2 : distinct <= 16 ? 4 : 8;
  const perByte = 8 / bits;
  const packed = new Uint8Array(Math.ceil(n / perByte));
  for (let i = 0; i < n; i++) packed[(i / perByte) | 0]! |= positions[i]! << ((i % perByte) * bits);
  return { bits, packed };
}

function unpack(b: Bits, i: number): number {
  if (b.bits === 16) return b.packed[i]!;
  const perByte = 8 / b.bits;
  return (b.packed[(i / perByte) | 0]! >> ((i % perByte) * b.bits)) & ((1 << b.bits) - 1);
}

function valueAt<T>(v: Indexed<T>, i: number): T {
  if (v.index === undefined) return v.distinct[0]!;
  return Array.isArray(v.index) ? v.index[i]! : v.distinct[unpack(v.index, i)]!;
}

/** which of `among` are in `names` (in order), one bit each; undefined when one is missing */
function membership(names: readonly string[], among: readonly string[]): Bits | undefined {
  const packed = new Uint8Array(Math.ceil(among.length / 8));
  let j = 0;
  for (let i = 0; i < names.length; i++) {
    while (j < among.length && among[j] !== names[i]) j++;
    if (j === among.length) return undefined;
    packed[j >> 3]! |= 1 << (j & 7);
    j++;
  }
  return { bits: 1, packed };
}

function members(b: Bits, among: readonly string[]): string[] {
  const out: string[] = [];
  for (let j = 0; j < among.length; j++) if (unpack(b, j) === 1) out.push(among[j]!);
  return out;
}

/**
 * The Filter record, each list with its labelled results built (framework/labelledResults.ts):
 * once per distinct list, or per node where a result differs from node to node.
 */
function filterRecord(
  names: readonly string[], v: Indexed<readonly PluginResult[]>, n: number, labels: ReadonlyMap<string, unknown> | undefined,
): Record<string, readonly PluginResult[]> {
  const out = nodeRecord<readonly PluginResult[]>();
  const plain = new Map<readonly PluginResult[], readonly PluginResult[] | undefined>();
  for (let i = 0; i < n; i++) {
    const list = valueAt(v, i);
    let built = plain.get(list);
    if (built === undefined && !plain.has(list)) plain.set(list, (built = hasPerNode(list) ? undefined : plainResults(list, labels, names[i]!)));
    out[names[i]!] = built ?? plainResults(list, labels, names[i]!);
  }
  return out;
}

/**
 * A record node -> value in the order of `names` (a node named twice, as a nominated node that
 * failed and was visited again, keeps its first place and its last value, as assignments do).
 */
function record<T>(names: readonly string[], values: Indexed<T>, n: number): Record<string, T> {
  const out = nodeRecord<T>();
  for (let i = 0; i < n; i++) out[names[i]!] = valueAt(values, i);
  return out;
}

/**
 * The names as `nodes`' names from `start` on (wrapping), after the names in `head`, when they
 * are; undefined when they are not.
 */
function asWindow(names: readonly string[], nodes: readonly NodeInfo[], hint: number): { head: string[]; start: number } | undefined {
  const n = nodes.length;
  if (n === 0 || names.length === 0) return undefined;
  for (const skip of [0, 1]) {
    if (names.length - skip > n) continue;
    const first = names[skip];
    if (first === undefined) continue;
    const start = nodes[hint]?.name === first ? hint : nodes.findIndex((x) => x.name === first);
    if (start < 0) continue;
    let ok = true;
    for (let i = skip; i < names.length && ok; i++) ok = nodes[(start + i - skip) % n]!.name === names[i];
    if (ok) return { head: names.slice(0, skip), start };
  }
  return undefined;
}

/**
 * Stores the finished cycle's node lists and records compactly. `nodes` is the list the cycle
 * walked (the snapshot's, kept from cycle to cycle); verdicts[i] belongs to nodesEvaluated[i];
 * `startHint`: where in `nodes` the walk likely started (the rotating start index).
 */
export function compactCycle(
  trace: CycleTrace, nodes: readonly NodeInfo[], verdicts: readonly (readonly PluginResult[])[], scores?: readonly NodeScore[], startHint = 0,
  labels?: ReadonlyMap<string, unknown>,
): void {
  const evaluated = trace.nodesEvaluated;
  const feasible = trace.feasible;
  const count = evaluated.length;
  const window = asWindow(evaluated, nodes, startHint);
  // feasible: the visited nodes when all fit, else which of them did
  const sameAsEvaluated = sameNames(feasible, evaluated);
  const feasibleBits = sameAsEvaluated ? undefined : membership(feasible, evaluated);
  const tied = trace.tiedNodes;
  // the tied nodes are the feasible ones with the top total (selectHost's), read off the scores
  const tiedFromScores = scores !== undefined && tied !== undefined && scores.length === feasible.length && sameNames(tied, topScored(feasible, scores));
  const indexedVerdicts = indexed(verdicts);
  const c: Compact = {
    nodes, head: window?.head ?? [], start: window?.start ?? 0, evaluated: window ? count : undefined, count,
    verdicts: indexedVerdicts, verdictListBytes: listBytes(indexedVerdicts.distinct), feasibleBits,
    scores: scores && indexed(scores), scoreCount: scores?.length ?? 0, scored: scores?.length,
    tiedFromScores, tiedBits: tied && !tiedFromScores ? membership(tied, feasible) : undefined,
    labels,
  };
  compacts.set(trace, c);
  if (window) define(trace, 'nodesEvaluated');
  if (sameAsEvaluated || feasibleBits) define(trace, 'feasible');
  define(trace, 'filter');
  if (scores) define(trace, 'score');
  if (tiedFromScores || c.tiedBits) define(trace, 'tiedNodes');
}

/** the names whose score has the top total, in order (scores[i] belongs to names[i]) */
function topScored(names: readonly string[], scores: readonly NodeScore[]): string[] {
  let best = -Infinity;
  for (const s of scores) if (s.total > best) best = s.total;
  return names.filter((_, i) => scores[i]!.total === best);
}

// (no closure in compactCycle may name the plain lists: it would keep them alive)
function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** bytes an estimate counts for a reference (a list element, a record's value) */
const REF_BYTES = 8;
/** bytes an estimate counts for a node of a plain list or record (the name's reference and the slot) */
const PLAIN_NODE_BYTES = 16;
/** bytes an estimate counts for one distinct verdict list or score (shared lists, small objects) */
const DISTINCT_BYTES = 64;

function bitsBytes(b: Bits | undefined): number {
  return b ? b.packed.byteLength : 0;
}

function indexBytes<T>(v: Indexed<T>): number {
  return v.index === undefined ? 0 : Array.isArray(v.index) ? REF_BYTES * v.index.length : bitsBytes(v.index);
}

function indexedBytes<T>(v: Indexed<T>): number {
  return DISTINCT_BYTES * v.distinct.length + indexBytes(v);
}

/** the verdict lists an earlier trace kept (its estimate counted them) */
const listsKept = new WeakSet<readonly PluginResult[]>();

/**
 * A distinct verdict list costs the first trace that keeps it DISTINCT_BYTES, and a later one a
 * reference: lists are shared from cycle to cycle (scheduleOne's verdictLists), and a node whose
 * verdict names its own domain (InterPodAffinity's anti-affinity by hostname: a verdict per
 * node, the same one cycle after cycle) would otherwise be counted anew in every cycle.
 */
function listBytes(lists: readonly (readonly PluginResult[])[]): number {
  let bytes = 0;
  for (const list of lists) {
    if (listsKept.has(list)) bytes += REF_BYTES;
    else {
      listsKept.add(list);
      bytes += DISTINCT_BYTES;
    }
  }
  return bytes;
}

/**
 * The memory a trace's per-node part holds, estimated from what is kept: a window of the node
 * list costs nothing per node, verdicts and scores their distinct values and a few bits a node;
 * a plain list or record (a cycle not compacted, a field set afterwards) 16 bytes a node.
 */
export function perNodeBytes(trace: CycleTrace): number {
  const c = compacts.get(trace);
  if (!c) return PLAIN_NODE_BYTES * (trace.nodesEvaluated.length + scoredNodes(trace));
  let bytes = REF_BYTES * c.head.length + (c.evaluated === undefined ? PLAIN_NODE_BYTES * trace.nodesEvaluated.length : 0);
  bytes += c.verdictListBytes + indexBytes(c.verdicts) + bitsBytes(c.feasibleBits) + bitsBytes(c.tiedBits);
  if (c.scores) bytes += c.scored === undefined ? PLAIN_NODE_BYTES * scoredNodes(trace) : indexedBytes(c.scores);
  return bytes;
}

/** How many nodes trace.nodesEvaluated lists, without building it. */
export function evaluatedNodes(trace: CycleTrace): number {
  return compacts.get(trace)?.evaluated ?? trace.nodesEvaluated.length;
}

/** How many nodes trace.score lists, without building it. */
export function scoredNodes(trace: CycleTrace): number {
  return compacts.get(trace)?.scored ?? (trace.score ? Object.keys(trace.score).length : 0);
}

/**
 * The result that tells a list of plugin results from others: the first that fails or has
 * details (the rest are the shared Success and Skip results), else the first. KeyedLists finds
 * equal lists by it.
 */
export function tellingResult(list: readonly PluginResult[]): PluginResult | undefined {
  return list.find((r) => r.details !== undefined || (r.code !== 'Success' && r.code !== 'Skip')) ?? list[0];
}

/**
 * A finished list of plugin results (PreFilter, PreScore, Reserve, Permit, Bind) shared with the
 * equal list of an earlier cycle: the same plugins agreeing cycle after cycle give the same
 * results, and a long run kept four copies of them per cycle. Shared lists are frozen.
 */
const resultLists = new KeyedLists<PluginResult>(tellingResult);
const NO_RESULTS: PluginResult[] = Object.freeze([]) as unknown as PluginResult[];

export function sharedResults(list: PluginResult[]): PluginResult[] {
  return list.length === 0 ? NO_RESULTS : resultLists.share(list);
}

/** Shares the lists of the scheduling cycle just finished (Bind's is shared when binding ends). */
export function shareCycleResults(trace: CycleTrace): void {
  trace.preFilter = sharedResults(trace.preFilter);
  if (trace.preScore) trace.preScore = sharedResults(trace.preScore);
  if (trace.reserve) trace.reserve = sharedResults(trace.reserve);
  if (trace.permit) trace.permit = sharedResults(trace.permit);
}
