import { describe, expect, it } from 'vitest';
import { cycle } from '../../worker/testing/results';
import { affinityRelations, domainKinds } from './affinity';

describe('affinityRelations', () => {
  it('lists each matched pod with its relation and domain, affinity first', () => {
    const trace = cycle(1, 'default/web', {
      preFilter: [{ plugin: 'InterPodAffinity', code: 'Success', details: { pods: {
        existingAntiAffinity: [{ topologyKey: 'zone', topologyValue: 'z2', pods: ['default/guard'] }],
        affinity: [{ topologyKey: 'zone', topologyValue: 'z1', pods: ['default/cache-a', 'default/cache-b'] }],
        antiAffinity: [{ topologyKey: 'kubernetes.io/hostname', topologyValue: 'n2', pods: ['default/web-1'] }],
      } } }],
    });
    expect(affinityRelations(trace)).toEqual([
      { kind: 'affinity', pod: 'default/cache-a', topologyKey: 'zone', topologyValue: 'z1' },
      { kind: 'affinity', pod: 'default/cache-b', topologyKey: 'zone', topologyValue: 'z1' },
      { kind: 'antiAffinity', pod: 'default/web-1', topologyKey: 'kubernetes.io/hostname', topologyValue: 'n2' },
      { kind: 'existingAntiAffinity', pod: 'default/guard', topologyKey: 'zone', topologyValue: 'z2' },
    ]);
  });

  it('is empty when the plugin skipped (no terms anywhere)', () => {
    expect(affinityRelations(cycle(1, 'p', { preFilter: [{ plugin: 'InterPodAffinity', code: 'Skip' }] }))).toEqual([]);
  });
});

describe('domainKinds', () => {
  const relations = [
    { kind: 'affinity' as const, pod: 'default/cache', topologyKey: 'zone', topologyValue: 'z1' },
    { kind: 'antiAffinity' as const, pod: 'default/web-1', topologyKey: 'kubernetes.io/hostname', topologyValue: 'n2' },
  ];
  it.each([
    ['a node in the affinity zone', { zone: 'z1', 'kubernetes.io/hostname': 'n1' }, ['affinity']],
    ['the node the anti-affinity names, in the same zone', { zone: 'z1', 'kubernetes.io/hostname': 'n2' }, ['affinity', 'antiAffinity']],
    ['a node elsewhere', { zone: 'z2', 'kubernetes.io/hostname': 'n3' }, []],
    ['a lane by zone', { zone: 'z1' }, ['affinity']],
  ])('%s', (_, labels, kinds) => {
    expect(domainKinds(relations, labels)).toEqual(kinds);
  });
});
