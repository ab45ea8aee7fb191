// The node autoscaler end to end (a ClusterAutoscaler document): scale-up from the scheduler's
// Filters on template nodes, provisioning on the simulated clock, scale-down with its blocking
// rules, the example scenarios and the loader's errors.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { simulate } from './index';

const scenarioDir = join(__dirname, '../../scenarios');
const readScenario = (name: string) => readFileSync(join(scenarioDir, name), 'utf8');

function run(yaml: string): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml' });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}
function errors(yaml: string): string[] {
  const outcome = simulate(yaml, { fileName: 'test.yaml' });
  return outcome.ok ? [] : outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`);
}
const events = (r: SimulationResult, reason: string) => r.events.filter((e) => e.reason === reason).map((e) => `${e.time}s ${e.object} ${e.message}`);

/** a ClusterAutoscaler with one template per [group, cpu, extra template yaml, annotations] */
function autoscaler(spec: string, templates: { group: string; cpu: string; max?: number; min?: number; extra?: string }[]): string {
  const t = templates.map((g) => `
  - apiVersion: v1
    kind: Node
    metadata:
      name: ${g.group}-template
      labels: {kwok-nodegroup: ${g.group}}
      annotations: {cluster-autoscaler.kwok.nodegroup/min-count: "${g.min ?? 0}", cluster-autoscaler.kwok.nodegroup/max-count: "${g.max ?? 10}"}
${g.extra ?? ''}
    status: {allocatable: {cpu: "${g.cpu}", memory: 16Gi, pods: "110"}}`).join('');
  return `apiVersion: podplay/v1alpha1
kind: ClusterAutoscaler
metadata: {name: ca}
spec:
${spec}
  templates:${t}
`;
}
const node = (name: string, cpu: string, group?: string, annotations = '') => `---
apiVersion: v1
kind: Node
metadata: {name: ${name}, labels: {kubernetes.io/hostname: ${name}${group ? `, kwok-nodegroup: ${group}` : ''}}${annotations ? `, annotations: {${annotations}}` : ''}}
status: {allocatable: {cpu: "${cpu}", memory: 16Gi, pods: "110"}}
`;
const pod = (name: string, cpu: string, extra = '') => `---
apiVersion: v1
kind: Pod
metadata: {name: ${name}}
spec:
${extra}  containers: [{name: c, image: x, resources: {requests: {cpu: "${cpu}"}}}]
`;
const rs = (name: string, replicas: number, cpu: string, podAnnotations = '') => `---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: ${name}}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}${podAnnotations ? `, annotations: {${podAnnotations}}` : ''}}
    spec:
      containers: [{name: c, image: x, resources: {requests: {cpu: "${cpu}"}}}]
