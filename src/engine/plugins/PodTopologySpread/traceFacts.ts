// PodTopologySpread's Filter verdicts, kept compactly in the trace and built when read. With one
// hard constraint by hostname every node is a domain of its own, so each node got a verdict of
// its own, with the cycle's counts per domain, in every cycle: SchedulingWithNodeInclusionPolicy
// (4,000 domains, 4,000 cycles) held most of its gigabyte in them. Here a cycle gives one shared
// verdict per outcome (Pass, MissingLabel, SkewTooHigh) and keeps the facts the per-node verdict
// follows from: the counts (one number per eligible domain), each node's domain and the matching
// pods named where the skew was too high, the last two shared from cycle to cycle while they do
// not change. Reading the trace (framework/labelledResults.ts, with the node's name) builds the
// same verdict, key for key, as filtering.ts's eager one.

import type { PluginResult } from '../../api';
import { nodeRecord } from '../../framework/intern';
import { labelledResult } from '../../framework/labelledResults';
import type { NodeInfo } from '../../framework/nodeInfo';
import { Status } from '../../framework/status';

/** The numbers behind one hard constraint's verdict on one node (Filter status details). */
export interface ConstraintVerdict {
  topologyKey: string;
  maxSkew: number;
  minDomains: number;
  /** 1 when the incoming pod matches the constraint's own selector */
  selfMatch: 0 | 1;
  /** the global minimum used for the skew (0 while eligible domains < minDomains) */
  minMatch: number;
  eligibleDomains: number;
  /** the node's value for the topology key; null when the node lacks the label */
  domain: string | null;
  /** matching pods already in the node's domain */
  matchNum: number;
  /** matchNum + selfMatch - minMatch; null when the node lacks the label */
  skew: number | null;
  /** matching pods per eligible domain */
  counts: Record<string, number>;
  result: 'Pass' | 'MissingLabel' | 'SkewTooHigh';
  /** SkewTooHigh: the matching pods in the node's domain (at most 20), namespace/name */
  pods?: string[];
}

/** The eligible domains of a count, in its order, with their positions; shared by the cycles that count the same domains. */
interface DomainList { keys: readonly string[]; at: ReadonlyMap<string, number> }

/**
 * node name -> its value for the topology key (null: it lacks the label), for the nodes whose
 * value is not their own name: by hostname, the table stays empty and a node's look-up in it is
 * a quick miss (a 5,000-entry table read in every cycle for every node was 6 % of
 * SchedulingWithNodeInclusionPolicy). Only the cycle `owner` may change it.
 */
interface DomainTable { byName: Map<string, string | null>; owner: number }

/**
 * a domain's matching pods named where the skew was too high, from cycle seqs[k] on (lastSeq:
 * the last of seqs); `fromNodes`: the domain's counted nodes when the last list was named (the
 * counter's list, shared while the domains stay), and their generations: the first's in
 * `fromGeneration`, all of them in `fromGenerations` when there are more (by hostname there is
 * one). The same nodes at the same generations hold the same pods, so the list would be the
 * same. Read for every failing node in every cycle: its fields are the history's own, not in
 * objects of their own.
 */
interface PodsHistory {
  seqs: number[];
  lists: (readonly string[] | undefined)[];
  lastSeq: number;
  fromNodes: readonly NodeInfo[] | undefined;
  fromGeneration: number;
  fromGenerations: number[] | undefined;
}

type Counts = Uint8Array | Uint16Array | Float64Array;

/** The numbers of the one hard constraint that are the same on every node of a cycle. */
export interface ConstraintFacts {
  topologyKey: string;
  maxSkew: number;
  minDomains: number;
  selfMatch: 0 | 1;
  minMatch: number;
}

/** What the plugin keeps between cycles for its compact verdicts (one per plugin instance). */
export class SpreadTraceMemory {
  private seq = 0;
  private readonly domainLists = new Map<string, { domains: DomainList; counts: Counts }>();
  private readonly tables = new Map<string, DomainTable>();
  private readonly pods = new Map<string, Map<string, PodsHistory>>();

