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

  // the balance before the pod, as the v1.35 formula gives it: even 5/10 and 5/10 → 100, cpu 8/10
  // and 2/10 → 100 × (1 − 0.6 / 2) = 70; v1.36's score is 50 + (50 + with − before) / 2, with the
  // balance with the pod being v1.35's score (PR #135573)
  it('gives each node\'s balance before the pod, which v1.36+ scores the change from', () => {
    const out = scoresByVersion(balancedAllocationUpgrade(), ['1.35', '1.37'], 'default/p', ['n-even', 'n-cpu']);
    if (!out.ok) throw new Error('failed');
    const [old, now] = out.scores.runs;
    expect(now!.nodes.map((n) => [n.node, n.balanceBefore])).toEqual([['n-even', 100], ['n-cpu', 70]]);
    now!.nodes.forEach((n, i) => {
      const withPod = old!.nodes[i]!.plugins[BALANCED]!;
      expect(n.plugins[BALANCED]).toBe(50 + Math.trunc((50 + withPod - n.balanceBefore) / 2));
    });
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
