// upstream: pkg/controller/nodelifecycle/node_lifecycle_controller.go (v1.35) — the taints the
// node lifecycle controller owns: TaintNodesByCondition (doNoScheduleTaintingPass: conditions and
// spec.unschedulable → NoSchedule taints) and taint-based eviction (processTaintBaseEviction +
// doNoExecuteTaintingPass: Ready False/Unknown → not-ready/unreachable NoExecute taints), with
// the zone disruption rules that slow or stop NoExecute tainting (handleDisruption).
// pkg/controller/util/node/controller_utils.go (SwapNodeControllerTaint, MarkPodsNotReady),
// pkg/util/taints/taints.go (TaintSetDiff, AddOrUpdateTaint, DeleteTaint).
//
// Pure: functions return the node (or decisions) to write; `now` is simulated seconds.
// The simulation has no kubelet heartbeats or leases, so monitorNodeHealth's grace periods are
// not modelled: the node's conditions are taken as observed, and a node without a Ready
// condition counts as Ready (the simulated kubelet always reports).

import type { ClusterEvent } from '../api';
import {
  TAINT_NODE_DISK_PRESSURE, TAINT_NODE_MEMORY_PRESSURE, TAINT_NODE_NETWORK_UNAVAILABLE, TAINT_NODE_NOT_READY, TAINT_NODE_PID_PRESSURE,
  TAINT_NODE_UNREACHABLE, TAINT_NODE_UNSCHEDULABLE,
} from '../model/taints';
import type { Node, NodeCondition, Pod, Taint } from '../model/types';
import { podKey } from '../model/types';

type ConditionStatus = NodeCondition['status'];

/** upstream: UnreachableTaintTemplate */
export const UNREACHABLE_TAINT_TEMPLATE: Readonly<Taint> = { key: TAINT_NODE_UNREACHABLE, effect: 'NoExecute' };
/** upstream: NotReadyTaintTemplate */
export const NOT_READY_TAINT_TEMPLATE: Readonly<Taint> = { key: TAINT_NODE_NOT_READY, effect: 'NoExecute' };

/** upstream: nodeConditionToTaintKeyStatusMap */
const NODE_CONDITION_TO_TAINT_KEY: Record<string, Partial<Record<ConditionStatus, string>>> = {
  Ready: { False: TAINT_NODE_NOT_READY, Unknown: TAINT_NODE_UNREACHABLE },
  MemoryPressure: { True: TAINT_NODE_MEMORY_PRESSURE },
  DiskPressure: { True: TAINT_NODE_DISK_PRESSURE },
  NetworkUnavailable: { True: TAINT_NODE_NETWORK_UNAVAILABLE },
  PIDPressure: { True: TAINT_NODE_PID_PRESSURE },
};

/** upstream: taintKeyToNodeConditionMap — the condition taint keys the controller owns */
const CONDITION_TAINT_KEYS = new Set([TAINT_NODE_NOT_READY, TAINT_NODE_UNREACHABLE, TAINT_NODE_NETWORK_UNAVAILABLE, TAINT_NODE_MEMORY_PRESSURE, TAINT_NODE_DISK_PRESSURE, TAINT_NODE_PID_PRESSURE]);

/** upstream: Taint.MatchTaint — taints are unique by key and effect */
const matchTaint = (a: Taint, b: Taint): boolean => a.key === b.key && a.effect === b.effect;
/** upstream: taintutils.TaintExists */
export const taintExists = (taints: readonly Taint[] | undefined, t: Taint): boolean => (taints ?? []).some((x) => matchTaint(x, t));

/** The Ready condition's status as the controller sees it (a node without one counts as Ready, see above). */
export function nodeReadyStatus(node: Node): ConditionStatus {
  return node.status.conditions?.find((c) => c.type === 'Ready')?.status ?? 'True';
}

/** upstream: doNoScheduleTaintingPass's wanted taints — conditions in status order, then spec.unschedulable. */
export function noScheduleTaintsForConditions(node: Node): Taint[] {
  const taints: Taint[] = [];
  for (const c of node.status.conditions ?? []) {
    const key = NODE_CONDITION_TO_TAINT_KEY[c.type]?.[c.status];
    if (key) taints.push({ key, effect: 'NoSchedule' });
  }
  if (node.spec.unschedulable) taints.push({ key: TAINT_NODE_UNSCHEDULABLE, effect: 'NoSchedule' });
  return taints;
}

