// Which devices the stored ResourceClaims' allocations take whole, kept up to date as claims are
// put and removed (simulation/resources.ts), so a scheduling cycle does not list every claim's
// devices again: the DRA workloads hold thousands of allocated claims, and a cycle changes one.
// upstream: the DRA manager's AllocatedDevices tracker (pkg/scheduler/framework/plugins/
// dynamicresources/allocateddevices.go) keeps the same set from informer events.

import type { TakenDevicesIndex } from '../framework/interfaces';
import type { DeviceRequestAllocationResult, ResourceClaim } from '../model/resource';

/** "driver/pool/device" (dra/allocator.ts DeviceID) */
type DeviceID = string;

/** the devices a claim object's allocation takes whole (not admin access, not a share), kept with the object (an update replaces it) */
const takenByClaim = new WeakMap<ResourceClaim, readonly DeviceID[]>();
const NO_DEVICES: readonly DeviceID[] = Object.freeze([]);
export function claimDevices(c: ResourceClaim): readonly DeviceID[] {
  const results = c.status.allocation?.devices.results;
  if (!results?.length) return NO_DEVICES;
  let ids = takenByClaim.get(c);
  if (ids === undefined) {
    const taken: DeviceID[] = [];
    for (const r of results) if (!r.adminAccess && r.shareID === undefined) taken.push([r.driver, r.pool, r.device].join('/')); // a flat string (allocator.ts deviceID)
    takenByClaim.set(c, (ids = taken));
  }
  return ids;
}

/** a result that holds a share of a shared device (DRAConsumableCapacity), not the device whole */
const isShare = (r: DeviceRequestAllocationResult) => !r.adminAccess && r.shareID !== undefined;
const sharesDevices = (c: ResourceClaim) => c.status.allocation?.devices.results.some(isShare) ?? false;

/** "driver/pool/device" of every device the claims hold shares of (a share's own ID is not the device's) */
export function sharedDeviceIDs(claims: Iterable<ResourceClaim>): Set<DeviceID> {
  const out = new Set<DeviceID>();
  for (const c of claims) for (const r of c.status.allocation?.devices.results ?? []) if (isShare(r)) out.add([r.driver, r.pool, r.device].join('/'));
  return out;
}

/** what the stored claims take: devices whole (with how many claims take each), and the claims with shares */
export class TakenDevices implements TakenDevicesIndex {
  readonly counts = new Map<DeviceID, number>();
  /** claims holding shares of shared devices (DRAConsumableCapacity) */
  readonly sharing = new Set<ResourceClaim>();

  add(c: ResourceClaim): void {
    for (const id of claimDevices(c)) this.counts.set(id, (this.counts.get(id) ?? 0) + 1);
    if (sharesDevices(c)) this.sharing.add(c);
  }

  remove(c: ResourceClaim): void {
    for (const id of claimDevices(c)) {
      const n = (this.counts.get(id) ?? 0) - 1;
      if (n > 0) this.counts.set(id, n);
      else this.counts.delete(id);
    }
    this.sharing.delete(c);
  }
}

/**
 * The devices taken by the stored claims other than `replaced` (claims in flight, as the lister
 * still holds them) and by `added` (those claims as the scheduler assumes them): a set's `has`
 * without listing every claim.
 */
export class TakenDevicesView {
  private readonly minus = new Map<DeviceID, number>();
  private readonly plus = new Set<DeviceID>();
  constructor(private readonly taken: TakenDevicesIndex, replaced: Iterable<ResourceClaim>, added: Iterable<ResourceClaim>) {
    for (const c of replaced) for (const id of claimDevices(c)) this.minus.set(id, (this.minus.get(id) ?? 0) + 1);
    for (const c of added) for (const id of claimDevices(c)) this.plus.add(id);
  }

  has(id: DeviceID): boolean {
    const n = this.taken.counts.get(id);
    // (no claim in flight: the stored claims' devices alone)
    if (this.minus.size === 0 && this.plus.size === 0) return n !== undefined;
    return (n ?? 0) - (this.minus.get(id) ?? 0) > 0 || this.plus.has(id);
  }
}
