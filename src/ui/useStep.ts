// The current step and what the views draw for it, derived once per change of position or frame.

import { useMemo, useState } from 'react';
import { usePodplay } from '../store/hooks';
import { currentStep, nodeStates, podsAt, type CurrentStep, type NodeState, type PodView } from '../store/selectors';
import type { RunView } from '../store/types';

export interface StepView {
  run: RunView;
  step: CurrentStep;
  pods: PodView[];
  nodeStates: Map<string, NodeState>;
  isLastStep: boolean;
  /** this cycle's frame has not arrived yet: pods and node states are the previous step's */
  loading: boolean;
}

export function useStep(): StepView | undefined {
  const run = usePodplay((s) => s.run);
  const position = usePodplay((s) => s.position);
  const frames = usePodplay((s) => s.frames);
  // the last view that had its frame (React's "storing information from previous renders")
  const [shown, setShown] = useState<StepView | undefined>(undefined);
  const view = useMemo((): StepView | undefined => {
    if (run === undefined) return undefined;
    const step = currentStep({ run, position, frames });
    if (step === undefined) return undefined;
    const isLastStep = position.step === step.summary.phases.length - 1;
    const trace = step.frame?.trace;
    if (trace === undefined) {
      // keep the last picture for the few milliseconds until the frame arrives
      return { run, step, isLastStep, loading: true, pods: [], nodeStates: new Map<string, NodeState>() };
    }
    return { run, step, isLastStep, loading: false, pods: podsAt({ run }, step), nodeStates: nodeStates(trace, step.phase) };
  }, [run, position, frames]);
  if (view !== undefined && !view.loading && view !== shown) setShown(view);
  if (view?.loading && shown !== undefined && shown.run === view.run) {
    // keep the last picture for the few milliseconds until this cycle's frame arrives
    return { ...view, pods: shown.pods, nodeStates: shown.nodeStates };
  }
  return view;
}

/** The run on screen is older than the text (being updated, or the text has errors). */
export function useStale(): 'current' | 'updating' | 'invalid' {
  return usePodplay((s) => (s.errors.length > 0 ? 'invalid' : s.run !== undefined && s.run.text === s.text ? 'current' : 'updating'));
}
