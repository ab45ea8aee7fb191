// The cluster's size in words, on the stage's key row: the nodes present at the step on screen and
// the topology domains the lanes draw ("6 nodes in 3 zones"). A lesson's text quotes these counts
// (issue 19: every number the text quotes is on the stage); counting the cards one by one from the
// back row is not reading them. Nodes a timeline adds later or the autoscaler removed are not counted.

import type { NodeOutcome } from '../../engine/api';
import { nodeStageState } from '../../engine/readers';

/** A lane key's domains in words: upstream's well-known zone and region labels by name, others as the key's values. */
function domainWord(topologyKey: string, count: number): string {
  if (topologyKey === 'topology.kubernetes.io/zone' || topologyKey === 'failure-domain.beta.kubernetes.io/zone') return count === 1 ? 'zone' : 'zones';
  if (topologyKey === 'topology.kubernetes.io/region' || topologyKey === 'failure-domain.beta.kubernetes.io/region') return count === 1 ? 'region' : 'regions';
  return `values of ${topologyKey}`;
}

/**
 * "3 nodes", or "6 nodes in 3 zones" where the lanes are two or more domains of `topologyKey`
 * (`domainOf` names a node's lane; undefined for a node without the label, which is no domain).
 */
export function clusterSize(
  nodes: readonly NodeOutcome[],
  time: number,
  topologyKey: string | undefined,
  domainOf: (node: NodeOutcome) => string | undefined,
): string {
  const present = nodes.filter((n) => { const s = nodeStageState(n, time); return s !== 'later' && s !== 'provisioning' && s !== 'removed'; });
  const size = `${present.length} ${present.length === 1 ? 'node' : 'nodes'}`;
  if (topologyKey === undefined) return size;
  const domains = new Set(present.map(domainOf).filter((d) => d !== undefined));
  return domains.size < 2 ? size : `${size} in ${domains.size} ${domainWord(topologyKey, domains.size)}`;
}
