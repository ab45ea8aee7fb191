// upstream: pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go (v1.35, with
// DynamicResourceAllocation locked on; the DRA gates from the scenario, see draFeatures)
//
//   PreEnqueue  every claim of the pod exists (a template's claim once the claim controller made it)
//   PreFilter   reads the claims: one allocated for others and full → "resourceclaim in use";
//               a missing DeviceClass → "request X: device class Y does not exist"; prepares the
//               structured allocator for the unallocated ones; no claims → Skip
//   (statusUnschedulable is UnschedulableAndUnresolvable: preemption cannot free devices)
//   Filter      allocated claims: their allocation's node selector must match ("resourceclaim not
//               available on the node"); unallocated ones: the allocator must find devices for all
//               of them on this node ("cannot allocate all claims")
//   PostFilter  deallocates an unavailable claim that no other pod uses (its no-op outcomes carry
//               no reason from 1.37, switch draPostFilterQuietNoOp, PR #140222)
//   Reserve     the chosen node's allocation becomes an in-flight allocation (its devices count
//               as taken for other pods until PreBind)
//   PreBind     writes the allocation and the pod's reservation to the claim's status
//   Unreserve   drops the in-flight allocation and the pod's reservation
//   Score       with DRAPrioritizedList, by the place in each firstAvailable list of the subrequest
//               the node's allocation used (scoring.ts); NormalizeScore scales by the highest
//   With DRAExtendedResource, the pod's claim for extended resources backed by DRA comes last among
//   its claims (extendedResources.ts).

import type { CycleState, StateData } from '../../framework/cycleState';
import { defaultFeatureGates, type FeatureGates } from '../../features';
import { MAX_NODE_SCORE, type Handle, type Plugin, type PluginDescriptor } from '../../framework/interfaces';
import type { PodInfo } from '../../framework/podInfo';
import { Status } from '../../framework/status';
import { matchNodeSelector } from '../../model/selectors';
import {
  canBeReserved, claimConsumer, claimNotForPod, isReservedForPod, podClaimName, RESOURCE_CLAIM_FINALIZER, type AllocationResult, type ResourceClaim,
  type DeviceTaintRule, type ResourceClaimConsumerReference, type ResourceSlice,
} from '../../model/resource';
import type { Node, NodeSelector, Pod, PodGroup, PodResourceClaim } from '../../model/types';
import { defaultNormalizeScore } from '../helper/normalizeScore';
import { applyDynamicResourcesDefaults, bindingTimeoutSeconds, validateDynamicResourcesArgs, type DynamicResourcesArgs } from './args';
import { prioritizedListScore } from './scoring';
import { isSamePod } from '../helper/samePod';
import { ALLOCATION_STEPS_PER_CYCLE, ALLOCATION_STEPS_PER_NODE, allocationTimedOut, claimRef, type AllocateResult, type AllocatorInput, type RequestOutcome, type DeviceID, type Features } from '../../dra/allocator';
import { slicesInNameOrder } from '../../dra/pools';
import { RememberedSearches } from '../../dra/rememberedSearch';
import { applyDeviceTaintRules } from '../../dra/deviceTaintRules';
import {
  BINDING_POLL_SECONDS, bindingConditionsEnabled, hasBindingConditions, isClaimReadyForBinding, isClaimTimeout,
  isPodReadyForBinding, poolsWithBindingConditionsLast, withBindingConditions,
} from './bindingConditions';
import { allocatedCapacity } from '../../dra/consumableCapacity';
import { claimDevices, TakenDevicesView } from '../../dra/takenDevices';
import { sameElements } from '../../framework/intern';
import { labelledResult, setCycleLabel } from '../../framework/labelledResults';
import {
  filterExtendedResources, findExtendedResourceClaim, isSpecialClaimName, newExtendedResourceClaim, podDRAExtendedResources, podExtendedResources,
  type PodExtendedResources, type RequestMapping,
} from './extendedResources';

export const Name = 'DynamicResources';

/** upstream: stateKey */
export const stateKey = Name;

export const ErrReasonNoNewClaimsToDeallocate = 'no new claims to deallocate';
export const ErrReasonCannotAllocate = 'cannot allocate all claims';
export const ErrReasonNotAvailable = 'resourceclaim not available on the node';
export const ErrReasonInUse = 'resourceclaim in use';
/** PostFilter's no-op outcome for a pod whose claims none could be deallocated (up to 1.36) */
export const ErrReasonStillNotSchedulable = 'still not schedulable';

/**
 * The order the allocator walks the slices in (upstream GatherPools): from v1.36 pools and each
 * pool's slices by name (switch draNameOrder, PR #136641; before, Podplay's creation order for Go's
 * map order); with binding conditions on, pools without them come first, at every version.
 */
export function allocatorSliceOrder(slices: readonly ResourceSlice[], nameOrder: boolean, bindingConditions: boolean): readonly ResourceSlice[] {
  const ordered = nameOrder ? slicesInNameOrder(slices) : slices;
  return bindingConditions ? poolsWithBindingConditionsLast(ordered) : ordered;
}

/** The allocator's features from the gates (v1.35 defaults: DRAAdminAccess and DRAPrioritizedList on). */
export function draFeatures(gates: FeatureGates | undefined): Features {
  const g = gates ?? defaultFeatureGates();
  return { adminAccess: g.DRAAdminAccess, prioritizedList: g.DRAPrioritizedList, partitionableDevices: g.DRAPartitionableDevices, deviceTaints: g.DRADeviceTaints, consumableCapacity: g.DRAConsumableCapacity };
}

