// The values nodes have for a label key, and the ones nearest a value no node has: the detail that
// turns "didn't match Pod's node affinity/selector" into "nodes have us-east-1a..d" and a typo's
// fix. Shared by the diagnosis (what the page and --explain show) and the fix search.

import type { Node } from '../model/types';
import { TAINT_NODE_UNSCHEDULABLE } from '../model/taints';

export interface LabelValue {
  value: string;
  /** nodes with the value */
  nodes: number;
  /** of those, nodes not cordoned */
  schedulable: number;
}

/** A node as the scenario (Node) or the result (NodeOutcome) has it. */
export type LabelledNode = Node | { labels: Record<string, string>; unschedulable: boolean };

const labelsOf = (n: LabelledNode) => ('metadata' in n ? n.metadata.labels : n.labels);

/** Each value nodes have for `key`, most nodes first, then by value. */
export function nodeLabelValues(nodes: readonly LabelledNode[], key: string): LabelValue[] {
  const byValue = new Map<string, LabelValue>();
  for (const n of nodes) {
    const value = labelsOf(n)?.[key];
    if (value === undefined) continue;
    const entry = byValue.get(value) ?? { value, nodes: 0, schedulable: 0 };
    entry.nodes++;
    if (!isCordoned(n)) entry.schedulable++;
    byValue.set(value, entry);
  }
  return [...byValue.values()].sort((a, b) => b.nodes - a.nodes || a.value.localeCompare(b.value));
}

export const isCordoned = (n: LabelledNode): boolean => ('metadata' in n
  ? n.spec?.unschedulable === true || (n.spec?.taints ?? []).some((t) => t.key === TAINT_NODE_UNSCHEDULABLE)
  : n.unschedulable);

/** Levenshtein distance (label values are at most 63 characters). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * The values nearest `value` (a likely typo): within a third of its length in edits (at least 2),
 * nearest first, values on schedulable nodes before values only cordoned nodes have.
 */
export function nearestLabelValues(value: string, values: readonly LabelValue[], max = 3): LabelValue[] {
  const limit = Math.max(2, Math.floor(value.length / 3));
  return values
    .map((v) => ({ v, d: editDistance(value, v.value) }))
    .filter(({ d }) => d <= limit)
    .sort((a, b) => a.d - b.d || Number(b.v.schedulable > 0) - Number(a.v.schedulable > 0) || a.v.value.localeCompare(b.v.value))
    .slice(0, max)
    .map(({ v }) => v);
}
