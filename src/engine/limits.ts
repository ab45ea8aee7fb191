// What a scenario may ask of Podplay, in one place. Scenarios come from links, files and dumps
// that nobody has checked: each of these bounds turns a request that would exhaust the tab's
// memory or time into an error at the line that asks (or, during a run, a warning that says
// what to change). They leave room for the benchmarks (bench/: upstream's scheduler_perf shapes, up to 15,001
// nodes and 55,000 pods).
// README.md, "What Podplay refuses, and why", lists them for users.

export const LIMITS = {
  /**
   * Pods a scenario may create: Pod documents, workload replicas, Job parallelism, DaemonSet
   * pods (one per node), the pods timeline steps apply or scale up. Counted before any is built.
   */
  podsPerScenario: 60_000,
  /**
   * Nodes a scenario may declare or apply. Both sized for upstream's largest scheduler_perf
   * shapes (test/integration/scheduler_perf: SchedulingDaemonset's 15,001 nodes, SchedulingBasic's
   * 5,000 init and 50,000 measured pods) with room to spare; what a pod or a node costs in memory
   * is small beside the trace, which has a budget of its own (traceBytes).
   */
  nodesPerScenario: 16_000,
  /**
   * Pods a run may create in all, with the ones controllers make again after an eviction or a
   * scale-down and up: the run stops (with a warning) when it reaches this many.
   */
  podsPerRun: 200_000,
  /** YAML nodes reached through aliases, all the scenario's documents together ("billion laughs"). */
  aliasNodes: 200_000,
  /** Characters of the scalars among them (one long value used through many aliases). */
  aliasChars: 10_000_000,
  /** Nesting of YAML collections (and of Lists of objects). */
  nestingDepth: 100,
  /** Characters of a value written by the user that a message quotes. */
  quotedChars: 200,
  /** Errors (and, separately, warnings) reported; the rest are counted in one last entry. */
  reportedProblems: 1_000,
  /** Terms of one node selector (nodeSelectorTerms, or a preferred term's expressions). */
  nodeSelectorTerms: 1_000,
  /** Scheduling cycles in one run. */
  cyclesPerRun: 200_000,
  /**
   * Bytes the run's trace may hold, estimated (simulation/traceBudget.ts): a cycle's own record,
   * and per node evaluated or scored what is kept of it — nothing for a window of the node list,
   * a few bits for verdicts and scores that repeat, 16 bytes for a plain list or record. A budget
   * by bytes rather than by entries: upstream's 50,000-pod workloads on 5,000 nodes (25 million
   * verdicts and as many scores, kept in a few bits each) run in full, while a run whose trace
   * would really fill the tab still stops.
   */
  traceBytes: 256 * 1024 * 1024,
  /**
   * Node outcomes (a node's Filter verdicts, a node's scores) the result's JSON writes in full:
   * in memory the trace keeps repeated verdicts in a few bits (traceBytes), but `--json` spells
   * each out in about 1 KB (indented), and 4,000 local PVs on 1,000 nodes (4 million outcomes)
   * came to over 4 GB. Cycles past this many are written with their per-node lists counted
   * (simulation/traceSummary.ts), so the JSON stays near 250 MB.
   */
  traceNodeOutcomesInJson: 250_000,
  /**
   * Retries whose trace is the same as the pod's attempt before (nothing that matters to it
   * changed): at most this many of one pod in a row, and this many in the whole run.
   */
  unchangedRetriesPerPod: 1_000,
  unchangedRetriesPerRun: 10_000,
} as const;

/** 1234567 → "1,234,567" */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
