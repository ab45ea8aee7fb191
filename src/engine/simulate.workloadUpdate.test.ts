// A timeline apply of a workload that exists is an update: the API server keeps the object's uid
// and creationTimestamp (upstream: staging/src/k8s.io/apiserver/pkg/registry/rest/update.go
// BeforeUpdate, "Use the existing UID if none is provided"), so the Deployment still owns its
// ReplicaSets and the ReplicaSet its pods.
import { describe, expect, it } from 'vitest';
import { simulateCycles, startSimulation } from './index';

const deployment = (replicas: number, image = 'nginx') => [
  'apiVersion: apps/v1', 'kind: Deployment', 'metadata: {name: web, namespace: default}', 'spec:', `  replicas: ${replicas}`,
  '  selector: {matchLabels: {app: web}}', '  template:', '    metadata: {labels: {app: web}}',
  `    spec: {containers: [{name: c, image: ${image}, resources: {requests: {cpu: 100m}}}]}`,
];
const indent = (lines: string[]) => lines.map((l) => `      ${l}`).join('\n');
const scenario = (update: string[]) => [
  'apiVersion: podplay/v1alpha1', 'kind: Scenario', 'metadata: {name: s}', 'spec:', '  timeline:', '  - at: 10', '    action: apply', '    object:', indent(update),
  '---', 'apiVersion: v1', 'kind: Node', 'metadata: {name: n1}', 'status: {allocatable: {cpu: "4", memory: 4Gi, pods: "110"}}',
  '---', ...deployment(2), '',
].join('\n');

function run(text: string) {
  const started = startSimulation(text, { fileName: 's.yaml', until: 60 });
  if (!started.ok) throw new Error(JSON.stringify(started.errors));
  const sim = started.simulation;
  const before = structuredClone(sim.cluster.workload('Deployment', 'default', 'web')!.metadata);
  const cycles = simulateCycles(sim);
  while (!cycles.next().done);
  return { before, sim };
}

describe('a timeline apply of an existing Deployment is an update', () => {
  it.each([
    { name: 'scaled to 3', update: deployment(3) },
    { name: 'a new template (rollout)', update: deployment(2, 'nginx:2') },
  ])('$name: it keeps its uid and creationTimestamp, and its ReplicaSets name that uid', ({ update }) => {
    const { before, sim } = run(scenario(update));
    const after = sim.cluster.workload('Deployment', 'default', 'web')!;
    expect(before.uid).toEqual(expect.any(String));
    expect(after.metadata.uid).toBe(before.uid);
    expect(after.metadata.creationTimestamp).toBe(before.creationTimestamp);
    const replicaSets = [...sim.cluster.workloads.values()].filter((w) => w.kind === 'ReplicaSet');
    expect(replicaSets.length).toBeGreaterThan(0);
    for (const rs of replicaSets) expect(rs.metadata.ownerReferences?.map((o) => [o.kind, o.name, o.uid])).toEqual([['Deployment', 'web', before.uid]]);
  });
});
