// The detail of the extension point on screen: PreFilter verdicts, the Filter matrix, the scores,
// the preemption, or the Reserve/Permit/Bind verdicts.

import { useDeferredValue } from 'react';
import type { CycleTrace, PluginResult } from '../../engine/api';
import type { Phase } from '../../worker/protocol';
import { explainVerdict } from '../narration/explain';
import { rankNodes } from '../narration/narrate';
import { phaseTellsHidden, useStep } from '../useStep';
import { FilterMatrix } from './FilterMatrix';
import { PodGroupPanel } from './PodGroupPanel';
import { PreemptionPanel } from './PreemptionPanel';
import { ScoreTable } from './ScoreTable';

function Verdicts({ title, results }: { title: string; results: readonly PluginResult[] | undefined }) {
  if (results === undefined || results.length === 0) return <p className="empty">{title}: no plugin runs here in this profile.</p>;
  return (
    <table className="verdicts">
      <caption>{title}</caption>
      <tbody>
        {results.map((r) => (
          <tr key={r.plugin} className={`verdict-${r.code}`}>
            <th scope="row">{r.plugin}</th>
            <td>{r.code}</td>
            <td>{r.code === 'Success' || r.code === 'Skip' ? '' : explainVerdict(r)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Selection({ trace }: { trace: CycleTrace }) {
  if (trace.score === undefined) return <p>{trace.selected} is the only feasible node: no scoring needed.</p>;
  const top = rankNodes(trace.score).slice(0, 5);
  const tied = trace.tiedNodes ?? [];
  return (
    <div>
      <p>
        Selected <strong data-testid="selected-node">{trace.selected}</strong>
        {tied.length > 1 ? ` — ${tied.length} nodes tied at the top score (${tied.join(', ')}); the seeded generator chose.` : ' — the highest total score.'}
      </p>
      <ol className="ranking">{top.map(([node, s]) => <li key={node} className={node === trace.selected ? 'row-selected' : ''}>{node}: {s.total}</li>)}</ol>
    </div>
  );
}

function detailFor(phase: Phase, trace: CycleTrace) {
  switch (phase) {
    case 'PreFilter': return <Verdicts title="PreFilter" results={trace.preFilter} />;
    case 'Filter': return <FilterMatrix trace={trace} />;
    case 'PostFilter': return trace.postFilter ? <PreemptionPanel postFilter={trace.postFilter} /> : null;
    case 'Score': return <ScoreTable trace={trace} />;
    case 'Select': return <Selection trace={trace} />;
    case 'Reserve': return <Verdicts title={`Reserve on ${trace.selected}`} results={trace.reserve} />;
    case 'Permit': return <Verdicts title={`Permit on ${trace.selected}`} results={trace.permit} />;
    case 'Bind': return <Verdicts title={`Bind to ${trace.selected}`} results={trace.bind} />;
    case 'PlacementGenerate': case 'PlacementScore': case 'PodGroupPostFilter':
      return trace.podGroup ? <PodGroupPanel phase={phase} group={trace.podGroup} /> : null;
  }
}

export function StepDetails() {
  // deferred: a big Filter matrix or score table renders in slices, after the urgent updates
  const view = useDeferredValue(useStep());
  const trace = view?.step.frame?.trace;
  return (
    // focusable: it scrolls, and keyboard users must be able to scroll it
    <section className="step-details" data-testid="step-details" aria-label="Extension point details" tabIndex={0}>
      {view === undefined ? <p className="empty">Nothing to show yet.</p>
        : trace === undefined ? <p className="empty">Loading cycle {view.step.summary.cycle}…</p>
          : phaseTellsHidden(view) ? <p className="empty" data-testid="details-hidden">Hidden until the question is answered.</p>
            : detailFor(view.step.phase, trace)}
    </section>
  );
}
