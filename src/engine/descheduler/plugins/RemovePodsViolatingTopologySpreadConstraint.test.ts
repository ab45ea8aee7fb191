// Rows from upstream sigs.k8s.io/descheduler pkg/framework/plugins/
// removepodsviolatingtopologyspreadconstraint/topologyspreadconstraint_test.go (TestTopologySpreadConstraint).
// Like upstream's test, the pods a node lists come sorted by name.

import { describe, expect, it } from 'vitest';
import type { Affinity, Node, Taint, Toleration, TopologySpreadConstraint } from '../../model/types';
import { buildTestNode, buildTestPod, runStrategy, setRSOwnerRef } from '../testing';
import type { DeschedulerPod } from '../types';

interface TestPodList {
  count: number;
  node: string;
  labels?: Record<string, string>;
  constraints?: TopologySpreadConstraint[];
  nodeSelector?: Record<string, string>;
  nodeAffinity?: Affinity;
  noOwners?: boolean;
  tolerations?: Toleration[];
  terminating?: boolean;
}

/** upstream: createTestPods — pod-0, pod-1, ... in namespace ns1, owned by replicaset-1 */
function createTestPods(lists: TestPodList[]): DeschedulerPod[] {
  const pods: DeschedulerPod[] = [];
  for (const tp of lists) {
    for (let i = 0; i < tp.count; i++) {
      pods.push(buildTestPod(`pod-${pods.length}`, 100, 0, tp.node, (p) => {
        p.metadata.labels = tp.labels;
        p.metadata.namespace = 'ns1';
        if (!tp.noOwners) setRSOwnerRef(p);
        if (tp.constraints) p.spec.topologySpreadConstraints = tp.constraints;
        if (tp.nodeSelector) p.spec.nodeSelector = tp.nodeSelector;
        if (tp.nodeAffinity) p.spec.affinity = tp.nodeAffinity;
        if (tp.tolerations) p.spec.tolerations = tp.tolerations;
        if (tp.terminating) p.metadata.deletionTimestamp = 0;
      }));
    }
  }
  return pods.sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
}

/** upstream: getDefaultTopologyConstraints */
const tsc = (maxSkew: number, edit: Partial<TopologySpreadConstraint> = {}): TopologySpreadConstraint[] => [{
  maxSkew, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { foo: 'bar' } }, ...edit,
}];
const foo = { foo: 'bar' };
const zoned = (name: string, zone: string, cpu = 2000, extra: (n: Node) => void = () => undefined): Node =>
  buildTestNode(name, cpu, 3000, 10, (n) => { n.metadata.labels!.zone = zone; extra(n); });
const withTaint = (taint: Taint) => (n: Node): void => { n.spec.taints = [taint]; };
const osNodes = (count: number): Node[] => ['linNodeA', 'linNodeB', 'linNodeC', 'winNodeA', 'winNodeB', 'winNodeC', 'winNodeD'].slice(0, count)
  .map((label, i) => buildTestNode(`n${i + 1}`, 2000, 3000, 10, (n) => { n.metadata.labels = { node: label, os: label.startsWith('lin') ? 'linux' : 'windows' }; }));
const nodeConstraint = tsc(1, { topologyKey: 'node' });

interface Case {
  name: string;
  nodes: Node[];
  pods: DeschedulerPod[];
  expected: number;
  evicted?: string[];
  args?: Record<string, unknown>;
  nodeFit?: boolean;
}

