// upstream: pkg/controller/tainteviction/taint_eviction.go (v1.34/v1.35), timed_workers.go —
// the taint eviction controller (formerly the node lifecycle controller's NoExecuteTaintManager).
// For every pod bound to a node it decides, from the node's NoExecute taints and the pod's
// tolerations, whether the pod is deleted now, later (tolerationSeconds), or never.
//
// Pure: the controller's timed work queue is passed in as `scheduled` (pod key → the scheduled
// deletion) and the decisions come back; the simulation keeps the queue, sets a timer at
// `fireAt`, and on firing calls fireTaintEviction and deletes the pod. `now` is simulated seconds.
//
// Upstream times the eviction from the moment the controller processes the update
// (time.Now()), not from taint.timeAdded; so does this module.

import type { ClusterEvent } from '../api';
import { toleratesTaint } from '../model/taints';
import type { Node, Pod, PodCondition, Taint, Toleration } from '../model/types';
import { podKey } from '../model/types';

export type TaintEvictionEvent = Omit<ClusterEvent, 'time'>;

/** A deletion in the controller's timed queue (upstream: TimedWorker). */
export interface ScheduledTaintEviction {
  /** when the work was created (simulated seconds) */
  createdAt: number;
  /** when the pod is deleted (simulated seconds) */
  fireAt: number;
}

export type ScheduledTaintEvictions = ReadonlyMap<string, ScheduledTaintEviction>;

/** What to do with one pod's entry in the timed queue. */
export type TaintEvictionDecision =
  /** add this work (replacing none: any earlier entry was cancelled); fireAt === now means delete now */
  | { pod: string; action: 'schedule'; createdAt: number; fireAt: number; tolerations: Toleration[]; reason: 'NotTolerated' | 'TolerationSeconds' }
  /** the pod keeps the deletion already scheduled for it */
  | { pod: string; action: 'keep'; createdAt: number; fireAt: number; tolerations: Toleration[] }
  /** no deletion may stay scheduled for the pod (tolerated forever, or no NoExecute taint) */
  | { pod: string; action: 'cancel' };

export interface TaintEvictionResult {
  decisions: TaintEvictionDecision[];
  /** TaintManagerEviction "Cancelling deletion" events, in order */
  events: TaintEvictionEvent[];
}

export const TAINT_MANAGER_EVICTION = 'TaintManagerEviction';

/** upstream: addConditionAndDeletePod */
export const DELETION_BY_TAINT_MANAGER_CONDITION: PodCondition = {
  type: 'DisruptionTarget',
  status: 'True',
  reason: 'DeletionByTaintManager',
  message: 'Taint manager: deleting due to NoExecute taint',
};

/** upstream: getNoExecuteTaints */
export function getNoExecuteTaints(taints: readonly Taint[] | undefined): Taint[] {
  return (taints ?? []).filter((t) => t.effect === 'NoExecute');
}

/**
 * upstream: v1helper.GetMatchingTolerations — for each taint, the first toleration (in the pod's
 * order) that tolerates it; allTolerated is false as soon as one taint has none.
 */
export function getMatchingTolerations(taints: readonly Taint[], tolerations: readonly Toleration[] | undefined, enableComparisonOperators = false): { allTolerated: boolean; used: Toleration[] } {
  if (taints.length === 0) return { allTolerated: true, used: [] };
  const used: Toleration[] = [];
  for (const taint of taints) {
    const match = (tolerations ?? []).find((t) => toleratesTaint(t, taint, enableComparisonOperators));
    if (!match) return { allTolerated: false, used: [] };
    used.push(match);
  }
  return { allTolerated: true, used };
}

/**
 * upstream: getMinTolerationTime — seconds the pod may stay: 0 for an empty list or any
 * tolerationSeconds <= 0, -1 (forever) when none sets tolerationSeconds, else the smallest.
 */
export function getMinTolerationTime(tolerations: readonly Toleration[]): number {
  if (tolerations.length === 0) return 0;
  let min = Infinity;
  for (const t of tolerations) {
    if (t.tolerationSeconds === undefined || t.tolerationSeconds === null) continue;
    if (t.tolerationSeconds <= 0) return 0;
    if (t.tolerationSeconds < min) min = t.tolerationSeconds;
  }
  return min === Infinity ? -1 : min;
}

const cancelEvent = (key: string): TaintEvictionEvent =>
  ({ type: 'Normal', reason: TAINT_MANAGER_EVICTION, object: `Pod/${key}`, message: `Cancelling deletion of Pod ${key}` });

/**
 * upstream: Controller.processPodOnNode for one pod and the node's NoExecute taints (non-empty:
 * both callers return earlier when the node has none).
 *
 * An existing finite schedule is kept: upstream keeps it when createdAt + min is before
 * now + min, which a real clock makes true on every later pass, so neither a longer nor a shorter
 * toleration changes a deletion already scheduled ("lengthening toleration shouldn't work").
 */
