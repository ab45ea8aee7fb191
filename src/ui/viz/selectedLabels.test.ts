import { describe, expect, it } from 'vitest';
import type { NodeOutcome, PodOutcome } from '../../engine/api';
import { selectedLabelKeys, selectedLabels } from './selectedLabels';

const pod = (scheduling: PodOutcome['scheduling']): PodOutcome => ({ pod: 'default/p', phase: 'Pending', priority: 0, scheduling } as PodOutcome);
const node = (labels: Record<string, string>): NodeOutcome => ({ name: 'n', labels } as unknown as NodeOutcome);

describe('selectedLabelKeys: the node labels a pod selects on', () => {
  it.each([
    ['no selector, no affinity', pod({}), []],
    ['a nodeSelector', pod({ nodeSelector: { disktype: 'ssd' } }), ['disktype']],
    ['required terms (ORed) and their expressions, each key once', pod({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [
      { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }, { key: 'cpu-generation', operator: 'Gt', values: ['5'] }] },
      { matchExpressions: [{ key: 'cpu-generation', operator: 'Lt', values: ['4'] }] },
    ] } } } }), ['zone', 'cpu-generation']],
    ['preferred terms too', pod({ nodeSelector: { a: '1' }, affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchExpressions: [{ key: 'gpu', operator: 'Exists' }] } }] } } }), ['a', 'gpu']],
    ['matchFields name no label', pod({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n'] }] }] } } } }), []],
  ] as const)('%s', (_, p, keys) => {
    expect(selectedLabelKeys(p)).toEqual(keys);
  });
});

describe('selectedLabels: what a card draws', () => {
  it('the value, or that the node has no such label; not the lanes\' key nor the hostname', () => {
    const keys = ['disktype', 'gpu', 'topology.kubernetes.io/zone', 'kubernetes.io/hostname'];
    expect(selectedLabels(node({ disktype: 'ssd', 'topology.kubernetes.io/zone': 'a', 'kubernetes.io/hostname': 'n' }), keys, 'topology.kubernetes.io/zone'))
      .toEqual([{ key: 'disktype', value: 'ssd' }, { key: 'gpu' }]);
  });
});
