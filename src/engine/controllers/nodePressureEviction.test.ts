// Cases from upstream pkg/kubelet/eviction/helpers_test.go (ranking, thresholds, node
// conditions, config parsing) and eviction_manager_test.go (TestMemoryPressure, TestPIDPressure,
// the *_VerifyPodStatus messages). Upstream feeds summary stats; here the same numbers come in
// as pod usage and signal observations.
import { describe, expect, it } from 'vitest';
import type { Pod, ResourceList } from '../model/types';
import { makeNode, makePod } from '../testing/builders';
import {
  admitUnderPressure, exceedRequests, getThresholdQuantity, initialKubeletEvictionState, nodeConditions, nodeConditionsLastObservedAt,
  nodeConditionsObservedSince, orderedBy, parseThresholdConfig, podStatsFn, priority, processCount, rankForEviction, sortByEvictionPriority,
  synchronize, thresholdsFirstObservedAt, thresholdsMet, thresholdsMetGracePeriod, usageAboveRequest, type EvictionThreshold,
  type KubeletEvictionConfig, type KubeletEvictionState, type PodUsageMap, type SignalObservations,
} from './nodePressureEviction';

const Mi = 1024 * 1024, Gi = 1024 * Mi;
/** upstream lowPriority, defaultPriority, highPriority */
const low = -1, dflt = 0, high = 1;

/** upstream newPod(name, priority, [newContainer(name, requests, limits)]) */
function newPod(name: string, prio: number, requests: ResourceList = {}, limits: ResourceList = {}): Pod {
  return makePod().name(name).priority(prio).node('node1').phase('Running').container({ name, resources: { requests, limits } }).obj();
}
const names = (pods: Pod[]) => pods.map((p) => p.metadata.name);
const mem = (usage: Record<string, number>): PodUsageMap => Object.fromEntries(Object.entries(usage).map(([k, v]) => [`default/${k}`, { memory: v }]));
const disk = (usage: Record<string, number>): PodUsageMap => Object.fromEntries(Object.entries(usage).map(([k, v]) => [`default/${k}`, { 'ephemeral-storage': v }]));

