// Admission before the scheduler: a LimitRange's defaults become the requests the scheduler sees
// (upstream plugin/pkg/admission/limitranger), and a ResourceQuota scoped to a PriorityClass keeps
// high-priority pods out of a namespace (plugin/pkg/admission/resourcequota; seed 003, "an
// administrator can use ResourceQuota to prevent users from creating pods at high priorities").

import type { Lesson } from '../types';
import { nodeYaml } from './yaml';

const INSUFFICIENT_CPU = 'Insufficient cpu';
const TOO_BIG = 'maximum cpu usage per Container is 2, but limit is 3.';

// notebook states nothing; the LimitRange gives it cpu 1 / 512Mi (defaultRequest follows default).
// small-node has 500m: Insufficient cpu. big-node fits. tool asks for a 3-CPU limit: refused.
export const limitRangeDefaultsLesson: Lesson = {
  id: 'limitrange-defaults',
  resourceBars: true,
  title: 'LimitRange defaults: the requests a pod did not ask for',
  summary: 'A pod that states no resources gets the namespace LimitRange\'s defaults at admission. The scheduler sees them, so a "request-less" pod may not fit a small node. A pod above the LimitRange\'s max is refused.',
  topic: 'Resources and scoring',
  docs: 'https://kubernetes.io/docs/concepts/policy/limit-range/',
  warnings: [TOO_BIG],
  scenario: `# LimitRange defaults (Kubernetes docs, "Limit Ranges"): the LimitRanger admission plugin.
apiVersion: v1
kind: Namespace
metadata: {name: dev}
---
apiVersion: v1
kind: LimitRange
metadata: {name: cpu-mem-defaults, namespace: dev}
spec:
  limits:
  - type: Container
    default: {cpu: "1", memory: 512Mi}
    max: {cpu: "2"}
---
${nodeYaml('small-node', { cpu: '500m', memory: '4Gi' })}---
${nodeYaml('big-node', { cpu: '2', memory: '4Gi' })}---
apiVersion: v1
kind: Pod
metadata: {name: notebook, namespace: dev}
spec:
  containers:
  - {name: notebook, image: jupyter/base-notebook}
---
apiVersion: v1
kind: Pod
metadata: {name: tool, namespace: dev}
spec:
  containers:
  - {name: tool, image: busybox, resources: {limits: {cpu: "3"}}}
`,
  steps: [
    {
      cycle: 1, phase: 'queue',
      text: 'notebook states no resources: admission gave it the LimitRange\'s defaults. tool asked for a 3-CPU limit, above the max of 2: the API server refused to create it.',
      facts: [{ says: 'the API server refused to create it', fact: { kind: 'event', object: 'Pod/dev/tool', reason: 'FailedCreate' }, is: '0' }],
    },
    {
      cycle: 1, phase: 'filter',
      text: `The scheduler sees the defaulted request of 1 CPU. small-node has 500m: "${INSUFFICIENT_CPU}". big-node has 2 CPUs: it fits.`,
      facts: [
        { says: 'small-node has 500m', fact: { kind: 'allocatable', node: 'small-node', resource: 'cpu' }, is: '500m' },
        { says: `"${INSUFFICIENT_CPU}"`, fact: { kind: 'filterReason', cycle: 1, node: 'small-node' }, is: INSUFFICIENT_CPU },
        { says: 'big-node has 2 CPUs', fact: { kind: 'allocatable', node: 'big-node', resource: 'cpu' }, is: '2' },
        { says: 'it fits', fact: { kind: 'feasible', cycle: 1 }, is: 'big-node' },
      ],
    },
    {
      cycle: 1, phase: 'done', text: 'notebook runs on big-node. Its kubernetes.io/limit-ranger annotation says what admission set: cpu and memory requests and limits (defaultRequest follows default).',
      facts: [{ says: 'notebook runs on big-node', fact: { kind: 'selected', cycle: 1 }, is: 'big-node' }],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'filter',
      prompt: 'notebook states no requests. small-node has 500m of CPU. Does notebook fit there?',
      choices: ['Yes: a pod without requests fits anywhere', INSUFFICIENT_CPU],
      answer: 1,
      explanation: 'Admission gave notebook the LimitRange\'s default: a request of 1 CPU. The scheduler only sees the pod as stored.',
      reveal: { fact: { kind: 'filterReason', cycle: 1, node: 'small-node' }, values: ['none', INSUFFICIENT_CPU] },
    },
  ],
  outcome: {
    cycleCount: 1,
    cycles: [{
      cycle: 1, pod: 'dev/notebook', result: 'Scheduled', selected: 'big-node', feasible: ['big-node'],
      filtered: { 'small-node': { plugin: 'NodeResourcesFit', reason: INSUFFICIENT_CPU } },
    }],
    pods: [{ pod: 'dev/notebook', phase: 'Running', node: 'big-node' }],
    events: [{ object: 'Pod/dev/tool', reason: 'FailedCreate', type: 'Warning', messageIncludes: TOO_BIG }],
  },
};

