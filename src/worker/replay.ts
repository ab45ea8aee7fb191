// Where every pod is when a given cycle starts, replayed from the recorded result: the queue moves
// (SimulationResult.queue) in order, aligned to cycles by the move that pops each cycle's pod, plus
// the nominations that PostFilter records. Rewinding is replaying from the nearest checkpoint, not
// an undo stack; nothing here schedules.

import { isWaitingToBind, type QueueMove, type QueueName, type SimulationResult } from '../engine/api';
import { nodesOverRun } from '../engine/readers';
import { POD_LOCATIONS, type PodLocation, type QueueAtEnd } from './protocol';

const CHECKPOINT_EVERY = 32;

const locationCode = new Map<PodLocation, number>(POD_LOCATIONS.map((l, i) => [l, i]));
function code(l: PodLocation): number {
  return locationCode.get(l) ?? 0;
}
const BOUND = code('bound');
const DELETED = code('deleted');

/** The pod columns of a CycleFrame, plus what the replay needs to carry along. */
export interface PodState {
  location: Uint8Array;
  node: Int32Array;
  nominated: Int32Array;
  backoffUntil: Float64Array;
  /** 1 for a pod whose graceful deletion has started (a preemption victim, an evicted pod) */
  terminating: Uint8Array;
  /** the node the pod's latest cycle chose, for the move that binds it */
  chosen: Int32Array;
}

function copyState(s: PodState): PodState {
  return {
    location: s.location.slice(), node: s.node.slice(), nominated: s.nominated.slice(),
    backoffUntil: s.backoffUntil.slice(), terminating: s.terminating.slice(), chosen: s.chosen.slice(),
  };
}

export class PodStateReplay {
  private readonly podIndex = new Map<string, number>();
  private readonly nodeIndex = new Map<string, number>();
  private readonly moves: QueueMove[];
  /** movesBefore[k]: how many moves have happened when cycle k (0-based) starts */
  private readonly movesBefore: Int32Array;
  /** pods the move log never mentions (bound at time 0, or a result without a move log) */
  private readonly withoutMoves: Uint8Array;
  private readonly checkpoints: PodState[] = [];
  /** pods that get deleted at some point (the move log only records deletions of queued pods) */
  private readonly deleted: number[];
  /**
   * when each pod's graceful deletion started, from the event that evicted it (the taint manager,
   * node pressure, the Eviction API, the descheduler); NaN when no event tells. A preemption victim
   * is marked by its preemptor's cycle instead (its event comes during that cycle, not before).
   */
  private readonly deletionStart: Float64Array;

  constructor(private readonly result: SimulationResult) {
    result.pods.forEach((p, i) => this.podIndex.set(p.pod, i));
    // pods drawn on a node scale-down deleted later: it is indexed too (RunSummary.nodes order, then removed ones)
    nodesOverRun(result).forEach((n, i) => this.nodeIndex.set(n.name, i));
    this.moves = result.queue ?? [];
    this.withoutMoves = new Uint8Array(result.pods.length).fill(1);
    for (const m of this.moves) {
      const p = this.podIndex.get(m.pod);
      if (p !== undefined) this.withoutMoves[p] = 0;
    }
    this.deleted = result.pods.flatMap((p, i) => (p.deletedAt !== undefined ? [i] : []));
    this.deletionStart = this.deletionStarts();
    this.movesBefore = this.alignMovesToCycles();
    this.checkpoints.push(this.initialState());
  }

  private deletionStarts(): Float64Array {
    const start = new Float64Array(this.result.pods.length).fill(Number.NaN);
    const byObject = new Map<string, number>();
    for (const p of this.deleted) {
      const pod = this.result.pods[p]!;
      if (pod.reason !== undefined && pod.reason !== 'Preempted') byObject.set(`Pod/${pod.pod}`, p);
    }
    for (const event of this.result.events) {
      const p = byObject.get(event.object);
      if (p === undefined || event.reason !== this.result.pods[p]!.reason || event.time >= this.result.pods[p]!.deletedAt!) continue;
      start[p] = event.time;
      byObject.delete(event.object);
    }
    return start;
  }

  get cycleCount(): number {
    return this.result.cycles.length;
  }

