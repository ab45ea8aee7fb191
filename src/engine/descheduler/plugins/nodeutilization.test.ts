// Rows from upstream sigs.k8s.io/descheduler pkg/framework/plugins/nodeutilization/
// lownodeutilization_test.go (TestLowNodeUtilization without metrics, TestLowNodeUtilizationWithTaints)
// and highnodeutilization_test.go (TestHighNodeUtilization, TestHighNodeUtilizationWithTaints).
// Upstream's plugin tests run with DefaultEvictorArgs{NodeFit: true}.

import { describe, expect, it } from 'vitest';
import type { Node } from '../../model/types';
import { SYSTEM_CRITICAL_PRIORITY } from '../podutil';
import {
  buildTestNode, buildTestPod, makeBestEffortPod, mirrorPodAnnotations, runStrategy, setDSOwnerRef, setHostPathEmptyDirVolumeSource,
  setNormalOwnerRef, setPodPriority, setRSOwnerRef,
} from '../testing';
import type { DeschedulerPod } from '../types';

const EXT = 'example.com/foo';
const LOW = 0;
const HIGH = 10000;
const unschedulable = (n: Node): void => { n.spec.unschedulable = true; };
const withExt = (amount: number) => (n: Node): void => { n.status.capacity![EXT] = `${amount}`; n.status.allocatable![EXT] = `${amount}`; };
const requestExt = (pod: DeschedulerPod, amount: number): void => { pod.spec.containers[0]!.resources!.requests![EXT] = `${amount}`; };
const localStorageMirror = (p: DeschedulerPod): void => { setNormalOwnerRef(p); setHostPathEmptyDirVolumeSource(p); p.metadata.annotations = mirrorPodAnnotations(); };
const critical = (p: DeschedulerPod): void => { setNormalOwnerRef(p); p.metadata.namespace = 'kube-system'; setPodPriority(p, SYSTEM_CRITICAL_PRIORITY); };
const both = (...fs: ((p: DeschedulerPod) => void)[]) => (p: DeschedulerPod): void => { for (const f of fs) f(p); };
const westAffinity = (p: DeschedulerPod): void => {
  setNormalOwnerRef(p);
  p.spec.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'datacenter', operator: 'In', values: ['west'] }] }] } } };
};

/** the usual three nodes: n1 (9 pods), n2, n3 unschedulable */
const threeNodes = (): Node[] => [buildTestNode('n1', 4000, 3000, 9), buildTestNode('n2', 4000, 3000, 10), buildTestNode('n3', 4000, 3000, 10, unschedulable)];
/** p1..p5 with the given setter on n1, the three non-evictable ones, p9 on n2 */
const usualPods = (p1to5: (i: number) => (p: DeschedulerPod) => void, p9 = true): DeschedulerPod[] => [
  ...[1, 2, 3, 4, 5].map((i) => buildTestPod(`p${i}`, 400, 0, 'n1', p1to5(i))),
  buildTestPod('p6', 400, 0, 'n1', setDSOwnerRef),
  buildTestPod('p7', 400, 0, 'n1', localStorageMirror),
  buildTestPod('p8', 400, 0, 'n1', critical),
  ...(p9 ? [buildTestPod('p9', 400, 0, 'n2', setRSOwnerRef)] : []),
];
const cpuPods = { thresholds: { cpu: 30, pods: 30 }, targetThresholds: { cpu: 50, pods: 50 } };

