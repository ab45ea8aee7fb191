// Resources: pod overhead from a RuntimeClass, and bin packing with NodeResourcesFit's
// MostAllocated and RequestedToCapacityRatio scoring strategies.
// upstream: pkg/scheduler/framework/plugins/noderesources/{fit.go, most_allocated.go,
// requested_to_capacity_ratio.go, balanced_allocation.go}.

import type { Lesson } from '../types';
import { mostAllocatedProfileYaml, nodeYaml } from './yaml';

const INSUFFICIENT_CPU = 'Insufficient cpu';
const DEVICES = { 'intel.com/foo': '4', 'intel.com/bar': '4' };

export const podOverheadLesson: Lesson = {
  id: 'pod-overhead',
  resourceBars: true,
  title: 'Pod overhead: the RuntimeClass adds to every request',
  summary: 'A Kata Containers RuntimeClass adds 250m CPU and 120Mi to the pod. The scheduler needs room for the containers plus the overhead.',
  topic: 'Resources and scoring',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/pod-overhead/',
  scenario: `# Pod overhead from a RuntimeClass (Kubernetes docs, "Pod Overhead").
# Container limits (requests default to limits) sum to 2000m CPU and 200Mi memory;
# the kata-fc RuntimeClass adds 250m and 120Mi, so the pod needs 2250m and 320Mi.
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: kata-fc}
handler: kata-fc
overhead:
  podFixed: {memory: "120Mi", cpu: "250m"}
---
${nodeYaml('small-node', { cpu: '2249m', memory: '1Gi' })}---
${nodeYaml('exact-node', { cpu: '2250m', memory: '320Mi' })}---
apiVersion: v1
kind: Pod
metadata: {name: test-pod, namespace: default}
spec:
  runtimeClassName: kata-fc
  containers:
  - name: busybox-ctr
    image: busybox:1.28
    resources: {limits: {cpu: 500m, memory: 100Mi}}
  - name: nginx-ctr
    image: nginx
    resources: {limits: {cpu: 1500m, memory: 100Mi}}
`,
  steps: [
    { cycle: 1, phase: 'queue', text: `test-pod sets only limits, so requests equal them: 2000m CPU, 200Mi. At admission the RuntimeClass kata-fc adds an overhead of 250m and 120Mi.` },
    {
      cycle: 1, phase: 'filter',
      text: `Fit checks 2250m CPU and 320Mi. small-node has 2249m: "Insufficient cpu". exact-node has exactly 2250m and 320Mi: it fits.`,
      facts: [
        { says: 'small-node has 2249m', fact: { kind: 'allocatable', node: 'small-node', resource: 'cpu' }, is: '2249m' },
        { says: `"${INSUFFICIENT_CPU}"`, fact: { kind: 'filterReason', cycle: 1, node: 'small-node' }, is: INSUFFICIENT_CPU },
        { says: 'exactly 2250m', fact: { kind: 'allocatable', node: 'exact-node', resource: 'cpu' }, is: '2250m' },
        { says: 'and 320Mi', fact: { kind: 'allocatable', node: 'exact-node', resource: 'memory' }, is: '320Mi' },
        { says: 'it fits', fact: { kind: 'feasible', cycle: 1 }, is: 'exact-node' },
      ],
    },
    {
      cycle: 1, phase: 'done', text: 'test-pod runs on exact-node. The kubelet also sizes the pod cgroup with the overhead: 2250m and 320Mi.',
      facts: [{ says: 'test-pod runs on exact-node', fact: { kind: 'selected', cycle: 1 }, is: 'exact-node' }],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'filter',
      prompt: 'The containers ask for 2000m CPU. small-node has 2249m. What does Filter say about small-node?',
      choices: ['It fits: 2000m ≤ 2249m', INSUFFICIENT_CPU, 'Insufficient memory'],
      answer: 1,
      explanation: 'The overhead counts: the pod needs 2250m, one millicore more than small-node has.',
      reveal: { fact: { kind: 'filterReason', cycle: 1, node: 'small-node' }, values: ['none', INSUFFICIENT_CPU, 'Insufficient memory'] },
    },
    {
      atCycle: 1, atPhase: 'filter',
      prompt: 'exact-node has exactly 2250m and 320Mi. Is that enough?',
      choices: ['Yes: a request may use all that is left', 'No: the scheduler keeps a margin'],
      answer: 0,
      explanation: 'The check is request ≤ allocatable − already requested. Equality fits.',
      reveal: { fact: { kind: 'feasible', cycle: 1 }, values: ['exact-node', 'none'] },
    },
  ],
  outcome: {
    cycleCount: 1,
    cycles: [{
      cycle: 1, pod: 'default/test-pod', result: 'Scheduled', selected: 'exact-node', feasible: ['exact-node'],
      filtered: { 'small-node': { plugin: 'NodeResourcesFit', reason: INSUFFICIENT_CPU } },
    }],
    pods: [{ pod: 'default/test-pod', phase: 'Running', node: 'exact-node' }],
  },
};