const cases: Case[] = [
  {
    name: '2 domains, sizes [2,1], maxSkew=1, move 0 pods',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB')],
    pods: createTestPods([{ count: 1, node: 'n1', labels: foo, constraints: tsc(1) }, { count: 1, node: 'n1', labels: foo }, { count: 1, node: 'n2', labels: foo }]),
    expected: 0,
  },
  {
    name: '2 domains, sizes [3,1], maxSkew=1, move 1 pod to achieve [2,2]',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB')],
    pods: createTestPods([{ count: 1, node: 'n1', labels: foo, constraints: tsc(1) }, { count: 2, node: 'n1', labels: foo }, { count: 1, node: 'n2', labels: foo }]),
    expected: 1,
  },
  {
    name: '2 domains, sizes [3,1], maxSkew=1, move 1 pod to achieve [2,2] (soft constraints)',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB')],
    pods: createTestPods([{ count: 1, node: 'n1', labels: foo, constraints: tsc(1, { whenUnsatisfiable: 'ScheduleAnyway' }) }, { count: 2, node: 'n1', labels: foo }, { count: 1, node: 'n2', labels: foo }]),
    expected: 1,
    args: { constraints: ['DoNotSchedule', 'ScheduleAnyway'] },
  },
  {
    name: '2 domains, sizes [3,1], maxSkew=1, no pods eligible, move 0 pods',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB')],
    pods: createTestPods([
      { count: 1, node: 'n1', labels: foo, constraints: tsc(1), noOwners: true }, { count: 2, node: 'n1', labels: foo, noOwners: true },
      { count: 1, node: 'n2', labels: foo, noOwners: true },
    ]),
    expected: 0,
  },
  {
    name: '2 domains, sizes [3,1], maxSkew=1, move 1 pod to achieve [2,2], exclude kube-system namespace',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB')],
    pods: createTestPods([{ count: 1, node: 'n1', labels: foo, constraints: tsc(1) }, { count: 2, node: 'n1', labels: foo }, { count: 1, node: 'n2', labels: foo }]),
    expected: 1, args: { namespaces: { exclude: ['kube-system'] } }, nodeFit: true,
  },
  {
    name: '2 domains, sizes [5,2], maxSkew=1, move 1 pod to achieve [4,3]',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB')],
    pods: createTestPods([{ count: 1, node: 'n1', labels: foo, constraints: tsc(1) }, { count: 4, node: 'n1', labels: foo }, { count: 2, node: 'n2', labels: foo }]),
    expected: 1,
  },
  {
    name: '2 domains, sizes [4,0], maxSkew=1, move 2 pods to achieve [2,2]',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB')],
    pods: createTestPods([{ count: 1, node: 'n1', labels: foo, constraints: tsc(1) }, { count: 3, node: 'n1', labels: foo }]),
    expected: 2,
  },
  {
    name: "2 domains, sizes [4,0], maxSkew=1, only move 1 pod since pods with nodeSelector and nodeAffinity aren't evicted",
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB')],
    pods: createTestPods([
      { count: 1, node: 'n1', labels: foo, constraints: tsc(1), nodeSelector: { zone: 'zoneA' } },
      { count: 1, node: 'n1', labels: foo, constraints: tsc(1), nodeSelector: { zone: 'zoneA' } },
      {
        count: 1, node: 'n1', labels: foo, constraints: tsc(1),
        nodeAffinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'foo', values: ['bar'], operator: 'In' }] }] } } },
      },
      { count: 1, node: 'n1', labels: foo, constraints: tsc(1) },
    ]),
    expected: 1, nodeFit: true,
  },
  {
    name: '6 domains, sizes [0,0,0,3,3,2], maxSkew=1, No pod is evicted since topology is balanced',
    nodes: osNodes(6),
    pods: createTestPods([3, 3, 2].map((count, i) => ({ count, node: `n${i + 4}`, labels: foo, constraints: nodeConstraint, nodeSelector: { os: 'windows' } }))),
    expected: 0,
  },
  {
    name: '7 domains, sizes [0,0,0,3,3,2], maxSkew=1, two pods are evicted and moved to new node added',
    nodes: osNodes(7),
    pods: createTestPods([3, 3, 2].map((count, i) => ({ count, node: `n${i + 4}`, labels: foo, constraints: nodeConstraint, nodeSelector: { os: 'windows' } }))),
    expected: 2,
  },
  {
    name: '6 domains, sizes [0,0,0,4,3,1], maxSkew=1, 1 pod is evicted from node 4',
    nodes: osNodes(6),
    pods: createTestPods([4, 3, 1].map((count, i) => ({ count, node: `n${i + 4}`, labels: foo, constraints: nodeConstraint, nodeSelector: { os: 'windows' } }))),
    expected: 1,
  },
  {
    name: '6 domains, sizes [0,0,0,4,3,1], maxSkew=1, 0 pod is evicted as pods of node:winNodeA can only be scheduled on this node and nodeFit is true ',
    nodes: osNodes(6),
    pods: createTestPods([
      { count: 4, node: 'n4', labels: foo, constraints: nodeConstraint, nodeSelector: { node: 'winNodeA' } },
      { count: 3, node: 'n5', labels: foo, constraints: nodeConstraint, nodeSelector: { os: 'windows' } },
      { count: 1, node: 'n6', labels: foo, constraints: nodeConstraint, nodeSelector: { os: 'windows' } },
    ]),
    expected: 0, nodeFit: true,
  },
  {
    name: '2 domains, sizes [4,0], maxSkew=1, move 2 pods since selector matches multiple nodes',
    nodes: [zoned('n1', 'zoneA', 2000, (n) => { n.metadata.labels!.region = 'boston'; }), zoned('n2', 'zoneB', 2000, (n) => { n.metadata.labels!.region = 'boston'; })],
    pods: createTestPods([
      { count: 1, node: 'n1', labels: foo, constraints: tsc(1), nodeSelector: { region: 'boston' } },
      { count: 3, node: 'n1', labels: foo, nodeSelector: { region: 'boston' } },
    ]),
    expected: 2,
  },
  {
    name: '3 domains, sizes [0, 1, 100], maxSkew=1, move 66 pods to get [34, 33, 34]',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB'), zoned('n3', 'zoneC')],
    pods: createTestPods([{ count: 1, node: 'n2', labels: foo, constraints: tsc(1) }, { count: 100, node: 'n3', labels: foo }]),
    expected: 66,
  },
  {
    name: '4 domains, sizes [0, 1, 3, 5], should move 3 to get [2, 2, 3, 2]',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB'), zoned('n3', 'zoneC'), zoned('n4', 'zoneD')],
    pods: createTestPods([{ count: 1, node: 'n2', labels: foo, constraints: tsc(1) }, { count: 3, node: 'n3', labels: foo }, { count: 5, node: 'n4', labels: foo }]),
    expected: 3,
  },
  {
    name: '2 domains size [2 6], maxSkew=2, should move 1 to get [3 5]',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB')],
    pods: createTestPods([{ count: 1, node: 'n1', labels: foo, constraints: tsc(2) }, { count: 1, node: 'n1', labels: foo }, { count: 6, node: 'n2', labels: foo }]),
    expected: 1,
  },
  {
    name: "2 domains size [2 6], maxSkew=2, can't move any because of node taints",
    nodes: [zoned('n1', 'zoneA', 2000, withTaint({ key: 'hardware', value: 'gpu', effect: 'NoSchedule' })), zoned('n2', 'zoneB')],
    pods: createTestPods([{ count: 1, node: 'n1', labels: foo, constraints: tsc(2) }, { count: 1, node: 'n1', labels: foo }, { count: 6, node: 'n2', labels: foo }]),
    expected: 0, nodeFit: true,
  },
  {
    name: "2 domains size [2 6], maxSkew=2, can't move any because node1 does not have enough CPU",
    nodes: [zoned('n1', 'zoneA', 200), zoned('n2', 'zoneB')],
    pods: createTestPods([{ count: 1, node: 'n1', labels: foo, constraints: tsc(2) }, { count: 1, node: 'n1', labels: foo }, { count: 6, node: 'n2', labels: foo }]),
    expected: 0, nodeFit: true,
  },
  {
    name: 'Multiple constraints (6 nodes/2 zones, 4 pods)',
    nodes: ['n1', 'n2', 'n3', 'n4', 'n5', 'n6'].map((name, i) => buildTestNode(name, 2000, 3000, 10, (n) => {
      n.metadata.labels = { 'topology.kubernetes.io/zone': i < 3 ? 'zoneA' : 'zoneB', 'kubernetes.io/hostname': name };
    })),
    pods: createTestPods(['n1', 'n2', 'n3', 'n4'].map((node) => ({
      count: 1, node, labels: { app: 'whoami' },
      constraints: [
        { labelSelector: { matchLabels: { app: 'whoami' } }, maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'ScheduleAnyway' },
        { labelSelector: { matchLabels: { app: 'whoami' } }, maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule' },
      ],
    }))),
    expected: 1, args: { constraints: ['DoNotSchedule', 'ScheduleAnyway'] },
  },
  {
    name: '3 domains size [8 7 0], maxSkew=1, should move 5 to get [5 5 5]',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB'), zoned('n3', 'zoneC')],
    pods: createTestPods([{ count: 8, node: 'n1', labels: foo, constraints: tsc(1) }, { count: 7, node: 'n2', labels: foo, constraints: tsc(1) }]),
    expected: 5, evicted: ['pod-5', 'pod-6', 'pod-7', 'pod-8', 'pod-9'],
  },
  {
    name: '3 domains size [5 5 5], maxSkew=1, should move 0 to retain [5 5 5]',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB'), zoned('n3', 'zoneC')],
    pods: createTestPods(['n1', 'n2', 'n3'].map((node) => ({ count: 5, node, labels: foo, constraints: tsc(1) }))),
    expected: 0,
  },
  {
    name: '2 domains, sizes [2,0], maxSkew=1, move 1 pod since pod tolerates the node with taint',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB', 2000, withTaint({ key: 'taint-test', value: 'test', effect: 'NoSchedule' }))],
    pods: createTestPods([
      { count: 1, node: 'n1', labels: foo, constraints: tsc(1), tolerations: [{ key: 'taint-test', value: 'test', operator: 'Equal', effect: 'NoSchedule' }] },
      { count: 1, node: 'n1', labels: foo, nodeSelector: { zone: 'zoneA' } },
    ]),
    expected: 1, evicted: ['pod-0'],
  },
  {
    name: '2 domains, sizes [2,0], maxSkew=1, move 0 pods since pod does not tolerate the tainted node',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB', 2000, withTaint({ key: 'taint-test', value: 'test', effect: 'NoSchedule' }))],
    pods: createTestPods([{ count: 1, node: 'n1', labels: foo, constraints: tsc(1) }, { count: 1, node: 'n1', labels: foo, nodeSelector: { zone: 'zoneA' } }]),
    expected: 0,
  },
  {
    name: '2 domains, sizes [2,0], maxSkew=1, move 1 pod for node with PreferNoSchedule Taint',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB', 2000, withTaint({ key: 'taint-test', value: 'test', effect: 'PreferNoSchedule' }))],
    pods: createTestPods([{ count: 1, node: 'n1', labels: foo, constraints: tsc(1) }, { count: 1, node: 'n1', labels: foo, nodeSelector: { zone: 'zoneA' } }]),
    expected: 1, evicted: ['pod-0'],
  },
  {
    name: '2 domains, sizes [2,0], maxSkew=1, move 0 pod for node with unmatched label filtering',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB')],
    pods: createTestPods([{ count: 1, node: 'n1', labels: foo, constraints: tsc(1) }, { count: 1, node: 'n1', labels: foo }]),
    expected: 0, args: { labelSelector: { matchExpressions: [{ key: 'foo', operator: 'In', values: ['baz'] }] } },
  },
  {
    name: '2 domains, sizes [2,0], maxSkew=1, move 1 pod for node with matched label filtering',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB')],
    pods: createTestPods([{ count: 1, node: 'n1', labels: foo, constraints: tsc(1) }, { count: 1, node: 'n1', labels: foo }]),
    expected: 1, evicted: ['pod-1'], args: { labelSelector: { matchExpressions: [{ key: 'foo', operator: 'In', values: ['bar'] }] } },
  },
  {
    name: '2 domains, sizes [2,0], maxSkew=1, move 1 pod for node with matched label filtering (NotIn op)',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB')],
    pods: createTestPods([{ count: 1, node: 'n1', labels: foo, constraints: tsc(1) }, { count: 1, node: 'n1', labels: foo }]),
    expected: 1, evicted: ['pod-1'], args: { labelSelector: { matchExpressions: [{ key: 'foo', operator: 'NotIn', values: ['baz'] }] } },
  },
  {
    name: '2 domains, sizes [2,0], maxSkew=1, move 1 pods given matchLabelKeys on same replicaset',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB')],
    pods: createTestPods([1, 2].map(() => ({ count: 1, node: 'n1', labels: { foo: 'bar', 'pod-template-hash': 'foo' }, constraints: tsc(1, { matchLabelKeys: ['pod-template-hash'] }) }))),
    expected: 1, evicted: ['pod-1'], args: { labelSelector: { matchExpressions: [{ key: 'foo', operator: 'NotIn', values: ['baz'] }] } },
  },
  {
    name: '2 domains, sizes [2,0], maxSkew=1, move 0 pods given matchLabelKeys on two different replicasets',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB')],
    pods: createTestPods(['foo', 'bar'].map((hash) => ({ count: 1, node: 'n1', labels: { foo: 'bar', 'pod-template-hash': hash }, constraints: tsc(1, { matchLabelKeys: ['pod-template-hash'] }) }))),
    expected: 0, args: { labelSelector: { matchExpressions: [{ key: 'foo', operator: 'NotIn', values: ['baz'] }] } },
  },
  {
    name: '2 domains, sizes [4,2], maxSkew=1, 2 pods in termination; nothing should be moved',
    nodes: [zoned('n1', 'zoneA'), zoned('n2', 'zoneB')],
    pods: createTestPods([
      { count: 2, node: 'n1', labels: foo, constraints: tsc(1) }, { count: 2, node: 'n1', labels: foo, constraints: tsc(1), terminating: true },
      { count: 2, node: 'n2', labels: foo, constraints: tsc(1) },
    ]),
    expected: 0, args: { labelSelector: { matchExpressions: [{ key: 'foo', operator: 'In', values: ['bar'] }] } },
  },
  {
    name: '3 domains, sizes [2,3,4], maxSkew=1, NodeFit is enabled, and not enough cpu on zoneA; nothing should be moved',
    nodes: [buildTestNode('n1', 250, 2000, 9, (n) => { n.metadata.labels!.zone = 'zoneA'; }), buildTestNode('n2', 1000, 2000, 9, (n) => { n.metadata.labels!.zone = 'zoneB'; }), buildTestNode('n3', 1000, 2000, 9, (n) => { n.metadata.labels!.zone = 'zoneC'; })],
    pods: createTestPods([2, 3, 4].map((count, i) => ({ count, node: `n${i + 1}`, labels: foo, constraints: tsc(1) }))),
    expected: 0, nodeFit: true,
  },
  {
    name: '3 domains, sizes [2,3,4], maxSkew=1, args.NodeFit is false, and not enough cpu on zoneA; 1 should be moved to force scale-up',
    nodes: [buildTestNode('n1', 250, 2000, 9, (n) => { n.metadata.labels!.zone = 'zoneA'; }), buildTestNode('n2', 1000, 2000, 9, (n) => { n.metadata.labels!.zone = 'zoneB'; }), buildTestNode('n3', 1000, 2000, 9, (n) => { n.metadata.labels!.zone = 'zoneC'; })],
    pods: createTestPods([2, 3, 4].map((count, i) => ({ count, node: `n${i + 1}`, labels: foo, constraints: tsc(1) }))),
    expected: 1, nodeFit: true, args: { topologyBalanceNodeFit: false },
  },
  {
    name: '2 domains, sizes [[1,4], [2,1]], maxSkew=1, NodeFit is enabled; should move 1',
    nodes: ['A1', 'A2', 'B1', 'B2'].map((name) => buildTestNode(name, 1000, 2000, 9, (n) => { n.metadata.labels!.zone = `zone${name[0]}`; })),
    pods: createTestPods([{ count: 1, node: 'A1' }, { count: 4, node: 'A2' }, { count: 2, node: 'B1' }, { count: 1, node: 'B2' }].map((p) => ({ ...p, labels: foo, constraints: tsc(1) }))),
    expected: 1, evicted: ['pod-4'], nodeFit: true,
  },
  {
    name: '3 domains, sizes [2, 1, 0] with selectors, maxSkew=1, nodeTaintsPolicy=Ignore, should move 1 for [1, 1, 1]',
    nodes: ['A1', 'B1', 'C1'].map((name) => buildTestNode(name, 1000, 2000, 9, (n) => { n.metadata.labels!.zone = `zone${name[0]}`; n.metadata.labels!['kubernetes.io/arch'] = 'arm64'; })),
    pods: createTestPods([
      { count: 1, node: 'A1', labels: foo, constraints: tsc(1, { nodeAffinityPolicy: 'Ignore' }), nodeSelector: { 'kubernetes.io/arch': 'arm64' } },
      { count: 1, node: 'A1', labels: foo, constraints: tsc(1, { nodeAffinityPolicy: 'Ignore' }), nodeSelector: { zone: 'zoneA', 'kubernetes.io/arch': 'arm64' } },
      { count: 1, node: 'B1', labels: foo, constraints: tsc(1, { nodeAffinityPolicy: 'Ignore' }), nodeSelector: { 'kubernetes.io/arch': 'arm64' } },
    ]),
    expected: 1, evicted: ['pod-0'],
  },
];

describe('RemovePodsViolatingTopologySpreadConstraint (TestTopologySpreadConstraint)', () => {
  it.each(cases)('$name', (c) => {
    const { evicted } = runStrategy({
      plugin: 'RemovePodsViolatingTopologySpreadConstraint', args: c.args, evictorArgs: { nodeFit: c.nodeFit ?? false }, nodes: c.nodes, pods: c.pods,
    });
    expect(evicted).toHaveLength(c.expected);
    if (c.evicted) expect([...evicted].sort()).toEqual([...c.evicted].sort());
  });
});
