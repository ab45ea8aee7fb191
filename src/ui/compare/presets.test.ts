// Configuration B from A: only the NodeResourcesFit scoring strategy changes; every profile and
// its other settings stay, and the result is a configuration the engine accepts.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadSchedulerConfig } from '../../engine/compare/compare';
import { STRATEGIES, strategyVariant } from './presets';

describe('strategyVariant', () => {
  it.each(STRATEGIES)('%s from the defaults is a valid KubeSchedulerConfiguration', (type) => {
    const yaml = strategyVariant(undefined, type);
    const loaded = loadSchedulerConfig(yaml, 'b');
    expect(loaded.ok).toBe(true);
    expect(parse(yaml).profiles).toEqual([{ schedulerName: 'default-scheduler', pluginConfig: [{ name: 'NodeResourcesFit', args: { scoringStrategy: expect.objectContaining({ type }) } }] }]);
  });

  it('keeps every profile, its other plugin args and the resources weights of A', () => {
    const a = {
      apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration', percentageOfNodesToScore: 50,
      profiles: [
        { schedulerName: 'default-scheduler', pluginConfig: [{ name: 'NodeResourcesFit', args: { ignoredResources: ['example.com/foo'], scoringStrategy: { type: 'LeastAllocated', resources: [{ name: 'cpu', weight: 3 }] } } }, { name: 'PodTopologySpread', args: { defaultingType: 'List' } }] },
        { schedulerName: 'batch', plugins: { score: { disabled: [{ name: 'ImageLocality' }] } } },
      ],
    };
    const b = parse(strategyVariant(a, 'MostAllocated'));
    expect(b.percentageOfNodesToScore).toBe(50);
    expect(b.profiles[0].pluginConfig).toEqual([
      { name: 'NodeResourcesFit', args: { ignoredResources: ['example.com/foo'], scoringStrategy: { type: 'MostAllocated', resources: [{ name: 'cpu', weight: 3 }] } } },
      { name: 'PodTopologySpread', args: { defaultingType: 'List' } },
    ]);
    expect(b.profiles[1]).toMatchObject({ schedulerName: 'batch', plugins: { score: { disabled: [{ name: 'ImageLocality' }] } } });
    expect(b.profiles[1].pluginConfig[0].args.scoringStrategy.type).toBe('MostAllocated');
    // A is not changed
    expect(a.profiles[0]!.pluginConfig![0]!.args).toMatchObject({ scoringStrategy: { type: 'LeastAllocated' } });
  });
});
