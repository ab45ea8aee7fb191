// What the views draw at the current position, read off the trace and the frame. These functions
// only look up what the engine recorded; they never decide anything about scheduling.

import type { ClusterEvent, CycleTrace, PluginResult, PodOutcome } from '../engine/api';
import { nodesOverRun } from '../engine/readers';
import { POD_LOCATIONS, type CycleFrame, type CycleSummary, type Phase, type PodLocation } from '../worker/protocol';
import type { PodplayState, StageHidden } from './types';
import { assumedMembers, groupProgress } from './podGroup';

export interface CurrentStep {
  summary: CycleSummary;
  phase: Phase;
  /** absent until the worker has sent this cycle's frame */
  frame?: CycleFrame;
}

export function currentStep(state: Pick<PodplayState, 'run' | 'position' | 'frames'>): CurrentStep | undefined {
  const summary = state.run?.cycles[state.position.cycle - 1];
  const phase = summary?.phases[state.position.step];
  if (summary === undefined || phase === undefined) return undefined;
  const frame = state.frames.get(summary.cycle);
  return frame === undefined ? { summary, phase } : { summary, phase, frame };
}

/** True once the position is at or past `phase` in its cycle. */
export function reached(step: CurrentStep, phase: Phase): boolean {
  const at = step.summary.phases.indexOf(step.phase);
  const target = step.summary.phases.indexOf(phase);
  return target >= 0 && at >= target;
}

export type NodeState = 'idle' | 'feasible' | 'filtered' | 'selected' | 'candidate';

const PASSING: ReadonlySet<PluginResult['code']> = new Set(['Success', 'Skip']);

/** The failing PreFilter verdict, when PreFilter rejected the pod for every node. */
export function preFilterRejection(trace: CycleTrace): PluginResult | undefined {
  return trace.preFilter.find((r) => !PASSING.has(r.code));
}

/** A node's Filter verdict: its first plugin that did not pass (upstream stops there). */
export function filterVerdict(trace: CycleTrace, node: string): PluginResult | undefined {
  return trace.filter[node]?.find((r) => !PASSING.has(r.code));
}

/** The verdict of a node the PreFilterResult left out (never evaluated by Filter), undefined for the others. */
export function preFilterExclusion(trace: CycleTrace, node: string): PluginResult | undefined {
  return trace.preFilterExcluded !== undefined && trace.preFilterNodes !== undefined && !trace.preFilterNodes.includes(node) ? trace.preFilterExcluded : undefined;
}

/**
 * The state each node is drawn in at this extension point. `allNodes`: the run's nodes, so that
 * those a PreFilterResult left out are drawn filtered from PreFilter on, as the engine has them
 * (upstream schedule_one.go findNodesThatFitPod: absentNodesStatus).
 */
export function nodeStates(trace: CycleTrace, phase: Phase, allNodes: readonly string[] = []): Map<string, NodeState> {
  const states = new Map<string, NodeState>();
  // a pod group's placements are drawn on the nodes (store/podGroup.ts); no member has run Filter yet
  if (phase === 'PlacementGenerate' || phase === 'PlacementScore') return states;
  for (const node of allNodes) if (preFilterExclusion(trace, node) !== undefined) states.set(node, 'filtered');
  if (phase === 'PreFilter') {
    if (preFilterRejection(trace) !== undefined) for (const node of Object.keys(trace.filter)) states.set(node, 'filtered');
    return states;
  }
  const feasible = new Set(trace.feasible);
  for (const node of trace.nodesEvaluated) states.set(node, feasible.has(node) ? 'feasible' : 'filtered');
  if (phase === 'PostFilter') {
    for (const candidate of trace.postFilter?.candidates ?? []) states.set(candidate.node, 'candidate');
    const nominated = trace.postFilter?.chosen?.node;
    if (nominated !== undefined) states.set(nominated, 'selected');
  }
  if (phase === 'Select' || phase === 'Reserve' || phase === 'Permit' || phase === 'Bind') {
    if (trace.selected !== undefined) states.set(trace.selected, 'selected');
  }
  return states;
}

export interface PodView {
  pod: string;
  outcome: PodOutcome;
  location: PodLocation;
  node?: string;
  nominated?: string;
  terminating: boolean;
  /**
   * on its way out: a preemption victim of the cycle on screen, or, at the last step of a finished
   * run, a pod the cluster deletes after that cycle (an eviction no later cycle shows)
   */
  leaving: boolean;
  backoffUntil?: number;
}

