// A verified fix as the Fixes panel and --explain show it: shared by the fix search
// (./fixSearch.ts) and the search for fixes of a workload admission refused (./policyFixSearch.ts).

import type { Candidate, SideEffect, Tier } from '../engine/readers';
import type { FixText } from './fixText';

/** A verified fix as the panel shows it. */
export interface FixView {
  candidate: Candidate;
  node: string;
  sideEffects: SideEffect[];
  alsoPlaced: string[];
  /** the tier it ranks in (../engine/whatIf/rank.ts) and what a reviewer must know */
  tier: Tier;
  warnings: string[];
  /** undefined when the change cannot be written into this text (e.g. the pod is inside a List) */
  text?: FixText;
  /**
   * a fix for a workload whose pods admission refused (./policyFixSearch.ts): with it the API
   * server admits them — the workload's pods at the end, how many are scheduled, and where
   */
  admitted?: { workload: string; pods: number; scheduled: number; nodes: string[] };
}
