// upstream: pkg/scheduler/backend/cache/node_tree.go and cache/snapshot.go
// The node list the scheduler walks, zone-interleaved, plus the lists plugins ask for.

import type { Node } from '../model/types';
import type { NodeInfo } from './nodeInfo';

const REGION = 'topology.kubernetes.io/region';
const ZONE = 'topology.kubernetes.io/zone';
const LEGACY_REGION = 'failure-domain.beta.kubernetes.io/region';
const LEGACY_ZONE = 'failure-domain.beta.kubernetes.io/zone';

/** upstream: utilnode.GetZoneKey — "" when the node has neither region nor zone. */
export function zoneKey(node: Node): string {
  const labels = node.metadata.labels ?? {};
  const region = labels[REGION] ?? labels[LEGACY_REGION] ?? '';
  const zone = labels[ZONE] ?? labels[LEGACY_ZONE] ?? '';
  if (region === '' && zone === '') return '';
  return `${region}:\x00:${zone}`;
}

/**
 * upstream: nodeTree.list — zones in first-insertion order, nodes in insertion order inside a
 * zone, listed round-robin across zones: A=[a1,a2,a3], B=[b1], C=[c1,c2] → a1,b1,c1,a2,c2,a3.
 */
export function nodeTreeOrder<T>(nodesInInsertionOrder: readonly T[], zoneOf: (n: T) => string): T[] {
  const zones = new Map<string, T[]>();
  for (const n of nodesInInsertionOrder) {
    const z = zoneOf(n);
    let list = zones.get(z);
    if (!list) zones.set(z, (list = []));
    list.push(n);
  }
  const lists = [...zones.values()];
  const out: T[] = [];
  for (let i = 0; out.length < nodesInInsertionOrder.length; i++) {
    for (const list of lists) if (i < list.length) out.push(list[i]!);
  }
  return out;
}

export class Snapshot {
  readonly byName: Map<string, NodeInfo>;
  readonly havePodsWithAffinityList: NodeInfo[];
  readonly havePodsWithRequiredAntiAffinityList: NodeInfo[];

  /** nodeInfoList must already be in node-tree order */
  constructor(readonly nodeInfoList: NodeInfo[]) {
    this.byName = new Map(nodeInfoList.map((n) => [n.name, n]));
    this.havePodsWithAffinityList = nodeInfoList.filter((n) => n.podsWithAffinity.length > 0);
    this.havePodsWithRequiredAntiAffinityList = nodeInfoList.filter((n) => n.podsWithRequiredAntiAffinity.length > 0);
  }

  get(nodeName: string): NodeInfo | undefined {
    return this.byName.get(nodeName);
  }

  get numNodes(): number {
    return this.nodeInfoList.length;
  }
}
