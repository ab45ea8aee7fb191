// One node: its state at this extension point (with a symbol and a word, not colour alone), the
// failing Filter plugin and reason, its score, allocatable against requested, and its pods.

import { scaleLinear } from 'd3';
import { memo, useState } from 'react';
import type { KubeletEvictionOutcome, NodeOutcome, PluginResult, PodOutcome } from '../../engine/api';
import type { NodeState, PodView } from '../../store/selectors';
import { briefFilterReason, chipPodName, formatQuantity } from '../format';
import type { SelectedLabel } from './selectedLabels';
import { breakable } from './Breakable';
import { rankedWhy } from './evictions';
import { explainVerdict } from '../narration/explain';
import { PodChip } from './PodChip';
import type { AffinityKind } from './affinity';
import { DomainTags } from './AffinityLines';
import { ScoreBar } from './ScoreBar';
import type { RankedNode, ScoreRanking } from './scoreRanking';
import { skewVerdict, type DomainSpread } from './spread';
import { TaintMarks } from './TaintMarks';
import { DeviceSquares } from './DeviceSquares';
import type { DeviceMark } from './devices';
import type { TaintMark } from './taints';
import { usageAt, type BarResource } from './usage';
import type { PlacementMark } from '../../store/podGroup';
import type { ClaimMark } from './volumes';

export const STATE_LABEL: Record<NodeState, { symbol: string; word: string }> = {
  idle: { symbol: '○', word: 'waiting' },
  feasible: { symbol: '✓', word: 'feasible' },
  filtered: { symbol: '✗', word: 'filtered' },
  selected: { symbol: '★', word: 'selected' },
  candidate: { symbol: '◆', word: 'candidate' },
};

export interface NodeCardProps {
  node: NodeOutcome;
  state: NodeState;
  /** the verdict that filtered the node out, when it is shown as filtered */
  verdict?: PluginResult;
  /** the node's place in the Score ranking, when scores are on screen */
  ranked?: RankedNode;
  /** the pod being scored on this node (not on it yet): its requests drawn on the bars */
  incoming?: PodOutcome | undefined;
  ranking?: ScoreRanking;
  tied: boolean;
  /** TaintToleration's taints and the pod's tolerations at this cycle */
  taints?: readonly TaintMark[];
  /** at Filter: highlight the taint that decided */
  taintHighlight: boolean;
  /** DRA devices local to the node at this step */
  devices?: readonly DeviceMark[];
  reducedMotion: boolean;
  nominatedHere: readonly string[];
  pods: readonly PodView[];
  currentPod: string;
  showDetails: boolean;
  /** the labels the pod being scheduled selects on, as this node has them (drawn unless showDetails lists every label) */
  selectedLabels?: readonly SelectedLabel[] | undefined;
  /** topology spread numbers of the node's own domains (constraints not drawn on the lanes) */
  spread?: readonly DomainSpread[];
  /** inter-pod (anti-)affinity relations whose topology domain is this node's (keys other than the lanes') */
  affinityDomains: readonly AffinityKind[];
  /** hide skew and toleration verdicts (an open question asks which nodes pass) */
  hideVerdicts: boolean;
  /** order in the Filter pass, for the staggered reveal */
  revealIndex: number;
  travel: boolean;
  colourOf(pod: PodOutcome): string;
  onInspect(pod: string): void;
  /** the name without the DNS suffix every node shares (full name on hover) */
  shortName?: string;
  /** the resource bars drawn (a projector shows only those the lesson's pods request) */
  bars: readonly BarResource[];
  /** the upstream reason alone on the card, the numbers behind it in its tooltip (presenter mode) */
  briefReason: boolean;
  /** with briefReason on a card among many: the characters its reason gets, at word boundaries (undefined: whole) */
  reasonChars?: number | undefined;
  /** at a pod-group cycle's PlacementGenerate/PlacementScore: the candidate placement covering the node */
  placement?: PlacementMark;
  /** the node autoscaler's group of the node */
  nodeGroup?: string;
  /** scale-down drains the node: when it is deleted */
  draining?: number;
  /** a pod's PersistentVolumeClaims at this step */
  claimsOf?: (pod: PodOutcome) => readonly ClaimMark[] | undefined;
  /** the kubelet's latest node-pressure eviction here, shown for a while after it */
  eviction?: KubeletEvictionOutcome;
  /** at PostFilter: the PodDisruptionBudgets evicting this candidate's victims would violate */
  pdbViolations?: number;
}

