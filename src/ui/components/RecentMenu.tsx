// Recent scenarios: what a link, a file, an import or a lesson replaced, to open again. A menu
// beside Open…; each entry is a button (Tab or the arrow keys move between them, Escape closes),
// with × beside it to remove it: the user's own edits stay until removed so.

import { useRef, useState, type KeyboardEvent } from 'react';
import { usePodplay } from '../../store/hooks';
import type { RecentEntry } from '../../store/recent';
import { formatBytes } from '../importExport/saveFile';
import { useDismiss } from '../useDismiss';

/** "just now", "5 min ago", "3 h ago", else the date and time. */
export function timeAgo(savedAt: number, now: number): string {
  const minutes = Math.floor((now - savedAt) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return new Date(savedAt).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
}

function moveFocus(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[data-testid="recent-item"]')];
  if (items.length === 0) return;
  event.preventDefault();
  const at = items.indexOf(document.activeElement as HTMLButtonElement);
  const next = event.key === 'ArrowDown' ? (at + 1) % items.length : (at <= 0 ? items.length - 1 : at - 1);
  items[next]!.focus();
}

function Item({ entry, now, onOpen, onRemove }: { entry: RecentEntry; now: number; onOpen(): void; onRemove(): void }) {
  return (
    <div className="recent-row">
      <button type="button" role="menuitem" data-testid="recent-item" data-title={entry.title} data-edited={entry.edited === true} onClick={onOpen}>
        <span className="recent-title">{entry.title}</span>
        {entry.title !== entry.fileName && <span className="recent-file">{entry.fileName}</span>}
        <span className="recent-meta">{entry.edited === true ? 'your edit · ' : ''}{timeAgo(entry.savedAt, now)} · {formatBytes(entry.size)}</span>
      </button>
      <button
        type="button" className="recent-remove" data-testid="recent-remove" onClick={onRemove}
        aria-label={`Remove ${entry.title} from Recent`}
        title={entry.edited === true ? 'Remove your edit from this browser (it is kept until you do)' : 'Remove from Recent'}
      >×</button>
    </div>
  );
}

export function RecentMenu() {
  const recent = usePodplay((s) => s.recent);
  const refresh = usePodplay((s) => s.refreshRecent);
  const reopen = usePodplay((s) => s.reopenRecent);
  const remove = usePodplay((s) => s.removeRecent);
  const menu = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(0);
  const close = () => { if (menu.current) menu.current.open = false; };
  useDismiss(open, () => menu.current, close);
  return (
    <details
      ref={menu}
      className="recent-menu"
      onToggle={(e) => {
        const isOpen = e.currentTarget.open;
        setOpen(isOpen);
        if (isOpen) {
          // another tab may have added to the list
          refresh();
          setNow(Date.now());
        }
      }}
      onKeyDown={moveFocus}
    >
      <summary className="button" data-testid="recent-menu" title="Scenarios that a link, a file or a lesson replaced">Recent</summary>
      <div className="recent-items" role="menu" aria-label="Recent scenarios">
        {recent.length === 0
          ? <p className="recent-empty">Nothing yet. When a link, a file, an import or a lesson replaces your scenario, it is kept here.</p>
          : recent.map((entry) => <Item key={entry.id} entry={entry} now={now} onOpen={() => { close(); void reopen(entry.id); }} onRemove={() => remove(entry.id)} />)}
      </div>
    </details>
  );
}
