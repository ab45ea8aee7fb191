// The scheduling queue: pods held back before any scheduling cycle (PreEnqueue), by scheduling
// gates and by a gang's quorum, and a gang waiting at Permit.
// upstream: pkg/scheduler/framework/plugins/schedulinggates/scheduling_gates.go,
// pkg/scheduler/framework/plugins/gangscheduling/gangscheduling.go (v1.35 alpha).

import type { Lesson } from '../types';
import { nodeYaml } from './yaml';

// test-pod's gates are removed at 10 s and 20 s; it enters the active queue when the last one
// goes. other (no gates) is scheduled first. At 15 s, still gated, test-pod is applied again with
// a nodeSelector (tightening is allowed while gated), so only node-2 passes Filter.
export const schedulingGatesLesson: Lesson = {
  id: 'scheduling-gates',
  title: 'Scheduling gates: not ready to be scheduled yet',
  summary: 'A pod with schedulingGates never gets a scheduling cycle. It waits as SchedulingGated until the last gate is removed; meanwhile its placement may only be tightened.',
  topic: 'Scheduling queue',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/pod-scheduling-readiness/',
  seed: 1,
  scenario: `# Pod scheduling readiness (Kubernetes docs, "Pod Scheduling Readiness").
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: scheduling-gates}
spec:
  timeline:
  - {at: 10, action: ungate, pod: default/test-pod, gate: example.com/foo}
  # a gated pod's placement may be tightened (kubectl apply): only node-2 has disktype=ssd
  - at: 15
    action: apply
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: test-pod, namespace: default}
      spec:
        nodeSelector: {disktype: ssd}
        containers: [{name: pause, image: registry.k8s.io/pause:3.6}]
  - {at: 20, action: ungate, pod: default/test-pod, gate: example.com/bar}
---
${nodeYaml('node-1')}---
${nodeYaml('node-2', { labels: { disktype: 'ssd' } })}---
apiVersion: v1
kind: Pod
metadata: {name: test-pod, namespace: default}
spec:
  schedulingGates:
  - name: example.com/foo
  - name: example.com/bar
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.6
---
apiVersion: v1
kind: Pod
metadata: {name: other, namespace: default}
spec:
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.6
---
apiVersion: v1
kind: Pod
metadata: {name: stuck-pod, namespace: default}
spec:
  schedulingGates:
  - name: example.com/never
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.6
`,
  steps: [
    { cycle: 1, phase: 'queue', text: `test-pod came first, but it has two scheduling gates: PreEnqueue (SchedulingGates) keeps it out of the queue, STATUS SchedulingGated. other goes first.` },
    // (what happens at 10 s and 15 s is told at the next points, whose stage is at 20 s: no cycle
    // runs in between, and told here the stage was still at 0 s)
    { cycle: 1, phase: 'done', text: `other is bound. test-pod and stuck-pod stay SchedulingGated: no scheduling cycle while a gate is left.` },
    {
      cycle: 2, phase: 'queue', text: 'At 10 s example.com/foo was removed: test-pod still waited. At 20 s example.com/bar goes, and test-pod enters the active queue for its first cycle.',
      facts: [{ says: 'At 20 s', fact: { kind: 'time', cycle: 2 }, is: '20' }, { says: 'test-pod enters', fact: { kind: 'pod', cycle: 2 }, is: 'default/test-pod' }],
    },
    {
      cycle: 2, phase: 'filter', text: 'node-1 has no disktype=ssd label: NodeAffinity filters it out. The nodeSelector was added at 15 s, while test-pod was gated: narrowing is allowed, never widening.',
      facts: [{ says: 'NodeAffinity filters it out', fact: { kind: 'rejectedBy', cycle: 2, node: 'node-1' }, is: 'NodeAffinity' }],
    },
    {
      cycle: 2, phase: 'done', text: 'Only node-2 is left, so test-pod goes there. stuck-pod keeps its gate and never gets a cycle.',
      facts: [
        { says: 'test-pod goes there', fact: { kind: 'selected', cycle: 2 }, is: 'node-2' },
        { says: 'stuck-pod keeps its gate', fact: { kind: 'queue', cycle: 1, pod: 'default/stuck-pod' }, is: 'gated' },
      ],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'queue',
      prompt: 'test-pod was created before other. Which pod gets the first scheduling cycle?',
      choices: ['test-pod: the queue is first in, first out', 'other: gated pods do not enter the active queue'],
      answer: 1,
      explanation: 'PreEnqueue runs before a pod can join the active queue. A gated pod is parked until its gates are gone.',
      reveal: { fact: { kind: 'pod', cycle: 1 }, values: ['default/test-pod', 'default/other'] },
    },
    {
      atCycle: 2, atPhase: 'queue',
      prompt: 'Gates are removed at 10 s (foo) and 20 s (bar). When does test-pod\'s first cycle run?',
      choices: ['0 s', '10 s', '20 s'],
      answer: 2,
      explanation: 'All gates must be gone. Removing one of two changes nothing for the scheduler.',
      reveal: { fact: { kind: 'time', cycle: 2 }, values: ['0', '10', '20'] },
    },
  ],
  outcome: {
    cycleCount: 2,
    cycles: [
      { cycle: 1, pod: 'default/other', time: 0, result: 'Scheduled' },
      { cycle: 2, pod: 'default/test-pod', time: 20, result: 'Scheduled', feasible: ['node-2'] },
    ],
    pods: [
      { pod: 'default/other', phase: 'Running', node: ['node-1', 'node-2'] },
      { pod: 'default/test-pod', phase: 'Running', node: ['node-2'] },
      { pod: 'default/stuck-pod', phase: 'Pending', node: null, reason: 'SchedulingGated' },
    ],
  },
};

