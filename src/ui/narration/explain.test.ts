import { describe, expect, it } from 'vitest';
import type { PluginResult } from '../../engine/api';
import { explainVerdict } from './explain';

const GiB = 2 ** 30;

describe('explainVerdict', () => {
  const rows: { name: string; result: PluginResult; expected: string }[] = [
    {
      name: 'NodeResourcesFit: the request against what is free',
      result: {
        plugin: 'NodeResourcesFit', code: 'Unschedulable', reasons: ['Insufficient cpu'],
        details: { insufficientResources: [{ resourceName: 'cpu', reason: 'Insufficient cpu', requested: 1500, used: 3500, capacity: 4000, unresolvable: false }] },
      },
      expected: 'Insufficient cpu — requests 1500m, free 500m',
    },
    {
      name: 'NodeResourcesFit: several resources, memory in binary units',
      result: {
        plugin: 'NodeResourcesFit', code: 'Unschedulable', reasons: ['Insufficient cpu', 'Insufficient memory'],
        details: {
          insufficientResources: [
            { resourceName: 'cpu', reason: 'Insufficient cpu', requested: 2000, used: 3000, capacity: 4000, unresolvable: false },
            { resourceName: 'memory', reason: 'Insufficient memory', requested: 2 * GiB, used: 7 * GiB, capacity: 8 * GiB, unresolvable: false },
          ],
        },
      },
      expected: 'Insufficient cpu — requests 2, free 1; Insufficient memory — requests 2Gi, free 1Gi',
    },
    {
      name: 'NodeResourcesFit: a request larger than the whole node says so',
      result: {
        plugin: 'NodeResourcesFit', code: 'UnschedulableAndUnresolvable', reasons: ['Insufficient cpu'],
        details: { insufficientResources: [{ resourceName: 'cpu', reason: 'Insufficient cpu', requested: 2250, used: 0, capacity: 2249, unresolvable: true }] },
      },
      expected: 'Insufficient cpu — requests 2250m, free 2249m (more than the node\'s 2249m allocatable)',
    },
    {
      name: 'NodeResourcesFit: the pod count',
      result: {
        plugin: 'NodeResourcesFit', code: 'Unschedulable', reasons: ['Too many pods'],
        details: { insufficientResources: [{ resourceName: 'pods', reason: 'Too many pods', requested: 1, used: 110, capacity: 110, unresolvable: false }] },
      },
      expected: 'Too many pods: already runs 110 of 110 pods',
    },
    {
      name: 'DynamicResources: partitions whose counters are used up and shared devices that are full',
      result: {
        plugin: 'DynamicResources', code: 'UnschedulableAndUnresolvable', reasons: ['cannot allocate all claims'],
        details: {
          requests: [
            { claim: 'default/c', request: 'slice', matching: 3, inUse: 1, tainted: 0, countersExhausted: 2, capacityExhausted: 0, needed: 1, devices: [], exhausted: ['d/p/a', 'd/p/b'] },
            { claim: 'default/c', request: 'share', matching: 1, inUse: 0, tainted: 0, countersExhausted: 0, capacityExhausted: 1, needed: 1, devices: [], exhausted: ['d/p/c'] },
          ],
        },
      },
      expected: "cannot allocate all claims — slice: needs 1 device, 3 matching here, 1 already allocated, 2 blocked: their pool's shared counters are used up; share: needs 1 device, 1 matching here, 1 without room for the requested capacity",
    },
    {
      name: 'PodTopologySpread: the skew arithmetic of the failing constraint',
      result: {
        plugin: 'PodTopologySpread', code: 'Unschedulable', reasons: ['node(s) didn\'t match pod topology spread constraints'],
        details: {
          constraints: [{
            topologyKey: 'zone', maxSkew: 1, minDomains: 1, selfMatch: 1, minMatch: 1, eligibleDomains: 2,
            domain: 'zoneA', matchNum: 2, skew: 2, counts: { zoneA: 2, zoneB: 1 }, result: 'SkewTooHigh',
          }],
        },
      },
      expected: 'node(s) didn\'t match pod topology spread constraints — zone=zoneA has 2 matching pods; placing it there makes the skew 2 + 1 − 1 (global minimum) = 2 > maxSkew 1',
    },
    {
      name: 'PodTopologySpread: a node without the topology key',
      result: {
        plugin: 'PodTopologySpread', code: 'UnschedulableAndUnresolvable', reasons: ['node(s) didn\'t match pod topology spread constraints (missing required label)'],
        details: {
          constraints: [{
            topologyKey: 'zone', maxSkew: 1, minDomains: 1, selfMatch: 1, minMatch: 0, eligibleDomains: 1,
            domain: null, matchNum: 0, skew: null, counts: { zoneA: 0 }, result: 'MissingLabel',
          }],
        },
      },
      expected: 'node(s) didn\'t match pod topology spread constraints (missing required label) — the node has no "zone" label',
    },
    {
      name: 'InterPodAffinity: the pods an anti-affinity term runs into',
      result: {
        plugin: 'InterPodAffinity', code: 'Unschedulable', reasons: ['node(s) didn\'t match pod anti-affinity rules'],
        details: { rule: 'podAntiAffinity', terms: [{ index: 0, topologyKey: 'kubernetes.io/hostname', topologyValue: 'node-1', count: 1, pods: ['default/redis-1'] }] },
      },
      expected: 'node(s) didn\'t match pod anti-affinity rules — kubernetes.io/hostname=node-1 already runs redis-1',
    },
    {
      name: 'NodePorts: the port that is taken',
      result: {
        plugin: 'NodePorts', code: 'Unschedulable', reasons: ['node(s) didn\'t have free ports for the requested pod ports'],
        details: { conflictingPort: { hostIP: '0.0.0.0', protocol: 'TCP', hostPort: 8080 } },
      },
      expected: 'node(s) didn\'t have free ports for the requested pod ports — host port TCP/8080 on 0.0.0.0 is taken',
    },
    {
      name: 'NodeDeclaredFeatures: what the pod needs and what the node declares',
      result: {
        plugin: 'NodeDeclaredFeatures', code: 'UnschedulableAndUnresolvable', reasons: ['node declared features check failed - unsatisfied requirements: RestartAllContainersOnContainerExits'],
        details: { required: ['RestartAllContainersOnContainerExits'], declared: [], unsatisfied: ['RestartAllContainersOnContainerExits'] },
      },
      expected: 'node declared features check failed - unsatisfied requirements: RestartAllContainersOnContainerExits — the pod needs RestartAllContainersOnContainerExits; the node declares none',
    },
    {
      name: 'a plugin without details: its upstream reasons',
      result: { plugin: 'TaintToleration', code: 'UnschedulableAndUnresolvable', reasons: ['node(s) had untolerated taint {key2: value2}'] },
      expected: 'node(s) had untolerated taint {key2: value2}',
    },
    {
      name: 'details the explainer does not understand: the reasons alone',
      result: { plugin: 'NodeResourcesFit', code: 'Unschedulable', reasons: ['Insufficient cpu'], details: { somethingElse: 1 } },
      expected: 'Insufficient cpu',
    },
    {
      name: 'no reasons at all: the code',
      result: { plugin: 'Custom', code: 'Error' },
      expected: 'Error',
    },
  ];
  it.each(rows)('$name', ({ result, expected }) => {
    expect(explainVerdict(result)).toBe(expected);
  });
});
