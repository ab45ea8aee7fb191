// Cases from upstream interpodaffinity/filtering_test.go (TestRequiredAffinitySingleNode,
// TestRequiredAffinityMultipleNodes, TestPreFilterDisabled, TestPreFilterStateAddRemovePod,
// TestGetTPMapMatchingIncomingAffinityAntiAffinity). The two "fails PreFilter with an invalid
// label syntax" rows are not ported: our scenario loader rejects invalid selectors before a pod
// reaches the scheduler.
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { newPodInfo } from '../../framework/podInfo';
import type { Labels, Namespace, Node, Pod, PodAffinityTerm } from '../../model/types';
import { makePod } from '../../testing/builders';
import { newTestEnv, runPreFilterAndFilter } from '../../testing/framework';
import { getPreFilterState, TopologyToMatchedTermCount, type PreFilterState } from './filtering';
import { InterPodAffinity } from './index';
import {
  AFFINITY, ANTI_AFFINITY, codeAndReasons, createPodWithAffinityTerms, EXISTING_ANTI_AFFINITY, named, namespaces, node, OK, pod,
  type WantStatus,
} from './testdata';

function run(p: Pod, pods: Pod[], nodes: Node[], nsObjects: Namespace[] = namespaces) {
  const env = newTestEnv({ nodes, pods: named(pods), namespaces: nsObjects });
  return runPreFilterAndFilter(InterPodAffinity.factory({}, env.handle), env, p);
}

const inTerm = (key: string, values: string[], topologyKey: string, extra: Partial<PodAffinityTerm> = {}): PodAffinityTerm => ({
  labelSelector: { matchExpressions: [{ key, operator: 'In', values }] }, topologyKey, ...extra,
});

