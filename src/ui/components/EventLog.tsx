// The events so far, as `kubectl get events -A` lists them.

import { useMemo } from 'react';
import { foldEvents, foldedAge } from '../../engine/readers';
import { usePodplay } from '../../store/hooks';
import { formatAge } from '../format';
import { useStep } from '../useStep';
import { eventsSoFar, kubectlObject } from './events';
import { lazyView } from '../lazyView';

const AdmissionRefusals = lazyView(() => import('./AdmissionNotes').then((m) => m.AdmissionRefusals));

/** the latest events; every row's LAST SEEN changes on every step, so each one shown costs a relayout */
const ROWS_SHOWN = 50;

export function EventLog() {
  const view = useStep();
  const selectPod = usePodplay((s) => s.selectPod);
  const events = useMemo(
    () => (view === undefined || view.hidden.has('events') ? []
      : eventsSoFar(view.run, view.step.summary.cycle, view.isLastStep).filter((e) => view.until === undefined || e.time <= view.until)),
    [view],
  );
  if (view?.hidden.has('events')) {
    return <section className="event-log" data-testid="event-log" aria-label="Events"><p className="empty">Events are hidden until the question is answered.</p></section>;
  }
  // after the last cycle, what the cluster did later (an eviction, a scale-down) is shown too: its time is now
  const now = view?.until ?? Math.max(view?.step.summary.time ?? 0, events.at(-1)?.time ?? 0);
  // repeats folded with a count and their first and last time, as the cluster stores them
  const rows = foldEvents(events);
  const shown = rows.slice(-ROWS_SHOWN);
  // kubectl get events -A prints a NAMESPACE column; with one namespace it only takes room
  const namespaces = new Set(events.map((e) => kubectlObject(e.object).namespace ?? ''));
  const showNamespace = namespaces.size > 1;
  return (
    <section className="event-log" data-testid="event-log" aria-label="Events">
      <AdmissionRefusals events={events} />
      {events.length === 0 ? <p className="empty">No events yet.</p> : (
        <table className="kubectl">
          <thead>
            <tr>
              {showNamespace && <th scope="col" className="col-namespace">NAMESPACE</th>}
              <th scope="col" className="col-age">LAST SEEN</th><th scope="col" className="col-type">TYPE</th>
              <th scope="col" className="col-reason">REASON</th><th scope="col" className="col-object">OBJECT</th><th scope="col">MESSAGE</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row, i) => {
              const e = row.event;
              const { namespace, object } = kubectlObject(e.object);
              return (
                <tr key={rows.length - shown.length + i} data-testid="event-row" data-reason={e.reason} data-object={e.object} data-count={row.count} className={`event-${e.type}`}>
                  {showNamespace && <td>{namespace ?? ''}</td>}
                  {/* kubectl's "2m (x12 over 10m)": the count and first time on a line of their own in this narrow column */}
                  <td className="age" title={foldedAge(row, formatAge, now)}>
                    {formatAge(now - row.lastTime)}
                    {row.count > 1 && <div className="series" data-testid="event-series">(x{row.count} over {formatAge(now - row.firstTime)})</div>}
                  </td>
                  <td className="type">{e.type}</td>
                  <td>{e.reason}</td>
                  <td className="object">
                    {e.object.startsWith('Pod/')
                      ? <button type="button" className="link" title="Describe this pod and show its latest cycle" onClick={() => selectPod(e.object.slice('Pod/'.length))}>{object}</button>
                      : object}
                  </td>
                  <td className="message">{e.message}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {rows.length > shown.length && <p className="more">{rows.length - shown.length} earlier events not shown.</p>}
    </section>
  );
}
