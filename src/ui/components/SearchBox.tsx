// Find a pod or a node by name, namespace or label (`/` or Ctrl+K). Choosing a pod describes it
// and jumps to its latest scheduling cycle; choosing a node scrolls its card into view.

import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { NodeOutcome, PodOutcome } from '../../engine/api';
import { usePodplay } from '../../store/hooks';

export interface SearchHit {
  kind: 'pod' | 'node';
  /** namespace/name for a pod, the name for a node */
  key: string;
  /** what matched besides the name, e.g. "app=web" */
  matched?: string;
  pending: boolean;
}

const MAX_HITS = 12;

/**
 * Pods and nodes whose name, namespace or a label ("key=value") contains every word of the query,
 * case-insensitively. Names that start with the query come first, then Pending pods.
 */
export function searchCluster(query: string, pods: readonly PodOutcome[], nodes: readonly NodeOutcome[], max = MAX_HITS): SearchHit[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const hits: (SearchHit & { rank: number })[] = [];
  const consider = (kind: SearchHit['kind'], key: string, labels: Record<string, string> | undefined, pending: boolean) => {
    const name = key.toLowerCase();
    const labelTexts = Object.entries(labels ?? {}).map(([k, v]) => `${k}=${v}`.toLowerCase());
    let matched: string | undefined;
    for (const w of words) {
      if (name.includes(w)) continue;
      const label = labelTexts.find((l) => l.includes(w));
      if (label === undefined) return;
      matched ??= label;
    }
    const short = name.slice(name.indexOf('/') + 1);
    const rank = (short.startsWith(words[0]!) || name.startsWith(words[0]!) ? 0 : 2) + (pending ? 0 : 1);
    hits.push({ kind, key, pending, rank, ...(matched !== undefined ? { matched } : {}) });
  };
  for (const p of pods) if (p.deletedAt === undefined) consider('pod', p.pod, p.labels, p.node === undefined);
  for (const n of nodes) consider('node', n.name, n.labels, false);
  hits.sort((a, b) => a.rank - b.rank || a.key.localeCompare(b.key));
  return hits.slice(0, max).map(({ rank: _rank, ...hit }) => hit);
}

/** Scrolls a node's card (or tile) into view and marks it for a moment. */
function revealNode(name: string): void {
  const card = document.querySelector<HTMLElement>(`[data-testid="node-card"][data-node="${CSS.escape(name)}"]`);
  if (card === null) return;
  card.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  card.classList.add('found');
  setTimeout(() => card.classList.remove('found'), 1600);
}

export function SearchBox() {
  const run = usePodplay((s) => s.run);
  const selectPod = usePodplay((s) => s.selectPod);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const hits = useMemo(() => (run === undefined ? [] : searchCluster(query, run.summary.pods, run.summary.nodes)), [query, run]);

  const choose = (hit: SearchHit | undefined) => {
    if (hit === undefined) return;
    if (hit.kind === 'pod') selectPod(hit.key);
    else revealNode(hit.key);
    setOpen(false);
    input.current?.blur();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, hits.length - 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (e.key === 'Enter') choose(hits[active]);
    else if (e.key === 'Escape') { setOpen(false); input.current?.blur(); } else return;
    e.preventDefault();
  };
  const showList = open && query.trim() !== '';
  return (
    <div className="search" role="search">
      <input
        ref={input}
        type="search"
        className="search-input"
        data-testid="search"
        placeholder="Find pod or node  ( / )"
        aria-label="Find a pod or a node by name, namespace or label"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && hits[active] ? `${listId}-${active}` : undefined}
        value={query}
        onChange={(e) => { setQuery(e.target.value); setActive(0); setOpen(true); }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <ul className="search-results" id={listId} role="listbox" data-testid="search-results">
          {hits.length === 0 && <li className="empty">no pod or node matches</li>}
          {hits.map((h, i) => (
            <li
              key={`${h.kind}:${h.key}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`search-hit${i === active ? ' active' : ''}`}
              data-testid="search-hit"
              data-kind={h.kind}
              data-key={h.key}
              onMouseDown={(e) => { e.preventDefault(); choose(h); }}
            >
              <span className={`hit-kind kind-${h.kind}`}>{h.kind === 'pod' ? (h.pending ? 'Pending pod' : 'pod') : 'node'}</span>
              <span className="hit-name" title={h.key}>{h.key}</span>
              {h.matched !== undefined && <span className="hit-label">{h.matched}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
