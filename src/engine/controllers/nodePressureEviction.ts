// upstream: pkg/kubelet/eviction/helpers.go, eviction_manager.go (synchronize, evictPod, Admit),
// pkg/kubelet/types/pod_update.go (IsCriticalPod) — the kubelet's node-pressure eviction for
// memory, ephemeral-storage (nodefs/imagefs) and PIDs: thresholds, node conditions, the ranking
// of the node's pods, and one eviction per monitoring round.
//
// The simulator has no usage metrics. A pod's usage comes from the optional `usage` map
// (pod key → PodUsage); whatever it leaves out defaults to the pod's requests (memory,
// ephemeral-storage as the kubelet reads them, GetResourceRequestQuantity) and to 0 processes.
// With the defaults no pod ever exceeds its requests, so the ranking falls back to priority
// (then usage above request, which is 0). A pod mapped to `null` has no stats (ranked first).
// Node observations are derived from node.status (capacity, allocatable) and the pods' usage
// unless given; pid.available needs an observation (a node reports no PID limit).
//
// Pure: synchronize() takes the manager's state and returns the next one with what to do.

import type { ClusterEvent } from '../api';
import { computePodRequests, containerRequests } from '../framework/resources';
import { integerValue, parseQuantity, resourceAmount } from '../model/quantity';
import { toleratesAny } from '../model/taints';
import type { Node, Pod, PodCondition } from '../model/types';
import { podKey } from '../model/types';
import { quote } from '../model/quote';

// ---- thresholds ----

export type EvictionSignal =
  | 'memory.available' | 'allocatableMemory.available' | 'nodefs.available' | 'nodefs.inodesFree'
  | 'imagefs.available' | 'imagefs.inodesFree' | 'containerfs.available' | 'containerfs.inodesFree' | 'pid.available';

export type ReclaimResource = 'memory' | 'ephemeral-storage' | 'inodes' | 'pids';
export type PressureCondition = 'MemoryPressure' | 'DiskPressure' | 'PIDPressure';

/** upstream: signalToResource */
const SIGNAL_TO_RESOURCE: Record<EvictionSignal, ReclaimResource> = {
  'memory.available': 'memory', 'allocatableMemory.available': 'memory',
  'nodefs.available': 'ephemeral-storage', 'imagefs.available': 'ephemeral-storage', 'containerfs.available': 'ephemeral-storage',
  'nodefs.inodesFree': 'inodes', 'imagefs.inodesFree': 'inodes', 'containerfs.inodesFree': 'inodes',
  'pid.available': 'pids',
};

/** upstream: signalToNodeCondition */
const SIGNAL_TO_CONDITION: Record<EvictionSignal, PressureCondition> = {
  'memory.available': 'MemoryPressure', 'allocatableMemory.available': 'MemoryPressure',
  'nodefs.available': 'DiskPressure', 'imagefs.available': 'DiskPressure', 'containerfs.available': 'DiskPressure',
  'nodefs.inodesFree': 'DiskPressure', 'imagefs.inodesFree': 'DiskPressure', 'containerfs.inodesFree': 'DiskPressure',
  'pid.available': 'PIDPressure',
};

/** upstream: evictionapi.ThresholdValue — a quantity as written ("100Mi") or a fraction of capacity (float32). */
export type ThresholdValue = { quantity: string } | { percentage: number };

/** upstream: evictionapi.Threshold (operator is always LessThan) */
export interface EvictionThreshold {
  signal: EvictionSignal;
  value: ThresholdValue;
  /** seconds; 0 or absent = a hard threshold */
  gracePeriod?: number;
  minReclaim?: ThresholdValue;
}

/** What the kubelet measures for a signal (upstream: signalObservation), in base units. */
export interface SignalObservation {
  available: number;
  capacity: number;
}
export type SignalObservations = Partial<Record<EvictionSignal, SignalObservation>>;

export interface KubeletEvictionConfig {
  thresholds: EvictionThreshold[];
  /** --eviction-pressure-transition-period, seconds (default 5m) */
  pressureTransitionPeriod: number;
  /** --eviction-max-pod-grace-period, seconds (default 0) */
  maxPodGracePeriodSeconds: number;
}

