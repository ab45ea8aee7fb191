// Checks a lesson against a simulation result: the stated outcome, the narration's positions
// and the predict questions' answers. Each function returns the problems it found as
// sentences (empty when the lesson is true to the trace).

import type { CycleTrace, SimulationResult } from '../engine/api';
import { timeEvents } from '../worker/session';
import { NONE, comparePositions, cycleOf, phaseExists, readFact, rejection, revealPosition, shownAt, untoleratedTaint, type PlaybackPosition, type RevealContext } from './facts';
import { isCyclePosition, lessonStory } from './story';
import { LESSON_PHASES, type CycleExpectation, type Lesson, type LessonOutcome, type PodExpectation, type StepFact, type TraceFact } from './types';

const show = (v: unknown): string => JSON.stringify(v);

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
}

function oneOf(expected: string | string[], actual: string | undefined): boolean {
  return Array.isArray(expected) ? actual !== undefined && expected.includes(actual) : expected === actual;
}

function checkCycle(e: CycleExpectation, trace: CycleTrace): string[] {
  const problems: string[] = [];
  const at = `cycle ${e.cycle}`;
  const expect = (what: string, ok: boolean, expected: unknown, actual: unknown) => {
    if (!ok) problems.push(`${at}: ${what}: expected ${show(expected)}, trace has ${show(actual)}`);
  };
  expect('pod', oneOf(e.pod, trace.pod), e.pod, trace.pod);
  if (e.profile !== undefined) expect('profile', trace.profile === e.profile, e.profile, trace.profile);
  if (e.time !== undefined) expect('time', trace.time === e.time, e.time, trace.time);
  if (e.result !== undefined) expect('result', trace.result === e.result, e.result, trace.result);
  if (e.selected !== undefined) {
    expect('selected', e.selected === null ? trace.selected === undefined : oneOf(e.selected, trace.selected), e.selected, trace.selected ?? null);
  }
  if (e.feasible) expect('feasible nodes', sameSet(e.feasible, trace.feasible), [...e.feasible].sort(), [...trace.feasible].sort());
  if (e.feasibleCount !== undefined) expect('number of feasible nodes', trace.feasible.length === e.feasibleCount, e.feasibleCount, trace.feasible.length);
  if (e.nodesEvaluated !== undefined) expect('nodes evaluated', trace.nodesEvaluated.length === e.nodesEvaluated, e.nodesEvaluated, trace.nodesEvaluated.length);
  if (e.firstNodeEvaluated !== undefined) expect('first node evaluated', trace.nodesEvaluated[0] === e.firstNodeEvaluated, e.firstNodeEvaluated, trace.nodesEvaluated[0]);
  for (const [node, verdict] of Object.entries(e.filtered ?? {})) {
    const r = rejection(trace, node);
    const ok = r !== undefined && r.plugin === verdict.plugin && (r.reasons ?? []).includes(verdict.reason)
      && (verdict.code === undefined || r.code === verdict.code) && (verdict.taint === undefined || untoleratedTaint(trace, node) === verdict.taint);
    expect(`Filter verdict on ${node}`, ok, verdict, r ?? 'passed every Filter plugin');
  }
  if (e.scored !== undefined) expect('scored', (trace.score !== undefined) === e.scored, e.scored, trace.score !== undefined);
  for (const [node, plugins] of Object.entries(e.scores ?? {})) {
    for (const [plugin, score] of Object.entries(plugins)) {
      const actual = trace.score?.[node]?.plugins[plugin]?.normalized;
      expect(`${plugin} score of ${node}`, actual === score, score, actual ?? 'not scored');
    }
  }
  if (e.preemption !== undefined) {
    const chosen = trace.postFilter?.chosen;
    const ok = e.preemption === null ? chosen === undefined : chosen !== undefined && chosen.node === e.preemption.node && sameSet(chosen.victims, e.preemption.victims);
    expect('preemption', ok, e.preemption, chosen ?? null);
  }
  if (e.candidates) {
    const norm = (cs: { node: string; victims: string[]; pdbViolations: number }[]) =>
      cs.map((c) => `${c.node} [${[...c.victims].sort().join(' ')}] pdbViolations=${c.pdbViolations}`).sort();
    const actual = norm(trace.postFilter?.candidates ?? []);
    expect('preemption candidates', sameSet(norm(e.candidates), actual), norm(e.candidates), actual);
  }
  for (const [plugin, code] of Object.entries(e.permit ?? {})) {
    const actual = trace.permit?.find((p) => p.plugin === plugin)?.code;
    expect(`Permit verdict of ${plugin}`, actual === code, code, actual ?? 'no verdict');
  }
  for (const part of e.messageIncludes ?? []) {
    expect('FailedScheduling message', (trace.message ?? '').includes(part), `…${part}…`, trace.message ?? null);
  }
  return problems;
}

