// The committed 20-node dump fixture is the generator's output (scripts/write-pending-dump.ts rewrites it), and
// each of its Pending pods is Pending in the simulation for the reason the generator built in.
import { describe, expect, it } from 'vitest';
import { simulate } from '../../engine/index';
import { diagnoseCycle, latestCycleOf } from '../../engine/diagnosis/diagnose';
import { clusterDifference } from '../../engine/diagnosis/clusterDifference';
import { importAny } from '../index';
import fixture from '../fixtures/kubectl-20-nodes-pending.yaml?raw';
import { pendingClusterDump } from './pendingClusterDump';

describe('kubectl-20-nodes-pending.yaml', () => {
  const text = pendingClusterDump();

  it('is the generator output (npx tsx scripts/write-pending-dump.ts)', () => {
    expect(fixture).toBe(text);
  });

  const imported = importAny(text, { source: 'fixture' });
  const outcome = simulate(imported.yaml, { fileName: 'imported.yaml' });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  const result = outcome.result;
  /** the pod the dump recorded as Pending whose name starts so */
  const pod = (prefix: string) => result.pods.find((p) => p.pod.startsWith(prefix) && p.recorded?.phase === 'Pending')!;
  const firstFailures = (prefix: string) => {
    const d = diagnoseCycle(latestCycleOf(result.cycles, pod(prefix).pod)!, result.nodes.map((n) => n.name))!;
    return Object.fromEntries(d.groups.map((g) => [`${g.plugin}: ${g.reason}`, g.nodes.length]));
  };

  it('imports 20 nodes in 3 zones', () => {
    expect(result.nodes).toHaveLength(20);
    expect(new Set(result.nodes.map((n) => n.labels['topology.kubernetes.io/zone'])).size).toBe(3);
  });

  it.each([
    ['ml/trainer-', { "TaintToleration: node(s) had untolerated taint(s)": 3, "NodeAffinity: node(s) didn't match Pod's node affinity/selector": 16, 'NodeUnschedulable: node(s) were unschedulable': 1 }],
    ['shop/search-', { "TaintToleration: node(s) had untolerated taint(s)": 3, "NodeAffinity: node(s) didn't match Pod's node affinity/selector": 16, 'NodeUnschedulable: node(s) were unschedulable': 1 }],
    ['batch/report-', { "TaintToleration: node(s) had untolerated taint(s)": 3, 'NodeResourcesFit: Insufficient cpu': 16, 'NodeUnschedulable: node(s) were unschedulable': 1 }],
    ['db/postgres-2', { "TaintToleration: node(s) had untolerated taint(s)": 3, "NodeAffinity: node(s) didn't match Pod's node affinity/selector": 14, "InterPodAffinity: node(s) didn't match pod anti-affinity rules": 2, 'NodeUnschedulable: node(s) were unschedulable': 1 }],
    ['payments/payments-', { "TaintToleration: node(s) had untolerated taint(s)": 3, "NodeAffinity: node(s) didn't match Pod's node affinity/selector": 2, 'NodeResourcesFit: Insufficient cpu': 6, "PodTopologySpread: node(s) didn't match pod topology spread constraints": 8, 'NodeUnschedulable: node(s) were unschedulable': 1 }],
    ['ops/debug-shell', { "TaintToleration: node(s) had untolerated taint(s)": 3, "NodeAffinity: node(s) didn't match Pod's node affinity/selector": 16, 'NodeUnschedulable: node(s) were unschedulable': 1 }],
  ])('%s is Pending for the reason built into the dump', (prefix, groups) => {
    expect(pod(prefix).phase).toBe('Pending');
    expect(firstFailures(prefix)).toEqual(groups);
  });

  it('places the web pod the dump recorded as Pending, and flags it', () => {
    const web = pod('shop/web-7d4b9c6f8-q9x2k');
    expect(web.node).toBeDefined();
    expect(clusterDifference(web)).toMatchObject({ kind: 'placed', cluster: { phase: 'Pending', reason: 'Unschedulable' } });
  });
});
