// Scoring extended resources backed by DRA (DRAExtendedResource): a configured resource that the
// node does not advertise (allocatable 0) but a DeviceClass backs is scored by the node's devices
// of that class: allocatable = how many there are, requested = how many are allocated plus the
// pod's request. NodeResourcesFit and NodeResourcesBalancedAllocation both.
// upstream: pkg/scheduler/framework/plugins/noderesources/resource_allocation.go
// (getDRAPreScoredParams, calculateDRAExtendedResourceAllocatableRequest,
// calculateDRAResourceTotals), kubernetes PR #134058, v1.35.
//
// Deviation: "allocated" counts the stored claims' devices; upstream's allocated state also has
// the claims assumed for pods between Reserve and PreBind (pods waiting at Permit, here).

import type { Handle } from '../../framework/interfaces';
import { isExtendedResourceName } from '../../model/decode/resources';
import { compileDeviceSelector, deviceMatches } from '../../model/deviceSelector';
import { deviceClassForExtendedResource, RESOURCE_DEVICE_CLASS_PREFIX, type DeviceClass, type ResourceSlice } from '../../model/resource';
import type { Node } from '../../model/types';
import { nodeMatches } from '../../dra/pools';
import { claimDevices, sharedDeviceIDs } from '../../dra/takenDevices';
import type { ResourceSpec } from './args';

/** A cycle's view of the DRA devices for scoring (upstream: draPreScoreState). */
export interface DraScoring {
  /** [devices of the resource's class on the node, of those allocated]; undefined: no class backs the resource */
  totals(node: Node, resource: string): readonly [number, number] | undefined;
}

/** upstream: schedutil.IsDRAExtendedResourceName */
const isDRAExtendedResourceName = (name: string) => isExtendedResourceName(name) || name.startsWith(RESOURCE_DEVICE_CLASS_PREFIX);

/** per slice list and class, per node object: the IDs of the node's devices of the class (undefined: a selector failed) */
const nodeDevices = new WeakMap<readonly ResourceSlice[], WeakMap<DeviceClass, WeakMap<Node, readonly string[] | null>>>();

function devicesOf(slices: readonly ResourceSlice[], cls: DeviceClass, node: Node): readonly string[] | undefined {
  let byClass = nodeDevices.get(slices);
  if (!byClass) nodeDevices.set(slices, (byClass = new WeakMap()));
  let byNode = byClass.get(cls);
  if (!byNode) byClass.set(cls, (byNode = new WeakMap()));
  let ids = byNode.get(node);
  if (ids === undefined) byNode.set(node, (ids = findDevices(slices, cls, node)));
  return ids ?? undefined;
}

/** upstream: calculateDRAResourceTotals' walk — every slice that reaches the node, every device the class selects */
function findDevices(slices: readonly ResourceSlice[], cls: DeviceClass, node: Node): readonly string[] | null {
  const ids: string[] = [];
  for (const slice of slices) {
    const perDevice = slice.spec.perDeviceNodeSelection === true;
    if (!perDevice && !nodeMatches(node, slice.spec.nodeName, slice.spec.allNodes, slice.spec.nodeSelector)) continue;
    for (const device of slice.spec.devices ?? []) {
      if (perDevice && !nodeMatches(node, device.nodeName, device.allNodes, device.nodeSelector)) continue;
      let selected = true;
      for (const s of cls.spec.selectors ?? []) {
        if (!s.cel) continue;
        const compiled = compileDeviceSelector(s.cel.expression);
        // upstream logs the error and scores the resource as absent on this node
        if (!compiled.ok) return null;
        const r = deviceMatches(compiled.selector, slice.spec.driver, device);
        if ('error' in r) return null;
        if (!r.matches) { selected = false; break; }
      }
      if (selected) ids.push([slice.spec.driver, slice.spec.pool.name, device.name].join('/'));
    }
  }
  return ids;
}

/**
 * upstream: getDRAPreScoredParams — the cycle's DRA view when DRAExtendedResource is on and a
 * DeviceClass backs one of the configured resources, else undefined (nothing changes).
 */
export function draScoring(handle: Handle | undefined, resources: readonly ResourceSpec[]): DraScoring | undefined {
  if (!handle?.features?.DRAExtendedResource) return undefined;
  const lister = handle.cluster.resources;
  const classes = lister.deviceClasses();
  if (!resources.some((r) => isDRAExtendedResourceName(r.name) && deviceClassForExtendedResource(classes, r.name) !== undefined)) return undefined;
  const slices = lister.resourceSlices();
  const taken = lister.takenDevices?.();
  let whole: { has(id: string): boolean };
  let shared: Set<string> | undefined;
  if (taken) {
    whole = taken.counts;
    if (taken.sharing.size > 0) shared = sharedDeviceIDs(taken.sharing);
  } else {
    const claims = lister.resourceClaims();
    const ids = new Set<string>();
    for (const c of claims) for (const id of claimDevices(c)) ids.add(id);
    whole = ids;
    shared = sharedDeviceIDs(claims);
  }
  return {
    totals(node, resource) {
      const cls = deviceClassForExtendedResource(classes, resource);
      if (!cls) return undefined;
      const ids = devicesOf(slices, cls, node);
      if (!ids) return undefined;
      let allocated = 0;
      for (const id of ids) if (whole.has(id) || (shared?.has(id) ?? false)) allocated++;
      return [ids.length, allocated];
    },
  };
}
