// Eviction around the scheduler: the kubelet under node pressure, the Eviction API against a
// PodDisruptionBudget, and the descheduler. In each, a pod leaves its node and the scheduler only
// ever places the replacement its controller creates: it never moves a running pod.
// upstream: pkg/kubelet/eviction (rankMemoryPressure: exceeds requests, then priority, then
// usage above requests; one pod per round), pkg/registry/core/pod/storage/eviction.go (429 when
// the budget has no disruption to spare), sigs.k8s.io/descheduler pkg/framework/plugins/removeduplicates.

import type { Lesson } from '../types';
import { nodeJoinsYaml, nodeYaml, replicaSetYaml } from './yaml';

const HOSTNAME = 'kubernetes.io/hostname';
const MEMORY_PRESSURE_TAINT = 'node.kubernetes.io/memory-pressure:NoSchedule';

function replicaSet(name: string, replicas: number, extra = ''): string {
  return replicaSetYaml(name, replicas, '{name: nginx, image: nginx, resources: {requests: {cpu: 500m, memory: 512Mi}}}', extra);
}

// The simulator has no usage metrics: a pod uses what it requests, so no pod exceeds its
// requests and the kubelet's ranking comes down to priority. web's pod (0) goes before cache
// (1000). The node lifecycle controller taints node-1 memory-pressure:NoSchedule while the
// condition lasts, so the replacement goes to node-2 although it prefers node-1.
// Pod names are the ReplicaSet's generated ones (deterministic).
export const nodePressureEvictionLesson: Lesson = {
  id: 'node-pressure-eviction',
  resourceBars: true,
  title: 'Node-pressure eviction: the kubelet picks a victim',
  summary: 'A node runs low on memory. Its kubelet evicts the lowest-priority pod, the node is tainted while the pressure lasts, and the replacement is scheduled elsewhere.',
  topic: 'Eviction',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/node-pressure-eviction/',
  seed: 1,
  scenario: `# Node-pressure eviction (Kubernetes docs, "Node-pressure Eviction"). At 30 s node-1's kubelet
# reports MemoryPressure (memory.available below its 100Mi hard threshold); at 31 s it is over.
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: node-pressure-eviction}
spec:
  timeline:
  - {at: 30, action: condition, node: node-1, type: MemoryPressure, status: "True"}
  - {at: 31, action: condition, node: node-1, type: MemoryPressure, status: "False"}
---
${nodeYaml('node-1')}---
${nodeYaml('node-2')}---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: important}
value: 1000
---
apiVersion: v1
kind: Pod
metadata: {name: cache, namespace: default}
spec:
  nodeName: node-1
  priorityClassName: important
  containers:
  - {name: redis, image: redis, resources: {requests: {memory: 2Gi}}}
---
${replicaSet('web', 1, `      affinity:
        nodeAffinity:
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 100
            preference:
              matchExpressions:
              - {key: ${HOSTNAME}, operator: In, values: [node-1]}
`)}`,
  steps: [
    {
      cycle: 1, phase: 'queue',
      text: 'cache runs on node-1 with priority 1000. The ReplicaSet web creates one pod, web-jmd9t, priority 0, which prefers node-1.',
      facts: [{ says: 'web-jmd9t', fact: { kind: 'pod', cycle: 1 }, is: 'default/web-jmd9t' }],
    },
    {
      cycle: 1, phase: 'select', text: 'web-jmd9t goes to node-1, the node it prefers. At 30 s node-1 will run low on memory: its kubelet will report MemoryPressure and evict a pod.',
      facts: [{ says: 'web-jmd9t goes to node-1', fact: { kind: 'selected', cycle: 1 }, is: 'node-1' }],
    },
    {
      cycle: 2, phase: 'queue',
      text: `The kubelet ranks node-1's pods: over their memory request first (none), then lowest priority: web-jmd9t (0) goes before cache (1000). The ReplicaSet creates web-5td7t.`,
      facts: [
        { says: 'web-jmd9t (0) goes', fact: { kind: 'event', object: 'Pod/default/web-jmd9t', reason: 'Evicted' }, is: '30' },
        { says: 'creates web-5td7t', fact: { kind: 'pod', cycle: 2 }, is: 'default/web-5td7t' },
      ],
    },
    {
      cycle: 2, phase: 'filter',
      text: `While the pressure lasts, node-1 has the taint ${MEMORY_PRESSURE_TAINT}. Only node-2 passes.`,
      facts: [
        { says: MEMORY_PRESSURE_TAINT, fact: { kind: 'untoleratedTaint', cycle: 2, node: 'node-1' }, is: MEMORY_PRESSURE_TAINT },
        { says: 'Only node-2 passes', fact: { kind: 'feasible', cycle: 2 }, is: 'node-2' },
      ],
    },
    {
      cycle: 2, phase: 'done', text: 'web-5td7t runs on node-2. At 31 s the pressure is over: one eviction was enough, and cache keeps running on node-1.',
      facts: [
        { says: 'web-5td7t runs on node-2', fact: { kind: 'selected', cycle: 2 }, is: 'node-2' },
        { says: 'cache keeps running', fact: { kind: 'deletedAt', pod: 'default/cache' }, is: 'never' },
      ],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'done',
      prompt: 'node-1 will run low on memory. Which pod does its kubelet evict?',
      choices: ['web-jmd9t: the lowest priority', 'cache: it requests the most memory'],
      answer: 0,
      explanation: 'No pod uses more than it requests, so priority decides. web is replaced by its ReplicaSet; cache, a bare pod, would be gone for good.',
      reveal: { fact: { kind: 'event', object: 'Pod/default/web-jmd9t', reason: 'Evicted' }, values: ['30', 'never'] },
    },
    {
      atCycle: 2, atPhase: 'filter',
      prompt: 'web-5td7t prefers node-1 too. Which nodes pass Filter?',
      choices: ['Both: preferences never filter', 'node-2 only'],
      answer: 1,
      explanation: 'The node lifecycle controller turns MemoryPressure into a NoSchedule taint: no new pods on node-1 until the pressure is gone.',
      reveal: { fact: { kind: 'feasible', cycle: 2 }, values: ['node-1, node-2', 'node-2'] },
    },
  ],
  outcome: {
    cycleCount: 2,
    cycles: [
      { cycle: 1, pod: 'default/web-jmd9t', time: 0, result: 'Scheduled', selected: 'node-1' },
      {
        cycle: 2, pod: 'default/web-5td7t', time: 30, result: 'Scheduled', selected: 'node-2', feasible: ['node-2'],
        filtered: { 'node-1': { plugin: 'TaintToleration', reason: 'node(s) had untolerated taint(s)', taint: MEMORY_PRESSURE_TAINT } },
      },
    ],
    pods: [
      { pod: 'default/cache', phase: 'Running', node: 'node-1', deleted: false },
      { pod: 'default/web-jmd9t', reason: 'Evicted', deleted: true },
      { pod: 'default/web-5td7t', phase: 'Running', node: 'node-2' },
    ],
    events: [{ object: 'Pod/default/web-jmd9t', reason: 'Evicted', type: 'Warning', time: 30, messageIncludes: 'The node was low on resource: memory.' }],
  },
};

