// Where a lesson stands at the playback position: the story point on screen, its text, the
// questions asked so far, which answers stepping has revealed, and what the open questions hide.
// Story points come from the lesson (src/lessons/story.ts); this only finds them in the cycle index
// and the events the worker streamed, as global step numbers.

import { lessonAfter, lessonById, revealPosition, type Lesson, type Spoiler, type StoryPosition } from '../lessons/lazy';
import { hiddenAtCycle, hidesGrace, isCyclePosition, lessonStory, textPointAt, type LessonQuestion, type LessonStory } from '../lessons/story';
import type { CycleSummary, TimedEvent } from '../worker/protocol';
import { stepFor } from './permalinkState';
import type { NamedPosition, PlaybackPosition, PodplayState } from './types';

export interface QuestionProgress {
  index: number;
  question: LessonQuestion;
  /** stepping has reached the point that shows the answer */
  revealed: boolean;
  /** the choice the user predicted, if any */
  prediction?: number;
  /** the story point whose press reveals the answer (-1: none does) */
  revealedAtPoint: number;
}

export interface LessonProgress {
  story: LessonStory;
  /** the story point on screen; -1 on the title card or before the first point */
  current: number;
  /** the lesson text for the position: the latest point up to `current` that has text */
  narration: string[];
  /** questions asked so far, in lesson order */
  questions: QuestionProgress[];
  /** questions still to come */
  upcoming: number;
  /** what the open questions (asked, not revealed) keep off the screen */
  hidden: ReadonlySet<Spoiler>;
  /** an open question keeps the leaving pods' grace countdowns off the screen (story.ts hidesGrace) */
  hidesGrace: boolean;
  /** where the next press goes, undefined at the lesson's end */
  next?: StoryTarget;
  /** where the previous press goes: a point, or the title card ('intro') */
  previous?: StoryTarget | 'intro';
  /**
   * At the run's last step, in a lesson with a point at a timeline event after the last cycle
   * (taints-noexecute: cache's eviction at 90 s, after web-2's cycle at 30 s): the simulated second
   * the stage draws. The event's time at that point; the last cycle's at the points before it, so
   * that they draw nothing of what comes later (no pod leaving, no later event).
   */
  moment?: number;
  /**
   * The point on screen tells a phase before a failed cycle's end (its PostFilter) and the next
   * point, on the same last step of that cycle, tells the end: the stage keeps the cycle's
   * FailedScheduling event for that press, which would otherwise change nothing on the stage
   * (issue 19's dead steps: why-pending p3→p4, preemption-pdb p3→p4).
   */
  beforeCycleEnd?: true;
  /**
   * The cluster events that happened since the previous point, as the stage shows them (an event
   * of cycle k from cycle k+1 on; after the last cycle, up to the moment drawn), oldest first;
   * since an earlier point when the points between hid them (an open question about what happens
   * or where pods go); absent on the title card and at the first point. The stage draws them (issue 19: eviction-pdb's
   * EvictionRefused was only in the text).
   */
  since?: readonly TimedEvent[];
}

export interface StoryTarget {
  point: number;
  position: PlaybackPosition;
}

export interface LessonPlayback {
  cycles: readonly CycleSummary[];
  events: readonly TimedEvent[];
  /** every cycle has arrived */
  complete: boolean;
  position: PlaybackPosition;
  /** the lesson's title card, before anything of cycle 1 shows */
  intro: boolean;
  /** the story point last moved to by a press, when several points share a step */
  storyPoint?: number;
}

const NOTHING_HIDDEN: ReadonlySet<Spoiler> = new Set();

/** Numbers every step of the run in order: cycle c's step s is starts[c-1] + s. */
function stepIndex(cycles: readonly CycleSummary[]): number[] {
  const starts: number[] = [];
  let total = 0;
  for (const c of cycles) {
    starts.push(total);
    total += c.phases.length;
  }
  return starts;
}

/** The global step of a named point, or undefined when its cycle has not arrived. */
function globalStep(cycles: readonly CycleSummary[], starts: readonly number[], at: NamedPosition): number | undefined {
  const summary = cycles[at.cycle - 1];
  if (summary === undefined || !Number.isInteger(at.cycle)) return undefined;
  return starts[at.cycle - 1]! + stepFor(summary.phases, at.phase);
}

/**
 * The global step of each story point. An event point shows from the first step of the cycle after
 * the event (events of cycle k are listed from cycle k+1 on), or at the run's last step when none
 * follows; undefined while its cycle or event has not arrived.
 */
export function storySteps(story: LessonStory, cycles: readonly CycleSummary[], events: readonly TimedEvent[], complete: boolean): (number | undefined)[] {
  const starts = stepIndex(cycles);
  const total = cycles.reduce((n, c) => n + c.phases.length, 0);
  return story.points.map(({ at }) => {
    if (isCyclePosition(at)) return globalStep(cycles, starts, at);
    const event = events.find((e) => e.reason === at.event.reason && e.object === at.event.object);
    if (event === undefined) return undefined;
    if (event.cycle < cycles.length) return starts[event.cycle];
    return complete && total > 0 ? total - 1 : undefined;
  });
}