/** the kubelet's ranking, first to go first: at most this many rows on a card */
const RANKED_SHOWN = 4;

/** Who the kubelet evicted and why: the node's pods in its order (SimulationResult.kubeletEvictions). */
function EvictionOrder({ eviction }: { eviction: KubeletEvictionOutcome }) {
  const shown = eviction.ranked.slice(0, RANKED_SHOWN);
  return (
    <div className="eviction-order" data-testid="eviction-order" data-victim={eviction.pod} data-time={eviction.time}>
      <p className="eviction-caption">kubelet, low on {eviction.resource} at {eviction.time} s — evicts first:</p>
      <ol>
        {shown.map((r) => (
          <li key={r.pod} data-pod={r.pod} className={r.pod === eviction.pod ? 'eviction-victim' : undefined} title={`${r.pod}: ${rankedWhy(r)}`}>
            <span className="ranked-name">{chipPodName(r.pod)}</span> <span className="ranked-why">{rankedWhy(r)}</span>
            {r.pod === eviction.pod && <strong className="ranked-victim"> ✗ evicted</strong>}
          </li>
        ))}
      </ol>
      {eviction.ranked.length > shown.length && <p className="more">and {eviction.ranked.length - shown.length} more</p>}
    </div>
  );
}

/** pods drawn on a card before a "+N" chip: a busy node must not grow past its lane */
const CHIPS_SHOWN = 12;

const fraction = scaleLinear().domain([0, 1]).range([0, 100]).clamp(true);

