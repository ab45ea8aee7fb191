// Topology spread for the pod on screen: matching pods per domain, the global minimum, the maxSkew
// allowance, the domains that would break it, and the nodes the count leaves out.

import { max, scaleLinear } from 'd3';
import { useStep } from '../useStep';
import { spreadView } from './spread';

export function SkewPanel() {
  const view = useStep();
  const trace = view?.step.frame?.trace;
  const constraints = trace === undefined ? [] : spreadView(trace);
  return (
    <section className="skew-panel" data-testid="skew-panel" aria-label="Topology spread">
      {trace === undefined && <p className="empty">No cycle on screen.</p>}
      {trace !== undefined && constraints.length === 0 && (
        <p className="empty">{trace.pod} has no DoNotSchedule topology spread constraints in this cycle{trace.nodesEvaluated.length === 0 ? ' (Filter did not run)' : ''}.</p>
      )}
      {constraints.map((c, i) => {
        const barScale = scaleLinear().domain([0, Math.max(1, max(c.domains, (d) => d.count + 1) ?? 1)]).range([0, 100]);
        return (
          <div key={i} className="skew-constraint" data-testid="skew-constraint" data-topology-key={c.topologyKey}>
            <h4>
              {c.topologyKey}: maxSkew {c.maxSkew}, global minimum <span data-testid="skew-min">{c.minMatch}</span>
              {c.minDomains > 1 ? `, minDomains ${c.minDomains}` : ''}
            </h4>
            <p className="skew-rule">
              A domain is allowed when matching pods {c.selfMatch ? '+ 1 (the pod matches itself) ' : ''}− {c.minMatch} ≤ {c.maxSkew}.
            </p>
            <ul className="skew-domains">
              {c.domains.map((d) => (
                <li key={d.domain} className={d.violating ? 'violating' : 'allowed'} data-testid="skew-domain" data-domain={d.domain} data-count={d.count} data-violating={d.violating}>
                  <span className="skew-domain-name">{d.domain}</span>
                  <span className="hbar"><span className="hbar-fill" style={{ width: `${barScale(d.count)}%` }} /></span>
                  <span className="skew-numbers">
                    {d.count} matching → skew {d.skewIfPlaced} {d.violating ? `> ${c.maxSkew} ✗ violates` : `≤ ${c.maxSkew} ✓`}
                  </span>
                </li>
              ))}
            </ul>
            {c.skippedNodes.length > 0 && (
              <p className="skew-skipped">Not counted: {c.skippedNodes.map((s) => `${s.node} (${s.why})`).join('; ')}</p>
            )}
          </div>
        );
      })}
    </section>
  );
}