/** The time of an event point that no cycle follows and that happens after the last cycle started. */
function momentOf(at: StoryPosition, cycles: readonly CycleSummary[], events: readonly TimedEvent[], complete: boolean): number | undefined {
  if (isCyclePosition(at) || !complete) return undefined;
  const event = events.find((e) => e.reason === at.event.reason && e.object === at.event.object);
  const last = cycles.at(-1);
  return event !== undefined && last !== undefined && event.cycle >= cycles.length && event.time > last.time ? event.time : undefined;
}

function positionOf(cycles: readonly CycleSummary[], starts: readonly number[], step: number): PlaybackPosition {
  let cycle = starts.length;
  while (cycle > 1 && starts[cycle - 1]! > step) cycle--;
  return { cycle, step: step - starts[cycle - 1]! };
}

/** Whether the stage at a position shows an event: one of cycle k from cycle k+1 on, and one of the
 * last cycle at the run's last step, up to the moment drawn there (the last cycle's time without one). */
function eventShown(event: TimedEvent, cycles: readonly CycleSummary[], cycle: number, lastStep: boolean, moment: number | undefined): boolean {
  if (event.cycle < cycle) return true;
  if (!lastStep || event.cycle < cycles.length) return false;
  return event.time <= (moment ?? cycles.at(-1)!.time);
}

/** Two points on the last step of a cycle: the first tells a phase of it, the second its end ('done'). */
function endsCycle(at: StoryPosition, next: StoryPosition, cycles: readonly CycleSummary[], position: PlaybackPosition): boolean {
  const summary = cycles[position.cycle - 1];
  return summary !== undefined && position.step === summary.phases.length - 1 && summary.result !== 'Scheduled'
    && isCyclePosition(at) && at.phase !== 'done' && isCyclePosition(next) && next.phase === 'done' && next.cycle === at.cycle;
}

export function lessonProgress(lesson: Lesson, playback: LessonPlayback, predictions: Readonly<Record<number, number>>): LessonProgress {
  const { cycles, events, complete, position, intro } = playback;
  const story = lessonStory(lesson);
  const starts = stepIndex(cycles);
  const now = intro || position.cycle === 0 ? -1 : starts[position.cycle - 1]! + position.step;
  const steps = storySteps(story, cycles, events, complete);
  const total = cycles.reduce((n, c) => n + c.phases.length, 0);
  // a point at a moment after the last cycle: what the end of the run shows (an answer known only
  // then) shows there, not at the points before it on the same last step
  const endPoint = story.points.findIndex((p, i) => steps[i] === total - 1 && momentOf(p.at, cycles, events, complete) !== undefined);

  let current = -1;
  if (!intro) {
    const hint = playback.storyPoint;
    if (hint !== undefined && steps[hint] === now) current = hint;
    else steps.forEach((at, i) => { if (at !== undefined && at <= now) current = i; });
  }

  const textPoint = textPointAt(story, current);
  const narration = textPoint < 0 ? [] : story.points[textPoint]!.texts;

  // revealPosition reads the cycle count only for facts known at the end of the run: until every
  // cycle has arrived, that end is not known yet; events show with their cycle, or the next one
  // when they happened after its second (the cycles' times)
  const cycleCount = { cycles: complete ? cycles : { ...cycles, length: Number.POSITIVE_INFINITY }, ...(playback.events ? { events: playback.events } : {}) };
  const questions: QuestionProgress[] = [];
  const hidden = new Set<Spoiler>();
  let graceHidden = false;
  for (const question of story.questions) {
    if (question.point > current) continue;
    const shows = globalStep(cycles, starts, revealPosition(question.reveal.fact, cycleCount));
    const atEnd = endPoint >= 0 && shows === total - 1;
    const revealedAtPoint = shows === undefined ? -1 : atEnd ? endPoint : steps.findIndex((at) => at !== undefined && at >= shows);
    const revealed = shows !== undefined && now >= shows && (!atEnd || current >= endPoint);
    const progress: QuestionProgress = { index: question.index, question, revealed, revealedAtPoint };
    const prediction = predictions[question.index];
    if (prediction !== undefined) progress.prediction = prediction;
    questions.push(progress);
    if (!progress.revealed) for (const h of hiddenAtCycle(question, position.cycle)) hidden.add(h);
    if (!progress.revealed && hidesGrace(question, position.cycle)) graceHidden = true;
  }

  const result: LessonProgress = {
    story, current, narration, questions, upcoming: story.questions.length - questions.length,
    hidden: hidden.size === 0 ? NOTHING_HIDDEN : hidden, hidesGrace: graceHidden,
  };
  // the second a point at the run's last step draws, after the last cycle (undefined: no such point)
  const momentAt = (point: number): number | undefined => {
    if (endPoint < 0) return undefined;
    let moment = cycles.at(-1)!.time;
    for (let i = endPoint; i <= point; i++) moment = momentOf(story.points[i]!.at, cycles, events, complete) ?? moment;
    return moment;
  };
  if (endPoint >= 0 && now === total - 1 && !intro) result.moment = momentAt(current)!;
  const next = steps.findIndex((at, i) => i > current && at !== undefined && at >= now);
  if (next >= 0) result.next = { point: next, position: positionOf(cycles, starts, steps[next]!) };
  if (next >= 0 && current >= 0 && !intro && steps[next] === now && endsCycle(story.points[current]!.at, story.points[next]!.at, cycles, position)) {
    result.beforeCycleEnd = true;
  }
  if (!intro) {
    let previous = -1;
    for (let i = current - 1; i >= 0; i--) {
      if (steps[i] !== undefined) {
        previous = i;
        break;
      }
    }
    const before = previous >= 0 ? positionOf(cycles, starts, steps[previous]!) : undefined;
    result.previous = before !== undefined ? { point: previous, position: before } : 'intro';
    if (before !== undefined && current >= 0) {
      // since the last earlier point whose stage could draw events: one where an open question hid
      // what happens (events) or where pods go (placement) drew none, so they come at the next point
      // that may (node-pressure-eviction's kubelet eviction, asked about, then answered)
      const hidesEvents = (point: number): boolean => {
        const step = steps[point]!;
        const cycle = positionOf(cycles, starts, step).cycle;
        return story.questions.some((q) => {
          if (q.point > point) return false;
          const shows = globalStep(cycles, starts, revealPosition(q.reveal.fact, cycleCount));
          const atEnd = endPoint >= 0 && shows === total - 1;
          const revealed = shows !== undefined && step >= shows && (!atEnd || point >= endPoint);
          return !revealed && hiddenAtCycle(q, cycle).some((h) => h === 'events' || h === 'placement');
        });
      };
      let from = previous;
      while (from > 0 && (steps[from] === undefined || hidesEvents(from))) from--;
      const then = positionOf(cycles, starts, steps[from]!);
      const nowMoment = result.moment;
      const thenMoment = steps[from] === total - 1 ? momentAt(from) : undefined;
      result.since = events.filter((e) => eventShown(e, cycles, position.cycle, now === total - 1, nowMoment)
        && !eventShown(e, cycles, then.cycle, steps[from] === total - 1, thenMoment));
    }
  }
  return result;
}

