// Inter-pod affinity and anti-affinity: the web-store / cache layout of the Kubernetes docs.
// The docs use two Deployments; bare pods keep the names stable for the narration.
//
// Worked by hand: caches and web servers request nothing, so NodeResourcesFit counts each as
// 100m CPU / 200Mi. An empty 4-CPU/8Gi node scores (3900/4000 → 97, 7992Mi/8192Mi → 97) = 97;
// the 2-CPU/4Gi node-4 scores 95. InterPodAffinity does not score here (no preferred terms and
// no existing pod with a required affinity term the incoming pod matches), so the caches take
// node-1..node-3 in some order, and node-4 never has a cache.

import type { Lesson } from '../types';
import { nodeJoinsYaml, nodeYaml } from './yaml';

const ANTI_AFFINITY = "node(s) didn't match pod anti-affinity rules";
const AFFINITY = "node(s) didn't match pod affinity rules";
const BIG_NODES = ['node-1', 'node-2', 'node-3'];

function cache(i: number): string {
  return `apiVersion: v1
kind: Pod
metadata:
  name: redis-cache-${i}
  namespace: default
  labels: {app: store}
spec:
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector:
          matchExpressions:
          - {key: app, operator: In, values: [store]}
        topologyKey: kubernetes.io/hostname
  containers:
  - name: redis-server
    image: redis:3.2-alpine
`;
}

function webServer(i: number): string {
  return `apiVersion: v1
kind: Pod
metadata:
  name: web-server-${i}
  namespace: default
  labels: {app: web-store}
spec:
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector:
          matchExpressions:
          - {key: app, operator: In, values: [web-store]}
        topologyKey: kubernetes.io/hostname
    podAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector:
          matchExpressions:
          - {key: app, operator: In, values: [store]}
        topologyKey: kubernetes.io/hostname
  containers:
  - name: web-app
    image: nginx:1.16-alpine
`;
}

