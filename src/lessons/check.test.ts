// The lesson checker on hand-made traces: it must flag each kind of mismatch, or the lesson
// tests could pass while a lesson teaches something false.

import { describe, expect, it } from 'vitest';
import type { CycleTrace, QueueMove, SimulationResult } from '../engine/api';
import { checkLessonShape, checkOutcome, checkQuestions, checkStepFacts, checkSteps } from './check';
import { timeEvents } from '../worker/session';
import { queueAtEndOf, readFact, revealPosition, shownAt } from './facts';
import type { Lesson, LessonStep, PredictQuestion } from './types';

function cycle(overrides: Partial<CycleTrace>): CycleTrace {
  return {
    cycle: 1, time: 0, pod: 'default/p', profile: 'default-scheduler', preFilter: [], nodesEvaluated: ['n1', 'n2'],
    filter: {
      n1: [
        { plugin: 'NodeAffinity', code: 'Skip' },
        { plugin: 'TaintToleration', code: 'UnschedulableAndUnresolvable', reasons: ['node(s) had untolerated taint(s)'], details: { taint: { key: 'k', value: 'v', effect: 'NoSchedule' } } },
      ],
      n2: [{ plugin: 'NodeAffinity', code: 'Skip' }, { plugin: 'TaintToleration', code: 'Success' }],
    },
    feasible: ['n2'], selected: 'n2', result: 'Scheduled', ...overrides,
  };
}

function result(cycles: CycleTrace[]): SimulationResult {
  return {
    version: 1, seed: 0, kubernetesVersion: { version: '1.35', source: 'scenario', detail: '' }, cycles, events: [], nodes: [], warnings: [], endTime: 0, queue: [],
    pods: [{ pod: 'default/p', phase: 'Running', node: 'n2', priority: 0, schedulerName: 'default-scheduler' }],
  };
}

const question = (q: Partial<PredictQuestion>): PredictQuestion => ({
  atCycle: 1, atPhase: 'filter', prompt: 'Which nodes pass?', choices: ['n1', 'n2'], answer: 1, explanation: '',
  reveal: { fact: { kind: 'feasible', cycle: 1 } }, ...q,
});

const lesson = (l: Partial<Lesson>): Lesson => ({
  id: 'l', title: '', summary: '', topic: 'Debugging', scenario: '', steps: [{ cycle: 1, phase: 'filter', text: '' }],
  questions: [question({})], outcome: { cycles: [], pods: [] }, ...l,
});

describe('checkOutcome', () => {
  const r = result([cycle({})]);

  it.each([
    ['selected node', { cycles: [{ cycle: 1, pod: 'default/p', selected: 'n1' }], pods: [] }],
    ['one-of selection', { cycles: [{ cycle: 1, pod: 'default/p', selected: ['n1', 'n3'] }], pods: [] }],
    ['pod of the cycle', { cycles: [{ cycle: 1, pod: 'default/q' }], pods: [] }],
    ['missing cycle', { cycles: [{ cycle: 2, pod: 'default/p' }], pods: [] }],
    ['feasible set', { cycles: [{ cycle: 1, pod: 'default/p', feasible: ['n1', 'n2'] }], pods: [] }],
    ['filter plugin', { cycles: [{ cycle: 1, pod: 'default/p', filtered: { n1: { plugin: 'NodeAffinity', reason: 'node(s) had untolerated taint(s)' } } }], pods: [] }],
    ['filter reason', { cycles: [{ cycle: 1, pod: 'default/p', filtered: { n1: { plugin: 'TaintToleration', reason: 'other' } } }], pods: [] }],
    ['untolerated taint', { cycles: [{ cycle: 1, pod: 'default/p', filtered: { n1: { plugin: 'TaintToleration', reason: 'node(s) had untolerated taint(s)', taint: 'k=v:NoExecute' } } }], pods: [] }],
    ['node that passed', { cycles: [{ cycle: 1, pod: 'default/p', filtered: { n2: { plugin: 'TaintToleration', reason: 'x' } } }], pods: [] }],
    ['score', { cycles: [{ cycle: 1, pod: 'default/p', scores: { n2: { NodeResourcesFit: 50 } } }], pods: [] }],
    ['message', { cycles: [{ cycle: 1, pod: 'default/p', messageIncludes: ['0/2 nodes'] }], pods: [] }],
    ['preemption', { cycles: [{ cycle: 1, pod: 'default/p', preemption: { node: 'n1', victims: [] } }], pods: [] }],
    ['cycle count', { cycleCount: 2, cycles: [], pods: [] }],
    ['pod node', { cycles: [], pods: [{ pod: 'default/p', node: 'n1' }] }],
    ['pod not bound', { cycles: [], pods: [{ pod: 'default/p', node: null }] }],
    ['pod phase', { cycles: [], pods: [{ pod: 'default/p', phase: 'Pending' as const }] }],
    ['deleted pod', { cycles: [], pods: [{ pod: 'default/p', deleted: true }] }],
    ['unknown pod', { cycles: [], pods: [{ pod: 'default/q' }] }],
    ['event', { cycles: [], pods: [], events: [{ object: 'Pod/default/p', reason: 'Scheduled' }] }],
  ])('flags a wrong %s', (_name, outcome) => {
    expect(checkOutcome(outcome, r)).not.toEqual([]);
  });

  it('accepts a matching outcome', () => {
    expect(checkOutcome({
      cycleCount: 1,
      cycles: [{
        cycle: 1, pod: 'default/p', selected: ['n2', 'n3'], feasible: ['n2'], scored: false, preemption: null,
        filtered: { n1: { plugin: 'TaintToleration', reason: 'node(s) had untolerated taint(s)', code: 'UnschedulableAndUnresolvable', taint: 'k=v:NoSchedule' } },
      }],
      pods: [{ pod: 'default/p', node: 'n2', phase: 'Running', deleted: false, nominatedNode: null }],
    }, r)).toEqual([]);
  });
});

