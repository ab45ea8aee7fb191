// Why the inspected pod is unschedulable, from its latest cycle's trace (src/engine/diagnosis,
// shared with `npm run simulate -- --explain`): nodes grouped by the first plugin that rejected
// them (each group opens to its nodes), the pods that block per topology domain, the nodes that
// fail one plugin only, and what preemption found.

import { useMemo, type ReactNode } from 'react';
import { capacityText, capacityVerdicts, type CapacityVerdict, diagnoseCycle, latestCycleOf, namedPods, type ClosestNode, type Diagnosis, decisiveDetail, type DecisiveDetail } from '../../engine/readers';
import { usePodplay } from '../../store/hooks';
import { lazyView } from '../lazyView';
import { DecisiveDetailView } from './DecisiveDetail';
import { formatQuantity, shortNodeNames } from '../format';

const FixesPanel = lazyView(() => import('../fixes/FixesPanel').then((m) => m.FixesPanel));

function NodeName({ name, short }: { name: string; short: Map<string, string> }) {
  return <span className="diag-node" title={name}>{short.get(name) ?? name}</span>;
}

function NodeList({ nodes, short }: { nodes: readonly string[]; short: Map<string, string> }) {
  return (
    <ul className="diagnosis-nodes">
      {nodes.map((n) => <li key={n}><NodeName name={n} short={short} /></li>)}
    </ul>
  );
}

interface Insufficient { resourceName: string; requested: number; used: number; capacity: number }

function closestDetail(c: ClosestNode): string {
  const d = c.details ?? {};
  const taint = d.taint as { key: string; value: string; effect: string } | undefined;
  if (taint) return `${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`;
  const insufficient = d.insufficientResources as Insufficient[] | undefined;
  if (insufficient) {
    return insufficient.map((r) => `${r.resourceName}: wants ${formatQuantity(r.resourceName, r.requested)}, ${formatQuantity(r.resourceName, Math.max(0, r.capacity - r.used))} free`).join('; ');
  }
  return '';
}

