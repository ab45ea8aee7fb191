// The Compare view: the scenario on screen under its own scheduler configuration (A) and under a
// second one (B: a preset made from A with another NodeResourcesFit scoring strategy, or YAML the
// user writes), per pod where each placed it and per node what each leaves on it. Both runs happen
// in a worker of their own; the link carries configuration B. Its other mode compares two
// Kubernetes versions (UpgradePreview.tsx).

import { useState, type ReactNode } from 'react';
import { CompareErrors } from './CompareErrors';
import type { CompareMode, ConfigurationComparison, NodeUtilisation, PodPlacement } from '../../engine/readers';
import { usePodplay } from '../../store/hooks';
import { formatQuantity, shortNodeNames } from '../format';
import { STRATEGIES, STRATEGY_LABELS, type Strategy } from './presets';
import type { CompareRequest } from './runCompare';
import { defaultVersionPair, UpgradePreview } from './UpgradePreview';
import { useCompare } from './useCompare';
import './compare.css';

/** rows drawn per table: a 5,000-pod comparison lists its differences, not every pod */
const MAX_ROWS = 500;
const RESOURCES = ['cpu', 'memory'] as const;

function percent(u: NodeUtilisation, run: 'a' | 'b', resource: string): number {
  const total = u.allocatable[resource] ?? 0;
  return total > 0 ? Math.round((100 * (u[run][resource] ?? 0)) / total) : 0;
}

function Bar({ value }: { value: number }) {
  return (
    <span className="compare-bar" aria-hidden="true">
      <span style={{ width: `${Math.min(100, value)}%` }} className={value > 100 ? 'over' : undefined} />
    </span>
  );
}

function NodeRow({ u, short }: { u: NodeUtilisation; short: string }) {
  return (
    <tr data-testid="compare-node" data-node={u.node} data-cpu-a={percent(u, 'a', 'cpu')} data-cpu-b={percent(u, 'b', 'cpu')}>
      <th scope="row" title={u.node}>{short}</th>
      {RESOURCES.flatMap((r) => (['a', 'b'] as const).map((run) => {
        const p = percent(u, run, r);
        return (
          <td key={`${r}-${run}`} title={`${run.toUpperCase()}: ${formatQuantity(r, u[run][r] ?? 0)} of ${formatQuantity(r, u.allocatable[r] ?? 0)} ${r} requested`}>
            <Bar value={p} /> {p}%
          </td>
        );
      }))}
    </tr>
  );
}

function PodRow({ p, short }: { p: PodPlacement; short: (node: string | undefined) => string }) {
  const differs = p.a !== p.b;
  return (
    <tr data-testid="compare-pod" data-pod={p.pod} data-a={p.a ?? ''} data-b={p.b ?? ''} className={differs ? 'differs' : undefined}>
      <th scope="row">{p.pod}</th>
      <td title={p.a}>{short(p.a)}</td>
      <td title={p.b}>{short(p.b)}</td>
    </tr>
  );
}

/** which mode the numbers are for, so "0 placed differently" is never read as "bin-packing changes nothing" */
function modeSummary(c: ConfigurationComparison): string {
  if (c.mode === 'keep-bound') return 'bound pods kept where the file put them';
  const kept = c.replay?.kept.length ?? 0;
  return `replayed from empty: ${c.replay?.unbound ?? 0} bound pods scheduled again${kept > 0 ? `, ${kept} kept on their nodes (static, DaemonSet, or holding allocated devices)` : ''}`;
}

type CompareWhat = 'configurations' | 'versions';

export function CompareView() {
  // the mode and the versions live in the store, so that a link carries them (permalink format 4)
  const what: CompareWhat = usePodplay((s) => (s.compareVersions !== undefined ? 'versions' : 'configurations'));
  const setCompareVersions = usePodplay((s) => s.setCompareVersions);
  const scenarioVersion = usePodplay((s) => s.run?.summary.kubernetesVersion?.version);
  const setWhat = (next: CompareWhat) => setCompareVersions(next === 'versions' ? defaultVersionPair(scenarioVersion) : undefined);
  const setOpen = usePodplay((s) => s.setCompareOpen);
  const picker = (
    <select data-testid="compare-kind" aria-label="What to compare" value={what} onChange={(e) => setWhat(e.target.value as CompareWhat)}>
      <option value="configurations">scheduler configurations</option>
      <option value="versions">Kubernetes versions (upgrade preview)</option>
    </select>
  );
  const close = <button type="button" className="button small" data-testid="compare-close" onClick={() => setOpen(false)}>Close</button>;
  return what === 'versions' ? <UpgradePreview picker={picker} close={close} /> : <ConfigurationCompare picker={picker} close={close} />;
}

