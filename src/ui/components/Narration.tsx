// One line in plain words for the step on screen, read out by screen readers as it changes.

import { usePodplay } from '../../store/hooks';
import { narrate } from '../narration/narrate';
import { phaseTellsHidden, useStep } from '../useStep';
import { RUN_STATE_LABEL as LABEL, useRunState } from './RunStatus';

export function Narration() {
  const view = useStep();
  const runState = usePodplay((s) => (s.run === undefined ? 'none' : s.run.cycles.length > 0 ? 'cycles' : s.run.complete ? 'empty' : 'streaming'));
  const trace = view?.step.frame?.trace;
  const runStateNow = useRunState();
  let text = runStateNow === 'simulating' || runStateNow === 'idle' ? 'Simulating…' : LABEL[runStateNow];
  if (view !== undefined && trace !== undefined && phaseTellsHidden(view)) {
    text = `${trace.pod}: predict, then press → to see what the scheduler does.`;
  } else if (view !== undefined && trace !== undefined) {
    const priority = view.run.summary.pods.find((p) => p.pod === trace.pod)?.priority ?? 0;
    text = narrate(trace, view.step.phase, view.isLastStep, priority);
  } else if (runState === 'empty') {
    text = 'No scheduling cycles: no pod in this scenario needs scheduling.';
  }
  return <p className="narration" data-testid="narration" aria-live="polite" title={text}>{text}</p>;
}
