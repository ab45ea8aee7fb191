// One pod's scores under several Kubernetes versions: the scenario run once per version, and the
// first cycle that scored the pod read from each run. The upgrade lesson draws this beside its own
// run so that the room sees both versions' numbers, computed by the engine, never by the view.

import type { CycleTrace, ScenarioError, SimulateOptions, SimulationResult } from '../api';
import { simulate } from '../index';
import { balancedResourceScorer } from '../plugins/NodeResourcesBalancedAllocation/scoring';
import type { KubernetesVersion } from '../versions';

/** A node's scores in one version's run: each plugin's normalized score (0–100) and the weighted total. */
export interface NodeVersionScore {
  node: string;
  plugins: Record<string, number>;
  total: number;
  /**
   * NodeResourcesBalancedAllocation's balance of the node before the pod (0–100, its default
   * resources cpu and memory): what v1.36+ subtracts from the balance with the pod (PR #135573);
   * the v1.35 score is the balance with it
   */
  balanceBefore: number;
}

export interface VersionScoreRun {
  version: KubernetesVersion;
  /** the node the cycle selected (undefined: the pod was not scheduled by it) */
  selected?: string;
  /** the asked-for nodes the cycle scored, in the order asked */
  nodes: NodeVersionScore[];
}

export interface VersionScores {
  pod: string;
  runs: VersionScoreRun[];
}

export type VersionScoresOutcome = { ok: true; scores: VersionScores } | { ok: false; errors: ScenarioError[] };

/**
 * Runs `text` at each version and reads the scores of `pod`'s first scored cycle on `nodes`. A
 * version whose run never scored the pod gives a run with no nodes.
 */
export function scoresByVersion(
  text: string, versions: readonly KubernetesVersion[], pod: string, nodes: readonly string[],
  options: Omit<SimulateOptions, 'kubernetesVersion' | 'versionChanges'> = {},
): VersionScoresOutcome {
  const runs: VersionScoreRun[] = [];
  for (const version of versions) {
    const out = simulate(text, { ...options, kubernetesVersion: version });
    if (!out.ok) return out;
    const cycle = out.result.cycles.find((c) => c.pod === pod && c.score !== undefined);
    const run: VersionScoreRun = { version, nodes: [] };
    if (cycle?.selected !== undefined) run.selected = cycle.selected;
    for (const node of nodes) {
      const score = cycle?.score?.[node];
      if (score === undefined) continue;
      const plugins: Record<string, number> = {};
      for (const [plugin, s] of Object.entries(score.plugins)) plugins[plugin] = s.normalized;
      run.nodes.push({ node, plugins, total: score.total, balanceBefore: balanceBefore(out.result, cycle!, node) });
    }
    runs.push(run);
  }
  return { ok: true, scores: { pod, runs } };
}

/**
 * The balance of `node` when `cycle` runs, without its pod: upstream balancedResourceScorer over the
 * actual requests (no non-zero defaults: balanced_allocation.go's useRequested) of the pods on the
 * node then (bound without a cycle or by an earlier one, not yet deleted) against its
 * allocatable, for the plugin's default resources, cpu and memory.
 */
function balanceBefore(result: SimulationResult, cycle: CycleTrace, node: string): number {
  const allocatable = result.nodes.find((n) => n.name === node)?.allocatable ?? {};
  const boundBy = new Map<string, number>();
  for (const c of result.cycles) if (c.result === 'Scheduled' && !boundBy.has(c.pod)) boundBy.set(c.pod, c.cycle);
  const resources = ['cpu', 'memory'];
  const requested = resources.map(() => 0);
  for (const p of result.pods) {
    if (p.node !== node || p.pod === cycle.pod || (p.deletedAt !== undefined && p.deletedAt <= cycle.time)) continue;
    if ((boundBy.get(p.pod) ?? 0) >= cycle.cycle) continue;
    resources.forEach((r, i) => { requested[i]! += p.requests?.[r] ?? 0; });
  }
  return balancedResourceScorer(requested, resources.map((r) => allocatable[r] ?? 0));
}
