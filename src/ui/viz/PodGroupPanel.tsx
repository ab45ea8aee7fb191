// The detail of a pod-group cycle's own points: the candidate placements with their nodes, verdicts
// and PlacementScore scores (the chosen one marked), or workload-aware preemption's victims across
// nodes and the members' nominated nodes. Read from the trace's PodGroupCycleTrace.

import type { PodGroupCycleTrace } from '../../engine/api';
import type { Phase } from '../../worker/protocol';
import { listNames, shortPodName } from '../format';
import './podGroup.css';

function Placements({ group, scored }: { group: PodGroupCycleTrace; scored: boolean }) {
  const placements = group.placements ?? [];
  const plugins = [...new Set(placements.flatMap((c) => c.scores?.map((s) => s.plugin) ?? []))];
  return (
    <table className="verdicts" data-testid="placements">
      <caption>{scored ? 'PlacementScore' : 'PlacementGenerate'}: candidate placements of {group.name}</caption>
      <thead>
        <tr>
          <th scope="col">placement</th><th scope="col">nodes</th>
          {scored && <th scope="col">group fits</th>}
          {scored && plugins.map((p) => <th key={p} scope="col">{p}</th>)}
          {scored && <th scope="col">total</th>}
        </tr>
      </thead>
      <tbody>
        {placements.map((c) => (
          <tr key={c.name} className={scored && c.chosen ? 'row-chosen row-selected' : ''} data-placement={c.name} {...(scored ? { 'data-feasible': c.feasible, 'data-chosen': c.chosen === true } : {})}>
            <th scope="row">{scored && c.chosen ? '★ ' : ''}{c.name}</th>
            <td>{listNames(c.nodes, 4)}</td>
            {scored && <td title={c.message}>{c.feasible ? '✓' : `✗ ${c.message ?? ''}`}</td>}
            {scored && plugins.map((p) => <td key={p}>{c.scores?.find((s) => s.plugin === p)?.score ?? ''}</td>)}
            {scored && <td>{c.totalScore ?? ''}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Preemption({ group }: { group: PodGroupCycleTrace }) {
  const p = group.preemption!;
  if (p.result !== 'Success') return <p data-testid="group-preemption" data-result={p.result}>PodGroupPostFilter: {p.message ?? p.result}</p>;
  return (
    <div data-testid="group-preemption" data-result={p.result}>
      <table className="verdicts">
        <caption>PodGroupPostFilter: {group.name} preempts at priority {p.priority}</caption>
        <thead><tr><th scope="col">victim</th><th scope="col">priority</th><th scope="col">pods on nodes</th></tr></thead>
        <tbody>
          {p.victims.map((v) => (
            <tr key={v.unit} data-victim={v.unit}>
              <th scope="row">{v.unit.startsWith('PodGroup/') ? `PodGroup ${v.unit.split('/')[2]} (whole group)` : shortPodName(v.pods[0]!.pod)}</th>
              <td>{v.priority}</td>
              <td>{v.pods.map((x) => `${shortPodName(x.pod)}@${x.node}`).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>Nominated: {p.nominated.map((n) => `${shortPodName(n.pod)} ⇢ ${n.node}`).join(', ')}</p>
    </div>
  );
}

export function PodGroupPanel({ phase, group }: { phase: Phase; group: PodGroupCycleTrace }) {
  return (
    <div className="pod-group-panel">
      {phase === 'PodGroupPostFilter' ? <Preemption group={group} /> : <Placements group={group} scored={phase === 'PlacementScore'} />}
    </div>
  );
}
