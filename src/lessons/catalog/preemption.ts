// Priority and preemption, with and without a PodDisruptionBudget.
// upstream: pkg/scheduler/framework/preemption/preemption.go (dry run with reprieve,
// pickOneNodeForPreemption: fewest PDB violations first, then the lowest highest-victim priority,
// then the smallest sum of victim priorities, then the fewest victims).
//
// Worked by hand: both nodes have 2 CPUs, all requested. critical asks for 1500m.
// node-a: removing low-a1 and low-a2 frees 2000m; adding either back leaves 1000m, too little:
// 2 victims. node-b: removing both frees 2000m; low-b1 (1500m) cannot come back, low-b2 (500m)
// can: 1 victim. Victims are deleted gracefully (30 s by default), then critical is retried.

import type { Lesson } from '../types';
import { nodeYaml } from './yaml';

const INSUFFICIENT_CPU = 'Insufficient cpu';

function clusterYaml(pdb: boolean): string {
  const lowPod = (name: string, node: string, cpu: string, labels = '') => `apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default${labels}}
spec: {nodeName: ${node}, priorityClassName: low-priority, containers: [{name: c, image: busybox, resources: {requests: {cpu: "${cpu}"}}}]}
`;
  const docs = [
    `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high-priority}
value: 1000000
globalDefault: false
description: "For the critical service only."
`,
    `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: low-priority}
value: 100
globalDefault: true
`,
    nodeYaml('node-a', { cpu: '2', memory: '4Gi' }),
    nodeYaml('node-b', { cpu: '2', memory: '4Gi' }),
    lowPod('low-a1', 'node-a', '1'),
    lowPod('low-a2', 'node-a', '1'),
    lowPod('low-b1', 'node-b', '1500m', pdb ? ', labels: {app: db}' : ''),
    lowPod('low-b2', 'node-b', '500m'),
  ];
  if (pdb) {
    docs.push(`# low-b1 is the only app=db pod: with minAvailable 1 it may not be disrupted (disruptionsAllowed 0).
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: db-pdb, namespace: default}
spec:
  minAvailable: 1
  selector:
    matchLabels: {app: db}
`);
  }
  docs.push(`apiVersion: v1
kind: Pod
metadata: {name: critical, namespace: default}
spec:
  priorityClassName: high-priority
  containers:
  - name: c
    image: nginx
    resources: {requests: {cpu: "1500m"}}
`);
  return docs.join('---\n');
}

const bothFull = {
  'node-a': { plugin: 'NodeResourcesFit', reason: INSUFFICIENT_CPU, code: 'Unschedulable' as const },
  'node-b': { plugin: 'NodeResourcesFit', reason: INSUFFICIENT_CPU, code: 'Unschedulable' as const },
};

