// Preferred inter-pod affinity and anti-affinity: weights that score, never filter.
// upstream: pkg/scheduler/framework/plugins/interpodaffinity/scoring.go — PreScore sums, per
// topology pair, +weight for each existing pod a preferred affinity term of the incoming pod
// matches and −weight for each one a preferred anti-affinity term matches, and the same for the
// existing pods' preferred terms that match the incoming pod (processExistingPod: the terms count
// both ways); Score reads the sum at the node's pair; NormalizeScore is min-max to 0–100
// (truncated). InterPodAffinity's weight in the default profile is 2
// (pkg/scheduler/apis/config/v1/default_plugins.go).
//
// Worked by hand: web prefers the zone of an app=cache pod (80, topology.kubernetes.io/zone) and
// avoids the node of an app=batch pod (100, kubernetes.io/hostname). cache runs on node-1, batch on
// node-2, both in zone-a. Raw: node-1 +80, node-2 +80 − 100 = −20, node-3 (zone-b) 0. Min-max
// over −20..80: node-1 100, node-2 0, node-3 20 × 100 / 100 = 20.
// batch-2 (app=batch) has no terms; web, now on node-1, avoids app=batch with weight 100, and its
// term counts against batch-2 on node-1: raw −100, 0, 0 → node-1 0, node-2 100, node-3 100.

import type { Lesson } from '../types';
import { nodeYaml, scenarioYaml } from './yaml';

const ZONE = 'topology.kubernetes.io/zone';

function pinnedPod(name: string, app: string, node: string, cpu: string): string {
  return `apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default, labels: {app: ${app}}}
spec:
  nodeName: ${node}
  containers:
  - {name: ${app}, image: ${app === 'cache' ? 'redis' : 'busybox'}, resources: {requests: {cpu: "${cpu}", memory: 1Gi}}}
`;
}

