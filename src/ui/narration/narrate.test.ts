import { describe, expect, it } from 'vitest';
import type { CycleTrace, NodeScore, PodGroupCycleTrace } from '../../engine/api';
import { cycle } from '../../worker/testing/results';
import type { Phase } from '../../worker/protocol';
import { narrate, rankNodes } from './narrate';

const fitFailure = (requested: number, used: number) => [{
  plugin: 'NodeResourcesFit', code: 'Unschedulable' as const, reasons: ['Insufficient cpu'],
  details: { insufficientResources: [{ resourceName: 'cpu', reason: 'Insufficient cpu', requested, used, capacity: 2000, unresolvable: false }] },
}];
const score = (total: number, normalized = total): NodeScore => ({
  plugins: { NodeResourcesFit: { raw: normalized, normalized, weight: 1, weighted: normalized } }, total,
});

// default/web is the first of three members tried in the group cycle of cycles 3–5
const gang: PodGroupCycleTrace = {
  name: 'default/training', firstCycle: 3, members: ['default/web', 'default/b', 'default/c'], minCount: 3, bound: 0, placed: 2,
  result: 'Unschedulable', message: 'pod group is unschedulable',
};
const gangWait = [{ plugin: 'GangScheduling', code: 'Wait' as const, reasons: ['waiting for minCount pods from a gang to be waiting on permit'] }];

