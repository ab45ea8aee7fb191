// percentageOfNodesToScore on 300 nodes (the YAML is generated).
// upstream: pkg/scheduler/schedule_one.go numFeasibleNodesToFind — fewer than 100 nodes: all;
// else percentage p (0 = adaptive: 50 − nodes/125, at least 5), k = nodes·p/100, at least 100.
// The search resumes where the previous cycle stopped (nextStartNodeIndex), across profiles.
//
// 300 nodes, adaptive: p = 50 − 300/125 = 48, k = 144. fast-scheduler sets 10: k = 30 → 100.
// Every node is feasible, so cycle 1 checks node-001..node-144 and cycle 2 node-145..node-244.

import type { Lesson } from '../types';
import { nodeYaml } from './yaml';

const NODE_COUNT = 300;
const nodeName = (i: number) => `node-${String(i).padStart(3, '0')}`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => nodeName(from + i));

function nodesYaml(): string {
  return range(1, NODE_COUNT).map((name) => nodeYaml(name)).join('---\n');
}

export const percentageOfNodesToScoreLesson: Lesson = {
  id: 'percentage-of-nodes',
  title: 'percentageOfNodesToScore: 300 nodes, not all checked',
  summary: 'In big clusters the scheduler stops looking once it has found enough feasible nodes. The next pod continues where the last search stopped.',
  topic: 'Performance',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/scheduler-perf-tuning/',
  seed: 1,
  scenario: `# Scheduler performance tuning (Kubernetes docs): ${NODE_COUNT} identical nodes, two profiles.
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
- schedulerName: fast-scheduler
  percentageOfNodesToScore: 10
---
${nodesYaml()}---
apiVersion: v1
kind: Pod
metadata: {name: pod-1, namespace: default}
spec:
  containers:
  - {name: pause, image: "registry.k8s.io/pause:3.10"}
---
apiVersion: v1
kind: Pod
metadata: {name: pod-2, namespace: default}
spec:
  schedulerName: fast-scheduler
  containers:
  - {name: pause, image: "registry.k8s.io/pause:3.10"}
`,
  steps: [
    { cycle: 1, phase: 'queue', text: `${NODE_COUNT} identical nodes. pod-1 uses default-scheduler, which leaves percentageOfNodesToScore at 0: adaptive.` },
    {
      cycle: 1, phase: 'filter', text: 'Adaptive percentage: 50 − 300 / 125 = 48%, and 48% of 300 = 144. The scheduler stops after 144 feasible nodes: node-001 to node-144.',
      facts: [
        { says: '300', fact: { kind: 'nodeCount', cycle: 1 }, is: '300' },
        { says: 'stops after 144 feasible nodes', fact: { kind: 'feasibleCount', cycle: 1 }, is: '144' },
        { says: 'node-001 to', fact: { kind: 'firstNodeEvaluated', cycle: 1 }, is: 'node-001' },
      ],
    },
    {
      cycle: 1, phase: 'score', text: 'Only those 144 nodes are scored. The other 156 could never win this pod, however good they are.',
      facts: [{ says: 'Only those 144 nodes', fact: { kind: 'nodesEvaluated', cycle: 1 }, is: '144' }],
    },
    {
      cycle: 2, phase: 'filter',
      text: `pod-2: percentageOfNodesToScore 10, and 10% of 300 is 30, but the scheduler never looks for fewer than 100. It goes on at node-145, up to node-244.`,
      facts: [
        { says: 'never looks for fewer than 100', fact: { kind: 'nodesEvaluated', cycle: 2 }, is: '100' },
        { says: 'at node-145', fact: { kind: 'firstNodeEvaluated', cycle: 2 }, is: 'node-145' },
      ],
    },
    {
      cycle: 2, phase: 'done', text: 'pod-2 is bound to one of those 100 nodes. The other 200 were never looked at for it.',
      facts: [{ says: 'one of those 100 nodes', fact: { kind: 'nodesEvaluated', cycle: 2 }, is: '100' }],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'filter',
      prompt: 'All 300 nodes would pass. How many does the scheduler check for pod-1 (adaptive percentage)?',
      choices: ['100', '144', '150', '300'],
      answer: 1,
      explanation: '50 − 300 / 125 = 48 (integer division), and 300 × 48 / 100 = 144.',
      reveal: { fact: { kind: 'nodesEvaluated', cycle: 1 } },
    },
    {
      atCycle: 2, atPhase: 'filter',
      prompt: 'fast-scheduler sets percentageOfNodesToScore: 10. How many nodes does it check for pod-2?',
      choices: ['30', '100', '144'],
      answer: 1,
      explanation: '10% of 300 is 30, below the floor of 100 nodes.',
      reveal: { fact: { kind: 'nodesEvaluated', cycle: 2 } },
    },
    {
      atCycle: 2, atPhase: 'filter',
      prompt: 'Which node does the search for pod-2 start from?',
      choices: [nodeName(1), nodeName(145), nodeName(245)],
      answer: 1,
      explanation: 'The scheduler keeps one rotating start index: pod-1\'s search stopped after 144 nodes.',
      reveal: { fact: { kind: 'firstNodeEvaluated', cycle: 2 } },
    },
  ],
  outcome: {
    cycleCount: 2,
    cycles: [
      {
        cycle: 1, pod: 'default/pod-1', profile: 'default-scheduler', result: 'Scheduled', nodesEvaluated: 144, feasibleCount: 144,
        firstNodeEvaluated: nodeName(1), selected: range(1, 144),
      },
      {
        cycle: 2, pod: 'default/pod-2', profile: 'fast-scheduler', result: 'Scheduled', nodesEvaluated: 100, feasibleCount: 100,
        firstNodeEvaluated: nodeName(145), selected: range(145, 244),
      },
    ],
    pods: [
      { pod: 'default/pod-1', phase: 'Running', node: range(1, 144) },
      { pod: 'default/pod-2', phase: 'Running', node: range(145, 244) },
    ],
  },
};
