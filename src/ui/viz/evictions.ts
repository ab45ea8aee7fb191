// Node-pressure evictions on the stage (issue 19): which of the engine's recorded evictions a node
// card shows at the step on screen, and the QoS marks on the pod chips. Only selection by time and
// labels: the ranking is the kubelet's, recorded by the engine (SimulationResult.kubeletEvictions).

import type { KubeletEvictionOutcome, PodOutcome, TaintEvictionCountdown } from '../../engine/api';
import type { PodView } from '../../store/selectors';

/** how long after an eviction its node card still shows the ranking */
export const EVICTION_SHOWN_SECONDS = 60;

/** Each node's latest eviction at `time`, if it happened in the last EVICTION_SHOWN_SECONDS. */
export function evictionsAt(records: readonly KubeletEvictionOutcome[] | undefined, time: number): Map<string, KubeletEvictionOutcome> {
  const out = new Map<string, KubeletEvictionOutcome>();
  for (const r of records ?? []) {
    if (r.time <= time && time < r.time + EVICTION_SHOWN_SECONDS) out.set(r.node, r);
  }
  return out;
}

/**
 * The seconds left of each pod's tolerationSeconds wait at `time`: from the taint until the taint
 * eviction controller deletes the pod (SimulationResult.taintEvictionCountdowns), none once
 * cancelled.
 */
export function countdownsAt(records: readonly TaintEvictionCountdown[] | undefined, time: number): ReadonlyMap<string, number> {
  if (records === undefined) return NONE;
  // the same map for the same step, so the chips that read it re-render only when the step moves
  const last = lastCountdowns.get(records);
  if (last?.time === time) return last.map;
  const out = new Map<string, number>();
  for (const c of records ?? []) {
    if (c.from <= time && time < c.fireAt && (c.cancelledAt === undefined || time < c.cancelledAt)) out.set(c.pod, c.fireAt - time);
  }
  lastCountdowns.set(records, { time, map: out });
  return out;
}

const NONE: ReadonlyMap<string, number> = new Map();

/**
 * The seconds left of each leaving or terminating pod's grace period at `time`: until the engine
 * deleted it (PodOutcome.deletedAt; upstream the kubelet kills the pod after
 * terminationGracePeriodSeconds). None while a question hides what happens later (`hide`).
 */
export function graceLeft(pods: readonly PodView[], time: number, hide: boolean): ReadonlyMap<string, number> {
  if (hide) return NONE;
  const out = new Map<string, number>();
  for (const p of pods) {
    const { deletedAt } = p.outcome;
    if ((p.leaving || p.terminating) && deletedAt !== undefined && deletedAt > time) out.set(p.pod, deletedAt - time);
  }
  return out.size === 0 ? NONE : out;
}

/** The countdowns as drawn while a question asks when pods go (`hide`): each wait, not its end. */
export function hiddenCountdowns(countdowns: ReadonlyMap<string, number>, hide: boolean): ReadonlyMap<string, number | 'hidden'> {
  if (!hide || countdowns.size === 0) return countdowns;
  const last = lastHidden.get(countdowns);
  if (last !== undefined) return last;
  const out = new Map([...countdowns.keys()].map((pod) => [pod, 'hidden' as const]));
  lastHidden.set(countdowns, out);
  return out;
}

const lastHidden = new WeakMap<ReadonlyMap<string, number>, ReadonlyMap<string, 'hidden'>>();
const lastCountdowns = new WeakMap<readonly TaintEvictionCountdown[], { time: number; map: ReadonlyMap<string, number> }>();

type QOSClass = NonNullable<PodOutcome['qosClass']>;

const QOS_MARK: Record<QOSClass, string> = { Guaranteed: 'G', Burstable: 'Bu', BestEffort: 'BE' };

/** The chip's short QoS mark. */
export function qosMark(qos: QOSClass): string {
  return QOS_MARK[qos];
}

/** QoS marks go on the chips when the class tells pods apart (more than one class) or the kubelet evicted some. */
export function qosShown(pods: readonly PodOutcome[], records: readonly KubeletEvictionOutcome[] | undefined): boolean {
  if ((records?.length ?? 0) > 0) return true;
  const classes = new Set(pods.map((p) => p.qosClass).filter((q) => q !== undefined));
  return classes.size > 1;
}

/** Why the kubelet ranked a pod where it did, in its own order of comparisons (upstream rankMemoryPressure). */
export function rankedWhy(r: KubeletEvictionOutcome['ranked'][number]): string {
  return [r.exceedsRequest ? 'uses more than it requests' : '', `priority ${r.priority}`, r.qosClass, r.critical ? 'critical: passed over' : ''].filter(Boolean).join(' · ');
}
