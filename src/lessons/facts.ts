// Reading lesson facts out of a SimulationResult, and where in the playback each one shows.
// The UI uses these to reveal answers; the tests use them to check that questions and
// narration agree with the trace.

import { groupDecidesAt, isWaitingToBind, podGroupDecidingCycle, type CycleTrace, type PluginResult, type QueueName, type SimulationResult } from '../engine/api';
import { LESSON_PHASES, type LessonPhase, type TraceFact } from './types';

export const NONE = 'none';

/** A point of the playback: a phase of a cycle. */
export interface PlaybackPosition {
  cycle: number;
  phase: LessonPhase;
}

export function comparePositions(a: PlaybackPosition, b: PlaybackPosition): number {
  return a.cycle - b.cycle || LESSON_PHASES.indexOf(a.phase) - LESSON_PHASES.indexOf(b.phase);
}

export function cycleOf(result: SimulationResult, cycle: number): CycleTrace | undefined {
  return result.cycles.find((c) => c.cycle === cycle);
}

/** Whether the trace shows this phase of the cycle (Score only runs for two or more feasible nodes, ...). */
export function phaseExists(trace: CycleTrace, phase: LessonPhase): boolean {
  switch (phase) {
    case 'queue': case 'preFilter': case 'done': return true;
    // a pod-group cycle's points show in its first member's cycle (placements) and its last (preemption)
    case 'placementGenerate': case 'placementScore': return trace.podGroup?.placements !== undefined && trace.cycle === trace.podGroup.firstCycle;
    case 'podGroupPostFilter': return trace.podGroup?.preemption !== undefined && trace.cycle === podGroupDecidingCycle(trace.podGroup);
    case 'filter': return trace.nodesEvaluated.length > 0;
    case 'postFilter': return trace.postFilter !== undefined;
    case 'preScore': return trace.preScore !== undefined;
    case 'score': return trace.score !== undefined;
    case 'select': return trace.selected !== undefined;
    case 'reserve': return trace.reserve !== undefined;
    case 'permit': return trace.permit !== undefined;
    case 'bind': return trace.bind !== undefined;
  }
}

/**
 * The Filter verdict that decided a node: its first rejecting entry (plugins whose PreFilter
 * returned Skip are listed with code Skip and did not run).
 */
export function rejection(trace: CycleTrace, node: string): PluginResult | undefined {
  return trace.filter[node]?.find((r) => r.code !== 'Success' && r.code !== 'Skip');
}

/** The taint TaintToleration's Filter rejected the node for, as "key=value:Effect". */
export function untoleratedTaint(trace: CycleTrace, node: string): string | undefined {
  const r = rejection(trace, node);
  const taint = r?.plugin === 'TaintToleration' ? (r.details?.taint as { key: string; value?: string; effect: string } | undefined) : undefined;
  return taint && `${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`;
}

function nodeList(nodes: readonly string[]): string {
  return nodes.length ? [...nodes].sort().join(', ') : NONE;
}

/** An event with the cycle the playback shows it in (src/worker/session.ts timeEvents; 0: before the first). */
export interface ShownEvent {
  readonly object: string;
  readonly reason: string;
  readonly message: string;
  /** the simulated second it happened */
  readonly time: number;
  readonly cycle: number;
}

/**
 * What revealPosition reads of a run: how many cycles it has and, when known, its events by cycle
 * and the second each cycle runs at (its `time`; the cycles that have arrived).
 */
export interface RevealContext {
  readonly cycles: { readonly length: number; readonly [cycle: number]: { readonly time: number } | undefined };
  readonly events?: readonly ShownEvent[];
}

function matchesEvent(fact: Extract<TraceFact, { kind: 'event' | 'evictedAt' }>, e: { object: string; reason: string; message: string }): boolean {
  return fact.kind === 'event'
    ? e.object === fact.object && e.reason === fact.reason
    : e.object === `Pod/${fact.pod}` && e.reason === 'TaintManagerEviction' && e.message.startsWith('Marking for deletion');
}

