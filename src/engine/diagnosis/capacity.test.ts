// "Larger than any node" and "fragmented": one row per case, each a small cluster simulated, the
// verdict read from the Pending pod's latest cycle.
import { describe, expect, it } from 'vitest';
import { simulate } from '../index';
import { capacityText, capacityVerdicts } from './capacity';
import { latestCycleOf } from './diagnose';

const node = (name: string, cpu: string, extra = '') => `apiVersion: v1\nkind: Node\nmetadata: {name: ${name}, labels: {kubernetes.io/hostname: ${name}}}\n${extra}status: {allocatable: {cpu: "${cpu}", memory: 8Gi, pods: "110"}}\n`;
const pod = (name: string, cpu: string, on?: string) => `apiVersion: v1\nkind: Pod\nmetadata: {name: ${name}}\nspec: {${on ? `nodeName: ${on}, ` : ''}containers: [{name: c, image: x, resources: {requests: {cpu: "${cpu}"}}}]}\n`;
const group = (name: string, cpu: string) => `apiVersion: podplay/v1alpha1\nkind: ClusterAutoscaler\nmetadata: {name: ca}\nspec:\n  templates:\n    - apiVersion: v1\n      kind: Node\n      metadata: {name: ${name}-template, labels: {kwok-nodegroup: ${name}}, annotations: {cluster-autoscaler.kwok.nodegroup/max-count: "3"}}\n      status: {allocatable: {cpu: "${cpu}", memory: 8Gi, pods: "110"}}\n`;
const docs = (...d: string[]) => d.join('---\n');

function verdictText(yaml: string, target = 'default/p'): string[] {
  const outcome = simulate(yaml, { fileName: 'capacity.yaml' });
  if (!outcome.ok) throw new Error(outcome.errors[0]!.message);
  const cycle = latestCycleOf(outcome.result.cycles, target)!;
  return capacityVerdicts(cycle, outcome.result.autoscaler).map((v) => capacityText(v));
}

describe('capacityVerdicts', () => {
  it.each([
    {
      name: 'two nodes with 1500m free each, a 2-cpu pod: fragmented, with the numbers',
      yaml: docs(node('a', '4'), node('b', '4'), pod('fill-a', '2500m', 'a'), pod('fill-b', '2500m', 'b'), pod('p', '2')),
      want: ['Fragmented: 3 cpu is free across the 2 nodes in total, but at most 1500m cpu on one (a), and the pod requests 2 cpu on a single node.'],
    },
    {
      // a tainted pool's free cpu is no room for a pod that does not tolerate it (issue 18: "1Ti free across 59 nodes")
      name: 'a third node with 1500m free but a taint the pod does not tolerate: fragmented over the two it could use, and the third said to be left out',
      yaml: docs(node('a', '4'), node('b', '4'), node('c', '4', 'spec: {taints: [{key: dedicated, value: search, effect: NoSchedule}]}\n'),
        pod('fill-a', '2500m', 'a'), pod('fill-b', '2500m', 'b'), pod('fill-c', '2500m', 'c').replace('containers:', 'tolerations: [{key: dedicated, operator: Exists}], containers:'), pod('p', '2')),
      want: ['Fragmented: 3 cpu is free across the 2 nodes the pod could use in total (not counted: 1 node another filter rules out — a taint, a cordon, a selector), but at most 1500m cpu on one (a), and the pod requests 2 cpu on a single node.'],
    },
    {
      // a cordoned node likewise: only the pool's taints and cordons stand between the pod and the other nodes
      name: 'two cordoned nodes whose free cpu adds up to the request, one usable node without it: neither',
      yaml: docs(node('a', '4'), node('b', '4', 'spec: {unschedulable: true}\n'), node('c', '4', 'spec: {unschedulable: true}\n'),
        pod('fill-a', '2500m', 'a'), pod('fill-b', '2500m', 'b'), pod('fill-c', '2500m', 'c'), pod('p', '2')),
      want: [],
    },
    {
      // an EKS node's allocatable is in Ki (31792816Ki): the verdict reads as kubectl describe's Gi
      name: 'memory fragmented on nodes whose allocatable is in Ki: the numbers in Gi, not Ki',
      yaml: docs(
        node('a', '8').replace('memory: 8Gi', 'memory: 31792816Ki'), node('b', '8').replace('memory: 8Gi', 'memory: 31792816Ki'),
        pod('fill-a', '1', 'a').replace('cpu: "1"', 'cpu: "1", memory: 20Gi'), pod('fill-b', '1', 'b').replace('cpu: "1"', 'cpu: "1", memory: 20Gi'),
        pod('p', '1').replace('cpu: "1"', 'cpu: "1", memory: 16Gi')),
      want: ['Fragmented: 20.6Gi memory is free across the 2 nodes in total, but at most 10.3Gi memory on one (a), and the pod requests 16Gi memory on a single node.'],
    },
    {
      name: 'a 6-cpu pod, nodes of 4: larger than any node',
      yaml: docs(node('a', '4'), node('b', '2'), pod('p', '6')),
      want: ['Larger than any node: the pod requests 6 cpu, and the largest node, a, has 4 cpu allocatable — only a bigger node can take it.'],
    },
    {
      name: 'the same with an autoscaler whose only group has 4-cpu nodes: no template is big enough either',
      yaml: docs(group('pool', '4'), node('a', '4'), pod('p', '6')),
      want: ['Larger than any node: the pod requests 6 cpu, and the largest node, a, has 4 cpu allocatable — only a bigger node can take it, and no node group\'s template is big enough either (Insufficient cpu on each).'],
    },
    {
      name: 'less free in total than the pod asks: neither (the cluster is full, not fragmented)',
      yaml: docs(node('a', '4'), node('b', '4'), pod('fill-a', '3500m', 'a'), pod('fill-b', '3500m', 'b'), pod('p', '2')),
      want: [],
    },
    {
      name: 'one node has room but a taint keeps the pod off it: neither (some node had the cpu)',
      yaml: docs(node('a', '4'), node('b', '4', 'spec: {taints: [{key: k, value: v, effect: NoSchedule}]}\n'), pod('fill-a', '3', 'a'), pod('p', '2')),
      want: [],
    },
  ])('$name', ({ yaml, want }) => {
    expect(verdictText(yaml)).toEqual(want);
  });
});
