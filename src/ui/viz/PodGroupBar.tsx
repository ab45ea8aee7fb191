// The pod group of the cycle on screen (v1.36+ pod-group cycles), drawn together: its name, its
// quorum so far ("3 of 4 placed · needs 4"), the member that could not be placed and why, and the
// all-or-nothing verdict once its last member's attempt is on screen. Read from the trace
// (./podGroup.ts); the members themselves are drawn where they are (pending lane, nodes).

import type { StepView } from '../useStep';
import { shortPodName } from '../format';
import { groupProgress, quorumText } from '../../store/podGroup';
import './podGroup.css';

/** the FitError's first sentence ("0/3 nodes are available: 3 Insufficient cpu."); the whole message is the title */
function firstSentence(message: string): string {
  const end = message.indexOf('. ');
  return end < 0 ? message : message.slice(0, end + 1);
}

const VERDICT: Record<string, string> = {
  Scheduled: 'all bind together',
  Unschedulable: 'all-or-nothing: none binds, all go back to the queue',
  Error: 'error: none binds',
};

export function PodGroupBar({ view }: { view: StepView | undefined }) {
  const trace = view?.step.frame?.trace;
  if (view === undefined || trace === undefined) return null;
  const progress = groupProgress(trace, view.step.phase, view.isLastStep);
  if (progress === undefined) return null;
  const { group } = progress;
  // an open question about where (or whether) the pods go hides the count and the verdict
  const secret = view.hidden.has('placement') || view.hidden.has('feasibility');
  const members = group.members.map(shortPodName);
  return (
    <section className="pod-group-bar" data-testid="pod-group" data-group={group.name} aria-label={`PodGroup ${group.name}`}>
      <span className="pod-group-name" title={`members tried together: ${members.join(', ')}`}>
        PodGroup <strong>{group.name.split('/')[1]}</strong> · member {progress.index + 1} of {group.members.length}
      </span>
      {!secret && <span className="pod-group-quorum" data-testid="pod-group-quorum" data-placed={progress.placedSoFar} data-min-count={group.minCount}>{quorumText(progress)}</span>}
      {!secret && progress.unplaced !== undefined && (
        <span className="pod-group-unplaced" data-testid="pod-group-unplaced" data-pod={progress.unplaced.pod} title={progress.unplaced.message}>
          ✗ {shortPodName(progress.unplaced.pod)} could not be placed: {firstSentence(progress.unplaced.message)}
        </span>
      )}
      {!secret && progress.result !== undefined && (
        <span className={`pod-group-verdict verdict-${progress.result}`} data-testid="pod-group-verdict" data-result={progress.result}>
          → {VERDICT[progress.result] ?? progress.result}
        </span>
      )}
    </section>
  );
}
