// Every lesson pressed through with a clicker over its real cycle index: one press per story point,
// each question asked at its point with what it hides off the screen, answered by a later press,
// and never answered on the title card.

import { describe, expect, it } from 'vitest';
import { simulate } from '../engine/index';
import { hiddenAtCycle, lessons, lessonStory, storyPresses, type Lesson, type Spoiler, type StepFact, type TraceFact } from '../lessons';
import { OFF_STAGE, OFF_STAGE_WHY } from '../lessons/offStage';
import { summarizeCycle, timeEvents } from '../worker/session';
import type { CycleSummary, TimedEvent } from '../worker/protocol';
import { lessonProgress, openQuestion, storySteps, type LessonPlayback, type LessonProgress } from './lessonProgress';

interface Run { cycles: CycleSummary[]; events: TimedEvent[] }

function runOf(lesson: Lesson): Run {
  const outcome = simulate(lesson.scenario, { fileName: `${lesson.id}.yaml`, ...(lesson.seed !== undefined ? { seed: lesson.seed } : {}) });
  if (!outcome.ok) throw new Error(`${lesson.id} does not simulate`);
  return { cycles: outcome.result.cycles.map(summarizeCycle), events: timeEvents(outcome.result.cycles, outcome.result.events) };
}

/** What a clicker shows: the title card, then each press of → until nothing is next. */
function presses(lesson: Lesson, run: Run): LessonProgress[] {
  let playback: LessonPlayback = { ...run, complete: true, intro: true, position: { cycle: 1, step: 0 } };
  const shown = [lessonProgress(lesson, playback, {})];
  for (let next = shown[0]!.next; next !== undefined && shown.length < 200; next = shown[shown.length - 1]!.next) {
    playback = { ...playback, intro: false, position: next.position, storyPoint: next.point };
    shown.push(lessonProgress(lesson, playback, {}));
  }
  return shown;
}