describe('InterPodAffinity Filter: TestRequiredAffinitySingleNode', () => {
  const podLabel: Labels = { service: 'securityscan' };
  const podLabel2: Labels = { security: 'S1' };
  const existing = makePod().name('existing').labels(podLabel).node('node1').obj();
  const node1 = node('node1', { region: 'r1', zone: 'z11' });

  const cases: { name: string; pod: Pod; pods?: Pod[]; wantPreFilter?: 'Skip'; want?: WantStatus }[] = [
    {
      name: 'A pod that has no required pod affinity scheduling rules can schedule onto a node with no existing pods',
      pod: makePod().name('p').obj(), wantPreFilter: 'Skip',
    },
    {
      name: 'satisfies with requiredDuringSchedulingIgnoredDuringExecution in PodAffinity using In operator that matches the existing pod',
      pod: makePod().name('p').labels(podLabel2).podAffinityIn('service', 'region', ['securityscan', 'value2']).obj(),
      pods: [existing], want: OK,
    },
    {
      name: 'satisfies the pod with requiredDuringSchedulingIgnoredDuringExecution in PodAffinity using not in operator in labelSelector that matches the existing pod',
      pod: makePod().name('p').labels(podLabel2).podAffinityNotIn('service', 'region', ['securityscan3', 'value3']).obj(),
      pods: [existing], want: OK,
    },
    {
      name: 'Does not satisfy the PodAffinity with labelSelector because of diff Namespace',
      pod: createPodWithAffinityTerms('default', '', podLabel2, [inTerm('service', ['securityscan', 'value2'], '', { namespaces: ['DiffNameSpace'] })], undefined),
      pods: [makePod().name('e').namespace('ns').label('service', 'securityscan').node('node1').obj()],
      want: AFFINITY,
    },
    {
      name: "Doesn't satisfy the PodAffinity because of unmatching labelSelector with the existing pod",
      pod: makePod().name('p').labels(podLabel).podAffinityIn('service', '', ['antivirusscan', 'value2']).obj(),
      pods: [existing], want: AFFINITY,
    },
    {
      name: 'satisfies the PodAffinity with different label Operators in multiple RequiredDuringSchedulingIgnoredDuringExecution ',
      pod: createPodWithAffinityTerms('default', '', podLabel2, [
        { labelSelector: { matchExpressions: [{ key: 'service', operator: 'Exists' }, { key: 'wrongkey', operator: 'DoesNotExist' }] }, topologyKey: 'region' },
        { labelSelector: { matchExpressions: [{ key: 'service', operator: 'In', values: ['securityscan'] }, { key: 'service', operator: 'NotIn', values: ['WrongValue'] }] }, topologyKey: 'region' },
      ], undefined),
      pods: [existing], want: OK,
    },
    {
      name: "The labelSelector requirements(items of matchExpressions) are ANDed, the pod cannot schedule onto the node because one of the matchExpression item don't match.",
      pod: createPodWithAffinityTerms('default', '', podLabel2, [
        { labelSelector: { matchExpressions: [{ key: 'service', operator: 'Exists' }, { key: 'wrongkey', operator: 'DoesNotExist' }] }, topologyKey: 'region' },
        { labelSelector: { matchExpressions: [{ key: 'service', operator: 'In', values: ['securityscan2'] }, { key: 'service', operator: 'NotIn', values: ['WrongValue'] }] }, topologyKey: 'region' },
      ], undefined),
      pods: [existing], want: AFFINITY,
    },
    {
      name: 'satisfies the PodAffinity and PodAntiAffinity with the existing pod',
      pod: makePod().name('p').labels(podLabel2).podAffinityIn('service', 'region', ['securityscan', 'value2'])
        .podAntiAffinityIn('service', 'node', ['antivirusscan', 'value2']).obj(),
      pods: [existing], want: OK,
    },
    {
      name: 'satisfies the PodAffinity and PodAntiAffinity and PodAntiAffinity symmetry with the existing pod',
      pod: makePod().name('p').labels(podLabel2).podAffinityIn('service', 'region', ['securityscan', 'value2'])
        .podAntiAffinityIn('service', 'node', ['antivirusscan', 'value2']).obj(),
      pods: [makePod().name('e').node('node1').labels(podLabel).podAntiAffinityIn('service', 'node', ['antivirusscan', 'value2']).obj()],
      want: OK,
    },
    {
      name: "satisfies the PodAffinity but doesn't satisfy the PodAntiAffinity with the existing pod",
      pod: makePod().name('p').labels(podLabel2).podAffinityIn('service', 'region', ['securityscan', 'value2'])
        .podAntiAffinityIn('service', 'zone', ['securityscan', 'value2']).obj(),
      pods: [existing], want: ANTI_AFFINITY,
    },
    {
      name: "satisfies the PodAffinity and PodAntiAffinity but doesn't satisfy PodAntiAffinity symmetry with the existing pod",
      pod: makePod().name('p').labels(podLabel).podAffinityIn('service', 'region', ['securityscan', 'value2'])
        .podAntiAffinityIn('service', 'node', ['antivirusscan', 'value2']).obj(),
      pods: [makePod().name('e').labels(podLabel).node('node1').podAntiAffinityIn('service', 'zone', ['securityscan', 'value2']).obj()],
      want: EXISTING_ANTI_AFFINITY,
    },
    {
      name: 'pod matches its own Label in PodAffinity and that matches the existing pod Labels',
      pod: makePod().name('p').labels(podLabel).podAffinityNotIn('service', 'region', ['securityscan', 'value2']).obj(),
      pods: [makePod().name('e').label('service', 'securityscan').node('node2').obj()],
      want: AFFINITY,
    },
    {
      name: "verify that PodAntiAffinity from existing pod is respected when pod has no AntiAffinity constraints. doesn't satisfy PodAntiAffinity symmetry with the existing pod",
      pod: makePod().name('p').labels(podLabel).obj(),
      pods: [makePod().name('e').node('node1').labels(podLabel).podAntiAffinityIn('service', 'zone', ['securityscan', 'value2']).obj()],
      want: EXISTING_ANTI_AFFINITY,
    },
    {
      name: 'verify that PodAntiAffinity from existing pod is respected when pod has no AntiAffinity constraints. satisfy PodAntiAffinity symmetry with the existing pod',
      pod: makePod().name('p').labels(podLabel).obj(),
      pods: [makePod().name('e').node('node1').labels(podLabel).podAntiAffinityNotIn('service', 'zone', ['securityscan', 'value2']).obj()],
      wantPreFilter: 'Skip',
    },
    {
      name: "satisfies the PodAntiAffinity with existing pod but doesn't satisfy PodAntiAffinity symmetry with incoming pod",
      pod: makePod().name('p').labels(podLabel).podAntiAffinityExists('service', 'region').podAntiAffinityExists('security', 'region').obj(),
      pods: [makePod().name('e').node('node1').labels(podLabel2).podAntiAffinityExists('security', 'zone').obj()],
      want: ANTI_AFFINITY,
    },
    {
      name: 'PodAntiAffinity symmetry check a1: incoming pod and existing pod partially match each other on AffinityTerms',
      pod: makePod().name('p').labels(podLabel).podAntiAffinityExists('service', 'zone').podAntiAffinityExists('security', 'zone').obj(),
      pods: [makePod().name('e').node('node1').labels(podLabel2).podAntiAffinityExists('security', 'zone').obj()],
      want: ANTI_AFFINITY,
    },
    {
      name: 'PodAntiAffinity symmetry check a2: incoming pod and existing pod partially match each other on AffinityTerms',
      pod: makePod().name('p').labels(podLabel2).podAntiAffinityExists('security', 'zone').obj(),
      pods: [makePod().name('e').node('node1').labels(podLabel).podAntiAffinityExists('service', 'zone').podAntiAffinityExists('security', 'zone').obj()],
      want: EXISTING_ANTI_AFFINITY,
    },
    {
      name: 'PodAntiAffinity symmetry check b1: incoming pod and existing pod partially match each other on AffinityTerms',
      pod: makePod().name('p').labels({ abc: '', xyz: '' }).podAntiAffinityExists('abc', 'zone').podAntiAffinityExists('def', 'zone').obj(),
      pods: [makePod().name('e').node('node1').labels({ def: '', xyz: '' }).podAntiAffinityExists('abc', 'zone').podAntiAffinityExists('def', 'zone').obj()],
      want: ANTI_AFFINITY,
    },
    {
      name: 'PodAntiAffinity symmetry check b2: incoming pod and existing pod partially match each other on AffinityTerms',
      pod: makePod().name('p').labels({ def: '', xyz: '' }).podAntiAffinityExists('abc', 'zone').podAntiAffinityExists('def', 'zone').obj(),
      pods: [makePod().name('e').node('node1').labels({ abc: '', xyz: '' }).podAntiAffinityExists('abc', 'zone').podAntiAffinityExists('def', 'zone').obj()],
      want: ANTI_AFFINITY,
    },
    {
      name: 'affinity with NamespaceSelector',
      pod: createPodWithAffinityTerms('default', '', podLabel2, [inTerm('service', ['securityscan', 'value2'], 'region', {
        namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'In', values: ['team1'] }] },
      })], undefined),
      pods: [pod({ node: 'node1', namespace: 'subteam1.team1', labels: podLabel })],
      want: OK,
    },
    {
      name: 'affinity with non-matching NamespaceSelector',
      pod: createPodWithAffinityTerms('default', '', podLabel2, [inTerm('service', ['securityscan', 'value2'], 'region', {
        namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'In', values: ['team1'] }] },
      })], undefined),
      pods: [pod({ node: 'node1', namespace: 'subteam1.team2', labels: podLabel })],
      want: AFFINITY,
    },
    {
      name: 'anti-affinity with matching NamespaceSelector',
      pod: createPodWithAffinityTerms('subteam1.team1', '', podLabel2, undefined, [inTerm('service', ['securityscan', 'value2'], 'zone', {
        namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'In', values: ['team1'] }] },
      })]),
      pods: [pod({ node: 'node1', namespace: 'subteam2.team1', labels: podLabel })],
      want: ANTI_AFFINITY,
    },
    {
      name: 'anti-affinity with matching all NamespaceSelector',
      pod: createPodWithAffinityTerms('subteam1.team1', '', podLabel2, undefined, [inTerm('service', ['securityscan', 'value2'], 'zone', { namespaceSelector: {} })]),
      pods: [pod({ node: 'node1', namespace: 'subteam2.team1', labels: podLabel })],
      want: ANTI_AFFINITY,
    },
    {
      name: 'anti-affinity with non-matching NamespaceSelector',
      pod: createPodWithAffinityTerms('subteam1.team1', '', podLabel2, undefined, [inTerm('service', ['securityscan', 'value2'], 'zone', {
        namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'In', values: ['team1'] }] },
      })]),
      pods: [pod({ node: 'node1', namespace: 'subteam1.team2', labels: podLabel })],
      want: OK,
    },
  ];

  it.each(cases)('$name', ({ pod: p, pods, wantPreFilter, want }) => {
    const { preFilter, filter } = run(p, pods ?? [], [node1]);
    if (wantPreFilter === 'Skip') {
      expect(preFilter.code).toBe('Skip');
      return;
    }
    expect(preFilter.code).toBe('Success');
    expect(codeAndReasons(filter.get('node1')!)).toEqual(want);
  });
});

