// Cases from upstream interpodaffinity/scoring_test.go (TestPreferredAffinity, including the
// ignorePreferredTermsOfExistingPods rows, and TestPreferredAffinityWithHardPodAffinitySymmetricWeight).
// The two "invalid (Anti)Affinity fails PreScore" rows are not ported: the scenario loader rejects
// invalid label values. Upstream's namespace "" is "default" here.
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { MAX_NODE_SCORE } from '../../framework/interfaces';
import { newPodInfo } from '../../framework/podInfo';
import type { Affinity, LabelSelector, Node, Pod, WeightedPodAffinityTerm } from '../../model/types';
import { newTestEnv, runScore } from '../../testing/framework';
import { InterPodAffinity, type InterPodAffinityArgs } from './index';
import { named, namespaces, node, pod } from './testdata';

const securityIn = (...values: string[]): LabelSelector => ({ matchExpressions: [{ key: 'security', operator: 'In', values }] });
const weighted = (weight: number, labelSelector: LabelSelector, topologyKey: string, extra: Partial<WeightedPodAffinityTerm['podAffinityTerm']> = {}): WeightedPodAffinityTerm =>
  ({ weight, podAffinityTerm: { labelSelector, topologyKey, ...extra } });
const team1Selector: LabelSelector = { matchExpressions: [{ key: 'team', operator: 'In', values: ['team1'] }] };

const labelRgChina = { region: 'China' };
const labelRgIndia = { region: 'India' };
const labelAzAz1 = { az: 'az1' };
const labelAzAz2 = { az: 'az2' };
const labelRgChinaAzAz1 = { region: 'China', az: 'az1' };
const S1 = { security: 'S1' };
const S2 = { security: 'S2' };

const stayWithS1InRegion: Affinity = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [weighted(5, securityIn('S1'), 'region')] } };
const stayWithS2InRegion: Affinity = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [weighted(6, securityIn('S2'), 'region')] } };
const affinity3: Affinity = {
  podAffinity: {
    preferredDuringSchedulingIgnoredDuringExecution: [
      weighted(8, { matchExpressions: [{ key: 'security', operator: 'NotIn', values: ['S1'] }, { key: 'security', operator: 'In', values: ['S2'] }] }, 'region'),
      weighted(2, { matchExpressions: [{ key: 'security', operator: 'Exists' }, { key: 'wrongkey', operator: 'DoesNotExist' }] }, 'region'),
    ],
  },
};
const hardAffinity: Affinity = {
  podAffinity: {
    requiredDuringSchedulingIgnoredDuringExecution: [
      { labelSelector: securityIn('S1', 'value2'), topologyKey: 'region' },
      { labelSelector: { matchExpressions: [{ key: 'security', operator: 'Exists' }, { key: 'wrongkey', operator: 'DoesNotExist' }] }, topologyKey: 'region' },
    ],
  },
};
const awayFromS1InAz: Affinity = { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [weighted(5, securityIn('S1'), 'az')] } };
const awayFromS2InAz: Affinity = { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [weighted(5, securityIn('S2'), 'az')] } };
const stayWithS1InRegionAwayFromS2InAz: Affinity = {
  podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [weighted(8, securityIn('S1'), 'region')] },
  podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [weighted(5, securityIn('S2'), 'az')] },
};
const nsTerm = weighted(5, securityIn('S1'), 'region', { namespaces: ['subteam2.team2'], namespaceSelector: team1Selector });
const affinityNamespaceSelector: Affinity = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [nsTerm] } };
const antiAffinityNamespaceSelector: Affinity = { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [nsTerm] } };

interface Row {
  name: string;
  pod: Pod;
  pods?: Pod[];
  nodes: Node[];
  /** node name -> normalized score, in node order */
  expected?: Record<string, number>;
  wantPreScore?: 'Skip';
  args?: InterPodAffinityArgs;
}

function score(row: Row) {
  const env = newTestEnv({ nodes: row.nodes, pods: named(row.pods ?? []), namespaces });
  return runScore(InterPodAffinity.factory(row.args ?? { hardPodAffinityWeight: 1 }, env.handle), env, row.pod);
}

