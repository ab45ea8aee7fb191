// The resource pools a node can allocate from.
// upstream: staging/src/k8s.io/dynamic-resource-allocation/structured/internal/experimental/
// pools_experimental.go (GatherPools, buildPool, checkSlicesInPool), v1.35.
//
// A pool is the newest generation of a driver's slices with one pool name. Slices whose devices
// cannot reach the node are left out, except slices that only carry shared counters
// (DRAPartitionableDevices): those belong to every node's view of the pool. When the slices seen
// from the node do not add up to the pool's resourceSliceCount, all slices of that generation
// decide: a newer generation elsewhere makes the pool obsolete (ignored), a full set makes it
// complete, anything less leaves it incomplete (no device is taken from it). Devices of the pool
// that do not reach the node still count for the counters they consume.

import { matchNodeSelector } from '../model/selectors';
import type { CounterSet, Device, ResourceSlice } from '../model/resource';
import type { Node, NodeSelector } from '../model/types';

export interface PoolFeatures {
  partitionableDevices: boolean;
}

export interface Pool {
  driver: string;
  pool: string;
  /** slices with devices that may reach the node, in the order they were created (v1.36+: by name) */
  slices: ResourceSlice[];
  /** DRAPartitionableDevices: slices of the pool whose devices do not reach the node */
  otherSlices: ResourceSlice[];
  /** DRAPartitionableDevices: the pool's counter sets by name */
  counterSets: Map<string, CounterSet>;
  isIncomplete: boolean;
  isInvalid: boolean;
  invalidReason?: string;
}

export function nodeMatches(node: Node, nodeName: string | undefined, allNodes: boolean | undefined, selector: NodeSelector | undefined): boolean {
  if (nodeName) return node.metadata.name === nodeName;
  if (allNodes) return true;
  if (selector) return matchNodeSelector(selector, node);
  return false;
}

const hasCounters = (s: ResourceSlice) => (s.spec.sharedCounters?.length ?? 0) > 0;
const poolKey = (driver: string, pool: string) => `${driver}/${pool}`;

/** every slice by pool, built once per list of all slices (one list serves every node of a cycle) */
const poolIndex = new WeakMap<readonly ResourceSlice[], Map<string, ResourceSlice[]>>();
function slicesOfPool(allSlices: readonly ResourceSlice[], driver: string, pool: string): ResourceSlice[] {
  let index = poolIndex.get(allSlices);
  if (!index) {
    index = new Map();
    for (const s of allSlices) {
      const key = poolKey(s.spec.driver, s.spec.pool.name);
      const list = index.get(key);
      if (list) list.push(s);
      else index.set(key, [s]);
    }
    poolIndex.set(allSlices, index);
  }
  return index.get(poolKey(driver, pool)) ?? [];
}

/**
 * Counter slices belong to every node's view of their pool. Where the node also sees devices of
 * the pool they come in with them (buildPool); a pool the node sees only through its counter
 * slices offers no device, and matters only while it is incomplete (an `All` request then
 * fails): those pools, found once per list of all slices.
 */
const incompleteCounterPoolIndex = new WeakMap<readonly ResourceSlice[], { driver: string; pool: string }[]>();
function incompleteCounterPools(allSlices: readonly ResourceSlice[]): { driver: string; pool: string }[] {
  let out = incompleteCounterPoolIndex.get(allSlices);
  if (out) return out;
  out = [];
  const seen = new Set<string>();
  for (const c of allSlices) {
    if (!hasCounters(c)) continue;
    const { driver, pool: { name } } = c.spec;
    if (seen.has(poolKey(driver, name))) continue;
    seen.add(poolKey(driver, name));
    const ofPool = slicesOfPool(allSlices, driver, name);
    const newest = Math.max(...ofPool.map((s) => s.spec.pool.generation));
    const current = ofPool.filter((s) => s.spec.pool.generation === newest);
    if (current.length !== current[0]!.spec.pool.resourceSliceCount) out.push({ driver, pool: name });
  }
  incompleteCounterPoolIndex.set(allSlices, out);
  return out;
}

/**
 * v1.36+ (kubernetes PR #136641, versions.ts draNameOrder): GatherPools sorts the pools by name and
 * each pool's slices by name, and the first-fit search walks them in that order. Sorting the list
 * by (pool, driver, slice name) gives gatherPools both orders, since it keeps the order in which it
 * meets pools and slices. Sorted once per list (one list serves every node of a cycle).
 */
const nameOrderIndex = new WeakMap<readonly ResourceSlice[], ResourceSlice[]>();
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export function slicesInNameOrder(slices: readonly ResourceSlice[]): ResourceSlice[] {
  let out = nameOrderIndex.get(slices);
  if (!out) {
    out = [...slices].sort((a, b) => byName(a.spec.pool.name, b.spec.pool.name) || byName(a.spec.driver, b.spec.driver) || byName(a.metadata.name, b.metadata.name));
    nameOrderIndex.set(slices, out);
  }
  return out;
}

