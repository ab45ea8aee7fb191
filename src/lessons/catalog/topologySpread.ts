// Pod topology spread constraints (DoNotSchedule): the docs' 4-node examples, a conflicting
// pair of constraints, and minDomains.
// upstream: pkg/scheduler/framework/plugins/podtopologyspread/filtering.go — a node passes when
// matchingPodsInItsDomain + selfMatch − globalMinimum <= maxSkew, where the global minimum is 0
// while fewer domains than minDomains are eligible.

import type { Lesson } from '../types';
import { nodeJoinsYaml, nodeYaml } from './yaml';

const ZONE = 'topology.kubernetes.io/zone';
const SPREAD = "node(s) didn't match pod topology spread constraints";

const zonedNode = (name: string, zone: string) => nodeYaml(name, { labels: { node: name, zone } });

function fooPod(name: string, nodeName: string): string {
  return `apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default, labels: {foo: bar}}
spec: {nodeName: ${nodeName}, containers: [{name: pause, image: "registry.k8s.io/pause:3.1"}]}
`;
}

function myPod(constraints: string): string {
  return `apiVersion: v1
kind: Pod
metadata: {name: mypod, namespace: default, labels: {foo: bar}}
spec:
  topologySpreadConstraints:
${constraints}  containers:
  - name: pause
    image: registry.k8s.io/pause:3.1
`;
}

const zoneConstraint = `  - maxSkew: 1
    topologyKey: zone
    whenUnsatisfiable: DoNotSchedule
    labelSelector:
      matchLabels: {foo: bar}
`;
const nodeConstraint = `  - maxSkew: 1
    topologyKey: node
    whenUnsatisfiable: DoNotSchedule
    labelSelector:
      matchLabels: {foo: bar}
`;

const docsCluster = [zonedNode('node1', 'zoneA'), zonedNode('node2', 'zoneA'), zonedNode('node3', 'zoneB'), zonedNode('node4', 'zoneB'),
  fooPod('p1', 'node1'), fooPod('p2', 'node2'), fooPod('p3', 'node3')];

