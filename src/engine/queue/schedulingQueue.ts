// upstream: pkg/scheduler/backend/queue/scheduling_queue.go and backoff_queue.go — activeQ
// (a heap ordered by the QueueSort plugin), backoffQ (ordered by backoff expiry), and the
// unschedulable pool, on the simulated clock. Every move is recorded for the trace.

import type { QueueMove, QueueName } from '../api';
import type { ActionType, ClusterEventResource, ClusterEventWithHint, QueuedPodInfo } from '../framework/interfaces';
import type { PodInfo } from '../framework/podInfo';
import type { Pod } from '../model/types';
import { sameLabels } from '../model/selectors';
import type { Status } from '../framework/status';
import { sharedEmptySet } from '../framework/intern';
import { Heap } from './heap';
import { Nominator } from './nominator';

/** A queued pod's rejecting plugins before any rejected it: one empty set for all (never changed: a failure replaces it) */
const NO_PLUGINS = sharedEmptySet<string>('the empty set of plugins');

/** upstream: DefaultPodMaxInUnschedulablePodsDuration */
export const POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION = 5 * 60;
/** upstream: the unschedulable pool is checked every 30 s, the backoffQ every 1 s */
export const UNSCHEDULABLE_FLUSH_INTERVAL = 30;

export interface ClusterEvent {
  resource: Exclude<ClusterEventResource, '*' | 'Pod'>;
  actionType: ActionType;
  /** label shown in the trace, e.g. "NodeAdd", "AssignedPodDelete" */
  label: string;
}

export interface QueueOptions {
  less(a: QueuedPodInfo, b: QueuedPodInfo): boolean;
  /** runs the pod's profile's PreEnqueue plugins */
  preEnqueue(pod: PodInfo): Status;
  /** the events each plugin registered (EventsToRegister), by plugin name, for the pod's profile */
  pluginEvents(pod: PodInfo, pluginName: string): ClusterEventWithHint[];
  initialBackoff: number;
  maxBackoff: number;
  now(): number;
  record(move: QueueMove): void;
}

function eventMatches(registered: ClusterEventWithHint['event'], e: ClusterEvent): boolean {
  const resourceOk = registered.resource === '*' || registered.resource === e.resource
    || (registered.resource === 'Pod' && (e.resource === 'AssignedPod' || e.resource === 'UnscheduledPod'));
  if (!resourceOk) return false;
  return registered.actionType.some((a) => a === 'All' || a === e.actionType
    || (a === 'Update' && e.actionType.startsWith('Update')));
}

export class SchedulingQueue {
  private readonly activeQ: Heap<QueuedPodInfo>;
  private readonly backoffQ: Heap<QueuedPodInfo>;
  private readonly errorBackoffQ: Heap<QueuedPodInfo>;
  private readonly unschedulable = new Map<string, QueuedPodInfo>();
  /**
   * The gated pods of `unschedulable`, counted by (profile, rejecting plugins), with one pod of
   * each kind to ask for its plugins' registered events. An event none of those registrations
   * matches cannot move a gated pod, so it walks only the pods waiting for an event: a bind costs
   * the same with 10,000 gated pods as with none (upstream: the queue looks only at the pods
   * whose plugins registered for the event; SchedulingGates registers only for
   * Pod/UpdatePodSchedulingGatesEliminated — pkg/scheduler/backend/queue/scheduling_queue.go).
   */
  private readonly gatedKinds = new Map<string, { count: number; podInfo: PodInfo; plugins: string[] }>();
  /** the pods of `unschedulable` that are not gated, in the same order */
  private readonly waiting = new Map<string, QueuedPodInfo>();
  private readonly gatedKindOf = new Map<string, string>();
  /** pods handed to a scheduling cycle and not yet back, with the number of in-flight events recorded when each was popped */
  private readonly inFlight = new Map<string, number>();
  /**
   * upstream: activeQueue.inFlightEvents — the cluster events that happened while a pod was in
   * flight (its cycle, a wait at Permit or in PreBind), replayed when it comes back rejected.
   * `firstInFlightEvent` is the number of the oldest one kept.
   */
  private inFlightEvents: { event: ClusterEvent; oldObj: unknown; newObj: unknown }[] = [];
  private firstInFlightEvent = 0;
  readonly nominator = new Nominator();
  private sequence = 0;

