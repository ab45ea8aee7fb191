import { describe, expect, it } from 'vitest';
import type { CycleSummary } from '../../worker/protocol';
import { longestPhase } from './CycleIndicator';

const cycle = (phases: CycleSummary['phases']): CycleSummary => ({ cycle: 1, time: 0, pod: 'default/p', result: 'Scheduled', phases });

describe('longestPhase: the step the header keeps room for', () => {
  it.each([
    { name: 'no cycles yet', cycles: [], want: '' },
    { name: 'a plain cycle: PostFilter is the longest', cycles: [cycle(['PreFilter', 'Filter', 'PostFilter'])], want: 'PostFilter' },
    { name: 'a pod-group cycle later in the run', cycles: [cycle(['PreFilter', 'Filter', 'Bind']), cycle(['PlacementGenerate', 'PlacementScore', 'PreFilter'])], want: 'PlacementGenerate' },
    { name: 'PodGroupPostFilter, one letter longer than PlacementGenerate', cycles: [cycle(['PlacementGenerate', 'PodGroupPostFilter'])], want: 'PodGroupPostFilter' },
  ])('$name', ({ cycles, want }) => {
    expect(longestPhase(cycles)).toBe(want);
  });
});
