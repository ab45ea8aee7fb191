// A cycle's per-node records (Filter verdicts, scores) kept as arrays beside the node lists the
// trace already holds, and built into the Records of the contract (api.ts CycleTrace.filter and
// .score) when read. A 5,000-node cluster evaluates 500 nodes a cycle: two 500-key dictionaries a
// cycle were most of a long run's memory and much of its garbage collection. Reading the
// property (a view, JSON.stringify, postMessage) gives the same object, key for key, as before.

import type { CycleTrace, NodeScore, PluginResult } from '../api';
import { nodeRecord } from '../framework/intern';

type Field = 'filter' | 'score';

/** the last Record built, so a caller reading many nodes of one trace builds it once */
let last: { trace: CycleTrace; field: Field; length: number; record: Record<string, unknown> } | undefined;
/** how many nodes a compact trace.score lists */
const scoreCounts = new WeakMap<CycleTrace, number>();

function define<T>(trace: CycleTrace, field: Field, names: () => readonly string[], values: readonly T[]): void {
  Object.defineProperty(trace, field, {
    enumerable: true,
    configurable: true,
    get(this: CycleTrace) {
      if (last?.trace === this && last.field === field && last.length === values.length) return last.record;
      const record = nodeRecord<T>();
      // in visit order; a node visited twice (a nominated node that failed, then the full search)
      // keeps its first place and its last value, as assignments to one object do
      const keys = names();
      for (let i = 0; i < values.length; i++) record[keys[i]!] = values[i]!;
      last = { trace: this, field, length: values.length, record };
      return record;
    },
    set(this: CycleTrace, value: unknown) {
      if (field === 'score') scoreCounts.delete(this);
      Object.defineProperty(this, field, { value, enumerable: true, configurable: true, writable: true });
    },
  });
}

/**
 * trace.filter from now on: node nodesEvaluated[i] -> verdicts[i]. The caller pushes a node's
 * verdicts as it pushes the node onto nodesEvaluated.
 */
export function filterColumn(trace: CycleTrace): (readonly PluginResult[])[] {
  const verdicts: (readonly PluginResult[])[] = [];
  define(trace, 'filter', () => trace.nodesEvaluated, verdicts);
  return verdicts;
}

/** trace.score from now on: node names[i] -> scores[i]. */
export function defineScores(trace: CycleTrace, names: readonly string[], scores: readonly NodeScore[]): void {
  define(trace, 'score', () => names, scores);
  scoreCounts.set(trace, names.length);
}

/** How many nodes trace.score lists, without building it. */
export function scoredNodes(trace: CycleTrace): number {
  return scoreCounts.get(trace) ?? (trace.score ? Object.keys(trace.score).length : 0);
}