export const webStoreLesson: Lesson = {
  id: 'web-store',
  title: 'Pod affinity and anti-affinity: one cache beside each web server',
  summary: 'Three caches avoid each other, three web servers avoid each other and each needs a cache on its node. The node without a cache gets nothing.',
  topic: 'Pod affinity',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#more-practical-use-cases',
  seed: 1,
  scenario: `# Co-location with pod affinity and spreading with anti-affinity (Kubernetes docs,
# "Assign Pods to Nodes"), with bare pods instead of the two Deployments. node-4 is smaller.
${[nodeYaml('node-1'), nodeYaml('node-2'), nodeYaml('node-3'), nodeYaml('node-4', { cpu: '2', memory: '4Gi' }),
  cache(1), cache(2), cache(3), webServer(1), webServer(2), webServer(3)].join('---\n')}`,
  steps: [
    { cycle: 1, phase: 'queue', text: 'Caches first. Each redis-cache pod (app=store) has required anti-affinity to app=store with topologyKey kubernetes.io/hostname: at most one cache per node.' },
    {
      cycle: 1, phase: 'score',
      text: 'No cache runs yet, so all 4 nodes pass. node-4 is smaller (2 CPUs, 4Gi): NodeResourcesFit gives it 95, the others 97. The caches go to the bigger nodes first.',
      facts: [
        { says: 'all 4 nodes pass', fact: { kind: 'feasibleCount', cycle: 1 }, is: '4' },
        { says: '2 CPUs', fact: { kind: 'allocatable', node: 'node-4', resource: 'cpu' }, is: '2' },
        { says: '4Gi', fact: { kind: 'allocatable', node: 'node-4', resource: 'memory' }, is: '4Gi' },
        { says: 'gives it 95', fact: { kind: 'score', cycle: 1, node: 'node-4', plugin: 'NodeResourcesFit' }, is: '95' },
        { says: 'the others 97', fact: { kind: 'score', cycle: 1, node: 'node-1', plugin: 'NodeResourcesFit' }, is: '97' },
      ],
    },
    {
      cycle: 2, phase: 'filter', text: `redis-cache-2: the node running redis-cache-1 fails with "${ANTI_AFFINITY}". 3 nodes remain.`,
      facts: [{ says: '3 nodes remain', fact: { kind: 'feasibleCount', cycle: 2 }, is: '3' }],
    },
    {
      cycle: 3, phase: 'filter', text: 'redis-cache-3: two nodes have a cache now. 2 nodes remain: one big, and node-4.',
      facts: [{ says: '2 nodes remain', fact: { kind: 'feasibleCount', cycle: 3 }, is: '2' }],
    },
    { cycle: 4, phase: 'queue', text: 'web-server-1 (app=web-store) needs a pod with app=store on its node (podAffinity) and no other app=web-store pod there (podAntiAffinity).' },
    {
      cycle: 4, phase: 'filter', text: `node-4 has no cache: "${AFFINITY}". node-1, node-2 and node-3 pass.`,
      facts: [
        { says: `node-4 has no cache: "${AFFINITY}"`, fact: { kind: 'filterReason', cycle: 4, node: 'node-4' }, is: AFFINITY },
        { says: 'node-1, node-2 and node-3 pass', fact: { kind: 'feasible', cycle: 4 }, is: 'node-1, node-2, node-3' },
      ],
    },
    {
      cycle: 5, phase: 'filter', text: `web-server-2: node-4 still has no cache; the node with web-server-1 fails with "${ANTI_AFFINITY}". 2 nodes pass.`,
      facts: [
        { says: 'node-4 still has no cache', fact: { kind: 'filterReason', cycle: 5, node: 'node-4' }, is: AFFINITY },
        { says: '2 nodes pass', fact: { kind: 'feasibleCount', cycle: 5 }, is: '2' },
      ],
    },
    { cycle: 6, phase: 'queue', text: 'web-server-3: two of the three nodes with a cache run a web server now.' },
    {
      cycle: 6, phase: 'filter', text: '1 node passes: the last cache node without a web server.',
      facts: [{ says: '1 node passes', fact: { kind: 'feasibleCount', cycle: 6 }, is: '1' }],
    },
    { cycle: 6, phase: 'done', text: 'Every node with a cache now runs exactly one web server: the layout from the docs. node-4 stays empty.' },
  ],
  questions: [
    {
      atCycle: 2, atPhase: 'filter',
      prompt: 'redis-cache-1 is running. How many of the 4 nodes pass Filter for redis-cache-2?',
      choices: ['1', '2', '3', '4'],
      answer: 2,
      explanation: 'Anti-affinity per hostname removes only the node that runs redis-cache-1.',
      reveal: { fact: { kind: 'feasibleCount', cycle: 2 } },
    },
    {
      atCycle: 4, atPhase: 'filter',
      prompt: 'node-4 has no cache. Why does it fail for web-server-1?',
      choices: [AFFINITY, ANTI_AFFINITY, 'It passes'],
      answer: 0,
      explanation: 'Required podAffinity wants a pod with app=store in the same topology domain, here the same node.',
      reveal: { fact: { kind: 'filterReason', cycle: 4, node: 'node-4' }, values: [AFFINITY, ANTI_AFFINITY, 'none'] },
    },
    {
      atCycle: 6, atPhase: 'filter',
      prompt: 'How many nodes pass Filter for web-server-3?',
      choices: ['0', '1', '2', '3'],
      answer: 1,
      explanation: 'Of the three nodes with a cache, two already run a web server. node-4 has no cache.',
      reveal: { fact: { kind: 'feasibleCount', cycle: 6 } },
    },
  ],
  outcome: {
    cycleCount: 6,
    cycles: [
      {
        cycle: 1, pod: 'default/redis-cache-1', result: 'Scheduled', feasible: ['node-1', 'node-2', 'node-3', 'node-4'], selected: BIG_NODES,
        scores: { 'node-1': { NodeResourcesFit: 97 }, 'node-2': { NodeResourcesFit: 97 }, 'node-3': { NodeResourcesFit: 97 }, 'node-4': { NodeResourcesFit: 95 } },
      },
      { cycle: 2, pod: 'default/redis-cache-2', result: 'Scheduled', feasibleCount: 3, selected: BIG_NODES },
      { cycle: 3, pod: 'default/redis-cache-3', result: 'Scheduled', feasibleCount: 2, selected: BIG_NODES },
      {
        cycle: 4, pod: 'default/web-server-1', result: 'Scheduled', feasible: BIG_NODES,
        filtered: { 'node-4': { plugin: 'InterPodAffinity', reason: AFFINITY, code: 'UnschedulableAndUnresolvable' } },
      },
      { cycle: 5, pod: 'default/web-server-2', result: 'Scheduled', feasibleCount: 2, filtered: { 'node-4': { plugin: 'InterPodAffinity', reason: AFFINITY } } },
      { cycle: 6, pod: 'default/web-server-3', result: 'Scheduled', feasibleCount: 1 },
    ],
    pods: [1, 2, 3].flatMap((i) => [
      { pod: `default/redis-cache-${i}`, phase: 'Running' as const, node: BIG_NODES },
      { pod: `default/web-server-${i}`, phase: 'Running' as const, node: BIG_NODES },
    ]),
    distinctNodes: [
      ['default/redis-cache-1', 'default/redis-cache-2', 'default/redis-cache-3'],
      ['default/web-server-1', 'default/web-server-2', 'default/web-server-3'],
    ],
  },
};

