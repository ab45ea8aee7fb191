// upstream: pkg/scheduler/backend/cache/node_tree.go and cache/snapshot.go
// The node list the scheduler walks, zone-interleaved, plus the lists plugins ask for.

import type { Node } from '../model/types';
import type { NodeInfo } from './nodeInfo';

const REGION = 'topology.kubernetes.io/region';
const ZONE = 'topology.kubernetes.io/zone';
const LEGACY_REGION = 'failure-domain.beta.kubernetes.io/region';
const LEGACY_ZONE = 'failure-domain.beta.kubernetes.io/zone';

/**
 * upstream: component-helpers/node/topology GetZoneKey — "" when the node has neither region nor
 * zone. The deprecated failure-domain.beta.kubernetes.io labels win when present (even empty).
 */
export function zoneKey(node: Node): string {
  const labels = node.metadata.labels ?? {};
  const zone = labels[LEGACY_ZONE] ?? labels[ZONE] ?? '';
  const region = labels[LEGACY_REGION] ?? labels[REGION] ?? '';
  if (region === '' && zone === '') return '';
  return `${region}:\x00:${zone}`;
}

/**
 * upstream: nodeTree — zones in first-insertion order (an emptied zone is dropped, and comes
 * back at the end), nodes appended to their zone; a node whose zone changes moves to the end
 * of its new zone.
 */
export class NodeTree {
  private readonly zones = new Map<string, string[]>();
  private readonly zoneOfNode = new Map<string, string>();

  addNode(node: Node): void {
    const name = node.metadata.name;
    if (this.zoneOfNode.has(name)) return;
    const zone = zoneKey(node);
    let list = this.zones.get(zone);
    if (!list) this.zones.set(zone, (list = []));
    list.push(name);
    this.zoneOfNode.set(name, zone);
  }

  removeNode(name: string): void {
    const zone = this.zoneOfNode.get(name);
    if (zone === undefined) return;
    const list = this.zones.get(zone)!.filter((n) => n !== name);
    if (list.length) this.zones.set(zone, list); else this.zones.delete(zone);
    this.zoneOfNode.delete(name);
  }

  /** returns true when the node moved to another zone */
  updateNode(node: Node): boolean {
    const zone = this.zoneOfNode.get(node.metadata.name);
    if (zone === zoneKey(node)) return false;
    this.removeNode(node.metadata.name);
    this.addNode(node);
    return true;
  }

  /** round-robin across zones */
  list(): string[] {
    const lists = [...this.zones.values()];
    const out: string[] = [];
    const total = this.zoneOfNode.size;
    for (let i = 0; out.length < total; i++) {
      for (const list of lists) if (i < list.length) out.push(list[i]!);
    }
    return out;
  }
}

/** The snapshot's lists of nodes with pods with affinity, shared by the snapshots of a cache while no node joins or leaves one. */
export interface AffinityLists {
  withAffinity?: NodeInfo[];
  withRequiredAntiAffinity?: NodeInfo[];
}

export class Snapshot {
  readonly byName: Map<string, NodeInfo>;

  /**
   * nodeInfoList must already be in node-tree order; byName, when given, indexes the same list;
   * lists, when given, holds (or is given) the affinity lists of this node list
   */
  constructor(readonly nodeInfoList: NodeInfo[], byName?: Map<string, NodeInfo>, private readonly lists: AffinityLists = {}) {
    this.byName = byName ?? new Map(nodeInfoList.map((n) => [n.name, n]));
  }

  // Listed when first asked: most pods' cycles never ask.
  get havePodsWithAffinityList(): NodeInfo[] {
    return (this.lists.withAffinity ??= this.nodeInfoList.filter((n) => n.podsWithAffinity.length > 0));
  }

  get havePodsWithRequiredAntiAffinityList(): NodeInfo[] {
    return (this.lists.withRequiredAntiAffinity ??= this.nodeInfoList.filter((n) => n.podsWithRequiredAntiAffinity.length > 0));
  }

  get(nodeName: string): NodeInfo | undefined {
    return this.byName.get(nodeName);
  }

  get numNodes(): number {
    return this.nodeInfoList.length;
  }
}
