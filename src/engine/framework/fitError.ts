// upstream: pkg/scheduler/framework/types.go (FitError.Error, NoNodeAvailableMsg).
// The "0/N nodes are available: ..." text of FailedScheduling events and of preemption's
// "no candidates" message.

/** A status as far as the message needs it. */
export interface ReasonsLike {
  readonly reasons: readonly string[];
}

/** upstream: NodeToStatusReader — explicit per-node statuses plus the status of every other node. */
export interface NodeToStatusLike {
  readonly statuses: ReadonlyMap<string, ReasonsLike>;
  readonly absentNodesStatus: ReasonsLike;
}

/** Go's sort.Strings order: byte order of the UTF-8 encoding, i.e. code point order. */
export function compareGoStrings(a: string, b: string): number {
  const x = [...a], y = [...b];
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/**
 * upstream: FitError.Error(). A PreFilter message replaces the per-node histogram (the framework
 * copies it onto every node, so counting would repeat it). Nodes without an explicit status count
 * under the absent-nodes status. Items are "<count> <reason>", sorted as strings, not numbers.
 */
export function formatFitError(numAllNodes: number, nodeToStatus: NodeToStatusLike, preFilterMsg = '', postFilterMsg = ''): string {
  let msg = `0/${numAllNodes} nodes are available:`;
  if (preFilterMsg !== '') {
    msg += ` ${preFilterMsg}.`;
  } else {
    const counts = new Map<string, number>();
    for (const status of nodeToStatus.statuses.values()) {
      for (const r of status.reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
    }
    const absent = numAllNodes - nodeToStatus.statuses.size;
    if (absent > 0) {
      for (const r of nodeToStatus.absentNodesStatus.reasons) counts.set(r, (counts.get(r) ?? 0) + absent);
    }
    const items = [...counts].map(([reason, n]) => `${n} ${reason}`).sort(compareGoStrings);
    if (items.length > 0) msg += ` ${items.join(', ')}.`;
  }
  if (postFilterMsg !== '') msg += ` ${postFilterMsg}`;
  return msg;
}
