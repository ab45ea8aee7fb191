// The ranking rules (README "How fixes are ranked"), one test per rule, and the candidate kinds the
// production dump needed: each verified by simulating the change on a small scenario.
import { describe, expect, it } from 'vitest';
import { loadExpandedScenario, simulate } from '../index';
import type { Candidate } from './candidates';
import { inUnitsOf } from './edits';
import { Tier } from './rank';
import { rankFixes, searchFixes, type FailedCandidate, type VerifiedFix } from './verify';

function search(text: string, pod: string, cap?: number): { fixes: VerifiedFix[]; failures: FailedCandidate[]; leftOut: number; candidates: number; refused: Candidate[] } {
  const loaded = loadExpandedScenario(text);
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => `${e.line}: ${e.message}`).join('\n'));
  const baseline = simulate(text);
  if (!baseline.ok) throw new Error('baseline');
  expect(baseline.result.pods.find((p) => p.pod === pod)?.node).toBeUndefined();
  const s = searchFixes(loaded.scenario, baseline.result, pod, {}, cap);
  const fixes: VerifiedFix[] = [];
  for (let f = s.next(); f !== undefined; f = s.next()) if (f) fixes.push(f);
  return { fixes: rankFixes(fixes), failures: s.failures, leftOut: s.leftOut, candidates: s.candidates.length, refused: s.refused };
}

const node = (name: string, o: { cpu?: string; memory?: string; labels?: string; spec?: string; annotations?: string; zone?: string } = {}) => `---
apiVersion: v1
kind: Node
metadata: {name: ${name}, labels: {kubernetes.io/hostname: ${name}, topology.kubernetes.io/zone: ${o.zone ?? 'a'}${o.labels ? `, ${o.labels}` : ''}}${o.annotations ? `, annotations: {${o.annotations}}` : ''}}
${o.spec ? `spec: ${o.spec}\n` : ''}status: {allocatable: {cpu: "${o.cpu ?? '4'}", memory: ${o.memory ?? '8Gi'}, pods: "110"}}
`;
const pod = (name: string, o: { cpu?: string; memory?: string; spec?: string; labels?: string; node?: string; namespace?: string; priorityClassName?: string } = {}) => `---
apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: ${o.namespace ?? 'default'}${o.labels ? `, labels: {${o.labels}}` : ''}}
spec:
  ${o.node ? `nodeName: ${o.node}\n  ` : ''}${o.priorityClassName ? `priorityClassName: ${o.priorityClassName}\n  ` : ''}${o.spec ? `${o.spec}\n  ` : ''}containers: [{name: c, image: nginx, resources: {requests: {cpu: "${o.cpu ?? '1'}"${o.memory ? `, memory: ${o.memory}` : ''}}}}]
`;
const priorityClass = (name: string, value: number) => `---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: ${name}}
value: ${value}
`;
const kinds = (fixes: VerifiedFix[]) => fixes.map((f) => f.candidate.kind);
const CORDONED = '{unschedulable: true, taints: [{key: node.kubernetes.io/unschedulable, effect: NoSchedule}]}';
const GPU_TAINT = '{taints: [{key: nvidia.com/gpu, value: present, effect: NoSchedule}]}';