describe('checkSteps', () => {
  const r = result([cycle({})]);

  it.each([
    ['a cycle that does not exist', [{ cycle: 2, phase: 'queue' as const, text: '' }]],
    ['a phase the cycle does not have (no Score with one feasible node)', [{ cycle: 1, phase: 'score' as const, text: '' }]],
    ['steps out of playback order', [{ cycle: 1, phase: 'select' as const, text: '' }, { cycle: 1, phase: 'filter' as const, text: '' }]],
  ])('flags %s', (_name, steps) => {
    expect(checkSteps(lesson({ steps }), r)).not.toEqual([]);
  });

  it('accepts steps in order on shown phases', () => {
    expect(checkSteps(lesson({ steps: [{ cycle: 1, phase: 'filter', text: '' }, { cycle: 1, phase: 'select', text: '' }, { cycle: 1, phase: 'done', text: '' }] }), r)).toEqual([]);
  });
});

describe('checkQuestions', () => {
  const r = result([cycle({})]);

  it.each([
    ['an answer the trace contradicts', question({ answer: 0 })],
    ['a question asked after its answer shows', question({ atPhase: 'select' })],
    ['a question at a phase the trace lacks', question({ atPhase: 'score', reveal: { fact: { kind: 'selected', cycle: 1 } } })],
    ['a fact from a missing cycle', question({ reveal: { fact: { kind: 'feasible', cycle: 3 } } })],
  ])('flags %s', (_name, q) => {
    expect(checkQuestions(lesson({ questions: [q] }), r)).not.toEqual([]);
  });

  it('accepts a right answer, with values mapping choices to facts', () => {
    const q = question({ choices: ['Only the untainted node', 'Both'], reveal: { fact: { kind: 'feasible', cycle: 1 }, values: ['n2', 'n1, n2'] }, answer: 0 });
    expect(checkQuestions(lesson({ questions: [q] }), r)).toEqual([]);
  });
});

describe('story points', () => {
  const r = result([cycle({})]);
  const asked = { prompt: 'Which nodes pass?', choices: ['n1', 'n2'], answer: 1, explanation: '', reveal: { fact: { kind: 'feasible' as const, cycle: 1 } } };
  const story = (points: Lesson['story']): Lesson => ({ ...lesson({}), steps: undefined, questions: undefined, story: points });

  it('accepts a question asked before the point that reveals it', () => {
    const l = story([{ at: { cycle: 1, phase: 'queue' }, text: 'a', question: asked }, { at: { cycle: 1, phase: 'filter' }, text: 'b' }]);
    expect([...checkLessonShape(l), ...checkSteps(l, r), ...checkQuestions(l, r)]).toEqual([]);
  });

  it.each([
    ['a question asked where its answer shows', story([{ at: { cycle: 1, phase: 'filter' }, text: 'a', question: asked }])],
    ['points out of playback order', story([{ at: { cycle: 1, phase: 'select' }, text: 'a' }, { at: { cycle: 1, phase: 'filter' }, text: 'b', question: asked }])],
    ['an event the run does not have', story([{ at: { event: { reason: 'Preempted', object: 'Pod/default/p' } }, text: 'a', question: asked }])],
  ])('flags %s', (_name, l) => {
    expect([...checkSteps(l, r), ...checkQuestions(l, r)]).not.toEqual([]);
  });

  it('flags a lesson written in both forms', () => {
    expect(checkLessonShape({ ...lesson({}), story: [{ at: { cycle: 1, phase: 'queue' }, text: 'a', question: asked }] })).not.toEqual([]);
  });
});

