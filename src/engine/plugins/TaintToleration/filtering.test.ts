// Cases from upstream tainttoleration/taint_toleration_test.go (TestTaintTolerationFilter,
// TestIsSchedulableAfterNodeChange, Test_isSchedulableAfterPodChange). Since kubernetes#134740
// (v1.35) the Filter message is "node(s) had untolerated taint(s)" where the older table
// expected "node(s) had untolerated taint {key: value}".
import { describe, expect, it } from 'vitest';
import type { Node, Pod, Taint, Toleration } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { ErrReasonUntoleratedTaints, filterTaintToleration, isSchedulableAfterNodeChange } from './filtering';
import { isSchedulableAfterPodTolerationChange } from './index';

const nodeWithTaints = (name: string, taints: Taint[]): Node => makeNode().name(name).taints(taints).obj();
function podWithTolerations(name: string, tolerations: Toleration[]): Pod {
  const pod = makePod().name(name);
  for (const t of tolerations) pod.toleration(t);
  return pod.obj();
}

describe('TaintToleration Filter (TestTaintTolerationFilter)', () => {
  const cases: { name: string; pod: Pod; node: Node; untolerated?: Taint }[] = [
    { name: "A pod having no tolerations can't be scheduled onto a node with nonempty taints", pod: podWithTolerations('pod1', []), node: nodeWithTaints('nodeA', [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }]), untolerated: { key: 'dedicated', value: 'user1', effect: 'NoSchedule' } },
    { name: 'A pod which can be scheduled on a dedicated node assigned to user1 with effect NoSchedule', pod: podWithTolerations('pod1', [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }]), node: nodeWithTaints('nodeA', [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }]) },
    { name: "A pod which can't be scheduled on a dedicated node assigned to user2 with effect NoSchedule", pod: podWithTolerations('pod1', [{ key: 'dedicated', operator: 'Equal', value: 'user2', effect: 'NoSchedule' }]), node: nodeWithTaints('nodeA', [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }]), untolerated: { key: 'dedicated', value: 'user1', effect: 'NoSchedule' } },
    { name: 'A pod can be scheduled onto the node, with a toleration uses operator Exists that tolerates the taints on the node', pod: podWithTolerations('pod1', [{ key: 'foo', operator: 'Exists', effect: 'NoSchedule' }]), node: nodeWithTaints('nodeA', [{ key: 'foo', value: 'bar', effect: 'NoSchedule' }]) },
    { name: 'A pod has multiple tolerations, node has multiple taints, all the taints are tolerated, pod can be scheduled onto the node', pod: podWithTolerations('pod1', [{ key: 'dedicated', operator: 'Equal', value: 'user2', effect: 'NoSchedule' }, { key: 'foo', operator: 'Exists', effect: 'NoSchedule' }]), node: nodeWithTaints('nodeA', [{ key: 'dedicated', value: 'user2', effect: 'NoSchedule' }, { key: 'foo', value: 'bar', effect: 'NoSchedule' }]) },
    { name: "A pod has a toleration that keys and values match the taint on the node, but (non-empty) effect doesn't match, can't be scheduled onto the node", pod: podWithTolerations('pod1', [{ key: 'foo', operator: 'Equal', value: 'bar', effect: 'PreferNoSchedule' }]), node: nodeWithTaints('nodeA', [{ key: 'foo', value: 'bar', effect: 'NoSchedule' }]), untolerated: { key: 'foo', value: 'bar', effect: 'NoSchedule' } },
    { name: 'The pod has a toleration that keys and values match the taint on the node, the effect of toleration is empty, and the effect of taint is NoSchedule. Pod can be scheduled onto the node', pod: podWithTolerations('pod1', [{ key: 'foo', operator: 'Equal', value: 'bar' }]), node: nodeWithTaints('nodeA', [{ key: 'foo', value: 'bar', effect: 'NoSchedule' }]) },
    { name: "The pod has a toleration that key and value don't match the taint on the node, but the effect of taint on node is PreferNoSchedule. Pod can be scheduled onto the node", pod: podWithTolerations('pod1', [{ key: 'dedicated', operator: 'Equal', value: 'user2', effect: 'NoSchedule' }]), node: nodeWithTaints('nodeA', [{ key: 'dedicated', value: 'user1', effect: 'PreferNoSchedule' }]) },
    { name: 'The pod has no toleration, but the effect of taint on node is PreferNoSchedule. Pod can be scheduled onto the node', pod: podWithTolerations('pod1', []), node: nodeWithTaints('nodeA', [{ key: 'dedicated', value: 'user1', effect: 'PreferNoSchedule' }]) },
    // the first untolerated taint in node order is the one reported
    { name: 'the first untolerated NoSchedule/NoExecute taint in node order is named in the details', pod: podWithTolerations('pod1', []), node: nodeWithTaints('nodeA', [{ key: 'soft', effect: 'PreferNoSchedule' }, { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }, { key: 'x', value: 'y', effect: 'NoExecute' }]), untolerated: { key: 'node-role.kubernetes.io/control-plane', value: '', effect: 'NoSchedule' } },
  ];
  it.each(cases)('$name', ({ pod, node, untolerated }) => {
    const status = filterTaintToleration(pod, node);
    if (!untolerated) {
      expect(status.code).toBe('Success');
      return;
    }
    expect(status.code).toBe('UnschedulableAndUnresolvable');
    expect(status.reasons).toEqual([ErrReasonUntoleratedTaints]);
    expect(status.details?.taint).toEqual(untolerated);
  });
});