describe('ranking (helpers_test.go)', () => {
  it('TestOrderedByExceedsRequestMemory', () => {
    const below = newPod('below-requests', -1, { memory: '200Mi' });
    const exceeds = newPod('exceeds-requests', 1, { memory: '100Mi' });
    const stats = podStatsFn(mem({ 'below-requests': 199 * Mi, 'exceeds-requests': 101 * Mi }));
    expect(names(orderedBy(exceedRequests(stats, 'memory'))([below, exceeds]))).toEqual(['exceeds-requests', 'below-requests']);
  });

  it('TestOrderedByExceedsRequestDisk', () => {
    const below = newPod('below-requests', -1, { 'ephemeral-storage': '200Mi' });
    const exceeds = newPod('exceeds-requests', 1, { 'ephemeral-storage': '100Mi' });
    const stats = podStatsFn(disk({ 'below-requests': 199 * Mi, 'exceeds-requests': 101 * Mi }));
    expect(names(orderedBy(exceedRequests(stats, 'ephemeral-storage'))([below, exceeds]))).toEqual(['exceeds-requests', 'below-requests']);
  });

  it('TestOrderedByPriority', () => {
    const lowP = newPod('low-priority', -134), medium = newPod('medium-priority', 1, { cpu: '100m', memory: '100Mi' }), highP = newPod('high-priority', 12534, { cpu: '200m', memory: '200Mi' });
    expect(names(orderedBy(priority)([highP, medium, lowP]))).toEqual(['low-priority', 'medium-priority', 'high-priority']);
  });

  it('TestOrderedbyDisk: the greediest consumer relative to its request first', () => {
    const pods = [
      newPod('best-effort-high', dflt), newPod('best-effort-low', dflt),
      newPod('burstable-high', dflt, { 'ephemeral-storage': '100Mi' }, { 'ephemeral-storage': '400Mi' }), newPod('burstable-low', dflt, { 'ephemeral-storage': '100Mi' }, { 'ephemeral-storage': '400Mi' }),
      newPod('guaranteed-high', dflt, { 'ephemeral-storage': '400Mi' }, { 'ephemeral-storage': '400Mi' }), newPod('guaranteed-low', dflt, { 'ephemeral-storage': '400Mi' }, { 'ephemeral-storage': '400Mi' }),
    ];
    // rootfs + logs + local volume, as upstream's newPodDiskStats rows
    const stats = podStatsFn(disk({ 'best-effort-high': 300 * Mi, 'best-effort-low': 100 * Mi, 'burstable-high': 350 * Mi, 'burstable-low': 110 * Mi, 'guaranteed-high': 375 * Mi, 'guaranteed-low': 120 * Mi }));
    expect(names(orderedBy(usageAboveRequest(stats, 'ephemeral-storage'))(pods))).toEqual(['best-effort-high', 'burstable-high', 'best-effort-low', 'burstable-low', 'guaranteed-high', 'guaranteed-low']);
  });

  it('TestOrderedByMemory', () => {
    const pods = [
      newPod('best-effort-high', dflt), newPod('best-effort-low', dflt),
      newPod('burstable-high', dflt, { memory: '100Mi' }, { memory: '1Gi' }), newPod('burstable-low', dflt, { memory: '100Mi' }, { memory: '1Gi' }),
      newPod('guaranteed-high', dflt, { memory: '1Gi' }, { memory: '1Gi' }), newPod('guaranteed-low', dflt, { memory: '1Gi' }, { memory: '1Gi' }),
    ];
    const stats = podStatsFn(mem({ 'best-effort-high': 500 * Mi, 'best-effort-low': 300 * Mi, 'burstable-high': 800 * Mi, 'burstable-low': 300 * Mi, 'guaranteed-high': 800 * Mi, 'guaranteed-low': 200 * Mi }));
    expect(names(orderedBy(usageAboveRequest(stats, 'memory'))(pods))).toEqual(['burstable-high', 'best-effort-high', 'best-effort-low', 'burstable-low', 'guaranteed-high', 'guaranteed-low']);
  });

  it('TestOrderedByPriorityMemory: rankMemoryPressure', () => {
    const pods = [
      newPod('above-requests-low-priority-high-usage', low), newPod('above-requests-low-priority-low-usage', low),
      newPod('above-requests-high-priority-high-usage', high, { memory: '100Mi' }), newPod('above-requests-high-priority-low-usage', high, { memory: '100Mi' }),
      newPod('below-requests-low-priority-high-usage', low, { memory: '1Gi' }), newPod('below-requests-low-priority-low-usage', low, { memory: '1Gi' }),
      newPod('below-requests-high-priority-high-usage', high, { memory: '1Gi' }), newPod('below-requests-high-priority-low-usage', high, { memory: '1Gi' }),
    ];
    const stats = podStatsFn(mem({
      'above-requests-low-priority-high-usage': 500 * Mi, 'above-requests-low-priority-low-usage': 50 * Mi, 'above-requests-high-priority-high-usage': 600 * Mi, 'above-requests-high-priority-low-usage': 150 * Mi,
      'below-requests-low-priority-high-usage': 800 * Mi, 'below-requests-low-priority-low-usage': 200 * Mi, 'below-requests-high-priority-high-usage': 800 * Mi, 'below-requests-high-priority-low-usage': 200 * Mi,
    }));
    expect(names(rankForEviction('memory', [...pods].reverse(), stats))).toEqual(names(pods));
  });

  it('TestOrderedByPriorityDisk: rankDiskPressureFunc', () => {
    const pods = [
      newPod('above-requests-low-priority-high-usage', low), newPod('above-requests-low-priority-low-usage', low),
      newPod('above-requests-high-priority-high-usage', high, { 'ephemeral-storage': '100Mi' }), newPod('above-requests-high-priority-low-usage', high, { 'ephemeral-storage': '100Mi' }),
      newPod('below-requests-low-priority-high-usage', low, { 'ephemeral-storage': '1Gi' }), newPod('below-requests-low-priority-low-usage', low, { 'ephemeral-storage': '1Gi' }),
      newPod('below-requests-high-priority-high-usage', high, { 'ephemeral-storage': '1Gi' }), newPod('below-requests-high-priority-low-usage', high, { 'ephemeral-storage': '1Gi' }),
    ];
    const stats = podStatsFn(disk({
      'above-requests-low-priority-high-usage': 500 * Mi, 'above-requests-low-priority-low-usage': 50 * Mi, 'above-requests-high-priority-high-usage': 600 * Mi, 'above-requests-high-priority-low-usage': 150 * Mi,
      'below-requests-low-priority-high-usage': 800 * Mi, 'below-requests-low-priority-low-usage': 200 * Mi, 'below-requests-high-priority-high-usage': 800 * Mi, 'below-requests-high-priority-low-usage': 160 * Mi,
    }));
    expect(names(rankForEviction('ephemeral-storage', [...pods].reverse(), stats))).toEqual(names(pods));
  });

  it('TestOrderedByPriorityProcess: rankPIDPressure', () => {
    const pods = [newPod('low-priority-high-usage', low), newPod('low-priority-low-usage', low), newPod('high-priority-high-usage', high), newPod('high-priority-low-usage', high)];
    const usage: PodUsageMap = { 'default/low-priority-high-usage': { pids: 20 }, 'default/low-priority-low-usage': { pids: 6 }, 'default/high-priority-high-usage': { pids: 20 }, 'default/high-priority-low-usage': { pids: 5 } };
    expect(names(orderedBy(priority, processCount(podStatsFn(usage)))([...pods].reverse()))).toEqual(names(pods));
  });

  it('exceedMemoryRequests: a pod without stats goes first', () => {
    const a = newPod('a', dflt, { memory: '1Gi' }), b = newPod('b', dflt);
    const stats = podStatsFn({ 'default/a': null, 'default/b': { memory: 2 * Gi } });
    expect(names(rankForEviction('memory', [b, a], stats))).toEqual(['a', 'b']);
  });

  it('without usage data, usage is the request: priority decides', () => {
    const pods = [newPod('hi', 10, { memory: '1Gi' }), newPod('lo', -5, { memory: '2Gi' }), newPod('mid', 0)];
    expect(names(rankForEviction('memory', pods, podStatsFn(undefined)))).toEqual(['lo', 'mid', 'hi']);
  });
});

