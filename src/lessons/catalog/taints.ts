// Taints and tolerations: NoSchedule (a filter), PreferNoSchedule (a score), NoExecute (eviction
// by the taint eviction controller, delayed by tolerationSeconds).
// upstream: pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go,
// pkg/controller/tainteviction/taint_eviction.go (event TaintManagerEviction "Marking for deletion Pod <ns>/<name>").
// Since kubernetes/kubernetes#134740 (v1.35) the Filter reason no longer names the taint; the
// lessons name it in the narration and check it in the verdict's details.

import type { Lesson } from '../types';
import { nodeYaml } from './yaml';

const UNTOLERATED = 'node(s) had untolerated taint(s)';

// nginx-all tolerates everything; both nodes pass. nginx (no requests) already runs on node2 and
// counts as 100m/200Mi: LeastAllocated node1 (2 CPU, 4Gi): 1900/2000 → 95, 3896Mi/4096Mi → 95 → 95;
// node2: 1800/2000 → 90, 3696/4096 → 90 → 90.
export const taintsNoScheduleLesson: Lesson = {
  id: 'taints-noschedule',
  title: 'NoSchedule taints: every taint needs a toleration',
  summary: 'A node with three taints, a pod that tolerates two of them: the third keeps it off. A toleration with operator Exists and no key tolerates everything.',
  topic: 'Taints and tolerations',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/',
  scenario: `# Multiple taints, partial tolerations (Kubernetes docs, "Taints and Tolerations").
# node1 carries key1=value1:NoSchedule, key1=value1:NoExecute and key2=value2:NoSchedule.
${[
    nodeYaml('node1', { cpu: '2', memory: '4Gi', taints: ['key1=value1:NoSchedule', 'key1=value1:NoExecute', 'key2=value2:NoSchedule'] }),
    nodeYaml('node2', { cpu: '2', memory: '4Gi' }),
    '',
  ].join('---\n')}apiVersion: v1
kind: Pod
metadata: {name: nginx, namespace: default, labels: {env: test}}
spec:
  containers:
  - name: nginx
    image: nginx
  tolerations:
  - {key: key1, operator: Equal, value: value1, effect: NoSchedule}
  - {key: key1, operator: Equal, value: value1, effect: NoExecute}
---
# An empty key with operator Exists matches every key, value and effect.
apiVersion: v1
kind: Pod
metadata: {name: nginx-all, namespace: default}
spec:
  containers:
  - name: nginx
    image: nginx
  tolerations:
  - operator: Exists
`,
  steps: [
    { cycle: 1, phase: 'queue', text: 'nginx tolerates key1=value1:NoSchedule and key1=value1:NoExecute. node1 has those two taints and a third one, key2=value2:NoSchedule.' },
    {
      cycle: 1, phase: 'filter',
      text: `node1's first taint without a matching toleration, key2=value2:NoSchedule, rejects the node: "node(s) had untolerated taint(s)". node2 has no taints.`,
      facts: [
        { says: 'key2=value2:NoSchedule, rejects the node', fact: { kind: 'untoleratedTaint', cycle: 1, node: 'node1' }, is: 'key2=value2:NoSchedule' },
        { says: 'node2 has no taints', fact: { kind: 'feasible', cycle: 1 }, is: 'node2' },
      ],
    },
    {
      cycle: 1, phase: 'select', text: 'Only node2 is feasible: nginx runs there.',
      facts: [{ says: 'nginx runs there', fact: { kind: 'selected', cycle: 1 }, is: 'node2' }],
    },
    {
      cycle: 2, phase: 'filter', text: 'nginx-all has one toleration: operator Exists with no key. It tolerates every taint, so both nodes pass.',
      facts: [{ says: 'both nodes pass', fact: { kind: 'feasible', cycle: 2 }, is: 'node1, node2' }],
    },
    { cycle: 2, phase: 'score', text: 'Tolerating a taint allows a node; it does not attract the pod there. The other plugins decide.' },
    {
      cycle: 2, phase: 'done',
      text: 'nginx on node2 counts as 100m CPU and 200Mi for scoring, although it requests nothing. NodeResourcesFit: node1 95, node2 90. nginx-all goes to node1, the emptier node.',
      facts: [
        { says: 'node1 95', fact: { kind: 'score', cycle: 2, node: 'node1', plugin: 'NodeResourcesFit' }, is: '95' },
        { says: 'node2 90', fact: { kind: 'score', cycle: 2, node: 'node2', plugin: 'NodeResourcesFit' }, is: '90' },
        { says: 'nginx-all goes to node1', fact: { kind: 'selected', cycle: 2 }, is: 'node1' },
      ],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'filter',
      prompt: 'Which taint keeps nginx off node1?',
      choices: ['key1=value1:NoSchedule', 'key1=value1:NoExecute', 'key2=value2:NoSchedule', 'None: two of three taints tolerated is enough'],
      answer: 2,
      explanation: 'Every NoSchedule and NoExecute taint needs a matching toleration. key2 has none.',
      reveal: { fact: { kind: 'untoleratedTaint', cycle: 1, node: 'node1' }, values: ['key1=value1:NoSchedule', 'key1=value1:NoExecute', 'key2=value2:NoSchedule', 'none'] },
    },
    {
      atCycle: 2, atPhase: 'filter',
      prompt: 'nginx-all has the toleration {operator: Exists}. Which nodes pass?',
      choices: ['node2 only', 'node1 and node2'],
      answer: 1,
      explanation: 'An empty key with operator Exists tolerates all taints.',
      reveal: { fact: { kind: 'feasible', cycle: 2 }, values: ['node2', 'node1, node2'] },
    },
    {
      atCycle: 2, atPhase: 'score',
      prompt: 'Both nodes pass, and nginx already runs on node2. Where does nginx-all go?',
      choices: ['node1', 'node2'],
      answer: 0,
      explanation: 'Both pass; node2 already runs nginx, so LeastAllocated prefers node1 (95 against 90).',
      reveal: { fact: { kind: 'selected', cycle: 2 } },
    },
  ],
  outcome: {
    cycleCount: 2,
    cycles: [
      {
        cycle: 1, pod: 'default/nginx', result: 'Scheduled', selected: 'node2', feasible: ['node2'],
        filtered: { node1: { plugin: 'TaintToleration', reason: UNTOLERATED, code: 'UnschedulableAndUnresolvable', taint: 'key2=value2:NoSchedule' } },
      },
      {
        cycle: 2, pod: 'default/nginx-all', result: 'Scheduled', selected: 'node1', feasible: ['node1', 'node2'],
        scores: { node1: { NodeResourcesFit: 95, TaintToleration: 100 }, node2: { NodeResourcesFit: 90, TaintToleration: 100 } },
      },
    ],
    pods: [
      { pod: 'default/nginx', phase: 'Running', node: 'node2' },
      { pod: 'default/nginx-all', phase: 'Running', node: 'node1' },
    ],
  },
};