/**
 * Where the stage draws an event: with the cycle it happened in, at that cycle's last step when it
 * happened at the cycle's second (the cycle's own outcome, a preemption); one later than the
 * cycle's second, between cycles n and n+1, shows with cycle n+1's first step, whose clock is at
 * or past it (issue 19: descheduler-balance's 90 s eviction was told answered at cycle 8's last
 * step, still drawn at 30 s). After the last cycle: at the run's last step (a lesson's moment).
 * The event log (ui/components/events.ts eventsSoFar) shows events by the same rule.
 */
export function eventPosition(e: { readonly cycle: number; readonly time: number }, cycleTime: (cycle: number) => number | undefined, cycleCount: number): PlaybackPosition {
  if (e.cycle === 0) return { cycle: 1, phase: 'queue' };
  const time = cycleTime(e.cycle);
  if (time !== undefined && e.time > time && e.cycle < cycleCount) return { cycle: e.cycle + 1, phase: 'queue' };
  return { cycle: e.cycle, phase: 'done' };
}

/**
 * The playback position at which stepping shows the fact. Only the number of cycles is read, and
 * the events by cycle when given (an event shows with the last step of its cycle), so the UI can
 * ask with the cycle index it has (not the whole result).
 */
export function revealPosition(fact: TraceFact, result: RevealContext): PlaybackPosition {
  switch (fact.kind) {
    case 'pod': case 'time': case 'profile': return { cycle: fact.cycle, phase: 'queue' };
    case 'feasible': case 'feasibleCount': case 'nodesEvaluated': case 'firstNodeEvaluated':
    case 'rejectedBy': case 'filterReason': case 'untoleratedTaint':
      return { cycle: fact.cycle, phase: 'filter' };
    // PreFilter counts the matching pods per domain (the playback's first step of the cycle, with
    // the queue); Filter works out each node's skew
    // the counts of a ScheduleAnyway constraint are PreScore's, drawn from Score on
    case 'spread': return { cycle: fact.cycle, phase: fact.field === 'skew' ? 'filter' : fact.field === 'scoreCounts' ? 'score' : 'queue' };
    case 'victims': case 'nominatedNode': case 'candidate': case 'preemptionDecidedBy': return { cycle: fact.cycle, phase: 'postFilter' };
    case 'score': case 'total': return { cycle: fact.cycle, phase: 'score' };
    case 'nodeCount': return { cycle: fact.cycle, phase: 'queue' };
    case 'queue': return { cycle: fact.cycle, phase: 'done' };
    // what the scenario declares is there from the start
    case 'nodeLabel': case 'allocatable': return { cycle: 1, phase: 'queue' };
    case 'scored': case 'selected': return { cycle: fact.cycle, phase: 'select' };
    case 'permit': return { cycle: fact.cycle, phase: 'permit' };
    case 'result': return { cycle: fact.cycle, phase: 'done' };
    case 'evictedAt': case 'event': {
      const e = result.events?.find((ev) => matchesEvent(fact, ev));
      if (e) return eventPosition(e, (cycle) => result.cycles[cycle - 1]?.time, result.cycles.length);
      // without the events, or for one that never happens: certain only once the run is over
      return { cycle: result.cycles.length, phase: 'done' };
    }
    // shown with the pod's TriggeredScaleUp event
    case 'scaleUpGroup': return revealPosition({ kind: 'event', object: `Pod/${fact.pod}`, reason: 'TriggeredScaleUp' }, result);
    case 'podNode': case 'deletedAt': return { cycle: result.cycles.length, phase: 'done' };
    case 'podGroup': return {
      cycle: fact.cycle,
      phase: fact.field === 'victims' ? 'podGroupPostFilter' : fact.field === 'chosenPlacement' || fact.field === 'feasiblePlacements' ? 'placementScore' : 'done',
    };
  }
}

/**
 * Where the playback has shown the fact, knowing the whole run (its events by cycle): like
 * revealPosition, and a deletion shows when the first cycle at or after it starts.
 */