export function processPodOnNode(pod: Pod, noExecuteTaints: readonly Taint[], now: number, scheduled: ScheduledTaintEviction | undefined, enableComparisonOperators = false): TaintEvictionResult {
  const key = podKey(pod);
  const events: TaintEvictionEvent[] = [];
  const { allTolerated, used } = getMatchingTolerations(noExecuteTaints, pod.spec.tolerations, enableComparisonOperators);
  if (!allTolerated) {
    // Cancel any scheduled work: the pod goes right away.
    if (scheduled) events.push(cancelEvent(key));
    return { decisions: [{ pod: key, action: 'schedule', createdAt: now, fireAt: now, tolerations: [], reason: 'NotTolerated' }], events };
  }
  const min = getMinTolerationTime(used);
  if (min < 0) {
    if (scheduled) events.push(cancelEvent(key));
    return { decisions: [{ pod: key, action: 'cancel' }], events };
  }
  if (scheduled) return { decisions: [{ pod: key, action: 'keep', createdAt: scheduled.createdAt, fireAt: scheduled.fireAt, tolerations: used }], events };
  return { decisions: [{ pod: key, action: 'schedule', createdAt: now, fireAt: now + min, tolerations: used, reason: 'TolerationSeconds' }], events };
}

/**
 * upstream: Controller.handleNodeUpdate — a node was added or its NoExecute taints changed
 * (see nodeUpdateNeedsProcessing). `pods` are the pod objects bound to the node
 * (spec.nodeName === node), in the order the simulation lists them.
 */
export function handleNodeUpdate(node: Node, pods: readonly Pod[], now: number, scheduled: ScheduledTaintEvictions, enableComparisonOperators = false): TaintEvictionResult {
  const taints = getNoExecuteTaints(node.spec.taints);
  const result: TaintEvictionResult = { decisions: [], events: [] };
  for (const pod of pods) {
    const key = podKey(pod);
    if (taints.length === 0) {
      // upstream short circuit: every taint was removed, cancel all evictions.
      if (scheduled.has(key)) result.events.push(cancelEvent(key));
      result.decisions.push({ pod: key, action: 'cancel' });
      continue;
    }
    const r = processPodOnNode(pod, taints, now, scheduled.get(key), enableComparisonOperators);
    result.decisions.push(...r.decisions);
    result.events.push(...r.events);
  }
  return result;
}

/**
 * upstream: Controller.handlePodUpdate — a pod was created or its tolerations or node changed
 * (see podUpdateNeedsProcessing). `node` is the node the pod is bound to, undefined if unknown.
 * Nothing happens for a pod not bound, or on a node without NoExecute taints (upstream keeps
 * only tainted nodes in taintedNodes; their evictions were cancelled when the taints went).
 */
export function handlePodUpdate(pod: Pod, node: Node | undefined, now: number, scheduled: ScheduledTaintEviction | undefined, enableComparisonOperators = false): TaintEvictionResult {
  if (!pod.spec.nodeName || !node || node.metadata.name !== pod.spec.nodeName) return { decisions: [], events: [] };
  const taints = getNoExecuteTaints(node.spec.taints);
  if (taints.length === 0) return { decisions: [], events: [] };
  return processPodOnNode(pod, taints, now, scheduled, enableComparisonOperators);
}

/** upstream: handlePodUpdate for a pod no longer found — its scheduled deletion is cancelled. */
export function handlePodDeletion(key: string, scheduled: ScheduledTaintEviction | undefined): TaintEvictionResult {
  return { decisions: [{ pod: key, action: 'cancel' }], events: scheduled ? [cancelEvent(key)] : [] };
}

/**
 * upstream: deletePodHandler, when the timer fires: the event, then the DisruptionTarget
 * condition, then a plain delete (the pod's own terminationGracePeriodSeconds). The simulation
 * removes the entry from its queue, sets the condition and deletes the pod.
 */
export function fireTaintEviction(key: string): { event: TaintEvictionEvent; condition: PodCondition } {
  return {
    event: { type: 'Normal', reason: TAINT_MANAGER_EVICTION, object: `Pod/${key}`, message: `Marking for deletion Pod ${key}` },
    condition: { ...DELETION_BY_TAINT_MANAGER_CONDITION },
  };
}

const sameTaints = (a: readonly Taint[], b: readonly Taint[]): boolean =>
  a.length === b.length && a.every((t, i) => {
    const u = b[i]!;
    return t.key === u.key && (t.value ?? '') === (u.value ?? '') && t.effect === u.effect && t.timeAdded === u.timeAdded;
  });

const sameTolerations = (a: readonly Toleration[], b: readonly Toleration[]): boolean =>
  a.length === b.length && a.every((t, i) => {
    const u = b[i]!;
    return (t.key ?? '') === (u.key ?? '') && (t.operator ?? '') === (u.operator ?? '') && (t.value ?? '') === (u.value ?? '')
      && (t.effect ?? '') === (u.effect ?? '') && t.tolerationSeconds === u.tolerationSeconds;
  });

/** upstream: Controller.NodeUpdated — only an added or deleted node, or changed NoExecute taints (incl. timeAdded), is processed. */
export function nodeUpdateNeedsProcessing(oldNode: Node | undefined, newNode: Node | undefined): boolean {
  if (!oldNode || !newNode) return true;
  return !sameTaints(getNoExecuteTaints(oldNode.spec.taints), getNoExecuteTaints(newNode.spec.taints));
}

/** upstream: Controller.PodUpdated — only an added or deleted pod, or changed tolerations or nodeName, is processed. */
export function podUpdateNeedsProcessing(oldPod: Pod | undefined, newPod: Pod | undefined): boolean {
  if (!oldPod || !newPod) return true;
  return !sameTolerations(oldPod.spec.tolerations ?? [], newPod.spec.tolerations ?? []) || (oldPod.spec.nodeName ?? '') !== (newPod.spec.nodeName ?? '');
}
