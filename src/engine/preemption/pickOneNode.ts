// upstream: pkg/scheduler/framework/preemption/preemption.go (pickOneNodeForPreemption).
// Each criterion keeps the nodes with the best score; the first criterion that leaves one node
// decides. Every step is recorded so the trace can show why a node won.

import { podPriority } from '../framework/podInfo';
import type { Victims } from './candidate';
import { earliestStartOfMostImportant } from './importance';

/** Higher is better, like upstream's score funcs. */
export interface PreemptionScoreFunc {
  criterion: string;
  score(node: string): number;
}

export interface SelectionStep {
  criterion: string;
  /** the nodes that kept the best score at this step */
  nodes: string[];
}

/** math.MaxInt32 + 1: added to every priority so negative priorities still sum upward. */
const PRIORITY_OFFSET = 2 ** 31;

function sumPriorities(victims: Victims): number {
  let sum = 0;
  for (const p of victims.pods) sum += podPriority(p.pod) + PRIORITY_OFFSET;
  return sum;
}

/** upstream's default criteria, in upstream's order. */
export function defaultScoreFuncs(nodesToVictims: ReadonlyMap<string, Victims>, now: number): PreemptionScoreFunc[] {
  const victimsOf = (node: string): Victims => nodesToVictims.get(node)!;
  return [
    // fewest PodDisruptionBudget violations
    { criterion: 'minNumPDBViolations', score: (n) => -victimsOf(n).numPDBViolations },
    // the most important victim has the lowest priority (victims are sorted, most important first)
    { criterion: 'minHighestPriority', score: (n) => -podPriority(victimsOf(n).pods[0]!.pod) },
    // smallest sum of (priority + 2^31)
    { criterion: 'minSumPriorities', score: (n) => -sumPriorities(victimsOf(n)) },
    // fewest victims
    { criterion: 'minNumPods', score: (n) => -victimsOf(n).pods.length },
    // the highest-priority victims started latest
    { criterion: 'latestStartTime', score: (n) => earliestStartOfMostImportant(victimsOf(n).pods.map((p) => p.pod), now) ?? -Infinity },
  ];
}

/**
 * upstream: pickOneNodeForPreemption. Upstream takes the first of the remaining tied nodes in Go
 * map order, which is random; here the seeded generator picks among them (`pickAmongTies`) and
 * the step is recorded as criterion "random".
 */
export function pickOneNodeForPreemption(
  nodes: readonly string[],
  scoreFuncs: readonly PreemptionScoreFunc[],
  pickAmongTies: (tied: string[]) => string,
): { node: string | undefined; steps: SelectionStep[] } {
  const steps: SelectionStep[] = [];
  if (nodes.length === 0) return { node: undefined, steps };
  let remaining = [...nodes];
  for (const f of scoreFuncs) {
    let best = -Infinity;
    let kept: string[] = [];
    for (const node of remaining) {
      const s = f.score(node);
      if (s > best) { best = s; kept = []; }
      if (s === best) kept.push(node);
    }
    steps.push({ criterion: f.criterion, nodes: kept });
    if (kept.length === 1) return { node: kept[0], steps };
    remaining = kept;
  }
  const node = remaining.length === 1 ? remaining[0]! : pickAmongTies(remaining);
  if (remaining.length > 1) steps.push({ criterion: 'random', nodes: [node] });
  return { node, steps };
}
