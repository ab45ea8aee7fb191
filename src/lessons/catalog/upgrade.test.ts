// The upgrade lesson runs v1.37 and states what v1.35 did with the same cluster: those v1.35
// numbers are checked here, against the engine run at each version (kubernetes PR #135573).
import { describe, expect, it } from 'vitest';
import { simulate } from '../../engine';
import { withKubernetesVersion } from '../../interop/scenarioVersionEdit';
import { UPGRADE_CPU_NODE, UPGRADE_EVEN_NODE, upgradeBalancedAllocationLesson } from './upgrade';

function cacheCycle(version: '1.35' | '1.36' | '1.37') {
  const out = simulate(withKubernetesVersion(upgradeBalancedAllocationLesson.scenario, version), { fileName: 'upgrade.yaml' });
  if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('\n'));
  expect(out.result.kubernetesVersion.version).toBe(version);
  const cycle = out.result.cycles.find((c) => c.pod === 'default/cache');
  if (cycle === undefined) throw new Error('cache was never scheduled');
  const balanced = (node: string) => cycle.score?.[node]?.plugins['NodeResourcesBalancedAllocation']?.normalized;
  return { selected: cycle.selected, even: balanced(UPGRADE_EVEN_NODE), cpu: balanced(UPGRADE_CPU_NODE) };
}

describe('upgrade lesson: the same cluster per version', () => {
  it.each([
    { version: '1.35' as const, want: { selected: UPGRADE_EVEN_NODE, even: 95, cpu: 75 } },
    { version: '1.36' as const, want: { selected: UPGRADE_CPU_NODE, even: 72, cpu: 77 } },
    { version: '1.37' as const, want: { selected: UPGRADE_CPU_NODE, even: 72, cpu: 77 } },
  ])('v$version', ({ version, want }) => {
    expect(cacheCycle(version)).toEqual(want);
  });

  it('the lesson text quotes the v1.35 scores the engine computes', () => {
    const v135 = cacheCycle('1.35');
    const filterPoint = upgradeBalancedAllocationLesson.story?.find((p) => 'cycle' in p.at && p.at.phase === 'filter');
    expect(filterPoint?.text).toContain(`cache ran on ${v135.selected}`);
    expect(filterPoint?.text).toContain(`${v135.even} against ${v135.cpu}`);
  });
});
