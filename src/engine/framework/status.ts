// upstream: pkg/scheduler/framework/interface.go (Code, Status)

import type { PluginResult, StatusCode } from '../api';

export class Status {
  private constructor(
    readonly code: StatusCode,
    readonly reasons: readonly string[],
    /** the plugin that produced this status (set by the runtime) */
    public plugin: string | undefined,
    /** the numbers behind the verdict, for explanations (never prose) */
    readonly details: Record<string, unknown> | undefined,
  ) {}

  static success(): Status { return SUCCESS; }
  static of(code: StatusCode, ...reasons: string[]): Status { return new Status(code, reasons, undefined, undefined); }
  static unschedulable(...reasons: string[]): Status { return new Status('Unschedulable', reasons, undefined, undefined); }
  static unresolvable(...reasons: string[]): Status { return new Status('UnschedulableAndUnresolvable', reasons, undefined, undefined); }
  static skip(): Status { return new Status('Skip', [], undefined, undefined); }
  static error(message: string): Status { return new Status('Error', [message], undefined, undefined); }

  withDetails(details: Record<string, unknown>): Status { return new Status(this.code, this.reasons, this.plugin, details); }
  /** The status as `plugin`'s verdict; a shared status gives one copy for all the nodes it is returned for. */
  withPlugin(plugin: string): Status {
    if (this.plugin === plugin) return this;
    if (this.asPlugin?.plugin !== plugin) this.asPlugin = new Status(this.code, this.reasons, plugin, this.details);
    return this.asPlugin;
  }

  isSuccess(): boolean { return this.code === 'Success'; }
  isSkip(): boolean { return this.code === 'Skip'; }
  /** Unschedulable, UnschedulableAndUnresolvable or Pending */
  isRejected(): boolean { return this.code === 'Unschedulable' || this.code === 'UnschedulableAndUnresolvable' || this.code === 'Pending'; }
  message(): string { return this.reasons.join(', '); }

  /**
   * The verdict as the trace records it. A status returned for many nodes (plugins share equal
   * ones) gives one frozen result for all of them.
   */
  toResult(plugin = this.plugin ?? ''): PluginResult {
    if (this.result?.plugin === plugin) return this.result;
    const r: PluginResult = { plugin, code: this.code };
    if (this.reasons.length > 0) r.reasons = Object.freeze([...this.reasons]) as string[];
    if (this.details !== undefined) r.details = this.details;
    return (this.result = Object.freeze(r));
  }

  private result: PluginResult | undefined;
  private asPlugin: Status | undefined;
}

const SUCCESS = Status.of('Success');

/** Go's %v of a []string: [a b c] */
export function goSlice(items: readonly string[]): string {
  return `[${items.join(' ')}]`;
}
