// preemptionPolicy: Never — a high-priority pod that waits instead of preempting.
// upstream: pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go
// (PodEligibleToPreemptOthers: "not eligible due to preemptionPolicy=Never."), and
// pkg/scheduler/framework/plugins/queuesort/priority_sort.go (Less: the higher priority first,
// whatever the preemption policy). KEP-902 (non-preempting PriorityClass, GA in v1.24).
//
// Worked by hand: node-1 has 2 CPUs; batch (priority 0) holds 1500m. report (1000000, Never)
// asks 1 CPU: Filter fails, PostFilter does not look for victims. cleanup (priority 0) asks
// 1500m: no victim of lower priority either. At 30 s batch is deleted and gone at 60 s (its 30 s
// grace period); both are retried, the queue takes report first (higher priority), and cleanup
// no longer fits beside it.

import type { Lesson } from '../types';
import { nodeYaml, scenarioYaml } from './yaml';

export const preemptionNeverLesson: Lesson = {
  id: 'preemption-never',
  title: 'preemptionPolicy: Never — high priority that waits its turn',
  summary: 'A non-preempting PriorityClass puts its pods first in the queue but never evicts anyone: when nothing fits, they wait for room like everybody else.',
  topic: 'Priority and preemption',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/#non-preempting-priority-class',
  scenario: `# Non-preempting PriorityClass (Kubernetes docs, "Pod Priority and Preemption").
# node-1 has 2 CPUs; batch holds 1500m. At 30 s batch is deleted (its job is done).
${scenarioYaml('preemption-never', '1.37', `  - {at: 30, action: delete, kind: Pod, name: batch}
`)}---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high-priority-nonpreempting}
value: 1000000
preemptionPolicy: Never
globalDefault: false
description: "This priority class will not cause other pods to be preempted."
---
${nodeYaml('node-1', { cpu: '2', memory: '4Gi' })}---
apiVersion: v1
kind: Pod
metadata: {name: batch, namespace: default}
spec:
  nodeName: node-1
  containers:
  - {name: batch, image: busybox, resources: {requests: {cpu: 1500m}}}
---
apiVersion: v1
kind: Pod
metadata: {name: report, namespace: default}
spec:
  priorityClassName: high-priority-nonpreempting
  containers:
  - {name: report, image: busybox, resources: {requests: {cpu: "1"}}}
---
apiVersion: v1
kind: Pod
metadata: {name: cleanup, namespace: default}
spec:
  containers:
  - {name: cleanup, image: busybox, resources: {requests: {cpu: 1500m}}}
`,
  story: [
    {
      at: { cycle: 1, phase: 'queue' },
      text: 'node-1 has 2 CPUs; batch (priority 0) holds 1500m. report asks 1 CPU at priority 1000000, from a class with preemptionPolicy: Never.',
      question: {
        prompt: 'report does not fit. What does PostFilter (preemption) do?',
        choices: ['It preempts batch', 'Nothing: report waits'],
        answer: 1,
        explanation: 'A pod with preemptionPolicy Never is not eligible to preempt: DefaultPreemption looks for no victims.',
        reveal: { fact: { kind: 'victims', cycle: 1 }, values: ['default/batch', 'none'] },
      },
    },
    {
      at: { cycle: 1, phase: 'done' },
      text: 'No victims: "preemption: not eligible due to preemptionPolicy=Never." report stays Pending.',
      facts: [
        { says: 'No victims', fact: { kind: 'victims', cycle: 1 }, is: 'none' },
        { says: 'report stays Pending', fact: { kind: 'result', cycle: 1 }, is: 'Unschedulable' },
      ],
    },
    {
      at: { cycle: 2, phase: 'done' },
      text: 'cleanup (priority 0, 1500m) fails too: batch\'s priority is not lower than its own. Both wait.',
      facts: [{ says: 'cleanup (priority 0, 1500m) fails too', fact: { kind: 'result', cycle: 2 }, is: 'Unschedulable' }],
      question: {
        prompt: 'batch is deleted at 30 s. Which pending pod does the queue take first?',
        choices: ['report', 'cleanup'],
        answer: 0,
        explanation: 'The queue sorts by priority; preemptionPolicy Never changes only what PostFilter may do.',
        reveal: { fact: { kind: 'pod', cycle: 3 }, values: ['default/report', 'default/cleanup'] },
      },
    },
    {
      at: { cycle: 3, phase: 'queue' },
      text: 'batch is gone at 60 s, after its 30 s grace period. The queue takes report first: priority still orders it.',
      facts: [
        { says: 'gone at 60 s', fact: { kind: 'deletedAt', pod: 'default/batch' }, is: '60' },
        { says: 'takes report first', fact: { kind: 'pod', cycle: 3 }, is: 'default/report' },
      ],
    },
    {
      at: { cycle: 3, phase: 'done' },
      text: 'report runs on node-1, in the room batch left.',
      facts: [{ says: 'report runs on node-1', fact: { kind: 'selected', cycle: 3 }, is: 'node-1' }],
    },
    {
      at: { cycle: 4, phase: 'done' },
      text: 'cleanup no longer fits (1 + 1.5 > 2 CPUs): Pending. Never gives up preempting, not the place in line.',
      facts: [{ says: 'cleanup no longer fits', fact: { kind: 'result', cycle: 4 }, is: 'Unschedulable' }],
    },
  ],
  outcome: {
    cycleCount: 4,
    cycles: [
      {
        cycle: 1, pod: 'default/report', time: 0, result: 'Unschedulable', preemption: null,
        filtered: { 'node-1': { plugin: 'NodeResourcesFit', reason: 'Insufficient cpu' } },
        messageIncludes: ['not eligible due to preemptionPolicy=Never'],
      },
      { cycle: 2, pod: 'default/cleanup', time: 0, result: 'Unschedulable', preemption: null },
      { cycle: 3, pod: 'default/report', time: 60, result: 'Scheduled', selected: 'node-1' },
      { cycle: 4, pod: 'default/cleanup', time: 60, result: 'Unschedulable' },
    ],
    pods: [
      { pod: 'default/batch', deleted: true },
      { pod: 'default/report', phase: 'Running', node: 'node-1' },
      { pod: 'default/cleanup', phase: 'Pending', node: null, nominatedNode: null },
    ],
  },
};
