// The structured allocator: picks devices from the ResourceSlices reachable from one node for all
// of a pod's unallocated claims, or finds that it cannot.
// upstream: staging/src/k8s.io/dynamic-resource-allocation/structured/internal/experimental/
// allocator_experimental.go (v1.35; the variant the scheduler uses once an alpha DRA feature is
// on, and the same search as the stable one without them), with pools.ts, counters.ts and
// consumableCapacity.ts beside it.
//
// The search is upstream's: claims in order, their requests in order, for each needed device the
// pools' devices in order (slice order within a pool); a device must be free (not allocated, not
// being allocated for this pod unless adminAccess or shared), match the class's and the request's
// CEL selectors, leave its pool's shared counters above zero (partitionable devices), have its
// NoSchedule/NoExecute taints tolerated, keep every constraint of the claim and have room for the
// request's share of its capacity; the first full solution wins and a dead end backtracks to the
// previous device. A request with firstAvailable tries its subrequests in order. `All` takes
// every matching device and fails if one of them is unusable.
// A device with allowMultipleAllocations (DRAConsumableCapacity) is never taken whole: every
// request that uses it gets a share (consumedCapacity, a shareID) while its capacity lasts, and
// its counters are taken once however many requests share it.
// Deviation: upstream iterates pools in Go map order (random); Podplay takes pools in the order
// their first slice was created, so runs are reproducible. Share IDs are derived from the claim,
// request and device (upstream: random UUIDs).

import { compileDeviceSelector, deviceMatches } from '../model/deviceSelector';
import type {
  AllocationResult, Device, DeviceClass, DeviceRequestAllocationResult, DeviceSelector,
  DeviceTaint, DeviceToleration, ExactDeviceRequest, ResourceClaim, ResourceSlice,
} from '../model/resource';
import { ALLOCATION_RESULTS_MAX_SIZE } from '../model/resource';
import type { Node, NodeSelector } from '../model/types';
import { addConsumed, capacityFits, consumedCapacity, type ConsumedCapacity } from './consumableCapacity';
import { distinctAttributeConstraint, matchAttributeConstraint, type Constraint } from './constraint';
import { CounterState } from './counters';
import { gatherPools, nodeMatches, type Pool } from './pools';

export interface Features {
  adminAccess: boolean;
  prioritizedList: boolean;
  partitionableDevices: boolean;
  deviceTaints: boolean;
  /** DRAConsumableCapacity: shared devices, capacity requests, distinctAttribute */
  consumableCapacity: boolean;
}

/** "driver/pool/device" */
export type DeviceID = string;
// (join makes a flat string: a concatenation is a rope, slow to compare as a Map key, and the
// allocator looks its candidates' ids up in the taken devices thousands of times per cycle)
export const deviceID = (driver: string, pool: string, device: string): DeviceID => [driver, pool, device].join('/');

/** the view of a request or subrequest the search needs (upstream: requestAccessor) */
interface RequestData {
  /** "req" or "req/sub" */
  name: string;
  base: string;
  sub?: string;
  request: ExactDeviceRequest;
  cls: DeviceClass;
  numDevices: number;
  /** `All`: the devices, decided up front */
  allDevices?: Candidate[];
}

interface Candidate {
  id: DeviceID;
  device: Device;
  slice: ResourceSlice;
  pool: Pool;
  /**
   * whether selectors accept the device, kept with the candidate (which outlives the search, see
   * nodePools): by DeviceClass object for the class's selectors, by their expressions for a
   * request's (each claim from a template has its own copy of the same selectors)
   */
  selects?: Map<DeviceClass | string, boolean>;
}

/**
 * A node's pools and their candidate devices: a function of the slices that may reach the node,
 * every slice, the node object (an update replaces it) and DRAPartitionableDevices. Kept by those
 * lists, which the scheduler keeps while no slice changes (DynamicResources' preparedSlices), so
 * a cycle does not gather and index every node's pools again (upstream's allocator does, per node
 * and cycle: Podplay runs its Filter on every node, one thread).
 */
interface NodeSetUp { allSlices: readonly ResourceSlice[]; partitionableDevices: boolean; pools: Pool[] }
const nodeSetUps = new WeakMap<readonly ResourceSlice[], WeakMap<Node, NodeSetUp>>();
function nodePools(input: AllocatorInput, node: Node, slices = input.slices): Pool[] {
  const allSlices = input.allSlices ?? slices;
  const { partitionableDevices } = input.features;
  let byNode = nodeSetUps.get(slices);
  if (!byNode) nodeSetUps.set(slices, (byNode = new WeakMap()));
  const kept = byNode.get(node);
  if (kept && kept.allSlices === allSlices && kept.partitionableDevices === partitionableDevices) return kept.pools;
  const pools = gatherPools(slices, node, input.features, input.allSlices);
  byNode.set(node, { allSlices, partitionableDevices, pools });
  return pools;
}

