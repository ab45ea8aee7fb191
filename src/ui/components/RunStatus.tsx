// Whether the text on screen is being simulated, with a way to stop it (a scenario that asks for
// too much must not hold the page) or to start it again after a cancel or a crash.

import { usePodplay } from '../../store/hooks';

export type RunState = 'simulating' | 'cancelled' | 'crashed' | 'invalid' | 'idle';

export function useRunState(): RunState {
  return usePodplay((s) => (s.pendingRunId !== undefined ? 'simulating' : s.interrupted ?? (s.errors.length > 0 ? 'invalid' : 'idle')));
}

export const RUN_STATE_LABEL: Record<Exclude<RunState, 'idle'>, string> = {
  simulating: 'Simulating…',
  cancelled: 'Cancelled: the scenario is not simulated.',
  crashed: 'Not simulated: its last run did not finish.',
  invalid: 'The scenario has errors: nothing is simulated.',
};

/** The state in a few words and its button; nothing while the scenario on screen is simulated. */
export function RunStatus({ className = '' }: { className?: string }) {
  const state = useRunState();
  const cancel = usePodplay((s) => s.cancelSimulation);
  const simulate = usePodplay((s) => s.simulateNow);
  if (state === 'idle') return null;
  return (
    <span className={`run-status run-${state} ${className}`} role="status" data-testid="run-status" data-state={state}>
      {RUN_STATE_LABEL[state]}
      {state === 'simulating' && <button type="button" className="button small" data-testid="cancel-run" onClick={cancel}>Cancel</button>}
      {(state === 'cancelled' || state === 'crashed') && <button type="button" className="button small" data-testid="run-again" onClick={simulate}>Run</button>}
    </span>
  );
}