// MostAllocated: score_r = requested*100/allocatable (after adding the pod), averaged over cpu and
// memory with weight 1. Nodes have 4 CPUs and 8Gi; each job asks for 1 CPU and 1Gi.
// job-1: node-1 (busy: 2 CPU, 4Gi) → cpu 75, memory 62 → 68; node-2 (light: 1 CPU, 2Gi) → 50, 37 → 43;
//        node-3 (empty) → 25, 12 → 18. BalancedAllocation (v1.37, the change in balance, kubernetes
//        PR #135573: 50 + (50 + with - without) / 2, truncated): with the pod |cpu − memory
//        fraction| = 0.125 on all three → 93, and each node was balanced before (equal fractions,
//        or empty) → 100, so 50 + 43/2 = 71 on all three.
// job-2: node-1 → 100, 75 → 87; Balanced: with 1.0 and 0.75 → 87, before (job-1's 0.75, 0.625) 93,
//        so 50 + 44/2 = 72; node-2 43, node-3 18 (Balanced 71 as before).
// job-3: every total is 22 below v1.35's, which scored the balance with the pod alone (93).
// job-3: node-1 has no CPU left; node-2 43 beats node-3 18.
export const mostAllocatedLesson: Lesson = {
  id: 'bin-packing-most-allocated',
  resourceBars: true,
  title: 'Bin packing with MostAllocated',
  summary: 'A KubeSchedulerConfiguration switches NodeResourcesFit from LeastAllocated to MostAllocated: pods fill the busiest node first.',
  topic: 'Resources and scoring',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/resource-bin-packing/#enabling-bin-packing-using-mostallocated-strategy',
  scenario: `# Resource bin packing with MostAllocated (Kubernetes docs, "Resource Bin Packing").
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: bin-packing-most-allocated}
spec: {kubernetesVersion: "1.37"}
---
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
${mostAllocatedProfileYaml('default-scheduler')}---
${nodeYaml('node-1')}---
${nodeYaml('node-2')}---
${nodeYaml('node-3')}---
apiVersion: v1
kind: Pod
metadata: {name: busy, namespace: default}
spec:
  nodeName: node-1
  containers:
  - {name: app, image: nginx, resources: {requests: {cpu: "2", memory: 4Gi}}}
---
apiVersion: v1
kind: Pod
metadata: {name: light, namespace: default}
spec:
  nodeName: node-2
  containers:
  - {name: app, image: nginx, resources: {requests: {cpu: "1", memory: 2Gi}}}
${[1, 2, 3].map((i) => `---
apiVersion: v1
kind: Pod
metadata: {name: job-${i}, namespace: default}
spec:
  containers:
  - {name: work, image: busybox, resources: {requests: {cpu: "1", memory: 1Gi}}}
`).join('')}`,
  steps: [
    {
      cycle: 1, phase: 'queue', text: 'Three 4-CPU, 8Gi nodes: node-1 runs busy (2 CPUs, 4Gi), node-2 runs light (1 CPU, 2Gi), node-3 is empty. Each job asks for 1 CPU and 1Gi.',
      facts: [
        { says: 'Three 4-CPU', fact: { kind: 'allocatable', node: 'node-3', resource: 'cpu' }, is: '4' },
        { says: '8Gi nodes', fact: { kind: 'allocatable', node: 'node-3', resource: 'memory' }, is: '8Gi' },
      ],
    },
    { cycle: 1, phase: 'score', text: 'MostAllocated scores how full a node would be with the pod. The default LeastAllocated would rank the nodes the other way round.' },
    {
      cycle: 1, phase: 'select',
      text: 'node-1: CPU 3/4 = 75, memory 5/8 = 62, average 68. node-2: 50 and 37 → 43. node-3: 25 and 12 → 18. job-1 goes to the fullest node, node-1.',
      facts: [
        { says: 'average 68', fact: { kind: 'score', cycle: 1, node: 'node-1', plugin: 'NodeResourcesFit' }, is: '68' },
        { says: '50 and 37 → 43', fact: { kind: 'score', cycle: 1, node: 'node-2', plugin: 'NodeResourcesFit' }, is: '43' },
        { says: '25 and 12 → 18', fact: { kind: 'score', cycle: 1, node: 'node-3', plugin: 'NodeResourcesFit' }, is: '18' },
        { says: 'job-1 goes to the fullest node, node-1', fact: { kind: 'selected', cycle: 1 }, is: 'node-1' },
      ],
    },
    {
      cycle: 2, phase: 'score', text: 'job-2: node-1 would be 4/4 CPU and 6/8 memory: (100 + 75) / 2 = 87. Still the best.',
      facts: [{ says: '(100 + 75) / 2 = 87', fact: { kind: 'score', cycle: 2, node: 'node-1', plugin: 'NodeResourcesFit' }, is: '87' }],
    },
    {
      cycle: 3, phase: 'filter', text: `job-3: node-1 has no CPU left: "${INSUFFICIENT_CPU}".`,
      facts: [{ says: `node-1 has no CPU left: "${INSUFFICIENT_CPU}"`, fact: { kind: 'filterReason', cycle: 3, node: 'node-1' }, is: INSUFFICIENT_CPU }],
    },
    {
      cycle: 3, phase: 'done', text: 'node-2 (43, total 414) beats node-3 (18, total 389). node-3 stays empty, ready to be scaled down or to take a big pod.',
      facts: [
        { says: 'node-2 (43', fact: { kind: 'score', cycle: 3, node: 'node-2', plugin: 'NodeResourcesFit' }, is: '43' },
        { says: 'total 414', fact: { kind: 'total', cycle: 3, node: 'node-2' }, is: '414' },
        { says: 'total 389', fact: { kind: 'total', cycle: 3, node: 'node-3' }, is: '389' },
        { says: 'node-3 (18', fact: { kind: 'score', cycle: 3, node: 'node-3', plugin: 'NodeResourcesFit' }, is: '18' },
        { says: 'node-2 (43, total 414) beats', fact: { kind: 'selected', cycle: 3 }, is: 'node-2' },
      ],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'score',
      prompt: 'With MostAllocated, where does job-1 go?',
      choices: ['node-1 (busiest)', 'node-2', 'node-3 (empty)'],
      answer: 0,
      explanation: 'MostAllocated favours the node that would be the most utilised after placing the pod.',
      reveal: { fact: { kind: 'selected', cycle: 1 }, values: ['node-1', 'node-2', 'node-3'] },
    },
    {
      atCycle: 2, atPhase: 'score',
      prompt: 'job-2 on node-1 would make CPU 4/4 and memory 6/8. What is node-1\'s NodeResourcesFit score?',
      choices: ['75', '87', '100'],
      answer: 1,
      explanation: 'Per resource: CPU 100, memory 75. Weighted average with weights 1 and 1: 175 / 2 = 87 (rounded down).',
      reveal: { fact: { kind: 'score', cycle: 2, node: 'node-1', plugin: 'NodeResourcesFit' } },
    },
    {
      atCycle: 3, atPhase: 'select',
      prompt: 'node-1 is full. Where does job-3 go?',
      choices: ['node-2', 'node-3'],
      answer: 0,
      explanation: 'node-2 is fuller than node-3: 43 against 18.',
      reveal: { fact: { kind: 'selected', cycle: 3 } },
    },
  ],
  outcome: {
    cycleCount: 3,
    cycles: [
      {
        cycle: 1, pod: 'default/job-1', result: 'Scheduled', selected: 'node-1',
        scores: {
          'node-1': { NodeResourcesFit: 68, NodeResourcesBalancedAllocation: 71 },
          'node-2': { NodeResourcesFit: 43, NodeResourcesBalancedAllocation: 71 },
          'node-3': { NodeResourcesFit: 18, NodeResourcesBalancedAllocation: 71 },
        },
      },
      {
        cycle: 2, pod: 'default/job-2', result: 'Scheduled', selected: 'node-1',
        scores: {
          'node-1': { NodeResourcesFit: 87, NodeResourcesBalancedAllocation: 72 },
          'node-2': { NodeResourcesFit: 43, NodeResourcesBalancedAllocation: 71 },
          'node-3': { NodeResourcesFit: 18, NodeResourcesBalancedAllocation: 71 },
        },
      },
      {
        cycle: 3, pod: 'default/job-3', result: 'Scheduled', selected: 'node-2', feasible: ['node-2', 'node-3'],
        filtered: { 'node-1': { plugin: 'NodeResourcesFit', reason: INSUFFICIENT_CPU, code: 'Unschedulable' } },
        scores: { 'node-2': { NodeResourcesFit: 43 }, 'node-3': { NodeResourcesFit: 18 } },
      },
    ],
    pods: [
      { pod: 'default/job-1', phase: 'Running', node: 'node-1' },
      { pod: 'default/job-2', phase: 'Running', node: 'node-1' },
      { pod: 'default/job-3', phase: 'Running', node: 'node-2' },
    ],
  },
};

