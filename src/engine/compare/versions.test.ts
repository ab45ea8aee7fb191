// The upgrade preview: a pod BalancedAllocation moves between 1.35 and 1.37 is listed with that
// change as its cause, singled out by re-running 1.37 with the change undone.
import { describe, expect, it } from 'vitest';
import { balancedAllocationUpgrade, draNameOrderUpgrade, imageVolumeUpgrade, storageCapacityUpgrade, volumeLimitScalingUpgrade } from '../testing/versionScenarios';
import { changesBetween, compareVersions, formatVersionComparison } from './versions';

describe('compareVersions', () => {
  it('lists the pod BalancedAllocation moves, caused by PR #135573 alone', () => {
    const out = compareVersions(balancedAllocationUpgrade(), '1.35', '1.37', { fileName: 'ba.yaml' });
    if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('\n'));
    const c = out.comparison;
    expect(c).toMatchObject({ from: '1.35', to: '1.37', unchanged: 2 });
    expect(c.differences).toHaveLength(1);
    const d = c.differences[0]!;
    expect(d).toMatchObject({ pod: 'default/p', kind: 'placed-differently', before: { node: 'n-even' }, after: { node: 'n-cpu' }, isolated: true });
    expect(d.causes.map((x) => [x.id, x.pr])).toEqual([['balancedAllocationDelta', 135573]]);
    expect(formatVersionComparison(c)).toContain('default/p: placed-differently\n  v1.35: on n-even\n  v1.37: on n-cpu\n  because of:\n    - NodeResourcesBalancedAllocation scores the change in balance (v1.36, kubernetes PR #135573)');
  });

  it('lists the pod the DRA allocator\'s name order moves, caused by PR #136641 alone', () => {
    const out = compareVersions(draNameOrderUpgrade(), '1.35', '1.37', { fileName: 'dra.yaml' });
    if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('\n'));
    expect(out.comparison.differences.map((d) => [d.pod, d.kind, d.before.node, d.after.node, d.causes.map((x) => [x.id, x.pr])])).toEqual([
      ['default/second', 'placed-differently', 'n1', 'n2', [['draNameOrder', 136641]]],
    ]);
  });

  it.each([
    { from: '1.35' as const, to: '1.36' as const, want: [] },
    { from: '1.36' as const, to: '1.37' as const, want: [['default/db', 'n-small', 'n-large', ['storageCapacityScoringBeta']]] },
    { from: '1.35' as const, to: '1.37' as const, want: [['default/db', 'n-small', 'n-large', ['storageCapacityScoringBeta']]] },
  ])('v$from -> v$to: VolumeBinding\'s storage-capacity score moves the pod only into v1.37 (KEP-4049)', ({ from, to, want }) => {
    const out = compareVersions(storageCapacityUpgrade(), from, to, { fileName: 'storage.yaml' });
    if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('\n'));
    expect(out.comparison.differences.map((d) => [d.pod, d.before.node, d.after.node, d.causes.map((x) => x.id)])).toEqual(want);
  });

  it.each([
    { from: '1.35' as const, to: '1.36' as const, want: [] },
    { from: '1.36' as const, to: '1.37' as const, want: [['default/db', 'n-new', 'n-old', [['volumeLimitScalingBeta', 140612]]]] },
  ])('v$from -> v$to: VolumeLimitScaling keeps the pod off the node without the CSI driver only from v1.37 (KEP-5030)', ({ from, to, want }) => {
    const out = compareVersions(volumeLimitScalingUpgrade(), from, to, { fileName: 'vls.yaml' });
    if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('\n'));
    expect(out.comparison.differences.map((d) => [d.pod, d.before.node, d.after.node, d.causes.map((x) => [x.id, x.pr])])).toEqual(want);
  });

  it.each([
    { from: '1.35' as const, to: '1.36' as const, want: [['default/p', 'n-plain', 'n-image', [['imageLocalityImageVolumes', 130231]]]] },
    { from: '1.36' as const, to: '1.37' as const, want: [['default/p', 'n-image', 'n-plain', [['imageLocalityImageVolumeThreshold', 138951]]]] },
    { from: '1.35' as const, to: '1.37' as const, want: [] },
  ])('v$from -> v$to: ImageLocality scores the image volume from v1.36, against a threshold counting it from v1.37', ({ from, to, want }) => {
    const out = compareVersions(imageVolumeUpgrade(), from, to, { fileName: 'image-volume.yaml' });
    if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('\n'));
    expect(out.comparison.differences.map((d) => [d.pod, d.before.node, d.after.node, d.causes.map((x) => [x.id, x.pr])])).toEqual(want);
  });

  it('a downgrade names the same change', () => {
    const out = compareVersions(balancedAllocationUpgrade(), '1.36', '1.35');
    if (!out.ok) throw new Error('failed');
    expect(out.comparison.differences.map((d) => [d.pod, d.before.node, d.after.node, d.causes.map((x) => x.id)])).toEqual([['default/p', 'n-cpu', 'n-even', ['balancedAllocationDelta']]]);
  });

  it('a scenario none of the changes between two versions touches differs in nothing', () => {
    // 1.37's changes are DRADeviceTaintRules on, an anti-affinity queueing hint, VolumeBinding's storage-capacity score,
    // VolumeLimitScaling, NodeDeclaredFeatures' reason, ImageLocality's image-volume threshold, a gated pod's
    // nomination, the DRA CEL hint, DynamicResources' quiet PostFilter, the Workload/PodGroup beta API and its gates folded into GenericWorkload; this scenario has no DRA, no anti-affinity, no gated pods, no volumes (VolumeBinding gives every node 0), no pod needing a declared feature, no pod groups and no pending pod
    expect(changesBetween('1.36', '1.37').map((c) => c.id)).toEqual(['draDeviceTaintRulesGA', 'interPodAffinityHintAnyAntiAffinityTerm', 'storageCapacityScoringBeta', 'volumeLimitScalingBeta', 'nodeDeclaredFeaturesReason137', 'imageLocalityImageVolumeThreshold', 'nominatedGatedPodOnAdd', 'draCelNoSuchKeyHint', 'draPostFilterQuietNoOp', 'workloadApiBeta', 'workloadGatesMerged', 'podGroupValidatesScheduledPods', 'podGroupValidatesPriority', 'podGroupReprieveByFilter']);
    const out = compareVersions(balancedAllocationUpgrade(), '1.36', '1.37');
    expect(out.ok && out.comparison).toMatchObject({ differences: [], unchanged: 3 });
  });

  it('passes scenario errors through', () => {
    const out = compareVersions('kind: Nope', '1.35', '1.37', { fileName: 'x.yaml' });
    expect(out.ok).toBe(false);
  });
});
