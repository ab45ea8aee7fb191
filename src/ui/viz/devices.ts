// A node's DRA devices at the step on screen: which pods' claims hold them (from the pods bound
// there at this step) and, while the scheduler looks at this node for the current pod, which
// devices the structured allocator would take and which match but have their counters or
// capacity used up (DynamicResources' Filter details in the trace).

import type { CycleTrace, NodeOutcome } from '../../engine/api';
import { taintToString, type RequestOutcome } from '../../engine/readers';
import type { PodView } from '../../store/selectors';

const PLUGIN = 'DynamicResources';

export interface DeviceMark {
  /** "driver/pool/device" */
  id: string;
  name: string;
  driver: string;
  /** pods whose claims hold the device at this step ("namespace/name") */
  heldBy: string[];
  /** the request of the current pod that would take it on this node ("claim: request") */
  pickedFor?: string;
  /** it matches a request of the current pod but its pool's shared counters or its capacity are used up */
  exhausted?: boolean;
  /** its NoSchedule or NoExecute taints at this step, "key=value:Effect" (DRADeviceTaints) */
  taints?: string[];
  /** the attributes a claim's constraint or selector reads, "pcieRoot=pci-0" (./deviceAttributes.ts) */
  attributes?: readonly string[];
}

/** The taints a device has at `time`: NoSchedule and NoExecute, the ones that keep claims or pods away. */
function taintsAt(device: NonNullable<NodeOutcome['devices']>[number], time: number): string[] {
  return (device.taints ?? [])
    .filter((t) => t.effect !== 'None' && t.from <= time && (t.until === undefined || time < t.until))
    .map(taintToString);
}

/** The allocator's per-request outcome on a node at this cycle, when DynamicResources ran there. */
export function requestOutcomes(trace: CycleTrace | undefined, node: string): RequestOutcome[] | undefined {
  const result = trace?.filter[node]?.find((r) => r.plugin === PLUGIN);
  const requests = result?.details?.['requests'];
  return Array.isArray(requests) ? (requests as RequestOutcome[]) : undefined;
}

/** The node's devices published by `time` (the step's simulated time), marked as above. */
export function deviceMarks(
  node: NodeOutcome, pods: readonly PodView[], trace: CycleTrace | undefined, currentPod: string, time: number,
  attributes?: ReadonlyMap<string, readonly string[]>,
): DeviceMark[] | undefined {
  const devices = node.devices?.filter((d) => d.since === undefined || d.since <= time);
  if (!devices?.length) return undefined;
  const held = new Map<string, string[]>();
  for (const p of pods) {
    for (const c of p.outcome.resourceClaims ?? []) {
      for (const d of c.devices ?? []) {
        const list = held.get(d.id) ?? [];
        if (!list.includes(p.pod)) list.push(p.pod);
        held.set(d.id, list);
      }
    }
  }
  const picked = new Map<string, string>();
  const exhausted = new Set<string>();
  const currentPlaced = pods.some((p) => p.pod === currentPod && p.node === node.name && p.location === 'bound');
  if (!currentPlaced) {
    for (const r of requestOutcomes(trace, node.name) ?? []) {
      for (const id of r.devices) picked.set(id, `${r.claim.split('/')[1] ?? r.claim}: ${r.request}`);
      // traces recorded before partitionable devices lack the list
      for (const id of r.exhausted ?? []) exhausted.add(id);
    }
  }
  return devices.map((d) => {
    const taints = taintsAt(d, time);
    const read = attributes?.get(d.id);
    return {
      ...(read !== undefined ? { attributes: read } : {}),
      id: d.id, name: d.name, driver: d.driver, heldBy: held.get(d.id) ?? [],
      ...(picked.has(d.id) ? { pickedFor: picked.get(d.id)! } : {}), ...(exhausted.has(d.id) ? { exhausted: true } : {}), ...(taints.length ? { taints } : {}),
    };
  });
}
