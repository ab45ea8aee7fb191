// upstream: pkg/scheduler/framework/plugins/podtopologyspread/plugin.go
// PodTopologySpread: PreFilter/Filter for DoNotSchedule constraints (filtering.ts), PreScore/Score
// for ScheduleAnyway ones and the defaults (scoring.ts), and the queueing hints.

import type { ClusterEventWithHint, ClusterLister, Handle, Plugin, PluginDescriptor, PreFilterExtensions } from '../../framework/interfaces';
import { podKey, type Labels, type Node, type Pod } from '../../model/types';
import { applyPodTopologySpreadDefaults, validatePodTopologySpreadArgs, type PodTopologySpreadArgs } from './args';
import {
  getConstraints, Name, nodeLabelsMatchSpreadConstraints, podLabelsMatchSpreadConstraints, systemDefaultConstraints,
  type SpreadConstraint, type SpreadDefaults,
} from './common';
import { DomainCounter } from './domainCounts';
import { SpreadTraceMemory } from './traceFacts';
import { filterTopologySpread, preFilterTopologySpread, updateWithPod } from './filtering';
import { HostnameCounts, normalizeTopologySpreadScore, preScoreTopologySpread, scoreTopologySpread } from './scoring';

export { Name };
export type { PodTopologySpreadArgs };
export { ErrReasonConstraintsNotMatch, ErrReasonNodeLabelNotMatch, explainSpread } from './filtering';
export type { ConstraintVerdict, SkippedNode, SpreadExplanation } from './filtering';
export type { ScoreSpreadExplanation } from './scoring';

/** The default constraints in effect for these (defaulted) args. */
function spreadDefaults(args: PodTopologySpreadArgs): SpreadDefaults {
  return args.defaultingType === 'System'
    ? { constraints: systemDefaultConstraints, systemDefaulted: true }
    : { constraints: args.defaultConstraints ?? [], systemDefaulted: false };
}

// ---- queueing hints ----

/** Go's equality.Semantic.DeepEqual for the JSON-shaped values compared here: nil equals empty. */
function semanticEqual(a: unknown, b: unknown): boolean {
  const isEmpty = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'object' && Object.keys(v).length === 0);
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
    return v;
  };
  if (isEmpty(a) && isEmpty(b)) return true;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function samePod(a: Pod, b: Pod): boolean {
  // upstream compares UIDs; scenario pods may omit them, so fall back to namespace/name.
  return a.metadata.uid !== undefined && b.metadata.uid !== undefined ? a.metadata.uid === b.metadata.uid : podKey(a) === podKey(b);
}

/**
 * upstream: involvedInTopologySpreading. `nominatedCounts` (v1.36+, PR #135392): a pod nominated to
 * a node counts like an assigned one, as Filter counts nominated pods of equal or higher priority.
 */
function involvedInTopologySpreading(incoming: Pod, podWithSpreading: Pod, nominatedCounts: boolean): boolean {
  const placed = !!incoming.spec.nodeName || (nominatedCounts && !!incoming.status.nominatedNodeName);
  return samePod(incoming, podWithSpreading) || (placed && (incoming.metadata.namespace ?? 'default') === (podWithSpreading.metadata.namespace ?? 'default'));
}

/** upstream: isSchedulableAfterPodChange */
export function isSchedulableAfterPodChange(pod: Pod, original: Pod | undefined, modified: Pod | undefined, constraints: readonly SpreadConstraint[], nominatedCounts = false): 'Queue' | 'QueueSkip' {
  if ((modified && !involvedInTopologySpreading(modified, pod, nominatedCounts)) || (original && !involvedInTopologySpreading(original, pod, nominatedCounts))) return 'QueueSkip';
  if (modified && original) {
    // A new toleration can help when some constraint honors node taints.
    if (samePod(pod, modified) && !semanticEqual(modified.spec.tolerations, original.spec.tolerations) && constraints.some((c) => c.nodeTaintsPolicy === 'Honor')) return 'Queue';
    if (semanticEqual(modified.metadata.labels, original.metadata.labels)) return 'QueueSkip';
    const labelsOf = (p: Pod): Labels => p.metadata.labels ?? {};
    return constraints.some((c) => c.selector.matches(labelsOf(original)) !== c.selector.matches(labelsOf(modified))) ? 'Queue' : 'QueueSkip';
  }
  if (modified) return podLabelsMatchSpreadConstraints(constraints, modified.metadata.labels) ? 'Queue' : 'QueueSkip';
  return original && podLabelsMatchSpreadConstraints(constraints, original.metadata.labels) ? 'Queue' : 'QueueSkip';
}

