// DaemonSets: one pod per eligible node. The DaemonSet controller decides which nodes should run
// a pod (NodeShouldRunDaemonPod: nodeSelector, required node affinity, NoSchedule/NoExecute taints
// against the pod's tolerations plus the daemon tolerations), creates one pod per such node pinned
// by required node affinity on metadata.name, and the scheduler binds it. Since v1.12
// (ScheduleDaemonSetPods, GA in 1.17) the controller no longer sets spec.nodeName itself.
// upstream: pkg/controller/daemon/daemon_controller.go (NodeShouldRunDaemonPod, syncNodes),
// pkg/controller/daemon/util/daemonset_util.go (AddOrUpdateDaemonPodTolerations,
// ReplaceDaemonSetPodNodeNameNodeAffinity), pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go
// (PreFilter returns the metadata.name pin as PreFilterResult.NodeNames: only that node is filtered).
// The pod names are the controller's generated ones (deterministic in the simulation).

import type { Lesson } from '../types';
import { nodeJoinsYaml, nodeYaml, scenarioYaml } from './yaml';

const ON_NODE_1 = 'default/log-agent-9t7wv';
const ON_NODE_2 = 'default/log-agent-vrr7k';
const ON_NODE_4 = 'default/log-agent-lcjd7';

export const daemonSetLesson: Lesson = {
  id: 'daemonset',
  title: 'DaemonSets: one pod per node',
  summary: 'The DaemonSet controller picks the nodes, pins one pod to each with node affinity and gives it tolerations of its own; the scheduler only binds it. A cordoned node still gets its pod, a tainted one does not.',
  topic: 'Node selection',
  docs: 'https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/',
  scenario: `# DaemonSets (Kubernetes docs, "DaemonSet": "How Daemon Pods are scheduled", "Taints and tolerations").
# node-2 is cordoned (kubectl cordon: spec.unschedulable); node-3 is tainted dedicated=db:NoSchedule.
# At 30 s node-4 joins the cluster.
${scenarioYaml('daemonset', '1.37', `${nodeJoinsYaml(30, 'node-4')}`)}---
${[
    nodeYaml('node-1'),
    nodeYaml('node-2', { unschedulable: true }),
    nodeYaml('node-3', { taints: ['dedicated=db:NoSchedule'] }),
    '',
  ].join('---\n')}apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default}
spec:
  containers:
  - {name: web, image: nginx, resources: {requests: {cpu: 500m}}}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: log-agent, namespace: default}
spec:
  selector: {matchLabels: {app: log-agent}}
  template:
    metadata: {labels: {app: log-agent}}
    spec:
      containers:
      - {name: agent, image: fluent-bit, resources: {requests: {cpu: 100m, memory: 128Mi}}}
`,
  story: [
    {
      at: { cycle: 1, phase: 'done' },
      text: 'node-2 is cordoned; node-3 has the taint dedicated=db:NoSchedule. web, a plain pod, fits only node-1.',
      facts: [{ says: 'fits only node-1', fact: { kind: 'feasible', cycle: 1 }, is: 'node-1' }],
    },
    {
      at: { cycle: 2, phase: 'queue' },
      text: 'The DaemonSet controller made 2 pods, not 3: it checks taints itself and skips node-3. Each pod is pinned to its node by node affinity on metadata.name.',
      question: {
        prompt: 'log-agent-9t7wv is pinned to node-1. On how many nodes does the scheduler run Filter?',
        choices: ['1', '3'],
        answer: 0,
        explanation: 'NodeAffinity\'s PreFilter reads the metadata.name pin and hands the scheduler that one node.',
        reveal: { fact: { kind: 'nodesEvaluated', cycle: 2 } },
      },
    },
    {
      at: { cycle: 2, phase: 'done' },
      text: 'Only node-1 was filtered: the pin narrows the cycle to one node. log-agent-9t7wv runs there.',
      facts: [
        { says: 'Only node-1 was filtered', fact: { kind: 'nodesEvaluated', cycle: 2 }, is: '1' },
        { says: 'runs there', fact: { kind: 'selected', cycle: 2 }, is: 'node-1' },
      ],
    },
    {
      at: { cycle: 3, phase: 'queue' },
      text: 'log-agent-vrr7k is pinned to node-2, the cordoned node that turned web away.',
      facts: [{ says: 'log-agent-vrr7k', fact: { kind: 'pod', cycle: 3 }, is: ON_NODE_2 }],
      question: {
        prompt: 'Does node-2 pass Filter for log-agent-vrr7k?',
        choices: ['Yes', 'No: it is cordoned'],
        answer: 0,
        explanation: 'The controller adds tolerations to every daemon pod: node.kubernetes.io/unschedulable, not-ready, unreachable and the pressure taints.',
        reveal: { fact: { kind: 'feasible', cycle: 3 }, values: ['node-2', 'none'] },
      },
    },
    {
      at: { cycle: 3, phase: 'done' },
      text: 'node-2 passes: the daemon pod tolerates node.kubernetes.io/unschedulable. A drain leaves DaemonSet pods where they are.',
      facts: [{ says: 'node-2 passes', fact: { kind: 'selected', cycle: 3 }, is: 'node-2' }],
      question: {
        prompt: 'node-4 joins at 30 s. When is a log-agent pod scheduled for it?',
        choices: ['At 30 s', 'Never: the DaemonSet made its pods at 0 s'],
        answer: 0,
        explanation: 'The controller watches nodes: a new node that should run the daemon gets its pod at once.',
        reveal: { fact: { kind: 'time', cycle: 4 }, values: ['30', 'never'] },
      },
    },
    {
      at: { cycle: 4, phase: 'queue' },
      text: 'At 30 s node-4 joins, and the controller creates log-agent-lcjd7 for it at once.',
      facts: [
        { says: 'At 30 s', fact: { kind: 'time', cycle: 4 }, is: '30' },
        { says: 'creates log-agent-lcjd7', fact: { kind: 'pod', cycle: 4 }, is: ON_NODE_4 },
      ],
    },
    {
      at: { cycle: 4, phase: 'done' },
      text: 'log-agent-lcjd7 runs on node-4: one pod per node that should run it, never two.',
      facts: [{ says: 'runs on node-4', fact: { kind: 'selected', cycle: 4 }, is: 'node-4' }],
    },
  ],
  outcome: {
    cycleCount: 4,
    cycles: [
      {
        cycle: 1, pod: 'default/web', result: 'Scheduled', selected: 'node-1', feasible: ['node-1'],
        filtered: {
          'node-2': { plugin: 'NodeUnschedulable', reason: 'node(s) were unschedulable' },
          'node-3': { plugin: 'TaintToleration', reason: 'node(s) had untolerated taint(s)', taint: 'dedicated=db:NoSchedule' },
        },
      },
      { cycle: 2, pod: ON_NODE_1, result: 'Scheduled', selected: 'node-1', nodesEvaluated: 1 },
      { cycle: 3, pod: ON_NODE_2, result: 'Scheduled', selected: 'node-2', feasible: ['node-2'], nodesEvaluated: 1 },
      { cycle: 4, pod: ON_NODE_4, time: 30, result: 'Scheduled', selected: 'node-4' },
    ],
    pods: [
      { pod: 'default/web', phase: 'Running', node: 'node-1' },
      { pod: ON_NODE_1, phase: 'Running', node: 'node-1' },
      { pod: ON_NODE_2, phase: 'Running', node: 'node-2' },
      { pod: ON_NODE_4, phase: 'Running', node: 'node-4' },
    ],
    distinctNodes: [[ON_NODE_1, ON_NODE_2, ON_NODE_4]],
  },
};
