// The gallery's shape, without running the engine: ids, question wiring, scenario YAML, coverage.

import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { checkLessonShape } from './check';
import { quotedNumbers } from './numbers';
import { OFF_STAGE } from './offStage';
import { lessonById, lessons } from './index';
import { lessonStory } from './story';
import { PRESENTER_TEXT, wrappedLines } from './textFit';

describe('lesson gallery', () => {
  it('has at least 14 lessons with unique ids', () => {
    expect(lessons.length).toBeGreaterThanOrEqual(14);
    expect(new Set(lessons.map((l) => l.id)).size).toBe(lessons.length);
  });

  it('finds each lesson by id, and nothing for an unknown id', () => {
    for (const l of lessons) expect(lessonById(l.id)).toBe(l);
    expect(lessonById('no-such-lesson')).toBeUndefined();
  });

  // The brief's list of topics, one lesson (at least) each.
  it.each([
    ['nodeSelector', 'node-selector'],
    ['required node affinity with Gt/Lt', 'node-affinity-required'],
    ['preferred node affinity with weights', 'node-affinity-preferred'],
    ['inter-pod affinity and anti-affinity', 'web-store'],
    ['NoSchedule', 'taints-noschedule'],
    ['PreferNoSchedule', 'taints-prefer-noschedule'],
    ['NoExecute with tolerationSeconds', 'taints-noexecute'],
    ['zone spread', 'spread-zone'],
    ['two spread constraints', 'spread-two-constraints'],
    ['an impossible spread', 'spread-conflict'],
    ['minDomains', 'spread-min-domains'],
    ['preemption with a PDB', 'preemption-pdb'],
    ['scheduling gates', 'scheduling-gates'],
    ['pod overhead', 'pod-overhead'],
    ['MostAllocated', 'bin-packing-most-allocated'],
    ['RequestedToCapacityRatio', 'bin-packing-rtcr'],
    ['percentageOfNodesToScore', 'percentage-of-nodes'],
    ['gang scheduling', 'gang-scheduling'],
    ['why is my pod Pending', 'why-pending'],
    ['the descheduler evicting, the scheduler re-placing', 'descheduler'],
    ['node-pressure eviction (kubelet ranking)', 'node-pressure-eviction'],
    ['API eviction refused by a PodDisruptionBudget', 'eviction-pdb'],
    ['two profiles, schedulerName', 'scheduler-profiles'],
    ['a legacy kind: Policy translated to a profile', 'legacy-policy'],
    ['a project (namespace) node selector', 'project-node-selector'],
    ['required inter-pod anti-affinity across zones', 'anti-affinity-zones'],
    // issue 19: the lessons the gallery lacked
    ['DaemonSets: one pod per node, their tolerations', 'daemonset'],
    ['preferred pod affinity and anti-affinity (weights)', 'pod-affinity-preferred'],
    ['whenUnsatisfiable: ScheduleAnyway', 'spread-schedule-anyway'],
    ['preemptionPolicy: Never', 'preemption-never'],
    ['requests vs limits and QoS classes', 'requests-limits-qos'],
    ["the descheduler's LowNodeUtilization and RemovePodsViolatingTopologySpreadConstraint", 'descheduler-balance'],
    ["NodeVolumeLimits and a StatefulSet's volumes per zone", 'volume-limits-statefulset'],
    ["matchLabelKeys and the cluster's default spread constraints", 'spread-defaults-match-label-keys'],
  ])('covers %s (%s)', (_topic, id) => {
    expect(lessonById(id)).toBeDefined();
  });
});

describe.each(lessons.map((l) => [l.id, l] as const))('lesson %s', (_id, lesson) => {
  it('is well formed (steps, 1–3 questions, answers among the choices)', () => {
    expect(checkLessonShape(lesson)).toEqual([]);
  });

  it('has a scenario that is valid YAML', () => {
    const errors = parseAllDocuments(lesson.scenario).flatMap((d) => ('errors' in d ? d.errors.map((e) => e.message) : []));
    expect(errors).toEqual([]);
  });

  it('links the Kubernetes docs', () => {
    expect(lesson.docs).toMatch(/^https:\/\/kubernetes\.io\/docs\//);
  });
});

// Issue 19: a projector shows at most 5 lines of lesson text per point (1280×720 presenter mode,
// 24 px); longer texts pushed the question below the fold. The line count is a budget measured
// with the widest font of the app's stack (textFit.ts).
describe('wrappedLines', () => {
  it.each([
    // rows measured in Chromium with DejaVu Sans at 24 px in a 450 px column
    ['one short line', 'One feasible node.', 1],
    ['three lines of words', 'Only nodes with every label pass; node-2 (disktype=hdd) fails and node-3 too.', 3],
    ['breaks after hyphens', 'requiredDuringSchedulingIgnoredDuringExecution-and-more-words-than-fit-in-one-line', 3],
    ['a word wider than the column counts the lines it would fill', 'x'.repeat(60), 2],
  ])('%s', (_name, text, lines) => {
    expect(wrappedLines(text)).toBe(lines);
  });
});

describe.each(lessons.map((l) => [l.id, l] as const))('lesson %s at 1280×720 presenter', (_id, lesson) => {
  it.each(lessonStory(lesson).points.map((p, i) => [i + 1, p.texts] as const))(`point %i's text fits in ${PRESENTER_TEXT.maxLines} lines`, (_point, texts) => {
    expect(texts.reduce((lines, text) => lines + wrappedLines(text), 0)).toBeLessThanOrEqual(PRESENTER_TEXT.maxLines);
  });
});

// Issue 19: a number a point's text quotes is on the stage (checked in the browser by
// e2e/clicker.spec.ts) or listed off stage with why; a listed number must be one the point quotes.
describe('numbers listed off stage', () => {
  const rows = Object.entries(OFF_STAGE).flatMap(([id, points]) => Object.entries(points).flatMap(([point, numbers]) =>
    Object.entries(numbers).map(([number, why]) => [id, Number(point), number, why] as const)));
  it.each(rows)('%s point %i: %s', (id, point, number, why) => {
    const lesson = lessonById(id);
    expect(lesson, `no lesson ${id}`).toBeDefined();
    const texts = lessonStory(lesson!).points[point - 1]?.texts;
    expect(texts, `${id} has no point ${point}`).toBeDefined();
    expect(quotedNumbers(texts!.join(' ')).filter((n) => !n.operand).map((n) => n.value), 'the point quotes it').toContain(number);
    expect(why.length).toBeGreaterThan(20);
  });
});
