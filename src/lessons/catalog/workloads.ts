// Workload-aware scheduling (v1.36+): a PodGroup scheduled in one pod-group cycle, placed in one
// rack by topology-aware placement, and preempting as a whole group. upstream:
// pkg/scheduler/schedule_one_podgroup.go (podGroupCycle, podGroupSchedulingPlacementAlgorithm,
// runWorkloadAwarePreemption), plugins/gangscheduling, plugins/topologyaware, KEPs 4671, 5732, 5710.
// The scenarios are copies of the example scenarios of scenarios/ (each checked by its own engine
// test; workloads.test.ts keeps the copies equal): Playwright loads lessons without Vite's ?raw.

import type { Lesson } from '../types';

/** scenarios/gang-podgroup.yaml */
export const gangPodGroup = `# A gang of four training workers as a PodGroup (scheduling.k8s.io/v1beta1, Kubernetes 1.37; 1.36
# serves v1alpha2, where the PodGroup names its template with podGroupTemplateRef.workload), scheduled
# in one pod-group cycle (upstream schedule_one_podgroup.go).
# Each worker asks for 1500m cpu and each node has 2 cpu, so a node holds one worker; the gang
# needs all four (minCount: 4) and the cluster starts with three nodes.
#   t=0:  one pod-group cycle tries the four workers in one snapshot: three find a node and are
#         assumed, the fourth finds none ("0/3 nodes are available: 3 Insufficient cpu."), so
#         GangScheduling's Permit never reaches minCount and nothing binds. The three go back to
#         the queue with "pod group is unschedulable, waiting for minCount pods from a gang to be
#         waiting on permit"; the PodGroup's PodGroupScheduled condition is False (Unschedulable).
#         At 1.37 workload-aware preemption (part of GenericWorkload) then runs for the group and
#         finds nothing of lower priority to evict: ", pod group preemption: No preemption victims
#         found for incoming preemptor" is added to the group's message.
#   t=60: node-4 joins (a Node add: NodeResourcesFit queues the fourth worker). The next
#         pod-group cycle places all four, and they bind at once, one per node.
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: gang-podgroup}
spec:
  kubernetesVersion: "1.37"
  featureGates: {GenericWorkload: true, GangScheduling: true}
  timeline:
  - at: 60
    action: apply
    object:
      apiVersion: v1
      kind: Node
      metadata: {name: node-4, labels: {kubernetes.io/hostname: node-4}}
      status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: node-1, labels: {kubernetes.io/hostname: node-1}}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: node-2, labels: {kubernetes.io/hostname: node-2}}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: node-3, labels: {kubernetes.io/hostname: node-3}}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: scheduling.k8s.io/v1beta1
kind: Workload
metadata: {name: training}
spec:
  podGroupTemplates:
  - name: workers
    schedulingPolicy: {gang: {minCount: 4}}
---
apiVersion: scheduling.k8s.io/v1beta1
kind: PodGroup
metadata: {name: training-workers-0}
spec:
  workloadRef: {workloadName: training, templateName: workers}
  schedulingPolicy: {gang: {minCount: 4}}
---
apiVersion: v1
kind: Pod
metadata: {name: worker-0}
spec:
  schedulingGroup: {podGroupName: training-workers-0}
  containers: [{name: train, image: trainer, resources: {requests: {cpu: 1500m}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: worker-1}
spec:
  schedulingGroup: {podGroupName: training-workers-0}
  containers: [{name: train, image: trainer, resources: {requests: {cpu: 1500m}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: worker-2}
spec:
  schedulingGroup: {podGroupName: training-workers-0}
  containers: [{name: train, image: trainer, resources: {requests: {cpu: 1500m}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: worker-3}
spec:
  schedulingGroup: {podGroupName: training-workers-0}
  containers: [{name: train, image: trainer, resources: {requests: {cpu: 1500m}}}]
`;