describe('checkStepFacts', () => {
  // cycle 1 finds n2 alone feasible; cycle 2 (t=60) finds n1 and n2
  const r = result([cycle({}), cycle({ cycle: 2, time: 60, feasible: ['n1', 'n2'], filter: { n1: [], n2: [] }, selected: 'n1' })]);
  const step = (s: Partial<LessonStep>): LessonStep => ({ cycle: 1, phase: 'filter', text: 'Only n2 passes.', facts: [{ says: 'Only n2', fact: { kind: 'feasible', cycle: 1 }, is: 'n2' }], ...s });

  it.each([
    ['words that are not in the text', [step({ text: 'One node passes.' })]],
    ['a value the engine does not have', [step({ facts: [{ says: 'Only n2', fact: { kind: 'feasible', cycle: 1 }, is: 'n1' }] })]],
    ['a fact the screen has not shown yet (the filter result at queue)', [step({ phase: 'queue' })]],
    ['a fact of a later cycle', [step({ facts: [{ says: 'Only n2', fact: { kind: 'selected', cycle: 2 }, is: 'n1' }] })]],
    ['a text still up when a later cycle shows another value', [step({}), { cycle: 2, phase: 'done' as const, text: 'Done.' }]],
  ])('flags %s', (_name, steps) => {
    expect(checkStepFacts(lesson({ steps, questions: [] }), r)).not.toEqual([]);
  });

  it('flags a text that answers an open question', () => {
    const q = question({ atCycle: 1, atPhase: 'filter', reveal: { fact: { kind: 'selected', cycle: 1 } }, choices: ['n1', 'n2'], answer: 1 });
    const steps = [
      step({ text: 'n2 is the only feasible node.', facts: [{ says: 'n2 is the only feasible', fact: { kind: 'feasible', cycle: 1 }, is: 'n2' }] }),
      { cycle: 2, phase: 'queue' as const, text: 'Next.' },
    ];
    const problems = checkStepFacts(lesson({ steps, questions: [q] }), r);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('is open');
  });

  it('accepts a premise that does not give the answer away (two feasible nodes, where does the pod go?)', () => {
    const two = result([cycle({ feasible: ['n1', 'n2'], filter: { n1: [], n2: [] } })]);
    const q = question({ atCycle: 1, atPhase: 'filter', reveal: { fact: { kind: 'selected', cycle: 1 } }, choices: ['n1', 'n2'], answer: 1 });
    const steps = [step({ text: 'Both pass.', facts: [{ says: 'Both pass', fact: { kind: 'feasible', cycle: 1 }, is: 'n1, n2' }] })];
    expect(checkStepFacts(lesson({ steps, questions: [q] }), two)).toEqual([]);
  });

  it('accepts true facts shown in time, replaced before they go stale', () => {
    const steps = [step({}), { cycle: 2, phase: 'queue' as const, text: 'At 60 s, again.', facts: [{ says: '60 s', fact: { kind: 'time' as const, cycle: 2 }, is: '60' }] }];
    expect(checkStepFacts(lesson({ steps, questions: [] }), r)).toEqual([]);
  });
});

