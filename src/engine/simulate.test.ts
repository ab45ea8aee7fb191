// The engine end to end on the example scenarios (scenarios/, copied from ../shared/scenarios): the outcomes
// the Kubernetes docs describe for each, the trace that explains them, and determinism.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CycleTrace, SimulationResult } from './api';
import { simulate } from './index';

const scenarioDir = join(__dirname, '../../scenarios');
const load = (name: string) => readFileSync(join(scenarioDir, name), 'utf8');

function run(name: string, options: { seed?: number } = {}): SimulationResult {
  const outcome = simulate(load(name), { fileName: name, ...options });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}

const podOn = (r: SimulationResult, key: string) => r.pods.find((p) => p.pod === key);
const cyclesOf = (r: SimulationResult, key: string): CycleTrace[] => r.cycles.filter((c) => c.pod === key);
/** a node's verdict: the first non-success Filter plugin, as upstream stops there */
const verdict = (c: CycleTrace, node: string) => c.filter[node]?.find((p) => p.code !== 'Success' && p.code !== 'Skip');

describe('zone-spread.yaml (pod topology spread across zones)', () => {
  const r = run('zone-spread.yaml');
  const [cycle] = cyclesOf(r, 'default/mypod');
  it('filters node1 and node2 out with PodTopologySpread: zoneA would reach skew 2', () => {
    for (const node of ['node1', 'node2']) {
      expect(verdict(cycle!, node)).toMatchObject({ plugin: 'PodTopologySpread', code: 'Unschedulable', reasons: ["node(s) didn't match pod topology spread constraints"] });
    }
    const details = verdict(cycle!, 'node1')!.details as { constraints: { counts: Record<string, number>; minMatch: number; skew: number }[] };
    expect(details.constraints[0]).toMatchObject({ counts: { zoneA: 2, zoneB: 1 }, minMatch: 1, skew: 2 });
    expect(cycle!.feasible.sort()).toEqual(['node3', 'node4']);
  });
  it('places mypod in zoneB', () => {
    expect(['node3', 'node4']).toContain(podOn(r, 'default/mypod')!.node);
    expect(r.events.at(-1)).toMatchObject({ type: 'Normal', reason: 'Scheduled', object: 'Pod/default/mypod' });
  });
});

describe('two-constraints.yaml (zone and node spread together)', () => {
  it('places mypod on node4, the only node both constraints allow', () => {
    const r = run('two-constraints.yaml');
    expect(podOn(r, 'default/mypod')!.node).toBe('node4');
    const [cycle] = cyclesOf(r, 'default/mypod');
    expect(cycle!.feasible).toEqual(['node4']);
    expect(cycle!.score).toBeUndefined();
    expect(verdict(cycle!, 'node3')).toMatchObject({ plugin: 'PodTopologySpread', code: 'Unschedulable' });
  });
});

describe('taints.yaml (several taints, partial tolerations)', () => {
  it('filters node1 with TaintToleration on the untolerated key2=value2:NoSchedule and lands on node2', () => {
    const r = run('taints.yaml');
    expect(podOn(r, 'default/nginx')!.node).toBe('node2');
    const v = verdict(cyclesOf(r, 'default/nginx')[0]!, 'node1')!;
    expect(v).toMatchObject({ plugin: 'TaintToleration', code: 'UnschedulableAndUnresolvable', reasons: ['node(s) had untolerated taint(s)'] });
    expect(v.details).toMatchObject({ taint: { key: 'key2', value: 'value2', effect: 'NoSchedule' } });
  });
});