/** upstream: DefaultEvictionHard (Linux) */
export const DEFAULT_EVICTION_HARD: Readonly<Record<string, string>> = {
  'memory.available': '100Mi', 'nodefs.available': '10%', 'nodefs.inodesFree': '5%', 'imagefs.available': '15%', 'imagefs.inodesFree': '5%',
};
/** upstream: the kubelet's housekeeping interval, the eviction manager's monitoring period */
export const MONITORING_INTERVAL_SECONDS = 10;
/** upstream: immediateEvictionGracePeriodSeconds (hard thresholds) */
export const IMMEDIATE_EVICTION_GRACE_PERIOD_SECONDS = 1;
/** upstream: podCleanupPollFreq, podCleanupTimeout */
export const POD_CLEANUP_POLL_SECONDS = 1;
export const POD_CLEANUP_TIMEOUT_SECONDS = 30;
/** upstream: scheduling.SystemCriticalPriority */
export const SYSTEM_CRITICAL_PRIORITY = 2_000_000_000;
/** upstream: eviction.Reason */
export const EVICTED_REASON = 'Evicted';

/** upstream: parsePercentage — float32(value) / 100 */
function parsePercentage(s: string): number | Error {
  const body = s.slice(0, -1);
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(body)) return new Error(`strconv.ParseFloat: parsing ${quote(body)}: invalid syntax`);
  return Math.fround(Math.fround(Number(body)) / 100);
}

function parseThresholdValue(signal: string, val: string): ThresholdValue | undefined | Error {
  if (val.endsWith('%')) {
    if (val === '0%' || val === '100%') return undefined; // upstream: ignored
    const p = parsePercentage(val);
    if (p instanceof Error) return p;
    if (p < 0) return new Error(`eviction percentage threshold ${signal} must be >= 0%: ${val}`);
    if (p > 1) return new Error(`eviction percentage threshold ${signal} must be <= 100%: ${val}`);
    return { percentage: p };
  }
  const q = parseQuantity(val);
  if (!q) return new Error(`quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`);
  if (q.numerator <= 0n) return new Error(`eviction threshold ${signal} must be positive: ${formatWritten(val)}`);
  return { quantity: val };
}

/**
 * upstream: ParseThresholdConfig (the kubelet's evictionHard, evictionSoft, evictionSoftGracePeriod
 * in seconds here, evictionMinimumReclaim) with enforceNodeAllocatable "pods": each hard
 * memory.available threshold gets an allocatableMemory.available twin (addAllocatableThresholds).
 */
export function parseThresholdConfig(config: {
  evictionHard?: Record<string, string>; evictionSoft?: Record<string, string>;
  evictionSoftGracePeriod?: Record<string, number>; evictionMinimumReclaim?: Record<string, string>; enforceNodeAllocatablePods?: boolean;
}): EvictionThreshold[] | Error {
  const parse = (statements: Record<string, string> | undefined, grace: Record<string, number> | undefined): EvictionThreshold[] | Error => {
    const out: EvictionThreshold[] = [];
    for (const [signal, val] of Object.entries(statements ?? {})) {
      if (!(signal in SIGNAL_TO_RESOURCE)) return new Error(`unsupported eviction signal ${signal}`);
      const value = parseThresholdValue(signal, val);
      if (value instanceof Error) return value;
      if (!value) continue;
      const t: EvictionThreshold = { signal: signal as EvictionSignal, value };
      if (grace) {
        const g = grace[signal];
        if (g === undefined) return new Error(`grace period must be specified for the soft eviction threshold ${signal}`);
        if (g < 0) return new Error(`invalid eviction grace period specified: ${g}, must be a positive value`);
        t.gracePeriod = g;
      }
      out.push(t);
    }
    return out;
  };
  const hard = parse(config.evictionHard, undefined);
  if (hard instanceof Error) return hard;
  const soft = parse(config.evictionSoft, config.evictionSoftGracePeriod ?? {});
  if (soft instanceof Error) return soft;
  const results = [...hard, ...soft];
  for (const [signal, val] of Object.entries(config.evictionMinimumReclaim ?? {})) {
    if (!(signal in SIGNAL_TO_RESOURCE)) return new Error(`unsupported eviction signal ${signal}`);
    let value: ThresholdValue;
    if (val.endsWith('%')) {
      const p = parsePercentage(val);
      if (p instanceof Error) return p;
      if (p <= 0) return new Error(`eviction percentage minimum reclaim ${signal} must be positive: ${val}`);
      value = { percentage: p };
    } else {
      const q = parseQuantity(val);
      if (!q) return new Error(`quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`);
      if (q.numerator < 0n) return new Error(`negative eviction minimum reclaim specified for ${signal}`);
      value = { quantity: val };
    }
    for (const t of results) if (t.signal === signal) t.minReclaim = value;
  }
  if (config.enforceNodeAllocatablePods ?? true) {
    for (const t of [...results]) {
      if (t.signal === 'memory.available' && isHardEvictionThreshold(t)) {
        const twin: EvictionThreshold = { signal: 'allocatableMemory.available', value: t.value };
        if (t.minReclaim) twin.minReclaim = t.minReclaim;
        results.push(twin);
      }
    }
  }
  return results;
}

