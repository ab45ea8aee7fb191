// Cases from upstream defaultpreemption/default_preemption_test.go: TestDryRunPreemption and
// TestSelectBestCandidate (rows that need neither volumes nor DRA; the InterPodAffinity and
// PodTopologySpread rows are in crossPlugin.test.ts). Upstream seeds the offset generator with 4,
// which gives offsets 4, 1, 3 for five nodes; the rows pass those offsets explicitly.
import { describe, expect, it } from 'vitest';
import type { StatusCode } from '../../api';
import type { Plugin } from '../../framework/interfaces';
import { newPodInfo } from '../../framework/podInfo';
import type { Pod, PodDisruptionBudget } from '../../model/types';
import { fakeFilter, falseFilter, makePdb, matchFilter, preFilterState, trueFilter } from '../../preemption/testing';
import { makeNode, makePod } from '../../testing/builders';
import { defaultPreemptionArgs, type DefaultPreemptionArgs } from './args';
import {
  highPriority, largeRes, lowPriority, mediumRes, midPriority, negPriority, nodeResourcesFit, setupPreemption, smallRes, veryHighPriority, veryLargeRes,
  type PluginBuilder,
} from './testFixtures';

interface DryRunRow {
  name: string;
  args?: DefaultPreemptionArgs;
  nodeNames: string[];
  testPods: Pod[];
  initPods: Pod[];
  plugins: () => (Plugin | PluginBuilder)[];
  pdbs?: PodDisruptionBudget[];
  fakeFilterRC?: StatusCode;
  offsets?: number[];
  /** per cycle: node -> [victim names, numPDBViolations] */
  expected: Record<string, [string[], number]>[];
  expectedNumFilterCalled: number[];
}

const pod = (name: string) => makePod().name(name).uid(name);
const appFoo = (name: string, node: string) => pod(name).node(node).label('app', 'foo').priority(midPriority).req(mediumRes).obj();
const fit = () => [nodeResourcesFit];
const fooPdb = () => makePdb().matchLabel('app', 'foo');
const fiveNodes = ['node1', 'node2', 'node3', 'node4', 'node5'];
const oneEach = (priorities: number[], labelled: number[] = []) => priorities.map((prio, i) => {
  const w = pod(`p${i + 1}`).node(`node${i + 1}`).priority(prio).req(largeRes);
  return (labelled.includes(i + 1) ? w.label('app', 'foo') : w).obj();
});