function check(row: Row): void {
  const { preScore, normalized } = score(row);
  if (row.wantPreScore === 'Skip') {
    expect(preScore.code).toBe('Skip');
    return;
  }
  expect(preScore.code).toBe('Success');
  expect(Object.fromEntries(normalized!.map((e) => [e.name, e.score]))).toEqual(row.expected);
}

describe('InterPodAffinity Score: TestPreferredAffinity', () => {
  const threeNodes = [node('node1', labelRgChina), node('node2', labelRgIndia), node('node3', labelAzAz1)];
  const rows: Row[] = [
    { name: 'all nodes are same priority as Affinity is nil', pod: pod({ labels: S1 }), nodes: threeNodes, wantPreScore: 'Skip' },
    {
      name: 'Affinity: pod that matches topology key & pods in nodes will get high score comparing to otherswhich doesn\'t match either pods in nodes or in topology key',
      pod: pod({ labels: S1, affinity: stayWithS1InRegion }),
      pods: [pod({ node: 'node1', labels: S1 }), pod({ node: 'node2', labels: S2 }), pod({ node: 'node3', labels: S1 })],
      nodes: threeNodes, expected: { node1: MAX_NODE_SCORE, node2: 0, node3: 0 },
    },
    {
      name: 'All the nodes that have the same topology key & label value with one of them has an existing pod that match the affinity rules, have the same score',
      pod: pod({ affinity: stayWithS1InRegion }),
      pods: [pod({ node: 'node1', labels: S1 })],
      nodes: [node('node1', labelRgChina), node('node2', labelRgChinaAzAz1), node('node3', labelRgIndia)],
      expected: { node1: MAX_NODE_SCORE, node2: MAX_NODE_SCORE, node3: 0 },
    },
    {
      name: 'Affinity: nodes in one region has more matching pods comparing to other region, so the region which has more matches will get high score',
      pod: pod({ labels: S1, affinity: stayWithS2InRegion }),
      pods: ['node1', 'node1', 'node2', 'node3', 'node4', 'node5'].map((n) => pod({ node: n, labels: S2 })),
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia), node('node3', labelRgChina), node('node4', labelRgChina), node('node5', labelRgIndia)],
      expected: { node1: MAX_NODE_SCORE, node2: 0, node3: MAX_NODE_SCORE, node4: MAX_NODE_SCORE, node5: 0 },
    },
    {
      name: 'Affinity: different Label operators and values for pod affinity scheduling preference, including some match failures ',
      pod: pod({ labels: S1, affinity: affinity3 }),
      pods: [pod({ node: 'node1', labels: S1 }), pod({ node: 'node2', labels: S2 }), pod({ node: 'node3', labels: S1 })],
      nodes: threeNodes, expected: { node1: 20, node2: MAX_NODE_SCORE, node3: 0 },
    },
    {
      name: 'Affinity symmetry: considered only the preferredDuringSchedulingIgnoredDuringExecution in pod affinity symmetry',
      pod: pod({ labels: S2 }),
      pods: [pod({ node: 'node1', labels: S1, affinity: stayWithS1InRegion }), pod({ node: 'node2', labels: S2, affinity: stayWithS2InRegion })],
      nodes: threeNodes, expected: { node1: 0, node2: MAX_NODE_SCORE, node3: 0 },
    },
    {
      name: 'Affinity symmetry with namespace selector',
      pod: pod({ namespace: 'subteam1.team1', labels: S1 }),
      pods: [pod({ node: 'node1', labels: S1, affinity: affinityNamespaceSelector }), pod({ node: 'node2', labels: S2, affinity: stayWithS2InRegion })],
      nodes: threeNodes, expected: { node1: MAX_NODE_SCORE, node2: 0, node3: 0 },
    },
    {
      name: 'AntiAffinity symmetry with namespace selector',
      pod: pod({ namespace: 'subteam1.team1', labels: S1 }),
      pods: [pod({ node: 'node1', labels: S1, affinity: antiAffinityNamespaceSelector }), pod({ node: 'node2', labels: S2, affinity: stayWithS2InRegion })],
      nodes: threeNodes, expected: { node1: 0, node2: MAX_NODE_SCORE, node3: MAX_NODE_SCORE },
    },
    {
      name: 'Affinity symmetry: considered RequiredDuringSchedulingIgnoredDuringExecution in pod affinity symmetry',
      pod: pod({ labels: S1 }),
      pods: [pod({ node: 'node1', labels: S1, affinity: hardAffinity }), pod({ node: 'node2', labels: S2, affinity: hardAffinity })],
      nodes: threeNodes, expected: { node1: MAX_NODE_SCORE, node2: MAX_NODE_SCORE, node3: 0 },
    },
    {
      name: 'Anti Affinity: pod that does not match existing pods in node will get high score ',
      pod: pod({ labels: S1, affinity: awayFromS1InAz }),
      pods: [pod({ node: 'node1', labels: S1 }), pod({ node: 'node2', labels: S2 })],
      nodes: [node('node1', labelAzAz1), node('node2', labelRgChina)], expected: { node1: 0, node2: MAX_NODE_SCORE },
    },
    {
      name: 'Anti Affinity: pod that does not match topology key & match the pods in nodes will get higher score comparing to others ',
      pod: pod({ labels: S1, affinity: awayFromS1InAz }),
      pods: [pod({ node: 'node1', labels: S1 }), pod({ node: 'node2', labels: S1 })],
      nodes: [node('node1', labelAzAz1), node('node2', labelRgChina)], expected: { node1: 0, node2: MAX_NODE_SCORE },
    },
    {
      name: 'Anti Affinity: one node has more matching pods comparing to other node, so the node which has more unmatches will get high score',
      pod: pod({ labels: S1, affinity: awayFromS1InAz }),
      pods: [pod({ node: 'node1', labels: S1 }), pod({ node: 'node1', labels: S1 }), pod({ node: 'node2', labels: S2 })],
      nodes: [node('node1', labelAzAz1), node('node2', labelRgIndia)], expected: { node1: 0, node2: MAX_NODE_SCORE },
    },
    {
      name: 'Anti Affinity symmetry: the existing pods in node which has anti affinity match will get high score',
      pod: pod({ labels: S2 }),
      pods: [pod({ node: 'node1', labels: S1, affinity: awayFromS2InAz }), pod({ node: 'node2', labels: S2, affinity: awayFromS1InAz })],
      nodes: [node('node1', labelAzAz1), node('node2', labelAzAz2)], expected: { node1: 0, node2: MAX_NODE_SCORE },
    },
    {
      name: 'Affinity and Anti Affinity: considered only preferredDuringSchedulingIgnoredDuringExecution in both pod affinity & anti affinity',
      pod: pod({ labels: S1, affinity: stayWithS1InRegionAwayFromS2InAz }),
      pods: [pod({ node: 'node1', labels: S1 }), pod({ node: 'node2', labels: S1 })],
      nodes: [node('node1', labelRgChina), node('node2', labelAzAz1)], expected: { node1: MAX_NODE_SCORE, node2: 0 },
    },
    {
      name: 'Affinity and Anti Affinity: considering both affinity and anti-affinity, the pod to schedule and existing pods have the same labels',
      pod: pod({ labels: S1, affinity: stayWithS1InRegionAwayFromS2InAz }),
      pods: ['node1', 'node1', 'node2', 'node3', 'node3', 'node4', 'node5'].map((n) => pod({ node: n, labels: S1 })),
      nodes: [node('node1', labelRgChinaAzAz1), node('node2', labelRgIndia), node('node3', labelRgChina), node('node4', labelRgChina), node('node5', labelRgIndia)],
      expected: { node1: MAX_NODE_SCORE, node2: 0, node3: MAX_NODE_SCORE, node4: MAX_NODE_SCORE, node5: 0 },
    },
    {
      name: 'Affinity and Anti Affinity and symmetry: considered only preferredDuringSchedulingIgnoredDuringExecution in both pod affinity & anti affinity & symmetry',
      pod: pod({ labels: S1, affinity: stayWithS1InRegionAwayFromS2InAz }),
      pods: [
        pod({ node: 'node1', labels: S1 }), pod({ node: 'node2', labels: S2 }),
        pod({ node: 'node3', affinity: stayWithS1InRegionAwayFromS2InAz }), pod({ node: 'node4', affinity: awayFromS1InAz }),
      ],
      nodes: [node('node1', labelRgChina), node('node2', labelAzAz1), node('node3', labelRgIndia), node('node4', labelAzAz2)],
      expected: { node1: MAX_NODE_SCORE, node2: 0, node3: MAX_NODE_SCORE, node4: 0 },
    },
    {
      name: "Avoid panic when partial nodes in a topology don't have pods with affinity",
      pod: pod({ labels: S1 }),
      pods: [pod({ node: 'node1', labels: S1 }), pod({ node: 'node2', affinity: stayWithS1InRegionAwayFromS2InAz })],
      nodes: [node('node1', labelRgChina), node('node2', labelRgChina)], expected: { node1: 0, node2: 0 },
    },
    {
      name: 'Affinity with pods matching NamespaceSelector',
      pod: pod({ namespace: 'subteam1.team1', labels: S1, affinity: affinityNamespaceSelector }),
      pods: [
        pod({ node: 'node1', namespace: 'subteam1.team1', labels: S1 }), pod({ node: 'node1', namespace: 'subteam1.team1', labels: S1 }),
        pod({ node: 'node1', namespace: 'subteam1.team2', labels: S1 }), pod({ node: 'node2', namespace: 'subteam2.team1', labels: S1 }),
      ],
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia)], expected: { node1: MAX_NODE_SCORE, node2: 0 },
    },
    {
      name: 'Affinity with pods matching both NamespaceSelector and Namespaces fields',
      pod: pod({ namespace: 'subteam1.team1', labels: S1, affinity: affinityNamespaceSelector }),
      pods: [
        pod({ node: 'node1', namespace: 'subteam1.team1', labels: S1 }), pod({ node: 'node1', namespace: 'subteam1.team1', labels: S1 }),
        pod({ node: 'node1', namespace: 'subteam2.team2', labels: S1 }), pod({ node: 'node2', namespace: 'subteam2.team1', labels: S1 }),
      ],
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia)], expected: { node1: MAX_NODE_SCORE, node2: 0 },
    },
    {
      name: 'Affinity with pods matching NamespaceSelector (anti-affinity)',
      pod: pod({ namespace: 'subteam1.team1', labels: S1, affinity: antiAffinityNamespaceSelector }),
      pods: [
        pod({ node: 'node1', namespace: 'subteam1.team1', labels: S1 }), pod({ node: 'node1', namespace: 'subteam1.team1', labels: S1 }),
        pod({ node: 'node1', namespace: 'subteam1.team2', labels: S1 }), pod({ node: 'node2', namespace: 'subteam2.team1', labels: S1 }),
      ],
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia)], expected: { node1: 0, node2: MAX_NODE_SCORE },
    },
    {
      name: 'Affinity with pods matching both NamespaceSelector and Namespaces fields (anti-affinity)',
      pod: pod({ namespace: 'subteam1.team1', labels: S1, affinity: antiAffinityNamespaceSelector }),
      pods: [
        pod({ node: 'node1', namespace: 'subteam1.team1', labels: S1 }), pod({ node: 'node1', namespace: 'subteam1.team1', labels: S1 }),
        pod({ node: 'node1', namespace: 'subteam2.team2', labels: S1 }), pod({ node: 'node2', namespace: 'subteam2.team1', labels: S1 }),
      ],
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia)], expected: { node1: 0, node2: MAX_NODE_SCORE },
    },
    {
      name: 'Ignore preferred terms of existing pods',
      pod: pod({ labels: S2 }),
      pods: [pod({ node: 'node1', labels: S1, affinity: stayWithS1InRegionAwayFromS2InAz }), pod({ node: 'node2', labels: S2, affinity: stayWithS2InRegion })],
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia)],
      wantPreScore: 'Skip', args: { hardPodAffinityWeight: 1, ignorePreferredTermsOfExistingPods: true },
    },
    {
      name: 'Do not ignore preferred terms of existing pods',
      pod: pod({ labels: S2 }),
      pods: [pod({ node: 'node1', labels: S1, affinity: stayWithS1InRegionAwayFromS2InAz }), pod({ node: 'node2', labels: S2, affinity: stayWithS2InRegion })],
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia)],
      expected: { node1: 0, node2: MAX_NODE_SCORE }, args: { hardPodAffinityWeight: 1, ignorePreferredTermsOfExistingPods: false },
    },
    { name: 'No nodes to score', pod: pod({ labels: S2 }), nodes: [], wantPreScore: 'Skip' },
  ];

  it.each(rows)('$name', check);
});

