// The `?` overlay: every registered command with its shortcut.

import { COMMANDS, keyLabel } from '../../store/commands';
import { usePodplay } from '../../store/hooks';
import { useModalDialog } from '../useModalDialog';

export function HelpOverlay() {
  const open = usePodplay((s) => s.helpOpen);
  const dialog = useModalDialog(open);
  const setHelpOpen = usePodplay((s) => s.setHelpOpen);
  // the same key may serve two commands (Space: run, pause); list each key set once
  const seen = new Set<string>();
  const rows = COMMANDS.filter((c) => {
    const keys = c.shortcut?.join(' ') ?? '';
    if (keys === '' || seen.has(keys)) return false;
    seen.add(keys);
    return true;
  });
  return (
    <dialog ref={dialog} className="help" data-testid="help-overlay" aria-label="Keyboard shortcuts" onClose={() => setHelpOpen(false)}>
      <h2>Keyboard shortcuts</h2>
      <dl className="help-list">
        {rows.map((c) => (
          <div key={c.id} className="help-row">
            <dt className="keys">{c.shortcut!.map((k) => <kbd key={k}>{keyLabel(k)}</kbd>)}</dt>
            <dd>{c.id === 'run' ? 'Play / pause' : c.label}</dd>
          </div>
        ))}
      </dl>
      <p className="help-note" data-testid="help-leave-editor">
        Shortcuts work outside the editor. To leave the editor without changing its text, press <kbd>Esc</kbd> then <kbd>Tab</kbd>;
        <kbd>Ctrl+M</kbd> makes <kbd>Tab</kbd> move the focus until pressed again.
      </p>
      <p className="help-note">In a lesson, <kbd>→</kbd> <kbd>PageDown</kbd> <kbd>Space</kbd> go to the next story point and <kbd>←</kbd> <kbd>PageUp</kbd> back (a presenter&apos;s clicker works); <kbd>Shift+→</kbd> steps one extension point. Esc closes this.</p>
      <button type="button" className="button" onClick={() => setHelpOpen(false)}>Close</button>
    </dialog>
  );
}