describe('InterPodAffinity Filter: TestRequiredAffinityMultipleNodes', () => {
  const labelRgChina = { region: 'China' };
  const labelRgChinaAzAz1 = { region: 'China', az: 'az1' };
  const labelRgIndia = { region: 'India' };
  const hosts = (zoneB: string) => [
    node('nodeA', { region: 'r1', zone: 'z1', hostname: 'nodeA' }),
    node('nodeB', { region: 'r1', zone: zoneB, hostname: 'nodeB' }),
  ];

  const cases: { name: string; pod: Pod; pods: Pod[]; nodes: Node[]; wantPreFilter?: 'Skip'; want: WantStatus[] }[] = [
    {
      name: 'A pod can be scheduled onto all the nodes that have the same topology key & label value with one of them has an existing pod that matches the affinity rules',
      pod: makePod().name('p').podAffinityIn('foo', 'region', ['bar']).obj(),
      pods: [makePod().name('p1').node('node1').labels({ foo: 'bar' }).obj()],
      nodes: [node('node1', labelRgChina), node('node2', labelRgChinaAzAz1), node('node3', labelRgIndia)],
      want: [OK, OK, AFFINITY],
    },
    {
      name: "The affinity rule is to schedule all of the pods of this collection to the same zone. The first pod of the collection should not be blocked from being scheduled onto any node, even there's no existing pod that matches the rule anywhere.",
      pod: makePod().name('p').labels({ foo: 'bar', service: 'securityscan' }).podAffinityIn('foo', 'zone', ['bar']).podAffinityIn('service', 'zone', ['securityscan']).obj(),
      pods: [makePod().name('p1').node('nodeA').labels({ foo: 'bar' }).obj()],
      nodes: [node('nodeA', { zone: 'az1', hostname: 'h1' }), node('nodeB', { zone: 'az2', hostname: 'h2' })],
      want: [OK, OK],
    },
    {
      name: '(not upstream) once one pod of the collection exists, the next one may only join its zone',
      pod: makePod().name('p').labels({ foo: 'bar', service: 'securityscan' }).podAffinityIn('foo', 'zone', ['bar']).podAffinityIn('service', 'zone', ['securityscan']).obj(),
      pods: [makePod().name('p1').node('nodeA').labels({ foo: 'bar', service: 'securityscan' }).obj()],
      nodes: [node('nodeA', { zone: 'az1', hostname: 'h1' }), node('nodeB', { zone: 'az2', hostname: 'h2' })],
      want: [OK, AFFINITY],
    },
    {
      name: 'The first pod of the collection can only be scheduled on nodes labelled with the requested topology keys',
      pod: makePod().name('p').labels({ foo: 'bar', service: 'securityscan' }).podAffinityIn('foo', 'zone', ['bar']).podAffinityIn('service', 'zone', ['securityscan']).obj(),
      pods: [makePod().name('p1').node('nodeA').labels({ foo: 'bar' }).obj()],
      nodes: [node('nodeA', { zoneLabel: 'az1', hostname: 'h1' }), node('nodeB', { zoneLabel: 'az2', hostname: 'h2' })],
      want: [AFFINITY, AFFINITY],
    },
    {
      name: 'NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA and nodeB.',
      pod: makePod().name('p').podAntiAffinityIn('foo', 'region', ['abc']).obj(),
      pods: [makePod().name('e').node('nodeA').labels({ foo: 'abc' }).obj()],
      nodes: [node('nodeA', { region: 'r1', hostname: 'nodeA' }), node('nodeB', { region: 'r1', hostname: 'nodeB' })],
      want: [ANTI_AFFINITY, ANTI_AFFINITY],
    },
    {
      name: 'This test ensures that anti-affinity matches a pod when any term of the anti-affinity rule matches a pod.',
      pod: makePod().name('p').podAntiAffinityIn('foo', 'region', ['abc']).podAntiAffinityIn('service', 'zone', ['securityscan']).obj(),
      pods: [makePod().name('e').node('nodeA').labels({ foo: 'abc', service: 'securityscan' }).obj()],
      nodes: [node('nodeA', { region: 'r1', zone: 'z1', hostname: 'nodeA' }), node('nodeB', { region: 'r1', zone: 'z2', hostname: 'nodeB' })],
      want: [ANTI_AFFINITY, ANTI_AFFINITY],
    },
    {
      name: 'NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA and nodeB but can be scheduled onto nodeC',
      pod: makePod().name('p').podAntiAffinityIn('foo', 'region', ['abc']).obj(),
      pods: [makePod().name('e').node('nodeA').labels({ foo: 'abc' }).obj()],
      nodes: [node('nodeA', labelRgChina), node('nodeB', labelRgChinaAzAz1), node('nodeC', labelRgIndia)],
      want: [ANTI_AFFINITY, ANTI_AFFINITY, OK],
    },
    {
      name: 'NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA, nodeB, but can be scheduled onto nodeC (NodeC has an existing pod that match the inter pod affinity rule but in different namespace)',
      pod: makePod().name('p').namespace('NS1').labels({ foo: '123' }).podAntiAffinityIn('foo', 'region', ['bar']).obj(),
      pods: [
        makePod().name('e1').node('nodeA').namespace('NS1').labels({ foo: 'bar' }).obj(),
        makePod().name('e2').node('nodeC').namespace('NS2').podAntiAffinityIn('foo', 'region', ['123']).obj(),
      ],
      nodes: [node('nodeA', labelRgChina), node('nodeB', labelRgChinaAzAz1), node('nodeC', labelRgIndia)],
      want: [ANTI_AFFINITY, ANTI_AFFINITY, OK],
    },
    {
      name: "Test existing pod's anti-affinity: if an existing pod has a term with invalid topologyKey, labelSelector of the term is firstly checked, and then topologyKey of the term is also checked",
      pod: makePod().name('p').label('foo', '').obj(),
      pods: [makePod().name('e').node('nodeA').podAntiAffinityExists('foo', 'invalid-node-label').obj()],
      nodes: hosts('z1'), wantPreFilter: 'Skip', want: [OK, OK],
    },
    {
      name: "Test incoming pod's anti-affinity: even if labelSelector matches, we still check if topologyKey matches",
      pod: makePod().name('p').node('nodeA').podAntiAffinityExists('foo', 'invalid-node-label').obj(),
      pods: [makePod().name('e').node('nodeA').labels({ foo: '' }).obj()],
      nodes: hosts('z1'), want: [OK, OK],
    },
    {
      name: "Test existing pod's anti-affinity: incoming pod wouldn't considered as a fit as it violates each existingPod's terms on all nodes",
      pod: makePod().name('p').label('foo', '').label('bar', '').obj(),
      pods: [
        makePod().name('e1').node('nodeA').podAntiAffinityExists('foo', 'zone').obj(),
        makePod().name('e2').node('nodeA').podAntiAffinityExists('bar', 'region').obj(),
      ],
      nodes: hosts('z2'), want: [EXISTING_ANTI_AFFINITY, EXISTING_ANTI_AFFINITY],
    },
    {
      name: "Test incoming pod's anti-affinity: incoming pod wouldn't considered as a fit as it at least violates one anti-affinity rule of existingPod",
      pod: makePod().name('p').podAntiAffinityExists('foo', 'zone').podAntiAffinityExists('bar', 'region').obj(),
      pods: [makePod().name('e1').node('nodeA').labels({ foo: '' }).obj(), makePod().name('e2').node('nodeB').labels({ bar: '' }).obj()],
      nodes: hosts('z2'), want: [ANTI_AFFINITY, ANTI_AFFINITY],
    },
    {
      name: "Test existing pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when one term has invalid topologyKey",
      pod: makePod().name('p').label('foo', '').label('bar', '').obj(),
      pods: [makePod().name('e').node('nodeA').podAntiAffinityExists('foo', 'invalid-node-label').podAntiAffinityExists('bar', 'zone').obj()],
      nodes: hosts('z2'), want: [EXISTING_ANTI_AFFINITY, OK],
    },
    {
      name: "Test incoming pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when one term has invalid topologyKey",
      pod: makePod().name('p').podAntiAffinityExists('foo', 'invalid-node-label').podAntiAffinityExists('bar', 'zone').obj(),
      pods: [makePod().name('podA').node('nodeA').labels({ foo: '', bar: '' }).obj()],
      nodes: hosts('z2'), want: [ANTI_AFFINITY, OK],
    },
    {
      name: "Test existing pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when all terms have valid topologyKey",
      pod: makePod().name('p').label('foo', '').label('bar', '').obj(),
      pods: [makePod().name('e').node('nodeA').podAntiAffinityExists('foo', 'region').podAntiAffinityExists('bar', 'zone').obj()],
      nodes: hosts('z2'), want: [EXISTING_ANTI_AFFINITY, EXISTING_ANTI_AFFINITY],
    },
    {
      name: "Test incoming pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when all terms have valid topologyKey",
      pod: makePod().name('p').podAntiAffinityExists('foo', 'region').podAntiAffinityExists('bar', 'zone').obj(),
      pods: [makePod().name('e').node('nodeA').labels({ foo: '', bar: '' }).obj()],
      nodes: hosts('z2'), want: [ANTI_AFFINITY, ANTI_AFFINITY],
    },
    {
      name: "Test existing pod's anti-affinity: existingPod on nodeA and nodeB has at least one anti-affinity term matches incoming pod, so incoming pod can only be scheduled to nodeC",
      pod: makePod().name('p').label('foo', '').label('bar', '').obj(),
      pods: [
        makePod().name('e1').node('nodeA').podAntiAffinityExists('foo', 'zone').podAntiAffinityExists('labelA', 'zone').obj(),
        makePod().name('e2').node('nodeB').podAntiAffinityExists('bar', 'zone').podAntiAffinityExists('labelB', 'zone').obj(),
      ],
      nodes: [...hosts('z2'), node('nodeC', { region: 'r1', zone: 'z3', hostname: 'nodeC' })],
      want: [EXISTING_ANTI_AFFINITY, EXISTING_ANTI_AFFINITY, OK],
    },
    {
      name: "Test incoming pod's affinity: firstly check if all affinityTerms match, and then check if all topologyKeys match",
      pod: makePod().name('p').podAffinityExists('foo', 'region').podAffinityExists('bar', 'zone').obj(),
      pods: [makePod().name('pod1').labels({ foo: '', bar: '' }).node('nodeA').obj()],
      nodes: hosts('z1'), want: [OK, OK],
    },
    {
      name: "Test incoming pod's affinity: firstly check if all affinityTerms match, and then check if all topologyKeys match, and the match logic should be satisfied on the same pod",
      pod: makePod().name('p').podAffinityExists('foo', 'region').podAffinityExists('bar', 'zone').obj(),
      pods: [makePod().name('pod1').node('nodeA').labels({ foo: '' }).obj(), makePod().name('pod2').node('nodeB').labels({ bar: '' }).obj()],
      nodes: hosts('z2'), want: [AFFINITY, AFFINITY],
    },
  ];

  it.each(cases)('$name', ({ pod: p, pods, nodes, wantPreFilter, want }) => {
    const ns1: Namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'NS1' } };
    const { preFilter, filter } = run(p, pods, nodes, [ns1]);
    expect(preFilter.code).toBe(wantPreFilter ?? 'Success');
    if (wantPreFilter === 'Skip') return;
    expect(nodes.map((n) => codeAndReasons(filter.get(n.metadata.name)!))).toEqual(want);
  });
});

