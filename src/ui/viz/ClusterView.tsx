// The cluster at the current step: topology domains as lanes (zone by default, any node label on
// request), nodes as cards, pods as chips, and the pending queue in priority order. Large clusters
// draw nodes as small tiles so the page stays responsive.

import { group } from 'd3';
import { memo, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { groupDecidesAt, type AutoscalerOutcome, type NodeOutcome, type PodOutcome, type SimulationResult, type VolumeChange } from '../../engine/api';
import { nodeGroupMembers, nodeGroupsAt, nodeStageState, nodesOverRun, type NodeGroupAt } from '../../engine/readers';
import { lessonById } from '../../lessons/lazy';
import { useLessonProgress, usePodplay } from '../../store/hooks';
import {
  defaultTopologyKey, filterVerdict, pendingQueue, podsAtEnd, preFilterExclusion, preFilterRejection, reached, shownNodeState, withoutPlacement, ZONE_KEYS,
  type NodeState, type PodView,
} from '../../store/selectors';
import type { StageHidden } from '../../store/types';
import { shortNodeNames } from '../format';
import { podPalette, type PodPalette } from '../palette';
import { RunStatus, useRunState } from '../components/RunStatus';
import { useStep, useStale, type StepView } from '../useStep';
import { selectedLabelKeys, selectedLabels } from './selectedLabels';
import { clusterSize } from './clusterSize';
import { affinityRelations, AFFINITY_KINDS, domainKinds, type AffinityKind, type AffinityRelation } from './affinity';
import { AffinityLegend, AffinityLines, DomainTags } from './AffinityLines';
import { allowedCount, LaneSpread } from './LaneSpread';
import { NodeCard, STATE_LABEL } from './NodeCard';
import { CountdownContext, GraceContext, PodChip, QosShownContext } from './PodChip';
import { countdownsAt, evictionsAt, graceLeft, hiddenCountdowns, qosShown } from './evictions';
import { ScoreLegend } from './ScoreBar';
import { scoreRanking, type RankedNode, type ScoreRanking } from './scoreRanking';
import { spreadOnStage, stageSpreadConstraints, type SpreadOnStage } from './spread';
import { taintMarks } from './taints';
import { deviceMarks } from './devices';
import { slideReordered } from './motion';
import { TileGrid } from './TileGrid';
import { VersionScoresPanel } from './VersionScores';
import { LaneVolumes } from './LaneVolumes';
import { claimMarks, laneVolumes, stageVolumes, type ClaimMark } from './volumes';
import { PodGroupBar } from './PodGroupBar';
import { PdbBudgets, PdbCoverContext } from './PdbBudgets';
import { StageEvents } from './StageEvents';
import { stageEvents } from './stageEvents';
import { NO_PDBS, stagePdbs } from './pdbs';
import { placementMarks } from '../../store/podGroup';
import { BAR_RESOURCES, barsOnStage, extendedResources, type BarResource } from './usage';
import './stage.css';

/** Above this many nodes, nodes are tiles without bars and pods. */
export const COMPACT_ABOVE = 48;
/** Tiles added per frame when a big cluster first appears: a thousand at once is one long frame. */
const TILES_PER_FRAME = 125;
const QUEUE_SHOWN = 40;
const NO_DOMAIN = '(no label)';

/** How many tiles to draw: all of them, reached a batch per animation frame after a new node list. */
function useGrowingLimit(total: number, key: unknown, first: number): number {
  const [shown, setShown] = useState<{ key: unknown; limit: number }>({ key, limit: first });
  const limit = shown.key === key ? shown.limit : first;
  useEffect(() => {
    if (limit >= total) return;
    const frame = requestAnimationFrame(() => setShown({ key, limit: limit + TILES_PER_FRAME }));
    return () => cancelAnimationFrame(frame);
  }, [limit, total, key]);
  return Math.min(limit, total);
}

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
      {/* '' is "one lane"; undefined (the default) picks a zone label */}
      <select value={value ?? ''} onChange={(e) => setTopologyKey(e.target.value)}>
        <option value="">(one lane)</option>
        {keys.map((k) => <option key={k} value={k}>{k}</option>)}
      </select>
    </label>
  );
}

/**
 * The FailedScheduling message: Filter's part ("0/4 nodes are available: …."), then PostFilter's
 * (upstream FitError.Error appends it after a space), which presenter mode keeps for screen readers
 * only — the narration tells preemption, and the cards keep their room.
 */
function FailedScheduling({ pod, message }: { pod: string; message: string }) {
  const cut = message.indexOf('. ');
  return (
    <p className="failed-scheduling" data-testid="failed-scheduling" data-pod={pod}>
      <strong>FailedScheduling</strong> {cut < 0 ? message : <>{message.slice(0, cut + 1)}<span className="failed-postfilter"> {message.slice(cut + 2)}</span></>}
    </p>
  );
}

