// scenarios//priority-preemption.yaml at plugin level (Kubernetes docs, "Pod Priority
// and Preemption"): two full nodes; on node-a two priority-100 pods must go, on node-b one
// priority-100 pod is enough, so node-b wins on the sum of victims' priorities.
import { describe, expect, it } from 'vitest';
import { newPodInfo } from '../../framework/podInfo';
import { nodeStatuses, preFilterState } from '../../preemption/testing';
import { makeNode, makePod } from '../../testing/builders';
import { nodeResourcesFit, setupPreemption } from './testFixtures';

const allocatable = { cpu: '2', memory: '4Gi', pods: '110' };
const low = 100, high = 1000000;
const lowPod = (name: string, node: string, cpu: string) => makePod().name(name).node(node).priority(low).req({ cpu }).obj();

describe('scenario priority-preemption.yaml', () => {
  // Different seeds give different dry-run offsets; the outcome must not depend on them.
  it.each([1, 2, 3, 4])('seed %i: node-b is chosen with one victim, node-a is a candidate with two', (seed) => {
    const { env, plugin } = setupPreemption({
      nodes: [makeNode().name('node-a').allocatable(allocatable).obj(), makeNode().name('node-b').allocatable(allocatable).obj()],
      pods: [lowPod('low-a1', 'node-a', '1'), lowPod('low-a2', 'node-a', '1'), lowPod('low-b1', 'node-b', '1500m'), lowPod('low-b2', 'node-b', '500m')],
      plugins: [nodeResourcesFit],
      seed,
    });
    const critical = newPodInfo(makePod().name('critical').priority(high).req({ cpu: '1500m' }).obj());
    const { result, status } = plugin.postFilter(preFilterState(env, critical), critical, nodeStatuses({ 'node-a': 'Unschedulable', 'node-b': 'Unschedulable' }));

    expect(status.code).toBe('Success');
    expect(result?.nominatedNodeName).toBe('node-b');
    const trace = result!.trace!;
    expect([...trace.candidates].sort((a, b) => (a.node < b.node ? -1 : 1))).toEqual([
      { node: 'node-a', victims: ['default/low-a1', 'default/low-a2'], pdbViolations: 0 },
      { node: 'node-b', victims: ['default/low-b1'], pdbViolations: 0 },
    ]);
    expect(trace.chosen).toEqual({ node: 'node-b', victims: ['default/low-b1'] });
    // Equal PDB violations and equal highest victim priority; node-b's victims sum lower.
    expect(trace.selection?.map((s) => ({ ...s, nodes: [...s.nodes].sort() }))).toEqual([
      { criterion: 'minNumPDBViolations', nodes: ['node-a', 'node-b'] },
      { criterion: 'minHighestPriority', nodes: ['node-a', 'node-b'] },
      { criterion: 'minSumPriorities', nodes: ['node-b'] },
    ]);
    expect(trace.rejected).toEqual({});
    expect(trace.message).toBeUndefined();
    expect(env.apiCalls).toEqual([{ call: 'preemptPod', pod: 'default/low-b1', preemptor: 'default/critical', node: 'node-b' }]);
  });
});