/** Every pod that exists at this step, with where it is. */
export function podsAt(state: Pick<PodplayState, 'run'>, step: CurrentStep): PodView[] {
  const { run } = state;
  const frame = step.frame;
  if (run === undefined || frame === undefined) return [];
  const nodes = nodesOverRun(run.summary);
  const trace = frame.trace;
  const bindNow = reached(step, 'Bind') && trace.selected !== undefined;
  const victims = reached(step, 'PostFilter') ? new Set(trace.postFilter?.chosen?.victims ?? []) : new Set<string>();
  const nominee = reached(step, 'PostFilter') ? trace.postFilter?.chosen?.node : undefined;
  // workload-aware preemption (a pod-group cycle's last member): victims across nodes, every member nominated
  const groupPreemption = reached(step, 'PodGroupPostFilter') && trace.podGroup?.preemption?.result === 'Success' ? trace.podGroup.preemption : undefined;
  for (const v of groupPreemption?.victims ?? []) for (const p of v.pods) victims.add(p.pod);
  const groupNominees = new Map(groupPreemption?.nominated.map((n) => [n.pod, n.node]));
  // a pod-group cycle's members placed before this one: on their nodes, waiting on the group; bound with the last one when it schedules
  const lastStep = step.phase === step.summary.phases.at(-1);
  const assumed = assumedMembers(trace, step.phase, lastStep);
  // at the cycle's last step the other pods are where the engine's queue has them when it ends (issue
  // 19: gang-scheduling-podgroup drew the workers its group sent back to the queue "being scheduled")
  const queueAtEnd = lastStep ? new Map(frame.queueAtEnd?.filter((q) => PENDING_PARTS.has(q.location)).map((q) => [q.pod, q])) : undefined;
  const groupResult = groupProgress(trace, step.phase, lastStep)?.result;
  // a pod whose Permit answers Wait is assumed on its node, its binding held (upstream
  // schedule_one.go: assume, Reserve, Permit; WaitOnPermit in the binding cycle), unless its
  // group's verdict on screen sends it back
  const waitsAtPermit = reached(step, 'Permit') && !bindNow && trace.selected !== undefined && (groupResult === undefined || groupResult === 'Scheduled')
    && trace.permit?.some((r) => r.code === 'Wait') === true;
  const runEnds = run.complete && step.summary.cycle === run.cycles.length && step.phase === step.summary.phases.at(-1);
  const views: PodView[] = [];
  run.summary.pods.forEach((outcome, i) => {
    let location = POD_LOCATIONS[frame.location[i]!] ?? 'absent';
    if (location === 'absent' || location === 'deleted') return;
    const nodeIndex = frame.node[i]!;
    const nominatedIndex = frame.nominated[i]!;
    const view: PodView = {
      pod: outcome.pod, outcome, location, terminating: frame.terminating[i] === 1,
      leaving: victims.has(outcome.pod) || (runEnds && outcome.deletedAt !== undefined && outcome.deletedAt > step.summary.time),
    };
    if (nodeIndex >= 0) view.node = nodes[nodeIndex]?.name;
    if (nominatedIndex >= 0) view.nominated = nodes[nominatedIndex]?.name;
    const groupNominee = groupNominees.get(outcome.pod);
    if (groupNominee !== undefined) view.nominated = groupNominee;
    if (frame.backoffUntil[i]! >= 0) view.backoffUntil = frame.backoffUntil[i];
    const assumedOn = assumed.members.get(outcome.pod);
    if (assumedOn !== undefined && view.node === undefined && location !== 'bound') {
      view.node = assumedOn;
      view.location = assumed.bound ? 'bound' : 'waitingOnPermit';
    }
    const queued = outcome.pod === trace.pod || view.location === 'bound' ? undefined : queueAtEnd?.get(outcome.pod);
    if (queued !== undefined) {
      view.location = queued.location;
      delete view.node;
      if (queued.backoffUntil !== undefined) view.backoffUntil = queued.backoffUntil; else delete view.backoffUntil;
    }
    // pods this cycle's Permit released from waiting bind with its pod
    if (bindNow && location === 'waitingOnPermit' && trace.permitReleased?.includes(outcome.pod)) view.location = 'bound';
    if (outcome.pod === trace.pod) {
      if (bindNow) {
        // a PreBind that waited (binding conditions) binds later than its cycle
        location = trace.bindingWait !== undefined && trace.bindingWait.end !== trace.time ? 'waitingOnBinding' : 'bound';
        view.node = trace.selected;
      } else if (waitsAtPermit) {
        location = 'waitingOnPermit';
        view.node = trace.selected;
      }
      if (nominee !== undefined) view.nominated = nominee;
      view.location = location;
    }
    views.push(view);
  });
  return views;
}

