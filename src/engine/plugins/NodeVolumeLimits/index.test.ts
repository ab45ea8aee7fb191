// Volumes are not simulated; this pins upstream's behaviour for a pod without volumes.
import { describe, expect, it } from 'vitest';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv, runPreFilterAndFilter } from '../../testing/framework';
import { NodeVolumeLimits } from './index';

describe('NodeVolumeLimits', () => {
  it('a pod without PVC, ephemeral or migratable in-tree volumes Skips PreFilter (csi.go PreFilter)', () => {
    const env = newTestEnv({ nodes: [makeNode().name('n').obj()] });
    const { preFilter, filter } = runPreFilterAndFilter(NodeVolumeLimits.factory(undefined, env.handle), env, makePod().name('p').req({ cpu: '100m' }).obj());
    expect(preFilter.code).toBe('Skip');
    expect(filter.get('n')!.code).toBe('Success');
  });
});
