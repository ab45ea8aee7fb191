// Rows from upstream sigs.k8s.io/descheduler pkg/framework/plugins/removeduplicates/
// removeduplicates_test.go (TestFindDuplicatePods, TestRemoveDuplicatesUniformly).

import { describe, expect, it } from 'vitest';
import type { Node } from '../../model/types';
import {
  buildTestNode, buildTestPod, mirrorPodAnnotations, runStrategy, setDSOwnerRef, setHostPathEmptyDirVolumeSource,
  setNormalOwnerRef, setPodPriority, setRSOwnerRef,
} from '../testing';
import type { DeschedulerPod } from '../types';
import { SYSTEM_CRITICAL_PRIORITY } from '../podutil';

const node = (name: string, apply?: (n: Node) => void): Node => buildTestNode(name, 2000, 3000, 10, apply);
const podFor = (name: string, nodeName: string, apply?: (p: DeschedulerPod) => void): DeschedulerPod => buildTestPod(name, 100, 0, nodeName, apply);
const rsPodInNamespace = (name: string, namespace: string, apply?: (p: DeschedulerPod) => void): DeschedulerPod =>
  podFor(name, 'n1', (p) => { setRSOwnerRef(p); p.metadata.namespace = namespace; apply?.(p); });
const podWithImage = (name: string, image: string): DeschedulerPod => {
  const p = podFor(name, 'n1', setRSOwnerRef);
  p.spec.containers.push({ name: image, image });
  return p;
};
const taint = (n: Node): void => { n.spec.taints = [{ key: 'hardware', value: 'gpu', effect: 'NoSchedule' }]; };

