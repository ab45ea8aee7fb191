// A kubectl dump names no feature gates, but it holds what an API server stored (issues 17/21).
// An object the API server serves only with a gate, or a field its strategy drops without one
// (dropDisabledFields / PrepareForCreate), proves that cluster has the gate on: the run turns it on,
// with one warning per gate at the first object or field that proves it. A gate the Scenario sets
// itself is left to it. load.ts collects the proofs (declared objects only: what a timeline step
// applies is created, not stored) and applies them before the gates are resolved.

import type { Pos } from './source';
import type { ScenarioMeta } from './decode/timeline';
import { formatCount } from '../limits';
import type { FeatureGateName, FeatureGates } from '../features';

export interface StoredProof {
  gate: FeatureGateName;
  pos: Pos;
  path?: string;
  /** the object, and the field when a field is the proof ("PodGroup ml/train-0: spec.priority") */
  subject: string;
  noun: 'field' | 'object';
  /** the field would be dropped without the gate: the warning says it is kept */
  kept: boolean;
  /** why the gate must be on, ending in what follows from it */
  why: string;
}

/** The reason a stored field proves its gate (the API server's strategy drops it otherwise). */
export function storedFieldWhy(gate: string, alsoNeeds?: string): string {
  const gates = alsoNeeds ? `${gate} and ${alsoNeeds}` : gate;
  return `a dump holds what the API server stored, and it stores this field only with ${gates} on, so the cluster has ${alsoNeeds ? 'them' : 'it'} on`;
}

/**
 * The Scenario's gates with those the proofs show on added: for each gate that `gates` (the
 * version's defaults with the Scenario's settings) leaves off and the Scenario does not set.
 * `warn` reports one warning per gate, at its first proof, counting the rest.
 */
export function withStoredGates(meta: ScenarioMeta, proofs: readonly StoredProof[], gates: FeatureGates, warn: (pos: Pos, message: string, path?: string) => void): ScenarioMeta {
  const byGate = new Map<FeatureGateName, StoredProof[]>();
  for (const p of proofs) {
    if (gates[p.gate] || meta.featureGates?.[p.gate] !== undefined) continue;
    byGate.set(p.gate, [...(byGate.get(p.gate) ?? []), p]);
  }
  if (byGate.size === 0) return meta;
  const featureGates = { ...meta.featureGates };
  for (const [gate, all] of byGate) {
    featureGates[gate] = true;
    const first = all[0]!;
    const rest = all.length - 1;
    const nouns = new Set(all.slice(1).map((p) => p.noun));
    const noun = nouns.size > 1 ? 'objects and fields' : `${[...nouns][0]}${rest === 1 ? '' : 's'}`;
    const more = rest > 0 ? ` (and ${formatCount(rest)} more stored ${noun} behind it)` : '';
    const undo = all.some((p) => p.kept) ? 'to drop such fields as on create' : 'to run without it';
    warn(first.pos, `${first.subject}: ${first.kept ? 'kept, and ' : ''}the feature gate ${gate} turned on for this run: ${first.why}${more}. Set ${gate}: false in the Scenario's spec.featureGates ${undo}`, first.path);
  }
  return { ...meta, featureGates };
}
