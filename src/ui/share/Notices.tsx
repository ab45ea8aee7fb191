// Messages the page owes the user: a link that could not be opened, an export's notes. Always
// text (they may quote a link), each with a way out.

import { usePodplay } from '../../store/hooks';
import './share.css';

export function Notices() {
  const notices = usePodplay((s) => s.notices);
  const dismiss = usePodplay((s) => s.dismissNotice);
  if (notices.length === 0) return null;
  return (
    <div className="notices">
      {notices.map((n) => (
        <section key={n.id} className={`notice notice-${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'} data-testid="notice" data-kind={n.kind}>
          <h2 className="notice-title">{n.title}</h2>
          <p className="notice-text">{n.text}</p>
          <div className="notice-actions">
            {n.action !== undefined && (
              <button type="button" className="button small" data-testid="notice-action" onClick={() => { n.action!.run(); if (n.action!.keep !== true) dismiss(n.id); }}>{n.action.label}</button>
            )}
            <button type="button" className="button small" data-testid="notice-dismiss" onClick={() => dismiss(n.id)}>Dismiss</button>
          </div>
        </section>
      ))}
    </div>
  );
}
