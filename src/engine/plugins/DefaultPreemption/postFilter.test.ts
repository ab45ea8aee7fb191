// Cases from upstream defaultpreemption/default_preemption_test.go: TestPostFilter, TestPreempt
// (rows without extenders or pod groups) and TestPodEligibleToPreemptOthers.
import { describe, expect, it } from 'vitest';
import type { StatusCode } from '../../api';
import type { NodeToStatus } from '../../framework/interfaces';
import { newPodInfo } from '../../framework/podInfo';
import { Status } from '../../framework/status';
import type { Node, Pod, PodDisruptionBudget } from '../../model/types';
import { errorOnLabelledNodes, makePdb, nodeStatuses, preFilterState } from '../../preemption/testing';
import { makeNode, makePod } from '../../testing/builders';
import {
  highPriority, largeRes, lowPriority, mediumRes, midPriority, nodeResourcesFit, setupPreemption, smallRes, veryHighPriority, veryLargeRes,
} from './testFixtures';

const onePodRes = { pods: '1' };
const nodeRes = { cpu: '200m', memory: '400' };
const violatingLabel = 'test.kubernetes.io/is-violating-pdb';

interface PostFilterRow {
  name: string;
  pod: Pod;
  pods: Pod[];
  nodes: Node[];
  pdbs?: PodDisruptionBudget[];
  statuses: NodeToStatus;
  /** undefined: no nomination change (upstream nil result) */
  wantNominated?: string;
  wantCode: StatusCode;
  wantMessage?: string;
}

const p = (name: string) => makePod().name(name).uid(name).namespace('default');
const node = (name: string, capacity: Record<string, string>) => makeNode().name(name).capacity(capacity);

