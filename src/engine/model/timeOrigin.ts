// Real times in a scenario. A `kubectl get -o yaml` dump carries RFC 3339 timestamps
// (creationTimestamp, status.startTime, condition and taint times); the simulated clock starts at
// 0. Simulated t=0 is the Scenario document's `spec.now`, or else the latest timestamp in the
// file (when the dump was taken, near enough); every timestamp becomes its distance from that
// instant in seconds, so earlier times are negative and order and distances are kept.
// Arithmetic only: the engine never reads the wall clock (or Date).

import type { SrcNode } from './source';

// RFC 3339 as Kubernetes writes it (metav1.Time): 2024-05-01T10:00:00Z, with optional fraction and offset.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Seconds since the Unix epoch of an RFC 3339 time, or undefined when the text is not one (or not a real date). */
export function parseRfc3339(text: string): number | undefined {
  const m = RFC3339.exec(text);
  if (m === null) return undefined;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i]));
  if (month! < 1 || month! > 12 || day! < 1 || day! > 31 || hour! > 23 || minute! > 59 || second! > 60) return undefined;
  const fraction = m[7] ? Number(`0${m[7]}`) : 0;
  const offset = m[8] ? 0 : (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 3600 + Number(m[11]) * 60);
  return daysFromCivil(year!, month!, day!) * 86400 + hour! * 3600 + minute! * 60 + second! + fraction - offset;
}

/** The fields that hold an instant of the cluster's history. */
const TIME_FIELDS = new Set([
  'creationTimestamp', 'deletionTimestamp', 'startTime', 'timeAdded', 'lastTransitionTime', 'lastHeartbeatTime', 'lastProbeTime', 'startedAt', 'finishedAt',
]);
const MAX_DEPTH = 64;

function latestIn(node: SrcNode, depth: number, latest: { t?: number }): void {
  if (depth > MAX_DEPTH) return;
  if (node.kind === 'seq') {
    for (const item of node.items) latestIn(item, depth + 1, latest);
    return;
  }
  if (node.kind !== 'map') return;
  for (const [key, e] of node.entries) {
    if (TIME_FIELDS.has(key) && e.value.kind === 'scalar' && typeof e.value.value === 'string') {
      const t = parseRfc3339(e.value.value);
      if (t !== undefined && (latest.t === undefined || t > latest.t)) latest.t = t;
    } else {
      latestIn(e.value, depth + 1, latest);
    }
  }
}

function scalarAt(node: SrcNode, path: string[]): SrcNode | undefined {
  let at: SrcNode | undefined = node;
  for (const key of path) at = at?.kind === 'map' ? at.entries.get(key)?.value : undefined;
  return at;
}

/**
 * The epoch second that is simulated t=0: a Scenario document's `spec.now` (an RFC 3339 time),
 * else the latest timestamp in the documents, else undefined (a file without real times).
 */
export function timeOrigin(documents: readonly SrcNode[]): number | undefined {
  for (const doc of documents) {
    const kind = scalarAt(doc, ['kind']);
    const now = scalarAt(doc, ['spec', 'now']);
    if (kind?.kind === 'scalar' && kind.value === 'Scenario' && now?.kind === 'scalar' && typeof now.value === 'string') {
      const t = parseRfc3339(now.value);
      if (t !== undefined) return t;
    }
  }
  const latest: { t?: number } = {};
  for (const doc of documents) latestIn(doc, 0, latest);
  return latest.t;
}