describe('ranking rules', () => {
  it('the workload\'s own spec before node-scoped changes: fix the typo before relabelling a node', () => {
    const { fixes } = search(node('n1', { labels: 'disk: ssd' }) + pod('p', { spec: 'nodeSelector: {disk: sdd}' }), 'default/p');
    expect(fixes[0]!.candidate.edits).toEqual([{ kind: 'affinity-value', pod: 'default/p', key: 'disk', from: 'sdd', value: 'ssd', nodeSelectorKey: 'disk' }]);
    expect(kinds(fixes).indexOf('node-label')).toBeGreaterThan(0);
  });

  it('node-scoped changes carry a warning; overwriting a label the node has ranks with the overrides', () => {
    const { fixes } = search(node('n1', { labels: 'disk: hdd' }) + pod('p', { spec: 'nodeSelector: {disk: ssd}' }), 'default/p');
    const label = fixes.find((f) => f.candidate.kind === 'node-label')!;
    expect(label.warnings.join()).toMatch(/overwrites a label the node has \(disk=hdd → ssd\)/);
    expect(label.tier ?? label.candidate.tier).toBe(Tier.Overrides);
  });

  it('a node is never moved into another pool for a pod (node-pool: high-mem → general is no fix)', () => {
    const { fixes, failures } = search(node('n1', { labels: 'node-pool: high-mem' }) + pod('p', { spec: 'nodeSelector: {node-pool: general}' }), 'default/p');
    expect([...kinds(fixes), ...failures.map((f) => f.candidate.kind)]).not.toContain('node-label');
    expect(kinds(fixes)[0]).toBe('selector');
  });

  it('an annotated cordon is quoted and uncordoning it ranks last', () => {
    const text = node('n1', { cpu: '1' }) + pod('filler', { node: 'n1' }) + node('n2', { spec: CORDONED, annotations: 'ops/do-not-uncordon: "incident INC-123"' }) + pod('p');
    const { fixes } = search(text, 'default/p');
    const uncordon = fixes.find((f) => f.candidate.kind === 'uncordon')!;
    expect(uncordon.warnings.join()).toContain('ops/do-not-uncordon: "incident INC-123"');
    expect(fixes.indexOf(uncordon)).toBe(fixes.length - 1);
    expect(kinds(fixes)[0]).toBe('add-node');
  });

  it('no toleration into a tainted pool the pod does not select: refused before it is simulated, and counted with why', () => {
    const text = node('gpu1', { labels: 'pool: gpu', spec: GPU_TAINT }) + node('n1', { labels: 'pool: general' }) + pod('filler', { node: 'n1', memory: '6Gi' }) + pod('p', { memory: '4Gi' });
    const { fixes, failures, refused } = search(text, 'default/p');
    expect([...fixes.map((f) => f.candidate), ...failures.map((f) => f.candidate)].filter((c) => c.kind === 'toleration')).toEqual([]);
    expect(refused.map((c) => c.edits)).toEqual([[{ kind: 'toleration', pod: 'default/p', toleration: { key: 'nvidia.com/gpu', operator: 'Equal', value: 'present', effect: 'NoSchedule' } }]]);
    expect(refused[0]!.refused).toMatch(/moves the pod into the pool tainted nvidia\.com\/gpu=present:NoSchedule, which it does not select/);
    expect(kinds(fixes)[0]).toBe('add-node');
  });

  it('a toleration where the pool is the pod\'s home (it selects it) ranks first', () => {
    const { fixes } = search(node('gpu1', { labels: 'pool: gpu', spec: GPU_TAINT }) + pod('p', { spec: 'nodeSelector: {pool: gpu}' }), 'default/p');
    expect(kinds(fixes)[0]).toBe('toleration');
    expect(fixes[0]!.warnings).toEqual([]);
  });

  it('a priority fix uses the existing PriorityClass the namespace uses, not a new one', () => {
    const text = priorityClass('business-critical', 100000) + node('n1', { cpu: '2' }) + pod('batch', { node: 'n1', cpu: '2', namespace: 'batch' })
      + pod('pricing', { namespace: 'risk', priorityClassName: 'business-critical', cpu: '0', node: 'n1' }) + pod('p', { namespace: 'risk', cpu: '2' });
    const { fixes } = search(text, 'risk/p');
    const priority = fixes.filter((f) => f.candidate.kind === 'priority');
    expect(priority.map((f) => (f.candidate.edits[0] as { priorityClass: { metadata: { name: string } } }).priorityClass.metadata.name)).toEqual(['business-critical']);
    expect(kinds(fixes)[0]).toBe('priority');
  });

  it('preempting a replica of the pod\'s own workload is no fix (its controller recreates it)', () => {
    const deployment = `---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: "2"}}}]}
`;
    const text = priorityClass('high', 1000) + node('n1', { cpu: '2' }) + deployment;
    const loaded = simulate(text);
    if (!loaded.ok) throw new Error('load');
    const pending = loaded.result.pods.find((p) => p.node === undefined)!.pod;
    const { fixes, failures } = search(text, pending);
    expect(kinds(fixes)).not.toContain('priority');
    expect(failures.find((f) => f.candidate.kind === 'priority')!.reason).toMatch(/a replica of the same/);
  });

  it('a preemption that violates a PodDisruptionBudget names it and ranks last', () => {
    const pdb = `---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: cache, namespace: default}
spec: {maxUnavailable: 0, selector: {matchLabels: {app: cache}}}
`;
    const text = priorityClass('high', 1000) + pdb + node('n1', { cpu: '2' }) + pod('cache', { node: 'n1', cpu: '2', labels: 'app: cache' }) + pod('p', { cpu: '2' });
    const { fixes } = search(text, 'default/p');
    const priority = fixes.find((f) => f.candidate.kind === 'priority')!;
    expect(priority.warnings.join()).toMatch(/PodDisruptionBudget default\/cache/);
    expect(fixes.indexOf(priority)).toBe(fixes.length - 1);
  });

  it('a fix that weakens a constraint the workload declared ranks below more capacity for it as declared: a GPU node like its pool before dropping matchAttribute pcieRoot', () => {
    // 8 GPUs, 4 per PCIe root; a running job holds one GPU on each root, so no root has 4 free
    const gpus = Array.from({ length: 8 }, (_, g) => `  - {name: gpu-${g}, attributes: {pcieRoot: {string: r${g >> 2}}}}`).join('\n');
    const request = (name: string, root?: string) => `{name: ${name}, exactly: {deviceClassName: gpu${root ? `, selectors: [{cel: {expression: 'device.attributes["gpu.example.com"].pcieRoot == "${root}"'}}]` : ''}${root ? '' : ', count: 4'}}}`;
    const claim = (name: string, devices: string) => `---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: ${name}, namespace: default}
spec: {devices: ${devices}}
`;
    const text = node('gpu1', { labels: 'node-pool: gpu' }) + `---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu}
spec: {selectors: [{cel: {expression: 'device.driver == "gpu.example.com"'}}]}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: gpu1-gpus}
spec:
  driver: gpu.example.com
  nodeName: gpu1
  pool: {name: gpu1, generation: 1, resourceSliceCount: 1}
  devices:
${gpus}
` + claim('job', `{requests: [${request('a', 'r0')}, ${request('b', 'r1')}]}`) + claim('trainer', `{requests: [${request('gpus')}], constraints: [{matchAttribute: gpu.example.com/pcieRoot, requests: [gpus]}]}`)
      + pod('job', { cpu: '0', spec: 'resourceClaims: [{name: g, resourceClaimName: job}]' }) + pod('trainer', { cpu: '0', spec: 'resourceClaims: [{name: g, resourceClaimName: trainer}]' });
    const { fixes } = search(text, 'default/trainer');
    const drop = fixes.findIndex((f) => f.candidate.edits[0]?.kind === 'claim' && f.candidate.edits[0].change === 'drop-constraint');
    expect(kinds(fixes)[0]).toBe('add-node');
    expect(fixes[0]!.candidate.edits[0]).toMatchObject({ kind: 'add-node', like: 'gpu1', pool: { 'node-pool': 'gpu' } });
    expect(drop).toBeGreaterThan(0);
    expect(fixes[drop]!.tier).toBe(Tier.Relax);
  });

  it.each([
    ['24Gi cut to 12.02Gi reads 12Gi', '24Gi', 'memory', 12.02 * 2 ** 30, '12Gi'],
    ['a unit too coarse steps down', '2Gi', 'memory', 0.5 * 2 ** 30, '512Mi'],
    ['decimal units stay decimal', '3G', 'memory', 1.5e9, '1G'],
    ['cpu in millicores when not whole', '3', 'cpu', 2710, '2710m'],
    ['cpu in cores when whole', '3', 'cpu', 2000, '2'],
  ])('quantities in the unit the user wrote: %s', (_name, written, resource, amount, expected) => {
    expect(inUnitsOf(written, resource, amount)).toBe(expected);
  });

  it('add a node like X names the pool to scale, and its copy has no IP, provider id or images', () => {
    const text = node('n1', { labels: 'node-pool: general, node.kubernetes.io/instance-type: m6i.2xlarge', cpu: '2' }) + pod('filler', { node: 'n1', cpu: '2' }) + pod('p', { cpu: '2' });
    const { fixes } = search(text, 'default/p');
    const add = fixes.find((f) => f.candidate.kind === 'add-node')!;
    expect(add.candidate.edits[0]).toMatchObject({ kind: 'add-node', like: 'n1', pool: { 'node-pool': 'general' } });
  });

  it.each([
    // nodes of one pool in two zones: a reviewer scales the pool once
    ['one pool label, two zones → one fix', { labels: 'node-pool: general', zone: 'a' }, { labels: 'node-pool: general', zone: 'b' }, ['node-pool=general']],
    // no pool label: nodes of one shape (labels but hostname and zone, taints, allocatable) are one pool
    ['no pool label, the same shape → one fix', { labels: 'team: web', zone: 'a' }, { labels: 'team: web', zone: 'b' }, [JSON.stringify({ labels: [['team', 'web']], taints: [], allocatable: [['cpu', '2'], ['memory', '8Gi'], ['pods', '110']] })]],
    ['two pools → a fix for each', { labels: 'node-pool: general', zone: 'a' }, { labels: 'node-pool: batch', zone: 'b' }, ['node-pool=general', 'node-pool=batch']],
  ])('add a node like X, one per pool: %s', (_name, a, b, pools) => {
    const text = node('n1', { ...a, cpu: '2' }) + node('n2', { ...b, cpu: '2' }) + pod('f1', { node: 'n1', cpu: '2' }) + pod('f2', { node: 'n2', cpu: '2' }) + pod('p', { cpu: '2' });
    const { fixes } = search(text, 'default/p');
    expect(fixes.filter((f) => f.candidate.kind === 'add-node').map((f) => f.candidate.pool).sort()).toEqual([...pools].sort());
  });

  it.each([
    // the pod selects node-pool=general, which is full; another pool has room
    ['a free pool: below the fixes that keep it home', 'node-pool: batch', '', Tier.NodeScoped, 'moves the pod out of its pool (node-pool=general) into the pool node-pool=batch'],
    // the pod tolerates every taint, so only its selector kept it off the GPU pool
    ['a dedicated (tainted) pool: last', 'node-pool: gpu', '{taints: [{key: nvidia.com/gpu, value: "true", effect: NoSchedule}]}', Tier.Overrides, 'moves the pod out of its pool (node-pool=general) into the dedicated, tainted pool node-pool=gpu'],
  ])('a selector dropped that moves the pod to another pool is warned and ranked down: %s', (_name, labels, spec, tier, warning) => {
    const text = node('g1', { labels: 'node-pool: general', cpu: '2' }) + node('o1', { labels, cpu: '8', ...(spec ? { spec } : {}) }) + pod('f1', { node: 'g1', cpu: '2' })
      + pod('p', { cpu: '2', spec: 'nodeSelector: {node-pool: general}\n  tolerations: [{operator: Exists}]' });
    const { fixes } = search(text, 'default/p');
    const drop = fixes.find((f) => f.candidate.kind === 'selector')!;
    expect(drop.node).toBe('o1');
    expect(drop.tier).toBe(tier);
    expect(drop.warnings).toContain(warning);
    expect(fixes.findIndex((f) => f.candidate.kind === 'add-node')).toBeLessThan(fixes.indexOf(drop));
  });
});

