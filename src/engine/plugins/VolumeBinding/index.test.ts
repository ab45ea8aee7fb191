// Ported from upstream pkg/scheduler/framework/plugins/volumebinding/volume_binding_test.go
// (TestVolumeBinding: Filter codes and reasons; scoring under StorageCapacityScoring is in
// ./scorer.test.ts, by version) and binder_test.go (provisioning, capacity).
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { newPodInfo } from '../../framework/podInfo';
import type { Status } from '../../framework/status';
import type { CSIDriver, CSIStorageCapacity, StorageObject } from '../../model/storage';
import type { Pod } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv, runPreFilterAndFilter } from '../../testing/framework';
import { makePV, makePVC, makeStorageClass } from '../../testing/storage';
import { ErrReasonBindConflict, ErrReasonNodeConflict, ErrReasonNotEnoughSpace, ErrReasonPVNotExist, VolumeBinding } from './index';

const nodeLabelKey = 'topology.kubernetes.io/zone';
const waitSC = makeStorageClass().name('wait-sc').provisioner('kubernetes.io/no-provisioner').mode('WaitForFirstConsumer').obj();
const immediateSC = makeStorageClass().name('immediate-sc').provisioner('kubernetes.io/no-provisioner').obj();
const plain = (s: Status) => ({ code: s.code, reasons: s.reasons });
const OK = { code: 'Success', reasons: [] };
const unresolvable = (...reasons: string[]) => ({ code: 'UnschedulableAndUnresolvable', reasons });

function run(pod: Pod, storage: StorageObject[], nodeLabels: Record<string, string> = { [nodeLabelKey]: 'node-a' }) {
  const env = newTestEnv({ nodes: [makeNode().name('node-a').labels(nodeLabels).obj()], storage });
  const plugin = VolumeBinding.factory(VolumeBinding.defaultArgs!(), env.handle);
  const { preFilter, filter } = runPreFilterAndFilter(plugin, env, pod);
  return { preFilter: plain(preFilter), filter: plain(filter.get('node-a')!) };
}
const podWith = (...pvcs: string[]) => { const b = makePod().name('pod-a').namespace('default'); for (const p of pvcs) b.pvc(p); return b.obj(); };