// PreferNoSchedule only scores: TaintToleration counts untolerated PreferNoSchedule taints and
// normalizes in reverse, 100 - 100*count/maxCount. batch: counts 1, 0, 2 → 50, 100, 0.
// spot-ok tolerates spot: counts 0, 0, 1 → 100, 100, 0; batch on node-2 (1 CPU, 1Gi) lowers
// node-2's LeastAllocated: cpu (4000-1100)*100/4000 = 72, memory (8192-1224)*100/8192 = 85 → 78,
// against 97 on the empty node-1 and node-3.
export const taintsPreferNoScheduleLesson: Lesson = {
  id: 'taints-prefer-noschedule',
  title: 'PreferNoSchedule: a soft taint',
  summary: 'PreferNoSchedule never filters. TaintToleration counts the untolerated soft taints on each node and scores the fewest highest.',
  topic: 'Taints and tolerations',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/#concepts',
  scenario: `# PreferNoSchedule (Kubernetes docs, "Taints and Tolerations").
${[
    nodeYaml('node-1', { taints: ['spot=true:PreferNoSchedule'] }),
    nodeYaml('node-2'),
    nodeYaml('node-3', { taints: ['spot=true:PreferNoSchedule', 'maintenance=soon:PreferNoSchedule'] }),
    '',
  ].join('---\n')}apiVersion: v1
kind: Pod
metadata: {name: batch, namespace: default}
spec:
  containers:
  - name: worker
    image: busybox
    resources:
      requests: {cpu: "1", memory: 1Gi}
---
apiVersion: v1
kind: Pod
metadata: {name: spot-ok, namespace: default}
spec:
  containers:
  - name: worker
    image: busybox
  tolerations:
  - {key: spot, operator: Equal, value: "true", effect: PreferNoSchedule}
`,
  steps: [
    {
      cycle: 1, phase: 'filter', text: 'batch has no tolerations, yet all 3 nodes pass: the TaintToleration filter only looks at NoSchedule and NoExecute taints.',
      facts: [{ says: 'all 3 nodes pass', fact: { kind: 'feasibleCount', cycle: 1 }, is: '3' }],
    },
    {
      cycle: 1, phase: 'score',
      text: `Untolerated PreferNoSchedule taints: node-1 1, node-2 0, node-3 2. Score = 100 − 100 × count / 2: node-1 50, node-2 100, node-3 0; weight 3.`,
      facts: [
        { says: 'node-1 50', fact: { kind: 'score', cycle: 1, node: 'node-1', plugin: 'TaintToleration' }, is: '50' },
        { says: 'node-2 100', fact: { kind: 'score', cycle: 1, node: 'node-2', plugin: 'TaintToleration' }, is: '100' },
        { says: 'node-3 0', fact: { kind: 'score', cycle: 1, node: 'node-3', plugin: 'TaintToleration' }, is: '0' },
      ],
    },
    {
      cycle: 1, phase: 'select', text: 'The nodes are otherwise identical and empty: batch goes to node-2.',
      facts: [{ says: 'batch goes to node-2', fact: { kind: 'selected', cycle: 1 }, is: 'node-2' }],
    },
    { cycle: 2, phase: 'score', text: 'spot-ok tolerates spot=true:PreferNoSchedule, so only maintenance=soon still counts against a node. batch now runs on node-2.' },
    {
      cycle: 2, phase: 'done',
      text: `TaintToleration 100, 100, 0. NodeResourcesFit: node-2 holds batch and scores 78; node-1 and node-3 score 97. spot-ok goes to node-1.`,
      facts: [
        { says: 'TaintToleration 100, 100, 0', fact: { kind: 'score', cycle: 2, node: 'node-3', plugin: 'TaintToleration' }, is: '0' },
        { says: 'scores 78', fact: { kind: 'score', cycle: 2, node: 'node-2', plugin: 'NodeResourcesFit' }, is: '78' },
        { says: 'node-1 and node-3 score 97', fact: { kind: 'score', cycle: 2, node: 'node-1', plugin: 'NodeResourcesFit' }, is: '97' },
        { says: 'spot-ok goes to node-1', fact: { kind: 'selected', cycle: 2 }, is: 'node-1' },
      ],
    },
  ],
  questions: [
    {
      atCycle: 1, atPhase: 'filter',
      prompt: 'batch tolerates nothing. Which nodes pass Filter?',
      choices: ['node-2 only', 'node-1 and node-2', 'All three'],
      answer: 2,
      explanation: 'PreferNoSchedule is a preference, not a filter.',
      reveal: { fact: { kind: 'feasible', cycle: 1 }, values: ['node-2', 'node-1, node-2', 'node-1, node-2, node-3'] },
    },
    {
      atCycle: 1, atPhase: 'score',
      prompt: 'node-1 has 1 untolerated PreferNoSchedule taint, node-3 has 2. What TaintToleration score does node-1 get (0–100)?',
      choices: ['0', '50', '100'],
      answer: 1,
      explanation: 'Reverse normalization against the worst node: 100 − 100 × 1 / 2 = 50.',
      reveal: { fact: { kind: 'score', cycle: 1, node: 'node-1', plugin: 'TaintToleration' } },
    },
    {
      atCycle: 2, atPhase: 'score',
      prompt: 'spot-ok tolerates the spot taint. Where does it go?',
      choices: ['node-1', 'node-2', 'node-3'],
      answer: 0,
      explanation: 'node-1 and node-2 tie on taints (100), and node-1 is empty while node-2 runs batch.',
      reveal: { fact: { kind: 'selected', cycle: 2 } },
    },
  ],
  outcome: {
    cycleCount: 2,
    cycles: [
      {
        cycle: 1, pod: 'default/batch', result: 'Scheduled', selected: 'node-2', feasible: ['node-1', 'node-2', 'node-3'],
        scores: { 'node-1': { TaintToleration: 50 }, 'node-2': { TaintToleration: 100 }, 'node-3': { TaintToleration: 0 } },
      },
      {
        cycle: 2, pod: 'default/spot-ok', result: 'Scheduled', selected: 'node-1', feasible: ['node-1', 'node-2', 'node-3'],
        scores: {
          'node-1': { TaintToleration: 100, NodeResourcesFit: 97 },
          'node-2': { TaintToleration: 100, NodeResourcesFit: 78 },
          'node-3': { TaintToleration: 0, NodeResourcesFit: 97 },
        },
      },
    ],
    pods: [
      { pod: 'default/batch', phase: 'Running', node: 'node-2' },
      { pod: 'default/spot-ok', phase: 'Running', node: 'node-1' },
    ],
  },
};

