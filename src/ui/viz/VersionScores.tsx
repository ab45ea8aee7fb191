// The upgrade lesson's stage at the point that explains why the pod moved: one plugin's scores on
// the nodes that matter, at the lesson's Kubernetes version and at the version it is compared with,
// side by side. Both columns come from the engine (the scenario run at each version in the Compare
// worker, src/ui/compare/useCompare.ts); the view only draws them. A lesson draws one such pair. An open question that the
// scores or the placement would answer keeps the panel off the stage.

import { useMemo } from 'react';
import { isKubernetesVersion, type KubernetesVersion } from '../../engine/readers';
import type { VersionScoresOnStage } from '../../lessons';
import { useLessonProgress, usePodplay } from '../../store/hooks';
import { useVersionScores } from '../compare/useCompare';
import { pluginColour } from './ScoreBar';
import { versionScoreTable } from './versionScores';

const NONE: readonly KubernetesVersion[] = [];
const NO_NODES: readonly string[] = [];

/**
 * The two versions' scores the lesson draws, and whether the story point on screen draws them (no
 * open question forbids it). The runs start when the lesson opens, so the panel is ready when its
 * point comes.
 */
function useVersionsOnStage(): { wanted: VersionScoresOnStage | undefined; shown: boolean } {
  const hidden = usePodplay((s) => s.stageHidden);
  const progress = useLessonProgress()?.progress;
  const wanted = progress?.story.points.find((p) => p.versions !== undefined)?.versions;
  const here = progress?.story.points[progress.current]?.versions;
  return { wanted, shown: here !== undefined && here === wanted && !hidden.scores && !hidden.placement };
}

export function VersionScoresPanel() {
  const { wanted, shown } = useVersionsOnStage();
  const text = usePodplay((s) => s.text);
  const fileName = usePodplay((s) => s.fileName);
  const seed = usePodplay((s) => s.seed);
  const own = usePodplay((s) => s.run?.summary.kubernetesVersion?.version);
  const versions = useMemo(
    () => (wanted === undefined || !isKubernetesVersion(own) || own === wanted.other ? NONE : [wanted.other, own]),
    [wanted, own],
  );
  const state = useVersionScores(text, fileName, seed, versions, wanted?.pod ?? '', wanted?.nodes ?? NO_NODES);
  if (wanted === undefined || versions.length === 0 || !shown) return null;
  const table = state.comparison === undefined ? undefined : versionScoreTable(state.comparison, wanted.plugin, wanted.nodes);
  const pod = wanted.pod.slice(wanted.pod.indexOf('/') + 1);
  // BalancedAllocation: the balance before the pod, which v1.36+ scores the change from (the engine's, like the scores)
  const before = table !== undefined && table.rows.some((r) => r.balanceBefore !== undefined);
  return (
    <section className="version-scores" data-testid="version-scores" data-state={state.running ? 'running' : state.error ? 'error' : 'done'} aria-label={`${wanted.plugin} by Kubernetes version`}>
      <h3 className="version-scores-title">
        <span className="version-scores-swatch" style={{ background: pluginColour(wanted.plugin) }} aria-hidden="true" />
        {wanted.plugin} for {pod}, by version
      </h3>
      {state.running && <p className="version-scores-note">Running the scenario as v{versions.join(' and as v')}…</p>}
      {state.error && <p className="version-scores-note">Not shown: the scenario does not run at v{wanted.other} ({state.error.errors[0]?.message})</p>}
      {table !== undefined && (
        <table>
          <thead>
            <tr>
              <th scope="col"><span className="visually-hidden">node</span></th>
              {before && <th scope="col" title={`the node's balance without ${pod}`}>before {pod}</th>}
              {table.versions.map((v) => <th key={v} scope="col">v{v}{v === own ? ' (this run)' : ''}</th>)}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.node} data-node={row.node}>
                <th scope="row">{row.node}</th>
                {before && (
                  <td data-testid="balance-before" data-score={row.balanceBefore ?? ''}>
                    <span className="version-score-bar" aria-hidden="true">
                      <span style={{ width: `${row.balanceBefore ?? 0}%`, background: 'var(--ink-soft)' }} />
                    </span>
                    <span className="version-score">{row.balanceBefore ?? '–'}</span>
                  </td>
                )}
                {row.cells.map((cell) => (
                  <td key={cell.version} data-version={cell.version} data-score={cell.score ?? ''} data-selected={cell.selected}>
                    <span className="version-score-bar" aria-hidden="true">
                      <span style={{ width: `${cell.score ?? 0}%`, background: pluginColour(wanted.plugin) }} />
                    </span>
                    <span className="version-score">{cell.score ?? '–'}</span>
                    {cell.selected && <span className="version-score-selected" title={`v${cell.version} selects ${row.node}`}>★</span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">runs on</th>
              {before && <td />}
              {table.selected.map((node, i) => <td key={table.versions[i]}>{node ?? 'not scheduled'}</td>)}
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
