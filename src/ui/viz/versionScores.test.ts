// The data the upgrade lesson's stage draws where the pod moves: BalancedAllocation per node at
// v1.35 and v1.37, each column from the engine's run at that version, arranged oldest first.
import { describe, expect, it } from 'vitest';
import { scoresByVersion, type VersionScores } from '../../engine/experiments';
import { UPGRADE_VERSIONS, upgradeBalancedAllocationLesson } from '../../lessons/catalog/upgrade';
import { versionScoreTable } from './versionScores';

describe('versionScoreTable', () => {
  it('the upgrade lesson: v1.35 picks even-node on 95 against 75, v1.37 cpu-node on 77 against 72 (PR #135573)', () => {
    const points = upgradeBalancedAllocationLesson.story!.filter((p) => p.versions !== undefined);
    expect(points.map((p) => p.at)).toEqual([{ cycle: 1, phase: 'select' }, { cycle: 1, phase: 'done' }]);
    const { other, pod, plugin, nodes } = UPGRADE_VERSIONS;
    // the lesson runs v1.37; the stage asks for the other version first, as VersionScoresPanel does
    const out = scoresByVersion(upgradeBalancedAllocationLesson.scenario, [other, '1.37'], pod, nodes, { fileName: 'upgrade.yaml' });
    if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('\n'));
    const table = versionScoreTable(out.scores, plugin, nodes);
    expect(table.versions).toEqual(['1.35', '1.37']);
    expect(table.selected).toEqual(['even-node', 'cpu-node']);
    expect(table.rows.map((r) => [r.node, r.cells.map((c) => [c.version, c.score, c.selected])])).toEqual([
      ['even-node', [['1.35', 95, true], ['1.37', 72, false]]],
      ['cpu-node', [['1.35', 75, false], ['1.37', 77, true]]],
    ]);
    // the balance before cache, which the text quotes (100 → 95, 70 → 75: issue 19, only in text before)
    expect(table.rows.map((r) => [r.node, r.balanceBefore])).toEqual([['even-node', 100], ['cpu-node', 70]]);
  });

  it.each([
    { name: 'newer run first: columns still oldest first', runs: ['1.37', '1.35'] as const, want: ['1.35', '1.37'] },
    { name: 'three versions', runs: ['1.36', '1.35', '1.37'] as const, want: ['1.35', '1.36', '1.37'] },
  ])('$name', ({ runs, want }) => {
    const scores: VersionScores = { pod: 'default/p', runs: runs.map((version) => ({ version, selected: 'a', nodes: [{ node: 'a', plugins: { P: Number(version.slice(2)) }, total: 0, balanceBefore: 100 }] })) };
    const table = versionScoreTable(scores, 'P', ['a']);
    expect(table.versions).toEqual(want);
    expect(table.rows[0]!.cells.map((c) => c.score)).toEqual(want.map((v) => Number(v.slice(2))));
  });

  it('a node a run did not score, or a plugin it did not run, has no score', () => {
    const scores: VersionScores = { pod: 'default/p', runs: [{ version: '1.35', nodes: [{ node: 'a', plugins: { Other: 3 }, total: 3, balanceBefore: 100 }] }] };
    expect(versionScoreTable(scores, 'P', ['a', 'b']).rows.map((r) => r.cells)).toEqual([
      [{ version: '1.35', selected: false }],
      [{ version: '1.35', selected: false }],
    ]);
  });
});