`;

describe('autoscaler-gpu-scale-up.yaml: a Pending GPU pod makes the autoscaler add a GPU node', () => {
  const r = run(readScenario('autoscaler-gpu-scale-up.yaml'));
  it('grows gpu-pool 0->1 at the first loop (10s), not cpu-pool', () => {
    expect(events(r, 'ScaledUpGroup')).toEqual(['10s ConfigMap/kube-system/cluster-autoscaler-status Scale-up: setting group gpu-pool size to 1 instead of 0 (max: 2)']);
    expect(events(r, 'TriggeredScaleUp')).toEqual(['10s Pod/default/train pod triggered scale-up: [{gpu-pool 0->1 (max: 2)}]']);
  });
  it('the node joins after the provisioning delay and takes the pod', () => {
    expect(r.nodes.find((n) => n.name === 'gpu-pool-1')?.createdAt).toBe(70);
    const train = r.pods.find((p) => p.pod === 'default/train')!;
    expect([train.phase, train.node]).toEqual(['Running', 'gpu-pool-1']);
    expect(r.autoscaler?.activities.map((a) => `${a.time} ${a.kind} ${a.group}`)).toEqual(['10 scaleUp gpu-pool', '70 nodeReady gpu-pool']);
    expect(r.autoscaler?.pods['default/train']).toEqual({ time: 10, kind: 'triggeredScaleUp', group: 'gpu-pool', nodes: ['gpu-pool-1'], readyAt: 70 });
  });
  it('a run is reproducible', () => {
    expect(JSON.stringify(run(readScenario('autoscaler-gpu-scale-up.yaml')))).toBe(JSON.stringify(r));
  });
});

describe('autoscaler-scale-down.yaml: idle nodes go, the one a PDB keeps stays', () => {
  const r = run(readScenario('autoscaler-scale-down.yaml'));
  const dbNode = r.events.find((e) => e.reason === 'Scheduled' && e.object.startsWith('Pod/default/db-') && e.time === 0)!.message.split(' to ')[1]!;
  it('the two web nodes are drained one at a time and deleted after the pods\' grace period', () => {
    const marked = r.events.filter((e) => e.reason === 'ScaleDown' && e.message === 'marked the node as toBeDeleted/unschedulable');
    const removed = r.events.filter((e) => e.reason === 'ScaleDown' && e.message === 'nodes removed by cluster autoscaler');
    expect(marked.map((e) => e.time)).toEqual([130, 160]);
    expect(removed.map((e) => e.time)).toEqual([160, 190]);
    expect(marked.map((e) => e.object)).not.toContain(`Node/${dbNode}`);
  });
  it('ends with the db node only, every pod running there', () => {
    expect(r.nodes.map((n) => n.name)).toEqual([dbNode]);
    const live = r.pods.filter((p) => !p.deletedAt);
    expect(live.map((p) => [p.phase, p.node])).toEqual(live.map(() => ['Running', dbNode]));
    expect(live).toHaveLength(3);
  });
  it('says why the db node stays', () => {
    expect(r.autoscaler?.unremovable[dbNode]).toMatchObject({ reason: 'BlockedByPod: NotEnoughPdb', message: expect.stringMatching(/^not enough pod disruption budget to move default\/db-[a-z0-9]{5}$/) });
  });
  it('every drained pod gets "deleting pod for node scale down" before its eviction', () => {
    for (const e of r.events.filter((x) => x.reason === 'ScaleDown' && x.object.startsWith('Pod/'))) {
      expect(e.message).toBe('deleting pod for node scale down');
      expect(r.events.some((x) => x.reason === 'Evicted' && x.object === e.object && x.time === e.time)).toBe(true);
    }
  });
});

describe('scale-up', () => {
  it('NotTriggerScaleUp counts the reasons over groups (a taint, too little cpu, max size reached)', () => {
    const r = run(autoscaler('', [
      { group: 'small', cpu: '2', max: 1 },
      { group: 'gpu', cpu: '16', extra: '    spec: {taints: [{key: gpu, value: "true", effect: NoSchedule}]}' },
    ]) + node('small-1', '2', 'small') + pod('big', '3') + pod('medium', '1500m') + pod('medium2', '1500m'));
    const msgs = events(r, 'NotTriggerScaleUp');
    expect(msgs[0]).toMatch(/^10s Pod\/default\/big pod didn't trigger scale-up: 1 Insufficient cpu, 1 node\(s\) had untolerated taint/);
    expect(msgs[1]).toMatch(/^10s Pod\/default\/medium2 pod didn't trigger scale-up: 1 max node group size reached, 1 node\(s\) had untolerated taint/);
    expect(events(r, 'ScaledUpGroup')).toEqual([]);
    const verdict = r.autoscaler?.pods['default/big'];
    expect(verdict?.kind === 'notTriggerScaleUp' && verdict.groups.map((g) => g.group)).toEqual(['small', 'gpu']);
  });
  // upstream: utils/kubernetes/listers.go isUnschedulable, core/static_autoscaler.go listPods ("ignored")
  it.each([
    { name: 'a pod with scheduling gates (PodScheduled reason SchedulingGated)', extra: '  schedulingGates: [{name: example.com/quota}, {name: example.com/image}]\n', want: { time: 0, kind: 'ignored', reason: 'schedulingGates', gates: ['example.com/quota', 'example.com/image'] } },
    { name: 'a pod whose schedulerName no scheduler serves (no PodScheduled condition)', extra: '  schedulerName: gpu-scheduler\n', want: { time: 0, kind: 'ignored', reason: 'schedulerName', schedulerName: 'gpu-scheduler' } },
    { name: 'a pod the scheduler found no room for: not ignored, the group grows', extra: '', want: { time: 10, kind: 'triggeredScaleUp', group: 'pool' } },
  ])('ignores $name: no scale-up, no event, a verdict of its own', ({ extra, want }) => {
    const r = run(autoscaler('', [{ group: 'pool', cpu: '4' }]) + node('seed', '500m') + pod('p', '2', extra));
    expect(r.autoscaler?.pods['default/p']).toMatchObject(want);
    const grew = events(r, 'ScaledUpGroup').length > 0;
    expect(grew).toBe(want.kind === 'triggeredScaleUp');
    if (want.kind === 'ignored') expect(r.events.filter((e) => e.object === 'Pod/default/p' && /ScaleUp/.test(e.reason))).toEqual([]);
  });
  it('bin-packs the pending pods onto as many template nodes as they need (estimator/binpacking_estimator.go)', () => {
    const r = run(autoscaler('', [{ group: 'pool', cpu: '2' }]) + node('seed', '1') + pod('a', '1500m') + pod('b', '1500m') + pod('c', '500m'));
    // a and b take a node each; c fits beside one of them
    expect(events(r, 'ScaledUpGroup')).toEqual(['10s ConfigMap/kube-system/cluster-autoscaler-status Scale-up: setting group pool size to 2 instead of 0 (max: 10)']);
    expect(r.pods.filter((p) => p.phase === 'Running').map((p) => p.pod)).toEqual(['default/a', 'default/b', 'default/c']);
  });
  it('stops at the group\'s max size; the rest get "max node group size reached"', () => {
    const r = run(autoscaler('', [{ group: 'pool', cpu: '2', max: 1 }]) + node('seed', '1') + pod('a', '1500m') + pod('b', '1500m'));
    expect(events(r, 'ScaledUpGroup')).toEqual(['10s ConfigMap/kube-system/cluster-autoscaler-status Scale-up: setting group pool size to 1 instead of 0 (max: 1)']);
    expect(r.pods.find((p) => p.pod === 'default/b')?.phase).toBe('Pending');
  });
  it('a pod that fits a node still provisioning does not grow the group again', () => {
    const r = run(autoscaler('  provisioningDelay: 2m', [{ group: 'pool', cpu: '4' }]) + node('seed', '500m')
      + pod('a', '1') + `---
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: t}
spec:
  timeline:
  - {at: 30, action: apply, object: {apiVersion: v1, kind: Pod, metadata: {name: b}, spec: {containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]}}}
