// Consumable capacity (DRAConsumableCapacity): a request's share of a device's capacity.
// upstream: staging/src/k8s.io/dynamic-resource-allocation/structured/internal/experimental/
// consumable_capacity.go (CmpRequestOverCapacity, calculateConsumedCapacity, roundUpRange,
// roundUpValidValues, violatesPolicy), v1.35 — the integer arithmetic (fractional ranges came
// later with DRAFractionalCapacityRange).
//
// Capacity names are compared fully qualified: "memory" published by driver d is "d/memory", and
// a request for "memory" or "d/memory" means it. For each capacity of the device the request
// consumes what it asks for, rounded up by the capacity's requestPolicy (up to validRange.min,
// then to a multiple of step above min; to the next of validValues), or, when it asks for
// nothing, the policy's default or else the whole capacity. The device fits while the rounded
// amount keeps the policy (max, step, validValues) and, added to what allocated claims and
// this allocation already consume, stays within the capacity.

import { addQuantity, compareQuantity, formatQuantity, parseQuantity, quantityFormat, ZERO_QUANTITY, type Quantity, type QuantityFormat } from '../model/quantity';
import type { CapacityRequestPolicy, Device, DeviceCapacity, DeviceRequestAllocationResult } from '../model/resource';

/** consumed capacity by fully qualified capacity name */
export type ConsumedCapacity = Map<string, Quantity>;

interface Amount { q: Quantity; format: QuantityFormat }

function amount(text: string): Amount {
  return { q: parseQuantity(text) ?? ZERO_QUANTITY, format: quantityFormat(text) };
}

export const qualifiedCapacityName = (name: string, driver: string) => (name.includes('/') ? name : `${driver}/${name}`);

/** upstream: resolveDeviceCapacity — the driver-qualified spelling wins over the bare one */
function deviceCapacity(device: Device, driver: string): Map<string, { published: string; value: string; requestPolicy?: CapacityRequestPolicy }> {
  const out = new Map<string, { published: string; value: string; requestPolicy?: CapacityRequestPolicy }>();
  const entries = Object.entries(device.capacity ?? {});
  for (const [name, c] of entries) if (name.startsWith(`${driver}/`)) out.set(name, { published: name, ...c });
  for (const [name, c] of entries) {
    const key = qualifiedCapacityName(name, driver);
    if (!out.has(key)) out.set(key, { published: name, ...c });
  }
  return out;
}

/** upstream: resolveCapacityRequests — undefined when the device lacks a requested capacity */
function resolveRequests(requests: Record<string, string> | undefined, device: Device, driver: string): Map<string, Amount> | undefined {
  const out = new Map<string, Amount>();
  const capacity = device.capacity ?? {};
  for (const [name, value] of Object.entries(requests ?? {})) {
    let key: string | undefined;
    if (Object.hasOwn(capacity, name)) key = qualifiedCapacityName(name, driver);
    else if (name.includes('/')) {
      const [domain, id] = [name.slice(0, name.indexOf('/')), name.slice(name.indexOf('/') + 1)];
      if (domain === driver && Object.hasOwn(capacity, id)) key = name;
    } else if (Object.hasOwn(capacity, `${driver}/${name}`)) key = `${driver}/${name}`;
    if (key === undefined || out.has(key)) return undefined;
    out.set(key, amount(value));
  }
  return out;
}

/** upstream: Quantity.Value() — rounded up to an integer, exactly */
function value(q: Quantity): bigint {
  const whole = q.numerator / q.denominator;
  return q.numerator % q.denominator !== 0n && q.numerator > 0n ? whole + 1n : whole;
}

/** upstream: roundUpRange (the integer path: Value() rounds up) */
function roundUpRange(requested: Amount, range: NonNullable<CapacityRequestPolicy['validRange']>): Amount {
  const min = amount(range.min);
  if (compareQuantity(requested.q, min.q) < 0) return min;
  if (range.step === undefined) return requested;
  const step = amount(range.step);
  const [r, s, m] = [value(requested.q), value(step.q), value(min.q)];
  // a step of zero or less cannot be written (validation); upstream then fails the request
  if (s <= 0n) return { q: { numerator: -1n, denominator: 1n }, format: step.format };
  const n = (r - m) / s + ((r - m) % s !== 0n ? 1n : 0n);
  return { q: { numerator: m + s * n, denominator: 1n }, format: step.format };
}

/** upstream: calculateConsumedCapacity */
function consumedAmount(requested: Amount | undefined, total: string, policy: CapacityRequestPolicy | undefined): Amount {
  if (!requested) return policy?.default !== undefined ? amount(policy.default) : amount(total);
  if (!policy) return requested;
  if (policy.validRange?.min !== undefined) return roundUpRange(requested, policy.validRange);
  if (policy.validValues) return policy.validValues.map(amount).find((v) => compareQuantity(requested.q, v.q) <= 0) ?? requested;
  return requested;
}

