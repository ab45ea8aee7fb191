// DynamicResources' Score for prioritized lists (upstream dynamicresources.go computeScore,
// kubernetes PR #134711 in v1.35, with the fix of issue #139016 in every release Podplay
// simulates). Upstream's own Score rows were not found in the stored index: the expected values
// are hand-worked from the formula — each used subrequest adds 8 minus its place in the list, and
// DefaultNormalizeScore scales by the highest (Go integer division).
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { newPodInfo } from '../../framework/podInfo';
import type { DeviceClass, DeviceRequest, ResourceClaim, ResourceObject, ResourceSlice } from '../../model/resource';
import { simulate } from '../../index';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import { KUBERNETES_VERSIONS } from '../../versions';
import { DynamicResources } from './index';

const driver = 'gpu.example.com';
const nodes = [makeNode().name('big').obj(), makeNode().name('small').obj()];
const deviceClass: DeviceClass = { apiVersion: 'resource.k8s.io/v1', kind: 'DeviceClass', metadata: { name: 'gpu' }, spec: { selectors: [{ cel: { expression: `device.driver == "${driver}"` } }] } };
/** a node's slice: devices with a memory capacity in Gi */
const slice = (node: string, devices: Record<string, number>): ResourceSlice => ({
  apiVersion: 'resource.k8s.io/v1', kind: 'ResourceSlice', metadata: { name: `${node}-gpus` },
  spec: {
    driver, nodeName: node, pool: { name: node, generation: 1, resourceSliceCount: 1 },
    devices: Object.entries(devices).map(([name, gi]) => ({ name, capacity: { memory: { value: `${gi}Gi` } } })),
  },
});
const atLeast = (gi: number) => [{ cel: { expression: `device.capacity["${driver}"].memory.compareTo(quantity("${gi}Gi")) >= 0` } }];
/** a request whose alternatives ask for at least 80, 40 and 20 Gi, in that order */
const prioritized = (name: string): DeviceRequest => ({
  name, firstAvailable: [80, 40, 20].map((gi) => ({ name: `m${gi}`, deviceClassName: 'gpu', allocationMode: 'ExactCount' as const, count: 1, selectors: atLeast(gi) })),
});
const exactly = (name: string): DeviceRequest => ({ name, exactly: { deviceClassName: 'gpu', allocationMode: 'ExactCount', count: 1 } });
const claim = (name: string, requests: DeviceRequest[], status: ResourceClaim['status'] = {}): ResourceClaim => ({
  apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim', metadata: { name, namespace: 'default', uid: `${name}-uid` },
  spec: { devices: { requests } }, status,
});

function scores(objects: ResourceObject[], claimNames: string[]): { raw: Record<string, number>; normalized: Record<string, number> } {
  const env = newTestEnv({ nodes, resources: [deviceClass, ...objects] });
  const plugin = DynamicResources.factory(undefined, env.handle);
  const state = new CycleState();
  let pod = makePod().name('p').uid('p-uid');
  for (const name of claimNames) pod = pod.resourceClaim(name, name);
  const podInfo = newPodInfo(pod.obj());
  expect(plugin.preFilter!(state, podInfo, env.snapshot.nodeInfoList).status.code).toBe('Success');
  const feasible = env.snapshot.nodeInfoList.filter((n) => plugin.filter!(state, podInfo, n).isSuccess());
  const list = feasible.map((n) => ({ name: n.name, score: plugin.score!(state, podInfo, n) as number }));
  const raw = Object.fromEntries(list.map((e) => [e.name, e.score]));
  expect(plugin.normalizeScore!(state, podInfo, list).code).toBe('Success');
  return { raw, normalized: Object.fromEntries(list.map((e) => [e.name, e.score])) };
}

