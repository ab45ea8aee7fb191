// CompositePodGroup (v1.37 alpha, gate CompositePodGroup; KEP-6012): the kind, a PodGroup's
// parentCompositePodGroupName and a Workload's compositePodGroupTemplates, validated and defaulted
// as the API server does. upstream: staging/src/k8s.io/api/scheduling/v1alpha3/types.go (the
// +k8s tags: required workloadRef, minGroupCount ≥ 1, unions, dependentRequired("workloadRef"),
// WorkloadMaxTreeDepth = 4) and KEP-6012 "API validation" (depth, unique names, All over All).
import { describe, expect, it } from 'vitest';
import { formatScenarioError, loadScenario } from '../load';
import type { KubernetesVersion } from '../../versions';
import type { CompositePodGroup, PodGroup, SchedulingWorkload } from '../types';

const doc = (...lines: string[]) => lines.join('\n');
const scenario = (version: string, gates: string) => doc('apiVersion: podplay/v1alpha1', 'kind: Scenario', 'metadata: {name: s}', `spec: {kubernetesVersion: "${version}", featureGates: {${gates}}}`);
const ON = 'GenericWorkload: true, CompositePodGroup: true';
const cpg = (spec: string) => doc('apiVersion: scheduling.k8s.io/v1alpha3', 'kind: CompositePodGroup', 'metadata: {name: root}', `spec: ${spec}`);
const podGroup = (spec: string) => doc('apiVersion: scheduling.k8s.io/v1beta1', 'kind: PodGroup', 'metadata: {name: leaf}', `spec: ${spec}`);
const workload = (spec: string) => doc('apiVersion: scheduling.k8s.io/v1beta1', 'kind: Workload', 'metadata: {name: w}', `spec: ${spec}`);
const text = (version: string, gates: string, ...objects: string[]) => [scenario(version, gates), ...objects].join('\n---\n');

function errors(t: string, version?: KubernetesVersion): string[] {
  const r = loadScenario(t, 'c.yaml', version);
  return r.ok ? [] : r.errors.map(formatScenarioError);
}
function loaded(t: string) {
  const r = loadScenario(t, 'c.yaml');
  if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
  return r.scenario;
}

const validCpg = cpg('{workloadRef: {workloadName: w, templateName: root}, schedulingPolicy: {gang: {minGroupCount: 2}}}');

