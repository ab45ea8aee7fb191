// Cases from upstream framework/preemption/preemption_test.go: TestNodesWherePreemptionMightHelp
// (now NodeToStatus.NodesForStatusCode), TestDryRunPreemption, TestSelectCandidate and
// TestPrepareCandidate (the rows that do not inject API failures, which cannot happen here).
import { describe, expect, it } from 'vitest';
import type { StatusCode } from '../api';
import { CycleState } from '../framework/cycleState';
import type { NodeInfo } from '../framework/nodeInfo';
import { newPodInfo, type PodInfo } from '../framework/podInfo';
import { Status } from '../framework/status';
import type { Pod } from '../model/types';
import { makeNode, makePod } from '../testing/builders';
import { newTestEnv } from '../testing/framework';
import type { Candidate, Victims } from './candidate';
import { Evaluator, type PreemptionInterface } from './evaluator';
import type { PreemptionScoreFunc } from './pickOneNode';
import { nodeStatuses } from './testing';

const midPriority = 100, highPriority = 1000;
const veryLargeRes = { cpu: '500m', memory: '500' };

/** upstream: FakePostFilterPlugin / FakePreemptionScorePostFilterPlugin — the first pod on the node is the victim. */
function fakePreemption(numViolatingVictim: number, scoreFuncs?: (m: ReadonlyMap<string, Victims>) => PreemptionScoreFunc[]): PreemptionInterface & { visited: string[] } {
  const visited: string[] = [];
  return {
    visited,
    getOffsetAndNumCandidates: (n) => ({ offset: 0, numCandidates: n }),
    candidatesToVictimsMap: (cs) => new Map(cs.map((c) => [c.name, c.victims])),
    podEligibleToPreemptOthers: () => ({ eligible: true, reason: '' }),
    selectVictimsOnNode: (_s: CycleState, _p: PodInfo, nodeInfo: NodeInfo) => {
      visited.push(nodeInfo.name);
      return { victims: nodeInfo.pods.slice(0, 1), numViolatingVictim, status: Status.success() };
    },
    orderedScoreFuncs: (m) => scoreFuncs?.(m),
  };
}

function evaluatorFor(nodes: string[], pods: Pod[], plugin: PreemptionInterface, extra: { nominated?: Record<string, Pod[]> } = {}) {
  const env = newTestEnv({ nodes: nodes.map((n) => makeNode().name(n).capacity(veryLargeRes).obj()), pods });
  env.handle.nominatedPodsForNode = (node) => (extra.nominated?.[node] ?? []).map(newPodInfo);
  return { env, evaluator: new Evaluator('FakePostFilter', env.handle, plugin) };
}