describe('sortByEvictionPriority (TestSortByEvictionPriority)', () => {
  const t = (signal: EvictionThreshold['signal']): EvictionThreshold => ({ signal, value: { quantity: '1' } });
  const rows: { name: string; input: EvictionThreshold[]; want: string[] }[] = [
    { name: 'empty threshold list', input: [], want: [] },
    { name: 'memory first', input: [t('nodefs.available'), t('pid.available'), t('memory.available')], want: ['memory.available', 'nodefs.available', 'pid.available'] },
    { name: 'allocatable memory first', input: [t('nodefs.available'), t('pid.available'), t('allocatableMemory.available')], want: ['allocatableMemory.available', 'nodefs.available', 'pid.available'] },
  ];
  it.each(rows)('$name', ({ input, want }) => expect(sortByEvictionPriority(input).map((x) => x.signal)).toEqual(want));
});

describe('thresholds (helpers_test.go)', () => {
  const hard: EvictionThreshold = { signal: 'memory.available', value: { quantity: '1Gi' }, minReclaim: { quantity: '500Mi' } };
  const obs = (available: number, capacity = 0): SignalObservations => ({ 'memory.available': { available, capacity } });
  const metRows: { name: string; thresholds: EvictionThreshold[]; observations: SignalObservations; enforce: boolean; met: boolean }[] = [
    { name: 'TestThresholdsMet empty', thresholds: [], observations: {}, enforce: false, met: false },
    { name: 'TestThresholdsMet threshold-met-memory', thresholds: [hard], observations: obs(500 * Mi), enforce: false, met: true },
    { name: 'TestThresholdsMet threshold-not-met', thresholds: [hard], observations: obs(2 * Gi), enforce: false, met: false },
    { name: 'TestThresholdsMet threshold-met-with-min-reclaim', thresholds: [hard], observations: obs(Math.ceil(1.05 * Gi)), enforce: true, met: true },
    { name: 'TestThresholdsMet threshold-not-met-with-min-reclaim', thresholds: [hard], observations: obs(2 * Gi), enforce: true, met: false },
  ];
  it.each(metRows)('$name', ({ thresholds, observations, enforce, met }) => expect(thresholdsMet(thresholds, observations, enforce)).toEqual(met ? thresholds : []));

  const memPct: EvictionThreshold = { signal: 'memory.available', value: { percentage: Math.fround(0.2) }, minReclaim: { percentage: Math.fround(0.05) } };
  const diskPct: EvictionThreshold = { signal: 'nodefs.available', value: { percentage: Math.fround(0.3) } };
  const pct = (memAvail: number, diskAvail?: number): SignalObservations => ({
    'memory.available': { available: memAvail * Mi, capacity: 1000 * Mi },
    ...(diskAvail !== undefined ? { 'nodefs.available': { available: diskAvail * Gi, capacity: 1000 * Gi } } : {}),
  });
  const pctRows: { name: string; observations: SignalObservations; enforce: boolean; want: EvictionThreshold[] }[] = [
    { name: 'BothMet', observations: pct(100, 100), enforce: false, want: [memPct, diskPct] },
    { name: 'NoneMet', observations: pct(300, 400), enforce: false, want: [] },
    { name: 'DiskMet', observations: pct(300, 100), enforce: false, want: [diskPct] },
    { name: 'MemoryMet', observations: pct(100, 400), enforce: false, want: [memPct] },
    { name: 'MemoryMetWithMinReclaim', observations: pct(225), enforce: true, want: [memPct] },
    { name: 'MemoryNotMetWithMinReclaim', observations: pct(300), enforce: true, want: [] },
  ];
  it.each(pctRows)('TestPercentageThresholdsMet $name', ({ observations, enforce, want }) => expect(thresholdsMet([memPct, diskPct], observations, enforce)).toEqual(want));

  it('getThresholdQuantity: a float32 percentage of capacity, truncated', () => {
    // float32(0.1) = 0.100000001490116119384765625, so 100Gi × it = 10Gi + 100Gi × 1.490116119384765625e-9 = 10Gi + 160
    expect(getThresholdQuantity({ percentage: Math.fround(0.1) }, 100 * Gi)).toBe(10 * Gi + 160);
  });

  const at1Gi: EvictionThreshold = { signal: 'memory.available', value: { quantity: '1Gi' } };
  it('TestThresholdsFirstObservedAt', () => {
    expect(thresholdsFirstObservedAt([], [], 100)).toEqual([]);
    expect(thresholdsFirstObservedAt([at1Gi], [], 100)).toEqual([{ threshold: at1Gi, at: 100 }]);
    expect(thresholdsFirstObservedAt([at1Gi], [{ threshold: at1Gi, at: 40 }], 100)).toEqual([{ threshold: at1Gi, at: 40 }]);
  });

  it('TestThresholdsMetGracePeriod', () => {
    const soft: EvictionThreshold = { signal: 'memory.available', value: { quantity: '2Gi' }, gracePeriod: 60 };
    expect(thresholdsMetGracePeriod([], 200)).toEqual([]);
    expect(thresholdsMetGracePeriod([{ threshold: at1Gi, at: 200 }], 200)).toEqual([at1Gi]); // hard-threshold-met
    expect(thresholdsMetGracePeriod([{ threshold: soft, at: 200 }], 200)).toEqual([]); // soft-threshold-not-met
    expect(thresholdsMetGracePeriod([{ threshold: soft, at: 80 }], 200)).toEqual([soft]); // soft-threshold-met
  });

  it('TestNodeConditions / TestNodeConditionsLastObservedAt / TestNodeConditionsObservedSince', () => {
    expect(nodeConditions([])).toEqual([]);
    expect(nodeConditions([at1Gi])).toEqual(['MemoryPressure']);
    expect(nodeConditionsLastObservedAt(['MemoryPressure'], {}, 100)).toEqual({ MemoryPressure: 100 });
    expect(nodeConditionsLastObservedAt(['MemoryPressure'], { MemoryPressure: 40 }, 100)).toEqual({ MemoryPressure: 100 });
    expect(nodeConditionsLastObservedAt([], { MemoryPressure: 40 }, 100)).toEqual({ MemoryPressure: 40 });
    expect(nodeConditionsObservedSince({ MemoryPressure: 40 }, 120, 100)).toEqual(['MemoryPressure']); // in-period
    expect(nodeConditionsObservedSince({ MemoryPressure: 40 }, 30, 100)).toEqual([]); // out-of-period
  });
});

