// A lesson as a sequence of story points, one per press of the clicker. Lessons that declare
// `story` are taken as written; the older form (narration `steps` and `questions` pinned to
// positions) is turned into one: each distinct narration position is a point, and each question
// is asked at the last point before the position it was pinned to.

import { comparePositions } from './facts';
import type { Lesson, LessonPhase, Spoiler, StoryPosition, StoryQuestion, TraceFact, VersionScoresOnStage } from './types';

/** A question of the lesson with its place in the story and what it hides while open. */
export interface LessonQuestion extends StoryQuestion {
  /** index in the lesson's questions (the order they are asked in) */
  index: number;
  /** the story point that asks it; -1: the title card */
  point: number;
  hides: Spoiler[];
}

/** One press: where playback stops, the lesson text shown there, the questions asked there. */
export interface StoryBeat {
  at: StoryPosition;
  /** empty: the text of the point before stays */
  texts: string[];
  /** indexes into LessonStory.questions */
  questions: number[];
  /** two versions' scores the stage draws at this point */
  versions?: VersionScoresOnStage;
}

export interface LessonStory {
  points: StoryBeat[];
  questions: LessonQuestion[];
}

/** What gives the answer to a question about this fact away, unless the question says itself. */
export function defaultHides(fact: TraceFact): Spoiler[] {
  switch (fact.kind) {
    case 'feasible': case 'feasibleCount': case 'nodesEvaluated': case 'firstNodeEvaluated':
    case 'rejectedBy': case 'filterReason': case 'untoleratedTaint': case 'result':
      return ['feasibility', 'scores', 'placement', 'laterPhases'];
    // whether Score runs: the phase track and the score rows tell; Filter's verdicts, asked about
    // and told at the point before, stay drawn
    case 'scored': return ['scores', 'placement', 'laterPhases'];
    case 'spread': return ['feasibility', 'placement'];
    case 'score': case 'total': case 'selected': return ['scores', 'placement'];
    case 'victims': case 'nominatedNode': case 'candidate': case 'preemptionDecidedBy':
      return ['placement', 'laterPhases'];
    // a Permit verdict: the phase track past Reserve (Bind, or none) and the outcome tell; the node
    // chosen before Permit does not (issue 19: gang-scheduling's question hid it)
    case 'permit': return ['laterPhases'];
    case 'pod': case 'queue': case 'podNode': case 'profile': return ['placement'];
    // the autoscaler's group: its TriggeredScaleUp event tells (the node-group band grows with it)
    case 'time': case 'evictedAt': case 'event': case 'deletedAt': case 'scaleUpGroup': return ['events'];
    // facts of the cluster itself are on screen from the start: nothing to hide
    case 'nodeCount': case 'nodeLabel': case 'allocatable': return [];
    // a pod group's placement, quorum and preemption: the stage's placements and the group strip tell
    case 'podGroup': return ['placement', 'scores', 'laterPhases', 'events'];
  }
}

/**
 * What a question hides unless it says itself: its fact's defaults, and where a choice is that the
 * pod goes nowhere, the cycle's later phases too (PostFilter after Filter, rather than Select and
 * Bind, tells that no node is left: issue 19, dra-gpus' "Where does trainer-2 run?" drew PostFilter
 * in the phase track while it was open).
 */
export function questionHides(question: Pick<StoryQuestion, 'hides' | 'reveal' | 'choices'>): Spoiler[] {
  if (question.hides !== undefined) return question.hides;
  const hides = defaultHides(question.reveal.fact);
  const { fact, values } = question.reveal;
  const nowhere = (fact.kind === 'selected' || fact.kind === 'podNode') && (values ?? question.choices).includes('none');
  return nowhere && !hides.includes('laterPhases') ? [...hides, 'laterPhases'] : hides;
}

/** What a question's own cycle draws that could answer it: the rest of the run cannot. */
const CYCLE_SPOILERS: ReadonlySet<Spoiler> = new Set(['placement', 'scores', 'feasibility', 'laterPhases']);

/**
 * What an open question keeps off the stage while the playback is at `cycle`. A fact of a cycle
 * is answered by that cycle's placement, scores, Filter verdicts and phases: an earlier cycle's
 * are another pod's, already told by the text, and stay drawn (issue 19: taints-noschedule p3 redrew
 * nginx as still being scheduled while its text said "nginx runs there"). Events, and the facts of
 * no cycle (where a pod ends, when it is deleted), are hidden wherever the question is open.
 */