const rows: DryRunRow[] = [
  {
    name: 'a pod that does not fit on any node',
    plugins: () => [falseFilter()],
    nodeNames: ['node1', 'node2'],
    testPods: [pod('p').priority(highPriority).obj()],
    initPods: [pod('p1').node('node1').priority(midPriority).obj(), pod('p2').node('node2').priority(midPriority).obj()],
    expected: [{}], expectedNumFilterCalled: [2],
  },
  {
    name: 'a pod that fits with no preemption',
    plugins: () => [trueFilter()],
    nodeNames: ['node1', 'node2'],
    testPods: [pod('p').priority(highPriority).obj()],
    initPods: [pod('p1').node('node1').priority(midPriority).obj(), pod('p2').node('node2').priority(midPriority).obj()],
    fakeFilterRC: 'Unschedulable',
    expected: [{}], expectedNumFilterCalled: [2],
  },
  {
    name: 'a pod that fits on one node with no preemption',
    plugins: () => [matchFilter()],
    nodeNames: ['node1', 'node2'],
    // Named like a node so MatchFilter passes there.
    testPods: [pod('node1').priority(highPriority).obj()],
    initPods: [pod('p1').node('node1').priority(midPriority).obj(), pod('p2').node('node2').priority(midPriority).obj()],
    fakeFilterRC: 'Unschedulable',
    expected: [{}], expectedNumFilterCalled: [2],
  },
  {
    name: 'a pod that fits on both nodes when lower priority pods are preempted',
    plugins: fit,
    nodeNames: ['node1', 'node2'],
    testPods: [pod('p').priority(highPriority).req(largeRes).obj()],
    initPods: [pod('p1').node('node1').priority(midPriority).req(largeRes).obj(), pod('p2').node('node2').priority(midPriority).req(largeRes).obj()],
    expected: [{ node1: [['p1'], 0], node2: [['p2'], 0] }], expectedNumFilterCalled: [4],
  },
  {
    name: 'a pod that would fit on the nodes, but other pods running are higher priority, no preemption would happen',
    plugins: fit,
    nodeNames: ['node1', 'node2'],
    testPods: [pod('p').priority(lowPriority).req(largeRes).obj()],
    initPods: [pod('p1').node('node1').priority(midPriority).req(largeRes).obj(), pod('p2').node('node2').priority(midPriority).req(largeRes).obj()],
    expected: [{}], expectedNumFilterCalled: [0],
  },
  {
    name: 'medium priority pod is preempted, but lower priority one stays as it is small',
    plugins: fit,
    nodeNames: ['node1', 'node2'],
    testPods: [pod('p').priority(highPriority).req(largeRes).obj()],
    initPods: [
      pod('p1.1').node('node1').priority(lowPriority).req(smallRes).obj(),
      pod('p1.2').node('node1').priority(midPriority).req(largeRes).obj(),
      pod('p2').node('node2').priority(midPriority).req(largeRes).obj(),
    ],
    expected: [{ node1: [['p1.2'], 0], node2: [['p2'], 0] }], expectedNumFilterCalled: [5],
  },
  {
    name: 'mixed priority pods are preempted',
    plugins: fit,
    nodeNames: ['node1', 'node2'],
    testPods: [pod('p').priority(highPriority).req(largeRes).obj()],
    initPods: [
      pod('p1.1').node('node1').priority(midPriority).req(smallRes).obj(),
      pod('p1.2').node('node1').priority(lowPriority).req(smallRes).obj(),
      pod('p1.3').node('node1').priority(midPriority).req(mediumRes).obj(),
      pod('p1.4').node('node1').priority(highPriority).req(smallRes).obj(),
      pod('p2').node('node2').priority(highPriority).req(largeRes).obj(),
    ],
    expected: [{ node1: [['p1.2', 'p1.3'], 0] }], expectedNumFilterCalled: [4],
  },
  {
    name: 'mixed priority pods are preempted, pick later StartTime one when priorities are equal',
    plugins: fit,
    nodeNames: ['node1', 'node2'],
    testPods: [pod('p').priority(highPriority).req(largeRes).obj()],
    initPods: [
      pod('p1.1').node('node1').priority(lowPriority).req(smallRes).startTime(5).obj(),
      pod('p1.2').node('node1').priority(lowPriority).req(smallRes).startTime(4).obj(),
      pod('p1.3').node('node1').priority(midPriority).req(mediumRes).startTime(3).obj(),
      pod('p1.4').node('node1').priority(highPriority).req(smallRes).startTime(2).obj(),
      pod('p2').node('node2').priority(highPriority).req(largeRes).startTime(1).obj(),
    ],
    expected: [{ node1: [['p1.1', 'p1.3'], 0] }], expectedNumFilterCalled: [4],
  },
  {
    name: 'get Unschedulable in the preemption phase when the filter plugins filtering the nodes',
    plugins: fit,
    nodeNames: ['node1', 'node2'],
    testPods: [pod('p').priority(highPriority).req(largeRes).obj()],
    initPods: [pod('p1').node('node1').priority(midPriority).req(largeRes).obj(), pod('p2').node('node2').priority(midPriority).req(largeRes).obj()],
    fakeFilterRC: 'Unschedulable',
    expected: [{}], expectedNumFilterCalled: [2],
  },
  {
    name: 'preemption with violation of same pdb',
    plugins: fit,
    nodeNames: ['node1'],
    testPods: [pod('p').priority(highPriority).req(veryLargeRes).obj()],
    initPods: [appFoo('p1.1', 'node1'), appFoo('p1.2', 'node1')],
    pdbs: [fooPdb().disruptionsAllowed(1).obj()],
    expected: [{ node1: [['p1.1', 'p1.2'], 1] }], expectedNumFilterCalled: [3],
  },
  {
    name: "preemption with violation of the pdb with pod whose eviction was processed, the victim doesn't belong to DisruptedPods",
    plugins: fit,
    nodeNames: ['node1'],
    testPods: [pod('p').priority(highPriority).req(veryLargeRes).obj()],
    initPods: [appFoo('p1.1', 'node1'), appFoo('p1.2', 'node1')],
    pdbs: [fooPdb().disruptionsAllowed(1).disruptedPods({ p2: 0 }).obj()],
    expected: [{ node1: [['p1.1', 'p1.2'], 1] }], expectedNumFilterCalled: [3],
  },
  {
    name: 'preemption with violation of the pdb with pod whose eviction was processed, the victim belongs to DisruptedPods',
    plugins: fit,
    nodeNames: ['node1'],
    testPods: [pod('p').priority(highPriority).req(veryLargeRes).obj()],
    initPods: [appFoo('p1.1', 'node1'), appFoo('p1.2', 'node1')],
    pdbs: [fooPdb().disruptionsAllowed(1).disruptedPods({ 'p1.2': 0 }).obj()],
    expected: [{ node1: [['p1.1', 'p1.2'], 0] }], expectedNumFilterCalled: [3],
  },
  {
    name: "preemption with violation of the pdb with pod whose eviction was processed, the victim which belongs to DisruptedPods is treated as 'nonViolating'",
    plugins: fit,
    nodeNames: ['node1'],
    testPods: [pod('p').priority(highPriority).req(veryLargeRes).obj()],
    initPods: [appFoo('p1.1', 'node1'), appFoo('p1.2', 'node1'), appFoo('p1.3', 'node1')],
    pdbs: [fooPdb().disruptionsAllowed(1).disruptedPods({ 'p1.3': 0 }).obj()],
    expected: [{ node1: [['p1.1', 'p1.2', 'p1.3'], 1] }], expectedNumFilterCalled: [4],
  },
  {
    name: 'all nodes are possible candidates, but DefaultPreemptionArgs limits to 2',
    args: { minCandidateNodesPercentage: 40, minCandidateNodesAbsolute: 1 },
    plugins: fit,
    nodeNames: fiveNodes,
    testPods: [pod('p').priority(highPriority).req(largeRes).obj()],
    initPods: oneEach([midPriority, midPriority, midPriority, midPriority, midPriority]),
    offsets: [4], // node5 (yes), node1 (yes)
    expected: [{ node1: [['p1'], 0], node5: [['p5'], 0] }], expectedNumFilterCalled: [4],
  },
  {
    name: 'some nodes are not possible candidates, DefaultPreemptionArgs limits to 2',
    args: { minCandidateNodesPercentage: 40, minCandidateNodesAbsolute: 1 },
    plugins: fit,
    nodeNames: fiveNodes,
    testPods: [pod('p').priority(highPriority).req(largeRes).obj()],
    initPods: oneEach([midPriority, veryHighPriority, midPriority, midPriority, veryHighPriority]),
    offsets: [4], // node5 (no), node1 (yes), node2 (no), node3 (yes)
    expected: [{ node1: [['p1'], 0], node3: [['p3'], 0] }], expectedNumFilterCalled: [4],
  },
  {
    name: 'preemption offset across multiple scheduling cycles and wrap around',
    args: { minCandidateNodesPercentage: 40, minCandidateNodesAbsolute: 1 },
    plugins: fit,
    nodeNames: fiveNodes,
    testPods: ['tp1', 'tp2', 'tp3'].map((n) => pod(n).priority(highPriority).req(largeRes).obj()),
    initPods: oneEach([midPriority, midPriority, midPriority, midPriority, midPriority]),
    offsets: [4, 1, 3],
    expected: [
      { node1: [['p1'], 0], node5: [['p5'], 0] },
      { node2: [['p2'], 0], node3: [['p3'], 0] },
      { node4: [['p4'], 0], node5: [['p5'], 0] },
    ],
    expectedNumFilterCalled: [4, 4, 4],
  },
  {
    name: 'preemption looks past numCandidates until a non-PDB violating node is found',
    args: { minCandidateNodesPercentage: 40, minCandidateNodesAbsolute: 2 },
    plugins: fit,
    nodeNames: fiveNodes,
    testPods: [pod('p').priority(highPriority).req(largeRes).obj()],
    initPods: oneEach([midPriority, midPriority, midPriority, midPriority, midPriority], [1, 2, 5]),
    pdbs: [fooPdb().disruptionsAllowed(0).obj()],
    // node5 (yes, pdb), node1 (yes, pdb), node2 (no, pdb: the violating list is full), node3 (yes)
    offsets: [4],
    expected: [{ node1: [['p1'], 1], node3: [['p3'], 0], node5: [['p5'], 1] }],
    expectedNumFilterCalled: [8],
  },
];