`);
    expect(events(r, 'ScaledUpGroup')).toHaveLength(1);
    expect(r.autoscaler?.pods['default/b']).toEqual({ time: 40, kind: 'waitingForUpcomingNode', group: 'pool' });
    expect(r.pods.map((p) => p.node)).toEqual(['pool-1', 'pool-1']);
  });
  it('the expander picks among groups that fit: least-waste takes the smaller node', () => {
    const r = run(autoscaler('  expander: least-waste', [{ group: 'large', cpu: '32' }, { group: 'small', cpu: '4' }]) + node('seed', '1') + pod('a', '3'));
    const up = r.autoscaler?.activities.find((a) => a.kind === 'scaleUp');
    expect(up?.kind === 'scaleUp' && [up.group, up.expander.map((s) => s.expander)]).toEqual(['small', ['least-waste']]);
  });
  it('the priority expander follows the priorities, whatever the waste', () => {
    const r = run(autoscaler('  expander: priority\n  priorities: {10: ["^small$"], 50: ["^large$"]}', [{ group: 'large', cpu: '32' }, { group: 'small', cpu: '4' }]) + node('seed', '1') + pod('a', '3'));
    expect(events(r, 'ScaledUpGroup')[0]).toMatch(/group large size to 1/);
  });
});

describe('scale-down blocking rules', () => {
  const base = (extraNodes: string, workloads: string, spec = '  scaleDownUnneededTime: 1m') =>
    autoscaler(spec, [{ group: 'pool', cpu: '4', min: 0 }]) + node('keep', '4') + extraNodes + workloads;
  it('an empty node in a group is removed after the unneeded time (ScaleDownEmpty)', () => {
    const r = run(base(node('pool-a', '4', 'pool'), ''));
    expect(events(r, 'ScaleDownEmpty')).toEqual(['70s ConfigMap/kube-system/cluster-autoscaler-status Scale-down: removing empty node "pool-a"']);
    expect(r.nodes.map((n) => n.name)).toEqual(['keep']);
  });
  it.each([
    ['cluster-autoscaler.kubernetes.io/scale-down-disabled on the node', node('pool-a', '4', 'pool', 'cluster-autoscaler.kubernetes.io/scale-down-disabled: "true"'), '', 'ScaleDownDisabledAnnotation'],
    ['a pod without a controller', node('pool-a', '4', 'pool'), pod('naked', '100m', '  nodeName: pool-a\n'), 'BlockedByPod: NotReplicated'],
    ['a pod annotated safe-to-evict: "false"', node('pool-a', '4', 'pool'), rs('web', 1, '100m', 'cluster-autoscaler.kubernetes.io/safe-to-evict: "false"').replace('spec:\n      containers', 'spec:\n      nodeSelector: {kubernetes.io/hostname: pool-a}\n      containers'), 'BlockedByPod: NotSafeToEvictAnnotation'],
    ['a node above the utilization threshold', node('pool-a', '4', 'pool'), pod('busy', '3', '  nodeName: pool-a\n'), 'NotUnderutilized'],
  ])('%s keeps the node', (_name, nodes, workloads, reason) => {
    const r = run(base(nodes, workloads));
    expect(r.nodes.map((n) => n.name)).toContain('pool-a');
    expect(r.autoscaler?.unremovable['pool-a']?.reason).toBe(reason);
    expect(events(r, 'ScaleDownEmpty').concat(events(r, 'ScaleDown'))).toEqual([]);
  });
  it('a pod that fits nowhere else keeps its node (NoPlaceToMovePods)', () => {
    const r = run(autoscaler('  scaleDownUnneededTime: 1m', [{ group: 'pool', cpu: '4' }]) + node('keep', '1') + node('pool-a', '4', 'pool') + rs('web', 1, '1500m').replace('spec:\n      containers', 'spec:\n      nodeSelector: {kwok-nodegroup: pool}\n      containers'));
    expect(r.autoscaler?.unremovable['pool-a']?.reason).toBe('NoPlaceToMovePods');
  });
  it('a group at its min size keeps its nodes', () => {
    const r = run(autoscaler('  scaleDownUnneededTime: 1m', [{ group: 'pool', cpu: '4', min: 1 }]) + node('pool-a', '4', 'pool'));
    expect(r.nodes.map((n) => n.name)).toEqual(['pool-a']);
    expect(r.autoscaler?.unremovable['pool-a']?.reason).toBe('NodeGroupMinSizeReached');
  });
});

describe('the ClusterAutoscaler document is validated at its line', () => {
  it.each([
    ['an unknown expander', autoscaler('  expander: cheapest', [{ group: 'pool', cpu: '4' }]), /^5:13: ClusterAutoscaler ca: spec\.expander: Expander "cheapest" not supported/],
    ['priority without priorities', autoscaler('  expander: priority', [{ group: 'pool', cpu: '4' }]), /spec\.priorities: the priority expander needs priorities/],
    ['a priority regexp that does not compile', autoscaler('  expander: priority\n  priorities: {10: ["("]}', [{ group: 'pool', cpu: '4' }]), /^6:21: .*Can't compile regexp rule for priority 10 and rule \(/],
    ['a template without the group label', autoscaler('', [{ group: 'pool', cpu: '4' }]).replace('labels: {kwok-nodegroup: pool}', 'labels: {team: a}'), /metadata\.labels\.kwok-nodegroup: the template has no "kwok-nodegroup" label/],
    ['a max-count that is not a number', autoscaler('', [{ group: 'pool', cpu: '4' }]).replace('max-count: "10"', 'max-count: "ten"'), /^12:.*invalid value for annotation key 'cluster-autoscaler\.kwok\.nodegroup\/max-count' for node 'pool-template'/],
    ['a bad quantity in a template', autoscaler('', [{ group: 'pool', cpu: 'four' }]), /^14:.*status\.allocatable\.cpu: "four" is not a quantity/],
    ['a duration that is not one', autoscaler('  scaleDownUnneededTime: soon', [{ group: 'pool', cpu: '4' }]), /^5:.*spec\.scaleDownUnneededTime: "soon" is not a duration/],
    ['a threshold above 1', autoscaler('  scaleDownUtilizationThreshold: 2', [{ group: 'pool', cpu: '4' }]), /spec\.scaleDownUtilizationThreshold: must be between 0 and 1/],
    ['no templates', 'apiVersion: podplay/v1alpha1\nkind: ClusterAutoscaler\nmetadata: {name: ca}\nspec: {expander: random}\n', /spec\.templates: at least one template Node is needed/],
  ])('%s', (_name, yaml, message) => {
    const found = errors(yaml);
    expect(found.some((e) => message.test(e)), found.join('\n')).toBe(true);
  });
});
