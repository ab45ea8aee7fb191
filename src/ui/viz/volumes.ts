// Volumes on the stage at the step on screen, as the engine had them (SimulationResult.volumeHistory
// read by engine/simulation/volumeStage.ts): each pod's claims on its chip (bound, waiting for its
// first consumer, the node the scheduler selected) and each PersistentVolume in the lanes whose
// nodes can reach it (its node affinity), so a zonal volume sits in its zone. Nothing is decided here.

import type { CycleTrace, NodeOutcome, PodOutcome, VolumeChange } from '../../engine/api';
import { volumeReaches, volumesAt, type VolumesAt } from '../../engine/readers';
import { describeNodeAffinity } from '../components/PodVolumes';

export type ClaimState = 'bound' | 'selected' | 'waiting' | 'unbound' | 'missing';

export interface ClaimMark {
  /** the pod's volume name */
  volume: string;
  /** "namespace/name" */
  claim: string;
  state: ClaimState;
  /** the PersistentVolume it is bound to */
  boundTo?: string;
  /** volume.kubernetes.io/selected-node */
  selectedNode?: string;
}

export interface VolumeMark {
  name: string;
  /** the claim it is bound to, "namespace/name" */
  claim?: string;
  phase: string;
  /** the claim's selected node, when the volume was provisioned for a WaitForFirstConsumer claim */
  selectedNode?: string;
  /** its node affinity in words ("any node" without one) */
  reach: string;
}

/** symbol: on any chip; short: beside the claim's name on the chip of the pod being scheduled; word: its accessible name */
export const CLAIM_STATE: Record<ClaimState, { symbol: string; short: string; word: string }> = {
  bound: { symbol: '✓', short: '✓', word: 'bound' },
  selected: { symbol: '→', short: '→ node', word: 'node selected, volume being provisioned' },
  waiting: { symbol: '…', short: 'waits', word: 'WaitForFirstConsumer: unbound until the scheduler picks a node' },
  unbound: { symbol: '○', short: 'unbound', word: 'unbound' },
  missing: { symbol: '✗', short: 'missing', word: 'not found' },
};

/** The claims and volumes at the step: this cycle's PreBind counts once Bind is drawn. */
export function stageVolumes(history: readonly VolumeChange[] | undefined, trace: CycleTrace, bindReached: boolean): VolumesAt | undefined {
  if (history === undefined) return undefined;
  return volumesAt(history, trace.cycle, trace.time, bindReached);
}

/** The pod's claims as they stand at the step, in its volumes' order. */
export function claimMarks(pod: PodOutcome, at: VolumesAt): ClaimMark[] | undefined {
  if (!pod.volumes?.length) return undefined;
  const namespace = pod.pod.split('/')[0]!;
  return pod.volumes.map((v) => {
    const claim = `${namespace}/${v.claimName}`;
    const change = at.claims.get(claim);
    const state: ClaimState = change === undefined ? 'missing'
      : change.phase === 'Bound' && change.boundTo !== undefined ? 'bound'
        : change.selectedNode !== undefined ? 'selected'
          : change.waitForFirstConsumer ? 'waiting' : 'unbound';
    return {
      volume: v.name, claim, state,
      ...(change?.boundTo !== undefined ? { boundTo: change.boundTo } : {}),
      ...(change?.selectedNode !== undefined ? { selectedNode: change.selectedNode } : {}),
    };
  });
}

/** The volumes a lane's nodes can reach, in the history's order (one with no node affinity is in every lane). */
export function laneVolumes(at: VolumesAt, laneNodes: readonly Pick<NodeOutcome, 'name' | 'labels'>[]): VolumeMark[] {
  const marks: VolumeMark[] = [];
  for (const volume of at.volumes.values()) {
    if (!laneNodes.some((n) => volumeReaches(volume, n))) continue;
    const claim = volume.boundTo === undefined ? undefined : at.claims.get(volume.boundTo);
    marks.push({
      name: volume.name, phase: volume.phase ?? 'Pending',
      ...(volume.boundTo !== undefined ? { claim: volume.boundTo } : {}),
      ...(claim?.selectedNode !== undefined ? { selectedNode: claim.selectedNode } : {}),
      reach: describeNodeAffinity(volume.nodeAffinity === undefined ? undefined : { apiVersion: 'v1', kind: 'PersistentVolume', metadata: {}, spec: { nodeAffinity: { required: volume.nodeAffinity } } }),
    });
  }
  return marks;
}
