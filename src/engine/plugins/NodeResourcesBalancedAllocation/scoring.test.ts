// Cases from upstream noderesources/balanced_allocation_test.go (TestNodeResourcesBalancedAllocation),
// the v1.33-v1.35 table (standard-deviation formula, best-effort pods skipped in PreScore). Each row
// runs at both formulas: `expected` is v1.35's, `expected136` v1.36+'s (kubernetes PR #135573:
// 50 + (50 + balance with the pod - balance without it) / 2), worked out by hand per node in the
// row's comment; the upstream v1.36 table's own name for the last row ("nodes to reach min/max
// score") is what that formula gives.
import { describe, expect, it } from 'vitest';
import type { Node } from '../../model/types';
import { makePod, type PodWrapper } from '../../testing/builders';
import type { ResourceSpec } from '../NodeResourcesFit/args';
import { scoreOnNodes, sizedNode as makeNode } from '../NodeResourcesFit/testPods';
import { NodeResourcesBalancedAllocation } from './index';
import type { Handle } from '../../framework/interfaces';
import { KUBERNETES_VERSIONS, versionSwitches, type KubernetesVersion } from '../../versions';

// upstream's PodSpec fixtures: per-container requests
type Fixture = { nodeName?: string; containers: Record<string, string>[] };
const cpuOnly = (nodeName?: string): Fixture => ({ nodeName, containers: [{ cpu: '1000m', memory: '0' }, { cpu: '2000m', memory: '0' }] });
const memoryOnly = (): Fixture => ({ containers: [{ cpu: '0', memory: '2000' }, { cpu: '0', memory: '3000' }] });
const cpuAndMemory = (nodeName?: string): Fixture => ({ nodeName, containers: [{ cpu: '1000m', memory: '2000' }, { cpu: '2000m', memory: '3000' }] });
const cpuAndMemoryAndGPU = (nodeName?: string): Fixture => ({ nodeName, containers: [{ cpu: '1000m', memory: '2000' }, { cpu: '2000m', memory: '3000', 'nvidia.com/gpu': '3' }] });

function podOf(spec: Fixture): PodWrapper {
  const w = makePod();
  for (const requests of spec.containers) w.req(requests);
  if (spec.nodeName) w.node(spec.nodeName);
  return w;
}

const defaultSet: ResourceSpec[] = [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }];
const withGPU: ResourceSpec[] = [...defaultSet, { name: 'nvidia.com/gpu', weight: 1 }];
const gpu8 = { 'nvidia.com/gpu': 8 };

interface Row {
  name: string;
  pod: PodWrapper;
  nodes: Node[];
  existing?: PodWrapper[];
  resources: ResourceSpec[];
  runPreScore?: boolean;
  preScore?: 'Skip';
  expected?: number[];
  expected136?: number[];
}