/** a pool's devices that may reach its node, in slice order (a pool belongs to one node's set-up) */
const poolCandidates = new WeakMap<Pool, Candidate[]>();
function candidatesOf(pool: Pool, node: Node): readonly Candidate[] {
  let list = poolCandidates.get(pool);
  if (list !== undefined) return list;
  list = [];
  for (const slice of pool.slices) {
    for (const device of slice.spec.devices ?? []) {
      if (slice.spec.perDeviceNodeSelection && !nodeMatches(node, device.nodeName, device.allNodes, device.nodeSelector)) continue;
      list.push({ id: deviceID(pool.driver, pool.pool, device.name), device, slice, pool });
    }
  }
  poolCandidates.set(pool, list);
  return list;
}

/** a node's pools and the devices a search there may take, when the search depends on the rest of the cluster only through which of those are taken */
export interface SearchDevices { pools: readonly Pool[]; ids: readonly DeviceID[] }
const searchDevicesByPools = new WeakMap<readonly Pool[], SearchDevices | null>();

/**
 * The node's pools and the IDs of the devices a search on it may take, when which of them are
 * taken is all the search reads of the other claims: no pool with shared counters (devices
 * elsewhere consume them) and no device that several claims share (its capacity left is read).
 * Undefined otherwise. For remembering a node's search from cycle to cycle (rememberedSearch.ts);
 * `slices`: the node's, when the input's are another node's.
 */
export function searchDevices(input: AllocatorInput, node: Node, slices = input.slices): SearchDevices | undefined {
  const pools = nodePools(input, node, slices);
  let out = searchDevicesByPools.get(pools);
  if (out === undefined) {
    out = { pools, ids: [] };
    const ids = out.ids as DeviceID[];
    for (const pool of pools) {
      if (pool.counterSets.size > 0 || pool.otherSlices.length > 0) { out = null; break; }
      const list = candidatesOf(pool, node);
      if (list.some((c) => (c.device.consumesCounters?.length ?? 0) > 0 || c.device.allowMultipleAllocations === true)) { out = null; break; }
      for (const c of list) ids.push(c.id);
    }
    searchDevicesByPools.set(pools, out);
  }
  return out ?? undefined;
}

/** a request's selectors as one key (their expressions) */
const selectorKeys = new WeakMap<readonly DeviceSelector[], string>();
function selectorKey(selectors: readonly DeviceSelector[]): string {
  let key = selectorKeys.get(selectors);
  if (key === undefined) selectorKeys.set(selectors, (key = selectors.map((s) => s.cel?.expression ?? '').join('\u0000')));
  return key;
}

interface DeviceResult {
  request: string;
  id: DeviceID;
  candidate: Candidate;
  adminAccess?: boolean;
  tolerations?: DeviceToleration[];
  /** a shared device's share */
  consumed?: { published: Record<string, string>; qualified: ConsumedCapacity };
  shared?: boolean;
}

/** upstream: resourceclaim.ToleratesTaint */
export function toleratesDeviceTaint(t: DeviceToleration, taint: DeviceTaint): boolean {
  if (t.key !== undefined && t.key !== taint.key) return false;
  if (t.effect !== undefined && t.effect !== taint.effect) return false;
  if (t.operator === 'Exists') return true;
  return (t.value ?? '') === (taint.value ?? '');
}

/** upstream: taintPreventsAllocation — only NoSchedule and NoExecute keep a device away */
export function untoleratedDeviceTaint(device: Device, tolerations: readonly DeviceToleration[] | undefined): DeviceTaint | undefined {
  return (device.taints ?? []).find((taint) => (taint.effect === 'NoSchedule' || taint.effect === 'NoExecute') && !(tolerations ?? []).some((t) => toleratesDeviceTaint(t, taint)));
}

class AllocationError extends Error {}
class MaxSizeExceeded extends Error {}
class StepBudgetExceeded extends Error {}

/**
 * Devices the search may try for one node (a step: one candidate device looked at for one needed
 * device). Upstream bounds the search by wall time instead (DRASchedulerFilterTimeout, on by
 * default since 1.34: 10 s per node's Filter); a count of steps keeps runs reproducible. Ordinary
 * claims take tens or hundreds of steps (8 of 20 free devices: 36); an exponential search (k of n
 * devices before a request nothing matches) stops after this many, in 0.1–0.2 s.
 */
export const ALLOCATION_STEPS_PER_NODE = 20_000;

/**
 * Steps over all nodes of one scheduling cycle: once they are spent, the remaining nodes time out
 * at once, so a claim that cannot be allocated costs a bounded time (a few seconds) on a cluster of
 * any size; an ordinary claim on 15,000 nodes takes well under this.
 */
