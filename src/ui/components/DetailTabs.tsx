// Side panel tabs: topology spread, the pod inspector and the event log.

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
  return (
    <section className="detail-tabs">
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
