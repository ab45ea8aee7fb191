// Inter-pod affinity and anti-affinity: the web-store / cache layout of the Kubernetes docs.
// The docs use two Deployments; bare pods keep the names stable for the narration.
//
// Worked by hand: caches and web servers request nothing, so NodeResourcesFit counts each as
// 100m CPU / 200Mi. An empty 4-CPU/8Gi node scores (3900/4000 → 97, 7992Mi/8192Mi → 97) = 97;
// the 2-CPU/4Gi node-4 scores 95. InterPodAffinity does not score here (no preferred terms and
// no existing pod with a required affinity term the incoming pod matches), so the caches take
// node-1..node-3 in some order, and node-4 never has a cache.

import type { Lesson } from '../types';
import { nodeYaml } from './yaml';

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