describe('parseThresholdConfig (TestParseThresholdConfig, TestAddAllocatableThresholds)', () => {
  it('all memory eviction values: hard, soft with grace, min reclaim', () => {
    expect(parseThresholdConfig({ evictionHard: { 'memory.available': '150Mi' }, evictionSoft: { 'memory.available': '300Mi' }, evictionSoftGracePeriod: { 'memory.available': 30 }, evictionMinimumReclaim: { 'memory.available': '0' }, enforceNodeAllocatablePods: false }))
      .toEqual([
        { signal: 'memory.available', value: { quantity: '150Mi' }, minReclaim: { quantity: '0' } },
        { signal: 'memory.available', value: { quantity: '300Mi' }, gracePeriod: 30, minReclaim: { quantity: '0' } },
      ]);
  });
  it('all flag values in percentages (float32)', () => {
    expect(parseThresholdConfig({ evictionHard: { 'memory.available': '10%' }, evictionMinimumReclaim: { 'memory.available': '5%' }, enforceNodeAllocatablePods: false }))
      .toEqual([{ signal: 'memory.available', value: { percentage: Math.fround(0.1) }, minReclaim: { percentage: Math.fround(0.05) } }]);
  });
  it('TestParsePercentage 25.5%', () => {
    expect(parseThresholdConfig({ evictionHard: { 'nodefs.available': '25.5%' } })).toEqual([{ signal: 'nodefs.available', value: { percentage: Math.fround(0.255) } }]);
  });
  it('0% and 100% are ignored', () => {
    expect(parseThresholdConfig({ evictionHard: { 'nodefs.available': '0%', 'imagefs.available': '100%' } })).toEqual([]);
  });
  const errors: { name: string; config: Parameters<typeof parseThresholdConfig>[0]; message: string }[] = [
    { name: 'invalid-signal', config: { evictionHard: { 'mem.available': '150Mi' } }, message: 'unsupported eviction signal mem.available' },
    { name: 'hard-signal-negative', config: { evictionHard: { 'memory.available': '-150Mi' } }, message: 'eviction threshold memory.available must be positive: -150Mi' },
    { name: 'hard-signal-negative-percentage', config: { evictionHard: { 'memory.available': '-15%' } }, message: 'eviction percentage threshold memory.available must be >= 0%: -15%' },
    { name: 'valid-and-invalid-signal', config: { evictionHard: { 'memory.available': '150Mi', 'invalid.foo': '150Mi' } }, message: 'unsupported eviction signal invalid.foo' },
    { name: 'soft-no-grace-period', config: { evictionSoft: { 'memory.available': '150Mi' } }, message: 'grace period must be specified for the soft eviction threshold memory.available' },
    { name: 'soft-negative-grace-period', config: { evictionSoft: { 'memory.available': '150Mi' }, evictionSoftGracePeriod: { 'memory.available': -30 } }, message: 'invalid eviction grace period specified: -30, must be a positive value' },
    { name: 'negative-reclaim', config: { evictionMinimumReclaim: { 'memory.available': '-300Mi' } }, message: 'negative eviction minimum reclaim specified for memory.available' },
  ];
  it.each(errors)('$name', ({ config, message }) => expect((parseThresholdConfig(config) as Error).message).toBe(message));

  const rows: { name: string; thresholds: Parameters<typeof parseThresholdConfig>[0]; want: string[] }[] = [
    { name: 'non-memory-signal', thresholds: { evictionHard: { 'imagefs.available': '150Mi' } }, want: ['imagefs.available<150Mi'] },
    { name: 'memory-signal-with-grace', thresholds: { evictionSoft: { 'memory.available': '150Mi' }, evictionSoftGracePeriod: { 'memory.available': 10 } }, want: ['memory.available<150Mi'] },
    { name: 'memory-signal-without-grace', thresholds: { evictionHard: { 'memory.available': '150Mi' } }, want: ['memory.available<150Mi', 'allocatableMemory.available<150Mi'] },
  ];
  it.each(rows)('TestAddAllocatableThresholds $name', ({ thresholds, want }) => {
    const got = parseThresholdConfig(thresholds) as EvictionThreshold[];
    expect(got.map((t) => `${t.signal}<${'quantity' in t.value ? t.value.quantity : t.value.percentage}`)).toEqual(want);
  });
});

