// One node's place in the Score ranking: its rank, its total as a stacked bar of every plugin's
// normalized × weight (the bars of all nodes share one scale), the plugin that separates first from
// second outlined and the plugins equal on every node dimmed. d3 grows the segments.

import { select } from 'd3';
import { memo, useLayoutEffect, useRef } from 'react';
import { STAGE_MS } from './motion';
import type { RankedNode, ScoreRanking } from './scoreRanking';
import { shortPluginName } from '../format';

/** Default score plugins first (their colours never change between runs), then any other by name. */
const KNOWN_PLUGINS = [
  'TaintToleration', 'NodeAffinity', 'NodeResourcesFit', 'VolumeBinding', 'PodTopologySpread', 'InterPodAffinity',
  'NodeResourcesBalancedAllocation', 'ImageLocality', 'DynamicResources',
];

/**
 * d3's schemeTableau10, written out: importing it from d3 brings all of d3-scale-chromatic (its
 * schemes are built when the module loads: 16 KB minified and ~15 ms on the page's first frame,
 * bench/browser/lessonFirstLoad.spec.ts). ScoreBar.test.ts checks it is d3's.
 */
export const TABLEAU_10: readonly string[] = ['#4e79a7', '#f28e2c', '#e15759', '#76b7b2', '#59a14f', '#edc949', '#af7aa1', '#ff9da7', '#9c755f', '#bab0ab'];

export function pluginColour(plugin: string): string {
  const known = KNOWN_PLUGINS.indexOf(plugin);
  if (known >= 0) return TABLEAU_10[known % TABLEAU_10.length]!;
  let hash = 0;
  for (const c of plugin) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return TABLEAU_10[hash % TABLEAU_10.length]!;
}

export interface ScoreBarProps {
  ranked: RankedNode;
  ranking: Pick<ScoreRanking, 'maxTotal' | 'separating' | 'uniform'>;
  tied: boolean;
  reducedMotion: boolean;
}

export const ScoreBar = memo(function ScoreBar({ ranked, ranking, tied, reducedMotion }: ScoreBarProps) {
  const stack = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (stack.current === null) return;
    const scale = Math.max(1, ranking.maxTotal);
    const segments = select(stack.current)
      .selectAll<HTMLSpanElement, RankedNode['segments'][number]>('span.score-seg')
      .data(ranked.segments.filter((s) => s.weighted > 0), (s) => s.plugin)
      .join((enter) => enter.append('span').attr('class', 'score-seg').style('width', '0%'))
      .attr('data-plugin', (s) => s.plugin)
      .classed('separating', (s) => s.plugin === ranking.separating)
      .classed('uniform', (s) => ranking.uniform.includes(s.plugin))
      .attr('title', (s) => `${s.plugin}: ${s.normalized} × ${s.weight} = ${s.weighted}`)
      .style('background', (s) => pluginColour(s.plugin));
    const width = (s: { weighted: number }) => `${(s.weighted / scale) * 100}%`;
    if (reducedMotion) segments.interrupt('stage').style('width', width);
    else segments.transition('stage').duration(STAGE_MS).style('width', width);
  }, [ranked, ranking, reducedMotion]);
  return (
    <div className="score-bar" data-testid="score-bar" data-node={ranked.node} data-rank={ranked.rank} data-total={ranked.total}>
      <span className="score-rank">#{ranked.rank}</span>
      <span ref={stack} className="score-stack" aria-hidden="true" />
      <span className="score-total"><strong>{ranked.total}</strong>{tied ? ' tie' : ''}</span>
      {/* the score of each plugin that tells the nodes apart, before its weight, beside its colour
          in the legend: the numbers a lesson quotes ("NodeResourcesFit: node1 95, node2 90") are
          on the stage, not only the totals (issue 19); where NormalizeScore rescaled it, the score
          it had before ("51→100": a preferred affinity's sum of weights, scaled to the best node) */}
      <span className="score-parts" data-testid="score-parts">
        {ranked.segments.filter((s) => !ranking.uniform.includes(s.plugin)).map((s) => (
          <span key={s.plugin} className="score-part" data-plugin={s.plugin} title={`${s.plugin}: ${s.raw !== s.normalized ? `${s.raw} normalized to ` : ''}${s.normalized} × ${s.weight} = ${s.weighted}`}>
            <span className="swatch" style={{ background: pluginColour(s.plugin) }} aria-hidden="true" />
            <span className="visually-hidden">{s.plugin} </span>{s.raw !== s.normalized && <span className="score-raw">{s.raw}→</span>}{s.normalized}
          </span>
        ))}
      </span>
    </div>
  );
});

/** Which colour is which plugin: those that tell nodes apart (the separating one called out), then the count of those equal everywhere. */
export function ScoreLegend({ ranking }: { ranking: ScoreRanking }) {
  const differing = ranking.plugins.filter((p) => !ranking.uniform.includes(p));
  // two or more beside the separating one: shorter still ("ResourcesFit", "Allocation"), so the row holds them
  const others = differing.filter((p) => p !== ranking.separating).length;
  const max = others >= 2 ? 12 : 18;
  return (
    <ul className="score-legend" data-testid="score-legend" aria-label="Score plugins">
      {differing.map((plugin) => {
        const separating = plugin === ranking.separating;
        const short = shortPluginName(plugin, max);
        return (
          <li key={plugin} className={separating ? 'separating' : undefined} data-plugin={plugin} data-separating={separating || undefined} title={plugin}>
            <span className="swatch" style={{ background: pluginColour(plugin) }} aria-hidden="true" />{' '}
            {/* a projector's one-row legend names the others at word boundaries ("BalancedAllocation"), never cut mid-word */}
            {short === plugin || separating ? plugin : <><span className="plugin-long">{plugin}</span><span className="plugin-short" aria-hidden="true">{short}</span></>}
            {separating && <><span className="separating-long"> — puts #1 ahead</span><span className="separating-short" aria-hidden="true"> — #1 ahead</span></>}
          </li>
        );
      })}
      {ranking.uniform.length > 0 && (
        <li className="uniform" data-testid="score-uniform" data-plugins={ranking.uniform.join(' ')} title={`${ranking.uniform.join(', ')}: same on every node`}>
          <span className="swatch" aria-hidden="true" />
          {/* in words on a projector too (issue 19: "▯ 5 tie" was cryptic); where the row has no room
              left, this item gives way first, cut with an ellipsis, its names in its title */}
          <span className="uniform-label"> {ranking.uniform.length === 1 ? ranking.uniform[0] : `${ranking.uniform.length} plugins`} same on every node</span>
        </li>
      )}
    </ul>
  );
}
