// Cases from upstream nodeaffinity/node_affinity_test.go (Test_isSchedulableAfterNodeChange) and
// apis/config/validation/validation_pluginargs_test.go (TestValidateNodeAffinityArgs).
import { describe, expect, it } from 'vitest';
import type { Node, NodeAffinity as NodeAffinityType } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import { NodeAffinity } from './index';

const enforcedFooBar: NodeAffinityType = {
  requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'foo', operator: 'In', values: ['bar'] }] }] },
};

describe('isSchedulableAfterNodeChange (Test_isSchedulableAfterNodeChange)', () => {
  const podWithNodeAffinity = makePod().name('p').nodeAffinityIn('foo', ['bar']).obj();
  const plain = (): Node => makeNode().name('n').obj();
  const fooBar = (): Node => makeNode().name('n').label('foo', 'bar').obj();
  const cases: { name: string; added?: NodeAffinityType; oldNode?: Node; newNode: Node; want: 'Queue' | 'QueueSkip' }[] = [
    { name: 'skip-queue-on-add', newNode: plain(), want: 'QueueSkip' },
    { name: 'queue-on-add', newNode: fooBar(), want: 'Queue' },
    { name: 'skip-unrelated-changes', oldNode: plain(), newNode: makeNode().name('n').capacity({}).obj(), want: 'QueueSkip' },
    { name: 'skip-unrelated-changes-on-labels', oldNode: plain(), newNode: makeNode().name('n').label('k', 'v').obj(), want: 'QueueSkip' },
    { name: 'skip-labels-changes-on-node-from-suitable-to-unsuitable', oldNode: fooBar(), newNode: makeNode().name('n').label('k', 'v').obj(), want: 'QueueSkip' },
    { name: 'queue-on-labels-change-makes-pod-schedulable', oldNode: plain(), newNode: fooBar(), want: 'Queue' },
    { name: 'skip-queue-on-add-scheduler-enforced-node-affinity', added: enforcedFooBar, newNode: plain(), want: 'QueueSkip' },
    { name: 'queue-on-add-scheduler-enforced-node-affinity', added: enforcedFooBar, newNode: fooBar(), want: 'Queue' },
  ];
  it.each(cases)('$name', ({ added, oldNode, newNode, want }) => {
    const plugin = NodeAffinity.factory(added ? { addedAffinity: added } : {}, newTestEnv({ nodes: [] }).handle);
    const [event] = plugin.eventsToRegister!();
    expect(event!.event).toEqual({ resource: 'Node', actionType: ['Add', 'UpdateNodeLabel'] });
    expect(event!.hint!(podWithNodeAffinity, oldNode, newNode)).toBe(want);
  });
});

describe('NodeAffinityArgs validation (TestValidateNodeAffinityArgs)', () => {
  it('empty', () => {
    expect(NodeAffinity.validateArgs!({})).toEqual([]);
  });

  it('valid added affinity', () => {
    expect(NodeAffinity.validateArgs!({
      addedAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'label-1', operator: 'In', values: ['label-1-val'] }] }] },
        preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-1'] }] } }],
      },
    })).toEqual([]);
  });

  it('invalid added affinity', () => {
    const args = {
      addedAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'invalid/label/key', operator: 'In' as const, values: ['label-1-val'] }] }] },
        preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchFields: [{ key: 'metadata.name', operator: 'In' as const, values: ['node-1', 'node-2'] }] } }],
      },
    };
    const errs = NodeAffinity.validateArgs!(args);
    expect(errs.map((e) => e.path)).toEqual([
      'addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].key',
      'addedAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].matchFields[0].values',
    ]);
    expect(errs[1]!.message).toBe('Invalid value: []string{"node-1", "node-2"}: must have one element');
    // upstream New refuses such args too
    expect(() => NodeAffinity.factory(args, newTestEnv({ nodes: [] }).handle)).toThrow(/parsing addedAffinity/);
  });
});
