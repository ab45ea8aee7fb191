// Ported from upstream pkg/scheduler/framework/plugins/nodevolumelimits/csi_test.go (TestCSILimits,
// the rows without CSI migration or VolumeAttachments, which are not modelled). Fixtures follow
// upstream's: PVC "csi-<driver>-<i>" bound to a PV with that driver; "csi-4" unbound with class
// csi-sc (provisioner ebs.csi.aws.com); "csi-5" with a missing class; "csi-6" naming a missing PV.
// TestVolumeLimitScalingGate comes from the newer csi_test.go (KEP-5030, PR #135012); its rows are
// tagged with the versions whose default gate they exercise (the gate is beta and on from v1.37).
import { describe, expect, it } from 'vitest';
import type { Status } from '../../framework/status';
import type { CSIDriver, CSINode, StorageObject } from '../../model/storage';
import type { Pod } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv, runPreFilterAndFilter } from '../../testing/framework';
import { makeCSINode, makePV, makePVC, makeStorageClass } from '../../testing/storage';
import { featureGateDefaults, versionSwitches, type KubernetesVersion } from '../../versions';
import { driverNotInstalledReason, ErrReasonMaxVolumeCountExceeded, isSchedulableAfterCSINodeUpdated, NodeVolumeLimits } from './index';

const EBS = 'ebs.csi.aws.com';
const GCE = 'pd.csi.storage.gke.io';

const storage: StorageObject[] = [
  makeStorageClass().name('csi-sc').provisioner(EBS).obj(),
  ...[EBS, GCE].flatMap((d) => [0, 1, 2, 3].flatMap((i) => [
    makePV().name(`csi-${d}-${i}`).csi(d, `${d}-vol${i}`).claimRef('default', `csi-${d}-${i}`).obj(),
    makePVC().name(`csi-${d}-${i}`).bound(`csi-${d}-${i}`).obj(),
  ])),
  makePVC().name('csi-4').storageClassName('csi-sc').obj(),
  makePVC().name('csi-5').storageClassName('nonexistent').obj(),
  makePVC().name('csi-6').storageClassName('csi-sc').volumeName('missing-in-listers').obj(),
];

let n = 0;
const podWith = (...pvcs: string[]) => { const b = makePod().name(`pod-${n++}`).namespace('default'); for (const p of pvcs) b.pvc(p); return b.obj(); };
const runningPod = podWith(`csi-${EBS}-3`);
const pendingVolumePod = podWith('csi-4');
const unboundPVCPod2 = podWith('csi-4');
const missingPVPod = podWith('csi-6');
const noSCPVCPod = podWith('csi-5');
const gceTwoVolPod = podWith(`csi-${GCE}-1`, `csi-${GCE}-2`);
const csiEBSOneVolPod = podWith(`csi-${EBS}-0`);
const csiEBSTwoVolPod = podWith(`csi-${EBS}-1`, `csi-${EBS}-2`);

const plain = (s: Status) => ({ code: s.code, reasons: s.reasons });
const EXCEEDED = { code: 'Unschedulable', reasons: [ErrReasonMaxVolumeCountExceeded] };
const OK = { code: 'Success', reasons: [] };

function filter(newPod: Pod, existing: Pod[], maxVols: number | undefined, drivers: string[]) {
  const csiNode = makeCSINode('node-1', drivers.map((name) => ({ name, ...(maxVols !== undefined ? { count: maxVols } : {}) })));
  const env = newTestEnv({
    nodes: [makeNode().name('node-1').obj()],
    pods: existing.map((p) => ({ ...p, spec: { ...p.spec, nodeName: 'node-1' } })),
    storage: [...storage, csiNode],
  });
  const r = runPreFilterAndFilter(NodeVolumeLimits.factory(undefined, env.handle), env, newPod);
  return plain(r.filter.get('node-1')!);
}