/** Runs the eviction manager round by round, as the kubelet does, keeping its state. */
class Kubelet {
  state: KubeletEvictionState = initialKubeletEvictionState();
  constructor(readonly pods: Pod[], readonly config: KubeletEvictionConfig, readonly usage?: PodUsageMap) {}
  round(now: number, observations: SignalObservations) {
    const r = synchronize(this.state, { node: makeNode().name('test').obj(), pods: this.pods, usage: this.usage, config: this.config, observations, now });
    this.state = r.state;
    return r;
  }
}

describe('synchronize (eviction_manager_test.go)', () => {
  const memAvail = (available: number): SignalObservations => ({ 'memory.available': { available, capacity: 2 * available } });

  it('TestMemoryPressure', () => {
    const pods = [
      newPod('guaranteed-low-priority-high-usage', low, { cpu: '100m', memory: '1Gi' }, { cpu: '100m', memory: '1Gi' }),
      newPod('burstable-below-requests', dflt, { cpu: '100m', memory: '100Mi' }, { cpu: '200m', memory: '1Gi' }),
      newPod('burstable-above-requests', dflt, { cpu: '100m', memory: '100Mi' }, { cpu: '200m', memory: '1Gi' }),
      newPod('best-effort-high-priority-high-usage', high),
      newPod('best-effort-low-priority-low-usage', low),
    ];
    const usage = mem({ 'guaranteed-low-priority-high-usage': 900 * Mi, 'burstable-below-requests': 50 * Mi, 'burstable-above-requests': 400 * Mi, 'best-effort-high-priority-high-usage': 400 * Mi, 'best-effort-low-priority-low-usage': 100 * Mi });
    const config: KubeletEvictionConfig = {
      maxPodGracePeriodSeconds: 5, pressureTransitionPeriod: 300,
      thresholds: [{ signal: 'memory.available', value: { quantity: '1Gi' } }, { signal: 'memory.available', value: { quantity: '2Gi' }, gracePeriod: 120 }],
    };
    const kubelet = new Kubelet(pods, config, usage);
    const bestEffortToAdmit = newPod('best-admit', dflt), burstableToAdmit = newPod('burst-admit', dflt, { cpu: '100m', memory: '100Mi' }, { cpu: '200m', memory: '200Mi' });
    const admits = (r: ReturnType<Kubelet['round']>) => [bestEffortToAdmit, burstableToAdmit].map((p) => admitUnderPressure(r.nodeConditions, p).admit);
    let t = 0;

    let r = kubelet.round(t, memAvail(2 * Gi));
    expect(r.nodeConditions).toEqual([]); // we should not have memory pressure
    expect(admits(r)).toEqual([true, true]);

    r = kubelet.round(t += 60, memAvail(1500 * Mi)); // induce soft threshold
    expect(r.nodeConditions).toEqual(['MemoryPressure']);
    expect(r.victim).toBeUndefined(); // not enough time passed

    r = kubelet.round(t += 180, memAvail(1500 * Mi)); // past the grace period
    expect(r.nodeConditions).toEqual(['MemoryPressure']);
    expect(r.victim).toMatchObject({ pod: 'default/best-effort-low-priority-low-usage', gracePeriodSeconds: 5 });

    r = kubelet.round(t += 1200, memAvail(3 * Gi)); // remove memory pressure
    expect(r.nodeConditions).toEqual([]);

    r = kubelet.round(t += 60, memAvail(500 * Mi)); // induce memory pressure!
    expect(r.nodeConditions).toEqual(['MemoryPressure']);
    expect(r.victim).toMatchObject({ pod: 'default/best-effort-low-priority-low-usage', gracePeriodSeconds: 1 });
    expect(admits(r)).toEqual([false, true]); // the best-effort pod should not admit, burstable should

    r = kubelet.round(t += 60, memAvail(2 * Gi)); // reduce memory pressure
    expect(r.nodeConditions).toEqual(['MemoryPressure']); // transition period not yet met
    expect(r.victim).toBeUndefined();
    expect(admits(r)).toEqual([false, true]);

    r = kubelet.round(t += 300, memAvail(2 * Gi)); // past the transition period
    expect(r.nodeConditions).toEqual([]);
    expect(r.victim).toBeUndefined();
    expect(admits(r)).toEqual([true, true]);
  });

  it('TestPIDPressure: eviction due to pid pressure', () => {
    const pods = [newPod('high-priority-high-usage', high), newPod('default-priority-low-usage', dflt), newPod('default-priority-medium-usage', dflt), newPod('low-priority-high-usage', low), newPod('low-priority-low-usage', low)];
    const usage: PodUsageMap = Object.fromEntries([900, 100, 400, 600, 50].map((n, i) => [`default/${pods[i]!.metadata.name}`, { pids: n }]));
    const config: KubeletEvictionConfig = {
      maxPodGracePeriodSeconds: 5, pressureTransitionPeriod: 300,
      thresholds: [{ signal: 'pid.available', value: { quantity: '1200' } }, { signal: 'pid.available', value: { quantity: '1500' }, gracePeriod: 120 }],
    };
    const pidUsage = (used: number): SignalObservations => ({ 'pid.available': { available: 2000 - used, capacity: 2000 } });
    const kubelet = new Kubelet(pods, config, usage);
    const toAdmit = newPod('pod-to-admit', dflt);
    let t = 0;
    let r = kubelet.round(t, pidUsage(300));
    expect(r.nodeConditions).toEqual([]);
    expect(admitUnderPressure(r.nodeConditions, toAdmit).admit).toBe(true);
    r = kubelet.round(t += 60, pidUsage(700));
    expect(r.nodeConditions).toEqual(['PIDPressure']);
    expect(r.victim).toBeUndefined();
    r = kubelet.round(t += 180, pidUsage(700));
    expect(r.victim).toMatchObject({ pod: 'default/low-priority-high-usage', gracePeriodSeconds: 5 });
    r = kubelet.round(t += 1200, pidUsage(300));
    expect(r.nodeConditions).toEqual([]);
    r = kubelet.round(t += 60, pidUsage(1200));
    expect(r.victim).toMatchObject({ pod: 'default/low-priority-high-usage', gracePeriodSeconds: 1 });
    expect(admitUnderPressure(r.nodeConditions, toAdmit)).toEqual({ admit: false, reason: 'Evicted', message: 'The node had condition: [PIDPressure]. ' });
    r = kubelet.round(t += 60, pidUsage(300));
    expect(r.nodeConditions).toEqual(['PIDPressure']);
    expect(r.victim).toBeUndefined();
    r = kubelet.round(t += 300, pidUsage(300));
    expect(r.nodeConditions).toEqual([]);
    expect(admitUnderPressure(r.nodeConditions, toAdmit).admit).toBe(true);
  });

  it('TestMemoryPressure_VerifyPodStatus', () => {
    const pods = [newPod('below-requests', dflt, { memory: '1Gi' }, { memory: '1Gi' }), newPod('above-requests', dflt, { memory: '100Mi' }, { memory: '1Gi' })];
    const kubelet = new Kubelet(pods, { maxPodGracePeriodSeconds: 0, pressureTransitionPeriod: 300, thresholds: [{ signal: 'memory.available', value: { quantity: '2Gi' } }] }, mem({ 'below-requests': 900 * Mi, 'above-requests': 700 * Mi }));
    const r = kubelet.round(0, memAvail(1500 * Mi));
    const message = 'The node was low on resource: memory. Threshold quantity: 2Gi, available: 1500Mi. ';
    expect(r.victim).toMatchObject({
      pod: 'default/above-requests',
      status: { phase: 'Failed', reason: 'Evicted', message },
      condition: { type: 'DisruptionTarget', status: 'True', reason: 'TerminationByKubelet', message },
    });
    expect(r.events).toEqual([
      { type: 'Warning', reason: 'EvictionThresholdMet', object: 'Node/test', message: 'Attempting to reclaim memory' },
      { type: 'Warning', reason: 'Evicted', object: 'Pod/default/above-requests', message },
    ]);
    expect(r.nextRoundAt).toBe(0 + 1 + 1);
  });

  it('TestPIDPressure_VerifyPodStatus', () => {
    const pods = [newPod('pod1', low), newPod('pod2', dflt)];
    const kubelet = new Kubelet(pods, { maxPodGracePeriodSeconds: 0, pressureTransitionPeriod: 300, thresholds: [{ signal: 'pid.available', value: { quantity: '1200' } }] });
    const r = kubelet.round(0, { 'pid.available': { available: 500, capacity: 1500 } });
    expect(r.victim?.pod).toBe('default/pod1');
    expect(r.victim?.status.message).toBe('The node was low on resource: pids. Threshold quantity: 1200, available: 500. ');
  });

  it('TestDiskPressureNodeFs_VerifyPodStatus: eviction due to disk pressure; no image fs', () => {
    const pods = [newPod('below-requests', dflt, { 'ephemeral-storage': '1Gi' }, { 'ephemeral-storage': '1Gi' }), newPod('above-requests', dflt, { 'ephemeral-storage': '100Mi' }, { 'ephemeral-storage': '1Gi' })];
    const usage: PodUsageMap = {
      'default/below-requests': { 'ephemeral-storage': 900 * Mi, containers: { 'below-requests': { 'ephemeral-storage': 900 * Mi } } },
      'default/above-requests': { 'ephemeral-storage': 700 * Mi, containers: { 'above-requests': { 'ephemeral-storage': 700 * Mi } } },
    };
    const kubelet = new Kubelet(pods, { maxPodGracePeriodSeconds: 0, pressureTransitionPeriod: 300, thresholds: [{ signal: 'nodefs.available', value: { quantity: '2Gi' } }] }, usage);
    const r = kubelet.round(0, { 'nodefs.available': { available: 1.5 * Gi, capacity: 3 * Gi } });
    expect(r.victim?.status.message).toBe('The node was low on resource: ephemeral-storage. Threshold quantity: 2Gi, available: 1536Mi. Container above-requests was using 700Mi, request is 100Mi, has larger consumption of ephemeral-storage. ');
    expect(r.victim?.annotations).toEqual({ offending_containers: 'above-requests', offending_containers_usage: '700Mi', starved_resource: 'ephemeral-storage' });
    expect(r.nodeConditions).toEqual(['DiskPressure']);
  });

  it('critical pods are not evicted (evictPod refuses IsCriticalPod): the next pod goes', () => {
    const staticPod = newPod('static', low);
    staticPod.metadata.annotations = { 'kubernetes.io/config.source': 'file' };
    const systemPod = newPod('system', low, {}, {});
    systemPod.spec.priority = 2_000_001_000;
    const other = newPod('other', dflt);
    const kubelet = new Kubelet([staticPod, systemPod, other], { maxPodGracePeriodSeconds: 0, pressureTransitionPeriod: 300, thresholds: [{ signal: 'memory.available', value: { quantity: '1Gi' } }] });
    const r = kubelet.round(0, memAvail(100 * Mi));
    expect(r.skipped).toEqual(['default/static']);
    expect(r.victim?.pod).toBe('default/other');
  });

  it('only critical pods: nothing is evicted, the next round is one housekeeping interval away', () => {
    const mirror = newPod('mirror', dflt);
    mirror.metadata.annotations = { 'kubernetes.io/config.mirror': 'abc' };
    const r = new Kubelet([mirror], { maxPodGracePeriodSeconds: 0, pressureTransitionPeriod: 300, thresholds: [{ signal: 'memory.available', value: { quantity: '1Gi' } }] }).round(50, memAvail(100 * Mi));
    expect(r.victim).toBeUndefined();
    expect(r.nextRoundAt).toBe(60);
  });
});

