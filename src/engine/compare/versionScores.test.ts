// One pod's scores read from a run of the scenario at each version (the upgrade lesson's stage).
import { describe, expect, it } from 'vitest';
import { balancedAllocationUpgrade } from '../testing/versionScenarios';
import { scoresByVersion } from './versionScores';

const BALANCED = 'NodeResourcesBalancedAllocation';

describe('scoresByVersion', () => {
  it.each([
    // PR #135573: v1.35 scores the balance with the pod, v1.36+ the change it makes
    { version: '1.35' as const, selected: 'n-even', even: 95, cpu: 75 },
    { version: '1.36' as const, selected: 'n-cpu', even: 72, cpu: 77 },
    { version: '1.37' as const, selected: 'n-cpu', even: 72, cpu: 77 },
  ])('v$version: BalancedAllocation and the node selected', ({ version, selected, even, cpu }) => {
    const out = scoresByVersion(balancedAllocationUpgrade(), [version], 'default/p', ['n-even', 'n-cpu']);
    if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('\n'));
    const [run] = out.scores.runs;
    expect(run).toMatchObject({ version, selected });
    expect(run!.nodes.map((n) => [n.node, n.plugins[BALANCED]])).toEqual([['n-even', even], ['n-cpu', cpu]]);
    // the total is the run's weighted sum, not recomputed: every plugin counts in it
    for (const n of run!.nodes) expect(n.total).toBeGreaterThan(n.plugins[BALANCED]!);
  });

  it('keeps the versions in the order asked, and leaves out nodes the cycle did not score', () => {
    const out = scoresByVersion(balancedAllocationUpgrade(), ['1.37', '1.35'], 'default/p', ['n-cpu', 'no-such-node']);
    if (!out.ok) throw new Error('failed');
    expect(out.scores.runs.map((r) => [r.version, r.nodes.map((n) => n.node)])).toEqual([['1.37', ['n-cpu']], ['1.35', ['n-cpu']]]);
  });

  it('a pod no cycle scored gives runs without nodes', () => {
    const out = scoresByVersion(balancedAllocationUpgrade(), ['1.35'], 'default/even', ['n-even']);
    expect(out.ok && out.scores.runs).toEqual([{ version: '1.35', nodes: [] }]);
  });

  it('a scenario that does not load gives its errors', () => {
    const out = scoresByVersion('kind: Pod\nmetadata: {}\n', ['1.35'], 'default/p', []);
    expect(out.ok).toBe(false);
  });
});
