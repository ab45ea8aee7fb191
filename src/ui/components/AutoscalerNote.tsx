// The node autoscaler's word on a Pending pod, in the Pod tab: "a node is being added for this
// pod", or "no node group can fit it" with each group's reason. Words from src/engine/diagnosis/autoscaler.ts.

import type { RunSummary } from '../../worker/protocol';
import { autoscalerNote } from '../../engine/readers';

export function AutoscalerNote({ summary, pod, now }: { summary: RunSummary; pod: string; now: number }) {
  const note = autoscalerNote(summary.autoscaler, pod, now);
  if (!note) return null;
  return (
    <section className="diagnosis autoscaler-note" data-testid="autoscaler-note" data-kind={note.kind} aria-label="Node autoscaler">
      <p className="diagnosis-lead"><strong>{note.lead}</strong></p>
      {note.detail && <p className="detail">{note.detail}</p>}
      {note.groups.length > 0 && (
        <ul className="autoscaler-groups">
          {note.groups.map((g) => <li key={g.group} data-testid="autoscaler-group" data-group={g.group}><code>{g.group}</code>: {g.reason}</li>)}
        </ul>
      )}
      {note.event && <p className="detail">{note.event}</p>}
    </section>
  );
}