export const ALLOCATION_STEPS_PER_CYCLE = 500_000;

/** upstream's Filter status for a search that ran out of time (dynamicresources.go), with what ran out in Podplay */
export function allocationTimedOut(kind: 'node' | 'cycle'): string {
  return kind === 'node'
    ? `timed out trying to allocate devices (Podplay: the search for devices exceeded ${ALLOCATION_STEPS_PER_NODE.toLocaleString('en-US')} steps on this node)`
    : `timed out trying to allocate devices (Podplay: this cycle's search for devices exceeded ${ALLOCATION_STEPS_PER_CYCLE.toLocaleString('en-US')} steps over all nodes)`;
}

/** The steps one scheduling cycle has left for the searches on its nodes (shared by them). */
export interface AllocationSteps {
  left: number;
}

/**
 * upstream v1.37+: dynamic-resource-allocation/cel/errors.go EnhanceRuntimeError (PR #136709) — a
 * "no such key" error (an attribute or capacity the device does not have) gets a hint; any other
 * error is unchanged. (Here, not in ../model/deviceSelector.ts: the page's engine worker replaces
 * that module by its lazy stand-in, which has only the selector functions.)
 */
export function enhanceRuntimeError(error: string): string {
  return error.startsWith('no such key:') ? `${error}. Consider using CEL optional chaining (?), has() macro, or orValue() for optional fields` : error;
}

export interface AllocatorInput {
  features: Features;
  /** devices allocated whole to claims already (or being allocated) */
  allocatedDevices: { has(id: DeviceID): boolean };
  /** DRAConsumableCapacity: shared devices allocated already, with the capacity their shares consume */
  allocatedCapacity?: ReadonlyMap<DeviceID, ConsumedCapacity>;
  deviceClass(name: string): DeviceClass | undefined;
  /** the slices that may reach the node */
  slices: readonly ResourceSlice[];
  /** every slice (pool completeness, counter slices, devices elsewhere that consume counters); default `slices` */
  allSlices?: readonly ResourceSlice[];
  /** the cycle's steps left (ALLOCATION_STEPS_PER_CYCLE); this search takes at most ALLOCATION_STEPS_PER_NODE of them */
  steps?: AllocationSteps;
  /** v1.37+ (PR #136709): a "no such key" CEL runtime error says how to guard an optional attribute */
  celNoSuchKeyHint?: boolean;
}

/** What a node's search found, for the trace: per request the devices taken, or why none fit. */
export interface RequestOutcome {
  claim: string;
  request: string;
  /** devices the class and request selectors accept on this node */
  matching: number;
  /** of those, already allocated */
  inUse: number;
  /** of those, with a taint the request does not tolerate */
  tainted: number;
  /** of the others, partitionable devices whose pool's shared counters are used up by allocated devices */
  countersExhausted: number;
  /** of the others, devices without room for the request's share of their capacity (or without the capacity it asks for) */
  capacityExhausted: number;
  /** devices the request needs (ExactCount's count; for All, every matching one) */
  needed: number;
  /** the devices the allocation takes for the request ("driver/pool/device"); empty when it failed */
  devices: DeviceID[];
  /** the matching devices counted in countersExhausted and capacityExhausted */
  exhausted: DeviceID[];
}

export type AllocateResult =
  | { readonly ok: true; readonly allocations: AllocationResult[]; outcomes: RequestOutcome[] }
  /** `timedOut`: the search ran out of steps (upstream: context.DeadlineExceeded), upstream's message and which budget */
  | { ok: false; error?: string; timedOut?: string; outcomes: RequestOutcome[] };

/** upstream: Allocator.Allocate — the claims' allocations on this node, all or none. */
export function allocate(input: AllocatorInput, node: Node, claims: readonly ResourceClaim[]): AllocateResult {
  const steps = input.steps ?? { left: ALLOCATION_STEPS_PER_CYCLE };
  const limit = Math.min(ALLOCATION_STEPS_PER_NODE, steps.left);
  const search = new Search(input, node, claims, limit);
  try {
    return search.run();
  } catch (e) {
    if (e instanceof StepBudgetExceeded) return { ok: false, timedOut: allocationTimedOut(limit < ALLOCATION_STEPS_PER_NODE ? 'cycle' : 'node'), outcomes: [] };
    if (e instanceof AllocationError) return { ok: false, error: e.message, outcomes: [] };
    // upstream: errAllocationResultMaxSizeExceeded out of the first claim ends Allocate with it
    if (e instanceof MaxSizeExceeded) return { ok: false, error: 'allocation max size exceeded', outcomes: [] };
    throw e;
  } finally {
    steps.left -= Math.min(search.steps, limit);
  }
}

