// Every lesson stepped through its real cycle index: narration follows the position, each question
// is asked at least one step before stepping shows its answer, and never answered on the title card.

import { describe, expect, it } from 'vitest';
import { simulate } from '../engine/index';
import { lessons, type Lesson } from '../lessons';
import { summarizeCycle } from '../worker/session';
import type { CycleSummary } from '../worker/protocol';
import { lessonProgress, openQuestion, type LessonPlayback } from './lessonProgress';
import { stepFor } from './permalinkState';

function cyclesOf(lesson: Lesson): CycleSummary[] {
  const outcome = simulate(lesson.scenario, { fileName: `${lesson.id}.yaml`, ...(lesson.seed !== undefined ? { seed: lesson.seed } : {}) });
  if (!outcome.ok) throw new Error(`${lesson.id} does not simulate`);
  return outcome.result.cycles.map(summarizeCycle);
}

/** Every playback position in order, the title card first. */
function positions(cycles: CycleSummary[]): LessonPlayback[] {
  const all: LessonPlayback[] = [{ cycles, complete: true, intro: true, position: { cycle: 1, step: 0 } }];
  cycles.forEach((c) => c.phases.forEach((_, step) => all.push({ cycles, complete: true, intro: false, position: { cycle: c.cycle, step } })));
  return all;
}

describe.each(lessons.map((l) => [l.id, l] as const))('lesson %s in the player', (_id, lesson) => {
  const cycles = cyclesOf(lesson);
  const timeline = positions(cycles).map((p) => lessonProgress(lesson, p, {}));

  it('shows no narration and no answer on the title card', () => {
    expect(timeline[0]!.narration).toEqual([]);
    expect(timeline[0]!.questions.filter((q) => q.revealed)).toEqual([]);
  });

  it('shows every narration step, in order, at its cycle and phase', () => {
    const shown: string[] = [];
    for (const p of timeline) for (const s of p.narration) if (!shown.includes(s.text)) shown.push(s.text);
    expect(shown).toEqual(lesson.steps.map((s) => s.text));
    for (const step of lesson.steps) {
      const at = stepFor(cycles[step.cycle - 1]!.phases, step.phase);
      const index = 1 + cycles.slice(0, step.cycle - 1).reduce((n, c) => n + c.phases.length, 0) + at;
      expect(timeline[index]!.narration).toContain(step);
    }
  });

  it('asks each question before stepping reveals its answer, then keeps it revealed', () => {
    lesson.questions.forEach((_q, i) => {
      const states = timeline.map((p) => p.questions.find((q) => q.index === i));
      const asked = states.findIndex((s) => s !== undefined);
      const revealed = states.findIndex((s) => s?.revealed === true);
      expect(asked).toBeGreaterThanOrEqual(0);
      expect(revealed).toBeGreaterThan(asked);
      expect(states.slice(revealed).every((s) => s?.revealed === true)).toBe(true);
    });
    expect(timeline.at(-1)!.upcoming).toBe(0);
  });
});

describe('predictions', () => {
  const lesson = lessons.find((l) => l.id === 'taints-noschedule')!;
  const cycles = cyclesOf(lesson);
  const atFilterOfCycle1: LessonPlayback = { cycles, complete: true, intro: false, position: { cycle: 1, step: 0 } };

  it('keys answer the first open question, and a prediction closes it', () => {
    const before = lessonProgress(lesson, atFilterOfCycle1, {});
    expect(openQuestion(before)?.index).toBe(0);
    const after = lessonProgress(lesson, atFilterOfCycle1, { 0: 2 });
    expect(after.questions[0]).toMatchObject({ prediction: 2, revealed: false });
    expect(openQuestion(after)).toBeUndefined();
  });

  it('reveals nothing of a cycle that has not arrived yet', () => {
    const streaming = lessonProgress(lesson, { cycles: cycles.slice(0, 1), complete: false, intro: false, position: { cycle: 1, step: cycles[0]!.phases.length - 1 } }, {});
    expect(streaming.questions.map((q) => q.index)).toEqual([0]);
    expect(streaming.upcoming).toBe(lesson.questions.length - 1);
  });
});