describe('InterPodAffinity Filter: TestPreFilterDisabled', () => {
  it('Filter without PreFilter state is an error', () => {
    const env = newTestEnv({ nodes: [node('n')] });
    const plugin = InterPodAffinity.factory({}, env.handle);
    const status = plugin.filter!(new CycleState(), newPodInfo(makePod().name('p').obj()), env.snapshot.get('n')!);
    expect(status.code).toBe('Error');
    expect(status.reasons).toEqual(['error reading "PreFilterInterPodAffinity" from cycleState: not found']);
  });
});

describe('InterPodAffinity PreFilterExtensions: TestPreFilterStateAddRemovePod', () => {
  const label1 = { region: 'r1', zone: 'z11' };
  const label2 = { region: 'r1', zone: 'z12' };
  const label3 = { region: 'r2', zone: 'z21' };
  const selector1 = { foo: 'bar' };
  const antiFooBar: PodAffinityTerm[] = [inTerm('foo', ['bar'], 'region')];
  const complex: PodAffinityTerm[] = [
    inTerm('foo', ['bar', 'buzz'], 'region'),
    { labelSelector: { matchExpressions: [{ key: 'service', operator: 'NotIn', values: ['bar', 'security', 'test'] }] }, topologyKey: 'zone' },
  ];
  const nodes = [node('nodeA', label1), node('nodeB', label2), node('nodeC', label3)];
  type Counts = Record<string, Record<string, number>>;

  const cases: { name: string; pending: Pod; existing: Pod[]; added: Pod; wantAnti: Counts; wantAffinity: Counts }[] = [
    {
      name: 'preFilterState anti-affinity terms are updated correctly after adding and removing a pod',
      pending: pod({ name: 'pending', labels: selector1, affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: antiFooBar } } }),
      existing: [
        pod({ name: 'p1', labels: selector1, node: 'nodeA' }),
        pod({ name: 'p2', node: 'nodeC', affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: antiFooBar } } }),
      ],
      added: pod({ name: 'addedPod', labels: selector1, node: 'nodeB', affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: antiFooBar } } }),
      wantAnti: { region: { r1: 2 } }, wantAffinity: {},
    },
    {
      name: 'preFilterState anti-affinity terms are updated correctly after adding and removing a pod (complex terms)',
      pending: pod({ name: 'pending', labels: selector1, affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: complex } } }),
      existing: [
        pod({ name: 'p1', labels: selector1, node: 'nodeA' }),
        pod({ name: 'p2', node: 'nodeC', affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: antiFooBar } } }),
      ],
      added: pod({ name: 'addedPod', labels: selector1, node: 'nodeA', affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: complex } } }),
      wantAnti: { region: { r1: 2 }, zone: { z11: 2, z21: 1 } }, wantAffinity: {},
    },
    {
      name: 'preFilterState matching pod affinity and anti-affinity are updated correctly after adding and removing a pod',
      pending: pod({ name: 'pending', labels: selector1, affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: complex } } }),
      existing: [
        pod({ name: 'p1', labels: selector1, node: 'nodeA' }),
        pod({
          name: 'p2', node: 'nodeC',
          affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: antiFooBar }, podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: complex } },
        }),
      ],
      added: pod({ name: 'addedPod', labels: selector1, node: 'nodeA', affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: complex } } }),
      wantAnti: {}, wantAffinity: { region: { r1: 2 }, zone: { z11: 2 } },
    },
  ];

  const counts = (s: PreFilterState) => ({
    existingAnti: s.existingAntiAffinityCounts.toObject(), affinity: s.affinityCounts.toObject(), anti: s.antiAffinityCounts.toObject(),
  });

  function preFilterState(pending: Pod, pods: Pod[]) {
    const env = newTestEnv({ nodes, pods });
    const plugin = InterPodAffinity.factory({}, env.handle);
    const state = new CycleState();
    expect(plugin.preFilter!(state, newPodInfo(pending), env.snapshot.nodeInfoList).status.code).toBe('Success');
    const s = getPreFilterState(state);
    if (!('affinityCounts' in s)) throw new Error('no preFilterState');
    return { env, plugin, state, s };
  }

  it.each(cases)('$name', ({ pending, existing, added, wantAnti, wantAffinity }) => {
    const all = counts(preFilterState(pending, [...existing, added]).s);
    const { env, plugin, state, s } = preFilterState(pending, existing);
    const original = counts(s.clone());
    const nodeInfo = env.snapshot.get(added.spec.nodeName!)!;
    const ext = plugin.preFilterExtensions!()!;

    expect(ext.addPod(state, newPodInfo(pending), newPodInfo(added), nodeInfo).code).toBe('Success');
    expect(s.antiAffinityCounts.toObject()).toEqual(wantAnti);
    expect(s.affinityCounts.toObject()).toEqual(wantAffinity);
    expect(counts(s)).toEqual(all);

    expect(ext.removePod(state, newPodInfo(pending), newPodInfo(added), nodeInfo).code).toBe('Success');
    expect(counts(s)).toEqual(original);
  });

  it('TestPreFilterStateClone: the clone is a different object with equal counts, and does not share them', () => {
    const { s } = preFilterState(cases[1]!.pending, [...cases[1]!.existing, cases[1]!.added]);
    const clone = s.clone();
    expect(clone).not.toBe(s);
    expect(counts(clone)).toEqual(counts(s));
    clone.antiAffinityCounts.update(nodes[0]!, 'region', 5, 'x');
    expect(counts(clone)).not.toEqual(counts(s));
  });
});