/** the outcomes' empty device lists: one, frozen (the trace keeps thousands) */
const NONE: DeviceID[] = Object.freeze([]) as unknown as DeviceID[];

/** "namespace/name", one string per claim object (every node's outcomes name it) */
const claimRefs = new WeakMap<ResourceClaim, string>();
export const claimRef = (c: ResourceClaim): string => {
  let ref = claimRefs.get(c);
  if (ref === undefined) claimRefs.set(c, (ref = `${c.metadata.namespace ?? 'default'}/${c.metadata.name}`));
  return ref;
};

class Search {
  private readonly pools: Pool[];
  /** per claim, its requests; a request with subrequests has one entry per subrequest */
  private readonly requests: RequestData[][][] = [];
  private readonly constraints: Constraint[][] = [];
  private readonly allocating = new Map<DeviceID, Set<number>>();
  private readonly results: DeviceResult[][] = [];
  /** per device, how many results of this allocation use it (a shared device's counters are taken once) */
  private readonly users = new Map<DeviceID, number>();
  /** DRAConsumableCapacity: what this allocation's shares take of each shared device */
  private readonly allocatingCapacity = new Map<DeviceID, ConsumedCapacity>();
  private readonly counters: CounterState;
  /** candidate devices looked at so far (the step budget) */
  steps = 0;

  constructor(private readonly input: AllocatorInput, private readonly node: Node, private readonly claims: readonly ResourceClaim[], private readonly stepLimit: number) {
    this.pools = nodePools(input, node);
    this.counters = new CounterState((driver, pool, device) => this.allocatedBefore(deviceID(driver, pool, device)));
  }

  /** allocated before this allocation, whole or shared */
  private allocatedBefore(id: DeviceID): boolean {
    return this.input.allocatedDevices.has(id) || (this.input.allocatedCapacity?.has(id) ?? false);
  }

  private shared(device: Device): boolean {
    return this.input.features.consumableCapacity && device.allowMultipleAllocations === true;
  }

  /** upstream: CmpRequestOverCapacity for a candidate (DRAConsumableCapacity only) */
  private capacityFits(data: RequestData, c: Candidate, withAllocating = true): boolean {
    if (!this.input.features.consumableCapacity) return true;
    return capacityFits(data.request.capacity?.requests, c.device, c.pool.driver, this.input.allocatedCapacity?.get(c.id), withAllocating ? this.allocatingCapacity.get(c.id) : undefined);
  }

  run(): AllocateResult {
    const { features } = this.input;
    this.claims.forEach((claim, ci) => {
      let minDevices = 0;
      const perRequest: RequestData[][] = [];
      for (const request of claim.spec.devices?.requests ?? []) {
        if (request.firstAvailable?.length && !features.prioritizedList) throw new AllocationError(`claim ${claimRef(claim)}, request ${request.name}: has subrequests, but the DRAPrioritizedList feature is disabled`);
        if (!features.consumableCapacity && request.exactly?.capacity) throw new AllocationError(`claim ${claimRef(claim)}, request ${request.name}: has capacity requests, but the DRAConsumableCapacity feature is disabled`);
        if (request.firstAvailable?.length) {
          const subs = request.firstAvailable.map((sub) => this.requestData(claim, `${request.name}/${sub.name}`, request.name, sub.name, sub));
          minDevices += Math.min(...subs.map((s) => s.numDevices));
          perRequest.push(subs);
        } else {
          const data = this.requestData(claim, request.name, request.name, undefined, request.exactly!);
          minDevices += data.numDevices;
          perRequest.push([data]);
        }
      }
      if (minDevices > ALLOCATION_RESULTS_MAX_SIZE) {
        throw new AllocationError(`claim ${claimRef(claim)}: number of requested devices ${minDevices} exceeds the claim limit of ${ALLOCATION_RESULTS_MAX_SIZE}`);
      }
      this.requests[ci] = perRequest;
      this.results[ci] = [];
      this.constraints[ci] = (claim.spec.devices?.constraints ?? []).map((c, i) => {
        if (c.matchAttribute) return matchAttributeConstraint(c);
        if (c.distinctAttribute && this.input.features.consumableCapacity) return distinctAttributeConstraint(c);
        throw new AllocationError(`claim ${claimRef(claim)}, constraint #${i}: empty constraint (unsupported constraint type?)`);
      });
    });
    const done = this.allocateClaim(0);
    const outcomes = this.outcomes(done);
    if (!done) {
      const invalid = this.pools.find((p) => p.isInvalid);
      if (invalid) return { ok: false, error: 'invalid resource pools were encountered', outcomes };
      return { ok: false, outcomes };
    }
    return { ok: true, allocations: this.allocationResults(), outcomes };
  }