/** upstream: the relevance test of GatherPools */
function reachesNode(s: ResourceSlice, node: Node): boolean {
  if (hasCounters(s)) return true;
  if (s.spec.nodeName || s.spec.allNodes || s.spec.nodeSelector) return nodeMatches(node, s.spec.nodeName, s.spec.allNodes, s.spec.nodeSelector);
  if (s.spec.perDeviceNodeSelection) return (s.spec.devices ?? []).some((d) => nodeMatches(node, d.nodeName, d.allNodes, d.nodeSelector));
  return false;
}

/**
 * upstream: GatherPools — the pools with a slice reachable from the node. `slices` may be just
 * the slices that can reach the node; `allSlices` (every slice in the cluster) settles whether a
 * pool is complete and brings in its counter slices and its devices elsewhere.
 */
export function gatherPools(slices: readonly ResourceSlice[], node: Node, features: PoolFeatures, allSlices: readonly ResourceSlice[] = slices): Pool[] {
  const relevant = new Map<string, ResourceSlice[]>();
  for (const s of slices) {
    if (!features.partitionableDevices && (s.spec.perDeviceNodeSelection !== undefined || hasCounters(s))) continue;
    if (!reachesNode(s, node)) continue;
    const key = poolKey(s.spec.driver, s.spec.pool.name);
    const list = relevant.get(key);
    if (!list) { relevant.set(key, [s]); continue; }
    const gen = list[0]!.spec.pool.generation;
    if (s.spec.pool.generation < gen) continue;
    if (s.spec.pool.generation > gen) list.length = 0;
    list.push(s);
  }
  const out: Pool[] = [];
  for (const list of relevant.values()) {
    const { driver, pool: { name, generation, resourceSliceCount } } = list[0]!.spec;
    let complete = list.length === resourceSliceCount;
    // the pool's slices of this generation, looked up only when needed (they are many in a big cluster)
    const needAll = !complete || features.partitionableDevices;
    const ofPool = needAll ? slicesOfPool(allSlices, driver, name) : [];
    const sameGeneration = needAll ? ofPool.filter((s) => s.spec.pool.generation === generation) : list;
    if (!complete) {
      // upstream: checkSlicesInPool — a newer generation elsewhere makes this one obsolete
      if (ofPool.some((s) => s.spec.pool.generation > generation)) continue;
      complete = sameGeneration.length === resourceSliceCount;
    }
    // a complete pool of which the node sees only counter slices has no device for it
    if (complete && list.every(hasCounters)) continue;
    const pool: Pool = { driver, pool: name, slices: [], otherSlices: [], counterSets: new Map(), isIncomplete: !complete, isInvalid: false };
    if (complete) buildPool(pool, list, sameGeneration, features);
    out.push(pool);
  }
  if (features.partitionableDevices) {
    for (const { driver, pool } of incompleteCounterPools(allSlices)) {
      if (!relevant.has(poolKey(driver, pool))) out.push({ driver, pool, slices: [], otherSlices: [], counterSets: new Map(), isIncomplete: true, isInvalid: false });
    }
  }
  return out;
}

/** upstream: buildPool — device names unique, counter sets unique, consumed counters exist */
function buildPool(pool: Pool, relevant: ResourceSlice[], sameGeneration: ResourceSlice[], features: PoolFeatures): void {
  const invalid = (reason: string) => { pool.isInvalid = true; pool.invalidReason = reason; };
  pool.slices = features.partitionableDevices ? relevant.filter((s) => !hasCounters(s)) : relevant;
  const names = new Set<string>();
  for (const s of pool.slices) for (const d of s.spec.devices ?? []) {
    if (names.has(d.name)) return invalid(`duplicate device name ${d.name}`);
    names.add(d.name);
  }
  if (!features.partitionableDevices) return;
  for (const s of sameGeneration) {
    for (const set of s.spec.sharedCounters ?? []) {
      if (pool.counterSets.has(set.name)) return invalid(`duplicate counter set name ${set.name}`);
      pool.counterSets.set(set.name, set);
    }
  }
  pool.otherSlices = sameGeneration.filter((s) => !hasCounters(s) && !relevant.includes(s));
  for (const s of [...pool.slices, ...pool.otherSlices]) {
    for (const d of s.spec.devices ?? []) {
      const reason = counterConsumptionError(pool.counterSets, d);
      if (reason) return invalid(reason);
    }
  }
}

/** upstream: validateDeviceCounterConsumption */
function counterConsumptionError(sets: Map<string, CounterSet>, device: Device): string | undefined {
  for (const c of device.consumesCounters ?? []) {
    const set = sets.get(c.counterSet);
    if (!set) return `counter set ${c.counterSet} not found`;
    for (const counter of Object.keys(c.counters)) {
      if (!Object.hasOwn(set.counters, counter)) return `counter ${counter} not found in counter set ${set.name}`;
    }
  }
  return undefined;
}