// RequestedToCapacityRatio with the docs' shape {0: 0, 100: 10} (scaled ×10 to 0–100) on
// intel.com/foo and intel.com/bar, weight 3 each. accel asks for 1 foo and 1 bar (of 4 each).
// node-1 (foo-user holds 2 foo): foo 3/4 → 75, bar 1/4 → 25: round((75·3 + 25·3) / 6) = 50.
// node-2 (bar-user holds 3 bar): foo 1/4 → 25, bar 4/4 → 100: round((25·3 + 100·3) / 6) = round(62.5) = 63.
// accel-2 then finds node-2's bar used up.
export const requestedToCapacityRatioLesson: Lesson = {
  id: 'bin-packing-rtcr',
  resourceBars: true,
  title: 'Bin packing extended resources with RequestedToCapacityRatio',
  summary: 'A utilization→score shape and per-resource weights decide where accelerator pods go. Here the shape rises with use, so the scheduler packs.',
  topic: 'Resources and scoring',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/resource-bin-packing/#enabling-bin-packing-using-requestedtocapacityratio',
  scenario: `# RequestedToCapacityRatio (Kubernetes docs, "Resource Bin Packing").
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: RequestedToCapacityRatio
        resources:
        - {name: intel.com/foo, weight: 3}
        - {name: intel.com/bar, weight: 3}
        requestedToCapacityRatio:
          shape:
          - {utilization: 0, score: 0}
          - {utilization: 100, score: 10}
---
${nodeYaml('node-1', { resources: DEVICES })}---
${nodeYaml('node-2', { resources: DEVICES })}---
apiVersion: v1
kind: Pod
metadata: {name: foo-user, namespace: default}
spec:
  nodeName: node-1
  containers:
  - name: app
    image: busybox
    resources: {requests: {intel.com/foo: "2"}, limits: {intel.com/foo: "2"}}
---
apiVersion: v1
kind: Pod
metadata: {name: bar-user, namespace: default}
spec:
  nodeName: node-2
  containers:
  - name: app
    image: busybox
    resources: {requests: {intel.com/bar: "3"}, limits: {intel.com/bar: "3"}}
${['accel', 'accel-2'].map((name) => `---
apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default}
spec:
  containers:
  - name: app
    image: busybox
    resources: {requests: {intel.com/foo: "1", intel.com/bar: "1"}, limits: {intel.com/foo: "1", intel.com/bar: "1"}}
