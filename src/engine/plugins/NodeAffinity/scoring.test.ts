// Cases from upstream nodeaffinity/node_affinity_test.go (TestNodeAffinityPriority).
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { newPodInfo } from '../../framework/podInfo';
import type { Affinity, Labels, Node, NodeAffinity as NodeAffinityType, Pod } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv, runScore } from '../../testing/framework';
import { NodeAffinity } from './index';

const label1 = { foo: 'bar' };
const label2 = { key: 'value' };
const label3 = { az: 'az1' };
const label4 = { abc: 'az11', def: 'az22' };
const label5 = { foo: 'bar', key: 'value', az: 'az1' };

const affinity1: Affinity = {
  nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 2, preference: { matchExpressions: [{ key: 'foo', operator: 'In', values: ['bar'] }] } }] },
};
const affinity2: Affinity = {
  nodeAffinity: {
    preferredDuringSchedulingIgnoredDuringExecution: [
      { weight: 2, preference: { matchExpressions: [{ key: 'foo', operator: 'In', values: ['bar'] }] } },
      { weight: 4, preference: { matchExpressions: [{ key: 'key', operator: 'In', values: ['value'] }] } },
      {
        weight: 5,
        preference: {
          matchExpressions: [
            { key: 'foo', operator: 'In', values: ['bar'] },
            { key: 'key', operator: 'In', values: ['value'] },
            { key: 'az', operator: 'In', values: ['az1'] },
          ],
        },
      },
    ],
  },
};

function pod(affinity?: Affinity): Pod {
  const p = makePod().name('p').obj();
  if (affinity) p.spec.affinity = affinity;
  return p;
}
const node = (name: string, labels: Labels): Node => makeNode().name(name).labels(labels).obj();

interface Case {
  name: string;
  pod: Pod;
  nodes: Node[];
  expected?: Record<string, number>;
  addedAffinity?: NodeAffinityType;
  runPreScore?: boolean;
  preScore?: { code: string; message?: string };
}

const cases: Case[] = [
  { name: 'all nodes are same priority as NodeAffinity is nil', pod: pod(), nodes: [node('node1', label1), node('node2', label2), node('node3', label3)], expected: { node1: 0, node2: 0, node3: 0 }, runPreScore: false },
  { name: 'Skip is returned in PreScore when NodeAffinity is nil', pod: pod(), nodes: [node('node1', label1)], preScore: { code: 'Skip' } },
  {
    name: 'PreScore returns error when an incoming Pod has a broken affinity',
    pod: pod({ nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 2, preference: { matchExpressions: [{ key: 'invalid key', operator: 'In', values: ['bar'] }] } }] } }),
    nodes: [node('node1', label1)],
    preScore: { code: 'Error', message: `[0].matchExpressions[0].key: Invalid value: "invalid key": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')` },
  },
  { name: "no node matches preferred scheduling requirements in NodeAffinity of pod so all nodes' priority is zero", pod: pod(affinity1), nodes: [node('node1', label4), node('node2', label2), node('node3', label3)], expected: { node1: 0, node2: 0, node3: 0 } },
  { name: 'only node1 matches the preferred scheduling requirements of pod', pod: pod(affinity1), nodes: [node('node1', label1), node('node2', label2), node('node3', label3)], expected: { node1: 100, node2: 0, node3: 0 } },
  { name: 'all nodes matches the preferred scheduling requirements of pod but with different priorities ', pod: pod(affinity2), nodes: [node('node1', label1), node('node5', label5), node('node2', label2)], expected: { node1: 18, node5: 100, node2: 36 } },
  { name: 'added affinity', pod: pod(), nodes: [node('node1', label1), node('node2', label2)], expected: { node1: 100, node2: 0 }, addedAffinity: affinity1.nodeAffinity },
  {
    name: 'added affinity and pod has default affinity',
    pod: pod(affinity1),
    nodes: [node('node1', label1), node('node2', label2), node('node3', label5)],
    expected: { node1: 40, node2: 60, node3: 100 },
    addedAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 3, preference: { matchExpressions: [{ key: 'key', operator: 'In', values: ['value'] }] } }] },
  },
  { name: 'calculate the priorities correctly even if PreScore is not called', pod: pod(affinity2), nodes: [node('node1', label1), node('node5', label5), node('node2', label2)], expected: { node1: 18, node5: 100, node2: 36 } },
];

describe('NodeAffinity PreScore + Score + NormalizeScore (TestNodeAffinityPriority)', () => {
  it.each(cases)('$name', (c) => {
    const env = newTestEnv({ nodes: c.nodes });
    const plugin = NodeAffinity.factory({ ...(c.addedAffinity ? { addedAffinity: c.addedAffinity } : {}) }, env.handle);
    if (c.runPreScore === false) {
      // Score falls back to parsing the pod's terms itself
      const state = new CycleState();
      const scores = c.nodes.map((n) => ({ name: n.metadata.name, score: plugin.score!(state, newPodInfo(c.pod), env.snapshot.get(n.metadata.name)!) as number }));
      plugin.normalizeScore!(state, newPodInfo(c.pod), scores);
      expect(Object.fromEntries(scores.map((s) => [s.name, s.score]))).toEqual(c.expected);
      return;
    }
    const { preScore, normalized } = runScore(plugin, env, c.pod, c.nodes.map((n) => n.metadata.name));
    expect(preScore.code).toBe(c.preScore?.code ?? 'Success');
    if (c.preScore?.message) expect(preScore.message()).toBe(c.preScore.message);
    if (!preScore.isSuccess()) return;
    expect(Object.fromEntries(normalized!.map((s) => [s.name, s.score]))).toEqual(c.expected);
  });
});
