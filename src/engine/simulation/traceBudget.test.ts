// The trace budget: unchanged retries share the attempt before and are bounded; a run that
// would exceed a budget stops with a warning saying what to change.
import { describe, expect, it } from 'vitest';
import { simulate } from '../index';
import { LIMITS } from '../limits';
import type { CycleTrace, PluginResult } from '../api';
import type { NodeInfo } from '../framework/nodeInfo';
import { compactCycle, perNodeBytes } from '../scheduler/traceRecords';
import { TraceBudget } from './traceBudget';

const nodes = (n: number, cpu = '4') => Array.from({ length: n }, (_, i) => `---\n{apiVersion: v1, kind: Node, metadata: {name: n${i}}, status: {allocatable: {cpu: '${cpu}', memory: 8Gi, pods: '110'}}}\n`).join('');
const bigPod = (name: string) => `---\n{apiVersion: v1, kind: Pod, metadata: {name: ${name}}, spec: {containers: [{name: c, image: x, resources: {requests: {cpu: '64'}}}]}}\n`;

function run(text: string, until?: number) {
  const r = simulate(text, until !== undefined ? { until } : {});
  if (!r.ok) throw new Error(JSON.stringify(r.errors.slice(0, 3)));
  return r.result;
}

describe('trace budget', () => {
  it('one pod that fits nowhere on 100 nodes, --until 1e12: stops after 1,000 unchanged retries, sharing one explanation', () => {
    const result = run(nodes(100) + bigPod('big'), 1e12);
    expect(result.cycles).toHaveLength(LIMITS.unchangedRetriesPerPod + 1);
    expect(result.stopped).toBe(result.warnings.at(-1)!.message);
    expect(result.warnings.at(-1)!.message).toMatch(/^the run stopped at 330,000 s of simulated time: pod "default\/big" was retried 1,000 times in a row with the same result, "0\/100 nodes are available: 100 Insufficient cpu\..*" \(Podplay's limit is 1,000\)\. Make the pod schedulable, or end the run sooner/);
    // every retry shares the first attempt's verdicts: one copy of the 100-node explanation
    expect(new Set(result.cycles.map((c) => c.filter)).size).toBe(1);
    expect(new Set(result.cycles.map((c) => c.nodesEvaluated)).size).toBe(1);
    // and reads the same as the first attempt
    expect(result.cycles[500]!.filter['n42']).toEqual(result.cycles[0]!.filter['n42']);
    expect(result.cycles.map((c) => c.cycle).slice(-2)).toEqual([1000, 1001]);
  });

  it('a pod whose attempt ends in the same error every time (retried after backoff): stops after 1,000 unchanged retries too', () => {
    // a class whose CEL selector fails at run time: DynamicResources' Filter is an Error, the pod backs off and retries
    const dra = `apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu}
spec: {selectors: [{cel: {expression: 'device.attributes["gpu.example.com"].model == "a"'}}]}
---
{apiVersion: resource.k8s.io/v1, kind: ResourceClaim, metadata: {name: c1}, spec: {devices: {requests: [{name: g, exactly: {deviceClassName: gpu}}]}}}
---
{apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {resourceClaims: [{name: c, resourceClaimName: c1}], containers: [{name: c, image: x}]}}
---
{apiVersion: resource.k8s.io/v1, kind: ResourceSlice, metadata: {name: s0}, spec: {driver: gpu.example.com, nodeName: n0, pool: {name: n0, generation: 1, resourceSliceCount: 1}, devices: [{name: gpu-0}]}}
`;
    const result = run(dra + nodes(1), 1e12);
    expect(result.cycles).toHaveLength(LIMITS.unchangedRetriesPerPod + 1);
    expect(result.cycles.every((c) => c.result === 'Error')).toBe(true);
    expect(result.warnings.at(-1)!.message).toMatch(/^the run stopped at [\d,]+ s of simulated time: pod "default\/p" was retried 1,000 times in a row with the same result, "running \\"DynamicResources\\" filter plugin: class gpu: selector #0 .*CEL runtime error/);
  });

  it('many pods retried without change until a late step: stops at 10,000 unchanged retries in the run', () => {
    const pods = Array.from({ length: 40 }, (_, i) => bigPod(`p${i}`)).join('');
    const scenario = `apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: s}\nspec:\n  timeline:\n  - {at: 100000000, action: cordon, node: n0}\n`;
    const result = run(scenario + nodes(2) + pods, 1e9);
    expect(result.warnings.at(-1)!.message).toContain('pods were retried 10,000 times with the same result as their attempt before');
    // 40 first attempts, 10,000 shared retries
    expect(result.cycles).toHaveLength(40 + LIMITS.unchangedRetriesPerRun);
    expect(new Set(result.cycles.map((c) => c.filter)).size).toBe(40);
  });

  it('a retry after the cluster changed (a node added) keeps its own explanation', () => {
    const scenario = `apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: s}\nspec:\n  timeline:\n  - {at: 10, action: apply, object: {apiVersion: v1, kind: Node, metadata: {name: extra}, status: {allocatable: {cpu: '8', memory: 8Gi, pods: '110'}}}}\n`;
    const result = run(scenario + nodes(2) + bigPod("big"), 400);
    expect(result.warnings).toEqual([]);
    expect(result.stopped).toBeUndefined();
    expect(result.cycles).toHaveLength(2);
    expect(result.cycles[1]!.filter).not.toBe(result.cycles[0]!.filter);
    expect(Object.keys(result.cycles[1]!.filter)).toHaveLength(3);
  });
});

describe('pods created in a run', () => {
  it('controllers replacing evicted pods again and again: the run stops at the limit, with a warning', () => {
    const limits = LIMITS as { podsPerRun: number };
    const saved = limits.podsPerRun;
    limits.podsPerRun = 100; // the mechanism, on a scenario small enough for a unit test
    try {
      const steps = Array.from({ length: 10 }, (_, i) => `  - {at: ${100 * i + 10}, action: taint, node: n0, taint: "k=v${i}:NoExecute"}\n  - {at: ${100 * i + 60}, action: untaint, node: n0, taint: "k"}\n`).join('');
      const scenario = `apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: s}\nspec:\n  timeline:\n${steps}---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 20
  selector: {matchLabels: {app: web}}
  template: {metadata: {labels: {app: web}}, spec: {terminationGracePeriodSeconds: 0, containers: [{name: c, image: x}]}}
`;
      const result = run(scenario + nodes(1, '64'));
      expect(result.warnings.map((w) => w.message)).toContainEqual(expect.stringMatching(/^the run stopped at [\d,]+ s of simulated time: 101 pods were created \(Podplay's limit is 100 in a run/));
      expect(result.pods.length).toBeLessThanOrEqual(120);
    } finally {
      limits.podsPerRun = saved;
    }
  });
});

describe('trace budget by bytes', () => {
  // a cycle's trace as scheduleOne leaves it: nodes visited, every verdict the same shared list
  const cycle = (pod: string, names: string[]): CycleTrace => ({ pod, time: 0, result: 'Scheduled', nodesEvaluated: names, feasible: names, filter: {} }) as unknown as CycleTrace;
  const nodeList = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `n${i}` }) as NodeInfo);
  const compacted = (n: number, order: (names: string[]) => string[]) => {
    const list = nodeList(n);
    const t = cycle('default/p', order(list.map((x) => x.name)));
    // a list of its own (a list an earlier cycle kept costs less: see below)
    const verdict: PluginResult[] = [];
    compactCycle(t, list, t.nodesEvaluated.map(() => verdict));
    return perNodeBytes(t);
  };

  it.each([
    { name: 'a window of the node list, one verdict for all', order: (names: string[]) => names, per1000: 0 },
    { name: 'the nodes out of order: a plain list, 16 bytes a node', order: (names: string[]) => names.slice().reverse(), per1000: 16_000 },
  ])('$name', ({ order, per1000 }) => {
    expect(compacted(2000, order) - compacted(1000, order)).toBe(per1000);
  });

  it('a verdict list an earlier cycle kept costs a later one a reference', () => {
    const list = nodeList(1000);
    // every node a verdict list of its own (a verdict naming its hostname), the same in both cycles
    const lists = list.map(() => [] as PluginResult[]);
    const bytes = () => {
      const t = cycle('default/p', list.map((x) => x.name));
      compactCycle(t, list, lists);
      return perNodeBytes(t);
    };
    const first = bytes();
    // 1,000 lists: 64 bytes each the first time, 8 (a reference) the second; 2 bytes of index a node both times
    expect(first - bytes()).toBe(1000 * (64 - 8));
  });

  it('a run whose trace would exceed the budget stops, saying how large it grew', () => {
    const budget = new TraceBudget();
    const names = nodeList(16_000).map((x) => x.name);
    let stopped: string | undefined;
    let cycles = 0;
    // plain (not compacted) cycles over 16,000 nodes: 256 KB each
    while (!stopped && cycles < 2_000) stopped = budget.account(cycle(`default/p${cycles}`, names), ++cycles);
    // 256 MiB / (16 × 16,000 + 1,024 bytes a cycle) = 1,044.4: the 1,045th cycle goes over
    expect(cycles).toBe(1045);
    expect(stopped).toContain("its trace reached about 256 MB (16,721,045 entries: a verdict or score per node per cycle; Podplay's limit is 256 MB)");
  });
});
