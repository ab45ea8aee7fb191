import { Status } from '../../framework/status';
import { doNotScheduleTaintsFilter, findMatchingUntoleratedTaint } from '../../model/taints';
import type { Node, Pod } from '../../model/types';

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

/** upstream: Filter — the first NoSchedule/NoExecute taint, in node order, the pod does not tolerate. */
export function filterTaintToleration(pod: Pod, node: Node): Status {
  const taint = findMatchingUntoleratedTaint(node.spec.taints, pod.spec.tolerations, doNotScheduleTaintsFilter, enableTaintTolerationComparisonOperators);
  if (taint === undefined) return Status.success();
  return Status.unresolvable(ErrReasonUntoleratedTaints).withDetails({
    taint: { key: taint.key, value: taint.value ?? '', effect: taint.effect },
  });
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