const HIGH_REFUSED = 'exceeded quota: pods-high, requested: pods=1, used: pods=0, limited: pods=0';

// team-a's quota pods-high allows 0 pods of PriorityClass high. team-b/urgent (no quota there) is
// created at priority 1000000 and runs; team-a/batch, of no class, too. At 10 s team-a applies an
// urgent pod of class high: refused. A second batch pod applied with it is created (cycle 3).
export const priorityClassQuotaLesson: Lesson = {
  id: 'priority-class-quota',
  title: 'A quota on a PriorityClass: who may create high-priority pods',
  summary: 'A ResourceQuota whose scopeSelector names a PriorityClass caps the pods of that class in its namespace. With pods: 0, nobody there can create one: they could preempt everyone else.',
  topic: 'Priority and preemption',
  docs: 'https://kubernetes.io/docs/concepts/policy/resource-quotas/#quota-scopes',
  scenario: `# Limit Priority Class consumption (Kubernetes docs, "Resource Quotas" and "Pod Priority and
# Preemption": "an administrator can use ResourceQuota to prevent users from creating pods at
# high priorities").
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: priority-class-quota}
spec:
  timeline:
  - at: 10
    action: apply
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: urgent, namespace: team-a}
      spec:
        priorityClassName: high
        containers:
        - {name: app, image: nginx, resources: {requests: {cpu: 500m}}}
  - at: 10
    action: apply
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: batch-2, namespace: team-a}
      spec:
        containers:
        - {name: app, image: busybox, resources: {requests: {cpu: 500m}}}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000000
---
apiVersion: v1
kind: Namespace
metadata: {name: team-a}
---
apiVersion: v1
kind: Namespace
metadata: {name: team-b}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: pods-high, namespace: team-a}
spec:
  hard: {pods: "0"}
  scopeSelector:
    matchExpressions:
    - {scopeName: PriorityClass, operator: In, values: [high]}
---
${nodeYaml('node-1')}---
apiVersion: v1
kind: Pod
metadata: {name: batch, namespace: team-a}
spec:
  containers:
  - {name: app, image: busybox, resources: {requests: {cpu: 500m}}}
---
apiVersion: v1
kind: Pod
metadata: {name: urgent, namespace: team-b}
spec:
  priorityClassName: high
  containers:
  - {name: app, image: nginx, resources: {requests: {cpu: 500m}}}
`,
  story: [
    {
      at: { cycle: 1, phase: 'queue' },
      text: 'team-a\'s quota pods-high counts the pods of PriorityClass high and allows none. team-b has no such quota: its urgent pod was created at priority 1000000, so the queue takes it first.',
      facts: [{ says: 'the queue takes it first', fact: { kind: 'pod', cycle: 1 }, is: 'team-b/urgent' }],
    },
    {
      at: { cycle: 2, phase: 'select' },
      text: 'team-a/batch has no PriorityClass: the quota\'s scope leaves it out, and it runs on node-1.',
      facts: [{ says: 'it runs on node-1', fact: { kind: 'selected', cycle: 2 }, is: 'node-1' }],
      question: {
        prompt: 'At 10 s team-a applies its own urgent pod, PriorityClass high. What happens?',
        choices: ['It is created and waits in the queue', 'The API server refuses to create it'],
        answer: 1,
        explanation: 'A quota is checked when the pod is created: over it, the pod is forbidden and never exists.',
        reveal: { fact: { kind: 'event', object: 'Pod/team-a/urgent', reason: 'FailedCreate' }, values: ['never', '10'] },
      },
    },
    {
      at: { event: { reason: 'FailedCreate', object: 'Pod/team-a/urgent' } },
      text: `At 10 s: "exceeded quota: pods-high". The pod is not Pending: it does not exist. batch-2, of no class, is created.`,
      facts: [{ says: 'At 10 s', fact: { kind: 'event', object: 'Pod/team-a/urgent', reason: 'FailedCreate' }, is: '10' }],
    },
  ],
  outcome: {
    cycleCount: 3,
    cycles: [
      { cycle: 1, pod: 'team-b/urgent', result: 'Scheduled', selected: 'node-1' },
      { cycle: 2, pod: 'team-a/batch', result: 'Scheduled', selected: 'node-1' },
      { cycle: 3, pod: 'team-a/batch-2', time: 10, result: 'Scheduled', selected: 'node-1' },
    ],
    pods: [
      { pod: 'team-a/batch', phase: 'Running', node: 'node-1' },
      { pod: 'team-b/urgent', phase: 'Running', node: 'node-1' },
      { pod: 'team-a/batch-2', phase: 'Running', node: 'node-1' },
    ],
    events: [{ object: 'Pod/team-a/urgent', reason: 'FailedCreate', type: 'Warning', time: 10, messageIncludes: HIGH_REFUSED }],
  },
};
