// The placement plugins together, as a v1.36 pod group cycle with TopologyAwareWorkloadScheduling
// runs them: a 4-pod training job with a rack constraint, racks of two 4-cpu nodes and a one-node rack. The group's default
// algorithm is stood in for by a first-fit on cpu (each pod needs 1 cpu).

import { describe, expect, it } from 'vitest';
import { NodeInfo } from '../framework/nodeInfo';
import { newPodInfo } from '../framework/podInfo';
import type { Placement } from '../framework/placement';
import { podGroupSchedulingPlacementAlgorithm } from '../framework/placementAlgorithm';
import { Status } from '../framework/status';
import { makeNode, makePod } from '../testing/builders';
import { placementPlugins } from './placementPlugins';

const worker = (i: number) => makePod().name(`trainer-${i}`).req({ cpu: '1', memory: '1Gi' }).obj();
const group = [0, 1, 2, 3].map(worker);

function cluster(busy: Record<string, number>): NodeInfo[] {
  return [['a1', 'rack-a'], ['a2', 'rack-a'], ['b1', 'rack-b'], ['b2', 'rack-b'], ['c1', 'rack-c']].map(([name, rack]) => {
    const ni = new NodeInfo(makeNode().name(name!).label('topology.kubernetes.io/rack', rack!).capacity({ cpu: '4', memory: '8Gi', pods: '110' }).obj());
    for (let i = 0; i < (busy[name!] ?? 0); i++) ni.addPod(newPodInfo(makePod().name(`busy-${name}-${i}`).node(name!).req({ cpu: '1', memory: '1Gi' }).obj()));
    return ni;
  });
}

function firstFit(p: Placement) {
  const free = new Map(p.nodes.map((n) => [n.name, (n.allocatable.milliCPU - n.requested.milliCPU) / 1000]));
  const assignments = [];
  for (const pod of group) {
    const node = p.nodes.find((n) => free.get(n.name)! >= 1);
    if (!node) return { status: Status.unschedulable(`pod ${pod.metadata.name}: 0/${p.nodes.length} nodes are available: ${p.nodes.length} Insufficient cpu.`), assignments: [], result: p.name };
    free.set(node.name, free.get(node.name)! - 1);
    assignments.push({ pod, nodeName: node.name });
  }
  return { status: Status.success(), assignments, result: p.name };
}

describe('topology-aware placement of a training job (TopologyPlacement + NodeResourcesFit + PodGroupPodsCount)', () => {
  it.each<{ name: string; busy: Record<string, number>; chosen: string; scored: boolean }>([
    { name: 'only one rack has room for all four: it is chosen without scoring', busy: { a1: 3, a2: 2, c1: 1 }, chosen: 'rack-b', scored: false },
    { name: 'two racks fit: the fuller one wins (NodeResourcesFit packs; PodGroupPodsCount ties)', busy: { b1: 2, c1: 1 }, chosen: 'rack-b', scored: true },
  ])('$name', ({ busy, chosen, scored }) => {
    const nodes = cluster(busy);
    const byName = new Map(nodes.map((n) => [n.name, n]));
    const { generators, scorers } = placementPlugins({ topologyKey: 'topology.kubernetes.io/rack', scheduledPods: [] }, (n) => byName.get(n));
    const r = podGroupSchedulingPlacementAlgorithm(generators, scorers, nodes, firstFit, () => 0);
    expect(r.status.code).toBe('Success');
    expect(r.attempt?.result).toBe(chosen);
    expect(r.candidates.map((c) => c.name)).toEqual(['rack-a', 'rack-b', 'rack-c']);
    expect(r.candidates.find((c) => c.name === 'rack-c')!.feasible).toBe(false);
    expect(r.candidates.some((c) => c.scores !== undefined)).toBe(scored);
  });

  it('a rack already holding a pod of the group is the only candidate', () => {
    const nodes = cluster({ c1: 1 });
    const byName = new Map(nodes.map((n) => [n.name, n]));
    const { generators } = placementPlugins({ topologyKey: 'topology.kubernetes.io/rack', scheduledPods: [{ pod: 'default/trainer-9', nodeName: 'b2' }] }, (n) => byName.get(n));
    const r = podGroupSchedulingPlacementAlgorithm(generators, [], nodes, firstFit, () => 0);
    expect(r.candidates.map((c) => c.name)).toEqual(['rack-b']);
  });
});
