// The extension points of the cycle on screen; the current one is marked, any one is a click away.

import { usePodplay } from '../../store/hooks';
import { useHidden } from '../useStep';

export function PhaseTrack() {
  const summary = usePodplay((s) => s.run?.cycles[s.position.cycle - 1]);
  const step = usePodplay((s) => s.position.step);
  const setPosition = usePodplay((s) => s.seekStep);
  // lessons and presenter mode fold the steps where nothing happens into their neighbours
  const collapse = usePodplay((s) => s.lessonId !== undefined || s.presenter);
  const hidden = useHidden();
  const intro = usePodplay((s) => s.lessonIntro && s.lessonId !== undefined);
  if (summary === undefined || intro) return null;
  // a pod-group member tried before the group's last attempt is assumed on its node (or found none),
  // no more: the group's all-or-nothing outcome (its result) is decided at a later cycle
  const undecided = summary.groupDecidesAt !== undefined;
  const result = undecided ? 'Waiting' : summary.result;
  const resultWord = undecided ? `${summary.selected !== undefined ? `assumed on ${summary.selected}` : 'no node'} · the group decides at cycle ${summary.groupDecidesAt}`
    : summary.result === 'Scheduled' ? `scheduled on ${summary.selected}`
    : summary.result === 'Waiting' ? `waiting at Permit on ${summary.selected}` : summary.result.toLowerCase();
  const outcomeHidden = hidden.has('placement') || hidden.has('feasibility') || hidden.has('laterPhases');
  const shown = summary.phases
    .map((phase, i) => ({ phase, i }))
    .filter(({ phase, i }) => i === step || !(collapse && summary.quiet?.includes(phase)))
    .filter(({ i }) => i <= step || !hidden.has('laterPhases'));
  return (
    <nav className="phase-track" aria-label="Extension points of this cycle">
      <ol>
        {shown.map(({ phase, i }) => (
          <li key={phase} data-phase={phase} className={i === step ? 'current' : i < step ? 'done' : ''}>
            <button type="button" aria-current={i === step ? 'step' : undefined} onClick={() => setPosition(i)}>{phase}</button>
          </li>
        ))}
        {shown.length < summary.phases.length && hidden.has('laterPhases') && <li className="later" aria-label="later steps hidden until the question is answered">…</li>}
      </ol>
      {outcomeHidden
        ? <span className="cycle-result result-hidden" data-testid="cycle-result">→ ?</span>
        : <span className={`cycle-result result-${result}`} data-testid="cycle-result">→ {resultWord}</span>}
    </nav>
  );
}
