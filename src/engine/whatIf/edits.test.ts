// A fix for a pod a controller made edits the controller's pod template, not only the pod: the
// pod is recreated from the template (upstream: controller_utils.go GetPodFromTemplate), so a fix
// written on the pod alone would be lost at its next replacement. Each row deletes the fixed pod
// after it scheduled; the controller's replacement must carry the fix and schedule too.
import { describe, expect, it } from 'vitest';
import { loadExpandedScenario, startLoadedSimulation } from '../index';
import { controllerOf } from '../controllers/common';
import { podKey } from '../model/types';
import { applyEdits, copyScenario, templateOwnersOf, type ScenarioEdit } from './edits';

const NODE = `apiVersion: v1
kind: Node
metadata: {name: n1, labels: {kubernetes.io/hostname: n1}}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
`;
/** a workload of `kind` whose one pod asks 4 cpu of a 2-cpu node: Pending */
const workload = (kind: string, apiVersion = 'apps/v1') => `---
apiVersion: ${apiVersion}
kind: ${kind}
metadata: {name: big, namespace: default}
spec:
${kind === 'DaemonSet' || kind === 'Job' ? '' : '  replicas: 1\n'}${kind === 'StatefulSet' ? '  serviceName: big\n' : ''}${kind === 'Job' ? '' : '  selector: {matchLabels: {app: big}}\n'}  template:
    metadata: {labels: {app: big}}
    spec:
${kind === 'Job' ? '      restartPolicy: Never\n' : ''}      containers: [{name: c, image: i, resources: {requests: {cpu: "4"}}}]
`;

describe('a fix for a controller\'s pod edits its pod template', () => {
  it.each([
    ['Deployment', 'apps/v1', ['Deployment', 'ReplicaSet']],
    ['ReplicaSet', 'apps/v1', ['ReplicaSet']],
    ['StatefulSet', 'apps/v1', ['StatefulSet']],
    ['Job', 'batch/v1', ['Job']],
    ['DaemonSet', 'apps/v1', ['DaemonSet']],
  ])('%s: the template carries the fix and the pod recreated from it schedules', (kind, apiVersion, owners) => {
    const loaded = loadExpandedScenario(NODE + workload(kind, apiVersion), 'w.yaml');
    if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
    const pod = loaded.scenario.pods[0]!;
    const key = podKey(pod);
    // the Deployment is edited with its ReplicaSet (their templates stay equal: no rollout), nearest first
    expect(templateOwnersOf(loaded.scenario, pod).map((w) => w.kind)).toEqual([...owners].reverse());
    const fix: ScenarioEdit = { kind: 'request', pod: key, container: 0, resource: 'cpu', quantity: '1' };
    const variant = applyEdits(copyScenario(loaded.scenario), [fix]);
    for (const w of templateOwnersOf(variant, variant.pods[0]!)) expect(w.spec.template.spec.containers[0]!.resources?.requests?.cpu, w.kind).toBe('1');
    // the pod goes away once it ran; its controller makes another from the template
    variant.timeline.push({ at: 30, action: 'delete', kind: 'Pod', namespace: 'default', name: pod.metadata.name, source: { line: 1, column: 1 } });
    const started = startLoadedSimulation(variant, { until: 120 });
    if (!started.ok) throw new Error('the variant does not start');
    for (const _cycle of started.simulation.run()) { /* to the end */ }
    const result = started.simulation.result();
    // the pod was bound, deleted at 30 s, and its replacement (a new name, or a StatefulSet's same one) bound after
    const bound = result.cycles.filter((c) => c.result === 'Scheduled').map((c) => c.time >= 30);
    expect(bound).toEqual([false, true]);
    const replacement = result.pods.find((p) => p.deletedAt === undefined && p.owner !== undefined);
    expect(replacement?.node).toBe('n1');
    expect(replacement?.requests?.cpu).toBe(1000);
  });

  it('a pod no workload of the scenario made is edited alone', () => {
    const loaded = loadExpandedScenario(`${NODE}---
apiVersion: v1
kind: Pod
metadata: {name: orphan, namespace: default, ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: gone, uid: u1, controller: true}]}
spec: {containers: [{name: c, image: i, resources: {requests: {cpu: "4"}}}]}
`, 'w.yaml');
    if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
    const pod = loaded.scenario.pods[0]!;
    expect(controllerOf(pod)?.name).toBe('gone');
    expect(templateOwnersOf(loaded.scenario, pod)).toEqual([]);
    const variant = applyEdits(copyScenario(loaded.scenario), [{ kind: 'request', pod: podKey(pod), container: 0, resource: 'cpu', quantity: '1' }]);
    expect(variant.pods[0]!.spec.containers[0]!.resources?.requests?.cpu).toBe('1');
  });
});

describe('a StatefulSet pod of an older revision than its template', () => {
  // kafka-0 was made by a revision with a required zone affinity (a typo); the set's template, as
  // rolled out since, has none: the rolling update waits on the Pending pod
  const text = `${NODE}---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: kafka, namespace: default, uid: s1}
spec:
  replicas: 1
  serviceName: kafka
  selector: {matchLabels: {app: kafka}}
  template:
    metadata: {labels: {app: kafka}}
    spec: {containers: [{name: c, image: kafka:2, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: v1
kind: Pod
metadata:
  name: kafka-0
  namespace: default
  labels: {app: kafka, controller-revision-hash: kafka-old}
  ownerReferences: [{apiVersion: apps/v1, kind: StatefulSet, name: kafka, uid: s1, controller: true}]
spec:
  affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: zone, operator: In, values: [x]}]}]}}}
  containers: [{name: c, image: kafka:1, resources: {requests: {cpu: "1"}}}]
`;
  it.each<[string, ScenarioEdit]>([
    ['the expression dropped', { kind: 'selector', pod: 'default/kafka-0', term: 0, expression: 0 }],
    ['the expression\'s value replaced', { kind: 'affinity-value', pod: 'default/kafka-0', key: 'zone', from: 'x', value: 'a', term: 0, expression: 0 }],
  ])('%s: refused, saying the pod is of an older revision and is recreated from the template as it is now', (_name, edit) => {
    const loaded = loadExpandedScenario(text, 'w.yaml');
    if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
    expect(() => applyEdits(copyScenario(loaded.scenario), [edit])).toThrow('the pod template of StatefulSet default/kafka has no expression 1 in required node affinity term 1: default/kafka-0 is of an older revision; deleted, it is recreated from the template as it is now');
  });
});