/** upstream: calculateConsumedCapacity — what a request (undefined: none) consumes of one capacity */
export function calculateConsumedCapacity(requested: string | undefined, capacity: DeviceCapacity): string {
  const consumed = consumedAmount(requested === undefined ? undefined : amount(requested), capacity.value, capacity.requestPolicy);
  return formatQuantity(consumed.q, consumed.format);
}

/** upstream: violatesPolicy */
export function violatesPolicy(consumed: Quantity, policy: CapacityRequestPolicy | undefined): boolean {
  if (!policy) return false;
  if (policy.default !== undefined && compareQuantity(consumed, amount(policy.default).q) === 0) return false;
  const range = policy.validRange;
  if (range) {
    if (range.max !== undefined && compareQuantity(consumed, amount(range.max).q) > 0) return true;
    if (range.step !== undefined) {
      const [r, s, m] = [value(consumed), value(amount(range.step).q), value(amount(range.min).q)];
      if (s === 0n || (r - m) % s !== 0n) return true;
    }
    return false;
  }
  if (policy.validValues?.length) return !policy.validValues.some((v) => compareQuantity(consumed, amount(v).q) === 0);
  return false;
}

/**
 * upstream: CmpRequestOverCapacity — whether the request's share fits on the device beside what
 * allocated claims (`allocated`) and this allocation (`allocating`) consume already.
 */
export function capacityFits(requests: Record<string, string> | undefined, device: Device, driver: string, allocated: ConsumedCapacity | undefined, allocating: ConsumedCapacity | undefined): boolean {
  const resolved = resolveRequests(requests, device, driver);
  if (!resolved) return false;
  for (const [name, cap] of deviceCapacity(device, driver)) {
    const consumed = consumedAmount(resolved.get(name), cap.value, cap.requestPolicy).q;
    // upstream aborts the allocation on a negative amount (errNegativeCapacity); Podplay skips the device
    if (consumed.numerator < 0n || violatesPolicy(consumed, cap.requestPolicy)) return false;
    const total = addQuantity(addQuantity(consumed, allocated?.get(name) ?? ZERO_QUANTITY), allocating?.get(name) ?? ZERO_QUANTITY);
    if (compareQuantity(total, amount(cap.value).q) > 0) return false;
  }
  return true;
}

/**
 * upstream: GetConsumedCapacityFromRequest — the share a request takes of a shared device, by
 * the device's capacity names as published (the allocation result's consumedCapacity) and fully
 * qualified (for the allocator's bookkeeping). undefined for a device without capacity.
 */
export function consumedCapacity(requests: Record<string, string> | undefined, device: Device, driver: string): { published: Record<string, string>; qualified: ConsumedCapacity } | undefined {
  const resolved = resolveRequests(requests, device, driver) ?? new Map<string, Amount>();
  const published: Record<string, string> = {};
  const qualified: ConsumedCapacity = new Map();
  for (const [name, cap] of deviceCapacity(device, driver)) {
    const consumed = consumedAmount(resolved.get(name), cap.value, cap.requestPolicy);
    published[cap.published] = formatQuantity(consumed.q, consumed.format);
    qualified.set(name, consumed.q);
  }
  return qualified.size > 0 ? { published, qualified } : undefined;
}

/** Adds (sign 1) or removes (sign -1) one share to a device's running total. */
export function addConsumed(into: ConsumedCapacity, share: ConsumedCapacity, sign: 1 | -1): void {
  for (const [name, q] of share) {
    into.set(name, addQuantity(into.get(name) ?? ZERO_QUANTITY, sign > 0 ? q : { numerator: -q.numerator, denominator: q.denominator }));
  }
}

/** A share from an allocation result's consumedCapacity (names as the device publishes them). */
export function shareFromResult(consumed: Record<string, string> | undefined, driver: string): ConsumedCapacity {
  return new Map(Object.entries(consumed ?? {}).map(([name, v]) => [qualifiedCapacityName(name, driver), amount(v).q]));
}

/**
 * upstream: GatherAllocatedState's aggregated capacity — per shared device ("driver/pool/device"),
 * what the shares of allocated claims consume (a shared result carries a shareID).
 */
export function allocatedCapacity(claims: Iterable<{ status: { allocation?: { devices: { results: readonly DeviceRequestAllocationResult[] } } } }>): Map<string, ConsumedCapacity> {
  const out = new Map<string, ConsumedCapacity>();
  for (const c of claims) {
    for (const r of c.status.allocation?.devices.results ?? []) {
      if (r.adminAccess || r.shareID === undefined) continue;
      const id = `${r.driver}/${r.pool}/${r.device}`;
      let total = out.get(id);
      if (!total) out.set(id, (total = new Map()));
      addConsumed(total, shareFromResult(r.consumedCapacity, r.driver), 1);
    }
  }
  return out;
}
