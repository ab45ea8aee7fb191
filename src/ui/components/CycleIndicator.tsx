// Where playback stands: cycle n of N, the extension point, and the pod.

import { useMemo } from 'react';
import { usePodplay } from '../../store/hooks';
import { momentNow } from '../../store/lessonProgress';
import type { CycleSummary } from '../../worker/protocol';
import { MiddleEllipsis } from './MiddleEllipsis';

/** The longest extension point name any cycle of the run steps through. */
export function longestPhase(cycles: readonly CycleSummary[]): string {
  let longest = '';
  for (const summary of cycles) for (const phase of summary.phases) if (phase.length > longest.length) longest = phase;
  return longest;
}

export function CycleIndicator() {
  const cycle = usePodplay((s) => s.position.cycle);
  const cycles = usePodplay((s) => s.run?.cycles);
  const total = cycles?.length ?? 0;
  const summary = cycles?.[cycle - 1];
  const phase = usePodplay((s) => s.run?.cycles[s.position.cycle - 1]?.phases[s.position.step]);
  // the header keeps the width of the run's longest step and cycle number, so that stepping from
  // Filter to PlacementGenerate, or from cycle 9 to 10, never moves the bar to a second row
  const reserve = useMemo(() => longestPhase(cycles ?? []), [cycles]);
  // a lesson's title card does not tell which pod goes first
  const intro = usePodplay((s) => s.lessonIntro && s.lessonId !== undefined);
  // a lesson's point after the last cycle shows a later second (LessonProgress.moment)
  const time = usePodplay(momentNow) ?? summary?.time;
  // a run where time passes (a timeline, evictions, grace periods): presenter mode keeps the time
  // in the header, the room's clock for "at 30 s" (issue 19: only the text said when)
  const timed = usePodplay((s) => (s.run?.summary.endTime ?? 0) > 0);
  return (
    <div className={`cycle-indicator${timed ? ' timed' : ''}`} data-testid="cycle-indicator" data-cycle={cycle} data-phase={phase ?? ''} aria-live="polite">
      {summary === undefined ? <span>no cycle</span> : (
        <>
          <span className="ci-cycle">cycle <strong style={{ minWidth: `${String(total).length}ch` }}>{cycle}</strong>/{total}</span>
          <span className="ci-phase-slot">
            <span className="ci-phase">{phase}</span>
            <span className="ci-phase ci-phase-sizer" aria-hidden="true">{reserve}</span>
          </span>
          {!intro && <MiddleEllipsis className="ci-pod" text={summary.pod} title={summary.pod} />}
          {!intro && <span className="ci-time">t={time}s</span>}
        </>
      )}
    </div>
  );
}
