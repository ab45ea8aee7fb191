// Two verdicts that CLI peers give for an "Insufficient <resource>" pod and the FitError's counts
// do not: the pod is larger than any node (no node's allocatable holds its request: only a bigger
// node helps — and, with an autoscaler, no node group's template is big enough either), or the
// cluster has the room in total but not on one node (fragmentation). Read from one cycle's trace:
// NodeResourcesFit's Filter details carry each node's request, used and allocatable
// (../plugins/NodeResourcesFit/filtering.ts), as upstream's InsufficientResource does.
// Structured data; the CLI and the page word it.

import type { AutoscalerOutcome, CycleTrace } from '../api';
import { humanResource } from '../model/quantity';

export interface CapacityVerdict {
  kind: 'largerThanAnyNode' | 'fragmented';
  resource: string;
  /** the pod's request (scheduler units: millicores, bytes, …) */
  requested: number;
  /** largerThanAnyNode: the largest allocatable; fragmented: the most free on one node */
  most: number;
  node: string;
  /** fragmented: the free amount summed over the nodes the pod could use */
  totalFree: number;
  /** largerThanAnyNode: the nodes measured; fragmented: the nodes the pod could use (only room is missing there) */
  nodes: number;
  /** fragmented: nodes left out of the sum because another filter rules them out (a taint, a cordon, a selector) */
  ruledOut?: number;
  /** largerThanAnyNode with an autoscaler: no node group's template fits the request either */
  noGroupFits?: boolean;
}

interface Insufficient { resourceName: string; requested: number; used: number; capacity: number }

/** The verdicts for a cycle whose every node lacked a resource; [] when some node had room for it. */
export function capacityVerdicts(trace: CycleTrace, autoscaler?: AutoscalerOutcome): CapacityVerdict[] {
  const nodes = [...new Set(trace.nodesEvaluated)];
  // a node left out at PreFilter was never measured: "any node" would claim too much
  if (trace.result !== 'Unschedulable' || nodes.length === 0 || trace.preFilterExcluded || (trace.numAllNodes ?? nodes.length) > nodes.length) return [];
  const byResource = new Map<string, { node: string; r: Insufficient }[]>();
  nodes.forEach((node, i) => {
    const fit = (trace.filter[node] ?? []).find((v) => v.plugin === 'NodeResourcesFit');
    for (const r of (fit?.details?.insufficientResources as Insufficient[] | undefined) ?? []) {
      // every node before this one lacked it too, or it is not a verdict about the whole cluster
      const seen = byResource.get(r.resourceName) ?? [];
      if (seen.length === i) byResource.set(r.resourceName, [...seen, { node, r }]);
    }
  });
  // the nodes the pod could use but for room: every other Filter plugin passed (or skipped) there;
  // free memory on a pool the pod does not tolerate is no room for it
  const usable = new Set(nodes.filter((node) => (trace.filter[node] ?? []).every((v) => v.plugin === 'NodeResourcesFit' || v.code === 'Success' || v.code === 'Skip')));
  const out: CapacityVerdict[] = [];
  for (const [resource, all] of byResource) {
    if (all.length !== nodes.length || resource === 'pods') continue;
    const requested = all[0]!.r.requested;
    const largest = all.reduce((a, b) => (b.r.capacity > a.r.capacity ? b : a));
    const free = all.filter(({ node }) => usable.has(node)).map(({ node, r }) => ({ node, free: Math.max(0, r.capacity - r.used) }));
    const most = free.reduce((a, b) => (b.free > a.free ? b : a), { node: '', free: 0 });
    const totalFree = free.reduce((n, f) => n + f.free, 0);
    if (largest.r.capacity < requested) {
      const verdict = autoscaler?.pods[trace.pod];
      const noGroupFits = verdict?.kind === 'notTriggerScaleUp' && autoscaler!.nodeGroups.length > 0
        && autoscaler!.nodeGroups.every((g) => verdict.groups.some((x) => x.group === g.name && x.reason === `Insufficient ${resource}`));
      out.push({ kind: 'largerThanAnyNode', resource, requested, most: largest.r.capacity, node: largest.node, totalFree, nodes: nodes.length, ...(noGroupFits ? { noGroupFits } : {}) });
    } else if (free.length > 0 && totalFree >= requested) {
      const ruledOut = nodes.length - free.length;
      out.push({ kind: 'fragmented', resource, requested, most: most.free, node: most.node, totalFree, nodes: free.length, ...(ruledOut > 0 ? { ruledOut } : {}) });
    }
  }
  return out;
}

/** A verdict in words, as the Pod tab and `--explain` say it. */
export function capacityText(v: CapacityVerdict, short: (node: string) => string = (n) => n): string {
  // in units a person reads (kubectl describe's Gi, not the node's allocatable in Ki)
  const amount = (n: number) => `${humanResource(v.resource, n)} ${v.resource}`;
  return v.kind === 'largerThanAnyNode'
    ? `Larger than any node: the pod requests ${amount(v.requested)}, and the largest node, ${short(v.node)}, has ${amount(v.most)} allocatable — only a bigger node can take it${v.noGroupFits ? ', and no node group\'s template is big enough either (Insufficient ' + v.resource + ' on each)' : ''}.`
    : `Fragmented: ${amount(v.totalFree)} is free across the ${v.nodes} node${v.nodes === 1 ? '' : 's'} ${v.ruledOut ? 'the pod could use ' : ''}in total${v.ruledOut ? ` (not counted: ${v.ruledOut} node${v.ruledOut === 1 ? '' : 's'} another filter rules out — a taint, a cordon, a selector)` : ''}, but at most ${amount(v.most)} on one (${short(v.node)}), and the pod requests ${amount(v.requested)} on a single node.`;
}