export const preemptionLesson: Lesson = {
  id: 'preemption',
  resourceBars: true,
  title: 'Priority and preemption: the fewest, lowest victims',
  summary: 'A high-priority pod finds both nodes full. Preemption dry-runs each node and nominates the one whose victims cost the least: no budget broken, then the lowest priorities.',
  topic: 'Priority and preemption',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/',
  scenario: `# Priority and preemption (Kubernetes docs, "Pod Priority and Preemption").
${clusterYaml(false)}`,
  steps: [
    {
      cycle: 1, phase: 'queue', text: 'critical has priority 1000000 (PriorityClass high-priority). Every other pod has 100. Both nodes have 2 CPUs, all requested.',
      facts: [{ says: 'Both nodes have 2 CPUs', fact: { kind: 'allocatable', node: 'node-b', resource: 'cpu' }, is: '2' }],
    },
    {
      cycle: 1, phase: 'filter', text: `critical asks for 1500m. node-a (1000m + 1000m) and node-b (1500m + 500m) have 0m free: "${INSUFFICIENT_CPU}" on both.`,
      facts: [{ says: 'on both', fact: { kind: 'feasibleCount', cycle: 1 }, is: '0' }],
    },
    {
      cycle: 1, phase: 'postFilter',
      text: `DefaultPreemption dry-runs each node: remove lower-priority pods, add back what still fits. node-a needs 2 victims; node-b only low-b1.`,
      facts: [
        { says: 'node-a needs 2 victims', fact: { kind: 'candidate', cycle: 1, node: 'node-a', field: 'victims' }, is: 'default/low-a1, default/low-a2' },
        { says: 'node-b only low-b1', fact: { kind: 'candidate', cycle: 1, node: 'node-b', field: 'victims' }, is: 'default/low-b1' },
      ],
    },
    {
      cycle: 1, phase: 'done',
      text: `No PDB is hit; the highest victim priority is 100 on both. Then the sum of victim priorities: 100 on node-b. critical gets nominatedNodeName node-b.`,
      facts: [
        { says: 'the sum of victim priorities', fact: { kind: 'preemptionDecidedBy', cycle: 1 }, is: 'minSumPriorities' },
        { says: 'nominatedNodeName node-b', fact: { kind: 'nominatedNode', cycle: 1 }, is: 'node-b' },
      ],
    },
    {
      cycle: 2, phase: 'queue', text: 'At 30 s, at the end of its grace period, low-b1 is gone. Its deletion sends critical back to the active queue.',
      facts: [
        { says: 'At 30 s', fact: { kind: 'time', cycle: 2 }, is: '30' },
        { says: 'low-b1 is gone', fact: { kind: 'deletedAt', pod: 'default/low-b1' }, is: '30' },
      ],
    },
    {
      cycle: 2, phase: 'done', text: 'The nominated node is tried first: 500m used, 1500m free. critical is bound to node-b.',
      facts: [
        { says: 'The nominated node is tried first', fact: { kind: 'firstNodeEvaluated', cycle: 2 }, is: 'node-b' },
        { says: 'critical is bound to node-b', fact: { kind: 'selected', cycle: 2 }, is: 'node-b' },
      ],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'postFilter',
      prompt: 'Which pods will be preempted?',
      choices: ['low-a1 and low-a2 on node-a', 'low-b1 on node-b', 'low-b2 on node-b', 'low-b1 and low-b2 on node-b'],
      answer: 1,
      explanation: 'Only as many victims as needed: on node-b, removing low-b1 frees exactly 1500m.',
      reveal: { fact: { kind: 'victims', cycle: 1 }, values: ['default/low-a1, default/low-a2', 'default/low-b1', 'default/low-b2', 'default/low-b1, default/low-b2'] },
    },
    {
      atCycle: 2, atPhase: 'queue',
      prompt: 'When does critical get its node?',
      choices: ['At once, in the same second', 'After low-b1\'s grace period'],
      answer: 1,
      explanation: 'Preemption deletes the victims gracefully; the preemptor waits until they are gone.',
      reveal: { fact: { kind: 'time', cycle: 2 }, values: ['0', '30'] },
    },
  ],
  outcome: {
    cycleCount: 2,
    cycles: [
      {
        cycle: 1, pod: 'default/critical', time: 0, result: 'Unschedulable', feasible: [], filtered: bothFull,
        preemption: { node: 'node-b', victims: ['default/low-b1'] },
        candidates: [
          { node: 'node-a', victims: ['default/low-a1', 'default/low-a2'], pdbViolations: 0 },
          { node: 'node-b', victims: ['default/low-b1'], pdbViolations: 0 },
        ],
        messageIncludes: [`0/2 nodes are available: 2 ${INSUFFICIENT_CPU}.`],
      },
      { cycle: 2, pod: 'default/critical', time: 30, result: 'Scheduled', selected: 'node-b' },
    ],
    pods: [
      { pod: 'default/critical', phase: 'Running', node: 'node-b', nominatedNode: null },
      { pod: 'default/low-b1', deleted: true, reason: 'Preempted' },
      { pod: 'default/low-b2', phase: 'Running', node: 'node-b', deleted: false },
      { pod: 'default/low-a1', phase: 'Running', node: 'node-a', deleted: false },
      { pod: 'default/low-a2', phase: 'Running', node: 'node-a', deleted: false },
    ],
    events: [{ object: 'Pod/default/low-b1', reason: 'Preempted', type: 'Normal', time: 0, messageIncludes: 'on node node-b' }],
  },
};

