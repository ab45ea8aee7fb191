// The upgrade preview: one scenario under two Kubernetes versions, pod by pod, each difference
// with the upstream change(s) that cause it. Causes are found, not guessed: the newer run is
// repeated with one change between the versions switched back at a time; a change whose undoing
// gives the pod back its older outcome causes it. When no single change does (they act together,
// or the pod moved because another one did), every change between the versions is listed and
// `isolated` is false.

import type { PodOutcome, ScenarioError, SimulateOptions, SimulationResult } from '../api';
import { simulate } from '../index';
import {
  changesBetween, compareKubernetesVersions, type KubernetesVersion, type VersionChange, type VersionChangeId,
} from '../versions';

export { changesBetween };

export type VersionDifferenceKind = 'placed-differently' | 'became-pending' | 'became-schedulable' | 'message-changed';

/** A pod's outcome in one run: its node, or Pending with the last FailedScheduling message. */
export interface PodVersionOutcome {
  node?: string;
  phase: string;
  message?: string;
}

export interface VersionDifference {
  pod: string;
  kind: VersionDifferenceKind;
  before: PodVersionOutcome;
  after: PodVersionOutcome;
  causes: VersionChange[];
  /** true: undoing each cause alone gives the older outcome back; false: not singled out, all changes listed */
  isolated: boolean;
}

export interface VersionComparison {
  from: KubernetesVersion;
  to: KubernetesVersion;
  differences: VersionDifference[];
  /** pods with the same outcome in both */
  unchanged: number;
}

export type VersionComparisonOutcome = { ok: true; comparison: VersionComparison } | { ok: false; errors: ScenarioError[] };

function outcomeOf(p: PodOutcome | undefined): PodVersionOutcome {
  if (!p) return { phase: 'Absent' };
  return { phase: p.phase, ...(p.node !== undefined ? { node: p.node } : {}), ...(p.node === undefined && p.message !== undefined ? { message: p.message } : {}) };
}

function differenceKind(before: PodVersionOutcome, after: PodVersionOutcome): VersionDifferenceKind | undefined {
  if (before.node !== undefined && after.node === undefined) return 'became-pending';
  if (before.node === undefined && after.node !== undefined) return 'became-schedulable';
  if (before.node !== after.node) return 'placed-differently';
  if (before.node === undefined && before.message !== after.message) return 'message-changed';
  return undefined;
}

const same = (a: PodVersionOutcome, b: PodVersionOutcome) => a.node === b.node && a.phase === b.phase && a.message === b.message;

function podsByKey(r: SimulationResult): Map<string, PodVersionOutcome> {
  return new Map(r.pods.map((p) => [p.pod, outcomeOf(p)]));
}

/**
 * Runs `text` as `from` and as `to` and lists the pods whose outcome differs. `from` may be newer
 * than `to` (a downgrade): the causes are the same changes, undone.
 */
export function compareVersions(text: string, from: KubernetesVersion, to: KubernetesVersion, options: Omit<SimulateOptions, 'kubernetesVersion' | 'versionChanges'> = {}): VersionComparisonOutcome {
  const before = simulate(text, { ...options, kubernetesVersion: from });
  if (!before.ok) return before;
  const after = simulate(text, { ...options, kubernetesVersion: to });
  if (!after.ok) return after;
  const a = podsByKey(before.result);
  const b = podsByKey(after.result);
  const keys = [...a.keys(), ...[...b.keys()].filter((k) => !a.has(k))];
  const found: Omit<VersionDifference, 'causes' | 'isolated'>[] = [];
  let unchanged = 0;
  for (const pod of keys) {
    const x = a.get(pod) ?? { phase: 'Absent' };
    const y = b.get(pod) ?? { phase: 'Absent' };
    const kind = differenceKind(x, y);
    if (kind) found.push({ pod, kind, before: x, after: y });
    else unchanged++;
  }
  const between = changesBetween(from, to);
  // `to` with one change set as `from` has it: the pods that get their `from` outcome back
  const fromHas = (c: VersionChange) => compareKubernetesVersions(from, c.since) >= 0;
  const undone = new Map<VersionChangeId, Map<string, PodVersionOutcome> | undefined>();
  if (found.length > 0) {
    for (const c of between) {
      const run = simulate(text, { ...options, kubernetesVersion: to, versionChanges: { [c.id]: fromHas(c) } });
      undone.set(c.id, run.ok ? podsByKey(run.result) : undefined);
    }
  }
  const differences = found.map((d): VersionDifference => {
    const causes = between.filter((c) => {
      const pods = undone.get(c.id);
      return pods !== undefined && same(pods.get(d.pod) ?? { phase: 'Absent' }, d.before);
    });
    return causes.length > 0 ? { ...d, causes, isolated: true } : { ...d, causes: between, isolated: false };
  });
  return { ok: true, comparison: { from, to, differences, unchanged } };
}

const describeOutcome = (o: PodVersionOutcome) => o.node !== undefined ? `on ${o.node}` : o.phase === 'Absent' ? 'absent' : `Pending${o.message ? `: ${o.message}` : ''}`;

/** The comparison as text for a terminal: one block per pod, the causes with their PRs. */
export function formatVersionComparison(c: VersionComparison): string {
  const lines = [`Upgrade preview: kube-scheduler v${c.from} -> v${c.to}: ${c.differences.length} pod(s) differ, ${c.unchanged} unchanged`];
  for (const d of c.differences) {
    lines.push('', `${d.pod}: ${d.kind}`, `  v${c.from}: ${describeOutcome(d.before)}`, `  v${c.to}: ${describeOutcome(d.after)}`);
    lines.push(d.isolated ? '  because of:' : '  because of one or several of (not singled out):');
    for (const cause of d.causes) lines.push(`    - ${cause.title} (v${cause.since}${cause.pr ? `, kubernetes PR #${cause.pr}` : ''}): ${cause.note}`);
    if (d.causes.length === 0) lines.push('    - no behaviour change Podplay knows between these versions');
  }
  return lines.join('\n');
}