function PendingLane({ queue, currentPod, failure, colourOf, travel, onInspect, claimsOf }: {
  queue: PodView[]; currentPod: string; colourOf(pod: PodOutcome): string; travel: boolean; onInspect(pod: string): void;
  /** the FailedScheduling message that ends the cycle on screen, drawn beside its pod */
  failure: string | undefined;
  claimsOf: ((pod: PodOutcome) => readonly ClaimMark[] | undefined) | undefined;
}) {
  const shown = queue.slice(0, QUEUE_SHOWN);
  return (
    <section className={`lane pending-lane${queue.length === 0 ? ' is-empty' : ''}`} data-testid="pending-queue" aria-label="Pending pods, in the order they are tried">
      <h3 className="lane-title">Pending <span className="lane-count">{queue.length}</span></h3>
      <div className="pending-pods">
        {shown.map((p) => (
          <div key={p.pod} className="pending-entry">
            <PodChip pod={p} colour={colourOf(p.outcome)} current={p.pod === currentPod} travel={travel} onInspect={onInspect} claims={claimsOf?.(p.outcome)} />
            {p.location === 'scheduling' && (failure !== undefined && p.pod === currentPod
              ? <FailedScheduling pod={p.pod} message={failure} />
              : <span className="queue-mark">being scheduled</span>)}
            {p.location === 'gated' && <span className="queue-mark mark-gated">gated</span>}
            {p.location === 'backoffQ' && <span className="queue-mark mark-backoff">backoff{p.backoffUntil !== undefined ? ` until t=${p.backoffUntil}s` : ''}</span>}
            {p.location === 'unschedulablePods' && <span className="queue-mark">unschedulable</span>}
            {p.nominated !== undefined && <span className="queue-mark">⇢ {p.nominated}</span>}
          </div>
        ))}
        {queue.length > shown.length && <p className="more">and {queue.length - shown.length} more</p>}
        {queue.length === 0 && <p className="empty">none</p>}
      </div>
    </section>
  );
}

interface LanesProps {
  view: StepView | undefined;
  /** the pods to draw when there is no step (a run without scheduling cycles) */
  endPods: PodView[];
  lanes: [string, NodeOutcome[]][];
  topologyKey: string | undefined;
  compact: boolean;
  showNodeDetails: boolean;
  travel: boolean;
  reducedMotion: boolean;
  hidden: StageHidden;
  /** the Score ranking, when scores are on screen */
  ranking: ScoreRanking | undefined;
  relations: readonly AffinityRelation[];
  bars: readonly BarResource[];
  /** presenter mode: a projector's cards, with less on them */
  presenter: boolean;
  /** the node autoscaler's groups and decisions (a band of group sizes; each card's group) */
  autoscaler: AutoscalerOutcome | undefined;
  /** the run's claims and volumes along it */
  volumeHistory: readonly VolumeChange[] | undefined;
  kubeletEvictions: SimulationResult['kubeletEvictions'];
  /** per device, the attributes the claims read ("pcieRoot=pci-0") */
  deviceAttributes: ReadonlyMap<string, readonly string[]>;
  colourOf(pod: PodOutcome): string;
  onInspect(pod: string): void;
}

/** Each node group's size at the step against its bounds (cluster-autoscaler's --nodes=min:max:group). */
function NodeGroupsBand({ groups }: { groups: readonly NodeGroupAt[] }) {
  return (
    <ul className="node-groups" data-testid="node-groups" aria-label="Node groups (cluster-autoscaler)">
      {groups.map((g) => (
        <li key={g.name} className="node-group" data-testid="node-group" data-group={g.name} data-size={g.size} data-provisioning={g.provisioning} data-draining={g.draining}>
          <strong>{g.name}</strong> {g.size} of {g.minSize}–{g.maxSize}
          {g.provisioning > 0 && <span className="node-group-note provisioning"> · {g.provisioning} provisioning</span>}
          {g.draining > 0 && <span className="node-group-note draining"> · {g.draining} draining</span>}
        </li>
      ))}
    </ul>
  );
}

/** Spread numbers for the step on screen; the pod counts in its domain once it is bound (unless placement is hidden). */
function stageSpread(view: StepView | undefined, topologyKey: string | undefined, nodes: readonly NodeOutcome[], hidden: StageHidden): SpreadOnStage | undefined {
  const trace = view?.step.frame?.trace;
  if (view === undefined || trace === undefined) return undefined;
  const constraints = stageSpreadConstraints(trace, view.step.phase);
  if (constraints.length === 0) return undefined;
  const bound = !hidden.placement && view.step.phase === 'Bind' && trace.result === 'Scheduled' ? trace.selected : undefined;
  return spreadOnStage(constraints, topologyKey, nodes, bound);
}

