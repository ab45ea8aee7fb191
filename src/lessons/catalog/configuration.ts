// Configuring kube-scheduler: several profiles in one scheduler, chosen per pod by
// spec.schedulerName, and the legacy Policy file that profiles replaced.
// upstream: pkg/scheduler/profile (one framework per schedulerName; a pod whose schedulerName no
// profile has is not this scheduler's: responsibleForPod), pkg/scheduler/factory.go (v1.22
// createFromPolicy: predicates → Filter plugins, priorities → Score plugins).

import type { Lesson } from '../types';
import { mostAllocatedProfileYaml, nodeYaml } from './yaml';

const POLICY_REMOVED = 'kind: Policy was removed in kube-scheduler v1.23';

function pod(name: string, cpu: string, memory: string, extra = ''): string {
  return `apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default}
spec:
${extra}  containers:
  - {name: ${name}, image: nginx, resources: {requests: {cpu: "${cpu}", memory: ${memory}}}}
`;
}

// default-scheduler (LeastAllocated) and bin-packer (MostAllocated) see the same cluster:
// busy uses 2 CPUs and 4Gi of node-1. web (1 CPU, 1Gi): LeastAllocated node-1 cpu 25, memory 37
// → 31; node-2 75, 87 → 81. batch after web: MostAllocated node-1 cpu 75, memory 62 → 68;
// node-2 (web's 1 CPU, 1Gi) 50, 25 → 37.
export const schedulerProfilesLesson: Lesson = {
  id: 'scheduler-profiles',
  resourceBars: true,
  title: 'Two profiles, one scheduler: schedulerName',
  summary: 'A KubeSchedulerConfiguration can run several profiles. Each pod names one with spec.schedulerName; a name no scheduler has leaves the pod Pending.',
  topic: 'Scheduler configuration',
  docs: 'https://kubernetes.io/docs/reference/scheduling/config/#multiple-profiles',
  warnings: ['no scheduler profile is named "my-scheduler"'],
  seed: 1,
  scenario: `# Multiple scheduling profiles (Kubernetes docs, "Scheduler Configuration") and a pod for a
# scheduler that does not run here ("Configure Multiple Schedulers").
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
${mostAllocatedProfileYaml('bin-packer')}---
${nodeYaml('node-1')}---
${nodeYaml('node-2')}---
${pod('busy', '2', '4Gi', '  nodeName: node-1\n')}---
${pod('web', '1', '1Gi')}---
${pod('batch', '1', '1Gi', '  schedulerName: bin-packer\n')}---
${pod('orphan', '1', '1Gi', '  schedulerName: my-scheduler\n')}`,
  steps: [
    {
      cycle: 1, phase: 'queue',
      text: `One scheduler, two profiles: default-scheduler (LeastAllocated), bin-packer (MostAllocated); spec.schedulerName picks. busy uses 2 of node-1's 4 CPUs.`,
      facts: [{ says: 'node-1\'s 4 CPUs', fact: { kind: 'allocatable', node: 'node-1', resource: 'cpu' }, is: '4' }],
    },
    {
      cycle: 1, phase: 'select', text: 'web names no scheduler, so it gets default-scheduler. LeastAllocated: node-1 31, node-2 81. web goes to the emptier node-2.',
      facts: [
        { says: 'it gets default-scheduler', fact: { kind: 'profile', cycle: 1 }, is: 'default-scheduler' },
        { says: 'node-1 31', fact: { kind: 'score', cycle: 1, node: 'node-1', plugin: 'NodeResourcesFit' }, is: '31' },
        { says: 'node-2 81', fact: { kind: 'score', cycle: 1, node: 'node-2', plugin: 'NodeResourcesFit' }, is: '81' },
        { says: 'web goes to the emptier node-2', fact: { kind: 'selected', cycle: 1 }, is: 'node-2' },
      ],
    },
    {
      cycle: 2, phase: 'queue', text: 'batch has schedulerName: bin-packer. Same queue, same cluster, but this cycle runs the bin-packer profile.',
      facts: [{ says: 'this cycle runs the bin-packer profile', fact: { kind: 'profile', cycle: 2 }, is: 'bin-packer' }],
    },
    {
      cycle: 2, phase: 'select', text: 'MostAllocated: node-1 68, node-2 37. batch joins busy on node-1, keeping node-2 emptier.',
      facts: [
        { says: 'node-1 68', fact: { kind: 'score', cycle: 2, node: 'node-1', plugin: 'NodeResourcesFit' }, is: '68' },
        { says: 'node-2 37', fact: { kind: 'score', cycle: 2, node: 'node-2', plugin: 'NodeResourcesFit' }, is: '37' },
        { says: 'batch joins busy on node-1', fact: { kind: 'selected', cycle: 2 }, is: 'node-1' },
      ],
    },
    {
      cycle: 2, phase: 'done',
      text: 'orphan names my-scheduler. No profile here has that name, so this scheduler leaves it alone: no cycle, no event. It stays Pending until a scheduler called my-scheduler runs.',
      facts: [{ says: 'It stays Pending', fact: { kind: 'podNode', pod: 'default/orphan' }, is: 'none' }],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'score',
      prompt: 'web uses default-scheduler (LeastAllocated). Where does it go?',
      choices: ['node-1, next to busy', 'node-2, the empty one'],
      answer: 1,
      explanation: 'LeastAllocated favours free room: node-2 has all 4 CPUs free.',
      reveal: { fact: { kind: 'selected', cycle: 1 }, values: ['node-1', 'node-2'] },
    },
    {
      atCycle: 2, atPhase: 'score',
      prompt: 'batch uses bin-packer (MostAllocated). Where does it go?',
      choices: ['node-1, next to busy', 'node-2, next to web'],
      answer: 0,
      explanation: 'MostAllocated favours the fuller node: node-1 would be 3 of 4 CPUs.',
      reveal: { fact: { kind: 'selected', cycle: 2 }, values: ['node-1', 'node-2'] },
    },
    {
      atCycle: 2, atPhase: 'done',
      prompt: 'orphan names schedulerName: my-scheduler, which no profile has. What happens?',
      choices: ['default-scheduler takes it', 'It stays Pending'],
      answer: 1,
      explanation: 'A scheduler only takes pods whose schedulerName is one of its profiles. Another scheduler may be meant to run them.',
      reveal: { fact: { kind: 'podNode', pod: 'default/orphan' }, values: ['node-2', 'none'] },
      // no cycle takes orphan: batch's placement, told at this point, stays drawn; the events would tell
      hides: ['events'],
    },
  ],
  outcome: {
    cycleCount: 2,
    cycles: [
      { cycle: 1, pod: 'default/web', profile: 'default-scheduler', selected: 'node-2', scores: { 'node-1': { NodeResourcesFit: 31 }, 'node-2': { NodeResourcesFit: 81 } } },
      { cycle: 2, pod: 'default/batch', profile: 'bin-packer', selected: 'node-1', scores: { 'node-1': { NodeResourcesFit: 68 }, 'node-2': { NodeResourcesFit: 37 } } },
    ],
    pods: [
      { pod: 'default/web', phase: 'Running', node: 'node-2' },
      { pod: 'default/batch', phase: 'Running', node: 'node-1' },
      { pod: 'default/orphan', phase: 'Pending', node: null },
    ],
  },
};

