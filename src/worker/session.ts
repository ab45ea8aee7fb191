// One simulated run as the worker keeps it: the whole SimulationResult, cut into the small pieces
// the main thread asks for (summary, cycle index batches, one frame per cycle).

import { groupDecidesAt, podGroupDecidingCycle, type ClusterEvent, type CycleTrace, type SimulationResult } from '../engine/api';
import type { CycleFrame, CycleSummary, Phase, RunKubernetesVersion, RunSummary, TimedEvent } from './protocol';
import { PodStateReplay } from './replay';

/** The extension points worth stepping through in this cycle, in the order they ran. */
export function phasesOf(trace: CycleTrace): Phase[] {
  const group = trace.podGroup;
  // a pod-group cycle: its placements are generated and scored before its first member's attempt
  // is shown (the attempts kept are the chosen placement's), its preemption runs after the last's
  const firstOfGroup = group !== undefined && trace.cycle === group.firstCycle;
  const lastOfGroup = group !== undefined && trace.cycle === podGroupDecidingCycle(group);
  const phases: Phase[] = firstOfGroup && group.placements !== undefined ? ['PlacementGenerate', 'PlacementScore', 'PreFilter'] : ['PreFilter'];
  if (trace.nodesEvaluated.length > 0) phases.push('Filter');
  if (trace.postFilter !== undefined) phases.push('PostFilter');
  if (trace.score !== undefined) phases.push('Score');
  const hostChosen = trace.selected !== undefined && trace.feasible.length > 0;
  if (hostChosen) phases.push('Select');
  if (hostChosen && trace.reserve !== undefined) phases.push('Reserve');
  if (hostChosen && trace.permit !== undefined) phases.push('Permit');
  if (lastOfGroup && group.preemption !== undefined) phases.push('PodGroupPostFilter');
  // a pod that waited at Permit binds during the cycle that released it (permitWait.cycle); a pod
  // group's members bind together once the group is decided, at its last member's attempt
  // (upstream schedule_one_podgroup.go runs the binding cycles after the group's algorithm)
  if (trace.result === 'Scheduled' && trace.permitWait === undefined && groupDecidesAt(trace) === undefined) phases.push('Bind');
  return phases;
}

const agreed = (results: readonly { code: string }[] | undefined) => (results ?? []).every((r) => r.code === 'Success' || r.code === 'Skip');

/** Extension points of the cycle where nothing happens: Reserve and Permit where no plugin objected. */
export function quietPhasesOf(trace: CycleTrace, phases: readonly Phase[]): Phase[] {
  const quiet: Phase[] = [];
  if (phases.includes('Reserve') && agreed(trace.reserve)) quiet.push('Reserve');
  if (phases.includes('Permit') && agreed(trace.permit)) quiet.push('Permit');
  return quiet;
}

export function summarizeCycle(trace: CycleTrace): CycleSummary {
  const phases = phasesOf(trace);
  // a cycle whose pod waited at Permit ends waiting; the binding belongs to the cycle that released it
  const result = trace.permitWait?.allowed ? 'Waiting' : trace.result;
  const summary: CycleSummary = { cycle: trace.cycle, time: trace.time, pod: trace.pod, result, phases };
  if (trace.selected !== undefined) summary.selected = trace.selected;
  const quiet = quietPhasesOf(trace, phases);
  if (quiet.length > 0) summary.quiet = quiet;
  const decidesAt = groupDecidesAt(trace);
  if (decidesAt !== undefined) summary.groupDecidesAt = decidesAt;
  return summary;
}

/** Events a scheduling cycle writes about its own pod. */
const CYCLE_EVENT_REASONS = new Set(['Scheduled', 'FailedScheduling']);
/** Events a scheduling cycle writes about other pods (PostFilter's victims). */
const DURING_CYCLE_REASONS = new Set(['Preempted']);

/**
 * Gives each event the cycle (1-based) during which it happened: a Scheduled or FailedScheduling
 * event belongs to the next cycle of its pod; anything else (a timeline action, a preemption, an
 * eviction) happens during the cycle after the last one that has finished — or, when it is
 * earlier than that cycle's start, before it (cycle = the last finished one, 0 before the first).
 */
