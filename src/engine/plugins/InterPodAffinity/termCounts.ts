// InterPodAffinity's PreFilter counts kept from one cycle to the next (nodeContributions.ts).
// upstream: getExistingAntiAffinityCounts and getIncomingAffinityAntiAffinityCounts
// (filtering.go) count afresh in every cycle, over every node (in parallel). What a node adds
// depends on the incoming pod's namespace, labels, namespace labels and required terms; a count
// folded from the kept contributions is the one a fresh count gives, pair for pair and pod for
// pod (the pairs in the order of their first counted node).

import type { NodeInfo } from '../../framework/nodeInfo';
import { affinityTermMatches, type AffinityTerm, type PodInfo } from '../../framework/podInfo';
import type { Labels } from '../../model/types';
import { podMatchesAllAffinityTerms, topologyValue } from './common';
import { forEachContribution, KeptSums, NodeContributions, type ContributionsVersion } from './nodeContributions';

/** which count a contribution belongs to */
export const enum CountKind { ExistingAntiAffinity = 0, Affinity = 1, AntiAffinity = 2 }

/** one existing pod's term counted at a topology pair of its node */
interface Contribution {
  readonly kind: CountKind;
  readonly topologyKey: string;
  readonly topologyValue: string;
  readonly podKey: string;
}

const NONE: readonly Contribution[] = Object.freeze([]);

/** the contributions of every node of one cycle; never changed */
export type CountsVersion = ContributionsVersion<Contribution>;

export function pairKey(topologyKey: string, value: string): string {
  return `${topologyKey}\u0000${value}`;
}

/** the incoming pod as far as the counts depend on it */
export interface IncomingTerms {
  pod: PodInfo;
  namespaceLabels: Labels | undefined;
  /** the pod's required terms, namespaceSelector merged into namespaces */
  affinityTerms: readonly AffinityTerm[];
  antiAffinityTerms: readonly AffinityTerm[];
}

/** What `node` adds to the three counts, in the order a fresh count walks its pods and terms. */
function contributionsOf(incoming: IncomingTerms, info: NodeInfo): readonly Contribution[] {
  let out: Contribution[] | undefined;
  const node = info.node;
  const add = (kind: CountKind, topologyKey: string, podKey: string) => {
    const value = topologyValue(node, topologyKey);
    if (value === undefined) return;
    (out ??= []).push({ kind, topologyKey, topologyValue: value, podKey });
  };
  // upstream: getExistingAntiAffinityCounts
  for (const existing of info.podsWithRequiredAntiAffinity) {
    for (const t of existing.requiredAntiAffinityTerms) {
      if (affinityTermMatches(t, incoming.pod, incoming.namespaceLabels)) add(CountKind.ExistingAntiAffinity, t.topologyKey, existing.key);
    }
  }
  // upstream: getIncomingAffinityAntiAffinityCounts
  const { affinityTerms, antiAffinityTerms } = incoming;
  if (affinityTerms.length > 0 || antiAffinityTerms.length > 0) {
    for (const existing of info.pods) {
      if (podMatchesAllAffinityTerms(affinityTerms, existing)) for (const t of affinityTerms) add(CountKind.Affinity, t.topologyKey, existing.key);
      for (const t of antiAffinityTerms) if (affinityTermMatches(t, existing, undefined)) add(CountKind.AntiAffinity, t.topologyKey, existing.key);
    }
  }
  return out ? Object.freeze(out) : NONE;
}

const sameContribution = (x: Contribution, y: Contribution) =>
  x.kind === y.kind && x.topologyKey === y.topologyKey && x.topologyValue === y.topologyValue && x.podKey === y.podKey;

/** a pair's live count, the nodes that contribute to it (ascending), and when it last changed */
interface PairState {
  count: number;
  nodes: number[];
  stamp: number;
  /** its pods each once, while it does not change */
  unique?: readonly string[];
  /** values built from this pair and others (memo), with the pairs' stamps when built */
  memos?: Map<string, { stamps: number[]; value: unknown }>;
}

/** topologyKey -> value -> state: two lookups of label strings, no key built per lookup */
class PairStates {
  private readonly byKey = new Map<string, Map<string, PairState>>();
  size = 0;

  get(topologyKey: string, value: string): PairState | undefined {
    return this.byKey.get(topologyKey)?.get(value);
  }

  add(topologyKey: string, value: string, stamp: number): PairState {
    let byValue = this.byKey.get(topologyKey);
    if (!byValue) this.byKey.set(topologyKey, (byValue = new Map()));
    let p = byValue.get(value);
    if (!p) {
      byValue.set(value, (p = { count: 0, nodes: [], stamp }));
      this.size++;
    }
    return p;
  }

  delete(topologyKey: string, value: string): void {
    if (this.byKey.get(topologyKey)?.delete(value)) this.size--;
  }
}

const samePair = (a: Contribution, b: Contribution) => a.kind === b.kind && a.topologyKey === b.topologyKey && a.topologyValue === b.topologyValue;

/** The counts of one incoming pod shape over one node list, brought up to date each cycle. */
export class TermCounts {
  private readonly pairs = [new PairStates(), new PairStates(), new PairStates()];
  /** bumped for every change, and given to the pairs it touches */
  private stamps = 0;
  private readonly store: NodeContributions<Contribution>;

