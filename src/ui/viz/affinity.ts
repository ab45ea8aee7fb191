// Inter-pod affinity relations of the pod being scheduled, read from InterPodAffinity's PreFilter
// details in the trace: the existing pods its required terms match, and the existing pods whose
// required anti-affinity matches it, each in its topology domain.

import type { CycleTrace } from '../../engine/api';
import type { MatchedPods } from '../../engine/readers';

const PLUGIN = 'InterPodAffinity';

/** affinity: the pod wants to be near; antiAffinity: it avoids; existingAntiAffinity: the existing pod avoids it */
export type AffinityKind = 'affinity' | 'antiAffinity' | 'existingAntiAffinity';
export const AFFINITY_KINDS: readonly AffinityKind[] = ['affinity', 'antiAffinity', 'existingAntiAffinity'];

export interface AffinityRelation {
  kind: AffinityKind;
  /** the existing pod, "namespace/name" */
  pod: string;
  topologyKey: string;
  /** the existing pod's domain */
  topologyValue: string;
}

/** Every relation PreFilter found, in the order recorded; empty when the plugin skipped. */
export function affinityRelations(trace: CycleTrace): AffinityRelation[] {
  const pods = trace.preFilter.find((r) => r.plugin === PLUGIN && r.code === 'Success')?.details?.pods as Record<AffinityKind, MatchedPods[]> | undefined;
  if (pods === undefined) return [];
  return AFFINITY_KINDS.flatMap((kind) => (pods[kind] ?? []).flatMap((m) => m.pods.map((pod) => ({
    kind, pod, topologyKey: m.topologyKey, topologyValue: m.topologyValue,
  }))));
}

export const DOMAIN_TAG: Record<AffinityKind, string> = {
  affinity: 'affinity',
  antiAffinity: 'anti-affinity',
  existingAntiAffinity: 'avoided',
};

/** The relation kinds whose domain a node (by its labels) or a lane (by its key and value) lies in. */
export function domainKinds(relations: readonly AffinityRelation[], labels: Record<string, string>): AffinityKind[] {
  return AFFINITY_KINDS.filter((kind) => relations.some((r) => r.kind === kind && labels[r.topologyKey] === r.topologyValue));
}
