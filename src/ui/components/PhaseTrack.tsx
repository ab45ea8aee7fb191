// The extension points of the cycle on screen; the current one is marked, any one is a click away.

import { usePodplay } from '../../store/hooks';

export function PhaseTrack() {
  const summary = usePodplay((s) => s.run?.cycles[s.position.cycle - 1]);
  const step = usePodplay((s) => s.position.step);
  const setPosition = usePodplay((s) => s.seekStep);
  if (summary === undefined) return null;
  const resultWord = summary.result === 'Scheduled' ? `scheduled on ${summary.selected}`
    : summary.result === 'Waiting' ? `waiting at Permit on ${summary.selected}` : summary.result.toLowerCase();
  return (
    <nav className="phase-track" aria-label="Extension points of this cycle">
      <ol>
        {summary.phases.map((phase, i) => (
          <li key={phase} className={i === step ? 'current' : i < step ? 'done' : ''}>
            <button type="button" aria-current={i === step ? 'step' : undefined} onClick={() => setPosition(i)}>{phase}</button>
          </li>
        ))}
      </ol>
      <span className={`cycle-result result-${summary.result}`}>→ {resultWord}</span>
    </nav>
  );
}