/** scenarios/topology-training-rack.yaml */
export const topologyRack = `# A training job placed in one rack by topology-aware workload scheduling (Kubernetes 1.36,
# alpha gate TopologyAwareWorkloadScheduling; KEP-5732). The PodGroup's
# spec.schedulingConstraints.topology asks for one value of topology.kubernetes.io/rack.
# Three racks of two 4-cpu nodes; each of the four workers asks for 1500m cpu (two fit a node).
#   rack-a: a1 runs a 3-cpu pod, so the rack holds only three workers — the placement fails;
#   rack-b: b1 runs a 1-cpu pod — four workers fit (two on b1, two on b2);
#   rack-c: empty — four workers fit.
# The pod-group cycle tries the gang in each rack (TopologyPlacement's placements), scores the
# two feasible ones (NodeResourcesFit packs: rack-b is fuller; PodGroupPodsCount: 4 and 4, a tie)
# and binds all four workers in rack-b. Without the gate the same gang spreads across racks.
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: topology-training-rack}
spec:
  kubernetesVersion: "1.36"
  featureGates: {GenericWorkload: true, GangScheduling: true, TopologyAwareWorkloadScheduling: true}
---
apiVersion: v1
kind: Node
metadata: {name: a1, labels: {kubernetes.io/hostname: a1, topology.kubernetes.io/rack: rack-a}}
status: {allocatable: {cpu: "4", memory: 16Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: a2, labels: {kubernetes.io/hostname: a2, topology.kubernetes.io/rack: rack-a}}
status: {allocatable: {cpu: "4", memory: 16Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: b1, labels: {kubernetes.io/hostname: b1, topology.kubernetes.io/rack: rack-b}}
status: {allocatable: {cpu: "4", memory: 16Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: b2, labels: {kubernetes.io/hostname: b2, topology.kubernetes.io/rack: rack-b}}
status: {allocatable: {cpu: "4", memory: 16Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: c1, labels: {kubernetes.io/hostname: c1, topology.kubernetes.io/rack: rack-c}}
status: {allocatable: {cpu: "4", memory: 16Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: c2, labels: {kubernetes.io/hostname: c2, topology.kubernetes.io/rack: rack-c}}
status: {allocatable: {cpu: "4", memory: 16Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: busy-a1}
spec:
  nodeName: a1
  containers: [{name: app, image: app, resources: {requests: {cpu: "3"}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: busy-b1}
spec:
  nodeName: b1
  containers: [{name: app, image: app, resources: {requests: {cpu: "1"}}}]
---
apiVersion: scheduling.k8s.io/v1alpha2
kind: Workload
metadata: {name: training}
spec:
  podGroupTemplates:
  - name: workers
    schedulingPolicy: {gang: {minCount: 4}}
    schedulingConstraints: {topology: [{key: topology.kubernetes.io/rack}]}
---
apiVersion: scheduling.k8s.io/v1alpha2
kind: PodGroup
metadata: {name: training-workers-0}
spec:
  podGroupTemplateRef: {workload: {workloadName: training, podGroupTemplateName: workers}}
  schedulingPolicy: {gang: {minCount: 4}}
  schedulingConstraints: {topology: [{key: topology.kubernetes.io/rack}]}
---
apiVersion: v1
kind: Pod
metadata: {name: worker-0}
spec:
  schedulingGroup: {podGroupName: training-workers-0}
  containers: [{name: train, image: trainer, resources: {requests: {cpu: 1500m}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: worker-1}
spec:
  schedulingGroup: {podGroupName: training-workers-0}
  containers: [{name: train, image: trainer, resources: {requests: {cpu: 1500m}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: worker-2}
spec:
  schedulingGroup: {podGroupName: training-workers-0}
  containers: [{name: train, image: trainer, resources: {requests: {cpu: 1500m}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: worker-3}
spec:
  schedulingGroup: {podGroupName: training-workers-0}
  containers: [{name: train, image: trainer, resources: {requests: {cpu: 1500m}}}]
`;

