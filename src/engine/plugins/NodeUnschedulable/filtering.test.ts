// Cases from upstream nodeunschedulable/node_unschedulable_test.go (TestNodeUnschedulable).
import { describe, expect, it } from 'vitest';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv, runPreFilterAndFilter } from '../../testing/framework';
import { NodeUnschedulable } from './index';

const cases = [
  { name: 'Does not schedule pod to unschedulable node (node.Spec.Unschedulable==true)', unschedulable: true, tolerate: false, code: 'UnschedulableAndUnresolvable' },
  { name: 'Schedule pod to normal node', unschedulable: false, tolerate: false, code: 'Success' },
  { name: 'Schedule pod with toleration to unschedulable node (node.Spec.Unschedulable==true)', unschedulable: true, tolerate: true, code: 'Success' },
];

describe('NodeUnschedulable Filter', () => {
  it.each(cases)('$name', ({ unschedulable, tolerate, code }) => {
    const node = makeNode().name('n').unschedulable(unschedulable).obj();
    const pod = makePod().name('p');
    if (tolerate) pod.toleration({ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' });
    const plugin = NodeUnschedulable.factory(undefined, newTestEnv({ nodes: [node] }).handle);
    const { filter } = runPreFilterAndFilter(plugin, newTestEnv({ nodes: [node] }), pod.obj());
    const status = filter.get('n')!;
    expect(status.code).toBe(code);
    if (code !== 'Success') expect(status.reasons).toEqual(['node(s) were unschedulable']);
  });
});