describe('pod-overhead.yaml (RuntimeClass overhead)', () => {
  it('counts 2250m with the overhead: small-node (2249m) is short of cpu, exact-node fits exactly', () => {
    const r = run('pod-overhead.yaml');
    expect(podOn(r, 'default/test-pod')!.node).toBe('exact-node');
    const v = verdict(cyclesOf(r, 'default/test-pod')[0]!, 'small-node')!;
    // v1.34+ (PR #131345): a request larger than the node's whole allocatable is unresolvable
    expect(v).toMatchObject({ plugin: 'NodeResourcesFit', code: 'UnschedulableAndUnresolvable', reasons: ['Insufficient cpu'] });
  });

  it("reports the pod's requests with the overhead, in the nodes' units (limits default the requests)", () => {
    const r = run('pod-overhead.yaml');
    // 500m + 1500m + 250m overhead; 100Mi + 100Mi + 120Mi
    expect(podOn(r, 'default/test-pod')!.requests).toEqual({ cpu: 2250, memory: 320 * 1024 * 1024 });
    expect(r.nodes.find((n) => n.name === 'exact-node')!.requested).toMatchObject({ cpu: 2250, memory: 320 * 1024 * 1024 });
  });
});

describe('web-store.yaml (affinity and anti-affinity)', () => {
  it('runs exactly one cache and one web server on every node', () => {
    const r = run('web-store.yaml');
    const running = r.pods.filter((p) => p.phase === 'Running');
    expect(running).toHaveLength(6);
    for (const node of ['node-1', 'node-2', 'node-3']) {
      const here = running.filter((p) => p.node === node).map((p) => p.owner?.split('/')[1]?.replace(/-[a-z0-9]+$/, ''));
      expect(here.sort()).toEqual(['redis-cache', 'web-server']);
    }
  });
});

describe('priority-preemption.yaml (priority and preemption)', () => {
  const r = run('priority-preemption.yaml');
  const [first, second] = cyclesOf(r, 'default/critical');
  it('nominates node-b with one victim, low-b1, after a dry run on both nodes', () => {
    expect(first!.result).toBe('Unschedulable');
    expect(first!.message).toBe('0/2 nodes are available: 2 Insufficient cpu.');
    const pf = first!.postFilter!;
    expect(pf.chosen).toEqual({ node: 'node-b', victims: ['default/low-b1'] });
    const byNode = Object.fromEntries(pf.candidates.map((c) => [c.node, c.victims]));
    expect(byNode['node-a']).toHaveLength(2);
    expect(byNode['node-b']).toEqual(['default/low-b1']);
    expect(first!.selected).toBe('node-b');
  });
  it('shows why node-a lost: node-b survives a pickOneNodeForPreemption criterion that node-a fails', () => {
    const selection = first!.postFilter!.selection!;
    const decisive = selection.find((s) => !s.nodes.includes('node-a'));
    expect(decisive?.nodes).toEqual(['node-b']);
  });
  it('deletes the victim after its grace period, then binds critical to node-b', () => {
    expect(r.events.find((e) => e.reason === 'Preempted')).toMatchObject({ object: 'Pod/default/low-b1', time: 0 });
    expect(podOn(r, 'default/low-b1')).toMatchObject({ reason: 'Preempted', deletedAt: 30 });
    expect(second).toMatchObject({ time: 30, result: 'Scheduled', selected: 'node-b', nominatedNode: 'node-b' });
    expect(podOn(r, 'default/critical')).toMatchObject({ phase: 'Running', node: 'node-b' });
    expect(podOn(r, 'default/critical')!.nominatedNode).toBeUndefined();
  });
});

describe('determinism', () => {
  it.each(['web-store.yaml', 'priority-preemption.yaml', 'zone-spread.yaml'])('%s: same text and seed give byte-identical JSON', (name) => {
    expect(JSON.stringify(run(name, { seed: 5 }))).toBe(JSON.stringify(run(name, { seed: 5 })));
  });
});

describe('scenario errors', () => {
  it('reports errors with file, line and column and never throws', () => {
    const outcome = simulate('apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    resources: {requests: {cpu: "2 cores"}}\n', { fileName: 'bad.yaml' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.errors[0]).toMatchObject({ file: 'bad.yaml', line: 7, path: 'spec.containers[0].resources.requests.cpu' });
  });
});