describe('RemoveDuplicates (TestFindDuplicatePods)', () => {
  const cases: { name: string; pods: DeschedulerPod[]; nodes: Node[]; expected: number; excludeOwnerKinds?: string[]; nodeFit?: boolean }[] = [
    {
      name: 'Three pods in the `dev` Namespace, bound to same ReplicaSet. 1 should be evicted.',
      pods: [rsPodInNamespace('p1', 'dev'), rsPodInNamespace('p2', 'dev'), rsPodInNamespace('p3', 'dev')],
      nodes: [node('n1'), node('n2')],
      expected: 1,
    },
    {
      name: 'Three pods in the `dev` Namespace, bound to same ReplicaSet, but ReplicaSet kind is excluded. 0 should be evicted.',
      pods: [rsPodInNamespace('p1', 'dev'), rsPodInNamespace('p2', 'dev'), rsPodInNamespace('p3', 'dev')],
      nodes: [node('n1'), node('n2')],
      expected: 0,
      excludeOwnerKinds: ['ReplicaSet'],
    },
    {
      name: 'Three Pods in the `dev` Namespace, three Pods in the `test` Namespace. Bound to ReplicaSet with same name. 4 should be evicted.',
      pods: [
        rsPodInNamespace('p1', 'dev'), rsPodInNamespace('p2', 'dev'), rsPodInNamespace('p3', 'dev'),
        rsPodInNamespace('p8', 'test'), rsPodInNamespace('p9', 'test'), rsPodInNamespace('p10', 'test'),
      ],
      nodes: [node('n1'), node('n2')],
      expected: 2,
    },
    {
      name: 'Pods are: part of DaemonSet, with local storage, mirror pod annotation, critical pod annotation - none should be evicted.',
      pods: [
        podFor('p4', 'n1', setDSOwnerRef),
        podFor('p5', 'n1', (p) => { setNormalOwnerRef(p); setHostPathEmptyDirVolumeSource(p); }),
        podFor('p6', 'n1', (p) => { p.metadata.annotations = mirrorPodAnnotations(); }),
        podFor('p7', 'n1', (p) => { p.metadata.namespace = 'kube-system'; setPodPriority(p, SYSTEM_CRITICAL_PRIORITY); }),
      ],
      nodes: [node('n1'), node('n2')],
      expected: 0,
    },
    {
      name: 'Pods with the same owner but different images should not be evicted',
      pods: [
        rsPodInNamespace('p11', 'different-images', (p) => { p.spec.containers[0]!.image = 'foo'; }),
        rsPodInNamespace('p12', 'different-images', (p) => { p.spec.containers[0]!.image = 'bar'; }),
      ],
      nodes: [node('n1'), node('n2')],
      expected: 0,
    },
    {
      name: 'Pods with multiple containers should not match themselves',
      pods: [rsPodInNamespace('p13', 'different-images', (p) => { p.spec.containers.push({ name: 'foo', image: 'foo' }); })],
      nodes: [node('n1'), node('n2')],
      expected: 0,
    },
    {
      name: 'Pods with matching ownerrefs and at not all matching image should not trigger an eviction',
      pods: [
        rsPodInNamespace('p11', 'different-images', (p) => { p.spec.containers[0]!.image = 'foo'; }),
        rsPodInNamespace('p13', 'different-images', (p) => { p.spec.containers.push({ name: 'foo', image: 'foo' }); }),
      ],
      nodes: [node('n1'), node('n2')],
      expected: 0,
    },
    {
      name: 'Three pods in the `dev` Namespace, bound to same ReplicaSet. Only node available has a taint, and nodeFit set to true. 0 should be evicted.',
      pods: [rsPodInNamespace('p1', 'dev'), rsPodInNamespace('p2', 'dev'), rsPodInNamespace('p3', 'dev')],
      nodes: [node('n1'), node('n3', taint)],
      expected: 0,
      nodeFit: true,
    },
    {
      name: 'Three pods in the `node-fit` Namespace, bound to same ReplicaSet, all with a nodeSelector. Only node available has an incorrect node label, and nodeFit set to true. 0 should be evicted.',
      pods: ['p15', 'NOT1', 'NOT2'].map((n) => rsPodInNamespace(n, 'node-fit', (p) => { p.spec.nodeSelector = { datacenter: 'west' }; })),
      nodes: [node('n1'), node('n4', (n) => { n.metadata.labels = { datacenter: 'east' }; })],
      expected: 0,
      nodeFit: true,
    },
    {
      name: 'Three pods in the `node-fit` Namespace, bound to same ReplicaSet. Only node available is not schedulable, and nodeFit set to true. 0 should be evicted.',
      pods: [rsPodInNamespace('p1', 'dev'), rsPodInNamespace('p2', 'dev'), rsPodInNamespace('p3', 'dev')],
      nodes: [node('n1'), node('n5', (n) => { n.spec = { unschedulable: true }; })],
      expected: 0,
      nodeFit: true,
    },
    {
      name: 'Three pods in the `node-fit` Namespace, bound to same ReplicaSet. Only node available does not have enough CPU, and nodeFit set to true. 0 should be evicted.',
      pods: [
        rsPodInNamespace('p1', 'dev'), rsPodInNamespace('p2', 'dev'), rsPodInNamespace('p3', 'dev'),
        buildTestPod('CPU-eater', 150, 150, 'n6', (p) => { p.metadata.namespace = 'test'; }),
      ],
      nodes: [node('n1'), buildTestNode('n6', 200, 200, 10)],
      expected: 0,
      nodeFit: true,
    },
    {
      name: 'Three pods in the `node-fit` Namespace, bound to same ReplicaSet. Only node available has enough CPU, and nodeFit set to true. 1 should be evicted.',
      pods: [
        rsPodInNamespace('p1', 'dev'), rsPodInNamespace('p2', 'dev'), rsPodInNamespace('p3', 'dev'),
        buildTestPod('CPU-saver', 100, 150, 'n6', (p) => { p.metadata.namespace = 'test'; }),
      ],
      nodes: [node('n1'), buildTestNode('n6', 200, 200, 10)],
      expected: 1,
      nodeFit: true,
    },
  ];
  it.each(cases)('$name', (c) => {
    const { evicted } = runStrategy({
      plugin: 'RemoveDuplicates', args: c.excludeOwnerKinds ? { excludeOwnerKinds: c.excludeOwnerKinds } : undefined,
      evictorArgs: { nodeFit: c.nodeFit ?? false }, nodes: c.nodes, pods: c.pods,
    });
    expect(evicted).toHaveLength(c.expected);
  });
});

