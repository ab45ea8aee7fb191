// The node autoscaler's word on a Pending pod, in the Pod tab: "a node is being added for this
// pod", or "no node group can fit it" with each group's reason. Words from src/engine/diagnosis/autoscaler.ts.

import type { RunSummary } from '../../worker/protocol';
import { autoscalerNote } from '../../engine/readers';

/** Up to this many node groups are listed open; more are folded under one line. */
const OPEN_GROUPS = 3;

function groupList(groups: readonly { group: string; reason: string }[]) {
  return (
    <ul className="autoscaler-groups">
      {groups.map((g) => <li key={g.group} data-testid="autoscaler-group" data-group={g.group}><code>{g.group}</code>: {g.reason}</li>)}
    </ul>
  );
}

/**
 * The note's lead alone, one line (whole on hover), above a Pending pod's fixes: at 1366×768 the
 * groups' reasons and the event would push the fixes below the fold (issue 18); `AutoscalerNote`
 * follows the fixes with them.
 */
export function AutoscalerLead({ summary, pod, now }: { summary: RunSummary; pod: string; now: number }) {
  const note = autoscalerNote(summary.autoscaler, pod, now);
  if (!note) return null;
  const more = note.groups.length > 0 ? ' (each node group\'s reason is below the fixes)' : note.detail ? ' (more below the fixes)' : '';
  return (
    <p className="autoscaler-lead" data-testid="autoscaler-lead" data-kind={note.kind} title={`${note.lead}${more}`}>
      <strong>{note.lead}</strong>{more && <span className="diagnosis-summary-more">{more}</span>}
    </p>
  );
}

export function AutoscalerNote({ summary, pod, now }: { summary: RunSummary; pod: string; now: number }) {
  const note = autoscalerNote(summary.autoscaler, pod, now);
  if (!note) return null;
  return (
    <section className="diagnosis autoscaler-note" data-testid="autoscaler-note" data-kind={note.kind} aria-label="Node autoscaler">
      <p className="diagnosis-lead"><strong>{note.lead}</strong></p>
      {note.detail && <p className="detail">{note.detail}</p>}
      {note.groups.length > 0 && note.groups.length <= OPEN_GROUPS && groupList(note.groups)}
      {/* a fleet's many groups: one line, opened on demand */}
      {note.groups.length > OPEN_GROUPS && (
        <details className="diagnosis-group" data-testid="autoscaler-groups">
          <summary>Why each of the {note.groups.length} node groups cannot fit it</summary>
          {groupList(note.groups)}
        </details>
      )}
      {note.event && <p className="detail">{note.event}</p>}
    </section>
  );
}
