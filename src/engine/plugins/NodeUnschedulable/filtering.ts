import { Status } from '../../framework/status';
import { TAINT_NODE_UNSCHEDULABLE, toleratesAny } from '../../model/taints';
import type { Node, Pod } from '../../model/types';

/** upstream: ErrReasonUnschedulable */
export const ErrReasonUnschedulable = 'node(s) were unschedulable';

export function filterUnschedulableNode(pod: Pod, node: Node): Status {
  if (!node.spec?.unschedulable) return Status.success();
  // A pod that tolerates the unschedulable taint may land on a cordoned node (DaemonSet pods do).
  const tolerates = toleratesAny(pod.spec.tolerations, { key: TAINT_NODE_UNSCHEDULABLE, effect: 'NoSchedule' });
  return tolerates ? Status.success() : Status.unresolvable(ErrReasonUnschedulable);
}