const rows: Row[] = [
  {
    name: 'nothing scheduled, nothing requested, skip in PreScore', pod: makePod(),
    nodes: [makeNode('node1', 4000, 10000), makeNode('node2', 4000, 10000)], resources: defaultSet, preScore: 'Skip',
  },
  {
    name: 'nothing scheduled, resources requested, differently sized nodes', pod: podOf(cpuAndMemory()),
    nodes: [makeNode('node1', 4000, 10000), makeNode('node2', 6000, 10000)], resources: defaultSet, expected: [87, 100],
    // node1 without 0,0 -> 100, with .75,.5 -> 87: 50+(50+87-100)/2 = 68; node2 100 -> 100: 75
    expected136: [68, 75],
  },
  {
    name: 'resources requested, pods scheduled with resources', pod: podOf(cpuAndMemory()),
    nodes: [makeNode('node1', 10000, 20000), makeNode('node2', 10000, 20000)], existing: [podOf(cpuOnly('node1')), podOf(cpuAndMemory('node2'))],
    resources: defaultSet, expected: [82, 95],
    // node1 .3,0 -> 85, .6,.25 -> 82: 50+47/2 = 73; node2 .3,.25 -> 97, .6,.5 -> 95: 50+48/2 = 74
    expected136: [73, 74],
  },
  {
    name: 'resources requested, pods scheduled with resources, differently sized nodes', pod: podOf(cpuAndMemory()),
    nodes: [makeNode('node1', 10000, 20000), makeNode('node2', 10000, 50000)], existing: [podOf(cpuOnly('node1')), podOf(cpuAndMemory('node2'))],
    resources: defaultSet, expected: [82, 80],
    // node1 as above 73; node2 .3,.1 -> 90, .6,.2 -> 80: 50+40/2 = 70
    expected136: [73, 70],
  },
  {
    name: 'requested resources at node capacity', pod: podOf(cpuOnly()),
    nodes: [makeNode('node1', 6000, 10000), makeNode('node2', 6000, 10000)], existing: [podOf(cpuOnly('node1')), podOf(cpuAndMemory('node2'))],
    resources: defaultSet, expected: [50, 75],
    // node1 .5,0 -> 75, 1,0 -> 50: 50+25/2 = 62; node2 .5,.5 -> 100, 1,.5 -> 75: 50+25/2 = 62
    expected136: [62, 62],
  },
  {
    name: 'include scalar resource on a node for balanced resource allocation', pod: makePod().req({ memory: '0', 'nvidia.com/gpu': '1' }),
    nodes: [makeNode('node1', 3500, 40000, gpu8), makeNode('node2', 3500, 40000, gpu8)],
    existing: [podOf(cpuAndMemory('node2')), podOf(cpuAndMemoryAndGPU('node1'))], resources: withGPU, expected: [70, 65],
    // node1 gpu 3/8 -> 69, 4/8 -> 70: 50+51/2 = 75; node2 gpu 0/8 -> 62, 1/8 -> 65: 50+53/2 = 76
    expected136: [75, 76],
  },
  {
    name: 'node without the scalar resource should skip the scalar resource', pod: podOf(cpuAndMemory()),
    nodes: [makeNode('node1', 3500, 40000, gpu8), makeNode('node2', 3500, 40000)], resources: withGPU, expected: [63, 63],
    // gpu skipped (not requested); 0,0 -> 100, .857,.125 -> 63: 50+13/2 = 56 on both
    expected136: [56, 56],
  },
  {
    name: 'resources requested, pods scheduled with resources if PreScore not called', pod: podOf(cpuAndMemory()),
    nodes: [makeNode('node1', 10000, 20000), makeNode('node2', 10000, 20000)], existing: [podOf(cpuOnly('node1')), podOf(cpuAndMemory('node2'))],
    resources: defaultSet, runPreScore: false, expected: [82, 95], expected136: [73, 74],
  },
  {
    // From the later (v1.36) table, whose comments give these v1.35-formula scores as "(… -> 100)" and "(… -> 50)".
    name: 'resources requested, pods scheduled with resources, nodes to reach min/max score', pod: podOf(memoryOnly()),
    nodes: [makeNode('node1', 3000, 5000), makeNode('node2', 3000, 5000)], existing: [podOf(cpuOnly('node1'))],
    resources: defaultSet, expected: [100, 50],
    // node1 1,0 -> 50, 1,1 -> 100: 50+100/2 = 100; node2 0,0 -> 100, 0,1 -> 50: 50+0/2 = 50
    expected136: [100, 50],
  },
];

const handleAt = (version: KubernetesVersion): Handle => ({ versionSwitches: versionSwitches(version) }) as Handle;
const versionRows = rows.flatMap((row) => KUBERNETES_VERSIONS.map((version) => ({ ...row, version, want: version === '1.35' ? row.expected : row.expected136 })));