describe('DynamicResources Score (prioritized lists)', () => {
  const rows: { name: string; objects: ResourceObject[]; claims: string[]; raw: Record<string, number>; normalized: Record<string, number> }[] = [
    {
      name: 'the first alternative on one node, the second on the other: 8 and 7',
      objects: [slice('big', { g0: 80 }), slice('small', { g0: 40 }), claim('c', [prioritized('gpu')])],
      claims: ['c'], raw: { big: 8, small: 7 }, normalized: { big: 100, small: 87 },
    },
    {
      name: 'the first and the third alternative: 8 and 6',
      objects: [slice('big', { g0: 80 }), slice('small', { g0: 24 }), claim('c', [prioritized('gpu')])],
      claims: ['c'], raw: { big: 8, small: 6 }, normalized: { big: 100, small: 75 },
    },
    {
      name: 'the same alternative everywhere: every node gets 100',
      objects: [slice('big', { g0: 40 }), slice('small', { g0: 40 }), claim('c', [prioritized('gpu')])],
      claims: ['c'], raw: { big: 7, small: 7 }, normalized: { big: 100, small: 100 },
    },
    {
      name: 'an exactly request adds nothing: 0 everywhere, and 0 after normalizing',
      objects: [slice('big', { g0: 80 }), slice('small', { g0: 24 }), claim('c', [exactly('gpu')])],
      claims: ['c'], raw: { big: 0, small: 0 }, normalized: { big: 0, small: 0 },
    },
    {
      name: 'two lists in two claims add up: 8 + 8 against 7 + 6',
      objects: [slice('big', { g0: 80, g1: 80 }), slice('small', { g0: 40, g1: 24 }), claim('a', [prioritized('gpu')]), claim('b', [prioritized('gpu')])],
      claims: ['a', 'b'], raw: { big: 16, small: 13 }, normalized: { big: 100, small: 81 },
    },
    {
      name: 'two requests of one claim, a list and an exactly: only the list counts',
      objects: [slice('big', { g0: 80, g1: 20 }), slice('small', { g0: 20, g1: 20 }), claim('c', [prioritized('gpu'), exactly('extra')])],
      claims: ['c'], raw: { big: 8, small: 6 }, normalized: { big: 100, small: 75 },
    },
    {
      // issue #139016: upstream v1.35.0 matched claims and new allocations by position and failed
      // ("number of allocations 1 is smaller than number of claims"); fixed by PR #139017
      name: 'a claim allocated before the cycle counts by its own status (issue #139016)',
      objects: [
        slice('big', { g0: 80, g1: 80 }), slice('small', { g0: 40 }),
        claim('old', [prioritized('gpu')], { allocation: { devices: { results: [{ request: 'gpu/m40', driver, pool: 'big', device: 'g1' }] } } }),
        claim('new', [prioritized('gpu')]),
      ],
      claims: ['old', 'new'], raw: { big: 7 + 8, small: 7 + 7 }, normalized: { big: 100, small: 93 },
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      expect(scores(row.objects, row.claims)).toEqual({ raw: row.raw, normalized: row.normalized });
    });
  }
});

// End to end at every version: the node whose device meets the first alternative wins, though
// NodeResourcesFit and BalancedAllocation prefer the other (a pod already uses an eighth of big's CPU).
const scenario = (version: string) => `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: dra-score}
spec: {kubernetesVersion: "${version}", seed: 1}
---
${['big', 'small'].map((n) => `apiVersion: v1
kind: Node
metadata: {name: ${n}, labels: {kubernetes.io/hostname: ${n}}}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}`).join('\n---\n')}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu}
spec: {selectors: [{cel: {expression: device.driver == "${driver}"}}]}
---
${['big', 'small'].map((n) => `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: ${n}-gpus}
spec:
  driver: ${driver}
  nodeName: ${n}
  pool: {name: ${n}, generation: 1, resourceSliceCount: 1}
  devices: [{name: g0, capacity: {memory: {value: ${n === 'big' ? 80 : 24}Gi}}}]`).join('\n---\n')}
---
apiVersion: v1
kind: Pod
metadata: {name: busy}
spec:
  nodeName: big
  containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: c}
spec:
  devices:
    requests:
    - name: gpu
      firstAvailable:
      - {name: large, deviceClassName: gpu, selectors: [{cel: {expression: 'device.capacity["${driver}"].memory.compareTo(quantity("80Gi")) >= 0'}}]}
      - {name: any, deviceClassName: gpu}
---
apiVersion: v1
kind: Pod
metadata: {name: infer}
spec:
  resourceClaims: [{name: gpu, resourceClaimName: c}]
  containers: [{name: c, image: x, resources: {requests: {cpu: "1", memory: 1Gi}, claims: [{name: gpu}]}}]
`;

describe('a pod with a prioritized list goes to the node of its first alternative', () => {
  for (const version of KUBERNETES_VERSIONS) {
    it(`v${version}`, () => {
      const out = simulate(scenario(version), { fileName: 's.yaml' });
      if (!out.ok) throw new Error(out.errors.map((e) => `${e.line}: ${e.message}`).join('\n'));
      const cycle = out.result.cycles.find((c) => c.pod === 'default/infer')!;
      const dra = (node: string) => cycle.score![node]!.plugins['DynamicResources']!;
      expect(dra('big')).toEqual({ raw: 8, normalized: 100, weight: 2, weighted: 200 });
      expect(dra('small')).toEqual({ raw: 7, normalized: 87, weight: 2, weighted: 174 });
      // without DynamicResources' score, small would win
      const rest = (node: string) => cycle.score![node]!.total - dra(node).weighted;
      expect(rest('small')).toBeGreaterThan(rest('big'));
      expect(cycle.selected).toBe('big');
    });
  }
});
