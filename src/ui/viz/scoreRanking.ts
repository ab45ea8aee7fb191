// Score as a ranking: the scored nodes by total, each total split into its plugins' normalized ×
// weight, the plugin that puts the first node ahead of the second, and the plugins that gave every
// node the same (they change nothing). All numbers are the trace's; only sorting and comparing here.

import type { CycleTrace } from '../../engine/api';

export interface ScoreSegment {
  plugin: string;
  /** the plugin's Score before NormalizeScore (a preferred affinity's sum of weights, a spread's count) */
  raw: number;
  normalized: number;
  weight: number;
  weighted: number;
}

export interface RankedNode {
  node: string;
  total: number;
  /** 1-based; nodes with equal totals share a rank */
  rank: number;
  segments: ScoreSegment[];
}

export interface ScoreRanking {
  nodes: RankedNode[];
  /** the score plugins, in the order the trace lists them */
  plugins: string[];
  /** the plugin whose weighted score puts the first node furthest ahead of the second; none on a tie */
  separating?: string;
  /** plugins that gave every scored node the same weighted score */
  uniform: string[];
  maxTotal: number;
}

/** Undefined when Score did not run (fewer than two feasible nodes). */
export function scoreRanking(trace: CycleTrace): ScoreRanking | undefined {
  const scores = trace.score;
  if (scores === undefined) return undefined;
  const visit = new Map(trace.nodesEvaluated.map((n, i) => [n, i]));
  const names = Object.keys(scores).sort((a, b) => scores[b]!.total - scores[a]!.total
    // among equal totals the node the scheduler picked first, then the order Filter visited them
    || Number(b === trace.selected) - Number(a === trace.selected)
    || (visit.get(a) ?? 0) - (visit.get(b) ?? 0));
  const plugins = [...new Set(names.flatMap((n) => Object.keys(scores[n]!.plugins)))];
  const weighted = (node: string, plugin: string) => scores[node]!.plugins[plugin]?.weighted ?? 0;
  const nodes = names.map((node, i) => ({
    node,
    total: scores[node]!.total,
    rank: 1 + names.slice(0, i).filter((other) => scores[other]!.total > scores[node]!.total).length,
    segments: plugins.map((plugin) => {
      const s = scores[node]!.plugins[plugin];
      return { plugin, raw: s?.raw ?? 0, normalized: s?.normalized ?? 0, weight: s?.weight ?? 0, weighted: s?.weighted ?? 0 };
    }),
  }));
  const uniform = plugins.filter((p) => names.every((n) => weighted(n, p) === weighted(names[0]!, p)));
  const [first, second] = names;
  let separating: string | undefined;
  if (first !== undefined && second !== undefined && scores[first]!.total > scores[second]!.total) {
    let best = 0;
    for (const p of plugins) {
      const lead = weighted(first, p) - weighted(second, p);
      if (lead > best) [best, separating] = [lead, p];
    }
  }
  const ranking: ScoreRanking = { nodes, plugins, uniform, maxTotal: Math.max(0, ...nodes.map((n) => n.total)) };
  if (separating !== undefined) ranking.separating = separating;
  return ranking;
}
