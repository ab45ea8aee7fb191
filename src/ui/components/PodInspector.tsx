// One pod, the way `kubectl describe pod` reads: identity, placement at this step, the last
// scheduling message, and its events so far.

import { useMemo, type ReactNode } from 'react';
import { clusterDifference, foldEvents, foldedAge, staleMessage } from '../../engine/readers';
import { usePodplay } from '../../store/hooks';
import { formatAge } from '../format';
import { useStep } from '../useStep';
import { affinityLines, labelLines, requestsLine, spreadLines, tolerationLines } from './describe';
import { DiagnosisPanel } from './DiagnosisPanel';
import { lazyView } from '../lazyView';
import { AutoscalerLead, AutoscalerNote } from './AutoscalerNote';
import { ClusterDifferenceNote } from './ClusterDifferenceNote';
import { eventSource, eventsSoFar, podScheduledReason } from './events';
import { PodVolumes } from './PodVolumes';
import { PodClaims } from './PodClaims';
import { groupConditionText, groupProgress } from '../../store/podGroup';

const LimitRangeNote = lazyView(() => import('./AdmissionNotes').then((m) => m.LimitRangeNote));

/** kubectl's multi-line value: one entry per line, or <none> */
function Lines({ lines }: { lines: string[] }) {
  if (lines.length === 0) return <>&lt;none&gt;</>;
  return <>{lines.map((l, i) => <div key={i}>{l}</div>)}</>;
}

function Field({ name, children }: { name: string; children: ReactNode }) {
  return <><dt>{name}:</dt><dd>{children}</dd></>;
}

