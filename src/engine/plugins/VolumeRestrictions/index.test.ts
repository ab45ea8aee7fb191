// Ported from upstream pkg/scheduler/framework/plugins/volumerestrictions/volume_restrictions_test.go
// (TestGCEDiskConflicts, TestAWSDiskConflicts, TestRBDDiskConflicts, TestISCSIDiskConflicts,
// TestAccessModeConflicts) and the preemption what-if through the PreFilter extensions.
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { newPodInfo } from '../../framework/podInfo';
import type { Status } from '../../framework/status';
import type { PodVolume } from '../../model/storage';
import type { Pod } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv, runPreFilterAndFilter } from '../../testing/framework';
import { makePVC } from '../../testing/storage';
import { ErrReasonDiskConflict, ErrReasonReadWriteOncePodConflict, VolumeRestrictions } from './index';

const plain = (s: Status) => ({ code: s.code, reasons: s.reasons });
const SKIP = { code: 'Skip', reasons: [] };
const OK = { code: 'Success', reasons: [] };
const DISK = { code: 'Unschedulable', reasons: [ErrReasonDiskConflict] };

function run(pod: Pod, existing: Pod[], pvcs = [] as ReturnType<ReturnType<typeof makePVC>['obj']>[]) {
  const env = newTestEnv({ nodes: [makeNode().name('node-1').obj()], pods: existing.map((p) => ({ ...p, spec: { ...p.spec, nodeName: 'node-1' } })), storage: pvcs });
  const { preFilter, filter } = runPreFilterAndFilter(VolumeRestrictions.factory(undefined, env.handle), env, pod);
  return { preFilter: plain(preFilter), filter: plain(filter.get('node-1')!) };
}

const withVolume = (name: string, v: Omit<PodVolume, 'name'>) => makePod().name(name).volume({ name: 'v', ...v }).obj();

describe.each([
  { table: 'TestGCEDiskConflicts', a: { gcePersistentDisk: { pdName: 'foo' } }, b: { gcePersistentDisk: { pdName: 'bar' } } },
  { table: 'TestAWSDiskConflicts', a: { awsElasticBlockStore: { volumeID: 'foo' } }, b: { awsElasticBlockStore: { volumeID: 'bar' } } },
  { table: 'TestRBDDiskConflicts', a: { rbd: { monitors: ['a', 'b'], pool: 'foo', image: 'bar' } }, b: { rbd: { monitors: ['c', 'd'], pool: 'foo', image: 'bar' } } },
  { table: 'TestISCSIDiskConflicts', a: { iscsi: { iqn: 'iqn.2016-12.server:storage.target01' } }, b: { iscsi: { iqn: 'iqn.2017-12.server:storage.target01' } } },
])('VolumeRestrictions $table', ({ a, b }) => {
  it('nothing', () => expect(run(makePod().name('p').obj(), []).preFilter).toEqual(SKIP));
  it('one state', () => expect(run(makePod().name('p').obj(), [withVolume('e', a)]).preFilter).toEqual(SKIP));
  it('same state', () => expect(run(withVolume('p', a), [withVolume('e', a)])).toEqual({ preFilter: OK, filter: DISK }));
  it('different state', () => expect(run(withVolume('p', b), [withVolume('e', a)])).toEqual({ preFilter: OK, filter: OK }));
});

describe('VolumeRestrictions read-only mounts', () => {
  it('the same GCE disk mounted read-only by both pods does not conflict', () => {
    const ro = { gcePersistentDisk: { pdName: 'foo', readOnly: true } };
    expect(run(withVolume('p', ro), [withVolume('e', ro)]).filter).toEqual(OK);
  });
  it('pod with a volume that doesn\'t have restrictions (TestGCEDiskConflicts)', () => {
    expect(run(makePod().name('p').volume({ name: 'volume with no restriction', other: 'emptyDir' }).obj(), []).preFilter).toEqual(SKIP);
  });
});

describe('VolumeRestrictions TestAccessModeConflicts', () => {
  const rwop1 = makePVC().name('claim-with-rwop-1').accessModes(['ReadWriteOncePod']).obj();
  const rwop2 = makePVC().name('claim-with-rwop-2').accessModes(['ReadWriteOncePod']).obj();
  const rwx = makePVC().name('claim-with-rwx').accessModes(['ReadWriteMany']).obj();
  const podWithOnePVC = makePod().name('pod-with-one-pvc').namespace('default').pvc('claim-with-rwop-1').obj();
  const podWithTwoPVCs = makePod().name('pod-with-two-pvcs').namespace('default').pvc('claim-with-rwop-1').pvc('claim-with-rwop-2').obj();
  const podWithOneConflict = makePod().name('pod-with-one-conflict').namespace('default').pvc('claim-with-rwop-1').obj();
  const podWithTwoConflicts = makePod().name('pod-with-two-conflicts').namespace('default').pvc('claim-with-rwop-1').pvc('claim-with-rwop-2').obj();
  const podWithRWX = makePod().name('pod-with-rwx').namespace('default').pvc('claim-with-rwx').obj();
  const RWOP = { code: 'Unschedulable', reasons: [ErrReasonReadWriteOncePodConflict] };

  it('failed to get PVC', () => {
    expect(run(podWithOnePVC, []).preFilter).toEqual({ code: 'UnschedulableAndUnresolvable', reasons: ['persistentvolumeclaim "claim-with-rwop-1" not found'] });
  });
  it('no access mode conflict', () => {
    expect(run(podWithOnePVC, [podWithRWX], [rwop1, rwx]).preFilter).toEqual(SKIP);
  });
  it('access mode conflict, unschedulable', () => {
    expect(run(podWithOneConflict, [podWithOnePVC, podWithRWX], [rwop1, rwx])).toEqual({ preFilter: OK, filter: RWOP });
  });
  it('two conflicts, unschedulable', () => {
    expect(run(podWithTwoConflicts, [podWithTwoPVCs, podWithRWX], [rwop1, rwop2, rwx])).toEqual({ preFilter: OK, filter: RWOP });
  });
  it('removing the pod that holds the claim (preemption\'s RemovePod) clears the conflict', () => {
    const env = newTestEnv({ nodes: [makeNode().name('node-1').obj()], pods: [{ ...podWithOnePVC, spec: { ...podWithOnePVC.spec, nodeName: 'node-1' } }], storage: [rwop1] });
    const plugin = VolumeRestrictions.factory(undefined, env.handle);
    const state = new CycleState();
    const pi = newPodInfo(podWithOneConflict);
    expect(plugin.preFilter!(state, pi, env.snapshot.nodeInfoList).status.code).toBe('Success');
    const nodeInfo = env.snapshot.get('node-1')!;
    expect(plugin.filter!(state, pi, nodeInfo).code).toBe('Unschedulable');
    plugin.preFilterExtensions!()!.removePod(state, pi, nodeInfo.pods[0]!, nodeInfo);
    expect(plugin.filter!(state, pi, nodeInfo).code).toBe('Success');
  });
});
