// The node autoscaler around the scheduler (issue 20; docs/autoscaler.md): cluster-autoscaler
// grows a node group when pods are unschedulable and a new node of the group would host them
// (upstream: cluster-autoscaler/core/scaleup, expander/waste), removes underused nodes whose pods
// fit elsewhere unless a PodDisruptionBudget forbids it (core/scaledown, simulator/drain.go), and
// scales a group from zero with its template node; seed 003's caveat: topology spread does not
// see a zone that has no node.

import type { Lesson } from '../types';
import { nodeGroupTemplateYaml, nodeYaml } from './yaml';

const AUTOSCALING_DOCS = 'https://kubernetes.io/docs/concepts/cluster-administration/node-autoscaling/';

// report asks for 3 CPUs / 6Gi; node-1 has 2 CPUs: Insufficient cpu. Both templates fit it.
// least-waste (expander/waste/waste.go): small wastes (4-3)/4 + (8-6)/8 = 0.5, large
// (16-3)/16 + (64-6)/64 ≈ 1.72: small grows 0->1 at the first loop (10 s, --scan-interval). cron,
// applied at 30 s, fits node-1's last 500m (cycle 3) while small-1 is provisioning; small-1
// registers after the 60 s provisioning delay (70 s) and takes report (cycle 4).
export const autoscalerScaleUpLesson: Lesson = {
  id: 'autoscaler-scale-up',
  title: 'Scale-up: which node group does the autoscaler grow?',
  summary: 'A pod fits no node. cluster-autoscaler runs the scheduler\'s Filters on a template node of each group, and its expander picks one of those that fit: least-waste takes the group whose new node leaves the least CPU and memory idle.',
  topic: 'Node autoscaling',
  docs: AUTOSCALING_DOCS,
  scenario: `# Scale-up with the least-waste expander (cluster-autoscaler FAQ, "What are Expanders?").
# Node groups as cluster-autoscaler's kwok cloud provider reads them: template Nodes.
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: autoscaler-scale-up}
spec:
  timeline:
  - at: 30
    action: apply
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: cron, namespace: default}
      spec:
        containers:
        - {name: cron, image: busybox, resources: {requests: {cpu: 200m, memory: 256Mi}}}
---
apiVersion: podplay/v1alpha1
kind: ClusterAutoscaler
metadata: {name: cluster-autoscaler}
spec:
  expander: least-waste
  provisioningDelay: 60s
  templates:
${nodeGroupTemplateYaml('large', [0, 3], { cpu: '16', memory: '64Gi' })}${nodeGroupTemplateYaml('small', [0, 3], { cpu: '4', memory: '8Gi' })}---
${nodeYaml('node-1', { cpu: '2', memory: '8Gi' })}---
apiVersion: v1
kind: Pod
metadata: {name: api}
spec:
  containers:
  - {name: api, image: nginx, resources: {requests: {cpu: 1500m, memory: 2Gi}}}
---
apiVersion: v1
kind: Pod
metadata: {name: report}
spec:
  containers:
  - {name: report, image: busybox, resources: {requests: {cpu: "3", memory: 6Gi}}}
`,
  story: [
    {
      at: { cycle: 2, phase: 'filter' },
      text: 'report asks for 3 CPUs; node-1 has 2: "Insufficient cpu". The scheduler marks report unschedulable, and that is what cluster-autoscaler watches.',
      facts: [
        { says: 'node-1 has 2', fact: { kind: 'allocatable', node: 'node-1', resource: 'cpu' }, is: '2' },
        { says: '"Insufficient cpu"', fact: { kind: 'filterReason', cycle: 2, node: 'node-1' }, is: 'Insufficient cpu' },
      ],
      question: {
        prompt: 'A new node of either group would fit report. Which group does the least-waste expander grow?',
        choices: ['large: 16 CPUs, 64Gi', 'small: 4 CPUs, 8Gi'],
        answer: 1,
        explanation: 'least-waste adds the idle fraction of CPU and memory of the new node: small leaves 25% + 25%, large 81% + 91%.',
        reveal: { fact: { kind: 'scaleUpGroup', pod: 'default/report' }, values: ['large', 'small'] },
      },
    },
    {
      at: { event: { reason: 'TriggeredScaleUp', object: 'Pod/default/report' } },
      text: 'At 10 s the autoscaler ran the Filters on each group\'s template node: both fit. least-waste kept small, whose node leaves the least idle. small-1 is provisioning.',
      facts: [
        { says: 'At 10 s', fact: { kind: 'event', object: 'Pod/default/report', reason: 'TriggeredScaleUp' }, is: '10' },
        { says: 'kept small', fact: { kind: 'scaleUpGroup', pod: 'default/report' }, is: 'small' },
      ],
    },
    {
      at: { cycle: 4, phase: 'done' },
      text: 'small-1 registered at 70 s, after 60 s of provisioning. The new node woke report up, and the scheduler placed it there.',
      facts: [
        { says: 'registered at 70 s', fact: { kind: 'event', object: 'Node/small-1', reason: 'RegisteredNode' }, is: '70' },
        { says: 'placed it there', fact: { kind: 'selected', cycle: 4 }, is: 'small-1' },
      ],
    },
  ],
  outcome: {
    cycleCount: 4,
    cycles: [
      { cycle: 1, pod: 'default/api', result: 'Scheduled', selected: 'node-1' },
      { cycle: 2, pod: 'default/report', result: 'Unschedulable', filtered: { 'node-1': { plugin: 'NodeResourcesFit', reason: 'Insufficient cpu' } } },
      { cycle: 3, pod: 'default/cron', time: 30, result: 'Scheduled', selected: 'node-1' },
      { cycle: 4, pod: 'default/report', time: 70, result: 'Scheduled', selected: 'small-1' },
    ],
    pods: [{ pod: 'default/api', node: 'node-1' }, { pod: 'default/cron', node: 'node-1' }, { pod: 'default/report', phase: 'Running', node: 'small-1' }],
    events: [
      { object: 'Pod/default/report', reason: 'TriggeredScaleUp', time: 10, messageIncludes: 'pod triggered scale-up: [{small 0->1 (max: 3)}]' },
      { object: 'Node/small-1', reason: 'RegisteredNode', time: 70 },
    ],
  },
};

