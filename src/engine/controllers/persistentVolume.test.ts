// The PV controller's matching and binding (pkg/controller/volume/persistentvolume: index.go
// findBestMatchForClaim, pv_controller.go syncUnboundClaim and bind), on a store of objects.
import { describe, expect, it } from 'vitest';
import { NameGenerator } from '../model/names';
import type { StorageObject } from '../model/storage';
import type { Node } from '../model/types';
import { makeNode } from '../testing/builders';
import { makeCSINode, makePV, makePVC, makeStorageClass } from '../testing/storage';
import { StorageStore } from '../simulation/storage';
import { syncPersistentVolumes } from './persistentVolume';

function sync(objects: StorageObject[], nodes: Node[] = []) {
  const store = new StorageStore(objects);
  const result = syncPersistentVolumes({ store, nodes: new Map(nodes.map((n) => [n.metadata.name, n])), names: new NameGenerator(), now: 0 });
  return { store, result };
}

describe('PV controller: Immediate claims', () => {
  it('take the volume group with the fewest access modes first, then the smallest fitting volume', () => {
    const { store } = sync([
      makePV().name('rwx-small').capacity('5Gi').accessModes(['ReadWriteOnce', 'ReadWriteMany']).obj(),
      makePV().name('rwo-big').capacity('50Gi').accessModes(['ReadWriteOnce']).obj(),
      makePV().name('rwo-mid').capacity('20Gi').accessModes(['ReadWriteOnce']).obj(),
      makePVC().name('c').uid('uid-c').request('5Gi').accessModes(['ReadWriteOnce']).storageClassName('').obj(),
    ]);
    const claim = store.persistentVolumeClaim('default', 'c')!;
    expect(claim.spec.volumeName).toBe('rwo-mid');
    expect(claim.status).toEqual({ phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '20Gi' } });
    expect(claim.metadata.annotations).toEqual({ 'pv.kubernetes.io/bind-completed': 'yes', 'pv.kubernetes.io/bound-by-controller': 'yes' });
    const pv = store.persistentVolume('rwo-mid')!;
    expect(pv.spec.claimRef).toEqual({ kind: 'PersistentVolumeClaim', namespace: 'default', name: 'c', uid: 'uid-c', apiVersion: 'v1' });
    expect(pv.status.phase).toBe('Bound');
    expect(store.persistentVolume('rwx-small')!.status.phase).toBe('Available');
  });

  it('match only volumes of their class, with matching labels, volume mode and enough capacity', () => {
    const { store } = sync([
      makePV().name('other-class').capacity('10Gi').accessModes(['ReadWriteOnce']).storageClassName('slow').obj(),
      makePV().name('too-small').capacity('1Gi').accessModes(['ReadWriteOnce']).storageClassName('fast').label('tier', 'gold').obj(),
      makePV().name('wrong-label').capacity('10Gi').accessModes(['ReadWriteOnce']).storageClassName('fast').label('tier', 'bronze').obj(),
      makePV().name('right').capacity('10Gi').accessModes(['ReadWriteOnce']).storageClassName('fast').label('tier', 'gold').obj(),
      makePVC().name('c').request('5Gi').accessModes(['ReadWriteOnce']).storageClassName('fast').selector({ tier: 'gold' }).obj(),
      makeStorageClass().name('fast').provisioner('kubernetes.io/no-provisioner').obj(),
    ]);
    expect(store.persistentVolumeClaim('default', 'c')!.spec.volumeName).toBe('right');
  });

  it('bind to the volume pre-bound to them (claimRef) even when a smaller one fits', () => {
    const { store } = sync([
      makePV().name('small').capacity('5Gi').accessModes(['ReadWriteOnce']).obj(),
      makePV().name('reserved').capacity('100Gi').accessModes(['ReadWriteOnce']).claimRef('default', 'c').phase('Available').obj(),
      makePVC().name('c').uid('uid-c').request('5Gi').accessModes(['ReadWriteOnce']).storageClassName('').obj(),
    ]);
    expect(store.persistentVolumeClaim('default', 'c')!.spec.volumeName).toBe('reserved');
  });

  it('a claim naming a volume that is too small waits, with VolumeMismatch', () => {
    const { store, result } = sync([
      makePV().name('pv').capacity('1Gi').accessModes(['ReadWriteOnce']).obj(),
      makePVC().name('c').request('5Gi').accessModes(['ReadWriteOnce']).storageClassName('').volumeName('pv').obj(),
    ]);
    expect(store.persistentVolumeClaim('default', 'c')!.status.phase).toBe('Pending');
    expect(result.events).toContainEqual({ type: 'Warning', reason: 'VolumeMismatch', object: 'PersistentVolumeClaim/default/c', message: 'Cannot bind to requested volume "pv": requested PV is too small' });
  });

  it('with a provisioner and no match, provision pvc-<uid> in the class\'s allowed topology', () => {
    const { store } = sync([
      makeStorageClass().name('zonal').provisioner('pd.csi.storage.gke.io').allowedTopologies([{ matchLabelExpressions: [{ key: 'topology.kubernetes.io/zone', values: ['z1'] }] }]).obj(),
      makePVC().name('c').uid('u1').request('5Gi').accessModes(['ReadWriteOnce']).storageClassName('zonal').obj(),
    ]);
    const pv = store.persistentVolume('pvc-u1')!;
    expect(pv.spec).toMatchObject({
      capacity: { storage: '5Gi' }, storageClassName: 'zonal', persistentVolumeReclaimPolicy: 'Delete', csi: { driver: 'pd.csi.storage.gke.io', volumeHandle: 'pvc-u1' },
      nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['z1'] }] }] } },
    });
    expect(store.persistentVolumeClaim('default', 'c')!.spec.volumeName).toBe('pvc-u1');
  });
});

describe('PV controller: WaitForFirstConsumer claims', () => {
  const wffc = makeStorageClass().name('wffc').provisioner('ebs.csi.aws.com').mode('WaitForFirstConsumer').obj();
  it('are not bound to a free volume until a node is selected', () => {
    const { store, result } = sync([wffc, makePV().name('pv').capacity('10Gi').accessModes(['ReadWriteOnce']).storageClassName('wffc').obj(), makePVC().name('c').request('5Gi').accessModes(['ReadWriteOnce']).storageClassName('wffc').obj()]);
    expect(store.persistentVolumeClaim('default', 'c')!.spec.volumeName).toBeUndefined();
    expect(result.events.map((e) => e.reason)).toEqual(['WaitForFirstConsumer']);
  });
  it('with a selected node, are provisioned in the driver\'s topology on that node', () => {
    const node = makeNode().name('n1').labels({ 'topology.kubernetes.io/zone': 'z2', 'topology.ebs.csi.aws.com/zone': 'z2' }).obj();
    const { store } = sync([
      wffc, makeCSINode('n1', [{ name: 'ebs.csi.aws.com', topologyKeys: ['topology.ebs.csi.aws.com/zone'] }]),
      makePVC().name('c').uid('u2').request('5Gi').accessModes(['ReadWriteOnce']).storageClassName('wffc').annotation('volume.kubernetes.io/selected-node', 'n1').obj(),
    ], [node]);
    expect(store.persistentVolume('pvc-u2')!.spec.nodeAffinity).toEqual({ required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.ebs.csi.aws.com/zone', operator: 'In', values: ['z2'] }] }] } });
  });
});