describe('TaintToleration Filter details: each hard taint with the toleration that tolerates it', () => {
  const node = nodeWithTaints('nodeA', [
    { key: 'key1', value: 'value1', effect: 'NoSchedule' },
    { key: 'soft', effect: 'PreferNoSchedule' },
    { key: 'key2', value: 'value2', effect: 'NoExecute' },
  ]);
  it.each([
    {
      name: 'both tolerated: success, each taint beside its toleration',
      tolerations: [{ key: 'key2', operator: 'Exists' as const }, { key: 'key1', operator: 'Equal' as const, value: 'value1', effect: 'NoSchedule' as const }],
      code: 'Success',
      taints: [
        { taint: { key: 'key1', value: 'value1', effect: 'NoSchedule' }, toleration: { key: 'key1', operator: 'Equal', value: 'value1', effect: 'NoSchedule' } },
        { taint: { key: 'key2', value: 'value2', effect: 'NoExecute' }, toleration: { key: 'key2', operator: 'Exists' } },
      ],
    },
    {
      name: 'the second untolerated: it decides, the first is shown tolerated',
      tolerations: [{ key: 'key1', operator: 'Exists' as const }],
      code: 'UnschedulableAndUnresolvable',
      taints: [
        { taint: { key: 'key1', value: 'value1', effect: 'NoSchedule' }, toleration: { key: 'key1', operator: 'Exists' } },
        { taint: { key: 'key2', value: 'value2', effect: 'NoExecute' } },
      ],
    },
  ])('$name', ({ tolerations, code, taints }) => {
    const status = filterTaintToleration(podWithTolerations('p', tolerations), node);
    expect(status.code).toBe(code);
    expect(status.details?.taints).toEqual(taints);
  });

  it('records nothing for a node without taints', () => {
    expect(filterTaintToleration(podWithTolerations('p', []), nodeWithTaints('n', [])).details).toBeUndefined();
  });

  it('lists PreferNoSchedule taints apart, each with the toleration Score would count as tolerating it; they never decide', () => {
    const soft = nodeWithTaints('soft', [
      { key: 'spot', value: 'true', effect: 'PreferNoSchedule' },
      { key: 'maintenance', value: 'soon', effect: 'PreferNoSchedule' },
    ]);
    const status = filterTaintToleration(podWithTolerations('p', [
      { key: 'maintenance', operator: 'Equal', value: 'soon', effect: 'NoSchedule' },
      { key: 'spot', operator: 'Equal', value: 'true', effect: 'PreferNoSchedule' },
    ]), soft);
    expect(status.code).toBe('Success');
    expect(status.details).toEqual({ preferNoSchedule: [
      { taint: { key: 'spot', value: 'true', effect: 'PreferNoSchedule' }, toleration: { key: 'spot', operator: 'Equal', value: 'true', effect: 'PreferNoSchedule' } },
      // a NoSchedule toleration does not tolerate a PreferNoSchedule taint (upstream getAllTolerationPreferNoSchedule)
      { taint: { key: 'maintenance', value: 'soon', effect: 'PreferNoSchedule' } },
    ] });
    const mixed = filterTaintToleration(podWithTolerations('q', []), node);
    expect(mixed.details?.taint).toEqual({ key: 'key1', value: 'value1', effect: 'NoSchedule' });
    expect(mixed.details?.preferNoSchedule).toEqual([{ taint: { key: 'soft', value: '', effect: 'PreferNoSchedule' } }]);
  });
});

