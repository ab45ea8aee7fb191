// VolumeBinding's Score under StorageCapacityScoring, per Kubernetes version: off (PreScore Skip)
// through v1.36, beta and on in v1.37 (KEP-4049; scoring from kubernetes PR #128184).
// Ported from upstream pkg/scheduler/framework/plugins/volumebinding/scorer_test.go (TestScore) and
// the capacity-scoring idea of volume_binding_test.go, with the v1.37 default shape
// (apis/config/v1/defaults.go: utilization 0 → 10, 100 → 0).
import { describe, expect, it } from 'vitest';
import { newPodInfo } from '../../framework/podInfo';
import type { CSIDriver, CSIStorageCapacity, StorageObject } from '../../model/storage';
import type { Pod } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv, runPreFilterAndFilter } from '../../testing/framework';
import { makePV, makePVC, makeStorageClass } from '../../testing/storage';
import { featureGateDefaults, versionSwitches, type KubernetesVersion } from '../../versions';
import type { UtilizationShapePoint } from '../NodeResourcesFit/args';
import { simulate } from '../../index';
import { VolumeBinding } from './index';
import { buildVolumeCapacityScorer, DEFAULT_STORAGE_CAPACITY_SHAPE, type StorageResource } from './scorer';

const classes = (...rs: [number, number][]) => new Map<string, StorageResource>(rs.map(([requested, capacity], i) => [`class-${i}`, { requested, capacity }]));

describe('buildVolumeCapacityScorer (upstream TestScore)', () => {
  // upstream's tables are written on the 0..100 scale; a VolumeBindingArgs shape is 0..10
  const volumeCapacityPriorityShape: UtilizationShapePoint[] = [{ utilization: 0, score: 0 }, { utilization: 100, score: 10 }];
  const custom: UtilizationShapePoint[] = [{ utilization: 50, score: 0 }, { utilization: 80, score: 3 }, { utilization: 100, score: 5 }];
  it.each([
    { name: 'default shape, single class: 0/100', shape: volumeCapacityPriorityShape, classes: classes([0, 100]), want: 0 },
    { name: 'default shape, single class: 30/100', shape: volumeCapacityPriorityShape, classes: classes([30, 100]), want: 30 },
    { name: 'default shape, single class: 50/100', shape: volumeCapacityPriorityShape, classes: classes([50, 100]), want: 50 },
    { name: 'default shape, single class: 100/100', shape: volumeCapacityPriorityShape, classes: classes([100, 100]), want: 100 },
    { name: 'default shape, multiple classes: 0, 0', shape: volumeCapacityPriorityShape, classes: classes([0, 100], [0, 100]), want: 0 },
    { name: 'default shape, multiple classes: 0, 30', shape: volumeCapacityPriorityShape, classes: classes([0, 100], [30, 100]), want: 15 },
    { name: 'default shape, multiple classes: 30, 30', shape: volumeCapacityPriorityShape, classes: classes([30, 100], [30, 100]), want: 30 },
    { name: 'default shape, multiple classes: 30, 60', shape: volumeCapacityPriorityShape, classes: classes([30, 100], [60, 100]), want: 45 },
    { name: 'default shape, multiple classes: 50, 50', shape: volumeCapacityPriorityShape, classes: classes([50, 100], [50, 100]), want: 50 },
    { name: 'default shape, multiple classes: 50, 100', shape: volumeCapacityPriorityShape, classes: classes([50, 100], [100, 100]), want: 75 },
    { name: 'default shape, multiple classes: 100, 100', shape: volumeCapacityPriorityShape, classes: classes([100, 100], [100, 100]), want: 100 },
    { name: 'custom shape, multiple classes: 0, 0', shape: custom, classes: classes([0, 100], [0, 100]), want: 0 },
    { name: 'custom shape, multiple classes: 0, 30', shape: custom, classes: classes([0, 100], [30, 100]), want: 0 },
    { name: 'custom shape, multiple classes: 30, 30', shape: custom, classes: classes([30, 100], [30, 100]), want: 0 },
    { name: 'custom shape, multiple classes: 30, 60', shape: custom, classes: classes([30, 100], [60, 100]), want: 5 },
    { name: 'custom shape, multiple classes: 50, 100', shape: custom, classes: classes([50, 100], [100, 100]), want: 25 },
    { name: 'custom shape, multiple classes: 90, 90', shape: custom, classes: classes([90, 100], [90, 100]), want: 40 },
    { name: 'custom shape, multiple classes: 100, 100', shape: custom, classes: classes([100, 100], [100, 100]), want: 50 },
    // the StorageCapacityScoring default: the most free capacity scores highest
    { name: 'StorageCapacityScoring default shape: 30/100', shape: DEFAULT_STORAGE_CAPACITY_SHAPE, classes: classes([30, 100]), want: 70 },
    { name: 'StorageCapacityScoring default shape: integer utilization (50Gi of 400Gi is 12 %)', shape: DEFAULT_STORAGE_CAPACITY_SHAPE, classes: classes([50 * 2 ** 30, 400 * 2 ** 30]), want: 88 },
    { name: 'no capacity counts as full', shape: DEFAULT_STORAGE_CAPACITY_SHAPE, classes: classes([1, 0]), want: 0 },
    { name: 'more requested than capacity counts as full', shape: DEFAULT_STORAGE_CAPACITY_SHAPE, classes: classes([200, 100]), want: 0 },
    { name: 'no class scores 0', shape: DEFAULT_STORAGE_CAPACITY_SHAPE, classes: classes(), want: 0 },
  ])('$name', ({ shape, classes: c, want }) => {
    expect(buildVolumeCapacityScorer(shape)(c)).toBe(want);
  });
});

