// Lessons on choosing nodes by their labels: nodeSelector and node affinity.
// Expected values are worked out by hand from upstream semantics (NodeAffinity filtering and
// scoring, NodeResourcesFit LeastAllocated, NodeResourcesBalancedAllocation); see each lesson.

import type { Lesson } from '../types';
import { nodeYaml } from './yaml';

const ZONE = 'topology.kubernetes.io/zone';
const GENERATION = 'example.com/cpu-generation';

const NODE_AFFINITY_REASON = "node(s) didn't match Pod's node affinity/selector";

export const nodeSelectorLesson: Lesson = {
  id: 'node-selector',
  title: 'nodeSelector: only nodes with every listed label',
  summary: 'A pod with a nodeSelector can only run on nodes that carry all of its labels. No match means Pending, and preemption cannot help.',
  topic: 'Node selection',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#nodeselector',
  scenario: `# nodeSelector (Kubernetes docs, "Assign Pods to Nodes").
# nginx asks for disktype=ssd: only node-1 has it. nginx-nvme asks for disktype=nvme: no node has it.
${[
    nodeYaml('node-1', { labels: { disktype: 'ssd' } }),
    nodeYaml('node-2', { labels: { disktype: 'hdd' } }),
    nodeYaml('node-3'),
    '',
  ].join('---\n')}apiVersion: v1
kind: Pod
metadata:
  name: nginx
  namespace: default
  labels: {env: test}
spec:
  nodeSelector:
    disktype: ssd
  containers:
  - name: nginx
    image: nginx
---
apiVersion: v1
kind: Pod
metadata:
  name: nginx-nvme
  namespace: default
spec:
  nodeSelector:
    disktype: nvme
  containers:
  - name: nginx
    image: nginx
`,
  steps: [
    { cycle: 1, phase: 'queue', text: 'nginx leaves the queue. Its nodeSelector lists one label, disktype=ssd. A node must carry every label in the list.' },
    {
      cycle: 1, phase: 'filter', text: `NodeAffinity enforces nodeSelector. node-2 (disktype=hdd) and node-3 (no disktype label) fail. Only node-1 passes.`,
      facts: [
        { says: 'node-2 (disktype=hdd)', fact: { kind: 'nodeLabel', node: 'node-2', key: 'disktype' }, is: 'hdd' },
        { says: 'node-3 (no disktype label)', fact: { kind: 'nodeLabel', node: 'node-3', key: 'disktype' }, is: 'none' },
        { says: 'Only node-1 passes', fact: { kind: 'feasible', cycle: 1 }, is: 'node-1' },
      ],
    },
    {
      cycle: 1, phase: 'select', text: 'One feasible node: the scheduler skips scoring and binds nginx to node-1.',
      facts: [{ says: 'skips scoring', fact: { kind: 'scored', cycle: 1 }, is: 'no' }, { says: 'binds nginx to node-1', fact: { kind: 'selected', cycle: 1 }, is: 'node-1' }],
    },
    {
      cycle: 2, phase: 'filter', text: 'nginx-nvme asks for disktype=nvme. No node has that label, so all 3 nodes fail the same way.',
      facts: [{ says: 'all 3 nodes fail', fact: { kind: 'feasibleCount', cycle: 2 }, is: '0' }],
    },
    {
      cycle: 2, phase: 'done', text: `nginx-nvme stays Pending: "0/3 nodes are available". Removing pods adds no label, so preemption cannot help. Fix: label a node, or change the selector.`,
      facts: [{ says: 'nginx-nvme stays Pending', fact: { kind: 'result', cycle: 2 }, is: 'Unschedulable' }],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'filter',
      prompt: 'nginx has nodeSelector disktype=ssd. Which nodes pass Filter?',
      choices: ['node-1 only', 'node-1 and node-2 (both have a disktype label)', 'All three'],
      answer: 0,
      explanation: 'nodeSelector matches key and value exactly. node-2 has disktype=hdd, node-3 has no disktype label: both fail.',
      reveal: { fact: { kind: 'feasible', cycle: 1 }, values: ['node-1', 'node-1, node-2', 'node-1, node-2, node-3'] },
    },
    {
      atCycle: 1, atPhase: 'select',
      prompt: 'How many nodes does the scheduler score for nginx?',
      choices: ['None: a single feasible node is taken as it is', 'Every feasible node is scored first'],
      answer: 0,
      explanation: 'With exactly one feasible node, kube-scheduler binds to it without running PreScore and Score.',
      reveal: { fact: { kind: 'scored', cycle: 1 }, values: ['no', 'yes'] },
    },
    {
      atCycle: 2, atPhase: 'done',
      prompt: 'No node has disktype=nvme. What happens to nginx-nvme?',
      choices: ['It stays Pending as Unschedulable', 'It goes to the closest match, node-1'],
      answer: 0,
      explanation: 'nodeSelector is a hard rule. The pod waits until some node gets the label.',
      reveal: { fact: { kind: 'result', cycle: 2 }, values: ['Unschedulable', 'Scheduled'] },
      // the point that asks it tells that all 3 nodes fail: the question is what follows from that
      hides: ['placement', 'laterPhases', 'events'],
    },
  ],
  outcome: {
    cycleCount: 2,
    cycles: [
      {
        cycle: 1, pod: 'default/nginx', result: 'Scheduled', selected: 'node-1', feasible: ['node-1'], scored: false,
        filtered: {
          'node-2': { plugin: 'NodeAffinity', reason: NODE_AFFINITY_REASON, code: 'UnschedulableAndUnresolvable' },
          'node-3': { plugin: 'NodeAffinity', reason: NODE_AFFINITY_REASON, code: 'UnschedulableAndUnresolvable' },
        },
      },
      {
        cycle: 2, pod: 'default/nginx-nvme', result: 'Unschedulable', selected: null, feasible: [], preemption: null,
        filtered: {
          'node-1': { plugin: 'NodeAffinity', reason: NODE_AFFINITY_REASON },
          'node-2': { plugin: 'NodeAffinity', reason: NODE_AFFINITY_REASON },
          'node-3': { plugin: 'NodeAffinity', reason: NODE_AFFINITY_REASON },
        },
        messageIncludes: [
          `0/3 nodes are available: 3 ${NODE_AFFINITY_REASON}.`,
          'preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
        ],
      },
    ],
    pods: [
      { pod: 'default/nginx', phase: 'Running', node: 'node-1' },
      { pod: 'default/nginx-nvme', phase: 'Pending', node: null, reason: 'Unschedulable', messageIncludes: [`3 ${NODE_AFFINITY_REASON}`] },
    ],
  },
};

