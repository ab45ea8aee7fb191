// What an open question keeps off the stage: the grace countdowns of leaving pods (issue 19:
// descheduler-balance point 3 asked what LowNodeUtilization evicts at 90 s and hid the grace
// countdown of the pods its text says still hold their CPU).
import { describe, expect, it } from 'vitest';
import { lessonById } from './index';
import { hidesGrace, lessonStory, questionHides, textPointAt, type LessonStory } from './story';

describe('hidesGrace', () => {
  it.each([
    // which pod an event to come concerns: pods already leaving do not answer it
    ['descheduler-balance', 'What does it evict?', 7, false],
    // when a pod is evicted: a countdown tells
    ['taints-noexecute', 'cache', 1, true],
    // where the replacement goes: a leaving pod's grace tells when its node frees up
    ['descheduler-balance', 'Which nodes pass Filter', 7, true],
  ])('%s, "%s…" open at cycle %i: %s', (id, prompt, cycle, hides) => {
    const question = lessonStory(lessonById(id)!).questions.find((q) => q.prompt.includes(prompt))!;
    expect(question, prompt).toBeDefined();
    expect(hidesGrace(question, cycle)).toBe(hides);
  });
});

describe('questionHides', () => {
  const where = { prompt: 'Where?', choices: ['node-1', 'Nowhere'], answer: 1, explanation: '', reveal: { fact: { kind: 'selected' as const, cycle: 2 }, values: ['node-1', 'none'] } };
  it.each([
    ['a choice that the pod goes nowhere: the later phases too', where, ['scores', 'placement', 'laterPhases']],
    ['every choice a node: the fact\'s defaults', { ...where, reveal: { ...where.reveal, values: ['node-1', 'node-2'] } }, ['scores', 'placement']],
    ['hides given: as given', { ...where, hides: ['events' as const] }, ['events']],
    // the node chosen before Permit does not answer what Permit says (issue 19: gang-scheduling p2)
    ['a Permit verdict: the later phases only, not the node', { ...where, reveal: { fact: { kind: 'permit' as const, cycle: 1, plugin: 'GangScheduling' }, values: ['Success', 'Wait'] } }, ['laterPhases']],
  ])('%s', (_name, question, hides) => {
    expect(questionHides(question)).toEqual(hides);
  });

  it('dra-gpus keeps PostFilter off the phase track while "Where does trainer-2 run?" is open', () => {
    const question = lessonStory(lessonById('dra-gpus')!).questions.find((q) => q.prompt === 'Where does trainer-2 run?')!;
    expect(question.hides).toContain('laterPhases');
  });
});

describe('textPointAt: the text on screen at a point without one of its own', () => {
  it('is the last point before it with a text, or none', () => {
    const story = { points: [{ texts: [] }, { texts: ['a'] }, { texts: [] }, { texts: ['b'] }], questions: [] } as unknown as LessonStory;
    expect([0, 1, 2, 3].map((p) => textPointAt(story, p))).toEqual([-1, 1, 1, 3]);
  });
});