describe('LowNodeUtilization (TestLowNodeUtilization)', () => {
  const cases: { name: string; args: Record<string, unknown>; nodes: Node[]; pods: DeschedulerPod[]; expected: number; evicted?: string[] }[] = [
    {
      name: 'no evictable pods',
      args: cpuPods,
      nodes: threeNodes(),
      pods: [
        ...[1, 2, 3, 4].map((i) => buildTestPod(`p${i}`, 400, 0, 'n1', setDSOwnerRef)),
        buildTestPod('p5', 400, 0, 'n1', localStorageMirror),
        buildTestPod('p6', 400, 0, 'n1', (p) => { p.metadata.namespace = 'kube-system'; setPodPriority(p, SYSTEM_CRITICAL_PRIORITY); }),
        buildTestPod('p9', 400, 0, 'n2', setRSOwnerRef),
      ],
      expected: 0,
    },
    { name: 'without priorities', args: cpuPods, nodes: threeNodes(), pods: usualPods(() => setRSOwnerRef), expected: 4 },
    {
      name: 'without priorities, but excluding namespaces',
      args: { ...cpuPods, evictableNamespaces: { exclude: ['namespace1'] } },
      nodes: threeNodes(),
      pods: usualPods(() => (p) => { setNormalOwnerRef(p); p.metadata.namespace = 'namespace1'; }),
      expected: 0,
    },
    {
      name: 'without priorities, but include only default namespace',
      // validation refuses `include`; the plugin itself ignores it
      args: { ...cpuPods, evictableNamespaces: { include: ['default'] } },
      nodes: threeNodes(),
      pods: usualPods((i) => (i <= 2 ? setRSOwnerRef : (p) => { p.metadata.namespace = `namespace${i}`; })),
      expected: 2,
    },
    {
      name: 'with priorities',
      args: cpuPods,
      nodes: threeNodes(),
      pods: [
        ...[1, 2, 3, 4].map((i) => buildTestPod(`p${i}`, 400, 0, 'n1', both(setRSOwnerRef, (p) => setPodPriority(p, HIGH)))),
        buildTestPod('p5', 400, 0, 'n1', both(setRSOwnerRef, (p) => setPodPriority(p, LOW))),
        buildTestPod('p6', 400, 0, 'n1', both(setDSOwnerRef, (p) => setPodPriority(p, HIGH))),
        buildTestPod('p7', 400, 0, 'n1', both(localStorageMirror, (p) => setPodPriority(p, LOW))),
        buildTestPod('p8', 400, 0, 'n1', critical),
        buildTestPod('p9', 400, 0, 'n2', setRSOwnerRef),
      ],
      expected: 4,
    },
    {
      name: 'without priorities evicting best-effort pods only',
      args: cpuPods,
      nodes: threeNodes(),
      pods: usualPods((i) => (i === 3 ? setRSOwnerRef : both(setRSOwnerRef, makeBestEffortPod))),
      expected: 4,
      evicted: ['p1', 'p2', 'p4', 'p5'],
    },
    {
      name: 'with extended resource',
      args: { thresholds: { pods: 30, [EXT]: 30 }, targetThresholds: { pods: 50, [EXT]: 50 } },
      nodes: [buildTestNode('n1', 4000, 3000, 9, withExt(8)), buildTestNode('n2', 4000, 3000, 10, withExt(8)), buildTestNode('n3', 4000, 3000, 10, unschedulable)],
      pods: [
        ...[1, 2, 3, 4, 5].map((i) => buildTestPod(`p${i}`, 0, 0, 'n1', both(setRSOwnerRef, (p) => requestExt(p, 1)))),
        buildTestPod('p6', 0, 0, 'n1', both(setNormalOwnerRef, (p) => requestExt(p, 1))),
        buildTestPod('p7', 0, 0, 'n1', both(localStorageMirror, (p) => requestExt(p, 1))),
        buildTestPod('p8', 0, 0, 'n1', both(critical, (p) => requestExt(p, 1))),
        buildTestPod('p9', 0, 0, 'n2', both(setRSOwnerRef, (p) => requestExt(p, 1))),
      ],
      // 4 pods available for eviction based on pods, only 3 before the extended resource is depleted
      expected: 3,
    },
    {
      name: 'with extended resource in some of nodes',
      args: { thresholds: { pods: 30, [EXT]: 30 }, targetThresholds: { pods: 50, [EXT]: 50 } },
      nodes: [buildTestNode('n1', 4000, 3000, 9, withExt(8)), buildTestNode('n2', 4000, 3000, 10), buildTestNode('n3', 4000, 3000, 10, unschedulable)],
      pods: [buildTestPod('p1', 0, 0, 'n1', both(setRSOwnerRef, (p) => requestExt(p, 1))), buildTestPod('p9', 0, 0, 'n2', setRSOwnerRef)],
      expected: 0,
    },
    {
      name: 'with extended resource in some of nodes with deviation',
      args: { thresholds: { pods: 5, [EXT]: 10 }, targetThresholds: { pods: 5, [EXT]: 10 }, useDeviationThresholds: true },
      nodes: [buildTestNode('n1', 4000, 3000, 10, withExt(8)), buildTestNode('n2', 4000, 3000, 10, withExt(8)), buildTestNode('n3', 4000, 3000, 10, unschedulable)],
      pods: [
        buildTestPod('p1', 0, 0, 'n1', both(setRSOwnerRef, (p) => requestExt(p, 1))),
        buildTestPod('p2', 0, 0, 'n2', both(setRSOwnerRef, (p) => requestExt(p, 7))),
        buildTestPod('p3', 0, 0, 'n2', setRSOwnerRef),
        buildTestPod('p8', 0, 0, 'n3', setRSOwnerRef),
        buildTestPod('p9', 0, 0, 'n3', setRSOwnerRef),
      ],
      expected: 1,
    },
    {
      name: 'without priorities, but only other node is unschedulable',
      args: cpuPods,
      nodes: [buildTestNode('n1', 4000, 3000, 9), buildTestNode('n2', 4000, 3000, 10, unschedulable)],
      pods: usualPods(() => setRSOwnerRef, false),
      expected: 0,
    },
    {
      name: "without priorities, but only other node doesn't match pod node selector for p4 and p5",
      args: cpuPods,
      nodes: [buildTestNode('n1', 4000, 3000, 9), buildTestNode('n2', 4000, 3000, 10, (n) => { n.metadata.labels = { datacenter: 'east' }; })],
      pods: usualPods((i) => (i <= 3 ? setRSOwnerRef : (p) => { setNormalOwnerRef(p); p.spec.nodeSelector = { datacenter: 'west' }; }), false),
      expected: 3,
    },
    {
      name: "without priorities, but only other node doesn't match pod node affinity for p4 and p5",
      args: cpuPods,
      nodes: [buildTestNode('n1', 4000, 3000, 9), buildTestNode('n2', 4000, 3000, 10, (n) => { n.metadata.labels = { datacenter: 'east' }; })],
      pods: [...usualPods((i) => (i <= 3 ? setRSOwnerRef : westAffinity), false), buildTestPod('p9', 0, 0, 'n2', setRSOwnerRef)],
      expected: 3,
    },
    {
      name: 'deviation thresholds',
      args: { thresholds: { cpu: 5, pods: 5 }, targetThresholds: { cpu: 5, pods: 5 }, useDeviationThresholds: true },
      nodes: threeNodes(),
      pods: usualPods(() => setRSOwnerRef),
      expected: 2,
    },
    {
      name: 'deviation thresholds and overevicting memory',
      args: { thresholds: { cpu: 5, pods: 5 }, targetThresholds: { cpu: 5, pods: 5 }, useDeviationThresholds: true },
      nodes: [buildTestNode('n1', 4000, 3000, 10), buildTestNode('n2', 4000, 3000, 10), buildTestNode('n3', 4000, 3000, 10, unschedulable)],
      // n1 and n2 are fully memory utilized
      pods: [
        ...[1, 2, 3, 4, 5].map((i) => buildTestPod(`p${i}`, 400, 375, 'n1', setRSOwnerRef)),
        buildTestPod('p6', 400, 375, 'n1', setDSOwnerRef),
        buildTestPod('p7', 400, 375, 'n1', localStorageMirror),
        buildTestPod('p8', 400, 375, 'n1', critical),
        buildTestPod('p9', 400, 3000, 'n2', setRSOwnerRef),
      ],
      expected: 0,
    },
    {
      name: 'without priorities with node eviction limit',
      args: { ...cpuPods, evictionLimits: { node: 2 } },
      nodes: threeNodes(),
      pods: usualPods(() => setRSOwnerRef),
      expected: 2,
    },
  ];
  it.each(cases)('$name', (c) => {
    const { evicted } = runStrategy({ plugin: 'LowNodeUtilization', args: c.args, evictorArgs: { nodeFit: true }, nodes: c.nodes, pods: c.pods });
    expect(evicted).toHaveLength(c.expected);
    if (c.evicted) expect([...evicted].sort()).toEqual(c.evicted);
  });
});

