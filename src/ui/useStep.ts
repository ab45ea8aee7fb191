// The current step and what the views draw for it, derived once per change of position or frame.

import { useMemo, useState } from 'react';
import type { Spoiler } from '../lessons/lazy';
import { usePodplay } from '../store/hooks';
import { hiddenNow, momentNow } from '../store/lessonProgress';
import { currentStep, nodeStates, podsAt, podsAtMoment, preFilterRejection, type CurrentStep, type NodeState, type PodView } from '../store/selectors';
import type { PlaybackPosition, RunView } from '../store/types';
import type { CycleFrame, TimedEvent } from '../worker/protocol';

export interface StepView {
  run: RunView;
  step: CurrentStep;
  pods: PodView[];
  nodeStates: Map<string, NodeState>;
  isLastStep: boolean;
  /** this cycle's frame has not arrived yet: pods and node states are the previous step's */
  loading: boolean;
  /**
   * what an open lesson question keeps off the screen (node states and pods here are already
   * masked; views check it for scores, verdicts, outcomes, events and later phases)
   */
  hidden: ReadonlySet<Spoiler>;
  /** the simulated second drawn: the cycle's, or the later moment a lesson's point shows */
  time: number;
  /**
   * a lesson's point at a timeline event after the run's last cycle (LessonProgress.moment): the
   * cluster is drawn at that time, the last cycle over (its pods deleted by then gone, no node
   * verdicts), with the events of that second
   */
  moment?: { time: number; events: TimedEvent[] };
  /** set at a lesson's moment (atMoment): nothing the cluster does after this second is drawn */
  until?: number;
}

const NOTHING: ReadonlySet<Spoiler> = new Set();

/** What the stage may draw while a question is open: no node state or pod move that answers it. */
function mask(view: StepView, hidden: ReadonlySet<Spoiler>): StepView {
  if (hidden.size === 0) return view;
  const nodeStates = new Map<string, NodeState>();
  if (!hidden.has('feasibility')) {
    for (const [node, state] of view.nodeStates) {
      nodeStates.set(node, hidden.has('placement') && (state === 'selected' || state === 'candidate') ? (view.step.phase === 'PostFilter' ? 'filtered' : 'feasible') : state);
    }
  }
  const pods = !hidden.has('placement') ? view.pods : view.pods.map((p) => {
    if (p.pod !== view.step.summary.pod && !p.leaving) return p;
    const { nominated: _nominated, ...rest } = p;
    return p.pod === view.step.summary.pod ? { ...rest, leaving: false } : { ...p, leaving: false };
  });
  return { ...view, nodeStates, pods, hidden };
}

/**
 * Whether two states of a run draw the same step: while a run streams in, each batch of cycles is
 * a new RunView, but the step on screen (its cycle, already arrived, and the run's summary) is the
 * same, so the views keep their picture instead of redrawing thousands of pods per batch.
 */
function sameStep(a: RunView, b: RunView, position: PlaybackPosition): boolean {
  // the next cycle had arrived too: so had every event up to this one (EventLog reads them from view.run)
  const i = position.cycle - 1;
  return a === b || (a.runId === b.runId && a.summary === b.summary && a.cycles[i + 1] !== undefined && a.cycles[i] === b.cycles[i]);
}

/** One computation per position for all the views that ask (they render in the same pass). */
let cache: { run: RunView; position: PlaybackPosition; frames: ReadonlyMap<number, CycleFrame>; view: StepView | undefined } | undefined;

function computeStepView(run: RunView, position: PlaybackPosition, frames: ReadonlyMap<number, CycleFrame>): StepView | undefined {
  if (cache !== undefined && cache.position === position && cache.frames === frames && sameStep(cache.run, run, position)) return cache.view;
  const step = currentStep({ run, position, frames });
  let view: StepView | undefined;
  if (step !== undefined) {
    const isLastStep = position.step === step.summary.phases.length - 1;
    const trace = step.frame?.trace;
    const time = step.summary.time;
    view = trace === undefined
      ? { run, step, isLastStep, loading: true, pods: [], nodeStates: new Map<string, NodeState>(), hidden: NOTHING, time }
      : { run, step, isLastStep, loading: false, pods: podsAt({ run }, step), nodeStates: nodeStates(trace, step.phase, run.summary.nodes.map((n) => n.name)), hidden: NOTHING, time };
  }
  cache = { run, position, frames, view };
  return view;
}

/**
 * The last step drawn at a lesson's `time` (LessonProgress.moment): the last cycle's second, with
 * nothing of what comes later, or a later moment, the cycle over (no node verdicts), with the
 * events of that second and the pods as they are then (podsAtMoment).
 */
export function atMoment(view: StepView, time: number): StepView {
  const pods = podsAtMoment(view.pods, time, view.step.summary.time, view.run.events);
  if (time <= view.step.summary.time) return { ...view, pods, time: view.step.summary.time, until: view.step.summary.time };
  const events = view.run.events.filter((e) => e.time === time);
  return { ...view, pods, nodeStates: new Map<string, NodeState>(), time, moment: { time, events }, until: time };
}

export function useStep(): StepView | undefined {
  const run = usePodplay((s) => s.run);
  const position = usePodplay((s) => s.position);
  const frames = usePodplay((s) => s.frames);
  const hidden = useHidden();
  const moment = usePodplay(momentNow);
  // a lesson's title card: nothing of cycle 1 is drawn yet (not even which pod goes first)
  const intro = usePodplay((s) => s.lessonIntro && s.lessonId !== undefined);
  // the last view that had its frame (React's "storing information from previous renders")
  const [shown, setShown] = useState<StepView | undefined>(undefined);
  const view = useMemo(() => (run === undefined ? undefined : computeStepView(run, position, frames)), [run, position, frames]);
  if (view !== undefined && !view.loading && view !== shown) setShown(view);
  // until this cycle's frame arrives (a few milliseconds), keep the last picture of the same run
  const keepLast = view?.loading === true && shown !== undefined && shown.run === view.run;
  return useMemo(() => {
    const drawn = keepLast ? { ...view!, pods: shown!.pods, nodeStates: shown!.nodeStates } : view;
    if (drawn === undefined || intro) return undefined;
    return mask(moment !== undefined && drawn.isLastStep && !drawn.loading ? atMoment(drawn, moment) : drawn, hidden);
  }, [keepLast, view, shown, hidden, intro, moment]);
}

/**
 * Whether the words for this extension point (narration, step details) would give away what is
 * hidden: Filter speaks of feasibility, Score of scores, Select to Bind of the chosen node.
 */
export function phaseTellsHidden(view: StepView): boolean {
  const { hidden } = view;
  if (hidden.size === 0) return false;
  const trace = view.step.frame?.trace;
  switch (view.step.phase) {
    case 'PreFilter': return hidden.has('feasibility') && trace !== undefined && preFilterRejection(trace) !== undefined;
    case 'Filter': return hidden.has('feasibility');
    case 'PostFilter': return hidden.has('feasibility') || hidden.has('placement');
    case 'Score': return hidden.has('scores');
    default: return hidden.has('placement') || hidden.has('scores');
  }
}

/** What the open questions of the lesson on screen keep off the screen. */
export function useHidden(): ReadonlySet<Spoiler> {
  return usePodplay(hiddenNow);
}

/** The run on screen is older than the text (being updated, or the text has errors). */
export function useStale(): 'current' | 'updating' | 'invalid' {
  return usePodplay((s) => (s.errors.length > 0 ? 'invalid' : s.run !== undefined && s.run.text === s.text ? 'current' : 'updating'));
}