const NO_RELATIONS: AffinityRelation[] = [];
const NO_KINDS: AffinityKind[] = [];
const NO_BARS: BarResource[] = [];


/** What the stage draws beside the lanes for the step on screen: the Score ranking and the affinity relations. */
function useStageOverlays(view: StepView | undefined, compact: boolean, hidden: StageHidden) {
  const trace = view?.step.frame?.trace;
  const scoresShown = !hidden.scores && view !== undefined && reached(view.step, 'Score');
  const ranking = useMemo(() => (scoresShown && !compact && trace !== undefined ? scoreRanking(trace) : undefined), [scoresShown, compact, trace]);
  // required terms decide Filter: the lines belong to PreFilter, Filter and PostFilter
  const phase = view?.step.phase;
  const filtering = phase === 'PreFilter' || phase === 'Filter' || phase === 'PostFilter';
  const relations = useMemo(() => (compact || !filtering || trace === undefined ? NO_RELATIONS : affinityRelations(trace)), [compact, filtering, trace]);
  return { ranking, relations };
}

/** At Score, a lane's scored nodes by rank (unscored ones after, in lane order). */
function rankedOrder(laneNodes: NodeOutcome[], rankedByNode: ReadonlyMap<string, RankedNode>): NodeOutcome[] {
  const position = (n: NodeOutcome) => {
    const ranked = rankedByNode.get(n.name);
    return ranked === undefined ? Infinity : [...rankedByNode.keys()].indexOf(n.name);
  };
  return [...laneNodes].sort((a, b) => position(a) - position(b));
}

