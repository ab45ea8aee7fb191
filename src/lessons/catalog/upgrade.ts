// Upgrading kube-scheduler: the same cluster and pod on v1.35 and v1.37, and why the pod moves.
// v1.36 rewrote NodeResourcesBalancedAllocation to score the change in balance the pod makes
// (kubernetes PR #135573, issue #129733; src/engine/versions.ts `balancedAllocationDelta`).
// upstream: pkg/scheduler/framework/plugins/noderesources/balanced_allocation.go
//
// A lesson runs one version: this one runs v1.37. Where the pod moves, the stage also draws the
// v1.35 run's BalancedAllocation scores beside v1.37's (`versions`, src/ui/viz/VersionScores.tsx);
// the v1.35 numbers the text states are checked against the engine at v1.35 by ./upgrade.test.ts.
//
// Both nodes: 10 cpu, 10Gi. even-node runs 5 cpu / 5Gi, cpu-node 8 cpu / 2Gi; cache asks for 1Gi.
// NodeResourcesFit (LeastAllocated; cache counts as 100m cpu, the non-zero default): even-node
// cpu 49, memory 40 → 44; cpu-node 19, 70 → 44: a tie.
// BalancedAllocation, balance = 100 × (1 − |cpu fraction − memory fraction| / 2):
//   without cache: even-node .5/.5 → 100, cpu-node .8/.2 → 70
//   with cache:    even-node .5/.6 → 95,  cpu-node .8/.3 → 75
//   v1.35 scores "with": 95 against 75 → even-node.
//   v1.36+ scores 50 + (50 + with − without) / 2: 72 against 77 → cpu-node.

import type { Lesson, VersionScoresOnStage } from '../types';
import { nodeYaml } from './yaml';

export const UPGRADE_EVEN_NODE = 'even-node';
export const UPGRADE_CPU_NODE = 'cpu-node';
const BALANCED = 'NodeResourcesBalancedAllocation';
const FIT = 'NodeResourcesFit';

/** where the pod moved, the stage draws BalancedAllocation at v1.35 beside v1.37, each from its own run */
export const UPGRADE_VERSIONS: VersionScoresOnStage = {
  other: '1.35', pod: 'default/cache', plugin: BALANCED, nodes: [UPGRADE_EVEN_NODE, UPGRADE_CPU_NODE],
};

const running = (name: string, node: string, cpu: string, memory: string) => `apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default}
spec:
  nodeName: ${node}
  containers:
  - {name: app, image: nginx, resources: {requests: {cpu: "${cpu}", memory: ${memory}}}}
`;

