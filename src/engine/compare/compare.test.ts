// Two scheduler configurations on one scenario: where each places the pods and what each leaves
// on the nodes, from real runs (LeastAllocated spreads, MostAllocated packs).
import { describe, expect, it } from 'vitest';
import { loadExpandedScenario } from '../index';
import { compareConfigurations, loadSchedulerConfig } from './compare';

const node = (name: string) => `---
apiVersion: v1
kind: Node
metadata: {name: ${name}, labels: {kubernetes.io/hostname: ${name}}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
`;
const pod = (name: string, cpu: string, nodeName?: string) => `---
apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default}
spec: {${nodeName ? `nodeName: ${nodeName}, ` : ''}containers: [{name: c, image: nginx, resources: {requests: {cpu: "${cpu}", memory: 1Gi}}}]}
`;
const strategy = (type: string) => `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: ${type}
        resources: [{name: cpu, weight: 1}, {name: memory, weight: 1}]
`;

function scenario(text: string) {
  const loaded = loadExpandedScenario(text);
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
  return loaded.scenario;
}

function configB(text: string) {
  const b = loadSchedulerConfig(text, 'b.yaml');
  if (!b.ok) throw new Error(b.errors.map((e) => e.message).join('\n'));
  return b.config;
}

describe('compareConfigurations', () => {
  // n3 holds 1 cpu, n1 2; the new pod goes to the empty n2 by default and to n1 when packing
  const text = node('n3') + node('n1') + node('n2') + pod('small', '1', 'n3') + pod('running', '2', 'n1') + pod('new', '1');

  it('LeastAllocated (the scenario\'s defaults) against MostAllocated: the pod that lands elsewhere, and both utilisations', () => {
    const out = compareConfigurations(scenario(text), configB(strategy('MostAllocated')), 'b.yaml');
    if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('\n'));
    const c = out.comparison;
    expect(c.differ).toBe(1);
    expect(c.pods[0]).toEqual({ pod: 'default/new', a: 'n2', b: 'n1' });
    expect(c.pods).toContainEqual({ pod: 'default/running', a: 'n1', b: 'n1' });
    expect(c.placed).toEqual({ a: 3, b: 3 });
    const n1 = c.nodes.find((n) => n.node === 'n1')!;
    expect([n1.allocatable.cpu, n1.a.cpu, n1.b.cpu]).toEqual([4000, 2000, 3000]);
    expect(c.nodes.find((n) => n.node === 'n2')!.a.cpu).toBe(1000);
    expect(c.nodes.find((n) => n.node === 'n2')!.b.cpu ?? 0).toBe(0);
    // n3 holds nothing under either: the nodes that differ come first
    expect(c.nodes.map((n) => n.node)).toEqual(['n1', 'n2', 'n3']);
  });

  it('the same configuration twice places every pod the same way', () => {
    const out = compareConfigurations(scenario(text), configB(strategy('LeastAllocated')), 'b.yaml');
    expect(out.ok && out.comparison.differ).toBe(0);
  });

  it('a wrong configuration B is reported at its own line, in its own file', () => {
    const bad = strategy('Sideways');
    const out = compareConfigurations(scenario(text), configB(bad), 'b.yaml');
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.which).toBe('b');
    expect(out.errors[0]).toMatchObject({ file: 'b.yaml' });
    expect(out.errors[0]!.line).toBeGreaterThan(1);
    expect(out.errors[0]!.message).toMatch(/Sideways/);
  });

  it('configuration B is a KubeSchedulerConfiguration and nothing else', () => {
    const withNode = loadSchedulerConfig(`${strategy('MostAllocated')}${node('n9')}`, 'b.yaml');
    expect(withNode.ok).toBe(false);
    expect(!withNode.ok && withNode.errors[0]!.message).toMatch(/KubeSchedulerConfiguration document only/);
    const none = loadSchedulerConfig('# nothing here\n', 'b.yaml');
    expect(!none.ok && none.errors[0]!.message).toMatch(/no KubeSchedulerConfiguration/);
  });
});

describe('compareConfigurations on a dump: keep bound pods, or replay from empty', () => {
  // a dump: three pods spread one per node, and a DaemonSet's pod that belongs to n1
  const daemon = `---
apiVersion: v1
kind: Pod
metadata: {name: agent-x1, namespace: default, ownerReferences: [{apiVersion: apps/v1, kind: DaemonSet, name: agent, uid: d1, controller: true}]}
spec: {nodeName: n1, containers: [{name: c, image: agent, resources: {requests: {cpu: 100m, memory: 64Mi}}}]}
`;
  const dump = node('n1') + node('n2') + node('n3') + pod('a', '1', 'n1') + pod('b', '1', 'n2') + pod('c', '1', 'n3') + daemon;

  it('keep-bound: bound pods stay where the dump put them, so the strategies cannot differ', () => {
    const out = compareConfigurations(scenario(dump), configB(strategy('MostAllocated')), 'b.yaml');
    if (!out.ok) throw new Error('unreachable');
    expect(out.comparison.mode).toBe('keep-bound');
    expect(out.comparison.replay).toBeUndefined();
    expect(out.comparison.differ).toBe(0);
  });

  it('from-empty: every movable pod is scheduled again, so packing and spreading build different clusters', () => {
    const out = compareConfigurations(scenario(dump), configB(strategy('MostAllocated')), 'b.yaml', {}, 'from-empty');
    if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('\n'));
    const c = out.comparison;
    expect(c.mode).toBe('from-empty');
    expect(c.replay).toEqual({ unbound: 3, kept: [{ pod: 'default/agent-x1', why: 'a DaemonSet pod: one per node' }] });
    const where = (run: 'a' | 'b') => ['default/a', 'default/b', 'default/c'].map((p) => c.pods.find((x) => x.pod === p)![run]);
    // LeastAllocated spreads the three over three nodes; MostAllocated packs them on one
    expect(new Set(where('a')).size).toBe(3);
    expect(new Set(where('b')).size).toBe(1);
    expect(c.pods.find((x) => x.pod === 'default/agent-x1')).toMatchObject({ a: 'n1', b: 'n1' });
    expect(c.placed).toEqual({ a: 4, b: 4 });
  });
});
