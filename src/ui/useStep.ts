// The current step and what the views draw for it, derived once per change of position or frame.

import { useMemo, useState } from 'react';
import { usePodplay } from '../store/hooks';
import { currentStep, nodeStates, podsAt, type CurrentStep, type NodeState, type PodView } from '../store/selectors';
import type { PlaybackPosition, RunView } from '../store/types';
import type { CycleFrame } from '../worker/protocol';

export interface StepView {
  run: RunView;
  step: CurrentStep;
  pods: PodView[];
  nodeStates: Map<string, NodeState>;
  isLastStep: boolean;
  /** this cycle's frame has not arrived yet: pods and node states are the previous step's */
  loading: boolean;
}

/** One computation per position for all the views that ask (they render in the same pass). */
let cache: { run: RunView; position: PlaybackPosition; frames: ReadonlyMap<number, CycleFrame>; view: StepView | undefined } | undefined;

function computeStepView(run: RunView, position: PlaybackPosition, frames: ReadonlyMap<number, CycleFrame>): StepView | undefined {
  if (cache !== undefined && cache.run === run && cache.position === position && cache.frames === frames) return cache.view;
  const step = currentStep({ run, position, frames });
  let view: StepView | undefined;
  if (step !== undefined) {
    const isLastStep = position.step === step.summary.phases.length - 1;
    const trace = step.frame?.trace;
    view = trace === undefined
      ? { run, step, isLastStep, loading: true, pods: [], nodeStates: new Map<string, NodeState>() }
      : { run, step, isLastStep, loading: false, pods: podsAt({ run }, step), nodeStates: nodeStates(trace, step.phase) };
  }
  cache = { run, position, frames, view };
  return view;
}

export function useStep(): StepView | undefined {
  const run = usePodplay((s) => s.run);
  const position = usePodplay((s) => s.position);
  const frames = usePodplay((s) => s.frames);
  // the last view that had its frame (React's "storing information from previous renders")
  const [shown, setShown] = useState<StepView | undefined>(undefined);
  const view = useMemo(() => (run === undefined ? undefined : computeStepView(run, position, frames)), [run, position, frames]);
  if (view !== undefined && !view.loading && view !== shown) setShown(view);
  // until this cycle's frame arrives (a few milliseconds), keep the last picture of the same run
  const keepLast = view?.loading === true && shown !== undefined && shown.run === view.run;
  return useMemo(() => (keepLast ? { ...view!, pods: shown!.pods, nodeStates: shown!.nodeStates } : view), [keepLast, view, shown]);
}

/** The run on screen is older than the text (being updated, or the text has errors). */
export function useStale(): 'current' | 'updating' | 'invalid' {
  return usePodplay((s) => (s.errors.length > 0 ? 'invalid' : s.run !== undefined && s.run.text === s.text ? 'current' : 'updating'));
}