// With the PDB, node-b's only victim violates db-pdb (1 violation) and node-a's two do not:
// fewest PDB violations is the first criterion, so node-a is chosen.
export const preemptionPdbLesson: Lesson = {
  id: 'preemption-pdb',
  resourceBars: true,
  title: 'Preemption and a PodDisruptionBudget',
  summary: 'The same cluster, but the cheap victim is protected by a PDB. Preemption prefers a node where no budget is violated, even with more victims.',
  topic: 'Priority and preemption',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/#poddisruptionbudget-is-supported-but-not-guaranteed',
  scenario: `# Priority and preemption with a PodDisruptionBudget (Kubernetes docs, "Pod Priority and Preemption").
${clusterYaml(true)}`,
  steps: [
    { cycle: 1, phase: 'queue', text: `As before, critical (1500m) meets two full nodes. New: the PDB db-pdb wants minAvailable 1 of app=db pods, and low-b1 is the only one.` },
    {
      cycle: 1, phase: 'filter', text: `Both nodes: "${INSUFFICIENT_CPU}".`,
      facts: [{ says: 'Both nodes', fact: { kind: 'feasibleCount', cycle: 1 }, is: '0' }],
    },
    {
      cycle: 1, phase: 'postFilter',
      text: 'Dry runs: node-b still needs only low-b1, but evicting it violates db-pdb (1 violation). node-a needs low-a1 and low-a2, with 0 violations. Fewest PDB violations comes first: node-a.',
      facts: [
        { says: 'node-b still needs only low-b1', fact: { kind: 'candidate', cycle: 1, node: 'node-b', field: 'victims' }, is: 'default/low-b1' },
        { says: '1 violation', fact: { kind: 'candidate', cycle: 1, node: 'node-b', field: 'pdbViolations' }, is: '1' },
        { says: 'node-a needs low-a1 and low-a2', fact: { kind: 'candidate', cycle: 1, node: 'node-a', field: 'victims' }, is: 'default/low-a1, default/low-a2' },
        { says: '0 violations', fact: { kind: 'candidate', cycle: 1, node: 'node-a', field: 'pdbViolations' }, is: '0' },
        { says: 'Fewest PDB violations comes first', fact: { kind: 'preemptionDecidedBy', cycle: 1 }, is: 'minNumPDBViolations' },
      ],
    },
    {
      cycle: 1, phase: 'done', text: 'critical is nominated to node-a; low-a1 and low-a2 get their grace period. PDBs are best effort: had every node violated one, preemption would still go ahead.',
      facts: [{ says: 'critical is nominated to node-a', fact: { kind: 'nominatedNode', cycle: 1 }, is: 'node-a' }],
    },
    {
      cycle: 2, phase: 'done', text: 'At 30 s node-a is empty and critical is bound there. low-b1 keeps running.',
      facts: [
        { says: 'At 30 s', fact: { kind: 'time', cycle: 2 }, is: '30' },
        { says: 'critical is bound there', fact: { kind: 'selected', cycle: 2 }, is: 'node-a' },
        { says: 'low-b1 keeps running', fact: { kind: 'podNode', pod: 'default/low-b1' }, is: 'node-b' },
      ],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'postFilter',
      prompt: 'low-b1 is protected by a PDB (minAvailable 1). Which node is nominated?',
      choices: ['node-a', 'node-b'],
      answer: 0,
      explanation: 'Candidates with fewer PDB violations win before victim priorities or counts are compared.',
      reveal: { fact: { kind: 'nominatedNode', cycle: 1 } },
    },
    {
      atCycle: 1, atPhase: 'postFilter',
      prompt: 'Which pods are preempted?',
      choices: ['low-a1 and low-a2', 'low-b1', 'low-b2'],
      answer: 0,
      explanation: 'On node-a both 1000m pods must go: with either one back, only 1000m would be free.',
      reveal: { fact: { kind: 'victims', cycle: 1 }, values: ['default/low-a1, default/low-a2', 'default/low-b1', 'default/low-b2'] },
    },
  ],
  outcome: {
    cycleCount: 2,
    cycles: [
      {
        cycle: 1, pod: 'default/critical', time: 0, result: 'Unschedulable', feasible: [], filtered: bothFull,
        preemption: { node: 'node-a', victims: ['default/low-a1', 'default/low-a2'] },
        candidates: [
          { node: 'node-a', victims: ['default/low-a1', 'default/low-a2'], pdbViolations: 0 },
          { node: 'node-b', victims: ['default/low-b1'], pdbViolations: 1 },
        ],
      },
      { cycle: 2, pod: 'default/critical', time: 30, result: 'Scheduled', selected: 'node-a' },
    ],
    pods: [
      { pod: 'default/critical', phase: 'Running', node: 'node-a', nominatedNode: null },
      { pod: 'default/low-a1', deleted: true, reason: 'Preempted' },
      { pod: 'default/low-a2', deleted: true, reason: 'Preempted' },
      { pod: 'default/low-b1', phase: 'Running', node: 'node-b', deleted: false },
      { pod: 'default/low-b2', phase: 'Running', node: 'node-b', deleted: false },
    ],
    events: [
      { object: 'Pod/default/low-a1', reason: 'Preempted', time: 0, messageIncludes: 'on node node-a' },
      { object: 'Pod/default/low-a2', reason: 'Preempted', time: 0, messageIncludes: 'on node node-a' },
    ],
  },
};