  /** The pods when cycle `k` (0-based) starts; k = cycleCount gives the end of the run. */
  stateAt(k: number): PodState {
    const target = Math.max(0, Math.min(k, this.cycleCount));
    const start = Math.min(Math.floor(target / CHECKPOINT_EVERY), this.checkpoints.length - 1);
    const state = copyState(this.checkpoints[start]!);
    for (let c = start * CHECKPOINT_EVERY; c < target; c++) {
      this.advance(state, c);
      if ((c + 1) % CHECKPOINT_EVERY === 0 && this.checkpoints.length === (c + 1) / CHECKPOINT_EVERY) {
        this.checkpoints.push(copyState(state));
      }
    }
    return state;
  }

  /**
   * Where the pods that cycle `k` (0-based, starting in `start`) sees moved in the scheduling queue
   * are when its second ends: the moves after its pop, up to the next cycle's, at its own time (as
   * lessons/facts.ts queueAtEndOf reads them). A pod-group cycle's members are sent back together
   * after the last one's attempt (upstream schedule_one_podgroup.go).
   */
  queueAtEnd(k: number, start: PodState): QueueAtEnd[] {
    const cycle = this.result.cycles[k];
    if (cycle === undefined) return [];
    const last = new Map<number, QueueMove>();
    const end = this.movesBefore[k + 1] ?? this.moves.length;
    const next = this.result.cycles[k + 1];
    const nextPods = new Set(next === undefined ? [] : next.podGroup?.members ?? [next.pod]);
    for (let m = this.movesBefore[k]!; m < end; m++) {
      const move = this.moves[m]!;
      // the next cycle's pop (a pod group's: its members') starts it
      if (move.time > cycle.time || (move.to === 'scheduling' && !isWaitingToBind(move.from) && nextPods.has(move.pod))) break;
      const p = this.podIndex.get(move.pod);
      if (p !== undefined) last.set(p, move);
    }
    const moved: QueueAtEnd[] = [];
    for (const [p, move] of last) {
      if (code(move.to) === start.location[p]) continue;
      moved.push(move.to === 'backoffQ' && move.backoffUntil !== undefined
        ? { pod: move.pod, location: move.to, backoffUntil: move.backoffUntil } : { pod: move.pod, location: move.to });
    }
    return moved;
  }

  private initialState(): PodState {
    const n = this.result.pods.length;
    const state: PodState = {
      location: new Uint8Array(n), node: new Int32Array(n).fill(-1), nominated: new Int32Array(n).fill(-1),
      backoffUntil: new Float64Array(n).fill(-1), terminating: new Uint8Array(n), chosen: new Int32Array(n).fill(-1),
    };
    this.result.pods.forEach((p, i) => {
      if (!this.withoutMoves[i]) return;
      const bound = p.node !== undefined && !this.result.cycles.some((c) => c.pod === p.pod);
      state.location[i] = code(bound ? 'bound' : p.reason === 'SchedulingGated' ? 'gated' : 'activeQ');
      if (bound) state.node[i] = this.nodeIndex.get(p.node!) ?? -1;
    });
    for (let m = 0; m < (this.movesBefore[0] ?? this.moves.length); m++) this.applyMove(state, this.moves[m]!);
    const first = this.result.cycles[0];
    if (first !== undefined) this.applyDeletions(state, first.time);
    return state;
  }

  /** From the start of cycle c to the start of cycle c + 1. */
  private advance(state: PodState, c: number): void {
    const cycle = this.result.cycles[c]!;
    const p = this.podIndex.get(cycle.pod);
    if (p !== undefined) {
      if (cycle.selected !== undefined && (cycle.result === 'Scheduled' || cycle.result === 'Waiting' || cycle.bindingWait !== undefined)) {
        state.chosen[p] = this.nodeIndex.get(cycle.selected) ?? -1;
      }
      const chosen = cycle.postFilter?.chosen;
      if (chosen !== undefined) {
        state.nominated[p] = this.nodeIndex.get(chosen.node) ?? -1;
        for (const victim of chosen.victims) {
          const v = this.podIndex.get(victim);
          if (v !== undefined) state.terminating[v] = 1;
        }
      }
      // workload-aware preemption (a pod-group cycle's PodGroupPostFilter) deletes its victims the
      // same way: terminating from the next cycle, gone when their grace period ends (issue 19:
      // workload-aware-preemption drew the batch pods running beside the trainers bound at 60 s)
      const group = cycle.podGroup?.preemption;
      if (group?.result === 'Success') {
        for (const victim of group.victims) for (const { pod } of victim.pods) {
          const v = this.podIndex.get(pod);
          if (v !== undefined) state.terminating[v] = 1;
        }
      }
      if (this.withoutMoves[p]) {
        // no move log for this pod: the cycle's result is all there is to go on
        if (cycle.result === 'Scheduled') this.applyMove(state, { time: cycle.time, pod: cycle.pod, to: 'bound', reason: '' });
        else if (cycle.result === 'Unschedulable') state.location[p] = code('unschedulablePods');
      }
    }
    const end = this.movesBefore[c + 1] ?? this.moves.length;
    for (let m = this.movesBefore[c]!; m < end; m++) this.applyMove(state, this.moves[m]!);
    const next = this.result.cycles[c + 1];
    if (next !== undefined) this.applyDeletions(state, next.time);
  }

