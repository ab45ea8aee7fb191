// One line in plain words for the step on screen, read out by screen readers as it changes.

import { useLayoutEffect, useRef, useState } from 'react';
import { usePodplay } from '../../store/hooks';
import { narrate, narrateMoment } from '../narration/narrate';
import { useTouchScreen } from '../useTouchScreen';
import { phaseTellsHidden, useStep } from '../useStep';
import { RUN_STATE_LABEL as LABEL, useRunState } from './RunStatus';

export function Narration() {
  const view = useStep();
  const runState = usePodplay((s) => (s.run === undefined ? 'none' : s.run.cycles.length > 0 ? 'cycles' : s.run.complete ? 'empty' : 'streaming'));
  const trace = view?.step.frame?.trace;
  const runStateNow = useRunState();
  const touch = useTouchScreen();
  let text = runStateNow === 'simulating' || runStateNow === 'idle' ? 'Simulating…' : LABEL[runStateNow];
  if (view?.moment !== undefined) {
    text = narrateMoment(view.moment.time, view.step.summary.cycle, view.hidden.has('events') ? 'hidden' : view.moment.events);
  } else if (view !== undefined && trace !== undefined && phaseTellsHidden(view)) {
    text = `${trace.pod}: predict, then ${touch ? 'tap Next' : 'press →'} to see what the scheduler does.`;
  } else if (view !== undefined && trace !== undefined) {
    const priority = view.run.summary.pods.find((p) => p.pod === trace.pod)?.priority ?? 0;
    text = narrate(trace, view.step.phase, view.isLastStep, priority);
  } else if (runState === 'empty') {
    text = 'No scheduling cycles: no pod in this scenario needs scheduling.';
  }
  return <FittedNarration text={text} />;
}

/**
 * The narration's sentences: a sentence ends at . ! ? or …, perhaps closing a quote, before a
 * capital, a digit ("… (node-3 and node-4). 2 nodes filtered out …") or a quote.
 */
export function sentences(text: string): string[] {
  return text.split(/(?<=[.!?…]["”)]?)\s+(?=[A-Z0-9"“(])/);
}

/**
 * Where the narration is clamped to a few lines (presenter mode), it shows the whole sentences
 * that fit, never a sentence cut by an ellipsis (issue 19: "the narration cut to two lines"); the
 * whole text stays its tooltip and what a screen reader hears.
 */
function FittedNarration({ text }: { text: string }) {
  const all = sentences(text);
  // one live region whose text changes (a new element would not be announced)
  const presenter = usePodplay((s) => s.presenter);
  const [fit, setFit] = useState({ text, presenter, shown: all.length, grow: false });
  if (fit.text !== text || fit.presenter !== presenter) setFit({ text, presenter, shown: all.length, grow: false });
  const shown = fit.text === text && fit.presenter === presenter ? fit.shown : all.length;
  const ref = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el === null || fit.grow) return;
    const clamped = getComputedStyle(el).getPropertyValue('-webkit-line-clamp');
    if (clamped === '' || clamped === 'none' || el.scrollHeight <= el.clientHeight + 1) return;
    // one sentence that does not fit the clamp is wrapped whole (a narrow window, browser zoom);
    // beside a lesson, whose text is the voice, the stage keeps its size and the clamp stays
    if (fit.shown === 1 && el.closest('.with-lesson') !== null) return;
    setFit(fit.shown > 1 ? { ...fit, shown: fit.shown - 1 } : { ...fit, grow: true });
  }, [fit]);
  return (
    <p ref={ref} className="narration" data-testid="narration" aria-live="polite" title={text} data-sentences={`${shown}/${all.length}`} data-grow={fit.grow || undefined}>
      {shown < all.length ? <>{all.slice(0, shown).join(' ')}<span className="visually-hidden"> {all.slice(shown).join(' ')}</span></> : text}
    </p>
  );
}
