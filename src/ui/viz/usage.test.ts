import { describe, expect, it } from 'vitest';
import type { NodeOutcome, PodOutcome } from '../../engine/api';
import { barsOnStage, extendedResources } from './usage';

const pod = (name: string, requests: Record<string, number>): PodOutcome => ({ pod: `default/${name}`, phase: 'Pending', priority: 0, requests } as unknown as PodOutcome);
const node = (name: string): NodeOutcome => ({ name, labels: {}, allocatable: { cpu: 4000, memory: 8 * 2 ** 30, pods: 110, 'intel.com/foo': 4 }, requested: {} } as unknown as NodeOutcome);

describe('bars on the stage', () => {
  it('an extended resource a pod requests gets a bar; cpu and memory only when requested (bin-packing-rtcr: foo and bar, no cpu)', () => {
    const pods = [pod('foo-user', { cpu: 0, memory: 0, 'intel.com/foo': 2 }), pod('bar-user', { 'intel.com/bar': 3 })];
    expect(barsOnStage([node('n1')], pods)).toEqual(['intel.com/bar', 'intel.com/foo']);
  });
  it('ephemeral-storage and resources nobody requests are not extended resources', () => {
    expect(extendedResources([pod('a', { cpu: 100, 'ephemeral-storage': 10, 'example.com/gpu': 0 })])).toEqual([]);
  });
  it('cpu first, then the extended resources', () => {
    expect(barsOnStage([node('n1')], [pod('a', { cpu: 500, 'nvidia.com/gpu': 1 })])).toEqual(['cpu', 'nvidia.com/gpu']);
  });
});