/** upstream: nodeAllocation — Filter's result for one node */
interface NodeAllocation {
  /** indices into the state's claims of the claims allocated, matching allocations */
  indices: number[];
  /** the allocations (with binding conditions added when Reserve asks for them) */
  allocations: () => AllocationResult[];
  /** the node's variant of the claim for extended resources, and which container uses which request */
  extendedResourceClaim?: ResourceClaim;
  mappings?: RequestMapping[];
}

/** upstream: stateData (claims as upstream's claimStore: the user's, then the one for extended resources) */
class DynamicResourcesState implements StateData {
  claims: ResourceClaim[] = [];
  numUserOwned = 0;
  /** the pod's extended resources when one is backed by DRA (and this cycle's outcomes by what a node lacks) */
  extended?: PodExtendedResources;
  /** per claim: the allocated claim's node selector, the allocation Reserve picked */
  informationsForClaim: { availableOnNodes?: NodeSelector; allocation?: AllocationResult }[] = [];
  /** per user claim: whom PreBind reserves it for (the pod, or its PodGroup for a PodGroup's claim) */
  consumers: ResourceClaimConsumerReference[] = [];
  podGroup?: PodGroup;
  /** indices of the claims the scheduler allocates, and the allocator's inputs */
  toAllocate: number[] = [];
  allocator?: AllocatorInput;
  nodeAllocations = new Map<string, NodeAllocation>();
  /** per node name, the slices that may reach it in their original order ("" for a node with no slice of its own) */
  slicesByNode = new Map<string, ResourceSlice[]>();
  unavailableClaims = new Set<number>();
  /**
   * "cannot allocate all claims" by what the search found: the nodes of a cycle that fail alike
   * (a full node: every matching device in use) share one status, details and outcomes, as
   * NodeResourcesFit's failing verdicts are shared (a full cluster fails most of its nodes so)
   */
  private readonly failures = new Map<string, Status>();
  cannotAllocate(outcomes: RequestOutcome[]): Status {
    let key = '';
    for (const o of outcomes) {
      key += `${o.claim}\u0000${o.request}\u0000${o.matching},${o.inUse},${o.tainted},${o.countersExhausted},${o.capacityExhausted},${o.needed}\u0000${o.devices.join(' ')}\u0000${o.exhausted.join(' ')}\u0001`;
    }
    let status = this.failures.get(key);
    if (status === undefined) this.failures.set(key, (status = Status.unresolvable(ErrReasonCannotAllocate).withDetails({ requests: outcomes })));
    return status;
  }
  /**
   * the claims the allocator may look at, by name: the label of this cycle's shared verdicts (the
   * claim for extended resources last, under its name; a node's variant of it has the same name,
   * and a node that provides the resources itself does not name it)
   */
  private claimNames: readonly string[] | undefined;
  allocatedClaimNames(): readonly string[] {
    if (this.claimNames === undefined) this.claimNames = this.toAllocate.map((i) => claimRef(this.claims[i]!));
    return this.claimNames;
  }
  /** per variant of the claim for extended resources (none: a node that needs none), the claims the allocator takes on such a node */
  private readonly asks = new Map<ResourceClaim | undefined, { indices: number[]; claims: ResourceClaim[] }>();
  claimsToAllocate(nodeClaim: ResourceClaim | undefined): { indices: number[]; claims: ResourceClaim[] } {
    let ask = this.asks.get(nodeClaim);
    if (ask === undefined) {
      const extendedClaim = this.extendedResourceClaim();
      const indices = this.toAllocate.filter((i) => this.claims[i] !== extendedClaim || nodeClaim);
      ask = { indices, claims: indices.map((i) => (this.claims[i] === extendedClaim ? nodeClaim! : this.claims[i]!)) };
      this.asks.set(nodeClaim, ask);
    }
    return ask;
  }
  /** whether a claim has a request with firstAvailable (Score adds nothing for the others) */
  private prioritized: boolean | undefined;
  hasPrioritizedLists(): boolean {
    return (this.prioritized ??= this.claims.some((c) => (c.spec.devices?.requests ?? []).some((r) => (r.firstAvailable?.length ?? 0) > 0)));
  }
  clone(): StateData { return this; }
  extendedResourceClaim(): ResourceClaim | undefined { return this.claims[this.numUserOwned]; }
}

/**
 * Success on a node that fits. The outcomes (devices matching, in use, taken) without the claims'
 * names stay the same on a node until its devices change, so the verdict is shared across nodes
 * and cycles (`successes`, by what it says) and the names are the cycle's label, built into it
 * when the trace is read (framework/labelledResults.ts): a fitting node costs the trace a
 * reference per cycle, not outcomes of its own. (A function of its own: the closure that builds
 * the verdict lives as long as the verdict and must hold nothing of the cycle.)
 */
