// The gallery's shape, without running the engine: ids, question wiring, scenario YAML, coverage.

import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { checkLessonShape } from './check';
import { lessonById, lessons } from './index';

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