describe('observations from the node and the pods (simulator defaults)', () => {
  const node = () => makeNode().name('n').capacity({ memory: '4Gi', 'ephemeral-storage': '10Gi' }).allocatable({ memory: '3900Mi', 'ephemeral-storage': '10Gi' }).obj();

  it('usage defaulting to requests: a full node is not under pressure with the default thresholds', () => {
    const pods = [newPod('a', 0, { memory: '3900Mi' })];
    const r = synchronize(initialKubeletEvictionState(), { node: node(), pods, now: 0 });
    // 4096Mi - 3900Mi
    expect(r.observations['memory.available']).toEqual({ available: 196 * Mi, capacity: 4 * Gi });
    // the pods cgroup: allocatable 3900Mi + the 100Mi hard reservation; 4000Mi - 3900Mi is not below 100Mi
    expect(r.observations['allocatableMemory.available']).toEqual({ available: 100 * Mi, capacity: 4000 * Mi });
    expect(r.nodeConditions).toEqual([]);
  });

  it('a pod using more than its request pushes memory.available under 100Mi: it is evicted with the default config', () => {
    const pods = [newPod('quiet', 0, { memory: '1Gi' }), newPod('hungry', 0, { memory: '1Gi' })];
    // 4096Mi - (1024Mi + 3022Mi) = 50Mi; memory.available is the first memory threshold, so the message quotes it
    const r = synchronize(initialKubeletEvictionState(), { node: node(), pods, usage: mem({ hungry: 3022 * Mi }), now: 0 });
    expect(r.nodeConditions).toEqual(['MemoryPressure']);
    expect(r.victim?.pod).toBe('default/hungry');
    expect(r.victim?.status.message).toBe('The node was low on resource: memory. Threshold quantity: 100Mi, available: 50Mi. ');
    expect(r.victim?.gracePeriodSeconds).toBe(1);
  });

  it('usage above requests on a node packed to allocatable: the pods cgroup (allocatableMemory.available) runs short first', () => {
    const pods = [newPod('quiet', 0, { memory: '1Gi' }), newPod('hungry', 0, { memory: '1Gi' })];
    // memory.available 4096Mi - 3974Mi = 122Mi (not met); the pods cgroup 4000Mi - 3974Mi = 26Mi (met)
    const r = synchronize(initialKubeletEvictionState(), { node: node(), pods, usage: mem({ hungry: 2950 * Mi }), now: 0 });
    expect(r.thresholds.map((t) => t.signal)).toEqual(['allocatableMemory.available']);
    expect(r.victim?.status.message).toBe('The node was low on resource: memory. Threshold quantity: 100Mi, available: 26Mi. ');
  });

  it('pod-level memory requests add the Pod line (evictionMessage with PodLevelResources)', () => {
    const pod = newPod('p', 0);
    pod.spec.resources = { requests: { memory: '1Gi' } };
    const r = synchronize(initialKubeletEvictionState(), {
      node: node(), pods: [pod], usage: mem({ p: 2 * Gi }), now: 0,
      config: { maxPodGracePeriodSeconds: 0, pressureTransitionPeriod: 300, thresholds: [{ signal: 'memory.available', value: { quantity: '3Gi' } }] },
    });
    expect(r.victim?.status.message).toBe('The node was low on resource: memory. Threshold quantity: 3Gi, available: 2Gi. Pod p was using 2Gi, request is 1Gi, has larger consumption of memory. ');
    expect(r.victim?.annotations).toMatchObject({ offending_pod: 'p', offending_pod_usage: '2Gi' });
  });
});