// The gang needs minCount 3. With two members at 0 s, PreEnqueue holds both. worker-2 arrives at
// 20 s; all three enter the queue (worker-0 and worker-1 first: older queue timestamps). The first
// two pass Filter and Reserve, then wait at Permit; the third reaches the quorum and all three bind.
export const gangSchedulingLesson: Lesson = {
  id: 'gang-scheduling',
  title: 'Gang scheduling: all or nothing (1.35)',
  summary: 'Kubernetes 1.35 only: pods of a gang wait until minCount members exist, then wait at Permit until minCount have a node, then bind together. 1.36 removed this API: see Gang scheduling with a PodGroup.',
  topic: 'Scheduling queue',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/gang-scheduling/',
  seed: 1,
  scenario: `# Gang scheduling (Kubernetes v1.35 alpha: feature gates GenericWorkload and GangScheduling,
# API scheduling.k8s.io/v1alpha1 Workload). Pinned to 1.35: 1.36 removed the v1alpha1 Workload and
# spec.workloadRef, and schedules a gang in one pod-group cycle (lesson gang-scheduling-podgroup).
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: gang-scheduling}
spec:
  kubernetesVersion: "1.35"
  featureGates: {GenericWorkload: true, GangScheduling: true}
  timeline:
  - at: 20
    action: apply
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: worker-2, namespace: default}
      spec:
        workloadRef: {name: training, podGroup: workers}
        containers:
        - name: worker
          image: busybox
          resources: {requests: {cpu: "1"}}
---
apiVersion: scheduling.k8s.io/v1alpha1
kind: Workload
metadata: {name: training, namespace: default}
spec:
  podGroups:
  - name: workers
    policy:
      gang:
        minCount: 3
---
${nodeYaml('node-1', { cpu: '2' })}---
${nodeYaml('node-2', { cpu: '2' })}---
apiVersion: v1
kind: Pod
metadata: {name: worker-0, namespace: default}
spec:
  workloadRef: {name: training, podGroup: workers}
  containers:
  - name: worker
    image: busybox
    resources: {requests: {cpu: "1"}}
---
apiVersion: v1
kind: Pod
metadata: {name: worker-1, namespace: default}
spec:
  workloadRef: {name: training, podGroup: workers}
  containers:
  - name: worker
    image: busybox
    resources: {requests: {cpu: "1"}}
`,
  steps: [
    {
      cycle: 1, phase: 'queue',
      text: `The pod group workers needs a gang of 3. GangScheduling's PreEnqueue holds worker-0 and worker-1 until enough pods exist. At 20 s worker-2 arrives.`,
      facts: [{ says: 'At 20 s', fact: { kind: 'time', cycle: 1 }, is: '20' }],
    },
    { cycle: 1, phase: 'reserve', text: 'The first worker passes Filter and Score like any pod, and Reserve books 1 CPU on its node.' },
    {
      // no Bind in this cycle: its last step is Permit
      cycle: 1, phase: 'done',
      text: 'Permit: only 1 of 3 gang pods has a node, so GangScheduling answers Wait. The pod keeps its node reserved but is not bound: its binding waits at Permit.',
      facts: [
        { says: 'GangScheduling answers Wait', fact: { kind: 'permit', cycle: 1, plugin: 'GangScheduling' }, is: 'Wait' },
        { says: 'its binding waits at Permit', fact: { kind: 'queue', cycle: 1, pod: 'default/worker-0' }, is: 'waitingOnPermit' },
      ],
    },
    {
      cycle: 2, phase: 'done', text: 'The second worker: 2 of 3. Wait again. Two pods hold a node, neither is bound.',
      facts: [
        { says: 'Wait again', fact: { kind: 'permit', cycle: 2, plugin: 'GangScheduling' }, is: 'Wait' },
        { says: 'neither is bound', fact: { kind: 'queue', cycle: 2, pod: 'default/worker-0' }, is: 'waitingOnPermit' },
      ],
    },
    {
      cycle: 3, phase: 'permit', text: 'worker-2 makes 3 of 3: Permit says Success and allows the two waiting workers.',
      facts: [{ says: 'Permit says Success', fact: { kind: 'permit', cycle: 3, plugin: 'GangScheduling' }, is: 'Success' }],
    },
    {
      cycle: 3, phase: 'done', text: 'Only now do all three bind, at 20 s. Had one not found a node within the 5-minute gang timeout, the waiting ones would have been rejected, none bound.',
      facts: [
        { says: 'all three bind, at 20 s', fact: { kind: 'event', object: 'Pod/default/worker-0', reason: 'Scheduled' }, is: '20' },
        { says: 'all three bind', fact: { kind: 'queue', cycle: 3, pod: 'default/worker-1' }, is: 'bound' },
      ],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'queue',
      prompt: 'worker-0 and worker-1 exist from 0 s; the gang needs 3. When is the first scheduling cycle?',
      choices: ['0 s', '20 s, when worker-2 appears'],
      answer: 1,
      explanation: 'GangScheduling\'s PreEnqueue keeps gang pods out of the active queue until minCount of them exist.',
      reveal: { fact: { kind: 'time', cycle: 1 }, values: ['0', '20'] },
    },
    {
      atCycle: 1, atPhase: 'permit',
      prompt: 'The first worker has passed Filter and Reserve. What does GangScheduling answer at Permit?',
      choices: ['Success: it fits, so it binds', 'Wait: too few gang members have a node'],
      answer: 1,
      explanation: 'Permit waits until minCount pods of the gang are reserved or bound.',
      reveal: { fact: { kind: 'permit', cycle: 1, plugin: 'GangScheduling' }, values: ['Success', 'Wait'] },
    },
    {
      atCycle: 3, atPhase: 'permit',
      prompt: 'worker-2 is the third member to reach Permit. And now?',
      choices: ['Success', 'Wait'],
      answer: 0,
      explanation: 'The quorum of 3 is reached: this pod and the two waiting ones may bind.',
      reveal: { fact: { kind: 'permit', cycle: 3, plugin: 'GangScheduling' } },
    },
  ],
  outcome: {
    cycleCount: 3,
    cycles: [
      { cycle: 1, pod: ['default/worker-0', 'default/worker-1'], time: 20, permit: { GangScheduling: 'Wait' } },
      { cycle: 2, pod: ['default/worker-0', 'default/worker-1'], time: 20, permit: { GangScheduling: 'Wait' } },
      { cycle: 3, pod: 'default/worker-2', time: 20, result: 'Scheduled', permit: { GangScheduling: 'Success' } },
    ],
    pods: ['worker-0', 'worker-1', 'worker-2'].map((name) => ({ pod: `default/${name}`, phase: 'Running' as const, node: ['node-1', 'node-2'] })),
    events: ['worker-0', 'worker-1', 'worker-2'].map((name) => ({ object: `Pod/default/${name}`, reason: 'Scheduled', type: 'Normal' as const, time: 20 })),
  },
};