describe('InterPodAffinity PreFilter: TestGetTPMapMatchingIncomingAffinityAntiAffinity', () => {
  const newPod = (name: string, ...labels: string[]) => {
    const w = makePod().name(name).node('nodeA');
    for (const l of labels) w.label(l, '');
    return w.obj();
  };
  const normalPodA = newPod('normal-a', 'aaa');
  const normalPodB = newPod('normal-b', 'bbb');
  const normalPodAB = newPod('normal-ab', 'aaa', 'bbb');
  const nodeA = node('nodeA', { hostname: 'nodeA' });
  type Counts = Record<string, Record<string, number>>;

  const cases: { name: string; existing: Pod[]; pod: Pod; wantAffinity: Counts; wantAnti: Counts }[] = [
    { name: 'nil test', existing: [], pod: makePod().name('aaa-normal').obj(), wantAffinity: {}, wantAnti: {} },
    { name: 'incoming pod without affinity/anti-affinity causes a no-op', existing: [normalPodA], pod: makePod().name('aaa-normal').obj(), wantAffinity: {}, wantAnti: {} },
    {
      name: "no pod has label that violates incoming pod's affinity and anti-affinity", existing: [normalPodB],
      pod: makePod().name('aaa-anti').podAffinityExists('aaa', 'hostname').podAntiAffinityExists('aaa', 'hostname').obj(),
      wantAffinity: {}, wantAnti: {},
    },
    {
      name: "existing pod matches incoming pod's affinity and anti-affinity - single term case", existing: [normalPodA],
      pod: makePod().name('affi-antiaffi').podAffinityExists('aaa', 'hostname').podAntiAffinityExists('aaa', 'hostname').obj(),
      wantAffinity: { hostname: { nodeA: 1 } }, wantAnti: { hostname: { nodeA: 1 } },
    },
    {
      name: "existing pod matches incoming pod's affinity and anti-affinity - multiple terms case", existing: [normalPodAB],
      pod: makePod().name('affi-antiaffi').podAffinityExists('aaa', 'hostname').podAffinityExists('bbb', 'hostname').podAntiAffinityExists('aaa', 'hostname').obj(),
      wantAffinity: { hostname: { nodeA: 2 } }, wantAnti: { hostname: { nodeA: 1 } },
    },
    {
      name: "existing pod not match incoming pod's affinity but matches anti-affinity", existing: [normalPodA],
      pod: makePod().name('affi-antiaffi').podAffinityExists('aaa', 'hostname').podAffinityExists('bbb', 'hostname')
        .podAntiAffinityExists('aaa', 'hostname').podAntiAffinityExists('bbb', 'hostname').obj(),
      wantAffinity: {}, wantAnti: { hostname: { nodeA: 1 } },
    },
    {
      name: "incoming pod's anti-affinity has more than one term - existing pod violates partial term - case 1", existing: [normalPodAB],
      pod: makePod().name('anaffi-antiaffiti').podAffinityExists('aaa', 'hostname').podAffinityExists('ccc', 'hostname')
        .podAntiAffinityExists('aaa', 'hostname').podAntiAffinityExists('ccc', 'hostname').obj(),
      wantAffinity: {}, wantAnti: { hostname: { nodeA: 1 } },
    },
    {
      name: "incoming pod's anti-affinity has more than one term - existing pod violates partial term - case 2", existing: [normalPodB],
      pod: makePod().name('affi-antiaffi').podAffinityExists('aaa', 'hostname').podAffinityExists('bbb', 'hostname')
        .podAntiAffinityExists('aaa', 'hostname').podAntiAffinityExists('bbb', 'hostname').obj(),
      wantAffinity: {}, wantAnti: { hostname: { nodeA: 1 } },
    },
  ];

  it.each(cases)('$name', ({ existing, pod: p, wantAffinity, wantAnti }) => {
    const env = newTestEnv({ nodes: [nodeA], pods: existing });
    const state = new CycleState();
    const { status } = InterPodAffinity.factory({}, env.handle).preFilter!(state, newPodInfo(p), env.snapshot.nodeInfoList);
    const s = getPreFilterState(state);
    // Without terms of its own (and no existing anti-affinity), PreFilter skips: both maps are empty.
    if (!('affinityCounts' in s)) {
      expect(status.code).toBe('Skip');
      expect([wantAffinity, wantAnti]).toEqual([{}, {}]);
      return;
    }
    expect(s.affinityCounts.toObject()).toEqual(wantAffinity);
    expect(s.antiAffinityCounts.toObject()).toEqual(wantAnti);
  });
});

