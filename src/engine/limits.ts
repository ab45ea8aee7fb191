// What a scenario may ask of Podplay, in one place. Scenarios come from links, files and dumps
// that nobody has checked: each of these bounds turns a request that would exhaust the tab's
// memory or time into an error at the line that asks (or, during a run, a warning that says
// what to change). They leave room for the benchmarks (bench/: 5,000 nodes and ~25,000 pods).
// README.md, "What Podplay refuses, and why", lists them for users.

export const LIMITS = {
  /**
   * Pods a scenario may create: Pod documents, workload replicas, Job parallelism, DaemonSet
   * pods (one per node), the pods timeline steps apply or scale up. Counted before any is built.
   */
  podsPerScenario: 50_000,
  /** Nodes a scenario may declare or apply. */
  nodesPerScenario: 10_000,
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
   * Entries of the run's trace: one per cycle, per node evaluated and per node scored. A retry
   * whose trace is the same as the pod's previous attempt shares it and counts one entry.
   */
  traceEntries: 40_000_000,
  /**
   * Retries whose trace is the same as the pod's attempt before (nothing that matters to it
   * changed): at most this many of one pod in a row, and this many in the whole run.
   */
  unchangedRetriesPerPod: 1_000,
  unchangedRetriesPerRun: 20_000,
} as const;

/** 1234567 → "1,234,567" */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