  /**
   * the claims' allocation results (made on every node that fits: making them only for the node
   * Reserve takes kept every node's search alive until then, which cost more than it saved)
   */
  allocationResults(): AllocationResult[] {
    return this.claims.map((_, ci) => this.allocationResult(ci));
  }

  private requestData(claim: ResourceClaim, name: string, base: string, sub: string | undefined, request: ExactDeviceRequest): RequestData {
    const { features } = this.input;
    if (!features.consumableCapacity && request.capacity && sub !== undefined) throw new AllocationError(`claim ${claimRef(claim)}, subrequest ${sub}: has capacity requests, but the DRAConsumableCapacity feature is disabled`);
    for (const [i, s] of (request.selectors ?? []).entries()) {
      if (!s.cel) throw new AllocationError(`claim ${claimRef(claim)}, request ${name}, selector #${i}: CEL expression empty (unsupported selector type?)`);
    }
    if (!features.adminAccess && request.adminAccess !== undefined) throw new AllocationError(`claim ${claimRef(claim)}, request ${name}: admin access is requested, but the feature is disabled`);
    if (request.deviceClassName === '') throw new AllocationError(`claim ${claimRef(claim)}, request ${name}: missing device class name (unsupported request type?)`);
    const cls = this.input.deviceClass(request.deviceClassName);
    if (!cls) throw new AllocationError(`claim ${claimRef(claim)}, request ${name}: could not retrieve device class ${request.deviceClassName}: deviceclass.resource.k8s.io "${request.deviceClassName}" not found`);
    const data: RequestData = { name, base, request, cls, numDevices: 0, ...(sub !== undefined ? { sub } : {}) };
    if (request.allocationMode === 'ExactCount') {
      data.numDevices = request.count ?? 1;
      return data;
    }
    if (request.allocationMode !== 'All') throw new AllocationError(`claim ${claimRef(claim)}, request ${name}: unsupported count mode ${String(request.allocationMode)}`);
    data.allDevices = [];
    for (const pool of this.pools) {
      if (pool.isIncomplete) throw new AllocationError(`claim ${claimRef(claim)}, request ${name}: asks for all devices, but resource pool ${pool.driver}/${pool.pool} is currently being updated`);
      if (pool.isInvalid) throw new AllocationError(`claim ${claimRef(claim)}, request ${name}: asks for all devices, but resource pool ${pool.driver}/${pool.pool} is currently invalid`);
      for (const c of this.candidates(pool)) if (this.isSelectable(claim, data, c) && this.capacityFits(data, c)) data.allDevices.push(c);
    }
    data.numDevices = data.allDevices.length;
    return data;
  }

  /** a pool's devices that may reach the node, in slice order (computed once: the search walks them at every step) */
  private candidates(pool: Pool): readonly Candidate[] {
    return candidatesOf(pool, this.node);
  }

  /** upstream: isSelectable — the class's selectors, then the request's */
  private isSelectable(claim: ResourceClaim, data: RequestData, c: Candidate): boolean {
    // the owners' names are made only for an error's message (an error is not kept: it is thrown again)
    const selects = (c.selects ??= new Map());
    let byClass = selects.get(data.cls);
    if (byClass === undefined) selects.set(data.cls, (byClass = this.selectorsMatch(c, data.cls.spec.selectors, () => `class ${data.cls.metadata.name}`)));
    if (!byClass) return false;
    const selectors = data.request.selectors;
    if (!selectors?.length) return true;
    const key = selectorKey(selectors);
    let byRequest = selects.get(key);
    if (byRequest === undefined) selects.set(key, (byRequest = this.selectorsMatch(c, selectors, () => `claim ${claimRef(claim)}`)));
    return byRequest;
  }

  private selectorsMatch(c: Candidate, selectors: readonly DeviceSelector[] | undefined, owner: () => string): boolean {
    if (!selectors?.length) return true;
    for (const [i, s] of selectors.entries()) {
      const compiled = compileDeviceSelector(s.cel.expression);
      if (!compiled.ok) throw new AllocationError(`${owner()}: selector #${i}: CEL compile error: ${compiled.error}`);
      const r = deviceMatches(compiled.selector, c.pool.driver, c.device);
      if ('error' in r) throw new AllocationError(`${owner()}: selector #${i} on device ${c.id}: CEL runtime error: ${this.input.celNoSuchKeyHint ? enhanceRuntimeError(r.error) : r.error}`);
      if (!r.matches) return false;
    }
    return true;
  }

  private inUse(id: DeviceID): boolean {
    return this.input.allocatedDevices.has(id) || (this.allocating.get(id)?.size ?? 0) > 0;
  }