  constructor(private readonly opts: QueueOptions) {
    const key = (q: QueuedPodInfo) => q.podInfo.key;
    this.activeQ = new Heap(key, opts.less);
    const byExpiry = (a: QueuedPodInfo, b: QueuedPodInfo) => {
      const ea = this.backoffExpiry(a), eb = this.backoffExpiry(b);
      return ea !== eb ? ea < eb : opts.less(a, b);
    };
    this.backoffQ = new Heap(key, byExpiry);
    this.errorBackoffQ = new Heap(key, byExpiry);
  }

  private move(q: QueuedPodInfo, from: QueueName | undefined, to: QueueName, reason: string): void {
    const m: QueueMove = { time: this.opts.now(), pod: q.podInfo.key, to, reason };
    if (from) m.from = from;
    if (to === 'backoffQ') m.backoffUntil = this.backoffExpiry(q);
    this.opts.record(m);
  }

  /** A new pending pod (upstream: Add). PreEnqueue decides between activeQ and the gated pool. */
  add(podInfo: PodInfo, reason = 'PodAdd'): void {
    const now = this.opts.now();
    const q: QueuedPodInfo = {
      podInfo, timestamp: now, sequence: ++this.sequence, initialAttemptTimestamp: undefined, attempts: 0, unschedulableCount: 0,
      consecutiveErrorsCount: 0, unschedulablePlugins: NO_PLUGINS, pendingPlugins: NO_PLUGINS,
    };
    this.moveToActiveQ(q, undefined, reason);
  }

  /** upstream: moveToActiveQ — runs PreEnqueue; a rejected pod waits, gated, in the unschedulable pool. */
  private moveToActiveQ(q: QueuedPodInfo, from: QueueName | undefined, reason: string): boolean {
    const s = this.opts.preEnqueue(q.podInfo);
    if (!s.isSuccess()) {
      q.gatingPlugin = s.plugin;
      this.unschedulable.set(q.podInfo.key, q);
      this.countGated(q);
      if (from !== 'gated') this.move(q, from, 'gated', `PreEnqueue: ${s.plugin ?? ''}: ${s.message()}`);
      return false;
    }
    q.gatingPlugin = undefined;
    this.removeFromPool(q.podInfo.key);
    this.activeQ.addOrUpdate(q);
    this.move(q, from, 'activeQ', reason);
    return true;
  }

  /** the reason a pod is gated, if it is */
  gatingStatus(podKey: string): QueuedPodInfo | undefined {
    const q = this.unschedulable.get(podKey);
    return q?.gatingPlugin ? q : undefined;
  }

  /**
   * upstream: Pop. With SchedulerPopFromBackoffQ (beta, on by default since v1.33) an empty
   * activeQ lets the scheduler take the first pod of the (non-error) backoffQ early.
   */
  pop(): QueuedPodInfo | undefined {
    this.flushBackoffQCompleted();
    let q = this.activeQ.pop();
    let from: QueueName = 'activeQ';
    if (!q) { q = this.backoffQ.pop(); from = 'backoffQ'; }
    if (!q) return undefined;
    q.attempts++;
    q.initialAttemptTimestamp ??= this.opts.now();
    this.inFlight.set(q.podInfo.key, this.firstInFlightEvent + this.inFlightEvents.length);
    this.move(q, from, 'scheduling', 'Pop');
    return q;
  }

  /**
   * upstream: PopSpecificPod (v1.36, the pod-group cycle) — takes one more pod of a group out of
   * whichever queue holds it (not a gated one) for the cycle already running.
   */
  popSpecific(podKey: string): QueuedPodInfo | undefined {
    let q: QueuedPodInfo | undefined;
    let from: QueueName = 'activeQ';
    for (const [heap, name] of [[this.activeQ, 'activeQ'], [this.backoffQ, 'backoffQ'], [this.errorBackoffQ, 'backoffQ']] as const) {
      q = heap.get(podKey);
      if (q) { heap.delete(podKey); from = name; break; }
    }
    if (!q) {
      const waiting = this.unschedulable.get(podKey);
      if (!waiting || waiting.gatingPlugin) return undefined;
      this.removeFromPool(podKey);
      q = waiting;
      from = 'unschedulablePods';
    }
    q.attempts++;
    q.initialAttemptTimestamp ??= this.opts.now();
    this.inFlight.set(podKey, this.firstInFlightEvent + this.inFlightEvents.length);
    this.move(q, from, 'scheduling', 'Pop (pod group)');
    return q;
  }

