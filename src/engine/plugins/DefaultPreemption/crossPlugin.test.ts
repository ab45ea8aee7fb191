// Rows of upstream default_preemption_test.go that preempt to satisfy InterPodAffinity or
// PodTopologySpread, with the real plugins: TestDryRunPreemption ("pod with anti-affinity is
// preempted", "preemption to resolve pod topology spread filter failure") and TestPreempt
// ("preemption for topology spread constraints"). Node names "name/zone" become the labels
// hostname=name, zone=zone, as upstream's tables do.
import { describe, expect, it } from 'vitest';
import { newPodInfo } from '../../framework/podInfo';
import type { Pod } from '../../model/types';
import { fakeFilter, nodeStatuses, preFilterState } from '../../preemption/testing';
import { makeNode, makePod } from '../../testing/builders';
import {
  highPriority, interPodAffinity, lowPriority, midPriority, nodeResourcesFit, podTopologySpread, setupPreemption, smallRes, veryLargeRes,
  type PluginBuilder,
} from './testFixtures';

function nodesFrom(specs: string[]) {
  const labelKeys = ['hostname', 'zone', 'region'];
  return specs.map((spec) => {
    const parts = spec.split('/');
    const w = makeNode().name(parts[0]!).capacity(veryLargeRes);
    parts.forEach((v, i) => w.label(labelKeys[i]!, v));
    return w.obj();
  });
}

const exists = (key: string) => ({ matchExpressions: [{ key, operator: 'Exists' as const }] });
const spreadPod = (name: string) => makePod().name(name).uid(name).label('foo', '').priority(highPriority)
  .spreadConstraint(1, 'zone', 'DoNotSchedule', exists('foo'))
  .spreadConstraint(1, 'hostname', 'DoNotSchedule', exists('foo'))
  .obj();
const fooPod = (name: string, node: string, priority: number) => makePod().name(name).uid(name).node(node).label('foo', '').priority(priority).obj();

describe('DryRunPreemption with other filter plugins (upstream TestDryRunPreemption)', () => {
  const rows: { name: string; nodeNames: string[]; plugins: PluginBuilder[]; testPod: Pod; initPods: Pod[]; expected: Record<string, string[]>; expectedNumFilterCalled: number }[] = [
    {
      name: 'pod with anti-affinity is preempted',
      nodeNames: ['node1', 'node2'],
      plugins: [nodeResourcesFit, interPodAffinity],
      testPod: makePod().name('p').uid('p').label('foo', '').priority(highPriority).req(smallRes).obj(),
      initPods: [
        makePod().name('p1.1').uid('p1.1').node('node1').label('foo', '').priority(lowPriority).req(smallRes).podAntiAffinityExists('foo', 'hostname').obj(),
        makePod().name('p1.2').uid('p1.2').node('node1').priority(midPriority).req(smallRes).obj(),
        makePod().name('p1.3').uid('p1.3').node('node1').priority(highPriority).req(smallRes).obj(),
        makePod().name('p2').uid('p2').node('node2').priority(highPriority).req(smallRes).obj(),
      ],
      expected: { node1: ['p1.1'] },
      expectedNumFilterCalled: 3, // no preemption would happen on node2 and no filter call is counted
    },
    {
      name: 'preemption to resolve pod topology spread filter failure',
      nodeNames: ['node-a/zone1', 'node-b/zone1', 'node-x/zone2'],
      plugins: [podTopologySpread],
      testPod: spreadPod('p'),
      initPods: [
        fooPod('pod-a1', 'node-a', midPriority), fooPod('pod-a2', 'node-a', lowPriority),
        fooPod('pod-b1', 'node-b', lowPriority),
        fooPod('pod-x1', 'node-x', highPriority), fooPod('pod-x2', 'node-x', highPriority),
      ],
      expected: { 'node-a': ['pod-a2'], 'node-b': ['pod-b1'] },
      expectedNumFilterCalled: 5, // node-a (3), node-b (2), node-x (0)
    },
  ];
  it.each(rows)('$name', ({ nodeNames, plugins, testPod, initPods, expected, expectedNumFilterCalled }) => {
    const counter = fakeFilter();
    const { env, plugin } = setupPreemption({ nodes: nodesFrom(nodeNames), pods: initPods, plugins: [counter, ...plugins] });
    const nodeInfos = [...env.snapshot.nodeInfoList].sort((a, b) => (a.name < b.name ? -1 : 1));
    const pi = newPodInfo(testPod);
    const { numCandidates } = plugin.getOffsetAndNumCandidates(nodeInfos.length);
    const { candidates } = plugin.evaluator.dryRunPreemption(preFilterState(env, pi), pi, nodeInfos, [], 0, numCandidates);
    expect(Object.fromEntries(candidates.map((c) => [c.name, c.victims.pods.map((v) => v.pod.metadata.name).sort()]))).toEqual(expected);
    expect(counter.numFilterCalled).toBe(expectedNumFilterCalled);
  });
});

describe('Preempt with PodTopologySpread (upstream TestPreempt)', () => {
  it('preemption for topology spread constraints', () => {
    const pods = [
      fooPod('p-a1', 'node-a', highPriority), fooPod('p-a2', 'node-a', highPriority),
      fooPod('p-b1', 'node-b', lowPriority),
      fooPod('p-x1', 'node-x', highPriority), fooPod('p-x2', 'node-x', highPriority),
    ];
    const { env, plugin } = setupPreemption({ nodes: nodesFrom(['node-a/zone1', 'node-b/zone1', 'node-x/zone2']), pods, plugins: [podTopologySpread] });
    const pi = newPodInfo(spreadPod('p'));
    const { result } = plugin.postFilter(preFilterState(env, pi), pi, nodeStatuses({ 'node-a': 'Unschedulable', 'node-b': 'Unschedulable', 'node-x': 'Unschedulable' }));
    expect(result?.nominatedNodeName).toBe('node-b');
    expect(env.apiCalls.map((c) => c.pod)).toEqual(['default/p-b1']);
  });
});
