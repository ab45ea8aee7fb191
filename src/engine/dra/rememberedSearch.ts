// A node's last search for devices, remembered from cycle to cycle. Every cycle of a pod with a
// claim runs the allocator on each node it filters (upstream too, in 16 goroutines); on a node
// whose devices nobody took or freed since, for claims that ask the same, the search finds the
// same devices step for step. dra/extendedresource/scoring: 500 nodes of 20 identical devices,
// 5,000 pods each asking for one, and each cycle searched every visited node again.
//
// A search reads, besides the claims and the DeviceClasses they name: the node's pools (kept by
// the slices and the node object, allocator.ts nodePools) and which of their devices are taken.
// Where it reads more (shared counters, devices several claims share) nothing is remembered. The
// outcome is remembered only when the search ended normally (devices found or none), and taken
// again only while the cycle has at least the steps it cost; the steps are counted as if it ran.

import type { DeviceClass, ResourceClaim, ResourceSlice } from '../model/resource';
import type { Node } from '../model/types';
import { sameElements } from '../framework/intern';
import { ALLOCATION_STEPS_PER_NODE, allocate, claimRef, searchDevices, type AllocateResult, type AllocatorInput, type DeviceID, type RequestOutcome } from './allocator';

interface Remembered {
  pools: unknown;
  /** per device of the node's pools (searchDevices' order), 1 when taken */
  taken: Uint8Array;
  features: AllocatorInput['features'];
  celNoSuchKeyHint: boolean | undefined;
  /** the claims' specs, as JSON, and the classes their requests name */
  specs: readonly string[];
  classes: readonly (DeviceClass | undefined)[];
  /** the claims' names ("namespace/name"), which the outcomes carry */
  refs: readonly string[];
  steps: number;
  result: AllocateResult;
}

const specJson = new WeakMap<ResourceClaim, string>();
function specOf(claim: ResourceClaim): string {
  let json = specJson.get(claim);
  if (json === undefined) specJson.set(claim, (json = JSON.stringify(claim.spec)));
  return json;
}

function classesOf(input: AllocatorInput, claims: readonly ResourceClaim[]): (DeviceClass | undefined)[] {
  const out: (DeviceClass | undefined)[] = [];
  for (const claim of claims) {
    for (const request of claim.spec.devices?.requests ?? []) {
      if (request.firstAvailable?.length) for (const sub of request.firstAvailable) out.push(input.deviceClass(sub.deviceClassName));
      else out.push(input.deviceClass(request.exactly?.deviceClassName ?? ''));
    }
  }
  return out;
}

function sameFeatures(a: AllocatorInput['features'], b: AllocatorInput['features']): boolean {
  return a === b || (a.adminAccess === b.adminAccess && a.prioritizedList === b.prioritizedList && a.partitionableDevices === b.partitionableDevices
    && a.deviceTaints === b.deviceTaints && a.consumableCapacity === b.consumableCapacity);
}

/** the remembered outcomes under this search's claim names (the claims of a template differ by name only) */
function relabel(result: AllocateResult, was: readonly string[], refs: readonly string[]): AllocateResult {
  if (sameElements(was, refs)) return result;
  const outcomes: RequestOutcome[] = result.outcomes.map((o) => ({ ...o, claim: refs[was.indexOf(o.claim)] ?? o.claim }));
  return { ...result, outcomes };
}

/** what a list of claims asks, worked out once per list (a cycle hands every node the same list) */
interface Ask { refs: readonly string[]; specs: readonly string[]; classes: readonly (DeviceClass | undefined)[] }
const asks = new WeakMap<readonly ResourceClaim[], { input: AllocatorInput['deviceClass']; ask: Ask }>();
function askOf(input: AllocatorInput, claims: readonly ResourceClaim[]): Ask {
  const kept = asks.get(claims);
  if (kept && kept.input === input.deviceClass) return kept.ask;
  const ask = { refs: claims.map(claimRef), specs: claims.map(specOf), classes: classesOf(input, claims) };
  asks.set(claims, { input: input.deviceClass, ask });
  return ask;
}

/** Per node object (an update replaces it), its last search and what it read. */
export class RememberedSearches {
  private readonly byNode = new WeakMap<Node, Remembered>();

  /**
   * allocator.ts allocate on `slices` (the node's; the input's are the cycle's), or the node's
   * last outcome when it would find the same
   */
  allocate(input: AllocatorInput, slices: readonly ResourceSlice[], node: Node, claims: readonly ResourceClaim[]): AllocateResult {
    const devices = input.steps ? searchDevices(input, node, slices) : undefined;
    if (!devices) return allocate({ ...input, slices }, node, claims);
    const steps = input.steps!;
    const ask = askOf(input, claims);
    const was = this.byNode.get(node);
    if (was && was.pools === devices.pools && sameFeatures(was.features, input.features) && was.celNoSuchKeyHint === input.celNoSuchKeyHint
      && was.steps <= Math.min(ALLOCATION_STEPS_PER_NODE, steps.left) && sameElements(was.specs, ask.specs) && sameElements(was.classes, ask.classes)
      && takenAsBefore(input, devices.ids, was.taken)) {
      steps.left -= was.steps;
      return relabel(was.result, was.refs, ask.refs);
    }
    const before = steps.left;
    const result = allocate({ ...input, slices }, node, claims);
    if (result.ok || (result.error === undefined && result.timedOut === undefined)) {
      this.byNode.set(node, {
        pools: devices.pools, taken: takenNow(input, devices.ids), features: input.features, celNoSuchKeyHint: input.celNoSuchKeyHint,
        specs: ask.specs, classes: ask.classes, refs: ask.refs, steps: before - steps.left, result,
      });
    } else {
      this.byNode.delete(node);
    }
    return result;
  }
}

const isTaken = (input: AllocatorInput, id: DeviceID): boolean => input.allocatedDevices.has(id) || (input.allocatedCapacity?.has(id) ?? false);

/** whether each device is taken as it was (compared as read: no list made on a hit) */
function takenAsBefore(input: AllocatorInput, ids: readonly DeviceID[], taken: Uint8Array): boolean {
  if (ids.length !== taken.length) return false;
  for (let i = 0; i < ids.length; i++) if ((isTaken(input, ids[i]!) ? 1 : 0) !== taken[i]) return false;
  return true;
}

function takenNow(input: AllocatorInput, ids: readonly DeviceID[]): Uint8Array {
  const taken = new Uint8Array(ids.length);
  for (let i = 0; i < ids.length; i++) if (isTaken(input, ids[i]!)) taken[i] = 1;
  return taken;
}
