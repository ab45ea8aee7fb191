// What the stage draws of the node autoscaler at a simulated time, read from a run's result: the
// nodes over the whole run (those scale-down deleted included), each node's state (provisioning,
// drained, removed) and each node group's size against its bounds. Views only read this.
// upstream: cluster-autoscaler's clusterstate (a group's target size counts its upcoming nodes;
// core/scaledown/actuation taints ToBeDeletedByClusterAutoscaler, drains, then deletes).

import type { AutoscalerOutcome, NodeOutcome, SimulationResult } from '../api';

/** Every node the run had: those at the end, then those deleted during it (SimulationResult.removedNodes). */
export function nodesOverRun(result: Pick<SimulationResult, 'nodes' | 'removedNodes'>): NodeOutcome[] {
  return result.removedNodes === undefined || result.removedNodes.length === 0 ? result.nodes : [...result.nodes, ...result.removedNodes];
}

/**
 * A node at `time`: not yet there (a timeline step or a scale-up adds it later: 'provisioning' once
 * the autoscaler asked for it), there, being drained by scale-down, or gone.
 */
export type NodeStageState = 'later' | 'provisioning' | 'present' | 'draining' | 'removed';

export function nodeStageState(node: NodeOutcome, time: number): NodeStageState {
  if (node.deletedAt !== undefined && time >= node.deletedAt) return 'removed';
  if (node.createdAt !== undefined && time < node.createdAt) {
    return node.provisionedBy !== undefined && time >= node.provisionedBy.scaleUpAt ? 'provisioning' : 'later';
  }
  if (node.drainedBy !== undefined && time >= node.drainedBy.drainAt) return 'draining';
  return 'present';
}

export interface NodeGroupAt {
  name: string;
  minSize: number;
  maxSize: number;
  /** registered nodes, draining ones included (they count until deleted) */
  ready: number;
  provisioning: number;
  draining: number;
  /** upstream's target size: registered plus upcoming */
  size: number;
}

/** node name -> its node group, from the end state and the autoscaler's activities (removed nodes included) */
export function nodeGroupMembers(autoscaler: AutoscalerOutcome): Map<string, string> {
  const members = new Map<string, string>();
  for (const g of autoscaler.nodeGroups) for (const n of g.nodes) members.set(n, g.name);
  for (const a of autoscaler.activities) {
    if (a.kind === 'scaleUp') for (const n of a.nodes) members.set(n, a.group);
    else members.set(a.node, a.group);
  }
  return members;
}

/** Each node group's size at `time`. */
export function nodeGroupsAt(autoscaler: AutoscalerOutcome, nodes: readonly NodeOutcome[], time: number): NodeGroupAt[] {
  const members = nodeGroupMembers(autoscaler);
  return autoscaler.nodeGroups.map((g) => {
    const counts = { ready: 0, provisioning: 0, draining: 0 };
    for (const node of nodes) {
      if (members.get(node.name) !== g.name) continue;
      const state = nodeStageState(node, time);
      if (state === 'provisioning') counts.provisioning++;
      else if (state === 'present') counts.ready++;
      else if (state === 'draining') { counts.ready++; counts.draining++; }
    }
    return { name: g.name, minSize: g.minSize, maxSize: g.maxSize, ...counts, size: counts.ready + counts.provisioning };
  });
}
