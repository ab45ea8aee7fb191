// The upgrade lesson's table of one plugin's scores per Kubernetes version: a row per node, a column
// per version (oldest first), arranged from the engine's runs (src/engine/compare/versionScores.ts);
// nothing here computes a score.

import type { VersionScores } from '../../engine/experiments';
import { compareKubernetesVersions, type KubernetesVersion } from '../../engine/readers';

export interface VersionScoreCell {
  version: KubernetesVersion;
  /** the plugin's normalized score; undefined: that version's run did not score the node */
  score?: number;
  /** this version's run selected the node */
  selected: boolean;
}

export interface VersionScoreRow {
  node: string;
  /** BalancedAllocation's balance of the node before the pod, as the engine's run gives it (the plugin's table only) */
  balanceBefore?: number;
  cells: VersionScoreCell[];
}

export interface VersionScoreTable {
  versions: KubernetesVersion[];
  rows: VersionScoreRow[];
  /** per version (as `versions`), the node its run selected */
  selected: (string | undefined)[];
}

export function versionScoreTable(scores: VersionScores, plugin: string, nodes: readonly string[]): VersionScoreTable {
  const runs = [...scores.runs].sort((a, b) => compareKubernetesVersions(a.version, b.version));
  return {
    versions: runs.map((r) => r.version),
    selected: runs.map((r) => r.selected),
    rows: nodes.map((node) => ({
      node,
      ...balanceBeforeOf(runs, plugin, node),
      cells: runs.map((r) => {
        const cell: VersionScoreCell = { version: r.version, selected: r.selected === node };
        const score = r.nodes.find((n) => n.node === node)?.plugins[plugin];
        if (score !== undefined) cell.score = score;
        return cell;
      }),
    })),
  };
}

const BALANCED = 'NodeResourcesBalancedAllocation';

/** the balance before the pod of the newest run that scored the node (the cluster before the pod is the same in each) */
function balanceBeforeOf(runs: readonly VersionScores['runs'][number][], plugin: string, node: string): { balanceBefore?: number } {
  if (plugin !== BALANCED) return {};
  const before = runs.findLast((r) => r.nodes.some((n) => n.node === node))?.nodes.find((n) => n.node === node)?.balanceBefore;
  return before === undefined ? {} : { balanceBefore: before };
}