// node3 and node4 pass. No ScheduleAnyway constraint, so PodTopologySpread does not score.
// p3 (no requests) counts as 100m/200Mi on node3: LeastAllocated node3 95, node4 97.
export const spreadZoneLesson: Lesson = {
  id: 'spread-zone',
  title: 'Topology spread across zones',
  summary: 'maxSkew 1 across two zones with 2 and 1 matching pods: only the emptier zone is allowed.',
  topic: 'Topology spread',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/#example-one-topologyspreadconstraint',
  scenario: `# Pod topology spread across zones (Kubernetes docs, "Pod Topology Spread Constraints").
# Four nodes in two zones; three pods labelled foo=bar run on node1, node2 and node3.
${[...docsCluster, myPod(zoneConstraint)].join('---\n')}`,
  steps: [
    {
      cycle: 1, phase: 'queue',
      text: 'mypod (foo=bar) wants maxSkew 1 across zones, DoNotSchedule. Matching pods now: zoneA 2, zoneB 1. The global minimum is 1.',
      facts: [
        { says: 'zoneA 2, zoneB 1', fact: { kind: 'spread', cycle: 1, node: 'node1', field: 'counts' }, is: 'zoneA 2, zoneB 1' },
        { says: 'global minimum is 1', fact: { kind: 'spread', cycle: 1, node: 'node1', field: 'minMatch' }, is: '1' },
      ],
    },
    {
      cycle: 1, phase: 'filter',
      text: `Zone count + 1 − global minimum ≤ maxSkew 1? zoneA: 2 + 1 − 1 = 2, so node1 and node2 fail. zoneB: 1 + 1 − 1 = 1: node3 and node4 pass.`,
      facts: [
        { says: 'zoneA: 2 + 1 − 1 = 2', fact: { kind: 'spread', cycle: 1, node: 'node1', field: 'skew' }, is: '2' },
        { says: 'zoneB: 1 + 1 − 1 = 1', fact: { kind: 'spread', cycle: 1, node: 'node3', field: 'skew' }, is: '1' },
        { says: 'node3 and node4 pass', fact: { kind: 'feasible', cycle: 1 }, is: 'node3, node4' },
        { says: 'node1 and node2 fail', fact: { kind: 'rejectedBy', cycle: 1, node: 'node2' }, is: 'PodTopologySpread' },
      ],
    },
    { cycle: 1, phase: 'score', text: 'PodTopologySpread only scores ScheduleAnyway constraints, and mypod has none. Spreading is satisfied on both nodes: the other plugins decide.' },
    {
      cycle: 1, phase: 'done',
      text: `p3 counts as 100m CPU even without requests, so node3 scores 95 and empty node4 97 (totals 395 and 397). mypod lands on node4: zones 2 and 2.`,
      facts: [
        { says: 'node3 scores 95', fact: { kind: 'score', cycle: 1, node: 'node3', plugin: 'NodeResourcesFit' }, is: '95' },
        { says: 'node4 97', fact: { kind: 'score', cycle: 1, node: 'node4', plugin: 'NodeResourcesFit' }, is: '97' },
        { says: 'totals 395', fact: { kind: 'total', cycle: 1, node: 'node3' }, is: '395' },
        { says: 'and 397', fact: { kind: 'total', cycle: 1, node: 'node4' }, is: '397' },
        { says: 'mypod lands on node4', fact: { kind: 'selected', cycle: 1 }, is: 'node4' },
      ],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'filter',
      prompt: 'zoneA has 2 matching pods, zoneB has 1. Which nodes pass?',
      choices: ['node3 and node4', 'node4 only (it has no pod)', 'All four'],
      answer: 0,
      explanation: 'The constraint counts per zone, not per node: both zoneB nodes give skew 1.',
      reveal: { fact: { kind: 'feasible', cycle: 1 }, values: ['node3, node4', 'node4', 'node1, node2, node3, node4'] },
    },
    {
      atCycle: 1, atPhase: 'score',
      prompt: 'node3 runs p3, node4 runs nothing. Which one gets mypod?',
      choices: ['node3', 'node4'],
      answer: 1,
      explanation: 'Spreading is satisfied on both; LeastAllocated prefers the node without p3.',
      reveal: { fact: { kind: 'selected', cycle: 1 } },
    },
  ],
  outcome: {
    cycleCount: 1,
    cycles: [{
      cycle: 1, pod: 'default/mypod', result: 'Scheduled', selected: 'node4', feasible: ['node3', 'node4'],
      filtered: {
        node1: { plugin: 'PodTopologySpread', reason: SPREAD, code: 'Unschedulable' },
        node2: { plugin: 'PodTopologySpread', reason: SPREAD, code: 'Unschedulable' },
      },
      scores: { node3: { NodeResourcesFit: 95 }, node4: { NodeResourcesFit: 97 } },
    }],
    pods: [{ pod: 'default/mypod', phase: 'Running', node: 'node4' }],
  },
};

