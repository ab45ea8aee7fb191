// Scoring an extended resource backed by DRA (DRAExtendedResource): the node's devices of the
// class count as its allocatable, the allocated ones plus the pod's request as requested.
// upstream: noderesources/resource_allocation.go calculateDRAExtendedResourceAllocatableRequest
// (kubernetes PR #134058), the shape of fit_test.go's DRA rows (PR #135484).
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { newPodInfo } from '../../framework/podInfo';
import type { DeviceClass, ResourceClaim, ResourceObject, ResourceSlice } from '../../model/resource';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import { NodeResourcesBalancedAllocation } from '../NodeResourcesBalancedAllocation';
import type { NodeResourcesFitArgs } from './args';
import { NodeResourcesFit } from './index';

const gpu = 'example.com/gpu';
const driver = 'test-driver';
const gpuClass: DeviceClass = { apiVersion: 'resource.k8s.io/v1', kind: 'DeviceClass', metadata: { name: 'gpu-class' }, spec: { selectors: [{ cel: { expression: `device.driver == "${driver}"` } }], extendedResourceName: gpu } };
const devices = (node: string, n: number, driverName = driver): ResourceSlice => ({
  apiVersion: 'resource.k8s.io/v1', kind: 'ResourceSlice', metadata: { name: `${node}-${driverName}` },
  spec: { driver: driverName, nodeName: node, pool: { name: node, generation: 1, resourceSliceCount: 1 }, devices: Array.from({ length: n }, (_, i) => ({ name: `gpu-${i}` })) },
});
const allocated = (name: string, node: string, device: string): ResourceClaim => ({
  apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim', metadata: { name, namespace: 'default' }, spec: {},
  status: { allocation: { devices: { results: [{ request: 'r', driver, pool: node, device }] } } },
});
const nodes = [makeNode().name('node1').capacity({ cpu: '4', memory: '8Gi' }).obj(), makeNode().name('node2').capacity({ cpu: '4', memory: '8Gi' }).obj()];
// node1: 4 devices, 2 allocated (and 3 of another driver, which the class does not select); node2: 8 devices, none
const objects: ResourceObject[] = [gpuClass, devices('node1', 4), devices('node1', 3, 'other-driver'), devices('node2', 8), allocated('a', 'node1', 'gpu-0'), allocated('b', 'node1', 'gpu-1')];
const least: NodeResourcesFitArgs = { scoringStrategy: { type: 'LeastAllocated', resources: [{ name: gpu, weight: 1 }] } };
const most: NodeResourcesFitArgs = { scoringStrategy: { type: 'MostAllocated', resources: [{ name: gpu, weight: 1 }] } };

function scores(plugin: ReturnType<typeof NodeResourcesFit.factory>, env: ReturnType<typeof newTestEnv>): number[] {
  const state = new CycleState();
  const pod = newPodInfo(makePod().name('p').req({ [gpu]: '1' }).obj());
  expect(plugin.preScore!(state, pod, env.snapshot.nodeInfoList).code).toBe('Success');
  return env.snapshot.nodeInfoList.map((n) => plugin.score!(state, pod, n) as number);
}

describe('NodeResourcesFit Score: extended resources backed by DRA', () => {
  it.each([
    // node1: 2 allocated + 1 of 4 -> free 1/4; node2: 1 of 8 -> free 7/8
    { name: 'LeastAllocated', args: least, expected: [25, 87] },
    { name: 'MostAllocated', args: most, expected: [75, 12] },
  ])('$name counts the node\'s devices of the class and the allocated ones', ({ args, expected }) => {
    const env = newTestEnv({ nodes, resources: objects, features: { DRAExtendedResource: true } });
    expect(scores(NodeResourcesFit.factory(args, env.handle), env)).toEqual(expected);
  });

  it('without DRAExtendedResource the resource is absent on both nodes (score 0, as before PR #134058)', () => {
    const env = newTestEnv({ nodes, resources: objects, features: { DRAExtendedResource: false } });
    expect(scores(NodeResourcesFit.factory(least, env.handle), env)).toEqual([0, 0]);
  });

  it('a node that advertises the resource is scored by its allocatable, not by devices', () => {
    const advertising = [makeNode().name('node1').capacity({ cpu: '4', memory: '8Gi', [gpu]: '2' }).obj(), nodes[1]!];
    const env = newTestEnv({ nodes: advertising, resources: objects, features: { DRAExtendedResource: true } });
    // node1: 1 of 2 requested -> free 1/2
    expect(scores(NodeResourcesFit.factory(least, env.handle), env)).toEqual([50, 87]);
  });

  it('NodeResourcesBalancedAllocation reads the devices too', () => {
    const env = newTestEnv({ nodes, resources: objects, features: { DRAExtendedResource: true } });
    const plugin = NodeResourcesBalancedAllocation.factory({ resources: [{ name: 'cpu', weight: 1 }, { name: gpu, weight: 1 }] }, env.handle);
    const state = new CycleState();
    const pod = newPodInfo(makePod().name('p').req({ cpu: '2', [gpu]: '1' }).obj());
    expect(plugin.preScore!(state, pod, env.snapshot.nodeInfoList).code).toBe('Success');
    // node1: cpu 2/4 = 0.5, gpu 3/4 = 0.75: std 0.125 -> 87; node2: cpu 0.5, gpu 1/8 = 0.125: std 0.1875 -> 81
    expect(env.snapshot.nodeInfoList.map((n) => plugin.score!(state, pod, n))).toEqual([87, 81]);
  });
});
