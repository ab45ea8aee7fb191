// The PodDisruptionBudgets in the stage's legend row: each budget's spec, its healthy pods against
// the ones it needs, and the disruptions it allows now (pdbs.ts); the pods it covers carry a
// PDB mark on their chips (PodChip). While a question asks what an eviction does, the disruptions
// allowed are its answer: drawn as "?".

import { createContext } from 'react';
import type { PdbChange } from '../../engine/api';
import { pdbName, pdbSpec } from './pdbs';

/** pod → the budgets that cover it, at the step on screen */
export const PdbCoverContext = createContext<ReadonlyMap<string, readonly string[]>>(new Map());

/** the mark of a budget, in words: a shield glyph is missing from the fonts a projector's laptop may have */
export const PDB_MARK = 'PDB';

export function PdbBudgets({ budgets, hideAllowed }: { budgets: readonly PdbChange[]; hideAllowed: boolean }) {
  if (budgets.length === 0) return null;
  return (
    <ul className="pdb-budgets" aria-label="PodDisruptionBudgets">
      {budgets.map((b) => {
        const allowed = hideAllowed ? '?' : String(b.disruptionsAllowed);
        return (
          <li
            key={b.pdb}
            className={`pdb-budget${!hideAllowed && b.disruptionsAllowed === 0 ? ' pdb-exhausted' : ''}`}
            data-testid="pdb-budget"
            data-pdb={b.pdb}
            data-healthy={b.currentHealthy}
            data-desired={b.desiredHealthy}
            data-pods={b.pods.join(' ')}
            {...(hideAllowed ? {} : { 'data-allowed': b.disruptionsAllowed })}
            title={`PodDisruptionBudget ${b.pdb}: ${pdbSpec(b)}; covers ${b.pods.length} pod${b.pods.length === 1 ? '' : 's'}, ${b.currentHealthy} healthy, ${b.desiredHealthy} needed; ${hideAllowed ? 'disruptions allowed: a question\'s answer' : `${b.disruptionsAllowed} disruption${b.disruptionsAllowed === 1 ? '' : 's'} allowed`}`}
          >
            <span className="pdb-mark">{PDB_MARK}</span> <strong>{pdbName(b)}</strong> {pdbSpec(b)}: <span className="pdb-healthy">{b.currentHealthy} healthy</span>, <span className="pdb-allowed">{allowed} {b.disruptionsAllowed === 1 && !hideAllowed ? 'disruption' : 'disruptions'} allowed</span>
          </li>
        );
      })}
    </ul>
  );
}
