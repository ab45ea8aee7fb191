// whenUnsatisfiable: ScheduleAnyway — a spread constraint that scores instead of filtering.
// upstream: pkg/scheduler/framework/plugins/podtopologyspread/scoring.go — PreScore keeps the
// ScheduleAnyway constraints; Score adds, per constraint, count(node's domain) × log(domains + 2)
// + (maxSkew − 1) (scoreForCount); NormalizeScore gives 100 × (max + min − score) / max, so the
// emptiest domain scores 100. filtering.go only reads DoNotSchedule constraints.
//
// Worked by hand: one node per zone. Two app=web pods run on node-1 (zone-a), one on node-2
// (zone-b); node-3 (zone-c) has none. Three zones: weight log(5) ≈ 1.61, and Score rounds. web-1:
// node-1 2 × 1.61 → 3, node-2 1.61 → 2, node-3 0 → 100 × (3 + 0 − s) / 3: 0, 33, 100. Then
// zone-a 2, zone-b 1, zone-c 1. web-strict (DoNotSchedule) asks 3 CPUs: zone-a 2 + 1 − 1 = 2 > 1
// fails PodTopologySpread, and node-2 and node-3 (2 CPUs) fail NodeResourcesFit: Pending. web-2,
// the same pod with ScheduleAnyway, runs on node-1; its binding retries web-strict, still Pending.

import type { Lesson } from '../types';
import { nodeYaml, scenarioYaml } from './yaml';

const ZONE = 'topology.kubernetes.io/zone';
const SPREAD = "node(s) didn't match pod topology spread constraints";

function runningWeb(name: string, node: string): string {
  return `apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default, labels: {app: web}}
spec:
  nodeName: ${node}
  containers:
  - {name: web, image: nginx, resources: {requests: {cpu: 100m, memory: 128Mi}}}
`;
}

function web(name: string, when: 'ScheduleAnyway' | 'DoNotSchedule', cpu: string): string {
  return `apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default, labels: {app: web}}
spec:
  topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: ${ZONE}
    whenUnsatisfiable: ${when}
    labelSelector: {matchLabels: {app: web}}
  containers:
  - {name: web, image: nginx, resources: {requests: {cpu: "${cpu}", memory: 128Mi}}}
`;
}