describe('DryRunPreemption (upstream TestDryRunPreemption)', () => {
  it.each(rows)('$name', (row) => {
    const codes = Object.fromEntries(row.nodeNames.map((n) => [n, row.fakeFilterRC ?? 'Success'])) as Record<string, StatusCode>;
    const counter = fakeFilter(codes);
    const nodes = row.nodeNames.map((n) => makeNode().name(n).capacity(veryLargeRes).obj());
    const { env, plugin } = setupPreemption({ nodes, pods: row.initPods, pdbs: row.pdbs ?? [], plugins: [counter, ...row.plugins()], args: row.args ?? defaultPreemptionArgs() });
    const nodeInfos = [...env.snapshot.nodeInfoList].sort((a, b) => (a.name < b.name ? -1 : 1));
    row.testPods.forEach((testPod, cycle) => {
      const before = counter.numFilterCalled;
      const pi = newPodInfo(testPod);
      const state = preFilterState(env, pi);
      const { numCandidates } = plugin.getOffsetAndNumCandidates(nodeInfos.length);
      const offset = row.offsets?.[cycle] ?? 0;
      const { candidates } = plugin.evaluator.dryRunPreemption(state, pi, nodeInfos, row.pdbs ?? [], offset, numCandidates);
      const got = Object.fromEntries(candidates.map((c) => [c.name, [c.victims.pods.map((v) => v.pod.metadata.name).sort(), c.victims.numPDBViolations]]));
      expect(got).toEqual(row.expected[cycle]);
      expect(counter.numFilterCalled - before).toBe(row.expectedNumFilterCalled[cycle]);
    });
  });
});

