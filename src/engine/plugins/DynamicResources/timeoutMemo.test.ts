// A node's allocation search that ran out of steps is not run again while nothing it depends on
// changed (index.ts, RememberedTimeout): from v1.36 a timeout is an Error retried after backoff
// (kubernetes PR #137607), and each retry re-ran the whole 20,000-step search.

import { describe, expect, it, vi } from 'vitest';
import { allocationTimedOut } from '../../dra/allocator';
import { CycleState } from '../../framework/cycleState';
import { NodeInfo } from '../../framework/nodeInfo';
import { newPodInfo } from '../../framework/podInfo';
import type { DeviceClass, ResourceClaim, ResourceSlice } from '../../model/resource';
import type { ResourceStore } from '../../simulation/resources';
import { simulate } from '../../index';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import { versionSwitches } from '../../versions';
import { DynamicResources } from './index';

const gpuClass: DeviceClass = { apiVersion: 'resource.k8s.io/v1', kind: 'DeviceClass', metadata: { name: 'gpu' }, spec: { selectors: [{ cel: { expression: 'device.driver == "gpu.example.com"' } }] } };
const noneClass: DeviceClass = { apiVersion: 'resource.k8s.io/v1', kind: 'DeviceClass', metadata: { name: 'none' }, spec: { selectors: [{ cel: { expression: 'device.driver == "none.example.com"' } }] } };
const slice = (name: string, driver: string, devices: number): ResourceSlice => ({
  apiVersion: 'resource.k8s.io/v1', kind: 'ResourceSlice', metadata: { name },
  spec: { driver, nodeName: 'worker', pool: { name, generation: 1, resourceSliceCount: 1 }, devices: Array.from({ length: devices }, (_, i) => ({ name: `d-${i}` })) },
});
/** 8 of the node's 20 GPUs and a device of a class nothing matches: every 8 of 20 is tried, past the node's steps */
const greedy: ResourceClaim = {
  apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim', metadata: { name: 'greedy', namespace: 'default', uid: 'greedy-uid' },
  spec: { devices: { requests: [{ name: 'gpus', exactly: { deviceClassName: 'gpu', allocationMode: 'ExactCount', count: 8 } }, { name: 'other', exactly: { deviceClassName: 'none', allocationMode: 'ExactCount', count: 1 } }] } },
  status: {},
};
const node = makeNode().name('worker').label('kubernetes.io/hostname', 'worker').obj();
const err = `node worker: ${allocationTimedOut('node')}`;

describe('a timed-out allocation search on an unchanged cluster is not run again', () => {
  // the allocator looks up the request's class for every search: lookups during Filter count searches
  it.each([
    { name: 'nothing changes: the second attempt remembers', change: undefined, searchesAgain: false },
    { name: 'a ResourceSlice added: searched again', change: (s: ResourceStore) => s.put(slice('spare', 'other.example.com', 1)), searchesAgain: true },
    { name: 'a DeviceClass added: searched again', change: (s: ResourceStore) => s.put({ ...noneClass, metadata: { name: 'third' } }), searchesAgain: true },
    { name: 'a ResourceClaim removed: searched again', change: (s: ResourceStore) => s.remove('ResourceClaim', 'default', 'unrelated'), searchesAgain: true },
    { name: 'the node object replaced (an update): searched again', change: 'node' as const, searchesAgain: true },
  ])('$name', ({ change, searchesAgain }) => {
    const unrelated: ResourceClaim = { ...greedy, metadata: { name: 'unrelated', namespace: 'default', uid: 'unrelated-uid' } };
    const env = newTestEnv({ nodes: [node], resources: [gpuClass, noneClass, slice('gpus', 'gpu.example.com', 20), greedy, unrelated], versionSwitches: versionSwitches('1.36') });
    const plugin = DynamicResources.factory(undefined, env.handle);
    const store = env.handle.cluster.resources as ResourceStore;
    const lookups = vi.spyOn(store, 'deviceClass');
    const pod = newPodInfo(makePod().name('trainer').uid('trainer-uid').resourceClaim('c', 'greedy').obj());
    let nodeInfo = env.snapshot.nodeInfoList[0]!;
    const attempt = () => {
      const state = new CycleState();
      expect(plugin.preFilter!(state, pod, env.snapshot.nodeInfoList).status.isSuccess()).toBe(true);
      lookups.mockClear();
      const status = plugin.filter!(state, pod, nodeInfo);
      return { code: status.code, message: status.message(), searched: lookups.mock.calls.length > 0 };
    };
    expect(attempt()).toEqual({ code: 'Error', message: err, searched: true });
    if (change === 'node') {
      nodeInfo = new NodeInfo(structuredClone(node));
    } else change?.(store);
    expect(attempt()).toEqual({ code: 'Error', message: err, searched: searchesAgain });
    // and, unchanged since, remembered
    expect(attempt()).toEqual({ code: 'Error', message: err, searched: false });
  });

  it('v1.36: every retry of the run still fails as the search does', () => {
    const devices = Array.from({ length: 20 }, (_, i) => `{name: gpu-${i}}`).join(', ');
    const out = simulate([
      'apiVersion: podplay/v1alpha1\nkind: Scenario\nspec: {kubernetesVersion: "1.36"}',
      'apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu}\nspec: {selectors: [{cel: {expression: device.driver == "gpu.example.com"}}]}',
      'apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: none}\nspec: {selectors: [{cel: {expression: device.driver == "none.example.com"}}]}',
      'apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: greedy}\nspec:\n  devices:\n    requests:\n      - {name: gpus, exactly: {deviceClassName: gpu, count: 8}}\n      - {name: other, exactly: {deviceClassName: none}}',
      'apiVersion: v1\nkind: Pod\nmetadata: {name: trainer}\nspec:\n  resourceClaims: [{name: c, resourceClaimName: greedy}]\n  containers: [{name: c}]',
      'apiVersion: v1\nkind: Node\nmetadata: {name: node-0}\nstatus: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}',
      `apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: node-0-gpus}\nspec: {driver: gpu.example.com, nodeName: node-0, pool: {name: node-0, generation: 1, resourceSliceCount: 1}, devices: [${devices}]}`,
    ].join('\n---\n'), { fileName: 'test.yaml', until: 20 });
    if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('\n'));
    const message = `running "DynamicResources" filter plugin: node node-0: ${allocationTimedOut('node')}`;
    expect(out.result.cycles.map((c) => [c.time, c.result, c.message])).toEqual([0, 1, 3, 7, 15].map((t) => [t, 'Error', message]));
  });
});