describe('InterPodAffinity Score: TestPreferredAffinityWithHardPodAffinitySymmetricWeight', () => {
  const hardPodAffinity: Affinity = {
    podAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [{
        labelSelector: { matchExpressions: [{ key: 'service', operator: 'In', values: ['S1'] }] },
        namespaces: ['default', 'subteam2.team2'], namespaceSelector: team1Selector, topologyKey: 'region',
      }],
    },
  };
  const nodes = [node('node1', labelRgChina), node('node2', labelRgIndia), node('node3', labelAzAz1)];
  const existing = [pod({ node: 'node1', affinity: hardPodAffinity }), pod({ node: 'node2', affinity: hardPodAffinity })];
  const serviceS1 = { service: 'S1' };
  const rows: Row[] = [
    {
      name: 'with default weight', pod: pod({ labels: serviceS1 }), pods: existing, nodes,
      args: {}, expected: { node1: MAX_NODE_SCORE, node2: MAX_NODE_SCORE, node3: 0 },
    },
    { name: 'with zero weight', pod: pod({ labels: serviceS1 }), pods: existing, nodes, args: { hardPodAffinityWeight: 0 }, wantPreScore: 'Skip' },
    { name: 'with no matching namespace', pod: pod({ namespace: 'subteam1.team2', labels: serviceS1 }), pods: existing, nodes, args: {}, wantPreScore: 'Skip' },
    {
      name: 'with matching NamespaceSelector', pod: pod({ namespace: 'subteam1.team1', labels: serviceS1 }), pods: existing, nodes,
      args: {}, expected: { node1: MAX_NODE_SCORE, node2: MAX_NODE_SCORE, node3: 0 },
    },
    {
      name: 'with matching Namespaces', pod: pod({ namespace: 'subteam2.team2', labels: serviceS1 }), pods: existing, nodes,
      args: {}, expected: { node1: MAX_NODE_SCORE, node2: MAX_NODE_SCORE, node3: 0 },
    },
  ];

  it.each(rows)('$name', check);

  it('raw scores are the summed weights (hardPodAffinityWeight 7: +7 per matching required term)', () => {
    const { raw } = score({ name: '', pod: pod({ labels: serviceS1 }), pods: existing, nodes, args: { hardPodAffinityWeight: 7 } });
    expect(raw).toEqual([{ name: 'node1', score: 7 }, { name: 'node2', score: 7 }, { name: 'node3', score: 0 }]);
  });
});

describe('InterPodAffinity Score/NormalizeScore without PreScore state', () => {
  it('Score and NormalizeScore report the missing state as an error', () => {
    const env = newTestEnv({ nodes: [node('n')] });
    const plugin = InterPodAffinity.factory({}, env.handle);
    const p = newPodInfo(pod({ labels: S1 }));
    const s = plugin.score!(new CycleState(), p, env.snapshot.get('n')!);
    expect(typeof s === 'number' ? s : s.reasons).toEqual(['failed to read "PreScoreInterPodAffinity" from cycleState: not found']);
    expect(plugin.normalizeScore!(new CycleState(), p, [{ name: 'n', score: 1 }]).code).toBe('Error');
  });
});
