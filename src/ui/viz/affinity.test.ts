import { describe, expect, it } from 'vitest';
import { cycle } from '../../worker/testing/results';
import { affinityRelations } from './affinity';

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