describe('the CompositePodGroup kind', () => {
  it('is decoded at 1.37 with the gate, disruptionMode defaulting to Single', () => {
    const s = loaded(text('1.37', ON, validCpg));
    const got = s.compositePodGroups![0] as CompositePodGroup;
    expect(got.spec).toEqual({ workloadRef: { workloadName: 'w', templateName: 'root' }, schedulingPolicy: { gang: { minGroupCount: 2 } }, disruptionMode: 'Single' });
  });

  const rows: { name: string; text: string; version?: KubernetesVersion; want: string[] }[] = [
    { name: 'not served without the gate', text: text('1.37', 'GenericWorkload: true', validCpg),
      want: ['c.yaml:7:7: CompositePodGroup default/root: kind: no matches for kind "CompositePodGroup" in version "scheduling.k8s.io/v1alpha3": the API server serves it only with the feature gate on (needs the feature gate CompositePodGroup in the Scenario\'s spec.featureGates)'] },
    { name: 'not served before 1.37', text: text('1.36', ON, validCpg),
      want: ['c.yaml:6:13: CompositePodGroup default/root: apiVersion: no matches for kind "CompositePodGroup" in version "scheduling.k8s.io/v1alpha3": served from Kubernetes 1.37 on (Scenario spec.kubernetesVersion), as an alpha API'] },
    { name: 'workloadRef is required', text: text('1.37', ON, cpg('{schedulingPolicy: {basic: {}}}')),
      want: ['c.yaml:9:7: CompositePodGroup default/root: spec.workloadRef: Required value'] },
    { name: 'minGroupCount is required', text: text('1.37', ON, cpg('{workloadRef: {workloadName: w, templateName: root}, schedulingPolicy: {gang: {}}}')),
      want: ['c.yaml:9:85: CompositePodGroup default/root: spec.schedulingPolicy.gang.minGroupCount: Required value'] },
    { name: 'minGroupCount must be positive', text: text('1.37', ON, cpg('{workloadRef: {workloadName: w, templateName: root}, schedulingPolicy: {gang: {minGroupCount: -1}}}')),
      want: ['c.yaml:9:101: CompositePodGroup default/root: spec.schedulingPolicy.gang.minGroupCount: Invalid value: -1: must be greater than zero'] },
    { name: 'exactly one of basic and gang', text: text('1.37', ON, cpg('{workloadRef: {workloadName: w, templateName: root}, schedulingPolicy: {basic: {}, gang: {minGroupCount: 1}}}')),
      want: ['c.yaml:9:78: CompositePodGroup default/root: spec.schedulingPolicy: Invalid value: "{`basic`, `gang`}": exactly one of `basic`, `gang` is required, but multiple fields are set'] },
    { name: 'a parent name must be a DNS subdomain', text: text('1.37', ON, cpg('{parentCompositePodGroupName: Top_Level, workloadRef: {workloadName: w, templateName: root}, schedulingPolicy: {basic: {}}}')),
      want: [expect.stringContaining('c.yaml:9:37: CompositePodGroup default/root: spec.parentCompositePodGroupName: Invalid value: "Top_Level"') as unknown as string] },
    { name: 'a PodGroup with a parent needs workloadRef (dependentRequired)', text: text('1.37', ON, podGroup('{parentCompositePodGroupName: root, schedulingPolicy: {basic: {}}}')),
      want: ['c.yaml:9:8: PodGroup default/leaf: spec.workloadRef: Required value: must be set when `parentCompositePodGroupName` is set'] },
    { name: 'a PodGroup\'s parent is forbidden without the gate', text: text('1.37', 'GenericWorkload: true', podGroup('{parentCompositePodGroupName: root, workloadRef: {workloadName: w, templateName: leaf}, schedulingPolicy: {basic: {}}}')),
      want: ['c.yaml:9:8: PodGroup default/leaf: spec.parentCompositePodGroupName: Forbidden: may not be set (needs the feature gate CompositePodGroup in the Scenario\'s spec.featureGates)'] },
  ];
  for (const row of rows) it(row.name, () => expect(errors(row.text, row.version)).toEqual(row.want));

  it('a PodGroup keeps its parent', () => {
    const s = loaded(text('1.37', ON, podGroup('{parentCompositePodGroupName: root, workloadRef: {workloadName: w, templateName: leaf}, schedulingPolicy: {basic: {}}}')));
    expect((s.podGroups![0] as PodGroup).spec.parentCompositePodGroupName).toBe('root');
  });

  it('schedulingConstraints are dropped without TopologyAwareWorkloadScheduling, kept with it', () => {
    const spec = '{workloadRef: {workloadName: w, templateName: root}, schedulingPolicy: {basic: {}}, schedulingConstraints: {topology: [{key: rack}]}}';
    const without = loadScenario(text('1.37', ON, cpg(spec)), 'c.yaml');
    expect(without.ok && (without.scenario.compositePodGroups![0] as CompositePodGroup).spec.schedulingConstraints).toBe(undefined);
    expect(without.ok && without.scenario.warnings.map((w) => w.message)).toEqual([expect.stringContaining('spec.schedulingConstraints: dropped: the API server keeps this field only with the feature gate TopologyAwareWorkloadScheduling')]);
    const kept = loaded(text('1.37', `${ON}, TopologyAwareWorkloadScheduling: true`, cpg(spec)));
    expect((kept.compositePodGroups![0] as CompositePodGroup).spec.schedulingConstraints).toEqual({ topology: [{ key: 'rack' }] });
  });
});