describe('InterPodAffinity PreFilter: namespaceSelector merge in v1.35 (plugin.go, derived from the code, no upstream table)', () => {
  // mergeAffinityTermNamespacesIfNotEmpty receives fwk.AffinityTerm by value: the selected namespace
  // names reach the term, but its selector is not reset to Nothing(), and is then matched against
  // empty namespace labels. A NotIn selector therefore matches pods in any namespace.
  const notInTeam2 = { matchExpressions: [{ key: 'team', operator: 'NotIn' as const, values: ['team2'] }] };
  const incoming = createPodWithAffinityTerms('subteam1.team1', '', { security: 'S1' }, undefined, [inTerm('service', ['securityscan'], 'zone', { namespaceSelector: notInTeam2 })]);
  it.each([
    { name: 'a pod in a namespace the selector selects is avoided', ns: 'subteam2.team1', want: ANTI_AFFINITY },
    { name: 'a pod in a namespace the selector does not select is avoided too (selector kept, matched against no labels)', ns: 'subteam1.team2', want: ANTI_AFFINITY },
  ])('$name', ({ ns, want }) => {
    const { filter } = run(incoming, [pod({ node: 'node1', namespace: ns, labels: { service: 'securityscan' } })], [node('node1', { zone: 'z1' })]);
    expect(codeAndReasons(filter.get('node1')!)).toEqual(want);
  });
});