describe('NodeResourcesBalancedAllocation (TestNodeResourcesBalancedAllocation)', () => {
  it.each(versionRows)('v$version $name', (row) => {
    const plugin = NodeResourcesBalancedAllocation.factory({ resources: row.resources }, handleAt(row.version));
    const { preScore, scores } = scoreOnNodes(plugin, row.nodes, row.existing ?? [], row.pod.name('p').obj(), row.runPreScore ?? true);
    expect(preScore).toBe(row.preScore ?? 'Success');
    if (row.expected) expect(scores.map((s) => s.score)).toEqual(row.want);
  });

  it('Score without PreScore gives a best-effort pod 0 (upstream Score fallback)', () => {
    const plugin = NodeResourcesBalancedAllocation.factory({ resources: defaultSet }, handleAt('1.35'));
    const { scores } = scoreOnNodes(plugin, [makeNode('node1', 4000, 10000)], [], makePod().name('p').obj(), false);
    expect(scores).toEqual([{ name: 'node1', score: 0 }]);
  });

  it('uses actual requests, not the 100m/200Mi defaults of NodeResourcesFit scoring', () => {
    // A container without a cpu request counts 0 cpu: fractions cpu 0/4000, memory 5000/10000 -> std 0.25 -> 75.
    const plugin = NodeResourcesBalancedAllocation.factory({ resources: defaultSet }, handleAt('1.35'));
    const { scores } = scoreOnNodes(plugin, [makeNode('node1', 4000, 10000)], [], makePod().name('p').req({ memory: '5000' }).obj());
    expect(scores).toEqual([{ name: 'node1', score: 75 }]);
  });
});

// upstream: noderesources/balanced_allocation_test.go TestNodeResourcesBalancedAllocation as it is
// after PR #135573 (the v1.36 table, read in the stored upstream index): its expected scores,
// verbatim, at every version that has the formula (1.36, 1.37). Its comments give each node's
// balance "(without -> with)" the pod.
const v136Rows: Row[] = [
  {
    name: 'nothing scheduled, nothing requested, skip in PreScore', pod: makePod(),
    nodes: [makeNode('node1', 4000, 10000), makeNode('node2', 4000, 10000)], resources: defaultSet, preScore: 'Skip',
  },
  {
    name: 'nothing scheduled, resources requested, differently sized nodes', pod: podOf(cpuAndMemory()),
    nodes: [makeNode('node1', 4000, 10000), makeNode('node2', 6000, 10000)], resources: defaultSet, expected: [68, 75],
  },
  {
    name: 'resources requested, pods scheduled with resources', pod: podOf(cpuAndMemory()),
    nodes: [makeNode('node1', 10000, 20000), makeNode('node2', 10000, 20000)], existing: [podOf(cpuOnly('node1')), podOf(cpuAndMemory('node2'))],
    resources: defaultSet, expected: [73, 74],
  },
  {
    name: 'resources requested, pods scheduled with resources, differently sized nodes', pod: podOf(cpuAndMemory()),
    nodes: [makeNode('node1', 10000, 20000), makeNode('node2', 10000, 50000)], existing: [podOf(cpuOnly('node1')), podOf(cpuAndMemory('node2'))],
    resources: defaultSet, expected: [73, 70],
  },
  {
    name: 'resources requested, pods scheduled with resources, nodes to reach min/max score', pod: podOf(memoryOnly()),
    nodes: [makeNode('node1', 3000, 5000), makeNode('node2', 3000, 5000)], existing: [podOf(cpuOnly('node1'))],
    resources: defaultSet, expected: [100, 50],
  },
  {
    name: 'requested resources at node capacity', pod: podOf(cpuOnly()),
    nodes: [makeNode('node1', 6000, 10000), makeNode('node2', 6000, 10000)], existing: [podOf(cpuOnly('node1')), podOf(cpuAndMemory('node2'))],
    resources: defaultSet, expected: [62, 62],
  },
  {
    name: 'include scalar resource on a node for balanced resource allocation', pod: podOf({ containers: [{ cpu: '0', memory: '0', 'nvidia.com/gpu': '1' }] }),
    nodes: [makeNode('node1', 3500, 40000, gpu8), makeNode('node2', 3500, 40000, gpu8)], existing: [podOf(cpuAndMemoryAndGPU('node1')), podOf(cpuAndMemory('node2'))],
    resources: withGPU, expected: [75, 76],
  },
  {
    name: 'node without the scalar resource should skip the scalar resource', pod: podOf(cpuAndMemory()),
    nodes: [makeNode('node1', 3500, 40000, gpu8), makeNode('node2', 3500, 40000)], resources: withGPU, expected: [56, 56],
  },
  {
    name: 'resources requested, pods scheduled with resources if PreScore not called', pod: podOf(cpuAndMemory()),
    nodes: [makeNode('node1', 10000, 20000), makeNode('node2', 10000, 20000)], existing: [podOf(cpuOnly('node1')), podOf(cpuAndMemory('node2'))],
    resources: defaultSet, runPreScore: false, expected: [73, 74],
  },
];

