// One pod's scores under several Kubernetes versions: the scenario run once per version, and the
// first cycle that scored the pod read from each run. The upgrade lesson draws this beside its own
// run so that the room sees both versions' numbers, computed by the engine, never by the view.

import type { ScenarioError, SimulateOptions } from '../api';
import { simulate } from '../index';
import type { KubernetesVersion } from '../versions';

/** A node's scores in one version's run: each plugin's normalized score (0–100) and the weighted total. */
export interface NodeVersionScore {
  node: string;
  plugins: Record<string, number>;
  total: number;
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
      run.nodes.push({ node, plugins, total: score.total });
    }
    runs.push(run);
  }
  return { ok: true, scores: { pod, runs } };
}