const zone = 'topology.kubernetes.io/zone';
const driver: CSIDriver = { apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: 'ebs.csi.aws.com' }, spec: { storageCapacity: true } };
const csiCapacity = (size: string, node: string): CSIStorageCapacity => ({
  apiVersion: 'storage.k8s.io/v1', kind: 'CSIStorageCapacity', metadata: { name: `cap-${node}`, namespace: 'kube-system' },
  storageClassName: 'sc', capacity: size, nodeTopology: { matchLabels: { [zone]: node } },
});
const provisionSC = makeStorageClass().name('sc').provisioner('ebs.csi.aws.com').mode('WaitForFirstConsumer').obj();
const localSC = makeStorageClass().name('local').provisioner('kubernetes.io/no-provisioner').mode('WaitForFirstConsumer').obj();
const pvcPod = makePod().name('pod-a').namespace('default').pvc('pvc-a').obj();

/** PreScore's code and each node's Score, with the version's default feature gates */
function scoreAt(version: KubernetesVersion, pod: Pod, storage: StorageObject[]) {
  const nodes = ['node-a', 'node-b'].map((n) => makeNode().name(n).labels({ [zone]: n }).obj());
  const env = newTestEnv({ nodes, storage, features: featureGateDefaults(versionSwitches(version)) });
  const plugin = VolumeBinding.factory(VolumeBinding.defaultArgs!(), env.handle);
  const pi = newPodInfo(pod);
  const { filter, state } = runPreFilterAndFilter(plugin, env, pod);
  expect([...filter.values()].map((s) => s.code)).toEqual(['Success', 'Success']);
  const preScore = plugin.preScore!(state, pi, env.snapshot.nodeInfoList).code;
  return { preScore, scores: preScore === 'Success' ? env.snapshot.nodeInfoList.map((n) => [n.name, plugin.score!(state, pi, n)]) : [] };
}