describe('narrate', () => {
  const rows: { name: string; phase: Phase; trace: Partial<CycleTrace>; last?: boolean; contains: string[]; lacks?: string[] }[] = [
    {
      name: 'PreFilter names the pod, its priority and the plugins with nothing to check',
      phase: 'PreFilter',
      trace: { preFilter: [{ plugin: 'NodeResourcesFit', code: 'Success' }, { plugin: 'NodeAffinity', code: 'Skip' }] },
      contains: ['Cycle 3 (t=0s): default/web, priority 1M, leaves the queue.', 'NodeAffinity has nothing to check and skips Filter.'],
    },
    {
      name: 'a PreFilter rejection ends the cycle with the FailedScheduling message',
      phase: 'PreFilter', last: true,
      trace: {
        preFilter: [{ plugin: 'NodeAffinity', code: 'UnschedulableAndUnresolvable', reasons: ['node(s) didn\'t match Pod\'s node affinity/selector'] }],
        message: '0/2 nodes are available: 2 node(s) didn\'t match Pod\'s node affinity/selector.',
      },
      contains: ['NodeAffinity rejects it for every node', 'FailedScheduling: 0/2 nodes are available'],
    },
    {
      name: 'Filter counts feasible nodes and explains the first filtered one with numbers',
      phase: 'Filter',
      trace: {
        nodesEvaluated: ['node-1', 'node-2', 'node-3'], feasible: ['node-3'], numAllNodes: 3,
        filter: { 'node-1': fitFailure(1500, 1500), 'node-2': fitFailure(1500, 1000) },
      },
      contains: [
        'Filter checked 3 of 3 nodes: 1 feasible (node-3).',
        '2 nodes filtered out (2 by NodeResourcesFit); node-1 filtered out by NodeResourcesFit: Insufficient cpu — requests 1500m, free 500m',
      ],
    },
    {
      name: 'Score names the leader and how its total adds up',
      phase: 'Score',
      trace: { score: { a: score(80), b: score(95) } },
      contains: ['Score: 2 nodes scored; b leads with 95 = NodeResourcesFit 95×1.'],
    },
    {
      name: 'Score shows a tie at the top',
      phase: 'Score',
      trace: { score: { a: score(90), b: score(90), c: score(10) } },
      contains: ['a and b tie at 90'],
    },
    {
      name: 'Select after a tie says the seeded choice picked the node',
      phase: 'Select',
      trace: { score: { a: score(90), b: score(90) }, tiedNodes: ['a', 'b'], selected: 'b' },
      contains: ['a and b share the top score; the seeded random choice picks b.'],
    },
    {
      name: 'Select with one feasible node: no scoring',
      phase: 'Select',
      trace: { selected: 'a', feasible: ['a'] },
      contains: ['a is the only feasible node, so it is chosen without scoring.'],
    },
    {
      name: 'PostFilter names the nominated node and the victims',
      phase: 'PostFilter',
      trace: {
        postFilter: {
          candidates: [{ node: 'node-a', victims: ['default/low-a1', 'default/low-a2'], pdbViolations: 0 }, { node: 'node-b', victims: ['default/low-b1'], pdbViolations: 0 }],
          chosen: { node: 'node-b', victims: ['default/low-b1'] },
        },
      },
      contains: ['2 candidate nodes for preemption; node-b is nominated, evicting low-b1 (1 victim).'],
    },
    {
      name: 'Bind names the binder, not the PreBind plugins before it',
      phase: 'Bind',
      trace: { selected: 'node-4', bind: [{ plugin: 'VolumeBinding', code: 'Success' }, { plugin: 'DefaultBinder', code: 'Success' }], result: 'Scheduled' },
      contains: ['Bind: DefaultBinder binds default/web to node-4.'],
    },
    {
      name: 'a pod held at Permit is not bound',
      phase: 'Permit',
      trace: { selected: 'node-2', permit: [{ plugin: 'GangScheduling', code: 'Wait', reasons: ['waiting for minCount pods from a gang to be waiting on permit'] }], result: 'Scheduled', permitWait: { time: 0, allowed: true, cycle: 5 } },
      contains: ['Permit: GangScheduling holds default/web on node-2', 'not bound'],
    },
    {
      name: 'the Permit that reaches the quorum releases the waiting pods, and they bind with this one',
      phase: 'Bind',
      trace: { selected: 'node-1', bind: [{ plugin: 'DefaultBinder', code: 'Success' }], result: 'Scheduled', permitReleased: ['default/worker-0', 'default/worker-1'] },
      contains: ['binds default/web to node-1', 'worker-0 and worker-1, released at Permit, bind too.'],
    },
    {
      name: 'a pod-group member assumed before the group\'s last attempt: no outcome yet, only when it comes (issue 19)',
      phase: 'Permit', last: true,
      trace: { selected: 'node-1', permit: gangWait, result: 'Unschedulable', message: 'pod group is unschedulable, waiting for minCount pods from a gang to be waiting on permit', podGroup: gang },
      contains: ['Permit: GangScheduling holds default/web on node-1', 'The group is decided at cycle 5'],
      lacks: ['FailedScheduling', 'unschedulable'],
    },
    {
      name: 'a pod-group member that found no node before the group\'s last attempt: its FitError waits for the group too',
      phase: 'Filter', last: true,
      trace: { nodesEvaluated: ['node-1'], numAllNodes: 1, filter: { 'node-1': fitFailure(1500, 1000) }, message: '0/1 nodes are available: 1 Insufficient cpu.', podGroup: gang },
      contains: ['none is feasible', 'The group is decided at cycle 5'],
      lacks: ['FailedScheduling'],
    },
    {
      name: 'the group\'s last member ends the group cycle with its FailedScheduling',
      phase: 'Filter', last: true,
      trace: { nodesEvaluated: ['node-1'], numAllNodes: 1, filter: { 'node-1': fitFailure(1500, 1000) }, message: '0/1 nodes are available: 1 Insufficient cpu.', podGroup: { ...gang, firstCycle: 1 } },
      contains: ['FailedScheduling: 0/1 nodes are available: 1 Insufficient cpu.'],
      lacks: ['decided at'],
    },
    {
      name: 'a PostFilter that found nothing keeps its message while the group\'s outcome waits',
      phase: 'PostFilter', last: true,
      trace: { postFilter: { candidates: [], message: 'preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.' }, message: 'pod group is unschedulable', podGroup: gang },
      contains: ['(preemption: 0/1 nodes are available', 'The group is decided at cycle 5'],
      lacks: ['FailedScheduling'],
    },
  ];
  it.each(rows)('$name', ({ phase, trace, last, contains, lacks }) => {
    const text = narrate(cycle(3, 'default/web', trace), phase, last ?? false, 1_000_000);
    for (const part of contains) expect(text).toContain(part);
    for (const part of lacks ?? []) expect(text).not.toContain(part);
  });
});

describe('rankNodes', () => {
  it('orders by total, keeping the scheduler\'s order among equals', () => {
    expect(rankNodes({ c: score(5), a: score(9), b: score(9) }).map(([n]) => n)).toEqual(['a', 'b', 'c']);
  });
});
