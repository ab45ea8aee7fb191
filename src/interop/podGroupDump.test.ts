// A dump of a cluster running workload-aware scheduling: its scheduling.k8s.io Workloads and
// PodGroups are kept in the version the cluster served (1.37: v1beta1, 1.36: v1alpha2; kubernetes
// PR #138572 dropped v1alpha2 in 1.37), so the scenario loads at the dump's version and the pods
// keep their PodGroup.
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { versionFeatureGates, versionSwitches } from '../engine/readers';
import { normalizeKubectlDump } from './kubectl';
import { loadOk } from './testing/load';
import { parseText } from './yaml';

const versionDoc = (minor: string) => ({ clientVersion: { gitVersion: `v1.${minor}.0`, major: '1', minor }, serverVersion: { gitVersion: `v1.${minor}.1`, major: '1', minor } });
const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', labels: { 'kubernetes.io/hostname': 'n1' } }, status: { allocatable: { cpu: '8', memory: '8Gi', pods: '110' } } };
const worker = (i: number) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: `worker-${i}`, namespace: 'ml', creationTimestamp: `2026-09-01T00:00:0${i}Z` },
  spec: { schedulingGroup: { podGroupName: 'train-0' }, containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '1' } } }] },
  status: { phase: 'Pending' },
});
const managed = { uid: 'u-1', resourceVersion: '7', managedFields: [{ manager: 'kube-controller-manager' }], creationTimestamp: '2026-09-01T00:00:00Z' };

/** the cluster's gates, as a Scenario document in the dump says them (a dump alone shows none) */
const gatesDoc = (minor: string) => ({ apiVersion: 'podplay/v1alpha1', kind: 'Scenario', metadata: { name: 'cluster' }, spec: { featureGates: minor === '37' ? { GenericWorkload: true } : { GenericWorkload: true, WorkloadAwarePreemption: true } } });

function dump(minor: '36' | '37', withGates = true): string {
  const api = minor === '37' ? 'scheduling.k8s.io/v1beta1' : 'scheduling.k8s.io/v1alpha2';
  const ref = minor === '37' ? { workloadRef: { workloadName: 'train', templateName: 'workers' } } : { podGroupTemplateRef: { workload: { workloadName: 'train', podGroupTemplateName: 'workers' } } };
  const disruptionMode = minor === '37' ? { all: {} } : 'PodGroup';
  const items = [
    node,
    { apiVersion: api, kind: 'Workload', metadata: { name: 'train', namespace: 'ml', ...managed }, spec: { podGroupTemplates: [{ name: 'workers', schedulingPolicy: { gang: { minCount: 2 } } }] } },
    {
      apiVersion: api, kind: 'PodGroup', metadata: { name: 'train-0', namespace: 'ml', ...managed },
      spec: { ...ref, schedulingPolicy: { gang: { minCount: 2 } }, disruptionMode },
      status: { conditions: [{ type: 'PodGroupScheduled', status: 'False', reason: 'Unschedulable', message: 'waiting', lastTransitionTime: '2026-09-01T00:00:05Z' }] },
    },
    worker(0), worker(1),
  ];
  return [stringify(versionDoc(minor)), ...(withGates ? [stringify(gatesDoc(minor))] : []), stringify({ apiVersion: 'v1', kind: 'List', items })].join('---\n');
}