// The taint eviction controller: a pod without a toleration for a NoExecute taint is deleted at
// once; with tolerationSeconds it is deleted that many seconds after the taint; without
// tolerationSeconds it stays. The scheduler's filter treats NoExecute like NoSchedule.
export const taintsNoExecuteLesson: Lesson = {
  id: 'taints-noexecute',
  title: 'NoExecute: evicting running pods, with tolerationSeconds',
  summary: 'A NoExecute taint added to a busy node evicts the pods that do not tolerate it at once, the ones with tolerationSeconds later, and keeps the rest.',
  topic: 'Taints and tolerations',
  docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/#taint-based-evictions',
  scenario: `# NoExecute and tolerationSeconds (Kubernetes docs, "Taints and Tolerations").
apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: taints-noexecute}
spec:
  timeline:
  - {at: 30, action: taint, node: node-1, taint: "dedicated=db:NoExecute"}
  - at: 30
    action: apply
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: web-2, namespace: default}
      spec:
        containers:
        - {name: web, image: nginx}
---
${nodeYaml('node-1')}---
${nodeYaml('node-2')}---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default}
spec:
  nodeSelector: {kubernetes.io/hostname: node-1}
  containers:
  - {name: web, image: nginx}
---
apiVersion: v1
kind: Pod
metadata: {name: cache, namespace: default}
spec:
  nodeSelector: {kubernetes.io/hostname: node-1}
  containers:
  - {name: cache, image: redis}
  tolerations:
  - {key: dedicated, operator: Equal, value: db, effect: NoExecute, tolerationSeconds: 60}
---
apiVersion: v1
kind: Pod
metadata: {name: db, namespace: default}
spec:
  nodeSelector: {kubernetes.io/hostname: node-1}
  containers:
  - {name: db, image: postgres}
  tolerations:
  - {key: dedicated, operator: Equal, value: db, effect: NoExecute}
`,
  // the story reaches 90 s: its last point is cache's eviction, after the last scheduling cycle
  // (web-2's, at 30 s); the stage draws the cluster then (LessonProgress.moment)
  story: [
    { at: { cycle: 1, phase: 'queue' }, text: 'web, cache and db are pinned to node-1 with a nodeSelector. No taints yet: they all start there.' },
    {
      at: { cycle: 3, phase: 'done' }, text: 'Next, at 30 s: kubectl taint nodes node-1 dedicated=db:NoExecute. Unlike NoSchedule, NoExecute also acts on pods that are already running.',
      question: {
        prompt: 'The taint lands at 30 s. When is cache (tolerationSeconds: 60) evicted?',
        choices: ['30 s', '60 s', '90 s', 'Never'],
        answer: 2,
        explanation: 'tolerationSeconds counts from the moment the taint is added: 30 + 60 = 90 s.',
        reveal: { fact: { kind: 'evictedAt', pod: 'default/cache' }, values: ['30', '60', '90', 'never'] },
      },
    },
    {
      at: { cycle: 4, phase: 'queue' }, text: 'The taint eviction controller acts at once: web has no toleration and is evicted at 30 s. cache tolerates the taint for 60 s, db with no limit.',
      facts: [{ says: 'evicted at 30 s', fact: { kind: 'evictedAt', pod: 'default/web' }, is: '30' }],
      question: {
        prompt: 'Which nodes pass Filter for web-2?',
        choices: ['node-1 and node-2', 'node-2 only'],
        answer: 1,
        explanation: 'An untolerated NoExecute taint also keeps new pods away.',
        reveal: { fact: { kind: 'feasible', cycle: 4 }, values: ['node-1, node-2', 'node-2'] },
      },
    },
    {
      at: { cycle: 4, phase: 'filter' }, text: `web-2, created at 30 s, has no toleration. For scheduling, NoExecute works like NoSchedule: node-1 fails with "${UNTOLERATED}".`,
      facts: [
        { says: 'created at 30 s', fact: { kind: 'time', cycle: 4 }, is: '30' },
        { says: 'node-1 fails', fact: { kind: 'untoleratedTaint', cycle: 4, node: 'node-1' }, is: 'dedicated=db:NoExecute' },
      ],
      question: {
        prompt: 'db tolerates the taint with no tolerationSeconds. When is it evicted?',
        choices: ['30 s', '330 s (the default 300 s)', 'Never'],
        answer: 2,
        explanation: 'A matching NoExecute toleration without tolerationSeconds tolerates the taint forever. The 300 s defaults apply only to the not-ready and unreachable taints.',
        reveal: { fact: { kind: 'evictedAt', pod: 'default/db' }, values: ['30', '330', 'never'] },
      },
    },
    {
      at: { cycle: 4, phase: 'bind' }, text: 'web-2 runs on node-2, the last scheduling cycle. On node-1 cache\'s tolerationSeconds runs from the taint on: the taint eviction controller counts it down.',
      facts: [{ says: 'web-2 runs on node-2', fact: { kind: 'selected', cycle: 4 }, is: 'node-2' }],
    },
    {
      at: { event: { reason: 'TaintManagerEviction', object: 'Pod/default/cache' } },
      text: 'At 30 + 60 = 90 s cache is evicted, gone at 120 s after its grace period. db stays on node-1 for good.',
      facts: [
        { says: 'gone at 120 s', fact: { kind: 'deletedAt', pod: 'default/cache' }, is: '120' },
        { says: '30 + 60 = 90 s', fact: { kind: 'evictedAt', pod: 'default/cache' }, is: '90' },
        { says: 'db stays on node-1', fact: { kind: 'evictedAt', pod: 'default/db' }, is: 'never' },
      ],
    },
  ],
  outcome: {
    cycleCount: 4,
    cycles: [
      { cycle: 1, pod: 'default/web', result: 'Scheduled', selected: 'node-1' },
      { cycle: 2, pod: 'default/cache', result: 'Scheduled', selected: 'node-1' },
      { cycle: 3, pod: 'default/db', result: 'Scheduled', selected: 'node-1' },
      {
        cycle: 4, pod: 'default/web-2', time: 30, result: 'Scheduled', selected: 'node-2', feasible: ['node-2'],
        filtered: { 'node-1': { plugin: 'TaintToleration', reason: UNTOLERATED, taint: 'dedicated=db:NoExecute' } },
      },
    ],
    pods: [
      { pod: 'default/web', deleted: true },
      { pod: 'default/cache', deleted: true },
      { pod: 'default/db', phase: 'Running', node: 'node-1', deleted: false },
      { pod: 'default/web-2', phase: 'Running', node: 'node-2' },
    ],
    events: [
      { object: 'Pod/default/web', reason: 'TaintManagerEviction', type: 'Normal', time: 30, messageIncludes: 'Marking for deletion Pod default/web' },
      { object: 'Pod/default/cache', reason: 'TaintManagerEviction', type: 'Normal', time: 90, messageIncludes: 'Marking for deletion Pod default/cache' },
    ],
  },
};