/**
 * The pods at `time`, at or after the last cycle's `cycleTime` (a lesson's moment, LessonProgress.moment),
 * from the pods the run's last step draws: those the cluster deleted by then are gone; those it
 * deletes later are not leaving yet (only the cycle's own victims are, at its time); a pod whose
 * deletion started by then (its eviction event: taints-noexecute's TaintManagerEviction at 90 s)
 * is terminating until its grace period ends, as the worker's replay has it (replay.ts deletionStarts).
 */
export function podsAtMoment(pods: readonly PodView[], time: number, cycleTime: number, events: readonly ClusterEvent[]): PodView[] {
  const views: PodView[] = [];
  for (const p of pods) {
    const { deletedAt, reason } = p.outcome;
    if (deletedAt !== undefined && deletedAt <= time && time > cycleTime) continue;
    let view = p.leaving && deletedAt !== undefined && deletedAt > time ? { ...p, leaving: false } : p;
    const evicted = deletedAt !== undefined && reason !== undefined && reason !== 'Preempted'
      && events.some((e) => e.object === `Pod/${p.pod}` && e.reason === reason && e.time <= time && e.time < deletedAt);
    if (evicted && !view.terminating) view = { ...view, terminating: true };
    views.push(view);
  }
  return views;
}

/** Where the pods are when a run ends; for runs without any scheduling cycle (nothing to step through). */
export function podsAtEnd(pods: readonly PodOutcome[]): PodView[] {
  return pods.filter((p) => p.deletedAt === undefined).map((outcome) => {
    const location: PodLocation = outcome.node !== undefined ? 'bound' : outcome.reason === 'SchedulingGated' ? 'gated' : 'unschedulablePods';
    const view: PodView = { pod: outcome.pod, outcome, location, terminating: false, leaving: false };
    if (outcome.node !== undefined) view.node = outcome.node;
    if (outcome.nominatedNode !== undefined) view.nominated = outcome.nominatedNode;
    return view;
  });
}

/** The queue parts the Pending lane draws. */
const PENDING_PARTS: ReadonlySet<PodLocation> = new Set(['activeQ', 'backoffQ', 'unschedulablePods', 'gated', 'scheduling']);

const QUEUE_ORDER: Partial<Record<PodLocation, number>> = {
  scheduling: 0, activeQ: 1, backoffQ: 2, unschedulablePods: 3, gated: 4, waitingOnPermit: 5, waitingOnBinding: 6,
};

/** Pods not on a node, the one being scheduled first, then each queue part in priority order. */
export function pendingQueue(pods: readonly PodView[]): PodView[] {
  return pods
    .filter((p) => QUEUE_ORDER[p.location] !== undefined && p.node === undefined)
    .sort((a, b) => (QUEUE_ORDER[a.location]! - QUEUE_ORDER[b.location]!) || (b.outcome.priority - a.outcome.priority));
}

/** Node label keys that make topology lanes, zone keys first. */
export const ZONE_KEYS = ['topology.kubernetes.io/zone', 'zone', 'failure-domain.beta.kubernetes.io/zone'];

export function defaultTopologyKey(nodes: readonly { labels: Record<string, string> }[]): string | undefined {
  return ZONE_KEYS.find((key) => nodes.some((n) => key in n.labels));
}

/** A node's state as drawn while `hidden` covers an open question's answer. */
export function shownNodeState(state: NodeState, hidden: StageHidden): NodeState {
  if (state === 'selected' && hidden.placement) return hidden.feasibility ? 'idle' : 'feasible';
  if (state !== 'idle' && state !== 'selected' && hidden.feasibility) return 'idle';
  return state;
}

/** The pods with the cycle's placement taken out: its pod still being scheduled, no victims leaving. */
export function withoutPlacement(pods: readonly PodView[], trace: CycleTrace): PodView[] {
  return pods.map((p) => {
    if (p.pod === trace.pod && (p.location === 'bound' || p.location === 'waitingOnPermit' || p.nominated !== undefined)) {
      const { node: _node, nominated: _nominated, ...rest } = p;
      return { ...rest, location: 'scheduling' };
    }
    return p.leaving ? { ...p, leaving: false } : p;
  });
}

/**
 * The engine has answered the first text (a run, errors, or a crash or cancel): the page is
 * interactive. What is not needed for that (Monaco's chunk, the offline copy) waits for it, so a
 * slow connection carries the engine worker first.
 */
export function engineAnswered(state: Pick<PodplayState, 'run' | 'errors' | 'interrupted'>): boolean {
  return state.run !== undefined || state.errors.length > 0 || state.interrupted !== undefined;
}