/** The kubelet's defaults: DefaultEvictionHard with the allocatable twin, 5m transition, no max pod grace. */
export function defaultKubeletEvictionConfig(): KubeletEvictionConfig {
  const thresholds = parseThresholdConfig({ evictionHard: { ...DEFAULT_EVICTION_HARD } });
  return { thresholds: thresholds instanceof Error ? [] : thresholds, pressureTransitionPeriod: 300, maxPodGracePeriodSeconds: 0 };
}

/** upstream: isHardEvictionThreshold */
export const isHardEvictionThreshold = (t: EvictionThreshold): boolean => !t.gracePeriod;

const quantityValue = (s: string): number => integerValue(parseQuantity(s)!) ?? 0;

/** upstream: evictionapi.GetThresholdQuantity — percentages are float32 fractions of capacity, truncated. */
export function getThresholdQuantity(value: ThresholdValue, capacity: number): number {
  if ('quantity' in value) return quantityValue(value.quantity);
  return Math.trunc(capacity * value.percentage);
}

/** upstream: thresholdsMet — the thresholds whose signal is observed below the value (plus min reclaim when enforced). */
export function thresholdsMet(thresholds: readonly EvictionThreshold[], observations: SignalObservations, enforceMinReclaim: boolean): EvictionThreshold[] {
  return thresholds.filter((t) => {
    const observed = observations[t.signal];
    if (!observed) return false;
    let quantity = getThresholdQuantity(t.value, observed.capacity);
    if (enforceMinReclaim && t.minReclaim) quantity += getThresholdQuantity(t.minReclaim, observed.capacity);
    return quantity > observed.available;
  });
}

const sameValue = (a: ThresholdValue | undefined, b: ThresholdValue | undefined): boolean => {
  if (!a || !b) return a === b;
  if ('quantity' in a) return 'quantity' in b && quantityValue(a.quantity) === quantityValue(b.quantity);
  return 'percentage' in b && a.percentage === b.percentage;
};
/** upstream: hasThreshold — same signal, grace period and value (min reclaim not compared) */
const sameThreshold = (a: EvictionThreshold, b: EvictionThreshold): boolean =>
  a.signal === b.signal && (a.gracePeriod ?? 0) === (b.gracePeriod ?? 0) && sameValue(a.value, b.value);

/** upstream: mergeThresholds */
function mergeThresholds(a: readonly EvictionThreshold[], b: readonly EvictionThreshold[]): EvictionThreshold[] {
  const out = [...a];
  for (const t of b) if (!out.some((x) => sameThreshold(x, t))) out.push(t);
  return out;
}

/** When a threshold was first met (upstream: thresholdsObservedAt). */
export type ThresholdObservedAt = { threshold: EvictionThreshold; at: number }[];

/** upstream: thresholdsFirstObservedAt */
export function thresholdsFirstObservedAt(thresholds: readonly EvictionThreshold[], last: ThresholdObservedAt, now: number): ThresholdObservedAt {
  return thresholds.map((threshold) => ({ threshold, at: last.find((x) => sameThreshold(x.threshold, threshold))?.at ?? now }));
}

/** upstream: thresholdsMetGracePeriod */
export function thresholdsMetGracePeriod(observedAt: ThresholdObservedAt, now: number): EvictionThreshold[] {
  return observedAt.filter(({ threshold, at }) => now - at >= (threshold.gracePeriod ?? 0)).map((x) => x.threshold);
}

