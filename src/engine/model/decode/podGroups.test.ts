// The Workload/PodGroup API per Kubernetes version: which versions serve which objects and
// fields (the API server's refusal at the line), validation and defaulting.
// upstream: staging/src/k8s.io/api/scheduling/{v1alpha1,v1alpha2,v1alpha3,v1beta1}/types.go and
// {v1alpha3,v1beta1}/register.go, pkg/apis/scheduling/validation; KEP-5832 (pod.spec.workloadRef →
// spec.schedulingGroup in 1.36); kubernetes PR #138572 (1.37: v1alpha2 → v1alpha3, v1alpha2 dropped).
import { describe, expect, it } from 'vitest';
import { formatScenarioError, loadScenario } from '../load';
import type { KubernetesVersion } from '../../versions';

const doc = (...lines: string[]) => lines.join('\n');
const v1alpha1Workload = doc('apiVersion: scheduling.k8s.io/v1alpha1', 'kind: Workload', 'metadata: {name: train}', 'spec: {podGroups: [{name: workers, policy: {gang: {minCount: 2}}}]}');
const workload = (apiVersion: string) => doc(`apiVersion: scheduling.k8s.io/${apiVersion}`, 'kind: Workload', 'metadata: {name: train}', 'spec: {podGroupTemplates: [{name: workers, schedulingPolicy: {gang: {minCount: 2}}}]}');
const podGroup = (apiVersion: string, spec = '{schedulingPolicy: {gang: {minCount: 2}}}') => doc(`apiVersion: scheduling.k8s.io/${apiVersion}`, 'kind: PodGroup', 'metadata: {name: train-0}', `spec: ${spec}`);
/** a Scenario document turning gates on, before the objects */
const withGates = (gates: string, ...objects: string[]) => [doc('apiVersion: podplay/v1alpha1', 'kind: Scenario', 'metadata: {name: s}', `spec: {featureGates: {${gates}}}`), ...objects].join('\n---\n');
const pod = (specLine: string) => doc('apiVersion: v1', 'kind: Pod', 'metadata: {name: w}', 'spec:', `  ${specLine}`, '  containers: [{name: c, image: i}]');

function errors(text: string, version: KubernetesVersion): string[] {
  const r = loadScenario(text, 'w.yaml', version);
  return r.ok ? [] : r.errors.map(formatScenarioError);
}