describe('potential nodes (upstream TestNodesWherePreemptionMightHelp)', () => {
  // Upstream's rows predate NodeToStatus: nodes missing from the map were tried, i.e. the
  // absent-nodes status was Unschedulable. Only the code matters; reasons are kept for reading.
  const rows: { name: string; statuses: Record<string, [StatusCode, string]>; expected: string[] }[] = [
    {
      name: 'No node should be attempted',
      statuses: {
        node1: ['UnschedulableAndUnresolvable', "node(s) didn't match Pod's node affinity/selector"],
        node2: ['UnschedulableAndUnresolvable', "node(s) didn't match the requested node name"],
        node3: ['UnschedulableAndUnresolvable', 'node(s) had untolerated taint(s)'],
        node4: ['UnschedulableAndUnresolvable', "node(s) didn't match pod affinity rules"],
      },
      expected: [],
    },
    {
      name: 'ErrReasonAntiAffinityRulesNotMatch should be tried as it indicates that the pod is unschedulable due to inter-pod anti-affinity',
      statuses: {
        node1: ['Unschedulable', "node(s) didn't match pod anti-affinity rules"],
        node2: ['UnschedulableAndUnresolvable', "node(s) didn't match the requested node name"],
        node3: ['UnschedulableAndUnresolvable', 'node(s) were unschedulable'],
      },
      expected: ['node1', 'node4'],
    },
    {
      name: 'ErrReasonAffinityRulesNotMatch should not be tried as it indicates that the pod is unschedulable due to inter-pod affinity, but ErrReasonAntiAffinityRulesNotMatch should be tried as it indicates that the pod is unschedulable due to inter-pod anti-affinity',
      statuses: {
        node1: ['UnschedulableAndUnresolvable', "node(s) didn't match pod affinity rules"],
        node2: ['Unschedulable', "node(s) didn't match pod anti-affinity rules"],
      },
      expected: ['node2', 'node3', 'node4'],
    },
    {
      name: 'Mix of failed predicates works fine',
      statuses: {
        node1: ['UnschedulableAndUnresolvable', 'node(s) had no available disk'],
        node2: ['Unschedulable', 'Insufficient memory'],
      },
      expected: ['node2', 'node3', 'node4'],
    },
    {
      name: 'Node condition errors should be considered unresolvable',
      statuses: { node1: ['UnschedulableAndUnresolvable', 'node(s) had unknown conditions'] },
      expected: ['node2', 'node3', 'node4'],
    },
    {
      name: 'ErrVolume... errors should not be tried as it indicates that the pod is unschedulable due to no matching volumes for pod on node',
      statuses: {
        node1: ['UnschedulableAndUnresolvable', 'node(s) had no available volume zone'],
        node2: ['UnschedulableAndUnresolvable', "node(s) didn't find available persistent volumes to bind"],
        node3: ['UnschedulableAndUnresolvable', 'node(s) had volume node affinity conflict'],
      },
      expected: ['node4'],
    },
    {
      name: 'ErrReasonConstraintsNotMatch should be tried as it indicates that the pod is unschedulable due to topology spread constraints',
      statuses: {
        node1: ['Unschedulable', "node(s) didn't match pod topology spread constraints"],
        node2: ['UnschedulableAndUnresolvable', "node(s) didn't match the requested node name"],
        node3: ['Unschedulable', "node(s) didn't match pod topology spread constraints"],
      },
      expected: ['node1', 'node3', 'node4'],
    },
    {
      name: 'UnschedulableAndUnresolvable status should be skipped but Unschedulable should be tried',
      statuses: { node2: ['UnschedulableAndUnresolvable', ''], node3: ['Unschedulable', ''], node4: ['UnschedulableAndUnresolvable', ''] },
      expected: ['node1', 'node3'],
    },
    {
      name: "ErrReasonNodeLabelNotMatch should not be tried as it indicates that the pod is unschedulable due to node doesn't have the required label",
      statuses: { node2: ['UnschedulableAndUnresolvable', "node(s) didn't match pod topology spread constraints (missing required label)"], node3: ['Unschedulable', ''], node4: ['UnschedulableAndUnresolvable', ''] },
      expected: ['node1', 'node3'],
    },
  ];
  it.each(rows)('$name', ({ statuses, expected }) => {
    const nodes = ['node1', 'node2', 'node3', 'node4'];
    const plugin = fakePreemption(0);
    const { evaluator } = evaluatorFor(nodes, nodes.map((n) => makePod().name(`p-${n}`).node(n).obj()), plugin);
    const m = nodeStatuses({}, 'Unschedulable');
    for (const [node, [code, reason]] of Object.entries(statuses)) m.set(node, Status.of(code, reason));
    evaluator.preempt(new CycleState(), newPodInfo(makePod().name('p').priority(highPriority).obj()), m);
    expect([...plugin.visited].sort()).toEqual(expected);
  });
});

describe('DryRunPreemption (upstream preemption_test.go TestDryRunPreemption)', () => {
  it.each([
    { name: 'no pdb violation', numViolatingVictim: 0 },
    { name: 'pdb violation on each node', numViolatingVictim: 1 },
  ])('$name', ({ numViolatingVictim }) => {
    const pods = [makePod().name('p1').uid('p1').node('node1').priority(midPriority).obj(), makePod().name('p2').uid('p2').node('node2').priority(midPriority).obj()];
    const { env, evaluator } = evaluatorFor(['node1', 'node2'], pods, fakePreemption(numViolatingVictim));
    const pod = newPodInfo(makePod().name('p').uid('p').priority(highPriority).obj());
    const nodeInfos = env.snapshot.nodeInfoList;
    const { candidates } = evaluator.dryRunPreemption(new CycleState(), pod, nodeInfos, [], 0, nodeInfos.length);
    const got = candidates.map((c) => ({ name: c.name, victims: c.victims.pods.map((p) => p.pod.metadata.name), numPDBViolations: c.victims.numPDBViolations }));
    expect(got.sort((a, b) => (a.name < b.name ? -1 : 1))).toEqual([
      { name: 'node1', victims: ['p1'], numPDBViolations: numViolatingVictim },
      { name: 'node2', victims: ['p2'], numPDBViolations: numViolatingVictim },
    ]);
  });
});