function fitsStatus(state: CycleState, node: string, names: readonly string[], outcomes: readonly RequestOutcome[], successes: Successes): Status {
  const at: number[] = [];
  for (const o of outcomes) {
    const i = names.indexOf(o.claim);
    if (i < 0) return Status.success().withDetails({ requests: outcomes });
    at.push(i);
  }
  // the node's verdict of the last cycle, most often (its devices did not change): the same
  // outcomes (a remembered search, dra/rememberedSearch.ts) under the same names, or compared
  // field by field, no key to build
  const last = successes.byNode.get(node);
  if (last && ((last.outcomes === outcomes && sameElements(last.at, at)) || sameOutcomes(last.outcomes, last.at, outcomes, at))) {
    setCycleLabel(state, Name, names);
    return last.status;
  }
  let key = '';
  for (const [j, o] of outcomes.entries()) {
    key += `${at[j]}\u0000${o.request}\u0000${o.matching},${o.inUse},${o.tainted},${o.countersExhausted},${o.capacityExhausted},${o.needed}\u0000${o.devices.join(' ')}\u0000${o.exhausted.join(' ')}\u0001`;
  }
  let status = successes.byKey.get(key);
  if (status === undefined) {
    if (successes.byKey.size >= 8192) successes.byKey.clear();
    status = Status.success().withDetails({ requests: outcomes });
    // (the result runFilterPlugins takes, toResult's, key for key)
    labelledResult(status.toResult(Name), (label) => Object.freeze({
      plugin: Name, code: 'Success' as const,
      details: { requests: outcomes.map((o, j) => ({ ...o, claim: (label as readonly string[])[at[j]!]! })) },
    }));
    successes.byKey.set(key, status);
  }
  if (successes.byNode.size >= 20_000) successes.byNode.clear();
  successes.byNode.set(node, { outcomes, at, status });
  setCycleLabel(state, Name, names);
  return status;
}

/** the shared Success verdicts by what they say, and each node's last one with what it said */
interface Successes {
  byKey: Map<string, Status>;
  byNode: Map<string, { outcomes: readonly RequestOutcome[]; at: readonly number[]; status: Status }>;
}

/** the same outcomes but for the claims' names (a: b's claims by their place in the cycle's names) */
function sameOutcomes(a: readonly RequestOutcome[], aAt: readonly number[], b: readonly RequestOutcome[], bAt: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let j = 0; j < a.length; j++) {
    const x = a[j]!;
    const y = b[j]!;
    if (aAt[j] !== bAt[j] || x.request !== y.request || x.matching !== y.matching || x.inUse !== y.inUse || x.tainted !== y.tainted
      || x.countersExhausted !== y.countersExhausted || x.capacityExhausted !== y.capacityExhausted || x.needed !== y.needed
      || !sameElements(x.devices, y.devices) || !sameElements(x.exhausted, y.exhausted)) return false;
  }
  return true;
}

function readState(state: CycleState): DynamicResourcesState | Status {
  return state.read<DynamicResourcesState>(stateKey) ?? Status.error('not found');
}

const nsOf = (o: { metadata: { namespace?: string } }) => o.metadata.namespace ?? 'default';
const kobj = (o: { metadata: { namespace?: string; name: string } }) => `${nsOf(o)}/${o.metadata.name}`;

/**
 * The pod's PodGroup when its claims may name the group's (DRAWorkloadResourceClaims, v1.36+):
 * upstream passes the PodGroup to resourceclaim.Name, IsForPod, IsReservedForPod and BindTo only
 * with the gate on.
 */
export function claimsPodGroup(handle: Handle, pod: Pod): PodGroup | undefined {
  const name = pod.spec.schedulingGroup?.podGroupName;
  return handle.features.DRAWorkloadResourceClaims && name !== undefined ? handle.cluster.podGroup(nsOf(pod), name) : undefined;
}

/** upstream: foreachPodResourceClaim — the pod's claims, or the reason one is missing */
export function podResourceClaims(handle: Handle, pod: Pod): ResourceClaim[] | string {
  const found = podClaimEntries(handle, pod);
  return typeof found === 'string' ? found : found.map((e) => e.claim);
}

/** the pod's claims with the entries of spec.resourceClaims that name them */
function podClaimEntries(handle: Handle, pod: Pod): { claim: ResourceClaim; podClaim: PodResourceClaim }[] | string {
  const claims: { claim: ResourceClaim; podClaim: PodResourceClaim }[] = [];
  const podGroup = claimsPodGroup(handle, pod);
  for (const podClaim of pod.spec.resourceClaims ?? []) {
    const r = podClaimName(pod, podClaim, podGroup);
    if ('error' in r) return r.error;
    if (r.name === undefined) continue;
    const claim = handle.cluster.resources.resourceClaim(nsOf(pod), r.name);
    if (!claim) return `resourceclaim.resource.k8s.io "${r.name}" not found`;
    if (claim.metadata.deletionTimestamp !== undefined) return `resourceclaim "${claim.metadata.name}" is being deleted`;
    if (r.mustCheckOwner) {
      const notOwner = claimNotForPod(pod, claim, podGroup);
      if (notOwner) return notOwner;
    }
    claims.push({ claim, podClaim });
  }
  return claims;
}

/** the DRA manager's assume cache: allocations between Reserve and PreBind */
export class InFlightAllocations {
  private readonly claims = new Map<string, ResourceClaim>();
  /** a PodGroup's claim assumed by one of its pods: the consumer it will be reserved for */
  private readonly consumers = new Map<string, string>();
  /** moves whenever the claims in flight change (what the allocator counts as allocated) */
  generation = 0;
  has(uid: string): boolean { return this.claims.has(uid); }
  set(claim: ResourceClaim, consumer?: ResourceClaimConsumerReference): void {
    this.generation++;
    const uid = claim.metadata.uid ?? kobj(claim);
    this.claims.set(uid, claim);
    if (consumer?.resource === 'podgroups') this.consumers.set(uid, consumer.uid || consumer.name);
    else this.consumers.delete(uid);
  }
  /** the claim assumed for this PodGroup consumer, if it is (the group's later pods reuse its allocation) */
  assumedFor(uid: string, consumer: ResourceClaimConsumerReference): ResourceClaim | undefined {
    return consumer.resource === 'podgroups' && this.consumers.get(uid) === (consumer.uid || consumer.name) ? this.claims.get(uid) : undefined;
  }
  delete(uid: string): boolean { this.generation++; this.consumers.delete(uid); return this.claims.delete(uid); }
  values(): IterableIterator<ResourceClaim> { return this.claims.values(); }
}