describe('LowNodeUtilization (TestLowNodeUtilizationWithTaints)', () => {
  const n1 = buildTestNode('n1', 2000, 3000, 10);
  const n2 = buildTestNode('n2', 1000, 3000, 10);
  const n3 = buildTestNode('n3', 1000, 3000, 10);
  const n3withTaints = buildTestNode('n3', 1000, 3000, 10, (n) => { n.spec.taints = [{ key: 'key', value: 'value', effect: 'NoSchedule' }]; });
  const n1Pods = (count: number): DeschedulerPod[] => Array.from({ length: count }, (_, i) => buildTestPod(`pod_${i + 1}_n1`, 200, 0, 'n1', setRSOwnerRef));
  const tolerating = (): DeschedulerPod => buildTestPod('tolerate_pod', 200, 0, 'n1', (p) => { setRSOwnerRef(p); p.spec.tolerations = [{ key: 'key', value: 'value' }]; });
  const cases: { name: string; nodes: Node[]; pods: DeschedulerPod[]; expected: number }[] = [
    { name: 'No taints', nodes: [n1, n2, n3], pods: [...n1Pods(8), buildTestPod('pod_9_n2', 200, 0, 'n2', setRSOwnerRef)], expected: 1 },
    { name: 'No pod tolerates node taint', nodes: [n1, n3withTaints], pods: [...n1Pods(8), buildTestPod('pod_9_n3', 200, 0, 'n3', setRSOwnerRef)], expected: 0 },
    { name: 'Pod which tolerates node taint', nodes: [n1, n3withTaints], pods: [...n1Pods(7), tolerating(), buildTestPod('pod_9_n3', 200, 0, 'n3', setRSOwnerRef)], expected: 1 },
    {
      name: 'Pod which tolerates node taint, set maxPodsToEvictTotal(0), should not be expelled',
      nodes: [n1, n3withTaints], pods: [...n1Pods(7), tolerating(), buildTestPod('pod_9_n3', 200, 0, 'n3', setRSOwnerRef)], expected: 0,
    },
  ];
  it.each(cases)('$name', (c) => {
    const { evicted } = runStrategy({
      plugin: 'LowNodeUtilization', args: { thresholds: { pods: 20 }, targetThresholds: { pods: 70 } }, evictorArgs: { nodeFit: true },
      nodes: c.nodes, pods: c.pods, limits: { maxNoOfPodsToEvictPerNode: c.expected },
    });
    expect(evicted).toHaveLength(c.expected);
    if (c.name === 'Pod which tolerates node taint') expect(evicted).toEqual(['tolerate_pod']);
  });
});

