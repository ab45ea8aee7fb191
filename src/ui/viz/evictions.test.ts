import { describe, expect, it } from 'vitest';
import type { KubeletEvictionOutcome, PodOutcome } from '../../engine/api';
import { countdownsAt, evictionsAt, qosMark, qosShown, rankedWhy } from './evictions';

// node-pressure-eviction: node-1's kubelet evicts web (priority 0) before cache (1000) at 30 s
const at30: KubeletEvictionOutcome = {
  time: 30, node: 'node-1', resource: 'memory', pod: 'default/web',
  ranked: [{ pod: 'default/web', priority: 0, qosClass: 'Burstable' }, { pod: 'default/cache', priority: 1000, qosClass: 'Guaranteed' }],
};
const later: KubeletEvictionOutcome = { ...at30, time: 40, pod: 'default/cache', ranked: [at30.ranked[1]!] };

describe('evictionsAt', () => {
  it.each([
    ['before the eviction: nothing', [at30], 29, undefined],
    ['at the eviction\'s second', [at30], 30, 'default/web'],
    ['59 s after', [at30], 89, 'default/web'],
    ['60 s after: gone', [at30], 90, undefined],
    ['a later eviction on the node replaces it', [at30, later], 45, 'default/cache'],
  ] as const)('%s', (_, records, time, victim) => {
    expect(evictionsAt(records, time).get('node-1')?.pod).toBe(victim);
  });
});

describe('QoS on the chips', () => {
  const pod = (qosClass: PodOutcome['qosClass']): PodOutcome => ({ pod: 'default/p', phase: 'Running', priority: 0, schedulerName: 'default-scheduler', qosClass });
  it.each([
    ['one class, no eviction: no marks', [pod('Burstable'), pod('Burstable')], undefined, false],
    ['three classes (requests-limits-qos): marks', [pod('Burstable'), pod('Guaranteed'), pod('BestEffort')], undefined, true],
    ['one class, an eviction: marks', [pod('Burstable')], [at30], true],
  ] as const)('%s', (_, pods, records, shown) => {
    expect(qosShown(pods, records)).toBe(shown);
  });
  it.each([['Guaranteed', 'G'], ['Burstable', 'Bu'], ['BestEffort', 'BE']] as const)('%s → %s', (qos, mark) => {
    expect(qosMark(qos)).toBe(mark);
  });
  it.each([
    ['priority and class', { pod: 'a', priority: 0, qosClass: 'Burstable' as const }, 'priority 0 · Burstable'],
    ['over its request first', { pod: 'a', priority: 5, qosClass: 'BestEffort' as const, exceedsRequest: true }, 'uses more than it requests · priority 5 · BestEffort'],
    ['critical', { pod: 'a', priority: 2000000000, qosClass: 'Guaranteed' as const, critical: true }, 'priority 2000000000 · Guaranteed · critical: passed over'],
  ])('rankedWhy: %s', (_, r, text) => {
    expect(rankedWhy(r)).toBe(text);
  });
});

// taints-noexecute: cache tolerates dedicated=db:NoExecute for 60 s from the taint at 30 s
describe('countdownsAt', () => {
  const cache = { pod: 'default/cache', node: 'node-1', from: 30, fireAt: 90 };
  it.each([
    ['before the taint: none', [cache], 29, undefined],
    ['at the taint: 60 s left', [cache], 30, 60],
    ['at 89 s: 1 s left', [cache], 89, 1],
    ['at the deletion: none', [cache], 90, undefined],
    ['cancelled at 50 s: none after', [{ ...cache, cancelledAt: 50 }], 50, undefined],
    ['cancelled at 50 s: still counting at 49 s', [{ ...cache, cancelledAt: 50 }], 49, 41],
  ])('%s', (_, records, time, left) => {
    expect(countdownsAt(records, time).get('default/cache')).toBe(left);
  });
  it('gives the same map for the same step (the chips re-render only when the step moves)', () => {
    const records = [cache];
    expect(countdownsAt(records, 40)).toBe(countdownsAt(records, 40));
  });
});
