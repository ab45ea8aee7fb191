// The PersistentVolumes a lane's nodes can reach, drawn in the lane: a zonal volume sits in its
// zone, a local one in its node's lane. Each names the claim it holds (and the node the scheduler
// selected for a WaitForFirstConsumer claim); its full name and node affinity are in its title.

import { shortPodName } from '../format';
import { CLAIM_STATE, type ClaimMark, type VolumeMark } from './volumes';

export function LaneVolumes({ marks }: { marks: readonly VolumeMark[] }) {
  if (marks.length === 0) return null;
  return (
    <ul className="lane-volumes" aria-label="PersistentVolumes reachable from this lane">
      {marks.map((m) => (
        <li
          key={m.name}
          className={`lane-volume${m.claim === undefined ? ' available' : ''}`}
          data-testid="lane-volume"
          data-volume={m.name}
          data-phase={m.phase}
          {...(m.claim !== undefined ? { 'data-claim': m.claim } : {})}
          title={`PersistentVolume ${m.name} (${m.phase})${m.claim !== undefined ? `, bound to claim ${m.claim}` : ', not bound to a claim'}${m.selectedNode !== undefined ? `, provisioned for the node the scheduler selected: ${m.selectedNode}` : ''}; reachable from ${m.reach}`}
        >
          <span aria-hidden="true">⛁</span> {m.claim !== undefined ? shortPodName(m.claim) : m.name}
          {m.phase !== 'Bound' && <span className="volume-phase"> {m.phase}</span>}
          {m.selectedNode !== undefined && <span className="volume-node"> @{m.selectedNode}</span>}
        </li>
      ))}
    </ul>
  );
}

/** A pod's claims on its chip: ⛁ and each claim's state by symbol; the names too for the pod being scheduled while it is in the queue. */
export function ClaimsOnChip({ marks, named }: { marks: readonly ClaimMark[]; named: boolean }) {
  return (
    <span
      className="pod-claims"
      data-testid="pod-claims"
      data-claims={marks.map((m) => `${m.claim}=${m.state}${m.boundTo !== undefined ? `:${m.boundTo}` : ''}`).join(' ')}
      aria-label={marks.map((m) => `claim ${shortPodName(m.claim)}: ${CLAIM_STATE[m.state].word}`).join('; ')}
    >
      <span aria-hidden="true">⛁</span>
      {marks.map((m) => <span key={m.volume} className={`pod-claim claim-${m.state}`}>{named ? `${shortPodName(m.claim)} ${CLAIM_STATE[m.state].short}` : CLAIM_STATE[m.state].symbol}</span>)}
    </span>
  );
}