// fast-app (500m, 512Mi) only fits node-2. legacy-app (same requests) passes node-1 and node-4:
// LeastAllocated node-1 (4 CPU, 8Gi): cpu (4000-500)*100/4000 = 87, memory (8192-512)*100/8192 = 93
// → 90; node-4 (2 CPU): cpu 75, memory 93 → 84. BalancedAllocation (v1.37, the change in balance,
// kubernetes PR #135573: 50 + (50 + with - without) / 2, truncated): node-1 with the pod
// |0.125-0.0625|/2 = 0.03125 → 96, empty before → 100, so 50 + 46/2 = 73; node-4 |0.25-0.0625|/2 =
// 0.09375 → 90, empty → 100, so 50 + 40/2 = 70 (v1.35 scored the balance with the pod alone: 96
// and 90; node-1 wins at either version). Every other score plugin is equal or skipped.
export const nodeAffinityRequiredLesson: Lesson = {
  id: 'node-affinity-required',
  resourceBars: true,
  title: 'Required node affinity: In, Gt, Lt, and terms that OR',
  summary: 'Expressions inside one nodeSelectorTerm must all match; separate terms are alternatives. Gt and Lt compare label values as integers.',
  topic: 'Node selection',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#node-affinity',
  scenario: `# Required node affinity (Kubernetes docs, "Assign Pods to Nodes", operators In, Gt, Lt).
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: node-affinity-required}
spec: {kubernetesVersion: "1.37"}
---
${[
    nodeYaml('node-1', { labels: { [ZONE]: 'antarctica-east1', [GENERATION]: '3' } }),
    nodeYaml('node-2', { labels: { [ZONE]: 'antarctica-east1', [GENERATION]: '6' } }),
    nodeYaml('node-3', { labels: { [ZONE]: 'antarctica-west1' } }),
    nodeYaml('node-4', { labels: { [ZONE]: 'antarctica-south1', [GENERATION]: '9' }, cpu: '2' }),
    '',
  ].join('---\n')}# One term, two expressions: both must match.
apiVersion: v1
kind: Pod
metadata: {name: fast-app, namespace: default}
spec:
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - key: topology.kubernetes.io/zone
            operator: In
            values: [antarctica-east1, antarctica-west1]
          - key: example.com/cpu-generation
            operator: Gt
            values: ["5"]
  containers:
  - name: app
    image: registry.k8s.io/pause:3.10
    resources:
      requests: {cpu: 500m, memory: 512Mi}
---
# Two terms: either one is enough.
apiVersion: v1
kind: Pod
metadata: {name: legacy-app, namespace: default}
spec:
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - key: example.com/cpu-generation
            operator: Lt
            values: ["4"]
        - matchExpressions:
          - key: topology.kubernetes.io/zone
            operator: In
            values: [antarctica-south1]
  containers:
  - name: app
    image: registry.k8s.io/pause:3.10
    resources:
      requests: {cpu: 500m, memory: 512Mi}
`,
  steps: [
    { cycle: 1, phase: 'queue', text: 'fast-app has one nodeSelectorTerm with two expressions: zone In [antarctica-east1, antarctica-west1] AND example.com/cpu-generation Gt 5.' },
    {
      cycle: 1, phase: 'filter',
      text: `node-1: generation 3 is not > 5. node-3: no generation label (Gt never matches it). node-4: zone antarctica-south1 is not listed. Only node-2 (generation 6) passes.`,
      facts: [
        { says: 'node-1: generation 3', fact: { kind: 'nodeLabel', node: 'node-1', key: GENERATION }, is: '3' },
        { says: 'node-3: no generation label', fact: { kind: 'nodeLabel', node: 'node-3', key: GENERATION }, is: 'none' },
        { says: 'node-4: zone antarctica-south1', fact: { kind: 'nodeLabel', node: 'node-4', key: ZONE }, is: 'antarctica-south1' },
        { says: 'generation 6', fact: { kind: 'nodeLabel', node: 'node-2', key: GENERATION }, is: '6' },
        { says: 'Only node-2', fact: { kind: 'feasible', cycle: 1 }, is: 'node-2' },
      ],
    },
    { cycle: 2, phase: 'queue', text: 'legacy-app has two nodeSelectorTerms: (generation Lt 4) OR (zone In [antarctica-south1]). Matching one term is enough.' },
    {
      cycle: 2, phase: 'filter', text: 'node-1 matches the first term (3 < 4); node-4 matches the second (antarctica-south1). node-2 (6) and node-3 (no label, west1) match neither.',
      facts: [{ says: 'match neither', fact: { kind: 'feasible', cycle: 2 }, is: 'node-1, node-4' }],
    },
    { cycle: 2, phase: 'score', text: 'Both requests are 500m CPU and 512Mi. node-1 has 4 CPUs, node-4 has 2. NodeResourcesFit (LeastAllocated) favours free room.' },
    {
      cycle: 2, phase: 'select', text: 'NodeResourcesFit: node-1 scores 90, node-4 84. BalancedAllocation: 73 against 70. node-1 has the higher total and gets legacy-app.',
      facts: [
        { says: 'node-1 scores 90', fact: { kind: 'score', cycle: 2, node: 'node-1', plugin: 'NodeResourcesFit' }, is: '90' },
        { says: 'node-4 84', fact: { kind: 'score', cycle: 2, node: 'node-4', plugin: 'NodeResourcesFit' }, is: '84' },
        { says: '73 against 70', fact: { kind: 'score', cycle: 2, node: 'node-1', plugin: 'NodeResourcesBalancedAllocation' }, is: '73' },
        { says: 'gets legacy-app', fact: { kind: 'selected', cycle: 2 }, is: 'node-1' },
      ],
    },
    {
      // the scores stay on the stage at Select, where the text quotes them; the binding gets its own point
      cycle: 2, phase: 'done', text: 'legacy-app runs on node-1.',
      facts: [{ says: 'runs on node-1', fact: { kind: 'selected', cycle: 2 }, is: 'node-1' }],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'filter',
      prompt: 'fast-app needs zone antarctica-east1 or antarctica-west1 AND cpu-generation Gt 5. Which nodes pass?',
      choices: ['node-2 only', 'node-2 and node-3', 'node-2 and node-4'],
      answer: 0,
      explanation: 'Expressions in one term are ANDed. node-3 has no generation label (Gt fails), node-4 is in the wrong zone.',
      reveal: { fact: { kind: 'feasible', cycle: 1 }, values: ['node-2', 'node-2, node-3', 'node-2, node-4'] },
    },
    {
      atCycle: 2, atPhase: 'filter',
      prompt: 'legacy-app has two terms: (generation Lt 4) and (zone antarctica-south1). Which nodes pass?',
      choices: ['None: a node must match both terms', 'node-1 and node-4', 'node-1 only'],
      answer: 1,
      explanation: 'nodeSelectorTerms are ORed: node-1 matches the first, node-4 the second.',
      reveal: { fact: { kind: 'feasible', cycle: 2 }, values: ['none', 'node-1, node-4', 'node-1'] },
    },
    {
      atCycle: 2, atPhase: 'score',
      prompt: 'node-1 has 4 CPUs, node-4 has 2. Which node gets legacy-app?',
      choices: ['node-1', 'node-4'],
      answer: 0,
      explanation: 'LeastAllocated prefers free room: 90 for node-1 against 84 for node-4.',
      reveal: { fact: { kind: 'selected', cycle: 2 } },
    },
  ],
  outcome: {
    cycleCount: 2,
    cycles: [
      {
        cycle: 1, pod: 'default/fast-app', result: 'Scheduled', selected: 'node-2', feasible: ['node-2'], scored: false,
        filtered: {
          'node-1': { plugin: 'NodeAffinity', reason: NODE_AFFINITY_REASON, code: 'UnschedulableAndUnresolvable' },
          'node-3': { plugin: 'NodeAffinity', reason: NODE_AFFINITY_REASON },
          'node-4': { plugin: 'NodeAffinity', reason: NODE_AFFINITY_REASON },
        },
      },
      {
        cycle: 2, pod: 'default/legacy-app', result: 'Scheduled', selected: 'node-1', feasible: ['node-1', 'node-4'],
        filtered: {
          'node-2': { plugin: 'NodeAffinity', reason: NODE_AFFINITY_REASON },
          'node-3': { plugin: 'NodeAffinity', reason: NODE_AFFINITY_REASON },
        },
        scores: {
          'node-1': { NodeResourcesFit: 90, NodeResourcesBalancedAllocation: 73 },
          'node-4': { NodeResourcesFit: 84, NodeResourcesBalancedAllocation: 70 },
        },
      },
    ],
    pods: [
      { pod: 'default/fast-app', phase: 'Running', node: 'node-2' },
      { pod: 'default/legacy-app', phase: 'Running', node: 'node-1' },
    ],
  },
};

