// upstream: pkg/scheduler/schedule_one_podgroup.go podGroupSchedulingPlacementAlgorithm /
// findBestPlacement (v1.36+, TopologyAwareWorkloadScheduling), with fake PlacementGenerate and
// PlacementScore plugins as upstream's schedule_one_podgroup_test.go fakePlacementPlugin.

import { describe, expect, it } from 'vitest';
import { makeNode, makePod } from '../testing/builders';
import { NodeInfo } from './nodeInfo';
import type { Placement } from './placement';
import { podGroupSchedulingPlacementAlgorithm, type PlacementGeneratePlugin, type PlacementScorePlugin } from './placementAlgorithm';
import { Status } from './status';

const nodes = ['n1', 'n2', 'n3', 'n4'].map((n) => new NodeInfo(makeNode().name(n).obj()));
const fakeGenerate = (byName: Record<string, string[]>): PlacementGeneratePlugin => ({
  name: 'fake',
  generatePlacements: (parent) => Object.entries(byName).map(([name, ns]) => ({ name, nodes: parent.nodes.filter((n) => ns.includes(n.name)) })),
});
const fakeScore = (byName: Record<string, number>, weight = 1): PlacementScorePlugin => ({ name: 'fakeScore', weight, scorePlacement: (a) => byName[a.placement.name] ?? 0 });
const pod = makePod().name('p').obj();
/** the group fits on placements whose names are in `fits` */
const tryOn = (fits: string[]) => (p: Placement) => fits.includes(p.name)
  ? { status: Status.success(), assignments: [{ pod, nodeName: p.nodes[0]!.name }], result: p.name }
  : { status: Status.unschedulable('0/2 nodes are available'), assignments: [], result: p.name };
const noRandom = () => 0;

describe('podGroupSchedulingPlacementAlgorithm', () => {
  it.each([
    { name: 'the highest-scoring feasible placement is chosen', fits: ['a', 'b'], scores: { a: 10, b: 20 }, chosen: 'b', status: 'Success' },
    { name: 'a single feasible placement is chosen without scoring', fits: ['a'], scores: { a: 0, b: 100 }, chosen: 'a', status: 'Success' },
    { name: 'an infeasible placement is never chosen, whatever its score', fits: ['a', 'c'], scores: { a: 1, b: 100, c: 2 }, chosen: 'c', status: 'Success' },
  ])('$name', (row) => {
    const r = podGroupSchedulingPlacementAlgorithm([fakeGenerate({ a: ['n1', 'n2'], b: ['n3'], c: ['n4'] })], [fakeScore(row.scores as Record<string, number>)], nodes, tryOn(row.fits), noRandom);
    expect(r.status.code).toBe(row.status);
    expect(r.attempt?.result).toBe(row.chosen);
    expect(r.candidates.filter((c) => c.chosen).map((c) => c.name)).toEqual([row.chosen]);
  });

  it('no feasible placement: Unschedulable with the count and the first placement\'s status', () => {
    const r = podGroupSchedulingPlacementAlgorithm([fakeGenerate({ a: ['n1'], b: ['n2'] })], [], nodes, tryOn([]), noRandom);
    expect(r.status.code).toBe('Unschedulable');
    expect(r.status.message()).toBe('0/2 placements are available, first placement status: 0/2 nodes are available');
    expect(r.candidates.map((c) => [c.name, c.feasible])).toEqual([['a', false], ['b', false]]);
  });

  // upstream TestPodGroupSchedulingPlacementAlgorithm: "when no placements are generated, returns unschedulable"
  it('no placement generated: "no feasible placements found" from the generate plugin, never "0/0 placements are available" (upstream podGroupFitError, numPlacements 0)', () => {
    const r = podGroupSchedulingPlacementAlgorithm([fakeGenerate({})], [], nodes, tryOn(['a']), noRandom);
    expect(r.status.code).toBe('Unschedulable');
    expect(r.status.message()).toBe('no feasible placements found');
    expect(r.status.plugin).toBe('fake');
    expect(r.status.message()).not.toMatch(/0\/0/);
    expect(r.candidates).toEqual([]);
  });

  it('scores are weighted and summed across plugins; the trace keeps each plugin\'s', () => {
    const r = podGroupSchedulingPlacementAlgorithm(
      [fakeGenerate({ a: ['n1'], b: ['n2'] })], [fakeScore({ a: 30, b: 10 }), { ...fakeScore({ a: 0, b: 20 }, 2), name: 'other' }], nodes, tryOn(['a', 'b']), noRandom,
    );
    expect(r.attempt?.result).toBe('b');
    expect(r.candidates.map((c) => c.totalScore)).toEqual([30, 50]);
    expect(r.candidates[1]!.scores).toEqual([{ plugin: 'fakeScore', score: 10 }, { plugin: 'other', score: 20 }]);
  });

  it('a normalize error fails the cycle with the plugin named', () => {
    const failing: PlacementScorePlugin = { ...fakeScore({}), name: 'PodGroupPodsCount', normalizePlacementScore: () => Status.error('boom') };
    const r = podGroupSchedulingPlacementAlgorithm([fakeGenerate({ a: ['n1'], b: ['n2'] })], [failing], nodes, tryOn(['a', 'b']), noRandom);
    expect(r.status.code).toBe('Error');
    expect(r.status.plugin).toBe('PodGroupPodsCount');
  });

  it('equal totals: the seeded generator picks (upstream: rand.Int per placement)', () => {
    const draws = [0.1, 0.9];
    let i = 0;
    const r = podGroupSchedulingPlacementAlgorithm([fakeGenerate({ a: ['n1'], b: ['n2'] })], [fakeScore({ a: 5, b: 5 })], nodes, tryOn(['a', 'b']), () => draws[i++]!);
    expect(r.attempt?.result).toBe('b');
  });

  it('a generate error stops the cycle before any placement is tried', () => {
    let tried = 0;
    const gen: PlacementGeneratePlugin = { name: 'TopologyPlacement', generatePlacements: () => Status.error('bad') };
    const r = podGroupSchedulingPlacementAlgorithm([gen], [], nodes, (p) => { tried++; return tryOn([])(p); }, noRandom);
    expect(r.status.code).toBe('Error');
    expect(r.status.plugin).toBe('TopologyPlacement');
    expect(tried).toBe(0);
  });
});