describe('SelectCandidate (upstream TestSelectCandidate)', () => {
  it('pod has different number of containers on each node', () => {
    // FakePreemptionScorePostFilterPlugin: one custom criterion, the fewest containers among the victims.
    const fewestContainers = (m: ReadonlyMap<string, Victims>): PreemptionScoreFunc[] => [{
      criterion: 'fewestContainers',
      score: (node) => -m.get(node)!.pods.reduce((n, p) => n + p.pod.spec.containers.length + (p.pod.spec.initContainers?.length ?? 0), 0),
    }];
    const withContainers = (name: string, node: string, count: number) => {
      const w = makePod().name(name).uid(name).node(node).priority(midPriority);
      for (let i = 1; i <= count; i++) w.container({ name: `container${i}` });
      return w.obj();
    };
    const pods = [withContainers('p1.1', 'node1', 2), withContainers('p2.1', 'node2', 1), withContainers('p3.1', 'node3', 3)];
    const { env, evaluator } = evaluatorFor(['node1', 'node2', 'node3'], pods, fakePreemption(1, fewestContainers));
    const nodeInfos = env.snapshot.nodeInfoList;
    const { candidates } = evaluator.dryRunPreemption(new CycleState(), newPodInfo(pods[0]!), nodeInfos, [], 0, nodeInfos.length);
    const { candidate, steps } = evaluator.selectCandidate(candidates);
    expect(candidate?.name).toBe('node2');
    expect(steps).toEqual([{ criterion: 'fewestContainers', nodes: ['node2'] }]);
  });

  it('a single candidate is taken without criteria', () => {
    const { evaluator } = evaluatorFor(['node1'], [], fakePreemption(0));
    const only: Candidate = { name: 'node1', victims: { pods: [], numPDBViolations: 0 } };
    expect(evaluator.selectCandidate([only])).toEqual({ candidate: only, steps: [] });
  });
});

describe('prepareCandidate (upstream TestPrepareCandidate, async preemption)', () => {
  const preemptor = makePod().name('preemptor').uid('preemptor').schedulerName('default-scheduler').priority(highPriority).obj();
  const victim = (name: string, priority = midPriority) => makePod().name(name).uid(name).node('node1').schedulerName('default-scheduler').priority(priority).obj();
  const withCondition = (pod: Pod): Pod => {
    pod.status.conditions = [{ type: 'DisruptionTarget', status: 'True', reason: 'PreemptionByScheduler', message: 'default-scheduler: preempting to accommodate a higher priority pod' }];
    return pod;
  };
  const rows: { name: string; victims: Pod[]; nominated?: Pod[]; want: { call: string; pod: string }[] }[] = [
    { name: 'no victims', victims: [], want: [] },
    { name: 'one victim without condition', victims: [victim('victim1')], want: [{ call: 'preemptPod', pod: 'default/victim1' }] },
    { name: 'one victim with same condition', victims: [withCondition(victim('victim1'))], want: [{ call: 'preemptPod', pod: 'default/victim1' }] },
    // Not upstream rows: the parts of prepareCandidate the table above does not reach.
    { name: 'a victim already terminating gets no second delete', victims: [victim('victim1'), makePod().name('gone').node('node1').priority(midPriority).terminating(5).obj()], want: [{ call: 'preemptPod', pod: 'default/victim1' }] },
    {
      name: 'lower-priority pods nominated to the node lose their nomination first; equal priority keeps it',
      victims: [victim('victim1')],
      nominated: [makePod().name('low-nominee').priority(midPriority).nominatedNodeName('node1').obj(), makePod().name('peer').priority(highPriority).nominatedNodeName('node1').obj()],
      want: [{ call: 'clearNominatedNodeName', pod: 'default/low-nominee' }, { call: 'preemptPod', pod: 'default/victim1' }],
    },
    {
      name: 'nothing happens when every victim is already terminating (async preemption returns early)',
      victims: [makePod().name('victim1').node('node1').priority(midPriority).terminating(5).obj()],
      nominated: [makePod().name('low-nominee').priority(midPriority).nominatedNodeName('node1').obj()],
      want: [],
    },
  ];
  it.each(rows)('$name', ({ victims, nominated, want }) => {
    const { env, evaluator } = evaluatorFor(['node1'], victims, fakePreemption(0), { nominated: { node1: nominated ?? [] } });
    evaluator.prepareCandidate({ name: 'node1', victims: { pods: victims.map(newPodInfo), numPDBViolations: 0 } }, newPodInfo(preemptor));
    expect(env.apiCalls.map(({ call, pod }) => ({ call, pod }))).toEqual(want);
    for (const c of env.apiCalls.filter((x) => x.call === 'preemptPod')) expect(c).toMatchObject({ preemptor: 'default/preemptor', node: 'node1' });
  });
});