describe('TaintToleration Filter statuses shared', () => {
  const taint: Taint = { key: 'foo', value: '', effect: 'NoSchedule' };
  it('gives pods with equal tolerations one status on a node, and another after its taints change', () => {
    const node = nodeWithTaints('n', [taint]);
    const first = filterTaintToleration(podWithTolerations('a', []), node);
    expect(filterTaintToleration(podWithTolerations('b', []), node)).toBe(first);
    const tolerating = filterTaintToleration(podWithTolerations('c', [{ key: 'foo', operator: 'Exists' }]), node);
    expect(tolerating.code).toBe('Success');
    expect(tolerating).not.toBe(first);
    node.spec.taints = [{ key: 'bar', value: 'x', effect: 'NoExecute' }];
    const after = filterTaintToleration(podWithTolerations('d', []), node);
    expect(after.details?.taint).toEqual({ key: 'bar', value: 'x', effect: 'NoExecute' });
  });

  it('gives nodes with equal taints one status (their verdict lists in the trace are then one), and nodes whose taints differ their own', () => {
    const pod = podWithTolerations('a', []);
    const a = filterTaintToleration(pod, nodeWithTaints('a', [{ key: 'gpu', value: 'x', effect: 'NoSchedule' }]));
    const b = filterTaintToleration(pod, nodeWithTaints('b', [{ key: 'gpu', value: 'x', effect: 'NoSchedule' }]));
    expect(b).toBe(a);
    const otherValue = filterTaintToleration(pod, nodeWithTaints('c', [{ key: 'gpu', value: 'y', effect: 'NoSchedule' }]));
    expect(otherValue).not.toBe(a);
    expect(otherValue.details?.taint).toEqual({ key: 'gpu', value: 'y', effect: 'NoSchedule' });
    const twoTaints = filterTaintToleration(pod, nodeWithTaints('d', [{ key: 'soft', effect: 'PreferNoSchedule' }, { key: 'gpu', value: 'x', effect: 'NoSchedule' }]));
    expect(twoTaints).not.toBe(a);
    expect(twoTaints.details?.taints).toEqual([{ taint: { key: 'gpu', value: 'x', effect: 'NoSchedule' } }]);
    expect(twoTaints.details?.preferNoSchedule).toEqual([{ taint: { key: 'soft', value: '', effect: 'PreferNoSchedule' } }]);
  });
});

describe('isSchedulableAfterNodeChange (TestIsSchedulableAfterNodeChange)', () => {
  const pod = podWithTolerations('pod1', [{ key: 'dedicated', operator: 'Equal', value: 'user2', effect: 'NoSchedule' }]);
  const cases: { name: string; oldNode?: Node; newNode: Node; want: 'Queue' | 'QueueSkip' }[] = [
    { name: 'skip-queue-on-untoleratedtaint-node-added', newNode: nodeWithTaints('nodeA', [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }]), want: 'QueueSkip' },
    { name: 'queue-on-toleratedtaint-node-added', newNode: nodeWithTaints('nodeA', [{ key: 'dedicated', value: 'user2', effect: 'NoSchedule' }]), want: 'Queue' },
    { name: 'skip-unrelated-change', oldNode: nodeWithTaints('nodeA', [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }]), newNode: nodeWithTaints('nodeA', [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }, { key: 'dedicated', value: 'user3', effect: 'NoSchedule' }]), want: 'QueueSkip' },
    { name: 'queue-on-taint-change', oldNode: nodeWithTaints('nodeA', [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }]), newNode: nodeWithTaints('nodeA', [{ key: 'dedicated', value: 'user2', effect: 'NoSchedule' }]), want: 'Queue' },
  ];
  it.each(cases)('$name', ({ oldNode, newNode, want }) => {
    expect(isSchedulableAfterNodeChange(pod, oldNode, newNode)).toBe(want);
  });
});

describe('isSchedulableAfterPodTolerationChange (Test_isSchedulableAfterPodChange)', () => {
  const withUid = (name: string, uid: string): Pod => makePod().name(name).namespace('ns-1').uid(uid).obj();
  it.each([
    { name: 'skip-updates-other-pod', pod: withUid('pod-1', 'uid0'), modified: withUid('pod-2', 'uid1'), want: 'QueueSkip' },
    { name: 'queue-on-toleration-added', pod: withUid('pod-1', 'uid0'), modified: withUid('pod-1', 'uid0'), want: 'Queue' },
  ])('$name', ({ pod, modified, want }) => {
    expect(isSchedulableAfterPodTolerationChange(pod, modified)).toBe(want);
  });
});