describe('SelectCandidate (upstream TestSelectBestCandidate)', () => {
  const rows: { name: string; nodeNames: string[]; pod: Pod; pods: Pod[]; expected: string[] }[] = [
    {
      name: 'a pod that fits on both nodes when lower priority pods are preempted',
      nodeNames: ['node1', 'node2'],
      pod: pod('p').priority(highPriority).req(largeRes).obj(),
      pods: [
        pod('p1').node('node1').priority(midPriority).req(largeRes).startTime(0).obj(),
        pod('p2').node('node2').priority(midPriority).req(largeRes).startTime(0).obj(),
      ],
      expected: ['node1', 'node2'],
    },
    {
      name: 'node with min highest priority pod is picked',
      nodeNames: ['node1', 'node2', 'node3'],
      pod: pod('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [
        pod('p1.1').node('node1').priority(midPriority).req(mediumRes).startTime(0).obj(),
        pod('p1.2').node('node1').priority(midPriority).req(largeRes).startTime(0).obj(),
        pod('p2.1').node('node2').priority(midPriority).req(mediumRes).startTime(0).obj(),
        pod('p2.2').node('node2').priority(lowPriority).req(mediumRes).startTime(0).obj(),
        pod('p3.1').node('node3').priority(lowPriority).req(mediumRes).startTime(0).obj(),
        pod('p3.2').node('node3').priority(lowPriority).req(mediumRes).startTime(0).obj(),
      ],
      expected: ['node3'],
    },
    {
      name: 'when highest priorities are the same, minimum sum of priorities is picked',
      nodeNames: ['node1', 'node2', 'node3'],
      pod: pod('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [
        pod('p1.1').node('node1').priority(midPriority).req(mediumRes).startTime(0).obj(),
        pod('p1.2').node('node1').priority(midPriority).req(largeRes).startTime(0).obj(),
        pod('p2.1').node('node2').priority(midPriority).req(largeRes).startTime(0).obj(),
        pod('p2.2').node('node2').priority(lowPriority).req(mediumRes).startTime(0).obj(),
        pod('p3.1').node('node3').priority(midPriority).req(mediumRes).startTime(0).obj(),
        pod('p3.2').node('node3').priority(midPriority).req(mediumRes).startTime(0).obj(),
      ],
      expected: ['node2'],
    },
    {
      name: 'when highest priority and sum are the same, minimum number of pods is picked',
      nodeNames: ['node1', 'node2', 'node3'],
      pod: pod('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [
        pod('p1.1').node('node1').priority(midPriority).req(smallRes).startTime(0).obj(),
        pod('p1.2').node('node1').priority(negPriority).req(smallRes).startTime(0).obj(),
        pod('p1.3').node('node1').priority(midPriority).req(smallRes).startTime(0).obj(),
        pod('p1.4').node('node1').priority(negPriority).req(smallRes).startTime(0).obj(),
        pod('p2.1').node('node2').priority(midPriority).req(largeRes).startTime(0).obj(),
        pod('p2.2').node('node2').priority(negPriority).req(mediumRes).startTime(0).obj(),
        pod('p3.1').node('node3').priority(midPriority).req(mediumRes).startTime(0).obj(),
        pod('p3.2').node('node3').priority(negPriority).req(smallRes).startTime(0).obj(),
        pod('p3.3').node('node3').priority(lowPriority).req(smallRes).startTime(0).obj(),
      ],
      expected: ['node2'],
    },
    {
      name: 'sum of adjusted priorities is considered',
      nodeNames: ['node1', 'node2', 'node3'],
      pod: pod('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [
        pod('p1.1').node('node1').priority(midPriority).req(smallRes).startTime(0).obj(),
        pod('p1.2').node('node1').priority(negPriority).req(smallRes).startTime(0).obj(),
        pod('p1.3').node('node1').priority(negPriority).req(smallRes).startTime(0).obj(),
        pod('p2.1').node('node2').priority(midPriority).req(largeRes).startTime(0).obj(),
        pod('p2.2').node('node2').priority(negPriority).req(mediumRes).startTime(0).obj(),
        pod('p3.1').node('node3').priority(midPriority).req(mediumRes).startTime(0).obj(),
        pod('p3.2').node('node3').priority(negPriority).req(smallRes).startTime(0).obj(),
        pod('p3.3').node('node3').priority(lowPriority).req(smallRes).startTime(0).obj(),
      ],
      expected: ['node2'],
    },
    {
      name: 'non-overlapping lowest high priority, sum priorities, and number of pods',
      nodeNames: ['node1', 'node2', 'node3', 'node4'],
      pod: pod('p').priority(veryHighPriority).req(veryLargeRes).obj(),
      pods: [
        pod('p1.1').node('node1').priority(midPriority).req(smallRes).startTime(0).obj(),
        pod('p1.2').node('node1').priority(lowPriority).req(smallRes).startTime(0).obj(),
        pod('p1.3').node('node1').priority(lowPriority).req(smallRes).startTime(0).obj(),
        pod('p2.1').node('node2').priority(highPriority).req(largeRes).startTime(0).obj(),
        pod('p3.1').node('node3').priority(midPriority).req(mediumRes).startTime(0).obj(),
        pod('p3.2').node('node3').priority(lowPriority).req(smallRes).startTime(0).obj(),
        pod('p3.3').node('node3').priority(lowPriority).req(smallRes).startTime(0).obj(),
        pod('p3.4').node('node3').priority(lowPriority).req(mediumRes).startTime(0).obj(),
        pod('p4.1').node('node4').priority(midPriority).req(mediumRes).startTime(0).obj(),
        pod('p4.2').node('node4').priority(midPriority).req(smallRes).startTime(0).obj(),
        pod('p4.3').node('node4').priority(midPriority).req(smallRes).startTime(0).obj(),
        pod('p4.4').node('node4').priority(negPriority).req(smallRes).startTime(0).obj(),
      ],
      expected: ['node1'],
    },
    {
      name: "same priority, same number of victims, different start time for each node's pod",
      nodeNames: ['node1', 'node2', 'node3'],
      pod: pod('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [
        pod('p1.1').node('node1').priority(midPriority).req(mediumRes).startTime(2).obj(),
        pod('p1.2').node('node1').priority(midPriority).req(mediumRes).startTime(2).obj(),
        pod('p2.1').node('node2').priority(midPriority).req(mediumRes).startTime(3).obj(),
        pod('p2.2').node('node2').priority(midPriority).req(mediumRes).startTime(3).obj(),
        pod('p3.1').node('node3').priority(midPriority).req(mediumRes).startTime(1).obj(),
        pod('p3.2').node('node3').priority(midPriority).req(mediumRes).startTime(1).obj(),
      ],
      expected: ['node2'],
    },
    {
      name: 'same priority, same number of victims, different start time for all pods',
      nodeNames: ['node1', 'node2', 'node3'],
      pod: pod('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [
        pod('p1.1').node('node1').priority(midPriority).req(mediumRes).startTime(4).obj(),
        pod('p1.2').node('node1').priority(midPriority).req(mediumRes).startTime(2).obj(),
        pod('p2.1').node('node2').priority(midPriority).req(mediumRes).startTime(5).obj(),
        pod('p2.2').node('node2').priority(midPriority).req(mediumRes).startTime(1).obj(),
        pod('p3.1').node('node3').priority(midPriority).req(mediumRes).startTime(3).obj(),
        pod('p3.2').node('node3').priority(midPriority).req(mediumRes).startTime(6).obj(),
      ],
      expected: ['node3'],
    },
    {
      name: 'different priority, same number of victims, different start time for all pods',
      nodeNames: ['node1', 'node2', 'node3'],
      pod: pod('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [
        pod('p1.1').node('node1').priority(lowPriority).req(mediumRes).startTime(4).obj(),
        pod('p1.2').node('node1').priority(midPriority).req(mediumRes).startTime(2).obj(),
        pod('p2.1').node('node2').priority(midPriority).req(mediumRes).startTime(6).obj(),
        pod('p2.2').node('node2').priority(lowPriority).req(mediumRes).startTime(1).obj(),
        pod('p3.1').node('node3').priority(lowPriority).req(mediumRes).startTime(3).obj(),
        pod('p3.2').node('node3').priority(midPriority).req(mediumRes).startTime(5).obj(),
      ],
      expected: ['node2'],
    },
  ];
  it.each(rows)('$name', ({ nodeNames, pod: preemptor, pods, expected }) => {
    const nodes = nodeNames.map((n) => makeNode().name(n).capacity(veryLargeRes).obj());
    const { env, plugin } = setupPreemption({ nodes, pods, plugins: [nodeResourcesFit] });
    const pi = newPodInfo(preemptor);
    const { offset, numCandidates } = plugin.getOffsetAndNumCandidates(nodeNames.length);
    const { candidates } = plugin.evaluator.dryRunPreemption(preFilterState(env, pi), pi, env.snapshot.nodeInfoList, [], offset, numCandidates);
    const { candidate } = plugin.evaluator.selectCandidate(candidates);
    expect(expected).toContain(candidate?.name);
  });
});