  constructor(readonly nodes: readonly NodeInfo[], private incoming: IncomingTerms) {
    this.store = new NodeContributions(nodes, {
      of: (info) => contributionsOf(this.incoming, info),
      same: sameContribution,
      changed: (j, before, now) => this.changed(j, before, now),
    });
  }

  /** Recounts the nodes changed since the last cycle and returns this cycle's version. */
  refresh(incoming: IncomingTerms): CountsVersion {
    this.incoming = incoming;
    return this.store.refresh();
  }

  /** true while `version` is the latest: the live counts below are its counts */
  isCurrent(version: CountsVersion): boolean {
    return this.store.isCurrent(version);
  }

  size(kind: CountKind): number {
    return this.pairs[kind]!.size;
  }

  get(kind: CountKind, topologyKey: string, value: string): number {
    return this.pairs[kind]!.get(topologyKey, value)?.count ?? 0;
  }

  /** the pods counted at the pair, each once, in the order a fresh count lists them */
  uniquePods(kind: CountKind, topologyKey: string, value: string): readonly string[] {
    const p = this.pairs[kind]!.get(topologyKey, value);
    if (!p) return NO_PODS;
    if (!p.unique) {
      const seen = new Set<string>();
      for (const j of p.nodes) {
        for (const c of this.store.at(j)) if (c.kind === kind && c.topologyKey === topologyKey && c.topologyValue === value) seen.add(c.podKey);
      }
      p.unique = [...seen];
    }
    return p.unique;
  }

  /**
   * The value `make` builds from the pairs (a Filter verdict that names their counts and pods),
   * kept across cycles until one of them changes: every node of a domain, and the same node in
   * the next cycle, share one verdict. The first pair must be counted (count > 0).
   */
  memo<T>(id: string, kind: CountKind, pairs: readonly (readonly [string, string])[], make: () => T): T {
    const states = this.pairs[kind]!;
    const first = states.get(pairs[0]![0], pairs[0]![1])!;
    const stamps = pairs.map(([key, value]) => states.get(key, value)?.stamp ?? 0);
    const memos = (first.memos ??= new Map<string, { stamps: number[]; value: unknown }>());
    const hit = memos.get(id);
    if (hit && hit.stamps.length === stamps.length && hit.stamps.every((x, i) => x === stamps[i])) return hit.value as T;
    const value = make();
    memos.set(id, { stamps, value });
    return value;
  }

  private changed(j: number, before: readonly Contribution[], now: readonly Contribution[]): void {
    const stamp = ++this.stamps;
    for (const c of before) {
      const p = this.pairs[c.kind]!.get(c.topologyKey, c.topologyValue)!;
      p.count--;
      p.stamp = stamp;
      p.unique = undefined;
    }
    for (const c of now) {
      const p = this.pairs[c.kind]!.add(c.topologyKey, c.topologyValue, stamp);
      p.count++;
      p.stamp = stamp;
      p.unique = undefined;
    }
    for (const c of before) {
      const states = this.pairs[c.kind]!;
      const p = states.get(c.topologyKey, c.topologyValue);
      if (!p) continue;
      if (p.count === 0) states.delete(c.topologyKey, c.topologyValue);
      else if (!now.some((x) => samePair(x, c))) removeSorted(p.nodes, j);
    }
    for (const c of now) insertSorted(this.pairs[c.kind]!.get(c.topologyKey, c.topologyValue)!.nodes, j);
  }
}

const NO_PODS: readonly string[] = Object.freeze([]);

function insertSorted(list: number[], j: number): void {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < j) lo = mid + 1; else hi = mid;
  }
  if (list[lo] !== j) list.splice(lo, 0, j);
}

function removeSorted(list: number[], j: number): void {
  const i = list.indexOf(j);
  if (i >= 0) list.splice(i, 1);
}

/** Each contribution of one kind in a version, in node-list order. */
export function forEachCount(version: CountsVersion, kind: CountKind, visit: (topologyKey: string, value: string, podKey: string) => void): void {
  forEachContribution(version, (c) => { if (c.kind === kind) visit(c.topologyKey, c.topologyValue, c.podKey); });
}

/** The plugin's TermCounts, one per incoming pod shape. */
export class TermCounter {
  private readonly kept = new KeptSums<TermCounts>();

  count(incoming: IncomingTerms, nodes: readonly NodeInfo[]): { counts: TermCounts; version: CountsVersion } {
    const counts = this.kept.get(signature(incoming), nodes, () => new TermCounts(nodes, incoming));
    return { counts, version: counts.refresh(incoming) };
  }
}
/** What the counts depend on besides the nodes. */
function signature(incoming: IncomingTerms): string {
  const a = incoming.pod.pod.spec.affinity;
  return JSON.stringify([
    incoming.pod.namespace, incoming.pod.labels, incoming.namespaceLabels ?? null,
    a?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? null,
    a?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? null,
    incoming.affinityTerms.map((t) => [...t.namespaces]),
    incoming.antiAffinityTerms.map((t) => [...t.namespaces]),
  ]);
}
