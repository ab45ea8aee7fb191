// Volumes end to end: the PV controller on the simulated clock, VolumeBinding's decisions written
// in PreBind, ephemeral volumes, and the example scenarios (scenarios/volume-*.yaml).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KubeJsonObject, SimulationResult } from './api';
import { simulate } from './index';

const scenarioDir = join(__dirname, '../../scenarios');

function run(yaml: string, until?: number): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml', ...(until !== undefined ? { until } : {}) });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}
const runFile = (name: string) => run(readFileSync(join(scenarioDir, name), 'utf8'));
const pod = (r: SimulationResult, name: string) => r.pods.find((p) => p.pod === `default/${name}`)!;
const claim = (r: SimulationResult, name: string) => r.objects?.persistentVolumeClaims?.find((c) => c.metadata['name'] === name) as KubeJsonObject & { spec: Record<string, unknown>; status: Record<string, unknown> };
const volume = (r: SimulationResult, name: string) => r.objects?.persistentVolumes?.find((v) => v.metadata['name'] === name) as KubeJsonObject & { spec: Record<string, unknown>; status: Record<string, unknown> };

describe('volume-wait-for-first-consumer.yaml', () => {
  const r = runFile('volume-wait-for-first-consumer.yaml');
  it('binds db to node-b and provisions its claim there', () => {
    expect(pod(r, 'db')).toMatchObject({ phase: 'Running', node: 'node-b' });
    const pvc = claim(r, 'data');
    expect(pvc.status['phase']).toBe('Bound');
    expect((pvc.metadata['annotations'] as Record<string, string>)['volume.kubernetes.io/selected-node']).toBe('node-b');
    const pv = volume(r, pvc.spec['volumeName'] as string);
    expect(pv.spec['claimRef']).toMatchObject({ kind: 'PersistentVolumeClaim', namespace: 'default', name: 'data' });
    expect(pv.spec['nodeAffinity']).toEqual({ required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['zone-b'] }] }] } });
    expect(pv.spec['capacity']).toEqual({ storage: '20Gi' });
    expect(pv.status['phase']).toBe('Bound');
  });
  it('waits for the first consumer before binding, and VolumeBinding passes both zones in Filter', () => {
    expect(r.events.map((e) => e.reason)).toEqual(['WaitForFirstConsumer', 'ExternalProvisioning', 'Provisioning', 'ProvisioningSucceeded', 'Scheduled']);
    expect(r.events.find((e) => e.reason === 'ExternalProvisioning')?.message).toBe("Waiting for a volume to be created either by the external provisioner 'ebs.csi.aws.com' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.");
    expect(r.events.find((e) => e.reason === 'Provisioning')?.message).toBe('External provisioner is provisioning volume for claim "default/data"');
    const cycle = r.cycles[0]!;
    expect(cycle.filter['node-a']!.find((p) => p.plugin === 'VolumeBinding')!.code).toBe('Success');
    expect(cycle.filter['node-b']!.find((p) => p.plugin === 'VolumeBinding')!.code).toBe('Success');
    expect(cycle.bind?.find((p) => p.plugin === 'VolumeBinding')?.code).toBe('Success');
  });
});

// SimulationResult.volumeHistory (issue 19): what the stage draws at each step
describe('volume-wait-for-first-consumer.yaml: the volume history', () => {
  const r = runFile('volume-wait-for-first-consumer.yaml');
  const claimChanges = (r.volumeHistory ?? []).filter((c) => c.kind === 'PersistentVolumeClaim' && c.name === 'default/data');
  const rows: [string, number, Partial<NonNullable<SimulationResult['volumeHistory']>[number]>][] = [
    ['the claim waits for its first consumer before any cycle', 0, { cycle: 0, phase: 'Pending', waitForFirstConsumer: true }],
    ['PreBind of cycle 1 writes the selected node', 1, { cycle: 1, phase: 'Pending', selectedNode: 'node-b' }],
    ['the PV controller binds it to the volume provisioned in node-b\'s zone, in the same cycle', 2, { cycle: 1, phase: 'Bound', selectedNode: 'node-b', boundTo: claim(r, 'data').spec['volumeName'] as string }],
  ];
  it.each(rows)('%s', (_, index, expected) => {
    expect(claimChanges[index]).toMatchObject(expected);
  });
  it('records the provisioned volume with its node affinity, once per change', () => {
    const volumes = (r.volumeHistory ?? []).filter((c) => c.kind === 'PersistentVolume');
    expect(volumes.map((v) => v.phase)).toEqual(['Pending', 'Bound']);
    expect(volumes[1]!.nodeAffinity).toEqual({ nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['zone-b'] }] }] });
    expect(claimChanges).toHaveLength(3);
  });
});