export const spreadScheduleAnywayLesson: Lesson = {
  id: 'spread-schedule-anyway',
  title: 'whenUnsatisfiable: ScheduleAnyway — spreading as a preference',
  summary: 'A ScheduleAnyway constraint never filters: it scores the emptiest zone highest and runs the pod elsewhere when it must. The same pod with DoNotSchedule stays Pending.',
  topic: 'Topology spread',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/#spread-constraint-definition',
  scenario: `# whenUnsatisfiable: ScheduleAnyway (Kubernetes docs, "Pod Topology Spread Constraints").
# Three zones, one node each; node-2 and node-3 have 2 CPUs. Three app=web pods already run.
${scenarioYaml('spread-schedule-anyway', '1.37')}---
${[
    nodeYaml('node-1', { labels: { [ZONE]: 'zone-a' } }),
    nodeYaml('node-2', { labels: { [ZONE]: 'zone-b' }, cpu: '2' }),
    nodeYaml('node-3', { labels: { [ZONE]: 'zone-c' }, cpu: '2' }),
    runningWeb('web-a1', 'node-1'),
    runningWeb('web-a2', 'node-1'),
    runningWeb('web-b1', 'node-2'),
    web('web-1', 'ScheduleAnyway', '500m'),
    web('web-strict', 'DoNotSchedule', '3'),
    web('web-2', 'ScheduleAnyway', '3'),
  ].join('---\n')}`,
  story: [
    {
      at: { cycle: 1, phase: 'queue' },
      text: 'Every web pod spreads over zones with maxSkew 1. app=web pods: zone-a 2, zone-b 1, zone-c 0. web-1 says whenUnsatisfiable: ScheduleAnyway.',
      question: {
        prompt: 'zone-a has 2 more app=web pods than zone-c. Which nodes pass Filter for web-1?',
        choices: ['All three', 'node-3 only', 'node-2 and node-3'],
        answer: 0,
        explanation: 'Filter reads only DoNotSchedule constraints. A ScheduleAnyway constraint is a score.',
        reveal: { fact: { kind: 'feasible', cycle: 1 }, values: ['node-1, node-2, node-3', 'node-3', 'node-2, node-3'] },
      },
    },
    {
      at: { cycle: 1, phase: 'filter' },
      text: 'All 3 nodes pass: PodTopologySpread\'s Filter skips ScheduleAnyway constraints.',
      facts: [{ says: 'All 3 nodes pass', fact: { kind: 'feasibleCount', cycle: 1 }, is: '3' }],
      question: {
        prompt: 'Where does web-1 go?',
        choices: ['node-1', 'node-2', 'node-3'],
        answer: 2,
        explanation: 'The constraint scores the zone with the fewest matching pods highest.',
        reveal: { fact: { kind: 'selected', cycle: 1 } },
      },
    },
    {
      at: { cycle: 1, phase: 'score' },
      text: 'Score reads the constraint\'s counts of app=web pods per zone: a 2, b 1, c 0. Fewer matching pods score higher; over maxSkew is no ✗ here.',
      facts: [{ says: 'a 2, b 1, c 0', fact: { kind: 'spread', cycle: 1, node: 'node-1', field: 'scoreCounts' }, is: 'zone-a 2, zone-b 1, zone-c 0' }],
    },
    {
      at: { cycle: 1, phase: 'done' },
      text: 'PodTopologySpread scored the emptiest zone highest: node-3 100, node-2 33, node-1 0 (weight 2). web-1 runs on node-3; zone-c has 1 now.',
      facts: [
        { says: 'node-3 100', fact: { kind: 'score', cycle: 1, node: 'node-3', plugin: 'PodTopologySpread' }, is: '100' },
        { says: 'node-2 33', fact: { kind: 'score', cycle: 1, node: 'node-2', plugin: 'PodTopologySpread' }, is: '33' },
        { says: 'node-1 0', fact: { kind: 'score', cycle: 1, node: 'node-1', plugin: 'PodTopologySpread' }, is: '0' },
        { says: 'web-1 runs on node-3', fact: { kind: 'selected', cycle: 1 }, is: 'node-3' },
      ],
    },
    {
      at: { cycle: 2, phase: 'queue' },
      text: 'web-strict asks 3 CPUs, with DoNotSchedule. Zones now: a 2, b 1, c 1. node-2 and node-3 have only 2 CPUs.',
      facts: [{ says: 'Zones now: a 2, b 1, c 1', fact: { kind: 'spread', cycle: 2, node: 'node-1', field: 'counts' }, is: 'zone-a 2, zone-b 1, zone-c 1' }],
      question: {
        prompt: 'Which nodes pass Filter for web-strict?',
        choices: ['node-1', 'None'],
        answer: 1,
        explanation: 'zone-a would reach 2 + 1 − 1 = 2 > maxSkew 1; the other zones lack the CPU.',
        reveal: { fact: { kind: 'feasible', cycle: 2 }, values: ['node-1', 'none'] },
      },
    },
    {
      at: { cycle: 2, phase: 'done' },
      text: 'None: zone-a gives 2 + 1 − 1 = 2 > 1, zone-b and zone-c lack the CPU. web-strict stays Pending.',
      facts: [
        { says: '2 + 1 − 1 = 2', fact: { kind: 'spread', cycle: 2, node: 'node-1', field: 'skew' }, is: '2' },
        { says: 'stays Pending', fact: { kind: 'result', cycle: 2 }, is: 'Unschedulable' },
      ],
    },
    {
      at: { cycle: 3, phase: 'done' },
      text: 'web-2 is the same pod with ScheduleAnyway: it runs on node-1, in zone-a. A preference gives way when no node can meet it.',
      facts: [{ says: 'it runs on node-1', fact: { kind: 'selected', cycle: 3 }, is: 'node-1' }],
    },
    {
      at: { cycle: 4, phase: 'done' },
      text: 'web-2\'s binding sends web-strict back to the scheduler: zone-a has 3 now, still Pending.',
      facts: [{ says: 'still Pending', fact: { kind: 'result', cycle: 4 }, is: 'Unschedulable' }],
    },
  ],
  outcome: {
    cycleCount: 4,
    cycles: [
      {
        cycle: 1, pod: 'default/web-1', result: 'Scheduled', selected: 'node-3', feasible: ['node-1', 'node-2', 'node-3'],
        scores: { 'node-1': { PodTopologySpread: 0 }, 'node-2': { PodTopologySpread: 33 }, 'node-3': { PodTopologySpread: 100 } },
      },
      {
        cycle: 2, pod: 'default/web-strict', result: 'Unschedulable', selected: null, feasible: [],
        filtered: {
          'node-1': { plugin: 'PodTopologySpread', reason: SPREAD, code: 'Unschedulable' },
          'node-2': { plugin: 'NodeResourcesFit', reason: 'Insufficient cpu' },
          'node-3': { plugin: 'NodeResourcesFit', reason: 'Insufficient cpu' },
        },
      },
      { cycle: 3, pod: 'default/web-2', result: 'Scheduled', selected: 'node-1', feasible: ['node-1'] },
      { cycle: 4, pod: 'default/web-strict', result: 'Unschedulable' },
    ],
    pods: [
      { pod: 'default/web-1', phase: 'Running', node: 'node-3' },
      { pod: 'default/web-2', phase: 'Running', node: 'node-1' },
      { pod: 'default/web-strict', phase: 'Pending', node: null },
    ],
  },
};