describe('InterPodAffinity PreFilter details: which pods matter, per topology domain (for the stage)', () => {
  it('names the existing pods matching the incoming pod\'s terms and those whose anti-affinity matches it', () => {
    const incoming = makePod().name('web').namespace('default').label('app', 'web').podAffinityExists('cache', 'zone').podAntiAffinityExists('web', 'hostname').obj();
    const cacheA = makePod().name('cache-a').namespace('default').node('nodeA').label('cache', '').obj();
    const webB = makePod().name('web-b').namespace('default').node('nodeB').label('web', '').obj();
    const guard = makePod().name('guard').namespace('default').node('nodeB').podAntiAffinityIn('app', 'zone', ['web']).obj();
    const env = newTestEnv({ nodes: [node('nodeA', { zone: 'z1', hostname: 'nodeA' }), node('nodeB', { zone: 'z2', hostname: 'nodeB' })], pods: [cacheA, webB, guard] });
    const { status } = InterPodAffinity.factory({}, env.handle).preFilter!(new CycleState(), newPodInfo(incoming), env.snapshot.nodeInfoList);
    expect(status.details?.pods).toEqual({
      affinity: [{ topologyKey: 'zone', topologyValue: 'z1', pods: ['default/cache-a'] }],
      antiAffinity: [{ topologyKey: 'hostname', topologyValue: 'nodeB', pods: ['default/web-b'] }],
      existingAntiAffinity: [{ topologyKey: 'zone', topologyValue: 'z2', pods: ['default/guard'] }],
    });
  });

  it('lists each pod once and at most the limit in all', () => {
    const counts = new TopologyToMatchedTermCount();
    const n1 = node('n1', { zone: 'a' });
    const n2 = node('n2', { zone: 'b' });
    for (const p of ['p1', 'p1', 'p2']) counts.update(n1, 'zone', 1, p);
    for (const p of ['p3', 'p4']) counts.update(n2, 'zone', 1, p);
    expect(counts.podsByPair(3)).toEqual([
      { topologyKey: 'zone', topologyValue: 'a', pods: ['p1', 'p2'] },
      { topologyKey: 'zone', topologyValue: 'b', pods: ['p3'] },
    ]);
  });
});

