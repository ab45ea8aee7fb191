// Side panel tabs: topology spread, the pod inspector and the event log.

import { useState } from 'react';
import { usePodplay } from '../../store/hooks';
import type { DetailTab } from '../../store/types';
import { SkewPanel } from '../viz/SkewPanel';
import { EventLog } from './EventLog';
import { PodInspector } from './PodInspector';

const TABS: { id: DetailTab; label: string }[] = [
  { id: 'events', label: 'Events' },
  { id: 'pod', label: 'Pod' },
  { id: 'spread', label: 'Topology spread' },
];

export function DetailTabs() {
  const tab = usePodplay((s) => s.detailTab);
  const setDetailTab = usePodplay((s) => s.setDetailTab);
  // on a laptop screen the panel is short: widened, it takes most of the stage (five fixes fit at 1366×768)
  const [wide, setWide] = useState(false);
  return (
    <section className={`detail-tabs${wide ? ' wide' : ''}`}>
      <button type="button" className="button small detail-widen" data-testid="detail-widen" aria-pressed={wide} onClick={() => setWide(!wide)}
        title={wide ? 'Give the cluster view its room back' : 'Make this panel taller and wider (the cluster view shrinks)'}>
        {wide ? '⤡ Smaller' : '⤢ Larger'}
      </button>
      <div role="tablist" aria-label="Details">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            data-testid={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            className="tab"
            onClick={() => setDetailTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
        {tab === 'events' && <EventLog />}
        {tab === 'pod' && <PodInspector />}
        {tab === 'spread' && <SkewPanel />}
      </div>
    </section>
  );
}
