// "What would make it schedulable": the verified fixes for the pod on screen, best first, each
// with where the pod would go, its side effects and its YAML diff; Apply puts the change into the
// editor as one undoable edit.

import { useState } from 'react';
import { admittedLead, applyTextChanges, fixTitle, shownDiffLines, sideEffectTitle } from '../../interop/fixText';
import { usePodplay, usePodplayStore } from '../../store/hooks';
import { applyChangesInEditor } from '../editor/bridge';
import { shortNodeNames } from '../format';
import type { FixView } from '../../interop/fixSearch';
import { useFixSearch } from './useFixSearch';

const fullName = (node: string) => node;

function FixCard({ fix, short, onApply }: { fix: FixView; short: (node: string) => string; onApply(fix: FixView): void }) {
  const [showDiff, setShowDiff] = useState(false);
  const effects = fix.sideEffects;
  // a dense row: the title and the outcome one line each (five fixes read at 1366×768 without
  // "Larger"); each line's full text, node names unshortened, on hover
  const fullTitle = fixTitle(fix.candidate.edits, fullName, fix.candidate.template);
  const template = fix.candidate.template;
  const outcome = fix.admitted
    ? `→ ${admittedLead(fix)}: ${fix.admitted.workload} has ${fix.admitted.pods} pods, ${fix.admitted.scheduled} scheduled`
    : `→ schedules on ${fix.node}`;
  const effectsText = effects.length === 0 ? ', no other pod affected'
    : `, ${effects.length} side effect${effects.length > 1 ? 's' : ''}: ${effects.slice(0, 4).map((e) => sideEffectTitle(e, short)).join('; ')}${effects.length > 4 ? `; and ${effects.length - 4} more` : ''}`;
  const alsoText = fix.alsoPlaced.length > 0 ? ` (also places ${fix.alsoPlaced.length} other Pending pod${fix.alsoPlaced.length > 1 ? 's' : ''})` : '';
  return (
    <li className="fix" data-testid="fix" data-kind={fix.candidate.kind} data-tier={fix.tier} data-side-effects={effects.length}>
      <div className="fix-head">
        <span className="fix-title" data-testid="fix-title" title={fullTitle}>
          {/* the object a reviewer approves a change to comes first (at 1366 px a trailing "in the template of …" was cut) */}
          {template && <span className="fix-object" data-testid="fix-object">{template.kind} {template.namespace}/{template.name}: </span>}
          {fixTitle(fix.candidate.edits, short)}
        </span>
        {fix.text !== undefined && (
          <button type="button" className="link fix-diff-toggle" aria-expanded={showDiff} onClick={() => setShowDiff(!showDiff)}
            title={`${showDiff ? 'Hide' : 'Show'} the YAML change`}>{showDiff ? 'hide' : 'YAML'}</button>
        )}
        <button type="button" className="button small primary" data-testid="fix-apply" disabled={fix.text === undefined} onClick={() => onApply(fix)}
          title={fix.text === undefined ? 'This change cannot be written into this file (the object is not a document of its own)' : 'Put this change into the editor (Ctrl+Z undoes it)'}>
          Apply
        </button>
      </div>
      <div className="fix-outcome" title={`${outcome}${effects.length === 0 ? ', no other pod affected' : `, ${effects.length} side effect${effects.length > 1 ? 's' : ''}: ${effects.map((e) => sideEffectTitle(e, fullName)).join('; ')}`}${alsoText}`}>
        {fix.admitted
          ? <>→ {admittedLead(fix)}: <span data-testid="fix-admitted">{fix.admitted.workload} has {fix.admitted.pods} pods, {fix.admitted.scheduled} scheduled</span></>
          : <>→ schedules on <span className="diag-node">{short(fix.node)}</span></>}
        <span className={effects.length === 0 ? 'fix-clean' : 'fix-effects'}>{effectsText}</span>
        {alsoText && <span className="fix-also">{alsoText}</span>}
      </div>
      {fix.warnings.map((w, i) => <div key={i} className="fix-warning" data-testid="fix-warning" title={w}>⚠ {w}</div>)}
      {showDiff && fix.text !== undefined && (
        <pre className="fix-diff" data-testid="fix-diff">
          {fix.text.diff.map((doc, d) => {
            // the changed lines with two lines of context
            const keep = shownDiffLines(doc, 2);
            return (
              <span key={d}>
                {d > 0 && '\n⋯\n'}
                {fix.text!.headers[d] !== undefined && <span className="diff-object" data-testid="fix-diff-object"># {fix.text!.headers[d]}{'\n'}</span>}
                {doc.map((l, i) => (keep[i] ? <span key={i} className={`diff-${l.op === '+' ? 'add' : l.op === '-' ? 'del' : 'ctx'}`}>{l.op} {l.text}{'\n'}</span> : null))}
              </span>
            );
          })}
        </pre>
      )}
    </li>
  );
}

/** Why the refused changes were not tried, by kind: tolerations of others' pools, the pod's platform given up */
function refusedWhy(kinds: readonly string[]): string {
  const tolerations = kinds.filter((k) => k === 'toleration').length;
  const platform = kinds.length - tolerations;
  const pool = 'the pod into a pool tainted for other workloads';
  const arch = 'up the architecture or OS its images are built for';
  if (platform === 0) return `${tolerations === 1 ? 'it moves' : 'each moves'} ${pool}`;
  if (tolerations === 0) return `${platform === 1 ? 'it gives' : 'each gives'} ${arch}`;
  return `${tolerations} move${tolerations === 1 ? 's' : ''} ${pool}, ${platform} give${platform === 1 ? 's' : ''} ${arch}`;
}

/**
 * `pod` is the Pending pod (namespace/name), or a workload whose pods admission refused (the
 * creator as its FailedCreate event names it, ../../interop/policyFixSearch.ts).
 */
export function FixesPanel({ pod, heading = 'What would make it schedulable', subject = 'it schedulable' }: { pod: string; heading?: string; subject?: string }) {
  const store = usePodplayStore();
  const text = usePodplay((s) => s.text);
  const fileName = usePodplay((s) => s.fileName);
  const seed = usePodplay((s) => s.seed);
  const nodes = usePodplay((s) => s.run?.summary.nodes);
  const search = useFixSearch(text, fileName, seed, pod, store.getState().lendBaseline);
  const names = shortNodeNames((nodes ?? []).map((n) => n.name));
  // a node the fix adds is not in the run yet: it loses the same shared suffix
  const [full, brief] = names.entries().next().value ?? ['', ''];
  const suffix = full.startsWith(brief) ? full.slice(brief.length) : '';
  const short = (node: string) => names.get(node) ?? (suffix && node.endsWith(suffix) ? node.slice(0, -suffix.length) : node);
  const apply = (fix: FixView) => {
    if (fix.text === undefined) return;
    if (!applyChangesInEditor(fix.text.changes)) store.getState().setText(applyTextChanges(store.getState().text, fix.text.changes));
  };
  const left = [
    ...(search.leftOut ? [`${search.leftOut} more left out: the likeliest ${search.candidates} are tried`] : []),
    ...(search.refused ? [`${search.refused} a reviewer refuses not tried: ${refusedWhy(search.refusedKinds ?? [])}`] : []),
  ];
  const leftOut = left.length > 0 ? ` (${left.join('; ')})` : '';
  const status = search.error !== undefined ? `stopped: ${search.error}`
    : !search.done ? `checking ${search.candidates === undefined ? 'the scenario' : `${search.tried} of ${search.candidates} possible change${search.candidates === 1 ? '' : 's'}`} by simulating each…${leftOut}`
      : search.fixes.length === 0 ? `none of the ${search.tried} changes tried makes ${subject}${leftOut}` : `${search.fixes.length} of ${search.tried} changes tried make ${subject}, best first${leftOut}`;
  return (
    <section className="fixes" data-testid="fixes" data-done={search.done} data-baseline={search.baseline} aria-label={heading}>
      <h4>{heading}</h4>
      <p className="fixes-status" role="status">{status}</p>
      {search.fixes.length > 0 && <ol className="fix-list">{search.fixes.map((f, i) => <FixCard key={i} fix={f} short={short} onApply={apply} />)}</ol>}
      {search.failures.length > 0 && (
        <details className="fix-failures" data-testid="fix-failures" open={search.done && search.fixes.length === 0}>
          <summary>{search.failures.length} change{search.failures.length === 1 ? '' : 's'} tried that did not help</summary>
          <ul>
            {search.failures.map((f, i) => (
              <li key={i}><span className="fix-title">{fixTitle(f.candidate.edits, short, f.candidate.template)}</span>: <span className="fix-failure-reason">{f.reason}</span></li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