/** scenarios/workload-preemption.yaml */
export const workloadPreemption136 = `# A high-priority PodGroup preempting a lower one across two nodes (Kubernetes 1.36, alpha gate
# WorkloadAwarePreemption; KEP-5710). Two 2-cpu nodes run the two pods of a low-priority batch
# PodGroup (priority 10, disruptionMode All: it may only be disrupted as a whole). At t=30 a
# training PodGroup of priority 1000 arrives: two pods of 1500m, minCount 2 — they fit only where
# the batch pods are.
#   t=30: the pod-group cycle fails (0/2 nodes have room); workload-aware preemption takes the
#         whole cluster as its domain: the batch group is one victim across n1 and n2, removed,
#         the training group fits, and nothing can be put back (the batch group only comes back
#         whole). Both batch pods are preempted; the training pods are nominated to n1 and n2.
#   then: the batch pods terminate and the training group binds, one pod per node.
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: workload-preemption}
spec:
  kubernetesVersion: "1.36"
  featureGates: {GenericWorkload: true, GangScheduling: true, WorkloadAwarePreemption: true}
  timeline:
  - at: 30
    action: apply
    object:
      apiVersion: scheduling.k8s.io/v1alpha2
      kind: PodGroup
      metadata: {name: training}
      spec:
        schedulingPolicy: {gang: {minCount: 2}}
        priorityClassName: training-high
        priority: 1000
  - at: 30
    action: apply
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: trainer-0}
      spec:
        priorityClassName: training-high
        schedulingGroup: {podGroupName: training}
        containers: [{name: train, image: trainer, resources: {requests: {cpu: 1500m}}}]
  - at: 30
    action: apply
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: trainer-1}
      spec:
        priorityClassName: training-high
        schedulingGroup: {podGroupName: training}
        containers: [{name: train, image: trainer, resources: {requests: {cpu: 1500m}}}]
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: batch-low}
value: 10
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: training-high}
value: 1000
---
apiVersion: v1
kind: Node
metadata: {name: n1, labels: {kubernetes.io/hostname: n1}}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {kubernetes.io/hostname: n2}}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: scheduling.k8s.io/v1alpha2
kind: PodGroup
metadata: {name: batch}
spec:
  schedulingPolicy: {gang: {minCount: 2}}
  disruptionMode: PodGroup
  priorityClassName: batch-low
  priority: 10
---
apiVersion: v1
kind: Pod
metadata: {name: batch-0}
spec:
  priorityClassName: batch-low
  schedulingGroup: {podGroupName: batch}
  containers: [{name: work, image: batch, resources: {requests: {cpu: 1500m}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: batch-1}
spec:
  priorityClassName: batch-low
  schedulingGroup: {podGroupName: batch}
  containers: [{name: work, image: batch, resources: {requests: {cpu: 1500m}}}]
`;

const INSUFFICIENT_CPU = 'Insufficient cpu';