// The existing pods' anti-affinity verdict names the node's covered domains in the order of the
// node's labels (filtering.ts checkExistingPodsAntiAffinity reads them with for-in).
describe('InterPodAffinity Filter: the domains an existing anti-affinity verdict names', () => {
  const term = (topologyKey: string) => inTerm('app', ['web'], topologyKey);
  const existing = [
    pod({ name: 'by-zone', node: 'a', labels: { app: 'db' }, affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('zone')] } } }),
    pod({ name: 'by-rack', node: 'a', labels: { app: 'db' }, affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('rack')] } } }),
  ];
  const nodes = [
    node('a', { zone: 'z1', rack: 'r1', host: 'a' }),
    node('b', { rack: 'r1', other: 'x', zone: 'z1' }),
    node('c', { rack: 'r1' }),
    node('d', { zone: 'z2', rack: 'r2' }),
  ];
  const statuses = run(pod({ name: 'incoming', labels: { app: 'web' } }), existing, nodes).filter;
  const domains = (name: string) => (statuses.get(name)!.details as { domains?: { topologyKey: string; topologyValue: string; count: number; pods: string[] }[] } | undefined)?.domains;

  it.each([
    ['a', [['zone', 'z1'], ['rack', 'r1']]],
    ['b', [['rack', 'r1'], ['zone', 'z1']]],
    ['c', [['rack', 'r1']]],
  ])('node %s: its covered domains in its label order', (name, want) => {
    expect(codeAndReasons(statuses.get(name)!)).toEqual(EXISTING_ANTI_AFFINITY);
    expect(domains(name)!.map((d) => [d.topologyKey, d.topologyValue])).toEqual(want);
    expect(domains(name)!.every((d) => d.count === 1 && d.pods.length === 1)).toBe(true);
  });

  it('a node in no covered domain passes', () => {
    expect(codeAndReasons(statuses.get('d')!)).toEqual(OK);
  });
});
