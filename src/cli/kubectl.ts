// Renders a SimulationResult the way kubectl would show the cluster at the end of the run:
// `kubectl get pods -A -o wide`, `kubectl get pvc -A` and `kubectl get resourceclaims -A` (when there
// are claims) and `kubectl get events -A`.

import type { PodOutcome, SimulationResult } from '../engine/api';
import { escapeControlChars } from '../interop/controlChars';

/** kubectl's duration.HumanDuration, for simulated seconds */
export function humanDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 120) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 10) return s % 60 === 0 ? `${m}m` : `${m}m${s % 60}s`;
  if (m < 180) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 8) return m % 60 === 0 ? `${h}h` : `${h}h${m % 60}m`;
  if (h < 48) return `${h}h`;
  return `${Math.floor(h / 24)}d`;
}

/** Columns as kubectl prints them; names and messages from the scenario with control characters escaped. */
export function table(cells: string[][]): string {
  const rows = cells.map((r) => r.map(escapeControlChars));
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => { widths[i] = Math.max(widths[i] ?? 0, c.length); });
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]! + 3))).join('').trimEnd()).join('\n');
}

/** the STATUS column: what kubectl prints for the pod */
export function podStatusColumn(p: PodOutcome): string {
  if (p.deletedAt !== undefined) return p.reason ?? 'Terminated';
  if (p.reason === 'SchedulingGated') return 'SchedulingGated';
  return p.phase;
}

export function formatPods(result: SimulationResult): string {
  const rows = [['NAMESPACE', 'NAME', 'READY', 'STATUS', 'AGE', 'NODE', 'NOMINATED NODE']];
  for (const p of result.pods) {
    const [ns, name] = splitKey(p.pod);
    rows.push([ns, name, p.phase === 'Running' && p.deletedAt === undefined ? '1/1' : '0/1', podStatusColumn(p), humanDuration(result.endTime - (p.scheduling?.createdAt ?? 0)), p.node ?? '<none>', p.nominatedNode ?? '<none>']);
  }
  return table(rows);
}

export function formatEvents(result: SimulationResult): string {
  if (result.events.length === 0) return 'No events.';
  const rows = [['TIME', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE']];
  for (const e of result.events) {
    const [kind, ...rest] = e.object.split('/');
    const namespaced = kind === 'Pod' || kind === 'PersistentVolumeClaim' || kind === 'ResourceClaim';
    const object = `${(kind ?? '').toLowerCase()}/${(namespaced ? rest.slice(1) : rest).join('/')}`;
    rows.push([`${e.time}s`, e.type, e.reason, object, e.message]);
  }
  return table(rows);
}

const ACCESS_MODE_SHORT: Record<string, string> = { ReadWriteOnce: 'RWO', ReadOnlyMany: 'ROX', ReadWriteMany: 'RWX', ReadWriteOncePod: 'RWOP' };

/** `kubectl get pvc -A`; undefined when the run has no claims */
export function formatClaims(result: SimulationResult): string | undefined {
  const claims = result.objects?.persistentVolumeClaims ?? [];
  if (claims.length === 0) return undefined;
  const rows = [['NAMESPACE', 'NAME', 'STATUS', 'VOLUME', 'CAPACITY', 'ACCESS MODES', 'STORAGECLASS', 'AGE']];
  for (const c of claims) {
    const spec = (c['spec'] ?? {}) as { volumeName?: string; storageClassName?: string };
    const status = (c['status'] ?? {}) as { phase?: string; capacity?: Record<string, string>; accessModes?: string[] };
    rows.push([
      String(c.metadata['namespace'] ?? 'default'), String(c.metadata['name']), status.phase ?? 'Pending', spec.volumeName ?? '',
      status.capacity?.['storage'] ?? '', (status.accessModes ?? []).map((m) => ACCESS_MODE_SHORT[m] ?? m).join(','), spec.storageClassName || '<unset>', humanDuration(result.endTime),
    ]);
  }
  return table(rows);
}

/**
 * `kubectl get resourceclaims -A`; undefined when the run has none. STATE as kubectl's printer
 * (pkg/printers/internalversion/printers.go resourceClaimState): pending or allocated, then
 * reserved and deleted when they apply.
 */
export function formatResourceClaims(result: SimulationResult): string | undefined {
  const claims = result.objects?.resourceClaims ?? [];
  if (claims.length === 0) return undefined;
  const rows = [['NAMESPACE', 'NAME', 'STATE', 'AGE']];
  for (const c of claims) {
    const status = (c['status'] ?? {}) as { allocation?: unknown; reservedFor?: unknown[] };
    const state = [status.allocation ? 'allocated' : 'pending'];
    if (status.reservedFor?.length) state.push('reserved');
    if (c.metadata['deletionTimestamp'] !== undefined) state.push('deleted');
    rows.push([String(c.metadata['namespace'] ?? 'default'), String(c.metadata['name']), state.join(','), humanDuration(result.endTime)]);
  }
  return table(rows);
}

/**
 * The DeviceTaintRules with the eviction controller's EvictionInProgress condition (what
 * `kubectl describe devicetaintrules` shows under Status); undefined when the run has none.
 */
export function formatDeviceTaintRules(result: SimulationResult): string | undefined {
  const rules = result.objects?.deviceTaintRules ?? [];
  if (rules.length === 0) return undefined;
  const rows = [['NAME', 'EFFECT', 'EVICTION IN PROGRESS', 'REASON', 'MESSAGE']];
  for (const r of rules) {
    const effect = ((r['spec'] ?? {}) as { taint?: { effect?: string } }).taint?.effect ?? '';
    const condition = ((r['status'] ?? {}) as { conditions?: { type: string; status: string; reason: string; message: string }[] }).conditions?.find((c) => c.type === 'EvictionInProgress');
    rows.push([String(r.metadata['name']), effect, condition?.status ?? '<unknown>', condition?.reason ?? '', condition?.message ?? '']);
  }
  return table(rows);
}

/**
 * `kubectl get resourcequota -A`; undefined when the run has none. REQUEST and LIMIT as kubectl's
 * printer writes them (pkg/printers/internalversion/printers.go printResourceQuota): used/hard per
 * resource, sorted, limits.* under LIMIT.
 */
export function formatResourceQuotas(result: SimulationResult): string | undefined {
  const quotas = result.objects?.resourceQuotas ?? [];
  if (quotas.length === 0) return undefined;
  const rows = [['NAMESPACE', 'NAME', 'AGE', 'REQUEST', 'LIMIT']];
  for (const q of quotas) {
    const status = (q['status'] ?? {}) as { hard?: Record<string, string>; used?: Record<string, string> };
    const names = Object.keys(status.hard ?? {}).sort();
    const cell = (limits: boolean) => names.filter((n) => n.startsWith('limits.') === limits).map((n) => `${n}: ${status.used?.[n] ?? '0'}/${status.hard![n]}`).join(', ');
    rows.push([String(q.metadata['namespace'] ?? 'default'), String(q.metadata['name']), humanDuration(result.endTime), cell(false), cell(true)]);
  }
  return table(rows);
}

function splitKey(key: string): [string, string] {
  const i = key.indexOf('/');
  return [key.slice(0, i), key.slice(i + 1)];
}