/** A lane's node cards; when their order changes (ranked at Score, back after) they slide to their places. */
function RankedNodes({ order, reducedMotion, children }: { order: NodeOutcome[] | undefined; reducedMotion: boolean; children: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  const positions = useRef(new Map<string, { x: number; y: number }>());
  const lastKey = useRef('');
  const key = order?.map((n) => n.name).join('\u0000') ?? '';
  // measured after every render (cheap for the few cards of a small cluster), slid only when the order changed
  useLayoutEffect(() => {
    if (container.current !== null) positions.current = slideReordered(container.current, positions.current, key !== lastKey.current && !reducedMotion);
    lastKey.current = key;
  });
  return <div ref={container} className="lane-nodes">{children}</div>;
}

/** A node a timeline step adds later: where it will be, not yet a node. */
function NodeGhost({ node, joinsAt, provisionedBy, provisioning }: { node: string; joinsAt: number; provisionedBy?: NodeOutcome['provisionedBy']; provisioning: boolean }) {
  return (
    <div className={`node-ghost${provisioning ? ' node-provisioning' : ''}`} data-testid="node-ghost" data-node={node} data-joins-at={joinsAt} {...(provisioning && provisionedBy ? { 'data-provisioning': provisionedBy.group } : {})}>
      <span className="node-name">{node}</span> {provisioning && provisionedBy ? `provisioning (cluster-autoscaler, node group ${provisionedBy.group}), joins at ${joinsAt} s` : `joins at ${joinsAt} s`}
    </div>
  );
}

/** The lanes: the costly part of the page, drawn from a deferred step so React can slice the work. */
const Lanes = memo(function Lanes(props: LanesProps) {
  const { view, endPods, lanes, topologyKey, compact, showNodeDetails, travel, reducedMotion, hidden, ranking, relations, bars, presenter, autoscaler, volumeHistory, kubeletEvictions, deviceAttributes, colourOf, onInspect } = props;
  const groupOf = useMemo(() => (autoscaler === undefined ? undefined : nodeGroupMembers(autoscaler)), [autoscaler]);
  const trace = view?.step.frame?.trace;
  const phase = view?.step.phase;
  const currentPod = view?.step.summary.pod ?? '';
  const shortNames = useMemo(() => shortNodeNames(lanes.flatMap(([, laneNodes]) => laneNodes.map((n) => n.name))), [lanes]);
  const nodeCount = lanes.reduce((n, [, laneNodes]) => n + laneNodes.length, 0);
  const reasonChars = presenter && nodeCount > FEW_NODES ? MANY_NODES_REASON_CHARS : undefined;
  const pods = view === undefined ? endPods : hidden.placement && trace !== undefined ? withoutPlacement(view.pods, trace) : view.pods;
  const podsByNode = group(pods.filter((p) => p.node !== undefined), (p) => p.node!);
  const nominatedByNode = group(pods.filter((p) => p.nominated !== undefined && p.node === undefined), (p) => p.nominated!);
  const queue = pendingQueue(pods);
  const showVerdicts = !hidden.feasibility && view !== undefined && trace !== undefined && (phase !== 'PreFilter' || preFilterRejection(trace) !== undefined || trace.preFilterExcluded !== undefined);
  const scoresShown = ranking !== undefined;
  const evaluationOrder = new Map((trace?.nodesEvaluated ?? []).map((n, i) => [n, i]));
  const total = lanes.reduce((sum, [, laneNodes]) => sum + laneNodes.length, 0);
  const limit = useGrowingLimit(total, lanes, compact ? TILES_PER_FRAME : total);
  // the first `limit` nodes in lane order are drawn
  const laneStart = lanes.map((_, i) => lanes.slice(0, i).reduce((sum, [, laneNodes]) => sum + laneNodes.length, 0));
  const stateOf = (node: string) => shownNodeState(view?.nodeStates.get(node) ?? 'idle', hidden);
  const verdictOf = (node: string, state: NodeState) => (showVerdicts && state === 'filtered' && trace !== undefined
    ? (filterVerdict(trace, node) ?? preFilterExclusion(trace, node) ?? preFilterRejection(trace)) : undefined);

  const rankedByNode = new Map(ranking?.nodes.map((n) => [n.node, n]));
  // while the nodes are scored, their bars add the pod's requests: what Score weighs (NodeResourcesFit,
  // BalancedAllocation: the node's requested plus the pod's, upstream noderesources/resource_allocation.go)
  const incoming = ranking === undefined ? undefined : pods.find((p) => p.pod === currentPod)?.outcome;
  // the labels the pod being scheduled selects on, on every card (a projector and a phone show no YAML)
  const selectorKeys = selectedLabelKeys(pods.find((p) => p.pod === currentPod)?.outcome);
  // up to Filter, where NodeAffinity reads them, and not on a card another plugin filtered: from
  // Score on the cards keep their room for the scores (a projector's stage must fit at 24 px)
  const labelsShown = (node: string, state: NodeState) => {
    if (selectorKeys.length === 0 || (phase !== 'PreFilter' && phase !== 'Filter')) return false;
    const verdict = verdictOf(node, state);
    return verdict === undefined || verdict.plugin === 'NodeAffinity';
  };
  // nodes a timeline step adds later are drawn as ghosts until they join
  const time = view?.time;
  // without a step (a run with no cycle) the stage is the end of the run
  const stageState = (node: NodeOutcome) => nodeStageState(node, time ?? Infinity);
  const joinsLater = (node: NodeOutcome) => { const state = stageState(node); return state === 'later' || state === 'provisioning'; };
  const removed = (node: NodeOutcome) => stageState(node) === 'removed';
  const evictions = evictionsAt(kubeletEvictions, time ?? Infinity);
  const spread = compact ? undefined : stageSpread(view, topologyKey, lanes.flatMap(([, n]) => n.filter((node) => !removed(node))), hidden);
  const laneConstraint = spread?.laneConstraint;
  // an open question about the placement keeps PlacementScore's verdicts and scores off the nodes
  const placements = trace === undefined || phase === undefined ? undefined
    : placementMarks(trace, phase === 'PlacementScore' && (hidden.placement || hidden.scores) ? 'PlacementGenerate' : phase);
  // skew and toleration verdicts are Filter's: from Filter on, unless an open question hides them
  const hideVerdicts = hidden.feasibility || phase === 'PreFilter';
  // volumes: this cycle's PreBind is drawn with its Bind, unless an open question hides the placement
  const volumes = compact || trace === undefined ? undefined : stageVolumes(volumeHistory, trace, !hidden.placement && phase === 'Bind' && trace.result === 'Scheduled');
  const claimsOf = volumes === undefined ? undefined : (pod: PodOutcome) => claimMarks(pod, volumes);
  // preemption's dry runs: the PodDisruptionBudgets a candidate's victims would violate, drawn on
  // the candidate at PostFilter (the fewest comes first in pickOneNodeForPreemption), unless an
  // open question hides the nomination
  const pdbViolations = hidden.placement || phase !== 'PostFilter' ? undefined
    : new Map((trace?.postFilter?.candidates ?? []).filter((c) => c.pdbViolations > 0).map((c) => [c.node, c.pdbViolations]));
  // the event that ends a failed cycle (upstream schedule_one.go handleSchedulingFailure), with the
  // numbers kubectl describe shows ("0/4 nodes are available: …"), at its last step: unless an open
  // question hides the verdicts or the events, or the lesson tells the end at its next point
  // a pod-group member tried before the group's last attempt: its FailedScheduling (the group's, or
  // its own FitError) is written at the cycle that decides the group (engine/api.ts groupDecidesAt)
  const undecided = trace !== undefined && groupDecidesAt(trace) !== undefined;
  const failure = view === undefined || trace === undefined || !view.isLastStep || trace.result === 'Scheduled' || undecided
    || hidden.placement || hidden.feasibility || hidden.events || hidden.cycleEnd ? undefined : trace.message;
  const spreadScale = laneConstraint === undefined ? 1
    : Math.max(...[...spread!.lanes.values()].map((d) => Math.max(d.count, allowedCount(d, laneConstraint.selfMatch) + 1)));
  return (
    <div className="lanes">
      {relations.length > 0 && <AffinityLines relations={relations} incoming={currentPod} laneKey={topologyKey} reducedMotion={reducedMotion} />}
      <PodGroupBar view={view} />
      {autoscaler !== undefined && <NodeGroupsBand groups={nodeGroupsAt(autoscaler, lanes.flatMap(([, n]) => n), time ?? Infinity)} />}
      <PendingLane queue={queue} currentPod={currentPod} failure={failure} colourOf={colourOf} travel={travel} onInspect={onInspect} claimsOf={claimsOf} />
      {lanes.map(([domain, laneNodes], laneIndex) => {
        const laneSpread = spread?.lanes.get(domain);
        const present = laneNodes.filter((n) => !joinsLater(n) && !removed(n)).length;
        const violating = !hideVerdicts && laneSpread?.violating === true && !laneSpread.placedHere;
        return (
        <section
          key={domain}
          className={`lane${topologyKey ? '' : ' lane-all'}${violating ? ' lane-violating' : ''}${present === 0 && laneNodes.length > 0 ? ' lane-ghost' : ''}`}
          data-testid="zone"
          data-zone={domain}
          {...(laneSpread === undefined ? {} : { 'data-matching': laneSpread.count, ...(hideVerdicts ? {} : { 'data-violating': violating }) })}
          aria-label={topologyKey ? `${topologyKey}=${domain}` : 'All nodes'}
        >
          <h3 className="lane-title">
            {topologyKey ? domain : 'All nodes'} <span className="lane-count">{present} {present === 1 ? 'node' : 'nodes'}</span>
            {topologyKey !== undefined && <DomainTags kinds={domainKinds(relations, { [topologyKey]: domain })} />}
          </h3>
          {laneSpread !== undefined && laneConstraint !== undefined && (
            <LaneSpread spread={laneSpread} scaleMax={spreadScale} selfMatch={laneConstraint.selfMatch} hideVerdict={hideVerdicts || (laneSpread.soft && hidden.scores)} reducedMotion={reducedMotion} />
          )}
          {laneSpread === undefined && laneConstraint !== undefined && present > 0 && <p className="lane-spread uncounted">not counted</p>}
          {volumes !== undefined && <LaneVolumes marks={laneVolumes(volumes, laneNodes.filter((n) => !joinsLater(n) && !removed(n)))} />}
          {compact ? (
            <TileGrid tiles={laneNodes.slice(0, Math.max(0, limit - laneStart[laneIndex]!)).filter((node) => !joinsLater(node) && !removed(node)).map((node) => {
              const state = stateOf(node.name);
              return { name: node.name, state, plugin: verdictOf(node.name, state)?.plugin };
            })} />
          ) : (
          <RankedNodes order={ranking === undefined ? undefined : rankedOrder(laneNodes, rankedByNode)} reducedMotion={reducedMotion}>
            {(ranking === undefined ? laneNodes : rankedOrder(laneNodes, rankedByNode)).map((node) => {
              // a node the autoscaler has not asked for yet is not drawn: no future on the stage
              if (removed(node) || (stageState(node) === 'later' && node.provisionedBy !== undefined)) return null;
              if (joinsLater(node)) return <NodeGhost key={node.name} node={node.name} joinsAt={node.createdAt!} provisionedBy={node.provisionedBy} provisioning={stageState(node) === 'provisioning'} />;
              const state = stateOf(node.name);
              return (
                <NodeCard
                  key={node.name}
                  node={node}
                  shortName={shortNames.get(node.name)}
                  state={state}
                  verdict={verdictOf(node.name, state)}
                  ranked={rankedByNode.get(node.name)}
                  ranking={ranking}
                  tied={scoresShown && (trace?.tiedNodes?.includes(node.name) ?? false)}
                  taints={trace === undefined ? undefined : taintMarks(trace, node.name)}
                  taintHighlight={phase === 'Filter'}
                  devices={deviceMarks(node, podsByNode.get(node.name) ?? [], trace, currentPod, time ?? 0, deviceAttributes)}
                  reducedMotion={reducedMotion}
                  nominatedHere={(nominatedByNode.get(node.name) ?? []).map((p) => p.pod)}
                  pods={podsByNode.get(node.name) ?? []}
                  currentPod={currentPod}
                  incoming={rankedByNode.has(node.name) && !(podsByNode.get(node.name) ?? []).some((p) => p.pod === currentPod) ? incoming : undefined}
                  showDetails={showNodeDetails}
                  selectedLabels={labelsShown(node.name, state) ? selectedLabels(node, selectorKeys, topologyKey) : undefined}
                  spread={spread?.nodes.get(node.name)}
                  affinityDomains={relations.length === 0 ? NO_KINDS : domainKinds(relations.filter((r) => r.topologyKey !== topologyKey), node.labels)}
                  hideVerdicts={hideVerdicts}
                  revealIndex={phase === 'Filter' ? (evaluationOrder.get(node.name) ?? 0) : 0}
                  travel={travel}
                  bars={bars}
                  briefReason={presenter}
                  reasonChars={reasonChars}
                  placement={placements?.get(node.name)}
                  nodeGroup={groupOf?.get(node.name)}
                  draining={stageState(node) === 'draining' ? node.deletedAt : undefined}
                  claimsOf={claimsOf}
                  eviction={evictions.get(node.name)}
                  pdbViolations={pdbViolations?.get(node.name)}
                  colourOf={colourOf}
                  onInspect={onInspect}
                />
              );
            })}
          </RankedNodes>
          )}
        </section>
        );
      })}
    </div>
  );
});

/** Which colour is which workload or app. */
/**
 * The counts a lesson's text quotes ("6 nodes in 3 zones"), at the end of the key row: drawn only
 * where the row has room left beside another key, never on a row of its own (a projector's stage
 * would shrink under 24 px for it). Hidden, it is not on the stage: display none, not clipped.
 */
function StageSize({ size }: { size: string }) {
  const item = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const e = item.current;
    if (e === null) return;
    e.hidden = false;
    const before = e.previousElementSibling;
    // on a line of its own when it starts below the key before it (the row centres items of unequal heights)
    e.hidden = before === null || e.getBoundingClientRect().top >= before.getBoundingClientRect().bottom - 1;
  });
  return <span ref={item} className="stage-size" data-testid="stage-size">{size}</span>;
}

