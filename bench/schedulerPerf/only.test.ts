import { describe, expect, it } from 'vitest';
import { onlyMatcher } from './only';
import { workloads } from './workloads';

const picked = (only: string | undefined) => workloads.map((w) => w.name).filter(onlyMatcher(only));

describe('--only', () => {
  it.each([
    // a bare name is exact: SchedulingBasic50000Pods is not run with it
    { only: 'SchedulingBasic', want: ['SchedulingBasic'] },
    { only: 'SchedulingBasic*', want: ['SchedulingBasic', 'SchedulingBasic50000Pods'] },
    { only: 'ExtendedResourceScoring?000Pods', want: ['ExtendedResourceScoring2000Pods', 'ExtendedResourceScoring5000Pods'] },
    { only: 'SchedulingDaemonset, TopologySpreading', want: ['TopologySpreading', 'SchedulingDaemonset'] },
    { only: 'Basic', want: [] },
  ])('$only', ({ only, want }) => {
    expect(picked(only)).toEqual(want);
  });

  it('runs every workload without --only', () => {
    expect(picked(undefined)).toHaveLength(workloads.length);
  });
});