export function PodInspector() {
  const view = useStep();
  const inspected = usePodplay((s) => s.inspectedPod);
  const inspectPod = usePodplay((s) => s.inspectPod);
  const podKey = inspected ?? view?.step.summary.pod;
  const podView = view?.pods.find((p) => p.pod === podKey);
  const outcome = podView?.outcome ?? view?.run.summary.pods.find((p) => p.pod === podKey);
  const events = useMemo(
    () => (view === undefined || podKey === undefined || view.hidden.has('events') ? [] : eventsSoFar(view.run, view.step.summary.cycle, view.isLastStep).filter((e) => e.object === `Pod/${podKey}`)),
    [view, podKey],
  );
  const difference = useMemo(() => (outcome === undefined ? undefined : clusterDifference(outcome)), [outcome]);
  if (view === undefined || podKey === undefined || outcome === undefined) {
    return <section className="pod-inspector" data-testid="pod-inspector"><p className="empty">Click a pod to describe it.</p></section>;
  }
  const [namespace, name] = podKey.split('/');
  const now = view.step.summary.time;
  // a pod waiting at Permit or in PreBind is assumed on its node in the scheduler's cache, not bound
  const waitingAt = podView?.location === 'waitingOnPermit' ? 'Permit' : podView?.location === 'waitingOnBinding' ? 'PreBind (binding conditions)' : undefined;
  const bound = podView?.node !== undefined && waitingAt === undefined;
  const lastFailure = [...events].reverse().find((e) => e.reason === 'FailedScheduling');
  // the condition's reason: SchedulerError when that failure was an error (a DRA allocation timed
  // out, a failed binding), else Unschedulable (upstream schedule_one.go handleSchedulingFailure);
  // the event is FailedScheduling either way
  const failedReason = lastFailure === undefined ? undefined : podScheduledReason(view.run, lastFailure);
  // the pod-group cycle on screen, when this pod is its member: the group and, once its verdict is shown, its condition
  const frameTrace = view.step.frame?.trace;
  const group = frameTrace?.podGroup?.members.includes(podKey) ? groupProgress(frameTrace, view.step.phase, view.isLastStep) : undefined;
  const groupSecret = view.hidden.has('placement') || view.hidden.has('feasibility');
  const groupCondition = group !== undefined && !groupSecret ? groupConditionText(group) : undefined;
  const scheduled = events.some((e) => e.reason === 'Scheduled');
  const noteTime = view.isLastStep ? Math.max(now, view.run.summary.endTime) : now;
  return (
    <section className="pod-inspector" data-testid="pod-inspector" data-pod={podKey} aria-label={`Pod ${podKey}`}>
      <div className="inspector-head">
        <span>kubectl describe pod {name} -n {namespace}</span>
        {inspected !== undefined && <button type="button" className="button small" onClick={() => inspectPod(undefined)}>follow the cycle</button>}
      </div>
      {difference !== undefined && <ClusterDifferenceNote difference={difference} stale={staleMessage(outcome, view.run.summary.nodes)} />}
      {!bound && <LimitRangeNote pod={outcome} />}
      {/* at the last step, what happened after the last cycle counts too (as eventsSoFar's): the autoscaler's verdict at its scan */}
      {!bound && <DiagnosisPanel pod={podKey} note={{ lead: <AutoscalerLead summary={view.run.summary} pod={podKey} now={noteTime} />, full: <AutoscalerNote summary={view.run.summary} pod={podKey} now={noteTime} /> }} />}
      <dl className="describe">
        <Field name="Name">{name}</Field>
        <Field name="Namespace">{namespace}</Field>
        <Field name="Labels"><Lines lines={labelLines(outcome.labels)} /></Field>
        <Field name="Priority">{outcome.priority}</Field>
        {outcome.scheduling?.priorityClassName !== undefined && <Field name="Priority Class Name">{outcome.scheduling.priorityClassName}</Field>}
        <Field name="Scheduler">{outcome.schedulerName}</Field>
        <Field name="Node">{bound ? podView.node : waitingAt !== undefined ? `<none> (reserved on ${podView?.node ?? '?'}, waiting at ${waitingAt})` : '<none>'}</Field>
        <Field name="Status">{podView === undefined ? (outcome.deletedAt !== undefined ? 'Deleted' : 'Not created yet') : bound ? (podView.terminating || podView.leaving ? 'Terminating' : 'Running') : 'Pending'}</Field>
        {podView?.location === 'gated' && <Field name="Reason">SchedulingGated</Field>}
        {podView?.nominated !== undefined && <Field name="Nominated Node Name">{podView.nominated}</Field>}
        {outcome.owner !== undefined && <Field name="Controlled By">{outcome.owner}</Field>}
        {group !== undefined && (
          <Field name="Scheduling Group">
            <span data-testid="pod-scheduling-group" data-group={group.group.name}>PodGroup {group.group.name.split('/')[1]}</span>
            {groupCondition !== undefined && <div data-testid="pod-group-condition" title={group.group.condition?.message}>{groupCondition}{group.group.condition?.message ? `: ${group.group.condition.message}` : ''}</div>}
            {group.group.resourceClaimStatuses?.length ? (
              <div data-testid="pod-group-claims">
                Resource Claim Statuses: {group.group.resourceClaimStatuses.map((c) => `${c.name} → ${c.resourceClaimName ?? '<none needed>'}`).join(', ')}
              </div>
            ) : null}
          </Field>
        )}
        <Field name="Conditions">
          PodScheduled {scheduled || bound ? 'True' : failedReason ? `False (${failedReason})`
            : outcome.recorded?.scheduled?.status === 'False' ? `False (${outcome.recorded.scheduled.reason ?? 'Unschedulable'}, as the dump records it)` : 'Unknown'}
        </Field>
        {!bound && lastFailure && <Field name="Message">{lastFailure.message}</Field>}
        <Field name="Requests">{requestsLine(outcome.requests, outcome.scheduling?.overhead)}</Field>
        <Field name="Node-Selectors"><Lines lines={labelLines(outcome.scheduling?.nodeSelector)} /></Field>
        <Field name="Tolerations"><Lines lines={tolerationLines(outcome.scheduling?.tolerations)} /></Field>
        <Field name="Affinity"><Lines lines={affinityLines(outcome.scheduling?.affinity)} /></Field>
        <Field name="Topology Spread Constraints"><Lines lines={spreadLines(outcome.scheduling?.topologySpreadConstraints)} /></Field>
      </dl>
      <PodVolumes pod={outcome} namespace={namespace ?? 'default'} objects={view.run.summary.objects} />
      <PodClaims pod={outcome} bound={bound} />
      <h4>Events:</h4>
      {events.length === 0 ? <p className="empty">&lt;none&gt;</p> : (
        <table className="kubectl">
          <thead><tr><th scope="col">Type</th><th scope="col">Reason</th><th scope="col">Age</th><th scope="col">From</th><th scope="col">Message</th></tr></thead>
          <tbody>
            {/* repeats folded as kubectl describe shows them: "30s (x4 over 2m)", the first message kept */}
            {foldEvents(events).map((row, i) => (
              <tr key={i} className={`event-${row.event.type}`} data-count={row.count}>
                <td>{row.event.type}</td><td>{row.event.reason}</td><td>{foldedAge(row, formatAge, now)}</td><td>{eventSource(row.event.reason)}</td><td className="message">{row.event.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