// The Policy lists no PodFitsResources (nor GeneralPredicates), so the translated profile has no
// NodeResourcesFit Filter; MostRequestedPriority becomes NodeResourcesFit scoring MostAllocated.
// node-1 (2 CPUs, 4Gi, busy requests 2 CPUs, 2Gi): cpu min(3, 2)/2 → 100, memory 3/4 → 75 → 87;
// node-2 (4 CPUs, 8Gi): 25, 12 → 18.
export const legacyPolicyLesson: Lesson = {
  id: 'legacy-policy',
  resourceBars: true,
  title: 'A legacy Policy file becomes a profile',
  summary: 'Before v1.23, kube-scheduler read predicates and priorities from a Policy file. Each predicate is a Filter plugin, each priority a Score plugin; what the Policy leaves out is not checked.',
  topic: 'Scheduler configuration',
  docs: 'https://kubernetes.io/docs/reference/scheduling/policies/',
  warnings: [POLICY_REMOVED],
  scenario: `# A legacy scheduler Policy (kind: Policy, removed in kube-scheduler v1.23), as OpenShift 3.x
# documented it: predicates filter, priorities score. This one forgot PodFitsResources.
apiVersion: v1
kind: Policy
predicates:
- {name: MatchNodeSelector}
- {name: PodToleratesNodeTaints}
priorities:
- {name: MostRequestedPriority, weight: 1}
---
${nodeYaml('node-1', { cpu: '2', memory: '4Gi' })}---
${nodeYaml('node-2')}---
${pod('busy', '2', '2Gi', '  nodeName: node-1\n')}---
${pod('web', '1', '1Gi')}`,
  steps: [
    {
      cycle: 1, phase: 'queue',
      text: `A Policy file, as kube-scheduler read until v1.23: each predicate becomes a Filter plugin, each priority a Score plugin. busy requests all of node-1's 2 CPUs.`,
      facts: [{ says: 'node-1\'s 2 CPUs', fact: { kind: 'allocatable', node: 'node-1', resource: 'cpu' }, is: '2' }],
    },
    {
      cycle: 1, phase: 'filter',
      text: `MatchNodeSelector became NodeAffinity. PodFitsResources is not listed, so no NodeResourcesFit filter: nothing checks CPU. Both nodes pass.`,
      facts: [
        { says: 'nothing checks CPU', fact: { kind: 'rejectedBy', cycle: 1, node: 'node-1' }, is: 'none' },
        { says: 'Both nodes pass', fact: { kind: 'feasible', cycle: 1 }, is: 'node-1, node-2' },
      ],
    },
    { cycle: 1, phase: 'score', text: 'MostRequestedPriority became NodeResourcesFit scoring with MostAllocated, weight 1: the fuller a node would be, the better.' },
    {
      cycle: 1, phase: 'select',
      text: 'node-1 would hold 3 CPUs on 2, counted as full: 87. node-2: 18. web lands on node-1, which is now overcommitted.',
      facts: [
        { says: 'counted as full: 87', fact: { kind: 'score', cycle: 1, node: 'node-1', plugin: 'NodeResourcesFit' }, is: '87' },
        { says: 'node-2: 18', fact: { kind: 'score', cycle: 1, node: 'node-2', plugin: 'NodeResourcesFit' }, is: '18' },
        { says: 'web lands on node-1', fact: { kind: 'selected', cycle: 1 }, is: 'node-1' },
      ],
    },
    { cycle: 1, phase: 'done', text: `Today this is a KubeSchedulerConfiguration profile: plugins on or off per extension point, with weights. Dropping NodeResourcesFit's Filter is as risky.` },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'filter',
      prompt: 'node-1\'s 2 CPUs are all requested; web asks for 1. The Policy lists MatchNodeSelector and PodToleratesNodeTaints. Which nodes pass?',
      choices: ['node-2 only: node-1 is full', 'Both'],
      answer: 1,
      explanation: 'Only the listed predicates run. Without PodFitsResources no plugin compares requests with allocatable.',
      reveal: { fact: { kind: 'feasible', cycle: 1 }, values: ['node-2', 'node-1, node-2'] },
    },
    {
      atCycle: 1, atPhase: 'score',
      prompt: 'MostRequestedPriority prefers fuller nodes. Where does web go?',
      choices: ['node-1', 'node-2'],
      answer: 0,
      explanation: 'MostAllocated caps a resource at 100 when it is overcommitted: node-1 scores 87 against 18.',
      reveal: { fact: { kind: 'selected', cycle: 1 } },
    },
  ],
  outcome: {
    cycleCount: 1,
    cycles: [{
      cycle: 1, pod: 'default/web', result: 'Scheduled', feasible: ['node-1', 'node-2'], selected: 'node-1',
      scores: { 'node-1': { NodeResourcesFit: 87 }, 'node-2': { NodeResourcesFit: 18 } },
    }],
    pods: [{ pod: 'default/web', phase: 'Running', node: 'node-1' }],
  },
};
