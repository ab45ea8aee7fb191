import { describe, expect, it } from 'vitest';
import type { PlaybackPhase } from '../permalink/migrations';
import type { Phase } from '../worker/protocol';
import { linkPhaseOf, stepFor } from './permalinkState';

describe('stepFor: where a named point shows in a cycle', () => {
  const scheduled: Phase[] = ['PreFilter', 'Filter', 'Score', 'Select', 'Reserve', 'Permit', 'Bind'];
  const unschedulable: Phase[] = ['PreFilter', 'Filter', 'PostFilter'];
  const rows: { name: string; phases: Phase[]; phase: PlaybackPhase; step: number }[] = [
    { name: 'queue is the first step', phases: scheduled, phase: 'queue', step: 0 },
    { name: 'an extension point the cycle has', phases: scheduled, phase: 'filter', step: 1 },
    { name: 'preScore shows with Score', phases: scheduled, phase: 'preScore', step: 2 },
    { name: 'normalizeScore shows with Select (scores are normalized by then)', phases: scheduled, phase: 'normalizeScore', step: 3 },
    { name: 'done is the last step', phases: scheduled, phase: 'done', step: 6 },
    { name: 'done of a cycle that ends at PostFilter', phases: unschedulable, phase: 'done', step: 2 },
    { name: 'a point the cycle never reaches is its end', phases: unschedulable, phase: 'select', step: 2 },
    { name: 'postFilter of a cycle without one is the next step', phases: scheduled, phase: 'postFilter', step: 2 },
    { name: 'a cycle rejected at PreFilter', phases: ['PreFilter'], phase: 'filter', step: 0 },
  ];
  it.each(rows)('$name', ({ phases, phase, step }) => {
    expect(stepFor(phases, phase)).toBe(step);
  });

  it('names every extension point the way links and lessons do', () => {
    expect(scheduled.concat('PostFilter').map(linkPhaseOf)).toEqual(['preFilter', 'filter', 'score', 'select', 'reserve', 'permit', 'bind', 'postFilter']);
  });
});