/** The question number keys answer: the first asked, unanswered question still hidden. */
export function openQuestion(progress: LessonProgress): QuestionProgress | undefined {
  return progress.questions.find((q) => !q.revealed && q.prediction === undefined);
}

/** A question asked at the point on screen and not revealed yet: playing stops here. */
export function asksHere(progress: LessonProgress): boolean {
  return progress.questions.some((q) => q.question.point === progress.current && !q.revealed);
}

type LessonState = Pick<PodplayState, 'lessonId' | 'run' | 'position' | 'lessonIntro' | 'predictions' | 'storyPoint'>;

let cache: { state: LessonState; value: { lesson: Lesson; progress: LessonProgress } | undefined } | undefined;

/** The lesson on screen and where it stands, or undefined outside a lesson (cached per state). */
export function currentLessonProgress(state: LessonState): { lesson: Lesson; progress: LessonProgress } | undefined {
  const c = cache?.state;
  if (c !== undefined && c.lessonId === state.lessonId && c.run === state.run && c.position === state.position
    && c.lessonIntro === state.lessonIntro && c.predictions === state.predictions && c.storyPoint === state.storyPoint) return cache!.value;
  const lesson = state.lessonId === undefined ? undefined : lessonById(state.lessonId);
  let value: { lesson: Lesson; progress: LessonProgress } | undefined;
  if (lesson !== undefined) {
    const playback: LessonPlayback = {
      cycles: state.run?.cycles ?? [], events: state.run?.events ?? [], complete: state.run?.complete ?? false,
      position: state.position, intro: state.lessonIntro,
    };
    if (state.storyPoint !== undefined) playback.storyPoint = state.storyPoint;
    value = { lesson, progress: lessonProgress(lesson, playback, state.predictions) };
  }
  cache = { state: { lessonId: state.lessonId, run: state.run, position: state.position, lessonIntro: state.lessonIntro, predictions: state.predictions, storyPoint: state.storyPoint }, value };
  return value;
}

/** The later moment the lesson's point on screen shows (LessonProgress.moment), if any. */
export function momentNow(state: LessonState): number | undefined {
  return currentLessonProgress(state)?.progress.moment;
}

/** What the open questions of the lesson on screen keep off the screen. */
export function hiddenNow(state: LessonState): ReadonlySet<Spoiler> {
  return currentLessonProgress(state)?.progress.hidden ?? NOTHING_HIDDEN;
}

/**
 * At the lesson's end (every cycle in, the last point on screen): the lesson the gallery lists
 * next, which the next press opens, so a clicker alone goes from one lesson to the next.
 */
export function nextLessonAtEnd(state: LessonState): Lesson | undefined {
  const current = currentLessonProgress(state);
  if (current === undefined || state.lessonIntro || state.run?.complete !== true) return undefined;
  const { progress, lesson } = current;
  return progress.next === undefined && progress.current === progress.story.points.length - 1 ? lessonAfter(lesson.id) : undefined;
}