export const upgradeBalancedAllocationLesson: Lesson = {
  id: 'upgrade-balanced-allocation',
  resourceBars: true,
  title: 'Upgrading to v1.37: BalancedAllocation moves a pod',
  summary: 'The same cluster and pod: v1.35 puts it on one node, v1.37 on the other. v1.36 made BalancedAllocation score how much the pod improves a node\'s balance.',
  topic: 'Resources and scoring',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/resource-bin-packing/',
  scenario: `# Upgrading kube-scheduler from v1.35 to v1.37 (kubernetes PR #135573).
# Set kubernetesVersion to "1.35" to see the old placement, or use Compare → Kubernetes versions.
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: upgrade-balanced-allocation}
spec: {kubernetesVersion: "1.37"}
---
${nodeYaml(UPGRADE_EVEN_NODE, { cpu: '10', memory: '10Gi' })}---
${nodeYaml(UPGRADE_CPU_NODE, { cpu: '10', memory: '10Gi' })}---
${running('web', UPGRADE_EVEN_NODE, '5', '5Gi')}---
${running('encoder', UPGRADE_CPU_NODE, '8', '2Gi')}---
apiVersion: v1
kind: Pod
metadata: {name: cache, namespace: default}
spec:
  containers:
  - {name: redis, image: redis, resources: {requests: {memory: 1Gi}}}
`,
  story: [
    {
      at: { cycle: 1, phase: 'queue' },
      text: 'This cluster runs v1.37. Both nodes have 10 CPUs and 10Gi. even-node uses 5 CPUs and 5Gi, cpu-node 8 CPUs and 2Gi. cache asks for 1Gi of memory and no CPU.',
      facts: [
        { says: '10 CPUs', fact: { kind: 'allocatable', node: UPGRADE_EVEN_NODE, resource: 'cpu' }, is: '10' },
        { says: 'and 10Gi', fact: { kind: 'allocatable', node: UPGRADE_CPU_NODE, resource: 'memory' }, is: '10Gi' },
      ],
    },
    {
      at: { cycle: 1, phase: 'filter' },
      text: 'Both nodes fit. On v1.35, cache ran on even-node: BalancedAllocation scored the balance with the pod, 95 against 75. v1.36 changed that (PR #135573).',
      facts: [{ says: 'Both nodes fit', fact: { kind: 'feasible', cycle: 1 }, is: `${UPGRADE_CPU_NODE}, ${UPGRADE_EVEN_NODE}` }],
      question: {
        prompt: 'v1.37 scores how much the pod changes a node\'s balance. Where does cache run now?',
        choices: ['even-node, as on v1.35', 'cpu-node'],
        answer: 1,
        explanation: 'cache tips the perfectly balanced even-node (100 → 95) and evens out cpu-node (70 → 75). v1.36+ rewards the improvement.',
        reveal: { fact: { kind: 'selected', cycle: 1 }, values: [UPGRADE_EVEN_NODE, UPGRADE_CPU_NODE] },
      },
    },
    {
      at: { cycle: 1, phase: 'select' },
      text: 'NodeResourcesFit gives both 44: a tie. BalancedAllocation, 50 + (50 + with − without) / 2: even-node 100 → 95 scores 72, cpu-node 70 → 75 scores 77. cache runs on cpu-node.',
      versions: UPGRADE_VERSIONS,
      facts: [
        { says: 'both 44', fact: { kind: 'score', cycle: 1, node: UPGRADE_EVEN_NODE, plugin: FIT }, is: '44' },
        { says: 'both 44', fact: { kind: 'score', cycle: 1, node: UPGRADE_CPU_NODE, plugin: FIT }, is: '44' },
        { says: 'scores 72', fact: { kind: 'score', cycle: 1, node: UPGRADE_EVEN_NODE, plugin: BALANCED }, is: '72' },
        { says: 'scores 77', fact: { kind: 'score', cycle: 1, node: UPGRADE_CPU_NODE, plugin: BALANCED }, is: '77' },
        { says: 'cache runs on cpu-node', fact: { kind: 'selected', cycle: 1 }, is: UPGRADE_CPU_NODE },
      ],
    },
    {
      at: { cycle: 1, phase: 'done' },
      text: 'Same cluster, same pod, no configuration change: the upgrade moved it. Compare → "Kubernetes versions" lists every pod an upgrade moves, and why.',
      versions: UPGRADE_VERSIONS,
      facts: [{ says: 'moved it', fact: { kind: 'podNode', pod: 'default/cache' }, is: UPGRADE_CPU_NODE }],
    },
  ],
  outcome: {
    cycleCount: 1,
    cycles: [{
      cycle: 1, pod: 'default/cache', result: 'Scheduled', selected: UPGRADE_CPU_NODE, feasible: [UPGRADE_CPU_NODE, UPGRADE_EVEN_NODE],
      scores: {
        [UPGRADE_EVEN_NODE]: { [FIT]: 44, [BALANCED]: 72 },
        [UPGRADE_CPU_NODE]: { [FIT]: 44, [BALANCED]: 77 },
      },
    }],
    pods: [{ pod: 'default/cache', phase: 'Running', node: UPGRADE_CPU_NODE }],
  },
};