describe('NodeResourcesBalancedAllocation, the upstream v1.36 table (TestNodeResourcesBalancedAllocation after PR #135573)', () => {
  const tagged = v136Rows.flatMap((row) => (['1.36', '1.37'] as const).map((version) => ({ ...row, version })));
  it.each(tagged)('v$version $name', (row) => {
    const plugin = NodeResourcesBalancedAllocation.factory({ resources: row.resources }, handleAt(row.version));
    const { preScore, scores } = scoreOnNodes(plugin, row.nodes, row.existing ?? [], row.pod.name('p').obj(), row.runPreScore ?? true);
    expect(preScore).toBe(row.preScore ?? 'Success');
    if (row.expected) expect(scores.map((s) => s.score)).toEqual(row.expected);
  });
});

describe('NodeResourcesBalancedAllocationArgs', () => {
  // upstream: v1/defaults_test.go TestPluginArgsDefaults
  const defaults = [
    { name: 'NodeResourcesBalancedAllocationArgs resources empty', in: {}, want: defaultSet },
    { name: 'NodeResourcesBalancedAllocationArgs with scalar resource', in: { resources: [{ name: 'scalar.io/scalar1', weight: 1 }] }, want: [{ name: 'scalar.io/scalar1', weight: 1 }] },
    {
      name: 'NodeResourcesBalancedAllocationArgs with mixed resources', in: { resources: [{ name: 'cpu', weight: 1 }, { name: 'scalar.io/scalar1', weight: 1 }] },
      want: [{ name: 'cpu', weight: 1 }, { name: 'scalar.io/scalar1', weight: 1 }],
    },
    {
      name: 'NodeResourcesBalancedAllocationArgs have resource no weight',
      in: { resources: [{ name: 'cpu', weight: 0 }, { name: 'scalar.io/scalar0', weight: 0 }, { name: 'scalar.io/scalar1', weight: 1 }] },
      want: [{ name: 'cpu', weight: 1 }, { name: 'scalar.io/scalar0', weight: 1 }, { name: 'scalar.io/scalar1', weight: 1 }],
    },
  ];
  it.each(defaults)('$name', (c) => expect(NodeResourcesBalancedAllocation.applyDefaults!(c.in).resources).toEqual(c.want));

  // upstream: validation_pluginargs_test.go TestValidateNodeResourcesBalancedAllocationArgs
  const validation = [
    { name: 'valid config', resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }], errs: [] },
    { name: 'invalid config', resources: [{ name: 'cpu', weight: 2 }, { name: 'memory', weight: 1 }], errs: [{ path: 'resources[0].weight', message: 'Invalid value: 2: must be 1' }] },
    { name: 'repeated resources', resources: [{ name: 'cpu', weight: 1 }, { name: 'cpu', weight: 1 }], errs: [{ path: 'resources[1].name', message: 'Duplicate value: "cpu"' }] },
  ];
  it.each(validation)('$name', (c) => expect(NodeResourcesBalancedAllocation.validateArgs!({ resources: c.resources })).toEqual(c.errs));
});
