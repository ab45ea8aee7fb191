// Every kind of candidate fix, verified by simulating the scenario with the change: shown only if
// the pod then schedules, with the pods it makes Pending or moves as side effects.
import { describe, expect, it } from 'vitest';
import { simulate } from '../index';
import { loadExpandedScenario } from '../index';
import { rankFixes, searchFixes, sideEffectsOf, type VerifiedFix } from './verify';
import type { SimulationResult } from '../api';

function fixesFor(text: string, pod: string): { fixes: VerifiedFix[]; tried: string[] } {
  const loaded = loadExpandedScenario(text);
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => `${e.line}: ${e.message}`).join('\n'));
  const baseline = simulate(text);
  if (!baseline.ok) throw new Error('baseline');
  expect(baseline.result.pods.find((p) => p.pod === pod)?.node).toBeUndefined();
  const search = searchFixes(loaded.scenario, baseline.result, pod);
  const fixes: VerifiedFix[] = [];
  for (let f = search.next(); f !== undefined; f = search.next()) if (f) fixes.push(f);
  return { fixes: rankFixes(fixes), tried: search.candidates.map((c) => c.kind) };
}

const node = (name: string, o: { cpu?: string; labels?: string; spec?: string; zone?: string } = {}) => `---
apiVersion: v1
kind: Node
metadata: {name: ${name}, labels: {kubernetes.io/hostname: ${name}, topology.kubernetes.io/zone: ${o.zone ?? 'a'}${o.labels ? `, ${o.labels}` : ''}}}
${o.spec ? `spec: ${o.spec}\n` : ''}status: {allocatable: {cpu: "${o.cpu ?? '4'}", memory: 8Gi, pods: "110"}}
`;
const pod = (name: string, o: { cpu?: string; spec?: string; labels?: string; node?: string; created?: number } = {}) => `---
apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default${o.labels ? `, labels: {${o.labels}}` : ''}${o.created !== undefined ? `, creationTimestamp: ${o.created}` : ''}}
spec:
  ${o.node ? `nodeName: ${o.node}\n  ` : ''}${o.spec ? `${o.spec}\n  ` : ''}containers: [{name: c, image: nginx, resources: {requests: {cpu: "${o.cpu ?? '1'}"}}}]
`;
const kinds = (fixes: VerifiedFix[]) => fixes.map((f) => f.candidate.kind);