describe('which versions serve the Workload API', () => {
  const rows: { name: string; text: string; version: KubernetesVersion; want: string[] }[] = [
    { name: 'v1alpha1 Workload at 1.35', text: v1alpha1Workload, version: '1.35', want: [] },
    { name: 'v1alpha1 Workload removed at 1.36', text: v1alpha1Workload, version: '1.36', want: ['w.yaml:1:13: Workload default/train: apiVersion: no matches for kind "Workload" in version "scheduling.k8s.io/v1alpha1": scheduling.k8s.io/v1alpha1 Workload was removed in Kubernetes 1.36; use scheduling.k8s.io/v1alpha2 (1.36) or scheduling.k8s.io/v1beta1 (1.37) Workload and PodGroup, with pod.spec.schedulingGroup.podGroupName'] },
    { name: 'v1alpha1 Workload removed at 1.37', text: v1alpha1Workload, version: '1.37', want: [expect.stringContaining('was removed in Kubernetes 1.36') as unknown as string] },
    { name: 'v1alpha2 Workload not served at 1.35', text: workload('v1alpha2'), version: '1.35', want: [expect.stringContaining('w.yaml:1:13: Workload default/train: apiVersion: no matches for kind "Workload" in version "scheduling.k8s.io/v1alpha2": served by Kubernetes 1.36 only;') as unknown as string] },
    { name: 'v1alpha2 Workload at 1.36', text: workload('v1alpha2'), version: '1.36', want: [] },
    { name: 'v1alpha2 Workload dropped at 1.37', text: workload('v1alpha2'), version: '1.37', want: ['w.yaml:1:13: Workload default/train: apiVersion: no matches for kind "Workload" in version "scheduling.k8s.io/v1alpha2": served by Kubernetes 1.36 only; 1.37 dropped scheduling.k8s.io/v1alpha2 for scheduling.k8s.io/v1beta1 (or scheduling.k8s.io/v1alpha3), where a PodGroup names its template with spec.workloadRef {workloadName, templateName} and disruptionMode is {single: {}} or {all: {}}; 1.35 serves scheduling.k8s.io/v1alpha1 Workload with pod.spec.workloadRef'] },
    { name: 'v1alpha3 Workload not served at 1.36', text: workload('v1alpha3'), version: '1.36', want: [expect.stringContaining('in version "scheduling.k8s.io/v1alpha3": served from Kubernetes 1.37 on') as unknown as string] },
    { name: 'v1alpha3 Workload at 1.37', text: workload('v1alpha3'), version: '1.37', want: [] },
    { name: 'v1beta1 Workload not served at 1.36', text: workload('v1beta1'), version: '1.36', want: [expect.stringContaining('in version "scheduling.k8s.io/v1beta1": served from Kubernetes 1.37 on') as unknown as string] },
    { name: 'v1beta1 Workload at 1.37', text: workload('v1beta1'), version: '1.37', want: [] },
    { name: 'PodGroup not served at 1.35', text: podGroup('v1alpha2'), version: '1.35', want: [expect.stringContaining('no matches for kind "PodGroup" in version "scheduling.k8s.io/v1alpha2": served by Kubernetes 1.36 only') as unknown as string] },
    { name: 'v1beta1 PodGroup not served at 1.35', text: podGroup('v1beta1'), version: '1.35', want: [expect.stringContaining('no matches for kind "PodGroup" in version "scheduling.k8s.io/v1beta1": served from Kubernetes 1.37 on') as unknown as string] },
    { name: 'v1alpha2 PodGroup at 1.36', text: podGroup('v1alpha2'), version: '1.36', want: [] },
    { name: 'v1alpha2 PodGroup dropped at 1.37', text: podGroup('v1alpha2'), version: '1.37', want: [expect.stringContaining('no matches for kind "PodGroup" in version "scheduling.k8s.io/v1alpha2": served by Kubernetes 1.36 only; 1.37 dropped') as unknown as string] },
    { name: 'v1beta1 PodGroup at 1.37', text: podGroup('v1beta1'), version: '1.37', want: [] },
    { name: 'v1alpha3 PodGroup at 1.37', text: podGroup('v1alpha3'), version: '1.37', want: [] },
    { name: 'v1alpha3 PodGroup not served at 1.36', text: podGroup('v1alpha3'), version: '1.36', want: [expect.stringContaining('no matches for kind "PodGroup" in version "scheduling.k8s.io/v1alpha3": served from Kubernetes 1.37 on') as unknown as string] },
    { name: 'spec.workloadRef at 1.35', text: pod('workloadRef: {name: train, podGroup: workers}'), version: '1.35', want: [] },
    { name: 'spec.workloadRef removed at 1.36, at the field', text: pod('workloadRef: {name: train, podGroup: workers}'), version: '1.36', want: ['w.yaml:5:3: Pod default/w: spec.workloadRef: strict decoding error: unknown field "spec.workloadRef": pod.spec.workloadRef was removed in Kubernetes 1.36; name the pod\'s PodGroup with spec.schedulingGroup.podGroupName (scheduling.k8s.io/v1alpha2 PodGroup at 1.36, v1beta1 at 1.37)'] },
    { name: 'spec.schedulingGroup unknown at 1.35', text: pod('schedulingGroup: {podGroupName: train-0}'), version: '1.35', want: [expect.stringContaining('w.yaml:5:3: Pod default/w: spec.schedulingGroup: strict decoding error: unknown field "spec.schedulingGroup": pod.spec.schedulingGroup is served from Kubernetes 1.36 on') as unknown as string] },
    { name: 'spec.schedulingGroup at 1.36', text: pod('schedulingGroup: {podGroupName: train-0}'), version: '1.36', want: [] },
    { name: 'spec.schedulingGroup at 1.37', text: pod('schedulingGroup: {podGroupName: train-0}'), version: '1.37', want: [] },
  ];
  it.each(rows)('$name', ({ text, version, want }) => expect(errors(text, version)).toEqual(want));
});

