// Where a lesson stands at the playback position: which narration to show, which "predict before
// you step" questions have been asked, and which answers stepping has revealed. Positions come
// from the lesson (src/lessons: steps, questions, revealPosition); this only finds them in the
// cycle index the worker streamed, as global step numbers.

import { lessonById, revealPosition, type Lesson, type LessonStep, type PredictQuestion, type ShownEvent } from '../lessons';
import type { CycleSummary } from '../worker/protocol';
import { stepFor, type NamedPosition } from './permalinkState';
import type { PlaybackPosition, PodplayState } from './types';

export interface QuestionProgress {
  index: number;
  question: PredictQuestion;
  /** stepping has reached the point that shows the answer */
  revealed: boolean;
  /** the choice the user predicted, if any */
  prediction?: number;
}

export interface LessonProgress {
  /** the narration for the position: the steps pinned to the latest narrated point reached */
  narration: LessonStep[];
  /** questions asked so far, in lesson order */
  questions: QuestionProgress[];
  /** questions still to come */
  upcoming: number;
}

export interface LessonPlayback {
  cycles: readonly CycleSummary[];
  /** every cycle has arrived */
  complete: boolean;
  position: PlaybackPosition;
  /** the lesson's title card, before anything of cycle 1 shows */
  intro: boolean;
  /** the events streamed so far, each with the cycle it shows in */
  events?: readonly ShownEvent[];
}

/** Numbers every step of the run in order: cycle c's step s is stepIndex[c-1] + s. */
function stepIndex(cycles: readonly CycleSummary[]): number[] {
  const starts: number[] = [];
  let total = 0;
  for (const c of cycles) {
    starts.push(total);
    total += c.phases.length;
  }
  return starts;
}

/**
 * The global step number of a named point, or undefined when its cycle has not arrived. The title
 * card is step -1.
 */
function globalStep(cycles: readonly CycleSummary[], starts: readonly number[], at: NamedPosition): number | undefined {
  const summary = cycles[at.cycle - 1];
  if (summary === undefined || !Number.isInteger(at.cycle)) return undefined;
  return starts[at.cycle - 1]! + stepFor(summary.phases, at.phase);
}

export function lessonProgress(lesson: Lesson, playback: LessonPlayback, predictions: Readonly<Record<number, number>>): LessonProgress {
  const { cycles, complete, position, intro } = playback;
  const starts = stepIndex(cycles);
  const now = intro || position.cycle === 0 ? -1 : starts[position.cycle - 1]! + position.step;

  let narrated = -Infinity;
  let narration: LessonStep[] = [];
  for (const step of lesson.steps) {
    const at = globalStep(cycles, starts, { cycle: step.cycle, phase: step.phase });
    if (at === undefined || at > now) continue;
    if (at > narrated) {
      narrated = at;
      narration = [step];
    } else if (at === narrated) {
      narration.push(step);
    }
  }

  // revealPosition reads the cycle count only for facts known at the end of the run: until every
  // cycle has arrived, that end is not known yet; events show with their cycle
  const cycleCount = { cycles: { length: complete ? cycles.length : Number.POSITIVE_INFINITY }, ...(playback.events ? { events: playback.events } : {}) };
  const questions: QuestionProgress[] = [];
  lesson.questions.forEach((question, index) => {
    // asked just before its point shows: predict, then step onto it
    const asked = globalStep(cycles, starts, { cycle: question.atCycle, phase: question.atPhase });
    if (asked === undefined || asked - 1 > now) return;
    const shows = globalStep(cycles, starts, revealPosition(question.reveal.fact, cycleCount));
    const progress: QuestionProgress = { index, question, revealed: !intro && shows !== undefined && now >= shows };
    const prediction = predictions[index];
    if (prediction !== undefined) progress.prediction = prediction;
    questions.push(progress);
  });
  return { narration, questions, upcoming: lesson.questions.length - questions.length };
}

/** The question number keys answer: the first asked, unanswered question still hidden. */
export function openQuestion(progress: LessonProgress): QuestionProgress | undefined {
  return progress.questions.find((q) => !q.revealed && q.prediction === undefined);
}

/** The lesson on screen and where it stands, or undefined outside a lesson. */
export function currentLessonProgress(state: Pick<PodplayState, 'lessonId' | 'run' | 'position' | 'lessonIntro' | 'predictions'>): { lesson: Lesson; progress: LessonProgress } | undefined {
  const lesson = state.lessonId === undefined ? undefined : lessonById(state.lessonId);
  if (lesson === undefined) return undefined;
  const playback: LessonPlayback = { cycles: state.run?.cycles ?? [], complete: state.run?.complete ?? false, position: state.position, intro: state.lessonIntro, events: state.run?.events ?? [] };
  return { lesson, progress: lessonProgress(lesson, playback, state.predictions) };
}