/** upstream: nodeConditions */
export function nodeConditions(thresholds: readonly EvictionThreshold[]): PressureCondition[] {
  const out: PressureCondition[] = [];
  for (const t of thresholds) {
    const c = SIGNAL_TO_CONDITION[t.signal];
    if (!out.includes(c)) out.push(c);
  }
  return out;
}

/** upstream: nodeConditionsLastObservedAt */
export function nodeConditionsLastObservedAt(conditions: readonly PressureCondition[], last: Partial<Record<PressureCondition, number>>, now: number): Partial<Record<PressureCondition, number>> {
  const out: Partial<Record<PressureCondition, number>> = { ...last };
  for (const c of conditions) out[c] = now;
  return out;
}

/** upstream: nodeConditionsObservedSince — conditions seen within the transition period */
export function nodeConditionsObservedSince(observedAt: Partial<Record<PressureCondition, number>>, period: number, now: number): PressureCondition[] {
  return (Object.entries(observedAt) as [PressureCondition, number][]).filter(([, at]) => now - at < period).map(([c]) => c);
}

/** upstream: byEvictionPriority — memory first, thresholds without a resource last (otherwise in order). */
export function sortByEvictionPriority(thresholds: readonly EvictionThreshold[]): EvictionThreshold[] {
  const rank = (t: EvictionThreshold): number => (t.signal === 'memory.available' || t.signal === 'allocatableMemory.available' ? 0 : t.signal in SIGNAL_TO_RESOURCE ? 1 : 2);
  return [...thresholds].sort((a, b) => rank(a) - rank(b));
}

// ---- pod usage and ranking ----

/** A pod's usage (the kubelet's summary stats), base units. Missing fields: see the file comment. */
export interface PodUsage {
  /** working set bytes */
  memory?: number;
  /** bytes on the node's filesystem: writable layers, logs, local volumes */
  'ephemeral-storage'?: number;
  /** processes */
  pids?: number;
  /** per-container usage, for the eviction message; no entry, no line */
  containers?: Record<string, { memory?: number; 'ephemeral-storage'?: number }>;
}
/** pod key ("namespace/name") → usage; null = the kubelet has no stats for the pod */
export type PodUsageMap = Readonly<Record<string, PodUsage | null>>;

/** upstream: v1resource.GetResourceRequestQuantity — PodRequests without overhead, plus overhead when non-zero. */
export function podRequest(pod: Pod, resource: 'memory' | 'ephemeral-storage'): number {
  const { overhead, ...spec } = pod.spec;
  const r = computePodRequests({ ...pod, spec });
  const base = resource === 'memory' ? r.memory : r.ephemeralStorage;
  const extra = overhead?.[resource];
  return base !== 0 && extra !== undefined ? base + (resourceAmount(resource, extra) ?? 0) : base;
}

/** The stats the kubelet has for a pod, defaults filled in; undefined = no stats. */
type StatsFn = (pod: Pod) => Required<Pick<PodUsage, 'memory' | 'ephemeral-storage' | 'pids'>> & Pick<PodUsage, 'containers'> | undefined;

export function podStatsFn(usage: PodUsageMap | undefined): StatsFn {
  return (pod) => {
    const u = usage?.[podKey(pod)];
    if (u === null) return undefined;
    return {
      memory: u?.memory ?? podRequest(pod, 'memory'),
      'ephemeral-storage': u?.['ephemeral-storage'] ?? podRequest(pod, 'ephemeral-storage'),
      pids: u?.pids ?? 0,
      ...(u?.containers ? { containers: u.containers } : {}),
    };
  };
}

/** -1: p1 goes first */
export type PodCmp = (p1: Pod, p2: Pod) => number;

/** upstream: cmpBool — true before false */
const cmpBool = (a: boolean, b: boolean): number => (a === b ? 0 : b ? 1 : -1);

/** upstream: priority — lower priority first */
export const priority: PodCmp = (p1, p2) => Math.sign((p1.spec.priority ?? 0) - (p2.spec.priority ?? 0));