  /** upstream: Done — the cycle for this pod is over (bound or requeued). */
  done(podKey: string): void {
    this.inFlight.delete(podKey);
    // events older than every pod still in flight are nobody's any more
    let oldest = this.firstInFlightEvent + this.inFlightEvents.length;
    for (const n of this.inFlight.values()) oldest = Math.min(oldest, n);
    if (oldest > this.firstInFlightEvent) {
      this.inFlightEvents = this.inFlightEvents.slice(oldest - this.firstInFlightEvent);
      this.firstInFlightEvent = oldest;
    }
  }

  /** upstream: addEventIfAnyInFlight */
  private recordInFlight(event: ClusterEvent, oldObj: unknown, newObj: unknown): void {
    if (this.inFlight.size > 0) this.inFlightEvents.push({ event, oldObj, newObj });
  }

  /**
   * upstream: determineSchedulingHintForInFlightPod — whether an event that happened while the
   * pod was in flight may make it schedulable (its rejecting plugins' hints decide).
   */
  private worthRequeuingAfterFlight(q: QueuedPodInfo): boolean {
    const from = this.inFlight.get(q.podInfo.key);
    if (from === undefined) return false;
    for (let i = Math.max(0, from - this.firstInFlightEvent); i < this.inFlightEvents.length; i++) {
      const e = this.inFlightEvents[i]!;
      if (this.isPodWorthRequeuing(q, e.event, e.oldObj, e.newObj)) return true;
    }
    return false;
  }

  /** upstream: calculateBackoffDuration — initial × 2^(count−1), capped. */
  backoffDuration(q: QueuedPodInfo): number {
    // upstream (v1.35, PR #128748): consecutive errors count when the last failure was an error
    const count = q.consecutiveErrorsCount > 0 ? q.consecutiveErrorsCount : q.unschedulableCount;
    if (count <= 0) return 0;
    let d = this.opts.initialBackoff;
    for (let i = 1; i < count; i++) {
      d *= 2;
      if (d >= this.opts.maxBackoff) return this.opts.maxBackoff;
    }
    return Math.min(d, this.opts.maxBackoff);
  }

  backoffExpiry(q: QueuedPodInfo): number {
    return q.timestamp + this.backoffDuration(q);
  }

  private isBackingOff(q: QueuedPodInfo): boolean {
    return this.backoffExpiry(q) > this.opts.now();
  }

  /**
   * upstream: AddUnschedulableIfNotPresent — after a failed cycle. A pod that failed with an
   * error goes to the error backoffQ; a rejected pod to the unschedulable pool until an event
   * may help it.
   */
  addUnschedulableIfNotPresent(q: QueuedPodInfo, kind: 'rejected' | 'error', unschedulablePlugins: Set<string>, pendingPlugins: Set<string>): void {
    q.timestamp = this.opts.now();
    q.sequence = ++this.sequence;
    if (kind === 'error') {
      q.consecutiveErrorsCount++;
      q.unschedulablePlugins = NO_PLUGINS;
      q.pendingPlugins = NO_PLUGINS;
      this.done(q.podInfo.key);
      this.errorBackoffQ.addOrUpdate(q);
      this.move(q, 'scheduling', 'backoffQ', 'ScheduleAttemptFailure (error)');
      return;
    }
    q.unschedulableCount++;
    q.consecutiveErrorsCount = 0;
    q.unschedulablePlugins = unschedulablePlugins;
    q.pendingPlugins = pendingPlugins;
    // upstream: an event while the pod was in flight may already have made it schedulable
    const worth = this.worthRequeuingAfterFlight(q);
    this.done(q.podInfo.key);
    if (worth && this.isBackingOff(q)) {
      this.backoffQ.addOrUpdate(q);
      this.move(q, 'scheduling', 'backoffQ', 'ScheduleAttemptFailure');
    } else if (worth) {
      this.activeQ.addOrUpdate(q);
      this.move(q, 'scheduling', 'activeQ', 'ScheduleAttemptFailure');
    } else {
      this.unschedulable.set(q.podInfo.key, q);
      this.waiting.set(q.podInfo.key, q);
      this.move(q, 'scheduling', 'unschedulablePods', 'ScheduleAttemptFailure');
    }
  }