// Four workers of 1500m, three 2-cpu nodes: three are placed in the group's one snapshot, the
// fourth finds no node, so nothing binds (cycles 1–4, t=0). node-4 joins at 60 s: cycles 5–8 place
// all four and they bind together.
export const gangPodGroupLesson: Lesson = {
  id: 'gang-scheduling-podgroup',
  title: 'Gang scheduling with a PodGroup (1.37)',
  summary: 'From 1.36 the scheduler takes a gang\'s pods together: one pod-group cycle, one snapshot, all or nothing. No pod waits at Permit holding a node.',
  topic: 'Scheduling queue',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/gang-scheduling/',
  seed: 1,
  scenario: gangPodGroup,
  steps: [
    {
      cycle: 1, phase: 'queue',
      text: 'PodGroup training-workers-0 needs all 4 workers (minCount 4). The scheduler pops the four together at 0 s and tries them in one snapshot: a pod-group cycle.',
      facts: [{ says: 'at 0 s', fact: { kind: 'time', cycle: 1 }, is: '0' }],
    },
    {
      cycle: 1, phase: 'permit',
      text: 'worker-0 finds a node. GangScheduling\'s Permit answers Wait: 1 of 4. It is assumed on the node so the next workers see it, but nothing binds yet.',
      facts: [{ says: 'Permit answers Wait', fact: { kind: 'permit', cycle: 1, plugin: 'GangScheduling' }, is: 'Wait' }],
    },
    {
      cycle: 4, phase: 'filter',
      text: `Three workers took the three nodes. worker-3 finds none: "${INSUFFICIENT_CPU}" on every node.`,
      facts: [{ says: `"${INSUFFICIENT_CPU}"`, fact: { kind: 'filterReason', cycle: 4, node: 'node-1' }, is: INSUFFICIENT_CPU }],
    },
    {
      cycle: 4, phase: 'done',
      text: 'All or nothing: 3 of 4 is not enough. The three placed workers are forgotten and all four go back to the queue. Preemption finds nothing of lower priority to evict.',
      facts: [
        { says: '3 of 4 is not enough', fact: { kind: 'podGroup', cycle: 4, field: 'placed' }, is: '3' },
        { says: 'all four go back to the queue', fact: { kind: 'queue', cycle: 4, pod: 'default/worker-0' }, is: 'unschedulablePods' },
      ],
    },
    {
      cycle: 5, phase: 'queue',
      text: 'At 60 s node-4 joins. The node event requeues the gang, and a new pod-group cycle starts.',
      facts: [{ says: 'At 60 s', fact: { kind: 'time', cycle: 5 }, is: '60' }],
    },
    {
      cycle: 8, phase: 'done',
      text: 'This time all four are placed, one per node, and they bind together at 60 s.',
      facts: [
        { says: 'all four are placed', fact: { kind: 'podGroup', cycle: 8, field: 'result' }, is: 'Scheduled' },
        { says: 'they bind together at 60 s', fact: { kind: 'event', object: 'Pod/default/worker-3', reason: 'Scheduled' }, is: '60' },
      ],
    },
  ],
  questions: [
    {
      atCycle: 4, atPhase: 'done',
      prompt: 'Three of the four workers have a node; worker-3 has none. What happens to the three?',
      choices: ['They bind: most of the gang can start', 'None binds: all four go back to the queue'],
      answer: 1,
      explanation: 'The pod-group cycle is atomic: the group binds only when GangScheduling\'s quorum (minCount 4) is reached.',
      reveal: { fact: { kind: 'podGroup', cycle: 4, field: 'result' }, values: ['Scheduled', 'Unschedulable'] },
    },
  ],
  outcome: {
    cycleCount: 8,
    cycles: [
      { cycle: 1, pod: 'default/worker-0', time: 0, result: 'Unschedulable', permit: { GangScheduling: 'Wait' } },
      { cycle: 4, pod: 'default/worker-3', time: 0, result: 'Unschedulable', messageIncludes: ['0/3 nodes are available: 3 Insufficient cpu.'] },
      { cycle: 8, pod: 'default/worker-3', time: 60, result: 'Scheduled' },
    ],
    pods: ['worker-0', 'worker-1', 'worker-2', 'worker-3'].map((name) => ({ pod: `default/${name}`, phase: 'Running' as const, node: ['node-1', 'node-2', 'node-3', 'node-4'] })),
    distinctNodes: [['default/worker-0', 'default/worker-1', 'default/worker-2', 'default/worker-3']],
  },
};