/** upstream: exceedMemoryRequests / exceedDiskRequests — pods without stats, then pods above their request. */
export function exceedRequests(stats: StatsFn, resource: 'memory' | 'ephemeral-storage'): PodCmp {
  return (p1, p2) => {
    const s1 = stats(p1), s2 = stats(p2);
    if (!s1 || !s2) return cmpBool(!s1, !s2);
    return cmpBool(s1[resource] > podRequest(p1, resource), s2[resource] > podRequest(p2, resource));
  };
}

/** upstream: memory / disk — the larger usage above request first. */
export function usageAboveRequest(stats: StatsFn, resource: 'memory' | 'ephemeral-storage'): PodCmp {
  return (p1, p2) => {
    const s1 = stats(p1), s2 = stats(p2);
    if (!s1 || !s2) return cmpBool(!s1, !s2);
    return Math.sign((s2[resource] - podRequest(p2, resource)) - (s1[resource] - podRequest(p1, resource)));
  };
}

/** upstream: process — more processes first. */
export function processCount(stats: StatsFn): PodCmp {
  return (p1, p2) => {
    const s1 = stats(p1), s2 = stats(p2);
    if (!s1 || !s2) return cmpBool(!s1, !s2);
    return Math.sign(s2.pids - s1.pids);
  };
}

/** upstream: orderedBy(...).Sort — the comparators in turn; ties keep the input order. */
export function orderedBy(...cmps: PodCmp[]): (pods: readonly Pod[]) => Pod[] {
  return (pods) => [...pods].sort((a, b) => {
    for (const cmp of cmps) {
      const c = cmp(a, b);
      if (c !== 0) return c;
    }
    return 0;
  });
}

/** upstream: rankMemoryPressure, rankDiskPressureFunc, rankPIDPressure (a node without a dedicated imagefs: every fs signal ranks by total disk usage) */
export function rankForEviction(resource: ReclaimResource, pods: readonly Pod[], stats: StatsFn): Pod[] {
  switch (resource) {
    case 'memory': return orderedBy(exceedRequests(stats, 'memory'), priority, usageAboveRequest(stats, 'memory'))(pods);
    case 'pids': return orderedBy(priority, processCount(stats))(pods);
    // inodes: the simulator has no inode usage, so pods rank by priority only
    case 'inodes': return orderedBy(priority)(pods);
    default: return orderedBy(exceedRequests(stats, 'ephemeral-storage'), priority, usageAboveRequest(stats, 'ephemeral-storage'))(pods);
  }
}

/** upstream: kubelettypes.IsCriticalPod — static (config.source not "api"), mirror, or priority >= system-cluster-critical. */
export function isCriticalPod(pod: Pod): boolean {
  const annotations = pod.metadata.annotations ?? {};
  const source = annotations['kubernetes.io/config.source'];
  if (source !== undefined && source !== 'api') return true;
  if (annotations['kubernetes.io/config.mirror'] !== undefined) return true;
  return pod.spec.priority !== undefined && pod.spec.priority >= SYSTEM_CRITICAL_PRIORITY;
}

// ---- quantities as Go prints them (resource.Quantity.String) ----

type QuantityFormat = 'BinarySI' | 'DecimalSI' | 'DecimalExponent';
const BINARY = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];
const DECIMAL = ['', 'k', 'M', 'G', 'T', 'P', 'E'];

/** The canonical form of an integer quantity: the largest exact suffix; BinarySI below 1024 prints as DecimalSI. */
export function formatQuantity(value: number, format: QuantityFormat): string {
  if (value === 0) return '0';
  let f = format;
  if (f === 'BinarySI' && Math.abs(value) < 1024) f = 'DecimalSI';
  const base = f === 'BinarySI' ? 1024 : 1000;
  let m = value, k = 0;
  while (k < 6 && m % base === 0) { m /= base; k++; }
  if (f === 'BinarySI') return `${m}${BINARY[k]}`;
  if (f === 'DecimalExponent') return k === 0 ? String(m) : `${m}e${3 * k}`;
  return `${m}${DECIMAL[k]}`;
}

/** A quantity written in a spec, printed canonically in its own format ("1.5Gi" → "1536Mi"). */
function formatWritten(s: string | undefined): string {
  if (s === undefined) return '0';
  const format: QuantityFormat = /[KMGTPE]i$/.test(s) ? 'BinarySI' : /\d[eE][+-]?\d+$/.test(s) ? 'DecimalExponent' : 'DecimalSI';
  return formatQuantity(quantityValue(s), format);
}