describe('VolumeBinding TestVolumeBinding', () => {
  it('pod has not pvcs: PreFilter Skip, PreScore Skip, Reserve marks all bound, PreBind succeeds', () => {
    const env = newTestEnv({ nodes: [makeNode().name('node-a').obj()] });
    const pod = newPodInfo(makePod().name('pod-a').obj());
    const plugin = VolumeBinding.factory(VolumeBinding.defaultArgs!(), env.handle);
    const state = new CycleState();
    expect(plugin.preFilter!(state, pod, env.snapshot.nodeInfoList).status.code).toBe('Skip');
    expect(plugin.preScore!(state, pod, env.snapshot.nodeInfoList).code).toBe('Skip');
    expect(plugin.reserve!(state, pod, 'node-a').code).toBe('Success');
    expect(plugin.preBind!(state, pod, 'node-a').code).toBe('Success');
  });
  it('all bound', () => {
    expect(run(podWith('pvc-a'), [immediateSC, makePVC().name('pvc-a').storageClassName('immediate-sc').bound('pv-a').obj(), makePV().name('pv-a').storageClassName('immediate-sc').claimRef('default', 'pvc-a').nodeAffinityIn(nodeLabelKey, ['node-a']).obj()]))
      .toEqual({ preFilter: OK, filter: OK });
  });
  it('PVC does not exist', () => {
    expect(run(podWith('pvc-a'), []).preFilter).toEqual(unresolvable('persistentvolumeclaim "pvc-a" not found'));
  });
  it('Part of PVCs do not exist', () => {
    expect(run(podWith('pvc-a', 'pvc-b'), [makePVC().name('pvc-a').bound('pv-a').obj(), makePV().name('pv-a').claimRef('default', 'pvc-a').obj()]).preFilter)
      .toEqual(unresolvable('persistentvolumeclaim "pvc-b" not found'));
  });
  it('immediate claims not bound', () => {
    expect(run(podWith('pvc-a'), [immediateSC, makePVC().name('pvc-a').storageClassName('immediate-sc').obj()]).preFilter)
      .toEqual(unresolvable('pod has unbound immediate PersistentVolumeClaims'));
  });
  it('unbound claims no matches', () => {
    expect(run(podWith('pvc-a'), [waitSC, makePVC().name('pvc-a').storageClassName('wait-sc').request('5Gi').accessModes(['ReadWriteOnce']).obj()]))
      .toEqual({ preFilter: OK, filter: unresolvable(ErrReasonBindConflict) });
  });
  it('bound and unbound unsatisfied', () => {
    const r = run(podWith('pvc-a', 'pvc-b'), [
      waitSC,
      makePVC().name('pvc-a').storageClassName('wait-sc').bound('pv-a').obj(),
      makePV().name('pv-a').storageClassName('wait-sc').claimRef('default', 'pvc-a').nodeAffinityIn(nodeLabelKey, ['node-b']).obj(),
      makePVC().name('pvc-b').storageClassName('wait-sc').request('5Gi').obj(),
    ]);
    expect(r.filter).toEqual(unresolvable(ErrReasonNodeConflict, ErrReasonBindConflict));
  });
  it('pv not found', () => {
    expect(run(podWith('pvc-a'), [makePVC().name('pvc-a').bound('pv-a').obj()]).filter).toEqual(unresolvable(ErrReasonPVNotExist));
  });
  it('pv not found claim lost', () => {
    expect(run(podWith('pvc-a'), [makePVC().name('pvc-a').bound('pv-a').phase('Lost').obj()]).preFilter)
      .toEqual(unresolvable('persistentvolumeclaim "pvc-a" bound to non-existent persistentvolume "pv-a"'));
  });
  it('an unbound claim binds to the smallest available PV reachable from the node', () => {
    const storage: StorageObject[] = [
      waitSC, makePVC().name('pvc-a').storageClassName('wait-sc').request('5Gi').accessModes(['ReadWriteOnce']).obj(),
      makePV().name('pv-big').storageClassName('wait-sc').capacity('50Gi').accessModes(['ReadWriteOnce']).nodeAffinityIn(nodeLabelKey, ['node-a']).obj(),
      makePV().name('pv-small').storageClassName('wait-sc').capacity('10Gi').accessModes(['ReadWriteOnce']).nodeAffinityIn(nodeLabelKey, ['node-a']).obj(),
      makePV().name('pv-elsewhere').storageClassName('wait-sc').capacity('5Gi').accessModes(['ReadWriteOnce']).nodeAffinityIn(nodeLabelKey, ['node-b']).obj(),
    ];
    const env = newTestEnv({ nodes: [makeNode().name('node-a').labels({ [nodeLabelKey]: 'node-a' }).obj()], storage });
    const plugin = VolumeBinding.factory(VolumeBinding.defaultArgs!(), env.handle);
    const state = new CycleState();
    const pi = newPodInfo(podWith('pvc-a'));
    plugin.preFilter!(state, pi, env.snapshot.nodeInfoList);
    expect(plugin.filter!(state, pi, env.snapshot.get('node-a')!).code).toBe('Success');
    expect(plugin.reserve!(state, pi, 'node-a').code).toBe('Success');
    plugin.preBind!(state, pi, 'node-a');
    expect(env.apiCalls).toEqual([{ call: 'bindPodVolumes', pod: 'default/pod-a', node: 'node-a' }]);
  });
});