// Three nodes of group pool (min 1), one pod each at 12.5% CPU, under the 0.5 utilisation
// threshold. web's two pods fit elsewhere; db's PDB (minAvailable 1, one pod) allows no
// disruption: pool-2 is unremovable (NotEnoughPdb). After --scale-down-unneeded-time (2m here)
// pool-1 is drained (130 s) and removed when its pod's grace is over (160 s); then pool-3 the same
// way (one non-empty node drains at a time). The evicted web pods are re-created and land on pool-2.
export const autoscalerScaleDownPdbLesson: Lesson = {
  id: 'autoscaler-scale-down-pdb',
  title: 'Scale-down: idle nodes go, a PodDisruptionBudget keeps one',
  summary: 'cluster-autoscaler removes a node that has been underused for scale-down-unneeded-time when its pods fit elsewhere. It drains with the Eviction API: a pod whose PodDisruptionBudget allows no disruption keeps its node.',
  topic: 'Node autoscaling',
  docs: AUTOSCALING_DOCS,
  scenario: `# Scale-down (cluster-autoscaler FAQ, "How does scale-down work?" and "What types of pods can
# prevent CA from removing a node?"). scaleDownUnneededTime is 2m here (default 10m).
apiVersion: podplay/v1alpha1
kind: ClusterAutoscaler
metadata: {name: cluster-autoscaler}
spec:
  scaleDownUnneededTime: 2m
  templates:
${nodeGroupTemplateYaml('pool', [1, 5], { cpu: '4', memory: '16Gi' })}---
${nodeYaml('pool-1', { memory: '16Gi', labels: { 'kwok-nodegroup': 'pool' } })}---
${nodeYaml('pool-2', { memory: '16Gi', labels: { 'kwok-nodegroup': 'pool' } })}---
${nodeYaml('pool-3', { memory: '16Gi', labels: { 'kwok-nodegroup': 'pool' } })}---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: nginx, resources: {requests: {cpu: 500m, memory: 1Gi}}}]
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: db}
spec:
  replicas: 1
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec:
      containers: [{name: db, image: postgres, resources: {requests: {cpu: 500m, memory: 1Gi}}}]
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: db}
spec:
  minAvailable: 1
  selector: {matchLabels: {app: db}}
`,
  story: [
    {
      at: { cycle: 3, phase: 'done' },
      text: 'Three nodes of group pool, one pod on each: 500m of 4 CPUs, under the 50% threshold. db\'s PodDisruptionBudget wants 1 pod available, and db has 1.',
      facts: [{ says: 'of 4 CPUs', fact: { kind: 'allocatable', node: 'pool-2', resource: 'cpu' }, is: '4' }],
      question: {
        prompt: 'Every node is underused. After 2 minutes, does the autoscaler remove pool-2, where db runs?',
        choices: ['Yes: db fits on another node', 'No: evicting db would break its PodDisruptionBudget'],
        answer: 1,
        explanation: 'Before it removes a node the autoscaler checks each pod\'s PDB: db\'s allows 0 disruptions, so pool-2 is unremovable (NotEnoughPdb).',
        reveal: { fact: { kind: 'event', object: 'Node/pool-2', reason: 'ScaleDown' }, values: ['130', 'never'] },
      },
    },
    {
      at: { event: { reason: 'ScaleDown', object: 'Node/pool-1' } },
      text: 'At 130 s pool-1 has been unneeded for 2 minutes: it is tainted ToBeDeletedByClusterAutoscaler and its web pod evicted. The ReplicaSet re-creates it elsewhere.',
      facts: [{ says: 'At 130 s', fact: { kind: 'event', object: 'Node/pool-1', reason: 'ScaleDown' }, is: '130' }],
    },
    {
      at: { cycle: 5, phase: 'done' },
      text: 'pool-3 goes the same way at 160 s (one node drains at a time). pool-2 stays with db and both web pods: the PDB kept it, and the group\'s min size is 1.',
      facts: [
        { says: 'at 160 s', fact: { kind: 'event', object: 'Node/pool-3', reason: 'ScaleDown' }, is: '160' },
        { says: 'pool-2 stays', fact: { kind: 'event', object: 'Node/pool-2', reason: 'ScaleDown' }, is: 'never' },
        { says: 'both web pods', fact: { kind: 'selected', cycle: 4 }, is: 'pool-2' },
        { says: 'both web pods', fact: { kind: 'selected', cycle: 5 }, is: 'pool-2' },
      ],
    },
  ],
  outcome: {
    cycleCount: 5,
    // the pods have generated names (web-xxxxx): where the re-created web pods go is a fact of the story
    cycles: [],
    pods: [],
    events: [
      { object: 'Node/pool-1', reason: 'ScaleDown', time: 130, messageIncludes: 'marked the node as toBeDeleted/unschedulable' },
      { object: 'Node/pool-3', reason: 'ScaleDown', time: 160, messageIncludes: 'marked the node as toBeDeleted/unschedulable' },
    ],
  },
};