const postFilterRows: PostFilterRow[] = [
  {
    name: 'pod with higher priority can be made schedulable',
    pod: p('p').priority(highPriority).obj(),
    pods: [p('p1').node('node1').obj()],
    nodes: [node('node1', onePodRes).obj()],
    statuses: nodeStatuses({ node1: 'Unschedulable' }),
    wantNominated: 'node1', wantCode: 'Success',
  },
  {
    name: 'pod with tied priority is still unschedulable',
    pod: p('p').obj(),
    pods: [p('p1').node('node1').obj()],
    nodes: [node('node1', onePodRes).obj()],
    statuses: nodeStatuses({ node1: 'Unschedulable' }),
    wantNominated: '', wantCode: 'Unschedulable',
    wantMessage: 'preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.',
  },
  {
    name: 'preemption should respect filteredNodesStatuses',
    pod: p('p').priority(highPriority).obj(),
    pods: [p('p1').node('node1').obj()],
    nodes: [node('node1', onePodRes).obj()],
    statuses: nodeStatuses({ node1: 'UnschedulableAndUnresolvable' }),
    wantNominated: '', wantCode: 'Unschedulable',
    wantMessage: 'preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.',
  },
  {
    name: 'preemption should respect absent NodeToStatusReader entry meaning UnschedulableAndUnresolvable',
    pod: p('p').priority(highPriority).obj(),
    pods: [p('p1').node('node1').obj()],
    nodes: [node('node1', onePodRes).obj()],
    statuses: nodeStatuses({}),
    wantNominated: '', wantCode: 'Unschedulable',
    wantMessage: 'preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.',
  },
  {
    name: 'pod can be made schedulable on one node',
    pod: p('p').priority(midPriority).obj(),
    pods: [p('p1').priority(highPriority).node('node1').obj(), p('p2').priority(lowPriority).node('node2').obj()],
    nodes: [node('node1', onePodRes).obj(), node('node2', onePodRes).obj()],
    statuses: nodeStatuses({ node1: 'Unschedulable', node2: 'Unschedulable' }),
    wantNominated: 'node2', wantCode: 'Success',
  },
  {
    name: 'pod can be made schedulable on minHighestPriority node',
    pod: p('p').priority(veryHighPriority).obj(),
    pods: [
      p('p1').label(violatingLabel, 'non-violating').priority(highPriority).node('node1').obj(),
      p('p2').label(violatingLabel, 'violating').priority(lowPriority).node('node1').obj(),
      p('p3').label(violatingLabel, 'violating').priority(midPriority).node('node2').obj(),
    ],
    pdbs: [
      makePdb().name('violating-pdb').matchLabel(violatingLabel, 'violating').minAvailable('100%').obj(),
      makePdb().name('non-violating-pdb').matchLabel(violatingLabel, 'non-violating').minAvailable(0).disruptionsAllowed(2 ** 31 - 1).obj(),
    ],
    nodes: [node('node1', onePodRes).obj(), node('node2', onePodRes).obj()],
    statuses: nodeStatuses({ node1: 'Unschedulable', node2: 'Unschedulable' }),
    wantNominated: 'node2', wantCode: 'Success',
  },
  {
    name: 'no candidate nodes found, no enough resource after removing low priority pods',
    pod: p('p').priority(highPriority).req(largeRes).obj(),
    pods: [p('p1').node('node1').obj(), p('p2').node('node2').obj()],
    nodes: [node('node1', nodeRes).obj(), node('node2', nodeRes).obj()],
    statuses: nodeStatuses({ node1: 'Unschedulable', node2: 'Unschedulable' }),
    wantNominated: '', wantCode: 'Unschedulable',
    wantMessage: 'preemption: 0/2 nodes are available: 2 Insufficient cpu.',
  },
  {
    name: 'no candidate nodes found with mixed reasons, no lower priority pod and no enough CPU resource',
    pod: p('p').priority(highPriority).req(largeRes).obj(),
    pods: [
      p('p1').node('node1').priority(highPriority).obj(),
      p('p2').node('node2').obj(),
      p('p3').node('node3').priority(highPriority).obj(),
    ],
    nodes: [node('node1', onePodRes).obj(), node('node2', nodeRes).obj(), node('node3', onePodRes).obj()],
    statuses: nodeStatuses({ node1: 'Unschedulable', node2: 'Unschedulable', node3: 'Unschedulable' }),
    wantNominated: '', wantCode: 'Unschedulable',
    wantMessage: 'preemption: 0/3 nodes are available: 1 Insufficient cpu, 2 No preemption victims found for incoming pod.',
  },
  {
    name: "no candidate nodes found with mixed reason, 2 UnschedulableAndUnresolvable nodes and 2 nodes don't have enough CPU resource",
    pod: p('p').priority(highPriority).req(largeRes).obj(),
    pods: [p('p1').node('node1').obj(), p('p2').node('node2').obj()],
    nodes: ['node1', 'node2', 'node3', 'node4'].map((n) => node(n, nodeRes).obj()),
    statuses: nodeStatuses({ node1: 'Unschedulable', node2: 'Unschedulable', node4: 'UnschedulableAndUnresolvable' }),
    wantNominated: '', wantCode: 'Unschedulable',
    wantMessage: 'preemption: 0/4 nodes are available: 2 Insufficient cpu, 2 Preemption is not helpful for scheduling.',
  },
  {
    name: 'only one node but failed with TestPlugin',
    pod: p('p').priority(highPriority).req(largeRes).obj(),
    pods: [p('p1').node('node1').obj()],
    nodes: [node('node1', largeRes).label('error', 'true').obj()],
    statuses: nodeStatuses({ node1: 'Unschedulable' }),
    wantNominated: undefined, wantCode: 'Error',
    wantMessage: 'preemption: running RemovePod on PreFilter plugin "test-plugin": failed to remove pod: p',
  },
  {
    name: 'one failed with TestPlugin and the other pass',
    pod: p('p').priority(highPriority).req(largeRes).obj(),
    pods: [p('p1').node('node1').obj(), p('p2').node('node2').req(mediumRes).obj()],
    nodes: [node('node1', largeRes).label('error', 'true').obj(), node('node2', largeRes).obj()],
    statuses: nodeStatuses({ node1: 'Unschedulable', node2: 'Unschedulable' }),
    wantNominated: 'node2', wantCode: 'Success',
  },
];

describe('DefaultPreemption PostFilter (upstream TestPostFilter)', () => {
  it.each(postFilterRows)('$name', (row) => {
    // upstream registers NodeResourcesFit and the TestPlugin for every row
    const plugins = [nodeResourcesFit, errorOnLabelledNodes()];
    const { env, plugin } = setupPreemption({ nodes: row.nodes, pods: row.pods, pdbs: row.pdbs ?? [], plugins });
    const pod = newPodInfo(row.pod);
    const { result, status } = plugin.postFilter(preFilterState(env, pod), pod, row.statuses);
    expect(status.code).toBe(row.wantCode);
    if (row.wantMessage !== undefined) expect(status.message()).toBe(row.wantMessage);
    else expect(status.reasons).toEqual([]);
    expect(result?.nominatedNodeName).toBe(row.wantNominated);
    if (row.wantMessage !== undefined) expect(result?.trace?.message).toBe(row.wantMessage);
  });
});

