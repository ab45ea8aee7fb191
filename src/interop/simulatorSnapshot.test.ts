import { describe, expect, it } from 'vitest';
import exported from './fixtures/simulator-export.json?raw';
import { simulate, startSimulation } from '../engine/index';
import { importSimulatorSnapshot, isSimulatorSnapshot, toSimulatorSnapshot } from './simulatorSnapshot';
import { loadOk, podNames } from './testing/load';
import { parseText } from './yaml';

const withoutUids = (yaml: string): unknown[] => (parseText(yaml).documents as { metadata?: { uid?: string; creationTimestamp?: string } }[]).map((d) => {
  if (d.metadata) delete d.metadata.uid;
  // a scenario holds simulated seconds, not the cluster's clock: an export leaves creation times out
  if (d.metadata) delete d.metadata.creationTimestamp;
  return d;
});

describe('importSimulatorSnapshot', () => {
  const out = importSimulatorSnapshot(exported);

  it('reads the pods, nodes, priority classes, namespaces, volumes and configuration', () => {
    expect(out.errors).toEqual([]);
    expect(out.stats).toMatchObject({ nodes: 2, pods: { bound: 2, pending: 1 }, notSimulated: { pvs: 0, pvcs: 0, storageClasses: 0 }, reader: 'json' });
    expect(loadOk(out.yaml).storage.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['StorageClass/standard', 'PersistentVolume/pv1', 'PersistentVolumeClaim/pvc1']);
    expect(out.warnings).toEqual(expect.arrayContaining([
      'KubeSchedulerConfiguration: plugin EBSLimits dropped: kube-scheduler v1.35 has no such plugin (NodeVolumeLimits does its work)',
      'KubeSchedulerConfiguration: plugin NodeNumber dropped: not an in-tree plugin, so not simulated',
    ]));
  });

  it('writes a scenario the engine loads, with the simulator\'s results left out', () => {
    const s = loadOk(out.yaml);
    expect(s.nodes.map((n) => n.metadata.name)).toEqual(['node-282x7', 'node-gp9t4']);
    expect(s.nodes[1]!.spec.taints).toEqual([{ key: 'dedicated', value: 'batch', effect: 'PreferNoSchedule' }]);
    expect(podNames(s)).toEqual(['default/pod-8ldq5', 'team-a/batch-0', 'team-a/big']);
    expect(s.pods.map((p) => p.spec.nodeName)).toEqual(['node-282x7', 'node-gp9t4', undefined]);
    expect(s.pods[1]!.spec.priority).toBe(1000);
    expect(s.namespaces.find((n) => n.metadata.name === 'team-a')!.metadata.labels).toMatchObject({ team: 'a' });
    expect(out.yaml).not.toMatch(/kube-scheduler-simulator\.sigs\.k8s\.io|managedFields|leaderElection|clientConnection|EBSLimits|NodeNumber/);
  });

  it('keeps the configuration, which the engine accepts, and runs like the simulator did', () => {
    const config = (parseText(out.yaml).documents as { kind: string }[]).find((d) => d.kind === 'KubeSchedulerConfiguration');
    expect(config).toMatchObject({ apiVersion: 'kubescheduler.config.k8s.io/v1', parallelism: 16, podMaxBackoffSeconds: 10 });
    const started = startSimulation(out.yaml);
    expect(started.ok ? [] : started.errors).toEqual([]);
    const run = simulate(out.yaml);
    if (!run.ok) throw new Error(run.errors.map((e) => e.message).join('\n'));
    const big = run.result.pods.find((p) => p.pod === 'team-a/big')!;
    expect(big.phase).toBe('Pending');
    expect(big.message).toMatch(/^0\/2 nodes are available: 2 Insufficient cpu\./);
  });

  it('reads an export from the simulator\'s v1beta2 days (no apiVersion on the configuration, per-extension-point plugin lists)', () => {
    const old = {
      pods: [], nodes: [], pvs: [], pvcs: [], storageClasses: [], priorityClasses: [],
      schedulerConfig: {
        parallelism: 16, healthzBindAddress: '0.0.0.0:10251', metricsBindAddress: '0.0.0.0:10251', percentageOfNodesToScore: 0, podInitialBackoffSeconds: 1, podMaxBackoffSeconds: 10,
        profiles: [{
          schedulerName: 'default-scheduler',
          plugins: {
            queueSort: { enabled: [{ name: 'PrioritySort' }] },
            filter: { enabled: [{ name: 'NodeUnschedulable' }, { name: 'NodeResourcesFit' }, { name: 'EBSLimits' }] },
            score: { enabled: [{ name: 'NodeResourcesFit', weight: 1 }, { name: 'PodTopologySpread', weight: 2 }] },
            permit: {}, postBind: {},
          },
          pluginConfig: [{ name: 'NodeResourcesFit', args: { kind: 'NodeResourcesFitArgs', apiVersion: 'kubescheduler.config.k8s.io/v1beta2', scoringStrategy: { type: 'LeastAllocated', resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] } } }],
        }],
      },
    };
    const r = importSimulatorSnapshot(JSON.stringify(old));
    expect(r.errors).toEqual([]);
    const started = startSimulation(r.yaml);
    expect(started.ok ? [] : started.errors).toEqual([]);
    expect(r.yaml).not.toMatch(/healthzBindAddress|v1beta2/);
  });

  it('refuses what is not an export', () => {
    expect(importSimulatorSnapshot('{"kind": "List", "items": []}').errors).toHaveLength(1);
    expect(isSimulatorSnapshot({ pods: [], nodes: [] })).toBe(true);
    expect(isSimulatorSnapshot({ pods: [], spec: {} })).toBe(false);
  });
});

