// upstream: pkg/scheduler/framework/plugins/podtopologyspread/common.go
// Constraint preparation (selectors, matchLabelKeys, default constraints) and the counting rules
// shared by PreFilter and PreScore.

import type { ClusterLister } from '../../framework/interfaces';
import type { PodInfo } from '../../framework/podInfo';
import { compileLabelSelector, type RequiredNodeAffinity, type Selector } from '../../model/selectors';
import { doNotScheduleTaintsFilter, findMatchingUntoleratedTaint } from '../../model/taints';
import type { LabelSelector, Labels, Node, Pod, TopologySpreadConstraint } from '../../model/types';
import { defaultSelector, isEmptySelector, selectorRequirements } from '../helper/spread';

/** upstream: Name (plugin.go) — here so the state keys can be built from it without an import cycle. */
export const Name = 'PodTopologySpread';

export type NodeInclusionPolicy = 'Honor' | 'Ignore';
export type UnsatisfiableConstraintAction = TopologySpreadConstraint['whenUnsatisfiable'];

export const LABEL_HOSTNAME = 'kubernetes.io/hostname';
export const LABEL_TOPOLOGY_ZONE = 'topology.kubernetes.io/zone';

/** upstream: topologySpreadConstraint — a pod's constraint with its selector parsed and defaults filled in. */
export interface SpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  /** the selector as written (after the matchLabelKeys merge); null is a nil selector, which matches nothing */
  labelSelector: LabelSelector | null;
  selector: Selector;
  minDomains: number;
  nodeAffinityPolicy: NodeInclusionPolicy;
  nodeTaintsPolicy: NodeInclusionPolicy;
}

/** upstream: systemDefaultConstraints (plugin.go) — used with defaultingType System. */
export const systemDefaultConstraints: readonly TopologySpreadConstraint[] = [
  { topologyKey: LABEL_HOSTNAME, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 3 },
  { topologyKey: LABEL_TOPOLOGY_ZONE, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 5 },
];

/** Whether the node carries a NoSchedule/NoExecute taint the pod does not tolerate. */
export function hasUntoleratedTaint(pod: Pod, node: Node): boolean {
  return findMatchingUntoleratedTaint(node.spec.taints, pod.spec.tolerations, doNotScheduleTaintsFilter) !== undefined;
}

/** Why a node does not count towards a constraint's domains (explanations only). */
export type NodeExclusion = 'NodeAffinityPolicy' | 'NodeTaintsPolicy';

/**
 * upstream: topologySpreadConstraint.matchNodeInclusionPolicies, returning which policy excluded
 * the node. The node-level checks are computed once per node and shared by all constraints.
 */
export class NodeInclusion {
  private affinity: boolean | undefined;
  private taints: boolean | undefined;
  constructor(private readonly pod: Pod, private readonly requiredNodeAffinity: RequiredNodeAffinity, readonly node: Node) {}

  exclusion(c: SpreadConstraint): NodeExclusion | undefined {
    // Parse errors in the pod's node affinity are ignored, like upstream (backwards compatibility).
    if (c.nodeAffinityPolicy === 'Honor' && !(this.affinity ??= this.requiredNodeAffinity.match(this.node).matches)) return 'NodeAffinityPolicy';
    if (c.nodeTaintsPolicy === 'Honor' && !(this.taints ??= !hasUntoleratedTaint(this.pod, this.node))) return 'NodeTaintsPolicy';
    return undefined;
  }
}

function hasLabel(labels: Labels | undefined, key: string): boolean {
  return labels !== undefined && Object.prototype.hasOwnProperty.call(labels, key);
}

/** upstream: nodeLabelsMatchSpreadConstraints — the node has ALL the constraints' topology keys. */
export function nodeLabelsMatchSpreadConstraints(nodeLabels: Labels | undefined, constraints: readonly SpreadConstraint[]): boolean {
  return constraints.every((c) => hasLabel(nodeLabels, c.topologyKey));
}

/** The topology keys of the constraints that the node lacks (explanations only). */
export function missingTopologyKeys(nodeLabels: Labels | undefined, constraints: readonly SpreadConstraint[]): string[] {
  return [...new Set(constraints.filter((c) => !hasLabel(nodeLabels, c.topologyKey)).map((c) => c.topologyKey))];
}

/** The node's value for a topology key; "" when absent, like a Go map lookup. */
export function topologyValue(node: Node, key: string): string {
  const labels = node.metadata.labels;
  return hasLabel(labels, key) ? labels![key]! : '';
}

/**
 * upstream: mergeLabelSetWithSelector — ANDs `key = podValue` for each matchLabelKeys key onto the
 * selector. A nil selector stays nil (it has no requirements to carry over).
 */