export const spreadTwoConstraintsLesson: Lesson = {
  id: 'spread-two-constraints',
  title: 'Two spread constraints: zone AND node',
  summary: 'Constraints combine with AND: the zone rule allows zoneB, the node rule allows node4, so node4 is the only place.',
  topic: 'Topology spread',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/#example-multiple-topologyspreadconstraints',
  scenario: `# Two topology spread constraints (zone and node) combined with AND
# (Kubernetes docs, "Pod Topology Spread Constraints").
${[...docsCluster, myPod(zoneConstraint + nodeConstraint)].join('---\n')}`,
  steps: [
    {
      cycle: 1, phase: 'queue',
      text: 'Same cluster: zoneA holds 2 foo=bar pods, zoneB 1. Per node: node1 1, node2 1, node3 1, node4 0. mypod now has two constraints, both maxSkew 1.',
      facts: [
        { says: 'zoneA holds 2 foo=bar pods, zoneB 1', fact: { kind: 'spread', cycle: 1, node: 'node1', field: 'counts' }, is: 'zoneA 2, zoneB 1' },
        { says: 'node1 1, node2 1, node3 1, node4 0', fact: { kind: 'spread', cycle: 1, node: 'node1', field: 'counts', constraint: 1 }, is: 'node1 1, node2 1, node3 1, node4 0' },
      ],
    },
    {
      cycle: 1, phase: 'filter',
      text: `Zone rule: zoneA gives 2 + 1 − 1 = 2, so only zoneB. Node rule, global minimum 0: node3 gives 1 + 1 − 0 = 2, node4 gives 0 + 1 − 0 = 1. node1, node2 and node3 fail.`,
      facts: [
        { says: 'zoneA gives 2 + 1 − 1 = 2', fact: { kind: 'spread', cycle: 1, node: 'node1', field: 'skew' }, is: '2' },
        { says: 'global minimum 0', fact: { kind: 'spread', cycle: 1, node: 'node3', field: 'minMatch', constraint: 1 }, is: '0' },
        { says: 'node3 gives 1 + 1 − 0 = 2', fact: { kind: 'spread', cycle: 1, node: 'node3', field: 'skew', constraint: 1 }, is: '2' },
        { says: 'node4 gives 0 + 1 − 0 = 1', fact: { kind: 'spread', cycle: 1, node: 'node4', field: 'skew', constraint: 1 }, is: '1' },
        { says: 'node1, node2 and node3 fail', fact: { kind: 'feasible', cycle: 1 }, is: 'node4' },
      ],
    },
    {
      cycle: 1, phase: 'done', text: 'One node satisfies both: node4, taken without scoring.',
      facts: [{ says: 'taken without scoring', fact: { kind: 'scored', cycle: 1 }, is: 'no' }, { says: 'node4', fact: { kind: 'selected', cycle: 1 }, is: 'node4' }],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'filter',
      prompt: 'Which nodes satisfy both constraints?',
      choices: ['node3 and node4', 'node4 only', 'None'],
      answer: 1,
      explanation: 'zoneB passes the zone rule, but node3 would hold 2 pods against 0 on node4.',
      reveal: { fact: { kind: 'feasible', cycle: 1 }, values: ['node3, node4', 'node4', 'none'] },
    },
    {
      atCycle: 1, atPhase: 'select',
      prompt: 'Does the scheduler score nodes for mypod?',
      choices: ['No: one feasible node is taken as it is', 'Yes: spread scoring always runs'],
      answer: 0,
      explanation: 'With a single feasible node, PreScore and Score are skipped.',
      reveal: { fact: { kind: 'scored', cycle: 1 }, values: ['no', 'yes'] },
    },
  ],
  outcome: {
    cycleCount: 1,
    cycles: [{
      cycle: 1, pod: 'default/mypod', result: 'Scheduled', selected: 'node4', feasible: ['node4'], scored: false,
      filtered: {
        node1: { plugin: 'PodTopologySpread', reason: SPREAD },
        node2: { plugin: 'PodTopologySpread', reason: SPREAD },
        node3: { plugin: 'PodTopologySpread', reason: SPREAD },
      },
    }],
    pods: [{ pod: 'default/mypod', phase: 'Running', node: 'node4' }],
  },
};