  /**
   * The facts of a cycle's verdicts: `matchNum` is the cycle's count per eligible domain;
   * `podsKey` names what the matching pods depend on (namespace and selector).
   */
  cycle(c: ConstraintFacts, matchNum: ReadonlyMap<string, number>, podsKey: string): CycleFacts {
    const seq = ++this.seq;
    const key = c.topologyKey;
    const last = this.domainLists.get(key);
    const domains = last !== undefined && sameKeys(last.domains.keys, matchNum) ? last.domains : domainList(matchNum);
    const counts = last !== undefined && domains === last.domains && sameCounts(last.counts, matchNum) ? last.counts : countsOf(matchNum);
    this.domainLists.set(key, { domains, counts });
    let table = this.tables.get(key);
    if (table === undefined) this.tables.set(key, (table = { byName: new Map(), owner: seq }));
    let pods = this.pods.get(podsKey);
    if (pods === undefined) this.pods.set(podsKey, (pods = new Map()));
    return new CycleFacts(seq, c, domains, counts, table, pods, (t) => {
      if (this.tables.get(key) === table) this.tables.set(key, t);
    });
  }
}

/** One cycle's facts, and its three shared statuses. */
export class CycleFacts {
  private readonly shared: Partial<Record<ConstraintVerdict['result'], Status>> = {};

  constructor(
    private readonly seq: number,
    readonly constraint: ConstraintFacts,
    readonly domains: DomainList,
    readonly counts: Counts,
    private table: DomainTable,
    private readonly pods: Map<string, PodsHistory>,
    private readonly replaced: (table: DomainTable) => void,
  ) {}

  /** Records the node's domain, for reading (copying the table another cycle shares). */
  noteDomain(node: string, domain: string | null): void {
    const byName = this.table.byName;
    // (a node whose value is its name has no entry: see DomainTable)
    if (domain === node ? byName.size === 0 || !byName.has(node) : byName.get(node) === domain) return;
    if (this.table.owner !== this.seq) {
      this.table = { byName: new Map(byName), owner: this.seq };
      this.replaced(this.table);
    }
    if (domain === node) this.table.byName.delete(node);
    else this.table.byName.set(node, domain);
  }

  /** the node's domain as noteDomain recorded it */
  private domainOf(node: string): string | null {
    const byName = this.table.byName;
    return byName.has(node) ? byName.get(node)! : node;
  }

  /**
   * Whether the domain's pods were last named from these nodes, none of which has changed since
   * (every change to a node's pods moves its generation): the list would be the same, so this
   * cycle need not name them again. A node's list of pods is all the list is made from, with the
   * namespace and selector that key this history.
   */
  podsKnown(domain: string, nodes: readonly NodeInfo[] | undefined): boolean {
    const h = this.pods.get(domain);
    if (h === undefined || nodes === undefined || h.fromNodes !== nodes || h.lastSeq > this.seq) return false;
    if (nodes.length === 1) return nodes[0]!.generation === h.fromGeneration;
    const generations = h.fromGenerations;
    if (generations === undefined) return nodes.length === 0;
    for (let i = 0; i < nodes.length; i++) if (nodes[i]!.generation !== generations[i]) return false;
    return true;
  }

  /**
   * Records the pods named in the domain this cycle, as found on `nodes` (see podsKnown); false
   * when they cannot be (a later cycle recorded the domain already), and the verdict must be made
   * eagerly.
   */
  notePods(domain: string, pods: string[] | undefined, nodes?: readonly NodeInfo[]): boolean {
    let h = this.pods.get(domain);
    if (h === undefined) {
      this.pods.set(domain, (h = { seqs: [], lists: [], lastSeq: 0, fromNodes: undefined, fromGeneration: 0, fromGenerations: undefined }));
    } else {
      const k = h.seqs.length - 1;
      if (h.seqs[k]! > this.seq) return false;
      if (sameList(h.lists[k], pods)) {
        noteNodes(h, nodes);
        return true;
      }
      if (h.seqs[k] === this.seq) return false;
    }
    h.seqs.push(this.seq);
    h.lastSeq = this.seq;
    h.lists.push(pods && Object.freeze(pods));
    noteNodes(h, nodes);
    return true;
  }

  /** The status every node with this outcome shares; its trace result is built per node when read. */
  status(result: ConstraintVerdict['result']): Status {
    let s = this.shared[result];
    if (s === undefined) {
      const base = result === 'Pass' ? Status.success()
        : result === 'MissingLabel' ? Status.unresolvable(ErrReasonNodeLabelNotMatch) : Status.unschedulable(ErrReasonConstraintsNotMatch);
      // (the plugin's name set here, so the runtime's withPlugin keeps this status and its result)
      s = base.withDetails(UNBUILT).withPlugin(PluginName);
      const shared = s.toResult(PluginName);
      labelledResult(shared, (_label, node) => this.build(shared, node), true);
      this.shared[result] = s;
    }
    return s;
  }

