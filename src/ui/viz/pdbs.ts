// PodDisruptionBudgets on the stage at the step on screen, as the engine had them
// (SimulationResult.pdbHistory read by engine/simulation/pdbStage.ts): what each budget covers and
// the disruptions it allows. Nothing is decided here (issue 19: preemption-pdb's and eviction-pdb's
// budgets were only in words).

import type { PdbChange } from '../../engine/api';
import { pdbsAt } from '../../engine/readers';

export interface StagePdbs {
  budgets: readonly PdbChange[];
  /** pod → the names of the budgets that cover it */
  coveredBy: ReadonlyMap<string, readonly string[]>;
}

export const NO_PDBS: StagePdbs = { budgets: [], coveredBy: new Map() };

/** The budgets at cycle `cycle`, `time`: this cycle's own changes once its end is drawn (`cycleEnded`). */
export function stagePdbs(history: readonly PdbChange[] | undefined, cycle: number, time: number, cycleEnded: boolean): StagePdbs {
  if (history === undefined) return NO_PDBS;
  const budgets = pdbsAt(history, cycle, time, cycleEnded);
  const coveredBy = new Map<string, string[]>();
  for (const b of budgets) for (const pod of b.pods) coveredBy.set(pod, [...(coveredBy.get(pod) ?? []), pdbName(b)]);
  return { budgets, coveredBy };
}

/** The budget's name without its namespace. */
export function pdbName(b: Pick<PdbChange, 'pdb'>): string {
  return b.pdb.slice(b.pdb.indexOf('/') + 1);
}

/** What the budget asks for, as its spec says it: "minAvailable 2", "maxUnavailable 25%". */
export function pdbSpec(b: PdbChange): string {
  return b.minAvailable !== undefined ? `minAvailable ${b.minAvailable}` : b.maxUnavailable !== undefined ? `maxUnavailable ${b.maxUnavailable}` : 'no minimum';
}
