// Ported from upstream pkg/scheduler/framework/plugins/volumezone/volume_zone_test.go
// (TestSingleZone, TestMultiZone, TestWithBinding). Not-found messages are the informer listers'
// (`storageclass.storage.k8s.io "x" not found`); upstream's fake listers in the test say
// `storageclasses.storage.k8s.io`.
import { describe, expect, it } from 'vitest';
import type { Status } from '../../framework/status';
import type { StorageObject } from '../../model/storage';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv, runPreFilterAndFilter } from '../../testing/framework';
import { makePV, makePVC, makeStorageClass } from '../../testing/storage';
import { ErrReasonConflict, VolumeZone } from './index';

const BETA_ZONE = 'failure-domain.beta.kubernetes.io/zone';
const BETA_REGION = 'failure-domain.beta.kubernetes.io/region';
const ZONE = 'topology.kubernetes.io/zone';
const REGION = 'topology.kubernetes.io/region';

const podWithVolume = (pvc: string) => makePod().name('pod_1').namespace('default').pvc(pvc).obj();
const conflict = { code: 'UnschedulableAndUnresolvable', reasons: [ErrReasonConflict] };
const ok = { code: 'Success', reasons: [] };
const plain = (s: Status) => ({ code: s.code, reasons: s.reasons });

function check(storage: StorageObject[], pod: ReturnType<typeof podWithVolume>, labels: Record<string, string | undefined>) {
  const env = newTestEnv({ nodes: [makeNode().name('host1').labels(labels as Record<string, string>).obj()], storage });
  const { preFilter, filter } = runPreFilterAndFilter(VolumeZone.factory(undefined, env.handle), env, pod);
  return { preFilter: plain(preFilter), filter: plain(filter.get('host1')!) };
}

describe('VolumeZone TestSingleZone', () => {
  const storage: StorageObject[] = [
    makePV().name('Vol_1').label(BETA_ZONE, 'us-west1-a').obj(),
    makePV().name('Vol_2').label(BETA_REGION, 'us-west1').label('uselessLabel', 'none').obj(),
    makePV().name('Vol_3').label(BETA_REGION, 'us-west1').obj(),
    makePV().name('Vol_Stable_1').label(ZONE, 'us-west1-a').obj(),
    makePV().name('Vol_Stable_2').label(REGION, 'us-west1').label('uselessLabel', 'none').obj(),
    makePV().name('Vol_Stable_3').label(ZONE, 'us-west1-a').label(REGION, 'us-west1-a').obj(),
    ...['1', '2', '3', 'Stable_1', 'Stable_2', 'Stable_3'].map((n) => makePVC().name(`PVC_${n}`).volumeName(`Vol_${n}`).obj()),
    makePVC().name('PVC_4').volumeName('Vol_not_exist').obj(),
  ];
  it.each([
    { name: 'node without labels', pvc: 'PVC_1', labels: {}, want: ok },
    { name: 'beta zone label matched', pvc: 'PVC_1', labels: { [BETA_ZONE]: 'us-west1-a', uselessLabel: 'none' }, want: ok },
    { name: 'beta region label matched', pvc: 'PVC_2', labels: { [BETA_REGION]: 'us-west1', uselessLabel: 'none' }, want: ok },
    { name: "beta region label doesn't match", pvc: 'PVC_2', labels: { [BETA_REGION]: 'no_us-west1', uselessLabel: 'none' }, want: conflict },
    { name: "beta zone label doesn't match", pvc: 'PVC_1', labels: { [BETA_ZONE]: 'no_us-west1-a', uselessLabel: 'none' }, want: conflict },
    { name: 'zone label matched', pvc: 'PVC_Stable_1', labels: { [ZONE]: 'us-west1-a', uselessLabel: 'none' }, want: ok },
    { name: 'region label matched', pvc: 'PVC_Stable_2', labels: { [REGION]: 'us-west1', uselessLabel: 'none' }, want: ok },
    { name: "region label doesn't match", pvc: 'PVC_Stable_2', labels: { [REGION]: 'no_us-west1', uselessLabel: 'none' }, want: conflict },
    { name: "zone label doesn't match", pvc: 'PVC_Stable_1', labels: { [ZONE]: 'no_us-west1-a', uselessLabel: 'none' }, want: conflict },
    { name: 'pv with zone and region, node with only zone', pvc: 'PVC_Stable_3', labels: { [ZONE]: 'us-west1-a' }, want: conflict },
    { name: 'pv with zone,node with beta zone', pvc: 'PVC_Stable_1', labels: { [BETA_ZONE]: 'us-west1-a' }, want: conflict },
    { name: 'pv with beta label,node with ga label, matched', pvc: 'PVC_1', labels: { [ZONE]: 'us-west1-a' }, want: ok },
    { name: "pv with beta label,node with ga label, don't match", pvc: 'PVC_1', labels: { [ZONE]: 'us-west1-b' }, want: conflict },
  ])('$name', ({ pvc, labels, want }) => {
    const got = check(storage, podWithVolume(pvc), labels);
    expect(got.preFilter).toEqual(ok);
    expect(got.filter).toEqual(want);
  });
  it('pod without volume: PreFilter Skip', () => {
    expect(check(storage, makePod().name('pod_1').namespace('default').obj(), { [BETA_ZONE]: 'us-west1-a' }).preFilter.code).toBe('Skip');
  });
  it('a claim bound to a PV that does not exist is UnschedulableAndUnresolvable (getErrorAsStatus)', () => {
    expect(check(storage, podWithVolume('PVC_4'), {}).preFilter).toEqual({ code: 'UnschedulableAndUnresolvable', reasons: ['persistentvolume "Vol_not_exist" not found'] });
  });
});