const ZONE = 'topology.kubernetes.io/zone';

function etcd(i: number): string {
  return `apiVersion: v1
kind: Pod
metadata:
  name: etcd-${i}
  namespace: default
  labels: {app: etcd}
spec:
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector:
          matchLabels: {app: etcd}
        topologyKey: ${ZONE}
  containers:
  - {name: etcd, image: "registry.k8s.io/etcd:3.5.21-0", resources: {requests: {cpu: "1", memory: 1Gi}}}
`;
}

// Required anti-affinity with topologyKey zone: one etcd per zone. With 3 zones the 4th etcd
// fails on every node, the empty ones too, and preemption finds no lower-priority pod. A node in
// a 4th zone (at 60 s) is a NodeAdd event InterPodAffinity registers for.
export const antiAffinityZonesLesson: Lesson = {
  id: 'anti-affinity-zones',
  title: 'Required anti-affinity across zones: one per zone',
  summary: 'With topologyKey zone, required anti-affinity rules out whole zones, empty nodes included. Three zones hold three replicas; the fourth waits for a fourth zone.',
  topic: 'Pod affinity',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#inter-pod-affinity-and-anti-affinity',
  seed: 1,
  scenario: `# Required inter-pod anti-affinity across zones (Kubernetes docs, "Assign Pods to Nodes").
# Three zones with two nodes each; a node in zone-d joins at 60 s.
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: anti-affinity-zones}
spec:
  timeline:
${nodeJoinsYaml(60, 'node-d1', { [ZONE]: 'zone-d' })}---
${['a', 'b', 'c'].flatMap((z) => [1, 2].map((i) => nodeYaml(`node-${z}${i}`, { labels: { [ZONE]: `zone-${z}` } }))).join('---\n')}---
${[1, 2, 3, 4].map(etcd).join('---\n')}`,
  steps: [
    {
      cycle: 1, phase: 'queue',
      text: `Four etcd pods, each with required podAntiAffinity to app=etcd and topologyKey ${ZONE}: no two in one zone. 6 nodes in 3 zones.`,
      facts: [{ says: '6 nodes', fact: { kind: 'nodeCount', cycle: 1 }, is: '6' }],
    },
    {
      cycle: 1, phase: 'select', text: 'No etcd runs yet: all 6 nodes pass, and etcd-1 lands on node-b1.',
      facts: [
        { says: 'all 6 nodes pass', fact: { kind: 'feasibleCount', cycle: 1 }, is: '6' },
        { says: 'etcd-1 lands on node-b1', fact: { kind: 'selected', cycle: 1 }, is: 'node-b1' },
      ],
    },
    {
      cycle: 2, phase: 'filter',
      text: `The term's topologyKey is the zone: etcd-1 in zone-b rules out node-b1 and the empty node-b2 alike, with "${ANTI_AFFINITY}". 4 nodes pass.`,
      facts: [
        { says: 'the empty node-b2 alike', fact: { kind: 'filterReason', cycle: 2, node: 'node-b2' }, is: ANTI_AFFINITY },
        { says: '4 nodes pass', fact: { kind: 'feasibleCount', cycle: 2 }, is: '4' },
      ],
    },
    {
      cycle: 3, phase: 'filter', text: 'etcd-3: zone-a and zone-b each hold an etcd. Only zone-c\'s 2 nodes pass.',
      facts: [{ says: 'Only zone-c\'s 2 nodes pass', fact: { kind: 'feasible', cycle: 3 }, is: 'node-c1, node-c2' }],
    },
    {
      cycle: 4, phase: 'filter', text: `etcd-4: every zone holds an etcd. All 6 nodes fail with "${ANTI_AFFINITY}", though every one has room.`,
      facts: [{ says: 'All 6 nodes fail', fact: { kind: 'feasibleCount', cycle: 4 }, is: '0' }],
    },
    {
      cycle: 4, phase: 'postFilter', text: 'Preemption cannot help: every pod has priority 0, like etcd-4.',
      facts: [{ says: 'Preemption cannot help', fact: { kind: 'victims', cycle: 4 }, is: 'none' }],
    },
    { cycle: 4, phase: 'done', text: 'etcd-4 waits in the unschedulable pool. More nodes in zone-a, b or c would not help; a new zone would.' },
    {
      cycle: 5, phase: 'queue', text: 'At 60 s node-d1 joins, in zone-d. A new node can help InterPodAffinity, so etcd-4 is tried again.',
      facts: [
        { says: 'At 60 s', fact: { kind: 'time', cycle: 5 }, is: '60' },
        { says: 'zone-d', fact: { kind: 'nodeLabel', node: 'node-d1', key: ZONE }, is: 'zone-d' },
      ],
    },
    {
      cycle: 5, phase: 'done', text: 'Only node-d1 passes: etcd-4 runs there. Four etcd pods, four zones.',
      facts: [
        { says: 'Only node-d1 passes', fact: { kind: 'feasible', cycle: 5 }, is: 'node-d1' },
        { says: 'etcd-4 runs there', fact: { kind: 'selected', cycle: 5 }, is: 'node-d1' },
      ],
    },
  ],
  questions: [
    {
      atCycle: 2, atPhase: 'filter',
      prompt: 'etcd-1 runs on node-b1 in zone-b. How many of the 6 nodes pass for etcd-2?',
      choices: ['5: only node-b1 is ruled out', '4: all of zone-b is ruled out'],
      answer: 1,
      explanation: 'Anti-affinity counts matching pods per topology domain. The domain here is the zone, not the node.',
      reveal: { fact: { kind: 'feasibleCount', cycle: 2 }, values: ['5', '4'] },
    },
    {
      atCycle: 4, atPhase: 'filter',
      prompt: 'etcd-4: each of the 3 zones holds an etcd. How many nodes pass?',
      choices: ['0', '3: the empty nodes', '6'],
      answer: 0,
      explanation: 'Every node is in a zone that already has an etcd pod.',
      reveal: { fact: { kind: 'feasibleCount', cycle: 4 }, values: ['0', '3', '6'] },
    },
  ],
  outcome: {
    cycleCount: 5,
    cycles: [
      { cycle: 1, pod: 'default/etcd-1', result: 'Scheduled', feasibleCount: 6 },
      { cycle: 2, pod: 'default/etcd-2', result: 'Scheduled', feasibleCount: 4, filtered: { 'node-b2': { plugin: 'InterPodAffinity', reason: ANTI_AFFINITY } } },
      { cycle: 3, pod: 'default/etcd-3', result: 'Scheduled', feasible: ['node-c1', 'node-c2'] },
      {
        cycle: 4, pod: 'default/etcd-4', result: 'Unschedulable', feasible: [], preemption: null,
        messageIncludes: [`0/6 nodes are available: 6 ${ANTI_AFFINITY}.`],
      },
      { cycle: 5, pod: 'default/etcd-4', time: 60, result: 'Scheduled', feasible: ['node-d1'], selected: 'node-d1' },
    ],
    pods: [1, 2, 3, 4].map((i) => ({ pod: `default/etcd-${i}`, phase: 'Running' as const })),
  },
};