describe('verified fixes, one kind at a time', () => {
  it('toleration: tolerate the taint that keeps the pod off', () => {
    const { fixes } = fixesFor(node('n1', { spec: '{taints: [{key: dedicated, value: gpu, effect: NoSchedule}]}' }) + pod('p'), 'default/p');
    expect(fixes[0]!.candidate.edits).toEqual([{ kind: 'toleration', pod: 'default/p', toleration: { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' } }]);
    expect(fixes[0]!).toMatchObject({ node: 'n1', sideEffects: [] });
  });

  it('node-label and selector: drop the selector (the pod\'s own spec) before labelling a node (node-scoped)', () => {
    const { fixes } = fixesFor(node('n1') + node('n2') + pod('p', { spec: 'nodeSelector: {disk: ssd}' }), 'default/p');
    expect(kinds(fixes)).toEqual(['selector', 'node-label', 'node-label']);
    expect(fixes[0]!.candidate.edits).toEqual([{ kind: 'selector', pod: 'default/p', nodeSelectorKey: 'disk' }]);
    expect(fixes[1]!.candidate.edits).toEqual([{ kind: 'node-label', node: fixes[1]!.node, key: 'disk', value: 'ssd' }]);
    expect(fixes[1]!.warnings[0]).toMatch(/changes a node's labels/);
  });

  it('selector: drop one expression of a required node affinity term', () => {
    const affinity = 'affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: topology.kubernetes.io/zone, operator: In, values: [a]}, {key: gpu, operator: Exists}]}]}}}';
    const { fixes } = fixesFor(node('n1') + pod('p', { spec: affinity }), 'default/p');
    expect(fixes.map((f) => f.candidate.edits[0])).toEqual([{ kind: 'selector', pod: 'default/p', term: 0, expression: 1 }]);
  });

  it('request: cut the request to what the node with most room has free', () => {
    const { fixes } = fixesFor(node('n1', { cpu: '2' }) + pod('big', { node: 'n1', cpu: '500m' }) + pod('p', { cpu: '3' }), 'default/p');
    expect(fixes.find((f) => f.candidate.kind === 'request')!.candidate.edits).toEqual([{ kind: 'request', pod: 'default/p', container: 0, containerName: 'c', resource: 'cpu', quantity: '1500m' }]);
  });

  it('priority: a class high enough to preempt, with the victim as a side effect', () => {
    const { fixes } = fixesFor(node('n1', { cpu: '2' }) + pod('running', { node: 'n1', cpu: '2' }) + pod('p', { cpu: '2' }), 'default/p');
    const priority = fixes.find((f) => f.candidate.kind === 'priority')!;
    expect(priority.sideEffects).toEqual([{ pod: 'default/running', change: 'preempted', from: 'n1' }]);
    expect(priority.node).toBe('n1');
    // the reviewer's question, answered: whose pod pays for the room
    expect(priority.warnings).toEqual(['a new PriorityClass: the cluster has none high enough', 'preempts a pod of Pod default/running: a bare pod is gone for good — the shortage moves to another workload']);
    // a new empty node has no side effect: it ranks first
    expect(kinds(fixes)[0]).toBe('add-node');
  });

  it('spread: relax maxSkew or ScheduleAnyway', () => {
    const spread = 'topologySpreadConstraints: [{maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}}]';
    const text = node('a1', { zone: 'a' }) + node('b1', { zone: 'b', cpu: '1' }) + pod('w1', { node: 'a1', labels: 'app: web' }) + pod('filler', { node: 'b1', cpu: '1' })
      + pod('p', { labels: 'app: web', spec: spread });
    const { fixes } = fixesFor(text, 'default/p');
    expect(fixes.filter((f) => f.candidate.kind === 'spread').map((f) => f.candidate.edits[0])).toEqual([
      { kind: 'spread', pod: 'default/p', constraint: 0, maxSkew: 2 },
      { kind: 'spread', pod: 'default/p', constraint: 0, whenUnsatisfiable: 'ScheduleAnyway' },
    ]);
  });

  const anti = 'affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{topologyKey: kubernetes.io/hostname, labelSelector: {matchLabels: {app: db}}}]}}';
  it('anti-affinity: drop the term that keeps the pod away', () => {
    const { fixes } = fixesFor(node('n1') + pod('db-0', { node: 'n1', labels: 'app: db' }) + pod('db-1', { labels: 'app: db', spec: anti }), 'default/db-1');
    expect(fixes.find((f) => f.candidate.kind === 'anti-affinity')).toMatchObject({ node: 'n1', candidate: { edits: [{ kind: 'anti-affinity', pod: 'default/db-1', term: 0 }] } });
  });

  it('anti-affinity that the existing pod has too: dropping the pod\'s own term does not help, so it is not shown', () => {
    const { fixes, tried } = fixesFor(node('n1') + pod('db-0', { node: 'n1', labels: 'app: db', spec: anti }) + pod('db-1', { labels: 'app: db', spec: anti }), 'default/db-1');
    expect(tried).toContain('anti-affinity');
    expect(kinds(fixes)).not.toContain('anti-affinity');
    expect(kinds(fixes)).toContain('add-node');
  });

  it('uncordon: the only node is cordoned', () => {
    const { fixes } = fixesFor(node('n1', { spec: '{unschedulable: true, taints: [{key: node.kubernetes.io/unschedulable, effect: NoSchedule}]}' }) + pod('p'), 'default/p');
    expect(fixes[0]).toMatchObject({ node: 'n1', sideEffects: [], candidate: { kind: 'uncordon', edits: [{ kind: 'uncordon', node: 'n1' }] } });
  });

  // a node with two L4 GPUs; classes for any GPU of the driver and for A100s only
  const dra = (claim: string) => `${node('n1')}---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: a100}
spec: {selectors: [{cel: {expression: 'device.driver == "gpu.example.com" && device.attributes["gpu.example.com"].model == "A100"'}}]}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: any-gpu}
spec: {selectors: [{cel: {expression: 'device.driver == "gpu.example.com"'}}]}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: n1-gpus}
spec:
  driver: gpu.example.com
  nodeName: n1
  pool: {name: n1, generation: 1, resourceSliceCount: 1}
  devices:
  - {name: gpu-0, attributes: {model: {string: L4}, memory: {int: 24}}}
  - {name: gpu-1, attributes: {model: {string: L4}, memory: {int: 24}}}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: gpu, namespace: default}
spec:
  devices:
    requests:
    - name: gpu
      exactly: ${claim}
${pod('p', { spec: 'resourceClaims: [{name: gpu, resourceClaimName: gpu}]' })}`;

  it('claim device-class: the request asks a DeviceClass no node has devices of; another class of the cluster', () => {
    const { fixes } = fixesFor(dra('{deviceClassName: a100}'), 'default/p');
    expect(fixes.map((f) => f.candidate.edits[0])).toEqual([{ kind: 'claim', claim: { kind: 'ResourceClaim', namespace: 'default', name: 'gpu' }, change: 'device-class', request: 0, requestName: 'gpu', from: 'a100', deviceClassName: 'any-gpu' }]);
    expect(fixes[0]!.warnings[0]).toMatch(/another kind of device \(DeviceClass any-gpu\)/);
  });

  it('claim drop-selectors: the request\'s selector picks devices no node has; any device of its class', () => {
    const { fixes } = fixesFor(dra(`{deviceClassName: any-gpu, selectors: [{cel: {expression: 'device.attributes["gpu.example.com"].memory >= 80'}}]}`), 'default/p');
    const edits = fixes.map((f) => f.candidate.edits[0]);
    expect(edits).toContainEqual({ kind: 'claim', claim: { kind: 'ResourceClaim', namespace: 'default', name: 'gpu' }, change: 'drop-selectors', request: 0, requestName: 'gpu', selectors: 1 });
    // the other class narrows to A100s: not a fix
    expect(edits.some((e) => e?.kind === 'claim' && e.change === 'device-class')).toBe(false);
  });

  it('add-node: a node like the full one', () => {
    const { fixes } = fixesFor(node('n1', { cpu: '2' }) + pod('running', { node: 'n1', cpu: '2' }) + pod('p', { cpu: '2' }), 'default/p');
    expect(fixes[0]).toMatchObject({ node: 'n1-2', sideEffects: [], candidate: { kind: 'add-node', edits: [{ kind: 'add-node', like: 'n1', name: 'n1-2' }] } });
  });

  it('scale: a Deployment on the full node scaled down by as many pods as free the room, the deleted pod a side effect', () => {
    const deployment = `---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {priorityClassName: high, containers: [{name: c, image: nginx, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
`;
    // web's three pods (scheduled first: higher priority) take 3 of n1's 4 cpus; p asks for 2
    const { fixes } = fixesFor(node('n1') + deployment + pod('p', { cpu: '2' }), 'default/p');
    const scale = fixes.find((f) => f.candidate.kind === 'scale')!;
    expect(scale.candidate.edits).toEqual([{ kind: 'scale', workload: { kind: 'Deployment', namespace: 'default', name: 'web' }, deployment: 'web', replicas: 2, by: 1 }]);
    expect(scale.node).toBe('n1');
    expect(scale.sideEffects).toHaveLength(1);
    expect(scale.sideEffects[0]).toMatchObject({ change: 'deleted', from: 'n1' });
    expect(scale.sideEffects[0]!.pod).toMatch(/^default\/web-/);
  });

  it('scale: not tried for the pod\'s own Deployment (its Pending pod would be the one to go)', () => {
    const deployment = `---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: "2"}}}]}
`;
    const loaded = loadExpandedScenario(node('n1') + deployment);
    if (!loaded.ok) throw new Error('load');
    const baseline = simulate(node('n1') + deployment);
    if (!baseline.ok) throw new Error('baseline');
    const pending = baseline.result.pods.find((p) => p.node === undefined)!;
    const search = searchFixes(loaded.scenario, baseline.result, pending.pod);
    expect(search.candidates.map((c) => c.kind)).toContain('add-node');
    expect(search.candidates.map((c) => c.kind)).not.toContain('scale');
  });

  it('selector dropped: a node the autoscaler adds for the pod in another pool\'s group is that pool (warned, node-scoped)', () => {
    const autoscaler = `---
apiVersion: podplay/v1alpha1
kind: ClusterAutoscaler
metadata: {name: ca}
spec:
  templates:
    - {apiVersion: v1, kind: Node, metadata: {name: general-template, labels: {kwok-nodegroup: general, pool: general}, annotations: {cluster-autoscaler.kwok.nodegroup/max-count: "2"}}, status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}}
`;
    const { fixes } = fixesFor(node('spot-1', { cpu: '1', labels: 'pool: spot' }) + node('gen-1', { cpu: '1', labels: 'pool: general, kwok-nodegroup: general' }) + autoscaler + pod('p', { cpu: '2', spec: 'nodeSelector: {pool: spot}' }), 'default/p');
    const dropped = fixes.find((f) => f.candidate.kind === 'selector')!;
    expect(dropped.node).toBe('general-1');
    expect(dropped.tier).toBe(3);
    expect(dropped.warnings).toContain('moves the pod out of its pool (pool=spot) into the pool pool=general');
  });

  describe('scale, own: a Deployment with more replicas than its required anti-affinity against itself allows', () => {
    const spread = (replicas: number, key: string) => `---
apiVersion: apps/v1
kind: Deployment
metadata: {name: api, namespace: default}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: api}}
  template:
    metadata: {labels: {app: api}}
    spec:
      affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector: {matchLabels: {app: api}}, topologyKey: ${key}}]}}
      containers: [{name: c, image: nginx, resources: {requests: {cpu: 500m}}}]
`;
    const pendingOf = (text: string) => {
      const baseline = simulate(text);
      if (!baseline.ok) throw new Error('baseline');
      return baseline.result.pods.find((p) => p.node === undefined)!.pod;
    };

    it('one per zone, 4 replicas, 3 zones (one of them on a tainted node it does not tolerate, not counted): scaled to 2, first (the spec asks for zones the cluster lacks), every pod it keeps scheduled', () => {
      const text = node('a1', { zone: 'a' }) + node('a2', { zone: 'a' }) + node('b1', { zone: 'b' }) + node('c1', { zone: 'c', spec: '{taints: [{key: gpu, effect: NoSchedule}]}' }) + spread(4, 'topology.kubernetes.io/zone');
      const { fixes } = fixesFor(text, pendingOf(text));
      expect(fixes[0]!.candidate).toMatchObject({ kind: 'scale', tier: 0, edits: [{ kind: 'scale', workload: { kind: 'Deployment', namespace: 'default', name: 'api' }, deployment: 'api', replicas: 2, by: 2, own: { topologyKey: 'topology.kubernetes.io/zone', domains: 2 } }] });
      expect(fixes[0]!.admitted).toMatchObject({ workload: 'Deployment default/api', pods: 2, scheduled: 2 });
      expect(fixes[0]!.sideEffects).toEqual([]);
      expect(fixes[0]!.warnings[0]).toMatch(/4 replicas, at most one per topology.kubernetes.io\/zone .* in 2: replica 3 can never run here/);
    });

    it('one per host: a node more is a domain more, so scaling down ranks below adding a node (Relax, after Capacity)', () => {
      const text = node('a1') + node('a2') + spread(3, 'kubernetes.io/hostname');
      const { fixes } = fixesFor(text, pendingOf(text));
      expect(kinds(fixes).slice(0, 2)).toEqual(['add-node', 'scale']);
      expect(fixes[1]!.candidate.edits[0]).toMatchObject({ replicas: 2, by: 1, own: { topologyKey: 'kubernetes.io/hostname', domains: 2 } });
    });

    it('not offered when the domains could hold every replica (the anti-affinity is not what is short)', () => {
      const text = node('a1', { zone: 'a', cpu: '500m' }) + node('b1', { zone: 'b', cpu: '500m' }) + node('c1', { zone: 'c', cpu: '100m' }) + spread(3, 'topology.kubernetes.io/zone');
      const { tried } = fixesFor(text, pendingOf(text));
      expect(tried).not.toContain('scale');
    });
  });

  it('rollout: a surge rollout whose old pods hold the host port on every node — maxSurge 0, maxUnavailable 1 first, the old pod replaced, not a side effect', () => {
    // as a dump's import has it: the Deployment's two ReplicaSets, the old one's pods bound, the new one's Pending
    const rs = (name: string, replicas: number) => `---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: ${name}, namespace: default, ownerReferences: [{apiVersion: apps/v1, kind: Deployment, name: gw, uid: d1, controller: true}]}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: gw, pod-template-hash: ${name}}}
  template:
    metadata: {labels: {app: gw, pod-template-hash: ${name}}}
    spec: {containers: [{name: c, image: gw, ports: [{containerPort: 443, hostPort: 443}], resources: {requests: {cpu: "1"}}}]}
`;
    const gwPod = (name: string, owner: string, nodeName?: string) => `---
apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default, labels: {app: gw, pod-template-hash: ${owner}}, ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: ${owner}, controller: true}]}
spec:
  ${nodeName ? `nodeName: ${nodeName}\n  ` : ''}containers: [{name: c, image: gw, ports: [{containerPort: 443, hostPort: 443}], resources: {requests: {cpu: "1"}}}]
`;
    const text = node('edge1') + node('edge2') + rs('gw-old', 2) + rs('gw-new', 1) + gwPod('gw-old-a', 'gw-old', 'edge1') + gwPod('gw-old-b', 'gw-old', 'edge2') + gwPod('gw-new-a', 'gw-new');
    const { fixes } = fixesFor(text, 'default/gw-new-a');
    expect(fixes[0]!.candidate.edits).toEqual([{ kind: 'rollout', deployment: { namespace: 'default', name: 'gw' }, maxSurge: 0, maxUnavailable: 1, oldReplicaSet: 'gw-old', replicas: 1 }]);
    expect(fixes[0]!.sideEffects).toHaveLength(1);
    expect(fixes[0]!.sideEffects[0]).toMatchObject({ change: 'replaced' });
    expect(kinds(fixes).indexOf('add-node')).toBeGreaterThan(0);
  });

  it('a fix that makes another pod Pending shows it', () => {
    // p (created first) is kept off n1 by its selector; q takes n1. Dropping p's selector gives n1 to p, and q goes Pending.
    const text = node('n1', { cpu: '2' }) + pod('p', { cpu: '2', created: 0, spec: 'nodeSelector: {disk: ssd}' }) + pod('q', { cpu: '2', created: 1 });
    const { fixes } = fixesFor(text, 'default/p');
    const drop = fixes.find((f) => f.candidate.kind === 'selector')!;
    expect(drop.sideEffects).toEqual([{ pod: 'default/q', change: 'pending', from: 'n1' }]);
    // both fixes make q Pending; the pod's own spec goes before relabelling a node (src/engine/whatIf/rank.ts)
    expect(kinds(fixes)).toEqual(['selector', 'node-label']);
  });
});

describe('sideEffectsOf', () => {
  // as in the fleet dump: the baseline's DaemonSet made node-exporter-t72rl for a node the autoscaler
  // added (late-1); with a node added by the fix, the controller's names pair differently
  const run = (pods: { pod: string; node?: string; owner?: string }[]) => ({ pods }) as unknown as SimulationResult;
  it.each([
    ['a daemon pod whose generated name now runs on the added node: none (its DaemonSet still runs one on late-1)',
      [{ pod: 'monitoring/node-exporter-t72rl', node: 'late-1', owner: 'DaemonSet/node-exporter' }],
      [{ pod: 'monitoring/node-exporter-t72rl', node: 'n1-2', owner: 'DaemonSet/node-exporter' }, { pod: 'monitoring/node-exporter-x81qa', node: 'late-1', owner: 'DaemonSet/node-exporter' }],
      []],
    ['a daemon pod gone from its node: still said (it never "moves")',
      [{ pod: 'monitoring/node-exporter-t72rl', node: 'late-1', owner: 'DaemonSet/node-exporter' }],
      [{ pod: 'monitoring/node-exporter-t72rl', owner: 'DaemonSet/node-exporter' }],
      [{ pod: 'monitoring/node-exporter-t72rl', change: 'pending', from: 'late-1' }]],
    ['a Deployment\'s pod on another node: moved',
      [{ pod: 'web/api-1', node: 'n1', owner: 'Deployment/api' }],
      [{ pod: 'web/api-1', node: 'n2', owner: 'Deployment/api' }],
      [{ pod: 'web/api-1', change: 'moved', from: 'n1', to: 'n2' }]],
  ])('%s', (_name, before, after, want) => {
    expect(sideEffectsOf(run(before), run(after), 'default/p').sideEffects).toEqual(want);
  });
});
