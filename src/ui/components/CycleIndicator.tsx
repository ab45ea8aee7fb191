// Where playback stands: cycle n of N, the extension point, and the pod.

import { usePodplay } from '../../store/hooks';

export function CycleIndicator() {
  const cycle = usePodplay((s) => s.position.cycle);
  const total = usePodplay((s) => s.run?.cycles.length ?? 0);
  const summary = usePodplay((s) => s.run?.cycles[s.position.cycle - 1]);
  const phase = usePodplay((s) => s.run?.cycles[s.position.cycle - 1]?.phases[s.position.step]);
  // a lesson's title card does not tell which pod goes first
  const intro = usePodplay((s) => s.lessonIntro && s.lessonId !== undefined);
  return (
    <div className="cycle-indicator" data-testid="cycle-indicator" data-cycle={cycle} data-phase={phase ?? ''} aria-live="polite">
      {summary === undefined ? <span>no cycle</span> : (
        <>
          <span className="ci-cycle">cycle <strong>{cycle}</strong>/{total}</span>
          <span className="ci-phase">{phase}</span>
          {!intro && <span className="ci-pod" title={summary.pod}>{summary.pod}</span>}
          {!intro && <span className="ci-time">t={summary.time}s</span>}
        </>
      )}
    </div>
  );
}