function DiagnosisView({ d, short, detail, capacity = [] }: { d: Diagnosis; short: Map<string, string>; detail?: DecisiveDetail; capacity?: readonly CapacityVerdict[] }) {
  const total = d.groups.reduce((n, g) => n + g.nodes.length, 0);
  return (
    <section className="diagnosis" data-testid="diagnosis" data-cycle={d.cycle} aria-label="Why the pod is unschedulable">
      <h4>Why Pending <span className="diagnosis-cycle">(cycle {d.cycle}, t={d.time}s)</span></h4>
      {d.preFilter && (
        <p className="diagnosis-prefilter" data-testid="diagnosis-group" data-plugin={d.preFilter.plugin} data-count={d.numAllNodes}>
          <strong>{d.preFilter.plugin}</strong> rejected the pod at PreFilter, before any node: {(d.preFilter.reasons ?? []).join('; ')}
        </p>
      )}
      {d.groups.length > 0 && (
        <>
          <p className="diagnosis-lead">0/{d.numAllNodes} nodes are available. By the first plugin that rejected them{total !== d.numAllNodes ? ` (a node with several reasons counts for each, as in the event)` : ''}:</p>
          {d.groups.map((g) => (
            <details key={`${g.plugin}:${g.reason}`} className="diagnosis-group" data-testid="diagnosis-group" data-plugin={g.plugin} data-count={g.nodes.length}>
              <summary>
                <span className="group-count">{g.nodes.length}</span> <span className="group-plugin">{g.plugin}</span> <span className="group-reason">{g.reason}</span>
              </summary>
              <NodeList nodes={g.nodes} short={short} />
            </details>
          ))}
        </>
      )}
      {capacity.map((v) => <p key={v.resource} className="diagnosis-capacity" data-testid="diagnosis-capacity" data-kind={v.kind} data-resource={v.resource}>{capacityText(v, (n) => short.get(n) ?? n)}</p>)}
      {detail && <DecisiveDetailView detail={detail} short={short} />}
      {d.blocking.length > 0 && (
        <div className="diagnosis-blocking" data-testid="diagnosis-blocking">
          <h5>Pods that cause it, per domain</h5>
          <ul>
            {d.blocking.map((b) => (
              <li key={`${b.rule}:${b.topologyKey}:${b.topologyValue}`}>
                <span className="rule">{b.rule}</span> {b.topologyKey}=<NodeName name={b.topologyValue} short={short} />:{' '}
                {b.plugin === 'PodTopologySpread'
                  ? `${b.count} matching pod(s)${namedPods(b)}; skew would be ${b.skew} > maxSkew ${b.maxSkew}`
                  : b.pods.length > 0 ? b.pods.join(', ') : `${b.count} pod(s)`}
              </li>
            ))}
          </ul>
        </div>
      )}
      {d.groups.length > 0 && (
        <div className="diagnosis-closest" data-testid="diagnosis-closest">
          <h5>Closest nodes (fail one plugin only)</h5>
          {d.closest.length === 0 ? <p className="empty">none: every node fails more than one plugin</p> : (
            <ul>
              {d.closest.slice(0, 8).map((c) => (
                <li key={c.node}><NodeName name={c.node} short={short} />: {c.plugin} — {c.reasons.join(', ')}{closestDetail(c) && <span className="detail"> ({closestDetail(c)})</span>}</li>
              ))}
              {d.closest.length > 8 && <li className="more">and {d.closest.length - 8} more</li>}
            </ul>
          )}
        </div>
      )}
      {d.preemption && (
        <div className="diagnosis-preemption" data-testid="diagnosis-preemption">
          <h5>Preemption</h5>
          {d.preemption.nominated ? (
            <p>Nominated <NodeName name={d.preemption.nominated.node} short={short} />; victims: {d.preemption.nominated.victims.join(', ') || 'none'}.</p>
          ) : (
            <>
              <p>Found {d.preemption.candidates} candidate node(s): evicting lower-priority pods would not help.</p>
              <ul>{d.preemption.notHelpful.map((g) => <li key={g.reason}>{g.nodes.length} {g.reason}</li>)}</ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** The diagnosis in one line, as the FailedScheduling event counts it: what the fixes below answer. */
function DiagnosisSummary({ d }: { d: Diagnosis }) {
  const why = d.preFilter ? `${d.preFilter.plugin} rejected it at PreFilter` : d.groups.map((g) => `${g.nodes.length} ${g.reason}`).join('; ');
  const text = `0/${d.numAllNodes} nodes: ${why}`;
  return (
    <p className="diagnosis-summary" data-testid="diagnosis-summary" title={text}>
      <strong>Why Pending:</strong> {text} <span className="diagnosis-summary-more">(the diagnosis is below the fixes)</span>
    </p>
  );
}

/**
 * The diagnosis of `pod`'s latest cycle, once that cycle's frame is here; a link to it otherwise.
 * `note` is what else is known of the pod (the node autoscaler's word): its one-line `lead` goes
 * above the fixes and the `full` note below them, so that five fixes read at 1366×768 (issue 18);
 * without fixes, the full note alone.
 */
export function DiagnosisPanel({ pod, note }: { pod: string; note?: { lead: ReactNode; full: ReactNode } }) {
  const run = usePodplay((s) => s.run);
  const frames = usePodplay((s) => s.frames);
  const selectPod = usePodplay((s) => s.selectPod);
  const latest = useMemo(() => (run === undefined ? undefined : latestCycleOf(run.cycles, pod)), [run, pod]);
  const trace = latest === undefined ? undefined : frames.get(latest.cycle)?.trace;
  const nodes = run?.summary.nodes;
  const short = useMemo(() => shortNodeNames((nodes ?? []).map((n) => n.name)), [nodes]);
  const diagnosis = useMemo(() => (trace === undefined ? undefined : diagnoseCycle(trace, (nodes ?? []).map((n) => n.name))), [trace, nodes]);
  const outcome = run?.summary.pods.find((p) => p.pod === pod);
  const detail = useMemo(() => (run === undefined || trace === undefined || diagnosis === undefined || outcome === undefined ? undefined
    : decisiveDetail(diagnosis, trace, outcome, run.summary.nodes, run.summary.pods, run.summary.objects?.resourceClaims ?? [])), [run, trace, diagnosis, outcome]);
  const autoscaler = run?.summary.autoscaler;
  const capacity = useMemo(() => (trace === undefined ? [] : capacityVerdicts(trace, autoscaler)), [trace, autoscaler]);
  // never tried by a scheduler (a schedulerName no profile serves): no diagnosis, but a fix
  if (latest === undefined && outcome !== undefined && outcome.node === undefined && outcome.deletedAt === undefined && outcome.reason !== 'SchedulingGated' && outcome.message !== undefined) {
    return <>{note?.lead}<p className="diagnosis-lead" data-testid="diagnosis-unscheduled">No scheduling cycle: {outcome.message}</p><FixesPanel pod={pod} />{note?.full}</>;
  }
  if (latest === undefined || latest.result !== 'Unschedulable') return <>{note?.full}</>;
  if (diagnosis === undefined) {
    return (
      <>
        {note?.full}
        <p className="diagnosis-link">
          <button type="button" className="button small" onClick={() => selectPod(pod)}>Why Pending? Show its latest cycle ({latest.cycle})</button>
        </p>
      </>
    );
  }
  // the fixes first, under a one-line why: at 1366×768 both are above the fold; the full diagnosis below them
  return <>{note?.lead}<DiagnosisSummary d={diagnosis} /><FixesPanel pod={pod} />{note?.full}<DiagnosisView d={diagnosis} short={short} detail={detail} capacity={capacity} /></>;
}