  private allocateClaim(ci: number): boolean {
    if (ci >= this.claims.length) return true;
    try {
      return this.allocateRequest(ci, 0);
    } catch (e) {
      if (e instanceof MaxSizeExceeded && ci > 0) return false;
      throw e;
    }
  }

  /** one request: for firstAvailable, the first subrequest that leads to a full solution */
  private allocateRequest(ci: number, ri: number): boolean {
    const requests = this.requests[ci]!;
    if (ri >= requests.length) return this.allocateClaim(ci + 1);
    const alternatives = requests[ri]!;
    let allExceeded = true;
    for (const data of alternatives) {
      try {
        if (this.allocateDevice(ci, ri, data, 0)) return true;
        allExceeded = false;
      } catch (e) {
        if (!(e instanceof MaxSizeExceeded)) throw e;
      }
    }
    if (allExceeded) throw new MaxSizeExceeded();
    return false;
  }

  /** upstream: allocateOne for device index di of a request */
  private allocateDevice(ci: number, ri: number, data: RequestData, di: number): boolean {
    if (data.request.allocationMode === 'All' && (data.allDevices?.length ?? 0) === 0) return false;
    if (di >= data.numDevices) return this.allocateRequest(ci, ri + 1);
    if (this.results[ci]!.length + data.numDevices - di > ALLOCATION_RESULTS_MAX_SIZE) throw new MaxSizeExceeded();
    const claim = this.claims[ci]!;
    if (data.allDevices) {
      this.step();
      const undo = this.tryDevice(ci, data, data.allDevices[di]!, true);
      if (!undo) return false;
      let done = false;
      try {
        done = this.allocateDevice(ci, ri, data, di + 1);
      } finally {
        if (!done) undo();
      }
      return done;
    }
    for (const pool of this.pools) {
      if (pool.isIncomplete || pool.isInvalid) continue;
      for (const c of this.candidates(pool)) {
        this.step();
        if (data.request.adminAccess ? this.allocating.get(c.id)?.has(ci) : this.inUse(c.id)) continue;
        if (!this.isSelectable(claim, data, c)) continue;
        if (!this.capacityFits(data, c)) continue;
        const undo = this.tryDevice(ci, data, c, false);
        if (!undo) continue;
        let done = false;
        try {
          done = this.allocateDevice(ci, ri, data, di + 1);
        } finally {
          if (!done) undo();
        }
        if (done) return true;
      }
    }
    return false;
  }

  private step(): void {
    if (++this.steps > this.stepLimit) throw new StepBudgetExceeded();
  }

  /** upstream: allocateDevice — availability, counters, taints, constraints, capacity; the undo on success */
  private tryDevice(ci: number, data: RequestData, c: Candidate, must: boolean): (() => void) | undefined {
    const { features } = this.input;
    const shared = this.shared(c.device);
    if (!shared && data.request.adminAccess && this.allocating.get(c.id)?.has(ci)) return undefined;
    if (!data.request.adminAccess && this.inUse(c.id)) return undefined;
    const consumesCounters = (c.device.consumesCounters?.length ?? 0) > 0;
    if (consumesCounters && !features.partitionableDevices) return undefined;
    // a shared device already in use (before or in this allocation) has taken its counters
    const takesCounters = consumesCounters && !this.allocatedBefore(c.id) && (this.users.get(c.id) ?? 0) === 0;
    if (takesCounters && !this.counters.fits(c.pool, c.device)) return undefined;
    if (features.deviceTaints && untoleratedDeviceTaint(c.device, data.request.tolerations)) return undefined;
    if (!this.capacityFits(data, c)) return undefined;
    const constraints = this.constraints[ci]!;
    for (let i = 0; i < constraints.length; i++) {
      if (!constraints[i]!.add(data.base, data.sub, c.device, c.pool.driver)) {
        if (must) throw new AllocationError(`claim ${claimRef(this.claims[ci]!)}, request ${data.name}: cannot add device ${c.id} because a claim constraint would not be satisfied`);
        for (let e = 0; e < i; e++) constraints[e]!.remove(data.base, data.sub, c.device, c.pool.driver);
        return undefined;
      }
    }
    let set = this.allocating.get(c.id);
    if (!set) this.allocating.set(c.id, (set = new Set()));
    if (!shared) set.add(ci);
    this.users.set(c.id, (this.users.get(c.id) ?? 0) + 1);
    if (takesCounters) this.counters.take(c.pool, c.device);
    const consumed = shared ? consumedCapacity(data.request.capacity?.requests, c.device, c.pool.driver) : undefined;
    if (consumed) {
      let total = this.allocatingCapacity.get(c.id);
      if (!total) this.allocatingCapacity.set(c.id, (total = new Map()));
      addConsumed(total, consumed.qualified, 1);
    }
    const results = this.results[ci]!;
    const before = results.length;
    results.push({
      request: data.name, id: c.id, candidate: c,
      ...(data.request.adminAccess ? { adminAccess: true } : {}),
      ...(data.request.tolerations?.length ? { tolerations: data.request.tolerations } : {}),
      ...(shared ? { shared: true } : {}),
      ...(consumed ? { consumed } : {}),
    });
    return () => {
      for (const con of constraints) con.remove(data.base, data.sub, c.device, c.pool.driver);
      set.delete(ci);
      this.users.set(c.id, this.users.get(c.id)! - 1);
      if (takesCounters) this.counters.release(c.pool, c.device);
      if (consumed) addConsumed(this.allocatingCapacity.get(c.id)!, consumed.qualified, -1);
      results.length = before;
    };
  }