describe('shownAt and queueAtEndOf', () => {
  const moves = (pod: string, ...to: [QueueMove['to'], QueueMove['from']?][]): QueueMove[] => to.map(([t, f]) => ({ time: 0, pod, to: t, ...(f ? { from: f } : {}), reason: '' }));
  const gang: SimulationResult = {
    ...result([
      cycle({ cycle: 1, pod: 'default/w0', permitWait: { time: 0, allowed: true, cycle: 2 } }),
      cycle({ cycle: 2, pod: 'default/w1', permitReleased: ['default/w0'] }),
    ]),
    pods: [
      { pod: 'default/w0', phase: 'Running', node: 'n2', priority: 0, schedulerName: 'default-scheduler' },
      { pod: 'default/w1', phase: 'Running', node: 'n2', priority: 0, schedulerName: 'default-scheduler' },
    ],
    events: [
      { time: 0, type: 'Normal', reason: 'Scheduled', object: 'Pod/default/w0', message: '' },
      { time: 0, type: 'Normal', reason: 'Scheduled', object: 'Pod/default/w1', message: '' },
    ],
    queue: [
      ...moves('default/w0', ['activeQ'], ['scheduling', 'activeQ'], ['waitingOnPermit', 'scheduling']),
      ...moves('default/w1', ['activeQ'], ['scheduling', 'activeQ']),
      ...moves('default/w0', ['scheduling', 'waitingOnPermit'], ['bound', 'scheduling']),
      ...moves('default/w1', ['bound', 'scheduling']),
    ],
  };

  it('shows an event with the last step of its cycle: a Scheduled event of a pod that waited at Permit with the cycle that released it', () => {
    const events = timeEvents(gang.cycles, gang.events);
    expect(shownAt({ kind: 'event', object: 'Pod/default/w0', reason: 'Scheduled' }, gang, events)).toEqual({ cycle: 2, phase: 'done' });
    // before the first cycle: from its first step; without the events: at the end of the run
    const early = [{ object: 'Pod/default/x', reason: 'FailedCreate', message: '', time: 0, cycle: 0 }];
    expect(revealPosition({ kind: 'event', object: 'Pod/default/x', reason: 'FailedCreate' }, { cycles: gang.cycles, events: early })).toEqual({ cycle: 1, phase: 'queue' });
    expect(revealPosition({ kind: 'event', object: 'Pod/default/x', reason: 'FailedCreate' }, { cycles: { length: 7 } })).toEqual({ cycle: 7, phase: 'done' });
  });

  // issue 19: descheduler-balance's 90 s eviction, between cycle 8 (30 s) and cycle 9 (90 s), was
  // revealed at cycle 8's last step, where the stage is still at 30 s
  it('shows an event between two cycles with the next cycle\'s first step, one at a cycle\'s second with its last step', () => {
    const cycles = [{ time: 0 }, { time: 30 }, { time: 90 }];
    const at = (time: number, cycle: number) => revealPosition({ kind: 'event', object: 'Pod/default/x', reason: 'Descheduled' },
      { cycles, events: [{ object: 'Pod/default/x', reason: 'Descheduled', message: '', time, cycle }] });
    expect(at(90, 2)).toEqual({ cycle: 3, phase: 'queue' });
    expect(at(45, 2)).toEqual({ cycle: 3, phase: 'queue' });
    expect(at(30, 2)).toEqual({ cycle: 2, phase: 'done' });
    // after the last cycle: the run's last step (a lesson's moment draws that second)
    expect(at(120, 3)).toEqual({ cycle: 3, phase: 'done' });
    // the cycles not all arrived: the next one, once it comes
    expect(revealPosition({ kind: 'event', object: 'Pod/default/x', reason: 'Descheduled' },
      { cycles: { length: Number.POSITIVE_INFINITY, 0: { time: 0 } }, events: [{ object: 'Pod/default/x', reason: 'Descheduled', message: '', time: 10, cycle: 1 }] }))
      .toEqual({ cycle: 2, phase: 'queue' });
  });

  it('reads where a pod is when each cycle ends', () => {
    expect(queueAtEndOf(gang, 1).get('default/w0')).toBe('waitingOnPermit');
    expect(readFact(gang, { kind: 'queue', cycle: 1, pod: 'default/w1' })).toBe('activeQ');
    expect(readFact(gang, { kind: 'queue', cycle: 2, pod: 'default/w0' })).toBe('bound');
  });
});

describe('readFact', () => {
  const r = result([cycle({ postFilter: { candidates: [], chosen: { node: 'n1', victims: ['default/b', 'default/a'] } } })]);

  it.each([
    [{ kind: 'feasible', cycle: 1 } as const, 'n2'],
    [{ kind: 'rejectedBy', cycle: 1, node: 'n1' } as const, 'TaintToleration'],
    [{ kind: 'rejectedBy', cycle: 1, node: 'n2' } as const, 'none'],
    [{ kind: 'filterReason', cycle: 1, node: 'n1' } as const, 'node(s) had untolerated taint(s)'],
    [{ kind: 'untoleratedTaint', cycle: 1, node: 'n1' } as const, 'k=v:NoSchedule'],
    [{ kind: 'untoleratedTaint', cycle: 1, node: 'n2' } as const, 'none'],
    [{ kind: 'victims', cycle: 1 } as const, 'default/a, default/b'],
    [{ kind: 'scored', cycle: 1 } as const, 'no'],
    [{ kind: 'evictedAt', pod: 'default/p' } as const, 'never'],
  ])('reads %j as %s', (fact, value) => {
    expect(readFact(r, fact)).toBe(value);
  });
});

describe('checkLessonShape', () => {
  it.each([
    ['an answer out of range', lesson({ questions: [question({ answer: 2 })] })],
    ['values not matching the choices', lesson({ questions: [question({ reveal: { fact: { kind: 'feasible', cycle: 1 }, values: ['n1'] } })] })],
    ['two choices with one value', lesson({ questions: [question({ reveal: { fact: { kind: 'feasible', cycle: 1 }, values: ['n1', 'n1'] } })] })],
    ['no questions', lesson({ questions: [] })],
    ['four questions', lesson({ questions: [question({}), question({}), question({}), question({})] })],
    ['an id that is not kebab-case', lesson({ id: 'Node Selector' })],
  ])('flags %s', (_name, l) => {
    expect(checkLessonShape(l)).not.toEqual([]);
  });

  it('accepts a well-formed lesson', () => {
    expect(checkLessonShape(lesson({}))).toEqual([]);
  });
});