function PodLegend({ palette }: { palette: PodPalette }) {
  if (palette.legend.length === 0) return null;
  return (
    <ul className="pod-legend" data-testid="pod-legend" aria-label="Pod colours">
      {palette.legend.map((e) => (
        <li key={e.group} data-group={e.group} data-colour={e.colour}>
          <span className="swatch" style={{ background: e.colour }} aria-hidden="true" /> {e.group}
        </li>
      ))}
      {palette.more > 0 && <li>and {palette.more} more</li>}
    </ul>
  );
}

/** The spread constraint drawn on the lanes, in words: what the lane bars are measured against. */
function SpreadSummary({ view, topologyKey }: { view: StepView | undefined; topologyKey: string | undefined }) {
  const trace = view?.step.frame?.trace;
  const constraint = trace === undefined || topologyKey === undefined ? undefined : stageSpreadConstraints(trace, view!.step.phase).find((c) => c.topologyKey === topologyKey);
  if (constraint === undefined) return null;
  const soft = constraint.whenUnsatisfiable === 'ScheduleAnyway';
  return (
    <span className="spread-summary" data-testid="spread-summary" data-min={constraint.minMatch} data-max-skew={constraint.maxSkew} data-when-unsatisfiable={constraint.whenUnsatisfiable}>
      {soft ? 'scored by ' : 'spread by '}{constraint.topologyKey}{soft ? ' (ScheduleAnyway)' : ''}: maxSkew <strong>{constraint.maxSkew}</strong>, {soft ? 'fewest' : 'global min'} <strong>{constraint.minMatch}</strong>
      {constraint.minDomains > 1 ? `, minDomains ${constraint.minDomains}` : ''}
    </span>
  );
}

