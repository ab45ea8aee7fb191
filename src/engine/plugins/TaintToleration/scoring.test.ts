// Cases from upstream tainttoleration/taint_toleration_test.go (TestTaintTolerationScore).
import { describe, expect, it } from 'vitest';
import type { Node, Pod, Taint, Toleration } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv, runScore } from '../../testing/framework';
import { TaintToleration } from './index';

const nodeWithTaints = (name: string, taints: Taint[]): Node => makeNode().name(name).taints(taints).obj();
function podWithTolerations(tolerations: Toleration[]): Pod {
  const pod = makePod().name('pod1');
  for (const t of tolerations) pod.toleration(t);
  return pod.obj();
}
const prefer = (key: string, value: string): Taint => ({ key, value, effect: 'PreferNoSchedule' });

const cases: { name: string; pod: Pod; nodes: Node[]; expected: Record<string, number> }[] = [
  {
    name: 'node with taints tolerated by the pod, gets a higher score than those node with intolerable taints',
    pod: podWithTolerations([{ key: 'foo', operator: 'Equal', value: 'bar', effect: 'PreferNoSchedule' }]),
    nodes: [nodeWithTaints('nodeA', [prefer('foo', 'bar')]), nodeWithTaints('nodeB', [prefer('foo', 'blah')])],
    expected: { nodeA: 100, nodeB: 0 },
  },
  {
    name: 'the nodes that all of their taints are tolerated by the pod, get the same score, no matter how many tolerable taints a node has',
    pod: podWithTolerations([
      { key: 'cpu-type', operator: 'Equal', value: 'arm64', effect: 'PreferNoSchedule' },
      { key: 'disk-type', operator: 'Equal', value: 'ssd', effect: 'PreferNoSchedule' },
    ]),
    nodes: [nodeWithTaints('nodeA', []), nodeWithTaints('nodeB', [prefer('cpu-type', 'arm64')]), nodeWithTaints('nodeC', [prefer('cpu-type', 'arm64'), prefer('disk-type', 'ssd')])],
    expected: { nodeA: 100, nodeB: 100, nodeC: 100 },
  },
  {
    name: 'the more intolerable taints a node has, the lower score it gets.',
    pod: podWithTolerations([{ key: 'foo', operator: 'Equal', value: 'bar', effect: 'PreferNoSchedule' }]),
    nodes: [nodeWithTaints('nodeA', []), nodeWithTaints('nodeB', [prefer('cpu-type', 'arm64')]), nodeWithTaints('nodeC', [prefer('cpu-type', 'arm64'), prefer('disk-type', 'ssd')])],
    expected: { nodeA: 100, nodeB: 50, nodeC: 0 },
  },
  {
    name: 'only taints and tolerations that have effect PreferNoSchedule are checked by taints-tolerations priority function',
    pod: podWithTolerations([
      { key: 'cpu-type', operator: 'Equal', value: 'arm64', effect: 'NoSchedule' },
      { key: 'disk-type', operator: 'Equal', value: 'ssd', effect: 'NoSchedule' },
    ]),
    nodes: [nodeWithTaints('nodeA', []), nodeWithTaints('nodeB', [{ key: 'cpu-type', value: 'arm64', effect: 'NoSchedule' }]), nodeWithTaints('nodeC', [prefer('cpu-type', 'arm64'), prefer('disk-type', 'ssd')])],
    expected: { nodeA: 100, nodeB: 100, nodeC: 0 },
  },
  {
    name: 'Default behaviour No taints and tolerations, lands on node with no taints',
    pod: podWithTolerations([]),
    nodes: [nodeWithTaints('nodeA', []), nodeWithTaints('nodeB', [prefer('cpu-type', 'arm64')])],
    expected: { nodeA: 100, nodeB: 0 },
  },
];

describe('TaintToleration Score (TestTaintTolerationScore)', () => {
  it.each(cases)('$name', ({ pod, nodes, expected }) => {
    const env = newTestEnv({ nodes });
    const { preScore, normalized } = runScore(TaintToleration.factory(undefined, env.handle), env, pod, nodes.map((n) => n.metadata.name));
    expect(preScore.code).toBe('Success');
    expect(Object.fromEntries(normalized!.map((s) => [s.name, s.score]))).toEqual(expected);
  });
});
