// The trace's memory budget. Every cycle keeps its whole explanation (a verdict per node), so a
// pod that fits nowhere, retried every five minutes for a long simulated time, would fill the
// memory with copies of one explanation. A retry whose trace equals the pod's attempt before
// shares that attempt's pieces (the trace reads the same, at the cost of one entry); the run
// stops, with a message saying what to change, when the trace or the unchanged retries exceed
// LIMITS.

import type { CycleTrace } from '../api';
import { formatCount, LIMITS } from '../limits';
import { quote } from '../model/quote';
import { evaluatedNodes, perNodeBytes, scoredNodes } from '../scheduler/traceRecords';

/** the fields that identify an attempt rather than describe it */
const IDENTITY = new Set<keyof CycleTrace>(['cycle', 'time']);

/** Structural equality of plain trace data, cheap where pieces are shared (frozen verdict lists). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/**
 * The two attempts explain the same thing: equal in everything but their cycle number and time,
 * and the number of the group cycle's first cycle when both are a pod group's (a member retried
 * with the same result is in a later group cycle each time: without this a refused group was never
 * an unchanged retry, and retried every 10 s until the horizon).
 */
export function sameAttempt(a: CycleTrace, b: CycleTrace): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof CycleTrace)[]);
  for (const k of keys) {
    if (IDENTITY.has(k)) continue;
    if (k === 'podGroup' && a.podGroup && b.podGroup) {
      if (!sameValue({ ...a.podGroup, firstCycle: 0 }, { ...b.podGroup, firstCycle: 0 })) return false;
    } else if (!sameValue(a[k], b[k])) return false;
  }
  return true;
}

/** Entries a trace holds: the cycle, each node evaluated, each node scored, each preemption candidate. */
export function traceEntries(t: CycleTrace): number {
  let n = 1 + evaluatedNodes(t);
  n += scoredNodes(t);
  if (t.postFilter) n += t.postFilter.candidates.length + (t.postFilter.rejected ? Object.keys(t.postFilter.rejected).length : 0);
  return n;
}

/** bytes counted for a cycle's own record (pod, result, messages, plugin lists), for a retry that shares the one before, and for a preemption candidate */
const CYCLE_BYTES = 1024;
const SHARED_RETRY_BYTES = 128;
const CANDIDATE_BYTES = 256;

/** The memory a finished cycle's trace holds, estimated (LIMITS.traceBytes). */
export function traceBytes(t: CycleTrace): number {
  let bytes = CYCLE_BYTES + perNodeBytes(t);
  if (t.postFilter) bytes += CANDIDATE_BYTES * (t.postFilter.candidates.length + (t.postFilter.rejected ? Object.keys(t.postFilter.rejected).length : 0));
  return bytes;
}

const endSooner = 'or end the run sooner (an earlier last timeline step, or a smaller --until)';

export class TraceBudget {
  /** entries kept so far (cycles, nodes evaluated and scored, candidates), for the record */
  entries = 0;
  /** bytes the trace holds so far, estimated */
  bytes = 0;
  /** retries that shared the attempt before, in the whole run */
  unchangedRetries = 0;
  private readonly last = new Map<string, CycleTrace>();
  private readonly inARow = new Map<string, number>();

  /**
   * Accounts for a finished cycle (sharing the pieces of an unchanged retry); returns why the
   * run must stop, if it must.
   */
  account(trace: CycleTrace, cycles: number): string | undefined {
    const prev = this.last.get(trace.pod);
    this.last.set(trace.pod, trace);
    // an error retried after backoff with the same result counts as well (a DRA allocation timeout
    // from v1.36, kubernetes PR #137607, is retried every 10 s for as long as the run lasts)
    if ((trace.result === 'Unschedulable' || trace.result === 'Error') && prev?.result === trace.result && sameAttempt(prev, trace)) {
      share(prev, trace);
      this.entries++;
      this.bytes += SHARED_RETRY_BYTES;
      this.unchangedRetries++;
      const inARow = (this.inARow.get(trace.pod) ?? 0) + 1;
      this.inARow.set(trace.pod, inARow);
      if (inARow >= LIMITS.unchangedRetriesPerPod) {
        return `the run stopped at ${formatCount(trace.time)} s of simulated time: pod ${quote(trace.pod)} was retried ${formatCount(inARow)} times in a row with the same result, ${quote(trace.message ?? trace.result)} (Podplay's limit is ${formatCount(LIMITS.unchangedRetriesPerPod)}). Make the pod schedulable, ${endSooner}`;
      }
      if (this.unchangedRetries >= LIMITS.unchangedRetriesPerRun) {
        return `the run stopped at ${formatCount(trace.time)} s of simulated time: pods were retried ${formatCount(this.unchangedRetries)} times with the same result as their attempt before (Podplay's limit is ${formatCount(LIMITS.unchangedRetriesPerRun)} in a run; the last was ${quote(trace.pod)}). Make the pending pods schedulable, ${endSooner}`;
      }
    } else {
      this.inARow.delete(trace.pod);
      this.entries += traceEntries(trace);
      this.bytes += traceBytes(trace);
    }
    if (this.bytes > LIMITS.traceBytes) {
      return `the run stopped at ${formatCount(trace.time)} s of simulated time: its trace reached about ${formatCount(Math.round(this.bytes / 2 ** 20))} MB (${formatCount(this.entries)} entries: a verdict or score per node per cycle; Podplay's limit is ${formatCount(LIMITS.traceBytes / 2 ** 20)} MB). Use fewer nodes or pods, ${endSooner}`;
    }
    if (cycles >= LIMITS.cyclesPerRun) {
      return `the run stopped at ${formatCount(trace.time)} s of simulated time after ${formatCount(cycles)} scheduling cycles (Podplay's limit). Use fewer pods, make the pending ones schedulable, ${endSooner}`;
    }
    return undefined;
  }
}

/** `trace` takes `prev`'s pieces (equal to its own): one copy in memory for both. */
function share(prev: CycleTrace, trace: CycleTrace): void {
  const target = trace as unknown as Record<string, unknown>;
  const source = prev as unknown as Record<string, unknown>;
  for (const k of Object.keys(trace)) {
    // a pod group's record names its own group cycle (sameAttempt): it stays the retry's own
    if (IDENTITY.has(k as keyof CycleTrace) || k === 'podGroup') continue;
    const value = source[k];
    // a per-node record kept compact (scheduler/traceRecords.ts) is built once, for both; a frozen
    // trace (one a fix search's snapshot shares with its forks: whatIf/variantSnapshot.ts) keeps its own
    if (Object.getOwnPropertyDescriptor(prev, k)?.get && !Object.isFrozen(prev)) source[k] = value;
    target[k] = value;
  }
}
