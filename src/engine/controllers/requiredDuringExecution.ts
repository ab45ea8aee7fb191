// Podplay-only: nodeAffinity.requiredDuringSchedulingRequiredDuringExecution, the third kind of
// node affinity of the original design (kubernetes/community
// contributors/design-proposals/scheduling/nodeaffinity.md, "RequiredDuringExecution"), which was
// never implemented upstream. Behind the feature gate RequiredDuringSchedulingRequiredDuringExecution:
// it filters like the required term, and when a node's labels change so that a running pod no
// longer matches, the pod is evicted (its controller, if any, makes a replacement that is scheduled
// again). Upstream's nearest relative is the descheduler's RemovePodsViolatingNodeAffinity, run
// periodically, for requiredDuringSchedulingIgnoredDuringExecution.

import { LazyErrorNodeSelector } from '../model/selectors';
import type { Node, Pod } from '../model/types';

/** The event reason of such an eviction. */
export const REQUIRED_DURING_EXECUTION_EVICTION = 'RequiredDuringExecutionEviction';

/** The running pods on `node` whose requiredDuringSchedulingRequiredDuringExecution no longer matches it. */
export function podsViolatingRequiredDuringExecution(node: Node, pods: readonly Pod[]): Pod[] {
  return pods.filter((p) => {
    const required = p.spec.affinity?.nodeAffinity?.requiredDuringSchedulingRequiredDuringExecution;
    if (!required || p.spec.nodeName !== node.metadata.name || p.metadata.deletionTimestamp !== undefined) return false;
    if (p.status.phase === 'Succeeded' || p.status.phase === 'Failed') return false;
    return !new LazyErrorNodeSelector(required).match(node).matches;
  });
}

export function requiredDuringExecutionMessage(node: Node): string {
  return `node ${node.metadata.name} no longer matches the pod's requiredDuringSchedulingRequiredDuringExecution node affinity (the RequiredDuringExecution design, never shipped upstream; Podplay feature gate RequiredDuringSchedulingRequiredDuringExecution): evicting`;
}