  private build(shared: PluginResult, node: string): PluginResult {
    const c = this.constraint;
    const domain = this.domainOf(node);
    const counts = countsRecord(this.domains, this.counts);
    const eligibleDomains = this.domains.keys.length;
    const base = { topologyKey: c.topologyKey, maxSkew: c.maxSkew, minDomains: c.minDomains, selfMatch: c.selfMatch, minMatch: c.minMatch, eligibleDomains, counts };
    let verdict: ConstraintVerdict;
    if (domain === null) {
      verdict = { ...base, domain: null, matchNum: 0, skew: null, result: 'MissingLabel' };
    } else {
      const at = this.domains.at.get(domain);
      const matchNum = at === undefined ? 0 : this.counts[at]!;
      const skew = matchNum + c.selfMatch - c.minMatch;
      if (shared.code === 'Success') {
        verdict = { ...base, domain, matchNum, skew, result: 'Pass' };
      } else {
        const pods = podsAt(this.pods.get(domain), this.seq);
        verdict = { ...base, domain, matchNum, skew, result: 'SkewTooHigh', ...(pods ? { pods: pods as string[] } : {}) };
      }
    }
    // key for key as Status.toResult makes it
    const r: PluginResult = { plugin: shared.plugin, code: shared.code };
    if (shared.reasons) r.reasons = shared.reasons;
    r.details = { constraints: [verdict] };
    return Object.freeze(r);
  }
}

// (filtering.ts's names, repeated here rather than imported: filtering.ts imports this module)
const PluginName = 'PodTopologySpread';
const ErrReasonConstraintsNotMatch = "node(s) didn't match pod topology spread constraints";
const ErrReasonNodeLabelNotMatch = `${ErrReasonConstraintsNotMatch} (missing required label)`;

/** the details a shared status holds in place of the node's, which the trace builds when read */
const UNBUILT = Object.freeze({ constraints: Object.freeze([]) });

function domainList(matchNum: ReadonlyMap<string, number>): DomainList {
  const keys = [...matchNum.keys()];
  return { keys, at: new Map(keys.map((k, i) => [k, i])) };
}

function sameKeys(keys: readonly string[], matchNum: ReadonlyMap<string, number>): boolean {
  if (keys.length !== matchNum.size) return false;
  let i = 0;
  for (const k of matchNum.keys()) if (keys[i++] !== k) return false;
  return true;
}

function sameCounts(counts: Counts, matchNum: ReadonlyMap<string, number>): boolean {
  let i = 0;
  for (const n of matchNum.values()) if (counts[i++] !== n) return false;
  return true;
}

/** the counts in as few bytes as their largest needs */
function countsOf(matchNum: ReadonlyMap<string, number>): Counts {
  let max = 0, whole = true;
  for (const n of matchNum.values()) {
    if (n > max) max = n;
    if (!Number.isInteger(n) || n < 0) whole = false;
  }
  const out = !whole ? new Float64Array(matchNum.size) : max <= 0xff ? new Uint8Array(matchNum.size) : max <= 0xffff ? new Uint16Array(matchNum.size) : new Float64Array(matchNum.size);
  let i = 0;
  for (const n of matchNum.values()) out[i++] = n;
  return out;
}

/** the last counts record built, so the nodes of one cycle (and a retry's equal counts) read one object */
let lastCounts: { domains: DomainList; counts: Counts; record: Record<string, number> } | undefined;

function countsRecord(domains: DomainList, counts: Counts): Record<string, number> {
  if (lastCounts?.domains === domains && lastCounts.counts === counts) return lastCounts.record;
  const record = nodeRecord<number>();
  domains.keys.forEach((k, i) => { record[k] = counts[i]!; });
  lastCounts = { domains, counts, record: Object.freeze(record) };
  return lastCounts.record;
}

/** the nodes the history's last list was named from, at their generations now */
function noteNodes(h: PodsHistory, nodes: readonly NodeInfo[] | undefined): void {
  h.fromNodes = nodes;
  h.fromGeneration = nodes?.[0]?.generation ?? 0;
  h.fromGenerations = nodes !== undefined && nodes.length > 1 ? nodes.map((n) => n.generation) : undefined;
}

/** the list recorded last at or before cycle `seq` */
function podsAt(h: PodsHistory | undefined, seq: number): readonly string[] | undefined {
  if (h === undefined) return undefined;
  let lo = 0, hi = h.seqs.length - 1, found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (h.seqs[mid]! <= seq) { found = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return found < 0 ? undefined : h.lists[found];
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