`).join('')}`,
  steps: [
    {
      cycle: 1, phase: 'queue', text: 'Both nodes offer 4 intel.com/foo and 4 intel.com/bar. node-1 already uses 2 foo, node-2 uses 3 bar. accel asks for 1 of each.',
      facts: [
        { says: '4 intel.com/foo', fact: { kind: 'allocatable', node: 'node-2', resource: 'intel.com/foo' }, is: '4' },
        { says: '4 intel.com/bar', fact: { kind: 'allocatable', node: 'node-1', resource: 'intel.com/bar' }, is: '4' },
      ],
    },
    {
      cycle: 1, phase: 'score',
      text: `Utilization 0% → 0, 100% → 10, scaled to 0–100. node-1: (75 × 3 + 25 × 3) / 6 = 50. node-2: (25 × 3 + 100 × 3) / 6 = 62.5, rounded to 63.`,
      facts: [
        { says: '(75 × 3 + 25 × 3) / 6 = 50', fact: { kind: 'score', cycle: 1, node: 'node-1', plugin: 'NodeResourcesFit' }, is: '50' },
        { says: 'rounded to 63', fact: { kind: 'score', cycle: 1, node: 'node-2', plugin: 'NodeResourcesFit' }, is: '63' },
      ],
    },
    {
      cycle: 1, phase: 'select', text: 'accel goes to node-2, which fills its bar devices completely.',
      facts: [{ says: 'accel goes to node-2', fact: { kind: 'selected', cycle: 1 }, is: 'node-2' }],
    },
    {
      cycle: 2, phase: 'filter', text: 'accel-2 also needs 1 bar, and node-2 has 0 left: "Insufficient intel.com/bar". Filter checks extended resources like CPU and memory.',
      facts: [{ says: 'node-2 has 0 left: "Insufficient intel.com/bar"', fact: { kind: 'filterReason', cycle: 2, node: 'node-2' }, is: 'Insufficient intel.com/bar' }],
    },
    {
      cycle: 2, phase: 'done', text: 'accel-2 lands on node-1, the only node with room.',
      facts: [{ says: 'the only node with room', fact: { kind: 'feasible', cycle: 2 }, is: 'node-1' }],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'score',
      prompt: 'node-2 would be foo 25% and bar 100%, weights 3 and 3. What is its NodeResourcesFit score?',
      choices: ['62', '63', '100'],
      answer: 1,
      explanation: 'RequestedToCapacityRatio averages the per-resource scores with their weights and rounds: 375 / 6 = 62.5 → 63.',
      reveal: { fact: { kind: 'score', cycle: 1, node: 'node-2', plugin: 'NodeResourcesFit' } },
    },
    {
      atCycle: 2, atPhase: 'filter',
      prompt: 'What does Filter say about node-2 for accel-2?',
      choices: ['Insufficient intel.com/bar', 'Insufficient intel.com/foo', 'It fits'],
      answer: 0,
      explanation: 'bar-user holds 3 and accel 1: all 4 bar devices are taken.',
      reveal: { fact: { kind: 'filterReason', cycle: 2, node: 'node-2' }, values: ['Insufficient intel.com/bar', 'Insufficient intel.com/foo', 'none'] },
    },
  ],
  outcome: {
    cycleCount: 2,
    cycles: [
      {
        cycle: 1, pod: 'default/accel', result: 'Scheduled', selected: 'node-2', feasible: ['node-1', 'node-2'],
        scores: { 'node-1': { NodeResourcesFit: 50 }, 'node-2': { NodeResourcesFit: 63 } },
      },
      {
        cycle: 2, pod: 'default/accel-2', result: 'Scheduled', selected: 'node-1', feasible: ['node-1'],
        filtered: { 'node-2': { plugin: 'NodeResourcesFit', reason: 'Insufficient intel.com/bar' } },
      },
    ],
    pods: [
      { pod: 'default/accel', phase: 'Running', node: 'node-2' },
      { pod: 'default/accel-2', phase: 'Running', node: 'node-1' },
    ],
  },
};