function checkPod(e: PodExpectation, result: SimulationResult): string[] {
  const out = result.pods.find((p) => p.pod === e.pod);
  if (!out) return [`pod ${e.pod}: not in the result`];
  const problems: string[] = [];
  const expect = (what: string, ok: boolean, expected: unknown, actual: unknown) => {
    if (!ok) problems.push(`pod ${e.pod}: ${what}: expected ${show(expected)}, result has ${show(actual)}`);
  };
  if (e.node !== undefined) expect('node', e.node === null ? out.node === undefined : oneOf(e.node, out.node), e.node, out.node ?? null);
  if (e.phase !== undefined) expect('phase', out.phase === e.phase, e.phase, out.phase);
  if (e.reason !== undefined) expect('reason', out.reason === e.reason, e.reason, out.reason ?? null);
  if (e.nominatedNode !== undefined) {
    expect('nominated node', (out.nominatedNode ?? null) === e.nominatedNode, e.nominatedNode, out.nominatedNode ?? null);
  }
  if (e.deleted !== undefined) expect('deleted', (out.deletedAt !== undefined) === e.deleted, e.deleted, out.deletedAt !== undefined);
  for (const part of e.messageIncludes ?? []) expect('message', (out.message ?? '').includes(part), `…${part}…`, out.message ?? null);
  return problems;
}

export function checkOutcome(outcome: LessonOutcome, result: SimulationResult): string[] {
  const problems: string[] = [];
  if (outcome.cycleCount !== undefined && result.cycles.length !== outcome.cycleCount) {
    problems.push(`expected ${outcome.cycleCount} scheduling cycles, trace has ${result.cycles.length} (${result.cycles.map((c) => `${c.cycle}:${c.pod}@${c.time}s`).join(', ')})`);
  }
  for (const e of outcome.cycles) {
    const trace = cycleOf(result, e.cycle);
    if (!trace) problems.push(`cycle ${e.cycle}: not in the trace (${result.cycles.length} cycles)`);
    else problems.push(...checkCycle(e, trace));
  }
  for (const e of outcome.pods) problems.push(...checkPod(e, result));
  for (const e of outcome.events ?? []) {
    const found = result.events.some((ev) => ev.object === e.object && ev.reason === e.reason
      && (e.type === undefined || ev.type === e.type) && (e.time === undefined || ev.time === e.time)
      && (e.messageIncludes === undefined || ev.message.includes(e.messageIncludes)));
    if (!found) {
      const seen = result.events.filter((ev) => ev.object === e.object).map((ev) => `${ev.time}s ${ev.reason}: ${ev.message}`);
      problems.push(`event ${show(e)} not found; events of ${e.object}: ${show(seen)}`);
    }
  }
  for (const group of outcome.distinctNodes ?? []) {
    const nodes = group.map((pod) => result.pods.find((p) => p.pod === pod)?.node);
    if (nodes.some((n) => n === undefined) || new Set(nodes).size !== nodes.length) {
      problems.push(`pods ${group.join(', ')}: expected on pairwise different nodes, result has ${show(nodes)}`);
    }
  }
  return problems;
}

