// The run's PodDisruptionBudget history (SimulationResult.pdbHistory, issue 19): each budget as the
// disruption controller computes it (upstream pkg/controller/disruption/disruption.go trySync, here
// controllers/disruption.ts computePdbStatus) before the first cycle, after the timeline steps and
// controllers of each instant and after each cycle: the pods it selects, how many are healthy, how
// many it needs and the disruptions it allows. Only changes are kept. The stage draws it: a
// budget's coverage and its allowed disruptions were only in the lessons' words.

import type { PdbChange } from '../api';
import { computePdbStatus, selectedPods } from '../controllers/disruption';
import type { PodDisruptionBudget } from '../model/types';
import type { ClusterState } from './cluster';

/**
 * Budget of pod visits (budgets × live pods, summed over the records): past it the run keeps no
 * history at all (a dump of thousands of pods and budgets), rather than one that stops part way
 * and would draw a stale status as the current one.
 */
export const PDB_HISTORY_WORK_LIMIT = 5_000_000;

export class PdbHistory {
  private changes: PdbChange[] | undefined = [];
  private readonly last = new Map<string, string>();
  private work = 0;

  constructor(private readonly cluster: ClusterState, private readonly now: () => { cycle: number; time: number }) {}

  /** Records every budget whose status or selected pods changed since its last record. */
  record(): void {
    const pdbs = this.cluster.pdbs();
    if (this.changes === undefined || pdbs.length === 0) return;
    const pods = this.cluster.livePods();
    this.work += pdbs.length * pods.length;
    if (this.work > PDB_HISTORY_WORK_LIMIT) { this.changes = undefined; return; }
    const at = this.now();
    for (const pdb of pdbs) {
      const state = this.stateOf(pdb, pods, at.time);
      const key = state.pdb;
      const json = JSON.stringify(state);
      if (this.last.get(key) === json) continue;
      this.last.set(key, json);
      this.changes.push({ ...at, ...state });
    }
  }

  /** The history, when it is complete and not empty. */
  result(): PdbChange[] | undefined {
    return this.changes !== undefined && this.changes.length > 0 ? this.changes : undefined;
  }

  private stateOf(pdb: PodDisruptionBudget, pods: ReturnType<ClusterState['livePods']>, time: number): Omit<PdbChange, 'cycle' | 'time'> {
    const namespace = pdb.metadata.namespace ?? 'default';
    const { status } = computePdbStatus(pdb, pods, (k, ns, n) => this.cluster.workload(k, ns, n), time);
    return {
      pdb: `${namespace}/${pdb.metadata.name}`,
      ...(pdb.spec.minAvailable !== undefined ? { minAvailable: pdb.spec.minAvailable } : {}),
      ...(pdb.spec.maxUnavailable !== undefined ? { maxUnavailable: pdb.spec.maxUnavailable } : {}),
      pods: selectedPods(pdb, pods).map((p) => `${p.metadata.namespace ?? 'default'}/${p.metadata.name}`),
      currentHealthy: status.currentHealthy ?? 0,
      desiredHealthy: status.desiredHealthy ?? 0,
      expectedPods: status.expectedPods ?? 0,
      disruptionsAllowed: status.disruptionsAllowed ?? 0,
    };
  }
}