  /**
   * Pods deleted before a cycle at `time` are gone by then. At that very time, a deletion the
   * timeline or a controller made (a grace period ending, a `delete` step) comes before the cycle,
   * as session.ts's timeEvents orders them, and may be its cause (dra-gpus: trainer-1's end at
   * 90 s frees the GPUs trainer-2 gets at 90 s); a victim already terminating is gone too. Only a
   * preemption victim not yet marked is deleted by the scheduler during (or after) the cycle.
   */
  private applyDeletions(state: PodState, time: number): void {
    for (const p of this.deleted) {
      const at = this.result.pods[p]!.deletedAt!;
      if (state.location[p] === DELETED) continue;
      if (at < time || (at === time && (state.terminating[p] === 1 || this.result.pods[p]!.reason !== 'Preempted'))) {
        state.location[p] = DELETED;
        state.nominated[p] = -1;
      } else if (this.deletionStart[p]! <= time) {
        // evicted before this cycle, or at its very time (an eviction comes before the cycle, as
        // session.ts's timeEvents orders them): terminating until its grace period ends
        state.terminating[p] = 1;
      }
    }
  }

  private applyMove(state: PodState, move: QueueMove): void {
    const p = this.podIndex.get(move.pod);
    if (p === undefined) return;
    const to = code(move.to);
    state.location[p] = to;
    state.backoffUntil[p] = move.to === 'backoffQ' ? (move.backoffUntil ?? -1) : -1;
    if (isOnNode(move.to)) {
      if (state.node[p]! < 0) {
        const chosen = state.chosen[p]!;
        const finalNode = this.result.pods[p]!.node;
        state.node[p] = chosen >= 0 ? chosen : finalNode !== undefined ? (this.nodeIndex.get(finalNode) ?? -1) : -1;
      }
      if (to === BOUND) state.nominated[p] = -1;
    } else if (to === DELETED) {
      state.nominated[p] = -1;
    } else {
      state.node[p] = -1;
    }
  }

  /**
   * movesBefore[k] = index just past the move that pops cycle k's pod for scheduling. A pod-group
   * cycle pops all its members at once (upstream schedule_one_podgroup.go): its first member's
   * cycle starts past every member's pop, and the later members' cycles start where it did.
   */
  private alignMovesToCycles(): Int32Array {
    const cycles = this.result.cycles;
    const before = new Int32Array(cycles.length);
    let m = 0;
    cycles.forEach((cycle, k) => {
      const group = cycle.podGroup;
      if (group !== undefined && cycle.cycle > group.firstCycle && k > 0) {
        before[k] = before[k - 1]!;
        return;
      }
      let found = -1;
      for (let i = m; i < this.moves.length; i++) {
        const move = this.moves[i]!;
        // a pop from the queue; waitingOnPermit/waitingOnBinding -> scheduling is the same cycle's binding
        if (move.to === 'scheduling' && !isWaitingToBind(move.from) && move.pod === cycle.pod) { found = i; break; }
        if (move.time > cycle.time) break;
      }
      if (found >= 0) {
        m = found + 1;
        const members = new Set(group?.members);
        const isMemberPop = (move: QueueMove) => move.to === 'scheduling' && !isWaitingToBind(move.from) && members.has(move.pod);
        while (m < this.moves.length && isMemberPop(this.moves[m]!)) m++;
      } else {
        // no pop recorded: everything up to the cycle's time has happened
        while (m < this.moves.length && this.moves[m]!.time <= cycle.time) m++;
      }
      before[k] = m;
    });
    return before;
  }
}

/** A pod in these queue parts keeps its node (assumed or bound, or terminating after deletion starts). */
function isOnNode(to: QueueName): boolean {
  return to === 'bound' || isWaitingToBind(to);
}
