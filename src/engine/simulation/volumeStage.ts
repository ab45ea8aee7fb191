// The claims and volumes as the engine had them at a step of the run, read from the result's
// volume history (volumeHistory.ts), and which nodes a volume can be reached from: its
// spec.nodeAffinity matched the way VolumeBinding's Filter matches it (upstream
// volumebinding/binder.go checkBoundClaims → CheckNodeAffinity). The stage draws these.

import type { NodeOutcome, VolumeChange } from '../api';
import { matchNodeSelector } from '../model/selectors';
import type { Node, NodeSelector } from '../model/types';

export interface VolumesAt {
  /** "namespace/name" → the claim's last change by then */
  claims: Map<string, VolumeChange>;
  /** name → the volume's last change by then */
  volumes: Map<string, VolumeChange>;
}

/**
 * The claims and volumes that exist when cycle `cycle` (at `time`) is on screen: the changes of
 * earlier cycles and of the time between them, and this cycle's own once its binding is drawn
 * (`bindReached`: PreBind wrote them).
 */
export function volumesAt(history: readonly VolumeChange[] | undefined, cycle: number, time: number, bindReached: boolean): VolumesAt {
  const claims = new Map<string, VolumeChange>();
  const volumes = new Map<string, VolumeChange>();
  for (const change of history ?? []) {
    if (change.cycle > cycle || (change.cycle === cycle && !(bindReached && change.time <= time))) continue;
    const into = change.kind === 'PersistentVolume' ? volumes : claims;
    if (change.deleted) into.delete(change.name); else into.set(change.name, change);
  }
  return { claims, volumes };
}

/** Whether a volume can be reached from the node (no node affinity: from every node). */
export function volumeReaches(volume: VolumeChange, node: Pick<NodeOutcome, 'name' | 'labels'>): boolean {
  if (volume.nodeAffinity === undefined) return true;
  const asNode = { kind: 'Node', metadata: { name: node.name, labels: node.labels }, spec: {}, status: {} } as unknown as Node;
  return matchNodeSelector(volume.nodeAffinity as NodeSelector, asNode);
}
