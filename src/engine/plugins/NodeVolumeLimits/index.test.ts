// Ported from upstream pkg/scheduler/framework/plugins/nodevolumelimits/csi_test.go (TestCSILimits,
// the rows without CSI migration or VolumeAttachments, which are not modelled). Fixtures follow
// upstream's: PVC "csi-<driver>-<i>" bound to a PV with that driver; "csi-4" unbound with class
// csi-sc (provisioner ebs.csi.aws.com); "csi-5" with a missing class; "csi-6" naming a missing PV.
import { describe, expect, it } from 'vitest';
import type { Status } from '../../framework/status';
import type { StorageObject } from '../../model/storage';
import type { Pod } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv, runPreFilterAndFilter } from '../../testing/framework';
import { makeCSINode, makePV, makePVC, makeStorageClass } from '../../testing/storage';
import { ErrReasonMaxVolumeCountExceeded, NodeVolumeLimits } from './index';

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