/** The NoExecute taint processTaintBaseEviction wants for the Ready condition, if any. */
function noExecuteTaintForReady(status: ConditionStatus): Taint | undefined {
  if (status === 'False') return { ...NOT_READY_TAINT_TEMPLATE };
  if (status === 'Unknown') return { ...UNREACHABLE_TAINT_TEMPLATE };
  return undefined;
}

/**
 * Every controller-owned taint the node's conditions and spec call for: the NoSchedule taints of
 * TaintNodesByCondition, then node.kubernetes.io/not-ready (Ready False) or
 * node.kubernetes.io/unreachable (Ready Unknown) with effect NoExecute.
 */
export function taintsForConditions(node: Node): Taint[] {
  const taints = noScheduleTaintsForConditions(node);
  const noExecute = noExecuteTaintForReady(nodeReadyStatus(node));
  if (noExecute) taints.push(noExecute);
  return taints;
}

/** upstream: taintutils.AddOrUpdateTaint — replace the key/effect match in place, else append. */
function addOrUpdateTaint(taints: Taint[], taint: Taint): Taint[] {
  let updated = false;
  const out = taints.map((t) => {
    if (!matchTaint(t, taint)) return t;
    updated = true;
    return taint;
  });
  if (!updated) out.push(taint);
  return out;
}

/** upstream: taintutils.DeleteTaint — drops every taint with the same key and effect. */
const deleteTaint = (taints: Taint[], taint: Taint): Taint[] => taints.filter((t) => !matchTaint(t, taint));

/** upstream: SwapNodeControllerTaint — the added taints get timeAdded = now. */
function swapNodeControllerTaint(taints: Taint[], toAdd: readonly Taint[], toRemove: readonly Taint[], now: number): Taint[] {
  let out = taints;
  for (const t of toAdd) out = addOrUpdateTaint(out, { ...t, timeAdded: now });
  for (const t of toRemove) out = deleteTaint(out, t);
  return out;
}

/** The node with these taints, or the same object when they are the node's own. */
function withTaints(node: Node, taints: Taint[]): Node {
  const before = node.spec.taints ?? [];
  if (taints.length === before.length && taints.every((t, i) => t === before[i])) return node;
  const spec = { ...node.spec };
  if (taints.length > 0) spec.taints = taints; else delete spec.taints;
  return { ...node, spec };
}

/**
 * upstream: doNoScheduleTaintingPass (TaintNodesByCondition) — the NoSchedule taints for the
 * conditions and spec.unschedulable are added (at the end, timeAdded = now), the controller's
 * NoSchedule taints no longer called for are removed, every other taint is kept in place.
 */
export function doNoScheduleTaintingPass(node: Node, now: number): Node {
  const taints = node.spec.taints ?? [];
  const wanted = noScheduleTaintsForConditions(node);
  const owned = taints.filter((t) => t.effect === 'NoSchedule' && (t.key === TAINT_NODE_UNSCHEDULABLE || CONDITION_TAINT_KEYS.has(t.key)));
  // upstream: taintutils.TaintSetDiff
  const toAdd = wanted.filter((t) => !taintExists(owned, t));
  const toRemove = owned.filter((t) => !taintExists(wanted, t));
  if (toAdd.length === 0 && toRemove.length === 0) return node;
  return withTaints(node, swapNodeControllerTaint([...taints], toAdd, toRemove, now));
}

export interface ReconcileNodeTaintsOptions {
  /**
   * Whether the rate-limited NoExecute tainter may add a not-ready/unreachable taint now
   * (upstream: the zone's RateLimitedTimedQueue, see noExecuteTaintingPlan and tryAcceptNoExecuteTaint).
   * Swapping one for the other and removing them on Ready True are never rate limited.
   * Default true.
   */
  noExecuteAllowed?: boolean;
}

/**
 * upstream: processTaintBaseEviction and the doNoExecuteTaintingPass that follows it. Ready False
 * wants node.kubernetes.io/not-ready:NoExecute, Ready Unknown node.kubernetes.io/unreachable:NoExecute
 * (the other one is removed: they mirror one condition); Ready True removes both
 * (markNodeAsReachable). `allowed` is the zone tainter's rate limiter for a new taint.
 */