function ResourceBars({ node, pods, bars, incoming }: { node: NodeOutcome; pods: readonly PodView[]; bars: readonly BarResource[]; incoming: PodOutcome | undefined }) {
  if (bars.length === 0) return null;
  const use = usageAt(node, pods, bars);
  return (
    <dl className="bars">
      {bars.map((resource) => {
        const { requested, allocatable, atThisStep } = use[resource]!;
        const share = allocatable > 0 ? requested / allocatable : 0;
        // the pod being scored: its request after the node's ("3+1 / 4"), hatched on the bar
        const adds = incoming === undefined || !atThisStep ? 0 : resource === 'pods' ? 1 : incoming.requests?.[resource] ?? 0;
        const addShare = allocatable > 0 ? adds / allocatable : 0;
        const text = `${formatQuantity(resource, requested)}${adds > 0 ? `+${formatQuantity(resource, adds)}` : ''} / ${formatQuantity(resource, allocatable)}`;
        return (
          <div key={resource} className="bar-row" data-testid="bar-row" data-resource={resource} data-requested={requested} data-adds={adds}
            title={`${resource}: ${formatQuantity(resource, requested)} requested of ${formatQuantity(resource, allocatable)} allocatable${adds > 0 ? `, plus ${formatQuantity(resource, adds)} the pod being scheduled requests` : ''}${atThisStep ? '' : ' (end of run)'}`}>
            {/* an extended resource by its name after the domain ("foo" for intel.com/foo): the row's title has it whole */}
            <dt>{resource.slice(resource.lastIndexOf('/') + 1)}</dt>
            <dd>
              <span className="bar">
                <span className={`bar-fill${share > 1 ? ' over' : ''}`} style={{ width: `${fraction(share)}%` }} />
                {adds > 0 && <span className={`bar-adds${share + addShare > 1 ? ' over' : ''}`} style={{ width: `${Math.max(0, fraction(share + addShare) - fraction(share))}%` }} />}
              </span>
              <span className="bar-text">{text}{atThisStep ? '' : '*'}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function NodeSpread({ spread, hideVerdict }: { spread: readonly DomainSpread[]; hideVerdict: boolean }) {
  return (
    <ul className="node-spread" aria-label="topology spread">
      {spread.map((d) => (
        <li
          key={d.topologyKey}
          className={!hideVerdict && d.violating && !d.placedHere ? 'violating' : undefined}
          data-testid="node-spread"
          data-topology-key={d.topologyKey}
          data-count={d.count}
          {...(hideVerdict ? {} : { 'data-violating': d.violating && !d.placedHere })}
        >
          {d.topologyKey}: <strong>{d.count}</strong> matching{d.placedHere ? ' (+1)' : ''}
          {!hideVerdict && !d.placedHere && <> · {skewVerdict(d)}</>}
        </li>
      ))}
    </ul>
  );
}

function placementClass(mark: PlacementMark | undefined): string {
  if (mark === undefined) return '';
  return ` in-placement${mark.chosen ? ' placement-chosen' : ''}${mark.feasible ? '' : ' placement-infeasible'}`;
}

function PlacementTag({ mark }: { mark: PlacementMark }) {
  return (
    <p className="placement-tag" data-testid="placement-tag" data-placement={mark.name} data-chosen={mark.chosen} data-feasible={mark.feasible}>
      {mark.chosen ? '★ ' : ''}placement {mark.name}{mark.score !== undefined ? ` · ${mark.score}` : ''}{mark.feasible ? '' : ' · ✗ does not hold the group'}
    </p>
  );
}

/** A reason wrapped on a narrow card breaks after a slash ("affinity/ selector") before it breaks a word; the text stays the reason. */
function BreakAfterSlash({ text }: { text: string }) {
  const parts = text.split('/');
  return <>{parts.map((part, i) => (i === 0 ? part : <span key={i}>/<wbr />{part}</span>))}</>;
}

function briefText(reason: string, chars: number | undefined): string {
  return chars === undefined ? reason : briefFilterReason(reason, chars);
}

export const NodeCard = memo(function NodeCard(props: NodeCardProps) {
  const {
    node, state, verdict, affinityDomains, ranked, ranking, tied, taints, taintHighlight, devices, reducedMotion, nominatedHere, pods, currentPod, showDetails, spread,
    hideVerdicts, revealIndex, travel, colourOf, onInspect, shortName, bars, briefReason, reasonChars, placement, nodeGroup, draining, claimsOf, eviction,
    pdbViolations, incoming, selectedLabels,
  } = props;
  const [allPods, setAllPods] = useState(false);
  // the pod being scheduled is always drawn
  const shownPods = allPods || pods.length <= CHIPS_SHOWN ? pods : [...pods.slice(0, CHIPS_SHOWN - 1), ...pods.slice(CHIPS_SHOWN - 1).filter((p) => p.pod === currentPod)];
  const label = STATE_LABEL[state];
  return (
    <article
      className={`node-card state-${state}${nominatedHere.length > 0 ? ' has-nominated' : ''}${placementClass(placement)}${draining !== undefined ? ' node-draining' : ''}`}
      data-testid="node-card"
      data-node={node.name}
      {...(nodeGroup !== undefined ? { 'data-node-group': nodeGroup } : {})}
      {...(draining !== undefined ? { 'data-draining': true } : {})}
      data-state={state}
      style={{ transitionDelay: `${Math.min(revealIndex, 20) * 40}ms` }}
      // focusable, and its state (with the reason or score shown) is its accessible name
      tabIndex={0}
      aria-label={`${node.name}: ${label.word}${verdict !== undefined ? `, ${verdict.plugin}: ${explainVerdict(verdict)}` : ''}${ranked !== undefined ? `, score ${ranked.total}` : ''}`}
    >
      <header className="node-head">
        <span className="node-name" title={node.name}>{shortName ?? node.name}</span>
        {node.unschedulable && <span className="node-flag" title="spec.unschedulable: cordoned">cordoned</span>}
        {nodeGroup !== undefined && <span className="node-flag node-group-flag" title={`cluster-autoscaler node group ${nodeGroup}`}>{nodeGroup}</span>}
        {draining !== undefined && (
          <span className="node-flag draining" data-testid="draining-flag" title={`cluster-autoscaler scale-down: tainted ToBeDeletedByClusterAutoscaler, its pods evicted; deleted at ${draining} s`}>
            draining
          </span>
        )}
        {nominatedHere.length > 0 && (
          <span className="node-flag nominated" data-testid="nominated-flag" title="status.nominatedNodeName of the pods waiting for this node">
            nominated
          </span>
        )}
        <span className="node-state"><span aria-hidden="true">{label.symbol}</span> {label.word}</span>
      </header>
      {pdbViolations !== undefined && (
        <p className="pdb-violation" data-testid="pdb-violation" data-node={node.name} data-count={pdbViolations}
          title="preemption's dry run: evicting this node's victims would violate this many PodDisruptionBudgets (the node with the fewest is picked first)">
          ⚠ {pdbViolations} PDB violation{pdbViolations === 1 ? '' : 's'}
        </p>
      )}
      {placement !== undefined && <PlacementTag mark={placement} />}
      {!showDetails && selectedLabels !== undefined && selectedLabels.length > 0 && (
        <ul className="selected-labels" data-testid="selected-labels" aria-label="labels the pod selects on">
          {selectedLabels.map((l) => {
            // the key's name without its prefix ("cpu-generation" of example.com/cpu-generation), in full in the title
            const name = l.key.slice(l.key.lastIndexOf('/') + 1);
            return (
              <li key={l.key} className={l.value === undefined ? 'absent' : undefined} title={l.value === undefined ? `no label ${l.key}` : `${l.key}=${l.value}`}>
                {l.value === undefined ? `no ${name}` : `${name}=${l.value}`}
              </li>
            );
          })}
        </ul>
      )}
      {verdict !== undefined && (
        <p className="filter-reason" data-testid="filter-reason" data-node={node.name} data-plugin={verdict.plugin} title={`${verdict.plugin}: ${explainVerdict(verdict)}`}>
          {briefReason
            ? <><strong className="reason-plugin">{breakable(verdict.plugin)}</strong> <span className="reason-text"><BreakAfterSlash text={briefText(verdict.reasons?.join(', ') || verdict.code, reasonChars)} /></span></>
            : <><strong>{verdict.plugin}</strong>: {explainVerdict(verdict)}</>}
        </p>
      )}
      {affinityDomains.length > 0 && <p className="domain-tags"><DomainTags kinds={affinityDomains} /></p>}
      {spread !== undefined && spread.length > 0 && <NodeSpread spread={spread} hideVerdict={hideVerdicts} />}
      {taints !== undefined && <TaintMarks marks={taints} highlight={taintHighlight} hideVerdict={hideVerdicts} />}
      {devices !== undefined && <DeviceSquares marks={devices} hideVerdict={hideVerdicts} />}
      {ranked !== undefined && ranking !== undefined && <ScoreBar ranked={ranked} ranking={ranking} tied={tied} reducedMotion={reducedMotion} />}
      <ResourceBars node={node} pods={pods} bars={bars} incoming={incoming} />
      {eviction !== undefined && <EvictionOrder eviction={eviction} />}
      {showDetails && (
        <div className="node-details">
          <ul className="labels" aria-label="labels">
            {Object.entries(node.labels).map(([k, v]) => <li key={k}>{k}={v}</li>)}
          </ul>
          {taints === undefined && node.taints.length > 0 && (
            <ul className="taints" aria-label="taints">
              {node.taints.map((t, i) => <li key={i}>{t.key}{t.value ? `=${t.value}` : ''}:{t.effect}</li>)}
            </ul>
          )}
          {node.declaredFeatures !== undefined && (
            <ul className="declared-features" aria-label="declared features" title="status.declaredFeatures: the features this node's kubelet declares">
              <li className="caption">declares</li>
              {node.declaredFeatures.map((f) => <li key={f}>{f}</li>)}
            </ul>
          )}
        </div>
      )}
      <div className="node-pods">
        {shownPods.map((p) => (
          <PodChip key={p.pod} pod={p} colour={colourOf(p.outcome)} current={p.pod === currentPod} travel={travel} onInspect={onInspect} claims={claimsOf?.(p.outcome)} />
        ))}
        {pods.length > shownPods.length && (
          <button type="button" className="more-chip" data-testid="more-pods" title={`${pods.length - shownPods.length} more pods on ${node.name}`} onClick={() => setAllPods(true)}>
            +{pods.length - shownPods.length}
          </button>
        )}
        {allPods && pods.length > CHIPS_SHOWN && <button type="button" className="more-chip" onClick={() => setAllPods(false)}>fewer</button>}
        {nominatedHere.map((p) => (
          <span key={p} className="nominated-chip" data-testid="nominated-pod" data-pod={p} title={`${p} is nominated to this node`}>
            ⇢ {p.split('/')[1]}
          </span>
        ))}
      </div>
    </article>
  );
});