function mergeLabelSetWithSelector(matchLabels: Labels, selector: LabelSelector | null): LabelSelector | null {
  if (selector === null) return null;
  return { matchLabels, matchExpressions: selectorRequirements(selector) };
}

/**
 * upstream: filterTopologySpreadConstraints — the constraints with the given whenUnsatisfiable,
 * with matchLabelKeys merged into the selector (keys missing from the pod's labels are ignored)
 * and minDomains/nodeAffinityPolicy/nodeTaintsPolicy defaulted to 1/Honor/Ignore.
 */
export function filterTopologySpreadConstraints(constraints: readonly TopologySpreadConstraint[], podLabels: Labels | undefined, action: UnsatisfiableConstraintAction): SpreadConstraint[] {
  const result: SpreadConstraint[] = [];
  for (const c of constraints) {
    if (c.whenUnsatisfiable !== action) continue;
    let labelSelector: LabelSelector | null = c.labelSelector ?? null;
    if ((c.matchLabelKeys ?? []).length > 0) {
      const matchLabels: Labels = {};
      for (const key of c.matchLabelKeys ?? []) if (hasLabel(podLabels, key)) matchLabels[key] = podLabels![key]!;
      if (Object.keys(matchLabels).length > 0) labelSelector = mergeLabelSetWithSelector(matchLabels, labelSelector);
    }
    result.push({
      maxSkew: c.maxSkew,
      topologyKey: c.topologyKey,
      labelSelector,
      selector: compileLabelSelector(labelSelector),
      minDomains: c.minDomains ?? 1,
      nodeAffinityPolicy: c.nodeAffinityPolicy ?? 'Honor',
      nodeTaintsPolicy: c.nodeTaintsPolicy ?? 'Ignore',
    });
  }
  return result;
}

/** What the plugin was configured with (args after defaulting). */
export interface SpreadDefaults {
  /** the default constraints in effect: the system ones, or args.defaultConstraints */
  constraints: readonly TopologySpreadConstraint[];
  /** defaultingType System: nodes without a zone label still get hostname spreading when scoring */
  systemDefaulted: boolean;
}

/**
 * upstream: buildDefaultConstraints — the default constraints with the given action, all using the
 * selector DefaultSelector derives from the Services and the controller selecting the pod; none
 * when that selector is empty.
 */
export function buildDefaultConstraints(pod: Pod, defaults: SpreadDefaults, cluster: ClusterLister, action: UnsatisfiableConstraintAction): SpreadConstraint[] {
  const constraints = filterTopologySpreadConstraints(defaults.constraints, pod.metadata.labels, action);
  if (constraints.length === 0) return [];
  const labelSelector = defaultSelector(pod, cluster);
  if (isEmptySelector(labelSelector)) return [];
  const selector = compileLabelSelector(labelSelector);
  return constraints.map((c) => ({ ...c, labelSelector, selector }));
}

/** upstream: getConstraints / initPreScoreState — the pod's own constraints, else the defaults. */
export function getConstraints(pod: Pod, defaults: SpreadDefaults, cluster: ClusterLister, action: UnsatisfiableConstraintAction): SpreadConstraint[] {
  const own = pod.spec.topologySpreadConstraints ?? [];
  if (own.length > 0) return filterTopologySpreadConstraints(own, pod.metadata.labels, action);
  return buildDefaultConstraints(pod, defaults, cluster, action);
}

/**
 * upstream: countPodsMatchSelector — pods in the namespace, not terminating, matching the selector.
 * v1.35 short-circuits on selector.Empty(), so an empty (non-nil) selector `{}` counts nothing
 * (kubernetes#141339, fixed after 1.35).
 */
export function countPodsMatchSelector(pods: readonly PodInfo[], selector: Selector, namespace: string): number {
  if (selector.empty) return 0;
  let count = 0;
  for (const p of pods) if (podCounts(p, selector, namespace)) count++;
  return count;
}

/** One pod that countPodsMatchSelector counts (the caller checks selector.empty). */
export function podCounts(p: PodInfo, selector: Selector, namespace: string): boolean {
  // Terminating pods do not count (kubernetes#87621); checked last, it is the only field read from the pod.
  return p.namespace === namespace && selector.matches(p.labels) && p.pod.metadata.deletionTimestamp === undefined;
}

/** upstream: podLabelsMatchSpreadConstraints — the labels match at least one constraint's selector. */
export function podLabelsMatchSpreadConstraints(constraints: readonly SpreadConstraint[], labels: Labels | undefined): boolean {
  return constraints.some((c) => c.selector.matches(labels ?? {}));
}