export function doNoExecuteTaintingPass(node: Node, now: number, allowed = true): Node {
  const taints = node.spec.taints ?? [];
  const status = nodeReadyStatus(node);
  const toAdd = noExecuteTaintForReady(status);
  if (!toAdd) return markNodeAsReachable(node);
  const opposite = status === 'False' ? UNREACHABLE_TAINT_TEMPLATE : NOT_READY_TAINT_TEMPLATE;
  // The opposite taint is swapped straight away, without the rate limiter.
  if (taintExists(taints, opposite)) return withTaints(node, swapNodeControllerTaint([...taints], [toAdd], [opposite], now));
  // Queued for tainting; a node already tainted stays in the queue's set and is not tainted again.
  if (taintExists(taints, toAdd) || !allowed) return node;
  return withTaints(node, swapNodeControllerTaint([...taints], [toAdd], [opposite], now));
}

/**
 * upstream: markNodeAsReachable — both NoExecute taints removed. Also what the controller does to
 * every node when all zones are fully disrupted (noExecuteTaintingPlan().allZonesFullyDisrupted).
 */
export function markNodeAsReachable(node: Node): Node {
  return withTaints(node, deleteTaint(deleteTaint([...(node.spec.taints ?? [])], UNREACHABLE_TAINT_TEMPLATE), NOT_READY_TAINT_TEMPLATE));
}

/**
 * The node with the controller-owned taints brought in line with its conditions and
 * spec.unschedulable: doNoScheduleTaintingPass, then doNoExecuteTaintingPass. Taints the
 * controller does not own are kept in place; added taints go to the end with timeAdded = now.
 * Returns the same object when nothing changes.
 */
export function reconcileNodeTaints(node: Node, now: number, options: ReconcileNodeTaintsOptions = {}): Node {
  return doNoExecuteTaintingPass(doNoScheduleTaintingPass(node, now), now, options.noExecuteAllowed ?? true);
}

// ---- zones and the NoExecute tainting rate (handleDisruption) ----

/** upstream: --node-eviction-rate, EvictionRateLimiterBurst, --secondary-node-eviction-rate, --large-cluster-size-threshold, --unhealthy-zone-threshold */
export const NODE_EVICTION_RATE = 0.1;
export const EVICTION_RATE_LIMITER_BURST = 1;
export const SECONDARY_NODE_EVICTION_RATE = 0.01;
export const LARGE_CLUSTER_SIZE_THRESHOLD = 50;
export const UNHEALTHY_ZONE_THRESHOLD = 0.55;
/** upstream: labelNodeDisruptionExclusion */
export const LABEL_NODE_DISRUPTION_EXCLUSION = 'node.kubernetes.io/exclude-disruption';

export type ZoneState = 'Initial' | 'Normal' | 'PartialDisruption' | 'FullDisruption';

/** upstream: nodetopology.GetZoneKey — region and zone (GA labels first, then the beta ones), "" when neither is set. */
export function zoneKey(node: Node): string {
  const labels = node.metadata.labels ?? {};
  const zone = labels['topology.kubernetes.io/zone'] ?? labels['failure-domain.beta.kubernetes.io/zone'] ?? '';
  const region = labels['topology.kubernetes.io/region'] ?? labels['failure-domain.beta.kubernetes.io/region'] ?? '';
  if (region === '' && zone === '') return '';
  return `${region}:\u0000:${zone}`;
}

/** upstream: ComputeZoneState — no Ready node: full; more than 2 not ready and at least the threshold: partial. */
export function computeZoneState(readyStatuses: readonly (ConditionStatus | undefined)[], unhealthyZoneThreshold = UNHEALTHY_ZONE_THRESHOLD): { unhealthy: number; state: ZoneState } {
  const ready = readyStatuses.filter((s) => s === 'True').length;
  const notReady = readyStatuses.length - ready;
  if (ready === 0 && notReady > 0) return { unhealthy: notReady, state: 'FullDisruption' };
  // upstream compares float32 values
  if (notReady > 2 && Math.fround(notReady / (notReady + ready)) >= Math.fround(unhealthyZoneThreshold)) return { unhealthy: notReady, state: 'PartialDisruption' };
  return { unhealthy: notReady, state: 'Normal' };
}

export interface NoExecuteTaintingPlan {
  /** every zone fully disrupted: the controller removes all not-ready/unreachable taints and stops tainting */
  allZonesFullyDisrupted: boolean;
  /** zone key → state, size (nodes counted) and tainting rate in nodes per second (0 = stopped) */
  zones: Map<string, { state: ZoneState; size: number; qps: number }>;
}

