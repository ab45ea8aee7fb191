// Topology-aware workload scheduling end to end (v1.36, TopologyAwareWorkloadScheduling; KEP-5732)
// and the example scenario scenarios/topology-training-rack.yaml.
// upstream: pkg/scheduler/schedule_one_podgroup.go podGroupSchedulingPlacementAlgorithm.
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { simulate } from './index';
import example from '../../scenarios/topology-training-rack.yaml?raw';

function run(yaml: string): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml' });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}
const rackOf = (node: string | undefined) => node?.[0];
const workers = (r: SimulationResult) => r.pods.filter((p) => p.pod.startsWith('default/worker-'));

describe('scenarios/topology-training-rack.yaml: a training job placed in one rack', () => {
  it('all four workers bind in rack-b: rack-a cannot hold them, rack-b packs tighter than rack-c', () => {
    const r = run(example);
    expect(workers(r).map((p) => p.node).sort()).toEqual(['b1', 'b1', 'b2', 'b2']);
    const group = r.cycles.find((c) => c.podGroup)!.podGroup!;
    expect(group.result).toBe('Scheduled');
    const byName = Object.fromEntries(group.placements!.map((p) => [p.name, p]));
    expect(Object.keys(byName)).toEqual(['rack-a', 'rack-b', 'rack-c']);
    expect(byName['rack-a']).toMatchObject({ nodes: ['a1', 'a2'], feasible: false });
    expect(byName['rack-a']!.scores).toBeUndefined();
    expect(byName['rack-b']).toMatchObject({ feasible: true, chosen: true });
    expect(byName['rack-c']).toMatchObject({ feasible: true });
    expect(byName['rack-c']!.chosen).toBeUndefined();
    // PodGroupPodsCount ties (4 of 4 each); NodeResourcesFit's packing decides
    const score = (rack: string, plugin: string) => byName[rack]!.scores!.find((s) => s.plugin === plugin)!.score;
    expect(score('rack-b', 'PodGroupPodsCount')).toBe(100);
    expect(score('rack-c', 'PodGroupPodsCount')).toBe(100);
    expect(score('rack-b', 'NodeResourcesFit')).toBeGreaterThan(score('rack-c', 'NodeResourcesFit'));
    // only the chosen placement's attempts are in the trace: one per worker
    expect(r.cycles.filter((c) => c.podGroup).map((c) => c.pod).sort()).toEqual(['default/worker-0', 'default/worker-1', 'default/worker-2', 'default/worker-3']);
  });

  it('with the gate off the same gang spreads across racks', () => {
    const r = run(example.replace('TopologyAwareWorkloadScheduling: true', 'TopologyAwareWorkloadScheduling: false'));
    expect(new Set(workers(r).map((p) => rackOf(p.node))).size).toBeGreaterThan(1);
    expect(r.cycles.find((c) => c.podGroup)!.podGroup!.placements).toBeUndefined();
  });

  it('each rack holds only two: the group waits with "0/3 placements are available"', () => {
    const r = run(example.replaceAll('cpu: 1500m', 'cpu: 2500m')); // one worker a node: a rack holds two
    expect(workers(r).every((p) => !p.node)).toBe(true);
    const group = r.cycles.find((c) => c.podGroup)!.podGroup!;
    expect(group.result).toBe('Unschedulable');
    expect(group.message).toMatch(/^0\/3 placements are available, first placement status: /);
    expect(group.placements!.map((p) => p.feasible)).toEqual([false, false, false]);
  });
});
