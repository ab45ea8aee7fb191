// The cluster at the current step: topology domains as lanes (zone by default, any node label on
// request), nodes as cards, pods as chips, and the pending queue in priority order. Large clusters
// draw nodes as small tiles so the page stays responsive.

import { group } from 'd3';
import { useMemo } from 'react';
import type { NodeOutcome } from '../../engine/api';
import { usePodplay } from '../../store/hooks';
import { defaultTopologyKey, filterVerdict, pendingQueue, preFilterRejection, reached, ZONE_KEYS, type PodView } from '../../store/selectors';
import { ownerPalette } from '../palette';
import { useStep, useStale } from '../useStep';
import { NodeCard, STATE_LABEL } from './NodeCard';
import { PodChip } from './PodChip';

/** Above this many nodes, nodes are tiles without bars and pods. */
export const COMPACT_ABOVE = 48;
const QUEUE_SHOWN = 40;
const NO_DOMAIN = '(no label)';

function labelKeys(nodes: readonly NodeOutcome[]): string[] {
  const keys = new Set<string>();
  for (const n of nodes) for (const k of Object.keys(n.labels)) keys.add(k);
  return [...keys].sort((a, b) => Number(ZONE_KEYS.includes(b)) - Number(ZONE_KEYS.includes(a)) || a.localeCompare(b));
}

function TopologyPicker({ keys, value }: { keys: string[]; value: string | undefined }) {
  const setTopologyKey = usePodplay((s) => s.setTopologyKey);
  return (
    <label className="topology-picker">
      Lanes by{' '}
      <select value={value ?? ''} onChange={(e) => setTopologyKey(e.target.value === '' ? '' : e.target.value)}>
        <option value="">(one lane)</option>
        {keys.map((k) => <option key={k} value={k}>{k}</option>)}
      </select>
    </label>
  );
}

function PendingLane({ queue, currentPod, colourOf, travel, onInspect }: {
  queue: PodView[]; currentPod: string; colourOf(owner: string | undefined): string; travel: boolean; onInspect(pod: string): void;
}) {
  const shown = queue.slice(0, QUEUE_SHOWN);
  return (
    <section className="lane pending-lane" data-testid="pending-queue" aria-label="Pending pods, in the order they are tried">
      <h3 className="lane-title">Pending <span className="lane-count">{queue.length}</span></h3>
      <div className="pending-pods">
        {shown.map((p) => (
          <div key={p.pod} className="pending-entry">
            <PodChip pod={p} colour={colourOf(p.outcome.owner)} current={p.pod === currentPod} travel={travel} onInspect={onInspect} />
            {p.location === 'scheduling' && <span className="queue-mark">being scheduled</span>}
            {p.nominated !== undefined && <span className="queue-mark">⇢ {p.nominated}</span>}
          </div>
        ))}
        {queue.length > shown.length && <p className="more">and {queue.length - shown.length} more</p>}
        {queue.length === 0 && <p className="empty">none</p>}
      </div>
    </section>
  );
}