export const podAffinityPreferredLesson: Lesson = {
  id: 'pod-affinity-preferred',
  title: 'Preferred pod affinity and anti-affinity: weights that score',
  summary: 'web likes a cache\'s zone (weight 80) and dislikes a batch pod\'s node (weight 100). The weights add up per node, are scaled to 0–100, and count for the other pod too.',
  topic: 'Pod affinity',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#inter-pod-affinity-and-anti-affinity',
  scenario: `# Preferred inter-pod affinity and anti-affinity (Kubernetes docs, "Assign Pods to Nodes").
# cache and batch already run (nodeName); web and then batch-2 are scheduled.
${scenarioYaml('pod-affinity-preferred', '1.37')}---
${[
    nodeYaml('node-1', { labels: { [ZONE]: 'zone-a' } }),
    nodeYaml('node-2', { labels: { [ZONE]: 'zone-a' } }),
    nodeYaml('node-3', { labels: { [ZONE]: 'zone-b' } }),
    pinnedPod('cache', 'cache', 'node-1', '1'),
    pinnedPod('batch', 'batch', 'node-2', '1'),
    '',
  ].join('---\n')}apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default, labels: {app: web}}
spec:
  affinity:
    podAffinity:
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 80
        podAffinityTerm:
          labelSelector: {matchLabels: {app: cache}}
          topologyKey: ${ZONE}
    podAntiAffinity:
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 100
        podAffinityTerm:
          labelSelector: {matchLabels: {app: batch}}
          topologyKey: kubernetes.io/hostname
  containers:
  - {name: web, image: nginx, resources: {requests: {cpu: "1", memory: 1Gi}}}
---
apiVersion: v1
kind: Pod
metadata: {name: batch-2, namespace: default, labels: {app: batch}}
spec:
  containers:
  - {name: batch, image: busybox, resources: {requests: {cpu: "1", memory: 1Gi}}}
`,
  story: [
    {
      at: { cycle: 1, phase: 'queue' },
      text: 'web prefers a cache\'s zone (weight 80) and avoids a batch pod\'s node (weight 100). cache runs on node-1, batch on node-2, both in zone-a.',
    },
    {
      at: { cycle: 1, phase: 'filter' },
      text: 'Preferences never filter: all 3 nodes pass. Raw sums: node-1 +80, node-2 +80 − 100 = −20, node-3 (zone-b) 0.',
      facts: [{ says: 'all 3 nodes pass', fact: { kind: 'feasibleCount', cycle: 1 }, is: '3' }],
      question: {
        prompt: 'The sums are scaled to 0–100 between the lowest (−20) and the highest (+80). What does node-3 (0) get?',
        choices: ['0', '20', '50'],
        answer: 1,
        explanation: 'Min-max: (0 − (−20)) × 100 / (80 − (−20)) = 20.',
        reveal: { fact: { kind: 'score', cycle: 1, node: 'node-3', plugin: 'InterPodAffinity' } },
      },
    },
    {
      at: { cycle: 1, phase: 'score' },
      text: 'InterPodAffinity: node-1 100, node-2 0, node-3 20, times its weight 2. node-3 is the emptiest (NodeResourcesFit 81 against 62), but not by enough.',
      facts: [
        { says: 'node-1 100', fact: { kind: 'score', cycle: 1, node: 'node-1', plugin: 'InterPodAffinity' }, is: '100' },
        { says: 'node-2 0', fact: { kind: 'score', cycle: 1, node: 'node-2', plugin: 'InterPodAffinity' }, is: '0' },
        { says: 'node-3 20', fact: { kind: 'score', cycle: 1, node: 'node-3', plugin: 'InterPodAffinity' }, is: '20' },
        { says: 'NodeResourcesFit 81', fact: { kind: 'score', cycle: 1, node: 'node-3', plugin: 'NodeResourcesFit' }, is: '81' },
        { says: 'against 62', fact: { kind: 'score', cycle: 1, node: 'node-1', plugin: 'NodeResourcesFit' }, is: '62' },
      ],
    },
    {
      at: { cycle: 1, phase: 'done' },
      text: 'web runs on node-1, in the cache\'s zone and away from batch.',
      facts: [{ says: 'web runs on node-1', fact: { kind: 'selected', cycle: 1 }, is: 'node-1' }],
    },
    {
      at: { cycle: 2, phase: 'queue' },
      text: 'batch-2 (app=batch) has no affinity terms of its own. web, on node-1, avoids app=batch with weight 100.',
      question: {
        prompt: 'What InterPodAffinity score does node-2 get for batch-2?',
        choices: ['0: batch-2 has no terms', '100: web\'s term counts for batch-2 too'],
        answer: 1,
        explanation: 'Existing pods\' preferred terms that match the incoming pod count as well: node-1 gets −100, the others 0.',
        reveal: { fact: { kind: 'score', cycle: 2, node: 'node-2', plugin: 'InterPodAffinity' }, values: ['0', '100'] },
      },
    },
    {
      at: { cycle: 2, phase: 'score' },
      text: 'web\'s term counts both ways: node-1 −100 → 0, node-2 and node-3 0 → 100.',
      facts: [
        { says: 'node-1 −100 → 0', fact: { kind: 'score', cycle: 2, node: 'node-1', plugin: 'InterPodAffinity' }, is: '0' },
        { says: 'node-2 and node-3 0 → 100', fact: { kind: 'score', cycle: 2, node: 'node-3', plugin: 'InterPodAffinity' }, is: '100' },
      ],
    },
    {
      at: { cycle: 2, phase: 'done' },
      text: 'batch-2 goes to node-3, the emptier of the two. Nothing here was required: a full node-3 would not have stopped it.',
      facts: [{ says: 'batch-2 goes to node-3', fact: { kind: 'selected', cycle: 2 }, is: 'node-3' }],
    },
  ],
  outcome: {
    cycleCount: 2,
    cycles: [
      {
        cycle: 1, pod: 'default/web', result: 'Scheduled', selected: 'node-1', feasible: ['node-1', 'node-2', 'node-3'],
        scores: {
          'node-1': { InterPodAffinity: 100, NodeResourcesFit: 62 },
          'node-2': { InterPodAffinity: 0, NodeResourcesFit: 62 },
          'node-3': { InterPodAffinity: 20, NodeResourcesFit: 81 },
        },
      },
      {
        cycle: 2, pod: 'default/batch-2', result: 'Scheduled', selected: 'node-3', feasible: ['node-1', 'node-2', 'node-3'],
        scores: { 'node-1': { InterPodAffinity: 0 }, 'node-2': { InterPodAffinity: 100 }, 'node-3': { InterPodAffinity: 100 } },
      },
    ],
    pods: [
      { pod: 'default/web', phase: 'Running', node: 'node-1' },
      { pod: 'default/batch-2', phase: 'Running', node: 'node-3' },
    ],
  },
};