describe('RemoveDuplicates (TestRemoveDuplicatesUniformly)', () => {
  const rs2 = (p: DeschedulerPod): void => { p.metadata.ownerReferences = [{ kind: 'ReplicaSet', apiVersion: 'v1', name: 'replicaset-2' }]; };
  const twoRS = (p: DeschedulerPod): void => {
    p.metadata.ownerReferences = [{ kind: 'ReplicaSet', apiVersion: 'v1', name: 'replicaset-1' }, { kind: 'ReplicaSet', apiVersion: 'v1', name: 'replicaset-2' }];
  };
  const tolerating = (key: string, value: string) => (p: DeschedulerPod): void => {
    setRSOwnerRef(p);
    p.spec.tolerations = [{ key, value, operator: 'Equal', effect: 'NoSchedule' }];
  };
  const masterTaint = (n: Node): void => { n.spec.taints = [{ effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' }]; };
  const masterLabel = (n: Node): void => { n.metadata.labels = { ...n.metadata.labels, 'node-role.kubernetes.io/control-plane': '' }; };
  const workerLabel = (n: Node): void => { n.metadata.labels = { ...n.metadata.labels, 'node-role.kubernetes.io/worker': 'k2' }; };
  const notMaster = (key: string) => (p: DeschedulerPod): void => {
    setRSOwnerRef(p);
    p.spec.affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [
            { key: 'node-role.kubernetes.io/control-plane', operator: 'DoesNotExist' },
            { key, operator: 'DoesNotExist' },
          ] }],
        },
      },
    };
  };
  const workerSelector = (value: string) => (p: DeschedulerPod): void => {
    setRSOwnerRef(p);
    p.spec.nodeSelector = { ...p.spec.nodeSelector, 'node-role.kubernetes.io/worker': value };
  };
  /** 5 pods on the first node, 3 on the second, 1 on the third */
  const spread531 = (nodes: [string, string, string], apply: (i: number) => (p: DeschedulerPod) => void, prefix = 'p'): DeschedulerPod[] =>
    [0, 0, 0, 0, 0, 1, 1, 1, 2].map((n, i) => podFor(`${prefix}${i + 1}`, nodes[n]!, apply(i)));
  const workers = (apply?: (n: Node) => void): Node[] => ['worker1', 'worker2', 'worker3'].map((n) => node(n, apply));
  const masters = (apply?: (n: Node) => void): Node[] => ['master1', 'master2', 'master3'].map((n) => node(n, apply));
  const alternating = (a: (p: DeschedulerPod) => void, b: (p: DeschedulerPod) => void) => (i: number) => (i % 2 === 0 ? a : b);

  const cases: { name: string; pods: DeschedulerPod[]; nodes: Node[]; expected: number }[] = [
    { name: 'Evict pods uniformly', pods: spread531(['n1', 'n2', 'n3'], () => setRSOwnerRef), nodes: [node('n1'), node('n2'), node('n3')], expected: 2 },
    { name: 'Evict pods uniformly with one node left out', pods: spread531(['n1', 'n2', 'n3'], () => setRSOwnerRef), nodes: [node('n1'), node('n2')], expected: 1 },
    { name: 'Evict pods uniformly with two replica sets', pods: spread531(['n1', 'n2', 'n3'], () => twoRS, 'p1'), nodes: [node('n1'), node('n2'), node('n3')], expected: 4 },
    {
      name: 'Evict pods uniformly with two owner references',
      pods: [
        ...spread531(['n1', 'n2', 'n3'], () => setRSOwnerRef, 'p1'),
        ...spread531(['n3', 'n2', 'n1'], () => rs2, 'p2'),
      ],
      nodes: [node('n1'), node('n2'), node('n3')],
      expected: 4,
    },
    {
      name: 'Evict pods with number of pods less than nodes',
      pods: [podFor('p1', 'n1', setRSOwnerRef), podFor('p2', 'n1', setRSOwnerRef)],
      nodes: [node('n1'), node('n2'), node('n3')],
      expected: 1,
    },
    {
      name: 'Evict pods with number of pods less than nodes, but ignore different pods with the same ownerref',
      pods: [podWithImage('p1', 'foo'), podWithImage('p2', 'bar'), podWithImage('p3', 'baz'), podWithImage('p4', 'foo')],
      nodes: [node('n1'), node('n2'), node('n3')],
      expected: 1,
    },
    { name: 'Evict pods with a single pod with three nodes', pods: [podFor('p1', 'n1', setRSOwnerRef)], nodes: [node('n1'), node('n2'), node('n3')], expected: 0 },
    {
      name: 'Evict pods uniformly respecting taints',
      pods: spread531(['worker1', 'worker2', 'worker3'], alternating(tolerating('k1', 'v1'), tolerating('k2', 'v2'))),
      nodes: [...workers(), ...masters(masterTaint)],
      expected: 2,
    },
    {
      name: 'Evict pods uniformly respecting RequiredDuringSchedulingIgnoredDuringExecution node affinity',
      pods: spread531(['worker1', 'worker2', 'worker3'], alternating(notMaster('k1'), notMaster('k2'))),
      nodes: [...workers(), ...masters(masterLabel)],
      expected: 2,
    },
    {
      name: 'Evict pods uniformly respecting node selector',
      pods: spread531(['worker1', 'worker2', 'worker3'], alternating(workerSelector('k1'), workerSelector('k2'))),
      nodes: [...workers(workerLabel), ...masters()],
      expected: 2,
    },
    {
      name: 'Evict pods uniformly respecting node selector with zero target nodes',
      pods: spread531(['worker1', 'worker2', 'worker3'], alternating(workerSelector('k1'), workerSelector('k2'))),
      nodes: [...workers(), ...masters()],
      expected: 0,
    },
  ];
  it.each(cases)('$name', (c) => {
    expect(runStrategy({ plugin: 'RemoveDuplicates', nodes: c.nodes, pods: c.pods }).evicted).toHaveLength(c.expected);
  });

  it('evicts the later duplicates of the most loaded node first (5,3,1 → p4, p5)', () => {
    // upstream iterates Go maps here; our order is the node order, then the listing order
    const { evicted } = runStrategy({ plugin: 'RemoveDuplicates', nodes: [node('n1'), node('n2'), node('n3')], pods: spread531(['n1', 'n2', 'n3'], () => setRSOwnerRef) });
    expect(evicted).toEqual(['p4', 'p5']);
  });
});