// kubectl drain node-2 = cordon + the Eviction API for each pod. minAvailable 2 with 2 healthy
// pods leaves 0 disruptions: 429. After scaling to 3 one disruption is allowed: the pod is
// evicted (30 s grace period) and the ReplicaSet's replacement avoids the cordoned node.
export const evictionPdbLesson: Lesson = {
  id: 'eviction-pdb',
  title: 'Draining a node: the Eviction API and a PodDisruptionBudget',
  summary: 'kubectl drain asks the Eviction API to remove each pod. A PodDisruptionBudget with no disruption to spare refuses with 429 until there are more replicas.',
  topic: 'Eviction',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/api-eviction/',
  seed: 1,
  scenario: `# API-initiated eviction and a PodDisruptionBudget (Kubernetes docs, "API-initiated Eviction",
# "Safely Drain a Node"). At 10 s: kubectl drain node-2 (cordon, then evict its pod).
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: eviction-pdb}
spec:
  timeline:
  - {at: 10, action: cordon, node: node-2}
  - {at: 10, action: evict, pod: default/web-jmd9t}
  - {at: 20, action: scale, kind: ReplicaSet, name: web, namespace: default, replicas: 3}
  - {at: 30, action: evict, pod: default/web-jmd9t}
---
${nodeYaml('node-1')}---
${nodeYaml('node-2')}---
${replicaSet('web', 2)}---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web-pdb, namespace: default}
spec:
  minAvailable: 2
  selector:
    matchLabels: {app: web}
`,
  steps: [
    { cycle: 1, phase: 'queue', text: 'The ReplicaSet web wants 2 pods. The PodDisruptionBudget web-pdb says: at least 2 pods with app=web must stay available.' },
    {
      cycle: 2, phase: 'select', text: 'web-jmd9t runs on node-2, web-5td7t goes to node-1. At 10 s node-2 is drained: kubectl drain cordons it and asks the Eviction API to evict web-jmd9t.',
      facts: [
        { says: 'web-jmd9t runs on node-2', fact: { kind: 'selected', cycle: 1 }, is: 'node-2' },
        { says: 'web-5td7t goes to node-1', fact: { kind: 'selected', cycle: 2 }, is: 'node-1' },
      ],
    },
    {
      cycle: 3, phase: 'queue',
      text: `The API server answered 429: eviction would violate web-pdb (2 healthy needed, 2 there). kubectl drain retries. At 20 s the ReplicaSet scales to 3.`,
      facts: [{ says: 'The API server answered 429', fact: { kind: 'event', object: 'Pod/default/web-jmd9t', reason: 'EvictionRefused' }, is: '10' }],
    },
    {
      cycle: 3, phase: 'filter', text: 'node-2 is cordoned: "node(s) were unschedulable". The third pod goes to node-1.',
      facts: [{ says: '"node(s) were unschedulable"', fact: { kind: 'rejectedBy', cycle: 3, node: 'node-2' }, is: 'NodeUnschedulable' }],
    },
    {
      cycle: 4, phase: 'queue',
      text: 'At 30 s drain retries: 3 healthy, 2 needed, 1 to spare. web-jmd9t is evicted (30 s grace period): web-pdb is back to 2 healthy, 0 allowed. The ReplicaSet replaces it at once.',
      facts: [
        { says: 'web-jmd9t is evicted', fact: { kind: 'event', object: 'Pod/default/web-jmd9t', reason: 'Evicted' }, is: '30' },
        { says: 'replaces it at once', fact: { kind: 'time', cycle: 4 }, is: '30' },
      ],
    },
    {
      cycle: 4, phase: 'select', text: 'The replacement can only go to node-1.',
      facts: [{ says: 'can only go to node-1', fact: { kind: 'feasible', cycle: 4 }, is: 'node-1' }],
    },
    {
      // (the run's last step is at 30 s: the stage draws web-jmd9t leaving, "gone in 30 s")
      cycle: 4, phase: 'done', text: 'web-jmd9t is gone in 30 s, at 60 s: then node-2 is empty, ready for maintenance. Three replicas run, and web-pdb was never broken.',
      facts: [{ says: 'gone in 30 s, at 60 s', fact: { kind: 'deletedAt', pod: 'default/web-jmd9t' }, is: '60' }],
    },
  ],
  questions: [
    {
      atCycle: 2, atPhase: 'done',
      prompt: 'web-pdb wants 2 available and 2 are running. What does the Eviction API answer for web-jmd9t?',
      choices: ['It evicts the pod: draining a node always wins', '429: the budget has no disruption to spare'],
      answer: 1,
      explanation: 'An eviction is allowed only while the budget has disruptions to spare: healthy pods minus minAvailable, here 0.',
      reveal: { fact: { kind: 'event', object: 'Pod/default/web-jmd9t', reason: 'EvictionRefused' }, values: ['never', '10'] },
    },
    {
      atCycle: 3, atPhase: 'done',
      prompt: 'With 3 replicas, drain tries again at 30 s. And now?',
      choices: ['Evicted: 1 disruption is allowed', 'Still 429'],
      answer: 0,
      explanation: '3 healthy pods, minAvailable 2: one may go. The ReplicaSet then brings the count back to 3.',
      reveal: { fact: { kind: 'event', object: 'Pod/default/web-jmd9t', reason: 'Evicted' }, values: ['30', 'never'] },
    },
  ],
  outcome: {
    cycleCount: 4,
    cycles: [
      { cycle: 1, pod: 'default/web-jmd9t', time: 0, result: 'Scheduled', selected: 'node-2' },
      { cycle: 2, pod: 'default/web-5td7t', time: 0, result: 'Scheduled', selected: 'node-1' },
      { cycle: 3, pod: 'default/web-ksnxs', time: 20, result: 'Scheduled', feasible: ['node-1'], filtered: { 'node-2': { plugin: 'NodeUnschedulable', reason: 'node(s) were unschedulable' } } },
      { cycle: 4, pod: 'default/web-f5ksj', time: 30, result: 'Scheduled', feasible: ['node-1'] },
    ],
    pods: [
      { pod: 'default/web-jmd9t', reason: 'Evicted', deleted: true },
      { pod: 'default/web-5td7t', phase: 'Running', node: 'node-1' },
      { pod: 'default/web-ksnxs', phase: 'Running', node: 'node-1' },
      { pod: 'default/web-f5ksj', phase: 'Running', node: 'node-1' },
    ],
    events: [
      { object: 'Pod/default/web-jmd9t', reason: 'EvictionRefused', type: 'Warning', time: 10, messageIncludes: "429 Cannot evict pod as it would violate the pod's disruption budget." },
      { object: 'Pod/default/web-jmd9t', reason: 'Evicted', time: 30 },
    ],
  },
};