describe('DefaultPreemption Preempt (upstream TestPreempt)', () => {
  const nodes = ['node1', 'node2', 'node3'].map((n) => node(n, veryLargeRes).obj());
  const pods = () => [
    p('p1.1').node('node1').priority(lowPriority).req(smallRes).obj(),
    p('p1.2').node('node1').priority(lowPriority).req(smallRes).obj(),
    p('p2.1').node('node2').priority(highPriority).req(largeRes).obj(),
    p('p3.1').node('node3').priority(midPriority).req(mediumRes).obj(),
  ];
  const rows = [
    { name: 'basic preemption logic', pod: p('p').priority(highPriority).req(veryLargeRes).preemptionPolicy('PreemptLowerPriority').obj(), want: 'node1', victims: ['default/p1.1', 'default/p1.2'] },
    { name: 'no preempting in pod', pod: p('p').priority(highPriority).req(veryLargeRes).preemptionPolicy('Never').obj(), want: undefined, victims: [] },
    { name: 'PreemptionPolicy is nil', pod: p('p').priority(highPriority).req(veryLargeRes).obj(), want: 'node1', victims: ['default/p1.1', 'default/p1.2'] },
  ];
  it.each(rows)('$name', ({ pod, want, victims }) => {
    const { env, plugin } = setupPreemption({ nodes, pods: pods(), plugins: [nodeResourcesFit] });
    const pi = newPodInfo(pod);
    const all = nodeStatuses({ node1: 'Unschedulable', node2: 'Unschedulable', node3: 'Unschedulable' });
    const { result } = plugin.postFilter(preFilterState(env, pi), pi, all);
    expect(result?.nominatedNodeName).toBe(want);
    expect(env.apiCalls.filter((c) => c.call === 'preemptPod').map((c) => c.pod).sort()).toEqual(victims);
    for (const c of env.apiCalls) expect(c).toMatchObject({ preemptor: 'default/p', node: want });
  });

  it('a pod that may not preempt says why (preemptionPolicy Never)', () => {
    const { env, plugin } = setupPreemption({ nodes, pods: pods(), plugins: [nodeResourcesFit] });
    const pi = newPodInfo(p('p').priority(highPriority).req(veryLargeRes).preemptionPolicy('Never').obj());
    const { status } = plugin.postFilter(preFilterState(env, pi), pi, nodeStatuses({ node1: 'Unschedulable' }));
    expect(status.code).toBe('Unschedulable');
    expect(status.message()).toBe('preemption: not eligible due to preemptionPolicy=Never.');
  });
});

describe('PodEligibleToPreemptOthers (upstream TestPodEligibleToPreemptOthers)', () => {
  const terminatingByPreemption = (pod: Pod): Pod => {
    pod.status.conditions = [{ type: 'DisruptionTarget', status: 'True', reason: 'PreemptionByScheduler' }];
    return pod;
  };
  const rows: { name: string; pod: Pod; pods: Pod[]; nodes: string[]; nominatedNodeStatus: Status; expected: boolean }[] = [
    {
      name: 'Pod with nominated node',
      pod: makePod().name('p_with_nominated_node').uid('p').priority(highPriority).nominatedNodeName('node1').obj(),
      pods: [makePod().name('p1').uid('p1').priority(lowPriority).node('node1').terminating().obj()],
      nodes: ['node1'],
      nominatedNodeStatus: Status.unresolvable("node(s) had untolerated taint(s)"),
      expected: true,
    },
    {
      name: 'Pod without nominated node',
      pod: makePod().name('p_without_nominated_node').uid('p').priority(highPriority).obj(),
      pods: [], nodes: [], nominatedNodeStatus: Status.success(), expected: true,
    },
    {
      name: "Pod with 'PreemptNever' preemption policy",
      pod: makePod().name('p_with_preempt_never_policy').uid('p').priority(highPriority).preemptionPolicy('Never').obj(),
      pods: [], nodes: [], nominatedNodeStatus: Status.success(), expected: false,
    },
    {
      name: 'preemption victim pod terminating, as indicated by the dedicated DisruptionTarget condition',
      pod: makePod().name('p_with_nominated_node').uid('p').priority(highPriority).nominatedNodeName('node1').obj(),
      pods: [terminatingByPreemption(makePod().name('p1').uid('p1').priority(lowPriority).node('node1').terminating().obj())],
      nodes: ['node1'], nominatedNodeStatus: Status.success(), expected: false,
    },
    {
      name: 'non-victim Pods terminating',
      pod: makePod().name('p_with_nominated_node').uid('p').priority(highPriority).nominatedNodeName('node1').obj(),
      pods: [makePod().name('p1').uid('p1').priority(lowPriority).node('node1').terminating().obj()],
      nodes: ['node1'], nominatedNodeStatus: Status.success(), expected: true,
    },
  ];
  it.each(rows)('$name', ({ pod, pods, nodes, nominatedNodeStatus, expected }) => {
    const { plugin } = setupPreemption({ nodes: nodes.map((n) => makeNode().name(n).obj()), pods, plugins: [] });
    const { eligible, reason } = plugin.podEligibleToPreemptOthers(newPodInfo(pod), nominatedNodeStatus);
    expect(eligible).toBe(expected);
    if (!expected) {
      expect(reason).toBe(pod.spec.preemptionPolicy === 'Never'
        ? 'not eligible due to preemptionPolicy=Never.'
        : 'not eligible due to a terminating pod on the nominated node.');
    }
  });
});
