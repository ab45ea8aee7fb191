// upstream: pkg/scheduler/framework/cycle_state.go
// Per-cycle storage that plugins share between extension points. Values stored here must
// implement clone() when preemption dry-runs copy the state.

export interface StateData {
  clone(): StateData;
}

export class CycleState {
  private readonly data: Map<string, StateData>;
  /** plugins whose PreFilter returned Skip: their Filter is not run this cycle */
  skipFilterPlugins: Set<string>;
  /** plugins whose PreScore returned Skip: their Score is not run this cycle */
  skipScorePlugins: Set<string>;
  /** per plugin, what its verdicts shared across cycles name of this cycle (labelledResults.ts) */
  traceLabels: Map<string, unknown> | undefined;

  /** `from`: the state to copy (clone: a preemption dry run copies it for every node it tries) */
  constructor(from?: CycleState) {
    this.data = new Map();
    if (from) for (const [k, v] of from.data) this.data.set(k, v.clone());
    // upstream: Clone shares these ("not mutated, so we don't have to safe copy"): they are filled
    // in PreFilter and PreScore, which never run on a copy
    this.skipFilterPlugins = from ? from.skipFilterPlugins : new Set();
    this.skipScorePlugins = from ? from.skipScorePlugins : new Set();
    this.traceLabels = from?.traceLabels;
  }

  read<T extends StateData>(key: string): T | undefined {
    return this.data.get(key) as T | undefined;
  }

  write(key: string, value: StateData): void {
    this.data.set(key, value);
  }

  delete(key: string): void {
    this.data.delete(key);
  }

  clone(): CycleState {
    return new CycleState(this);
  }
}