export function shownAt(fact: TraceFact, result: SimulationResult, events: readonly ShownEvent[]): PlaybackPosition {
  if (fact.kind === 'deletedAt') {
    const at = result.pods.find((p) => p.pod === fact.pod)?.deletedAt;
    const next = at === undefined ? undefined : result.cycles.find((c) => c.time >= at);
    if (next) return { cycle: next.cycle, phase: 'queue' };
  }
  return revealPosition(fact, { cycles: result.cycles, events });
}

/**
 * Where each pod is in the scheduling queue when cycle `cycle` ends: the moves up to the next
 * cycle's pop, and none after the cycle's own second (what happens later waits for a later step).
 * A pod-group cycle pops its members together: the pop of its first member starts all their cycles.
 */
export function queueAtEndOf(result: SimulationResult, cycle: number): Map<string, QueueName> {
  const where = new Map<string, QueueName>();
  for (const p of result.pods) {
    if (p.node !== undefined && !result.queue.some((m) => m.pod === p.pod)) where.set(p.pod, 'bound');
  }
  const time = cycleOf(result, cycle)?.time ?? Infinity;
  const { cycles } = result;
  // a member tried before its group's last: the group's outcome (its members' moves) comes later
  const undecided = cycles[cycle - 1] !== undefined && groupDecidesAt(cycles[cycle - 1]!) !== undefined;
  const popsItself = (k: number) => cycles[k]?.podGroup === undefined || cycles[k]!.cycle === cycles[k]!.podGroup!.firstCycle;
  // cycles started so far (0-based index of the next one to start)
  let started = 0;
  for (const move of result.queue) {
    // a pop that starts the next cycle (a pod skipped as being deleted gets a pop and no cycle)
    const pop = move.to === 'scheduling' && !isWaitingToBind(move.from);
    if (pop && move.pod === cycles[started]?.pod) {
      if (started >= cycle) break;
      started++;
      while (started < cycles.length && !popsItself(started)) started++;
    }
    if (started >= cycle && (move.time > time || (undecided && !pop))) break;
    where.set(move.pod, move.to);
  }
  return where;
}

function spreadDetail(trace: CycleTrace, node: string, index: number): Record<string, unknown> | undefined {
  const verdict = trace.filter[node]?.find((r) => r.plugin === 'PodTopologySpread');
  const constraints = verdict?.details?.constraints as Record<string, unknown>[] | undefined;
  return constraints?.[index];
}

/** PodTopologySpread's PreScore numbers of one ScheduleAnyway constraint (the pod's own constraints only). */
function scoreSpreadDetail(trace: CycleTrace, index: number): Record<string, unknown> | undefined {
  const constraints = trace.preScore?.find((r) => r.plugin === 'PodTopologySpread')?.details?.constraints as Record<string, unknown>[] | undefined;
  return constraints?.[index];
}

function formatQuantity(resource: string, value: number): string {
  if (resource === 'cpu') return value % 1000 === 0 ? String(value / 1000) : `${value}m`;
  if (resource === 'memory') {
    const gi = 1024 ** 3;
    return value % gi === 0 ? `${value / gi}Gi` : `${value / 1024 ** 2}Mi`;
  }
  return String(value);
}

function podGroupFact(trace: CycleTrace, field: Extract<TraceFact, { kind: 'podGroup' }>['field']): string {
  const group = trace.podGroup;
  if (group === undefined) return NONE;
  switch (field) {
    case 'chosenPlacement': return group.placements?.find((c) => c.chosen)?.name ?? NONE;
    case 'feasiblePlacements': return nodeList(group.placements?.filter((c) => c.feasible).map((c) => c.name) ?? []);
    case 'victims': return nodeList(group.preemption?.victims.flatMap((v) => v.pods.map((p) => p.pod)) ?? []);
    case 'placed': return String(group.placed);
    case 'result': return group.result;
  }
}

