// "Why is my pod Pending?": four nodes, four different Filter reasons, one FailedScheduling
// message that lists them all. The first failing plugin per node decides its reason, in the
// default order NodeUnschedulable → NodeName → TaintToleration → NodeAffinity → NodePorts →
// NodeResourcesFit. Reason counts are sorted as strings (upstream FitError.Error).

import type { Lesson } from '../types';
import { nodeYaml } from './yaml';

const R = {
  unschedulable: 'node(s) were unschedulable',
  // upstream since kubernetes/kubernetes#134740 (v1.35): the message no longer names the taint
  taint: 'node(s) had untolerated taint(s)',
  selector: "node(s) didn't match Pod's node affinity/selector",
  cpu: 'Insufficient cpu',
};

export const whyPendingLesson: Lesson = {
  id: 'why-pending',
  resourceBars: true,
  title: 'Why is my pod Pending?',
  summary: 'Read a FailedScheduling message node by node: a cordon, a taint, a selector and a full node. Then fix one cause.',
  topic: 'Debugging',
  docs: 'https://kubernetes.io/docs/tasks/debug/debug-application/debug-pods/#my-pod-stays-pending',
  scenario: `# Debugging a Pending pod. app needs disktype=ssd and 2 CPUs.
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: why-pending}
spec:
  timeline:
  - {at: 60, action: uncordon, node: node-1}
---
${[
    nodeYaml('node-1', { labels: { disktype: 'ssd' }, unschedulable: true }),
    nodeYaml('node-2', { labels: { disktype: 'ssd' }, taints: ['dedicated=gpu:NoSchedule'] }),
    nodeYaml('node-3', { labels: { disktype: 'hdd' } }),
    nodeYaml('node-4', { labels: { disktype: 'ssd' }, cpu: '2' }),
    '',
  ].join('---\n')}apiVersion: v1
kind: Pod
metadata: {name: hog, namespace: default}
spec:
  nodeName: node-4
  containers:
  - {name: app, image: busybox, resources: {requests: {cpu: "1"}}}
---
apiVersion: v1
kind: Pod
metadata: {name: app, namespace: default}
spec:
  nodeSelector: {disktype: ssd}
  containers:
  - {name: app, image: nginx, resources: {requests: {cpu: "2", memory: 1Gi}}}
`,
  steps: [
    { cycle: 1, phase: 'queue', text: 'app wants a node with disktype=ssd and 2 free CPUs. kubectl get pods will show it Pending; kubectl describe pod app shows why.' },
    {
      cycle: 1, phase: 'filter',
      text: `Each node's first rejection: node-1 is cordoned. node-2 has the taint dedicated=gpu:NoSchedule. node-3 has disktype=hdd. node-4 has 1 CPU free (hog uses 1 of 2).`,
      facts: [
        { says: 'node-1 is cordoned', fact: { kind: 'filterReason', cycle: 1, node: 'node-1' }, is: R.unschedulable },
        { says: 'node-2 has the taint dedicated=gpu:NoSchedule', fact: { kind: 'untoleratedTaint', cycle: 1, node: 'node-2' }, is: 'dedicated=gpu:NoSchedule' },
        { says: 'node-3 has disktype=hdd', fact: { kind: 'filterReason', cycle: 1, node: 'node-3' }, is: R.selector },
        { says: 'node-4 has 1 CPU free (hog uses 1 of 2)', fact: { kind: 'allocatable', node: 'node-4', resource: 'cpu' }, is: '2' },
        { says: 'node-4 has 1 CPU free', fact: { kind: 'filterReason', cycle: 1, node: 'node-4' }, is: R.cpu },
      ],
    },
    {
      cycle: 1, phase: 'postFilter',
      text: `Preemption only helps where removing pods helps: node-4. hog has priority 0, like app: "No preemption victims found". The others: "not helpful".`,
      facts: [{ says: 'No preemption victims found', fact: { kind: 'victims', cycle: 1 }, is: 'none' }],
    },
    { cycle: 1, phase: 'done', text: `Event: "0/4 nodes are available: 1 ${R.cpu}, 1 ${R.selector}, 1 ${R.taint}, 1 ${R.unschedulable}." (A–Z)` },
    {
      cycle: 2, phase: 'queue', text: 'At 60 s: kubectl uncordon node-1. A node update that can help NodeUnschedulable moves app back to the active queue.',
      facts: [{ says: 'At 60 s', fact: { kind: 'time', cycle: 2 }, is: '60' }],
    },
    {
      cycle: 2, phase: 'done', text: 'node-1 now passes every filter; it is the only feasible node. app runs at last.',
      facts: [
        { says: 'it is the only feasible node', fact: { kind: 'feasible', cycle: 2 }, is: 'node-1' },
        { says: 'app runs at last', fact: { kind: 'selected', cycle: 2 }, is: 'node-1' },
      ],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'filter',
      prompt: 'node-1 is cordoned but has disktype=ssd and 4 free CPUs. Which plugin rejects it?',
      choices: ['NodeUnschedulable', 'TaintToleration', 'NodeAffinity'],
      answer: 0,
      explanation: 'kubectl cordon sets spec.unschedulable; NodeUnschedulable runs first and rejects the node.',
      reveal: { fact: { kind: 'rejectedBy', cycle: 1, node: 'node-1' } },
    },
    {
      atCycle: 1, atPhase: 'postFilter',
      prompt: 'Can preemption make room on node-4 by evicting hog?',
      choices: ['Yes', 'No: hog does not have a lower priority than app'],
      answer: 1,
      explanation: 'Only pods with a lower priority than the pending pod can be victims. Both have 0.',
      reveal: { fact: { kind: 'victims', cycle: 1 }, values: ['default/hog', 'none'] },
    },
    {
      atCycle: 2, atPhase: 'filter',
      prompt: 'After kubectl uncordon node-1, where does app go?',
      choices: ['node-1', 'node-4'],
      answer: 0,
      explanation: 'Uncordoning fixes node-1 only; node-4 is still short of CPU.',
      reveal: { fact: { kind: 'selected', cycle: 2 } },
    },
  ],
  outcome: {
    cycleCount: 2,
    cycles: [
      {
        cycle: 1, pod: 'default/app', time: 0, result: 'Unschedulable', feasible: [], preemption: null,
        filtered: {
          'node-1': { plugin: 'NodeUnschedulable', reason: R.unschedulable, code: 'UnschedulableAndUnresolvable' },
          'node-2': { plugin: 'TaintToleration', reason: R.taint, code: 'UnschedulableAndUnresolvable', taint: 'dedicated=gpu:NoSchedule' },
          'node-3': { plugin: 'NodeAffinity', reason: R.selector, code: 'UnschedulableAndUnresolvable' },
          'node-4': { plugin: 'NodeResourcesFit', reason: R.cpu, code: 'Unschedulable' },
        },
        messageIncludes: [
          `0/4 nodes are available: 1 ${R.cpu}, 1 ${R.selector}, 1 ${R.taint}, 1 ${R.unschedulable}.`,
          'preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling.',
        ],
      },
      { cycle: 2, pod: 'default/app', time: 60, result: 'Scheduled', selected: 'node-1', feasible: ['node-1'] },
    ],
    pods: [
      { pod: 'default/app', phase: 'Running', node: 'node-1' },
      { pod: 'default/hog', phase: 'Running', node: 'node-4' },
    ],
    events: [{ object: 'Pod/default/app', reason: 'FailedScheduling', type: 'Warning', time: 0, messageIncludes: `1 ${R.unschedulable}` }],
  },
};
