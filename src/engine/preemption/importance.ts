// upstream: pkg/scheduler/util/utils.go (GetPodStartTime, GetEarliestPodStartTime, MoreImportantPod).
// How preemption ranks pods: priority first, then the longer-running pod is more important.

import { podPriority } from '../framework/podInfo';
import type { Pod } from '../model/types';

/** status.startTime, or `now` for pods that have not started (assumed or just bound). */
export function podStartTime(pod: Pod, now: number): number {
  return pod.status.startTime ?? now;
}

/** The rule of MoreImportantPod on a pod's priority and start time. */
function moreImportant(priorityA: number, startA: number, priorityB: number, startB: number): boolean {
  return priorityA !== priorityB ? priorityA > priorityB : startA < startB;
}

/** upstream: MoreImportantPod — higher priority; equal priority: earlier start time. */
export function moreImportantPod(a: Pod, b: Pod, now: number): boolean {
  return moreImportant(podPriority(a), podStartTime(a, now), podPriority(b), podStartTime(b, now));
}

/**
 * Sorts in place, most important first (moreImportantPod). Stable, like Go's sort.Slice on the
 * short lists preemption sorts (pdqsort falls back to insertion sort up to 12 elements); the order
 * of ties in longer lists is unspecified upstream. Each pod's priority and start time are read
 * once, not at every comparison: a dry run sorts the pods of hundreds of nodes a cycle.
 */
export function sortByImportance<T>(items: T[], podOf: (item: T) => Pod, now: number): T[] {
  if (items.length < 2) return items;
  const keyed = items.map((item) => {
    const pod = podOf(item);
    return { item, priority: podPriority(pod), start: podStartTime(pod, now) };
  });
  keyed.sort((a, b) => {
    if (moreImportant(a.priority, a.start, b.priority, b.start)) return -1;
    return moreImportant(b.priority, b.start, a.priority, a.start) ? 1 : 0;
  });
  for (let i = 0; i < keyed.length; i++) items[i] = keyed[i]!.item;
  return items;
}

/** upstream: GetEarliestPodStartTime — the earliest start among the highest-priority victims. */
export function earliestStartOfMostImportant(victims: readonly Pod[], now: number): number | undefined {
  const first = victims[0];
  if (first === undefined) return undefined;
  let earliest = podStartTime(first, now);
  let maxPriority = podPriority(first);
  for (const pod of victims) {
    const p = podPriority(pod);
    if (p === maxPriority) {
      earliest = Math.min(earliest, podStartTime(pod, now));
    } else if (p > maxPriority) {
      maxPriority = p;
      earliest = podStartTime(pod, now);
    }
  }
  return earliest;
}