describe('NodeVolumeLimits TestCSILimits', () => {
  it.each([
    { test: 'fits when node volume limit >= new pods CSI volume', newPod: csiEBSOneVolPod, existing: [runningPod, csiEBSTwoVolPod], maxVols: 4, drivers: [EBS], want: OK },
    { test: "doesn't when node volume limit <= pods CSI volume", newPod: csiEBSOneVolPod, existing: [runningPod, csiEBSTwoVolPod], maxVols: 2, drivers: [EBS], want: EXCEEDED },
    { test: 'should when driver does not support volume limits', newPod: csiEBSOneVolPod, existing: [runningPod, csiEBSTwoVolPod], maxVols: undefined, drivers: [EBS], want: OK },
    { test: 'count pending PVCs towards volume limit <= pods CSI volume', newPod: csiEBSOneVolPod, existing: [pendingVolumePod, csiEBSTwoVolPod], maxVols: 2, drivers: [EBS], want: EXCEEDED },
    { test: 'count multiple pending pvcs towards volume limit >= pods CSI volume', newPod: csiEBSOneVolPod, existing: [pendingVolumePod, unboundPVCPod2, csiEBSTwoVolPod], maxVols: 4, drivers: [EBS], want: OK },
    { test: 'should count PVCs with invalid PV name but valid SC', newPod: csiEBSOneVolPod, existing: [missingPVPod, csiEBSTwoVolPod], maxVols: 2, drivers: [EBS], want: EXCEEDED },
    { test: "don't count pvcs with missing SC towards volume limit", newPod: csiEBSOneVolPod, existing: [runningPod, noSCPVCPod], maxVols: 2, drivers: [EBS], want: OK },
    { test: 'count pvcs with the same type towards volume limit', newPod: csiEBSOneVolPod, existing: [gceTwoVolPod, csiEBSTwoVolPod], maxVols: 2, drivers: [EBS, GCE], want: EXCEEDED },
    { test: "don't count pvcs with different type towards volume limit", newPod: gceTwoVolPod, existing: [csiEBSTwoVolPod, runningPod], maxVols: 2, drivers: [EBS, GCE], want: OK },
  ])('$test', ({ newPod, existing, maxVols, drivers, want }) => {
    expect(filter(newPod, existing, maxVols, drivers)).toEqual(want);
  });

  it('a volume shared with a pod already on the node counts once', () => {
    expect(filter(podWith(`csi-${EBS}-1`), [csiEBSTwoVolPod], 2, [EBS])).toEqual(OK);
  });

  it('a missing claim of the new pod is UnschedulableAndUnresolvable', () => {
    expect(filter(podWith('no-such-claim'), [], 2, [EBS])).toEqual({ code: 'UnschedulableAndUnresolvable', reasons: ['looking up PVC default/no-such-claim: persistentvolumeclaim "no-such-claim" not found'] });
  });

  it('a pod without PVC or ephemeral volumes Skips PreFilter (csi.go PreFilter)', () => {
    const env = newTestEnv({ nodes: [makeNode().name('n').obj()] });
    const { preFilter } = runPreFilterAndFilter(NodeVolumeLimits.factory(undefined, env.handle), env, makePod().name('p').req({ cpu: '100m' }).obj());
    expect(preFilter.code).toBe('Skip');
  });
});

const csiDriver = (name: string, preventPodSchedulingIfMissing?: boolean): CSIDriver => ({
  apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name },
  spec: preventPodSchedulingIfMissing === undefined ? {} : { preventPodSchedulingIfMissing },
});

/** the new pod's Filter on node-1 at a version's default gates */
function filterAt(version: KubernetesVersion, newPod: Pod, csiNode: CSINode | undefined, drivers: CSIDriver[]) {
  const env = newTestEnv({
    nodes: [makeNode().name('node-1').obj()],
    storage: [...storage, ...drivers, ...(csiNode ? [csiNode] : [])],
    features: featureGateDefaults(versionSwitches(version)),
  });
  const r = runPreFilterAndFilter(NodeVolumeLimits.factory(undefined, env.handle), env, newPod);
  expect(r.preFilter.code).not.toBe('Skip');
  return plain(r.filter.get('node-1')!);
}