describe('LowNodeUtilization without a metrics server', () => {
  it('fails the Balance run when metricsUtilization asks for KubernetesMetrics', () => {
    const { evicted, log } = runStrategy({
      plugin: 'LowNodeUtilization', args: { ...cpuPods, metricsUtilization: { source: 'KubernetesMetrics' } }, evictorArgs: { nodeFit: true },
      nodes: threeNodes(), pods: usualPods(() => setRSOwnerRef),
    });
    expect(evicted).toEqual([]);
    expect(log).toContain('LowNodeUtilization: plugin "LowNodeUtilization" finished with error: error initializing usage client: metrics client not initialized');
  });
});

describe('HighNodeUtilization (TestHighNodeUtilization)', () => {
  const three = (cpu: number, pods: number[], apply3?: (n: Node) => void): Node[] =>
    ['n1', 'n2', 'n3'].map((n, i) => buildTestNode(n, cpu, 3000, pods[i]!, i === 2 ? apply3 : undefined));
  const rs = (name: string, cpu: number, node: string, apply?: (p: DeschedulerPod) => void): DeschedulerPod => buildTestPod(name, cpu, 0, node, both(setRSOwnerRef, apply ?? (() => undefined)));
  const ext = (n: number) => (p: DeschedulerPod): void => requestExt(p, n);
  const cases: { name: string; thresholds: Record<string, number>; evictionModes?: string[]; nodes: Node[]; pods: DeschedulerPod[]; expected: number; evicted?: string[] }[] = [
    {
      name: 'no node below threshold usage', thresholds: { cpu: 20, pods: 20 }, nodes: three(4000, [10, 10, 10]),
      pods: ['n1', 'n1', 'n1', 'n2', 'n2', 'n2', 'n3', 'n3', 'n3'].map((n, i) => rs(`p${i + 1}`, 400, n)), expected: 0,
    },
    {
      name: 'no evictable pods', thresholds: { cpu: 40, pods: 40 }, nodes: three(4000, [9, 10, 10]),
      pods: [
        buildTestPod('p1', 400, 0, 'n1', localStorageMirror), buildTestPod('p2', 400, 0, 'n1', critical),
        buildTestPod('p3', 400, 0, 'n2', setDSOwnerRef), buildTestPod('p4', 400, 0, 'n2', setDSOwnerRef),
        rs('p5', 400, 'n3'), rs('p6', 400, 'n3'), rs('p7', 400, 'n3'), rs('p8', 400, 'n3'),
      ],
      expected: 0,
    },
    {
      name: 'no node to schedule evicted pods', thresholds: { cpu: 20, pods: 20 }, nodes: three(4000, [10, 10, 10], unschedulable),
      pods: [rs('p1', 400, 'n1'), rs('p2', 400, 'n2'), rs('p3', 400, 'n3'), rs('p4', 400, 'n3'), rs('p5', 400, 'n3')], expected: 0,
    },
    {
      name: 'without priorities', thresholds: { cpu: 30, pods: 30 }, nodes: three(4000, [10, 10, 10], unschedulable),
      pods: [
        rs('p1', 400, 'n1'), buildTestPod('p2', 400, 0, 'n1', critical),
        rs('p3', 400, 'n2'), rs('p4', 400, 'n2'), rs('p5', 400, 'n2'), rs('p6', 400, 'n2'), rs('p7', 400, 'n3'),
      ],
      expected: 2, evicted: ['p1', 'p7'],
    },
    {
      name: 'without priorities stop when resource capacity is depleted', thresholds: { cpu: 30, pods: 30 }, nodes: three(2000, [10, 10, 10], unschedulable),
      pods: [rs('p1', 400, 'n1'), rs('p2', 400, 'n2'), rs('p3', 400, 'n2'), rs('p4', 400, 'n2'), rs('p5', 400, 'n2'), rs('p6', 400, 'n3')], expected: 1,
    },
    {
      name: 'with priorities', thresholds: { cpu: 30 },
      nodes: [buildTestNode('n1', 4000, 3000, 10), buildTestNode('n2', 2000, 3000, 10), buildTestNode('n3', 2000, 3000, 10, unschedulable)],
      pods: [
        rs('p1', 400, 'n1', (p) => setPodPriority(p, LOW)), rs('p2', 400, 'n1', (p) => setPodPriority(p, HIGH)),
        rs('p5', 400, 'n2'), rs('p6', 400, 'n2'), rs('p7', 400, 'n2'), rs('p8', 400, 'n2'), buildTestPod('p9', 400, 0, 'n3', setDSOwnerRef),
      ],
      expected: 1, evicted: ['p1'],
    },
    {
      name: 'without priorities evicting best-effort pods only', thresholds: { cpu: 30 },
      nodes: [buildTestNode('n1', 3000, 3000, 10), buildTestNode('n2', 3000, 3000, 5), buildTestNode('n3', 3000, 3000, 10, unschedulable)],
      pods: [buildTestPod('p1', 0, 0, 'n1', both(setRSOwnerRef, makeBestEffortPod)), rs('p2', 400, 'n1'), rs('p3', 400, 'n2'), rs('p4', 400, 'n2'), rs('p5', 400, 'n2'), rs('p6', 400, 'n2')],
      expected: 1, evicted: ['p1'],
    },
    {
      name: 'with extended resource', thresholds: { cpu: 20, [EXT]: 40 },
      nodes: [buildTestNode('n1', 4000, 3000, 10, withExt(8)), buildTestNode('n2', 4000, 3000, 10, withExt(8)), buildTestNode('n3', 4000, 3000, 10, unschedulable)],
      pods: [rs('p1', 100, 'n1', ext(1)), rs('p2', 100, 'n1', ext(1)), rs('p3', 500, 'n2', ext(1)), rs('p4', 500, 'n2', ext(1)), rs('p5', 500, 'n2', ext(1)), rs('p6', 500, 'n2', ext(1))],
      expected: 2, evicted: ['p1', 'p2'],
    },
    {
      name: 'with extended resource in some of nodes', thresholds: { cpu: 40, [EXT]: 40 },
      nodes: [buildTestNode('n1', 4000, 3000, 10, withExt(8)), buildTestNode('n2', 4000, 3000, 10), buildTestNode('n3', 4000, 3000, 10, unschedulable)],
      pods: [rs('p1', 100, 'n1', ext(1)), rs('p2', 100, 'n1', ext(1)), rs('p3', 500, 'n2'), rs('p4', 500, 'n2'), rs('p5', 500, 'n2'), rs('p6', 500, 'n2')],
      expected: 0,
    },
    {
      name: 'Other node match pod node selector', thresholds: { cpu: 30, pods: 30 },
      nodes: [buildTestNode('n1', 4000, 3000, 9, (n) => { n.metadata.labels = { datacenter: 'west' }; }), buildTestNode('n2', 4000, 3000, 10)],
      pods: [rs('p1', 400, 'n1'), rs('p2', 400, 'n1'), rs('p3', 400, 'n1'), buildTestPod('p4', 400, 0, 'n1', setDSOwnerRef), rs('p5', 400, 'n2', (p) => { p.spec.nodeSelector = { datacenter: 'west' }; })],
      expected: 1,
    },
    {
      name: 'Other node does not match pod node selector', thresholds: { cpu: 30, pods: 30 },
      nodes: [buildTestNode('n1', 4000, 3000, 9), buildTestNode('n2', 4000, 3000, 10)],
      pods: [rs('p1', 400, 'n1'), rs('p2', 400, 'n1'), rs('p3', 400, 'n1'), buildTestPod('p4', 400, 0, 'n1', setDSOwnerRef), rs('p5', 400, 'n2', (p) => { p.spec.nodeSelector = { datacenter: 'west' }; })],
      expected: 0,
    },
    {
      name: 'Other node does not have enough Memory', thresholds: { cpu: 30, pods: 30 },
      nodes: [buildTestNode('n1', 4000, 200, 9), buildTestNode('n2', 4000, 3000, 10)],
      pods: [
        buildTestPod('p1', 400, 50, 'n1', setRSOwnerRef), buildTestPod('p2', 400, 50, 'n1', setRSOwnerRef), buildTestPod('p3', 400, 50, 'n1', setRSOwnerRef),
        buildTestPod('p4', 400, 50, 'n1', setDSOwnerRef), buildTestPod('p5', 400, 100, 'n2', setRSOwnerRef),
      ],
      expected: 0,
    },
    {
      name: 'with extended resource threshold and no extended resource pods', thresholds: { [EXT]: 40 }, evictionModes: ['OnlyThresholdingResources'],
      nodes: ['n1', 'n2', 'n3'].map((n) => buildTestNode(n, 4000, 3000, 10, withExt(10))),
      pods: [rs('p1', 100, 'n1', ext(3)), rs('p2', 100, 'n1', ext(3)), rs('p3', 500, 'n2'), rs('p4', 500, 'n2'), rs('p5', 500, 'n2'), rs('p6', 500, 'n2')],
      expected: 0,
    },
  ];
  it.each(cases)('$name', (c) => {
    const { evicted } = runStrategy({
      plugin: 'HighNodeUtilization', args: { thresholds: c.thresholds, ...(c.evictionModes ? { evictionModes: c.evictionModes } : {}) },
      evictorArgs: { nodeFit: true }, nodes: c.nodes, pods: c.pods,
    });
    expect(evicted).toHaveLength(c.expected);
    if (c.evicted) expect([...evicted].sort()).toEqual(c.evicted);
  });
});