// RemoveDuplicates: two pods of one ReplicaSet on node-1 while node-2 (joined at 20 s) has none;
// with 2 feasible nodes at most 1 per node. The evicted pod counts on node-1 until its 30 s grace
// period ends, so the replacement (500m, 512Mi) sees node-1 at 1500m/1536Mi with it: LeastAllocated
// cpu 62, memory 81 → 71; node-2 87, 93 → 90. The default PodTopologySpread prefers node-2 too.
// BalancedAllocation (v1.37, the change in balance, kubernetes PR #135573: 50 + (50 + with -
// without) / 2, truncated): node-1 with the pod 0.375/0.1875 → 90, before 0.25/0.125 → 93, so
// 50 + 47/2 = 73; node-2 0.125/0.0625 → 96, empty → 100, so 50 + 46/2 = 73. v1.35 scored 90 and 96,
// so the totals are 17 and 23 below v1.35's (593 and 686): 576 and 663.
export const deschedulerLesson: Lesson = {
  id: 'descheduler',
  title: 'The descheduler evicts, the scheduler re-places',
  summary: 'A new node stays empty: the scheduler never moves running pods. The descheduler evicts a duplicate replica, and the scheduler places the replacement on the new node.',
  topic: 'Eviction',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/kube-scheduler/',
  seed: 1,
  scenario: `# The descheduler (kubernetes-sigs/descheduler, RemoveDuplicates). node-2 joins at 20 s; the
# descheduler runs once at 30 s.
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: descheduler}
spec:
  timeline:
${nodeJoinsYaml(20, 'node-2')}  - at: 30
    action: deschedule
    policy:
      apiVersion: descheduler/v1alpha2
      kind: DeschedulerPolicy
      profiles:
      - name: spread-replicas
        pluginConfig:
        - name: RemoveDuplicates
        plugins:
          balance: {enabled: [RemoveDuplicates]}
---
${nodeYaml('node-1')}---
${replicaSet('web', 2)}`,
  steps: [
    {
      cycle: 1, phase: 'queue', text: 'One node, node-1. The ReplicaSet web creates 2 pods: both can only go to node-1.',
      facts: [{ says: 'One node', fact: { kind: 'nodeCount', cycle: 1 }, is: '1' }],
    },
    {
      cycle: 2, phase: 'done', text: 'Both replicas run on node-1. At 20 s node-2 joins, empty.',
      facts: [{ says: 'Both replicas run on node-1', fact: { kind: 'selected', cycle: 2 }, is: 'node-1' }],
    },
    {
      cycle: 3, phase: 'queue',
      text: `At 20 s nothing moved: the scheduler only places pods without a node. At 30 s the descheduler evicts web-5td7t (2 on node-1); the ReplicaSet creates web-ksnxs.`,
      facts: [
        { says: 'At 30 s', fact: { kind: 'time', cycle: 3 }, is: '30' },
        { says: 'evicts web-5td7t', fact: { kind: 'event', object: 'Pod/default/web-5td7t', reason: 'Descheduled' }, is: '30' },
        { says: 'creates web-ksnxs', fact: { kind: 'pod', cycle: 3 }, is: 'default/web-ksnxs' },
      ],
    },
    {
      cycle: 3, phase: 'score', text: 'Both nodes pass. The descheduler does not choose the new node: the scheduler scores them as for any pod.',
      facts: [{ says: 'Both nodes pass', fact: { kind: 'feasibleCount', cycle: 3 }, is: '2' }],
    },
    {
      cycle: 3, phase: 'done',
      text: `Fit: node-1 71 (the evicted pod still counts), empty node-2 90; spread prefers node-2 too: totals 576 and 663. web-ksnxs goes to node-2.`,
      facts: [
        { says: 'node-1 71', fact: { kind: 'score', cycle: 3, node: 'node-1', plugin: 'NodeResourcesFit' }, is: '71' },
        { says: 'node-2 90', fact: { kind: 'score', cycle: 3, node: 'node-2', plugin: 'NodeResourcesFit' }, is: '90' },
        { says: 'totals 576', fact: { kind: 'total', cycle: 3, node: 'node-1' }, is: '576' },
        { says: 'and 663', fact: { kind: 'total', cycle: 3, node: 'node-2' }, is: '663' },
        { says: 'web-ksnxs goes to node-2', fact: { kind: 'selected', cycle: 3 }, is: 'node-2' },
      ],
    },
  ],
  questions: [
    {
      atCycle: 3, atPhase: 'queue',
      prompt: 'node-2 joins at 20 s. When does a web pod get a scheduling cycle again?',
      choices: ['At 20 s: the scheduler rebalances onto the new node', 'At 30 s: only after the descheduler evicts one'],
      answer: 1,
      explanation: 'The scheduler decides once per pod. Running pods stay where they are until something evicts them.',
      reveal: { fact: { kind: 'time', cycle: 3 }, values: ['20', '30'] },
    },
    {
      atCycle: 3, atPhase: 'score',
      prompt: 'Where does the replacement go?',
      choices: ['node-1, back where it was', 'node-2'],
      answer: 1,
      explanation: 'The scheduler sees an empty node-2: more free room and a better spread.',
      reveal: { fact: { kind: 'selected', cycle: 3 } },
    },
  ],
  outcome: {
    cycleCount: 3,
    cycles: [
      { cycle: 1, pod: 'default/web-jmd9t', time: 0, selected: 'node-1' },
      { cycle: 2, pod: 'default/web-5td7t', time: 0, selected: 'node-1' },
      { cycle: 3, pod: 'default/web-ksnxs', time: 30, feasible: ['node-1', 'node-2'], selected: 'node-2', scores: { 'node-1': { NodeResourcesFit: 71 }, 'node-2': { NodeResourcesFit: 90 } } },
    ],
    pods: [
      { pod: 'default/web-jmd9t', phase: 'Running', node: 'node-1' },
      { pod: 'default/web-5td7t', reason: 'Evicted', deleted: true },
      { pod: 'default/web-ksnxs', phase: 'Running', node: 'node-2' },
    ],
    events: [{ object: 'Pod/default/web-5td7t', reason: 'Descheduled', messageIncludes: 'RemoveDuplicates' }],
  },
};
