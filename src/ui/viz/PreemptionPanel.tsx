// PostFilter (preemption): the candidate nodes with the victims each would need, how the node
// was picked, the nominated node, and the nodes where evicting would not help.

import type { PreemptionTrace } from '../../engine/api';
import { explainVerdict } from '../narration/explain';
import { shortPodName } from '../format';

export function PreemptionPanel({ postFilter }: { postFilter: PreemptionTrace }) {
  const chosen = postFilter.chosen;
  const rejected = Object.entries(postFilter.rejected ?? {});
  return (
    <div className="preemption" data-testid="preemption-panel">
      {chosen !== undefined
        ? <p className="preemption-chosen">Nominated node <strong data-testid="nominated-node">{chosen.node}</strong>; victims: {chosen.victims.map((v) => (
          <span key={v} className="victim" data-testid="victim" data-pod={v}>{shortPodName(v)}</span>
        ))}</p>
        : <p className="preemption-chosen">No node where preemption helps{postFilter.message ? `: ${postFilter.message}` : '.'}</p>}
      {postFilter.candidates.length > 0 && (
        <table className="candidates">
          <caption>Candidates</caption>
          <thead><tr><th scope="col">node</th><th scope="col">victims</th><th scope="col">PDB violations</th></tr></thead>
          <tbody>
            {postFilter.candidates.map((c) => (
              <tr key={c.node} className={c.node === chosen?.node ? 'row-selected' : ''}>
                <th scope="row">{c.node}</th>
                <td>{c.victims.map(shortPodName).join(', ') || '—'}</td>
                <td>{c.pdbViolations}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(postFilter.selection?.length ?? 0) > 0 && (
        <ol className="selection-steps" aria-label="How the node was picked">
          {postFilter.selection!.map((s, i) => <li key={i}><strong>{s.criterion}</strong>: {s.nodes.join(', ')}</li>)}
        </ol>
      )}
      {rejected.length > 0 && (
        <details className="rejected">
          <summary>{rejected.length} node{rejected.length === 1 ? '' : 's'} where evicting would not help</summary>
          <ul>{rejected.map(([node, r]) => <li key={node}>{node}: {r.plugin}: {explainVerdict(r)}</li>)}</ul>
        </details>
      )}
    </div>
  );
}