describe('candidate kinds that keep their meaning', () => {
  const zoneAffinity = (values: string) => `affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: topology.kubernetes.io/zone, operator: In, values: [${values}]}]}]}}}`;

  it('a single-expression affinity typo: the nearest zones, and dropping it drops the whole required affinity (never an empty term)', () => {
    const text = node('a1', { zone: 'us-east-1a' }) + node('b1', { zone: 'us-east-1b' }) + pod('p', { spec: zoneAffinity('us-east-1x') });
    const { fixes } = search(text, 'default/p');
    expect(fixes.slice(0, 2).map((f) => f.candidate.edits[0])).toEqual([
      { kind: 'affinity-value', pod: 'default/p', key: 'topology.kubernetes.io/zone', from: 'us-east-1x', value: 'us-east-1a', term: 0, expression: 0 },
      { kind: 'affinity-value', pod: 'default/p', key: 'topology.kubernetes.io/zone', from: 'us-east-1x', value: 'us-east-1b', term: 0, expression: 0 },
    ]);
    expect(kinds(fixes)).toContain('selector');
  });

  it('schedulerName: a pod no profile serves goes to default-scheduler', () => {
    const { fixes } = search(node('n1') + pod('p', { spec: 'schedulerName: volcano' }), 'default/p');
    expect(fixes.map((f) => f.candidate.edits[0])).toEqual([{ kind: 'scheduler-name', pod: 'default/p', from: 'volcano', schedulerName: 'default-scheduler' }]);
  });

  it('spread over a cordoned zone: nodeTaintsPolicy Honor first', () => {
    const spread = 'topologySpreadConstraints: [{maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}}]';
    const text = node('a1', { zone: 'a' }) + node('d1', { zone: 'd', spec: CORDONED, annotations: 'ops/do-not-uncordon: "incident"' }) + pod('w1', { node: 'a1', labels: 'app: web' }) + pod('p', { labels: 'app: web', spec: spread });
    const { fixes } = search(text, 'default/p');
    expect(fixes[0]!.candidate.edits[0]).toEqual({ kind: 'spread', pod: 'default/p', constraint: 0, nodeTaintsPolicy: 'Honor' });
    expect(kinds(fixes).at(-1)).toBe('uncordon');
  });

  it('the cap: 1,200 expressions give at most 40 candidates, the rest counted as left out, the likeliest first', () => {
    const expressions = Array.from({ length: 1200 }, (_, i) => `{key: k${i}, operator: In, values: [v${i}]}`).join(', ');
    const text = node('n1', { labels: 'k0: v1' }) + pod('p', { spec: `affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [${expressions}]}]}}}` });
    const loaded = loadExpandedScenario(text);
    if (!loaded.ok) throw new Error('load');
    const baseline = simulate(text);
    if (!baseline.ok) throw new Error('baseline');
    const s = searchFixes(loaded.scenario, baseline.result, 'default/p');
    expect(s.candidates.length).toBeLessThanOrEqual(40);
    expect(s.leftOut).toBeGreaterThanOrEqual(1200 - 40);
  });

  it('1,199 expressions every node meets and one none does: dropping that one is the candidate, verified', () => {
    const expressions = [...Array.from({ length: 1199 }, (_, i) => `{key: k${i}, operator: NotIn, values: [v${i}]}`), '{key: disktype, operator: In, values: [ssd]}'].join(', ');
    const { fixes, candidates } = search(node('n1') + node('n2') + pod('p', { spec: `affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [${expressions}]}]}}}` }), 'default/p');
    expect(candidates).toBeLessThanOrEqual(40);
    expect(fixes.map((f) => f.candidate.edits[0])).toContainEqual({ kind: 'selector', pod: 'default/p', term: 0, expression: 1199 });
  });
});