// Preferred weights (docs example): label-1=key-1 weight 1, label-2=key-2 weight 50. Raw
// NodeAffinity scores: node-1 1, node-2 50, node-4 51 (both labels). DefaultNormalizeScore:
// 100*1/51 = 1, 100*50/51 = 98, 100. Every other plugin scores the three empty nodes the same.
export const nodeAffinityPreferredLesson: Lesson = {
  id: 'node-affinity-preferred',
  title: 'Preferred node affinity: weights add up',
  summary: 'Preferred terms never filter. Each matching term adds its weight; the scheduler scales the sums to 0–100 and doubles them (NodeAffinity weight 2).',
  topic: 'Node selection',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#node-affinity-weight',
  scenario: `# Node affinity weight (Kubernetes docs, "Assign Pods to Nodes").
${[
    nodeYaml('node-1', { labels: { 'kubernetes.io/os': 'linux', 'label-1': 'key-1' } }),
    nodeYaml('node-2', { labels: { 'kubernetes.io/os': 'linux', 'label-2': 'key-2' } }),
    nodeYaml('node-3', { labels: { 'kubernetes.io/os': 'windows', 'label-1': 'key-1', 'label-2': 'key-2' } }),
    nodeYaml('node-4', { labels: { 'kubernetes.io/os': 'linux', 'label-1': 'key-1', 'label-2': 'key-2' } }),
    '',
  ].join('---\n')}apiVersion: v1
kind: Pod
metadata: {name: with-affinity-preferred-weight, namespace: default}
spec:
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - key: kubernetes.io/os
            operator: In
            values: [linux]
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 1
        preference:
          matchExpressions:
          - key: label-1
            operator: In
            values: [key-1]
      - weight: 50
        preference:
          matchExpressions:
          - key: label-2
            operator: In
            values: [key-2]
  containers:
  - name: with-node-affinity
    image: registry.k8s.io/pause:3.8
`,
  steps: [
    { cycle: 1, phase: 'queue', text: 'The pod requires kubernetes.io/os=linux and prefers label-1=key-1 (weight 1) and label-2=key-2 (weight 50).' },
    {
      cycle: 1, phase: 'filter', text: `Only the required part filters: node-3 runs windows and fails with "${NODE_AFFINITY_REASON}". The preferences reject nobody.`,
      facts: [
        { says: 'node-3 runs windows', fact: { kind: 'nodeLabel', node: 'node-3', key: 'kubernetes.io/os' }, is: 'windows' },
        { says: 'The preferences reject nobody', fact: { kind: 'feasible', cycle: 1 }, is: 'node-1, node-2, node-4' },
      ],
    },
    {
      cycle: 1, phase: 'score', text: 'Sum of matching weights: node-1 1, node-2 50, node-4 1 + 50 = 51. Scaled so the best is 100: node-1 1, node-2 98, node-4 100. Then × 2, the NodeAffinity weight.',
      facts: [
        { says: 'node-1 1,', fact: { kind: 'score', cycle: 1, node: 'node-1', plugin: 'NodeAffinity' }, is: '1' },
        { says: 'node-2 98', fact: { kind: 'score', cycle: 1, node: 'node-2', plugin: 'NodeAffinity' }, is: '98' },
        { says: 'node-4 100', fact: { kind: 'score', cycle: 1, node: 'node-4', plugin: 'NodeAffinity' }, is: '100' },
      ],
    },
    {
      cycle: 1, phase: 'done', text: 'The three nodes are alike in every other score, so node-4 wins by its two labels.',
      facts: [{ says: 'node-4 wins', fact: { kind: 'selected', cycle: 1 }, is: 'node-4' }],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'filter',
      prompt: 'Which nodes pass Filter?',
      choices: ['node-1, node-2 and node-4', 'node-4 only (it matches both preferences)', 'All four'],
      answer: 0,
      explanation: 'Preferred terms only score. The required term (linux) removes node-3.',
      reveal: { fact: { kind: 'feasible', cycle: 1 }, values: ['node-1, node-2, node-4', 'node-4', 'node-1, node-2, node-3, node-4'] },
    },
    {
      atCycle: 1, atPhase: 'score',
      prompt: 'node-2 matches the weight-50 term. What NodeAffinity score (0–100, before the ×2 weight) does it get?',
      choices: ['50', '98', '100'],
      answer: 1,
      explanation: 'Scores are scaled to the best node: node-4 has 51, so node-2 gets 100 × 50 / 51 = 98 (rounded down).',
      reveal: { fact: { kind: 'score', cycle: 1, node: 'node-2', plugin: 'NodeAffinity' } },
    },
  ],
  outcome: {
    cycleCount: 1,
    cycles: [
      {
        cycle: 1, pod: 'default/with-affinity-preferred-weight', result: 'Scheduled', selected: 'node-4',
        feasible: ['node-1', 'node-2', 'node-4'],
        filtered: { 'node-3': { plugin: 'NodeAffinity', reason: NODE_AFFINITY_REASON } },
        scores: {
          'node-1': { NodeAffinity: 1, NodeResourcesFit: 97 },
          'node-2': { NodeAffinity: 98, NodeResourcesFit: 97 },
          'node-4': { NodeAffinity: 100, NodeResourcesFit: 97 },
        },
      },
    ],
    pods: [{ pod: 'default/with-affinity-preferred-weight', phase: 'Running', node: 'node-4' }],
  },
};

