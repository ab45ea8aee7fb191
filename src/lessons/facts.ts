// Reading lesson facts out of a SimulationResult, and where in the playback each one shows.
// The UI uses these to reveal answers; the tests use them to check that questions and
// narration agree with the trace.

import type { CycleTrace, PluginResult, SimulationResult } from '../engine/api';
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

/**
 * The playback position at which stepping shows the fact. Only the number of cycles is read, so
 * the UI can ask with the cycle index it has (not the whole result).
 */
export function revealPosition(fact: TraceFact, result: { readonly cycles: { readonly length: number } }): PlaybackPosition {
  switch (fact.kind) {
    case 'pod': case 'time': return { cycle: fact.cycle, phase: 'queue' };
    case 'feasible': case 'feasibleCount': case 'nodesEvaluated': case 'firstNodeEvaluated':
    case 'rejectedBy': case 'filterReason': case 'untoleratedTaint':
      return { cycle: fact.cycle, phase: 'filter' };
    case 'victims': case 'nominatedNode': return { cycle: fact.cycle, phase: 'postFilter' };
    case 'score': return { cycle: fact.cycle, phase: 'score' };
    case 'scored': case 'selected': return { cycle: fact.cycle, phase: 'select' };
    case 'permit': return { cycle: fact.cycle, phase: 'permit' };
    case 'result': return { cycle: fact.cycle, phase: 'done' };
    // Events between cycles are certain only once the run is over.
    case 'evictedAt': return { cycle: result.cycles.length, phase: 'done' };
  }
}

/** The fact as a string, or undefined when the trace has no such cycle. */
export function readFact(result: SimulationResult, fact: TraceFact): string | undefined {
  if (fact.kind === 'evictedAt') {
    const e = result.events.find((ev) => ev.reason === 'TaintManagerEviction' && ev.object === `Pod/${fact.pod}` && ev.message.startsWith('Marking for deletion'));
    return e ? String(e.time) : 'never';
  }
  const trace = cycleOf(result, fact.cycle);
  if (!trace) return undefined;
  switch (fact.kind) {
    case 'pod': return trace.pod;
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
    case 'scored': return trace.score ? 'yes' : 'no';
    case 'score': {
      const s = trace.score?.[fact.node]?.plugins[fact.plugin];
      return s ? String(s.normalized) : NONE;
    }
    case 'selected': return trace.selected ?? NONE;
    case 'permit': return trace.permit?.find((p) => p.plugin === fact.plugin)?.code ?? NONE;
    case 'result': return trace.result;
  }
}
