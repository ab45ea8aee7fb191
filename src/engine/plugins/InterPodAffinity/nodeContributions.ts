// What each node adds to a sum over every node (InterPodAffinity's PreFilter counts and PreScore
// scores), kept from one cycle to the next. upstream recounts every node in every cycle (in
// parallel); what a node adds depends only on the node (its labels, its pods) and on the incoming
// pod, and every change to a node moves its generation, so for pods alike (a Deployment's
// replicas) a cycle recomputes just the nodes that changed. The contributions are kept in
// node-list order, so a sum folded from them is the one a fresh walk gives, entry for entry and
// in the same order. Each cycle publishes an immutable version (a copy of the few chunks of 64
// nodes that changed) from which the cycle's explanation is built when it is read.

import type { NodeInfo } from '../../framework/nodeInfo';
import type { Node } from '../../model/types';

const CHUNK_BITS = 6;
const CHUNK = 1 << CHUNK_BITS;
const NONE: readonly never[] = Object.freeze([]);

/** the contributions of every node of one cycle, in node-list order; never changed */
export interface ContributionsVersion<C> {
  readonly chunks: readonly (readonly (readonly C[])[])[];
}

/** Each contribution of a version, in node-list order. */
export function forEachContribution<C>(version: ContributionsVersion<C>, visit: (c: C) => void): void {
  for (const chunk of version.chunks) for (const list of chunk) for (const c of list) visit(c);
}

export interface ContributionRules<C> {
  /** what the node adds, in the order a fresh walk meets it (frozen; empty: none) */
  of(info: NodeInfo): readonly C[];
  same(a: C, b: C): boolean;
  /** node j's contributions change from `before` to `now`: the live sums follow */
  changed(j: number, before: readonly C[], now: readonly C[]): void;
}

export class NodeContributions<C> {
  private readonly generations: number[];
  private readonly nodeObjects: Node[];
  private readonly chunks: (readonly C[])[][] = [];
  /** per chunk: a published version holds it, so it is copied before a change */
  private readonly shared: boolean[] = [];
  private current: ContributionsVersion<C> | undefined;

  constructor(readonly nodes: readonly NodeInfo[], private readonly rules: ContributionRules<C>) {
    this.generations = nodes.map((n) => n.generation);
    this.nodeObjects = nodes.map((n) => n.node);
    for (let c = 0; c * CHUNK < nodes.length; c++) {
      this.chunks.push(new Array<readonly C[]>(Math.min(CHUNK, nodes.length - c * CHUNK)).fill(NONE));
      this.shared.push(false);
    }
    nodes.forEach((info, j) => this.set(j, rules.of(info)));
  }

  /** Recomputes the nodes changed since the last cycle and returns this cycle's version. */
  refresh(): ContributionsVersion<C> {
    const nodes = this.nodes;
    for (let j = 0; j < nodes.length; j++) {
      const info = nodes[j]!;
      if (info.generation === this.generations[j] && info.node === this.nodeObjects[j]) continue;
      this.generations[j] = info.generation;
      this.nodeObjects[j] = info.node;
      const now = this.rules.of(info);
      if (!this.sameList(now, this.at(j))) this.set(j, now);
    }
    if (!this.current) {
      this.current = { chunks: this.chunks.slice() };
      this.shared.fill(true);
    }
    return this.current;
  }

  /** true while `version` is the latest: the live sums are its sums */
  isCurrent(version: ContributionsVersion<C>): boolean {
    return this.current === version;
  }

  at(j: number): readonly C[] {
    return this.chunks[j >> CHUNK_BITS]![j & (CHUNK - 1)]!;
  }

  private sameList(a: readonly C[], b: readonly C[]): boolean {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!this.rules.same(a[i]!, b[i]!)) return false;
    return true;
  }

  private set(j: number, now: readonly C[]): void {
    this.rules.changed(j, this.at(j), now);
    const chunk = j >> CHUNK_BITS;
    if (this.shared[chunk]) {
      this.chunks[chunk] = this.chunks[chunk]!.slice();
      this.shared[chunk] = false;
    }
    this.chunks[chunk]![j & (CHUNK - 1)] = now;
    this.current = undefined;
  }
}

/** Kept sums, one per incoming pod shape (`signature`), rebuilt when the node list changes. */
export class KeptSums<T extends { readonly nodes: readonly NodeInfo[] }> {
  private readonly entries = new Map<string, T>();
  /** signatures kept: one per distinct incoming pod shape at a time is the common case */
  private static readonly MAX_ENTRIES = 16;

  get(signature: string, nodes: readonly NodeInfo[], build: () => T): T {
    let e = this.entries.get(signature);
    if (!e || e.nodes !== nodes) {
      e = build();
      this.entries.delete(signature);
      if (this.entries.size >= KeptSums.MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(signature, e);
    }
    return e;
  }
}