export function timeEvents(cycles: readonly CycleTrace[], events: readonly ClusterEvent[]): TimedEvent[] {
  let finished = 0;
  return events.map(timeEvent);

  function timeEvent(event: ClusterEvent): TimedEvent {
    if (CYCLE_EVENT_REASONS.has(event.reason)) {
      for (let j = finished; j < cycles.length && cycles[j]!.time <= event.time; j++) {
        const own = cycles[j]!;
        if (`Pod/${own.pod}` !== event.object) continue;
        // a pod that waited at Permit: its binding (or rejection) came later, during the
        // cycle that ended the wait, or between cycles at the wait's end
        const wait = own.permitWait;
        if (wait !== undefined && wait.time === event.time) {
          if (wait.cycle !== undefined) return { ...event, cycle: wait.cycle };
          break;
        }
        finished = j + 1;
        // a pod-group member's outcome is written when the group is decided, at the group
        // cycle's last attempt: before it the member is only assumed (issue 19)
        const group = own.podGroup;
        const decidesAt = group === undefined ? j + 1 : Math.min(podGroupDecidingCycle(group), cycles.length);
        return { ...event, cycle: Math.max(j + 1, decidesAt) };
      }
    }
    // before the next cycle started: part of what that cycle sees, shown from its first step. At
    // the very time of the next cycle, only the scheduler's own events (a preemption) happen
    // during it; a timeline step, an eviction or a controller came first (and may be its cause).
    const next = cycles[finished];
    if (next !== undefined && (event.time < next.time || (event.time === next.time && !DURING_CYCLE_REASONS.has(event.reason)))) {
      return { ...event, cycle: finished };
    }
    return { ...event, cycle: Math.min(finished + 1, cycles.length) };
  }
}

export class RunSession {
  private readonly replay: PodStateReplay;
  private readonly timedEvents: TimedEvent[];
  /** how many cycles the main thread has been sent */
  private sent = 0;
  private sentEvents = 0;
  paused = false;

  constructor(private readonly result: SimulationResult) {
    this.replay = new PodStateReplay(result);
    this.timedEvents = timeEvents(result.cycles, result.events);
  }

  summary(): RunSummary {
    const r = this.result;
    return {
      seed: r.seed, endTime: r.endTime, nodes: r.nodes, pods: r.pods, warnings: r.warnings,
      cycleCount: r.cycles.length, eventCount: r.events.length,
      ...(r.objects ? { objects: r.objects } : {}),
      ...(r.autoscaler ? { autoscaler: r.autoscaler } : {}),
      ...(r.removedNodes ? { removedNodes: r.removedNodes } : {}),
      ...(r.volumeHistory ? { volumeHistory: r.volumeHistory } : {}),
      ...(r.kubeletEvictions ? { kubeletEvictions: r.kubeletEvictions } : {}),
      ...(r.taintEvictionCountdowns ? { taintEvictionCountdowns: r.taintEvictionCountdowns } : {}),
      ...(r.pdbHistory ? { pdbHistory: r.pdbHistory } : {}),
      // read structurally: the engine side of issue 17 adds the field to SimulationResult
      ...versionOf(r),
    };
  }

  get finished(): boolean {
    return this.sent >= this.result.cycles.length && this.sentEvents >= this.timedEvents.length;
  }

  /** The next cycles of the index, as many as fit in `budgetMs` (at least one), with their events. */
  nextBatch(budgetMs: number, now: () => number, maxCycles = Infinity): { cycles: CycleSummary[]; events: TimedEvent[] } {
    const start = now();
    const cycles: CycleSummary[] = [];
    while (this.sent < this.result.cycles.length && cycles.length < maxCycles) {
      cycles.push(summarizeCycle(this.result.cycles[this.sent]!));
      this.sent++;
      if (now() - start >= budgetMs) break;
    }
    const allSent = this.sent >= this.result.cycles.length;
    let lastEvent = this.sentEvents;
    while (lastEvent < this.timedEvents.length && (allSent || this.timedEvents[lastEvent]!.cycle <= this.sent)) lastEvent++;
    const events = this.timedEvents.slice(this.sentEvents, lastEvent);
    this.sentEvents = lastEvent;
    return { cycles, events };
  }

  /** The cluster when cycle `cycle` (1-based) starts, with that cycle's trace. */
  frame(cycle: number): CycleFrame | undefined {
    const trace = this.result.cycles[cycle - 1];
    if (trace === undefined) return undefined;
    const state = this.replay.stateAt(cycle - 1);
    const queueAtEnd = this.replay.queueAtEnd(cycle - 1, state);
    return {
      cycle, trace, location: state.location, node: state.node, nominated: state.nominated,
      backoffUntil: state.backoffUntil, terminating: state.terminating,
      ...(queueAtEnd.length > 0 ? { queueAtEnd } : {}),
    };
  }
}

/** The buffers a frame can hand over instead of copying. */
export function frameTransfer(frame: CycleFrame): ArrayBuffer[] {
  return [frame.location, frame.node, frame.nominated, frame.backoffUntil, frame.terminating]
    .map((a) => a.buffer as ArrayBuffer);
}

function versionOf(r: SimulationResult): { kubernetesVersion?: RunKubernetesVersion } {
  const v = (r as { kubernetesVersion?: Partial<RunKubernetesVersion> }).kubernetesVersion;
  return typeof v?.version === 'string' ? { kubernetesVersion: { version: v.version, source: String(v.source ?? ''), detail: String(v.detail ?? '') } } : {};
}
