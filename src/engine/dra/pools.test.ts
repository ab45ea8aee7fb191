// The order the first-fit search meets pools and slices in: v1.35 creation order, v1.36+ name
// order (kubernetes PR #136641, versions.ts draNameOrder), as gatherPools hands them on.
import { describe, expect, it } from 'vitest';
import { allFeatures, device, node, slice } from './allocatorTesting';
import { gatherPools, slicesInNameOrder } from './pools';
import type { ResourceSlice } from '../model/resource';

const n1 = node('n1', 'r1');
const on = (name: string, pool: string, driver = 'driver-a', count = 1) => slice(name, 'n1', pool, driver, [device(`${name}-dev`)], 1, count);
/** the pools and their slices as gatherPools returns them, "driver/pool: slice slice" */
const walked = (slices: ResourceSlice[]) => gatherPools(slices, n1, allFeatures).map((p) => `${p.driver}/${p.pool}: ${p.slices.map((s) => s.metadata.name).join(' ')}`);

describe('pool and slice order per version', () => {
  const rows: { name: string; version: '1.35' | '1.36+'; slices: ResourceSlice[]; want: string[] }[] = [
    { name: 'pools in creation order', version: '1.35', slices: [on('s1', 'pool-b'), on('s2', 'pool-a')], want: ['driver-a/pool-b: s1', 'driver-a/pool-a: s2'] },
    { name: 'pools by name', version: '1.36+', slices: [on('s1', 'pool-b'), on('s2', 'pool-a')], want: ['driver-a/pool-a: s2', 'driver-a/pool-b: s1'] },
    { name: "a pool's slices in creation order", version: '1.35', slices: [on('slice-1', 'pool-a', 'driver-a', 2), on('slice-0', 'pool-a', 'driver-a', 2)], want: ['driver-a/pool-a: slice-1 slice-0'] },
    { name: "a pool's slices by name", version: '1.36+', slices: [on('slice-1', 'pool-a', 'driver-a', 2), on('slice-0', 'pool-a', 'driver-a', 2)], want: ['driver-a/pool-a: slice-0 slice-1'] },
    { name: 'one pool name of two drivers: by driver', version: '1.36+', slices: [on('s1', 'pool-a', 'driver-b'), on('s2', 'pool-a', 'driver-a')], want: ['driver-a/pool-a: s2', 'driver-b/pool-a: s1'] },
    { name: "the pool's name, not its slices', decides", version: '1.36+', slices: [on('a-slice', 'pool-z'), on('z-slice', 'pool-a')], want: ['driver-a/pool-a: z-slice', 'driver-a/pool-z: a-slice'] },
  ];
  it.each(rows)('v$version: $name', ({ version, slices, want }) => {
    expect(walked(version === '1.35' ? slices : slicesInNameOrder(slices))).toEqual(want);
  });

  it('leaves the list it is given as it was', () => {
    const slices = [on('s1', 'pool-b'), on('s2', 'pool-a')];
    slicesInNameOrder(slices);
    expect(slices.map((s) => s.metadata.name)).toEqual(['s1', 's2']);
  });
});
