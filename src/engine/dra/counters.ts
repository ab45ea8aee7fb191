// Shared counters of partitionable devices (DRAPartitionableDevices).
// upstream: staging/src/k8s.io/dynamic-resource-allocation/structured/internal/experimental/
// allocator_experimental.go (checkAvailableCounters, deallocateCountersForDevice), v1.35.
//
// A pool's counter sets start at the values its counter slices publish; every device of the pool
// that is already allocated (on any node) takes what it consumes. During one allocation the
// devices picked so far take their share too. A device fits while no counter of the pool would
// go below zero with it; a pool already over its counters (a slice changed under allocated
// devices) takes no further partitionable device.

import { addQuantity, compareQuantity, parseQuantity, subtractQuantity, ZERO_QUANTITY, type Quantity } from '../model/quantity';
import type { Device } from '../model/resource';
import type { Pool } from './pools';

type Counters = Map<string, Map<string, Quantity>>;

const parsed = new Map<string, Quantity>();
function quantity(text: string): Quantity {
  let q = parsed.get(text);
  if (!q) {
    q = parseQuantity(text) ?? ZERO_QUANTITY;
    if (parsed.size > 10_000) parsed.clear();
    parsed.set(text, q);
  }
  return q;
}

function addDevice(into: Counters, device: Device, sign: 1 | -1): void {
  for (const c of device.consumesCounters ?? []) {
    let set = into.get(c.counterSet);
    if (!set) into.set(c.counterSet, (set = new Map()));
    for (const [name, { value }] of Object.entries(c.counters)) {
      const current = set.get(name) ?? ZERO_QUANTITY;
      set.set(name, sign > 0 ? addQuantity(current, quantity(value)) : subtractQuantity(current, quantity(value)));
    }
  }
}

/** The counters of the pools one allocation looks at: available, and taken by devices being allocated. */
export class CounterState {
  private readonly available = new Map<Pool, Counters>();
  private readonly taking = new Map<Pool, Counters>();

  /** `allocated`: whether a device ("driver/pool/device") is allocated already (dedicated or shared) */
  constructor(private readonly allocated: (driver: string, pool: string, device: string) => boolean) {}

  /** upstream: the available counters of a slice, computed once — here per pool */
  private availableIn(pool: Pool): Counters {
    let counters = this.available.get(pool);
    if (counters) return counters;
    counters = new Map();
    for (const set of pool.counterSets.values()) {
      counters.set(set.name, new Map(Object.entries(set.counters).map(([name, c]) => [name, quantity(c.value)])));
    }
    const taken: Counters = new Map();
    for (const slice of [...pool.slices, ...pool.otherSlices]) {
      for (const d of slice.spec.devices ?? []) if (d.consumesCounters?.length && this.allocated(pool.driver, pool.pool, d.name)) addDevice(taken, d, 1);
    }
    for (const [setName, set] of counters) {
      for (const [name, value] of set) set.set(name, subtractQuantity(value, taken.get(setName)?.get(name) ?? ZERO_QUANTITY));
    }
    this.available.set(pool, counters);
    return counters;
  }

  /** upstream: checkAvailableCounters — whether the device fits beside the devices taken so far */
  fits(pool: Pool, device: Device, withTaken = true): boolean {
    const taking: Counters = new Map();
    if (withTaken) for (const [k, v] of this.taking.get(pool) ?? []) taking.set(k, new Map(v));
    addDevice(taking, device, 1);
    for (const [setName, set] of this.availableIn(pool)) {
      for (const [name, value] of set) {
        if (compareQuantity(value, taking.get(setName)?.get(name) ?? ZERO_QUANTITY) < 0) return false;
      }
    }
    return true;
  }

  take(pool: Pool, device: Device): void {
    let taking = this.taking.get(pool);
    if (!taking) this.taking.set(pool, (taking = new Map()));
    addDevice(taking, device, 1);
  }

  /** upstream: deallocateCountersForDevice */
  release(pool: Pool, device: Device): void {
    const taking = this.taking.get(pool);
    if (taking) addDevice(taking, device, -1);
  }
}
