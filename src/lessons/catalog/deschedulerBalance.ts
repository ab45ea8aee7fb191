// The descheduler's Balance plugins: RemovePodsViolatingTopologySpreadConstraint and
// LowNodeUtilization. The scheduler never moves a running pod; the descheduler evicts, the
// ReplicaSet creates a replacement, and the scheduler places it as it places any pod.
// upstream: sigs.k8s.io/descheduler pkg/framework/plugins/removepodsviolatingtopologyspreadconstraint
// (evict from the domains above the ideal average until no two differ by more than maxSkew),
// pkg/framework/plugins/nodeutilization/lownodeutilization.go (a node is underutilized when every
// resource is below `thresholds`, overutilized when one is above `targetThresholds`; pods are
// evicted from overutilized nodes while they stay above the target and the underutilized nodes
// have room), both reading requests, not usage.

import type { Lesson } from '../types';
import { nodeJoinsYaml, nodeYaml, replicaSetYaml, scenarioYaml } from './yaml';

const ZONE = 'topology.kubernetes.io/zone';

function deschedule(at: number, plugin: string, args = ''): string {
  return `  - at: ${at}
    action: deschedule
    policy:
      apiVersion: descheduler/v1alpha2
      kind: DeschedulerPolicy
      profiles:
      - name: ${plugin.toLowerCase()}
        pluginConfig:
        - name: ${plugin}
${args}        plugins:
          balance: {enabled: [${plugin}]}
`;
}

function replicaSet(name: string, replicas: number, cpu: string, spread: boolean, priorityClass?: string): string {
  const specLines = `${priorityClass ? `      priorityClassName: ${priorityClass}\n` : ''}${spread ? `      topologySpreadConstraints:
      - {maxSkew: 1, topologyKey: ${ZONE}, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: ${name}}}}
` : ''}`;
  return replicaSetYaml(name, replicas, `{name: ${name}, image: busybox, resources: {requests: {cpu: ${cpu}, memory: 256Mi}}}`, specLines);
}