  private allocationResult(ci: number): AllocationResult {
    const claim = this.claims[ci]!;
    const results: DeviceRequestAllocationResult[] = this.results[ci]!.map((r, i) => ({
      request: r.request, driver: r.candidate.pool.driver, pool: r.candidate.pool.pool, device: r.candidate.device.name,
      ...(r.adminAccess ? { adminAccess: true } : {}),
      ...(r.tolerations ? { tolerations: r.tolerations } : {}),
      ...(r.shared ? { shareID: shareID(claimRef(claim), r.request, r.id, i) } : {}),
      ...(r.consumed ? { consumedCapacity: r.consumed.published } : {}),
    }));
    const out: AllocationResult = { devices: { results } };
    const config = this.configs(claim, results);
    if (config.length) out.devices.config = config;
    const nodeSelector = this.nodeSelector(ci);
    if (nodeSelector) out.nodeSelector = nodeSelector;
    return out;
  }

  /** upstream: the class configs once per class, then the claim's configs for chosen requests */
  private configs(claim: ResourceClaim, results: readonly DeviceRequestAllocationResult[]): NonNullable<AllocationResult['devices']['config']> {
    const out: NonNullable<AllocationResult['devices']['config']> = [];
    const chosen = new Map<string, string>(); // request → "req" or "req/sub"
    for (const r of results) chosen.set(r.request.split('/')[0]!, r.request);
    const byClass = new Map<string, number[]>();
    for (const request of claim.spec.devices?.requests ?? []) {
      const name = chosen.get(request.name) ?? request.name;
      const sub = name.includes('/') ? request.firstAvailable?.find((s) => `${request.name}/${s.name}` === name) : undefined;
      const className = sub?.deviceClassName ?? request.exactly?.deviceClassName;
      const cls = className ? this.input.deviceClass(className) : undefined;
      if (!cls) continue;
      const seen = byClass.get(cls.metadata.name);
      if (seen) { for (const i of seen) out[i]!.requests!.push(name); continue; }
      const idx: number[] = [];
      for (const c of cls.spec.config ?? []) { idx.push(out.length); out.push({ source: 'FromClass', requests: [name], ...c }); }
      byClass.set(cls.metadata.name, idx);
    }
    for (const c of claim.spec.devices?.config ?? []) {
      const { requests, ...config } = c;
      if (!requests?.length || requests.some((r) => [...chosen.values()].includes(r) || chosen.has(r))) {
        out.push({ source: 'FromClaim', ...(requests?.length ? { requests } : {}), ...config });
      }
    }
    return out;
  }