// The PodNodeSelector admission plugin (upstream plugin/pkg/admission/podnodeselector; OpenShift's
// project node selector openshift.io/node-selector works alike): the namespace's selector is
// merged into each pod's nodeSelector at creation, and a pod that contradicts it is refused.
// api: east-1 fails; west-1 and west-2 tie (the seeded choice picks one). db: only west-2.
export const projectNodeSelectorLesson: Lesson = {
  id: 'project-node-selector',
  resourceBars: true,
  title: 'A project node selector: the namespace decides',
  summary: 'A namespace annotation adds a nodeSelector to every pod created in it. Pods add their own labels on top; a pod that contradicts it is refused by the API server.',
  topic: 'Node selection',
  docs: 'https://kubernetes.io/docs/reference/access-authn-authz/admission-controllers/#podnodeselector',
  seed: 1,
  warnings: ['pod node label selector conflicts with its namespace node label selector'],
  scenario: `# A project (namespace) node selector: the PodNodeSelector admission plugin (Kubernetes) and
# OpenShift's project node selector (openshift.io/node-selector) merge it into every pod.
apiVersion: v1
kind: Namespace
metadata:
  name: team-a
  annotations:
    scheduler.alpha.kubernetes.io/node-selector: region=west
---
${nodeYaml('east-1', { labels: { region: 'east' }, cpu: '8', memory: '16Gi' })}---
${nodeYaml('west-1', { labels: { region: 'west', disktype: 'hdd' } })}---
${nodeYaml('west-2', { labels: { region: 'west', disktype: 'ssd' } })}---
apiVersion: v1
kind: Pod
metadata: {name: api, namespace: team-a}
spec:
  containers:
  - {name: api, image: nginx, resources: {requests: {cpu: "1", memory: 1Gi}}}
---
apiVersion: v1
kind: Pod
metadata: {name: report, namespace: team-a}
spec:
  nodeSelector: {region: east}
  containers:
  - {name: report, image: busybox}
---
apiVersion: v1
kind: Pod
metadata: {name: db, namespace: team-a}
spec:
  nodeSelector: {disktype: ssd}
  containers:
  - {name: db, image: postgres, resources: {requests: {cpu: "1", memory: 1Gi}}}
`,
  steps: [
    {
      cycle: 1, phase: 'queue',
      text: `Namespace team-a pins pods to region=west. report asked for region=east: the API server refused to create it. The scheduler never sees it.`,
      facts: [{ says: 'the API server refused to create it', fact: { kind: 'event', object: 'Pod/team-a/report', reason: 'FailedCreate' }, is: '0' }],
    },
    {
      cycle: 1, phase: 'filter',
      text: `api has no nodeSelector; admission (PodNodeSelector) gave it region=west. east-1, the biggest node, fails. west-1 and west-2 pass.`,
      facts: [
        { says: 'east-1, the biggest node, fails', fact: { kind: 'filterReason', cycle: 1, node: 'east-1' }, is: NODE_AFFINITY_REASON },
        { says: 'the biggest node', fact: { kind: 'allocatable', node: 'east-1', resource: 'cpu' }, is: '8' },
        { says: 'west-1 and west-2 pass', fact: { kind: 'feasible', cycle: 1 }, is: 'west-1, west-2' },
      ],
    },
    {
      cycle: 2, phase: 'filter', text: 'db asks for disktype=ssd, and admission added region=west: both must match. Only west-2 passes.',
      facts: [{ says: 'Only west-2 passes', fact: { kind: 'feasible', cycle: 2 }, is: 'west-2' }],
    },
    {
      cycle: 2, phase: 'done', text: 'db runs on west-2. Both pods run in region west, as the namespace says, whatever their own selectors ask.',
      facts: [{ says: 'db runs on west-2', fact: { kind: 'selected', cycle: 2 }, is: 'west-2' }],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'queue',
      prompt: 'Namespace team-a says region=west. report, created in team-a, asks for region=east. What happens?',
      choices: ['It runs on east-1: its own nodeSelector wins', 'The API server refuses to create it'],
      answer: 1,
      explanation: 'A pod selector that contradicts the namespace selector is forbidden at admission: the pod never exists.',
      reveal: { fact: { kind: 'event', object: 'Pod/team-a/report', reason: 'FailedCreate' }, values: ['never', '0'] },
    },
    {
      atCycle: 1, atPhase: 'filter',
      prompt: 'api has no nodeSelector; its namespace says region=west. Which nodes pass?',
      choices: ['All three', 'west-1 and west-2', 'None'],
      answer: 1,
      explanation: 'The namespace\'s selector became api\'s nodeSelector when the pod was created.',
      reveal: { fact: { kind: 'feasible', cycle: 1 }, values: ['east-1, west-1, west-2', 'west-1, west-2', 'none'] },
    },
  ],
  outcome: {
    cycleCount: 2,
    cycles: [
      {
        cycle: 1, pod: 'team-a/api', result: 'Scheduled', feasible: ['west-1', 'west-2'], selected: ['west-1', 'west-2'],
        filtered: { 'east-1': { plugin: 'NodeAffinity', reason: NODE_AFFINITY_REASON } },
      },
      { cycle: 2, pod: 'team-a/db', result: 'Scheduled', feasible: ['west-2'], selected: 'west-2' },
    ],
    pods: [
      { pod: 'team-a/api', phase: 'Running', node: ['west-1', 'west-2'] },
      { pod: 'team-a/db', phase: 'Running', node: 'west-2' },
    ],
    events: [{ object: 'Pod/team-a/report', reason: 'FailedCreate', type: 'Warning', messageIncludes: 'pod node label selector conflicts with its namespace node label selector' }],
  },
};
