// Device binding conditions (DRADeviceBindingConditions with DRAResourceClaimDeviceStatus, alpha
// in v1.35): a device may name conditions its driver must report True in the claim's
// status.devices before a pod using it binds (e.g. a fabric-attached GPU being attached to the
// node), and conditions that, True, make the binding fail.
// upstream: pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go
// (isClaimReadyForBinding, isClaimTimeout, isPodReadyForBinding, hasBindingConditions) and the
// allocator's handling of the device fields (structured/internal/incubating).

import type { FeatureGates } from '../../features';
import type { AllocatedDeviceStatus, AllocationResult, DeviceRequestAllocationResult, ResourceClaim, ResourceSlice } from '../../model/resource';
import type { Node } from '../../model/types';

/** upstream: config.DynamicResourcesBindingTimeoutDefault (DynamicResourcesArgs.bindingTimeout's default, ./args.ts) */
export const BINDING_TIMEOUT_SECONDS = 600;
/** upstream: PreBind's wait.PollUntilContextTimeout interval */
export const BINDING_POLL_SECONDS = 5;

/** upstream: structured.Features.DeviceBindingAndStatus */
export function bindingConditionsEnabled(gates: FeatureGates): boolean {
  return gates.DRADeviceBindingConditions && gates.DRAResourceClaimDeviceStatus;
}

const hasConditions = (d: { bindingConditions?: string[] }) => (d.bindingConditions?.length ?? 0) > 0;

/**
 * upstream (incubating allocator's pools): pools without binding conditions are tried before
 * those with them, keeping the order each group comes in: v1.35 creation order, v1.36+ name order
 * (../../dra/pools.ts slicesInNameOrder; see docs/fidelity.md).
 */
export function poolsWithBindingConditionsLast(slices: readonly ResourceSlice[]): ResourceSlice[] {
  const withConditions = new Set<string>();
  for (const s of slices) if ((s.spec.devices ?? []).some(hasConditions)) withConditions.add(`${s.spec.driver}/${s.spec.pool.name}`);
  if (withConditions.size === 0) return [...slices];
  const later = (s: ResourceSlice) => withConditions.has(`${s.spec.driver}/${s.spec.pool.name}`);
  return [...slices.filter((s) => !later(s)), ...slices.filter(later)];
}

/**
 * upstream (allocator): a result copies its device's binding conditions, and a device with
 * bindsToNode limits the allocation to the node it was made for.
 */
export function withBindingConditions(allocation: AllocationResult, slices: readonly ResourceSlice[], node: Node): AllocationResult {
  let bindsToNode = false;
  const results = allocation.devices.results.map((r): DeviceRequestAllocationResult => {
    const device = slices.find((s) => s.spec.driver === r.driver && s.spec.pool.name === r.pool)?.spec.devices?.find((d) => d.name === r.device);
    if (!device) return r;
    if (device.bindsToNode) bindsToNode = true;
    if (!hasConditions(device)) return r;
    return { ...r, bindingConditions: [...device.bindingConditions!], ...(device.bindingFailureConditions?.length ? { bindingFailureConditions: [...device.bindingFailureConditions] } : {}) };
  });
  return {
    ...allocation,
    devices: { ...allocation.devices, results },
    ...(bindsToNode ? { nodeSelector: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [node.metadata.name] }] }] } } : {}),
  };
}

/** upstream: getAllocatedDeviceStatus — by driver, pool and device */
function deviceStatus(claim: ResourceClaim, r: DeviceRequestAllocationResult): AllocatedDeviceStatus | undefined {
  return claim.status.devices?.find((d) => d.device === r.device && d.driver === r.driver && d.pool === r.pool);
}

/**
 * upstream: isClaimReadyForBinding — true when every binding condition is True and no failure
 * condition is; the error message when a failure condition is True.
 */
export function isClaimReadyForBinding(claim: ResourceClaim): boolean | { error: string } {
  if (!claim.status.allocation) return false;
  for (const r of claim.status.allocation.devices.results) {
    if (!hasConditions(r)) continue;
    const status = deviceStatus(claim, r);
    if (!status) return false;
    for (const type of r.bindingFailureConditions ?? []) {
      const failed = status.conditions?.find((c) => c.type === type);
      if (failed?.status === 'True') return { error: `claim ${claim.metadata.name} binding failed: reason=${failed.reason ?? ''}, message=${JSON.stringify(failed.message ?? '')}` };
    }
    for (const type of r.bindingConditions!) {
      if (status.conditions?.find((c) => c.type === type)?.status !== 'True') return false;
    }
  }
  return true;
}

/** upstream: isClaimTimeout — allocated with binding conditions longer ago than the binding timeout */
export function isClaimTimeout(claim: ResourceClaim, now: number, timeout = BINDING_TIMEOUT_SECONDS): boolean {
  const allocation = claim.status.allocation;
  if (allocation?.allocationTimestamp === undefined) return false;
  return allocation.devices.results.some((r) => r.bindingConditions !== undefined) && allocation.allocationTimestamp + timeout < now;
}

/** upstream: hasBindingConditions */
export function hasBindingConditions(claims: readonly ResourceClaim[]): boolean {
  return claims.some((c) => (c.status.allocation?.devices.results ?? []).some(hasConditions));
}

/** upstream: isPodReadyForBinding over the claims as the informer has them now */
export function isPodReadyForBinding(claims: readonly ResourceClaim[], now: number, timeout = BINDING_TIMEOUT_SECONDS): boolean | { error: string } {
  for (const claim of claims) {
    const ready = isClaimReadyForBinding(claim);
    if (ready !== true) {
      if (ready === false && isClaimTimeout(claim, now, timeout)) return { error: `claim ${claim.metadata.name} binding timeout` };
      return ready;
    }
  }
  return true;
}