describe("a Workload's compositePodGroupTemplates", () => {
  const leaf = (name: string, mode = '') => `{name: ${name}, schedulingPolicy: {gang: {minCount: 2}}${mode}}`;
  const composite = (name: string, children: string, mode = '') => `{name: ${name}, schedulingPolicy: {gang: {minGroupCount: 1}}${mode}, ${children}}`;

  it('decodes the tree', () => {
    const s = loaded(text('1.37', ON, workload(`{compositePodGroupTemplates: [${composite('lws', `podGroupTemplates: [${leaf('replica')}]`)}]}`)));
    const w = s.schedulingWorkloads![0] as SchedulingWorkload;
    expect(w.spec.podGroupTemplates).toEqual([]);
    expect(w.spec.compositePodGroupTemplates).toEqual([{ name: 'lws', schedulingPolicy: { gang: { minGroupCount: 1 } }, podGroupTemplates: [{ name: 'replica', schedulingPolicy: { gang: { minCount: 2 } } }] }]);
  });

  const depth5 = composite('l1', `compositePodGroupTemplates: [${composite('l2', `compositePodGroupTemplates: [${composite('l3', `compositePodGroupTemplates: [${composite('l4', `podGroupTemplates: [${leaf('l5')}]`)}]`)}]`)}]`);
  const rows: { name: string; spec: string; want: string[] }[] = [
    { name: 'exactly one of podGroupTemplates and compositePodGroupTemplates', spec: `{podGroupTemplates: [${leaf('a')}], compositePodGroupTemplates: [${composite('b', `podGroupTemplates: [${leaf('c')}]`)}]}`,
      want: ['c.yaml:9:7: Workload default/w: spec: Invalid value: "{`podGroupTemplates`, `compositePodGroupTemplates`}": exactly one of `podGroupTemplates`, `compositePodGroupTemplates` is required, but multiple fields are set'] },
    { name: 'a composite template needs a child', spec: '{compositePodGroupTemplates: [{name: b, schedulingPolicy: {basic: {}}}]}',
      want: ['c.yaml:9:37: Workload default/w: spec.compositePodGroupTemplates[0]: Required value: at least one of `podGroupTemplates`, `compositePodGroupTemplates` must be set'] },
    { name: 'names are unique in the whole tree', spec: `{compositePodGroupTemplates: [${composite('a', `podGroupTemplates: [${leaf('a')}]`)}]}`,
      want: ['c.yaml:9:120: Workload default/w: spec.compositePodGroupTemplates[0].podGroupTemplates[0].name: Duplicate value: "a"'] },
    { name: 'at most 4 levels deep', spec: `{compositePodGroupTemplates: [${depth5}]}`,
      want: [expect.stringContaining('spec.compositePodGroupTemplates[0].compositePodGroupTemplates[0].compositePodGroupTemplates[0].compositePodGroupTemplates[0].podGroupTemplates[0]: Invalid value: "l5": the tree of pod group templates must not be deeper than 4 levels') as unknown as string] },
    { name: 'an All template has only All children', spec: `{compositePodGroupTemplates: [${composite('a', `podGroupTemplates: [${leaf('b')}]`, ', disruptionMode: {all: {}}')}]}`,
      want: [expect.stringContaining('spec.compositePodGroupTemplates[0].disruptionMode: Invalid value: "all": a template with disruptionMode all must have children with disruptionMode all too; "b" is single') as unknown as string] },
  ];
  for (const row of rows) it(row.name, () => expect(errors(text('1.37', ON, workload(row.spec)))).toEqual(row.want));

  it('an All template with All children is valid', () => {
    expect(errors(text('1.37', ON, workload(`{compositePodGroupTemplates: [${composite('a', `podGroupTemplates: [${leaf('b', ', disruptionMode: {all: {}}')}]`, ', disruptionMode: {all: {}}')}]}`)))).toEqual([]);
  });
});
