// A live "what if" in presenter mode: the lesson's scenario in a compact editor over the stage,
// opened with one key (e). Apply re-simulates and the story goes on from the same point, its
// narration marked as describing the original; Restore puts the lesson's own scenario back at the
// same point. The text changes only by typing into it: the clicker's page keys never land in it,
// and no key reaches it unless it has the focus (issue 19: `f` typed into the hidden YAML).

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { lessonById } from '../../lessons/lazy';
import { usePodplay } from '../../store/hooks';
import { useModalDialog } from '../useModalDialog';

/** What a presenter's clicker sends: they move the story, never the text. */
const CLICKER_KEYS = new Set(['PageDown', 'PageUp']);

export function LiveEdit() {
  const open = usePodplay((s) => s.dialog === 'liveEdit');
  const dialog = useModalDialog(open);
  const setDialog = usePodplay((s) => s.setDialog);
  return (
    <dialog ref={dialog} className="live-edit" data-testid="live-edit" aria-label="What if? Edit the lesson's scenario" onClose={() => setDialog(undefined)}>
      {open && <LiveEditForm close={() => setDialog(undefined)} />}
    </dialog>
  );
}

/** Mounted at each opening: it starts from the scenario on screen, the text focused on purpose. */
function LiveEditForm({ close }: { close(): void }) {
  const text = usePodplay((s) => s.text);
  const lessonId = usePodplay((s) => s.lessonId);
  const setText = usePodplay((s) => s.setText);
  const [draft, setDraft] = useState(text);
  const area = useRef<HTMLTextAreaElement>(null);
  const lesson = lessonId === undefined ? undefined : lessonById(lessonId);
  useEffect(() => area.current?.focus(), []);

  const apply = () => {
    setText(draft);
    close();
  };
  const restore = () => {
    if (lesson !== undefined) setText(lesson.scenario);
    close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (CLICKER_KEYS.has(event.key)) event.preventDefault();
    else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      apply();
    }
  };

  return (
    <form method="dialog" onSubmit={(e) => { e.preventDefault(); apply(); }}>
      <h2>What if? <span className="live-edit-hint">Edit, then apply: the story goes on from this point with the edited scenario.</span></h2>
      <textarea
        ref={area}
        className="live-edit-text"
        data-testid="live-edit-text"
        aria-label="Scenario YAML"
        spellCheck={false}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="live-edit-buttons">
        <button type="submit" className="button primary" data-testid="live-edit-apply" title="Apply (Ctrl+Enter)">Apply and continue</button>
        <button type="button" className="button" data-testid="live-edit-restore" onClick={restore} disabled={lesson === undefined || text === lesson.scenario}>Restore the lesson</button>
        <button type="button" className="button" onClick={close}>Cancel (Esc)</button>
      </div>
    </form>
  );
}
