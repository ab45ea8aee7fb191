// Repeated events folded into one row with a count, as the cluster stores them and kubectl shows
// them ("3m (x12 over 10m)"): the first and last time are kept.
//
// Two recorders, two rules:
//  - kube-scheduler records through client-go tools/events (events.k8s.io/v1): an event isomorphic
//    to one it recorded before — same type, reason, reporting controller and instance, regarding
//    and related object; the note (message) is NOT part of the key — becomes that event's series
//    (count and lastObservedTime); the event keeps its first note. A series ends, and the next
//    such event starts a new one, when nothing joined it for 6 minutes (finishTime).
//    upstream: staging/src/k8s.io/client-go/tools/events/event_broadcaster.go (getKey, recordToSink, finishSeries).
//    Its Preempted event names the preemptor as the related object: Podplay keys it by its message,
//    which names the preemptor.
//  - the controllers record through client-go tools/record (core/v1) whose EventCorrelator counts
//    an identical event (same source, object, type, reason and message) into the first one's
//    count and lastTimestamp. Its spam filter and "(combined from similar events)" aggregation of
//    10 similar events in 10 minutes are not modelled.
//    upstream: staging/src/k8s.io/client-go/tools/record/events_cache.go (EventLogger, getEventKey).
// kubectl's rendering of both: staging/src/k8s.io/kubectl/pkg/describe/describe.go DescribeEvents.

/** the reasons kube-scheduler records (through tools/events) */
const SCHEDULER_REASONS = new Set(['Scheduled', 'FailedScheduling', 'Preempted']);
/** tools/events finishTime: a series with no new event for this long is finished */
export const SERIES_FINISH_SECONDS = 6 * 60;

export interface FoldableEvent { time: number; type: string; reason: string; object: string; message: string }

export interface FoldedEvent<E extends FoldableEvent> {
  /** the first event of the series (its message is the one the series keeps) */
  event: E;
  count: number;
  firstTime: number;
  lastTime: number;
}

/** The events with repeats folded, ordered by their last occurrence (as kubectl sorts by last seen). */
export function foldEvents<E extends FoldableEvent>(events: readonly E[]): FoldedEvent<E>[] {
  const open = new Map<string, { row: FoldedEvent<E>; last: number }>();
  const rows: { row: FoldedEvent<E>; last: number }[] = [];
  events.forEach((e, i) => {
    const scheduler = SCHEDULER_REASONS.has(e.reason);
    const key = `${e.type}\u0000${e.reason}\u0000${e.object}\u0000${scheduler && e.reason !== 'Preempted' ? '' : e.message}`;
    const found = open.get(key);
    if (found && (!scheduler || e.time - found.row.lastTime <= SERIES_FINISH_SECONDS)) {
      found.row.count++;
      found.row.lastTime = e.time;
      found.last = i;
      return;
    }
    const entry = { row: { event: e, count: 1, firstTime: e.time, lastTime: e.time }, last: i };
    open.set(key, entry);
    rows.push(entry);
  });
  return rows.sort((a, b) => a.last - b.last).map((r) => r.row);
}

/** kubectl's age column of a folded event: "<since last> (xN over <since first>)", or "<since first>" alone */
export function foldedAge<E extends FoldableEvent>(f: FoldedEvent<E>, age: (seconds: number) => string, now: number): string {
  return f.count > 1 ? `${age(now - f.lastTime)} (x${f.count} over ${age(now - f.firstTime)})` : age(now - f.firstTime);
}