describe('HighNodeUtilization (TestHighNodeUtilizationWithTaints)', () => {
  const n1 = buildTestNode('n1', 1000, 3000, 10);
  const n2 = buildTestNode('n2', 1000, 3000, 10);
  const n3 = buildTestNode('n3', 1000, 3000, 10);
  const n3withTaints = buildTestNode('n3', 1000, 3000, 10, (n) => { n.spec.taints = [{ key: 'key', value: 'value', effect: 'NoSchedule' }]; });
  const tolerating = buildTestPod('tolerate_pod', 200, 0, 'n1', (p) => { setRSOwnerRef(p); p.spec.tolerations = [{ key: 'key', value: 'value' }]; });
  const cases: { name: string; nodes: Node[]; pods: DeschedulerPod[]; expected: number }[] = [
    {
      name: 'No taints', nodes: [n1, n2, n3],
      pods: [1, 2, 3].map((i) => buildTestPod(`pod_${i}_n1`, 200, 0, 'n1', setRSOwnerRef)).concat(buildTestPod('pod_4_n2', 200, 0, 'n2', setRSOwnerRef)),
      expected: 1,
    },
    { name: 'No pod tolerates node taint', nodes: [n1, n3withTaints], pods: [buildTestPod('pod_1_n1', 200, 0, 'n1', setRSOwnerRef), buildTestPod('pod_2_n3', 200, 0, 'n3', setRSOwnerRef)], expected: 0 },
    {
      name: 'Pod which tolerates node taint', nodes: [n1, n3withTaints],
      pods: [buildTestPod('pod_1_n1', 100, 0, 'n1', setRSOwnerRef), tolerating, buildTestPod('pod_9_n3', 500, 0, 'n3', setRSOwnerRef)], expected: 1,
    },
  ];
  it.each(cases)('$name', (c) => {
    const { evicted } = runStrategy({
      plugin: 'HighNodeUtilization', args: { thresholds: { cpu: 40 } }, nodes: c.nodes, pods: c.pods, limits: { maxNoOfPodsToEvictPerNode: c.expected },
    });
    expect(evicted).toHaveLength(c.expected);
  });
});