/** Every story point at a cycle points at a phase the trace shows, and an event point at an event of the run. */
export function checkSteps(lesson: Lesson, result: SimulationResult): string[] {
  const problems: string[] = [];
  const story = lessonStory(lesson);
  story.points.forEach((point, i) => {
    const at = point.at;
    if (!isCyclePosition(at)) {
      if (!result.events.some((e) => e.reason === at.event.reason && e.object === at.event.object)) {
        problems.push(`story point ${i + 1}: no ${at.event.reason} event about ${at.event.object} in the run`);
      }
      return;
    }
    const trace = cycleOf(result, at.cycle);
    if (!trace) problems.push(`story point ${i + 1}: cycle ${at.cycle} is not in the trace (${result.cycles.length} cycles)`);
    else if (!phaseExists(trace, at.phase)) problems.push(`story point ${i + 1}: cycle ${at.cycle} (${trace.pod}) has no ${at.phase} phase`);
    const earlier = story.points.slice(0, i).find((p) => isCyclePosition(p.at) && comparePositions(p.at, at) > 0);
    if (earlier !== undefined) problems.push(`story point ${i + 1}: comes before point ${story.points.indexOf(earlier) + 1} in the playback`);
  });
  return problems;
}

/** Every question is asked at a shown position, before the trace reveals its answer, and the answer is what the trace shows. */
export function checkQuestions(lesson: Lesson, result: SimulationResult): string[] {
  const problems: string[] = [];
  const story = lessonStory(lesson);
  const run = playbackOf(result);
  story.questions.forEach((q, i) => {
    const at = `question ${i + 1} (${show(q.prompt.slice(0, 40))}…)`;
    // the older form names the point each question is asked before: it must be one the trace shows
    const pinned = lesson.questions?.[i];
    if (pinned !== undefined) {
      const trace = cycleOf(result, pinned.atCycle);
      if (!trace) problems.push(`${at}: asked at cycle ${pinned.atCycle}, which is not in the trace`);
      else if (!phaseExists(trace, pinned.atPhase)) problems.push(`${at}: asked at the ${pinned.atPhase} phase of cycle ${pinned.atCycle}, which the trace does not show`);
    }
    const asked = story.points[q.point]?.at;
    const reveal = revealPosition(q.reveal.fact, run);
    if (asked !== undefined && isCyclePosition(asked) && comparePositions(asked, reveal) >= 0) {
      problems.push(`${at}: asked at cycle ${asked.cycle} ${asked.phase}, where its answer already shows (cycle ${reveal.cycle} ${reveal.phase})`);
    }
    const values = q.reveal.values ?? q.choices;
    const actual = readFact(result, q.reveal.fact);
    if (actual === undefined) problems.push(`${at}: ${show(q.reveal.fact)} is not in the trace`);
    else if (values[q.answer] !== actual) {
      const chosen = values.indexOf(actual);
      problems.push(`${at}: answer is ${show(q.choices[q.answer])} (${show(values[q.answer])}), trace shows ${show(actual)}${chosen >= 0 ? ` = choice ${show(q.choices[chosen])}` : ', which is no choice'}`);
    }
  });
  return problems;
}

/** The run as the playback shows it: its cycles and its events, each in the cycle it shows with. */
function playbackOf(result: SimulationResult): RevealContext {
  return { cycles: result.cycles, events: timeEvents(result.cycles, result.events) };
}

const where = (p: PlaybackPosition): string => `cycle ${p.cycle} ${p.phase}`;

/** For each kind of answer, the other kinds of fact that give it away (a fact always gives itself away). */
const FILTER_VERDICTS: TraceFact['kind'][] = ['feasible', 'feasibleCount', 'rejectedBy', 'filterReason', 'untoleratedTaint', 'spread'];
const PREEMPTION: TraceFact['kind'][] = ['victims', 'nominatedNode', 'candidate', 'preemptionDecidedBy'];
const GIVES_AWAY: Partial<Record<TraceFact['kind'], TraceFact['kind'][]>> = {
  feasible: FILTER_VERDICTS, feasibleCount: FILTER_VERDICTS, rejectedBy: FILTER_VERDICTS, filterReason: FILTER_VERDICTS, untoleratedTaint: FILTER_VERDICTS,
  selected: ['feasible', 'feasibleCount', 'score', 'total'],
  score: ['total'], total: ['score'],
  victims: PREEMPTION, nominatedNode: PREEMPTION,
  permit: ['queue', 'result'], result: ['permit', 'queue'],
  evictedAt: ['event', 'deletedAt'], event: ['evictedAt', 'deletedAt'], deletedAt: ['evictedAt', 'event'],
  nodesEvaluated: ['firstNodeEvaluated'], firstNodeEvaluated: ['nodesEvaluated'],
};