/** upstream: isSchedulableAfterNodeChange */
function isSchedulableAfterNodeChange(original: Node | undefined, modified: Node | undefined, constraints: readonly SpreadConstraint[]): 'Queue' | 'QueueSkip' {
  const originalMatching = original !== undefined && nodeLabelsMatchSpreadConstraints(original.metadata.labels, constraints);
  const modifiedMatching = modified !== undefined && nodeLabelsMatchSpreadConstraints(modified.metadata.labels, constraints);
  if (original && modified) {
    if (originalMatching !== modifiedMatching) return 'Queue';
    // upstream: checkTopologyKeyLabelsChanged, or the taints changed
    const keyChanged = constraints.some((c) => (original.metadata.labels ?? {})[c.topologyKey] !== (modified.metadata.labels ?? {})[c.topologyKey]);
    return modifiedMatching && (keyChanged || !semanticEqual(original.spec.taints, modified.spec.taints)) ? 'Queue' : 'QueueSkip';
  }
  if (modified) return modifiedMatching ? 'Queue' : 'QueueSkip';
  return originalMatching ? 'Queue' : 'QueueSkip';
}

/** upstream: EventsToRegister (with SchedulerQueueingHints on, so Pod/UpdatePodToleration too) */
function eventsToRegister(defaults: SpreadDefaults, cluster: ClusterLister, nominatedCounts: boolean): ClusterEventWithHint[] {
  const hardConstraints = (pod: Pod): SpreadConstraint[] => getConstraints(pod, defaults, cluster, 'DoNotSchedule');
  return [
    {
      event: { resource: 'Pod', actionType: ['Add', 'UpdatePodLabel', 'UpdatePodToleration', 'Delete'] },
      hint: (pod, oldObj, newObj) => isSchedulableAfterPodChange(pod, oldObj as Pod | undefined, newObj as Pod | undefined, hardConstraints(pod), nominatedCounts),
    },
    {
      event: { resource: 'Node', actionType: ['Add', 'Delete', 'UpdateNodeLabel', 'UpdateNodeTaint'] },
      hint: (pod, oldObj, newObj) => isSchedulableAfterNodeChange(oldObj as Node | undefined, newObj as Node | undefined, hardConstraints(pod)),
    },
  ];
}

/** upstream: New */
function newPodTopologySpread(rawArgs: PodTopologySpreadArgs | undefined, handle: Handle): Plugin {
  const args = applyPodTopologySpreadDefaults(rawArgs ?? {});
  const errs = validatePodTopologySpreadArgs(args);
  if (errs.length > 0) throw new Error(errs.map((e) => `${e.path}: ${e.message}`).join(', '));
  const defaults = spreadDefaults(args);
  const counter = new DomainCounter();
  const hostnameCounts = new HostnameCounts();
  const traceMemory = new SpreadTraceMemory();
  const extensions: PreFilterExtensions = {
    addPod: (state, podToSchedule, podInfoToAdd, nodeInfo) => updateWithPod(state, podInfoToAdd.pod, podToSchedule.pod, nodeInfo.node, 1),
    removePod: (state, podToSchedule, podInfoToRemove, nodeInfo) => updateWithPod(state, podInfoToRemove.pod, podToSchedule.pod, nodeInfo.node, -1),
  };
  return {
    name: Name,
    preFilter: (state, pod, nodes) => ({ status: preFilterTopologySpread(state, pod.pod, nodes, defaults, handle.cluster, counter, traceMemory) }),
    preFilterExtensions: () => extensions,
    filter: (state, pod, nodeInfo) => filterTopologySpread(state, pod.pod, nodeInfo),
    preScore: (state, pod, feasibleNodes) => preScoreTopologySpread(state, pod.pod, feasibleNodes, handle.snapshot().nodeInfoList, defaults, handle.cluster, counter),
    score: (state, pod, nodeInfo) => scoreTopologySpread(state, pod.pod, nodeInfo, hostnameCounts),
    normalizeScore: (state, _pod, scores) => normalizeTopologySpreadScore(state, scores),
    eventsToRegister: () => eventsToRegister(defaults, handle.cluster, handle.versionSwitches.queueingHintNominatedPods),
  };
}

export const PodTopologySpread: PluginDescriptor<PodTopologySpreadArgs> = {
  name: Name,
  defaultArgs: () => ({ defaultingType: 'System' }),
  applyDefaults: applyPodTopologySpreadDefaults,
  validateArgs: validatePodTopologySpreadArgs,
  factory: (args, handle) => newPodTopologySpread(args, handle),
};