  /** upstream: createNodeSelector */
  private nodeSelector(ci: number): NodeSelector | undefined {
    const term: { matchFields: NonNullable<NodeSelector['nodeSelectorTerms'][number]['matchFields']>; matchExpressions: NonNullable<NodeSelector['nodeSelectorTerms'][number]['matchExpressions']> } = { matchFields: [], matchExpressions: [] };
    for (const r of this.results[ci]!) {
      const { slice, device } = r.candidate;
      const nodeName = slice.spec.perDeviceNodeSelection ? device.nodeName : slice.spec.nodeName;
      const selector = slice.spec.perDeviceNodeSelection ? device.nodeSelector : slice.spec.nodeSelector;
      if (nodeName) return { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }] }] };
      const t = selector?.nodeSelectorTerms[0];
      if (!t) continue;
      for (const req of t.matchFields ?? []) if (!term.matchFields.some((x) => sameRequirement(x, req))) term.matchFields.push(req);
      for (const req of t.matchExpressions ?? []) if (!term.matchExpressions.some((x) => sameRequirement(x, req))) term.matchExpressions.push(req);
    }
    if (term.matchFields.length === 0 && term.matchExpressions.length === 0) return undefined;
    return { nodeSelectorTerms: [{ ...(term.matchExpressions.length ? { matchExpressions: term.matchExpressions } : {}), ...(term.matchFields.length ? { matchFields: term.matchFields } : {}) }] };
  }

  /** what, besides its class, decides a request's DeviceCounts on this node */
  private countKey(data: RequestData): string {
    const { features } = this.input;
    const selectors = data.request.selectors;
    const tolerations = features.deviceTaints && data.request.tolerations?.length ? JSON.stringify(data.request.tolerations) : '';
    const capacity = features.consumableCapacity && data.request.capacity ? JSON.stringify(data.request.capacity) : '';
    return selectors?.length || tolerations || capacity ? `${selectors?.length ? selectorKey(selectors) : ''}\u0001${tolerations}\u0001${capacity}` : '';
  }

  /** the request's matching devices on this node: how many, and why those that cannot be taken cannot */
  private countDevices(claim: ResourceClaim, data: RequestData): DeviceCounts {
    let matching = 0;
    let inUse = 0;
    let tainted = 0;
    let countersExhausted = 0;
    let capacityExhausted = 0;
    const exhausted: DeviceID[] = [];
    const { features } = this.input;
    for (const pool of this.pools) {
      if (pool.isIncomplete || pool.isInvalid) continue;
      for (const c of this.candidates(pool)) {
        let selectable = false;
        try { selectable = this.isSelectable(claim, data, c); } catch (e) { if (!(e instanceof AllocationError)) throw e; }
        if (!selectable) continue;
        matching++;
        if (this.input.allocatedDevices.has(c.id)) inUse++;
        else if (features.deviceTaints && untoleratedDeviceTaint(c.device, data.request.tolerations)) tainted++;
        else if (features.partitionableDevices && c.device.consumesCounters?.length && !this.allocatedBefore(c.id) && !this.counters.fits(c.pool, c.device, false)) { countersExhausted++; exhausted.push(c.id); }
        else if (!this.capacityFits(data, c, false)) { capacityExhausted++; exhausted.push(c.id); }
      }
    }
    return { matching, inUse, tainted, countersExhausted, capacityExhausted, exhausted: exhausted.length ? exhausted.slice() : NONE };
  }

  /** per request of each claim: what matched on this node and what was taken */
  private outcomes(done: boolean): RequestOutcome[] {
    const out: RequestOutcome[] = [];
    // requests that select and count devices alike (a claim's five requests of one class, say)
    // count them once: the counts depend on the class, the request's selectors, tolerations and
    // capacity request, not on the claim or the request's name
    // (a short list: most claims have one request, and a Map per node and cycle costs more than it saves)
    const counted: { cls: DeviceClass; key: string; counts: DeviceCounts }[] = [];
    this.claims.forEach((claim, ci) => {
      for (const alternatives of this.requests[ci] ?? []) {
        const data = (done && alternatives.find((a) => this.results[ci]!.some((r) => r.request === a.name))) || alternatives[0]!;
        const key = this.countKey(data);
        let counts = counted.find((c) => c.cls === data.cls && c.key === key)?.counts;
        if (!counts) counted.push({ cls: data.cls, key, counts: (counts = this.countDevices(claim, data)) });
        const devices = done ? this.results[ci]!.filter((r) => r.request === data.name).map((r) => r.id) : NONE;
        out.push({
          claim: claimRef(claim), request: data.name, matching: counts.matching, inUse: counts.inUse, tainted: counts.tainted,
          countersExhausted: counts.countersExhausted, capacityExhausted: counts.capacityExhausted, needed: data.numDevices, devices, exhausted: counts.exhausted,
        });
      }
    });
    // (exact-size copies: the trace keeps a node's outcomes for every cycle, and a list grown by
    // push holds room for 17)
    return out.slice();
  }
}

/** what a request's selectors find on a node (RequestOutcome's counts) */
interface DeviceCounts { matching: number; inUse: number; tainted: number; countersExhausted: number; capacityExhausted: number; exhausted: DeviceID[] }

function sameRequirement(a: { key: string; operator: string; values?: string[] }, b: { key: string; operator: string; values?: string[] }): boolean {
  if (a.key !== b.key || a.operator !== b.operator) return false;
  const x = new Set(a.values ?? []);
  const y = new Set(b.values ?? []);
  return x.size === y.size && [...x].every((v) => y.has(v));
}

/**
 * A share's ID, shaped like the UUID upstream draws at random (types.UID): derived from the claim,
 * request, device and the result's index so that runs are reproducible.
 */
function shareID(claim: string, request: string, device: DeviceID, index: number): string {
  const text = `${claim}\u0000${request}\u0000${device}\u0000${index}`;
  const words = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b].map((seed) => {
    let h = seed >>> 0;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return h.toString(16).padStart(8, '0');
  });
  const hex = words.join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
