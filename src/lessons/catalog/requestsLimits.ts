// Requests, limits and QoS classes: the scheduler reads requests only.
// upstream: pkg/scheduler/framework/plugins/noderesources/fit.go (Filter sums the pods' requests
// against allocatable; limits are never read), pkg/apis/core/v1/defaults.go (SetDefaults_Pod: a
// container limit without a request sets the request to the limit), pkg/apis/core/helper/qos
// (GetPodQOS: Guaranteed when every container's cpu and memory requests equal their limits,
// BestEffort with none, Burstable otherwise), pkg/scheduler/util/pod_resources.go (a container
// without requests counts as 100m CPU and 200Mi for scoring only).
//
// Worked by hand: node-1 4 CPUs/8Gi, node-2 2 CPUs/4Gi. burstable requests 500m/512Mi with limits
// 8 CPUs/16Gi, larger than any node: both pass, node-1 is emptier. guaranteed writes only limits
// (3 CPUs, 2Gi): its requests become 3 CPUs/2Gi. node-2 has 2 CPUs: Insufficient cpu; node-1 has
// 4 − 0.5 = 3.5 free: it fits. besteffort has neither: it fits anywhere (Filter adds 0).

import type { Lesson } from '../types';
import { nodeYaml, scenarioYaml } from './yaml';

export const requestsLimitsLesson: Lesson = {
  id: 'requests-limits-qos',
  resourceBars: true,
  title: 'Requests, limits and QoS classes',
  summary: 'The scheduler fits pods by their requests; limits never schedule. A limit without a request becomes the request. Requests and limits together make the QoS class the kubelet reads under pressure.',
  topic: 'Resources and scoring',
  docs: 'https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/#how-pods-with-resource-requests-are-scheduled',
  scenario: `# Requests and limits (Kubernetes docs, "Resource Management for Pods and Containers",
# "Pod Quality of Service Classes").
${scenarioYaml('requests-limits-qos', '1.37')}---
${nodeYaml('node-1', { cpu: '4', memory: '8Gi' })}---
${nodeYaml('node-2', { cpu: '2', memory: '4Gi' })}---
# QoS Burstable: requests below limits
apiVersion: v1
kind: Pod
metadata: {name: burstable, namespace: default}
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: 500m, memory: 512Mi}
      limits: {cpu: "8", memory: 16Gi}
---
# QoS Guaranteed: limits only, so the requests are set equal to them
apiVersion: v1
kind: Pod
metadata: {name: guaranteed, namespace: default}
spec:
  containers:
  - name: app
    image: postgres
    resources:
      limits: {cpu: "3", memory: 2Gi}
---
# QoS BestEffort: neither requests nor limits
apiVersion: v1
kind: Pod
metadata: {name: besteffort, namespace: default}
spec:
  containers:
  - {name: app, image: busybox}
`,
  story: [
    {
      at: { cycle: 1, phase: 'queue' },
      text: 'burstable requests 500m CPU and 512Mi, with limits of 8 CPUs and 16Gi: more than either node has.',
      question: {
        prompt: 'Which nodes pass Filter for burstable?',
        choices: ['Both', 'None: its limits fit no node'],
        answer: 0,
        explanation: 'NodeResourcesFit adds up requests. Limits cap what the container may use once it runs; they never schedule.',
        reveal: { fact: { kind: 'feasible', cycle: 1 }, values: ['node-1, node-2', 'none'] },
      },
    },
    {
      at: { cycle: 1, phase: 'done' },
      text: 'Both pass; burstable runs on node-1. Requests below limits: QoS class Burstable.',
      facts: [
        { says: 'Both pass', fact: { kind: 'feasible', cycle: 1 }, is: 'node-1, node-2' },
        { says: 'burstable runs on node-1', fact: { kind: 'selected', cycle: 1 }, is: 'node-1' },
      ],
    },
    {
      at: { cycle: 2, phase: 'queue' },
      text: 'guaranteed writes only limits: 3 CPUs, 2Gi. The API server sets each missing request to its limit.',
      question: {
        prompt: 'Which nodes pass Filter for guaranteed?',
        choices: ['Both: it requests nothing', 'node-1 only', 'None'],
        answer: 1,
        explanation: 'Its requests are 3 CPUs: node-2 has 2, node-1 has 4 − 0.5 = 3.5 free.',
        reveal: { fact: { kind: 'feasible', cycle: 2 }, values: ['node-1, node-2', 'node-1', 'none'] },
      },
    },
    {
      at: { cycle: 2, phase: 'done' },
      text: 'node-2 fails: Insufficient cpu. guaranteed runs on node-1. Requests equal limits: QoS Guaranteed, the last the kubelet evicts.',
      facts: [
        { says: 'Insufficient cpu', fact: { kind: 'filterReason', cycle: 2, node: 'node-2' }, is: 'Insufficient cpu' },
        { says: 'guaranteed runs on node-1', fact: { kind: 'selected', cycle: 2 }, is: 'node-1' },
      ],
    },
    {
      at: { cycle: 3, phase: 'queue' },
      text: 'besteffort has neither requests nor limits: QoS BestEffort. node-1 already has 3.5 of its 4 CPUs requested.',
      question: {
        prompt: 'Which nodes pass Filter for besteffort?',
        choices: ['Both', 'node-2 only'],
        answer: 0,
        explanation: 'With no requests, Filter adds nothing: a BestEffort pod fits any node with a pod slot left.',
        reveal: { fact: { kind: 'feasible', cycle: 3 }, values: ['node-1, node-2', 'node-2'] },
      },
    },
    {
      at: { cycle: 3, phase: 'done' },
      text: 'Both pass: Filter adds 0. Score counts it as 100m and 200Mi, so it runs on node-2, the emptier.',
      facts: [
        { says: 'Both pass', fact: { kind: 'feasible', cycle: 3 }, is: 'node-1, node-2' },
        { says: 'it runs on node-2', fact: { kind: 'selected', cycle: 3 }, is: 'node-2' },
      ],
    },
  ],
  outcome: {
    cycleCount: 3,
    cycles: [
      { cycle: 1, pod: 'default/burstable', result: 'Scheduled', selected: 'node-1', feasible: ['node-1', 'node-2'] },
      {
        cycle: 2, pod: 'default/guaranteed', result: 'Scheduled', selected: 'node-1', feasible: ['node-1'],
        filtered: { 'node-2': { plugin: 'NodeResourcesFit', reason: 'Insufficient cpu' } },
      },
      { cycle: 3, pod: 'default/besteffort', result: 'Scheduled', selected: 'node-2', feasible: ['node-1', 'node-2'] },
    ],
    pods: [
      { pod: 'default/burstable', phase: 'Running', node: 'node-1' },
      { pod: 'default/guaranteed', phase: 'Running', node: 'node-1' },
      { pod: 'default/besteffort', phase: 'Running', node: 'node-2' },
    ],
  },
};