  /** moves backoffQ pods whose backoff expired to activeQ (upstream: flushBackoffQCompleted, every 1 s) */
  flushBackoffQCompleted(): void {
    for (const heap of [this.backoffQ, this.errorBackoffQ]) {
      for (let q = heap.peek(); q && !this.isBackingOff(q); q = heap.peek()) {
        heap.pop();
        this.moveToActiveQ(q, 'backoffQ', 'BackoffComplete');
      }
    }
  }

  /** upstream: flushUnschedulablePodsLeftover — pods stuck longer than 5 min are retried. */
  flushUnschedulablePodsLeftover(): void {
    const now = this.opts.now();
    // upstream compares strictly: Since(timestamp) > podMaxInUnschedulablePodsDuration
    const stale = [...this.unschedulable.values()].filter((q) => !q.gatingPlugin && now - q.timestamp > POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION);
    for (const q of stale) this.requeue(q, 'UnschedulableTimeout');
  }

  /** the next time at which the queue itself would move a pod (backoff expiry, pool timeout) */
  nextWakeTime(includeUnschedulableTimeout: boolean): number | undefined {
    let next: number | undefined;
    const consider = (t: number) => { if (next === undefined || t < next) next = t; };
    for (const heap of [this.backoffQ, this.errorBackoffQ]) {
      const q = heap.peek();
      if (q) consider(this.backoffExpiry(q));
    }
    if (includeUnschedulableTimeout) {
      // the pool's pods that wait for an event (gated pods never time out): the walk costs
      // nothing per gated pod, so a step of the timeline with 10,000 gated pods costs the same
      for (const q of this.waiting.values()) {
        // checked every 30 s: the first check strictly after timestamp + 5 min
        const due = q.timestamp + POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION;
        consider((Math.floor(due / UNSCHEDULABLE_FLUSH_INTERVAL) + 1) * UNSCHEDULABLE_FLUSH_INTERVAL);
      }
    }
    return next;
  }

  private requeue(q: QueuedPodInfo, reason: string): void {
    this.removeFromPool(q.podInfo.key);
    if (this.isBackingOff(q)) {
      this.backoffQ.addOrUpdate(q);
      this.move(q, 'unschedulablePods', 'backoffQ', reason);
    } else {
      this.moveToActiveQ(q, 'unschedulablePods', reason);
    }
  }

  /**
   * upstream: MoveAllToActiveOrBackoffQueue with QueueingHints — a pod moves when one of the
   * plugins that rejected it registered for the event and its hint says Queue. A pod rejected
   * by no plugin moves on any event. `preCheck` (upstream PreEnqueueCheck) limits the pods of the
   * unschedulable pool that are considered; pods in flight record the event whatever it says.
   */
  moveAllToActiveOrBackoffQueue(event: ClusterEvent, oldObj?: unknown, newObj?: unknown, except?: string, preCheck?: (pod: Pod) => boolean): void {
    this.recordInFlight(event, oldObj, newObj);
    const pool = this.gatedKinds.size === 0 || this.someGatedPodRegistered(event)
      ? [...this.unschedulable.values()]
      : [...this.waiting.values()];
    for (const q of pool) {
      if (q.podInfo.key === except) continue;
      if (preCheck && !preCheck(q.podInfo.pod)) continue;
      if (!this.isPodWorthRequeuing(q, event, oldObj, newObj)) continue;
      // A pod held at PreEnqueue goes through PreEnqueue again (upstream: moveToActiveQ).
      if (q.gatingPlugin) this.moveToActiveQ(q, 'gated', event.label);
      else this.requeue(q, event.label);
    }
  }

  private rejectors(q: QueuedPodInfo): string[] {
    return [...q.unschedulablePlugins, ...q.pendingPlugins, ...(q.gatingPlugin ? [q.gatingPlugin] : [])];
  }

  /** counts a gated pod in `gatedKinds` (once, however often PreEnqueue keeps it gated) */
  private countGated(q: QueuedPodInfo): void {
    const key = q.podInfo.key;
    const kind = `${q.podInfo.pod.spec.schedulerName ?? ''}\0${this.rejectors(q).join('\0')}`;
    const old = this.gatedKindOf.get(key);
    if (old === kind) return;
    if (old !== undefined) this.uncountGated(key);
    const entry = this.gatedKinds.get(kind);
    if (entry) entry.count++;
    else this.gatedKinds.set(kind, { count: 1, podInfo: q.podInfo, plugins: this.rejectors(q) });
    this.gatedKindOf.set(key, kind);
  }

