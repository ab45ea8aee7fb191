// Every lesson against the engine: its scenario runs, its stated outcome holds, its narration
// points at phases the trace shows, and each predict question's answer is what stepping reveals.
// The expectations were worked out by hand from upstream semantics (comments in catalog/*.ts),
// so a failure here means the lesson or the engine is wrong — never paste the engine's output.

import { describe, expect, it } from 'vitest';
import { simulate } from '../engine/index';
import type { SimulationResult } from '../engine/api';
import { checkOutcome, checkQuestions, checkStepFacts, checkSteps } from './check';
import { lessons } from './index';

const results = new Map<string, SimulationResult>();

function run(id: string): SimulationResult {
  const cached = results.get(id);
  if (cached) return cached;
  const lesson = lessons.find((l) => l.id === id)!;
  const outcome = simulate(lesson.scenario, { fileName: `${id}.yaml`, ...(lesson.seed !== undefined ? { seed: lesson.seed } : {}) });
  if (!outcome.ok) throw new Error(`${id}: scenario errors:\n${outcome.errors.map((e) => `${e.file}:${e.line}:${e.column}: ${e.message}`).join('\n')}`);
  results.set(id, outcome.result);
  return outcome.result;
}

describe.each(lessons.map((l) => [l.id, l] as const))('lesson %s', (id, lesson) => {
  it('runs without warnings about unknown fields or kinds', () => {
    expect(run(id).warnings.map((w) => w.message)).toEqual([]);
  });

  it('has the outcome it states', () => {
    expect(checkOutcome(lesson.outcome, run(id))).toEqual([]);
  });

  it('narrates cycles and phases the trace shows', () => {
    expect(checkSteps(lesson, run(id))).toEqual([]);
  });

  it('states only facts that hold where its text shows, and none that answers an open question', () => {
    expect(checkStepFacts(lesson, run(id))).toEqual([]);
  });

  it('asks questions whose answers stepping reveals', () => {
    expect(checkQuestions(lesson, run(id))).toEqual([]);
  });

  it('runs the same way twice (same seed)', () => {
    const again = simulate(lesson.scenario, { fileName: `${id}.yaml`, ...(lesson.seed !== undefined ? { seed: lesson.seed } : {}) });
    expect(again.ok && JSON.stringify(again.result)).toBe(JSON.stringify(run(id)));
  });
});