describe('validation (the API server refuses these at every version that serves them)', () => {
  const rows: { name: string; text: string; version: KubernetesVersion; want: string }[] = [
    { name: 'podGroupName must be a DNS subdomain', text: pod('schedulingGroup: {podGroupName: Train_0}'), version: '1.36', want: 'spec.schedulingGroup.podGroupName: Invalid value: "Train_0"' },
    { name: 'schedulingGroup needs podGroupName', text: pod('schedulingGroup: {}'), version: '1.36', want: 'spec.schedulingGroup: Invalid value: "{}": must specify one of: `podGroupName`' },
    { name: 'PodGroup: gang minCount 0 is required', text: podGroup('v1alpha2', '{schedulingPolicy: {gang: {minCount: 0}}}'), version: '1.36', want: 'spec.schedulingPolicy.gang.minCount: Required value' },
    { name: 'PodGroup: both basic and gang', text: podGroup('v1beta1', '{schedulingPolicy: {basic: {}, gang: {minCount: 1}}}'), version: '1.37', want: 'exactly one of `basic`, `gang` is required, but multiple fields are set' },
    { name: 'PodGroup: no policy', text: podGroup('v1beta1', '{}'), version: '1.37', want: 'spec.schedulingPolicy: Invalid value: "": must specify one of: `basic`, `gang`' },
    { name: 'PodGroup: at most one topology constraint', text: podGroup('v1alpha2', '{schedulingPolicy: {basic: {}}, schedulingConstraints: {topology: [{key: rack}, {key: zone}]}}'), version: '1.36', want: 'spec.schedulingConstraints.topology: Too many: 2: must have at most 1 items' },
    { name: 'Workload: duplicate template names', text: doc('apiVersion: scheduling.k8s.io/v1alpha2', 'kind: Workload', 'metadata: {name: t}', 'spec: {podGroupTemplates: [{name: a, schedulingPolicy: {basic: {}}}, {name: a, schedulingPolicy: {basic: {}}}]}'), version: '1.36', want: 'spec.podGroupTemplates[1].name: Duplicate value: "a"' },
    { name: 'Workload: at most 8 templates', text: doc('apiVersion: scheduling.k8s.io/v1beta1', 'kind: Workload', 'metadata: {name: t}', `spec: {podGroupTemplates: [${Array.from({ length: 9 }, (_, i) => `{name: g${i}, schedulingPolicy: {basic: {}}}`).join(', ')}]}`), version: '1.37', want: 'spec.podGroupTemplates: Too many: 9: must have at most 8 items' },
  ];
  it.each(rows)('$name', ({ text, version, want }) => {
    const got = errors(text, version);
    expect(got.length).toBeGreaterThan(0);
    expect(got.join('\n')).toContain(want);
  });
});