/** up to this many nodes the cards have room for a Filter reason's whole sentence on a projector */
const FEW_NODES = 4;
/**
 * On more cards than that (presenter mode), a Filter reason in this many characters at most, cut at
 * a word (format.ts briefFilterReason: "pod anti-affinity rules"), about two lines of a card; a
 * two-line clamp cut anti-affinity-zones' "node(s) didn't mat…" mid-word.
 */
const MANY_NODES_REASON_CHARS = 34;
/** a dump this large is not read again for device attributes (its cards draw no devices anyway) */
const ATTRIBUTE_TEXT_MAX = 500_000;
const NO_ATTRIBUTES: ReadonlyMap<string, readonly string[]> = new Map();
const NO_GRACE: ReadonlyMap<string, number> = new Map();

/**
 * The attributes of `text`'s devices (./deviceAttributes.ts), read in a chunk of their own: it
 * brings the `yaml` parser, which a lesson link does not wait for (bench/browser/lessonFirstLoad.spec.ts).
 * The devices are drawn at once; their attributes a moment later, when that chunk has arrived.
 */
function useDeviceAttributes(text: string | undefined): ReadonlyMap<string, readonly string[]> {
  const [read, setRead] = useState<{ text: string; attributes: ReadonlyMap<string, readonly string[]> }>();
  useEffect(() => {
    if (text === undefined) return undefined;
    let current = true;
    void import('./deviceAttributes').then(({ deviceAttributes }) => {
      if (current) setRead({ text, attributes: deviceAttributes(text) });
    });
    return () => {
      current = false;
    };
  }, [text]);
  return text !== undefined && read?.text === text ? read.attributes : NO_ATTRIBUTES;
}