  private uncountGated(key: string): void {
    const kind = this.gatedKindOf.get(key);
    if (kind === undefined) return;
    this.gatedKindOf.delete(key);
    const entry = this.gatedKinds.get(kind)!;
    if (--entry.count === 0) this.gatedKinds.delete(kind);
  }

  private removeFromPool(key: string): void {
    this.unschedulable.delete(key);
    this.waiting.delete(key);
    this.uncountGated(key);
  }

  /** whether a plugin that holds some gated pod registered for the event (then every pod is checked, as before) */
  private someGatedPodRegistered(event: ClusterEvent): boolean {
    for (const { podInfo, plugins } of this.gatedKinds.values()) {
      for (const plugin of plugins) {
        if (this.opts.pluginEvents(podInfo, plugin).some((reg) => eventMatches(reg.event, event))) return true;
      }
    }
    return false;
  }

  /** upstream: isPodWorthRequeuing — the rejecting (or gating) plugins' registered events and hints decide. */
  private isPodWorthRequeuing(q: QueuedPodInfo, event: ClusterEvent, oldObj: unknown, newObj: unknown): boolean {
    const rejectors = this.rejectors(q);
    if (rejectors.length === 0) return true;
    for (const plugin of rejectors) {
      for (const reg of this.opts.pluginEvents(q.podInfo, plugin)) {
        if (!eventMatches(reg.event, event)) continue;
        if (!reg.hint || reg.hint(q.podInfo.pod, oldObj, newObj) === 'Queue') return true;
      }
    }
    return false;
  }

  /**
   * upstream: Update — a pending pod changed (e.g. a scheduling gate removed). Gated pods run
   * PreEnqueue again; others are updated in place.
   */
  update(podInfo: PodInfo, reason: string, oldPod?: Pod): void {
    const key = podInfo.key;
    // upstream: PodSchedulingPropertiesChange — a label change is UpdatePodLabel (with the old pod
    // for the hints); any other change stays the generic Update
    const labelsChanged = oldPod !== undefined && !sameLabels(oldPod.metadata.labels, podInfo.pod.metadata.labels);
    const event = { resource: 'UnscheduledPod', actionType: labelsChanged ? 'UpdatePodLabel' : 'Update', label: reason } as const;
    const old = labelsChanged ? oldPod : undefined;
    // upstream: addEventsIfPodInFlight — the pod's own update, replayed if it comes back rejected
    if (this.inFlight.has(key)) { this.recordInFlight(event, old, podInfo.pod); return; }
    for (const heap of [this.activeQ, this.backoffQ, this.errorBackoffQ]) {
      const q = heap.get(key);
      if (q) { q.podInfo = podInfo; heap.addOrUpdate(q); return; }
    }
    const q = this.unschedulable.get(key);
    if (!q) return;
    q.podInfo = podInfo;
    if (q.gatingPlugin) { this.moveToActiveQ(q, 'gated', reason); return; }
    if (this.isPodWorthRequeuing(q, event, old, podInfo.pod)) this.requeue(q, reason);
  }

  /** upstream: Delete */
  delete(podKey: string): void {
    for (const heap of [this.activeQ, this.backoffQ, this.errorBackoffQ]) heap.delete(podKey);
    this.removeFromPool(podKey);
    this.done(podKey);
    this.nominator.deleteNominatedPodIfExists(podKey);
  }

  /** upstream: Activate — move pods to activeQ right away (used by gang scheduling) */
  activate(podKeys: string[]): void {
    for (const key of podKeys) {
      const q = this.unschedulable.get(key) ?? this.backoffQ.get(key);
      if (!q || q.gatingPlugin) continue;
      this.removeFromPool(key);
      this.backoffQ.delete(key);
      this.moveToActiveQ(q, 'unschedulablePods', 'ForceActivate');
    }
  }

  has(podKey: string): boolean {
    return this.activeQ.has(podKey) || this.backoffQ.has(podKey) || this.errorBackoffQ.has(podKey) || this.unschedulable.has(podKey) || this.inFlight.has(podKey);
  }

  get activeLength(): number { return this.activeQ.length; }
  get backoffLength(): number { return this.backoffQ.length + this.errorBackoffQ.length; }
  /** pods waiting for an event (not gated) */
  get unschedulableLength(): number { return this.waiting.size; }

  pendingPods(): QueuedPodInfo[] {
    return [...this.activeQ.list(), ...this.backoffQ.list(), ...this.errorBackoffQ.list(), ...this.unschedulable.values()];
  }
}
