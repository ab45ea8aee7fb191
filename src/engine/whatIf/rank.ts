// The order fixes are offered in, as a reviewer would approve them (README "How fixes are
// ranked"), apart from the search itself so the page can rank the fixes the worker sends without
// loading the engine. One implementation for the page and the CLI.

/**
 * How a reviewer weighs a kind of change, best first:
 * - SpecMistake: the pod's own spec corrected to the cluster it runs in (a label value no node
 *   has → the nearest one, a schedulerName no profile serves, nodeTaintsPolicy Honor for a spread
 *   over cordoned domains, a spread's minDomains above the domains the cluster has lowered to
 *   them, a toleration for the pool the pod selects and only that pool, a PriorityClass its
 *   namespace already uses);
 * - Capacity: more room for what the workload asks, as it asks it (a node like one of its pool
 *   with its ResourceSlices, another existing PriorityClass, another DeviceClass of the cluster);
 * - Relax: the workload asks for less than it meant, or gives up a constraint it declared (a
 *   request cut, a selector dropped, fewer devices, a claim's matchAttribute dropped — GPUs no
 *   longer on one PCIe root —, maxSkew raised, ScheduleAnyway, another workload scaled down, a new
 *   PriorityClass). A reviewer approves more capacity for an unchanged spec before a weaker spec:
 *   the constraint is the workload owner's to give up, the node pool the platform's to scale;
 * - NodeScoped: changes to nodes other workloads share (labels, a foreign pool's taint, uncordon);
 * - Overrides: overrides what someone wrote down — uncordoning a node whose annotations say why it
 *   is cordoned, preemption that violates a PodDisruptionBudget, a request cut below half of what
 *   the container asks for (the room one node has free now, not what the workload needs).
 */
export const Tier = { SpecMistake: 0, Capacity: 1, Relax: 2, NodeScoped: 3, Overrides: 4 } as const;
export type Tier = (typeof Tier)[keyof typeof Tier];

interface Rankable {
  /** `pool`: the node pool an "add a node like" fix scales (./candidates.ts poolOf) */
  candidate: { tier: Tier; cost: number; pool?: string };
  /** the verified fix's tier when verification found more (a PDB violated); else the candidate's */
  tier?: Tier;
  sideEffects: readonly { change: string }[];
}

/** The tier a verified fix ranks in: a fix that makes other pods Pending or deletes them weighs two tiers more (as much as touching shared nodes). */
export function effectiveTier(f: Rankable): number {
  const harm = f.sideEffects.some((s) => s.change === 'pending' || s.change === 'deleted');
  return (f.tier ?? f.candidate.tier) + (harm ? 2 : 0);
}

/**
 * Best first: by tier, then fewest side effects, then the smallest change; otherwise the order they
 * were found in. One fix per node pool: "add a node like" two nodes of one pool (another zone, or
 * another node of the same shape) is one change to a reviewer — scale that pool —, so only the
 * best of them stays.
 */
export function rankFixes<T extends Rankable>(fixes: readonly T[]): T[] {
  const pools = new Set<string>();
  return fixes.map((f, i) => ({ f, i, t: effectiveTier(f) }))
    .sort((a, b) => a.t - b.t || a.f.sideEffects.length - b.f.sideEffects.length || a.f.candidate.cost - b.f.candidate.cost || a.i - b.i)
    .map(({ f }) => f)
    .filter((f) => {
      const pool = f.candidate.pool;
      if (pool === undefined) return true;
      if (pools.has(pool)) return false;
      pools.add(pool);
      return true;
    });
}

/** The order candidates are verified in: the likeliest to be approved first, so the first fixes come early. */
export function rankCandidates<T extends { tier: Tier; cost: number }>(candidates: readonly T[]): T[] {
  return candidates.map((c, i) => ({ c, i })).sort((a, b) => a.c.tier - b.c.tier || a.c.cost - b.c.cost || a.i - b.i).map(({ c }) => c);
}