// zone-b's group is at 0 nodes. web's 3 replicas spread on topology.kubernetes.io/zone with
// maxSkew 1, but PodTopologySpread only counts domains of existing nodes: zone-a is the only one,
// so all 3 go to node-a (seed 003: "autoscaled clusters, when a node pool is scaled to zero").
// cache selects zone-b: no node has it, the template does: zone-b grows 0->1 at 10 s and zone-b-1
// joins at 70 s. At 100 s web's 4th replica sees zone-a 3, zone-b 0 and must go to zone-b-1.
export const autoscalerScaleFromZeroLesson: Lesson = {
  id: 'autoscaler-scale-from-zero',
  title: 'Scale from zero: the zone that topology spread cannot see',
  summary: 'A node group at zero nodes still has a template, so the autoscaler can grow it for a pod that needs its labels. Until a node exists, though, topology spread does not know the zone: replicas "spread" over the zones that have nodes.',
  topic: 'Node autoscaling',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/#known-limitations',
  scenario: `# Scale from zero and topology spread (Kubernetes docs, "Pod Topology Spread Constraints",
# Known limitations: with a node pool scaled to zero, the spread does not see its zone).
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: scale-from-zero-spread}
spec:
  timeline:
  - {at: 100, action: scale, kind: Deployment, name: web, namespace: default, replicas: 4}
---
apiVersion: podplay/v1alpha1
kind: ClusterAutoscaler
metadata: {name: cluster-autoscaler}
spec:
  provisioningDelay: 60s
  templates:
${nodeGroupTemplateYaml('zone-b', [0, 2], { cpu: '4', memory: '16Gi' }, { 'topology.kubernetes.io/zone': 'zone-b' })}---
${nodeYaml('node-a', { memory: '16Gi', labels: { 'topology.kubernetes.io/zone': 'zone-a' } })}---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      topologySpreadConstraints:
      - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}}
      containers: [{name: web, image: nginx, resources: {requests: {cpu: "1", memory: 1Gi}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: cache}
spec:
  nodeSelector: {topology.kubernetes.io/zone: zone-b}
  containers: [{name: cache, image: redis, resources: {requests: {cpu: 500m, memory: 1Gi}}}]
`,
  story: [
    {
      at: { cycle: 1, phase: 'done' },
      text: 'Node group zone-b has 0 nodes, only a template labelled zone-b. cache selects zone-b: no node matches, and cache is unschedulable.',
      facts: [{ says: 'cache is unschedulable', fact: { kind: 'event', object: 'Pod/default/cache', reason: 'FailedScheduling' }, is: '0' }],
    },
    {
      at: { cycle: 4, phase: 'filter' },
      text: 'web spreads over zones with maxSkew 1. Its third replica: the spread counts "zone-a 2" and nothing else, a zone without nodes is no domain.',
      facts: [{ says: '"zone-a 2"', fact: { kind: 'spread', cycle: 4, node: 'node-a', field: 'counts' }, is: 'zone-a 2' }],
      question: {
        prompt: 'node-a is the only node. Does web\'s third replica go there too?',
        choices: ['Yes: with one zone the skew is 0', 'No: it waits for a node in zone-b'],
        answer: 0,
        explanation: 'The spread only sees the zones of existing nodes. Nothing is Pending for web, so the autoscaler has no reason to add a zone-b node for it.',
        reveal: { fact: { kind: 'selected', cycle: 4 }, values: ['node-a', 'none'] },
      },
    },
    {
      at: { cycle: 5, phase: 'select' },
      text: 'cache made the autoscaler grow zone-b from zero at 10 s: its template fits cache. zone-b-1 joined at 70 s and cache runs there.',
      facts: [
        { says: 'at 10 s', fact: { kind: 'event', object: 'Pod/default/cache', reason: 'TriggeredScaleUp' }, is: '10' },
        { says: 'cache runs there', fact: { kind: 'selected', cycle: 5 }, is: 'zone-b-1' },
      ],
    },
    {
      at: { cycle: 6, phase: 'done' },
      text: 'At 100 s web gets a 4th replica. Now zone-b is a domain: "zone-a 3, zone-b 0". node-a would make the skew 4: only zone-b-1 passes.',
      facts: [
        { says: '"zone-a 3, zone-b 0"', fact: { kind: 'spread', cycle: 6, node: 'node-a', field: 'counts' }, is: 'zone-a 3, zone-b 0' },
        { says: 'only zone-b-1 passes', fact: { kind: 'feasible', cycle: 6 }, is: 'zone-b-1' },
      ],
    },
  ],
  outcome: {
    cycleCount: 6,
    cycles: [
      { cycle: 1, pod: 'default/cache', result: 'Unschedulable', feasibleCount: 0 },
      { cycle: 5, pod: 'default/cache', time: 70, result: 'Scheduled', selected: 'zone-b-1' },
    ],
    pods: [{ pod: 'default/cache', phase: 'Running', node: 'zone-b-1' }],
    events: [{ object: 'Pod/default/cache', reason: 'TriggeredScaleUp', time: 10, messageIncludes: 'pod triggered scale-up: [{zone-b 0->1 (max: 2)}]' }],
  },
};