describe('volume-zone-conflict.yaml', () => {
  const r = runFile('volume-zone-conflict.yaml');
  it('leaves db Pending while its volume\'s zone has no schedulable node, then binds it there', () => {
    const [first, second] = r.cycles;
    // at 1.37 (the file sets no version) DynamicResources' no-op PostFilter adds nothing to the message (PR #140222)
    expect(first!.message).toBe("0/3 nodes are available: 1 node(s) were unschedulable, 2 node(s) didn't match PersistentVolume's node affinity. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.");
    const zone = first!.filter['node-b']!.find((p) => p.plugin === 'VolumeZone')!;
    expect(zone).toEqual({ plugin: 'VolumeZone', code: 'UnschedulableAndUnresolvable', reasons: ['node(s) had no available volume zone'] });
    expect(second).toMatchObject({ time: 60, result: 'Scheduled', selected: 'node-a' });
  });
});

const zonedNodes = ['a', 'b'].map((z) => `apiVersion: v1
kind: Node
metadata: {name: node-${z}, labels: {topology.kubernetes.io/zone: zone-${z}}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}`).join('\n---\n');
const podWith = (name: string, volumes: string) => `apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default, uid: uid-${name}}
spec:
  containers: [{name: c, image: x}]
  volumes: ${volumes}`;

describe('the PV controller', () => {
  it('binds an Immediate claim to the smallest available volume that fits, before the first cycle', () => {
    const pvs = [['pv-100', '100Gi'], ['pv-10', '10Gi'], ['pv-5', '5Gi']].map(([n, size]) => `apiVersion: v1
kind: PersistentVolume
metadata: {name: ${n}}
spec: {storageClassName: manual, capacity: {storage: ${size}}, accessModes: [ReadWriteOnce], hostPath: {path: /data}}`).join('\n---\n');
    const r = run(`${zonedNodes}
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: manual}
provisioner: kubernetes.io/no-provisioner
---
${pvs}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: logs, namespace: default}
spec: {storageClassName: manual, accessModes: [ReadWriteOnce], resources: {requests: {storage: 8Gi}}}
---
${podWith('app', '[{name: logs, persistentVolumeClaim: {claimName: logs}}]')}`);
    expect(claim(r, 'logs').spec['volumeName']).toBe('pv-10');
    expect(volume(r, 'pv-5').status['phase']).toBe('Available');
    expect(pod(r, 'app').phase).toBe('Running');
  });

  it('leaves a pod with an unbound Immediate claim Pending until a volume appears (PersistentVolume Add requeues it)', () => {
    const r = run(`${zonedNodes}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: logs, namespace: default}
spec: {storageClassName: "", accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
---
${podWith('app', '[{name: logs, persistentVolumeClaim: {claimName: logs}}]')}
---
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: late-volume}
spec:
  timeline:
  - at: 40
    action: apply
    object:
      apiVersion: v1
      kind: PersistentVolume
      metadata: {name: pv-late}
      spec: {capacity: {storage: 2Gi}, accessModes: [ReadWriteOnce], hostPath: {path: /late}}`);
    const [first, second] = r.cycles;
    expect(first!.preFilter.find((p) => p.plugin === 'VolumeBinding')).toEqual({ plugin: 'VolumeBinding', code: 'UnschedulableAndUnresolvable', reasons: ['pod has unbound immediate PersistentVolumeClaims'] });
    expect(r.events.find((e) => e.reason === 'FailedBinding')?.message).toBe('no persistent volumes available for this claim and no storage class is set');
    expect(second).toMatchObject({ time: 40, result: 'Scheduled' });
    expect(claim(r, 'logs').spec['volumeName']).toBe('pv-late');
  });
});

