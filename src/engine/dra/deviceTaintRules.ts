// DeviceTaintRules (DRADeviceTaintRules, alpha in v1.35): each rule adds its taint to the devices
// its selector picks. The allocator sees the slices with these taints added, as the scheduler's
// ResourceSlice tracker hands them out (ListWithDeviceTaintRules).
// upstream: staging/src/k8s.io/dynamic-resource-allocation/resourceslice/tracker/tracker.go

import type { Device, DeviceTaintRule, ResourceSlice } from '../model/resource';

/**
 * upstream: the tracker's selector match (and the eviction controller's ruleMatchesDevice) —
 * driver, pool and device name, each only when set; a rule without a selector matches nothing
 */
export function ruleMatchesDevice(rule: DeviceTaintRule, driver: string, pool: string, device: string): boolean {
  const sel = rule.spec.deviceSelector;
  if (!sel) return false;
  return (sel.driver === undefined || sel.driver === driver) && (sel.pool === undefined || sel.pool === pool) && (sel.device === undefined || sel.device === device);
}

const ruleMatches = (rule: DeviceTaintRule, slice: ResourceSlice, device: Device) => ruleMatchesDevice(rule, slice.spec.driver, slice.spec.pool.name, device.name);

/**
 * The slices with every matching rule's taint appended to their devices' own taints, in rule
 * order. Slices no rule touches are returned as they are.
 */
export function applyDeviceTaintRules(slices: readonly ResourceSlice[], rules: readonly DeviceTaintRule[]): ResourceSlice[] {
  if (rules.length === 0) return [...slices];
  return slices.map((slice) => {
    let changed = false;
    const devices = (slice.spec.devices ?? []).map((device) => {
      const added = rules.filter((rule) => ruleMatches(rule, slice, device)).map((rule) => rule.spec.taint);
      if (added.length === 0) return device;
      changed = true;
      return { ...device, taints: [...(device.taints ?? []), ...added] };
    });
    return changed ? { ...slice, spec: { ...slice.spec, devices } } : slice;
  });
}
