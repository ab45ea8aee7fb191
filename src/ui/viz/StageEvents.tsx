// The events since the previous story point, in the stage's legend row (stageEvents.ts says which).

import { STAGE_EVENTS_SHOWN, type StageEvent } from './stageEvents';

export function StageEvents({ events }: { events: readonly StageEvent[] }) {
  if (events.length === 0) return null;
  const shown = events.length <= STAGE_EVENTS_SHOWN ? events : events.slice(0, STAGE_EVENTS_SHOWN - 1);
  const more = events.slice(shown.length);
  return (
    <ul className="stage-events" data-testid="stage-events" aria-label="Events since the previous point">
      {shown.map((e, i) => (
        <li key={i} className={`stage-event${e.warning ? ' warning' : ''}`} data-testid="stage-event" data-reason={e.reason} data-time={e.time} data-object={e.kindName} title={e.full} aria-label={e.full}>
          <span className="stage-event-time">{e.time} s</span> <strong>{e.reason}</strong> {e.object}{e.message !== '' && <>: <span className="stage-event-message">{e.message}</span><span className="stage-event-whole">{e.wholeMessage}</span></>}
        </li>
      ))}
      {more.length > 0 && (
        <li className="stage-event more" title={more.map((e) => e.full).join('\n')}>and {more.length} more event{more.length === 1 ? '' : 's'}</li>
      )}
    </ul>
  );
}