/**
 * The slices the allocator looks at for each node, in the order they were created: a slice with a
 * nodeName only for that node, the others (node selectors, allNodes, per-device selection) for
 * every node (the allocator checks them). Saves reading every node's slices on every node.
 */
function slicesByNode(slices: readonly ResourceSlice[]): Map<string, ResourceSlice[]> {
  const out = new Map<string, ResourceSlice[]>([['', []]]);
  const shared = out.get('')!;
  for (const slice of slices) {
    const name = slice.spec.nodeName;
    if (!name) {
      shared.push(slice);
      for (const [node, list] of out) if (node !== '') list.push(slice);
      continue;
    }
    let list = out.get(name);
    if (!list) out.set(name, (list = [...shared]));
    list.push(slice);
  }
  return out;
}

/** upstream: ListAllAllocatedDevices — admin-access results and shares of a shared device do not take it */
export function allocatedDevices(claims: Iterable<ResourceClaim>): Set<DeviceID> {
  const out = new Set<DeviceID>();
  for (const c of claims) for (const id of claimDevices(c)) out.add(id);
  return out;
}

/**
 * A node's search that ran out of its steps, remembered for the cluster it ran on: the search is a
 * function of the node, the claims, the resource objects and the claims in flight, so while none of
 * them changed it would run out again, step for step. From v1.36 a timeout is an Error retried
 * after backoff (kubernetes PR #137607) for as long as the pod waits: a claim no allocator can
 * satisfy cost every retry its 20,000 steps again (about 1,000 retries in a long run). Upstream
 * re-runs the search on each retry (it is bounded by wall time, so its result may differ); Podplay's
 * step budget makes the result the same, so the retry takes the remembered one: the same trace,
 * without the search.
 */
interface RememberedTimeout { version: number; inFlight: number; claims: readonly ResourceClaim[]; message: string }

