// The allocator's step budget (issue 23): upstream bounds a node's search by time
// (DRASchedulerFilterTimeout, 10 s: "timed out trying to allocate devices"); Podplay counts the
// devices it tries, so a claim whose search is exponential ends fast and the same way every run.
import { describe, expect, it } from 'vitest';
import type { DeviceAttribute } from '../model/resource';
import { ALLOCATION_STEPS_PER_NODE, allocate, allocationTimedOut } from './allocator';
import {
  allFeatures, claim, classA, classB, cls, device, driverA, driverB, firstAvailable, node, node1, pool1, region1, request, slice, subRequest, type Row,
} from './allocatorTesting';

/** `n` devices of driver A on node-1, each in its own NUMA node (a matchAttribute on it never holds for two). */
const devices = (n: number) => slice('slice-1', node1, pool1, driverA, Array.from({ length: n }, (_, i) => device(`device-${i}`, undefined, { numa: { int: i } as DeviceAttribute })));
const numa = { matchAttribute: `${driverA}/numa`, requests: [] as string[] };

function search(row: Omit<Row, 'node'>, steps = { left: Infinity }) {
  return allocate({
    features: allFeatures, allocatedDevices: new Set(), deviceClass: (name) => row.classes.find((c) => c.metadata.name === name), slices: row.slices, steps,
  }, node(node1, region1), row.claims);
}

describe('allocator step budget', () => {
  it.each<[string, Omit<Row, 'node'>]>([
    // the probe's case: every ordered choice of 8 of 20 devices (5e9) before the request nothing matches fails
    ['8 of 20 devices, then a request nothing matches', {
      claims: [claim('claim-0', undefined, request('req-0', classA, 8), request('req-1', classB))],
      classes: [cls(classA, driverA), cls(classB, driverB)], slices: [devices(20)],
    }],
    ['a firstAvailable list of such choices', {
      claims: [claim('claim-0', undefined, firstAvailable('req-0', subRequest('a', classA, 8), subRequest('b', classA, 7)), request('req-1', classB))],
      classes: [cls(classA, driverA), cls(classB, driverB)], slices: [devices(20)],
    }],
    ['many claims of 2 devices each under a matchAttribute that never holds', {
      claims: Array.from({ length: 30 }, (_, i) => claim(`claim-${i}`, [numa], request('req-0', classA, 1), request('req-1', classA, 1))),
      classes: [cls(classA, driverA)], slices: [devices(400)],
    }],
  ])('%s: ends within its steps, with upstream\'s timeout message', (_name, row) => {
    const r = search(row);
    expect(r).toMatchObject({ ok: false, timedOut: allocationTimedOut('node') });
    expect(r.ok ? '' : r.timedOut).toContain(`exceeded ${ALLOCATION_STEPS_PER_NODE.toLocaleString('en-US')} steps`);
  });

  it('an ordinary claim is allocated well within its steps', () => {
    const steps = { left: ALLOCATION_STEPS_PER_NODE };
    const r = search({ claims: [claim('claim-0', undefined, request('req-0', classA, 8))], classes: [cls(classA, driverA)], slices: [devices(20)] }, steps);
    expect(r.ok).toBe(true);
    // the k-th device is found after the k-1 taken before it: 1 + 2 + … + 8
    expect(ALLOCATION_STEPS_PER_NODE - steps.left).toBe(36);
  });

  it('once a cycle\'s steps are spent, the next node times out at once, naming the cycle\'s budget', () => {
    const hostile = { claims: [claim('claim-0', undefined, request('req-0', classA, 8), request('req-1', classB))], classes: [cls(classA, driverA), cls(classB, driverB)], slices: [devices(20)] };
    const steps = { left: ALLOCATION_STEPS_PER_NODE + 10 };
    expect(search(hostile, steps)).toMatchObject({ ok: false, timedOut: allocationTimedOut('node') });
    expect(steps.left).toBe(10);
    expect(search(hostile, steps)).toMatchObject({ ok: false, timedOut: allocationTimedOut('cycle') });
    expect(steps.left).toBe(0);
  });
});