/** The fact as a string, or undefined when the trace has no such cycle. */
export function readFact(result: SimulationResult, fact: TraceFact): string | undefined {
  if (fact.kind === 'evictedAt' || fact.kind === 'event') {
    const e = result.events.find((ev) => matchesEvent(fact, ev));
    return e ? String(e.time) : 'never';
  }
  if (fact.kind === 'nodeLabel' || fact.kind === 'allocatable') {
    const node = result.nodes.find((n) => n.name === fact.node);
    if (!node) return undefined;
    if (fact.kind === 'nodeLabel') return node.labels[fact.key] ?? NONE;
    const value = node.allocatable[fact.resource];
    return value === undefined ? NONE : formatQuantity(fact.resource, value);
  }
  if (fact.kind === 'deletedAt') {
    const pod = result.pods.find((p) => p.pod === fact.pod);
    return pod ? String(pod.deletedAt ?? 'never') : undefined;
  }
  if (fact.kind === 'podNode') return result.pods.find((p) => p.pod === fact.pod)?.node ?? NONE;
  if (fact.kind === 'scaleUpGroup') {
    const a = result.autoscaler?.activities.find((x) => x.kind === 'scaleUp' && x.pods.includes(fact.pod));
    return a?.group ?? NONE;
  }
  const trace = cycleOf(result, fact.cycle);
  if (!trace) return undefined;
  switch (fact.kind) {
    case 'pod': return trace.pod;
    case 'profile': return trace.profile;
    case 'time': return String(trace.time);
    case 'feasible': return nodeList(trace.feasible);
    case 'feasibleCount': return String(trace.feasible.length);
    case 'nodesEvaluated': return String(trace.nodesEvaluated.length);
    case 'firstNodeEvaluated': return trace.nodesEvaluated[0] ?? NONE;
    case 'rejectedBy': return rejection(trace, fact.node)?.plugin ?? NONE;
    case 'filterReason': return rejection(trace, fact.node)?.reasons?.[0] ?? NONE;
    case 'untoleratedTaint': return untoleratedTaint(trace, fact.node) ?? NONE;
    case 'victims': return nodeList(trace.postFilter?.chosen?.victims ?? []);
    case 'nominatedNode': return trace.postFilter?.chosen?.node ?? NONE;
    case 'candidate': {
      const c = trace.postFilter?.candidates.find((x) => x.node === fact.node);
      if (!c) return NONE;
      return fact.field === 'victims' ? nodeList(c.victims) : String(c.pdbViolations);
    }
    case 'preemptionDecidedBy': return trace.postFilter?.selection?.find((s) => s.nodes.length === 1)?.criterion ?? NONE;
    case 'scored': return trace.score ? 'yes' : 'no';
    case 'score': {
      const s = trace.score?.[fact.node]?.plugins[fact.plugin];
      return s ? String(s.normalized) : NONE;
    }
    case 'selected': return trace.selected ?? NONE;
    case 'permit': return trace.permit?.find((p) => p.plugin === fact.plugin)?.code ?? NONE;
    case 'result': return trace.result;
    case 'podGroup': return podGroupFact(trace, fact.field);
    case 'total': {
      const s = trace.score?.[fact.node];
      return s ? String(s.total) : NONE;
    }
    case 'nodeCount': return String(trace.numAllNodes ?? Object.keys(trace.filter).length);
    case 'spread': {
      const value = fact.field === 'scoreCounts' ? scoreSpreadDetail(trace, fact.constraint ?? 0)?.['counts'] : spreadDetail(trace, fact.node, fact.constraint ?? 0)?.[fact.field];
      if (value === undefined) return NONE;
      if (fact.field !== 'counts' && fact.field !== 'scoreCounts') return String(value);
      return Object.entries(value as Record<string, number>).sort(([a], [b]) => a.localeCompare(b)).map(([d, n]) => `${d} ${n}`).join(', ');
    }
    case 'queue': return queueAtEndOf(result, fact.cycle).get(fact.pod) ?? 'absent';
  }
}