describe('generic ephemeral volumes', () => {
  const scenario = `${zonedNodes}
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: fast, annotations: {storageclass.kubernetes.io/is-default-class: "true"}}
provisioner: ebs.csi.aws.com
volumeBindingMode: WaitForFirstConsumer
allowedTopologies: [{matchLabelExpressions: [{key: topology.kubernetes.io/zone, values: [zone-b]}]}]
---
${podWith('scratch', `
  - name: cache
    ephemeral:
      volumeClaimTemplate:
        spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}`)}
---
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: ephemeral}
spec:
  timeline:
  - {at: 10, action: delete, kind: Pod, name: scratch, namespace: default}`;
  const r = run(scenario);
  it('become a claim named <pod>-<volume>, owned by the pod, with the default class, provisioned where allowed', () => {
    expect(pod(r, 'scratch').node).toBe('node-b');
    const first = r.cycles[0]!;
    expect(first.filter['node-a']!.find((p) => p.plugin === 'VolumeBinding')).toEqual({ plugin: 'VolumeBinding', code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't find available persistent volumes to bind"] });
    expect(r.events.find((e) => e.reason === 'SuccessfulCreate')?.message).toBe('Created PersistentVolumeClaim scratch-cache');
  });
  it('are deleted with their pod, and the provisioned volume (reclaim policy Delete) with the claim', () => {
    expect(pod(r, 'scratch').deletedAt).toBe(40);
    expect(r.objects).toBeUndefined();
  });
});

describe('storage objects with errors', () => {
  it('are refused at the line of the field, with the API server\'s wording', () => {
    const outcome = simulate(`apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data, namespace: default}
spec:
  accessModes: [ReadWriteSometimes]
  resources: {requests: {storage: 10 gigs}}
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: fast}
provisioner: x
volumeBindingMode: Lazy`, { fileName: 'bad.yaml' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors.map((e) => [e.line, e.path])).toEqual([
      [5, 'spec.accessModes[0]'],
      [6, 'spec.resources.requests.storage'],
      [12, 'volumeBindingMode'],
    ]);
    expect(outcome.errors[0]!.message).toContain('Unsupported value: "ReadWriteSometimes"');
  });
});

describe('statefulset-volume-claims.yaml: a StatefulSet\'s volumeClaimTemplates (upstream: stateful_set_utils.go, stateful_pod_control.go)', () => {
  const r = runFile('statefulset-volume-claims.yaml');
  const claimNames = (r.objects?.persistentVolumeClaims ?? []).map((c) => c.metadata['name']);
  it('creates one claim per pod and template, <template>-<set>-<ordinal>, labelled with the set\'s selector', () => {
    expect(claimNames).toEqual(['data-db-0', 'data-db-1']);
    expect(claim(r, 'data-db-0').metadata['labels']).toEqual({ app: 'db' });
    expect(r.events.filter((e) => e.message.startsWith('create Claim')).map((e) => [e.time, e.object, e.message])).toEqual([
      [0, 'StatefulSet/default/db', 'create Claim data-db-0 Pod db-0 in StatefulSet db success'],
      [0, 'StatefulSet/default/db', 'create Claim data-db-1 Pod db-1 in StatefulSet db success'],
    ]);
  });
  it('each pod mounts its own claim in a volume named as the template', () => {
    expect(pod(r, 'db-0').volumes).toEqual([{ name: 'data', claimName: 'data-db-0' }]);
    expect(pod(r, 'db-1').volumes).toEqual([{ name: 'data', claimName: 'data-db-1' }]);
  });
  it('db-0, created again after its deletion, mounts data-db-0 again and goes back to its volume\'s zone though the other node has more room', () => {
    const first = r.events.find((e) => e.reason === 'Scheduled' && e.object === 'Pod/default/db-0' && e.time === 0)!;
    const firstNode = first.message.split(' to ')[1];
    expect(pod(r, 'db-0')).toMatchObject({ phase: 'Running', node: firstNode });
    expect(pod(r, 'batch').node).toBe(firstNode);
    expect(claim(r, 'data-db-0').status['phase']).toBe('Bound');
    const lastCycle = r.cycles.filter((c) => c.pod === 'default/db-0').at(-1)!;
    expect(lastCycle.time).toBe(90);
    const other = firstNode === 'node-a' ? 'node-b' : 'node-a';
    expect(lastCycle.filter[other]!.filter((s) => s.code !== 'Success' && s.code !== 'Skip')).toEqual([
      { plugin: 'VolumeBinding', code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't match PersistentVolume's node affinity"] },
    ]);
  });
});
