// upstream: pkg/scheduler/schedule_one_podgroup.go podGroupSchedulingPlacementAlgorithm and
// findBestPlacement (v1.36, TopologyAwareWorkloadScheduling; KEP-5732 phases 1-3): the
// PlacementGenerate plugins cut the cluster into candidate placements; the pod group's default
// algorithm runs once per placement, on that placement's nodes only; every PlacementScore plugin
// scores the feasible ones (normalizing its own scores), and the best total wins. One feasible
// placement is taken without scoring, as upstream does. The candidates, each plugin's score and
// the choice are returned for the trace.

import type { PlacementCandidate } from '../api';
import type { NodeInfo } from './nodeInfo';
import { ROOT_PLACEMENT_NAME, type Placement, type PlacementScore, type PodGroupAssignments, type ProposedAssignment } from './placement';
import { Status } from './status';

export interface PlacementScorePlugin {
  name: string;
  /** the profile's weight of the plugin (1 unless configured) */
  weight: number;
  scorePlacement(assignments: PodGroupAssignments): number | Status;
  /** upstream: PlacementScoreExtensions().NormalizePlacementScore */
  normalizePlacementScore?(scores: PlacementScore[]): Status;
}

export interface PlacementGeneratePlugin {
  name: string;
  generatePlacements(parent: Placement): Placement[] | Status;
}

/** One run of the pod group's default algorithm on one placement. */
export interface PlacementAttempt<R> {
  status: Status;
  /** the pods it put on nodes (none when infeasible) */
  assignments: readonly ProposedAssignment[];
  /** upstream: podGroupAlgorithmResult.waitingOnPreemption — feasible once victims are gone */
  waitingOnPreemption?: boolean;
  result: R;
}

export interface PlacementAlgorithmResult<R> {
  status: Status;
  /** the chosen (or, when none was feasible, the first) attempt; undefined when generation failed */
  attempt?: PlacementAttempt<R>;
  candidates: PlacementCandidate[];
}

/** upstream: RunPlacementGeneratePlugins — each plugin refines every placement of the previous one */
export function runPlacementGeneratePlugins(plugins: readonly PlacementGeneratePlugin[], allNodes: readonly NodeInfo[]): Placement[] | Status {
  let placements: Placement[] = [{ name: ROOT_PLACEMENT_NAME, nodes: allNodes }];
  for (const pl of plugins) {
    const next: Placement[] = [];
    for (const parent of placements) {
      const got = pl.generatePlacements(parent);
      if (got instanceof Status) return got.withPlugin(pl.name);
      next.push(...got);
    }
    placements = next;
  }
  return placements;
}

/**
 * upstream: the status when the PlacementGenerate plugins produce no placement (e.g. a topology key
 * on no node), attributed to the generate plugin — schedule_one_podgroup_test.go
 * TestPodGroupSchedulingPlacementAlgorithm "when no placements are generated, returns unschedulable"
 */
export const NO_PLACEMENTS = 'no feasible placements found';

/**
 * upstream: podGroupSchedulingPlacementAlgorithm. `tryPlacement` runs the default pod group
 * algorithm restricted to a placement's nodes and must leave the snapshot as it found it
 * (upstream: AssumePlacement / ForgetPlacement). `random` breaks ties between equal totals, as
 * upstream's rand.Int() does, from the run's seeded generator.
 */
export function podGroupSchedulingPlacementAlgorithm<R>(
  generators: readonly PlacementGeneratePlugin[],
  scorers: readonly PlacementScorePlugin[],
  allNodes: readonly NodeInfo[],
  tryPlacement: (placement: Placement) => PlacementAttempt<R>,
  random: () => number,
): PlacementAlgorithmResult<R> {
  const placements = runPlacementGeneratePlugins(generators, allNodes);
  if (placements instanceof Status) return { status: placements, candidates: [] };

  const candidates: PlacementCandidate[] = [];
  const feasible: { placement: Placement; attempt: PlacementAttempt<R>; candidate: PlacementCandidate }[] = [];
  let first: PlacementAttempt<R> | undefined;
  for (const placement of placements) {
    const attempt = tryPlacement(placement);
    if (attempt.status.code === 'Error') return { status: attempt.status, attempt, candidates };
    first ??= attempt;
    const ok = attempt.status.isSuccess() || attempt.waitingOnPreemption === true;
    const candidate: PlacementCandidate = {
      name: placement.name, nodes: placement.nodes.map((n) => n.name), feasible: ok,
      assignments: attempt.assignments.map((a) => ({ pod: `${a.pod.metadata.namespace ?? 'default'}/${a.pod.metadata.name}`, node: a.nodeName })),
    };
    if (!ok && attempt.status.message()) candidate.message = attempt.status.message();
    candidates.push(candidate);
    if (ok) feasible.push({ placement, attempt, candidate });
  }

  if (feasible.length === 0) {
    // upstream: podGroupFitError.Error — "0/N placements are available, first placement status: …",
    // and with no placement generated (numPlacements 0) the reason alone, never "0/0 placements".
    if (!first) {
      const status = Status.unschedulable(NO_PLACEMENTS);
      const last = generators[generators.length - 1];
      return { status: last ? status.withPlugin(last.name) : status, candidates };
    }
    return { status: Status.unschedulable(`0/${placements.length} placements are available, first placement status: ${first.status.message()}`), attempt: first, candidates };
  }
  if (feasible.length === 1) {
    feasible[0]!.candidate.chosen = true;
    return { status: feasible[0]!.attempt.status, attempt: feasible[0]!.attempt, candidates };
  }

  // upstream: findBestPlacement / RunPlacementScorePlugins
  const totals = feasible.map(() => 0);
  for (const pl of scorers) {
    const scores: PlacementScore[] = [];
    for (const f of feasible) {
      const s = pl.scorePlacement({ placement: f.placement, proposedAssignments: f.attempt.assignments });
      if (s instanceof Status) return { status: s.withPlugin(pl.name), candidates };
      scores.push({ placement: f.placement, score: s });
    }
    if (pl.normalizePlacementScore) {
      const st = pl.normalizePlacementScore(scores);
      if (!st.isSuccess()) return { status: st.withPlugin(pl.name), candidates };
    }
    scores.forEach((s, i) => {
      (feasible[i]!.candidate.scores ??= []).push({ plugin: pl.name, score: s.score });
      totals[i]! += s.score * pl.weight;
    });
  }
  let best = 0;
  let bestRandom = random();
  feasible.forEach((f, i) => {
    f.candidate.totalScore = totals[i]!;
    if (i === 0) return;
    const r = random();
    if (totals[i]! > totals[best]! || (totals[i] === totals[best] && r > bestRandom)) { best = i; bestRandom = r; }
  });
  feasible[best]!.candidate.chosen = true;
  return { status: feasible[best]!.attempt.status, attempt: feasible[best]!.attempt, candidates };
}
