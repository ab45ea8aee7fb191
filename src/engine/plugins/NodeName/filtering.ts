import { Status } from '../../framework/status';
import type { Node, Pod } from '../../model/types';

/** upstream: ErrReason */
export const ErrReason = "node(s) didn't match the requested node name";

/** upstream: Fits — an empty spec.nodeName fits every node. */
export function fits(pod: Pod, node: Node): boolean {
  return !pod.spec.nodeName || pod.spec.nodeName === node.metadata.name;
}

export function filterNodeName(pod: Pod, node: Node): Status {
  if (fits(pod, node)) return Status.success();
  return Status.unresolvable(ErrReason).withDetails({ requestedNodeName: pod.spec.nodeName });
}