const formatOf = (resource: ReclaimResource): QuantityFormat => (resource === 'memory' || resource === 'ephemeral-storage' ? 'BinarySI' : 'DecimalSI');

// ---- the eviction message ----

/**
 * upstream: evictionMessage — what is starved, the threshold and what is left, then the pod
 * (pod-level memory requests) and each container above its request, with the event annotations.
 */
export function evictionMessage(resource: ReclaimResource, pod: Pod, stats: StatsFn, thresholds: readonly EvictionThreshold[], observations: SignalObservations): { message: string; annotations: Record<string, string> } {
  let message = `The node was low on resource: ${resource}. `;
  const annotations: Record<string, string> = {};
  // upstream: getThresholdMetInfo — the first threshold of the resource that has an observation
  for (const t of thresholds) {
    const observed = observations[t.signal];
    if (SIGNAL_TO_RESOURCE[t.signal] !== resource || !observed) continue;
    const quantity = 'quantity' in t.value ? formatWritten(t.value.quantity) : formatQuantity(getThresholdQuantity(t.value, observed.capacity), 'BinarySI');
    message += `Threshold quantity: ${quantity}, available: ${formatQuantity(observed.available, formatOf(resource))}. `;
    break;
  }
  const s = stats(pod);
  if (!s) return { message, annotations };
  const podLevel = pod.spec.resources?.requests?.memory;
  if (resource === 'memory' && podLevel !== undefined) {
    const usage = formatQuantity(s.memory, 'BinarySI');
    message += `Pod ${pod.metadata.name} was using ${usage}, request is ${formatWritten(podLevel)}, has larger consumption of ${resource}. `;
    annotations.offending_pod = pod.metadata.name;
    annotations.offending_pod_usage = usage;
  }
  const exceeded: string[] = [], usages: string[] = [];
  if (resource === 'memory' || resource === 'ephemeral-storage') {
    const containers = [...pod.spec.containers, ...(pod.spec.initContainers ?? [])];
    for (const [name, u] of Object.entries(s.containers ?? {})) {
      const c = containers.find((x) => x.name === name);
      const used = u[resource];
      if (!c || used === undefined) continue;
      // requests after API defaulting (a limit without a request sets it)
      const written = containerRequests(c)[resource];
      if (used > (written === undefined ? 0 : quantityValue(written))) {
        const usage = formatQuantity(used, 'BinarySI');
        message += `Container ${name} was using ${usage}, request is ${formatWritten(written)}, has larger consumption of ${resource}. `;
        exceeded.push(name);
        usages.push(usage);
      }
    }
  }
  annotations.offending_containers = exceeded.join(',');
  annotations.offending_containers_usage = usages.join(',');
  annotations.starved_resource = resource;
  return { message, annotations };
}

// ---- observations ----

const amount = (list: Record<string, string> | undefined, name: string): number | undefined => {
  const v = list?.[name];
  return v === undefined ? undefined : resourceAmount(name, v);
};

/**
 * The signals the simulator can observe for a node: memory.available (capacity − the pods'
 * working sets), allocatableMemory.available (the pods cgroup: allocatable + the hard
 * memory.available reservation, minus the pods' working sets), nodefs/imagefs.available
 * (one filesystem: capacity[ephemeral-storage] − the pods' usage). `given` overrides any of them
 * (pid.available only comes from there).
 */
export function makeSignalObservations(node: Node, pods: readonly Pod[], stats: StatsFn, thresholds: readonly EvictionThreshold[], given: SignalObservations = {}): SignalObservations {
  const out: SignalObservations = {};
  let memoryUsed = 0, diskUsed = 0;
  for (const pod of pods) {
    const s = stats(pod);
    memoryUsed += s?.memory ?? 0;
    diskUsed += s?.['ephemeral-storage'] ?? 0;
  }
  const memCapacity = amount(node.status.capacity, 'memory') ?? amount(node.status.allocatable, 'memory');
  // cAdvisor reports no less than nothing available
  if (memCapacity !== undefined) out['memory.available'] = { available: Math.max(0, memCapacity - memoryUsed), capacity: memCapacity };
  const memAllocatable = amount(node.status.allocatable, 'memory') ?? memCapacity;
  if (memAllocatable !== undefined) {
    const hard = thresholds.find((t) => t.signal === 'memory.available' && isHardEvictionThreshold(t));
    const podsLimit = memAllocatable + (hard && memCapacity !== undefined ? getThresholdQuantity(hard.value, memCapacity) : 0);
    out['allocatableMemory.available'] = { available: Math.max(0, podsLimit - memoryUsed), capacity: podsLimit };
  }
  const disk = amount(node.status.capacity, 'ephemeral-storage') ?? amount(node.status.allocatable, 'ephemeral-storage');
  if (disk !== undefined) {
    const fs = { available: Math.max(0, disk - diskUsed), capacity: disk };
    out['nodefs.available'] = fs;
    out['imagefs.available'] = { ...fs };
  }
  return { ...out, ...given };
}