function subject(fact: TraceFact): string {
  if ('cycle' in fact) return `cycle ${fact.cycle}`;
  if (fact.kind === 'event') return fact.object;
  return 'pod' in fact ? `Pod/${fact.pod}` : 'node' in fact ? `Node/${fact.node}` : '';
}

/** Whether stating `fact` (with the value `is`) tells (part of) the answer `answer` reveals. */
function givesAway({ fact, is }: StepFact, answer: TraceFact): boolean {
  if (fact.kind !== answer.kind && !GIVES_AWAY[answer.kind]?.includes(fact.kind)) return false;
  // the feasible nodes tell where the pod goes only when there is one
  if (answer.kind === 'selected' && (fact.kind === 'feasible' || fact.kind === 'feasibleCount')) return is !== NONE && !is.includes(', ') && is !== '0' && (fact.kind === 'feasible' || is === '1');
  // the spread counts are the question's premise; the skew is Filter's verdict
  if (fact.kind === 'spread' && fact.field !== 'skew') return false;
  return subject(fact) === subject(answer);
}

/** The playback position just before `at` (the question shows there), or undefined before cycle 1. */
function positionBefore(at: PlaybackPosition, result: SimulationResult): PlaybackPosition | undefined {
  for (let c = at.cycle; c >= 1; c--) {
    const trace = cycleOf(result, c);
    if (!trace) continue;
    const phases = LESSON_PHASES.filter((p) => phaseExists(trace, p) && (c < at.cycle || comparePositions({ cycle: c, phase: p }, at) < 0));
    const last = phases.at(-1);
    if (last) return { cycle: c, phase: last };
  }
  return undefined;
}

/** Facts about one cycle that a later cycle shows anew (a text stating them goes stale there). */
const RESHOWN = new Set<TraceFact['kind']>(['feasible', 'feasibleCount', 'nodesEvaluated', 'selected', 'scored', 'result', 'nodeCount', 'victims', 'nominatedNode']);

/** The same fact about another cycle. */
function atCycle(fact: TraceFact, cycle: number): TraceFact | undefined {
  return RESHOWN.has(fact.kind) && 'cycle' in fact ? { ...fact, cycle } as TraceFact : undefined;
}

/**
 * What each step's text states (its facts) is true of the run where the text shows: the words are
 * in the text, the value is the engine's, the screen has shown it by then, it answers no question
 * still open, and it does not go stale while the text stays up (until the next step).
 */