export function hiddenAtCycle(question: Pick<LessonQuestion, 'hides' | 'reveal'>, cycle: number): Spoiler[] {
  const fact = question.reveal.fact;
  if (!('cycle' in fact) || cycle >= fact.cycle) return question.hides;
  return question.hides.filter((h) => !CYCLE_SPOILERS.has(h));
}

/**
 * Whether an open question keeps the grace countdowns ("gone in 30 s") off the stage at `cycle`: a
 * countdown tells when a leaving pod goes, so where pods go (placement) and when things happen
 * (events) — but not which event is next: a question about an event to come (descheduler-balance's
 * "what does LowNodeUtilization evict at 90 s?") is not answered by pods already leaving, whose grace
 * the text tells (issue 19: that question hid the countdown its text mentions).
 */
export function hidesGrace(question: Pick<LessonQuestion, 'hides' | 'reveal'>, cycle: number): boolean {
  const hidden = hiddenAtCycle(question, cycle);
  return hidden.includes('placement') || (hidden.includes('events') && question.reveal.fact.kind !== 'event');
}

export function isCyclePosition(at: StoryPosition): at is { cycle: number; phase: LessonPhase } {
  return 'cycle' in at;
}

function derivedStory(lesson: Lesson): LessonStory {
  const points: StoryBeat[] = [];
  for (const step of lesson.steps ?? []) {
    const last = points[points.length - 1];
    const at = { cycle: step.cycle, phase: step.phase };
    if (last !== undefined && isCyclePosition(last.at) && comparePositions(last.at, at) === 0) last.texts.push(step.text);
    else points.push({ at, texts: [step.text], questions: [] });
  }
  const questions: LessonQuestion[] = [];
  (lesson.questions ?? []).forEach((q, index) => {
    const pinned = { cycle: q.atCycle, phase: q.atPhase };
    let point = points.findLastIndex((p) => isCyclePosition(p.at) && comparePositions(p.at, pinned) < 0);
    const start: StoryPosition = q.atCycle > 1 ? { cycle: q.atCycle - 1, phase: 'done' } : { cycle: 1, phase: 'queue' };
    if (point < 0 && isCyclePosition(start) && comparePositions(start, pinned) < 0) {
      // nothing narrated before it: a point of its own just before its position
      points.unshift({ at: start, texts: [], questions: [] });
      for (const earlier of questions) if (earlier.point >= 0) earlier.point++;
      point = 0;
    }
    // (point -1: asked on the title card, before anything of cycle 1 shows)
    const { atCycle: _cycle, atPhase: _phase, ...question } = q;
    questions.push({ ...question, index, point, hides: questionHides(q) });
    points[point]?.questions.push(index);
  });
  return { points, questions };
}

function declaredStory(lesson: Lesson): LessonStory {
  const questions: LessonQuestion[] = [];
  const points = (lesson.story ?? []).map((p, i): StoryBeat => {
    const asked: number[] = [];
    if (p.question !== undefined) {
      asked.push(questions.length);
      questions.push({ ...p.question, index: questions.length, point: i, hides: questionHides(p.question) });
    }
    return { at: p.at, texts: [p.text], questions: asked, ...(p.versions !== undefined ? { versions: p.versions } : {}) };
  });
  return { points, questions };
}

const stories = new WeakMap<Lesson, LessonStory>();

/** The lesson's story points and questions (computed once per lesson). */
export function lessonStory(lesson: Lesson): LessonStory {
  let story = stories.get(lesson);
  if (story === undefined) {
    story = lesson.story !== undefined ? declaredStory(lesson) : derivedStory(lesson);
    stories.set(lesson, story);
  }
  return story;
}

/**
 * The point whose text is on screen at point `point` (0-based): its own, or, where it has none, the
 * last point before it with a text (which stays); -1 when none has any.
 */
export function textPointAt(story: LessonStory, point: number): number {
  for (let i = point; i >= 0; i--) if (story.points[i]!.texts.length > 0) return i;
  return -1;
}

/** How many presses take the lesson from its title card to its end: one per story point. */
export function storyPresses(lesson: Lesson): number {
  return lessonStory(lesson).points.length;
}
