// upstream: pkg/scheduler/framework/plugins/topologyaware/topology_placement.go (v1.36 alpha,
// feature gates GenericWorkload + TopologyAwareWorkloadScheduling; KEP-5732). A PlacementGenerate
// plugin: one candidate placement per value of the PodGroup's topology key
// (spec.schedulingConstraints.topology[0].key) among the parent placement's nodes. When pods of the
// group are already scheduled, only their domain is offered; scheduled pods in two domains, on a
// node outside the snapshot or on a node without the label are an error.

import type { NodeInfo } from '../../framework/nodeInfo';
import type { Placement } from '../../framework/placement';
import { Status } from '../../framework/status';

export const Name = 'TopologyPlacement';

export interface GeneratePlacementsInput {
  /** the first topology constraint's key; undefined: the PodGroup has no topology constraint */
  topologyKey: string | undefined;
  parent: Placement;
  /** the nodes the group's already scheduled (assumed or bound) pods run on */
  scheduledPodNodes: readonly { pod: string; nodeName: string }[];
  /** the snapshot's node by name (all nodes, not only the parent placement's) */
  nodeInfo: (name: string) => NodeInfo | undefined;
}

/** upstream: getScheduledPodsTopologyDomain */
function scheduledPodsDomain(key: string, input: GeneratePlacementsInput): string | Status | undefined {
  let domain: string | undefined;
  for (const { pod, nodeName } of input.scheduledPodNodes) {
    const node = input.nodeInfo(nodeName);
    if (!node) return Status.error(`cannot determine domain for already scheduled pods: getting node for pod ${pod}: nodeinfo not found for node name "${nodeName}"`);
    const labels = node.node.metadata.labels ?? {};
    if (!Object.prototype.hasOwnProperty.call(labels, key)) return Status.error(`cannot determine domain for already scheduled pods: no topology domain found for pod ${pod}`);
    const d = labels[key]!;
    if (domain !== undefined && domain !== d) return Status.error(`cannot determine domain for already scheduled pods: more than 1 domain found for pod group: ${domain}, ${d}`);
    domain = d;
  }
  return domain;
}

/**
 * upstream: TopologyPlacement.GeneratePlacements. Podplay orders the placements by domain value
 * (upstream ranges over a map, in no fixed order) so runs repeat.
 */
export function generatePlacements(input: GeneratePlacementsInput): Placement[] | Status {
  const key = input.topologyKey;
  // No topology constraint: the parent placement itself.
  if (key === undefined) return [input.parent];
  const required = scheduledPodsDomain(key, input);
  if (required instanceof Status) return required;
  const byDomain = new Map<string, NodeInfo[]>();
  for (const node of input.parent.nodes) {
    const labels = node.node.metadata.labels ?? {};
    if (!Object.prototype.hasOwnProperty.call(labels, key)) continue;
    const domain = labels[key]!;
    if (required !== undefined && domain !== required) continue;
    let nodes = byDomain.get(domain);
    if (!nodes) byDomain.set(domain, (nodes = []));
    nodes.push(node);
  }
  return [...byDomain.keys()].sort().map((name) => ({ name, nodes: byDomain.get(name)! }));
}