// ---- one monitoring round (synchronize) ----

/** The eviction manager's memory between rounds. */
export interface KubeletEvictionState {
  thresholdsFirstObservedAt: ThresholdObservedAt;
  nodeConditionsLastObservedAt: Partial<Record<PressureCondition, number>>;
  /** thresholds met (grace periods satisfied) and not yet resolved with their min reclaim */
  thresholdsMet: EvictionThreshold[];
}

export const initialKubeletEvictionState = (): KubeletEvictionState => ({ thresholdsFirstObservedAt: [], nodeConditionsLastObservedAt: {}, thresholdsMet: [] });

export interface KubeletEvictionInput {
  node: Node;
  /** the kubelet's active pods on the node: bound, not terminal, not being deleted */
  pods: readonly Pod[];
  usage?: PodUsageMap;
  config?: KubeletEvictionConfig;
  /** signal observations that replace the derived ones (e.g. pid.available, or a system daemon's memory) */
  observations?: SignalObservations;
  now: number;
}

export type KubeletEvictionEvent = Omit<ClusterEvent, 'time'>;

export interface NodePressureEviction {
  pod: string;
  /** the pod's new status: phase Failed, reason Evicted */
  status: { phase: 'Failed'; reason: typeof EVICTED_REASON; message: string };
  condition: PodCondition;
  /** the kill's grace period: 1s for a hard threshold, else min(maxPodGracePeriodSeconds, the pod's) */
  gracePeriodSeconds: number;
  /** the Evicted event's annotations */
  annotations: Record<string, string>;
}

export interface KubeletEvictionRound {
  state: KubeletEvictionState;
  observations: SignalObservations;
  /** the pressure conditions the kubelet reports True now (the others False) */
  nodeConditions: PressureCondition[];
  /** thresholds that drive eviction this round (grace periods met), by eviction priority */
  thresholds: EvictionThreshold[];
  resourceToReclaim?: ReclaimResource;
  /** the active pods, first to go first */
  ranked: Pod[];
  /** critical pods passed over (static, mirror, system-critical priority) */
  skipped: string[];
  /** the ranked pods above their request of the reclaimed resource, or without stats (memory, ephemeral-storage) */
  overRequest: string[];
  victim?: NodePressureEviction;
  events: KubeletEvictionEvent[];
  /** when the kubelet runs the next round: after a kill and the pod's cleanup, else one housekeeping interval */
  nextRoundAt: number;
}

/**
 * upstream: managerImpl.synchronize for one node. At most one pod is evicted per round; the
 * simulation applies `victim` (status, condition, deletion with gracePeriodSeconds), sets the
 * node's pressure conditions from `nodeConditions`, keeps `state`, and calls again at nextRoundAt.
 * Not modelled: node-level reclaim (container and image garbage collection) before evicting,
 * local ephemeral-storage limit evictions, inode usage.
 */
