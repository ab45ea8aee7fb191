// upstream: pkg/scheduler/util/utils.go (GetPodStartTime, GetEarliestPodStartTime, MoreImportantPod).
// How preemption ranks pods: priority first, then the longer-running pod is more important.

import { podPriority } from '../framework/podInfo';
import type { Pod } from '../model/types';

/** status.startTime, or `now` for pods that have not started (assumed or just bound). */
export function podStartTime(pod: Pod, now: number): number {
  return pod.status.startTime ?? now;
}

/** upstream: MoreImportantPod — higher priority; equal priority: earlier start time. */
export function moreImportantPod(a: Pod, b: Pod, now: number): boolean {
  const pa = podPriority(a), pb = podPriority(b);
  if (pa !== pb) return pa > pb;
  return podStartTime(a, now) < podStartTime(b, now);
}

/**
 * Sorts in place, most important first. Stable, like Go's sort.Slice on the short lists
 * preemption sorts (pdqsort falls back to insertion sort up to 12 elements); the order of ties in
 * longer lists is unspecified upstream.
 */
export function sortByImportance<T>(items: T[], podOf: (item: T) => Pod, now: number): T[] {
  return items.sort((x, y) => {
    const a = podOf(x), b = podOf(y);
    if (moreImportantPod(a, b, now)) return -1;
    if (moreImportantPod(b, a, now)) return 1;
    return 0;
  });
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
