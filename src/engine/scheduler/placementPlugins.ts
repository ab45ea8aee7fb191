// The PlacementGenerate and PlacementScore plugins a pod group's cycle runs when
// TopologyAwareWorkloadScheduling is on (upstream: applyTopologyAwareWorkloadScheduling appends
// TopologyPlacement and PodGroupPodsCount, weight 1, to the default profile; NodeResourcesFit,
// already in it, scores placements too — KEP-5732 "Scheduler Plugins"). Podplay runs this fixed
// set; a profile cannot reconfigure the placement extension points (docs/fidelity.md).

import type { NodeInfo } from '../framework/nodeInfo';
import type { PlacementGeneratePlugin, PlacementScorePlugin } from '../framework/placementAlgorithm';
import * as NodeResourcesFitPlacement from '../plugins/NodeResourcesFit/placementScoring';
import * as PodGroupPodsCount from '../plugins/PodGroupPodsCount';
import * as TopologyPlacement from '../plugins/TopologyPlacement';

/** what the placement plugins read of a PodGroup (upstream: PodGroupInfo and the PodGroup lister) */
export interface PlacementPodGroup {
  /** spec.schedulingConstraints.topology[0].key — only the first constraint is used (alpha) */
  topologyKey: string | undefined;
  /** the group's scheduled (assumed or bound) pods and their nodes */
  scheduledPods: readonly { pod: string; nodeName: string }[];
}

export function placementPlugins(podGroup: PlacementPodGroup, nodeInfo: (name: string) => NodeInfo | undefined): {
  generators: PlacementGeneratePlugin[];
  scorers: PlacementScorePlugin[];
} {
  const fitScorer = NodeResourcesFitPlacement.newPlacementScorer();
  return {
    generators: [{
      name: TopologyPlacement.Name,
      generatePlacements: (parent) => TopologyPlacement.generatePlacements({ topologyKey: podGroup.topologyKey, parent, scheduledPodNodes: podGroup.scheduledPods, nodeInfo }),
    }],
    scorers: [
      { name: 'NodeResourcesFit', weight: 1, scorePlacement: (a) => NodeResourcesFitPlacement.scorePlacement(fitScorer, a, nodeInfo) },
      {
        name: PodGroupPodsCount.Name, weight: 1,
        scorePlacement: (a) => PodGroupPodsCount.scorePlacement(podGroup.scheduledPods.length, a),
        normalizePlacementScore: PodGroupPodsCount.normalizePlacementScore,
      },
    ],
  };
}
