// "Differs from your cluster": the dump's recorded state of a pod beside the simulated one.

import { staleMessageText, type ClusterDifference, type StaleMessage } from '../../engine/readers';

const HEADLINE: Record<ClusterDifference['kind'], string> = {
  placed: 'Pending in your cluster, placed by the simulation',
  elsewhere: 'on another node in your cluster',
  pending: 'bound in your cluster, Pending in the simulation',
  reason: 'Pending in both, for different reasons',
};

type State = ClusterDifference['cluster'];

function stateText(s: State): string {
  return [s.phase ?? 'Pending', s.node ? `on ${s.node}` : '', s.nominatedNode ? `nominated to ${s.nominatedNode}` : '', s.reason ? `(${s.reason})` : ''].filter(Boolean).join(' ');
}

export function ClusterDifferenceNote({ difference, stale }: { difference: ClusterDifference; stale?: StaleMessage | undefined }) {
  return (
    <section className="cluster-difference" data-testid="cluster-difference" data-kind={difference.kind} aria-label="Differs from your cluster">
      <h4>Differs from your cluster: {HEADLINE[difference.kind]}</h4>
      <dl className="describe">
        <dt>Cluster:</dt><dd>{stateText(difference.cluster)}{difference.cluster.message && <div className="message">{difference.cluster.message}</div>}</dd>
        <dt>Simulation:</dt><dd>{stateText(difference.simulated)}{difference.simulated.message && <div className="message">{difference.simulated.message}</div>}</dd>
      </dl>
      {stale && (
        <p className="note" data-testid="stale-message">{staleMessageText(stale)}</p>
      )}
      <p className="note">The simulation replays scheduling from the dump: ties, the cluster's history (pods that came and went), and plugins or extenders the dump does not show can make it decide otherwise.</p>
    </section>
  );
}
