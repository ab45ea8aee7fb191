// What the stage draws of a pod-group cycle (v1.36+), read off the engine's PodGroupCycleTrace:
// the group's quorum so far, the candidate placements on the nodes they cover, the member that
// could not be placed, and workload-aware preemption's victims and nominations. Nothing here
// decides anything: it only picks, for the cycle and point on screen, what the engine recorded.

import { podGroupDecidingCycle, type CycleTrace, type PodGroupCycleTrace } from '../engine/api';
import type { Phase } from '../worker/protocol';

/** the group's point on screen: which of its members' attempts have been stepped through */
export interface GroupProgress {
  group: PodGroupCycleTrace;
  /** 0-based index of this cycle's member in the group's attempts */
  index: number;
  /** members placed (assumed) in this group cycle up to and including this one, once its attempt is on screen */
  placedSoFar: number;
  /** the first member up to here that found no node, with its FitError */
  unplaced?: { pod: string; message: string };
  /** the group's verdict, once its last member's cycle is on screen past its attempt */
  result?: PodGroupCycleTrace['result'];
}

/** the points of a member's attempt from which its node is on screen */
const NODE_CHOSEN: ReadonlySet<Phase> = new Set(['Select', 'Reserve', 'Permit', 'PodGroupPostFilter', 'Bind']);

/**
 * Whether this member's own attempt is on screen at `phase`: a node found, from Select (where the
 * stage draws it chosen); none found, from Filter (no node left feasible) or its last step (a
 * PreFilter rejection). Not at the group's PlacementGenerate/Score before it, nor at its PreFilter
 * (issue 19: "1 of 4 placed" showed before worker-0 had run Filter).
 */
function ownAttemptShown(placed: boolean, phase: Phase, lastStep: boolean): boolean {
  if (phase === 'PlacementGenerate' || phase === 'PlacementScore') return false;
  return lastStep || (placed ? NODE_CHOSEN.has(phase) : phase !== 'PreFilter');
}

export function groupProgress(trace: CycleTrace, phase: Phase, lastStep: boolean): GroupProgress | undefined {
  const group = trace.podGroup;
  if (group === undefined) return undefined;
  const index = trace.cycle - group.firstCycle;
  const attempts = group.attempts ?? [];
  const upTo = ownAttemptShown(attempts[index]?.node !== undefined, phase, lastStep) ? index + 1 : index;
  const seen = attempts.slice(0, upTo);
  const progress: GroupProgress = { group, index, placedSoFar: seen.filter((a) => a.node !== undefined).length };
  const unplaced = seen.find((a) => a.node === undefined);
  if (unplaced !== undefined) progress.unplaced = { pod: unplaced.pod, message: unplaced.message ?? '' };
  if (trace.cycle === podGroupDecidingCycle(group) && (lastStep || phase === 'PodGroupPostFilter')) progress.result = group.result;
  return progress;
}

/**
 * The PodGroup's condition as `kubectl describe podgroup` would list it after the group's cycle:
 * "PodGroupInitiallyScheduled False (Unschedulable)"; undefined before the verdict is on screen.
 */
export function groupConditionText(p: GroupProgress): string | undefined {
  const c = p.group.condition;
  if (p.result === undefined || c === undefined) return undefined;
  return `${c.type} ${c.status}${c.status === 'True' ? '' : ` (${c.reason})`}`;
}

/** "3 of 4 placed · needs 4" (bound members of earlier cycles count toward the quorum) */
export function quorumText(p: GroupProgress): string {
  const { group } = p;
  const total = group.bound + group.members.length;
  const bound = group.bound > 0 ? ` (+${group.bound} bound)` : '';
  return `${p.placedSoFar} of ${group.members.length} placed${bound} · needs ${group.minCount}${total < group.minCount ? ` (only ${total} exist)` : ''}`;
}

/** A candidate placement as a node card shows it. */
export interface PlacementMark {
  name: string;
  feasible: boolean;
  /** the total, once PlacementScore is on screen and the placement was scored */
  score?: number;
  chosen: boolean;
}

/** At PlacementGenerate and PlacementScore: each node's placement (the first that covers it). */
export function placementMarks(trace: CycleTrace, phase: Phase): Map<string, PlacementMark> {
  const marks = new Map<string, PlacementMark>();
  if (phase !== 'PlacementGenerate' && phase !== 'PlacementScore') return marks;
  const scored = phase === 'PlacementScore';
  for (const c of trace.podGroup?.placements ?? []) {
    const mark: PlacementMark = { name: c.name, feasible: scored ? c.feasible : true, chosen: scored && c.chosen === true };
    if (scored && c.totalScore !== undefined) mark.score = c.totalScore;
    for (const node of c.nodes) if (!marks.has(node)) marks.set(node, mark);
  }
  return marks;
}

/**
 * The members a pod-group cycle has placed before the one on screen, pod → node: the engine
 * assumed each on its node for the next (upstream schedule_one_podgroup.go), so the stage draws
 * them there, waiting on the group, not in the Pending lane. Once the group's verdict is on screen
 * they bind together (`bound`), or go back to the queue together (none).
 */
export function assumedMembers(trace: CycleTrace, phase: Phase, lastStep: boolean): { members: Map<string, string>; bound: boolean } {
  const progress = groupProgress(trace, phase, lastStep);
  const members = new Map<string, string>();
  if (progress === undefined || (progress.result !== undefined && progress.result !== 'Scheduled')) return { members, bound: false };
  for (const a of (progress.group.attempts ?? []).slice(0, progress.index)) if (a.node !== undefined) members.set(a.pod, a.node);
  return { members, bound: progress.result === 'Scheduled' };
}