// Docs, "conflicting constraints": node1 and node2 in zoneA, node3 in zoneB; two pods on node1,
// one on node3. Zone rule → only zoneB (node3); node rule (minimum 0 on node2) → only node2.
// Every pod has priority 0, so preemption finds no victims on any node.
export const spreadConflictLesson: Lesson = {
  id: 'spread-conflict',
  title: 'Spread constraints that cannot both hold',
  summary: 'The zone rule allows only node3, the node rule only node2. The intersection is empty and the pod stays Pending.',
  topic: 'Topology spread',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/#example-conflicting-topologyspreadconstraints',
  scenario: `# Conflicting topology spread constraints (Kubernetes docs, "Pod Topology Spread Constraints").
${[zonedNode('node1', 'zoneA'), zonedNode('node2', 'zoneA'), zonedNode('node3', 'zoneB'),
    fooPod('p1', 'node1'), fooPod('p2', 'node1'), fooPod('p3', 'node3'), myPod(zoneConstraint + nodeConstraint)].join('---\n')}`,
  steps: [
    {
      cycle: 1, phase: 'queue', text: 'foo=bar pods: zoneA 2 (both on node1), zoneB 1 (node3). Per node: node1 2, node2 0, node3 1.',
      facts: [
        { says: 'zoneA 2 (both on node1), zoneB 1', fact: { kind: 'spread', cycle: 1, node: 'node1', field: 'counts' }, is: 'zoneA 2, zoneB 1' },
        { says: 'node1 2, node2 0, node3 1', fact: { kind: 'spread', cycle: 1, node: 'node1', field: 'counts', constraint: 1 }, is: 'node1 2, node2 0, node3 1' },
      ],
    },
    {
      cycle: 1, phase: 'filter',
      text: `Zone rule: zoneA gives 2 + 1 − 1 = 2 > 1: only node3. Node rule (minimum 0): node3 gives 1 + 1 − 0 = 2 > 1: only node2. No node passes both.`,
      facts: [
        { says: 'zoneA gives 2 + 1 − 1 = 2', fact: { kind: 'spread', cycle: 1, node: 'node2', field: 'skew' }, is: '2' },
        { says: 'node3 gives 1 + 1 − 0 = 2', fact: { kind: 'spread', cycle: 1, node: 'node3', field: 'skew', constraint: 1 }, is: '2' },
        { says: 'No node passes both', fact: { kind: 'feasibleCount', cycle: 1 }, is: '0' },
      ],
    },
    {
      cycle: 1, phase: 'postFilter', text: 'Preemption tries every node, but all pods have priority 0, like mypod: "No preemption victims found for incoming pod".',
      facts: [{ says: 'No preemption victims found', fact: { kind: 'victims', cycle: 1 }, is: 'none' }],
    },
    {
      cycle: 1, phase: 'done', text: 'mypod stays Pending. Fixes: raise a maxSkew, switch one constraint to whenUnsatisfiable: ScheduleAnyway, or move a pod off node1.',
      facts: [{ says: 'mypod stays Pending', fact: { kind: 'result', cycle: 1 }, is: 'Unschedulable' }],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'filter',
      prompt: 'How many nodes pass Filter?',
      choices: ['0', '1', '2'],
      answer: 0,
      explanation: 'Zone rule: node3 only. Node rule: node2 only. AND leaves nothing.',
      reveal: { fact: { kind: 'feasibleCount', cycle: 1 } },
    },
    {
      atCycle: 1, atPhase: 'postFilter',
      prompt: 'Can preemption make room?',
      choices: ['Yes: it evicts p1 from node1', 'No: no pod has a lower priority than mypod'],
      answer: 1,
      explanation: 'Preemption only removes pods with lower priority than the pending pod. All are 0 here.',
      reveal: { fact: { kind: 'victims', cycle: 1 }, values: ['default/p1', 'none'] },
    },
  ],
  outcome: {
    cycles: [{
      cycle: 1, pod: 'default/mypod', result: 'Unschedulable', feasible: [], preemption: null,
      filtered: {
        node1: { plugin: 'PodTopologySpread', reason: SPREAD, code: 'Unschedulable' },
        node2: { plugin: 'PodTopologySpread', reason: SPREAD, code: 'Unschedulable' },
        node3: { plugin: 'PodTopologySpread', reason: SPREAD, code: 'Unschedulable' },
      },
      messageIncludes: [
        `0/3 nodes are available: 3 ${SPREAD}.`,
        'preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.',
      ],
    }],
    pods: [{ pod: 'default/mypod', phase: 'Pending', node: null, reason: 'Unschedulable', messageIncludes: [`3 ${SPREAD}`] }],
  },
};