describe('toSimulatorSnapshot', () => {
  it('round-trips an export: import → snapshot → import gives the same scenario but for the uids the simulator refuses and the creation times', () => {
    const first = importSimulatorSnapshot(exported);
    const snap = toSimulatorSnapshot(first.yaml);
    expect(snap.errors).toEqual([]);
    const parsed = JSON.parse(snap.json) as Record<string, unknown[]>;
    expect(Object.keys(parsed)).toEqual(['pods', 'nodes', 'pvs', 'pvcs', 'storageClasses', 'priorityClasses', 'schedulerConfig', 'namespaces']);
    expect(snap.json).not.toMatch(/"uid"/);
    const second = importSimulatorSnapshot(snap.json);
    expect(second.errors).toEqual([]);
    const stable = (yaml: string) => withoutUids(yaml).map((d) => JSON.stringify(d));
    // the simulator's import adds the defaults the API server writes; they load to the same objects
    expect(loadOk(second.yaml).pods.map((p) => [p.metadata.name, p.spec.nodeName, p.spec.priority])).toEqual(loadOk(first.yaml).pods.map((p) => [p.metadata.name, p.spec.nodeName, p.spec.priority]));
    expect(stable(second.yaml).filter((d) => !d.includes('"kind":"Pod"'))).toEqual(stable(first.yaml).filter((d) => !d.includes('"kind":"Pod"')));
  });

  it('exports the pods a scenario\'s workloads create, and says what it leaves out', () => {
    const scenario = [
      'apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: s}\nspec: {timeline: [{at: 10, action: cordon, node: n1}]}',
      'apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}',
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicas: 2, selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: c, image: nginx}]}}}',
    ].join('\n---\n');
    const snap = toSimulatorSnapshot(scenario);
    const parsed = JSON.parse(snap.json) as { pods: { metadata: { name: string; labels: Record<string, string> } }[] };
    expect(parsed.pods).toHaveLength(2);
    expect(parsed.pods.every((p) => p.metadata.labels.app === 'web')).toBe(true);
    expect(snap.warnings).toEqual(['the timeline (1 step(s)) is not part of a simulator snapshot', '2 workload(s) (exported as the pods they create) left out']);
  });

  it('reports a scenario that does not load', () => {
    expect(toSimulatorSnapshot('apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {}\n').errors[0]).toMatch(/^scenario\.yaml:\d+:\d+: /);
  });
});