describe('NodeVolumeLimits TestVolumeLimitScalingGate (VolumeLimitScaling, per version)', () => {
  const ebsPod = podWith(`csi-${EBS}-0`);
  const noDriverCSINode = makeCSINode('node-1', []);
  const NOT_INSTALLED = { code: 'Unschedulable', reasons: [driverNotInstalledReason(EBS)] };
  it.each([
    { test: 'gate enabled - allow scheduling when CSIDriver exists but PreventPodSchedulingIfMissing is not set', versions: ['1.37'], csiNode: noDriverCSINode, drivers: [csiDriver(EBS)], want: OK },
    { test: 'gate enabled - fail when driver not installed and PreventPodSchedulingIfMissing is true', versions: ['1.37'], csiNode: noDriverCSINode, drivers: [csiDriver(EBS, true)], want: NOT_INSTALLED },
    { test: 'gate disabled - skip driver presence check (regardless of CSIDriver presence)', versions: ['1.35', '1.36'], csiNode: noDriverCSINode, drivers: [csiDriver(EBS, true)], want: OK },
    { test: 'gate enabled - driver installed within limit', versions: ['1.37'], csiNode: makeCSINode('node-1', [{ name: EBS, count: 2 }]), drivers: [csiDriver(EBS, true)], want: OK },
    { test: 'gate enabled - allow scheduling when CSIDriver object missing', versions: ['1.37'], csiNode: noDriverCSINode, drivers: [], want: OK },
    // checkCSIDriverOnNode: a node without any CSINode has no driver installed
    { test: 'gate enabled - no CSINode for the node: not installed', versions: ['1.37'], csiNode: undefined, drivers: [csiDriver(EBS, true)], want: NOT_INSTALLED },
    { test: 'gate disabled - no CSINode for the node: no limit, fits', versions: ['1.35', '1.36'], csiNode: undefined, drivers: [csiDriver(EBS, true)], want: OK },
    // only the drivers of the pod's volumes are checked
    { test: 'gate enabled - another driver opted in and missing does not matter', versions: ['1.37'], csiNode: noDriverCSINode, drivers: [csiDriver(GCE, true)], want: OK },
    // the check comes before the limits: a listed driver with room still fits, a missing one fails even where no limit applies
    { test: 'gate enabled - driver installed without a limit', versions: ['1.37'], csiNode: makeCSINode('node-1', [{ name: EBS }]), drivers: [csiDriver(EBS, true)], want: OK },
  ] as { test: string; versions: KubernetesVersion[]; csiNode: CSINode | undefined; drivers: CSIDriver[]; want: typeof OK }[])('$test ($versions)', ({ versions, csiNode, drivers, want }) => {
    for (const v of versions) expect(filterAt(v, ebsPod, csiNode, drivers), `at v${v}`).toEqual(want);
  });

  it('an unbound claim is checked against its class provisioner (getCSIDriverInfoFromSC)', () => {
    expect(filterAt('1.37', podWith('csi-4'), makeCSINode('node-1', [{ name: GCE }]), [csiDriver(EBS, true)])).toEqual({ code: 'Unschedulable', reasons: [driverNotInstalledReason(EBS)] });
  });
});

describe('NodeVolumeLimits EventsToRegister and queueing hints', () => {
  it('CSINode Add (no hint), CSINode Update (isSchedulableAfterCSINodeUpdated), Pod Delete, PVC Add', () => {
    const env = newTestEnv({ nodes: [] });
    const events = NodeVolumeLimits.factory(undefined, env.handle).eventsToRegister!();
    expect(events.map((e) => [e.event, e.hint !== undefined])).toEqual([
      [{ resource: 'CSINode', actionType: ['Add'] }, false],
      [{ resource: 'CSINode', actionType: ['Update'] }, true],
      [{ resource: 'Pod', actionType: ['Delete'] }, true],
      [{ resource: 'PersistentVolumeClaim', actionType: ['Add'] }, true],
    ]);
  });

  it.each([
    { name: 'a driver limit increased', old: [{ name: EBS, count: 1 }], now: [{ name: EBS, count: 2 }], want: 'Queue' },
    { name: 'a driver limit decreased', old: [{ name: EBS, count: 2 }], now: [{ name: EBS, count: 1 }], want: 'QueueSkip' },
    { name: 'a driver added with a limit', old: [], now: [{ name: EBS, count: 1 }], want: 'Queue' },
    // upstream counts a missing allocatable as 0: a driver listed without a count is no increase
    { name: 'a driver added without a limit', old: [], now: [{ name: EBS }], want: 'QueueSkip' },
    { name: 'nothing changed', old: [{ name: EBS, count: 2 }], now: [{ name: EBS, count: 2 }], want: 'QueueSkip' },
  ] as { name: string; old: { name: string; count?: number }[]; now: { name: string; count?: number }[]; want: string }[])('isSchedulableAfterCSINodeUpdated: $name', ({ old, now, want }) => {
    expect(isSchedulableAfterCSINodeUpdated(makeCSINode('n', old), makeCSINode('n', now))).toBe(want);
  });

  it.each([
    { name: 'a deleted assigned pod with a claim', deleted: { ...podWith(`csi-${EBS}-0`), spec: { ...podWith(`csi-${EBS}-0`).spec, nodeName: 'node-1' } }, want: 'Queue' },
    { name: 'a deleted nominated pod with a claim counts as assigned', deleted: { ...podWith(`csi-${EBS}-0`), status: { phase: 'Pending' as const, nominatedNodeName: 'node-1' } }, want: 'Queue' },
    { name: 'a deleted unscheduled pod', deleted: podWith(`csi-${EBS}-0`), want: 'QueueSkip' },
    { name: 'a deleted assigned pod without volumes', deleted: makePod().name('x').node('node-1').obj(), want: 'QueueSkip' },
  ])('isSchedulableAfterPodDeleted: $name', ({ deleted, want }) => {
    const env = newTestEnv({ nodes: [] });
    const podDelete = NodeVolumeLimits.factory(undefined, env.handle).eventsToRegister!().find((e) => e.event.resource === 'Pod')!;
    expect(podDelete.hint!(podWith(`csi-${EBS}-1`), deleted, undefined)).toBe(want);
  });
});