export function ClusterView() {
  const view = useDeferredValue(useStep());
  const stale = useStale();
  const runState = useRunState();
  const topologyKeySetting = usePodplay((s) => s.topologyKey);
  const showNodeDetails = usePodplay((s) => s.showNodeDetails);
  const reducedMotion = usePodplay((s) => s.reducedMotion);
  const hidden = usePodplay((s) => s.stageHidden);
  const selectPod = usePodplay((s) => s.selectPod);
  const toggleNodeDetails = usePodplay((s) => s.toggleNodeDetails);
  const run = usePodplay((s) => s.run);
  const presenter = usePodplay((s) => s.presenter);

  const summary = run?.summary;
  // the nodes scale-down deletes are drawn until they go
  const nodes = useMemo(() => (summary === undefined ? [] : nodesOverRun(summary)), [summary]);
  const keys = useMemo(() => labelKeys(nodes), [nodes]);
  // the pods drawn are the deferred step's: colour them from the same run
  const paletteRun = view?.run ?? run;
  const palettePods = paletteRun?.summary.pods;
  const palette = useMemo(() => podPalette(palettePods ?? []), [palettePods]);
  const endPods = useMemo(() => (run !== undefined && run.complete && run.cycles.length === 0 ? podsAtEnd(run.summary.pods) : []), [run]);
  const topologyKey = topologyKeySetting === undefined ? defaultTopologyKey(nodes) : topologyKeySetting || undefined;
  const lanes = useMemo(
    () => [...group(nodes, (n) => (topologyKey === undefined ? '' : (n.labels[topologyKey] ?? NO_DOMAIN)))],
    [nodes, topologyKey],
  );
  const compact = nodes.length > COMPACT_ABOVE;
  // on a projector: the bars a lesson about requests asks for, or (no lesson) those the pods request
  const lessonBars = usePodplay((s) => (s.lessonId === undefined ? undefined : lessonById(s.lessonId)?.resourceBars === true));
  const bars = useMemo(
    () => (!presenter ? [...BAR_RESOURCES, ...extendedResources(run?.summary.pods ?? [])] : lessonBars === false ? NO_BARS : barsOnStage(nodes, run?.summary.pods ?? [])),
    [presenter, lessonBars, nodes, run?.summary.pods],
  );
  const { ranking, relations } = useStageOverlays(view, compact, hidden);
  // the device attributes the claims read (a PCIe root a matchAttribute groups by), from the run's own text;
  // not for a big cluster, whose cards draw no devices
  const runText = run?.text;
  const hasDevices = nodes.some((n) => (n.devices?.length ?? 0) > 0);
  const attributes = useDeviceAttributes(compact || !hasDevices || runText === undefined || runText.length > ATTRIBUTE_TEXT_MAX ? undefined : runText);

  // a leaving pod's grace period, counted down to its deletion (unless an open question hides what comes later);
  // one map per step, so the chips that read it re-render only when the step moves
  const hideLater = hidden.events || hidden.placement;
  const grace = useMemo(() => (view === undefined ? NO_GRACE : graceLeft(view.pods, view.time, hidden.grace)), [view, hidden.grace]);
  // the PodDisruptionBudgets as the disruption controller had them (this cycle's binding once its end is drawn and not hidden)
  const pdbHistory = run?.summary.pdbHistory;
  const cycleEnded = view !== undefined && view.isLastStep && !hidden.placement;
  // a lesson's events since its previous point, unless an open question hides what happens or where
  const since = useLessonProgress()?.progress.since;
  const events = useMemo(() => (compact || hideLater ? [] : stageEvents(since, presenter)), [compact, hideLater, since, presenter]);
  const pdbs = useMemo(() => (compact || pdbHistory === undefined ? NO_PDBS : view === undefined ? stagePdbs(pdbHistory, Infinity, Infinity, true)
    : stagePdbs(pdbHistory, view.step.summary.cycle, view.time, cycleEnded)), [compact, pdbHistory, view, cycleEnded]);

  if (run === undefined) {
    return (
      <section className="cluster" data-testid="cluster-view" aria-label="Cluster">
        <p className="empty">{runState === 'idle' ? 'No simulation yet.' : <RunStatus />}</p>
      </section>
    );
  }
  const requestsKnown = run.summary.pods.every((p) => p.requests !== undefined);
  const showQos = qosShown(run.summary.pods, run.summary.kubeletEvictions);
  // a countdown tells when its pod goes: while a question asks when, the wait is drawn without its end
  const countdowns = hiddenCountdowns(countdownsAt(run.summary.taintEvictionCountdowns, view?.time ?? Infinity), hidden.events);
  return (
    <section className={`cluster${stale !== 'current' ? ' stale' : ''}${compact ? ' compact' : ''}${nodes.length <= FEW_NODES ? ' few-nodes' : ''}`} data-testid="cluster-view" aria-label="Cluster">
      <div className="cluster-head">
        <TopologyPicker keys={keys} value={topologyKey} />
        {!compact && (
          <button type="button" className="button small" aria-pressed={showNodeDetails} onClick={toggleNodeDetails} title="Show labels and taints (l)">
            Labels &amp; taints
          </button>
        )}
        {!compact && <SpreadSummary view={view} topologyKey={topologyKey} />}
        {/* a run where time passes (a timeline, evictions) has a clock on the stage: the simulated second of the step;
            in presenter mode only where a countdown runs against it (its row would shrink every other stage's type) */}
        {run.summary.endTime > 0 && view !== undefined && (!presenter || (run.summary.taintEvictionCountdowns?.length ?? 0) > 0) && (
          <span className="stage-clock" data-testid="stage-clock" data-time={view.time} title="simulated time of the step on screen">clock t = {view.time} s</span>
        )}
        <ul className="legend" aria-label="Node states">
          {Object.entries(STATE_LABEL).map(([state, l]) => (
            <li key={state} className={`legend-item state-${state}`}><span aria-hidden="true">{l.symbol}</span> {l.word}</li>
          ))}
        </ul>
        {!compact && !requestsKnown && <span className="usage-note" title="The result does not list each pod's requests, so cpu and memory show the end of the run">* cpu, memory: end of run</span>}
        {stale === 'invalid' && <span className="stale-badge" role="status">stale: the scenario has errors</span>}
        {stale === 'updating' && <RunStatus className="stale-badge updating" />}
      </div>
      {!compact && (
        <div className="stage-legends">
          <PodLegend palette={palette} />
          {ranking !== undefined && <ScoreLegend ranking={ranking} />}
          {relations.length > 0 && <AffinityLegend kinds={AFFINITY_KINDS.filter((k) => relations.some((r) => r.kind === k))} />}
          {/* what an eviction may take is an open question's answer while it hides the events */}
          <PdbBudgets budgets={pdbs.budgets} hideAllowed={hidden.events} />
          <StageEvents events={events} />
          <StageSize size={clusterSize(nodes, view?.time ?? Infinity, topologyKey, (n) => (topologyKey === undefined ? undefined : n.labels[topologyKey]))} />
        </div>
      )}
      <QosShownContext.Provider value={showQos}>
      <CountdownContext.Provider value={countdowns}>
      <PdbCoverContext.Provider value={pdbs.coveredBy}>
      <GraceContext.Provider value={grace}>
        <Lanes
          view={view}
          endPods={endPods}
          lanes={lanes}
          autoscaler={run.summary.autoscaler}
          volumeHistory={run.summary.volumeHistory}
          kubeletEvictions={run.summary.kubeletEvictions}
          deviceAttributes={attributes}
          topologyKey={topologyKey}
          compact={compact}
          showNodeDetails={showNodeDetails}
          // on a big cluster pods are not drawn on nodes: nothing to travel to
          travel={!reducedMotion && !compact}
          reducedMotion={reducedMotion}
          hidden={hidden}
          ranking={ranking}
          relations={relations}
          bars={bars}
          presenter={presenter}
          colourOf={palette.colourOf}
          onInspect={selectPod}
        />
      </GraceContext.Provider>
      </PdbCoverContext.Provider>
      </CountdownContext.Provider>
      </QosShownContext.Provider>
      {!compact && <VersionScoresPanel />}
    </section>
  );
}
