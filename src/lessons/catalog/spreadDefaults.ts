// The cluster's default spread constraints and matchLabelKeys.
// upstream: pkg/scheduler/framework/plugins/podtopologyspread/common.go (a pod without
// constraints of its own gets the plugin's defaultConstraints, with the selector of the
// Services, ReplicationControllers, ReplicaSets and StatefulSets it belongs to:
// buildDefaultConstraints / helper.DefaultSelector; a pod of none gets none), plugin.go
// (defaultingType List takes args.defaultConstraints; System takes systemDefaultConstraints),
// and matchLabelKeys (the pod's values of those keys ANDed onto the labelSelector, so pods of
// another pod-template-hash, an older rollout, do not count; KEP-3243).
//
// Worked by hand: the profile's default constraint is zone maxSkew 1 DoNotSchedule. api
// (ReplicaSet, 3 replicas, no constraints of its own): the first goes to either zone; the second
// must go to the other zone (1 + 1 − 0 = 2 > 1); the third to either. web-v1-a and web-v1-b run in
// zone-a. web-v2 spreads app=web over zones with matchLabelKeys [pod-template-hash]: only v2 pods
// count, 0 everywhere, so all three nodes pass.

import type { Lesson } from '../types';
import { nodeYaml, scenarioYaml } from './yaml';

const ZONE = 'topology.kubernetes.io/zone';
const SPREAD = "node(s) didn't match pod topology spread constraints";

function webV1(name: string, node: string): string {
  return `apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default, labels: {app: web, pod-template-hash: v1}}
spec:
  nodeName: ${node}
  containers:
  - {name: web, image: "nginx:1.26", resources: {requests: {cpu: 250m, memory: 256Mi}}}
`;
}

