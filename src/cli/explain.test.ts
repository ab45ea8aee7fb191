// What --explain prints is what the diagnosis returns: the decisive detail and a stale message,
// on the production-like dump.
import { describe, expect, it } from 'vitest';
import { simulate } from '../engine/index';
import { importAny } from '../interop/index';
import { joinedNode, productionDump } from '../interop/testing/productionDump';
import { formatExplanation, formatFixes } from './explain';
import { fixText } from '../interop/fixText';
import { Tier } from '../engine/whatIf/rank';

const outcome = simulate(importAny(productionDump(), { source: 'fixture' }).yaml, { fileName: 'imported.yaml' });
if (!outcome.ok) throw new Error('the fixture does not simulate');
const result = outcome.result;
const explain = (prefix: string) => formatExplanation(result, result.pods.find((p) => p.pod.startsWith(prefix) && p.recorded?.phase === 'Pending')!);

describe('--explain on a dump', () => {
  it.each([
    ['web/checkout-', 'topology.kubernetes.io/zone=us-east-1d: 0 matching pod(s) — its 3 node(s) are cordoned, but it counts: nodeTaintsPolicy is Ignore'],
    ['geo/geo-api-', 'topology.kubernetes.io/zone: the pod wants us-east-1x — no node has us-east-1x; nodes have'],
    ['ml/trainer', 'claim ml/trainer-gpus: constraint matchAttribute gpu.example.com/pcieRoot over gpus'],
    ['edge/ingress-gw-', 'port 443/TCP held by edge/ingress-gw-'],
    ['web/search-', `The cluster's message is stale: it counts ${result.nodes.length - 1} nodes, the dump has ${result.nodes.length} — 1 joined after it: ${joinedNode.node} 2 min before the dump.`],
  ])('%s: %s', (prefix, line) => {
    expect(explain(prefix)).toContain(line);
  });
});

describe('--explain on a dump: a domain of many nodes', () => {
  it('names three of its nodes and counts the rest, not every node of the zone', () => {
    const lines = explain('web/checkout-').split('\n').filter((l) => /^ {2}topologySpread topology\.kubernetes\.io\/zone=/.test(l));
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      const domain = l.match(/zone=([\w-]+)/)![1]!;
      const nodes = result.nodes.filter((n) => n.labels['topology.kubernetes.io/zone'] === domain).length;
      expect(l).toMatch(nodes > 4 ? new RegExp(`\\(${nodes} nodes: [^,()]+, [^,()]+, [^,()]+ and ${nodes - 3} more\\)$`) : /\(node\(s\): [^()]+\)$/);
    }
  });
});

describe('--explain on a dump: the nodes by the first plugin that rejected them', () => {
  // issue 18: postgres-2 of the fleet dump listed its 33 tainted nodes by name, one wrapped paragraph per plugin
  it('names three nodes of a group and counts the rest, on one line', () => {
    const out = explain('web/checkout-').split('\n');
    const header = out.indexOf('Nodes by the first plugin that rejected them:');
    expect(header).toBeGreaterThan(0);
    const groups = out.slice(header + 1).filter((l) => /^ {2}\d+ /.test(l)).map((l) => ({ count: Number(l.trim().split(' ')[0]), names: out[out.indexOf(l) + 1]! }));
    expect(groups.some((g) => g.count > 4)).toBe(true);
    for (const g of groups) expect(g.names).toMatch(g.count > 4 ? new RegExp(`^ {6}[^,]+, [^,]+, [^,]+ and ${g.count - 3} more$`) : /^ {6}[^,]+(, [^,]+)*$/);
  });
});

describe('--explain: a fix for a controller\'s pod', () => {
  it('says in its title whose template it changes, and shows the change under each object it is written into: the StatefulSet\'s template, then the pod', () => {
    const text = `apiVersion: v1
kind: List
items:
- apiVersion: apps/v1
  kind: StatefulSet
  metadata: {name: db, namespace: shop, uid: s1}
  spec:
    serviceName: db
    selector: {matchLabels: {app: db}}
    template:
      metadata: {labels: {app: db}}
      spec:
        containers: [{name: c, image: i}]
- apiVersion: v1
  kind: Pod
  metadata:
    name: db-0
    namespace: shop
    ownerReferences: [{apiVersion: apps/v1, kind: StatefulSet, name: db, uid: s1, controller: true}]
  spec:
    containers: [{name: c, image: i}]
`;
    const edits = [{ kind: 'scheduler-name' as const, pod: 'shop/db-0', from: 'volcano', schedulerName: 'default-scheduler' }];
    const written = fixText(text, edits);
    const template = { kind: 'StatefulSet', namespace: 'shop', name: 'db' };
    const out = formatFixes([{ candidate: { kind: 'scheduler-name', edits, cost: 1, tier: Tier.SpecMistake, template }, node: 'n1', sideEffects: [], alsoPlaced: [], tier: Tier.SpecMistake, warnings: [], ...(written ? { text: written } : {}) }], 1);
    const lines = out.split('\n').map((l) => l.trim().replace(/\s+/g, ' ')).filter((l) => l.startsWith('#') || l.startsWith('+') || l.startsWith('1.'));
    expect(lines).toEqual([
      '1. schedulerName: default-scheduler (no scheduler profile serves volcano), in the template of StatefulSet shop/db',
      '# StatefulSet shop/db: its pod template', '+ schedulerName: default-scheduler',
      '# Pod shop/db-0: the Pending pod, as its controller recreates it from that template', '+ schedulerName: default-scheduler',
    ]);
  });
});
