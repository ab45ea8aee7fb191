// upstream: pkg/scheduler/framework/cycle_state.go
// Per-cycle storage that plugins share between extension points. Values stored here must
// implement clone() when preemption dry-runs copy the state.

export interface StateData {
  clone(): StateData;
}

export class CycleState {
  private readonly data = new Map<string, StateData>();
  /** plugins whose PreFilter returned Skip: their Filter is not run this cycle */
  skipFilterPlugins = new Set<string>();
  /** plugins whose PreScore returned Skip: their Score is not run this cycle */
  skipScorePlugins = new Set<string>();

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
    const copy = new CycleState();
    for (const [k, v] of this.data) copy.data.set(k, v.clone());
    copy.skipFilterPlugins = new Set(this.skipFilterPlugins);
    copy.skipScorePlugins = new Set(this.skipScorePlugins);
    return copy;
  }
}