export const spreadDefaultsLesson: Lesson = {
  id: 'spread-defaults-match-label-keys',
  title: 'Default spread constraints and matchLabelKeys',
  summary: 'A scheduler profile can spread every ReplicaSet\'s pods without a line in their spec. And matchLabelKeys makes a new rollout spread on its own, ignoring the old revision\'s pods.',
  topic: 'Topology spread',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/#cluster-level-default-constraints',
  scenario: `# Cluster-level default constraints and matchLabelKeys (Kubernetes docs, "Pod Topology Spread
# Constraints"). The profile spreads every pod that has no constraints of its own over zones.
${scenarioYaml('spread-defaults-match-label-keys', '1.37')}---
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  pluginConfig:
  - name: PodTopologySpread
    args:
      defaultingType: List
      defaultConstraints:
      - {maxSkew: 1, topologyKey: ${ZONE}, whenUnsatisfiable: DoNotSchedule}
---
${[
    nodeYaml('node-1', { labels: { [ZONE]: 'zone-a' } }),
    nodeYaml('node-2', { labels: { [ZONE]: 'zone-a' } }),
    nodeYaml('node-3', { labels: { [ZONE]: 'zone-b' } }),
    webV1('web-v1-a', 'node-1'),
    webV1('web-v1-b', 'node-2'),
    '',
  ].join('---\n')}apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: api, namespace: default}
spec:
  replicas: 3
  selector: {matchLabels: {app: api}}
  template:
    metadata: {labels: {app: api}}
    spec:
      containers:
      - {name: api, image: nginx, resources: {requests: {cpu: 250m, memory: 256Mi}}}
---
apiVersion: v1
kind: Pod
metadata: {name: web-v2, namespace: default, labels: {app: web, pod-template-hash: v2}}
spec:
  topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: ${ZONE}
    whenUnsatisfiable: DoNotSchedule
    labelSelector: {matchLabels: {app: web}}
    matchLabelKeys: [pod-template-hash]
  containers:
  - {name: web, image: "nginx:1.27", resources: {requests: {cpu: 250m, memory: 256Mi}}}
`,
  story: [
    {
      at: { cycle: 1, phase: 'queue' },
      text: 'Two v1 web pods run in zone-a. web-v2 spreads app=web over zones (maxSkew 1) with matchLabelKeys: [pod-template-hash].',
      question: {
        prompt: 'zone-a has 2 app=web pods, zone-b 0. Which nodes pass Filter for web-v2?',
        choices: ['node-3 only', 'All three'],
        answer: 1,
        explanation: 'matchLabelKeys adds pod-template-hash=v2 to the selector: the v1 pods do not count.',
        reveal: { fact: { kind: 'feasible', cycle: 1 }, values: ['node-3', 'node-1, node-2, node-3'] },
      },
    },
    {
      at: { cycle: 1, phase: 'done' },
      text: 'All three pass: only v2 pods count, zone-a 0 and zone-b 0. A new rollout spreads on its own. web-v2 runs on node-3, the emptiest.',
      facts: [
        { says: 'All three pass', fact: { kind: 'feasible', cycle: 1 }, is: 'node-1, node-2, node-3' },
        { says: 'zone-a 0 and zone-b 0', fact: { kind: 'spread', cycle: 1, node: 'node-1', field: 'counts' }, is: 'zone-a 0, zone-b 0' },
        { says: 'web-v2 runs on node-3', fact: { kind: 'selected', cycle: 1 }, is: 'node-3' },
      ],
    },
    {
      at: { cycle: 2, phase: 'queue' },
      text: 'api, a ReplicaSet of 3, writes no spread constraint. The profile\'s defaultConstraints do: zone, maxSkew 1, DoNotSchedule, with the ReplicaSet\'s selector.',
    },
    {
      at: { cycle: 2, phase: 'done' },
      text: 'The first replica, api-wwszc, runs on node-1, in zone-a.',
      question: {
        prompt: 'Which nodes pass Filter for the second replica, api-znx6s?',
        choices: ['All three: it has no constraints', 'node-3 only'],
        answer: 1,
        explanation: 'The default constraint counts app=api pods: zone-a 1 + 1 − 0 = 2 > maxSkew 1.',
        reveal: { fact: { kind: 'feasible', cycle: 3 }, values: ['node-1, node-2, node-3', 'node-3'] },
      },
    },
    {
      at: { cycle: 3, phase: 'done' },
      text: 'Only node-3: zone-a gives 1 + 1 − 0 = 2 > 1, by a constraint no pod wrote. api-znx6s runs on node-3.',
      facts: [
        { says: 'zone-a gives 1 + 1 − 0 = 2', fact: { kind: 'spread', cycle: 3, node: 'node-1', field: 'skew' }, is: '2' },
        { says: 'Only node-3', fact: { kind: 'rejectedBy', cycle: 3, node: 'node-2' }, is: 'PodTopologySpread' },
      ],
    },
    {
      at: { cycle: 4, phase: 'done' },
      text: 'At 1 and 1 the third replica may go anywhere: api-hqlf6 runs on node-2. Bare pods like web-v1-a, in no ReplicaSet, get no default.',
      facts: [{ says: 'api-hqlf6 runs on node-2', fact: { kind: 'selected', cycle: 4 }, is: 'node-2' }],
    },
  ],
  outcome: {
    cycleCount: 4,
    cycles: [
      { cycle: 1, pod: 'default/web-v2', result: 'Scheduled', selected: 'node-3', feasible: ['node-1', 'node-2', 'node-3'] },
      { cycle: 2, pod: 'default/api-wwszc', result: 'Scheduled', selected: 'node-1' },
      {
        cycle: 3, pod: 'default/api-znx6s', result: 'Scheduled', selected: 'node-3', feasible: ['node-3'],
        filtered: {
          'node-1': { plugin: 'PodTopologySpread', reason: SPREAD, code: 'Unschedulable' },
          'node-2': { plugin: 'PodTopologySpread', reason: SPREAD, code: 'Unschedulable' },
        },
      },
      { cycle: 4, pod: 'default/api-hqlf6', result: 'Scheduled', selected: 'node-2', feasible: ['node-1', 'node-2', 'node-3'] },
    ],
    pods: [
      { pod: 'default/web-v2', phase: 'Running', node: 'node-3' },
      { pod: 'default/api-wwszc', phase: 'Running', node: 'node-1' },
      { pod: 'default/api-znx6s', phase: 'Running', node: 'node-3' },
      { pod: 'default/api-hqlf6', phase: 'Running', node: 'node-2' },
    ],
  },
};