describe('decoding and defaulting', () => {
  it('a v1beta1 PodGroup names its template workloadRef: v1alpha2\'s podGroupTemplateRef is an unknown field there', () => {
    const r = loadScenario(podGroup('v1beta1', '{schedulingPolicy: {basic: {}}, podGroupTemplateRef: {workload: {workloadName: a, podGroupTemplateName: b}}}'), 'w.yaml', '1.37');
    expect(r.ok && r.scenario.warnings.map(formatScenarioError)).toEqual(['w.yaml:4:39: PodGroup default/train-0: spec.podGroupTemplateRef: unknown field, ignored']);
  });
  it('a v1alpha2 PodGroup: its template reference, topology and disruptionMode defaulted to Single', () => {
    const r = loadScenario(withGates('GenericWorkload: true, TopologyAwareWorkloadScheduling: true', podGroup('v1alpha2', '{podGroupTemplateRef: {workload: {workloadName: train, podGroupTemplateName: workers}}, schedulingPolicy: {gang: {minCount: 4}}, schedulingConstraints: {topology: [{key: topology.kubernetes.io/rack}]}}')), 'w.yaml', '1.36');
    expect(r.ok && r.scenario.podGroups).toEqual([{
      apiVersion: 'scheduling.k8s.io/v1alpha2', kind: 'PodGroup', metadata: expect.objectContaining({ name: 'train-0', namespace: 'default' }),
      spec: { workloadRef: { workloadName: 'train', templateName: 'workers' }, schedulingPolicy: { gang: { minCount: 4 } }, schedulingConstraints: { topology: [{ key: 'topology.kubernetes.io/rack' }] }, disruptionMode: 'Single' },
    }]);
  });
  it('a v1beta1 PodGroup: workloadRef, disruptionMode all, priority', () => {
    const r = loadScenario(withGates('GenericWorkload: true', podGroup('v1beta1', '{workloadRef: {workloadName: train, templateName: workers}, schedulingPolicy: {basic: {}}, disruptionMode: {all: {}}, priorityClassName: high, priority: 1000}')), 'w.yaml', '1.37');
    expect(r.ok && r.scenario.podGroups?.[0]?.spec).toEqual({ workloadRef: { workloadName: 'train', templateName: 'workers' }, schedulingPolicy: { basic: {} }, disruptionMode: 'All', priorityClassName: 'high', priority: 1000 });
  });
  it('a v1alpha3 PodGroup reads as v1beta1 does (workloadRef, disruptionMode struct)', () => {
    const r = loadScenario(podGroup('v1alpha3', '{workloadRef: {workloadName: train, templateName: workers}, schedulingPolicy: {gang: {minCount: 3}}, disruptionMode: {single: {}}}'), 'w.yaml', '1.37');
    expect(r.ok && r.scenario.podGroups?.[0]).toMatchObject({ apiVersion: 'scheduling.k8s.io/v1alpha3', spec: { workloadRef: { workloadName: 'train', templateName: 'workers' }, schedulingPolicy: { gang: { minCount: 3 } }, disruptionMode: 'Single' } });
  });
  it('v1alpha2 disruptionMode is the string Pod or PodGroup (1.36), not the v1beta1 struct', () => {
    const all = loadScenario(withGates('WorkloadAwarePreemption: true', podGroup('v1alpha2', '{schedulingPolicy: {basic: {}}, disruptionMode: PodGroup}')), 'w.yaml', '1.36');
    expect(all.ok && all.scenario.podGroups?.[0]?.spec.disruptionMode).toBe('All');
    const single = loadScenario(podGroup('v1alpha2', '{schedulingPolicy: {basic: {}}, disruptionMode: Pod}'), 'w.yaml', '1.36');
    expect(single.ok && single.scenario.podGroups?.[0]?.spec.disruptionMode).toBe('Single');
    expect(errors(podGroup('v1alpha2', '{schedulingPolicy: {basic: {}}, disruptionMode: All}'), '1.36').join('\n')).toContain('spec.disruptionMode: Unsupported value: "All": supported values: "Pod", "PodGroup"');
    expect(errors(podGroup('v1alpha2', '{schedulingPolicy: {basic: {}}, disruptionMode: {all: {}}}'), '1.36').join('\n')).toContain('spec.disruptionMode');
    expect(errors(podGroup('v1beta1', '{schedulingPolicy: {basic: {}}, disruptionMode: PodGroup}'), '1.37').join('\n')).toContain('spec.disruptionMode');
  });
  it('a pod names its PodGroup', () => {
    const r = loadScenario(pod('schedulingGroup: {podGroupName: train-0}'), 'w.yaml', '1.37');
    expect(r.ok && r.scenario.pods[0]!.spec.schedulingGroup).toEqual({ podGroupName: 'train-0' });
  });
});