describe.each(lessons.map((l) => [l.id, l] as const))('lesson %s with a clicker', (_id, lesson) => {
  const run = runOf(lesson);
  const shown = presses(lesson, run);
  const story = lessonStory(lesson);

  it('shows no narration and no answer on the title card', () => {
    expect(shown[0]!.current).toBe(-1);
    expect(shown[0]!.narration).toEqual([]);
    expect(shown[0]!.questions.filter((q) => q.revealed)).toEqual([]);
  });

  it('takes one press per story point, as the gallery says, and shows each point\'s text', () => {
    expect(shown.length - 1).toBe(storyPresses(lesson));
    shown.slice(1).forEach((p, i) => {
      expect(p.current).toBe(i);
      if (story.points[i]!.texts.length > 0) expect(p.narration).toEqual(story.points[i]!.texts);
    });
    expect(shown.at(-1)!.next).toBeUndefined();
  });

  it('never moves backwards in the playback while pressing forward', () => {
    // the global step of each point, a timeline event's point included
    const order = storySteps(story, run.cycles, run.events, true);
    expect(order.every((step) => step !== undefined)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a! - b!));
  });

  it('opens each question at its point, hiding what it declares, and answers it by a later press', () => {
    for (const q of story.questions) {
      const at = shown[q.point + 1]!;
      const state = at.questions.find((x) => x.index === q.index);
      expect(state?.revealed, `question ${q.index + 1} revealed where it is asked`).toBe(false);
      const cycle = q.point < 0 ? 1 : shown[q.point]!.next!.position.cycle;
      for (const h of hiddenAtCycle(q, cycle)) expect(at.hidden.has(h)).toBe(true);
      expect(shown.at(-1)!.questions.find((x) => x.index === q.index)?.revealed, `question ${q.index + 1} never revealed`).toBe(true);
    }
    expect(shown.at(-1)!.upcoming).toBe(0);
    expect(shown.at(-1)!.hidden.size).toBe(0);
  });

  it('never hides what the text of the point on screen states about the cycle on screen', () => {
    const problems: string[] = [];
    shown.slice(1).forEach((p, i) => {
      const cycle = shown[i]!.next!.position.cycle;
      for (const { says, fact } of statedAt(lesson, i)) {
        const drawnBy = drawingOf(fact);
        if (drawnBy !== undefined && 'cycle' in fact && fact.cycle === cycle && p.hidden.has(drawnBy)) {
          problems.push(`point ${i + 1} says "${says}" but hides ${drawnBy}`);
        }
      }
    });
    expect(problems).toEqual([]);
  });

  // issue 19's dead steps: a press whose stage is the last press's (why-pending p3→p4, at the same
  // PostFilter step) tells the room nothing it can see. Each press moves the playback or the moment,
  // shows or hides what a question keeps off the stage, or draws the failed cycle's end.
  it('changes the stage at every press', () => {
    const dead: string[] = [];
    for (let i = 2; i < shown.length; i++) {
      const [before, after] = [shown[i - 1]!, shown[i]!];
      const [from, to] = [shown[i - 2]!.next!.position, before.next!.position];
      const moved = from.cycle !== to.cycle || from.step !== to.step || before.moment !== after.moment;
      const masked = [...before.hidden].sort().join() !== [...after.hidden].sort().join();
      const ended = before.beforeCycleEnd !== after.beforeCycleEnd;
      if (!moved && !masked && !ended) dead.push(`point ${i - 1} → ${i}`);
    }
    expect(dead).toEqual([]);
  });

  // issue 19: descheduler-balance p4 marked the 90 s eviction's question answered while the stage
  // was still at 30 s (an event between two cycles revealed at the first one's last step)
  it('reveals an answer about an event only where the stage\'s clock has reached it', () => {
    const early: string[] = [];
    shown.slice(1).forEach((p, i) => {
      const position = shown[i]!.next!.position;
      const drawn = p.moment ?? run.cycles[position.cycle - 1]!.time;
      for (const q of p.questions) {
        const fact = q.question.reveal.fact;
        if (!q.revealed || fact.kind !== 'event') continue;
        const event = run.events.find((e) => e.object === fact.object && e.reason === fact.reason);
        if (event !== undefined && event.time > drawn) early.push(`point ${i + 1} (${drawn} s) answers question ${q.index + 1}: ${fact.reason} at ${event.time} s`);
      }
    });
    expect(early).toEqual([]);
  });

  // issue 19: scheduling-gates p2 told the gate removed at 10 s and the selector added at 15 s as
  // "a moment already past" while the stage was at 0 s. A moment the text quotes without drawing
  // is past or still to come as the stage's clock says at that point.
  it('quotes an undrawn moment as past or to come as the stage\'s clock has it', () => {
    const wrong: string[] = [];
    shown.slice(1).forEach((p, i) => {
      const position = shown[i]!.next!.position;
      const drawn = p.moment ?? run.cycles[position.cycle - 1]!.time;
      for (const [number, why] of Object.entries(OFF_STAGE[lesson.id]?.[i + 1] ?? {})) {
        if (why === OFF_STAGE_WHY.earlier && !(Number(number) <= drawn)) wrong.push(`point ${i + 1} (${drawn} s): ${number} s is not past`);
        if (why === OFF_STAGE_WHY.later && !(Number(number) > drawn)) wrong.push(`point ${i + 1} (${drawn} s): ${number} s is not to come`);
      }
    });
    expect(wrong).toEqual([]);
  });

  it('walks back point by point to the title card', () => {
    let last = shown.at(-1)!;
    let playback: LessonPlayback = { ...run, complete: true, intro: false, position: last.next?.position ?? { cycle: 1, step: 0 } };
    const visited: number[] = [];
    for (let previous = last.previous; previous !== undefined && previous !== 'intro'; previous = last.previous) {
      playback = { ...playback, position: previous.position, storyPoint: previous.point };
      last = lessonProgress(lesson, playback, {});
      visited.push(last.current);
    }
    expect(last.previous).toBe('intro');
    expect(visited[0]).toBe(story.points.length - 2 >= 0 ? visited[0] : undefined);
    expect(visited).toEqual([...visited].sort((a, b) => b - a));
  });
});

