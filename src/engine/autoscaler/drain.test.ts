// Rows after cluster-autoscaler/simulator/drainability/rules/*/rule_test.go and utils/drain/drain_test.go.
import { describe, expect, it } from 'vitest';
import { podDrainability, POD_SAFE_TO_EVICT_KEY, SAFE_TO_EVICT_LOCAL_VOLUMES_KEY, type DrainContext } from './drain';
import type { Pod, PodDisruptionBudget } from '../model/types';
import { makePod } from '../testing/builders';

const annotate = (pod: Pod, annotations: Record<string, string>): Pod => ({ ...pod, metadata: { ...pod.metadata, annotations: { ...pod.metadata.annotations, ...annotations } } });
const rsPod = () => makePod().name('bar').label('app', 'web').ownerReference('ReplicaSet', 'rs').node('node').obj();
const pdb = (allowed: number, namespace = 'default'): PodDisruptionBudget => ({
  apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web', namespace },
  spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } }, status: { disruptionsAllowed: allowed },
});
const ctx = (pdbs: PodDisruptionBudget[] = []): DrainContext => ({ pdbs, skipNodesWithLocalStorage: true, skipNodesWithSystemPods: true, spent: new Map() });

describe('podDrainability', () => {
  it.each<[string, Pod, PodDisruptionBudget[], string]>([
    ['RC-managed pod with no annotation', rsPod(), [], 'drain'],
    ['RC-managed pod with PodSafeToEvict=false annotation', annotate(rsPod(), { [POD_SAFE_TO_EVICT_KEY]: 'false' }), [], 'NotSafeToEvictAnnotation'],
    ['pod with PodSafeToEvict annotation (no controller)', annotate(makePod().name('bar').node('node').obj(), { [POD_SAFE_TO_EVICT_KEY]: 'true' }), [], 'drain'],
    ['naked pod', makePod().name('bar').node('node').obj(), [], 'NotReplicated'],
    ['DaemonSet-managed pod', makePod().name('bar').ownerReference('DaemonSet', 'ds').node('node').obj(), [], 'skip'],
    ['mirror pod', annotate(makePod().name('bar').node('node').obj(), { 'kubernetes.io/config.mirror': 'abc' }), [], 'skip'],
    ['unsafe terminal pod', annotate(makePod().name('bar').ownerReference('ReplicaSet', 'rs').phase('Succeeded').obj(), { [POD_SAFE_TO_EVICT_KEY]: 'false' }), [], 'skip'],
    ['long terminating pod', makePod().name('bar').ownerReference('ReplicaSet', 'rs').terminating(5).obj(), [], 'skip'],
    ['kube-system pod without PDB', makePod().name('bar').namespace('kube-system').label('app', 'web').ownerReference('ReplicaSet', 'rs').obj(), [], 'UnmovableKubeSystemPod'],
    ['kube-system pod with PDB', makePod().name('bar').namespace('kube-system').label('app', 'web').ownerReference('ReplicaSet', 'rs').obj(), [pdb(1, 'kube-system')], 'drain'],
    ['pod with EmptyDir', makePod().name('bar').ownerReference('ReplicaSet', 'rs').volume({ name: 'scratch', other: 'emptyDir' }).obj(), [], 'LocalStorageRequested'],
    ['pod with EmptyDir and SafeToEvictLocalVolumesKey annotation', annotate(makePod().name('bar').ownerReference('ReplicaSet', 'rs').volume({ name: 'scratch', other: 'emptyDir' }).obj(), { [SAFE_TO_EVICT_LOCAL_VOLUMES_KEY]: 'scratch' }), [], 'drain'],
    ['pod with HostPath', makePod().name('bar').ownerReference('ReplicaSet', 'rs').volume({ name: 'logs', other: 'hostPath' }).obj(), [], 'LocalStorageRequested'],
    ['pod with PDB allowing a disruption', rsPod(), [pdb(1)], 'drain'],
    ['pod with PDB allowing none', rsPod(), [pdb(0)], 'NotEnoughPdb'],
  ])('%s', (_name, pod, pdbs, want) => {
    const d = podDrainability(pod, ctx(pdbs));
    expect(d.kind === 'block' ? d.reason : d.kind).toBe(want);
  });

  it('upstream messages', () => {
    const blocked = (pod: Pod, pdbs: PodDisruptionBudget[] = []) => { const d = podDrainability(pod, ctx(pdbs)); return d.kind === 'block' ? d.message : d.kind; };
    expect(blocked(makePod().name('bar').node('node').obj())).toBe('default/bar is not replicated');
    expect(blocked(annotate(rsPod(), { [POD_SAFE_TO_EVICT_KEY]: 'false' }))).toBe('pod annotated as not safe to evict present: bar');
    expect(blocked(rsPod(), [pdb(0)])).toBe('not enough pod disruption budget to move default/bar');
  });

  it('a PDB allowing one disruption lets one pod of a node go, not two (the budget is spent along the simulation)', () => {
    const c = ctx([pdb(1)]);
    expect(podDrainability(rsPod(), c).kind).toBe('drain');
    const second = podDrainability({ ...rsPod(), metadata: { ...rsPod().metadata, name: 'baz' } }, c);
    expect(second.kind === 'block' && second.reason).toBe('NotEnoughPdb');
  });

  it('--skip-nodes-with-local-storage=false and --skip-nodes-with-system-pods=false let those pods move', () => {
    const loose: DrainContext = { pdbs: [], skipNodesWithLocalStorage: false, skipNodesWithSystemPods: false };
    expect(podDrainability(makePod().name('bar').ownerReference('ReplicaSet', 'rs').volume({ name: 's', other: 'emptyDir' }).obj(), loose).kind).toBe('drain');
    expect(podDrainability(makePod().name('bar').namespace('kube-system').ownerReference('ReplicaSet', 'rs').obj(), loose).kind).toBe('drain');
  });
});