export function ClusterView() {
  const view = useStep();
  const stale = useStale();
  const topologyKeySetting = usePodplay((s) => s.topologyKey);
  const showNodeDetails = usePodplay((s) => s.showNodeDetails);
  const reducedMotion = usePodplay((s) => s.reducedMotion);
  const inspectPod = usePodplay((s) => s.inspectPod);
  const toggleNodeDetails = usePodplay((s) => s.toggleNodeDetails);
  const run = usePodplay((s) => s.run);

  const nodes = useMemo(() => run?.summary.nodes ?? [], [run]);
  const keys = useMemo(() => labelKeys(nodes), [nodes]);
  const colourOf = useMemo(() => ownerPalette(run?.summary.pods ?? []), [run]);
  const topologyKey = topologyKeySetting === undefined ? defaultTopologyKey(nodes) : topologyKeySetting || undefined;
  const lanes = useMemo(
    () => [...group(nodes, (n) => (topologyKey === undefined ? '' : (n.labels[topologyKey] ?? NO_DOMAIN)))],
    [nodes, topologyKey],
  );

  if (run === undefined) {
    return <section className="cluster" data-testid="cluster-view" aria-label="Cluster"><p className="empty">No simulation yet.</p></section>;
  }

  const trace = view?.step.frame?.trace;
  const phase = view?.step.phase;
  const currentPod = view?.step.summary.pod ?? '';
  const travel = !reducedMotion;
  const pods = view?.pods ?? [];
  const podsByNode = group(pods.filter((p) => p.node !== undefined), (p) => p.node!);
  const nominatedByNode = group(pods.filter((p) => p.nominated !== undefined && p.node === undefined), (p) => p.nominated!);
  const queue = pendingQueue(pods);
  const compact = nodes.length > COMPACT_ABOVE;
  const showVerdicts = view !== undefined && trace !== undefined && (phase !== 'PreFilter' || preFilterRejection(trace) !== undefined);
  const scoresShown = view !== undefined && reached(view.step, 'Score');
  const evaluationOrder = new Map((trace?.nodesEvaluated ?? []).map((n, i) => [n, i]));

  return (
    <section className={`cluster${stale !== 'current' ? ' stale' : ''}${compact ? ' compact' : ''}`} data-testid="cluster-view" aria-label="Cluster">
      <div className="cluster-head">
        <TopologyPicker keys={keys} value={topologyKey} />
        {!compact && (
          <button type="button" className="button small" aria-pressed={showNodeDetails} onClick={toggleNodeDetails} title="Show labels and taints (l)">
            Labels &amp; taints
          </button>
        )}
        <ul className="legend" aria-label="Node states">
          {Object.entries(STATE_LABEL).map(([state, l]) => (
            <li key={state} className={`legend-item state-${state}`}><span aria-hidden="true">{l.symbol}</span> {l.word}</li>
          ))}
        </ul>
        {stale === 'invalid' && <span className="stale-badge" role="status">stale: the scenario has errors</span>}
        {stale === 'updating' && <span className="stale-badge updating" role="status">updating…</span>}
      </div>
      <div className="lanes">
        <PendingLane queue={queue} currentPod={currentPod} colourOf={colourOf} travel={travel} onInspect={inspectPod} />
        {lanes.map(([domain, laneNodes]) => (
          <section key={domain} className="lane" data-testid="zone" data-zone={domain} aria-label={topologyKey ? `${topologyKey}=${domain}` : 'All nodes'}>
            <h3 className="lane-title">{topologyKey ? domain : 'All nodes'} <span className="lane-count">{laneNodes.length}</span></h3>
            <div className="lane-nodes">
              {laneNodes.map((node) => {
                const state = view?.nodeStates.get(node.name) ?? 'idle';
                const verdict = showVerdicts && state === 'filtered' && trace !== undefined
                  ? (filterVerdict(trace, node.name) ?? preFilterRejection(trace)) : undefined;
                if (compact) {
                  return (
                    <span
                      key={node.name}
                      className={`node-tile state-${state}`}
                      data-testid="node-card"
                      data-node={node.name}
                      data-state={state}
                      title={`${node.name}: ${STATE_LABEL[state].word}${verdict ? ` — ${verdict.plugin}` : ''}`}
                    />
                  );
                }
                return (
                  <NodeCard
                    key={node.name}
                    node={node}
                    state={state}
                    verdict={verdict}
                    score={scoresShown ? trace?.score?.[node.name]?.total : undefined}
                    tied={scoresShown && (trace?.tiedNodes?.includes(node.name) ?? false)}
                    nominatedHere={(nominatedByNode.get(node.name) ?? []).map((p) => p.pod)}
                    pods={podsByNode.get(node.name) ?? []}
                    currentPod={currentPod}
                    showDetails={showNodeDetails}
                    revealIndex={phase === 'Filter' ? (evaluationOrder.get(node.name) ?? 0) : 0}
                    travel={travel}
                    colourOf={colourOf}
                    onInspect={inspectPod}
                  />
                );
              })}
            </div>
          </section>
        ))}
      </div>
    </section>
  );
}
