// The decisive detail on the production-like dump's Pending pods: one row per kind of detail.
import { describe, expect, it } from 'vitest';
import { importAny } from '../../interop/index';
import { joinedNode, pendingCauses, productionDump } from '../../interop/testing/productionDump';
import { simulate } from '../index';
import { ageText, decisiveDetail, staleMessage, staleMessageText } from './detail';
import { diagnoseCycle, latestCycleOf } from './diagnose';

const outcome = simulate(importAny(productionDump(), { source: 'fixture' }).yaml, { fileName: 'imported.yaml' });
if (!outcome.ok) throw new Error('the fixture does not simulate');
const result = outcome.result;
const podOf = (prefix: string) => result.pods.find((p) => p.pod.startsWith(prefix) && p.recorded?.phase === 'Pending')!;
const detailOf = (prefix: string) => {
  const pod = podOf(prefix);
  const trace = latestCycleOf(result.cycles, pod.pod)!;
  return decisiveDetail(diagnoseCycle(trace, result.nodes.map((n) => n.name))!, trace, pod, result.nodes, result.pods, result.objects?.resourceClaims ?? []);
};

describe('the decisive detail', () => {
  it('node affinity: the zones nodes do have, beside the one no node has', () => {
    const [zone] = detailOf('geo/geo-api-').labelValues;
    expect(zone!.key).toBe('topology.kubernetes.io/zone');
    expect(zone!.wanted).toEqual(['us-east-1x']);
    expect(zone!.have.map((v) => v.value).sort()).toEqual(['us-east-1a', 'us-east-1b', 'us-east-1c', 'us-east-1d']);
    expect(zone!.have.find((v) => v.value === 'us-east-1d')).toMatchObject({ nodes: 3, schedulable: 0 });
  });

  it('DRA: devices free vs needed on each GPU node, and the claim\'s matchAttribute constraint', () => {
    const d = detailOf('ml/trainer');
    expect(d.devices).toHaveLength(2);
    // each GPU node's inference pod holds 2 of its 8 GPUs (one per PCIe root)
    for (const row of d.devices) expect(row).toMatchObject({ claim: 'ml/trainer-gpus', request: 'gpus', matching: 8, free: 6, needed: 4 });
    expect(d.claimConstraints).toEqual([{ claim: 'ml/trainer-gpus', matchAttribute: 'gpu.example.com/pcieRoot', requests: ['gpus'] }]);
  });

  it('host port: the pods holding 443 on each edge node are the old ReplicaSet\'s', () => {
    const d = detailOf('edge/ingress-gw-');
    expect(d.hostPorts).toHaveLength(2);
    const newOwner = podOf('edge/ingress-gw-').owner;
    for (const h of d.hostPorts) {
      expect(h.port).toBe('443/TCP');
      expect(h.pods).toHaveLength(1);
      expect(h.pods[0]!.owner).toMatch(/^ReplicaSet\/ingress-gw-/);
      expect(h.pods[0]!.owner).not.toBe(newOwner);
    }
  });

  it('spread: the cordoned zone counts 0 pods, and why it counts', () => {
    const d = detailOf('web/checkout-');
    const zoneD = d.spreadDomains.find((x) => x.domain === 'us-east-1d')!;
    expect(zoneD).toMatchObject({ count: 0, nodes: 3, cordoned: 3 });
    expect(zoneD.why).toMatch(/nodeTaintsPolicy is Ignore/);
    expect(d.spreadDomains.filter((x) => x.domain !== 'us-east-1d').every((x) => x.count === 1 && x.why === undefined)).toBe(true);
  });

  it('a stale message: it counted one node fewer than the dump has, and the dump dates the node that joined since', () => {
    const stale = pendingCauses.find((c) => c.fix === 'placed')!;
    expect(staleMessage(podOf(stale.pod), result.nodes)).toEqual({ messageNodes: result.nodes.length - 1, dumpNodes: result.nodes.length, joined: [joinedNode] });
    expect(staleMessage(podOf('kafka/kafka-2'), result.nodes)).toBeUndefined();
  });
});

describe('a stale message without node ages, or with nodes gone', () => {
  const pod = (message: string) => ({ ...podOf('web/search-'), recorded: { phase: 'Pending' as const, scheduled: { status: 'False', reason: 'Unschedulable', message } } });
  const undated = result.nodes.map(({ creationTimestamp: _, ...n }) => n);
  it.each([
    ['nodes without creationTimestamp: the counts only', `0/${result.nodes.length - 1} nodes are available: 1 Insufficient cpu.`, undated, { messageNodes: result.nodes.length - 1, dumpNodes: result.nodes.length }],
    ['the message counts more nodes than the dump has: none joined', `0/${result.nodes.length + 2} nodes are available: 1 Insufficient cpu.`, result.nodes, { messageNodes: result.nodes.length + 2, dumpNodes: result.nodes.length }],
    // a node the autoscaler (or a timeline step) added during the run is not the dump's: the counts agree
    ['a node the run added is not one of the dump\'s', `0/${result.nodes.length} nodes are available: 1 Insufficient cpu.`,
      [...result.nodes, { ...result.nodes[0]!, name: 'general-1', createdAt: 100, provisionedBy: { group: 'general', scaleUpAt: 10 } }], undefined],
  ])('%s', (_name, message, nodes, want) => {
    expect(staleMessage(pod(message), nodes)).toEqual(want);
  });

  it.each([
    [{ messageNodes: 38, dumpNodes: 40, joined: [{ node: 'node-x', age: 180 }, { node: 'node-y', age: 95 }] }, "The cluster's message is stale: it counts 38 nodes, the dump has 40 — 2 joined after it: node-x 3 min before the dump, node-y 95 s before the dump."],
    [{ messageNodes: 41, dumpNodes: 40 }, "The cluster's message is stale: it counts 41 nodes, the dump has 40 — 1 left the cluster after it."],
    [{ messageNodes: 39, dumpNodes: 40 }, "The cluster's message is stale: it counts 39 nodes, the dump has 40 — the cluster changed after the scheduler last tried this pod."],
  ])('the sentence for %j', (stale, text) => {
    expect(staleMessageText(stale)).toBe(text);
  });

  it.each([[95, '95 s'], [180, '3 min'], [5 * 3600, '5 h'], [12 * 86400, '12 d']])('ageText(%d) = %s', (s, text) => {
    expect(ageText(s)).toBe(text);
  });
});