export function synchronize(state: KubeletEvictionState, input: KubeletEvictionInput): KubeletEvictionRound {
  const config = input.config ?? defaultKubeletEvictionConfig();
  const { now, node } = input;
  const stats = podStatsFn(input.usage);
  const observations = makeSignalObservations(node, input.pods, stats, config.thresholds, input.observations);

  let thresholds = thresholdsMet(config.thresholds, observations, false);
  if (state.thresholdsMet.length > 0) thresholds = mergeThresholds(thresholds, thresholdsMet(state.thresholdsMet, observations, true));
  const firstObservedAt = thresholdsFirstObservedAt(thresholds, state.thresholdsFirstObservedAt, now);
  const lastObservedAt = nodeConditionsLastObservedAt(nodeConditions(thresholds), state.nodeConditionsLastObservedAt, now);
  const conditions = nodeConditionsObservedSince(lastObservedAt, config.pressureTransitionPeriod, now);
  thresholds = thresholdsMetGracePeriod(firstObservedAt, now);
  const next: KubeletEvictionState = { thresholdsFirstObservedAt: firstObservedAt, nodeConditionsLastObservedAt: lastObservedAt, thresholdsMet: thresholds };

  const round: KubeletEvictionRound = {
    state: next, observations, nodeConditions: conditions, thresholds: [], ranked: [], skipped: [], overRequest: [], events: [], nextRoundAt: now + MONITORING_INTERVAL_SECONDS,
  };
  if (thresholds.length === 0) return round;

  const sorted = sortByEvictionPriority(thresholds);
  round.thresholds = sorted;
  const toReclaim = sorted[0]!;
  const resource = SIGNAL_TO_RESOURCE[toReclaim.signal];
  round.resourceToReclaim = resource;
  round.events.push({ type: 'Warning', reason: 'EvictionThresholdMet', object: `Node/${node.metadata.name}`, message: `Attempting to reclaim ${resource}` });
  if (input.pods.length === 0) return round;

  round.ranked = rankForEviction(resource, input.pods, stats);
  if (resource === 'memory' || resource === 'ephemeral-storage') {
    round.overRequest = round.ranked.filter((p) => { const u = stats(p); return u === undefined || u[resource] > podRequest(p, resource); }).map(podKey);
  }
  for (const pod of round.ranked) {
    if (isCriticalPod(pod)) { round.skipped.push(podKey(pod)); continue; }
    const grace = isHardEvictionThreshold(toReclaim)
      ? IMMEDIATE_EVICTION_GRACE_PERIOD_SECONDS
      : Math.min(config.maxPodGracePeriodSeconds, pod.spec.terminationGracePeriodSeconds ?? 30);
    const { message, annotations } = evictionMessage(resource, pod, stats, sorted, observations);
    round.victim = {
      pod: podKey(pod),
      status: { phase: 'Failed', reason: EVICTED_REASON, message },
      condition: { type: 'DisruptionTarget', status: 'True', reason: 'TerminationByKubelet', message },
      gracePeriodSeconds: grace,
      annotations,
    };
    round.events.push({ type: 'Warning', reason: EVICTED_REASON, object: `Pod/${podKey(pod)}`, message });
    // the kill waits for the pod to stop, then the manager polls its cleanup before the next round
    round.nextRoundAt = now + grace + POD_CLEANUP_POLL_SECONDS;
    break;
  }
  return round;
}

// ---- admission under pressure (Admit) ----

/** upstream: v1qos.GetPodQOS == BestEffort — no container (or the pod) requests or limits cpu or memory. */
function isBestEffort(pod: Pod): boolean {
  const lists = [pod.spec.resources, ...[...pod.spec.containers, ...(pod.spec.initContainers ?? [])].map((c) => c.resources)];
  return !lists.some((r) => ['cpu', 'memory'].some((n) => r?.requests?.[n] !== undefined || r?.limits?.[n] !== undefined));
}

/**
 * upstream: managerImpl.Admit — the kubelet refuses a pod while the node reports pressure:
 * critical pods always get in; under memory pressure alone, pods that are not BestEffort or that
 * tolerate node.kubernetes.io/memory-pressure:NoSchedule get in; otherwise rejected.
 */
export function admitUnderPressure(conditions: readonly PressureCondition[], pod: Pod): { admit: true } | { admit: false; reason: typeof EVICTED_REASON; message: string } {
  if (conditions.length === 0 || isCriticalPod(pod)) return { admit: true };
  if (conditions.length === 1 && conditions[0] === 'MemoryPressure') {
    if (!isBestEffort(pod)) return { admit: true };
    if (toleratesAny(pod.spec.tolerations, { key: 'node.kubernetes.io/memory-pressure', effect: 'NoSchedule' })) return { admit: true };
  }
  return { admit: false, reason: EVICTED_REASON, message: `The node had condition: [${conditions.join(' ')}]. ` };
}