describe('VolumeZone TestMultiZone', () => {
  const storage: StorageObject[] = [
    makePV().name('Vol_1').label(BETA_ZONE, 'us-west1-a').obj(),
    makePV().name('Vol_2').label(BETA_ZONE, 'us-west1-b').label('uselessLabel', 'none').obj(),
    makePV().name('Vol_3').label(BETA_ZONE, 'us-west1-c__us-west1-a').obj(),
    makePV().name('Vol_Stable_1').label(ZONE, 'us-west1-a').obj(),
    makePV().name('Vol_Stable_2').label(ZONE, 'us-west1-c__us-west1-a').obj(),
    ...['1', '2', '3', 'Stable_1', 'Stable_2'].map((n) => makePVC().name(`PVC_${n}`).volumeName(`Vol_${n}`).obj()),
  ];
  it.each([
    { name: 'node without labels', pvc: 'PVC_3', labels: {}, want: ok },
    { name: 'beta zone label matched', pvc: 'PVC_3', labels: { [BETA_ZONE]: 'us-west1-a', uselessLabel: 'none' }, want: ok },
    { name: "beta zone label doesn't match", pvc: 'PVC_1', labels: { [BETA_ZONE]: 'us-west1-b', uselessLabel: 'none' }, want: conflict },
    { name: 'zone label matched', pvc: 'PVC_Stable_2', labels: { [ZONE]: 'us-west1-a', uselessLabel: 'none' }, want: ok },
    { name: "zone label doesn't match", pvc: 'PVC_Stable_1', labels: { [ZONE]: 'us-west1-b', uselessLabel: 'none' }, want: conflict },
  ])('$name', ({ pvc, labels, want }) => {
    expect(check(storage, podWithVolume(pvc), labels).filter).toEqual(want);
  });
});

describe('VolumeZone TestWithBinding', () => {
  const storage: StorageObject[] = [
    makeStorageClass().name('Class_Immediate').obj(),
    makeStorageClass().name('Class_Wait').mode('WaitForFirstConsumer').obj(),
    makePV().name('Vol_1').label(BETA_ZONE, 'us-west1-a').obj(),
    makePVC().name('PVC_1').volumeName('Vol_1').obj(),
    makePVC().name('PVC_NoSC').storageClassName('Class_0').obj(),
    makePVC().name('PVC_EmptySC').obj(),
    makePVC().name('PVC_WaitSC').storageClassName('Class_Wait').obj(),
    makePVC().name('PVC_ImmediateSC').storageClassName('Class_Immediate').obj(),
  ];
  const labels = { [BETA_ZONE]: 'us-west1-a', uselessLabel: 'none' };
  const unresolvable = (msg: string) => ({ code: 'UnschedulableAndUnresolvable', reasons: [msg] });
  it.each([
    { name: 'label zone failure domain matched', pvc: 'PVC_1', preFilter: ok, filter: ok },
    { name: 'unbound volume empty storage class', pvc: 'PVC_EmptySC', preFilter: unresolvable('PersistentVolumeClaim had no pv name and storageClass name'), filter: unresolvable('PersistentVolumeClaim had no pv name and storageClass name') },
    { name: 'unbound volume no storage class', pvc: 'PVC_NoSC', preFilter: unresolvable('storageclass.storage.k8s.io "Class_0" not found'), filter: unresolvable('storageclass.storage.k8s.io "Class_0" not found') },
    // upstream's fake class leaves volumeBindingMode nil ("VolumeBindingMode not set for StorageClass");
    // the API server defaults it to Immediate, which reaches the next check
    { name: 'unbound volume immediate binding mode', pvc: 'PVC_ImmediateSC', preFilter: unresolvable('PersistentVolume had no name'), filter: unresolvable('PersistentVolume had no name') },
    { name: 'unbound volume wait binding mode', pvc: 'PVC_WaitSC', preFilter: { code: 'Skip', reasons: [] }, filter: ok },
  ])('$name', ({ pvc, preFilter, filter }) => {
    const got = check(storage, podWithVolume(pvc), labels);
    expect(got.preFilter).toEqual(preFilter);
    expect(got.filter).toEqual(filter);
  });
});
