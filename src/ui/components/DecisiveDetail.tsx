// The decisive detail under "Why Pending" (src/engine/diagnosis/detail.ts, the same data
// `--explain` prints): the fact that points at the fix.

import type { DecisiveDetail } from '../../engine/readers';

function NodeName({ name, short }: { name: string; short: Map<string, string> }) {
  return <span className="diag-node" title={name}>{short.get(name) ?? name}</span>;
}

export function DecisiveDetailView({ detail, short }: { detail: DecisiveDetail; short: Map<string, string> }) {
  const { labelValues, devices, claimConstraints, hostPorts, spreadDomains } = detail;
  if (labelValues.length + devices.length + hostPorts.length + spreadDomains.length === 0) return null;
  return (
    <div className="diagnosis-detail" data-testid="diagnosis-detail">
      <h5>What decides it</h5>
      <ul>
        {labelValues.map((l) => {
          const missing = l.wanted.filter((w) => !l.have.some((h) => h.value === w));
          return (
            <li key={l.key} data-testid="detail-label-values">
              {l.key}: the pod wants {l.wanted.join(', ')}{missing.length > 0 ? ` — no node has ${missing.join(', ')}` : ''}; nodes have{' '}
              {l.have.length === 0 ? 'no such label' : l.have.slice(0, 8).map((h) => `${h.value} (${h.nodes}${h.schedulable < h.nodes ? `, ${h.nodes - h.schedulable} cordoned` : ''})`).join(', ')}
            </li>
          );
        })}
        {claimConstraints.map((c, i) => (
          <li key={`c${i}`} data-testid="detail-claim-constraint">claim {c.claim}: constraint {c.matchAttribute ? `matchAttribute ${c.matchAttribute}` : `distinctAttribute ${c.distinctAttribute ?? ''}`}{c.requests ? ` over ${c.requests.join(', ')}` : ''}</li>
        ))}
        {devices.slice(0, 8).map((r) => (
          <li key={`${r.node}/${r.claim}/${r.request}`} data-testid="detail-devices">
            <NodeName name={r.node} short={short} />: {r.free} of {r.matching} matching devices free, {r.needed} needed ({r.request}){r.free >= r.needed ? ' — enough devices: a constraint or selector fails' : ''}
          </li>
        ))}
        {hostPorts.map((h) => (
          <li key={h.node} data-testid="detail-host-port">
            <NodeName name={h.node} short={short} />: port {h.port} held by {h.pods.length === 0 ? 'a pod' : h.pods.map((p) => `${p.pod}${p.owner ? ` (${p.owner})` : ''}`).join(', ')}
          </li>
        ))}
        {spreadDomains.map((s) => (
          <li key={`${s.topologyKey}=${s.domain}`} data-testid="detail-spread-domain">
            {s.topologyKey}={s.domain}: {s.count} matching pod(s){s.why ? ` — ${s.why}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
