// Beside Open…: import a cluster, and export the scenario (as it is, or for a real cluster).

import { useRef, useState } from 'react';
import { commandById } from '../../store/commands';
import { usePodplay, usePodplayStore } from '../../store/hooks';
import { downloadKwokBundle, downloadScenario } from './exports';
import { useDismiss } from '../useDismiss';
import './importExport.css';

export function ScenarioFileButtons() {
  const store = usePodplayStore();
  const empty = usePodplay((s) => s.text.trim() === '');
  const menu = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const done = () => { if (menu.current) menu.current.open = false; };
  // an open menu closes on Escape or a click elsewhere
  useDismiss(open, () => menu.current, done);
  return (
    <>
      <button type="button" className="button" data-testid="import" title="Import kubectl output, manifests or a simulator export (i)" onClick={() => commandById('import').run(store.getState())}>
        Import
      </button>
      <details ref={menu} className="export-menu" onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="button" title="Download the scenario, or a bundle for a real cluster">Export</summary>
        <div className="export-items" role="menu">
          <button type="button" role="menuitem" data-testid="download-yaml" disabled={empty} onClick={() => { done(); void downloadScenario(store); }}>
            Scenario <span className="export-ext">.yaml</span>
            <span className="export-hint">the file as it is, to open again or run with <code>npm run simulate</code></span>
          </button>
          <button type="button" role="menuitem" data-testid="export-kwok" disabled={empty} onClick={() => { done(); void downloadKwokBundle(store, 'zip'); }}>
            KWOK bundle <span className="export-ext">.zip</span>
            <span className="export-hint">replay it on the real kube-scheduler with fake nodes: manifests, scheduler config, README</span>
          </button>
          <button type="button" role="menuitem" data-testid="export-kwok-yaml" disabled={empty} onClick={() => { done(); void downloadKwokBundle(store, 'yaml'); }}>
            KWOK bundle as one <span className="export-ext">.yaml</span>
            <span className="export-hint">the same, in one file (README and config as comments)</span>
          </button>
        </div>
      </details>
    </>
  );
}