// Three racks of two 4-cpu nodes; four workers of 1500m that must share one rack. rack-a holds only
// three (a1 runs 3 cpu), rack-b and rack-c hold all four; NodeResourcesFit's placement score packs:
// the fuller rack-b wins. Cycles 1–4 are the chosen placement's attempts.
export const topologyPlacementLesson: Lesson = {
  id: 'topology-placement-racks',
  title: 'Topology-aware placement: a training job in one rack (1.36)',
  summary: 'A PodGroup can ask for one value of a topology label. The scheduler tries the whole group in each rack, scores the racks that hold it, and binds it in the best one.',
  topic: 'Scheduling queue',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/gang-scheduling/',
  seed: 1,
  scenario: topologyRack,
  steps: [
    {
      cycle: 1, phase: 'placementGenerate',
      text: 'The PodGroup asks for one rack. PlacementGenerate: TopologyPlacement proposes a placement per rack (rack-a, rack-b, rack-c); the 4 pods are tried in each.',
      facts: [{ says: 'rack-a', fact: { kind: 'nodeLabel', node: 'a1', key: 'topology.kubernetes.io/rack' }, is: 'rack-a' }],
    },
    {
      cycle: 1, phase: 'placementScore',
      text: 'rack-a cannot hold four workers: a1 already runs a 3-cpu pod. rack-b and rack-c can. PlacementScore: NodeResourcesFit prefers the fuller rack, so rack-b is chosen.',
      facts: [
        { says: 'rack-b and rack-c can', fact: { kind: 'podGroup', cycle: 1, field: 'feasiblePlacements' }, is: 'rack-b, rack-c' },
        { says: 'rack-b is chosen', fact: { kind: 'podGroup', cycle: 1, field: 'chosenPlacement' }, is: 'rack-b' },
      ],
    },
    {
      cycle: 4, phase: 'done',
      text: 'The members\' attempts shown are rack-b\'s: all four fit there, two per node, and bind together.',
      facts: [
        { says: 'all four fit there', fact: { kind: 'podGroup', cycle: 4, field: 'result' }, is: 'Scheduled' },
        { says: 'two per node', fact: { kind: 'podNode', pod: 'default/worker-3' }, is: 'b1' },
      ],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'placementScore',
      prompt: 'rack-b already runs a 1-cpu pod, rack-c is empty. Both hold the job. Which rack does the scheduler choose?',
      choices: ['rack-b: the fuller rack', 'rack-c: the emptier rack'],
      answer: 0,
      explanation: 'NodeResourcesFit scores a placement by how full it would be (tightest fit), which keeps empty racks free for the next job.',
      reveal: { fact: { kind: 'podGroup', cycle: 1, field: 'chosenPlacement' }, values: ['rack-b', 'rack-c'] },
    },
  ],
  outcome: {
    cycleCount: 4,
    cycles: [{ cycle: 1, pod: 'default/worker-0', time: 0, result: 'Scheduled', selected: ['b1', 'b2'] }],
    pods: ['worker-0', 'worker-1', 'worker-2', 'worker-3'].map((name) => ({ pod: `default/${name}`, phase: 'Running' as const, node: ['b1', 'b2'] })),
  },
};

// The example at 1.37, where workload-aware preemption is part of GenericWorkload. A batch
// PodGroup (priority 10, disruptionMode All) runs on n1 and n2. At 30 s a training PodGroup of
// priority 1000 arrives (cycles 3–4): neither trainer fits, the group preempts the batch group as
// one victim across both nodes; the batch pods leave at 60 s and the trainers bind (cycles 5–6).
// 1.37 serves scheduling.k8s.io/v1beta1 (v1alpha2 was dropped, kubernetes PR #138572), whose
// disruptionMode is the struct {all: {}} where v1alpha2 had the string PodGroup.
const workloadPreemption137 = workloadPreemption136
  .replace('kubernetesVersion: "1.36"', 'kubernetesVersion: "1.37"')
  .replace(', WorkloadAwarePreemption: true', '')
  .replaceAll('apiVersion: scheduling.k8s.io/v1alpha2', 'apiVersion: scheduling.k8s.io/v1beta1')
  .replace('disruptionMode: PodGroup', 'disruptionMode: {all: {}}');