function ConfigurationCompare({ picker, close }: { picker: ReactNode; close: ReactNode }) {
  const text = usePodplay((s) => s.text);
  const fileName = usePodplay((s) => s.fileName);
  const seed = usePodplay((s) => s.seed);
  const config = usePodplay((s) => s.compareConfig);
  const setConfig = usePodplay((s) => s.setCompareConfig);
  const [source, setSource] = useState<CompareRequest['config']>(() => (config !== undefined ? { yaml: config } : { preset: 'MostAllocated' }));
  const [allPods, setAllPods] = useState(false);
  const [mode, setMode] = useState<CompareMode>('keep-bound');
  const state = useCompare(text, fileName, seed, source, mode, setConfig);
  const c = state.comparison;
  const names = shortNodeNames((c?.nodes ?? []).map((n) => n.node));
  const short = (node: string | undefined) => (node === undefined ? 'Pending' : names.get(node) ?? node);
  const pods = c ? (allPods ? c.pods : c.pods.slice(0, c.differ)) : [];
  const status = state.running ? 'Simulating the scenario under A and under B…'
    : state.error ? `${state.error.which === 'a' ? 'The scenario' : 'Configuration B'} has problems:`
      : c ? `${c.differ} of ${c.pods.length} pods placed differently · placed: A ${c.placed.a}, B ${c.placed.b} · ${modeSummary(c)}` : '';
  return (
    <section className="compare-view" data-testid="compare-view" data-kind="configurations" data-state={state.running ? 'running' : state.error ? 'error' : 'done'} data-differ={c?.differ ?? ''} aria-label="Compare two scheduler configurations">
      <header className="compare-head">
        <h3>Compare</h3>
        {picker}
        <span><b>A</b>: this scenario&apos;s configuration</span>
        <label>
          <b>B</b>:{' '}
          <select
            data-testid="compare-preset"
            value={'preset' in source ? source.preset : 'custom'}
            onChange={(e) => { if (e.target.value !== 'custom') setSource({ preset: e.target.value as Strategy }); }}
          >
            {STRATEGIES.map((s) => <option key={s} value={s}>{STRATEGY_LABELS[s]}</option>)}
            <option value="custom" disabled={!('yaml' in source)}>as written below</option>
          </select>
        </label>
        <label title="A dump's running pods: leave them where the cluster put them (only Pending pods are scheduled), or schedule every pod again from an empty cluster under each configuration">
          Bound pods:{' '}
          <select data-testid="compare-mode" value={mode} onChange={(e) => setMode(e.target.value as CompareMode)}>
            <option value="keep-bound">keep where they are</option>
            <option value="from-empty">replay from empty</option>
          </select>
        </label>
        {close}
      </header>
      <details className="compare-config">
        <summary>Configuration B (KubeSchedulerConfiguration)</summary>
        <textarea
          data-testid="compare-config"
          spellCheck={false}
          aria-label="Configuration B"
          value={config ?? ''}
          onChange={(e) => { setConfig(e.target.value); setSource({ yaml: e.target.value }); }}
        />
      </details>
      <p className="compare-status" role="status">{status}</p>
      {state.error && <CompareErrors error={state.error} />}
      {c && !state.running && (
        <div className="compare-body">
          <div className="compare-pods">
            <table>
              <caption>
                {allPods ? 'Every pod' : c.differ === 0 ? 'Every pod is placed the same way' : 'Pods placed differently'}{' '}
                <button type="button" className="link" onClick={() => setAllPods(!allPods)}>{allPods ? 'only the differences' : `show all ${c.pods.length}`}</button>
              </caption>
              <thead><tr><th scope="col">pod</th><th scope="col">A</th><th scope="col">B</th></tr></thead>
              <tbody>{pods.slice(0, MAX_ROWS).map((p) => <PodRow key={p.pod} p={p} short={short} />)}</tbody>
            </table>
            {pods.length > MAX_ROWS && <p className="more">and {pods.length - MAX_ROWS} more</p>}
          </div>
          <div className="compare-nodes">
            <table>
              <caption>Requested at the end, of allocatable</caption>
              <thead>
                <tr><th scope="col" rowSpan={2}>node</th>{RESOURCES.map((r) => <th key={r} scope="colgroup" colSpan={2}>{r}</th>)}</tr>
                <tr>{RESOURCES.flatMap((r) => [<th key={`${r}a`} scope="col">A</th>, <th key={`${r}b`} scope="col">B</th>])}</tr>
              </thead>
              <tbody>{c.nodes.slice(0, MAX_ROWS).map((u) => <NodeRow key={u.node} u={u} short={short(u.node)} />)}</tbody>
            </table>
            {c.nodes.length > MAX_ROWS && <p className="more">and {c.nodes.length - MAX_ROWS} more</p>}
          </div>
        </div>
      )}
    </section>
  );
}
