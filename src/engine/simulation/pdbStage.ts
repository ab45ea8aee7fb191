// The PodDisruptionBudgets as the engine had them at a step of the run, read from the result's
// budget history (pdbHistory.ts). The stage draws these: the pods each budget covers and the
// disruptions it allows.

import type { PdbChange } from '../api';

/**
 * Each budget's last change when cycle `cycle` (at `time`) is on screen: the changes of earlier
 * cycles and of the time between them, and this cycle's own (its binding, its preemption) once its
 * last step is drawn (`cycleEnded`), up to `time` (a lesson's later moment draws what happened by then).
 */
export function pdbsAt(history: readonly PdbChange[] | undefined, cycle: number, time: number, cycleEnded: boolean): PdbChange[] {
  const at = new Map<string, PdbChange>();
  for (const change of history ?? []) {
    if (change.cycle > cycle || (change.cycle === cycle && !(cycleEnded && change.time <= time))) continue;
    at.set(change.pdb, change);
  }
  return [...at.values()];
}