describe('a dump with Workloads and PodGroups', () => {
  it.each([
    { minor: '37' as const, api: 'scheduling.k8s.io/v1beta1' },
    { minor: '36' as const, api: 'scheduling.k8s.io/v1alpha2' },
  ])('$api at 1.$minor: kept in it, loads, the pods keep their PodGroup', ({ minor, api }) => {
    const out = normalizeKubectlDump(dump(minor));
    expect(out.errors).toEqual([]);
    expect(out.stats.droppedKinds).toEqual({});
    expect(out.warnings.filter((w) => w.includes('read as'))).toEqual([]);
    const docs = parseText(out.yaml).documents as { apiVersion?: string; kind?: string; metadata?: Record<string, unknown>; status?: unknown }[];
    const group = docs.find((d) => d.kind === 'PodGroup')!;
    expect(group.apiVersion).toBe(api);
    // the API server's bookkeeping and the scheduler's status are not carried over
    expect(group.metadata).not.toHaveProperty('managedFields');
    expect(group).not.toHaveProperty('status');
    // the Workload and the PodGroup come before the pods that name them
    expect(docs.findIndex((d) => d.kind === 'PodGroup')).toBeLessThan(docs.findIndex((d) => d.kind === 'Pod'));
    const s = loadOk(out.yaml);
    expect(s.meta.kubernetesVersion).toBe(`1.${minor}`);
    expect(s.podGroups?.map((g) => [g.apiVersion, g.metadata.name, g.spec.workloadRef, g.spec.schedulingPolicy, g.spec.disruptionMode])).toEqual([
      [api, 'train-0', { workloadName: 'train', templateName: 'workers' }, { gang: { minCount: 2 } }, 'All'],
    ]);
    expect(s.schedulingWorkloads?.map((w) => [w.apiVersion, w.metadata.name])).toEqual([[api, 'train']]);
    expect(s.pods.map((p) => p.spec.schedulingGroup?.podGroupName)).toEqual(['train-0', 'train-0']);
  });

  // A dump is what the API server stored, and upstream's strategy (pkg/registry/scheduling/podgroup/
  // strategy.go dropDisabledDisruptionModeField) keeps disruptionMode only with the gate on: a stored
  // one proves the cluster has it on, so the import keeps it and turns the gate on, with a warning.
  // The stored Workload and PodGroup prove GenericWorkload (the API server serves them only with
  // it), and GangScheduling with it (1.37: one gate, kubernetes PR #139520; 1.36: the gang policy).
  it('at 1.36 a dump without the gates: the stored disruptionMode proves WorkloadAwarePreemption on, the objects GenericWorkload and GangScheduling', () => {
    const s = loadOk(normalizeKubectlDump(dump('36', false)).yaml);
    expect(s.podGroups?.[0]?.spec.disruptionMode).toBe('All');
    expect(s.meta.featureGates).toEqual({ GenericWorkload: true, WorkloadAwarePreemption: true, GangScheduling: true });
    expect(s.warnings.map((w) => w.message).filter((m) => m.includes('turned on for this run'))).toEqual([
      expect.stringMatching(/^Workload ml\/train: the feature gate GenericWorkload turned on for this run: .* serves scheduling\.k8s\.io\/v1alpha2 Workloads only with GenericWorkload on, so the cluster has it on \(and 3 more stored objects and fields behind it\)\./),
      'PodGroup ml/train-0: spec.disruptionMode: kept, and the feature gate WorkloadAwarePreemption turned on for this run: a dump holds what the API server stored, and it stores this field only with WorkloadAwarePreemption on, so the cluster has it on. Set WorkloadAwarePreemption: false in the Scenario\'s spec.featureGates to drop such fields as on create',
      expect.stringMatching(/^Workload ml\/train: spec\.podGroupTemplates\[0\]\.schedulingPolicy\.gang: the feature gate GangScheduling turned on for this run: a dump does not show kube-scheduler's gates, .* \(and 1 more stored field behind it\)\./),
    ]);
    expect(s.warnings.map((w) => w.message)).not.toContainEqual(expect.stringContaining('dropped'));
  });

  it('at 1.37 a dump without the gates: GenericWorkload, which keeps disruptionMode and is gang scheduling too (PR #139520)', () => {
    const s = loadOk(normalizeKubectlDump(dump('37', false)).yaml);
    expect(s.podGroups?.[0]?.spec.disruptionMode).toBe('All');
    expect(s.meta.featureGates).toEqual({ GenericWorkload: true });
    expect(s.warnings.map((w) => w.message).filter((m) => m.includes('turned on for this run'))).toEqual([
      expect.stringMatching(/^Workload ml\/train: the feature gate GenericWorkload turned on .* \(and 4 more stored objects and fields behind it\)\. Set GenericWorkload: false in the Scenario's spec\.featureGates to drop such fields as on create$/),
    ]);
    // gang scheduling is on with it: the GangScheduling plugin is in the profile
    expect(versionFeatureGates(versionSwitches('1.37'), s.meta.featureGates).GangScheduling).toBe(true);
    expect(s.warnings.map((w) => w.message)).not.toContainEqual(expect.stringContaining('dropped'));
  });

  it.each(['36', '37'] as const)('at 1.%s a Scenario that sets the gate off: the stored field is dropped as on create', (minor) => {
    const gate = minor === '37' ? 'GenericWorkload' : 'WorkloadAwarePreemption';
    const off = { apiVersion: 'podplay/v1alpha1', kind: 'Scenario', metadata: { name: 'cluster' }, spec: { featureGates: { [gate]: false } } };
    const text = dump(minor, false).replace('---\n', `---\n${stringify(off)}---\n`);
    const s = loadOk(normalizeKubectlDump(text).yaml);
    expect(s.podGroups?.[0]?.spec.disruptionMode).toBe('Single');
    expect(s.warnings.map((w) => w.message)).toContainEqual(expect.stringContaining(`spec.disruptionMode: dropped: the API server keeps this field only with the feature gate ${gate}`));
  });

  it('the same text without the import\'s version annotation is a manifest: the field is dropped as on create', () => {
    const imported = normalizeKubectlDump(dump('36', false)).yaml;
    const s = loadOk(imported.replace(/\n\s*podplay\.dev\/inferred-version: [^\n]*/, ''));
    expect(s.meta.inferredKubernetesVersion).toBeUndefined();
    expect(s.podGroups?.[0]?.spec.disruptionMode).toBe('Single');
    expect(s.meta.featureGates).toBeUndefined();
  });
});
