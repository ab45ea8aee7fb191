// What the stage reads of the node autoscaler at a time: a node's state and each group's size.
// Rows follow cluster-autoscaler's life of a node: IncreaseSize (upcoming, counted in the group's
// target size), registered, ToBeDeleted and drained by scale-down, deleted.

import { describe, expect, it } from 'vitest';
import type { AutoscalerOutcome, NodeOutcome } from '../api';
import { nodeGroupsAt, nodeStageState, nodesOverRun } from './stage';

function node(name: string, extra: Partial<NodeOutcome> = {}): NodeOutcome {
  return { name, labels: {}, allocatable: {}, requested: {}, taints: [], unschedulable: false, ...extra };
}

const joining = node('gpu-1', { createdAt: 70, provisionedBy: { group: 'gpu', scaleUpAt: 10 } });
const drained = node('pool-1', { deletedAt: 160, drainedBy: { group: 'pool', drainAt: 130 } });
const timelineNode = node('node-9', { createdAt: 50 });

describe('nodeStageState', () => {
  it.each([
    ['before the scale-up: a later node', joining, 5, 'later'],
    ['from the scale-up until it registers: provisioning', joining, 10, 'provisioning'],
    ['registered', joining, 70, 'present'],
    ['a timeline node before it joins is never provisioning', timelineNode, 20, 'later'],
    ['before scale-down picks it', drained, 129, 'present'],
    ['tainted and drained', drained, 130, 'draining'],
    ['deleted', drained, 160, 'removed'],
  ] as const)('%s', (_name, n, time, state) => {
    expect(nodeStageState(n, time)).toBe(state);
  });
});

describe('nodeGroupsAt', () => {
  const autoscaler: AutoscalerOutcome = {
    expander: 'least-waste',
    nodeGroups: [
      { name: 'gpu', minSize: 0, maxSize: 2, template: 'gpu-template', size: 1, nodes: ['gpu-1'] },
      { name: 'pool', minSize: 1, maxSize: 5, template: 'pool-template', size: 1, nodes: ['pool-2'] },
    ],
    activities: [
      { time: 10, kind: 'scaleUp', group: 'gpu', from: 0, to: 1, max: 2, nodes: ['gpu-1'], readyAt: 70, pods: ['default/train'], expander: [] },
      { time: 70, kind: 'nodeReady', group: 'gpu', node: 'gpu-1' },
      { time: 130, kind: 'scaleDown', group: 'pool', node: 'pool-1', empty: false, pods: ['default/web'], since: 10, utilization: 0.125 },
      { time: 160, kind: 'nodeRemoved', group: 'pool', node: 'pool-1' },
    ],
    pods: {},
    unremovable: {},
  };
  const nodes = nodesOverRun({ nodes: [joining, node('pool-2'), timelineNode], removedNodes: [drained] });
  const at = (time: number) => Object.fromEntries(nodeGroupsAt(autoscaler, nodes, time).map((g) => [g.name, [g.size, g.provisioning, g.draining]]));
  it.each([
    ['at the start: gpu empty, pool of two', 0, { gpu: [0, 0, 0], pool: [2, 0, 0] }],
    ['a gpu node provisioning counts in the target size', 10, { gpu: [1, 1, 0], pool: [2, 0, 0] }],
    ['a draining node counts until deleted', 130, { gpu: [1, 0, 0], pool: [2, 0, 1] }],
    ['the deleted node is gone; a node of no group is in none', 160, { gpu: [1, 0, 0], pool: [1, 0, 0] }],
  ])('%s', (_name, time, sizes) => {
    expect(at(time)).toEqual(sizes);
  });
});
