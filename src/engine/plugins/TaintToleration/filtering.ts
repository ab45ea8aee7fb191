import { Status } from '../../framework/status';
import { doNotScheduleTaintsFilter, findMatchingUntoleratedTaint, toleratesTaint } from '../../model/taints';
import type { Node, Pod, Taint, Toleration } from '../../model/types';

/**
 * The Filter reason. Since kubernetes#134740 (v1.35, cherry-picked to v1.32–v1.34 patch
 * releases) the message no longer names the taint ("untolerated taint {key: value}" before);
 * the taint is kept in the status details for the explanation instead.
 */
export const ErrReasonUntoleratedTaints = 'node(s) had untolerated taint(s)';

/** upstream: ErrReasonNotMatch — exported upstream but not used by Filter any more */
export const ErrReasonNotMatch = "node(s) had taints that the pod didn't tolerate";

/**
 * v1.35 alpha gate TaintTolerationComparisonOperators (Gt/Lt tolerations), off by default.
 * The simulation runs with default feature gates.
 */
export const enableTaintTolerationComparisonOperators = false;

/** One taint of a node, and the pod's first toleration that tolerates it (none: untolerated). */
export interface TaintVerdict {
  taint: { key: string; value: string; effect: string };
  toleration?: Toleration;
}

const taintOf = (t: Taint): TaintVerdict['taint'] => ({ key: t.key, value: t.value ?? '', effect: t.effect });

/** Every taint Filter looks at, in node order, each with the toleration that tolerates it: the numbers behind the verdict. */
function taintVerdicts(taints: readonly Taint[], tolerations: readonly Toleration[] | undefined): TaintVerdict[] {
  return taints.map((taint) => {
    const toleration = tolerations?.find((t) => toleratesTaint(t, taint, enableTaintTolerationComparisonOperators));
    return toleration === undefined ? { taint: taintOf(taint) } : { taint: taintOf(taint), toleration: { ...toleration } };
  });
}

/**
 * upstream: Filter — the first NoSchedule/NoExecute taint, in node order, the pod does not tolerate.
 * The details list every such taint of the node with the toleration that tolerates it, on success
 * too, so a viewer can show which taint decided and why.
 */
export function filterTaintToleration(pod: Pod, node: Node): Status {
  const taints = node.spec.taints;
  if (taints === undefined || taints.length === 0) return Status.success();
  // the verdict follows from the node's taints and the pod's tolerations alone: one status for
  // each pair, so a tainted node's verdict (and its list in the trace) is shared from cycle to
  // cycle instead of made anew, and by every node with equal taints: with a status per node,
  // each tainted node's list of verdicts was a list of its own in every cycle, copied and kept
  // (SchedulingWithNodeInclusionPolicy: 1,000 tainted nodes alike, 1,000 new lists a cycle)
  const byTaints = taintsKey(taints);
  let byTolerations = statuses.get(byTaints);
  if (byTolerations === undefined) {
    // (keys are node taint lists and pods' tolerations, few in a scenario: a bound, not a cache policy)
    if (statuses.size >= MAX_TAINT_LISTS) statuses.clear();
    statuses.set(byTaints, (byTolerations = new Map()));
  }
  const key = tolerationsKey(pod.spec.tolerations);
  let status = byTolerations.get(key);
  if (status === undefined) byTolerations.set(key, (status = taintStatus(pod, node)));
  return status;
}

/** Filter statuses by the content of the node's taints (taintsKey) and the pod's tolerations (tolerationsKey) */
const statuses = new Map<string, Map<string, Status>>();
const MAX_TAINT_LISTS = 4096;
const taintKeys = new WeakMap<readonly Taint[], string>();
const tolerationKeys = new WeakMap<readonly Toleration[], string>();

/** a node's taints as a key, found once per list (a node's update gives it a new list) */
function taintsKey(taints: readonly Taint[]): string {
  let key = taintKeys.get(taints);
  if (key === undefined) taintKeys.set(taints, (key = JSON.stringify(taints)));
  return key;
}

function tolerationsKey(tolerations: readonly Toleration[] | undefined): string {
  if (tolerations === undefined) return '';
  let key = tolerationKeys.get(tolerations);
  if (key === undefined) tolerationKeys.set(tolerations, (key = JSON.stringify(tolerations)));
  return key;
}

function taintStatus(pod: Pod, node: Node): Status {
  const taint = findMatchingUntoleratedTaint(node.spec.taints, pod.spec.tolerations, doNotScheduleTaintsFilter, enableTaintTolerationComparisonOperators);
  const hard = node.spec.taints?.filter(doNotScheduleTaintsFilter) ?? [];
  // extension: the node's PreferNoSchedule taints, which Filter passes over and Score counts
  // (scoring.ts countIntolerableTaintsPreferNoSchedule): recorded here, where every visited node
  // is, so a view draws them at every cycle, Score or not; they never decide the verdict. A toleration
  // tolerates one as Score's getAllTolerationPreferNoSchedule has it (toleratesTaint matches the effect)
  const soft = node.spec.taints?.filter((t) => t.effect === 'PreferNoSchedule') ?? [];
  const details: Record<string, unknown> = {};
  if (taint !== undefined) details['taint'] = taintOf(taint);
  if (hard.length > 0) details['taints'] = taintVerdicts(hard, pod.spec.tolerations);
  if (soft.length > 0) details['preferNoSchedule'] = taintVerdicts(soft, pod.spec.tolerations);
  const status = taint === undefined ? Status.success() : Status.unresolvable(ErrReasonUntoleratedTaints);
  return Object.keys(details).length === 0 ? status : status.withDetails(details);
}

/**
 * upstream: isSchedulableAfterNodeChange — queue only when the node went from having an
 * untolerated taint (or not existing) to having none.
 */
export function isSchedulableAfterNodeChange(pod: Pod, oldNode: Node | undefined, newNode: Node): 'Queue' | 'QueueSkip' {
  const untolerated = (n: Node): boolean =>
    findMatchingUntoleratedTaint(n.spec.taints, pod.spec.tolerations, doNotScheduleTaintsFilter, enableTaintTolerationComparisonOperators) !== undefined;
  const wasUntolerated = oldNode === undefined || untolerated(oldNode);
  return wasUntolerated && !untolerated(newNode) ? 'Queue' : 'QueueSkip';
}
