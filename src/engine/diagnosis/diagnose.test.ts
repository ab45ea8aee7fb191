// The diagnosis of an unschedulable pod, from real simulations: groups by first failing plugin
// and reason (adding up to the FailedScheduling message's counts), blocking pods per domain,
// the closest nodes, and what preemption found.
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from '../api';
import { simulate } from '../index';
import { diagnoseCycle, latestCycleOf } from './diagnose';

function run(text: string): SimulationResult {
  const outcome = simulate(text);
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}

const node = (name: string, extra = '', cpu = '4', zone = 'a') => `
apiVersion: v1
kind: Node
metadata: {name: ${name}, labels: {kubernetes.io/hostname: ${name}, topology.kubernetes.io/zone: ${zone}${extra}}}
status: {allocatable: {cpu: "${cpu}", memory: 8Gi, pods: "110"}}
`;

function diagnosisOf(text: string, pod: string) {
  const r = run(text);
  const cycle = latestCycleOf(r.cycles, pod);
  if (!cycle) throw new Error(`no cycle for ${pod}`);
  return diagnoseCycle(cycle, r.nodes.map((n) => n.name))!;
}

/** "0/5 nodes are available: 2 Insufficient cpu, 1 node(s) ...": reason -> count */
function messageCounts(message: string): Map<string, number> {
  const start = message.indexOf(': ') + 2;
  const head = message.slice(start, message.indexOf('. ', start) >= 0 ? message.indexOf('. ', start) : message.length - 1);
  return new Map(head.split(/, (?=\d)/).map((item) => {
    const space = item.indexOf(' ');
    return [item.slice(space + 1), Number(item.slice(0, space))];
  }));
}