// minDomains 3 with only 2 zones: the global minimum is taken as 0, so a zone already holding
// one pod gives 1 + 1 − 0 = 2 > 1. When node-c1 (zone-c) joins at 60 s there are 3 domains,
// the minimum is zone-c's 0, and node-c1 gives 0 + 1 − 0 = 1.
export const spreadMinDomainsLesson: Lesson = {
  id: 'spread-min-domains',
  title: 'minDomains: wait for enough zones',
  summary: 'With fewer eligible domains than minDomains the global minimum counts as 0, so each zone may hold at most maxSkew pods. A third zone unblocks the pod.',
  topic: 'Topology spread',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/#spread-constraint-definition',
  scenario: `# minDomains (Kubernetes docs, "Pod Topology Spread Constraints").
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: spread-min-domains}
spec:
  timeline:
${nodeJoinsYaml(60, 'node-c1', { [ZONE]: 'zone-c' })}---
${nodeYaml('node-a1', { labels: { [ZONE]: 'zone-a' } })}---
${nodeYaml('node-b1', { labels: { [ZONE]: 'zone-b' } })}---
apiVersion: v1
kind: Pod
metadata: {name: ha-1, namespace: default, labels: {app: ha}}
spec: {nodeName: node-a1, containers: [{name: app, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: ha-2, namespace: default, labels: {app: ha}}
spec: {nodeName: node-b1, containers: [{name: app, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: ha-3, namespace: default, labels: {app: ha}}
spec:
  topologySpreadConstraints:
  - maxSkew: 1
    minDomains: 3
    topologyKey: topology.kubernetes.io/zone
    whenUnsatisfiable: DoNotSchedule
    labelSelector:
      matchLabels: {app: ha}
  containers:
  - name: app
    image: nginx
`,
  steps: [
    {
      cycle: 1, phase: 'queue',
      text: 'ha-3 wants maxSkew 1 across zones with minDomains 3. The cluster has 2 nodes in 2 zones, zone-a and zone-b, with one app=ha pod each.',
      facts: [
        { says: '2 nodes', fact: { kind: 'nodeCount', cycle: 1 }, is: '2' },
        { says: '2 zones', fact: { kind: 'spread', cycle: 1, node: 'node-a1', field: 'eligibleDomains' }, is: '2' },
        { says: 'one app=ha pod each', fact: { kind: 'spread', cycle: 1, node: 'node-a1', field: 'counts' }, is: 'zone-a 1, zone-b 1' },
      ],
    },
    {
      cycle: 1, phase: 'filter',
      text: `2 zones < minDomains 3: the global minimum is taken as 0. Each node gives 1 + 1 − 0 = 2 > 1: "node(s) didn't match pod topology spread constraints".`,
      facts: [
        { says: 'global minimum is taken as 0', fact: { kind: 'spread', cycle: 1, node: 'node-a1', field: 'minMatch' }, is: '0' },
        { says: 'Each node gives 1 + 1 − 0 = 2', fact: { kind: 'spread', cycle: 1, node: 'node-b1', field: 'skew' }, is: '2' },
        { says: `"${SPREAD}"`, fact: { kind: 'feasibleCount', cycle: 1 }, is: '0' },
      ],
    },
    {
      cycle: 1, phase: 'done', text: 'ha-3 waits in the unschedulable pool until a cluster event could make it schedulable.',
      facts: [{ says: 'ha-3 waits in the unschedulable pool', fact: { kind: 'queue', cycle: 1, pod: 'default/ha-3' }, is: 'unschedulablePods' }],
    },
    {
      cycle: 2, phase: 'queue',
      text: 'At 60 s node-c1 joins, in a new zone, zone-c. A new node is a cluster event that can help PodTopologySpread: ha-3 goes back to the active queue.',
      facts: [
        { says: 'At 60 s', fact: { kind: 'time', cycle: 2 }, is: '60' },
        { says: 'node-c1 joins', fact: { kind: 'nodeCount', cycle: 2 }, is: '3' },
        { says: 'zone-c', fact: { kind: 'nodeLabel', node: 'node-c1', key: ZONE }, is: 'zone-c' },
      ],
    },
    {
      cycle: 2, phase: 'filter',
      text: "3 zones now: the global minimum is zone-c's 0. node-c1 gives 0 + 1 − 0 = 1 and passes; node-a1 and node-b1 still give 2.",
      facts: [
        { says: '3 zones now', fact: { kind: 'spread', cycle: 2, node: 'node-c1', field: 'eligibleDomains' }, is: '3' },
        { says: 'node-c1 gives 0 + 1 − 0 = 1', fact: { kind: 'spread', cycle: 2, node: 'node-c1', field: 'skew' }, is: '1' },
        { says: 'node-a1 and node-b1 still give 2', fact: { kind: 'spread', cycle: 2, node: 'node-a1', field: 'skew' }, is: '2' },
        { says: 'passes', fact: { kind: 'feasible', cycle: 2 }, is: 'node-c1' },
      ],
    },
    {
      cycle: 2, phase: 'done', text: 'ha-3 runs on node-c1: one pod in each of the three zones.',
      facts: [{ says: 'ha-3 runs on node-c1', fact: { kind: 'selected', cycle: 2 }, is: 'node-c1' }],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'filter',
      prompt: 'Two zones, one app=ha pod in each, minDomains 3. Which nodes pass for ha-3?',
      choices: ['Both: the skew would be 1', 'Neither'],
      answer: 1,
      explanation: 'With fewer domains than minDomains the global minimum counts as 0, so a zone may hold at most maxSkew = 1 matching pod.',
      reveal: { fact: { kind: 'feasible', cycle: 1 }, values: ['node-a1, node-b1', 'none'] },
    },
    {
      atCycle: 2, atPhase: 'queue',
      prompt: 'A node in a new zone will join at 60 s. When does ha-3 get its second attempt?',
      choices: ['At 1 s, after its backoff', 'At 60 s, when the node joins', 'At 300 s, the 5-minute flush'],
      answer: 1,
      explanation: 'An unschedulable pod is retried when a cluster event could make it schedulable. Adding a node with the zone label is such an event.',
      reveal: { fact: { kind: 'time', cycle: 2 }, values: ['1', '60', '300'] },
    },
    {
      atCycle: 2, atPhase: 'filter',
      prompt: 'Three zones now. Which nodes pass for ha-3?',
      choices: ['node-c1 only', 'All three', 'node-a1 and node-b1'],
      answer: 0,
      explanation: 'Only the new zone has 0 matching pods; the global minimum is now 0 for a real reason.',
      reveal: { fact: { kind: 'feasible', cycle: 2 }, values: ['node-c1', 'node-a1, node-b1, node-c1', 'node-a1, node-b1'] },
    },
  ],
  outcome: {
    cycleCount: 2,
    cycles: [
      {
        cycle: 1, pod: 'default/ha-3', time: 0, result: 'Unschedulable', feasible: [],
        filtered: {
          'node-a1': { plugin: 'PodTopologySpread', reason: SPREAD, code: 'Unschedulable' },
          'node-b1': { plugin: 'PodTopologySpread', reason: SPREAD, code: 'Unschedulable' },
        },
        messageIncludes: [`0/2 nodes are available: 2 ${SPREAD}.`],
      },
      {
        cycle: 2, pod: 'default/ha-3', time: 60, result: 'Scheduled', selected: 'node-c1', feasible: ['node-c1'],
        filtered: { 'node-a1': { plugin: 'PodTopologySpread', reason: SPREAD }, 'node-b1': { plugin: 'PodTopologySpread', reason: SPREAD } },
      },
    ],
    pods: [{ pod: 'default/ha-3', phase: 'Running', node: 'node-c1' }],
  },
};