// upstream: pkg/registry/scheduling/podgroup/strategy.go and workload/strategy.go (v1.36)
// PrepareForCreate → dropDisabled…Fields: the API server drops a field whose gate is off; 1.37
// merged WorkloadAwarePreemption into GenericWorkload (kubernetes PR #139520).
describe('fields the API server drops without their feature gate', () => {
  const group136 = podGroup('v1alpha2', '{schedulingPolicy: {gang: {minCount: 2}}, schedulingConstraints: {topology: [{key: rack}]}, disruptionMode: PodGroup, priorityClassName: high, priority: 1000}');
  const group137 = podGroup('v1beta1', '{schedulingPolicy: {gang: {minCount: 2}}, schedulingConstraints: {topology: [{key: rack}]}, disruptionMode: {all: {}}, priorityClassName: high, priority: 1000}');
  const template136 = doc('apiVersion: scheduling.k8s.io/v1alpha2', 'kind: Workload', 'metadata: {name: train}', 'spec: {podGroupTemplates: [{name: workers, schedulingPolicy: {gang: {minCount: 2}}, schedulingConstraints: {topology: [{key: rack}]}, disruptionMode: PodGroup, priority: 7}]}');
  const all = { schedulingConstraints: { topology: [{ key: 'rack' }] }, disruptionMode: 'All', priorityClassName: 'high', priority: 1000 };
  const rows: { name: string; text: string; version: KubernetesVersion; spec: Record<string, unknown>; dropped: string[] }[] = [
    { name: 'v1.36, no gates: all four dropped, disruptionMode back to its default', text: group136, version: '1.36', spec: { disruptionMode: 'Single' }, dropped: ['schedulingConstraints:TopologyAwareWorkloadScheduling', 'disruptionMode:WorkloadAwarePreemption', 'priorityClassName:WorkloadAwarePreemption', 'priority:WorkloadAwarePreemption'] },
    { name: 'v1.36, WorkloadAwarePreemption: the topology dropped', text: withGates('WorkloadAwarePreemption: true', group136), version: '1.36', spec: { ...all, schedulingConstraints: undefined }, dropped: ['schedulingConstraints:TopologyAwareWorkloadScheduling'] },
    { name: 'v1.36, TopologyAwareWorkloadScheduling: the preemption fields dropped', text: withGates('TopologyAwareWorkloadScheduling: true', group136), version: '1.36', spec: { schedulingConstraints: all.schedulingConstraints, disruptionMode: 'Single' }, dropped: ['disruptionMode:WorkloadAwarePreemption', 'priorityClassName:WorkloadAwarePreemption', 'priority:WorkloadAwarePreemption'] },
    { name: 'v1.36, GenericWorkload alone keeps none of them', text: withGates('GenericWorkload: true', group136), version: '1.36', spec: { disruptionMode: 'Single' }, dropped: ['schedulingConstraints:TopologyAwareWorkloadScheduling', 'disruptionMode:WorkloadAwarePreemption', 'priorityClassName:WorkloadAwarePreemption', 'priority:WorkloadAwarePreemption'] },
    { name: 'v1.36, both gates: all kept', text: withGates('WorkloadAwarePreemption: true, TopologyAwareWorkloadScheduling: true', group136), version: '1.36', spec: all, dropped: [] },
    { name: 'v1.37, GenericWorkload keeps the preemption fields (the gate merged into it)', text: withGates('GenericWorkload: true', group137), version: '1.37', spec: { ...all, schedulingConstraints: undefined }, dropped: ['schedulingConstraints:TopologyAwareWorkloadScheduling'] },
    { name: 'v1.37, no gates: the preemption fields dropped for GenericWorkload', text: group137, version: '1.37', spec: { disruptionMode: 'Single' }, dropped: ['schedulingConstraints:TopologyAwareWorkloadScheduling', 'disruptionMode:GenericWorkload', 'priorityClassName:GenericWorkload', 'priority:GenericWorkload'] },
  ];
  it.each(rows)('$name', ({ text, version, spec, dropped }) => {
    const r = loadScenario(text, 'w.yaml', version);
    if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
    const got = r.scenario.podGroups![0]!.spec;
    const want = Object.fromEntries(Object.entries({ schedulingPolicy: { gang: { minCount: 2 } }, ...spec }).filter(([, v]) => v !== undefined));
    expect(got).toEqual(want);
    const warned = r.scenario.warnings.map(formatScenarioError).map((w) => /spec\.(\w+): dropped: the API server keeps this field only with the feature gate (\w+)/.exec(w)).filter((m) => m !== null).map((m) => `${m[1]}:${m[2]}`);
    expect(warned).toEqual(dropped);
  });
  it('a v1.36 Workload template loses the same fields', () => {
    const r = loadScenario(template136, 'w.yaml', '1.36');
    if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
    expect(r.scenario.schedulingWorkloads![0]!.spec.podGroupTemplates).toEqual([{ name: 'workers', schedulingPolicy: { gang: { minCount: 2 } } }]);
    expect(r.scenario.warnings.map(formatScenarioError).filter((w) => w.includes('dropped'))).toEqual([
      expect.stringContaining('spec.podGroupTemplates[0].schedulingConstraints: dropped: the API server keeps this field only with the feature gate TopologyAwareWorkloadScheduling'),
      expect.stringContaining('spec.podGroupTemplates[0].disruptionMode: dropped: the API server keeps this field only with the feature gate WorkloadAwarePreemption'),
      expect.stringContaining('spec.podGroupTemplates[0].priority: dropped: the API server keeps this field only with the feature gate WorkloadAwarePreemption'),
    ]);
  });
});