describe('diagnoseCycle', () => {
  const mixed = [
    node('tainted').replace('status:', 'spec: {taints: [{key: dedicated, value: gpu, effect: NoSchedule}]}\nstatus:'),
    node('small-1', '', '1'),
    node('small-2', '', '1'),
    node('cordoned').replace('status:', 'spec: {unschedulable: true}\nstatus:'),
    node('wrong-disk', ', disk: hdd'),
  ].join('---') + `---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default}
spec:
  nodeSelector: {disk: hdd}
  containers: [{name: c, resources: {requests: {cpu: "2"}}}]
`;

  it('groups every node under its first failing plugin and reason, adding up to the message', () => {
    const d = diagnosisOf(mixed.replace('nodeSelector: {disk: hdd}', 'nodeSelector: {disk: ssd}'), 'default/web');
    expect(d.groups.map((g) => [g.plugin, g.nodes.length])).toEqual([
      ['NodeAffinity', 3], ['NodeUnschedulable', 1], ['TaintToleration', 1],
    ]);
    expect(d.groups[0]!.nodes).toEqual(['small-1', 'small-2', 'wrong-disk']);
    const counts = messageCounts(d.message!);
    for (const g of d.groups) expect(counts.get(g.reason)).toBe(g.nodes.length);
  });

  it('keeps different plugins apart, each group with its nodes', () => {
    const d = diagnosisOf(mixed.replace('nodeSelector: {disk: hdd}', 'nodeSelector: {}').replace('cpu: "2"', 'cpu: "6"'), 'default/web');
    const byPlugin = Object.fromEntries(d.groups.map((g) => [g.plugin, [...g.nodes].sort()]));
    expect(byPlugin).toEqual({
      NodeResourcesFit: ['small-1', 'small-2', 'wrong-disk'],
      TaintToleration: ['tainted'],
      NodeUnschedulable: ['cordoned'],
    });
    expect(d.groups[0]).toMatchObject({ plugin: 'NodeResourcesFit', reason: 'Insufficient cpu', code: 'UnschedulableAndUnresolvable' });
    const counts = messageCounts(d.message!);
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(d.groups.reduce((a, g) => a + g.nodes.length, 0));
    for (const g of d.groups) expect(counts.get(g.reason)).toBe(g.nodes.length);
  });

  it('names the nodes a PreFilterResult left out (nodeSelector on the hostname)', () => {
    const text = [node('n1'), node('n2', '', '1'), node('n3')].join('---') + `---
apiVersion: v1
kind: Pod
metadata: {name: pinned, namespace: default}
spec:
  affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [n2]}]}]}}}
  containers: [{name: c, resources: {requests: {cpu: "2"}}}]
`;
    const d = diagnosisOf(text, 'default/pinned');
    const byReason = Object.fromEntries(d.groups.map((g) => [g.reason, [...g.nodes].sort()]));
    expect(byReason).toEqual({ 'Insufficient cpu': ['n2'], "node(s) didn't satisfy plugin(s) [NodeAffinity]": ['n1', 'n3'] });
    const counts = messageCounts(d.message!);
    for (const g of d.groups) expect(counts.get(g.reason)).toBe(g.nodes.length);
  });

  it('lists the closest nodes: the ones failing a single plugin', () => {
    const text = [
      node('both', ', disk: hdd', '1'),
      node('only-cpu', ', disk: ssd', '1'),
      node('only-label', ', disk: hdd', '8'),
    ].join('---') + `---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default}
spec:
  nodeSelector: {disk: ssd}
  containers: [{name: c, resources: {requests: {cpu: "2"}}}]
`;
    const d = diagnosisOf(text, 'default/web');
    expect(d.closest.map((c) => [c.node, c.plugin]).sort()).toEqual([['only-cpu', 'NodeResourcesFit'], ['only-label', 'NodeAffinity']]);
  });

  it('names the pods that block anti-affinity, per domain', () => {
    const text = [node('a1', '', '4', 'a'), node('b1', '', '4', 'b')].join('---') + ['a1', 'b1'].map((n, i) => `---
apiVersion: v1
kind: Pod
metadata: {name: db-${i}, namespace: default, labels: {app: db}}
spec: {nodeName: ${n}, containers: [{name: c}]}
`).join('') + `---
apiVersion: v1
kind: Pod
metadata: {name: db-new, namespace: default, labels: {app: db}}
spec:
  affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{topologyKey: topology.kubernetes.io/zone, labelSelector: {matchLabels: {app: db}}}]}}
  containers: [{name: c}]
`;
    const d = diagnosisOf(text, 'default/db-new');
    const blocking = d.blocking.map((b) => [b.rule, b.topologyValue, b.pods, b.nodes]).sort();
    expect(blocking).toEqual([
      ['podAntiAffinity', 'a', ['default/db-0'], ['a1']],
      ['podAntiAffinity', 'b', ['default/db-1'], ['b1']],
    ]);
  });

  it('names the pods that make topology spread fail, per domain', () => {
    // zone a holds web-0 and web-1, zone b web-2 and an unrelated pod; zone c has room for none
    // (cpu 0 there would be NodeResourcesFit, so c is full of a cpu hog). maxSkew 1, min 0 (zone c):
    // a and b both have skew 2 + 1 - 0 = 3.
    const placed = [['web-0', 'a1', 'app: web'], ['web-1', 'a1', 'app: web'], ['web-2', 'b1', 'app: web'], ['web-3', 'b1', 'app: web'], ['other', 'b1', 'app: other']];
    const text = [node('a1', '', '4', 'a'), node('b1', '', '4', 'b'), node('c1', '', '1', 'c')].join('---') + placed.map(([name, n, labels]) => `---
apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: default, labels: {${labels}}}
spec: {nodeName: ${n}, containers: [{name: c}]}
`).join('') + `---
apiVersion: v1
kind: Pod
metadata: {name: hog, namespace: default}
spec: {nodeName: c1, containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: web-new, namespace: default, labels: {app: web}}
spec:
  topologySpreadConstraints: [{maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}}]
  containers: [{name: c, resources: {requests: {cpu: "1"}}}]
`;
    const d = diagnosisOf(text, 'default/web-new');
    const blocking = d.blocking.map((b) => [b.plugin, b.topologyValue, b.pods, b.count, b.skew, b.nodes]).sort();
    expect(blocking).toEqual([
      ['PodTopologySpread', 'a', ['default/web-0', 'default/web-1'], 2, 3, ['a1']],
      ['PodTopologySpread', 'b', ['default/web-2', 'default/web-3'], 2, 3, ['b1']],
    ]);
  });

  it('says what preemption found: no victims when every pod has a higher priority', () => {
    const text = `${node('n1', '', '2')}---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 100
---
apiVersion: v1
kind: Pod
metadata: {name: big, namespace: default}
spec: {nodeName: n1, priorityClassName: high, containers: [{name: c, resources: {requests: {cpu: "2"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: small, namespace: default}
spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
`;
    const d = diagnosisOf(text, 'default/small');
    expect(d.preemption).toBeDefined();
    expect(d.preemption!.nominated).toBeUndefined();
    expect(d.preemption!.candidates).toBe(0);
    expect(d.preemption!.notHelpful.flatMap((g) => g.nodes)).toEqual(['n1']);
    expect(d.preemption!.message).toMatch(/^preemption: 0\/1 nodes are available/);
  });

  it('has nothing to say about a cycle that scheduled the pod', () => {
    const r = run(`${node('n1')}---
apiVersion: v1
kind: Pod
metadata: {name: ok, namespace: default}
spec: {containers: [{name: c}]}
`);
    expect(diagnoseCycle(r.cycles[0]!)).toBeUndefined();
  });
});
