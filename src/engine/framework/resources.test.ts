// Non-zero requests: node accounting (upstream framework/types.go PodInfo.calculateResource with
// getNonMissingContainerRequests) versus NodeResourcesFit scoring (noderesources/resource_allocation.go
// calculatePodResourceRequest). Rows follow the rules stated in those functions' doc comments.
import { describe, expect, it } from 'vitest';
import { makePod, type PodWrapper } from '../testing/builders';
import { computePodRequests, computePodRequestsWithDefaults } from './resources';

const Mi = 1024 * 1024;

const rows: { name: string; pod: PodWrapper; node: [cpu: number, mem: number]; scoring: [cpu: number, mem: number] }[] = [
  { name: 'no pod-level requests: a container without requests counts 100m / 200Mi', pod: makePod().container({ name: 'c' }), node: [100, 200 * Mi], scoring: [100, 200 * Mi] },
  { name: 'an explicit 0 request stays 0', pod: makePod().req({ cpu: '0', memory: '0' }), node: [0, 0], scoring: [0, 0] },
  { name: 'init containers get the defaults too (max of init and sum of regular)', pod: makePod().req({ cpu: '50m' }).initReq({ memory: '1Mi' }), node: [100, 200 * Mi], scoring: [100, 200 * Mi] },
  {
    name: 'pod-level memory set, no container requests cpu: each container counts 100m cpu',
    pod: makePod().container({ name: 'a' }).container({ name: 'b' }).podLevelRequests({ memory: '1Gi' }), node: [200, 1024 * Mi], scoring: [200, 1024 * Mi],
  },
  {
    name: 'pod-level memory set, one container requests cpu: node accounting adds no cpu default, scoring does',
    pod: makePod().req({ cpu: '500m' }).container({ name: 'b' }).podLevelRequests({ memory: '1Gi' }), node: [500, 1024 * Mi], scoring: [600, 1024 * Mi],
  },
  {
    name: 'pod-level cpu and memory set: the pod-level values, no defaults',
    pod: makePod().container({ name: 'a' }).podLevelRequests({ cpu: '2', memory: '1Gi' }), node: [2000, 1024 * Mi], scoring: [2000, 1024 * Mi],
  },
  {
    name: 'pod-level memory set, cpu only in the overhead: node accounting counts the overhead alone',
    pod: makePod().container({ name: 'a' }).podLevelRequests({ memory: '1Gi' }).overhead({ cpu: '250m' }), node: [250, 1024 * Mi], scoring: [350, 1024 * Mi],
  },
];

describe('computePodRequests(nonZero) vs computePodRequestsWithDefaults', () => {
  it.each(rows)('$name', ({ pod, node, scoring }) => {
    const p = pod.name('p').obj();
    const n = computePodRequests(p, true);
    const s = computePodRequestsWithDefaults(p);
    expect([n.milliCPU, n.memory]).toEqual(node);
    expect([s.milliCPU, s.memory]).toEqual(scoring);
  });
});