function newPlugin(handle: Handle, args: DynamicResourcesArgs | undefined): Plugin {
  const bindingTimeout = bindingTimeoutSeconds(args);
  const inFlight = new InFlightAllocations();
  // per node object (an update replaces it): its last search that ran out of the node's steps
  const timeouts = new WeakMap<Node, RememberedTimeout>();
  const nodeTimedOut = allocationTimedOut('node');
  // each node's last search, taken again while its devices and the claims' asks are the same
  const remembered = new RememberedSearches();
  /** the allocator's search, or the timeout it ran into on the unchanged cluster */
  const search = (input: AllocatorInput, slices: readonly ResourceSlice[], node: Node, claims: readonly ResourceClaim[], remember: boolean): AllocateResult => {
    const version = remember ? handle.cluster.resources.version?.() : undefined;
    if (version === undefined) return remembered.allocate(input, slices, node, claims);
    const steps = input.steps!;
    const was = timeouts.get(node);
    // (a search with fewer steps left than a node's runs out of the cycle's: not the same result)
    if (was && was.version === version && was.inFlight === inFlight.generation && steps.left >= ALLOCATION_STEPS_PER_NODE && sameElements(was.claims, claims)) {
      steps.left -= ALLOCATION_STEPS_PER_NODE;
      return { ok: false, timedOut: was.message, outcomes: [] };
    }
    const result = remembered.allocate(input, slices, node, claims);
    if (!result.ok && result.timedOut === nodeTimedOut) timeouts.set(node, { version, inFlight: inFlight.generation, claims, message: result.timedOut });
    else timeouts.delete(node);
    return result;
  };
  // the cycles' claim names, one list while they are the same (the trace keeps each cycle's label)
  let lastNames: readonly string[] = [];
  const claimNames = (names: readonly string[]) => (sameElements(names, lastNames) ? lastNames : (lastNames = names));
  /** the Success verdicts of fitting nodes, shared across nodes and cycles by what they say (DynamicResourcesState.fits) */
  const successes: Successes = { byKey: new Map(), byNode: new Map() };
  const features = draFeatures(handle.features);
  const bindingConditions = bindingConditionsEnabled(handle.features);
  /**
   * The slices the allocator walks and their index by node, kept while the lister's list and the
   * DeviceTaintRules are the same: the allocator keeps each node's pools by these lists
   * (dra/allocator.ts nodeSetUp), so a cycle reuses the last one's set-up of every node whose
   * slices did not change.
   */
  let prepared: { raw: readonly ResourceSlice[]; rules: readonly DeviceTaintRule[]; slices: readonly ResourceSlice[]; byNode: Map<string, ResourceSlice[]> } | undefined;
  const preparedSlices = () => {
    const lister = handle.cluster.resources;
    const raw = lister.resourceSlices();
    const taintRules = features.deviceTaints && handle.features.DRADeviceTaintRules;
    const rules = taintRules ? lister.deviceTaintRules() : [];
    if (prepared?.raw === raw && sameElements(prepared.rules, rules)) return prepared;
    // upstream: ResourceSlices().ListWithDeviceTaintRules
    const tainted = taintRules ? applyDeviceTaintRules(raw, rules) : raw;
    const slices = allocatorSliceOrder(tainted, handle.versionSwitches.draNameOrder, bindingConditions);
    prepared = { raw, rules, slices, byNode: slicesByNode(slices) };
    return prepared;
  };
  const uidOf = (c: ResourceClaim) => c.metadata.uid ?? kobj(c);

  const preFilter = (state: CycleState, podInfo: PodInfo): Status => {
    const s = new DynamicResourcesState();
    state.write(stateKey, s);
    const pod = podInfo.pod;
    const entries = podClaimEntries(handle, pod);
    if (typeof entries === 'string') return Status.unresolvable(entries);
    s.podGroup = claimsPodGroup(handle, pod);
    s.consumers = entries.map((e) => claimConsumer(pod, e.podClaim, s.podGroup));
    // upstream (DRAWorkloadResourceClaims): a PodGroup's claim that another pod of the group
    // allocated earlier in this cycle is taken as allocated: the group's pods share one allocation
    const userClaims = entries.map((e, i) => inFlight.assumedFor(uidOf(e.claim), s.consumers[i]!) ?? e.claim);
    const lister = handle.cluster.resources;
    // upstream: preFilterExtendedResources
    let extendedClaim: ResourceClaim | undefined;
    if (handle.features.DRAExtendedResource) {
      const classes = lister.deviceClasses();
      const podScalar = podDRAExtendedResources(pod, classes);
      if (podScalar) s.extended = podExtendedResources(podScalar, classes);
      if (podScalar) {
        // (the pod's own claims: findExtendedResourceClaim wants one it controls)
        const owned = pod.metadata.uid !== undefined && lister.resourceClaimsOwnedBy ? lister.resourceClaimsOwnedBy(pod.metadata.uid) : lister.resourceClaims();
        extendedClaim = findExtendedResourceClaim(pod, owned) ?? newExtendedResourceClaim(pod);
      }
    }
    const claims = extendedClaim ? [...userClaims, extendedClaim] : userClaims;
    if (claims.length === 0) return Status.skip();
    s.numUserOwned = userClaims.length;
    s.informationsForClaim = claims.map(() => ({}));
    for (const [index, claim] of claims.entries()) {
      if (claim.status.allocation && !canBeReserved(claim) && !isReservedForPod(pod, claim, s.podGroup)) {
        return Status.unresolvable(ErrReasonInUse).withDetails({ claim: kobj(claim) });
      }
      if (claim.status.allocation) {
        if (claim.status.allocation.nodeSelector) s.informationsForClaim[index]!.availableOnNodes = claim.status.allocation.nodeSelector;
        // whichever of the group's pods binds first writes the shared allocation
        if (inFlight.has(uidOf(claim)) && !handle.cluster.resources.resourceClaim(nsOf(claim), claim.metadata.name)?.status.allocation) {
          s.informationsForClaim[index]!.allocation = claim.status.allocation;
        }
        continue;
      }
      s.toAllocate.push(index);
      if (inFlight.has(uidOf(claim))) return Status.unresolvable(`resource claim ${kobj(claim)} is in the process of being allocated`);
      // the claim for extended resources gets its requests per node in Filter
      if (claim === extendedClaim) continue;
      for (const request of claim.spec.devices?.requests ?? []) {
        if (request.firstAvailable?.length && !features.prioritizedList) {
          return Status.unresolvable(`resource claim ${kobj(claim)}, request ${request.name}: has subrequests, but the DRAPrioritizedList feature is disabled`);
        }
        const classes = request.firstAvailable?.length
          ? request.firstAvailable.map((sub) => [`${request.name}/${sub.name}`, sub.deviceClassName] as const)
          : [[request.name, request.exactly?.deviceClassName ?? ''] as const];
        for (const [name, className] of classes) {
          if (className === '') return Status.error(`request ${name}: unsupported request type`);
          if (!lister.deviceClass(className)) return Status.unresolvable(`request ${name}: device class ${className} does not exist`);
        }
      }
    }
    if (s.toAllocate.length > 0) {
      // the claims as allocated: the lister's, those in flight as assumed
      const taken = lister.takenDevices?.();
      let allocated: ResourceClaim[] | undefined;
      const claimsAsAllocated = (all: Iterable<ResourceClaim>) => [...[...all].filter((c) => !inFlight.has(uidOf(c))), ...inFlight.values()];
      if (!taken) allocated = claimsAsAllocated(lister.resourceClaims());
      // (the stored versions of the claims in flight: the same namespace, name and uid)
      const replaced = taken ? [...inFlight.values()].flatMap((c) => {
        const stored = lister.resourceClaim(nsOf(c), c.metadata.name);
        return stored && uidOf(stored) === uidOf(c) ? [stored] : [];
      }) : [];
      const { slices, byNode } = preparedSlices();
      s.allocator = {
        features,
        allocatedDevices: taken ? new TakenDevicesView(taken, replaced, inFlight.values()) : allocatedDevices(allocated!),
        allocatedCapacity: allocatedCapacity(allocated ?? claimsAsAllocated(taken!.sharing)),
        deviceClass: (name) => lister.deviceClass(name),
        slices,
        allSlices: slices,
        // the cycle's allocation steps, shared by its nodes' searches (Podplay's bound for DRASchedulerFilterTimeout)
        steps: { left: ALLOCATION_STEPS_PER_CYCLE },
        // v1.37+: the CEL "no such key" hint (PR #136709)
        celNoSuchKeyHint: handle.versionSwitches.draCelNoSuchKeyHint,
      };
      s.slicesByNode = byNode;
    }
    s.claims = claims;
    return Status.success();
  };

  return {
    name: Name,
    preEnqueue: (podInfo) => {
      const claims = podResourceClaims(handle, podInfo.pod);
      return typeof claims === 'string' ? Status.unresolvable(claims) : Status.success();
    },
    preFilter: (state, pod) => ({ status: preFilter(state, pod) }),
    preFilterExtensions: () => undefined,
    filter: (state, podInfo, nodeInfo) => {
      const s = readState(state);
      if (s instanceof Status) return s;
      if (s.claims.length === 0) return Status.success();
      const node = nodeInfo.node;
      // upstream: filterExtendedResources
      const extendedClaim = s.extendedResourceClaim();
      const nodeExtended = extendedClaim && s.extended
        ? filterExtendedResources(podInfo.pod, extendedClaim, s.extended, nodeInfo, handle.cluster.resources.deviceClasses(), s.numUserOwned === 0)
        : undefined;
      if (nodeExtended?.kind === 'unschedulable') return Status.unresolvable(nodeExtended.reason).withDetails(nodeExtended.resource ? { resource: nodeExtended.resource } : {});
      // Podplay: a node variant without requests (everything from device plugins) is not allocated
      // or created (upstream allocates and creates the empty claim)
      const nodeClaim = nodeExtended?.kind === 'claim' && nodeExtended.claim.spec.devices?.requests?.length ? nodeExtended : undefined;
      if (!nodeClaim && s.numUserOwned === 0) return Status.success();
      // (a list only when a claim is unavailable: most nodes of most cycles have none)
      let unavailable: number[] | undefined;
      for (let i = 0; i < s.claims.length; i++) {
        const c = s.claims[i]!;
        const sel = s.informationsForClaim[i]!.availableOnNodes;
        let out = sel !== undefined && !matchNodeSelector(sel, node);
        if (!out && c.status.allocation && bindingConditions) {
          // upstream: a failed or timed-out binding makes the claim unavailable, so that PostFilter
          // deallocates it and other devices can be tried
          const ready = isClaimReadyForBinding(c);
          out = typeof ready === 'object' || (!ready && isClaimTimeout(c, handle.now(), bindingTimeout));
        }
        if (out) (unavailable ??= []).push(i);
      }
      let details: Record<string, unknown> | undefined;
      let nodeAllocation: NodeAllocation | undefined;
      if (s.allocator) {
        const slices = s.slicesByNode.get(node.metadata.name) ?? s.slicesByNode.get('') ?? [];
        const { indices, claims: claimsToAllocate } = s.claimsToAllocate(nodeClaim?.claim);
        // (a claim for extended resources is made per cycle: such searches are not remembered as timeouts)
        const result = search(s.allocator, slices, node, claimsToAllocate, !nodeClaim);
        details = { requests: result.outcomes };
        // upstream: a search past filterTimeout is statusUnschedulable for this node at v1.35, and
        // from v1.36 (kubernetes PR #137607, versions.ts draFilterTimeoutError) an Error naming the
        // node, which aborts the attempt and sends the pod to backoff: a timeout is transient.
        // Podplay counts steps instead of time (dra/allocator.ts, ALLOCATION_STEPS_PER_NODE)
        if (!result.ok && result.timedOut !== undefined) {
          const status = handle.versionSwitches.draFilterTimeoutError ? Status.error(`node ${node.metadata.name}: ${result.timedOut}`) : Status.unresolvable(result.timedOut);
          return status.withDetails(details);
        }
        // upstream: a claim or class that cannot work aborts the cycle (Error), except a disabled
        // feature, which is statusUnschedulable like "cannot allocate all claims"
        if (!result.ok && result.error !== undefined) {
          return (result.error.endsWith('but the feature is disabled') ? Status.unresolvable(result.error) : Status.error(result.error)).withDetails(details);
        }
        if (!result.ok) return s.cannotAllocate(result.outcomes);
        const allocations = bindingConditions ? () => result.allocations.map((a) => withBindingConditions(a, slices, node)) : () => result.allocations;
        nodeAllocation = { indices, allocations, ...(nodeClaim ? { extendedResourceClaim: nodeClaim.claim, mappings: nodeClaim.mappings } : {}) };
      }
      if (unavailable !== undefined) {
        for (const i of unavailable) s.unavailableClaims.add(i);
        return Status.unresolvable(ErrReasonNotAvailable).withDetails({ ...details, claims: unavailable.map((i) => kobj(s.claims[i]!)) });
      }
      if (nodeAllocation) s.nodeAllocations.set(node.metadata.name, nodeAllocation);
      if (!details) return Status.success();
      return fitsStatus(state, node.metadata.name, claimNames(s.allocatedClaimNames()), details.requests as RequestOutcome[], successes);
    },
    postFilter: (state, podInfo) => {
      const pod = podInfo.pod;
      const s = readState(state);
      if (s instanceof Status) return { status: s };
      // From 1.37 (PR #140222) the no-op outcomes are Unschedulable without a reason, so they add
      // nothing to the FailedScheduling message; DefaultPreemption still runs after them.
      const quiet = handle.versionSwitches.draPostFilterQuietNoOp;
      if (s.claims.length === 0) return { status: quiet ? Status.unschedulable() : Status.unschedulable(ErrReasonNoNewClaimsToDeallocate) };
      // upstream picks one at random (map order); Podplay takes the first
      const extendedClaim = s.extendedResourceClaim();
      for (const index of [...s.unavailableClaims].sort((a, b) => a - b)) {
        const claim = s.claims[index]!;
        if (claim === extendedClaim) {
          if (!isSpecialClaimName(claim.metadata.name)) break;
          continue;
        }
        const reservedFor = claim.status.reservedFor ?? [];
        if (reservedFor.length === 0 || (reservedFor.length === 1 && reservedFor[0]!.uid === pod.metadata.uid)) {
          const updated: ResourceClaim = { ...claim, status: {} };
          handle.api.updateResourceClaimStatus(updated);
          return { status: Status.unschedulable('deallocation of ResourceClaim completed') };
        }
      }
      // a claim for extended resources from an earlier cycle is deleted; the pod tries anew
      if (extendedClaim && !isSpecialClaimName(extendedClaim.metadata.name)) {
        handle.api.deleteResourceClaim(nsOf(extendedClaim), extendedClaim.metadata.name);
        return { status: Status.unschedulable('deletion of ResourceClaim completed') };
      }
      return { status: quiet ? Status.unschedulable() : Status.unschedulable(ErrReasonStillNotSchedulable) };
    },
    // upstream Score (PR #134711, v1.35): with DRAPrioritizedList, the higher the subrequests the
    // node's allocation used stand in their lists, the higher the node (scoring.ts); a node without
    // an allocation of its own from Filter (every claim allocated before the cycle) scores 0
    score: (state, _podInfo, nodeInfo) => {
      const s = readState(state);
      if (s instanceof Status) return s;
      if (!handle.features.DRAPrioritizedList || s.claims.length === 0 || !s.hasPrioritizedLists()) return 0;
      const nodeAllocation = s.nodeAllocations.get(nodeInfo.node.metadata.name);
      if (!nodeAllocation) return 0;
      const allocations = nodeAllocation.allocations();
      return prioritizedListScore(s.claims, (i) => {
        const position = nodeAllocation.indices.indexOf(i);
        return position >= 0 ? allocations[position] : s.claims[i]!.status.allocation;
      });
    },
    normalizeScore: (_state, _pod, scores) => defaultNormalizeScore(MAX_NODE_SCORE, false, scores),
    reserve: (state, _pod, nodeName) => {
      const s = readState(state);
      if (s instanceof Status) return s;
      if (s.claims.length === 0 || s.toAllocate.length === 0) return Status.success();
      const extendedClaim = s.extendedResourceClaim();
      const needUserClaims = s.toAllocate.some((i) => s.claims[i] !== extendedClaim);
      const na = s.nodeAllocations.get(nodeName);
      const allocations = na?.allocations() ?? [];
      if (!na || allocations.length === 0) {
        // only the claim for extended resources, which this node's device plugins satisfy
        if (!needUserClaims) return Status.success();
        return Status.error('claim allocation not found for node');
      }
      if (allocations.length !== na.indices.length) {
        return Status.error(`internal error, have ${allocations.length} allocations, ${na.indices.length} claims to allocate, want ${na.indices.length} claims`);
      }
      na.indices.forEach((index, i) => {
        const allocation = allocations[i]!;
        s.informationsForClaim[index]!.allocation = allocation;
        const claim = s.claims[index] === extendedClaim ? na.extendedResourceClaim! : s.claims[index]!;
        const finalizers = claim.metadata.finalizers?.includes(RESOURCE_CLAIM_FINALIZER) ? claim.metadata.finalizers : [...(claim.metadata.finalizers ?? []), RESOURCE_CLAIM_FINALIZER];
        inFlight.set({ ...claim, metadata: { ...claim.metadata, finalizers }, status: { ...claim.status, allocation } }, s.consumers[index]);
      });
      return Status.success();
    },
    unreserve: (state, podInfo) => {
      const s = readState(state);
      if (s instanceof Status || s.claims.length === 0) return;
      const extendedClaim = s.extendedResourceClaim();
      for (const claim of s.claims) {
        inFlight.delete(uidOf(claim));
        if (claim === extendedClaim) continue;
        const current = handle.cluster.resources.resourceClaim(nsOf(claim), claim.metadata.name) ?? claim;
        if (current.status.allocation && isReservedForPod(podInfo.pod, current)) {
          const reservedFor = (current.status.reservedFor ?? []).filter((r) => !(r.resource === 'pods' && r.uid === podInfo.pod.metadata.uid));
          handle.api.updateResourceClaimStatus({ ...current, status: { ...current.status, ...(reservedFor.length ? { reservedFor } : { reservedFor: undefined }) } });
        }
      }
      // upstream: unreserveExtendedResourceClaim — a claim already written is deleted
      if (extendedClaim) {
        inFlight.delete(newExtendedResourceClaim(podInfo.pod).metadata.uid!);
        if (!isSpecialClaimName(extendedClaim.metadata.name)) handle.api.deleteResourceClaim(nsOf(extendedClaim), extendedClaim.metadata.name);
      }
    },
    preBind: (state, podInfo, nodeName) => {
      const s = readState(state);
      if (s instanceof Status) return s;
      const pod = podInfo.pod;
      const extendedClaim = s.extendedResourceClaim();
      for (const [index, claim] of s.claims.entries()) {
        if (isReservedForPod(pod, claim, s.podGroup)) continue;
        // upstream: bindClaim — allocation (if the scheduler made it) and reservation in one status update
        const allocation = s.informationsForClaim[index]!.allocation;
        const isExtended = claim === extendedClaim;
        // extended resources that device plugins provide on this node: nothing to write
        if (isExtended && !allocation && claim.spec.devices?.requests === undefined) continue;
        let target = claim;
        const na = s.nodeAllocations.get(nodeName);
        if (isExtended && isSpecialClaimName(claim.metadata.name)) {
          if (!na?.extendedResourceClaim) return Status.error(`extended resource claim not found for node ${nodeName}`);
          const { name: _name, uid: _uid, ...metadata } = na.extendedResourceClaim.metadata;
          target = handle.api.createResourceClaim({ ...na.extendedResourceClaim, metadata: { ...metadata, name: '' }, status: {} });
          inFlight.delete(uidOf(claim));
          s.claims[index] = target;
        }
        const current = handle.cluster.resources.resourceClaim(nsOf(target), target.metadata.name);
        if (!current || (current.metadata.uid !== undefined && current.metadata.uid !== target.metadata.uid)) {
          inFlight.delete(uidOf(claim));
          return Status.error(`resourceclaim.resource.k8s.io "${target.metadata.name}" not found`);
        }
        // a PodGroup's claim: another pod of the group reserved it for the group already
        if (isReservedForPod(pod, current, s.podGroup)) {
          inFlight.delete(uidOf(claim));
          s.claims[index] = current;
          continue;
        }
        const reservedFor = [...(current.status.reservedFor ?? []), s.consumers[index] ?? claimConsumer(pod, undefined)];
        const updated: ResourceClaim = {
          ...current,
          metadata: allocation && !current.metadata.finalizers?.includes(RESOURCE_CLAIM_FINALIZER)
            ? { ...current.metadata, finalizers: [...(current.metadata.finalizers ?? []), RESOURCE_CLAIM_FINALIZER] }
            : current.metadata,
          status: { ...current.status, ...(allocation ? { allocation } : {}), reservedFor },
        };
        // upstream: the binding timeout counts from the first binding of the allocation
        const written = updated.status.allocation;
        if (bindingConditions && written && written.allocationTimestamp === undefined) updated.status.allocation = { ...written, allocationTimestamp: handle.now() };
        handle.api.updateResourceClaimStatus(updated);
        inFlight.delete(uidOf(claim));
        s.claims[index] = updated;
        // upstream: patchPodExtendedResourceClaimStatus
        if (isExtended) {
          if (!na?.mappings?.length) return Status.error(`nil or empty request mappings, no update of pod ${nsOf(pod)}/${pod.metadata.name} ExtendedResourceClaimStatus`);
          handle.api.setPodExtendedResourceClaimStatus(podInfo, { requestMappings: na.mappings, resourceClaimName: updated.metadata.name });
        }
      }
      return Status.success();
    },
    // upstream: the end of PreBind — wait until the drivers report the binding conditions
    preBindWait: (state, _pod, nodeName) => {
      const s = readState(state);
      if (s instanceof Status || !bindingConditions || !hasBindingConditions(s.claims)) return undefined;
      return {
        interval: BINDING_POLL_SECONDS,
        timeout: bindingTimeout,
        timeoutMessage: 'device binding timeout',
        event: { reason: 'BindingConditionsPending', message: `waiting for binding conditions for device on node ${nodeName}` },
        poll: () => {
          const current = s.claims.map((c) => handle.cluster.resources.resourceClaim(nsOf(c), c.metadata.name));
          const missing = current.findIndex((c) => c === undefined);
          if (missing >= 0) return `resourceclaim.resource.k8s.io "${s.claims[missing]!.metadata.name}" not found`;
          s.claims = current as ResourceClaim[];
          const ready = isPodReadyForBinding(s.claims, handle.now(), bindingTimeout);
          return typeof ready === 'object' ? ready.error : ready;
        },
      };
    },
    eventsToRegister: () => [
      // QueueingHints on: no UpdateNodeTaint
      { event: { resource: 'Node', actionType: ['Add', 'UpdateNodeLabel', 'UpdateNodeAllocatable'] } },
      { event: { resource: 'ResourceClaim', actionType: ['Add', 'Update'] }, hint: (pod, oldObj, newObj) => isSchedulableAfterClaimChange(handle, pod, oldObj as ResourceClaim | undefined, newObj as ResourceClaim) },
      // upstream's isSchedulableAfterPodChange: the pod itself, once all its claims exist
      { event: { resource: 'Pod', actionType: ['UpdatePodGeneratedResourceClaim'] }, hint: (pod, _oldObj, newObj) => (isSamePod(pod, newObj as Pod) && typeof podResourceClaims(handle, newObj as Pod) !== 'string' ? 'Queue' : 'QueueSkip') },
      { event: { resource: 'DeviceClass', actionType: ['Add', 'Update'] } },
      { event: { resource: 'ResourceSlice', actionType: ['Add', 'Update'] } },
    ],
  };
}

/** upstream: isSchedulableAfterClaimChange */
function isSchedulableAfterClaimChange(handle: Handle, pod: Pod, oldClaim: ResourceClaim | undefined, claim: ResourceClaim): 'Queue' | 'QueueSkip' {
  const claims = podResourceClaims(handle, pod);
  if (typeof claims === 'string') return 'QueueSkip';
  if (oldClaim?.status.allocation && !claim.status.allocation) return 'Queue';
  const usesClaim = claims.some((c) => c.metadata.uid === claim.metadata.uid && kobj(c) === kobj(claim));
  if (!usesClaim) return 'QueueSkip';
  if (!oldClaim) return 'Queue';
  return JSON.stringify(oldClaim.status) === JSON.stringify(claim.status) ? 'QueueSkip' : 'Queue';
}

export const DynamicResources: PluginDescriptor<DynamicResourcesArgs | undefined> = {
  name: Name,
  defaultArgs: (gates) => applyDynamicResourcesDefaults(undefined, gates),
  applyDefaults: (args, gates) => applyDynamicResourcesDefaults(args, gates),
  validateArgs: (args, gates) => validateDynamicResourcesArgs(args ?? {}, gates),
  factory: (args, handle): Plugin => newPlugin(handle, args),
};