describe('VolumeBinding provisioning (binder_test.go TestCheckVolumeProvisions)', () => {
  const provisionSC = (name: string, topology?: string[]) => makeStorageClass().name(name).provisioner('ebs.csi.aws.com').mode('WaitForFirstConsumer')
    .allowedTopologies(topology ? [{ matchLabelExpressions: [{ key: nodeLabelKey, values: topology }] }] : []).obj();
  it('a class with a provisioner provisions', () => {
    expect(run(podWith('pvc-a'), [provisionSC('sc'), makePVC().name('pvc-a').storageClassName('sc').request('5Gi').obj()]).filter).toEqual(OK);
  });
  it('a node outside the class\'s allowedTopologies cannot provision', () => {
    expect(run(podWith('pvc-a'), [provisionSC('sc', ['node-b']), makePVC().name('pvc-a').storageClassName('sc').request('5Gi').obj()]).filter).toEqual(unresolvable(ErrReasonBindConflict));
  });
  it('a claim already provisioning for another node (selected-node) is a bind conflict', () => {
    expect(run(podWith('pvc-a'), [provisionSC('sc'), makePVC().name('pvc-a').storageClassName('sc').request('5Gi').annotation('volume.kubernetes.io/selected-node', 'node-b').obj()]).filter)
      .toEqual(unresolvable(ErrReasonBindConflict));
  });
  const driver: CSIDriver = { apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: 'ebs.csi.aws.com' }, spec: { storageCapacity: true } };
  const capacity = (size: string, zone: string): CSIStorageCapacity => ({
    apiVersion: 'storage.k8s.io/v1', kind: 'CSIStorageCapacity', metadata: { name: `cap-${zone}`, namespace: 'kube-system' },
    storageClassName: 'sc', capacity: size, nodeTopology: { matchLabels: { [nodeLabelKey]: zone } },
  });
  it('with storage capacity tracking, too little capacity reachable from the node is "not enough free storage" (TestCapacity)', () => {
    const base = [provisionSC('sc'), driver, makePVC().name('pvc-a').storageClassName('sc').request('5Gi').obj()];
    expect(run(podWith('pvc-a'), [...base, capacity('1Gi', 'node-a'), capacity('100Gi', 'node-b')]).filter).toEqual(unresolvable(ErrReasonNotEnoughSpace));
    expect(run(podWith('pvc-a'), [...base, capacity('10Gi', 'node-a')]).filter).toEqual(OK);
  });
  it('an explicit no-class claim (storageClassName: "") binds Immediately: PreFilter refuses it while unbound', () => {
    const r = run(podWith('pvc-a'), [makePVC().name('pvc-a').storageClassName('').request('5Gi').obj(), waitSC]);
    // "" is an explicit no-class claim: Immediate binding, so PreFilter refuses it first
    expect(r.preFilter).toEqual(unresolvable('pod has unbound immediate PersistentVolumeClaims'));
  });
});

describe('VolumeBinding generic ephemeral volumes', () => {
  const pod = makePod().name('abc').namespace('default').uid('12345').volume({ name: 'xyz', ephemeral: { volumeClaimTemplate: { spec: { storageClassName: 'wait-sc' } } } }).obj();
  it('a missing claim is waited for', () => {
    expect(run(pod, [waitSC]).preFilter).toEqual(unresolvable('waiting for ephemeral volume controller to create the persistentvolumeclaim "abc-xyz"'));
  });
  it('a claim not owned by the pod is refused', () => {
    expect(run(pod, [waitSC, makePVC().name('abc-xyz').storageClassName('wait-sc').obj()]).preFilter)
      .toEqual(unresolvable('PVC default/abc-xyz was not created for pod default/abc (pod is not owner)'));
  });
});

describe('VolumeBinding args', () => {
  it('bindTimeoutSeconds defaults to 600 and must not be negative (TestValidateVolumeBindingArgs)', () => {
    expect(VolumeBinding.defaultArgs!()).toEqual({ bindTimeoutSeconds: 600 });
    expect(VolumeBinding.validateArgs!({ bindTimeoutSeconds: 0 })).toEqual([]);
    expect(VolumeBinding.validateArgs!({ bindTimeoutSeconds: -10 })).toEqual([
      { path: 'bindTimeoutSeconds', message: 'Invalid value: -10: invalid BindTimeoutSeconds, should not be a negative value' },
    ]);
  });
});
