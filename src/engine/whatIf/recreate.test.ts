// A StatefulSet's Pending pod of an older revision than the set's template: a rolling update never
// replaces a pod that is not Running and Ready (upstream stateful_set_control.go; kubernetes.io
// StatefulSet "Forced rollback": fix the template, then delete the pods made from the bad one).
// The reviewer's fix is the template (when it still has the fault) and the pod deleted; verified by
// simulating the deletion and the StatefulSet recreating the pod from its template.
import { describe, expect, it } from 'vitest';
import { loadExpandedScenario, simulate } from '../index';
import { applyTextChanges, fixText, fixTitle } from '../../interop/fixText';
import { rankFixes, searchFixes, simulateWithEdits, type VerifiedFix } from './verify';

const NODES = ['a', 'b'].map((zone) => `apiVersion: v1
kind: Node
metadata: {name: n-${zone}, labels: {kubernetes.io/hostname: n-${zone}, zone: ${zone}}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
`).join('');

/** kafka-0 made by revision kafka-old with a zone typo (x); the set's template as `templateZone` says */
const scenario = (templateZone: string | undefined, status = '') => `${NODES}apiVersion: apps/v1
kind: StatefulSet
metadata: {name: kafka, namespace: default, uid: s1}
spec:
  replicas: 1
  serviceName: kafka
  selector: {matchLabels: {app: kafka}}
  template:
    metadata: {labels: {app: kafka}}
    spec:
${templateZone ? `      affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: zone, operator: In, values: [${templateZone}]}]}]}}}\n` : ''}      containers: [{name: c, image: kafka:2, resources: {requests: {cpu: "1"}}}]
${status}---
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

function search(text: string): { fixes: VerifiedFix[]; failures: string[] } {
  const loaded = loadExpandedScenario(text, 'sts.yaml');
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  const baseline = simulate(text, { fileName: 'sts.yaml' });
  if (!baseline.ok) throw new Error('baseline');
  const s = searchFixes(loaded.scenario, baseline.result, 'default/kafka-0');
  const fixes: VerifiedFix[] = [];
  for (let f = s.next(); f !== undefined; f = s.next()) if (f) fixes.push(f);
  return { fixes: rankFixes(fixes), failures: s.failures.map((f) => f.reason) };
}

describe('a StatefulSet pod of an older revision', () => {
  it('the template no longer has the fault: the top fix deletes the pod, and the StatefulSet recreates it from the template', () => {
    const { fixes } = search(scenario(undefined));
    expect(fixes[0]!.candidate.edits).toEqual([{ kind: 'recreate', pod: 'default/kafka-0', workload: { kind: 'StatefulSet', namespace: 'default', name: 'kafka' } }]);
    expect(fixTitle(fixes[0]!.candidate.edits, (n) => n, fixes[0]!.candidate.template)).toBe('Delete pod default/kafka-0: StatefulSet default/kafka recreates it from its template as it is now (the pod is of an older revision; a rolling update does not replace a pod that is not Ready)');
  });

  it('verified by the simulation: the old pod is deleted, and the one the StatefulSet makes at the template\'s revision schedules', () => {
    const loaded = loadExpandedScenario(scenario(undefined), 'sts.yaml');
    if (!loaded.ok) throw new Error('load');
    const result = simulateWithEdits(loaded.scenario, [{ kind: 'recreate', pod: 'default/kafka-0', workload: { kind: 'StatefulSet', namespace: 'default', name: 'kafka' } }])!;
    // one pod of that name lives at the end: made at the template's revision (not kafka-old), on a node
    const live = result.pods.filter((p) => p.pod === 'default/kafka-0' && p.deletedAt === undefined);
    expect(live.map((p) => [p.labels?.['controller-revision-hash'] === 'kafka-old', p.node !== undefined])).toEqual([[false, true]]);
  });

  // a pod as the API server stores it has generateName "kafka-" (GetPodFromTemplate) beside its
  // ordinal name: the name is still the set's to make again (issue 18: kafka-2 of the production
  // dump stayed deleted on the raw dump, "pods \"kafka-2\" already exists", and was recreated on its import)
  it('the same for a pod stored with generateName: its name is free once it is gone, and the set makes it again', () => {
    const loaded = loadExpandedScenario(scenario(undefined).replace('  name: kafka-0\n', '  name: kafka-0\n  generateName: kafka-\n'), 'sts.yaml');
    if (!loaded.ok) throw new Error('load');
    const result = simulateWithEdits(loaded.scenario, [{ kind: 'recreate', pod: 'default/kafka-0', workload: { kind: 'StatefulSet', namespace: 'default', name: 'kafka' } }])!;
    const live = result.pods.filter((p) => p.pod === 'default/kafka-0' && p.deletedAt === undefined);
    expect(live.map((p) => [p.labels?.['controller-revision-hash'] === 'kafka-old', p.node !== undefined])).toEqual([[false, true]]);
    expect(result.events.filter((e) => e.reason === 'FailedCreate')).toEqual([]);
  });

  it('the template still has the fault: the top fix corrects the template, then deletes the pod; the title says both', () => {
    const { fixes } = search(scenario('x'));
    const top = fixes[0]!;
    expect(top.candidate.edits.map((e) => e.kind)).toEqual(['affinity-value', 'recreate']);
    expect(fixTitle(top.candidate.edits, (n) => n, top.candidate.template)).toMatch(/^[ab] instead of x \(no node has it\) in node affinity zone, in the template of StatefulSet default\/kafka; then delete pod default\/kafka-0: it is of an older revision, and the StatefulSet recreates it from the fixed template$/);
  });

  it.each([
    ['status.updateRevision names the pod\'s revision: not older, no delete', 'status: {updateRevision: kafka-old}\n', false],
    ['status.updateRevision names another revision: older', 'status: {updateRevision: kafka-7c9d8f6b4}\n', true],
  ])('%s', (_name, status, older) => {
    const { fixes } = search(scenario('x', status));
    expect(fixes.some((f) => f.candidate.edits.some((e) => e.kind === 'recreate'))).toBe(older);
  });
});

describe('the recreate fix written into the file', () => {
  it('a delete step at 0 in a Scenario document, with the kubectl command; the file then schedules the pod at the template\'s revision', () => {
    const text = scenario(undefined);
    const change = fixText(text, [{ kind: 'recreate', pod: 'default/kafka-0', workload: { kind: 'StatefulSet', namespace: 'default', name: 'kafka' } }])!;
    const after = applyTextChanges(text, change.changes);
    expect(after).toContain('# kubectl delete pod kafka-0 -n default: StatefulSet default/kafka recreates it from its template as it is now');
    const r = simulate(after);
    if (!r.ok) throw new Error(r.errors.map((e) => `${e.line}: ${e.message}`).join('\n'));
    const live = r.result.pods.find((p) => p.pod === 'default/kafka-0' && p.deletedAt === undefined)!;
    expect([live.labels?.['controller-revision-hash'] === 'kafka-old', live.node !== undefined]).toEqual([false, true]);
  });
});