/** The facts a story point's text states (a declared point's, or the steps at that position). */
function statedAt(lesson: Lesson, point: number): StepFact[] {
  if (lesson.story !== undefined) return lesson.story[point]?.facts ?? [];
  const at = lessonStory(lesson).points[point]!.at;
  return (lesson.steps ?? []).filter((s) => 'cycle' in at && s.cycle === at.cycle && s.phase === at.phase).flatMap((s) => s.facts ?? []);
}

/** What the stage draws a fact with, when one of the spoilers covers it. */
function drawingOf(fact: TraceFact): Spoiler | undefined {
  switch (fact.kind) {
    case 'feasible': case 'feasibleCount': case 'rejectedBy': case 'filterReason': case 'untoleratedTaint': return 'feasibility';
    case 'score': case 'total': case 'scored': return 'scores';
    case 'selected': case 'nominatedNode': case 'victims': case 'result': return 'placement';
    default: return undefined;
  }
}

describe('predictions', () => {
  const lesson = lessons.find((l) => l.id === 'taints-noschedule')!;
  const run = runOf(lesson);
  const cycles = run.cycles;
  const atFilterOfCycle1: LessonPlayback = { ...run, complete: true, intro: false, position: { cycle: 1, step: 0 } };

  it('keys answer the first open question, and a prediction closes it', () => {
    const before = lessonProgress(lesson, atFilterOfCycle1, {});
    expect(openQuestion(before)?.index).toBe(0);
    const after = lessonProgress(lesson, atFilterOfCycle1, { 0: 2 });
    expect(after.questions[0]).toMatchObject({ prediction: 2, revealed: false });
    expect(openQuestion(after)).toBeUndefined();
  });

  it('reveals nothing of a cycle that has not arrived yet', () => {
    const streaming = lessonProgress(lesson, { cycles: cycles.slice(0, 1), events: [], complete: false, intro: false, position: { cycle: 1, step: cycles[0]!.phases.length - 1 } }, {});
    const story = lessonStory(lesson);
    const aboutCycle2 = story.questions.filter((q) => 'cycle' in q.reveal.fact && q.reveal.fact.cycle === 2).map((q) => q.index);
    expect(aboutCycle2.length).toBeGreaterThan(0);
    expect(streaming.questions.filter((q) => q.revealed && aboutCycle2.includes(q.index))).toEqual([]);
    expect(streaming.upcoming).toBe(story.questions.length - streaming.questions.length);
  });
});

// taints-noexecute's last point is cache's eviction at 90 s, after the last scheduling cycle
// (web-2's, at 30 s): the same last step of the playback, drawn at its own time, and the answers
// only that moment shows are revealed there, not at the point before it on the same step.
describe('a point at a moment after the last cycle', () => {
  const lesson = lessons.find((l) => l.id === 'taints-noexecute')!;
  const run = runOf(lesson);
  const shown = presses(lesson, run);
  const last = shown.at(-1)!;
  const before = shown.at(-2)!;
  const cacheQuestion = lessonStory(lesson).questions.find((q) => q.reveal.fact.kind === 'evictedAt' && q.reveal.fact.pod === 'default/cache')!;

  it('shows the eviction\'s second at the last point, the last cycle\'s at the point before', () => {
    expect(run.cycles.at(-1)!.time).toBe(30);
    expect(last.moment).toBe(90);
    expect(before.moment).toBe(30);
    // both points stand at the run's last step
    expect(shown.at(-2)!.next?.position).toEqual(shown.at(-3)!.next?.position);
  });

  it('keeps the question about 90 s open until the point at 90 s, then reveals it there', () => {
    expect(before.questions.find((q) => q.index === cacheQuestion.index)?.revealed).toBe(false);
    expect(before.hidden.has('events')).toBe(true);
    const atEnd = last.questions.find((q) => q.index === cacheQuestion.index)!;
    expect(atEnd.revealed).toBe(true);
    expect(atEnd.revealedAtPoint).toBe(last.current);
  });

  it('has no moment before the run\'s last step, nor in a lesson without such a point', () => {
    expect(shown.slice(0, -2).every((p) => p.moment === undefined)).toBe(true);
    const other = lessons.find((l) => l.id === 'taints-noschedule')!;
    expect(presses(other, runOf(other)).every((p) => p.moment === undefined)).toBe(true);
  });
});