export function checkStepFacts(lesson: Lesson, result: SimulationResult): string[] {
  const problems: string[] = [];
  const run = playbackOf(result);
  const last = result.cycles.at(-1);
  const end: PlaybackPosition = { cycle: last?.cycle ?? 1, phase: 'done' };
  // the story's points where the playback shows them (an event's point with the first step of
  // the cycle after it, or at the end of the run when none follows: taints-noexecute's eviction at
  // 90 s), and where each question is open: from the point before its pinned position (the older
  // form) or its own point
  const story = lessonStory(lesson);
  const steps = story.points.flatMap((p, i) => {
    const at = isCyclePosition(p.at) ? p.at : eventPointPosition(p.at.event, run, end);
    return at === undefined ? [] : [{ ...at, text: p.texts.join(' '), facts: lesson.story?.[i]?.facts ?? factsOfSteps(lesson, at) }];
  });
  const questions = story.questions.map((q) => {
    const pinned = lesson.questions?.[q.index];
    const point = story.points[q.point]?.at;
    const asked: PlaybackPosition = pinned !== undefined ? { cycle: pinned.atCycle, phase: pinned.atPhase }
      : point !== undefined && isCyclePosition(point) ? point : { cycle: 1, phase: 'queue' };
    return { q, asked, open: pinned !== undefined ? (positionBefore(asked, result) ?? asked) : asked };
  });
  steps.forEach((step, i) => {
    const at = `step ${i + 1} (${where(step)})`;
    const next = steps[i + 1];
    const until = next ?? end;
    for (const { says, fact, is } of step.facts ?? []) {
      const about = `${at}: ${show(says)}`;
      if (!step.text.includes(says)) problems.push(`${about}: not in the text`);
      const actual = readFact(result, fact);
      if (actual !== is) problems.push(`${about}: states ${show(is)}, the engine has ${show(actual ?? 'no such cycle')} (${show(fact)})`);
      const shown = shownAt(fact, result, run.events!);
      if (comparePositions(shown, step) > 0) problems.push(`${about}: the screen shows it only at ${where(shown)}`);
      // stale: the text stays up into later cycles that show the same fact with another value
      if (!('cycle' in fact)) continue;
      for (let c = fact.cycle + 1; c <= until.cycle; c++) {
        const later = atCycle(fact, c);
        const trace = cycleOf(result, c);
        if (!later || !trace) break;
        const pos = revealPosition(later, run);
        // (where the text itself stands, its author saw what the screen shows)
        if (!phaseExists(trace, pos.phase) || comparePositions(pos, step) <= 0 || comparePositions(pos, until) >= 0) continue;
        const value = readFact(result, later);
        if (value !== is) problems.push(`${about}: still on screen at ${where(pos)}, which shows ${show(value)}`);
      }
    }
    // no spoilers: from the step before a question's point (where it is asked) until its answer
    // shows, the text states nothing new that gives the answer away
    for (const { q, asked, open } of questions) {
      const answered = revealPosition(q.reveal.fact, run);
      if (comparePositions(step, open) < 0 || comparePositions(step, answered) >= 0) continue;
      for (const stated of step.facts ?? []) {
        const { says, fact } = stated;
        if (givesAway(stated, q.reveal.fact) && comparePositions(shownAt(fact, result, run.events!), open) >= 0) {
          problems.push(`${at}: ${show(says)} shows while question ${show(q.prompt.slice(0, 40))} is open (asked at ${where(asked)}, answered at ${where(answered)})`);
        }
      }
    }
  });
  return problems;
}

/** Where the playback shows an event's story point (lessonProgress.ts storySteps). */
function eventPointPosition(event: { reason: string; object: string }, run: RevealContext, end: PlaybackPosition): PlaybackPosition | undefined {
  const e = run.events?.find((ev) => ev.reason === event.reason && ev.object === event.object);
  if (e === undefined) return undefined;
  return e.cycle < run.cycles.length ? { cycle: e.cycle + 1, phase: 'queue' } : end;
}

/** The facts of the older form's steps at this position. */
function factsOfSteps(lesson: Lesson, at: PlaybackPosition): StepFact[] {
  return (lesson.steps ?? []).filter((s) => comparePositions(s, at) === 0).flatMap((s) => s.facts ?? []);
}

/** Shape rules that need no simulation. */
export function checkLessonShape(lesson: Lesson): string[] {
  const problems: string[] = [];
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(lesson.id)) problems.push(`id ${show(lesson.id)} is not kebab-case`);
  const story = lessonStory(lesson);
  if (lesson.story !== undefined && (lesson.steps !== undefined || lesson.questions !== undefined)) problems.push('both a story and steps or questions: write one form');
  if (story.points.length === 0) problems.push('no story points');
  if (story.questions.length < 1 || story.questions.length > 3) problems.push(`${story.questions.length} questions (1 to 3 wanted)`);
  story.questions.forEach((q, i) => {
    const values = q.reveal.values ?? q.choices;
    if (q.choices.length < 2) problems.push(`question ${i + 1}: fewer than two choices`);
    if (!Number.isInteger(q.answer) || q.answer < 0 || q.answer >= q.choices.length) problems.push(`question ${i + 1}: answer ${q.answer} is no choice`);
    if (values.length !== q.choices.length) problems.push(`question ${i + 1}: ${values.length} values for ${q.choices.length} choices`);
    if (new Set(values).size !== values.length) problems.push(`question ${i + 1}: two choices reveal the same value`);
    if (new Set(q.choices).size !== q.choices.length) problems.push(`question ${i + 1}: duplicate choices`);
  });
  return problems;
}
