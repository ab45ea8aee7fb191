// The upgrade preview's worker work without the worker, and the versions it starts from.
import { describe, expect, it } from 'vitest';
import { balancedAllocationUpgrade } from '../../engine/testing/versionScenarios';
import { runVersionCompare, type VersionCompareReply } from './runVersions';
import { defaultVersionPair } from './UpgradePreview';

function replies(request: Parameters<typeof runVersionCompare>[0]): VersionCompareReply[] {
  const out: VersionCompareReply[] = [];
  runVersionCompare(request, (r) => out.push(r));
  return out;
}

describe('runVersionCompare', () => {
  it('1.35 -> 1.37: the pod BalancedAllocation moves, with its cause', () => {
    const out = replies({ id: 3, kind: 'versions', text: balancedAllocationUpgrade('1.35'), fileName: 'ba.yaml', from: '1.35', to: '1.37' });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ type: 'versions', id: 3, comparison: { from: '1.35', to: '1.37', unchanged: 2, differences: [{ pod: 'default/p', kind: 'placed-differently', before: { node: 'n-even' }, after: { node: 'n-cpu' }, causes: [{ id: 'balancedAllocationDelta', pr: 135573 }] }] } });
  });

  it('a scenario with errors: its problems, at their lines', () => {
    const out = replies({ id: 4, kind: 'versions', text: 'apiVersion: podplay/v1alpha1\nkind: Scenario\nspec: {kubernetesVersion: "1.99"}\n', fileName: 's.yaml', from: '1.35', to: '1.37' });
    expect(out).toEqual([expect.objectContaining({ type: 'error', id: 4, which: 'a', errors: [expect.objectContaining({ file: 's.yaml', line: 3 })] })]);
  });
});

describe('defaultVersionPair', () => {
  it.each([
    ['the scenario\'s version to the newest', '1.35', { from: '1.35', to: '1.37' }],
    ['1.36 to the newest', '1.36', { from: '1.36', to: '1.37' }],
    ['already the newest: from the oldest', '1.37', { from: '1.35', to: '1.37' }],
    ['no run yet: from the oldest', undefined, { from: '1.35', to: '1.37' }],
  ])('%s', (_name, version, pair) => {
    expect(defaultVersionPair(version)).toEqual(pair);
  });
});