// The stage draws the events since the previous point (issue 19: eviction-pdb's "The API server
// answered 429" had no drawing): each event once, at the first point whose stage has reached it
// and draws events (no open question hides them).
describe('the events since the previous point', () => {
  const drawnTime = (run: Run, p: LessonProgress, position: { cycle: number }) => p.moment ?? run.cycles[position.cycle - 1]!.time;

  it.each(lessons.map((l) => [l.id, l] as const))('%s: every event drawn at one point at most, not after the second the stage draws', (_id, lesson) => {
    const run = runOf(lesson);
    let playback: LessonPlayback = { ...run, complete: true, intro: true, position: { cycle: 1, step: 0 } };
    let p = lessonProgress(lesson, playback, {});
    expect(p.since).toBeUndefined();
    const seen = new Set<TimedEvent>();
    while (p.next !== undefined) {
      playback = { ...playback, intro: false, position: p.next.position, storyPoint: p.next.point };
      p = lessonProgress(lesson, playback, {});
      if (p.current === 0) expect(p.since).toBeUndefined();
      // the stage draws no events while an open question hides what happens or where pods go
      if (p.hidden.has('events') || p.hidden.has('placement')) continue;
      for (const e of p.since ?? []) {
        expect(seen.has(e), `${e.reason} ${e.object} twice`).toBe(false);
        seen.add(e);
        expect(e.time).toBeLessThanOrEqual(drawnTime(run, p, playback.position));
      }
    }
  });

  const reasons = (p: LessonProgress | undefined) => (p?.since ?? []).map((e) => `${e.reason} ${e.object}`);

  it('eviction-pdb: the refused eviction at the point after drain tries, the eviction at 30 s at the point after it', () => {
    const lesson = lessons.find((l) => l.id === 'eviction-pdb')!;
    const shown = presses(lesson, runOf(lesson));
    const refused = shown.findIndex((p) => reasons(p).includes('EvictionRefused Pod/default/web-jmd9t'));
    // the cluster at t = 20 s, after drain's first try at 10 s
    expect(shown[refused]!.narration.join(' ')).toContain('429');
    expect(reasons(shown[refused])).toContain('NodeNotSchedulable Node/node-2');
    const evicted = shown.findIndex((p) => reasons(p).includes('Evicted Pod/default/web-jmd9t'));
    expect(evicted).toBeGreaterThan(refused);
  });

  it('taints-noexecute: cache\'s eviction at 90 s only at the point that draws 90 s, with web\'s at 30 s that the questions before it hid', () => {
    const lesson = lessons.find((l) => l.id === 'taints-noexecute')!;
    const shown = presses(lesson, runOf(lesson));
    expect(reasons(shown.at(-1))).toContain('TaintManagerEviction Pod/default/cache');
    expect(reasons(shown.at(-1))).toContain('TaintManagerEviction Pod/default/web');
    expect(reasons(shown.at(-2))).not.toContain('TaintManagerEviction Pod/default/cache');
    expect(shown.at(-2)!.hidden.has('events')).toBe(true);
  });
});