describe('VolumeBinding Score by version (StorageCapacityScoring)', () => {
  const dynamic: StorageObject[] = [provisionSC, driver, makePVC().name('pvc-a').storageClassName('sc').request('50Gi').obj(), csiCapacity('100Gi', 'node-a'), csiCapacity('400Gi', 'node-b')];
  const statics: StorageObject[] = [
    localSC, makePVC().name('pvc-a').storageClassName('local').request('50Gi').obj(),
    makePV().name('pv-a').storageClassName('local').capacity('100Gi').nodeAffinityIn(zone, ['node-a']).obj(),
    makePV().name('pv-b').storageClassName('local').capacity('200Gi').nodeAffinityIn(zone, ['node-b']).obj(),
  ];
  it.each([
    { version: '1.35' as const, name: 'dynamic provisioning: no score (gate alpha, off)', pod: pvcPod, storage: dynamic, want: { preScore: 'Skip', scores: [] } },
    { version: '1.36' as const, name: 'dynamic provisioning: no score (gate alpha, off)', pod: pvcPod, storage: dynamic, want: { preScore: 'Skip', scores: [] } },
    { version: '1.37' as const, name: 'dynamic provisioning: 50Gi of 100Gi scores 50, of 400Gi 88', pod: pvcPod, storage: dynamic, want: { preScore: 'Success', scores: [['node-a', 50], ['node-b', 88]] } },
    { version: '1.36' as const, name: 'static binding: no score', pod: pvcPod, storage: statics, want: { preScore: 'Skip', scores: [] } },
    { version: '1.37' as const, name: 'static binding: 50Gi on a 100Gi PV scores 50, on a 200Gi PV 75', pod: pvcPod, storage: statics, want: { preScore: 'Success', scores: [['node-a', 50], ['node-b', 75]] } },
    { version: '1.37' as const, name: 'a pod without claims scores 0 everywhere', pod: makePod().name('plain').obj(), storage: [], want: { preScore: 'Success', scores: [['node-a', 0], ['node-b', 0]] } },
  ])('v$version: $name', ({ version, pod, storage, want }) => {
    expect(scoreAt(version, pod, storage)).toEqual(want);
  });

  it('a shape of VolumeBindingArgs is validated as upstream validateFunctionShape', () => {
    expect(VolumeBinding.validateArgs!({ shape: [{ utilization: 50, score: 1 }, { utilization: 20, score: 11 }] })).toEqual([
      expect.objectContaining({ path: 'shape[1].utilization' }),
      expect.objectContaining({ path: 'shape[1].score' }),
    ]);
  });
});

// upstream validation_pluginargs_test.go TestValidateVolumeBindingArgs, through a scenario's
// KubeSchedulerConfiguration at each version's default StorageCapacityScoring (off before v1.37).
describe('VolumeBindingArgs shape and the StorageCapacityScoring gate, per version', () => {
  const withShape = (version: KubernetesVersion, shape: string) => `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: shape}
spec: {kubernetesVersion: "${version}"}
---
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  pluginConfig:
  - name: VolumeBinding
    args: {shape: ${shape}}
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "1", memory: 1Gi, pods: "10"}}
`;
  const errorsOf = (text: string) => {
    const out = simulate(text, { fileName: 's.yaml' });
    return out.ok ? [] : out.errors.map((e) => e.message);
  };
  const unexpected = 'unexpected field `shape`, remove it or turn on the feature gate StorageCapacityScoring';
  it.each([
    { name: '[StorageCapacityScoring=off] error if the shape is not nil when the feature is off', versions: ['1.35', '1.36'], shape: '[{utilization: 1, score: 1}, {utilization: 3, score: 3}]', want: unexpected },
    { name: '[StorageCapacityScoring=on] a valid shape is accepted', versions: ['1.37'], shape: '[{utilization: 1, score: 1}, {utilization: 3, score: 3}]', want: undefined },
    { name: '[StorageCapacityScoring=on] shape points must be sorted in increasing order', versions: ['1.37'], shape: '[{utilization: 3, score: 3}, {utilization: 1, score: 1}]', want: 'args.shape[1].utilization: Invalid value: 1' },
  ] as { name: string; versions: KubernetesVersion[]; shape: string; want: string | undefined }[])('$name ($versions)', ({ versions, shape, want }) => {
    for (const v of versions) {
      const errors = errorsOf(withShape(v, shape));
      if (want === undefined) expect(errors, `at v${v}`).toEqual([]);
      else expect(errors.some((m) => m.includes(want)), `at v${v}: ${errors.join('; ')}`).toBe(true);
    }
  });
});