/**
 * upstream: handleDisruption + setLimiterInZone, stateless: the rate each zone's NoExecute
 * tainter runs at for the nodes as they are now. Nodes labelled
 * node.kubernetes.io/exclude-disruption are not counted.
 */
export function noExecuteTaintingPlan(nodes: readonly Node[]): NoExecuteTaintingPlan {
  const byZone = new Map<string, ConditionStatus[]>();
  for (const node of nodes) {
    if (node.metadata.labels?.[LABEL_NODE_DISRUPTION_EXCLUSION] !== undefined) continue;
    const key = zoneKey(node);
    const list = byZone.get(key) ?? [];
    list.push(nodeReadyStatus(node));
    byZone.set(key, list);
  }
  const zones: NoExecuteTaintingPlan['zones'] = new Map();
  let allFull = byZone.size > 0;
  for (const [key, statuses] of byZone) {
    const { state } = computeZoneState(statuses);
    if (state !== 'FullDisruption') allFull = false;
    zones.set(key, { state, size: statuses.length, qps: zoneQps(state, statuses.length) });
  }
  if (allFull) for (const z of zones.values()) z.qps = 0;
  return { allZonesFullyDisrupted: allFull, zones };
}

/** upstream: setLimiterInZone with HealthyQPSFunc (normal, full) and ReducedQPSFunc (partial). */
function zoneQps(state: ZoneState, zoneSize: number): number {
  if (state === 'PartialDisruption') return zoneSize > LARGE_CLUSTER_SIZE_THRESHOLD ? SECONDARY_NODE_EVICTION_RATE : 0;
  return NODE_EVICTION_RATE;
}

/** A zone tainter's token bucket (upstream: flowcontrol.NewTokenBucketRateLimiter(qps, burst 1), starting full). */
export interface TaintRateLimiter {
  tokens: number;
  /** simulated seconds of the last refill */
  at: number;
}

/**
 * upstream: RateLimitedTimedQueue.Try's limiter.TryAccept — may the zone taint one more node now?
 * Returns the limiter to keep and, when refused, the time the next token is there.
 */
export function tryAcceptNoExecuteTaint(limiter: TaintRateLimiter | undefined, qps: number, now: number): { accepted: boolean; limiter: TaintRateLimiter; retryAt?: number } {
  if (qps <= 0) return { accepted: false, limiter: limiter ?? { tokens: 0, at: now } };
  const start = limiter ?? { tokens: EVICTION_RATE_LIMITER_BURST, at: now };
  const tokens = Math.min(EVICTION_RATE_LIMITER_BURST, start.tokens + (now - start.at) * qps);
  if (tokens >= 1) return { accepted: true, limiter: { tokens: tokens - 1, at: now } };
  return { accepted: false, limiter: { tokens, at: now }, retryAt: now + (1 - tokens) / qps };
}

// ---- pods on a node that stops being Ready (monitorNodeHealth) ----

export type NodeLifecycleEvent = Omit<ClusterEvent, 'time'>;

/**
 * upstream: monitorNodeHealth when Ready leaves True — RecordNodeStatusChange("NodeNotReady")
 * and MarkPodsNotReady: each pod bound to the node gets Ready=False and a NodeNotReady event.
 * The simulator's running pods carry no Ready condition (they count as ready): such a pod is
 * returned too, for the caller to give it Ready=False.
 */
export function markNodeNotReady(node: Node, pods: readonly Pod[]): { pods: string[]; events: NodeLifecycleEvent[] } {
  const name = node.metadata.name;
  const events: NodeLifecycleEvent[] = [{ type: 'Normal', reason: 'NodeNotReady', object: `Node/${name}`, message: `Node ${name} status is now: NodeNotReady` }];
  const marked: string[] = [];
  for (const pod of pods) {
    if (pod.spec.nodeName !== name) continue;
    const ready = pod.status.conditions?.find((c) => c.type === 'Ready');
    const readyNow = ready ? ready.status !== 'False' : pod.status.phase === 'Running';
    // upstream: UpdatePodCondition reports no change for a pod already not ready
    if (!readyNow) continue;
    marked.push(podKey(pod));
    events.push({ type: 'Warning', reason: 'NodeNotReady', object: `Pod/${podKey(pod)}`, message: 'Node is not ready' });
  }
  return { pods: marked, events };
}