export const deschedulerBalanceLesson: Lesson = {
  id: 'descheduler-balance',
  resourceBars: true,
  title: 'The descheduler rebalances: spread and low utilization',
  summary: 'Two zone-b nodes join a busy zone-a. RemovePodsViolatingTopologySpreadConstraint evicts web pods until the zones are within maxSkew; LowNodeUtilization then evicts from the node above its target. The scheduler places every replacement.',
  topic: 'Eviction',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/#known-limitations',
  seed: 1,
  scenario: `# The descheduler's Balance plugins (kubernetes-sigs/descheduler). node-2 and node-3 (zone-b)
# join at 20 s; the descheduler runs RemovePodsViolatingTopologySpreadConstraint at 30 s and
# LowNodeUtilization at 90 s.
${scenarioYaml('descheduler-balance', '1.37', `${nodeJoinsYaml(20, 'node-2', { [ZONE]: 'zone-b' })}${nodeJoinsYaml(20, 'node-3', { [ZONE]: 'zone-b' })}${deschedule(30, 'RemovePodsViolatingTopologySpreadConstraint')}${deschedule(90, 'LowNodeUtilization', `          args:
            thresholds: {cpu: 20}
            targetThresholds: {cpu: 50}
`)}`)}---
${nodeYaml('node-1', { labels: { [ZONE]: 'zone-a' } })}---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: serving}
value: 1000
---
${replicaSet('web', 4, '500m', true, 'serving')}---
${replicaSet('batch', 2, '"1"', false)}`,
  story: [
    {
      at: { cycle: 1, phase: 'queue' },
      text: 'node-1, in zone-a, is the only node. web (4 pods, maxSkew 1 over zones) and batch (2 pods) fill its 4 CPUs. At 20 s node-2 and node-3 join zone-b.',
      question: {
        prompt: 'At 30 s zone-a has 4 web pods, zone-b 0. How many does RemovePodsViolatingTopologySpreadConstraint evict?',
        choices: ['1', '2'],
        answer: 1,
        explanation: 'It evicts from the large domain toward the average, 2 and 2, until no two zones differ by more than maxSkew.',
        reveal: { fact: { kind: 'event', object: 'Pod/default/web-f5ksj', reason: 'Descheduled' }, values: ['never', '30'] },
      },
    },
    {
      at: { cycle: 7, phase: 'queue' },
      text: 'At 30 s the skew is 4 > 1: the descheduler evicts web-ksnxs and web-f5ksj, and the ReplicaSet creates two replacements.',
      facts: [
        { says: 'At 30 s', fact: { kind: 'time', cycle: 7 }, is: '30' },
        { says: 'web-f5ksj', fact: { kind: 'event', object: 'Pod/default/web-f5ksj', reason: 'Descheduled' }, is: '30' },
      ],
      question: {
        prompt: 'Which nodes pass Filter for the replacement web-tbvnz?',
        choices: ['node-2 and node-3', 'All three'],
        answer: 0,
        explanation: 'The evicted pods keep their CPU on node-1 through their 30 s grace period, and zone-b is where the spread wants it.',
        reveal: { fact: { kind: 'feasible', cycle: 7 }, values: ['node-2, node-3', 'node-1, node-2, node-3'] },
      },
    },
    {
      at: { cycle: 7, phase: 'done' },
      text: 'node-1 fails: the evicted pods hold their CPU until their grace period ends. web-tbvnz runs on node-3.',
      facts: [{ says: 'node-1 fails', fact: { kind: 'rejectedBy', cycle: 7, node: 'node-1' }, is: 'NodeResourcesFit' }],
      question: {
        prompt: 'At 90 s LowNodeUtilization: node-1 is above its 50% CPU target, node-2 and node-3 below 20%. What does it evict?',
        choices: ['A web pod (priority 1000)', 'A batch pod (priority 0)'],
        answer: 1,
        explanation: 'It evicts the lowest priority first, and stops once node-1 is no longer above 50%: one batch pod, 75% → 50%.',
        reveal: { fact: { kind: 'event', object: 'Pod/default/batch-bw4vs', reason: 'Descheduled' }, values: ['never', '90'] },
      },
    },
    {
      at: { cycle: 8, phase: 'done' },
      // (the 90 s eviction is told at the next point, whose stage is at 90 s: told here, at 30 s, it
      // answered the question before the stage showed it)
      text: 'web-8zt7s runs on node-2: zones 2 and 2.',
      facts: [
        { says: 'web-8zt7s runs on node-2', fact: { kind: 'selected', cycle: 8 }, is: 'node-2' },
      ],
    },
    {
      at: { cycle: 9, phase: 'done' },
      text: 'At 90 s LowNodeUtilization evicts batch-bw4vs (priority 0): node-1 goes from 75% CPU requested to 50%, its target. The replacement batch-pwrjq runs on node-2.',
      facts: [
        { says: 'evicts batch-bw4vs', fact: { kind: 'event', object: 'Pod/default/batch-bw4vs', reason: 'Descheduled' }, is: '90' },
        { says: 'batch-pwrjq', fact: { kind: 'pod', cycle: 9 }, is: 'default/batch-pwrjq' },
        { says: 'runs on node-2', fact: { kind: 'selected', cycle: 9 }, is: 'node-2' },
      ],
    },
  ],
  outcome: {
    cycleCount: 9,
    cycles: [
      { cycle: 6, pod: 'default/batch-dhjsn', time: 0, selected: 'node-1' },
      {
        cycle: 7, pod: 'default/web-tbvnz', time: 30, result: 'Scheduled', feasible: ['node-2', 'node-3'], selected: 'node-3',
        filtered: { 'node-1': { plugin: 'NodeResourcesFit', reason: 'Insufficient cpu' } },
      },
      { cycle: 8, pod: 'default/web-8zt7s', time: 30, result: 'Scheduled', selected: 'node-2' },
      { cycle: 9, pod: 'default/batch-pwrjq', time: 90, result: 'Scheduled', selected: ['node-2', 'node-3'] },
    ],
    pods: [
      { pod: 'default/web-ksnxs', reason: 'Evicted', deleted: true },
      { pod: 'default/web-f5ksj', reason: 'Evicted', deleted: true },
      { pod: 'default/batch-bw4vs', reason: 'Evicted', deleted: true },
      { pod: 'default/web-jmd9t', phase: 'Running', node: 'node-1' },
      { pod: 'default/web-5td7t', phase: 'Running', node: 'node-1' },
      { pod: 'default/batch-dhjsn', phase: 'Running', node: 'node-1' },
    ],
    events: [
      { object: 'Pod/default/web-ksnxs', reason: 'Descheduled', time: 30, messageIncludes: 'RemovePodsViolatingTopologySpreadConstraint' },
      { object: 'Pod/default/web-f5ksj', reason: 'Descheduled', time: 30, messageIncludes: 'RemovePodsViolatingTopologySpreadConstraint' },
      { object: 'Pod/default/batch-bw4vs', reason: 'Descheduled', time: 90, messageIncludes: 'LowNodeUtilization' },
    ],
  },
};