export const workloadPreemptionLesson: Lesson = {
  id: 'workload-aware-preemption',
  title: 'Workload-aware preemption: a group preempts a group (1.37)',
  summary: 'A PodGroup that does not fit preempts as one preemptor, with the whole cluster as its domain. A victim group with disruptionMode All leaves as a whole, from every node it runs on.',
  topic: 'Priority and preemption',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/',
  seed: 1,
  scenario: workloadPreemption137,
  steps: [
    {
      cycle: 2, phase: 'done',
      text: 'The batch PodGroup (priority 10, disruptionMode All) runs one pod on n1 and one on n2. Each node has 2 cpu; each batch pod takes 1500m.',
      facts: [{ says: 'Each node has 2 cpu', fact: { kind: 'allocatable', node: 'n1', resource: 'cpu' }, is: '2' }],
    },
    {
      cycle: 3, phase: 'filter',
      text: `At 30 s the training group (priority 1000) arrives: two 1500m pods. trainer-0 fits nowhere: "${INSUFFICIENT_CPU}". A member does not preempt alone, only with its group.`,
      facts: [
        { says: 'At 30 s', fact: { kind: 'time', cycle: 3 }, is: '30' },
        { says: `"${INSUFFICIENT_CPU}"`, fact: { kind: 'filterReason', cycle: 3, node: 'n1' }, is: INSUFFICIENT_CPU },
      ],
    },
    {
      cycle: 4, phase: 'podGroupPostFilter',
      text: 'PodGroupPostFilter: the training group preempts as one. The batch group is one victim across n1 and n2: both batch pods are evicted; the trainers are nominated there.',
      facts: [{ says: 'both batch pods are evicted', fact: { kind: 'podGroup', cycle: 4, field: 'victims' }, is: 'default/batch-0, default/batch-1' }],
    },
    {
      cycle: 6, phase: 'done',
      text: 'The batch pods terminate within their 30 s grace period; at 60 s the trainers bind together, one per node.',
      facts: [
        { says: 'at 60 s the trainers bind', fact: { kind: 'event', object: 'Pod/default/trainer-1', reason: 'Scheduled' }, is: '60' },
        { says: 'within their 30 s grace period', fact: { kind: 'deletedAt', pod: 'default/batch-1' }, is: '60' },
      ],
    },
  ],
  questions: [
    {
      atCycle: 4, atPhase: 'podGroupPostFilter',
      prompt: 'The training group needs both nodes. The batch group (disruptionMode All) runs on both. What does preemption evict?',
      choices: ['Nothing: pods of a group cannot be preempted', 'Both batch pods, as one victim'],
      answer: 1,
      explanation: 'Workload-aware preemption takes the whole cluster as its domain; a disruptionMode All group is one victim, evicted from all its nodes at once.',
      reveal: { fact: { kind: 'podGroup', cycle: 4, field: 'victims' }, values: ['none', 'default/batch-0, default/batch-1'] },
    },
  ],
  outcome: {
    cycleCount: 6,
    cycles: [
      { cycle: 3, pod: ['default/trainer-0', 'default/trainer-1'], time: 30, result: 'Unschedulable', messageIncludes: ['preemption: not eligible due to workload aware preemption enabled'] },
      { cycle: 6, pod: ['default/trainer-0', 'default/trainer-1'], time: 60, result: 'Scheduled' },
    ],
    pods: [
      { pod: 'default/trainer-0', phase: 'Running', node: ['n1', 'n2'] },
      { pod: 'default/trainer-1', phase: 'Running', node: ['n1', 'n2'] },
      { pod: 'default/batch-0', deleted: true },
      { pod: 'default/batch-1', deleted: true },
    ],
    events: [{ object: 'Pod/default/batch-0', reason: 'Preempted', type: 'Normal', time: 30, messageIncludes: 'Preempted by podgroup' }],
    distinctNodes: [['default/trainer-0', 'default/trainer-1']],
  },
};
