// The Compare view's "Kubernetes versions" mode, the upgrade preview (issue 17): the scenario on
// screen simulated as one version and as another, each pod whose outcome differs with the
// upstream change(s) that cause it (versions.ts VERSION_CHANGES: title, PR, upstream file). The
// engine finds the causes (compare/versions.ts); this view only lists them.

import type { ReactNode } from 'react';
import { CompareErrors } from './CompareErrors';
import {
  changesBetween, KUBERNETES_VERSIONS, type KubernetesVersion, type PodVersionOutcome, type VersionChange, type VersionDifference, type VersionDifferenceKind,
} from '../../engine/readers';
import { usePodplay } from '../../store/hooks';
import { useVersionCompare } from './useCompare';

/** rows drawn: a 5,000-pod dump lists its first differences, and counts the rest */
const MAX_ROWS = 300;

const KIND_LABELS: Record<VersionDifferenceKind, string> = {
  'placed-differently': 'placed differently',
  'became-pending': 'becomes Pending',
  'became-schedulable': 'becomes schedulable',
  'message-changed': 'message changes',
};

/** From the scenario's version to the newest; a scenario already at the newest is previewed from the oldest. */
export function defaultVersionPair(scenarioVersion: string | undefined): { from: KubernetesVersion; to: KubernetesVersion } {
  const newest = KUBERNETES_VERSIONS[KUBERNETES_VERSIONS.length - 1]!;
  const from = KUBERNETES_VERSIONS.find((v) => v === scenarioVersion);
  return { from: from !== undefined && from !== newest ? from : KUBERNETES_VERSIONS[0]!, to: newest };
}

const outcomeText = (o: PodVersionOutcome) => (o.node !== undefined ? o.node : o.phase === 'Absent' ? 'absent' : 'Pending');

function Outcome({ o }: { o: PodVersionOutcome }) {
  return (
    <td>
      <span className={o.node === undefined ? 'pending' : undefined}>{outcomeText(o)}</span>
      {o.node === undefined && o.message !== undefined && <div className="upgrade-message">{o.message}</div>}
    </td>
  );
}

function CauseText({ c }: { c: VersionChange }) {
  return (
    <>
      <b>{c.title}</b> <span className="upgrade-since">v{c.since}{c.pr > 0 ? ` · kubernetes PR #${c.pr}` : ''}</span>{' '}
      <code>{c.upstreamFile}</code>
    </>
  );
}

function DifferenceRow({ d }: { d: VersionDifference }) {
  return (
    <tr data-testid="version-difference" data-pod={d.pod} data-kind={d.kind} data-before={d.before.node ?? ''} data-after={d.after.node ?? ''} data-causes={d.causes.map((c) => c.id).join(' ')} data-isolated={String(d.isolated)}>
      <th scope="row">{d.pod}</th>
      <td>{KIND_LABELS[d.kind]}</td>
      <Outcome o={d.before} />
      <Outcome o={d.after} />
      <td className="upgrade-causes">
        {!d.isolated && d.causes.length > 0 && <span className="upgrade-not-isolated">one or several of (not singled out):</span>}
        {d.causes.length === 0 && <span>no behaviour change Podplay knows between these versions</span>}
        <ul>{d.causes.map((c) => <li key={c.id} data-cause={c.id}><CauseText c={c} /><span className="upgrade-note">{c.note}</span></li>)}</ul>
      </td>
    </tr>
  );
}

function VersionSelect({ label, testId, value, onChange }: { label: string; testId: string; value: KubernetesVersion; onChange: (v: KubernetesVersion) => void }) {
  return (
    <label>
      {label}{' '}
      <select data-testid={testId} value={value} onChange={(e) => onChange(e.target.value as KubernetesVersion)}>
        {KUBERNETES_VERSIONS.map((v) => <option key={v} value={v}>v{v}</option>)}
      </select>
    </label>
  );
}

export function UpgradePreview({ picker, close }: { picker: ReactNode; close: ReactNode }) {
  const text = usePodplay((s) => s.text);
  const fileName = usePodplay((s) => s.fileName);
  const seed = usePodplay((s) => s.seed);
  const scenarioVersion = usePodplay((s) => s.run?.summary.kubernetesVersion?.version);
  const chosen = usePodplay((s) => s.compareVersions);
  const setPair = usePodplay((s) => s.setCompareVersions);
  const pair = chosen ?? defaultVersionPair(scenarioVersion);
  const state = useVersionCompare(text, fileName, seed, pair.from, pair.to);
  const c = state.comparison;
  const between = changesBetween(pair.from, pair.to);
  const status = state.running ? `Simulating the scenario as v${pair.from} and as v${pair.to}…`
    : state.error ? 'The scenario has problems:'
      : !c ? ''
        : c.differences.length === 0 ? `No difference for ${c.unchanged} pods between v${c.from} and v${c.to}`
          : `${c.differences.length} of ${c.differences.length + c.unchanged} pods differ between v${c.from} and v${c.to}`;
  return (
    <section className="compare-view" data-testid="compare-view" data-kind="versions" data-state={state.running ? 'running' : state.error ? 'error' : 'done'} data-differ={c?.differences.length ?? ''} aria-label="Compare two Kubernetes versions">
      <header className="compare-head">
        <h3>Compare</h3>
        {picker}
        <VersionSelect label="from" testId="version-from" value={pair.from} onChange={(from) => setPair({ ...pair, from })} />
        <VersionSelect label="to" testId="version-to" value={pair.to} onChange={(to) => setPair({ ...pair, to })} />
        {close}
      </header>
      <p className="compare-status" role="status" data-testid="version-status">{status}</p>
      {state.error && <CompareErrors error={state.error} />}
      {c && !state.running && (
        <div className="upgrade-body">
          {c.differences.length > 0 && (
            <table className="upgrade-differences">
              <thead><tr><th scope="col">pod</th><th scope="col">difference</th><th scope="col">v{c.from}</th><th scope="col">v{c.to}</th><th scope="col">because of</th></tr></thead>
              <tbody>{c.differences.slice(0, MAX_ROWS).map((d) => <DifferenceRow key={d.pod} d={d} />)}</tbody>
            </table>
          )}
          {c.differences.length > MAX_ROWS && <p className="more">and {c.differences.length - MAX_ROWS} more</p>}
          <details className="upgrade-changes" open={c.differences.length === 0}>
            <summary>{pair.from === pair.to ? 'The same version on both sides: choose another to preview an upgrade' : `${between.length} upstream change${between.length === 1 ? '' : 's'} Podplay simulates between v${c.from} and v${c.to}`}</summary>
            <ul>{between.map((ch) => <li key={ch.id} data-testid="version-change" data-change={ch.id}><CauseText c={ch} /> — {ch.note}</li>)}</ul>
          </details>
        </div>
      )}
    </section>
  );
}