// A dump is what an API server stored: the fields above, present in a stored object, prove that
// cluster had their gate on (the same strategies drop them on create otherwise). The command line
// reading a kubectl dump passes the inferred version (fromDump); the page's import writes it as
// the Scenario's podplay.dev/inferred-version annotation (src/interop/podGroupDump.test.ts).
describe('a dump\'s stored gated fields turn their gate on', () => {
  const fromDump = { version: '1.36' as const, detail: 'from the nodes\' kubelets' };
  const group136 = podGroup('v1alpha2', '{schedulingPolicy: {gang: {minCount: 2}}, schedulingConstraints: {topology: [{key: rack}]}, disruptionMode: PodGroup, priorityClassName: high, priority: 1000}');
  const notes = (warnings: { message: string }[]) => warnings.map((w) => w.message).filter((m) => m.includes('turned on for this run'));

  it('a stored PodGroup keeps all four fields; one warning per gate, at its first field, counting the rest', () => {
    const r = loadScenario(group136, 'dump.yaml', undefined, fromDump);
    if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
    expect(r.scenario.podGroups![0]!.spec).toEqual({ schedulingPolicy: { gang: { minCount: 2 } }, schedulingConstraints: { topology: [{ key: 'rack' }] }, disruptionMode: 'All', priorityClassName: 'high', priority: 1000 });
    expect(r.scenario.meta.featureGates).toEqual({ GenericWorkload: true, TopologyAwareWorkloadScheduling: true, WorkloadAwarePreemption: true, GangScheduling: true });
    expect(notes(r.scenario.warnings)).toEqual([
      expect.stringMatching(/^PodGroup default\/train-0: the feature gate GenericWorkload turned on for this run: .* it serves scheduling\.k8s\.io\/v1alpha2 PodGroups only with GenericWorkload on/),
      expect.stringMatching(/^PodGroup default\/train-0: spec\.schedulingConstraints: kept, and the feature gate TopologyAwareWorkloadScheduling turned on for this run: .*so the cluster has it on\. Set/),
      expect.stringMatching(/^PodGroup default\/train-0: spec\.disruptionMode: kept, and the feature gate WorkloadAwarePreemption turned on .* \(and 2 more stored fields behind it\)\./),
      expect.stringMatching(/^PodGroup default\/train-0: spec\.schedulingPolicy\.gang: the feature gate GangScheduling turned on for this run: a dump does not show kube-scheduler's gates/),
    ]);
    expect(r.scenario.warnings.map((w) => w.message)).not.toContainEqual(expect.stringContaining('dropped'));
  });

  it('a stored Workload template proves its gate too', () => {
    const template = doc('apiVersion: scheduling.k8s.io/v1alpha2', 'kind: Workload', 'metadata: {name: train}', 'spec: {podGroupTemplates: [{name: workers, schedulingPolicy: {gang: {minCount: 2}}, priority: 7}]}');
    const r = loadScenario(template, 'dump.yaml', undefined, fromDump);
    if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
    expect(r.scenario.schedulingWorkloads![0]!.spec.podGroupTemplates[0]).toMatchObject({ priority: 7 });
    expect(r.scenario.meta.featureGates).toEqual({ GenericWorkload: true, WorkloadAwarePreemption: true, GangScheduling: true });
  });

  it('a PodGroup a timeline step applies is created, not stored: its fields are dropped as on create', () => {
    const stored = podGroup('v1alpha2');
    const applied = doc('apiVersion: podplay/v1alpha1', 'kind: Scenario', 'metadata: {name: s}', 'spec:', '  timeline:',
      '  - {at: 10, action: apply, object: {apiVersion: scheduling.k8s.io/v1alpha2, kind: PodGroup, metadata: {name: late}, spec: {schedulingPolicy: {gang: {minCount: 2}}, priority: 5}}}');
    const r = loadScenario([applied, stored].join('\n---\n'), 'dump.yaml', undefined, fromDump);
    if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
    // the stored PodGroup proves the API's gates, not the applied one's field's
    expect(r.scenario.meta.featureGates).toEqual({ GenericWorkload: true, GangScheduling: true });
    expect(r.scenario.warnings.map((w) => w.message)).toContainEqual(expect.stringContaining('spec.priority: dropped: the API server keeps this field only with the feature gate WorkloadAwarePreemption'));
  });

  it('at 1.37 the proof is for GenericWorkload (WorkloadAwarePreemption merged into it, PR #139520)', () => {
    const r = loadScenario(podGroup('v1beta1', '{schedulingPolicy: {gang: {minCount: 2}}, disruptionMode: {all: {}}}'), 'dump.yaml', undefined, { version: '1.37', detail: 'x' });
    if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
    expect(r.scenario.podGroups![0]!.spec.disruptionMode).toBe('All');
    expect(r.scenario.meta.featureGates).toEqual({ GenericWorkload: true });
  });
});

// The objects themselves are stored too: the API server serves scheduling.k8s.io Workloads and
// PodGroups, and keeps a pod's spec.schedulingGroup (spec.workloadRef at 1.35), only with
// GenericWorkload on. GangScheduling is kube-scheduler's: from 1.37 part of GenericWorkload
// (kubernetes PR #139520); before, a stored gang policy is taken to mean the scheduler enforces it.
describe('a dump\'s stored Workload API objects turn GenericWorkload (and GangScheduling) on', () => {
  const gateNotes = (warnings: { line: number; message: string }[]) => warnings.filter((w) => w.message.includes('turned on for this run')).map((w) => [w.line, w.message.replace(/: the feature gate (\w+) turned on for this run: .*$/, ' -> $1')]);
  const load = (text: string, version: KubernetesVersion) => {
    const r = loadScenario(text, 'dump.yaml', undefined, { version, detail: 'x' });
    if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
    return r.scenario;
  };
  const member = doc('apiVersion: v1', 'kind: Pod', 'metadata: {name: w-0}', 'spec:', '  schedulingGroup: {podGroupName: train-0}', '  containers: [{name: c, image: i}]');
  const basic = '{schedulingPolicy: {basic: {}}}';
  const rows: { name: string; version: KubernetesVersion; text: string; gates: Record<string, boolean> | undefined; notes: [number, string][] }[] = [
    { name: '1.36: a gang PodGroup and its member: both gates, the rest of the proof counted', version: '1.36', text: [podGroup('v1alpha2'), member].join('\n---\n'), gates: { GenericWorkload: true, GangScheduling: true },
      notes: [[1, 'PodGroup default/train-0 -> GenericWorkload'], [4, 'PodGroup default/train-0: spec.schedulingPolicy.gang -> GangScheduling']] },
    { name: '1.36: a basic PodGroup proves the API, not gang scheduling', version: '1.36', text: podGroup('v1alpha2', basic), gates: { GenericWorkload: true }, notes: [[1, 'PodGroup default/train-0 -> GenericWorkload']] },
    { name: '1.36: a pod\'s spec.schedulingGroup alone proves GenericWorkload', version: '1.36', text: member, gates: { GenericWorkload: true }, notes: [[5, 'Pod default/w-0: spec.schedulingGroup -> GenericWorkload']] },
    { name: '1.36: a Workload whose template is a gang', version: '1.36', text: workload('v1alpha2'), gates: { GenericWorkload: true, GangScheduling: true },
      notes: [[1, 'Workload default/train -> GenericWorkload'], [4, 'Workload default/train: spec.podGroupTemplates[0].schedulingPolicy.gang -> GangScheduling']] },
    { name: '1.35: a v1alpha1 Workload with a gang group', version: '1.35', text: v1alpha1Workload, gates: { GenericWorkload: true, GangScheduling: true },
      notes: [[1, 'Workload default/train -> GenericWorkload'], [4, 'Workload default/train: spec.podGroups[0].policy.gang -> GangScheduling']] },
    // (versions.test.ts: at 1.37 GangScheduling follows GenericWorkload, so only GenericWorkload is turned on)
    { name: '1.37: GangScheduling is part of GenericWorkload (PR #139520), even for a basic PodGroup', version: '1.37', text: podGroup('v1beta1', basic), gates: { GenericWorkload: true },
      notes: [[1, 'PodGroup default/train-0 -> GenericWorkload']] },
    { name: '1.36: the Scenario\'s own GenericWorkload: false wins, and no gang scheduling without it', version: '1.36', text: withGates('GenericWorkload: false', podGroup('v1alpha2')), gates: { GenericWorkload: false }, notes: [] },
    { name: '1.36: the Scenario\'s own GangScheduling: false wins', version: '1.36', text: withGates('GangScheduling: false', podGroup('v1alpha2')), gates: { GangScheduling: false, GenericWorkload: true }, notes: [[6, 'PodGroup default/train-0 -> GenericWorkload']] },
    { name: '1.36: a Scenario that turns GenericWorkload on: only GangScheduling is inferred', version: '1.36', text: withGates('GenericWorkload: true', podGroup('v1alpha2')), gates: { GenericWorkload: true, GangScheduling: true }, notes: [[9, 'PodGroup default/train-0: spec.schedulingPolicy.gang -> GangScheduling']] },
  ];
  it.each(rows)('$name', ({ version, text, gates, notes }) => {
    const s = load(text, version);
    expect(s.meta.featureGates).toEqual(gates);
    expect(gateNotes(s.warnings)).toEqual(notes);
  });

  it('the warning names the object and why, once per gate, counting the other proofs', () => {
    const s = load([podGroup('v1alpha2'), member, member.replace('w-0', 'w-1')].join('\n---\n'), '1.36');
    expect(s.warnings.map((w) => w.message)).toContainEqual('PodGroup default/train-0: the feature gate GenericWorkload turned on for this run: a dump holds what the API server stored, and it serves scheduling.k8s.io/v1alpha2 PodGroups only with GenericWorkload on, so the cluster has it on (and 2 more stored fields behind it). Set GenericWorkload: false in the Scenario\'s spec.featureGates to run without it');
  });

  it('a manifest (no dump) proves nothing', () => {
    const r = loadScenario([podGroup('v1alpha2'), member].join('\n---\n'), 'm.yaml', '1.36');
    if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
    expect(r.scenario.meta.featureGates).toBeUndefined();
  });
});
