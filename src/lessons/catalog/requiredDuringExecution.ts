// RequiredDuringExecution, the node affinity that never shipped, against IgnoredDuringExecution
// and the descheduler. Podplay-only: behind the feature gate
// RequiredDuringSchedulingRequiredDuringExecution (controllers/requiredDuringExecution.ts).
//
// Worked by hand: node-1 (8 CPUs) and node-2 (4 CPUs) have disktype=ssd, node-3 has hdd. cache
// (RequiredDuringExecution) and batch (IgnoredDuringExecution) both want ssd and both go to node-1,
// the emptier ssd node (LeastAllocated). At 30 s node-1 becomes hdd: cache is evicted at once and
// its ReplicaSet's replacement goes to node-2; batch keeps running where it no longer belongs,
// until the descheduler's RemovePodsViolatingNodeAffinity evicts it at 60 s.

import type { Lesson } from '../types';

const CACHE = 'default/cache-7b8bffc8dd-8gfcj';
const CACHE_2 = 'default/cache-7b8bffc8dd-6c7n2';
const BATCH = 'default/batch-69cf4f97b6-ms8x4';
const BATCH_2 = 'default/batch-69cf4f97b6-qg976';

export const requiredDuringExecutionLesson: Lesson = {
  id: 'required-during-execution',
  title: 'RequiredDuringExecution: the node affinity that never shipped',
  summary: 'IgnoredDuringExecution means what it says: a running pod stays when its node stops matching. The original design also had RequiredDuringExecution, which would evict it; today the descheduler does that job.',
  topic: 'Node selection',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#node-affinity',
  scenario: `# RequiredDuringExecution (seed 001's design; never implemented upstream) next to
# IgnoredDuringExecution and the descheduler's RemovePodsViolatingNodeAffinity.
# Podplay-only: the feature gate RequiredDuringSchedulingRequiredDuringExecution turns the field on.
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: required-during-execution}
spec:
  featureGates: {RequiredDuringSchedulingRequiredDuringExecution: true}
  timeline:
  - {at: 30, action: label, node: node-1, labels: {disktype: hdd}}
  - at: 60
    action: deschedule
    policy:
      apiVersion: descheduler/v1alpha2
      kind: DeschedulerPolicy
      profiles:
      - name: node-affinity
        pluginConfig:
        - name: RemovePodsViolatingNodeAffinity
          args: {nodeAffinityType: [requiredDuringSchedulingIgnoredDuringExecution]}
        plugins: {deschedule: {enabled: [RemovePodsViolatingNodeAffinity]}}
---
apiVersion: v1
kind: Node
metadata:
  name: node-1
  labels: {kubernetes.io/hostname: node-1, disktype: ssd}
status:
  allocatable: {cpu: "8", memory: 16Gi, pods: "110"}
---
apiVersion: v1
kind: Node
metadata:
  name: node-2
  labels: {kubernetes.io/hostname: node-2, disktype: ssd}
status:
  allocatable: {cpu: "4", memory: 8Gi, pods: "110"}
---
apiVersion: v1
kind: Node
metadata:
  name: node-3
  labels: {kubernetes.io/hostname: node-3, disktype: hdd}
status:
  allocatable: {cpu: "8", memory: 16Gi, pods: "110"}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: cache, namespace: default}
spec:
  replicas: 1
  selector: {matchLabels: {app: cache}}
  template:
    metadata: {labels: {app: cache}}
    spec:
      affinity:
        nodeAffinity:
          requiredDuringSchedulingRequiredDuringExecution:
            nodeSelectorTerms:
            - matchExpressions: [{key: disktype, operator: In, values: [ssd]}]
      containers:
      - {name: redis, image: "redis:8", resources: {requests: {cpu: "1", memory: 1Gi}}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: batch, namespace: default}
spec:
  replicas: 1
  selector: {matchLabels: {app: batch}}
  template:
    metadata: {labels: {app: batch}}
    spec:
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
            - matchExpressions: [{key: disktype, operator: In, values: [ssd]}]
      containers:
      - {name: worker, image: "busybox:1.37", resources: {requests: {cpu: "1", memory: 1Gi}}}
`,
  steps: [
    { cycle: 1, phase: 'filter', text: `cache wants disktype In [ssd], RequiredDuringExecution. For scheduling that is a plain required term: NodeAffinity filters out node-3 (hdd).` },
    { cycle: 1, phase: 'select', text: `node-1 and node-2 have ssd; node-1 has more room (LeastAllocated), so cache goes there. batch (IgnoredDuringExecution) follows in cycle 2.` },
    { cycle: 3, phase: 'queue', text: `At 30 s node-1 becomes disktype=hdd. batch stays (IgnoredDuringExecution). cache is evicted at once; its ReplicaSet creates a replacement.` },
    { cycle: 3, phase: 'select', text: 'The replacement can only go to node-2, the last ssd node.' },
    { cycle: 4, phase: 'queue', text: `At 60 s the descheduler (RemovePodsViolatingNodeAffinity) evicts batch: its required term fails on node-1 and another node fits. Clusters run this instead.` },
    { cycle: 4, phase: 'done', text: 'Its replacement is scheduled with the same required term: node-2 is the only ssd node left, so both pods end up there.' },
  ],
  questions: [
    {
      atCycle: 3, atPhase: 'queue',
      prompt: 'At 30 s node-1 loses disktype=ssd. When is the first pod rescheduled?',
      choices: ['At 60 s, when the descheduler runs: both pods stay until then', 'At 30 s: cache is evicted at once, batch keeps running'],
      answer: 1,
      explanation: 'RequiredDuringExecution acts on the label change itself; IgnoredDuringExecution never does.',
      reveal: { fact: { kind: 'time', cycle: 3 }, values: ['60', '30'] },
    },
    {
      atCycle: 4, atPhase: 'select',
      prompt: 'The descheduler evicts batch. Where does its replacement run?',
      choices: ['node-1', 'node-2', 'node-3'],
      answer: 1,
      explanation: 'The scheduler still applies the required term: node-2 is the only ssd node left.',
      reveal: { fact: { kind: 'selected', cycle: 4 } },
    },
  ],
  outcome: {
    cycleCount: 4,
    cycles: [
      { cycle: 1, pod: CACHE, time: 0, result: 'Scheduled', selected: 'node-1', filtered: { 'node-3': { plugin: 'NodeAffinity', reason: "node(s) didn't match Pod's node affinity/selector" } } },
      { cycle: 2, pod: BATCH, time: 0, result: 'Scheduled', selected: 'node-1' },
      { cycle: 3, pod: CACHE_2, time: 30, result: 'Scheduled', selected: 'node-2' },
      { cycle: 4, pod: BATCH_2, time: 60, result: 'Scheduled', selected: 'node-2' },
    ],
    pods: [
      { pod: CACHE, deleted: true, reason: 'RequiredDuringExecutionEviction' },
      { pod: BATCH, deleted: true, reason: 'Evicted' },
      { pod: CACHE_2, phase: 'Running', node: 'node-2' },
      { pod: BATCH_2, phase: 'Running', node: 'node-2' },
    ],
    events: [
      { object: `Pod/${CACHE}`, reason: 'RequiredDuringExecutionEviction', type: 'Warning', time: 30, messageIncludes: 'never shipped upstream' },
      { object: `Pod/${BATCH}`, reason: 'Descheduled', time: 60, messageIncludes: 'RemovePodsViolatingNodeAffinity' },
    ],
  },
};
